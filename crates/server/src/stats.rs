//! `GET /api/stats`: what the server has asked of its database, for operators
//! watching its load (and for the test that bounds the round trips per action).

use crate::api::{ok, Hubs};
use axum::extract::State;
use axum::Json;
use serde_json::{json, Value};

/// `GET /api/stats`: `{"ok":true,"db_statements":N,"db_pings":P,"db_commits":T,"games_in_memory":M,
/// "websockets":W,"spectator_websockets":S,"connections_cut":C,"agent_ms":A,
/// "agent_waits":H,"agent_stale":X}`,
/// counted since start-up. `db_statements`: statements sent to the database, each a
/// round trip; `db_pings`: the connection checks sqlx adds (PostgreSQL, one when a
/// connection leaves the pool and one when it comes back); `db_commits`: the
/// transactions PostgreSQL's writer committed (a group of writes, or an action that
/// waited alone, committed as its one statement; 0 with SQLite); `agent_ms`: the agents'
/// thinking in all; `connections_cut`: connections waiting for a request whose
/// places newcomers took when every place was in use; `agent_waits`: agent decisions held back by their address
/// group's thinking budget; `agent_stale`: agent decisions not played because the game
/// had left the position they were made for, each thought again. Nothing in it is
/// secret.
pub async fn stats(State(hub): Hubs) -> Json<Value> {
    let (statements, pings, commits) = hub.store.counts();
    ok(json!({
        "db_statements": statements,
        "db_pings": pings,
        "db_commits": commits,
        "games_in_memory": hub.games_in_memory(),
        "websockets": hub.sockets.open(),
        "spectator_websockets": hub.spectators.open(),
        "connections_cut": hub.conns.cut.load(std::sync::atomic::Ordering::Relaxed),
        "agent_ms": hub.thinking.total_ms.load(std::sync::atomic::Ordering::Acquire),
        "agent_waits": hub.thinking.waits.load(std::sync::atomic::Ordering::Acquire),
        "agent_stale": hub.thinking.stale.load(std::sync::atomic::Ordering::Acquire),
    }))
}
