//! Players' pages and leaderboards (issue 42): public, read-only, from the ratings
//! the rated games leave (`store::ratings`). A deleted account has no page and is on
//! no board.

use crate::accounts::name_key;
use crate::api::{ok, params, rfc3339, Hubs, Params};
use crate::error::ApiError;
use crate::live::rating_category;
use crate::store::{AccountGame, RatingRow};
use axum::extract::Path;
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};

/// Rating changes a player page shows at most (its graph).
pub const HISTORY: i64 = 500;
/// Games a player page lists at most.
pub const RECENT_GAMES: i64 = 50;

fn rating_json(r: &RatingRow) -> Value {
    json!({
        "category": r.category,
        "rating": r.rating.r.round(),
        "rd": r.rating.rd.round(),
        "provisional": r.rating.provisional(),
        "games": r.games,
        "wins": r.wins,
        "draws": r.draws,
        "losses": r.losses,
    })
}

/// A game an account holds a seat of, as `GET /api/account` and a player's page list
/// it.
pub fn game_json(g: &AccountGame) -> Value {
    json!({
        "id": g.game.id,
        "seat": g.seat,
        "ruleset": g.game.ruleset,
        "scenario": g.game.scenario_name,
        "status": g.game.status,
        "rated": g.game.rated,
        "clock_ms": g.game.clock_ms,
        "created": rfc3339(g.game.created_ms),
    })
}

fn no_player() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no_player",
        "no player has that name",
    )
}

/// `GET /api/players/{name}`: `{"name","created","ratings":[…],"history":[…],"games":[…]}`:
/// each rating per category (`rating`, `rd`, `provisional`, games won, drawn, lost),
/// the rating after each rated game, oldest first (`{"game","category","score",
/// "rating","at"}`), and the newest games (as `GET /api/account` lists them).
pub async fn player(
    axum::extract::State(hub): Hubs,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let account = hub
        .store
        .account_by_key(&name_key(&name))
        .await?
        .ok_or_else(no_player)?;
    let ratings: Vec<Value> = hub
        .store
        .ratings_of(&account.id)
        .await?
        .iter()
        .map(rating_json)
        .collect();
    let history: Vec<Value> = hub
        .store
        .rating_history(&account.id, HISTORY)
        .await?
        .into_iter()
        .map(|c| {
            json!({
                "game": c.game,
                "category": c.category,
                "score": c.score,
                "before": c.before.round(),
                "rating": c.after.round(),
                "at": rfc3339(c.at_ms),
            })
        })
        .collect();
    let games: Vec<Value> = hub
        .store
        .account_games(&account.id, RECENT_GAMES)
        .await?
        .iter()
        .map(game_json)
        .collect();
    Ok(ok(json!({
        "name": account.name,
        "created": rfc3339(account.created_ms),
        "ratings": ratings,
        "history": history,
        "games": games,
    })))
}

/// `GET /api/ratings/{ruleset}[?players=N][&limit=N]`: the leaderboard of a
/// ruleset's rating category (two players unless `players` says), best first,
/// established ratings before provisional ones.
pub async fn leaderboard(
    axum::extract::State(hub): Hubs,
    Path(ruleset): Path<String>,
    q: Params,
) -> Result<Json<Value>, ApiError> {
    let q = params(q)?;
    crate::api::ruleset_of(&hub.registry, &ruleset)?;
    let number = |key: &str, default: i64, range: std::ops::RangeInclusive<i64>| match q.get(key) {
        None => Ok(default),
        Some(v) => v
            .parse::<i64>()
            .ok()
            .filter(|n| range.contains(n))
            .ok_or_else(|| {
                ApiError::bad_request(format!(
                    "`{key}` must be from {} to {}",
                    range.start(),
                    range.end()
                ))
            }),
    };
    let players = number("players", 2, 2..=6)?;
    let limit = number("limit", 100, 1..=500)?;
    let category = rating_category(&ruleset, players as usize);
    let board: Vec<Value> = hub
        .store
        .leaderboard(&category, limit)
        .await?
        .into_iter()
        .map(|(name, r)| {
            let mut v = rating_json(&r);
            v["name"] = Value::String(name);
            v
        })
        .collect();
    Ok(ok(json!({"category": category, "players": board})))
}
