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
    /// The protocol's first two refusals, alike in every ruleset (docs/protocol.md's
    /// error table): [`ActionError::GameOver`] once the game is over, else
    /// [`ActionError::NotYourTurn`] for a seat not among `to_move`. Every ruleset's
    /// check starts with it (the conformance suite checks the answers).
    pub fn check_turn(game_over: bool, seat: Seat, to_move: Vec<Seat>) -> Result<(), Self> {
        if game_over {
            return Err(ActionError::GameOver);
        }
        if !to_move.contains(&seat) {
            return Err(ActionError::NotYourTurn { seat, to_move });
        }
        Ok(())
    }

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
