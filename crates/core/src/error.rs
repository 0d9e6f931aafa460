use crate::Seat;
use thiserror::Error;

/// Why an action was refused. The state is unchanged whenever this is returned.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// This seat owes no decision now.
    #[error("seat {seat} is not to move (to move: {to_move:?})")]
    NotYourTurn { seat: Seat, to_move: Vec<Seat> },
    /// The action breaks a rule; the message names it.
    #[error("illegal action: {0}")]
    Illegal(String),
}

impl ActionError {
    /// Shorthand for [`ActionError::Illegal`].
    pub fn illegal(msg: impl Into<String>) -> Self {
        ActionError::Illegal(msg.into())
    }
}

/// Why a scenario could not become a game. Lists every problem found, not just the
/// first.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid setup: {}", .problems.join("; "))]
pub struct SetupError {
    pub problems: Vec<String>,
}

impl SetupError {
    pub fn new(problems: Vec<String>) -> Self {
        SetupError { problems }
    }
    pub fn one(problem: impl Into<String>) -> Self {
        SetupError {
            problems: vec![problem.into()],
        }
    }
}

/// Why a saved state was refused: every broken invariant found, not just the first
/// (like a scenario file's problems).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("impossible state: {}", .problems.join("; "))]
pub struct StateError {
    pub problems: Vec<String>,
}

impl StateError {
    /// `Ok` when `problems` is empty, else the error listing them.
    pub fn check(problems: Vec<String>) -> Result<(), StateError> {
        if problems.is_empty() {
            Ok(())
        } else {
            Err(StateError { problems })
        }
    }
}
