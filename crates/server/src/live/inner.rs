//! What one seat may see of a game in memory, and its clocks' deadlines.

use super::SeatSlot;
use crate::store::SeatKind;
use orrery_core::{Seat, UndoRefusal};
use orrery_protocol::{raw_null, DynGame, Status};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The mutable part of a game, behind its lock.
pub struct Inner {
    pub game: Box<dyn DynGame>,
    /// Actions recorded so far (the database's last `seq`).
    pub seq: i64,
    pub resigned: Option<u8>,
    /// Every seat agreed to a draw (issue 42).
    pub drawn: bool,
    /// When each seat's clock runs out (human seats to move, in a game with a clock).
    pub(crate) deadlines: Vec<Option<Instant>>,
    /// `{"seq","seat"}` of every action a clock played.
    pub timeouts: Vec<Value>,
    /// The last status and view written, and for whom ([`Inner::status_and_view`]).
    pub(crate) seen: std::sync::Mutex<Option<Seen>>,
    /// How many states before the last are kept to undo to: one, or
    /// [`LESSON_UNDO_DEPTH`] in a guided first battle.
    pub(crate) undo_depth: usize,
    /// The learner's last [`Inner::take_back_decision`], by state (every state
    /// answers it for the learner; it replays the undo on a copy).
    pub(crate) took_back: std::sync::Mutex<Option<(StateKey, Result<usize, String>)>>,
    /// The learner's lessons at the last state they were read
    /// ([`orrery_protocol::tutorial::Lessons::now`] replays the record).
    pub(crate) lessons_seen: std::sync::Mutex<Option<(StateKey, Value)>>,
}

/// A state of a game in memory, as its answers are kept by: the actions recorded and
/// the last one's state hash (an undo and a different action after it reach the same
/// count, not the same hash).
pub(crate) type StateKey = (i64, Option<orrery_core::StateHash>);

/// `make`'s answer at state `key`, kept in `slot` until the state changes.
fn kept_for<T: Clone>(
    slot: &std::sync::Mutex<Option<(StateKey, T)>>,
    key: StateKey,
    make: impl FnOnce() -> T,
) -> T {
    let mut kept = slot.lock().unwrap_or_else(|e| e.into_inner());
    match kept.as_ref() {
        Some((k, v)) if *k == key => v.clone(),
        _ => {
            let v = make();
            *kept = Some((key, v.clone()));
            v
        }
    }
}

/// The states a guided first battle keeps to go back to (issue 41: "lets the player
/// try again"): the learner's last decision with the AI's answers after it. The
/// battles are small (a few KiB a state) and one per learner.
pub const LESSON_UNDO_DEPTH: usize = 48;

/// A status and view as written for one viewer at one state: an action's answer
/// and the read that follows it (the player's next `GET`, a socket's push) write
/// and hash the same view, so the second is served from here (issue 40).
pub(crate) struct Seen {
    /// The actions recorded, the last one's state hash, and the viewer.
    key: (i64, Option<orrery_core::StateHash>, Option<Seat>),
    status: Status,
    view: Box<RawValue>,
}

impl Inner {
    pub fn over(&self) -> bool {
        self.resigned.is_some() || self.drawn || self.game.is_terminal()
    }

    /// The status as the engine protocol writes it, for `viewer`: the hash is of what
    /// the viewer sees ([`DynGame::seat_status`]); a resignation ends the game.
    pub fn status_of(&self, viewer: Option<Seat>) -> Status {
        self.ended(self.status_and_view(viewer).0)
    }

    /// Drop the last status and view kept (an idle game's memory).
    pub fn forget_view(&self) {
        *self.seen.lock().unwrap_or_else(|e| e.into_inner()) = None;
        *self.took_back.lock().unwrap_or_else(|e| e.into_inner()) = None;
        *self.lessons_seen.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// A game gone quiet holds its state in less memory: no view kept, the log's
    /// older events, the record's older actions and the undo copy packed away
    /// ([`DynGame::compact`]; cheap when nothing moved since).
    pub fn quiet(&mut self) {
        self.forget_view();
        self.game.compact();
    }

    /// [`DynGame::seat_status_and_view`], written once per state and viewer: the
    /// last one is kept, keyed by the actions recorded and the last one's state hash
    /// (an undo and a different action after it reach the same count, not the same
    /// hash).
    fn status_and_view(&self, viewer: Option<Seat>) -> (Status, Box<RawValue>) {
        let key = (self.seq, self.game.last_hash(), viewer);
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(s) = seen.as_ref().filter(|s| s.key == key) {
            return (s.status.clone(), s.view.clone());
        }
        let (status, view) = self.game.seat_status_and_view(viewer);
        *seen = Some(Seen {
            key,
            status: status.clone(),
            view: view.clone(),
        });
        (status, view)
    }

    /// A resignation ends the game.
    fn ended(&self, mut status: Status) -> Status {
        if self.resigned.is_some() || self.drawn {
            status.terminal = true;
            status.to_move.clear();
        }
        status
    }

    /// The result in words once the game is over (a resignation's own).
    pub fn ending(&self) -> Option<orrery_core::Ending> {
        match self.resigned {
            Some(r) => Some(self.game.ending_after_resign(Seat(r))),
            None if self.drawn => Some(self.game.ending_after_agreed_draw()),
            None => self.game.ending(),
        }
    }

    /// The state hash recorded with the last action, as the database has it (16 hex
    /// digits).
    pub fn game_hash(&self) -> String {
        self.game
            .last_hash()
            .unwrap_or_else(|| self.game.status().hash)
            .to_string()
    }

    /// The head of the game's action chain in the database (`games.head_hash`): the
    /// last action's state hash, `""` before the first (issue 37 §1).
    pub fn head_hash(&self) -> String {
        if self.seq == 0 {
            String::new()
        } else {
            self.game_hash()
        }
    }

    /// Why `seat` may not take its last action back now (issue 28's undo), in words a
    /// player reads beside the greyed-out control ("a die was rolled"; issue 37), or
    /// `None` when it may: [`orrery_core::may_undo`]'s test with its reason, and a game
    /// over.
    pub fn undo_refusal(&self, seat: Seat) -> Option<String> {
        if self.over() {
            return Some("the game is over".into());
        }
        self.game.undo_refusal_by(seat).map(|r| r.to_string())
    }

    /// In a guided first battle (issue 41: "lets the player try again"), the
    /// learner's last decision taken back with all that followed it: its own forced
    /// choices (taken where it had one legal action) and the AI's answers. `Ok(n)`:
    /// the n actions to take back; `Err`: why not, in words. Each action is tested
    /// as an undo of it alone would be ([`orrery_core::may_undo`]: no die rolled, no
    /// secret or hidden thing shown), so nothing the learner learnt since is unlearnt.
    pub fn take_back_decision(&self, learner: Seat) -> Result<usize, String> {
        if self.over() {
            return Err("the game is over".into());
        }
        kept_for(&self.took_back, self.state_key(), || {
            self.take_back_now(learner)
        })
    }

    /// This state's key for the answers kept per state.
    pub(crate) fn state_key(&self) -> StateKey {
        (self.seq, self.game.last_hash())
    }

    fn take_back_now(&self, learner: Seat) -> Result<usize, String> {
        let actors: Vec<Seat> = self.game.record().actions.iter().map(|a| a.seat).collect();
        let mut game = self.game.fork();
        for (n, &actor) in actors.iter().rev().enumerate() {
            match game.undo_refusal_by(actor) {
                // The states kept ran out before the learner's decision.
                Some(UndoRefusal::NothingYet) if n > 0 => {
                    return Err("your last decision is too far back".into())
                }
                Some(why) => return Err(why.to_string()),
                None if !game.undo() => break,
                None => {}
            }
            if actor == learner && game.legal_count(learner) > 1 {
                return Ok(n + 1);
            }
        }
        Err(UndoRefusal::NothingYet.to_string())
    }

    /// Take back the action just applied that the database never got
    /// ([`crate::store::StoreError::NotWritten`]), whatever the undo rules say: it
    /// did not happen. The copy is rebuilt from its record without it, with its one
    /// undo step, as [`Inner::keep_one_undo`] does.
    pub fn take_back_unwritten(
        &mut self,
        registry: &orrery_protocol::Registry,
    ) -> Result<(), crate::error::ApiError> {
        let mut record = self.game.record();
        record.actions.pop();
        self.replay(registry, &record, "a game without its unwritten action")
    }

    /// After an undo the copy of the state before the last action is gone: rebuild
    /// the game from its record, which keeps one again (the server holds one copy per
    /// game, not one per action; a guided battle its [`LESSON_UNDO_DEPTH`]). The
    /// record's hashes are checked on the way.
    pub fn keep_one_undo(
        &mut self,
        registry: &orrery_protocol::Registry,
    ) -> Result<(), crate::error::ApiError> {
        if self.seq == 0 {
            return Ok(());
        }
        let record = self.game.record();
        self.replay(registry, &record, "an undone game")
    }

    /// The copy rebuilt from `record` (its hashes checked on the way), keeping one
    /// undo step; `what` names the game in the log if it does not replay.
    fn replay(
        &mut self,
        registry: &orrery_protocol::Registry,
        record: &orrery_core::Record,
        what: &str,
    ) -> Result<(), crate::error::ApiError> {
        let mut game = registry.load_record(record).map_err(|e| {
            eprintln!("orrery serve: {what} does not replay: {e}");
            crate::error::ApiError::replay_failed()
        })?;
        game.set_undo_depth(self.undo_depth);
        self.game = game;
        Ok(())
    }

    pub fn status_for(&self, viewer: Option<Seat>) -> Value {
        serde_json::to_value(self.status_of(viewer)).unwrap_or(Value::Null)
    }

    /// The result (or the standings), with a resignation.
    pub fn outcome(&self) -> Value {
        let mut o = self.game.outcome();
        if let Some(r) = self.resigned {
            o.terminal = true;
            o.winners = (0..self.game.seats())
                .filter(|s| *s != r)
                .map(Seat)
                .collect();
            o.reason = format!("seat {r} resigned");
        } else if self.drawn {
            o.terminal = true;
            o.winners = (0..self.game.seats()).map(Seat).collect();
            o.reason = "drawn by agreement".to_string();
        }
        serde_json::to_value(o).unwrap_or(Value::Null)
    }

    /// Everything `viewer` may see now, as JSON text: status, view, legal actions,
    /// events from `since`, the outcome or standings, clock timeouts. Written without
    /// building a JSON tree of the view and legal actions (the bulk of every answer).
    /// Returns the text and the event index to ask from next time.
    pub fn snapshot(
        &self,
        viewer: Option<Seat>,
        since: usize,
        clock_ms: Option<u64>,
        players: Value,
        note: Note,
        lessons: Option<&orrery_protocol::tutorial::Lessons>,
    ) -> (String, usize) {
        let mut note = note;
        // The learner's lessons, for the learner only (they read its legal list).
        let lessons_now = lessons
            .filter(|l| viewer == Some(l.seat()) && !note.delta)
            .map(|l| {
                kept_for(&self.lessons_seen, self.state_key(), || {
                    l.now(self.game.as_ref())
                })
            });
        // A lesson's actions are places in the full list: while a lesson asks for
        // some of a long list, the list goes whole (products expand in another order).
        let taught = lessons_now
            .as_ref()
            .and_then(|l| l["lesson"]["actions"].as_array());
        if note.legal == Legal::Auto
            && taught.is_some_and(|a| viewer.is_some_and(|s| a.len() < self.game.legal_count(s)))
        {
            note.legal = Legal::Full;
        }
        let (events, next) = self.game.events_seen(viewer, since);
        // A delta push: what changed only, no view and no legal list.
        let (kind, status, view, legal) = if note.delta {
            (
                Some("change"),
                self.status_of(viewer),
                None,
                LegalPart::default(),
            )
        } else {
            let (status, view) = self.status_and_view(viewer);
            (
                note.kind,
                self.ended(status),
                Some(view),
                self.legal_part(viewer, note),
            )
        };
        // A guided battle's learner takes back a decision with the AI's answers.
        let learner = lessons.map(|l| l.seat()).filter(|&l| viewer == Some(l));
        let undo = viewer.map(|s| match learner {
            Some(l) => self.take_back_decision(l).err(),
            None => self.undo_refusal(s),
        });
        let snap = Snapshot {
            ok: true,
            kind,
            seat: viewer,
            status,
            view,
            legal: legal.legal,
            legal_count: legal.count,
            legal_offset: legal.offset,
            legal_compact: legal.compact,
            legal_text: legal.text,
            text: (note.text && !note.delta).then(|| self.game.render_text(viewer)),
            events,
            next,
            outcome: self.outcome(),
            timeouts: &self.timeouts,
            clock: self.clock(clock_ms),
            timed_out: note.timed_out,
            can_undo: undo.as_ref().map(Option::is_none),
            undo_refusal: undo.flatten(),
            players,
            ending: self.ending(),
            help: viewer.filter(|_| !self.over()).map(|_| note.help),
            lessons: lessons_now,
        };
        (serde_json::to_string(&snap).unwrap_or_default(), next)
    }

    /// The legal list of `viewer` in the form `note` asks for (`?legal=`, see
    /// docs/server.md), with its count, offset, products and texts as that form has
    /// them. Empty for a spectator or once the game is over.
    fn legal_part(&self, viewer: Option<Seat>, note: Note) -> LegalPart {
        let Some(s) = viewer.filter(|_| !self.over()) else {
            return match note.legal {
                Legal::None => LegalPart::default(),
                _ => LegalPart {
                    legal: Some(RawValue::from_string("[]".into()).unwrap_or_else(|_| raw_null())),
                    text: note.describe.then(Vec::new),
                    ..LegalPart::default()
                },
            };
        };
        let texts = |range: Option<(usize, usize)>| {
            note.describe.then(|| {
                let all = self.game.legal_text(s);
                match range {
                    Some((offset, limit)) => all.into_iter().skip(offset).take(limit).collect(),
                    None => all,
                }
            })
        };
        let compact = |n: usize| LegalPart {
            count: Some(n),
            compact: Some(crate::compact::compact(&self.game.legal(s))),
            ..LegalPart::default()
        };
        match note.legal {
            Legal::None => LegalPart {
                count: Some(self.game.legal_count(s)),
                ..LegalPart::default()
            },
            Legal::Full => LegalPart {
                legal: Some(self.game.legal_raw(s)),
                text: texts(None),
                ..LegalPart::default()
            },
            Legal::Page { offset, limit } => {
                let (page, n) = self.game.legal_page_raw(s, offset, limit);
                LegalPart {
                    legal: Some(page),
                    count: Some(n),
                    offset: Some(offset),
                    text: texts(Some((offset, limit))),
                    ..LegalPart::default()
                }
            }
            Legal::Compact => compact(self.game.legal_count(s)),
            Legal::Auto => match self.game.legal_count(s) {
                n if n <= AUTO_FULL_UP_TO => LegalPart {
                    legal: Some(self.game.legal_raw(s)),
                    text: texts(None),
                    ..LegalPart::default()
                },
                n => compact(n),
            },
        }
    }

    /// The clocks' state, when the game has clocks.
    fn clock(&self, clock_ms: Option<u64>) -> Option<Value> {
        let now = Instant::now();
        clock_ms.map(|per| {
            let left: Vec<Option<u64>> = self
                .deadlines
                .iter()
                .map(|d| match d {
                    Some(t) if !self.over() => {
                        Some(t.saturating_duration_since(now).as_millis() as u64)
                    }
                    _ => None,
                })
                .collect();
            json!({"per_decision_ms": per, "remaining_ms": left})
        })
    }

    /// Restart the clocks of seats that now owe a decision they did not owe before
    /// (or that just acted and owe another); stop those that owe none.
    pub(crate) fn update_deadlines(
        &mut self,
        before: &[Seat],
        actor: Option<u8>,
        slots: &[SeatSlot],
        clock: Option<u64>,
    ) {
        let Some(per) = clock else { return };
        let over = self.over();
        let to_move = self.game.to_move();
        let now = Instant::now();
        for (i, d) in self.deadlines.iter_mut().enumerate() {
            let seat = Seat(i as u8);
            // An open seat's clock runs once someone has taken it.
            let human = match slots.get(i) {
                Some(s) => match s.kind {
                    SeatKind::Human { .. } => true,
                    SeatKind::Open { .. } => s.token_hash().is_some(),
                    SeatKind::Agent { .. } => false,
                },
                None => false,
            };
            if over || !human || !to_move.contains(&seat) {
                *d = None;
            } else if d.is_none() || !before.contains(&seat) || actor == Some(seat.0) {
                *d = Some(now + Duration::from_millis(per));
            }
        }
    }
}

/// What a snapshot message says besides the state (WebSocket messages).
#[derive(Clone, Copy, Debug, Default)]
pub struct Note {
    /// `"state"` on the WebSocket.
    pub kind: Option<&'static str>,
    /// The seat whose clock just ran out.
    pub timed_out: Option<u8>,
    /// Add `legal_text`, one description per legal action (`?describe=1`).
    pub describe: bool,
    /// Add `text`, the board as the terminal draws it for the seat (`?text=1`).
    pub text: bool,
    /// The form of the legal list (`?legal=`).
    pub legal: Legal,
    /// A push of what changed only (no view, no legal list).
    pub delta: bool,
    /// The game allows hints and the win-chance bar ([`crate::live::Live::allows_help`]).
    pub help: bool,
}

/// The form of the legal list in a state (`?legal=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Legal {
    /// `full` (the default): every action, in the ruleset's order.
    #[default]
    Full,
    /// `none`: no list (the state only; cheapest).
    None,
    /// `compact`: `legal_compact`, products of field values, and `legal_count`.
    Compact,
    /// `page` with `offset`, `limit`: that slice of the full list, and `legal_count`.
    Page { offset: usize, limit: usize },
    /// `auto`: the full list (with texts) up to `AUTO_FULL_UP_TO` actions, else
    /// compact (what the browser asks for).
    Auto,
}

/// `?legal=auto` lists every action (and its text) up to this many.
pub const AUTO_FULL_UP_TO: usize = 2500;

/// Most actions in one page.
pub const MAX_PAGE: usize = 1000;

impl Legal {
    /// Read `?legal=`, `?offset=`, `?limit=`.
    pub fn from_query(q: &std::collections::HashMap<String, String>) -> Result<Legal, String> {
        let num = |k: &str, default: usize| -> Result<usize, String> {
            match q.get(k) {
                None => Ok(default),
                Some(v) => v.parse().map_err(|_| format!("`{k}` must be a number")),
            }
        };
        match q.get("legal").map(String::as_str) {
            None | Some("full") => Ok(Legal::Full),
            Some("none") => Ok(Legal::None),
            Some("compact") => Ok(Legal::Compact),
            Some("auto") => Ok(Legal::Auto),
            Some("page") => {
                let limit = num("limit", 100)?;
                if !(1..=MAX_PAGE).contains(&limit) {
                    return Err(format!("`limit` must be from 1 to {MAX_PAGE}"));
                }
                Ok(Legal::Page {
                    offset: num("offset", 0)?,
                    limit,
                })
            }
            Some(_) => Err("`legal` must be full, none, compact, page or auto".into()),
        }
    }
}

/// A state's legal list in one of its forms (`?legal=`).
#[derive(Default)]
struct LegalPart {
    legal: Option<Box<RawValue>>,
    count: Option<usize>,
    offset: Option<usize>,
    compact: Option<Vec<Value>>,
    text: Option<Vec<String>>,
}

#[derive(Serialize)]
struct Snapshot<'a> {
    ok: bool,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    seat: Option<Seat>,
    status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    view: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    legal: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    legal_count: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    legal_offset: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    legal_compact: Option<Vec<Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    legal_text: Option<Vec<String>>,
    /// The board in text for the viewer (`?text=1`: terminal clients).
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    events: Vec<Box<RawValue>>,
    next: usize,
    outcome: Value,
    timeouts: &'a [Value],
    clock: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    timed_out: Option<u8>,
    /// For a seat: may it take its last action back now (`POST …/undo`)?
    #[serde(skip_serializing_if = "Option::is_none")]
    can_undo: Option<bool>,
    /// For a seat that may not: why, in words ([`Inner::undo_refusal`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    undo_refusal: Option<String>,
    /// Who sits where: `[{"seat","type","agent"?,"name"?}]` (public).
    players: Value,
    /// Once over: the result in the ruleset's words (`Presentation::ending`; a resignation
    /// says who resigned). The same for everyone.
    #[serde(skip_serializing_if = "Option::is_none")]
    ending: Option<orrery_core::Ending>,
    /// For a seat, while the game goes on: `true` where it may ask for a hint and the
    /// win-chance bar (`GET …/hint`, issue 41).
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<bool>,
    /// In a guided first battle, for the learner: the lessons now
    /// ([`orrery_protocol::tutorial::Lessons::now`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    lessons: Option<Value>,
}
