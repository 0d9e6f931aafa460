//! Between the players of a game (issue 42): a short chat, and draw offers. Only
//! the game's seats read and write it (a token, or the session of the account that
//! holds the seat). Chat lines are text: one line, at most [`CHAT_CHARS`]
//! characters, nothing that hides or reorders text (the rules of a player's name),
//! at most [`CHAT_BURST`] lines a seat in [`CHAT_WINDOW_MS`] and [`MAX_LINES`] a game;
//! the client shows them as text, never as markup, and a player may mute the others.

use crate::api::{json_body, ok, params, rfc3339, seated, Hubs, Params};
use crate::error::ApiError;
use crate::live::{now_ms, Live};
use crate::store::{SeatKind, TalkRow};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// A chat line's length in characters.
pub const CHAT_CHARS: usize = 280;
/// Chat lines one seat may send within [`CHAT_WINDOW_MS`].
pub const CHAT_BURST: i64 = 5;
pub const CHAT_WINDOW_MS: i64 = 10_000;
/// Lines (chat and offers) one game keeps at most.
pub const MAX_LINES: i64 = 500;

/// A chat line as given: trimmed, NFC, 1 to [`CHAT_CHARS`] characters, one line,
/// nothing invisible or reordering ([`crate::api::hides_or_reorders`]).
pub fn chat_text(raw: &str) -> Result<String, ApiError> {
    use unicode_normalization::UnicodeNormalization;
    let text: String = raw.trim().nfc().collect();
    let n = text.chars().count();
    if n == 0 || n > CHAT_CHARS {
        return Err(ApiError::bad_request(format!(
            "a chat line is 1 to {CHAT_CHARS} characters"
        )));
    }
    if let Some(c) = text.chars().find(|&c| crate::api::hides_or_reorders(c)) {
        return Err(ApiError::bad_request(format!(
            "a chat line may not contain U+{:04X}: one line of visible text",
            u32::from(c)
        )));
    }
    Ok(text)
}

/// The seats that agree to a draw now: those that offered or accepted one since the
/// last action, unless someone declined after them.
fn agreeing(lines: &[TalkRow], seq: i64) -> BTreeSet<u8> {
    let mut agreed = BTreeSet::new();
    for l in lines.iter().filter(|l| l.seq == seq) {
        match l.kind.as_str() {
            "draw_offer" | "draw_accept" => {
                agreed.insert(l.seat);
            }
            "draw_decline" => agreed.clear(),
            _ => {}
        }
    }
    agreed
}

/// A game between different players' accounts (two seats or more belong to
/// accounts, not all the same): there a move is taken back only when the others
/// accept (`POST …/takeback`); the engine's undo alone is refused.
pub fn between_accounts(live: &Live) -> bool {
    let mut owners = live.seats.iter().filter_map(|s| s.account.get());
    match owners.next() {
        Some(first) => owners.any(|o| o != first),
        None => false,
    }
}

/// The seat asking to take back its last move now, if one is: asked since the last
/// action and neither answered nor withdrawn.
fn asking(lines: &[TalkRow], seq: i64) -> Option<u8> {
    let mut asker = None;
    for l in lines.iter().filter(|l| l.seq == seq) {
        match l.kind.as_str() {
            "takeback_ask" => asker = Some(l.seat),
            "takeback_accept" | "takeback_decline" => asker = None,
            _ => {}
        }
    }
    asker
}

/// Is every seat a person's (an AI takes no draw offer)?
fn between_people(live: &Live) -> bool {
    live.seats
        .iter()
        .all(|s| !matches!(s.kind, SeatKind::Agent { .. }))
}

/// Add a line to the game's talk and tell the seats' sockets (here, and through
/// the database on the other instances) to read it.
async fn tell(
    hub: &crate::live::Hub,
    id: &str,
    seat: u8,
    kind: &str,
    text: &str,
    seq: i64,
    now: i64,
) -> Result<i64, ApiError> {
    let n = hub.store.say(id, seat, kind, text, seq, now).await?;
    hub.talk_changed(id);
    Ok(n)
}

fn line_json(l: &TalkRow) -> Value {
    let mut v = json!({"n": l.n, "seat": l.seat, "kind": l.kind, "at": rfc3339(l.at_ms)});
    if l.kind == "chat" {
        v["text"] = Value::String(l.text.clone());
    }
    v
}

/// `GET /api/games/{id}/talk[?since=N]` (a seat only): `{"lines":[{"n","seat","kind",
/// "text"?,"at"}], "draw":[seats agreeing now], "takeback": seat|null, "people": bool,
/// "seq"}`: the lines after `since`, the seats that offered or accepted a draw since
/// the last action, the seat asking to take its last move back, and whether draw
/// offers are possible (every seat a person's).
pub async fn read(
    axum::extract::State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
) -> Result<Json<Value>, ApiError> {
    let q = params(q)?;
    let since = match q.get("since") {
        None => 0,
        Some(s) => s
            .parse::<i64>()
            .map_err(|_| ApiError::bad_request("`since` must be a line number"))?,
    };
    let (live, _) = seated(&hub, &id, &headers, &q).await?;
    let seq = hub.read(&live, |inner| inner.seq).await?;
    let all = hub.store.talk(&id, 0).await?;
    let lines: Vec<Value> = all.iter().filter(|l| l.n > since).map(line_json).collect();
    Ok(ok(json!({
        "lines": lines,
        "draw": agreeing(&all, seq),
        "takeback": asking(&all, seq),
        "people": between_people(&live),
        "seq": seq,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Chat {
    text: String,
}

/// `POST /api/games/{id}/talk` `{"text"}` (a seat only): one chat line. `201 {"n"}`;
/// `429 chat_slowed` past [`CHAT_BURST`] lines in [`CHAT_WINDOW_MS`]; `409 talk_full`
/// past [`MAX_LINES`].
pub async fn say(
    axum::extract::State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let q = params(q)?;
    let c: Chat = serde_json::from_value(json_body(body, hub.limits.max_body_bytes)?)
        .map_err(|_| ApiError::bad_request("the body must be {\"text\": \"…\"}"))?;
    let text = chat_text(&c.text)?;
    let (live, seat) = seated(&hub, &id, &headers, &q).await?;
    let now = now_ms();
    let (lines, recent) = hub
        .store
        .talk_counts(&id, seat, now - CHAT_WINDOW_MS)
        .await?;
    if lines >= MAX_LINES {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "talk_full",
            format!("this game's talk holds {MAX_LINES} lines, the most it keeps"),
        ));
    }
    if recent >= CHAT_BURST {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "chat_slowed",
            format!("at most {CHAT_BURST} lines in {} s", CHAT_WINDOW_MS / 1000),
        ));
    }
    let seq = hub.read(&live, |inner| inner.seq).await?;
    let n = tell(&hub, &id, seat, "chat", &text, seq, now).await?;
    Ok((StatusCode::CREATED, ok(json!({"n": n}))).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Say {
    /// `offer`, `accept` or `decline` (a draw); `ask`, `accept` or `decline` (a takeback).
    say: String,
}

/// The `say` of a draw's or a takeback's body; `words` lists what it may say.
fn say_of(
    body: Result<Bytes, BytesRejection>,
    limit: usize,
    words: &str,
) -> Result<String, ApiError> {
    serde_json::from_value::<Say>(json_body(body, limit)?)
        .map(|s| s.say)
        .map_err(|_| ApiError::bad_request(format!("the body must be {{\"say\": {words}}}")))
}

/// `POST /api/games/{id}/draw` `{"say": "offer"|"accept"|"decline"}` (a seat of a
/// game between people only): offer a draw, accept another seat's offer, or decline
/// it. An offer holds until the next action or a decline; once every seat agrees,
/// the game is over, drawn (a rated game rates it so). `{"draw":[seats agreeing],
/// "drawn": bool}`; `409 no_draw` against an AI or after the game, `409 no_offer`
/// for an answer to no offer.
pub async fn draw(
    axum::extract::State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let q = params(q)?;
    let say = say_of(
        body,
        hub.limits.max_body_bytes,
        "\"offer\" | \"accept\" | \"decline\"",
    )?;
    let (live, seat) = seated(&hub, &id, &headers, &q).await?;
    if !between_people(&live) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "no_draw",
            "an AI seat takes no draw offer: play on, or resign",
        ));
    }
    let (seq, over) = hub.read(&live, |inner| (inner.seq, inner.over())).await?;
    if over {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "no_draw",
            "the game is over",
        ));
    }
    let all = hub.store.talk(&id, 0).await?;
    let mut agreed = agreeing(&all, seq);
    let kind = match say.as_str() {
        "offer" => "draw_offer",
        "accept" | "decline" if agreed.iter().all(|&s| s == seat) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "no_offer",
                "no other seat offers a draw now",
            ))
        }
        "accept" => "draw_accept",
        "decline" => "draw_decline",
        _ => {
            return Err(ApiError::bad_request(
                "`say` is \"offer\", \"accept\" or \"decline\"",
            ))
        }
    };
    if !(kind == "draw_offer" && agreed.contains(&seat)) {
        tell(&hub, &id, seat, kind, "", seq, now_ms()).await?;
    }
    if kind == "draw_decline" {
        agreed.clear();
    } else {
        agreed.insert(seat);
    }
    let drawn = agreed.len() == live.seats.len() && hub.agree_draw(&live, seq).await?;
    Ok(ok(json!({"draw": agreed, "drawn": drawn})))
}

/// `POST /api/games/{id}/takeback` `{"say": "ask"|"accept"|"decline"}` (a seat):
/// ask the others to let you take back your last move, or answer such a request.
/// Accepted, the asking seat's last action is taken back by the engine's undo, whose
/// rules still apply (`409 cannot_undo` with the ruleset's reason, and nothing
/// changes). A request holds until the next action or an answer. `{"takeback":
/// seat|null, "status"?}`; `409 no_request` for an answer to no request.
pub async fn takeback(
    axum::extract::State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let q = params(q)?;
    let say = say_of(
        body,
        hub.limits.max_body_bytes,
        "\"ask\" | \"accept\" | \"decline\"",
    )?;
    let (live, seat) = seated(&hub, &id, &headers, &q).await?;
    let (seq, over, refusal) = hub
        .read(&live, |inner| {
            (
                inner.seq,
                inner.over(),
                inner.undo_refusal(orrery_core::Seat(seat)),
            )
        })
        .await?;
    if over {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "no_request",
            "the game is over",
        ));
    }
    let all = hub.store.talk(&id, 0).await?;
    let asker = asking(&all, seq);
    match say.as_str() {
        "ask" => {
            // Asked only for what the engine would take back: the seat's own last move.
            if let Some(why) = refusal {
                return Err(ApiError::cannot_undo(&why));
            }
            if asker != Some(seat) {
                tell(&hub, &id, seat, "takeback_ask", "", seq, now_ms()).await?;
            }
            Ok(ok(json!({"takeback": seat})))
        }
        "accept" | "decline" => {
            let Some(asker) = asker.filter(|&a| a != seat) else {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "no_request",
                    "no other seat asks to take a move back now",
                ));
            };
            if say == "decline" {
                tell(&hub, &id, seat, "takeback_decline", "", seq, now_ms()).await?;
                return Ok(ok(json!({"takeback": null})));
            }
            // The undo answers the asking seat's status (its view's hash among it):
            // the one who let it is answered its own.
            hub.undo(&live, asker).await?;
            tell(&hub, &id, seat, "takeback_accept", "", seq, now_ms()).await?;
            let status = hub
                .read(&live, |inner| {
                    inner.status_for(Some(orrery_core::Seat(seat)))
                })
                .await?;
            Ok(ok(json!({"takeback": null, "status": status})))
        }
        _ => Err(ApiError::bad_request(
            "`say` is \"ask\", \"accept\" or \"decline\"",
        )),
    }
}
