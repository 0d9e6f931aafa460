//! The type-erased game: any [`Game`](orrery_core::Game) behind one object-safe, JSON-in/JSON-out
//! interface, wrapping an [`orrery_core::Session`] (record with hashes, undo).

use crate::log::{EventLog, LogEntry, Marks};
use crate::ProtocolError;
use orrery_agents::Budget;
use orrery_core::FullGame;
use orrery_core::{
    stable_hash_bytes, Ending, Logged, Record, Seat, SeatRecord, Session, StateHash,
};
use serde::{Deserialize, Serialize};
use serde_json::value::{to_raw_value, RawValue};
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Status {
    /// Seats that owe a decision now (several = simultaneous secret commitments).
    pub to_move: Vec<Seat>,
    pub terminal: bool,
    pub turn: u32,
    pub phase: String,
    /// Stable hash of the whole state (16 hex digits).
    pub hash: StateHash,
}

/// The result of the game, or the current standings if it is not over.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutcomeJson {
    pub terminal: bool,
    /// Empty until the game is over.
    pub winners: Vec<Seat>,
    /// Final scores, or the current scores if the game is not over.
    pub scores: Vec<f64>,
    /// Why the game ended, in the ruleset's words; absent until it is over (and when
    /// the ruleset does not say).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// One game of any ruleset, JSON in and out, object safe: the session (legal lists,
/// apply, views, events, records, undo). What it shows people, its odds and its AI are
/// the capability traits it stands on ([`DynPresentation`], [`DynOdds`],
/// [`DynAgents`]).
pub trait DynGame: DynPresentation + DynOdds + DynAgents + Send {
    /// The ruleset id (`Game::INFO.id`).
    fn ruleset(&self) -> &'static str;
    fn status(&self) -> Status;
    /// The state hash recorded after the last action (what [`DynGame::status`]
    /// would hash again), `None` before the first action.
    fn last_hash(&self) -> Option<orrery_core::StateHash>;
    /// Every legal action for `seat` as JSON (each is accepted verbatim by
    /// [`DynGame::apply`]). Empty if the seat is not to move or does not exist.
    fn legal(&self, seat: Seat) -> Vec<Value>;
    /// Apply an action. Returns the events visible to `seat`, each as
    /// `{"audience":..,"event":..,"text":..}`. On error nothing changes.
    fn apply(&mut self, seat: Seat, action: &Value) -> Result<Vec<Value>, ProtocolError>;
    /// [`DynGame::apply`] without writing its events out as trees: what a server
    /// wants, which reads them as text from [`DynGame::events_seen`]. On error nothing
    /// changes.
    fn apply_only(&mut self, seat: Seat, action: &Value) -> Result<(), ProtocolError>;
    /// [`DynGame::apply`], returning what `viewer` (`None` = spectator) is told of the
    /// action ([`orrery_core::action_seen_by`]): exactly what the viewer's record shows
    /// of it, `None` while it is another seat's secret. What a terminal prints for a
    /// seat it does not play for. On error nothing changes.
    fn apply_seen_by(
        &mut self,
        seat: Seat,
        action: &Value,
        viewer: Option<Seat>,
    ) -> Result<Option<String>, ProtocolError>;
    /// The event log from entry `since` on, filtered to what `viewer` may see
    /// (`None` = spectator), and the index to ask from next time.
    fn events(&self, viewer: Option<Seat>, since: usize) -> (Vec<Value>, usize);
    /// The events `viewer` may see, numbered among those alone: `index` counts only
    /// the viewer's events, so gaps cannot tell it how many events it was not shown.
    /// From the viewer's event `since` on; returns them and the viewer's count.
    /// As JSON text each: a server writes them into its answers as they are.
    fn events_seen(&self, viewer: Option<Seat>, since: usize) -> (Vec<Box<RawValue>>, usize);
    /// What `viewer` may see (`None` = spectator); `null` for a seat that does not
    /// exist.
    fn view(&self, viewer: Option<Seat>) -> Value;
    /// The whole referee state (RNG and secret commitments included).
    fn state(&self) -> Value;
    fn outcome(&self) -> OutcomeJson;
    /// The referee's record so far: set-up, seed, every action with the hash after
    /// it — secrets included, for trusted tools only.
    fn record(&self) -> Record;
    /// The record as `viewer` (`None` = spectator) may see it: other seats' unrevealed
    /// secret commitments (and the hashes that cover them) are `null`, and so is the
    /// seed until the game is over. What a server serving players hands out.
    fn record_for(&self, viewer: Option<Seat>) -> SeatRecord;
    /// False once a state was loaded with [`DynGame::load_state`]: the record then
    /// no longer starts from the set-up and cannot be replayed.
    fn replayable(&self) -> bool;
    /// Whether `seat` may play `action` now (it reads as an action of this ruleset
    /// and is among the legal ones).
    fn is_legal(&self, seat: Seat, action: &Value) -> bool;
    fn can_undo(&self) -> bool;
    /// Take back the last action unless it rolled dice or revealed another seat's
    /// secret. Returns whether it did.
    fn undo(&mut self) -> bool;
    /// [`DynGame::undo`], but only if the last action was `seat`'s own.
    fn undo_by(&mut self, seat: Seat) -> bool;
    /// Would [`DynGame::undo_by`] take `seat`'s last action back now?
    fn can_undo_by(&self, seat: Seat) -> bool;
    /// Why [`DynGame::undo_by`] would refuse `seat` now, or `None` when it would
    /// not ([`orrery_core::Session::undo_refusal_by`]: the same test, with its reason).
    fn undo_refusal_by(&self, seat: Seat) -> Option<orrery_core::UndoRefusal>;
    fn seats(&self) -> u8;
    fn scores(&self) -> Vec<f64>;
    /// Replace the state with a saved one (from [`DynGame::state`]); the hash is the
    /// saved game's. On error nothing changes.
    fn load_state(&mut self, state: Value) -> Result<(), ProtocolError>;
    /// Seats that owe a decision now (as in [`DynGame::status`], without hashing).
    fn to_move(&self) -> Vec<Seat>;
    fn is_terminal(&self) -> bool;
    /// [`DynGame::status`] as `viewer` (`None` = spectator) may see it: the hash is
    /// of the viewer's view, never of the full state (which would let a seat test
    /// guesses of another seat's secret order against it). What a server hands out.
    fn seat_status(&self, viewer: Option<Seat>) -> Status;
    /// [`DynGame::seat_status`] and [`DynGame::view_raw`] at once (the view is
    /// written once, for the hash and to send).
    fn seat_status_and_view(&self, viewer: Option<Seat>) -> (Status, Box<RawValue>);
    /// [`DynGame::legal`] written as JSON directly (no [`Value`] tree: what a busy
    /// server sends).
    fn legal_raw(&self, seat: Seat) -> Box<RawValue>;
    /// How many legal actions `seat` has (none are written out).
    fn legal_count(&self, seat: Seat) -> usize;
    /// At most `limit` of [`DynGame::legal`] from index `offset`, written as JSON
    /// directly: only the page is written, however long the list.
    fn legal_page_raw(&self, seat: Seat, offset: usize, limit: usize) -> (Box<RawValue>, usize);
    /// [`DynGame::view`] written as JSON directly.
    fn view_raw(&self, viewer: Option<Seat>) -> Box<RawValue>;
    /// The action played for `seat` when it does not answer in time
    /// ([`orrery_core::Game::default_action`]); `None` when it is not to move.
    fn default_action(&self, seat: Seat) -> Option<Value>;
    /// An independent copy (an agent thinks on it while the game stays free).
    fn fork(&self) -> Box<dyn DynGame>;
    /// Keep undo snapshots of at most the last `depth` actions
    /// ([`Session::set_undo_depth`]; 0 = no undo, what a server without undo wants).
    fn set_undo_depth(&mut self, depth: usize);
    /// Hold the game in less memory while nobody plays it (issue 40): the log's
    /// older events, the record's older actions and the undo marks deflated (all but
    /// the last action's), spare capacity given back, and with one undo kept the
    /// state before the last action let go ([`Session::compact`]: an undo of it then
    /// costs a replay of the record). Nothing a reader sees changes; the next action
    /// costs no more for it. A server calls it when a game goes quiet, off the
    /// request path.
    fn compact(&mut self);
}

/// What a type-erased game shows people ([`orrery_core::Presentation`]): texts of
/// actions, the board, quick entry, the glossary and the ending in words. Every text
/// is built from what its reader may know.
pub trait DynPresentation {
    /// The result as a person reads it ([`orrery_core::Presentation::ending`]): headline,
    /// side names, results, rounded scores with what they count, losses. `None`
    /// while the game runs. The same for every seat and spectators.
    fn ending(&self) -> Option<Ending>;
    /// The ending when `resigned` gives the game up now
    /// ([`orrery_core::ending_after_resign`]): the others win, "{side} resigned".
    fn ending_after_resign(&self, resigned: Seat) -> Ending;
    /// The ending when every seat agrees to a draw now
    /// ([`orrery_core::ending_after_agreed_draw`]): all drew, "Drawn by agreement".
    fn ending_after_agreed_draw(&self) -> Ending;
    /// One description per action of `legal_raw(seat)`, in the same order
    /// ([`orrery_core::Presentation::describe_action`] as `seat` reads it).
    fn legal_text(&self, seat: Seat) -> Vec<String>;
    /// Each of `seat`'s recorded actions in words, as the seat read it when it chose
    /// it (in the state before it), in order: what a tutorial's progress is read
    /// from (issue 41).
    fn texts_of_actions(&self, seat: Seat) -> Vec<String>;
    /// One-line description of an action as `viewer` (`None` = spectator) may read it
    /// ([`orrery_core::Presentation::describe_action`]); the action must deserialize.
    fn describe_action(
        &self,
        viewer: Option<Seat>,
        action: &Value,
    ) -> Result<String, ProtocolError>;
    fn render_text(&self, viewer: Option<Seat>) -> String;
    /// The ruleset's in-game glossary ([`orrery_core::Presentation::glossary`]).
    fn glossary(&self) -> &'static str;
    /// What `seat` may type for its current question ([`orrery_core::Presentation::input_hint`]).
    fn input_hint(&self, seat: Seat) -> Option<String>;
    /// Quick order entry ([`orrery_core::Presentation::parse_action`]): the actions as JSON.
    fn parse_action_text(&self, seat: Seat, text: &str) -> Option<Result<Vec<Value>, String>>;
    /// Does `seat`'s `action` surely end the game ([`orrery_core::Presentation::ends_game`])?
    /// False for an action that does not read or is not legal now.
    fn ends_game(&self, seat: Seat, action: &Value) -> bool;
}

/// Exact odds and previews of a type-erased game ([`orrery_core::Odds`]).
pub trait DynOdds {
    /// The exact odds of `action` for `seat` ([`orrery_core::Odds::action_odds`]):
    /// `illegal_action` unless it is an attack roll legal now.
    fn odds(&self, seat: Seat, action: &Value) -> Result<Value, ProtocolError> {
        let _ = (seat, action);
        Err(ProtocolError::IllegalAction(
            "this game gives no odds".to_string(),
        ))
    }
    /// What `action` would do for `seat` now ([`orrery_core::Odds::preview_action`]):
    /// `illegal_action` unless it is legal now and the ruleset previews it.
    fn preview(&self, seat: Seat, action: &Value) -> Result<Value, ProtocolError>;
    /// [`orrery_core::Odds::action_odds_text`]: the odds of `action` in one line, or
    /// `None` when it is not an attack (or does not read as an action).
    fn odds_text(&self, seat: Seat, action: &Value) -> Option<String>;
}

/// The AI of a type-erased game: an agent's choice and the learned model's estimate
/// (`orrery_agents`), each from the seat's view alone.
pub trait DynAgents {
    /// The action the named agent (seeded with `seed`) would take for `seat`. Does
    /// not change the game.
    /// The action agent `agent` (seeded with `seed`, thinking within `budget`) picks
    /// for `seat` now; not applied.
    fn agent_action(
        &self,
        seat: Seat,
        agent: &str,
        seed: u64,
        budget: Budget,
    ) -> Result<Value, ProtocolError>;
    /// `seat`'s chance to win as the learned model judges the game from the seat's
    /// view alone (issue 38): `{"seat", "value", "model"}`; `no_model` when no model
    /// fits this game (see [`orrery_agents::model::for_game`]).
    fn estimate(&self, seat: Seat) -> Result<Value, ProtocolError>;
    /// The analysis of the game's record so far ([`orrery_agents::analysis`], issue
    /// 41): each decision's chance before and after, the best move found, the loss
    /// and its mark, what followed, and a summary per seat. Every action is written
    /// as JSON and in words (`played_text`, `best_text`, as anyone may read them);
    /// `progress(done, total)` after each recorded action.
    fn analyse(
        &self,
        depth: orrery_agents::analysis::Depth,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Value, ProtocolError>;
    /// What the AI would tell `seat` now ([`orrery_agents::analysis::hint`], issue
    /// 41), from the seat's view alone: `{"seat", "chance", "iterations", "choices"}`,
    /// each choice `{"action", "text", "chance", "visits", "index"}` (`index`: its
    /// place in the seat's legal list, for a board to highlight). `not_your_turn`
    /// unless the seat is to move; `game_over` after the end.
    fn hint(
        &self,
        seat: Seat,
        depth: orrery_agents::analysis::Depth,
    ) -> Result<Value, ProtocolError>;
}

/// [`DynGame`] for a concrete [`Game`](orrery_core::Game).
#[derive(Clone)]
pub struct SessionGame<G: FullGame> {
    session: Session<G>,
    replayable: bool,
    /// Every event so far (all audiences), as JSON entries.
    log: EventLog,
    /// `log.len()` before each recorded action, for undo.
    marks: Marks,
}

impl<G: FullGame> SessionGame<G> {
    /// The game with its log: the set-up's events ([`Session::setup_events`], its
    /// rolls, with `seat` null) first.
    pub fn new(session: Session<G>) -> Self {
        let mut g = SessionGame {
            session,
            replayable: true,
            log: EventLog::default(),
            marks: Marks::default(),
        };
        let opening = g.session.setup_events().to_vec();
        g.push_events(None, &opening);
        g
    }

    /// Replay a record, checking every recorded hash and keeping the event log.
    pub fn from_record(record: &Record) -> Result<Self, ProtocolError> {
        record
            .replay_into::<G, Self>(
                |scenario, seed| Session::new(scenario, seed).map(SessionGame::new),
                |g, seat, a| {
                    g.apply_logged(seat, a)?;
                    Ok(g.session.game().state_hash())
                },
            )
            .map_err(|e| ProtocolError::ReplayFailed(e.to_string()))
    }

    /// Apply through the session, logging the events; returns the index of the first
    /// new log entry.
    fn apply_typed(&mut self, seat: Seat, action: &G::Action) -> Result<usize, ProtocolError> {
        Ok(self.apply_logged(seat, action)?)
    }

    /// [`Self::apply_typed`] with the rules' own error, for replays.
    fn apply_logged(
        &mut self,
        seat: Seat,
        action: &G::Action,
    ) -> Result<usize, orrery_core::ActionError> {
        let events = self.session.apply(seat, action)?;
        let start = self.log.len();
        self.marks.push(start);
        self.push_events(Some(seat), &events);
        Ok(start)
    }

    /// Log `events` of `seat`'s action (`None`: the set-up's), described by the state
    /// after it.
    fn push_events(&mut self, seat: Option<Seat>, events: &[Logged<G::Event>]) {
        let g = self.session.game();
        for e in events {
            // Through a tree, so the event's keys are written in a map's order.
            let event = serde_json::to_value(&e.event).unwrap_or(Value::Null);
            self.log.push(LogEntry::new(
                e.audience.clone(),
                seat,
                event,
                event_text(g, &e.event),
            ));
        }
    }

    /// Drop the events of the action just undone.
    fn cut_log(&mut self) {
        if let Some(mark) = self.marks.pop() {
            self.log.truncate(mark);
        }
    }

    /// The underlying session.
    pub fn session(&self) -> &Session<G> {
        &self.session
    }

    fn seat_exists(&self, seat: Seat) -> bool {
        seat.0 < self.session.game().seats()
    }

    /// Read an action, strictly: it must be written exactly as the ruleset writes it
    /// (no unknown fields, enum names as strings, not numbers), so a typo is an
    /// error rather than a different order.
    fn parse_action(action: &Value) -> Result<G::Action, ProtocolError> {
        let parsed = G::Action::deserialize(action).map_err(|e| {
            ProtocolError::IllegalAction(format!(
                "not an action of this ruleset: {}",
                crate::clip_to(&e.to_string(), 400)
            ))
        })?;
        let canonical = serde_json::to_value(&parsed)
            .map_err(|e| ProtocolError::Internal(format!("action cannot be written: {e}")))?;
        match crate::strict::difference(action, &canonical, "") {
            None => Ok(parsed),
            Some(why) => Err(ProtocolError::IllegalAction(format!(
                "not an action of this ruleset: {why}"
            ))),
        }
    }
}

/// JSON `null`, raw.
pub fn raw_null() -> Box<RawValue> {
    to_raw_value(&()).expect("null is JSON")
}

/// An event's description; a ruleset that fails describing it (a bug) must not leave
/// the game half-applied, so the failure becomes a placeholder text.
fn event_text<G: FullGame>(g: &G, event: &G::Event) -> String {
    catch_unwind(AssertUnwindSafe(|| g.describe_event(event)))
        .unwrap_or_else(|_| "(the ruleset could not describe this event)".to_string())
}

/// Check a freshly deserialized state: every invariant of the ruleset
/// ([`Game::validate`](orrery_core::Game::validate), all problems listed), then that it answers the basic
/// questions without failing, so that a malformed save cannot crash later requests.
fn sanity_check<G: FullGame>(g: &G) -> Result<(), String> {
    match catch_unwind(AssertUnwindSafe(|| g.validate())) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => {
            return Err(format!(
                "{} problem(s): {}",
                e.problems.len(),
                e.problems.join("; ")
            ))
        }
        Err(_) => return Err("the state is inconsistent (the ruleset failed checking it)".into()),
    }
    let r = catch_unwind(AssertUnwindSafe(|| {
        let to_move = g.to_move();
        let outcome = g.outcome();
        if to_move.is_empty() != outcome.is_some() {
            return Err("to_move must be empty exactly when the game is over".to_string());
        }
        let n = g.seats();
        if to_move.iter().any(|s| s.0 >= n) {
            return Err("a seat to move does not exist".to_string());
        }
        let _ = g.scores();
        let _ = g.progress();
        let _ = serde_json::to_value(g.view(None));
        for s in Seat::all(n) {
            let _ = g.legal_actions(s);
            let _ = serde_json::to_value(g.view(Some(s)));
        }
        Ok(())
    }));
    match r {
        Ok(r) => r,
        Err(_) => Err("the state is inconsistent (the ruleset failed reading it)".to_string()),
    }
}

impl<G: FullGame> DynGame for SessionGame<G> {
    fn ruleset(&self) -> &'static str {
        G::INFO.id
    }

    fn to_move(&self) -> Vec<Seat> {
        self.session.game().to_move()
    }

    fn legal_raw(&self, seat: Seat) -> Box<RawValue> {
        let legal = match self.seat_exists(seat) {
            true => self.session.game().legal_actions(seat),
            false => Vec::new(),
        };
        to_raw_value(&legal).unwrap_or_else(|_| raw_null())
    }

    fn legal_count(&self, seat: Seat) -> usize {
        match self.seat_exists(seat) {
            true => self.session.game().legal_actions(seat).len(),
            false => 0,
        }
    }

    fn legal_page_raw(&self, seat: Seat, offset: usize, limit: usize) -> (Box<RawValue>, usize) {
        let legal = match self.seat_exists(seat) {
            true => self.session.game().legal_actions(seat),
            false => Vec::new(),
        };
        let page: Vec<_> = legal.iter().skip(offset).take(limit).collect();
        (
            to_raw_value(&page).unwrap_or_else(|_| raw_null()),
            legal.len(),
        )
    }

    fn view_raw(&self, viewer: Option<Seat>) -> Box<RawValue> {
        if viewer.is_some_and(|s| !self.seat_exists(s)) {
            return raw_null();
        }
        to_raw_value(&self.session.game().view(viewer)).unwrap_or_else(|_| raw_null())
    }

    fn is_terminal(&self) -> bool {
        self.session.game().is_terminal()
    }

    fn seat_status(&self, viewer: Option<Seat>) -> Status {
        self.seat_status_and_view(viewer).0
    }

    fn seat_status_and_view(&self, viewer: Option<Seat>) -> (Status, Box<RawValue>) {
        let g = self.session.game();
        let p = g.progress();
        let view = self.view_raw(viewer);
        // The hash of the view's JSON text as sent, and of who sees it.
        let who = match viewer {
            Some(s) => format!("seat {s}:"),
            None => "spectator:".to_string(),
        };
        let hash = stable_hash_bytes(&[who.as_bytes(), view.get().as_bytes()].concat());
        let status = Status {
            to_move: g.to_move(),
            terminal: g.is_terminal(),
            turn: p.turn,
            phase: p.phase,
            hash,
        };
        (status, view)
    }

    fn default_action(&self, seat: Seat) -> Option<Value> {
        let g = self.session.game();
        if g.is_terminal() || !self.seat_exists(seat) || !g.to_move().contains(&seat) {
            return None;
        }
        g.default_action(seat)
            .and_then(|a| serde_json::to_value(a).ok())
    }

    fn fork(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn set_undo_depth(&mut self, depth: usize) {
        self.session.set_undo_depth(depth);
    }

    fn compact(&mut self) {
        let last_action = self.marks.last().unwrap_or(self.log.len());
        self.log.seal(last_action);
        self.marks.seal();
        self.session.compact();
    }

    fn last_hash(&self) -> Option<orrery_core::StateHash> {
        self.session.last_recorded().and_then(|a| a.hash)
    }

    fn status(&self) -> Status {
        let g = self.session.game();
        let p = g.progress();
        Status {
            to_move: g.to_move(),
            terminal: g.is_terminal(),
            turn: p.turn,
            phase: p.phase,
            hash: g.state_hash(),
        }
    }

    fn legal(&self, seat: Seat) -> Vec<Value> {
        if !self.seat_exists(seat) {
            return Vec::new();
        }
        self.session
            .game()
            .legal_actions(seat)
            .iter()
            .filter_map(|a| serde_json::to_value(a).ok())
            .collect()
    }

    fn apply(&mut self, seat: Seat, action: &Value) -> Result<Vec<Value>, ProtocolError> {
        let start = self.log.len();
        self.apply_only(seat, action)?;
        Ok(self.log.values_from(Some(seat), start))
    }

    fn apply_only(&mut self, seat: Seat, action: &Value) -> Result<(), ProtocolError> {
        let action = Self::parse_action(action)?;
        let g = self.session.game();
        if g.is_terminal() {
            return Err(ProtocolError::GameOver);
        }
        if !self.seat_exists(seat) {
            return Err(ProtocolError::NotYourTurn(format!(
                "seat {seat} does not exist (seats 0..{})",
                g.seats()
            )));
        }
        self.apply_typed(seat, &action)?;
        Ok(())
    }

    fn apply_seen_by(
        &mut self,
        seat: Seat,
        action: &Value,
        viewer: Option<Seat>,
    ) -> Result<Option<String>, ProtocolError> {
        let typed = Self::parse_action(action)?;
        let before = self.session.game().clone();
        self.apply(seat, action)?;
        let after = self.session.game();
        catch_unwind(AssertUnwindSafe(|| {
            orrery_core::action_seen_by(&before, after, seat, &typed, viewer)
        }))
        .map_err(|_| ProtocolError::Internal("the ruleset could not describe the action".into()))
    }

    fn events(&self, viewer: Option<Seat>, since: usize) -> (Vec<Value>, usize) {
        (self.log.values_from(viewer, since), self.log.len())
    }

    fn events_seen(&self, viewer: Option<Seat>, since: usize) -> (Vec<Box<RawValue>>, usize) {
        self.log.seen_by(viewer, since)
    }

    fn view(&self, viewer: Option<Seat>) -> Value {
        if let Some(s) = viewer {
            if !self.seat_exists(s) {
                return Value::Null;
            }
        }
        serde_json::to_value(self.session.game().view(viewer)).unwrap_or(Value::Null)
    }

    fn state(&self) -> Value {
        serde_json::to_value(self.session.game()).unwrap_or(Value::Null)
    }

    fn outcome(&self) -> OutcomeJson {
        let g = self.session.game();
        match g.outcome() {
            Some(o) => OutcomeJson {
                terminal: true,
                winners: o.winners,
                scores: o.scores,
                reason: o.reason,
            },
            None => OutcomeJson {
                terminal: false,
                winners: Vec::new(),
                scores: g.scores(),
                reason: String::new(),
            },
        }
    }

    fn record(&self) -> Record {
        self.session.record().into_owned()
    }

    fn record_for(&self, viewer: Option<Seat>) -> SeatRecord {
        self.session.seat_record(viewer)
    }

    fn replayable(&self) -> bool {
        self.replayable
    }

    fn is_legal(&self, seat: Seat, action: &Value) -> bool {
        let Ok(action) = Self::parse_action(action) else {
            return false;
        };
        self.seat_exists(seat)
            && !self.session.game().is_terminal()
            && self.session.game().legal_actions(seat).contains(&action)
    }

    fn can_undo(&self) -> bool {
        self.session.can_undo()
    }

    fn undo(&mut self) -> bool {
        if !self.session.undo() {
            return false;
        }
        self.cut_log();
        true
    }

    fn undo_by(&mut self, seat: Seat) -> bool {
        if !self.session.undo_by(seat) {
            return false;
        }
        self.cut_log();
        true
    }

    fn can_undo_by(&self, seat: Seat) -> bool {
        self.session.last_actor() == Some(seat) && self.session.can_undo()
    }

    fn undo_refusal_by(&self, seat: Seat) -> Option<orrery_core::UndoRefusal> {
        self.session.undo_refusal_by(seat)
    }

    fn seats(&self) -> u8 {
        self.session.game().seats()
    }

    fn scores(&self) -> Vec<f64> {
        self.session.game().scores()
    }

    fn load_state(&mut self, state: Value) -> Result<(), ProtocolError> {
        let game: G = serde_json::from_value(state).map_err(|e| {
            ProtocolError::InvalidState(format!("not a `{}` state: {e}", G::INFO.id))
        })?;
        sanity_check(&game).map_err(ProtocolError::InvalidState)?;
        self.session.replace_state(game);
        self.replayable = false;
        self.log.clear();
        self.marks.clear();
        Ok(())
    }
}

impl<G: FullGame> DynPresentation for SessionGame<G> {
    fn ending(&self) -> Option<Ending> {
        self.session.game().ending()
    }
    fn ending_after_resign(&self, resigned: Seat) -> Ending {
        orrery_core::ending_after_resign(self.session.game(), resigned)
    }
    fn ending_after_agreed_draw(&self) -> Ending {
        orrery_core::ending_after_agreed_draw(self.session.game())
    }
    fn legal_text(&self, seat: Seat) -> Vec<String> {
        if !self.seat_exists(seat) {
            return Vec::new();
        }
        let g = self.session.game();
        g.legal_actions(seat)
            .iter()
            .map(|a| g.describe_action(Some(seat), a))
            .collect()
    }
    fn texts_of_actions(&self, seat: Seat) -> Vec<String> {
        let replayed = self.session.record().replay_into::<G, _>(
            |scenario, seed| G::setup(scenario, seed).map(|g| (g, Vec::new())),
            |(g, texts), s, a| {
                if s == seat {
                    texts.push(g.describe_action(Some(seat), a));
                }
                g.apply(s, a)?;
                Ok(g.state_hash())
            },
        );
        replayed.map(|(_, texts)| texts).unwrap_or_default()
    }
    fn describe_action(
        &self,
        viewer: Option<Seat>,
        action: &Value,
    ) -> Result<String, ProtocolError> {
        let action = Self::parse_action(action)?;
        Ok(self.session.game().describe_action(viewer, &action))
    }
    fn render_text(&self, viewer: Option<Seat>) -> String {
        if let Some(s) = viewer {
            if !self.seat_exists(s) {
                return String::new();
            }
        }
        self.session.game().render_text(viewer)
    }
    fn glossary(&self) -> &'static str {
        G::glossary()
    }
    fn input_hint(&self, seat: Seat) -> Option<String> {
        let g = self.session.game();
        if g.is_terminal() || !self.seat_exists(seat) {
            return None;
        }
        g.input_hint(seat)
    }
    fn parse_action_text(&self, seat: Seat, text: &str) -> Option<Result<Vec<Value>, String>> {
        if !self.seat_exists(seat) {
            return Some(Err(format!("seat {seat} does not exist")));
        }
        let parsed = self.session.game().parse_action(seat, text)?;
        Some(parsed.map(|actions| {
            actions
                .iter()
                .map(|a| serde_json::to_value(a).unwrap_or(Value::Null))
                .collect()
        }))
    }
    fn ends_game(&self, seat: Seat, action: &Value) -> bool {
        let Ok(action) = Self::parse_action(action) else {
            return false;
        };
        let g = self.session.game();
        self.seat_exists(seat)
            && g.legal_actions(seat).contains(&action)
            && g.ends_game(seat, &action)
    }
}

impl<G: FullGame> DynOdds for SessionGame<G> {
    fn odds(&self, seat: Seat, action: &Value) -> Result<Value, ProtocolError> {
        let action = Self::parse_action(action)?;
        let g = self.session.game();
        if g.is_terminal() {
            return Err(ProtocolError::GameOver);
        }
        if !self.seat_exists(seat) {
            return Err(ProtocolError::NotYourTurn(format!(
                "seat {seat} does not exist (seats 0..{})",
                g.seats()
            )));
        }
        g.action_odds(seat, &action).ok_or_else(|| {
            ProtocolError::IllegalAction(format!(
                "no odds: `{}` is not an attack roll seat {seat} may make now",
                g.describe_action(Some(seat), &action)
            ))
        })
    }
    fn preview(&self, seat: Seat, action: &Value) -> Result<Value, ProtocolError> {
        let action = Self::parse_action(action)?;
        let g = self.session.game();
        if g.is_terminal() {
            return Err(ProtocolError::GameOver);
        }
        if !self.seat_exists(seat) || !g.legal_actions(seat).contains(&action) {
            return Err(ProtocolError::IllegalAction(
                "no preview: not an action this seat may take now".to_string(),
            ));
        }
        g.preview_action(seat, &action).ok_or_else(|| {
            ProtocolError::IllegalAction(format!(
                "no preview: the ruleset previews nothing for `{}`",
                g.describe_action(Some(seat), &action)
            ))
        })
    }
    fn odds_text(&self, seat: Seat, action: &Value) -> Option<String> {
        let action = Self::parse_action(action).ok()?;
        let g = self.session.game();
        if g.is_terminal() || !self.seat_exists(seat) {
            return None;
        }
        g.action_odds_text(seat, &action)
    }
}

impl<G: FullGame> SessionGame<G> {
    /// The game, when `seat` is to move in it: `game_over` after the end,
    /// `not_your_turn` for a seat not to move (or not of this game).
    fn to_move_now(&self, seat: Seat) -> Result<&G, ProtocolError> {
        let g = self.session.game();
        if g.is_terminal() {
            return Err(ProtocolError::GameOver);
        }
        if !self.seat_exists(seat) || !g.to_move().contains(&seat) {
            return Err(ProtocolError::NotYourTurn(format!(
                "seat {seat} is not to move (to move: {:?})",
                g.to_move().iter().map(|s| s.0).collect::<Vec<_>>()
            )));
        }
        Ok(g)
    }
}

impl<G: FullGame> DynAgents for SessionGame<G> {
    fn analyse(
        &self,
        depth: orrery_agents::analysis::Depth,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Value, ProtocolError> {
        // The set-up and the typed actions, read by the one replay loop (which also
        // checks every recorded hash on the way).
        let (start, _, actions) = self.session.record().replay_into::<G, _>(
            |scenario, seed| G::setup(scenario, seed).map(|g| (g.clone(), g, Vec::new())),
            |(_, g, actions), seat, a| {
                g.apply(seat, a)?;
                actions.push((seat, a.clone()));
                Ok(g.state_hash())
            },
        )?;
        let analysis = orrery_agents::analysis::analyse(&start, &actions, depth, progress);
        // Each decision's moves in words, in the state they were chosen in.
        let mut texts = Vec::with_capacity(analysis.decisions.len());
        let mut g = start;
        let mut next = analysis.decisions.iter().peekable();
        for (i, (seat, action)) in actions.iter().enumerate() {
            if let Some(d) = next.next_if(|d| d.index == i) {
                let best = d.best.as_ref().map(|b| g.describe_action(None, b));
                texts.push((g.describe_action(None, &d.played), best));
            }
            if g.apply(*seat, action).is_err() {
                break;
            }
        }
        let mut v = serde_json::to_value(&analysis)
            .map_err(|e| ProtocolError::Internal(format!("analysis cannot be written: {e}")))?;
        if let Some(list) = v["decisions"].as_array_mut() {
            for (d, (played, best)) in list.iter_mut().zip(texts) {
                d["played_text"] = Value::String(played);
                d["best_text"] = best.map_or(Value::Null, Value::String);
            }
        }
        v["ruleset"] = Value::String(G::INFO.id.to_string());
        Ok(v)
    }

    fn hint(
        &self,
        seat: Seat,
        depth: orrery_agents::analysis::Depth,
    ) -> Result<Value, ProtocolError> {
        let g = self.to_move_now(seat)?;
        orrery_agents::analysis::hint_json(g, seat, depth)
            .ok_or_else(|| ProtocolError::NoAction(format!("seat {seat} has nothing to choose")))
    }

    fn agent_action(
        &self,
        seat: Seat,
        agent: &str,
        seed: u64,
        budget: Budget,
    ) -> Result<Value, ProtocolError> {
        let mut a = orrery_agents::by_name_with::<G>(agent, seed, budget)?;
        let g = self.to_move_now(seat)?;
        let action = a.choose(g, seat).ok_or_else(|| {
            ProtocolError::NoAction(format!("agent `{agent}` found no action for seat {seat}"))
        })?;
        serde_json::to_value(&action)
            .map_err(|e| ProtocolError::Internal(format!("action cannot be written: {e}")))
    }
    fn estimate(&self, seat: Seat) -> Result<Value, ProtocolError> {
        if !self.seat_exists(seat) {
            return Err(ProtocolError::bad(format!(
                "seat {seat} is not a seat of this game"
            )));
        }
        let g = self.session.game();
        let model = orrery_agents::model::for_game(g).ok_or_else(|| {
            ProtocolError::NoModel(format!(
                "no learned model fits this {} game (none shipped for its scenario's shape, \
                 none loaded with --model); train one with `orrery train {}`",
                G::INFO.id,
                G::INFO.id
            ))
        })?;
        Ok(serde_json::json!({
            "seat": seat.0,
            "value": model.value_of(g, seat),
            "model": model.about(),
        }))
    }
}
