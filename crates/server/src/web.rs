//! The browser client: pages, scripts and styles embedded in the binary (so
//! `orrery serve` needs nothing else installed), and each ruleset's board module
//! from its own crate (`Presentation::board_script`). The client uses only the public API.

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
    ("rules.js", include_str!("../web/rules.js")),
    ("anim.js", include_str!("../web/anim.js")),
    ("ending.js", include_str!("../web/ending.js")),
    ("players.js", include_str!("../web/players.js")),
    ("talk.js", include_str!("../web/talk.js")),
    ("challenges.js", include_str!("../web/challenges.js")),
    ("style.css", include_str!("../web/style.css")),
    ("rules.css", include_str!("../web/rules.css")),
];

const INDEX: &str = include_str!("../web/index.html");

/// `ORRERY_WEB_DIR`: a source checkout whose client files (`crates/server/web/`) and
/// board modules (`crates/<ruleset>/web/board.js`) are served from disk instead of the
/// embedded copies, so a developer sees an edit on reload without rebuilding. Unset
/// (what operators run): only the embedded files.
pub(crate) fn from_disk(rel: &str) -> Option<String> {
    let root = std::env::var_os("ORRERY_WEB_DIR")?;
    std::fs::read_to_string(std::path::Path::new(&root).join(rel)).ok()
}

fn typed(kind: &'static str, body: impl Into<axum::body::Body>) -> Response {
    let headers = [
        (CONTENT_TYPE, kind),
        (CACHE_CONTROL, "no-cache"),
        (X_CONTENT_TYPE_OPTIONS, "nosniff"),
    ];
    (headers, body.into()).into_response()
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
    match from_disk("crates/server/web/index.html") {
        Some(page) => typed("text/html; charset=utf-8", page),
        None => typed("text/html; charset=utf-8", INDEX),
    }
}

/// `GET /web/{file}`
pub async fn file(Path(name): Path<String>) -> Result<Response, ApiError> {
    let (n, body) = FILES
        .iter()
        .find(|(n, _)| *n == name)
        .ok_or_else(|| ApiError::not_found("file"))?;
    Ok(match from_disk(&format!("crates/server/web/{n}")) {
        Some(text) => typed(kind_of(n), text),
        None => typed(kind_of(n), *body),
    })
}

/// `GET /board/{ruleset}.js`: the ruleset's board module.
pub async fn board(State(hub): Hubs, Path(file): Path<String>) -> Result<Response, ApiError> {
    let id = file.strip_suffix(".js").unwrap_or_default();
    let script = hub
        .registry
        .get(id)
        .and_then(|r| r.board_script())
        .ok_or_else(|| ApiError::not_found("board"))?;
    Ok(match from_disk(&format!("crates/{id}/web/board.js")) {
        Some(text) => typed("text/javascript; charset=utf-8", text),
        None => typed("text/javascript; charset=utf-8", script),
    })
}

/// `GET /builder/{ruleset}.js`: the ruleset's fleet builder module.
pub async fn builder(State(hub): Hubs, Path(file): Path<String>) -> Result<Response, ApiError> {
    let id = file.strip_suffix(".js").unwrap_or_default();
    let script = hub
        .registry
        .get(id)
        .and_then(|r| r.builder_script())
        .ok_or_else(|| ApiError::not_found("builder"))?;
    Ok(match from_disk(&format!("crates/{id}/web/builder.js")) {
        Some(text) => typed("text/javascript; charset=utf-8", text),
        None => typed("text/javascript; charset=utf-8", script),
    })
}
