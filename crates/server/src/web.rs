//! The browser client: pages, scripts and styles embedded in the binary (so
//! `orrery serve` needs nothing else installed), and each ruleset's board module
//! from its own crate (`Game::board_script`). The client uses only the public API.

use crate::api::Hubs;
use crate::error::ApiError;
use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, X_CONTENT_TYPE_OPTIONS};
use axum::response::{IntoResponse, Response};

/// The client's files, by name under `/web/`.
const FILES: &[(&str, &str)] = &[
    ("app.js", include_str!("../web/app.js")),
    ("api.js", include_str!("../web/api.js")),
    ("lobby.js", include_str!("../web/lobby.js")),
    ("game.js", include_str!("../web/game.js")),
    ("replay.js", include_str!("../web/replay.js")),
    ("builder.js", include_str!("../web/builder.js")),
    ("ui.js", include_str!("../web/ui.js")),
    ("style.css", include_str!("../web/style.css")),
];

const INDEX: &str = include_str!("../web/index.html");

fn typed(kind: &'static str, body: &'static str) -> Response {
    let headers = [
        (CONTENT_TYPE, kind),
        (CACHE_CONTROL, "no-cache"),
        (X_CONTENT_TYPE_OPTIONS, "nosniff"),
    ];
    (headers, body).into_response()
}

fn kind_of(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        _ => "text/plain; charset=utf-8",
    }
}

/// `GET /`: the single page (lobby, games, replays and the fleet builder).
pub async fn index() -> Response {
    typed("text/html; charset=utf-8", INDEX)
}

/// `GET /web/{file}`
pub async fn file(Path(name): Path<String>) -> Result<Response, ApiError> {
    FILES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(n, body)| typed(kind_of(n), body))
        .ok_or_else(|| ApiError::not_found("file"))
}

/// `GET /board/{ruleset}.js`: the ruleset's board module.
pub async fn board(State(hub): Hubs, Path(file): Path<String>) -> Result<Response, ApiError> {
    let script = file
        .strip_suffix(".js")
        .and_then(|id| hub.registry.get(id))
        .and_then(|r| r.board_script())
        .ok_or_else(|| ApiError::not_found("board"))?;
    Ok(typed("text/javascript; charset=utf-8", script))
}
