//! The HTTP routes (docs/server.md). Shapes are the engine protocol's: a bot moves
//! between `orrery engine` and the server without learning new objects.

use crate::error::ApiError;
use crate::live::{Hub, Live, Note};
use crate::store::{GameRow, SeatKind, SeatRow};
use crate::token;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use orrery_core::Seat;
use orrery_protocol::{random_seed, ScenarioSpec, MAX_BUDGET_MS};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;

pub type Hubs = State<Arc<Hub>>;
pub type Params = Result<Query<HashMap<String, String>>, QueryRejection>;

/// The body of a request, read as JSON within the size limit.
pub fn json_body(body: Result<Bytes, BytesRejection>, limit: usize) -> Result<Value, ApiError> {
    let bytes = match body {
        Ok(b) => b,
        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return Err(ApiError::too_large(limit))
        }
        Err(e) => {
            return Err(ApiError::bad_request(format!(
                "the body cannot be read: {e}"
            )))
        }
    };
    serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad_request(format!("the body is not JSON: {e}")))
}

/// The query parameters (a malformed query is `bad_request`).
pub fn params(q: Params) -> Result<HashMap<String, String>, ApiError> {
    q.map(|Query(m)| m)
        .map_err(|e| ApiError::bad_request(format!("query: {e}")))
}

/// The token of a request: `Authorization: Bearer TOKEN`, else `?token=`.
pub fn token_of(headers: &HeaderMap, params: &HashMap<String, String>) -> Option<String> {
    if let Some(v) = headers.get(axum::http::header::AUTHORIZATION) {
        let v = v.to_str().unwrap_or_default();
        return Some(v.strip_prefix("Bearer ").unwrap_or(v).trim().to_string());
    }
    params.get("token").cloned()
}

/// The seat a token holds in `live` (`None` without a token: a spectator). A token
/// that holds no seat is `bad_token`. Every seat is compared, in constant time each.
pub async fn seat_of(
    hub: &Arc<Hub>,
    live: &Arc<Live>,
    token: Option<&str>,
) -> Result<Option<u8>, ApiError> {
    let Some(token) = token else { return Ok(None) };
    let mut found = find_seat(live, token);
    if found.is_none()
        && live
            .seats
            .iter()
            .any(|s| s.token_hash().is_none() && matches!(s.kind, SeatKind::Open { .. }))
    {
        // An open seat may have been taken on another server instance.
        refresh_claims(hub, live).await?;
        found = find_seat(live, token);
    }
    let seat = found.ok_or_else(ApiError::bad_token)?;
    let slot = &live.seats[seat as usize];
    if !slot.joined.swap(true, Ordering::AcqRel) {
        // Once per seat: recorded before answering, so the lobby shows it at once.
        if let Err(e) = hub.store.mark_joined(&live.setup.id, seat).await {
            slot.joined.store(false, Ordering::Release);
            return Err(e.into());
        }
    }
    Ok(Some(seat))
}

/// The seat of a request: its token's ([`seat_of`]); without a token, the seat the
/// logged-in account holds in this game (issue 42: "my games" on every device), the
/// one `?seat=N` names if it holds several, else its lowest. `None`: a spectator.
pub async fn seat_of_request(
    hub: &Arc<Hub>,
    live: &Arc<Live>,
    headers: &HeaderMap,
    q: &HashMap<String, String>,
) -> Result<Option<u8>, ApiError> {
    if let Some(t) = token_of(headers, q) {
        return seat_of(hub, live, Some(&t)).await;
    }
    if crate::accounts::session_token(headers).is_none()
        || !live.seats.iter().any(|s| s.account.get().is_some())
    {
        return Ok(None);
    }
    let Some(account) = crate::accounts::account_of(hub, headers).await? else {
        return Ok(None);
    };
    let held: Vec<u8> = live
        .seats
        .iter()
        .filter(|s| s.account.get() == Some(&account.id))
        .map(|s| s.seat)
        .collect();
    let wanted = match q.get("seat") {
        Some(n) => Some(
            n.parse::<u8>()
                .map_err(|_| ApiError::bad_request("`seat` must be a seat number"))?,
        ),
        None => None,
    };
    Ok(match wanted {
        Some(n) if held.contains(&n) => Some(n),
        Some(_) => return Err(ApiError::bad_token()),
        None => held.first().copied(),
    })
}

/// The seat whose token digest matches `token` (every seat compared).
fn find_seat(live: &Live, token: &str) -> Option<u8> {
    let mut found = None;
    for slot in &live.seats {
        if let Some(hash) = slot.token_hash() {
            if token::matches(token, hash) {
                found = Some(slot.seat);
            }
        }
    }
    found
}

/// Read which open seats of `live` have been taken, from the database.
async fn refresh_claims(hub: &Arc<Hub>, live: &Live) -> Result<(), ApiError> {
    for row in hub.store.seats(&live.setup.id).await? {
        if let (
            SeatKind::Open {
                token_hash: Some(h),
            },
            Some(slot),
        ) = (row.kind, live.seats.get(row.seat as usize))
        {
            let _ = slot.claimed.set(h);
            if let Some(n) = row.name {
                slot.name_if_none(n);
            }
            if let Some(a) = row.account {
                let _ = slot.account.set(a);
            }
            slot.joined.store(true, Ordering::Release);
        }
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Join {
    seat: u8,
    /// The player's name (shown to everyone; 1 to 32 characters).
    #[serde(default)]
    name: Option<String>,
    /// The client's own token (32 hex digits): a join repeated with it, after a lost
    /// answer, gets the seat again instead of `seat_taken`.
    #[serde(default)]
    token: Option<String>,
}

/// `POST /api/games/{id}/join` with `{"seat": N, "token"?}`: take open seat N (one a
/// game's creator left open for anyone in the lobby). `201 {"seat","token"}`; `409
/// seat_taken` when someone else took it first or it is not an open seat.
pub async fn join(
    State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let body = json_body(body, hub.limits.max_body_bytes)?;
    let req: Join = serde_json::from_value(body).map_err(|_| {
        ApiError::bad_request(
            "the body must be {\"seat\": N} (and optionally \"token\" and \"name\")",
        )
    })?;
    let mut name = req.name.as_deref().map(player_name).transpose()?;
    // Taken while logged in, the seat is the account's, under its name (issue 42).
    let account = crate::accounts::account_of(&hub, &headers).await?;
    if let Some(a) = &account {
        name = Some(a.name.clone());
    }
    let seat = req.seat;
    if req
        .token
        .as_ref()
        .is_some_and(|t| t.len() != 32 || !t.bytes().all(|b| b.is_ascii_hexdigit()))
    {
        return Err(ApiError::bad_request("`token` must be 32 hex digits"));
    }
    let live = hub.get(&id).await?;
    let taken = || {
        ApiError::new(
            StatusCode::CONFLICT,
            "seat_taken",
            format!("seat {seat} is not an open seat anyone may take"),
        )
    };
    let slot = live.seats.get(seat as usize).ok_or_else(taken)?;
    if !matches!(slot.kind, SeatKind::Open { .. }) {
        return Err(taken());
    }
    if let Some((lo, hi)) = live.setup.rating_range {
        let Some(a) = &account else {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "not_logged_in",
                "this challenge is for players rated within a range: log in first",
            ));
        };
        within_range(&hub, &a.id, &live.setup.ruleset, live.seats.len(), (lo, hi)).await?;
    }
    if live.setup.rated {
        let Some(a) = &account else {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "not_logged_in",
                "a rated game's seat is taken by a logged-in player: log in first",
            ));
        };
        if live
            .seats
            .iter()
            .any(|s| s.seat != seat && s.account.get() == Some(&a.id))
        {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "token_in_use",
                "this account already holds a seat of this rated game",
            ));
        }
    }
    let t = match req.token {
        Some(t) => t.to_ascii_lowercase(),
        None => token::new_token().map_err(ApiError::no_randomness)?,
    };
    let hash = token::digest(&t);
    let ours =
        |slot: &crate::live::SeatSlot| slot.token_hash().is_some_and(|h| token::matches(&t, h));
    let held_elsewhere = |live: &Live| find_seat(live, &t).is_some_and(|s| s != seat);
    if !ours(slot) && !held_elsewhere(&live) && slot.token_hash().is_none() {
        // Another instance may have given this token a seat meanwhile.
        refresh_claims(&hub, &live).await?;
    }
    if held_elsewhere(&live) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "token_in_use",
            "this token already holds another seat of this game; a token holds one seat",
        ));
    }
    if !ours(slot) {
        if slot.token_hash().is_some() {
            return Err(taken());
        }
        if hub.read(&live, |inner| inner.over()).await? {
            return Err(orrery_protocol::ProtocolError::GameOver.into());
        }
        if !hub
            .store
            .claim_seat(
                &id,
                slot.seat,
                &hash,
                name.as_deref(),
                account.as_ref().map(|a| a.id.as_str()),
            )
            .await?
        {
            // Taken meanwhile, here or on another instance (perhaps by this very
            // token, whose first answer was lost), or the token took another seat.
            refresh_claims(&hub, &live).await?;
            if !ours(slot) {
                return Err(taken());
            }
        }
        // A refresh may have filled the slot from the database first: the same digest.
        let _ = slot.claimed.set(hash);
        if let Some(n) = name {
            slot.name_if_none(n);
        }
        if let Some(a) = account {
            let _ = slot.account.set(a.id);
        }
        if !ours(slot) {
            return Err(taken());
        }
    }
    slot.joined.store(true, Ordering::Release);
    hub.seat_taken(&live).await;
    Ok((
        StatusCode::CREATED,
        ok(json!({"seat": slot.seat, "token": t})),
    )
        .into_response())
}

/// The game of a request and the seat its token holds (`None`: a spectator).
pub async fn game_and_seat(
    hub: &Arc<Hub>,
    id: &str,
    headers: &HeaderMap,
    q: &HashMap<String, String>,
) -> Result<(Arc<Live>, Option<u8>), ApiError> {
    let live = hub.get(id).await?;
    let seat = seat_of_request(hub, &live, headers, q).await?;
    Ok((live, seat))
}

/// The game `id` and the seat the request holds in it (a token, or the account's
/// session), for a route only a seat may use (`bad_token` without one): the
/// prelude of every such handler.
pub async fn seated(
    hub: &Arc<Hub>,
    id: &str,
    headers: &HeaderMap,
    q: &HashMap<String, String>,
) -> Result<(Arc<Live>, u8), ApiError> {
    let (live, seat) = game_and_seat(hub, id, headers, q).await?;
    Ok((live, need_seat(seat)?))
}

/// A flag parameter (`?NAME=1`; `0` or absent: not).
pub fn flag_of(q: &HashMap<String, String>, name: &str) -> Result<bool, ApiError> {
    match q.get(name).map(String::as_str) {
        None | Some("0") | Some("false") => Ok(false),
        Some("1") | Some("true") => Ok(true),
        Some(_) => Err(ApiError::bad_request(format!("`{name}` must be 0 or 1"))),
    }
}

/// `?describe=1`: add `legal_text` to a state (`0`, absent: not).
pub fn describe_of(q: &HashMap<String, String>) -> Result<bool, ApiError> {
    flag_of(q, "describe")
}

/// `?legal=full|none|compact|page|auto` (with `offset`, `limit` for a page).
pub fn legal_of(q: &HashMap<String, String>) -> Result<crate::live::Legal, ApiError> {
    crate::live::Legal::from_query(q).map_err(ApiError::bad_request)
}

pub fn need_seat(seat: Option<u8>) -> Result<u8, ApiError> {
    seat.ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "bad_token",
            "this route needs a seat's token (Authorization: Bearer TOKEN or ?token=)",
        )
    })
}

/// A success: `v` with `"ok": true`.
pub fn ok(mut v: Value) -> Json<Value> {
    if let Value::Object(m) = &mut v {
        m.insert("ok".into(), Value::Bool(true));
    }
    Json(v)
}

/// `GET /api/rulesets`
pub async fn rulesets(State(hub): Hubs) -> Json<Value> {
    let mut list = json!(hub.registry.rulesets());
    // Each ruleset's guided first battle (issue 41), by its title, or null.
    for r in list.as_array_mut().into_iter().flatten() {
        let id = r["id"].as_str().unwrap_or_default();
        r["lessons"] = hub
            .lessons
            .get(id)
            .map_or(Value::Null, |l| json!(l.tutorial.title));
    }
    ok(json!({ "rulesets": list }))
}

/// `GET /api/openapi.json`
pub async fn openapi() -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        crate::OPENAPI,
    )
        .into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    ruleset: String,
    #[serde(default)]
    scenario: Option<Value>,
    /// A number or a string of digits (a browser keeps a u64 as a string).
    #[serde(default, deserialize_with = "orrery_core::seed_digits::maybe")]
    seed: Option<u64>,
    #[serde(default)]
    seats: Option<Vec<NewSeat>>,
    #[serde(default)]
    clock_ms: Option<u64>,
    /// Rated between accounts (issue 42): every seat a person's, the creator's
    /// marked `mine`; the others are open seats taken by logged-in players.
    #[serde(default)]
    rated: bool,
    /// An open challenge's rating range `[lowest, highest]` (issue 42): only a
    /// logged-in player rated within it (in the game's category; 1500 before any
    /// rated game) may take an open seat.
    #[serde(default)]
    rating_range: Option<[i64; 2]>,
    /// Hints and the win-chance bar between people (issue 41): every player sees it
    /// before taking a seat. Always allowed against the AI; never in a rated game.
    #[serde(default)]
    help: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewSeat {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    agent: Option<String>,
    #[serde(default)]
    budget_ms: Option<u64>,
    /// The player's name (1 to 32 characters), shown to everyone.
    #[serde(default)]
    name: Option<String>,
    /// A human seat that belongs to the logged-in creator's account (issue 42): it
    /// is in their "my games" on every device, under the account's name.
    #[serde(default)]
    mine: bool,
}

/// A player's name as given: trimmed and in Unicode NFC (so one name is written one
/// way), 1 to 32 characters. It is shown to every player and in the lobby, so nothing
/// that lets one name pass for another, or rearranges the text around it, is taken
/// (issue 40 "Names"): control characters, bidirectional controls, zero-width and
/// invisible characters (the BOM among them), line and paragraph separators, and more
/// than [`MAX_MARKS`] combining marks on one character.
pub fn player_name(raw: &str) -> Result<String, ApiError> {
    use unicode_normalization::UnicodeNormalization;
    let name: String = raw.trim().nfc().collect();
    let n = name.chars().count();
    if n == 0 || n > 32 {
        return Err(ApiError::bad_request("`name` must be 1 to 32 characters"));
    }
    if let Some(c) = name.chars().find(|&c| hides_or_reorders(c)) {
        return Err(ApiError::bad_request(format!(
            "`name` may not contain U+{:04X} ({}): it could make one name look like another",
            u32::from(c),
            kind_of_hidden(c)
        )));
    }
    // Marks are counted on the decomposed form: "é" is one letter and one mark.
    let mut marks = 0;
    for c in name.nfd() {
        if unicode_normalization::char::is_combining_mark(c) {
            marks += 1;
            if marks > MAX_MARKS {
                return Err(ApiError::bad_request(format!(
                    "`name` may have at most {MAX_MARKS} combining marks on one character"
                )));
            }
        } else {
            marks = 0;
        }
    }
    Ok(name)
}

/// Combining marks allowed on one character of a name (enough for Vietnamese).
pub const MAX_MARKS: usize = 2;

/// Characters a name may not hold: they draw nothing, or turn the text around them.
pub fn hides_or_reorders(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'                     // Arabic letter mark (bidi)
            | '\u{200E}' | '\u{200F}'      // left-to-right / right-to-left marks
            | '\u{202A}'..='\u{202E}'      // bidi embeddings and overrides
            | '\u{2066}'..='\u{2069}'      // bidi isolates
            | '\u{200B}'..='\u{200D}'      // zero-width space, non-joiner, joiner
            | '\u{2060}'..='\u{2064}'      // word joiner, invisible operators
            | '\u{FEFF}'                   // zero-width no-break space (BOM)
            | '\u{00AD}'                   // soft hyphen
            | '\u{034F}'                   // combining grapheme joiner
            | '\u{180E}'                   // Mongolian vowel separator
            | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' // Hangul fillers
            | '\u{2028}' | '\u{2029}'      // line and paragraph separators
        )
}

fn kind_of_hidden(c: char) -> &'static str {
    match c {
        '\u{061C}'
        | '\u{200E}'
        | '\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2066}'..='\u{2069}' => "a bidirectional control",
        '\u{2028}' | '\u{2029}' => "a line or paragraph separator",
        c if c.is_control() => "a control character",
        _ => "an invisible character",
    }
}

/// The body, bounded, read as a `T`; `what` names the request in the message.
pub fn body_as<T: serde::de::DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
    limit: usize,
    what: &str,
) -> Result<T, ApiError> {
    serde_json::from_value(json_body(body, limit)?)
        .map_err(|e| ApiError::bad_request(format!("{what}: {e}")))
}

/// The registered ruleset `id`, or `unknown_ruleset`.
pub fn ruleset_of<'a>(
    registry: &'a orrery_protocol::Registry,
    id: &str,
) -> Result<&'a dyn orrery_protocol::Ruleset, ApiError> {
    registry.get(id).ok_or_else(|| {
        ApiError::from(orrery_protocol::ProtocolError::UnknownRuleset(
            orrery_protocol::clip(id),
        ))
    })
}

/// Count one more game (or challenge) against the address group of `peer`
/// (`games_per_hour`); the group.
pub fn count_game(hub: &Hub, peer: SocketAddr) -> Result<std::net::IpAddr, ApiError> {
    // Every per-client limit counts the client's address group (an IPv6 /64).
    let ip = hub.limits.group(peer.ip());
    if !hub.game_quota.allow(ip) {
        return Err(ApiError::quota(
            "games_per_hour",
            format!(
                "this address created {} games within the hour (the limit); try again later",
                hub.limits.games_per_hour
            ),
        ));
    }
    Ok(ip)
}

/// The scenario a request names: the ruleset's first (none given), a built-in one by
/// name, or one written out; and the name it is listed under.
pub fn scenario_spec(
    ruleset: &dyn orrery_protocol::Ruleset,
    scenario: Option<Value>,
) -> Result<(ScenarioSpec, String), ApiError> {
    match scenario {
        None => {
            let first = ruleset.info().scenarios.first().map(|s| s.name.clone());
            Ok((ScenarioSpec::Default, first.unwrap_or_default()))
        }
        Some(Value::String(name)) => Ok((ScenarioSpec::Named(name.clone()), name)),
        Some(v @ Value::Object(_)) => Ok((ScenarioSpec::Inline(v), "custom".to_string())),
        Some(_) => Err(ApiError::bad_request(
            "field `scenario` must be a scenario name or a scenario object",
        )),
    }
}

/// Is `account`'s rating in the category of `ruleset` for `seats` players (1500
/// before any rated game) within a challenge's range? `403 out_of_range` if not.
pub async fn within_range(
    hub: &Hub,
    account: &str,
    ruleset: &str,
    seats: usize,
    (lo, hi): (i64, i64),
) -> Result<(), ApiError> {
    let category = crate::live::rating_category(ruleset, seats);
    let rating = hub
        .store
        .ratings_of(account)
        .await?
        .into_iter()
        .find(|r| r.category == category)
        .map_or(crate::rating::START_RATING, |r| r.rating.r)
        .round() as i64;
    if !(lo..=hi).contains(&rating) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "out_of_range",
            format!("this challenge is for ratings {lo} to {hi}; yours is {rating}"),
        ));
    }
    Ok(())
}

/// A challenge's rating range as asked: `[lowest, highest]`, each from 0 to 4000.
pub fn check_rating_range(range: Option<[i64; 2]>) -> Result<Option<(i64, i64)>, ApiError> {
    match range {
        None => Ok(None),
        Some([lo, hi]) if (0..=4000).contains(&lo) && (0..=4000).contains(&hi) && lo <= hi => {
            Ok(Some((lo, hi)))
        }
        Some(_) => Err(ApiError::invalid_setup(
            "`rating_range` is [lowest, highest], each from 0 to 4000",
        )),
    }
}

/// A clock as asked, within the server's bounds.
pub fn check_clock(hub: &Hub, clock_ms: Option<u64>) -> Result<(), ApiError> {
    if let Some(c) = clock_ms {
        let (lo, hi) = hub.limits.clock_ms;
        if !(lo..=hi).contains(&c) {
            return Err(ApiError::invalid_setup(format!(
                "`clock_ms` must be from {lo} to {hi}"
            )));
        }
    }
    Ok(())
}

/// `POST /api/games`: set a game up; `201` with its id, one token per human seat and
/// the creator token. A client address may create `games_per_hour` games an hour and
/// have `agent_games_per_address` games of agents alone (no human seat) at once. A
/// game with a person in it is never refused for its agents: what they cost is
/// bounded by the thinking budget of the creator's address group instead
/// (`agent_ms_per_address`; their decisions wait past it).
pub async fn create(
    State(hub): Hubs,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: NewGame = body_as(body, hub.limits.max_body_bytes, "new game")?;
    let rating_range = check_rating_range(req.rating_range)?;
    if req.rated && req.help {
        return Err(ApiError::invalid_setup(
            "a rated game has no hints: `help` is for unrated games",
        ));
    }
    let account =
        if req.rated || req.rating_range.is_some() || req.seats.iter().flatten().any(|s| s.mine) {
            Some(
                crate::accounts::account_of(&hub, &headers)
                    .await?
                    .ok_or_else(|| {
                        ApiError::new(
                        StatusCode::UNAUTHORIZED,
                        "not_logged_in",
                        "a seat `mine`, or a rated game, needs a logged-in account: log in first",
                    )
                    })?,
            )
        } else {
            None
        };
    // Before the set-up's work: a client past its quota costs nothing more.
    let ip = count_game(&hub, peer)?;
    let ruleset = ruleset_of(&hub.registry, &req.ruleset)?;
    let (spec, scenario_name) = scenario_spec(ruleset, req.scenario)?;
    let seed = req.seed.unwrap_or_else(random_seed);
    let game = ruleset.new_game(spec, seed).map_err(|e| match e {
        orrery_protocol::ProtocolError::BadRequest(m) => ApiError::invalid_setup(m),
        other => ApiError::from(other),
    })?;
    let n = game.seats();
    let wanted = req
        .seats
        .unwrap_or_else(|| (0..n).map(|_| human_seat()).collect());
    if wanted.len() != n as usize {
        return Err(ApiError::invalid_setup(format!(
            "this scenario has {n} seats; `seats` lists {}",
            wanted.len()
        )));
    }
    check_clock(&hub, req.clock_ms)?;
    let mut seats = Vec::new();
    let mut tokens = Vec::new();
    for (i, s) in wanted.into_iter().enumerate() {
        let seat = i as u8;
        let mut name = s.name.as_deref().map(player_name).transpose()?;
        if s.mine && s.kind != "human" {
            return Err(ApiError::invalid_setup(format!(
                "seat {seat}: only a human seat can be `mine`"
            )));
        }
        // An account's seat shows the account's name, never another.
        let owner = account.as_ref().filter(|_| s.mine);
        if let Some(a) = owner {
            name = Some(a.name.clone());
        }
        let owner = owner.map(|a| a.id.clone());
        let kind = match (s.kind.as_str(), s.agent) {
            ("human", None) if s.budget_ms.is_none() => {
                let t = token::new_token().map_err(ApiError::no_randomness)?;
                let kind = SeatKind::Human {
                    token_hash: token::digest(&t),
                };
                tokens.push(json!({"seat": seat, "token": t}));
                kind
            }
            ("open", None) if s.budget_ms.is_none() => SeatKind::Open { token_hash: None },
            ("human" | "open", _) => {
                return Err(ApiError::invalid_setup(format!(
                    "seat {seat}: a human seat has no `agent` or `budget_ms`"
                )))
            }
            ("agent", Some(agent)) => {
                // A budget suffix (`mcts@5000`) would bypass `budget_ms`'s bound.
                if agent.contains('@') {
                    return Err(ApiError::invalid_setup(format!(
                        "seat {seat}: `{}`: a budget suffix is not taken here; give `budget_ms` (1 to {MAX_BUDGET_MS})",
                        orrery_protocol::clip(&agent)
                    )));
                }
                if !orrery_agents::is_known(&agent) {
                    return Err(ApiError::invalid_setup(format!(
                        "seat {seat}: {}",
                        orrery_agents::UnknownAgent {
                            name: orrery_protocol::clip(&agent)
                        }
                    )));
                }
                if s.budget_ms.is_some_and(|b| b == 0 || b > MAX_BUDGET_MS) {
                    return Err(ApiError::invalid_setup(format!(
                        "seat {seat}: `budget_ms` must be from 1 to {MAX_BUDGET_MS}"
                    )));
                }
                SeatKind::Agent {
                    agent,
                    budget_ms: s.budget_ms,
                }
            }
            ("agent", None) => {
                return Err(ApiError::invalid_setup(format!(
                    "seat {seat}: an agent seat needs `agent` (e.g. \"hard\")"
                )))
            }
            (other, _) => {
                return Err(ApiError::invalid_setup(format!(
                    "seat {seat}: `type` must be \"human\", \"open\" or \"agent\", not {:?}",
                    orrery_protocol::clip(other)
                )))
            }
        };
        seats.push(SeatRow {
            seat,
            kind,
            joined: false,
            name,
            account: owner,
        });
    }
    if req.rated {
        if seats
            .iter()
            .any(|s| matches!(s.kind, SeatKind::Agent { .. }))
        {
            return Err(ApiError::invalid_setup(
                "a rated game is between people: no agent seats",
            ));
        }
        let mine = seats.iter().filter(|s| s.account.is_some()).count();
        if mine != 1 {
            return Err(ApiError::invalid_setup(
                "a rated game has one seat `mine` (the creator's); the others are `open`, \
                 for logged-in players to take",
            ));
        }
        if seats
            .iter()
            .any(|s| s.account.is_none() && !matches!(s.kind, SeatKind::Open { .. }))
        {
            return Err(ApiError::invalid_setup(
                "in a rated game every seat but the creator's is `open`: a link's seat has no account",
            ));
        }
    }
    // A game of agents alone: nobody plays it, it runs by itself. A game with a
    // person (even one whose clock may play for them) is never refused for its
    // agents; their thinking is bounded per address instead (issue 37).
    let agents_only = seats
        .iter()
        .all(|s| matches!(s.kind, SeatKind::Agent { .. }));
    let creator = token::new_token().map_err(ApiError::no_randomness)?;
    let id = token::new_game_id().map_err(ApiError::no_randomness)?;
    if agents_only && !hub.reserve_agent_game(&id, ip, hub.limits.agent_games_per_address) {
        return Err(ApiError::quota(
            "agent_games",
            format!(
                "this address already has {} running (the limit); end one with its creator \
                 token (the browser that set it up lists it) or wait for one to end",
                match hub.limits.agent_games_per_address {
                    1 => "a game of agents alone".to_string(),
                    n => format!("{n} games of agents alone"),
                }
            ),
        ));
    }
    let setup = GameRow {
        clock_ms: req.clock_ms,
        rated: req.rated,
        rating_range,
        help: req.help,
        ..GameRow::playing(
            &id,
            &req.ruleset,
            &scenario_name,
            game.record().scenario.as_ref().clone(),
            seed,
            token::digest(&creator),
        )
    };
    if let Err(e) = hub.create(game, setup, seats, ip).await {
        hub.release_agent_game(&id);
        return Err(e);
    }
    Ok((
        StatusCode::CREATED,
        ok(json!({"id": id, "seats": tokens, "creator": creator})),
    )
        .into_response())
}

/// `POST /api/learn/{ruleset}`: a guided first battle (issue 41), set up from the
/// ruleset's lessons: their scenario and seed, the learner's seat human (its token in
/// the answer, as `POST /api/games` gives it), the others the lessons' opponent
/// (`easy`), hints on. Counted as a new game of the asker's address group. `404
/// no_lessons` for a ruleset without a guided battle.
pub async fn learn(
    State(hub): Hubs,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(ruleset): Path<String>,
) -> Result<Response, ApiError> {
    let r = ruleset_of(&hub.registry, &ruleset)?;
    let Some(lessons) = hub.lessons.get(&ruleset).cloned() else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no_lessons",
            format!(
                "`{}` has no guided first battle",
                orrery_protocol::clip(&ruleset)
            ),
        ));
    };
    let ip = count_game(&hub, peer)?;
    let game = lessons.setup(r)?;
    let t = &lessons.tutorial;
    let mut seats = Vec::new();
    let mut tokens = Vec::new();
    for seat in 0..game.seats() {
        let kind = if seat == t.seat {
            let token = token::new_token().map_err(ApiError::no_randomness)?;
            let kind = SeatKind::Human {
                token_hash: token::digest(&token),
            };
            tokens.push(json!({"seat": seat, "token": token}));
            kind
        } else {
            SeatKind::Agent {
                agent: t.opponent.clone(),
                budget_ms: None,
            }
        };
        seats.push(SeatRow {
            seat,
            kind,
            joined: false,
            name: None,
            account: None,
        });
    }
    let creator = token::new_token().map_err(ApiError::no_randomness)?;
    let id = token::new_game_id().map_err(ApiError::no_randomness)?;
    let setup = GameRow {
        help: true,
        lessons: true,
        ..GameRow::playing(
            &id,
            &ruleset,
            &t.scenario,
            game.record().scenario.as_ref().clone(),
            t.seed,
            token::digest(&creator),
        )
    };
    hub.create(game, setup, seats, ip).await?;
    Ok((
        StatusCode::CREATED,
        ok(json!({"id": id, "seats": tokens, "creator": creator})),
    )
        .into_response())
}

fn human_seat() -> NewSeat {
    NewSeat {
        kind: "human".into(),
        agent: None,
        budget_ms: None,
        name: None,
        mine: false,
    }
}

/// `GET /api/games`: the lobby, newest first. Nothing secret.
pub async fn lobby(State(hub): Hubs, q: Params) -> Result<Json<Value>, ApiError> {
    let q = params(q)?;
    let limit = match q.get("limit") {
        None => 100,
        Some(l) => l
            .parse::<i64>()
            .ok()
            .filter(|l| (1..=500).contains(l))
            .ok_or_else(|| ApiError::bad_request("`limit` must be from 1 to 500"))?,
    };
    let games = hub.store.lobby(limit).await?;
    let games: Vec<Value> = games
        .iter()
        .map(|row| {
            let g = &row.game;
            let seats: Vec<Value> = row
                .seats
                .iter()
                .map(|s| {
                    let mut v = match &s.kind {
                        SeatKind::Human { .. } => {
                            json!({"seat": s.seat, "type": "human", "taken": s.joined})
                        }
                        SeatKind::Agent { agent, .. } => {
                            json!({"seat": s.seat, "type": "agent", "agent": agent, "taken": true})
                        }
                        SeatKind::Open { token_hash } => {
                            json!({"seat": s.seat, "type": "open", "taken": token_hash.is_some()})
                        }
                    };
                    if let Some(n) = &s.name {
                        v["name"] = Value::String(n.clone());
                    }
                    // An account's seat: its name is a player page (`/api/players/{name}`).
                    if s.account.is_some() && s.name.as_deref() != Some(crate::store::DELETED_NAME)
                    {
                        v["account"] = Value::Bool(true);
                    }
                    v
                })
                .collect();
            let mut v = json!({
                "id": g.id,
                "ruleset": g.ruleset,
                "scenario": g.scenario_name,
                "seats": seats,
                "status": g.status,
                "created": rfc3339(g.created_ms),
                "last_action": row.last_ms.map(rfc3339),
                "clock_ms": g.clock_ms,
                "rated": g.rated,
                "help": g.allows_help(row.seats.iter().map(|s| &s.kind)),
            });
            if let Some((lo, hi)) = g.rating_range {
                v["rating_range"] = json!([lo, hi]);
            }
            if let Some((turn, to_move)) = hub.glance(&g.id).filter(|_| g.status == "playing") {
                v["turn"] = json!(turn);
                v["to_move"] = json!(to_move);
            }
            v
        })
        .collect();
    Ok(ok(json!({"games": games})))
}

/// `GET /api/games/{id}`: what the token's seat (or a spectator) may see now.
pub async fn game(
    State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
) -> Result<Response, ApiError> {
    let q = params(q)?;
    let (live, seat) = game_and_seat(&hub, &id, &headers, &q).await?;
    let since = match q.get("since") {
        None => 0,
        Some(s) => s
            .parse::<usize>()
            .map_err(|_| ApiError::bad_request("`since` must be an event index"))?,
    };
    let describe = describe_of(&q)?;
    let text = flag_of(&q, "text")?;
    let legal = legal_of(&q)?;
    let clock = live.setup.clock_ms;
    let (text, _) = hub
        .read(&live, |inner| {
            inner.snapshot(
                seat.map(Seat),
                since,
                clock,
                live.players(),
                Note {
                    describe,
                    text,
                    legal,
                    help: live.allows_help(),
                    ..Note::default()
                },
                hub.lessons_of(&live),
            )
        })
        .await?;
    Ok((
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        text,
    )
        .into_response())
}

/// `POST /api/games/{id}/actions` with `{"action": ACTION}`.
pub async fn act(
    State(hub): Hubs,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let q = params(q)?;
    let (live, seat) = seated(&hub, &id, &headers, &q).await?;
    let body = json_body(body, hub.limits.max_body_bytes)?;
    let action = action_of(body)?;
    live.owned_by(hub.limits.group(peer.ip()));
    let acted = hub
        .act(&live, seat, &action, crate::store::Cause::Player, None)
        .await?;
    Ok(ok(json!({"events": acted.events, "status": acted.status})))
}

/// The `action` of a `{"action": ACTION}` body (no other field).
pub fn action_of(body: Value) -> Result<Value, ApiError> {
    match body {
        Value::Object(mut m) if m.len() == 1 && m.contains_key("action") => {
            Ok(m.remove("action").unwrap_or(Value::Null))
        }
        _ => Err(ApiError::bad_request(
            "the body must be {\"action\": ACTION} (one of the `legal` actions)",
        )),
    }
}

/// `GET /api/games/{id}/record`: the seat's record (a spectator's without a token);
/// once the game is over, the referee's full record with the seed.
pub async fn record(
    State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
) -> Result<Json<Value>, ApiError> {
    let q = params(q)?;
    let (live, seat) = game_and_seat(&hub, &id, &headers, &q).await?;
    let record = hub
        .read(&live, |inner| {
            if inner.over() {
                serde_json::to_value(inner.game.record())
            } else {
                serde_json::to_value(inner.game.record_for(seat.map(Seat)))
            }
        })
        .await?
        .map_err(|e| ApiError::from(orrery_protocol::ProtocolError::Internal(e.to_string())))?;
    Ok(ok(json!({"seat": seat, "record": seed_as_digits(record)})))
}

/// The record's seed as a string of digits: a JavaScript client parses JSON numbers
/// as doubles, which round a u64 past 2^53 (…938712 → …939000), and an exported record
/// would then fail its hashes. Every reader of records takes both forms.
fn seed_as_digits(mut record: Value) -> Value {
    if let Some(seed) = record.get_mut("seed") {
        if let Some(n) = seed.as_u64() {
            *seed = Value::String(n.to_string());
        }
    }
    record
}

/// `POST /api/games/{id}/undo` (no body): the token's seat takes back its last
/// action, if nothing became known since (no die, no reveal, no other seat's action;
/// in a guided battle, the learner's last decision with the AI's answers after it):
/// `200` with the seat's status, or `409 cannot_undo` and nothing changed.
pub async fn undo(
    State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
) -> Result<Json<Value>, ApiError> {
    let q = params(q)?;
    let (live, seat) = seated(&hub, &id, &headers, &q).await?;
    if crate::talk::between_accounts(&live) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "ask_takeback",
            "in a game between players' accounts a move is taken back only when the \
             others accept: ask them (POST /api/games/{id}/takeback {\"say\": \"ask\"})",
        ));
    }
    let status = hub.undo(&live, seat).await?;
    Ok(ok(json!({"status": status})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Resign {
    #[serde(default)]
    seat: Option<u8>,
}

/// `POST /api/games/{id}/resign` (body optional): the token's seat resigns; the
/// others win. With the game's creator token, `{"seat": N}` resigns seat N: the
/// creator can stop any game it set up, a game of agents included.
pub async fn resign(
    State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let q = params(q)?;
    let asked = match body {
        Ok(b) if b.iter().all(u8::is_ascii_whitespace) => None,
        body => {
            let v = json_body(body, hub.limits.max_body_bytes)?;
            let r: Resign = serde_json::from_value(v)
                .map_err(|_| ApiError::bad_request("the body must be {} or {\"seat\": N}"))?;
            r.seat
        }
    };
    let live = hub.get(&id).await?;
    let token = token_of(&headers, &q);
    let creator = match (&token, &live.setup.creator_hash) {
        (Some(t), Some(h)) => token::matches(t, h),
        _ => false,
    };
    let seat = if creator {
        let seat = asked.ok_or_else(|| {
            ApiError::bad_request("the creator token names the seat: {\"seat\": N}")
        })?;
        if usize::from(seat) >= live.seats.len() {
            return Err(ApiError::bad_request(format!(
                "seat {seat} is not a seat of this game"
            )));
        }
        seat
    } else {
        // A logged-in account holding several seats names its seat in the body.
        let mut q = q;
        if let Some(a) = asked {
            q.entry("seat".to_string()).or_insert_with(|| a.to_string());
        }
        let seat = need_seat(seat_of_request(&hub, &live, &headers, &q).await?)?;
        if asked.is_some_and(|a| a != seat) {
            return Err(ApiError::bad_token());
        }
        seat
    };
    let status = hub.resign(&live, seat).await?;
    Ok(ok(json!({"status": status})))
}

/// Unix milliseconds as an RFC 3339 UTC time (`2026-11-25T14:37:07Z`).
pub fn rfc3339(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_writes_utc_times() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(1_795_617_427_000), "2026-11-25T14:37:07Z");
        assert_eq!(rfc3339(951_782_400_000), "2000-02-29T00:00:00Z");
    }
}
