use orrery_core::{ActionError, ReplayError, SetupError};
use thiserror::Error;

/// Every error the engine reports. [`ProtocolError::code`] is the stable,
/// machine-readable code sent to clients; the `Display` text is the human message.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProtocolError {
    /// The line is not a JSON object, or a field is missing or has the wrong type.
    #[error("bad request: {0}")]
    BadRequest(String),
    /// `cmd` names no command.
    #[error("unknown command `{0}` (send {{\"cmd\":\"help\"}} for the list)")]
    UnknownCommand(String),
    /// A game command came before any game was started or loaded.
    #[error("no game: start one with `new`, `load` or `load_state` first")]
    NoGame,
    /// The scenario could not become a game.
    #[error("invalid setup: {0}")]
    InvalidSetup(String),
    /// The seat owes no decision now.
    #[error("{0}")]
    NotYourTurn(String),
    /// The action could not be read as an action of this ruleset, or breaks a rule.
    #[error("illegal action: {0}")]
    IllegalAction(String),
    /// The game is over; no more actions are accepted.
    #[error("the game is over")]
    GameOver,
    /// No ruleset with this id is registered. The message says which registered one
    /// was likely meant, and lists them.
    #[error("unknown ruleset `{0}`{hint}", hint = crate::suggest::registered_ruleset_hint(.0))]
    UnknownRuleset(String),
    /// The ruleset has no built-in scenario with this name (`known`: "a, b, c"). The
    /// message says which one was likely meant.
    #[error(
        "ruleset `{ruleset}` has no scenario `{name}`{hint} (known: {known})",
        hint = crate::suggest::listed_hint(name, known)
    )]
    UnknownScenario {
        ruleset: String,
        name: String,
        known: String,
    },
    /// No agent with this name.
    #[error("{0}")]
    UnknownAgent(String),
    /// A record could not be replayed (bad action, hash mismatch, bad set-up).
    #[error("replay failed: {0}")]
    ReplayFailed(String),
    /// A saved state could not be loaded into the current ruleset.
    #[error("invalid state: {0}")]
    InvalidState(String),
    /// An agent found nothing to do for a seat that is to move (a ruleset bug).
    #[error("no action: {0}")]
    NoAction(String),
    /// No learned model fits this game (`estimate`; issue 38).
    #[error("no model: {0}")]
    NoModel(String),
    /// The ruleset failed internally (a bug); the request was abandoned.
    #[error("internal error: {0}")]
    Internal(String),
}

impl ProtocolError {
    /// The stable error code sent to clients.
    pub fn code(&self) -> &'static str {
        match self {
            ProtocolError::BadRequest(_) => "bad_request",
            ProtocolError::UnknownCommand(_) => "unknown_command",
            ProtocolError::NoGame => "no_game",
            ProtocolError::InvalidSetup(_) => "invalid_setup",
            ProtocolError::NotYourTurn(_) => "not_your_turn",
            ProtocolError::IllegalAction(_) => "illegal_action",
            ProtocolError::GameOver => "game_over",
            ProtocolError::UnknownRuleset(_) => "unknown_ruleset",
            ProtocolError::UnknownScenario { .. } => "unknown_scenario",
            ProtocolError::UnknownAgent(_) => "unknown_agent",
            ProtocolError::ReplayFailed(_) => "replay_failed",
            ProtocolError::InvalidState(_) => "invalid_state",
            ProtocolError::NoAction(_) => "no_action",
            ProtocolError::NoModel(_) => "no_model",
            ProtocolError::Internal(_) => "internal_error",
        }
    }

    /// Every code [`ProtocolError::code`] can return.
    pub const CODES: &'static [&'static str] = &[
        "bad_request",
        "unknown_command",
        "no_game",
        "invalid_setup",
        "not_your_turn",
        "illegal_action",
        "game_over",
        "unknown_ruleset",
        "unknown_scenario",
        "unknown_agent",
        "replay_failed",
        "invalid_state",
        "no_action",
        "no_model",
        "internal_error",
    ];

    pub(crate) fn bad(msg: impl Into<String>) -> Self {
        ProtocolError::BadRequest(msg.into())
    }
}

impl From<ActionError> for ProtocolError {
    fn from(e: ActionError) -> Self {
        match e {
            ActionError::GameOver => ProtocolError::GameOver,
            ActionError::NotYourTurn { seat, to_move } => ProtocolError::NotYourTurn(format!(
                "seat {seat} is not to move (to move: {:?})",
                to_move.iter().map(|s| s.0).collect::<Vec<_>>()
            )),
            ActionError::Illegal(m) => ProtocolError::IllegalAction(m),
        }
    }
}

impl From<SetupError> for ProtocolError {
    fn from(e: SetupError) -> Self {
        ProtocolError::InvalidSetup(e.problems.join("; "))
    }
}

impl From<ReplayError> for ProtocolError {
    fn from(e: ReplayError) -> Self {
        ProtocolError::ReplayFailed(e.to_string())
    }
}

impl From<orrery_agents::UnknownAgent> for ProtocolError {
    fn from(e: orrery_agents::UnknownAgent) -> Self {
        ProtocolError::UnknownAgent(
            orrery_agents::UnknownAgent {
                name: crate::clip(&e.name),
            }
            .to_string(),
        )
    }
}
