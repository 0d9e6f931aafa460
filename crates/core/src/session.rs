use crate::record::SealedActions;
use crate::{
    ActionError, Game, Logged, Record, RecordedAction, ReplayError, Seat, SeatRecord, SetupError,
};
use std::borrow::Cow;

/// May `actor`'s action that led from `before` to `after` be taken back? Never when
/// anything hidden became known to anyone by it: a die rolled (it drew from the RNG),
/// a secret commitment revealed, another seat's or the actor's own (its
/// [`Game::unrevealed`] count fell; docs/protocol.md, "Undo never reveals"), or
/// what the ruleset reports through [`Game::revealed_since`] (a card drawn from a
/// face-down pile); never what the ruleset calls final ([`Game::may_take_back`]).
/// Otherwise the actor could look and choose again. The one test every undo passes
/// (sessions, `orrery play`, the server; checked by [`crate::conformance`]).
pub fn may_undo<G: Game>(before: &G, after: &G, actor: Seat) -> bool {
    reveals_nothing(before, after) && after.may_take_back(before, actor)
}

/// Why an undo would be refused now, in words a player reads beside a greyed-out
/// undo control ("a die was rolled"). [`Session::undo_refusal_by`] and
/// [`undo_refusal`] give one exactly when [`may_undo`] (with the session's own
/// conditions: an action to take back, and the seat's own) says no.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoRefusal {
    /// No action was played yet, or none is kept to go back to.
    NothingYet,
    /// The last action was another seat's (it has moved since).
    OtherMoved {
        /// The game's seats: with two, "the other side".
        seats: u8,
    },
    /// The action drew from the dice generator.
    DiceRolled,
    /// The action revealed a seat's secret commitment.
    SecretRevealed,
    /// The action turned up something else hidden ([`Game::revealed_since`]).
    HiddenRevealed,
    /// The ruleset calls the action final ([`Game::may_take_back`]).
    Final,
}

impl std::fmt::Display for UndoRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            UndoRefusal::NothingYet => "nothing of yours to take back yet",
            UndoRefusal::OtherMoved { seats: 2 } => "the other side has moved",
            UndoRefusal::OtherMoved { .. } => "another player has moved",
            UndoRefusal::DiceRolled => "a die was rolled",
            UndoRefusal::SecretRevealed => "a hidden order was revealed",
            UndoRefusal::HiddenRevealed => "something hidden was revealed",
            UndoRefusal::Final => "the rules make that decision final",
        })
    }
}

/// Why [`may_undo`] refuses to take back `actor`'s step from `before` to `after`, or
/// `None` when it allows it. [`may_undo`] decides; this only names its reason, in the
/// order a player would look for it: dice, a secret (anyone's, the actor's own
/// included), anything else hidden, else the ruleset's own rule.
pub fn undo_refusal<G: Game>(before: &G, after: &G, actor: Seat) -> Option<UndoRefusal> {
    if may_undo(before, after, actor) {
        return None;
    }
    let secret = Seat::all(before.seats()).any(|s| {
        let was = before.unrevealed(s);
        was > 0 && after.unrevealed(s) < was
    });
    Some(if before.rng().draws() != after.rng().draws() {
        UndoRefusal::DiceRolled
    } else if secret {
        UndoRefusal::SecretRevealed
    } else if after.revealed_since(before) {
        UndoRefusal::HiddenRevealed
    } else {
        UndoRefusal::Final
    })
}

/// Did the step from `before` to `after` make nothing hidden known: no die
/// rolled, no seat's secret commitment revealed, nothing the ruleset reports
/// ([`Game::revealed_since`])? Then whatever it led to followed from what its actor
/// knew already.
fn reveals_nothing<G: Game>(before: &G, after: &G) -> bool {
    if before.rng().draws() != after.rng().draws() {
        return false;
    }
    let revealed = Seat::all(before.seats()).any(|s| {
        let was = before.unrevealed(s);
        was > 0 && after.unrevealed(s) < was
    });
    !revealed && !after.revealed_since(before)
}

/// Does `seat`'s legal `action` surely end the game (Stratoyager's eject of the only
/// ship, a surrender)? Only when the end follows from what `seat` already knows: an
/// action whose end hangs on a die or a hidden order is not marked (saying so would
/// tell the seat the die or the order). A front end asks for a confirmation of such
/// a choice ([`Presentation::ends_game`](crate::Presentation::ends_game)'s default; issue 28).
pub fn surely_ends_game<G: Game>(game: &G, seat: Seat, action: &G::Action) -> bool {
    if game.is_terminal() {
        return false;
    }
    let mut after = game.clone();
    after.apply(seat, action).is_ok() && after.is_terminal() && reveals_nothing(game, &after)
}

/// What [`Session::compact`] keeps of the state before the last action when it lets
/// that state go.
#[derive(Clone, Copy, Debug, PartialEq)]
struct LetGo {
    /// The verdict on taking the last action back (`None`: allowed).
    verdict: Option<UndoRefusal>,
    /// The state's hash: a state rebuilt from the record must match it.
    hash: crate::StateHash,
}

/// A game being played: the state plus its record and undo snapshots. Engines and
/// front ends use this; batch simulation uses the bare [`Game`].
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    game: G,
    /// The record; while [`Session::compact`] holds its older actions in
    /// `sealed`, only the rest (never none: the last action stays open).
    record: Record,
    /// The record's first actions, deflated ([`Session::compact`]).
    sealed: Option<SealedActions>,
    /// States before each recorded action, for undo (the last `undo_depth`).
    snapshots: Vec<G>,
    /// Where [`Session::compact`] let the state before the last action go: what
    /// is kept of it instead.
    let_go: Option<LetGo>,
    /// The record replays from the seed (not after [`Session::replace_state`]), so a
    /// state let go can be rebuilt.
    replayable: bool,
    undo_depth: usize,
    /// What happened during the set-up ([`Game::setup_logged`]).
    opening: Vec<Logged<G::Event>>,
}

impl<G: Game> Session<G> {
    /// Start a game from a scenario and seed.
    pub fn new(scenario: &G::Scenario, seed: u64) -> Result<Self, SetupError> {
        let (game, opening) = G::setup_logged(scenario, seed)?;
        let scenario = serde_json::to_value(scenario)
            .map_err(|e| SetupError::one(format!("scenario cannot be recorded: {e}")))?;
        Ok(Session {
            game,
            record: Record {
                ruleset: G::INFO.id.to_string(),
                scenario: crate::record::shared_scenario(scenario),
                seed,
                actions: Vec::new(),
            },
            sealed: None,
            snapshots: Vec::new(),
            let_go: None,
            replayable: true,
            undo_depth: usize::MAX,
            opening,
        })
    }

    /// The events of the set-up (its rolls), before any action.
    pub fn setup_events(&self) -> &[Logged<G::Event>] {
        &self.opening
    }

    /// Keep the states before at most the last `depth` actions (0: none, so nothing
    /// can be taken back). A server that offers no undo keeps no copies: a long game
    /// then costs its state and record only.
    pub fn set_undo_depth(&mut self, depth: usize) {
        self.undo_depth = depth;
        if depth == 0 {
            self.let_go = None;
        } else if depth > 1 && self.let_go.is_some() {
            // Deeper undo again: the state let go is a step to keep.
            self.restore_let_go();
        }
        let extra = self.snapshots.len().saturating_sub(depth);
        self.snapshots.drain(..extra);
    }

    /// Rebuild a session from a record (checking its hashes).
    pub fn from_record(record: &Record) -> Result<Self, ReplayError> {
        record.replay_into::<G, Self>(Session::new, |s, seat, a| {
            s.apply(seat, a)?;
            Ok(s.game.state_hash())
        })
    }

    /// The current state.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The record so far, with the hash after every action (inflated again where
    /// [`Session::compact`] deflated it: borrowed while nothing is sealed).
    pub fn record(&self) -> Cow<'_, Record> {
        match &self.sealed {
            None => Cow::Borrowed(&self.record),
            Some(sealed) => {
                let mut actions = sealed.open();
                actions.extend(self.record.actions.iter().cloned());
                Cow::Owned(Record {
                    ruleset: self.record.ruleset.clone(),
                    scenario: self.record.scenario.clone(),
                    seed: self.record.seed,
                    actions,
                })
            }
        }
    }

    /// How many actions the record holds.
    pub fn recorded(&self) -> usize {
        self.sealed.as_ref().map_or(0, SealedActions::len) + self.record.actions.len()
    }

    /// The last recorded action, if any (never inflates anything).
    pub fn last_recorded(&self) -> Option<&RecordedAction> {
        self.record.actions.last()
    }

    /// Hold the session in less memory while it does not move (issue 40: a played
    /// game held by a server ≤ 16 KiB): the room kept for growth given back; every
    /// recorded action but the last deflated into one block (a 200-action game's
    /// actions held ~20 KiB as text, ~3 KiB deflated); and, where one undo is kept
    /// (a server's setting), the state before the last action let go, its verdict
    /// kept ([`Session::can_undo`] and [`Session::undo_refusal_by`] answer as before)
    /// and the state rebuilt from the record (its hash checked) only if that action
    /// is taken back or deeper undo is asked for again. A record that does not replay
    /// from the seed (a loaded state's) keeps its copy. Readers of the record get the
    /// same actions; an undo opens the block again. Each call deflates the whole
    /// record again (a few KiB: a server calls it once per quiet spell).
    pub fn compact(&mut self) {
        if self.undo_depth == 1 && self.snapshots.len() == 1 && self.replayable {
            if let Some(actor) = self.last_actor() {
                let before = &self.snapshots[0];
                self.let_go = Some(LetGo {
                    verdict: undo_refusal(before, &self.game, actor),
                    hash: before.state_hash(),
                });
                self.snapshots.clear();
            }
        }
        self.snapshots.shrink_to_fit();
        if self.record.actions.len() > 1 {
            let mut actions = self.sealed.take().map(|s| s.open()).unwrap_or_default();
            let upto = self.record.actions.len() - 1;
            actions.extend(self.record.actions.drain(..upto));
            self.sealed = Some(SealedActions::seal(&actions));
        }
        self.record.actions.shrink_to_fit();
    }

    /// Put back the state [`Session::compact`] let go, replayed from the record and
    /// checked against its hash; `false` (nothing changed) if it does not replay
    /// to it, which a record that replayed when it was played never does.
    fn restore_let_go(&mut self) -> bool {
        let Some(LetGo { hash, .. }) = self.let_go else {
            return true;
        };
        self.unseal();
        let Some(earlier) = self.record.actions.len().checked_sub(1) else {
            return false;
        };
        let record = Record {
            ruleset: self.record.ruleset.clone(),
            scenario: self.record.scenario.clone(),
            seed: self.record.seed,
            actions: self.record.actions[..earlier].to_vec(),
        };
        let rebuilt = record.replay_into::<G, G>(G::setup, |g, seat, a| {
            g.apply(seat, a)?;
            Ok(g.state_hash())
        });
        match rebuilt {
            Ok(before) if before.state_hash() == hash => {
                self.let_go = None;
                self.snapshots.push(before);
                true
            }
            _ => false,
        }
    }

    /// Open the block [`Session::compact`] made: every action plain again.
    fn unseal(&mut self) {
        if let Some(sealed) = self.sealed.take() {
            let mut actions = sealed.open();
            actions.append(&mut self.record.actions);
            self.record.actions = actions;
        }
    }

    /// Apply and record an action. On error nothing changes, whatever the cause: the
    /// action is applied to a copy, which replaces the state only once it succeeded,
    /// so even a ruleset that panics half-way (caught by a front end) leaves the
    /// session as it was.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: &G::Action,
    ) -> Result<Vec<Logged<G::Event>>, ActionError> {
        let mut next = self.game.clone();
        let events = next.apply(seat, action)?;
        let action = serde_json::to_value(action).unwrap_or(serde_json::Value::Null);
        let before = std::mem::replace(&mut self.game, next);
        self.let_go = None;
        if self.undo_depth > 0 {
            if self.snapshots.len() >= self.undo_depth {
                self.snapshots.remove(0);
            }
            self.snapshots.push(before);
        }
        self.record.actions.push(RecordedAction {
            seat,
            action: crate::record::ActionText::new(&action),
            hash: Some(self.game.state_hash()),
        });
        Ok(events)
    }

    /// The record as `viewer` (`None` = spectator) may see it: other seats'
    /// unrevealed secret commitments hidden, and the seed hidden until the game is
    /// over. See [`Record::seen_by`].
    pub fn seat_record(&self, viewer: Option<Seat>) -> SeatRecord {
        crate::seat_record(&self.record(), &self.game, viewer)
    }

    /// The seat that made the last recorded action, if any.
    pub fn last_actor(&self) -> Option<Seat> {
        self.record.actions.last().map(|a| a.seat)
    }

    /// Can the last action be taken back? Never past a die roll (an action that drew
    /// from the RNG is final), and never past a reveal: an action that revealed
    /// another seat's secret commitment (lowered its [`Game::unrevealed`] count) is
    /// final too, or its actor could look and choose again; and never what the
    /// ruleset's [`Game::may_take_back`] calls final.
    pub fn can_undo(&self) -> bool {
        if let Some(let_go) = self.let_go {
            return let_go.verdict.is_none() && self.last_actor().is_some();
        }
        let (Some(prev), Some(actor)) = (self.snapshots.last(), self.last_actor()) else {
            return false;
        };
        may_undo(prev, &self.game, actor)
    }

    /// Why `seat` may not take its last action back now ([`Session::undo_by`]), or
    /// `None` when it may: the same test, with its reason ([`UndoRefusal`]).
    pub fn undo_refusal_by(&self, seat: Seat) -> Option<UndoRefusal> {
        if let Some(let_go) = self.let_go {
            return match self.last_actor() {
                Some(actor) if actor == seat => let_go.verdict,
                Some(_) => Some(UndoRefusal::OtherMoved {
                    seats: self.game.seats(),
                }),
                None => Some(UndoRefusal::NothingYet),
            };
        }
        match (self.snapshots.last(), self.last_actor()) {
            (Some(prev), Some(actor)) if actor == seat => undo_refusal(prev, &self.game, actor),
            (_, Some(actor)) if actor != seat => Some(UndoRefusal::OtherMoved {
                seats: self.game.seats(),
            }),
            _ => Some(UndoRefusal::NothingYet),
        }
    }

    /// Take back the last action if [`Session::can_undo`]. Returns whether it did.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        if !self.restore_let_go() {
            return false;
        }
        if let Some(prev) = self.snapshots.pop() {
            self.game = prev;
            self.unseal();
            self.record.actions.pop();
            return true;
        }
        false
    }

    /// Take back the last action only if it was `seat`'s own (and
    /// [`Session::can_undo`]): what a server offers a player, who may not take back
    /// anyone else's action. Returns whether it did.
    pub fn undo_by(&mut self, seat: Seat) -> bool {
        self.last_actor() == Some(seat) && self.undo()
    }

    /// Replace the state wholesale (loading a saved state). The record restarts from
    /// here and can no longer be replayed from the seed, so it is marked by clearing it.
    pub fn replace_state(&mut self, game: G) {
        self.game = game;
        self.snapshots.clear();
        self.let_go = None;
        self.replayable = false;
        self.sealed = None;
        self.record.actions.clear();
        self.opening.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{PileScenario, Take, TakeAway};

    fn take(s: &mut Session<TakeAway>, stones: u8) {
        let seat = s.game().to_move()[0];
        s.apply(seat, &Take { stones }).unwrap();
    }

    /// Issue 40: a sealed record reads as the plain one, action for action, and the
    /// session plays, reports and takes back as before.
    #[test]
    fn a_sealed_record_reads_as_the_plain_one_and_plays_on() {
        let mut plain = Session::<TakeAway>::new(&PileScenario { stones: 21 }, 5).unwrap();
        for n in [1, 3, 2, 1, 2] {
            take(&mut plain, n);
        }
        let mut held = plain.clone();
        held.compact();
        assert!(held.sealed.is_some() && held.record.actions.len() == 1);
        assert_eq!(*held.record(), *plain.record());
        assert_eq!(held.recorded(), 5);
        assert_eq!(held.last_recorded(), plain.last_recorded());
        assert_eq!(held.last_actor(), plain.last_actor());
        for viewer in [None, Some(Seat(0)), Some(Seat(1))] {
            assert_eq!(held.seat_record(viewer), plain.seat_record(viewer));
        }
        // Play on, seal again (the block grows), take back past the seal.
        for s in [&mut plain, &mut held] {
            take(s, 3);
            take(s, 1);
        }
        held.compact();
        assert_eq!(*held.record(), *plain.record());
        assert_eq!(held.recorded(), 7);
        assert!(plain.undo() && held.undo());
        assert!(held.sealed.is_none());
        assert_eq!(*held.record(), *plain.record());
        assert_eq!(held.last_actor(), plain.last_actor());
        // One action or none: nothing to seal.
        let mut one = Session::<TakeAway>::new(&PileScenario { stones: 9 }, 5).unwrap();
        one.compact();
        take(&mut one, 1);
        one.compact();
        assert!(one.sealed.is_none() && one.recorded() == 1);
    }
}

#[cfg(test)]
mod let_go {
    use super::*;
    use crate::toy::{Bid, BidScenario, PileScenario, SealedBids, Take, TakeAway};

    /// Issue 40: with one undo kept (a server's setting), a compacted session lets
    /// the state before its last action go. Where the undo was allowed, it is
    /// rebuilt from the record when the action is taken back; where it was refused
    /// (a reveal, a die), the refusal stands, in the same words.
    #[test]
    fn a_compacted_session_lets_the_state_before_go_and_undoes_as_before() {
        // Allowed (Take-Away draws nothing and reveals nothing).
        let mut plain = Session::<TakeAway>::new(&PileScenario { stones: 21 }, 5).unwrap();
        plain.set_undo_depth(1);
        for stones in [1, 3, 2] {
            let seat = plain.game().to_move()[0];
            plain.apply(seat, &Take { stones }).unwrap();
        }
        let mut held = plain.clone();
        held.compact();
        assert!(held.snapshots.is_empty() && held.let_go.is_some_and(|l| l.verdict.is_none()));
        for seat in [Seat(0), Seat(1)] {
            assert_eq!(held.undo_refusal_by(seat), plain.undo_refusal_by(seat));
        }
        assert!(held.can_undo());
        assert!(plain.undo() && held.undo());
        assert_eq!(held.game().state_hash(), plain.game().state_hash());
        assert_eq!(*held.record(), *plain.record());
        assert_eq!(held.can_undo(), plain.can_undo());

        // Refused: the second bid reveals both.
        let scenario = BidScenario {
            players: 2,
            rounds: 2,
        };
        let mut plain = Session::<SealedBids>::new(&scenario, 3).unwrap();
        plain.set_undo_depth(1);
        plain.apply(Seat(0), &Bid { amount: 2 }).unwrap();
        plain.apply(Seat(1), &Bid { amount: 1 }).unwrap();
        let mut held = plain.clone();
        held.compact();
        assert!(held.snapshots.is_empty() && held.let_go.is_some_and(|l| l.verdict.is_some()));
        assert!(!plain.can_undo() && !held.can_undo());
        for seat in [Seat(0), Seat(1)] {
            assert_eq!(held.undo_refusal_by(seat), plain.undo_refusal_by(seat));
        }
        assert!(!held.undo());
        // Play on: the verdict was the last action's only.
        for s in [&mut plain, &mut held] {
            s.apply(Seat(0), &Bid { amount: 1 }).unwrap();
        }
        assert!(held.let_go.is_none());
        assert_eq!(held.can_undo(), plain.can_undo());
        assert_eq!(held.undo(), plain.undo());
        assert_eq!(held.game().state_hash(), plain.game().state_hash());
    }

    /// Deeper undo asked for again after a compaction: the state let go is put
    /// back, so two undos in a row answer as in a session never compacted, in the
    /// same words where the older step was refused.
    #[test]
    fn deeper_undo_after_a_compaction_keeps_every_step() {
        let scenario = BidScenario {
            players: 2,
            rounds: 3,
        };
        // Last action allowed (a commitment), then refused (a reveal).
        for bids in [&[2u8][..], &[2, 1][..]] {
            let mut plain = Session::<SealedBids>::new(&scenario, 3).unwrap();
            plain.set_undo_depth(1);
            for (i, &amount) in bids.iter().enumerate() {
                plain.apply(Seat(i as u8), &Bid { amount }).unwrap();
            }
            let mut held = plain.clone();
            held.compact();
            assert!(held.let_go.is_some());
            for s in [&mut plain, &mut held] {
                s.set_undo_depth(usize::MAX);
                let seat = s.game().to_move()[0];
                s.apply(seat, &Bid { amount: 1 }).unwrap();
            }
            for _ in 0..2 {
                for seat in [Seat(0), Seat(1)] {
                    assert_eq!(held.undo_refusal_by(seat), plain.undo_refusal_by(seat));
                }
                assert_eq!(held.undo(), plain.undo());
                assert_eq!(held.game().state_hash(), plain.game().state_hash());
                assert_eq!(*held.record(), *plain.record());
            }
        }
    }

    /// A loaded state's record does not replay from the seed: the state before an
    /// undoable last action is kept, not let go.
    #[test]
    fn a_loaded_state_keeps_its_undo_copy() {
        let mut s = Session::<TakeAway>::new(&PileScenario { stones: 21 }, 5).unwrap();
        let game = s.game().clone();
        s.replace_state(game);
        s.set_undo_depth(1);
        let seat = s.game().to_move()[0];
        s.apply(seat, &Take { stones: 2 }).unwrap();
        s.compact();
        assert!(s.let_go.is_none() && s.snapshots.len() == 1);
        assert!(s.undo());
    }
}
