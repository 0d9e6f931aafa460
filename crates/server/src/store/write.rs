//! Every write the server makes (SQLite's writer that commits them in groups is
//! `sqlite_writer`).

use super::{ActionRow, GameRow, SeatKind, SeatRow, StoreError};
use sqlx::{Any, AnyPool, Transaction};
use std::time::Duration;
use tokio::sync::oneshot;

/// One write.
pub enum Write {
    /// A new game and its seats.
    Game { game: GameRow, seats: Vec<SeatRow> },
    /// An action (and, when `over`, the end of the game): written only if the game is
    /// still playing and its last action is still `row.seq - 1` with state hash
    /// `prev_hash` (`""` before the first), the head of the chain ([`ADVANCE`]).
    Action {
        game: String,
        row: ActionRow,
        prev_hash: String,
        over: bool,
    },
    /// A seat resigns a game still playing.
    Resign { game: String, seat: u8 },
    /// The actions after action `to` are taken back (the last is `seq`, with state
    /// hash `hash`): deleted only if `seq` is still the head of the chain and the game
    /// still playing ([`RETREAT`]). One action but for a guided battle's try again
    /// (issue 41).
    Undo {
        game: String,
        seq: i64,
        hash: String,
        to: i64,
    },
    /// A human seat's token was used.
    Joined { game: String, seat: u8 },
    /// Someone took an open seat (only if nobody has).
    Claim {
        game: String,
        seat: u8,
        token_hash: String,
        name: Option<String>,
        /// The logged-in account taking it (issue 42).
        account: Option<String>,
    },
}

impl Write {
    /// The game written to.
    pub fn game(&self) -> &str {
        match self {
            Write::Game { game, .. } => &game.id,
            Write::Action { game, .. }
            | Write::Resign { game, .. }
            | Write::Undo { game, .. }
            | Write::Joined { game, .. }
            | Write::Claim { game, .. } => game,
        }
    }
}

/// A write waiting for the SQLite writer, and who to tell when it is committed.
pub struct Queued {
    pub write: Write,
    pub done: oneshot::Sender<Result<u64, StoreError>>,
}

/// Move a game's head (`games.head_seq`, `head_hash`: its last action and that
/// action's state hash) from action `$2 - 1` (hash `$4`) to action `$2` (hash `$3`),
/// and mark the game over when `$5`: only while it is playing and still at `$2 - 1`.
/// One row or none: the row's lock orders every writer of the game (several server
/// instances on one PostgreSQL database), and a writer that waited re-checks the
/// head as the one before it left it, so two actions of the same seq, or an action
/// and the undo of its predecessor, never both commit (issue 37 §1).
pub const ADVANCE: &str = "UPDATE games SET head_seq = $2, head_hash = $3, \
     status = CASE WHEN $5 THEN 'over' ELSE status END \
     WHERE id = $1 AND status = 'playing' AND head_seq = $2 - 1 AND head_hash = $4";

/// Move a game's head back from action `$2` (hash `$3`) to action `$4` before it: only
/// while it is playing and `$2` is still its last action (nothing follows it). The
/// actions' rows are deleted after ([`DELETE_ACTIONS`]), in the same transaction.
pub const RETREAT: &str = "UPDATE games SET head_seq = $4, head_hash = COALESCE(\
     (SELECT hash FROM actions WHERE game = $1 AND seq = $4), '') \
     WHERE id = $1 AND status = 'playing' AND head_seq = $2 AND head_hash = $3";

/// The statements of [`execute`] and of SQLite's writer ([`super::sqlite_writer`]),
/// written once: `$N` is the N-th value bound, in both.
pub const INSERT_GAME: &str =
    "INSERT INTO games (id, ruleset, scenario_name, scenario, seed, clock_ms, \
     created_ms, status, resigned, creator_hash, rated, min_rating, max_rating, help, \
     lessons) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, $9, $10, $11, $12, $13, $14)";
pub const INSERT_SEAT: &str =
    "INSERT INTO seats (game, seat, kind, agent, budget_ms, token_hash, joined, name, account) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
pub const INSERT_ACTION: &str =
    "INSERT INTO actions (game, seq, seat, action, hash, cause, at_ms) \
     VALUES ($1, $2, $3, $4, $5, $6, $7)";
pub const RESIGN: &str =
    "UPDATE games SET status = 'over', resigned = $1 WHERE id = $2 AND status = 'playing'";
/// The actions after `$2`, once [`RETREAT`] moved the head back to it.
pub const DELETE_ACTIONS: &str = "DELETE FROM actions WHERE game = $1 AND seq > $2";
pub const CLAIM: &str = "UPDATE seats SET token_hash = $1, joined = 1, name = $4, account = $5 \
     WHERE game = $2 AND seat = $3 AND kind = 'open' AND token_hash IS NULL \
     AND NOT EXISTS (SELECT 1 FROM seats WHERE game = $2 AND token_hash = $1)";
pub const JOINED: &str = "UPDATE seats SET joined = 1 WHERE game = $1 AND seat = $2";

/// A seat's columns as stored: kind, agent, budget, token digest.
pub fn seat_columns(
    kind: &SeatKind,
) -> (&'static str, Option<String>, Option<i64>, Option<String>) {
    match kind {
        SeatKind::Human { token_hash } => ("human", None, None, Some(token_hash.clone())),
        SeatKind::Open { token_hash } => ("open", None, None, token_hash.clone()),
        SeatKind::Agent { agent, budget_ms } => (
            "agent",
            Some(agent.clone()),
            budget_ms.map(|b| b as i64),
            None,
        ),
    }
}

/// Bind an action row's seven columns, in the order of the `actions` table
/// (`game, seq, seat, action, hash, cause, at_ms`: `$1` to `$7`).
pub fn bind_action<'q>(
    q: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    game: &'q str,
    a: &'q ActionRow,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    q.bind(game)
        .bind(a.seq)
        .bind(i64::from(a.seat))
        .bind(a.action.to_string())
        .bind(&a.hash)
        .bind(a.cause.as_str())
        .bind(a.at_ms)
}

/// Do `w` inside `tx`; the rows it changed.
pub async fn execute(tx: &mut Transaction<'_, Any>, w: &Write) -> Result<u64, StoreError> {
    match w {
        Write::Game { game: g, seats } => {
            sqlx::query(INSERT_GAME)
                .bind(&g.id)
                .bind(&g.ruleset)
                .bind(&g.scenario_name)
                .bind(g.scenario.to_string())
                // Bit for bit: a u64 seed is stored in a signed BIGINT.
                .bind(g.seed as i64)
                .bind(g.clock_ms.map(|c| c as i64))
                .bind(g.created_ms)
                .bind(&g.status)
                .bind(&g.creator_hash)
                .bind(i64::from(g.rated))
                .bind(g.rating_range.map(|r| r.0))
                .bind(g.rating_range.map(|r| r.1))
                .bind(i64::from(g.help))
                .bind(i64::from(g.lessons))
                .execute(&mut **tx)
                .await?;
            for s in seats {
                let (kind, agent, budget, token) = seat_columns(&s.kind);
                sqlx::query(INSERT_SEAT)
                    .bind(&g.id)
                    .bind(i64::from(s.seat))
                    .bind(kind)
                    .bind(agent)
                    .bind(budget)
                    .bind(token)
                    .bind(i64::from(s.joined))
                    .bind(&s.name)
                    .bind(&s.account)
                    .execute(&mut **tx)
                    .await?;
            }
            Ok(1)
        }
        Write::Action {
            game,
            row: a,
            prev_hash,
            over,
        } => {
            // The head first: nothing is written unless the game is still where this
            // action was chosen.
            let moved = sqlx::query(ADVANCE)
                .bind(game)
                .bind(a.seq)
                .bind(&a.hash)
                .bind(prev_hash)
                .bind(*over)
                .execute(&mut **tx)
                .await?
                .rows_affected();
            if moved != 1 {
                return Err(StoreError::Conflict);
            }
            let inserted = bind_action(sqlx::query(INSERT_ACTION), game, a)
                .execute(&mut **tx)
                .await;
            match inserted {
                Ok(_) => Ok(1),
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    Err(StoreError::Conflict)
                }
                Err(e) => Err(e.into()),
            }
        }
        Write::Resign { game, seat } => Ok(sqlx::query(RESIGN)
            .bind(i64::from(*seat))
            .bind(game)
            .execute(&mut **tx)
            .await?
            .rows_affected()),
        Write::Undo {
            game,
            seq,
            hash,
            to,
        } => {
            let moved = sqlx::query(RETREAT)
                .bind(game)
                .bind(*seq)
                .bind(hash)
                .bind(*to)
                .execute(&mut **tx)
                .await?
                .rows_affected();
            if moved != 1 {
                return Ok(0);
            }
            sqlx::query(DELETE_ACTIONS)
                .bind(game)
                .bind(*to)
                .execute(&mut **tx)
                .await?;
            Ok(1)
        }
        Write::Claim {
            game,
            seat,
            token_hash,
            name,
            account,
        } => claimed(
            sqlx::query(CLAIM)
                .bind(token_hash)
                .bind(game)
                .bind(i64::from(*seat))
                .bind(name)
                .bind(account)
                .execute(&mut **tx)
                .await,
        ),
        Write::Joined { game, seat } => Ok(sqlx::query(JOINED)
            .bind(game)
            .bind(i64::from(*seat))
            .execute(&mut **tx)
            .await?
            .rows_affected()),
    }
}

/// The rows a claim changed: none when the token already holds another seat of the
/// game (the schema's `seats_one_seat_per_token`).
fn claimed(r: Result<sqlx::any::AnyQueryResult, sqlx::Error>) -> Result<u64, StoreError> {
    match r {
        Ok(r) => Ok(r.rows_affected()),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(0),
        Err(e) => Err(e.into()),
    }
}

/// SQLite: copy the write-ahead log into the database every second, without
/// blocking the writer (PASSIVE), so the log stays short and no commit pays for a
/// checkpoint.
pub async fn checkpoints(pool: AnyPool) {
    let mut every = tokio::time::interval(Duration::from_secs(1));
    loop {
        every.tick().await;
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .fetch_all(&pool)
            .await
        {
            eprintln!("orrery serve: checkpoint: {e}");
        }
    }
}
