//! The Step Chart as a procedure (LF-08) and the turn cycle (seed "The Battle").
//!
//! > "If there are multiple units in a movement step, the player with the lowest
//! > initiative must move one unit first. Within a given step, each player moves only
//! > one unit at a time, in order of initiative from lowest to highest."
//!
//! > "this attack initiative is from highest to lowest"

use crate::event::Event;
use crate::state::{LaunchFighters, Location, Phase, UnitKind};
use orrery_core::Seat;

impl LaunchFighters {
    /// Initiative sequence for the current phase: ascending for movement (and
    /// recovery), descending for attack.
    pub(crate) fn sequence(&self) -> Vec<Seat> {
        let mut s = self.order.clone();
        if matches!(self.phase, Phase::Attack { .. }) {
            s.reverse();
        }
        s
    }

    /// May this unit take its turn in the current step? (LF-08: step membership is
    /// re-read each time a player is to choose.)
    pub(crate) fn in_current_step(&self, unit: &crate::state::Unit) -> bool {
        if !matches!(unit.location, Location::OnMap(_)) {
            return false;
        }
        if let Some(sq) = unit.squadron() {
            if !sq.active {
                return false;
            }
        }
        match self.phase {
            Phase::Movement { step } => !unit.moved && unit.step() == step,
            Phase::Attack { step } => !unit.activated && unit.step() == step,
            _ => false,
        }
    }

    /// The player whose unit goes next in the step: the first from the cursor, in
    /// sequence, who has a unit in the step.
    pub(crate) fn step_actor(&self) -> Option<Seat> {
        let seq = self.sequence();
        let n = seq.len();
        (0..n).map(|k| seq[(self.cursor + k) % n]).find(|&seat| {
            self.units
                .iter()
                .any(|u| u.owner == seat && self.in_current_step(u))
        })
    }

    /// A unit of `seat` finished its move or activation: the next player in sequence
    /// goes next.
    pub(crate) fn unit_turn_done(&mut self, seat: Seat) {
        let seq = self.sequence();
        if let Some(i) = seq.iter().position(|&s| s == seat) {
            self.cursor = (i + 1) % seq.len().max(1);
        }
    }

    /// Run everything that needs no decision until someone owes one or the game ends.
    pub(crate) fn advance(&mut self, ev: &mut Vec<Event>) {
        loop {
            if self.outcome.is_some() || !self.pending.is_empty() || self.activation.is_some() {
                return;
            }
            match self.phase {
                Phase::Over => return,
                Phase::Placement => {
                    if self.placement_actor().is_some() {
                        return;
                    }
                    self.start_turn(ev);
                }
                Phase::Movement { step } => {
                    if self.step_actor().is_some() {
                        return;
                    }
                    self.cursor = 0;
                    if step < 5 {
                        self.phase = Phase::Movement { step: step + 1 };
                    } else {
                        self.phase = Phase::Attack { step: 5 };
                        ev.push(Event::PhaseStarted {
                            phase: "attack".into(),
                        });
                    }
                }
                Phase::Attack { step } => {
                    if self.step_actor().is_some() {
                        return;
                    }
                    self.cursor = 0;
                    if step > 0 {
                        self.phase = Phase::Attack { step: step - 1 };
                    } else {
                        self.phase = Phase::Recovery;
                        ev.push(Event::PhaseStarted {
                            phase: "recovery".into(),
                        });
                        self.begin_recovery(ev);
                    }
                }
                Phase::Recovery => {
                    if self.recovery_actor().is_some() {
                        return;
                    }
                    self.end_recovery(ev);
                    self.start_turn(ev);
                }
            }
        }
    }

    /// Start a turn: check the end of the game (LF-17), reset per-turn flags, roll
    /// initiative (LF-06) and open the movement phase at step 0.
    pub(crate) fn start_turn(&mut self, ev: &mut Vec<Event>) {
        if self.turn > 0 {
            self.quiet_turns = if self.fired_this_turn {
                0
            } else {
                self.quiet_turns + 1
            };
            self.count_held_turns();
        }
        self.fired_this_turn = false;
        if let Some(reason) = self.end_reason() {
            self.finish(reason, ev);
            return;
        }
        self.turn += 1;
        for u in &mut self.units {
            u.moved = false;
            u.activated = false;
            match &mut u.kind {
                UnitKind::Ship(s) => {
                    s.recovered_this_turn = 0;
                    s.warp_declared = false;
                    s.used_booster_this_turn = false;
                    s.repaired_this_turn = false;
                }
                UnitKind::Squadron(q) => q.warp_declared = false,
            }
        }
        ev.push(Event::TurnStarted { turn: self.turn });
        self.roll_initiative(ev);
        self.cursor = 0;
        self.phase = Phase::Movement { step: 0 };
        ev.push(Event::PhaseStarted {
            phase: "movement".into(),
        });
    }
}
