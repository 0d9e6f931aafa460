//! Every error the API answers: the engine protocol's `{"ok":false,"error":{"code",
//! "message"}}` with an HTTP status (docs/server.md lists them).

use crate::store::StoreError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use orrery_protocol::{clip_to, ProtocolError, MAX_MESSAGE_CHARS};
use serde_json::json;

/// An API error: status, stable code, human message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: clip_to(&message.into(), MAX_MESSAGE_CHARS),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    pub fn bad_token() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "bad_token",
            "this token holds no seat of this game",
        )
    }

    pub fn no_game() -> Self {
        Self::new(StatusCode::NOT_FOUND, "no_game", "no game with this id")
    }

    pub fn invalid_setup(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid_setup", message)
    }

    pub fn too_large(limit: usize) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("the request is larger than {limit} bytes"),
        )
    }

    pub fn rate_limited() -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many requests from this client; slow down",
        )
    }

    /// A per-address quota is used up (`which` names it, as its flag does).
    pub fn quota(which: &str, message: String) -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "quota",
            format!("quota `{which}`: {message}"),
        )
    }

    /// A cap on open connections or WebSockets is reached.
    pub fn busy(which: &str, status: StatusCode) -> Self {
        Self::new(
            status,
            if status == StatusCode::TOO_MANY_REQUESTS {
                "too_many_sockets"
            } else {
                "busy"
            },
            format!("limit `{which}` reached; close a connection or retry later"),
        )
    }

    /// Another server instance applied an action to this game first.
    pub fn conflict() -> Self {
        Self::new(
            StatusCode::CONFLICT,
            "conflict",
            "the game changed before this action was recorded; read it again and retry",
        )
    }

    /// The database could not be reached: nothing was applied.
    pub fn unavailable(e: &StoreError) -> Self {
        eprintln!("orrery serve: {e}");
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            "the game store is unavailable; nothing was applied, retry later",
        )
    }

    /// The stored game is damaged: it cannot be served until the database is
    /// restored. The reason is the database's (it quotes no game's content).
    pub fn corrupt(e: &StoreError) -> Self {
        eprintln!("orrery serve: {e}");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "corrupt",
            format!("this game's stored record is damaged ({}); the server's operator must restore the database", short_reason(e)),
        )
    }

    /// This in-memory copy of the game was dropped; the next request reloads it.
    pub fn reloading() -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            "the game is being reloaded; nothing was applied, retry",
        )
    }

    /// A recorded game does not replay here. No details: they may describe a seat's
    /// secret order (the server's log has them).
    pub fn replay_failed() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "replay_failed",
            "this game's record does not replay on this server (see the server's log)",
        )
    }

    /// The operating system gave no random bytes for a token or an id.
    pub fn no_randomness(e: getrandom::Error) -> Self {
        eprintln!("orrery serve: the operating system's random generator failed: {e}");
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            "the server cannot draw a secret token now; nothing was created, retry later",
        )
    }

    /// An undo the rules do not allow now (issue 28), with the reason
    /// (`live::Inner::undo_refusal`: "a die was rolled").
    pub fn cannot_undo(why: &str) -> Self {
        Self::new(
            StatusCode::CONFLICT,
            "cannot_undo",
            format!("nothing of yours can be taken back now: {why}"),
        )
    }

    pub fn not_found(what: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no route {what}"),
        )
    }

    /// The JSON body of this error (also a WebSocket message).
    pub fn body(&self) -> serde_json::Value {
        json!({"ok": false, "error": {"code": self.code, "message": self.message}})
    }
}

/// The database's words for a damaged store, without the game's content.
fn short_reason(e: &StoreError) -> String {
    match e {
        StoreError::Db(sqlx_error) => match sqlx_error {
            sqlx::Error::Database(d) => d.message().to_string(),
            other => other.to_string(),
        },
        StoreError::Corrupt { why, .. } | StoreError::CorruptFile { why, .. } => why.clone(),
        StoreError::Sqlite(rusqlite::Error::SqliteFailure(f, Some(m))) => {
            format!("{m} ({:?})", f.code)
        }
        other => other.to_string(),
    }
}

impl From<ProtocolError> for ApiError {
    fn from(e: ProtocolError) -> Self {
        let status = match &e {
            ProtocolError::BadRequest(_) | ProtocolError::UnknownCommand(_) => {
                StatusCode::BAD_REQUEST
            }
            ProtocolError::NoGame | ProtocolError::NoModel(_) => StatusCode::NOT_FOUND,
            ProtocolError::NotYourTurn(_)
            | ProtocolError::GameOver
            | ProtocolError::NoAction(_) => StatusCode::CONFLICT,
            ProtocolError::InvalidSetup(_)
            | ProtocolError::IllegalAction(_)
            | ProtocolError::UnknownRuleset(_)
            | ProtocolError::UnknownScenario { .. }
            | ProtocolError::UnknownAgent(_)
            | ProtocolError::InvalidState(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ProtocolError::ReplayFailed(_) | ProtocolError::Internal(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        ApiError::new(status, e.code(), e.to_string())
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => ApiError::conflict(),
            StoreError::Corrupt { .. } | StoreError::CorruptFile { .. } => ApiError::corrupt(&e),
            StoreError::Db(ref d) if crate::store::is_corrupt(d) => ApiError::corrupt(&e),
            StoreError::Sqlite(ref d) if crate::store::sqlite_corrupt(d) => ApiError::corrupt(&e),
            other => ApiError::unavailable(&other),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}
