//! What one seat may see of a game in memory, and its clocks' deadlines.

use super::SeatSlot;
use crate::store::SeatKind;
use orrery_core::Seat;
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
    /// When each seat's clock runs out (human seats to move, in a game with a clock).
    pub(crate) deadlines: Vec<Option<Instant>>,
    /// `{"seq","seat"}` of every action a clock played.
    pub timeouts: Vec<Value>,
}

impl Inner {
    pub fn over(&self) -> bool {
        self.resigned.is_some() || self.game.is_terminal()
    }

    /// The status as the engine protocol writes it, for `viewer`: the hash is of what
    /// the viewer sees ([`DynGame::seat_status`]); a resignation ends the game.
    pub fn status_of(&self, viewer: Option<Seat>) -> Status {
        self.ended(self.game.seat_status(viewer))
    }

    /// A resignation ends the game.
    fn ended(&self, mut status: Status) -> Status {
        if self.resigned.is_some() {
            status.terminal = true;
            status.to_move.clear();
        }
        status
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
        note: Note,
    ) -> (String, usize) {
        let legal = match viewer {
            Some(s) if !self.over() => self.game.legal_raw(s),
            _ => RawValue::from_string("[]".into()).unwrap_or_else(|_| raw_null()),
        };
        let legal_text = match viewer {
            Some(s) if note.describe && !self.over() => Some(self.game.legal_text(s)),
            _ if note.describe => Some(Vec::new()),
            _ => None,
        };
        let (events, next) = self.game.events_seen(viewer, since);
        let now = Instant::now();
        let clock = clock_ms.map(|per| {
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
        });
        let (status, view) = self.game.seat_status_and_view(viewer);
        let snap = Snapshot {
            ok: true,
            kind: note.kind,
            seat: viewer,
            status: self.ended(status),
            view,
            legal,
            legal_text,
            events,
            next,
            outcome: self.outcome(),
            timeouts: &self.timeouts,
            clock,
            timed_out: note.timed_out,
        };
        (serde_json::to_string(&snap).unwrap_or_default(), next)
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
}

#[derive(Serialize)]
struct Snapshot<'a> {
    ok: bool,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    seat: Option<Seat>,
    status: Status,
    view: Box<RawValue>,
    legal: Box<RawValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    legal_text: Option<Vec<String>>,
    events: Vec<Value>,
    next: usize,
    outcome: Value,
    timeouts: &'a [Value],
    clock: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    timed_out: Option<u8>,
}
