//! `GET /api/games/{id}/ws?token=…`: on connect one message with what the seat may
//! see now, then one after every change of the game. A client may also send
//! `{"action": ACTION}` and gets the same answer as `POST …/actions`.

use crate::api::{action_of, game_and_seat, params, Hubs, Params};
use crate::error::ApiError;
use crate::limits::Full;
use crate::live::{Hub, Legal, Live, Note};
use crate::store::Cause;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use orrery_core::Seat;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast::error::RecvError;

/// The library's read buffer per socket (it grows to a message's size when needed).
const READ_BUFFER: usize = 4 * 1024;

/// The largest message the server may send (the library refuses to queue more). A
/// session sends one message at a time and waits until the client has taken it, so
/// this bounds the one message waiting, not a backlog. A first state with a long
/// game's events and a full legal list with its words can pass a few MiB. A client
/// that takes none of it for `--write-stall` has its connection reset (`linger`).
const MAX_WRITE_BUFFER: usize = 32 * 1024 * 1024;

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
    // Counted before anything else: a flood is refused before it costs a game load.
    let group = hub.limits.group(peer.ip());
    let held = hub
        .sockets
        .take(
            group,
            hub.limits.max_sockets,
            hub.limits.sockets_per_address,
        )
        .map_err(|full| match full {
            Full::Address => ApiError::busy("sockets_per_address", StatusCode::TOO_MANY_REQUESTS),
            Full::Total => ApiError::busy("max_sockets", StatusCode::SERVICE_UNAVAILABLE),
        })?;
    // A spectator (no token) also takes one of the spectators' places; a token that
    // holds no seat is refused below, so only seats use the places kept for them. A
    // logged-in account's seat (issue 42) is known once the game is: a session that
    // holds none of its seats then takes a spectator's place too.
    let spectator_place = || {
        hub.spectators
            .take(group, hub.limits.spectator_sockets(), usize::MAX)
            .map_err(|_| ApiError::busy("spectator_sockets", StatusCode::SERVICE_UNAVAILABLE))
    };
    let by_token = crate::api::token_of(&headers, &q).is_some();
    let by_session = !by_token && crate::accounts::session_token(&headers).is_some();
    let mut watching = if by_token || by_session {
        None
    } else {
        Some(spectator_place()?)
    };
    let (live, seat) = game_and_seat(&hub, &id, &headers, &q).await?;
    if by_session && seat.is_none() {
        watching = Some(spectator_place()?);
    }
    let describe = crate::api::describe_of(&q)?;
    let legal = crate::api::legal_of(&q)?;
    let delta = match q.get("push").map(String::as_str) {
        None | Some("delta") => true,
        Some("full") => false,
        Some(_) => return Err(ApiError::bad_request("`push` must be delta or full")),
    };
    let form = Form {
        describe,
        legal,
        delta,
    };
    let ws = ws.map_err(|e| ApiError::bad_request(format!("not a WebSocket request: {e}")))?;
    // The library refuses a message over the documented limit (the connection is
    // closed with 1009); its buffers stay small for a socket that only listens.
    let cap = hub.limits.max_ws_message_bytes;
    Ok(ws
        .max_message_size(cap)
        .max_frame_size(cap)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .on_upgrade(move |socket| async move {
            session(hub, live, seat, form, peer, socket).await;
            drop(held);
            drop(watching);
        }))
}

/// The message after a change: everything the seat may now see, with the events it
/// has not been sent yet.
/// What a socket's client asked to be sent.
#[derive(Clone, Copy)]
struct Form {
    describe: bool,
    legal: Legal,
    /// Pushes carry what changed only (`?push=delta`, the default).
    delta: bool,
}

/// The first message (`first`: the whole state) or a push after a change.
async fn state_message(
    hub: &Hub,
    live: &Live,
    seat: Option<u8>,
    next: &mut usize,
    timed_out: Option<u8>,
    form: Form,
    first: bool,
) -> String {
    let clock = live.setup.clock_ms;
    let since = *next;
    let delta = form.delta && !first;
    let note = Note {
        kind: Some("state"),
        timed_out,
        describe: form.describe,
        // The board in text is for terminal clients, which read `GET` answers.
        text: false,
        legal: form.legal,
        delta,
        help: live.allows_help(),
    };
    match hub
        .read(live, |inner| {
            inner.snapshot(
                seat.map(Seat),
                since,
                clock,
                live.players(),
                note,
                hub.lessons_of(live),
            )
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
    form: Form,
    peer: SocketAddr,
    mut socket: WebSocket,
) {
    let mut changes = hub.subscribe(&live);
    let mut next = 0usize;
    let first = state_message(&hub, &live, seat, &mut next, None, form, true).await;
    if !send_text(&mut socket, first).await {
        return;
    }
    let idle = hub.limits.ws_idle;
    let opened = Instant::now();
    let mut last_heard = opened;
    // Last client message or change of the game (pongs do not count).
    let mut last_news = opened;
    let mut ping = tokio::time::interval(PING_EVERY.min(hub.limits.ws_quiet));
    ping.tick().await;
    loop {
        tokio::select! {
            change = changes.recv() => {
                last_news = Instant::now();
                let timed_out = match change {
                    // Only the talk changed: a seat is told to read it (issue 42).
                    Ok(c) if c.talk => {
                        if seat.is_some() && !send_text(&mut socket, r#"{"type":"talk"}"#.to_string()).await {
                            break;
                        }
                        continue;
                    }
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
                let msg = state_message(&hub, &live, seat, &mut next, timed_out, form, false).await;
                if !send_text(&mut socket, msg).await {
                    break;
                }
            }
            incoming = socket.recv() => {
                let msg = match incoming {
                    Some(Ok(m)) => m,
                    Some(Err(e)) => {
                        refuse_and_close(&mut socket, &e, hub.limits.max_ws_message_bytes).await;
                        break;
                    }
                    None => break,
                };
                last_heard = Instant::now();
                if !matches!(msg, Message::Pong(_) | Message::Ping(_)) {
                    last_news = last_heard;
                }
                let reply = match msg {
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
                let quiet = last_news.elapsed() >= hub.limits.ws_quiet;
                let expired = seat.is_none() && opened.elapsed() >= hub.limits.spectator_ttl;
                if last_heard.elapsed() > idle || quiet || expired {
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

/// A message the library would not read: over the limit (the library reads none
/// past it) or a broken frame. A typed error if the socket still takes one, then it
/// is closed: 1009 (message too big) or 1002 (protocol error). Nothing was applied.
async fn refuse_and_close(socket: &mut WebSocket, e: &axum::Error, limit: usize) {
    let text = e.to_string();
    // The library's capacity error ("Space limit exceeded: Message too long").
    let too_large = text.contains("Message too long") || text.contains("Space limit");
    let (error, code, reason) = if too_large {
        (ApiError::too_large(limit), 1009, "message too large")
    } else {
        (
            ApiError::bad_request(format!("WebSocket: {text}")),
            1002,
            "protocol error",
        )
    };
    let _ = send_text(socket, error_message(error).to_string()).await;
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        })))
        .await;
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
        if !hub.limiter.allow(hub.limits.group(peer.ip())) {
            return Err(ApiError::rate_limited());
        }
        let seat = seat.ok_or_else(ApiError::bad_token)?;
        let body: Value = serde_json::from_str(text)
            .map_err(|e| ApiError::bad_request(format!("the message is not JSON: {e}")))?;
        let action = action_of(body)?;
        live.owned_by(hub.limits.group(peer.ip()));
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
