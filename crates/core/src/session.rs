use crate::{
    ActionError, Game, Logged, Record, RecordedAction, ReplayError, Seat, SeatRecord, SetupError,
};

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

/// A game being played: the state plus its record and undo snapshots. Engines and
/// front ends use this; batch simulation uses the bare [`Game`].
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    game: G,
    record: Record,
    /// States before each recorded action, for undo (the last `undo_depth`).
    snapshots: Vec<G>,
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
            snapshots: Vec::new(),
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
        let extra = self.snapshots.len().saturating_sub(depth);
        self.snapshots.drain(..extra);
    }

    /// Give back the room kept for growth (the record's spare capacity), for a game
    /// that may stay in memory without moving for a while.
    pub fn shrink_to_fit(&mut self) {
        self.record.actions.shrink_to_fit();
        self.snapshots.shrink_to_fit();
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

    /// The record so far, with the hash after every action.
    pub fn record(&self) -> &Record {
        &self.record
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
        crate::seat_record(&self.record, &self.game, viewer)
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
        let (Some(prev), Some(actor)) = (self.snapshots.last(), self.last_actor()) else {
            return false;
        };
        may_undo(prev, &self.game, actor)
    }

    /// Why `seat` may not take its last action back now ([`Session::undo_by`]), or
    /// `None` when it may: the same test, with its reason ([`UndoRefusal`]).
    pub fn undo_refusal_by(&self, seat: Seat) -> Option<UndoRefusal> {
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
        if let Some(prev) = self.snapshots.pop() {
            self.game = prev;
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
        self.record.actions.clear();
        self.opening.clear();
    }
}
