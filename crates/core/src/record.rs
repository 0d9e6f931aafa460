use crate::{ActionError, Game, Seat, SetupError, StateHash};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One recorded decision, with the state hash after it was applied.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordedAction {
    pub seat: Seat,
    pub action: serde_json::Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<StateHash>,
}

/// A game record: ruleset + set-up + seed + the ordered (seat, action) list.
/// Replaying it reproduces every intermediate hash.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub ruleset: String,
    pub scenario: serde_json::Value,
    pub seed: u64,
    pub actions: Vec<RecordedAction>,
}

/// Why a record could not be replayed.
#[derive(Debug, Error)]
pub enum ReplayError {
    #[error("record is for ruleset `{found}`, not `{expected}`")]
    WrongRuleset { expected: String, found: String },
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("action {index}: cannot be read: {message}")]
    Malformed { index: usize, message: String },
    #[error("action {index}: {error}")]
    Rejected { index: usize, error: ActionError },
    #[error("action {index}: hash {found} differs from recorded {expected}")]
    HashMismatch {
        index: usize,
        expected: StateHash,
        found: StateHash,
    },
}

impl Record {
    /// Replay into a fresh game, checking every recorded hash.
    pub fn replay<G: Game>(&self) -> Result<G, ReplayError> {
        self.replay_into::<G, G>(G::setup, |g, seat, a| {
            g.apply(seat, a)?;
            Ok(g.state_hash())
        })
    }

    /// The one replay loop, for every kind of consumer (a bare game, a [`crate::Session`],
    /// an engine's logged session): check the ruleset, read the scenario, build `T`
    /// with `setup`, feed each recorded action to `step` — which applies it and returns
    /// the hash after — and check every recorded hash.
    pub fn replay_into<G: Game, T>(
        &self,
        setup: impl FnOnce(&G::Scenario, u64) -> Result<T, SetupError>,
        mut step: impl FnMut(&mut T, Seat, &G::Action) -> Result<StateHash, ActionError>,
    ) -> Result<T, ReplayError> {
        if self.ruleset != G::ID {
            return Err(ReplayError::WrongRuleset {
                expected: G::ID.into(),
                found: self.ruleset.clone(),
            });
        }
        let scenario: G::Scenario = crate::game::scenario_from_json::<G>(self.scenario.clone())?;
        let mut target = setup(&scenario, self.seed)?;
        for (index, ra) in self.actions.iter().enumerate() {
            let action: G::Action =
                serde_json::from_value(ra.action.clone()).map_err(|e| ReplayError::Malformed {
                    index,
                    message: e.to_string(),
                })?;
            let found = step(&mut target, ra.seat, &action)
                .map_err(|error| ReplayError::Rejected { index, error })?;
            if let Some(expected) = ra.hash {
                if found != expected {
                    return Err(ReplayError::HashMismatch {
                        index,
                        expected,
                        found,
                    });
                }
            }
        }
        Ok(target)
    }
}
