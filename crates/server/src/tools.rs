//! Routes for front ends that help a player decide: the odds and the preview of an
//! action before it is committed, replays stepped through a game's record, fleet and
//! scenario files checked as the CLI checks them, and the roster a fleet builder
//! draws from. Every answer comes from the ruleset; a browser only draws it.

use crate::api::{
    action_of, body_as, game_and_seat, json_body, ok, params, ruleset_of, seated, Hubs, Params,
};
use crate::error::ApiError;
use crate::live::Hub;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use orrery_core::{Record, Seat};
use orrery_protocol::{DynGame, ProtocolError, Registry, ScenarioSpec};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// [`replay_at`] on the blocking pool (a replay runs the whole record), at most one
/// per core at a time (the agents' permits: replays and searches share the cores).
async fn replay_off_runtime(
    hub: &Arc<Hub>,
    record: Record,
    step: usize,
    viewer: Option<Seat>,
) -> Result<Value, ApiError> {
    let _permit = hub
        .thinkers
        .acquire()
        .await
        .map_err(|_| ApiError::replay_failed())?;
    let hub = hub.clone();
    tokio::task::spawn_blocking(move || replay_at(&hub.registry, &record, step, viewer))
        .await
        .map_err(|_| ApiError::replay_failed())?
}

/// `game_over` once the game is over (a resignation included); `illegal_action`
/// unless `seat` may play `action` now.
fn legal_now(inner: &crate::live::Inner, seat: Seat, action: &Value) -> Result<(), ApiError> {
    if inner.over() {
        return Err(ProtocolError::GameOver.into());
    }
    if !inner.game.is_legal(seat, action) {
        return Err(ProtocolError::IllegalAction(
            "not an action this seat may take now (see `legal`)".to_string(),
        )
        .into());
    }
    Ok(())
}

/// What `f` says about the `{"action": A}` of a request's body, for the request's
/// seat, once `A` is legal for it now (the odds and preview routes).
async fn about_legal_action<T>(
    hub: &Arc<Hub>,
    id: &str,
    headers: &HeaderMap,
    q: Params,
    body: Result<Bytes, BytesRejection>,
    f: impl FnOnce(&dyn DynGame, Seat, &Value) -> T,
) -> Result<T, ApiError> {
    let q = params(q)?;
    let (live, seat) = seated(hub, id, headers, &q).await?;
    let seat = Seat(seat);
    let action = action_of(json_body(body, hub.limits.max_body_bytes)?)?;
    hub.read(&live, |inner| {
        legal_now(inner, seat, &action)?;
        Ok(f(inner.game.as_ref(), seat, &action))
    })
    .await?
}

/// `POST /api/games/{id}/odds` with `{"action": A}`: the exact odds of `A` for the
/// token's seat (`Odds::action_odds`) and the one-line summary; both `null` when `A`
/// is legal but no attack.
pub async fn odds(
    State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let (odds, text) = about_legal_action(&hub, &id, &headers, q, body, |g, seat, a| {
        (g.odds(seat, a).ok(), g.odds_text(seat, a))
    })
    .await?;
    Ok(ok(json!({"odds": odds, "text": text})))
}

/// `GET /api/games/{id}/estimate`: the token's seat's chance to win as the learned
/// model judges the game from that seat's view alone (issue 38), with the model's
/// provenance; `404 no_model` when no model fits the game. Only a seat may ask: its
/// view holds its own secrets, which the estimate reads.
pub async fn estimate(
    State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
) -> Result<Json<Value>, ApiError> {
    let q = params(q)?;
    let (live, seat) = seated(&hub, &id, &headers, &q).await?;
    let seat = Seat(seat);
    let estimate = hub.read(&live, |inner| inner.game.estimate(seat)).await??;
    Ok(ok(estimate))
}

/// Analyses of finished games kept in memory (a game's analysis never changes).
pub const ANALYSES_KEPT: usize = 64;

/// Hints kept in memory: one per game, position and seat.
pub const HINTS_KEPT: usize = 256;

/// What `list` keeps under `key`.
fn kept<K: PartialEq>(
    list: &std::sync::Mutex<std::collections::VecDeque<(K, Arc<Value>)>>,
    key: &K,
) -> Option<Arc<Value>> {
    let m = list.lock().unwrap_or_else(|e| e.into_inner());
    m.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
}

/// Keep `value` under `key` in `list`, the newest `most`.
fn keep<K: PartialEq>(
    list: &std::sync::Mutex<std::collections::VecDeque<(K, Arc<Value>)>>,
    key: K,
    value: Arc<Value>,
    most: usize,
) {
    let mut m = list.lock().unwrap_or_else(|e| e.into_inner());
    if !m.iter().any(|(k, _)| *k == key) {
        m.push_back((key, value));
        while m.len() > most {
            m.pop_front();
        }
    }
}

/// The AI's work for a client (an analysis, a hint): `429 busy` while the asker's
/// address group's share of the AI's time is spent; else run on the agents' cores
/// (one permit each, as agents' decisions) and charged to that group.
async fn think_for(
    hub: &Arc<Hub>,
    peer: std::net::SocketAddr,
    work: impl FnOnce() -> Result<Value, ProtocolError> + Send + 'static,
) -> Result<Arc<Value>, ApiError> {
    let group = hub.limits.group(peer.ip());
    if let Some(wait) = hub.thinking.wait(group) {
        return Err(ApiError::new(
            axum::http::StatusCode::TOO_MANY_REQUESTS,
            "busy",
            format!(
                "this address's share of the AI's time is spent; retry in {} s",
                wait.as_secs().max(1)
            ),
        ));
    }
    let _permit = hub
        .thinkers
        .acquire()
        .await
        .map_err(|_| ApiError::replay_failed())?;
    let started = std::time::Instant::now();
    let done = tokio::task::spawn_blocking(work)
        .await
        .map_err(|_| ApiError::replay_failed())??;
    hub.thinking
        .charge(Some(group), started.elapsed().as_millis() as u64);
    Ok(Arc::new(done))
}

/// `GET /api/games/{id}/analysis`: the AI's reading of a finished game (issue 41,
/// [`orrery_agents::analysis`]; `409 not_over` before the end, when it would tell a
/// seat the others' secret orders). Computed once at the default depth, on the
/// agents' cores, charged to the asker's address group as an agent's thinking is
/// (`429 busy` while that group's budget is spent), then kept.
pub async fn analysis(
    State(hub): Hubs,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    if let Some(a) = kept(&hub.analyses, &id) {
        return Ok(ok(json!({ "analysis": *a })));
    }
    let live = hub.get(&id).await?;
    let game = hub
        .read(&live, |inner| {
            if inner.over() {
                Ok(inner.game.fork())
            } else {
                Err(ApiError::new(
                    axum::http::StatusCode::CONFLICT,
                    "not_over",
                    "a game is analysed once it is over",
                ))
            }
        })
        .await??;
    let analysed = think_for(&hub, peer, move || {
        game.analyse(orrery_agents::analysis::Depth::default(), &mut |_, _| {})
    })
    .await?;
    keep(&hub.analyses, id, analysed.clone(), ANALYSES_KEPT);
    Ok(ok(json!({ "analysis": *analysed })))
}

/// `GET /api/games/{id}/hint`: the AI's top three choices for the token's seat now,
/// each with its chance to win and its place in the legal list, and the seat's
/// chance with the best (the win-chance bar), searched from the seat's view alone
/// (issue 41, [`orrery_agents::analysis::hint`]). Only in a game that allows help
/// ([`crate::live::Live::allows_help`]; else `403 no_help`), for a seat to move
/// (`409 not_your_turn`); charged as an analysis is, and kept per position.
pub async fn hint(
    State(hub): Hubs,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
) -> Result<Json<Value>, ApiError> {
    let q = params(q)?;
    let (live, seat) = seated(&hub, &id, &headers, &q).await?;
    if !live.allows_help() {
        return Err(ApiError::new(
            axum::http::StatusCode::FORBIDDEN,
            "no_help",
            "this game was set up without hints: between people they are on only when \
             the game's creator allowed them at set-up",
        ));
    }
    let (seq, game) = hub
        .read(&live, |inner| {
            // A resignation or an agreed draw ends the game beside its rules; a seat
            // not to move is refused by the hint itself.
            if inner.over() {
                return Err(ApiError::from(ProtocolError::GameOver));
            }
            Ok((inner.seq, inner.game.fork()))
        })
        .await??;
    let key = (id, seq, seat);
    if let Some(h) = kept(&hub.hints, &key) {
        return Ok(ok(json!({ "hint": *h })));
    }
    let h = think_for(&hub, peer, move || {
        game.hint(Seat(seat), orrery_agents::analysis::HINT_DEPTH)
    })
    .await?;
    keep(&hub.hints, key, h.clone(), HINTS_KEPT);
    Ok(ok(json!({ "hint": *h })))
}

/// `POST /api/games/{id}/preview` with `{"action": A}`: what `A` would do for the
/// token's seat now (`Odds::preview_action`), e.g. a maneuver's path and stress dice;
/// `null` when `A` is legal but the ruleset previews nothing for it.
pub async fn preview(
    State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let (preview, ends_game, text) =
        about_legal_action(&hub, &id, &headers, q, body, |g, seat, a| {
            (
                g.preview(seat, a).ok(),
                g.ends_game(seat, a),
                g.describe_action(Some(seat), a).ok(),
            )
        })
        .await?;
    Ok(ok(
        json!({"preview": preview, "ends_game": ends_game, "text": text}),
    ))
}

/// One position of a replay: what `viewer` saw after `step` actions, with the turn
/// each step began in (for "jump to turn").
fn replay_at(
    registry: &Registry,
    record: &Record,
    step: usize,
    viewer: Option<Seat>,
) -> Result<Value, ApiError> {
    let ruleset = ruleset_of(registry, &record.ruleset)?;
    let mut game = ruleset
        .new_game(
            ScenarioSpec::Inline(record.scenario.as_ref().clone()),
            record.seed,
        )
        .map_err(|e| ApiError::invalid_setup(format!("the record's set-up: {e}")))?;
    // Stepping never undoes: keep no copies of past states.
    game.set_undo_depth(0);
    if viewer.is_some_and(|s| s.0 >= game.seats()) {
        return Err(ApiError::bad_request("`seat` is not a seat of this game"));
    }
    let steps = record.actions.len();
    let step = step.min(steps);
    let mut turns = vec![game.status().turn];
    let mut at = (step == 0).then(|| position(game.as_ref(), viewer));
    for (i, a) in record.actions.iter().enumerate() {
        game.apply_only(a.seat, &a.action.value()).map_err(|e| {
            ApiError::invalid_setup(format!("action {} does not replay: {e}", i + 1))
        })?;
        if let Some(h) = a.hash {
            if game.status().hash != h {
                return Err(ApiError::invalid_setup(format!(
                    "action {}: the state's hash differs from the record's",
                    i + 1
                )));
            }
        }
        turns.push(game.status().turn);
        if i + 1 == step {
            at = Some(position(game.as_ref(), viewer));
        }
    }
    let mut at = at.unwrap_or(Value::Null);
    if let Value::Object(m) = &mut at {
        m.insert("step".into(), json!(step));
        m.insert("steps".into(), json!(steps));
        m.insert("turns".into(), json!(turns));
        m.insert("ruleset".into(), json!(record.ruleset));
        m.insert("seat".into(), json!(viewer));
    }
    Ok(at)
}

fn position(game: &dyn DynGame, viewer: Option<Seat>) -> Value {
    let (events, _) = game.events_seen(viewer, 0);
    json!({
        "status": game.seat_status(viewer),
        "view": game.view(viewer),
        "events": events,
        "outcome": game.outcome(),
        "ending": game.ending(),
    })
}

fn step_of(q: &std::collections::HashMap<String, String>) -> Result<usize, ApiError> {
    match q.get("step") {
        None => Ok(0),
        Some(s) => s
            .parse()
            .map_err(|_| ApiError::bad_request("`step` must be a number of actions")),
    }
}

/// `GET /api/games/{id}/replay?step=N`: the game as the token's seat (or a spectator)
/// saw it after `N` actions. A finished game's replay is anyone's; a running game's
/// shows each seat only its own view.
pub async fn game_replay(
    State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Params,
) -> Result<Json<Value>, ApiError> {
    let q = params(q)?;
    let step = step_of(&q)?;
    let (live, seat) = game_and_seat(&hub, &id, &headers, &q).await?;
    let record = hub.read(&live, |inner| inner.game.record()).await?;
    // This game replayed when it was loaded: a failure now is the server's, and its
    // details (which may quote a secret order) go to the log only.
    let at = replay_off_runtime(&hub, record, step, seat.map(Seat))
        .await
        .map_err(|e| {
            if e.code == "invalid_setup" {
                eprintln!("orrery serve: game {id} does not replay: {}", e.message);
                ApiError::replay_failed()
            } else {
                e
            }
        })?;
    Ok(ok(at))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Upload {
    record: Value,
    #[serde(default)]
    step: usize,
    #[serde(default)]
    seat: Option<u8>,
}

/// `POST /api/replay` with `{"record": R, "step": N, "seat": S?}`: step through an
/// imported record (a finished game's full record, seed included). Every recorded
/// hash is checked.
pub async fn upload_replay(
    State(hub): Hubs,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let up: Upload = body_as(body, hub.limits.max_body_bytes, "replay")?;
    let record: Record = serde_json::from_value(up.record).map_err(|e| {
        ApiError::bad_request(format!(
            "not a full record (a finished game's, with its seed and every action): {e}"
        ))
    })?;
    Ok(ok(replay_off_runtime(
        &hub,
        record,
        up.step,
        up.seat.map(Seat),
    )
    .await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileCheck {
    ruleset: String,
    kind: String,
    text: String,
    #[serde(default)]
    file: Option<String>,
}

/// `POST /api/files/check` with `{"ruleset","kind":"fleet"|"scenario","text","file"?}`:
/// the file checked as `orrery fleet check` / `orrery scenario check` check it. A
/// file with problems is a successful check: `{"ok":true,"valid":false,"problems":[…]}`.
/// A valid scenario comes back as JSON (`scenario`), ready for `POST /api/games`.
pub async fn check_file(
    State(hub): Hubs,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let req: FileCheck = body_as(body, hub.limits.max_body_bytes, "file check")?;
    let ruleset = ruleset_of(&hub.registry, &req.ruleset)?;
    let file = req.file.unwrap_or_else(|| format!("{}.toml", req.kind));
    let problems = |p: Vec<String>| ok(json!({"valid": false, "problems": p}));
    match req.kind.as_str() {
        "fleet" => match ruleset.fleet_check(&req.text, &file) {
            None => Err(ApiError::bad_request(format!(
                "{} has no fleet files",
                req.ruleset
            ))),
            Some(Err(e)) => Ok(problems(e.problems)),
            Some(Ok(report)) => {
                let json: Value = serde_json::from_str(&report.json).unwrap_or(Value::Null);
                Ok(ok(
                    json!({"valid": true, "report": json, "text": report.text}),
                ))
            }
        },
        "scenario" => match ruleset.scenario_from_text(&req.text, &file) {
            None => Err(ApiError::bad_request(format!(
                "{} has no scenario files",
                req.ruleset
            ))),
            Some(Err(e)) => Ok(problems(e.problems)),
            Some(Ok(scenario)) => match ruleset.check_scenario(scenario.clone()) {
                Err(e) => Ok(problems(e.problems)),
                Ok(check) => Ok(ok(json!({
                    "valid": true,
                    "scenario": scenario,
                    "check": check,
                }))),
            },
        },
        _ => Err(ApiError::bad_request(
            "`kind` must be \"fleet\" or \"scenario\"",
        )),
    }
}

/// `GET /api/rulesets/{id}/roster[?scenario=NAME]`: the unit types forces are built
/// from in the ruleset's default scenario (or built-in scenario NAME), with their
/// points (for fleet builders and challenges).
pub async fn roster(
    State(hub): Hubs,
    Path(id): Path<String>,
    q: Params,
) -> Result<Json<Value>, ApiError> {
    let q = params(q)?;
    let ruleset = ruleset_of(&hub.registry, &id)?;
    let roster = match q.get("scenario") {
        None => ruleset.roster(),
        Some(name) => ruleset
            .roster_of(ruleset.scenario_json(Some(name))?)
            .map_err(|e| ApiError::invalid_setup(e.problems.join("; ")))?,
    };
    Ok(ok(json!({"ruleset": id, "roster": roster})))
}

/// `GET /api/rulesets/{id}/rules`: the ruleset's rules page for players (Markdown,
/// rule ids as anchors) and its glossary, for the rules page and the tooltips.
pub async fn rules(State(hub): Hubs, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let ruleset = ruleset_of(&hub.registry, &id)?;
    let Some(page) = ruleset.rules_page() else {
        return Err(ApiError::not_found("rules page"));
    };
    let markdown = crate::web::from_disk(&format!("crates/{id}/web/rules.md"))
        .unwrap_or_else(|| page.markdown.to_string());
    let glossary = crate::web::from_disk(&format!("crates/{id}/web/glossary.json"))
        .unwrap_or_else(|| page.glossary.to_string());
    let glossary: Value = serde_json::from_str(&glossary).map_err(|e| {
        ApiError::from(ProtocolError::Internal(format!(
            "the {id} glossary is not JSON: {e}"
        )))
    })?;
    Ok(ok(json!({
        "ruleset": id,
        "name": ruleset.info().name,
        "markdown": markdown,
        "glossary": glossary,
    })))
}
