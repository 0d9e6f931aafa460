//! `GET /api/games/{id}/ws?token=…`: on connect one message with what the seat may
//! see now, then one after every change of the game. A client may also send
//! `{"action": ACTION}` and gets the same answer as `POST …/actions`.

use crate::api::{action_of, game_and_seat, params, Hubs, Params};
use crate::error::ApiError;
use crate::live::{Hub, Live, Note};
use crate::store::Cause;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path};
use axum::http::HeaderMap;
use axum::response::Response;
use orrery_core::Seat;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast::error::RecvError;

/// Messages larger than this many times the limit are cut off by the library.
const HARD_CAP_FACTOR: usize = 16;

/// How often the server pings an open WebSocket.
const PING_EVERY: Duration = Duration::from_secs(30);

pub async fn upgrade(
    axum::extract::State(hub): Hubs,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    q: Params,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let q = params(q)?;
    let (live, seat) = game_and_seat(&hub, &id, &headers, &q).await?;
    let describe = crate::api::describe_of(&q)?;
    let ws = ws.map_err(|e| ApiError::bad_request(format!("not a WebSocket request: {e}")))?;
    // The library closes a connection whose message passes the hard cap; messages
    // between the documented limit and the cap get a typed `too_large` first.
    let cap = hub.limits.max_ws_message_bytes * HARD_CAP_FACTOR;
    Ok(ws
        .max_message_size(cap)
        .max_frame_size(cap)
        .on_upgrade(move |socket| session(hub, live, seat, describe, peer, socket)))
}

/// The message after a change: everything the seat may now see, with the events it
/// has not been sent yet.
async fn state_message(
    hub: &Hub,
    live: &Live,
    seat: Option<u8>,
    next: &mut usize,
    timed_out: Option<u8>,
    describe: bool,
) -> String {
    let clock = live.setup.clock_ms;
    let since = *next;
    let note = Note {
        kind: Some("state"),
        timed_out,
        describe,
    };
    match hub
        .read(live, |inner| {
            inner.snapshot(seat.map(Seat), since, clock, note)
        })
        .await
    {
        Ok((text, n)) => {
            *next = n;
            text
        }
        Err(e) => e.body().to_string(),
    }
}

async fn send_text(socket: &mut WebSocket, text: String) -> bool {
    socket
        .send(Message::Text(Utf8Bytes::from(text)))
        .await
        .is_ok()
}

async fn send(socket: &mut WebSocket, v: &Value) -> bool {
    socket
        .send(Message::Text(Utf8Bytes::from(v.to_string())))
        .await
        .is_ok()
}

async fn session(
    hub: Arc<Hub>,
    live: Arc<Live>,
    seat: Option<u8>,
    describe: bool,
    peer: SocketAddr,
    mut socket: WebSocket,
) {
    let mut changes = hub.subscribe(&live);
    let mut next = 0usize;
    let first = state_message(&hub, &live, seat, &mut next, None, describe).await;
    if !send_text(&mut socket, first).await {
        return;
    }
    let idle = hub.limits.ws_idle;
    let mut last_heard = Instant::now();
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    loop {
        tokio::select! {
            change = changes.recv() => {
                let timed_out = match change {
                    Ok(c) => c.timed_out,
                    Err(RecvError::Lagged(_)) => None,
                    Err(RecvError::Closed) => break,
                };
                if Hub::is_unloaded(&live) {
                    // 1012: service restart; the client reconnects to the reloaded game.
                    let _ = socket.send(Message::Close(Some(CloseFrame {
                        code: 1012,
                        reason: Utf8Bytes::from_static("game reloaded; reconnect"),
                    }))).await;
                    break;
                }
                let msg = state_message(&hub, &live, seat, &mut next, timed_out, describe).await;
                if !send_text(&mut socket, msg).await {
                    break;
                }
            }
            incoming = socket.recv() => {
                let Some(Ok(msg)) = incoming else { break };
                last_heard = Instant::now();
                let reply = match msg {
                    Message::Text(t) if t.len() > hub.limits.max_ws_message_bytes => {
                        // Too large: a typed error, then the connection is closed
                        // (1009: message too big). Nothing was applied.
                        let e = ApiError::too_large(hub.limits.max_ws_message_bytes);
                        let _ = send_text(&mut socket, error_message(e).to_string()).await;
                        let _ = socket.send(Message::Close(Some(CloseFrame {
                            code: 1009,
                            reason: Utf8Bytes::from_static("message too large"),
                        }))).await;
                        break;
                    }
                    Message::Text(t) => Some(handle(&hub, &live, seat, peer, t.as_str()).await),
                    Message::Binary(_) => Some(ApiError::bad_request("send JSON text messages").body()),
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => None,
                };
                if let Some(r) = reply {
                    if !send(&mut socket, &r).await {
                        break;
                    }
                }
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > idle {
                    let _ = socket.send(Message::Close(Some(CloseFrame {
                        code: 1001,
                        reason: Utf8Bytes::from_static("idle"),
                    }))).await;
                    break;
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
        }
    }
}

/// One client message: `{"action": ACTION}`.
async fn handle(
    hub: &Arc<Hub>,
    live: &Arc<Live>,
    seat: Option<u8>,
    peer: SocketAddr,
    text: &str,
) -> Value {
    let result = async {
        if !hub.limiter.allow(peer.ip()) {
            return Err(ApiError::rate_limited());
        }
        let seat = seat.ok_or_else(ApiError::bad_token)?;
        let body: Value = serde_json::from_str(text)
            .map_err(|e| ApiError::bad_request(format!("the message is not JSON: {e}")))?;
        let action = action_of(body)?;
        let acted = hub.act(live, seat, &action, Cause::Player, None).await?;
        Ok(json!({"type": "result", "ok": true, "events": acted.events, "status": acted.status}))
    }
    .await;
    result.unwrap_or_else(error_message)
}

/// An error as a WebSocket message: `{"type":"error","ok":false,"error":{…}}`.
fn error_message(e: ApiError) -> Value {
    let mut b = e.body();
    if let Value::Object(m) = &mut b {
        m.insert("type".into(), Value::from("error"));
    }
    b
}
