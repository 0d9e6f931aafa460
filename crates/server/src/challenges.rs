//! Open challenges with a points limit (issue 42, "ruleset, scenario or fleet
//! limits"): the creator names a ruleset, a base scenario, the points each force may
//! cost, a clock, rated or not and a rating range, and sends a force built from the
//! base scenario's roster; others see the challenge in the lobby and accept it with a
//! force of their own. When the last force comes the game is set up with each seat's
//! force ([`orrery_core::Files::muster`]: every rule of building a force holds), every
//! seat an account's, and both (all) players find it in their games. A force is seen
//! by its owner only until then; the game's views show what the ruleset shows.
//!
//! Between accounts only: the game is set up when nobody but the last player is
//! there, so there is no seat token to hand the others; their accounts hold the
//! seats on every device.

use crate::accounts::account_of;
use crate::api::{
    body_as, check_clock, check_rating_range, count_game, ok, rfc3339, ruleset_of, scenario_spec,
    within_range, Hubs,
};
use crate::error::ApiError;
use crate::live::{now_ms, Hub};
use crate::store::{AccountRow, ChallengeRow, ForceRow, GameRow, SeatKind, SeatRow};
use crate::token;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use orrery_protocol::{random_seed, Ruleset, ScenarioSpec};
use serde::Deserialize;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;

/// Units one force may list.
pub const MAX_UNITS: usize = 200;
/// Open challenges one account may have posted at once.
pub const MAX_OPEN_PER_ACCOUNT: i64 = 10;
/// The largest points limit a challenge may set.
pub const MAX_POINTS: f64 = 1_000_000.0;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewChallenge {
    ruleset: String,
    /// A built-in scenario's name, or a scenario object; the ruleset's first if none.
    #[serde(default)]
    scenario: Option<Value>,
    /// What each force may cost, in the roster's points.
    points: f64,
    /// The creator's force: roster names, one per unit.
    force: Vec<String>,
    #[serde(default)]
    clock_ms: Option<u64>,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    rating_range: Option<[i64; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Accept {
    force: Vec<String>,
}

fn not_logged_in() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "not_logged_in",
        "a challenge is between accounts: log in first",
    )
}

fn no_challenge() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no_challenge",
        "no challenge with this id",
    )
}

fn closed(c: &ChallengeRow) -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "challenge_closed",
        match c.status.as_str() {
            "started" => "this challenge was accepted: its game has begun",
            _ => "this challenge was withdrawn",
        },
    )
}

/// The base scenario a challenge names ([`scenario_spec`]), as JSON, and its name.
fn base_scenario(
    ruleset: &dyn Ruleset,
    scenario: Option<Value>,
) -> Result<(Value, String), ApiError> {
    let (spec, name) = scenario_spec(ruleset, scenario)?;
    let json = match spec {
        ScenarioSpec::Inline(v) => return Ok((v, name)),
        ScenarioSpec::Named(n) => ruleset.scenario_json(Some(&n)),
        ScenarioSpec::Default => ruleset.scenario_json(None),
    };
    Ok((json.map_err(ApiError::from)?, name))
}

fn setup_problems(what: &str, problems: &[String]) -> ApiError {
    ApiError::invalid_setup(format!("{what}: {}", problems.join("; ")))
}

/// Check one force against the challenge: at least one unit and at most
/// [`MAX_UNITS`], every name in the roster, the roster's points within the limit, and
/// the ruleset's own rules of building a force (the force set up against itself).
fn check_force(
    ruleset: &dyn Ruleset,
    base: &Value,
    points: f64,
    seats: u8,
    force: &[String],
) -> Result<f64, ApiError> {
    if force.is_empty() || force.len() > MAX_UNITS {
        return Err(ApiError::invalid_setup(format!(
            "`force` lists 1 to {MAX_UNITS} units (roster names)"
        )));
    }
    let roster = ruleset
        .roster_of(base.clone())
        .map_err(|e| setup_problems("scenario", &e.problems))?;
    let mut cost = 0.0;
    for (i, name) in force.iter().enumerate() {
        let Some(unit) = roster.iter().find(|u| &u.name == name) else {
            return Err(ApiError::invalid_setup(format!(
                "force[{i}]: `{}` is not in this scenario's roster (GET /api/challenges/{{id}} lists it)",
                orrery_protocol::clip(name)
            )));
        };
        cost += unit.points;
    }
    if cost > points {
        return Err(ApiError::invalid_setup(format!(
            "the force costs {cost} points, over the challenge's {points}"
        )));
    }
    let forces = vec![force.to_vec(); usize::from(seats)];
    let scenario = ruleset
        .muster(base.clone(), points, &forces)
        .map_err(|e| setup_problems("force", &e.problems))?;
    ruleset
        .check_scenario(scenario)
        .map_err(|e| setup_problems("force", &e.problems))?;
    Ok(cost)
}

fn challenge_json(c: &ChallengeRow, by: &str, taken: i64) -> Value {
    let mut v = json!({
        "id": c.id,
        "ruleset": c.ruleset,
        "scenario": c.scenario_name,
        "points": c.points,
        "seats": c.seats,
        "taken": taken,
        "rated": c.rated,
        "by": by,
        "status": c.status,
        "created": rfc3339(c.created_ms),
    });
    if let Some(ms) = c.clock_ms {
        v["clock_ms"] = json!(ms);
    }
    if let Some((lo, hi)) = c.rating_range {
        v["rating_range"] = json!([lo, hi]);
    }
    if let Some(g) = &c.game {
        v["game"] = json!(g);
    }
    v
}

/// `POST /api/challenges`: post a challenge with the creator's force (seat 0).
pub async fn post(
    State(hub): Hubs,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: NewChallenge = body_as(body, hub.limits.max_body_bytes, "new challenge")?;
    let account = account_of(&hub, &headers)
        .await?
        .ok_or_else(not_logged_in)?;
    let rating_range = check_rating_range(req.rating_range)?;
    check_clock(&hub, req.clock_ms)?;
    if !(req.points.is_finite() && req.points > 0.0 && req.points <= MAX_POINTS) {
        return Err(ApiError::invalid_setup(format!(
            "`points` must be above 0 and at most {MAX_POINTS}"
        )));
    }
    // A challenge is a game to come: it counts against the address group's games.
    count_game(&hub, peer)?;
    if hub.store.open_challenges_of(&account.id).await? >= MAX_OPEN_PER_ACCOUNT {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "too_many_challenges",
            format!("an account has at most {MAX_OPEN_PER_ACCOUNT} open challenges; withdraw one"),
        ));
    }
    let ruleset = ruleset_of(&hub.registry, &req.ruleset)?;
    let (base, scenario_name) = base_scenario(ruleset, req.scenario)?;
    let seats = ruleset
        .check_scenario(base.clone())
        .map_err(|e| setup_problems("scenario", &e.problems))?
        .seats;
    check_force(ruleset, &base, req.points, seats, &req.force)?;
    let id = token::new_game_id().map_err(ApiError::no_randomness)?;
    let c = ChallengeRow {
        id: id.clone(),
        account: account.id.clone(),
        ruleset: req.ruleset,
        scenario_name,
        scenario: base,
        points: req.points,
        seats,
        clock_ms: req.clock_ms,
        rated: req.rated,
        rating_range,
        created_ms: now_ms(),
        status: "open".into(),
        game: None,
    };
    hub.store.post_challenge(&c, &req.force).await?;
    Ok((
        StatusCode::CREATED,
        ok(json!({"challenge": challenge_json(&c, &account.name, 1), "seat": 0})),
    )
        .into_response())
}

/// `GET /api/challenges`: the open challenges, newest first (no force in them).
pub async fn list(State(hub): Hubs) -> Result<Json<Value>, ApiError> {
    let open = hub.store.open_challenges(100).await?;
    let list: Vec<Value> = open
        .iter()
        .map(|(c, by, taken)| challenge_json(c, by, *taken))
        .collect();
    Ok(ok(json!({ "challenges": list })))
}

/// `GET /api/challenges/{id}`: one challenge with the roster its forces are built
/// from; to a player in it, their seat and force too. Never another's force.
pub async fn one(
    State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let c = hub.store.challenge(&id).await?.ok_or_else(no_challenge)?;
    let ruleset = hub
        .registry
        .get(&c.ruleset)
        .ok_or_else(|| ApiError::invalid_setup("this challenge's ruleset is not offered here"))?;
    let forces = hub.store.challenge_forces(&id).await?;
    let by = forces
        .iter()
        .find(|f| f.seat == 0)
        .and_then(|f| f.name.clone())
        .unwrap_or_else(|| crate::store::DELETED_NAME.to_string());
    let mut v = challenge_json(&c, &by, forces.len() as i64);
    v["roster"] = json!(ruleset.roster_of(c.scenario.clone()).unwrap_or_default());
    // The terms beyond the roster (table, rounds, options): the base scenario, as
    // posted, before any force is put into it.
    v["base"] = c.scenario.clone();
    if let Some(a) = account_of(&hub, &headers).await? {
        if let Some(f) = forces.iter().find(|f| f.account == a.id) {
            v["your_seat"] = json!(f.seat);
            v["your_force"] = json!(f.units);
        }
    }
    Ok(ok(json!({ "challenge": v })))
}

/// `POST /api/challenges/{id}/accept`: take the next seat with a force. The last
/// force sets the game up: `201` with its id; before that `200` and how many more
/// the challenge waits for.
pub async fn accept(
    State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: Accept = body_as(body, hub.limits.max_body_bytes, "accept")?;
    let account = account_of(&hub, &headers)
        .await?
        .ok_or_else(not_logged_in)?;
    let c = hub.store.challenge(&id).await?.ok_or_else(no_challenge)?;
    if c.status != "open" {
        return Err(closed(&c));
    }
    let forces = hub.store.challenge_forces(&id).await?;
    if forces.iter().any(|f| f.account == account.id) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "already_in",
            "this account already has a force in this challenge",
        ));
    }
    if let Some(range) = c.rating_range {
        within_range(&hub, &account.id, &c.ruleset, usize::from(c.seats), range).await?;
    }
    let ruleset = hub
        .registry
        .get(&c.ruleset)
        .ok_or_else(|| ApiError::invalid_setup("this challenge's ruleset is not offered here"))?;
    check_force(ruleset, &c.scenario, c.points, c.seats, &req.force)?;
    let seat = (0..c.seats).find(|s| !forces.iter().any(|f| f.seat == *s));
    // The seat is taken and the game set up by a task of its own: a client that hangs
    // up, or the request's time-out, cannot stop it half-way (a force in and no game,
    // or a challenge claimed and no game).
    let (hub2, c2, account2, force) = (hub.clone(), c.clone(), account.id.clone(), req.force);
    let job = tokio::spawn(async move {
        match seat {
            Some(seat) => take_seat(&hub2, &c2, seat, &account2, &force).await,
            // Every seat holds a force and no game began (a start that failed on the
            // way): begin it now; this player is not in it.
            None => start(&hub2, &c2, None).await.and_then(|_| {
                Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "seat_taken",
                    "every seat of this challenge is taken: its game begins",
                ))
            }),
        }
    });
    let answer = job.await.map_err(|e| {
        ApiError::from(orrery_protocol::ProtocolError::Internal(format!(
            "challenge task: {e}"
        )))
    })??;
    let status = if answer.get("game").is_some() {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, ok(answer)).into_response())
}

/// Put `account`'s force in `seat`; the last force begins the game.
async fn take_seat(
    hub: &Arc<Hub>,
    c: &ChallengeRow,
    seat: u8,
    account: &str,
    force: &[String],
) -> Result<Value, ApiError> {
    if !hub.store.add_force(&c.id, seat, account, force).await? {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "seat_taken",
            "another player took this seat first, or the challenge closed: look again",
        ));
    }
    let n = hub.store.challenge_forces(&c.id).await?.len();
    if n < usize::from(c.seats) {
        return Ok(json!({"challenge": c.id, "seat": seat, "waiting": usize::from(c.seats) - n}));
    }
    let game = start(hub, c, Some(account)).await?;
    Ok(json!({"challenge": c.id, "seat": seat, "game": game}))
}

/// Set challenge `c`'s game up from its forces, every seat its account's: its id.
/// The challenge is claimed first (`open` → `started`), so it starts once even when
/// two accepts (here or on two instances) race; the one that loses the claim is
/// answered with the game the other began. A failure takes `account`'s force out
/// again and opens the challenge (withdraws it when the forces cannot be set up
/// together, or its creator is gone).
async fn start(
    hub: &Arc<Hub>,
    c: &ChallengeRow,
    account: Option<&str>,
) -> Result<String, ApiError> {
    let game_id = token::new_game_id().map_err(ApiError::no_randomness)?;
    if !hub
        .store
        .close_challenge(&c.id, "started", Some(&game_id), None)
        .await?
    {
        let now = hub.store.challenge(&c.id).await?.ok_or_else(no_challenge)?;
        return match (now.status.as_str(), now.game.clone()) {
            ("started", Some(game)) => Ok(game),
            _ => {
                if let Some(a) = account {
                    hub.store.remove_force(&c.id, a).await?;
                }
                Err(closed(&now))
            }
        };
    }
    match set_up(hub, c, &game_id).await {
        Ok(()) => {
            // Loaded now, so a clock starts with the game, not with its first visitor.
            let _ = hub.get(&game_id).await;
            Ok(game_id)
        }
        Err((e, withdraw)) => {
            if let Err(r) = hub.store.undo_start(&c.id, account, withdraw).await {
                eprintln!(
                    "orrery serve: challenge {}: undoing a failed start: {r}",
                    c.id
                );
            }
            Err(e)
        }
    }
}

/// The game of challenge `c`, set up as `game_id`. An error says whether the
/// challenge is to be withdrawn: forces that each passed alone but cannot be set up
/// together (the ruleset's data changed since) would fail every later accept too.
/// Their problems go to the server's log only: they would show another seat's force.
async fn set_up(hub: &Arc<Hub>, c: &ChallengeRow, game_id: &str) -> Result<(), (ApiError, bool)> {
    let kept = |e: ApiError| (e, false);
    let ruleset = ruleset_of(&hub.registry, &c.ruleset).map_err(|e| (e, true))?;
    let forces: Vec<ForceRow> = hub
        .store
        .challenge_forces(&c.id)
        .await
        .map_err(|e| kept(e.into()))?;
    if forces.len() != usize::from(c.seats) || forces.iter().any(|f| f.name.is_none()) {
        return Err(kept(ApiError::new(
            StatusCode::CONFLICT,
            "challenge_changed",
            "a player left this challenge meanwhile: look again",
        )));
    }
    let units: Vec<Vec<String>> = forces.iter().map(|f| f.units.clone()).collect();
    let together = |why: String| {
        eprintln!(
            "orrery serve: challenge {}: the forces do not set up together: {why}",
            c.id
        );
        (
            ApiError::new(
                StatusCode::CONFLICT,
                "challenge_closed",
                "this challenge's forces cannot be set up together (the server changed since it was posted): it is withdrawn",
            ),
            true,
        )
    };
    let scenario = ruleset
        .muster(c.scenario.clone(), c.points, &units)
        .map_err(|e| together(e.problems.join("; ")))?;
    let seed = random_seed();
    let game = ruleset
        .new_game(ScenarioSpec::Inline(scenario), seed)
        .map_err(|e| together(e.to_string()))?;
    let mut seats = Vec::new();
    for f in &forces {
        let t = token::new_token().map_err(|e| kept(ApiError::no_randomness(e)))?;
        seats.push(SeatRow {
            seat: f.seat,
            kind: SeatKind::Human {
                token_hash: token::digest(&t),
            },
            joined: true,
            name: f.name.clone(),
            account: Some(f.account.clone()),
        });
    }
    let creator = token::new_token().map_err(|e| kept(ApiError::no_randomness(e)))?;
    let setup = GameRow {
        clock_ms: c.clock_ms,
        rated: c.rated,
        ..GameRow::playing(
            game_id,
            &c.ruleset,
            &c.scenario_name,
            game.record().scenario.as_ref().clone(),
            seed,
            token::digest(&creator),
        )
    };
    // No address's quota: the challenge was counted when it was posted.
    hub.create(game, setup, seats, std::net::IpAddr::from([0, 0, 0, 0]))
        .await
        .map_err(kept)
}

/// `DELETE /api/challenges/{id}`: the creator withdraws an open challenge.
pub async fn withdraw(
    State(hub): Hubs,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let account: AccountRow = account_of(&hub, &headers)
        .await?
        .ok_or_else(not_logged_in)?;
    let c = hub.store.challenge(&id).await?.ok_or_else(no_challenge)?;
    if c.account != account.id {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "not_yours",
            "only the player who posted a challenge withdraws it",
        ));
    }
    if !hub
        .store
        .close_challenge(&id, "withdrawn", None, Some(&account.id))
        .await?
    {
        let now = hub.store.challenge(&id).await?.unwrap_or(c);
        return Err(closed(&now));
    }
    Ok(ok(json!({"withdrawn": id})))
}
