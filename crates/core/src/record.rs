use crate::{ActionError, Game, Presentation, Seat, SetupError, StateHash};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use thiserror::Error;

mod sealed;
pub(crate) use sealed::SealedActions;

/// One recorded decision, with the state hash after it was applied.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordedAction {
    pub seat: Seat,
    pub action: ActionText,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<StateHash>,
}

/// A recorded action as compact JSON text, keys in the order a JSON map writes them
/// (so two texts are equal exactly when the actions are). A JSON tree of an action
/// cost ~650 bytes of heap, most of what a long game's record held in a server's
/// memory (issue 40); written out, a record reads as before.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ActionText(Box<str>);

impl ActionText {
    /// The text of `action` (compact, its keys sorted).
    pub fn new(action: &serde_json::Value) -> Self {
        ActionText(action.to_string().into_boxed_str())
    }

    /// The action as a JSON tree.
    pub fn value(&self) -> serde_json::Value {
        serde_json::from_str(&self.0).unwrap_or(serde_json::Value::Null)
    }

    /// The action read as `T` (a ruleset's action type).
    pub fn parse<T: serde::de::DeserializeOwned>(&self) -> serde_json::Result<T> {
        serde_json::from_str(&self.0)
    }

    /// The JSON text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<serde_json::Value> for ActionText {
    fn from(v: serde_json::Value) -> Self {
        ActionText::new(&v)
    }
}

impl std::fmt::Display for ActionText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<serde_json::Value> for ActionText {
    fn eq(&self, other: &serde_json::Value) -> bool {
        self.value() == *other
    }
}

impl Serialize for ActionText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value().serialize(s)
    }
}

impl<'de> Deserialize<'de> for ActionText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde_json::Value::deserialize(d).map(|v| ActionText::new(&v))
    }
}

/// A game record: ruleset + set-up + seed + the ordered (seat, action) list.
/// Replaying it reproduces every intermediate hash.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub ruleset: String,
    /// The set-up as JSON, shared by every record of the same set-up
    /// (`shared_scenario`): a server holding 10,000 games of a built-in scenario
    /// keeps one copy, not 10,000 (a JSON tree costs 10-40 KiB).
    pub scenario: Arc<serde_json::Value>,
    /// Written as a number; read from a number or a string of digits (a browser
    /// keeps a u64 as a string: a JavaScript number would round it).
    #[serde(deserialize_with = "seed_digits::one")]
    pub seed: u64,
    pub actions: Vec<RecordedAction>,
}

/// A seed read from a JSON number or a string of digits: every u64 survives a trip
/// through a JavaScript client that keeps it as a string.
pub mod seed_digits {
    use serde::{de::Error, Deserialize, Deserializer};

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Digits {
        Number(u64),
        Text(String),
    }

    fn read<E: Error>(d: Digits) -> Result<u64, E> {
        match d {
            Digits::Number(n) => Ok(n),
            Digits::Text(t) => t.trim().parse().map_err(|_| {
                E::custom(format!(
                    "a seed is a whole number from 0 to {}, not {t:?}",
                    u64::MAX
                ))
            }),
        }
    }

    pub fn one<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        read(Digits::deserialize(d)?)
    }

    pub fn maybe<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        Option::<Digits>::deserialize(d)?.map(read).transpose()
    }
}

/// One recorded decision as a given seat (or a spectator) may see it. `action` and
/// `hash` are `None` (JSON `null`) while they are hidden.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatRecordedAction {
    /// Who acted (always shown: that a seat acted is public).
    pub seat: Seat,
    /// The action, or `None` while it is another seat's unrevealed secret commitment.
    pub action: Option<serde_json::Value>,
    /// The state hash after the action: `None` until the game is over (each state
    /// hash covers the dice generator and everything hidden), and after it for every
    /// action from another seat's still-hidden one on.
    pub hash: Option<StateHash>,
}

/// The one shared copy of a set-up written as `scenario` (equal JSON, one tree):
/// records of games set up alike share their scenario. Found by a hash of its text,
/// so a new game costs one lookup, however many set-ups are remembered; copies no
/// record uses any more are forgotten.
pub fn shared_scenario(scenario: serde_json::Value) -> Arc<serde_json::Value> {
    use std::hash::{Hash, Hasher};
    static SHARED: Mutex<Option<HashMap<u64, Vec<Weak<serde_json::Value>>>>> = Mutex::new(None);
    let mut h = std::collections::hash_map::DefaultHasher::new();
    scenario.to_string().hash(&mut h);
    let key = h.finish();
    let mut shared = SHARED.lock().unwrap_or_else(|e| e.into_inner());
    let map = shared.get_or_insert_with(HashMap::new);
    let same = map.entry(key).or_default();
    same.retain(|w| w.strong_count() > 0);
    if let Some(found) = same
        .iter()
        .filter_map(Weak::upgrade)
        .find(|s| **s == scenario)
    {
        return found;
    }
    let new = Arc::new(scenario);
    same.push(Arc::downgrade(&new));
    if map.len() > FORGET_PAST {
        map.retain(|_, same| {
            same.retain(|w| w.strong_count() > 0);
            !same.is_empty()
        });
    }
    new
}

/// Past this many remembered set-ups, those no record uses are forgotten.
const FORGET_PAST: usize = 1024;

/// A game record as one seat (or a spectator) may see it: other seats' unrevealed
/// secret commitments are hidden, and so is the seed until the game is over (the seed
/// predicts every future die). Built by [`Record::seen_by`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatRecord {
    pub ruleset: String,
    pub scenario: Arc<serde_json::Value>,
    /// `None` while the game is not over. Read from a number or a string of digits.
    #[serde(default, deserialize_with = "seed_digits::maybe")]
    pub seed: Option<u64>,
    /// Whose record this is (`None` = a spectator).
    pub viewer: Option<Seat>,
    /// True when nothing is hidden: the seed and every action and hash are shown, so
    /// the record can be turned back into a full [`Record`] ([`SeatRecord::to_record`]).
    pub complete: bool,
    pub actions: Vec<SeatRecordedAction>,
}

impl SeatRecord {
    /// The full record, if nothing is hidden.
    pub fn to_record(&self) -> Option<Record> {
        if !self.complete {
            return None;
        }
        let actions = self
            .actions
            .iter()
            .map(|a| {
                Some(RecordedAction {
                    seat: a.seat,
                    action: ActionText::new(a.action.as_ref()?),
                    hash: a.hash,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Record {
            ruleset: self.ruleset.clone(),
            scenario: self.scenario.clone(),
            seed: self.seed?,
            actions,
        })
    }
}

/// The record of `game` as `viewer` (`None` = spectator) may see it:
/// [`Record::seen_by`] with the game's [`Game::is_secret`] and whether it is over.
pub fn seat_record<G: Game>(record: &Record, game: &G, viewer: Option<Seat>) -> SeatRecord {
    record.seen_by(
        viewer,
        |s, back| game.is_secret(s, back),
        game.is_terminal(),
    )
}

/// What `viewer` (`None` = spectator) is told of `seat`'s action `action`, just applied
/// (`before` → `after`): exactly what `viewer`'s record shows of it. Its own action is
/// described as it read it when answering; another seat's action that is still secret
/// ([`Game::is_secret`] after it) is `None`: the viewer learns only *that* the seat
/// acted; anything else is described as a spectator reads it before it was played.
/// What every front end prints or sends for an action (`orrery play`, the server), and
/// a channel of the conformance suite's leak check.
pub fn action_seen_by<G: Presentation>(
    before: &G,
    after: &G,
    seat: Seat,
    action: &G::Action,
    viewer: Option<Seat>,
) -> Option<String> {
    if viewer == Some(seat) {
        return Some(before.describe_action(viewer, action));
    }
    if after.is_secret(seat, 0) {
        return None;
    }
    Some(before.describe_action(None, action))
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
    /// This record as `viewer` (`None` = spectator) may see it. For every seat `s`
    /// other than the viewer (every seat for a spectator), the actions of `s` for
    /// which `secret(s, back)` holds (`back` counts that seat's actions from its latest,
    /// 0 = latest; usually its latest [`Game::unrevealed`] ones) have their action
    /// hidden. State hashes are shown only once the game is over (`finished`), and
    /// then only up to the first hidden action: each state hash covers the dice
    /// generator and every hidden card and order, so a seat could test guesses
    /// against it. The seed is hidden unless `finished`, because it predicts every
    /// future die.
    pub fn seen_by(
        &self,
        viewer: Option<Seat>,
        secret: impl Fn(Seat, usize) -> bool,
        finished: bool,
    ) -> SeatRecord {
        let n = self.actions.len();
        let mut hidden = vec![false; n];
        // Count back from the end: each seat's actions, latest first.
        let mut back: Vec<usize> = Vec::new();
        for (i, ra) in self.actions.iter().enumerate().rev() {
            if Some(ra.seat) == viewer {
                continue;
            }
            let k = ra.seat.index();
            if back.len() <= k {
                back.resize(k + 1, 0);
            }
            hidden[i] = secret(ra.seat, back[k]);
            back[k] += 1;
        }
        let secret = hidden;
        let first_secret = secret.iter().position(|&h| h).unwrap_or(n);
        let actions = self
            .actions
            .iter()
            .enumerate()
            .map(|(i, ra)| SeatRecordedAction {
                seat: ra.seat,
                action: (!secret[i]).then(|| ra.action.value()),
                hash: if finished && i < first_secret {
                    ra.hash
                } else {
                    None
                },
            })
            .collect();
        SeatRecord {
            ruleset: self.ruleset.clone(),
            scenario: self.scenario.clone(),
            seed: finished.then_some(self.seed),
            viewer,
            complete: finished && first_secret == n,
            actions,
        }
    }

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
        if self.ruleset != G::INFO.id {
            return Err(ReplayError::WrongRuleset {
                expected: G::INFO.id.into(),
                found: self.ruleset.clone(),
            });
        }
        let scenario: G::Scenario =
            crate::game::scenario_from_json::<G>(self.scenario.as_ref().clone())?;
        let mut target = setup(&scenario, self.seed)?;
        for (index, ra) in self.actions.iter().enumerate() {
            let action: G::Action = ra.action.parse().map_err(|e| ReplayError::Malformed {
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

#[cfg(test)]
mod tests {
    /// Issue 40: an action kept as text writes, reads and compares as the JSON tree
    /// it replaced (a record written before reads the same, and writes the same).
    #[test]
    fn an_action_kept_as_text_is_the_tree_it_replaced() {
        let tree =
            serde_json::json!({"type": "move", "to": [3, -1], "name": "Wasp \"2\"", "a": null});
        let text = ActionText::new(&tree);
        assert_eq!(text.value(), tree);
        assert_eq!(serde_json::to_string(&text).unwrap(), tree.to_string());
        let read: ActionText = serde_json::from_str(
            r#"{ "to": [3,-1], "type":"move", "a": null, "name":"Wasp \"2\"" }"#,
        )
        .unwrap();
        assert_eq!(read, text, "keys in any order, spaces: the same action");
        let ra = RecordedAction {
            seat: Seat(1),
            action: text,
            hash: None,
        };
        let written = serde_json::to_value(&ra).unwrap();
        assert_eq!(written, serde_json::json!({"seat": 1, "action": tree}));
        assert_eq!(
            serde_json::from_value::<RecordedAction>(written).unwrap(),
            ra
        );
    }

    #[test]
    fn equal_set_ups_share_one_scenario_and_others_do_not() {
        let a = shared_scenario(serde_json::json!({"name": "duel", "ships": [1, 2]}));
        let b = shared_scenario(serde_json::json!({"ships": [1, 2], "name": "duel"}));
        let c = shared_scenario(serde_json::json!({"name": "duel", "ships": [2, 1]}));
        assert!(Arc::ptr_eq(&a, &b));
        assert!(!Arc::ptr_eq(&a, &c));
        assert_eq!(*c, serde_json::json!({"name": "duel", "ships": [2, 1]}));
    }

    use super::*;

    /// A seed above 2^53 written as a string by a browser reads back exactly; a
    /// number still reads, and anything else is refused with the reason.
    #[test]
    fn a_seed_reads_from_digits_or_a_number() {
        let text = |seed: &str| {
            format!(r#"{{"ruleset":"toy","scenario":null,"seed":{seed},"actions":[]}}"#)
        };
        let r: Record = serde_json::from_str(&text("\"18446744073709551615\"")).unwrap();
        assert_eq!(r.seed, u64::MAX);
        let r: Record = serde_json::from_str(&text("9007199254740993")).unwrap();
        assert_eq!(r.seed, 9_007_199_254_740_993);
        let e = serde_json::from_str::<Record>(&text("\"12x\"")).unwrap_err();
        assert!(e.to_string().contains("a seed is a whole number"), "{e}");
        let s: SeatRecord = serde_json::from_str(
            r#"{"ruleset":"toy","scenario":null,"seed":"42","viewer":null,"complete":true,"actions":[]}"#,
        )
        .unwrap();
        assert_eq!(s.seed, Some(42));
    }

    /// A secret older than later public actions (Black Skies' face-down cards): only
    /// the marked action is hidden, and every hash from it on.
    #[test]
    fn seen_by_hides_exactly_the_secret_actions() {
        let act = |seat: u8, n: u64| RecordedAction {
            seat: Seat(seat),
            action: serde_json::json!(n).into(),
            hash: Some(StateHash(n)),
        };
        let record = Record {
            ruleset: "toy".into(),
            scenario: Arc::new(serde_json::Value::Null),
            seed: 7,
            actions: vec![act(0, 1), act(0, 2), act(1, 3), act(0, 4)],
        };
        // Seat 0's second-latest action (2) is its only secret.
        let r = record.seen_by(Some(Seat(1)), |s, back| s == Seat(0) && back == 1, false);
        let shown: Vec<_> = r.actions.iter().map(|a| a.action.clone()).collect();
        assert_eq!(
            shown,
            vec![
                Some(serde_json::json!(1)),
                None,
                Some(serde_json::json!(3)),
                Some(serde_json::json!(4))
            ]
        );
        // No hash while the game goes on: each covers the dice and the hidden cards.
        assert!(r.actions.iter().all(|a| a.hash.is_none()));
        // Once over, the hashes up to the first hidden action.
        let over = record.seen_by(Some(Seat(1)), |s, back| s == Seat(0) && back == 1, true);
        let hashes: Vec<bool> = over.actions.iter().map(|a| a.hash.is_some()).collect();
        assert_eq!(hashes, vec![true, false, false, false]);
        assert!(!over.complete);
        // Seat 0 sees all of its own.
        let own = record.seen_by(Some(Seat(0)), |s, back| s == Seat(0) && back == 1, false);
        assert!(own.actions.iter().all(|a| a.action.is_some()));
    }
}
