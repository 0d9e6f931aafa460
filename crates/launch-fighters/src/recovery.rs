//! The recovery phase (seed "D) Recovery", "Repair", "Warp Drive"; LF-16, LF-19).
//!
//! > "Three things happen during the recovery phase:
//! > 1) Any fighters that are upside-down (incapacitated) recover unharmed and return
//! >    to capable status. Flip the counters back over.
//! > 2) Any ships with "repair" add-ons may attempt to repair. …
//! > 3) Any unit capable of moving and adjacent to the edge of the board and/or
//! >    designated area must "retreat". Remove that unit from the board; it may not
//! >    return."
//!
//! > "Each level of Repair is a one-time use (cross it off). Roll one die per ship. If
//! > it turns up 4, 5 or 6 then raise one stat one level, but not above its original
//! > level. Players use repair at the very end of each turn in the recovery phase, in
//! > initiative sequence, lowest first. Each player rolls for all their ships before
//! > going to the next player, regardless of move of any ship. Only one repair may be
//! > used per ship per turn."
//!
//! Bookkeeping: during the recovery phase `cursor` (the Step Chart's round-robin
//! cursor, idle in this phase and reset to 0 when it begins) indexes `order`: players
//! before it have finished their repairs this turn. `EndRepairs` moves it past the
//! player. (A `Player` flag was not added because `testkit` builds `Player` values
//! field by field.)

use crate::action::Action;
use crate::event::Event;
use crate::refusal::Refusal;
use crate::state::{Decision, LaunchFighters, Location, Pending, Phase, Unit};
use crate::types::{Stat, UnitId};
use orrery_core::Seat;
use orrery_hex::Hex;

impl LaunchFighters {
    /// Step (1): every inactive squadron, on the map or aboard, turns active (LF-16
    /// (1)); repairs start with the lowest initiative.
    pub(crate) fn begin_recovery(&mut self, ev: &mut Vec<Event>) {
        let mut count = 0u32;
        for u in &mut self.units {
            if !matches!(u.location, Location::OnMap(_) | Location::Aboard(_)) {
                continue;
            }
            if let Some(s) = u.squadron_mut() {
                if !s.active {
                    s.active = true;
                    count += 1;
                }
            }
        }
        ev.push(Event::SquadronsRecovered { count });
        self.cursor = 0;
    }

    /// Can this ship attempt a repair now? On the map, Repair left, not repaired this
    /// turn, and some stat (of `stats`: holds too when they can be hit) below its
    /// original level (LF-16 (2)).
    fn can_repair(u: &Unit, stats: &[Stat]) -> bool {
        matches!(u.location, Location::OnMap(_))
            && u.ship().is_some_and(|s| {
                s.repair_left > 0
                    && !s.repaired_this_turn
                    && stats.iter().any(|&st| s.level(st) < s.original_level(st))
            })
    }

    fn has_repairable(&self, seat: Seat) -> bool {
        self.units
            .iter()
            .any(|u| u.owner == seat && Self::can_repair(u, self.hittable()))
    }

    /// Who decides about repairs now: the first player in ascending initiative, from
    /// the recovery cursor on, with a ship that can repair.
    pub(crate) fn recovery_actor(&self) -> Option<Seat> {
        if self.phase != Phase::Recovery {
            return None;
        }
        self.order
            .iter()
            .skip(self.cursor)
            .copied()
            .find(|&s| self.has_repairable(s))
    }

    fn pending_repair_stat(&self) -> Option<UnitId> {
        match self.pending.last().map(|p| &p.decision) {
            Some(Decision::RepairStat { ship }) => Some(*ship),
            _ => None,
        }
    }

    pub(crate) fn recovery_candidates(&self, seat: Seat) -> Vec<Action> {
        if self.pending_repair_stat().is_some() {
            return self
                .hittable()
                .iter()
                .map(|&stat| Action::RepairStat { stat })
                .collect();
        }
        if self.recovery_actor() != Some(seat) {
            return Vec::new();
        }
        let mut out: Vec<Action> = self
            .units
            .iter()
            .filter(|u| u.owner == seat && Self::can_repair(u, self.hittable()))
            .map(|u| Action::Repair { ship: u.id })
            .collect();
        out.push(Action::EndRepairs);
        out
    }

    pub(crate) fn check_recovery(&self, seat: Seat, a: &Action) -> Result<(), Refusal> {
        if let Some(ship) = self.pending_repair_stat() {
            let Action::RepairStat { stat } = a else {
                return Err(Refusal::ChooseRepairStat);
            };
            let Some(s) = self.units.get(ship.index()).and_then(|u| u.ship()) else {
                return Err(Refusal::RepairedShipGone);
            };
            if !self.hittable().contains(stat) {
                return Err(Refusal::HoldsRepair);
            }
            if s.level(*stat) >= s.original_level(*stat) {
                return Err(Refusal::AtOriginalLevel {
                    stat: *stat,
                    level: s.original_level(*stat),
                });
            }
            return Ok(());
        }
        if self.recovery_actor() != Some(seat) {
            return Err(Refusal::NotYourRepair);
        }
        match a {
            Action::EndRepairs => Ok(()),
            Action::Repair { ship } => {
                let Some(u) = self.units.get(ship.index()) else {
                    return Err(Refusal::NoUnitNumber(*ship));
                };
                if u.owner != seat {
                    return Err(Refusal::BelongsTo {
                        unit: *ship,
                        owner: u.owner,
                    });
                }
                let Some(s) = u.ship() else {
                    return Err(Refusal::RepairSquadron(*ship));
                };
                if !matches!(u.location, Location::OnMap(_)) {
                    return Err(Refusal::ShipNumberOffMap(*ship));
                }
                if s.repair_left == 0 {
                    return Err(Refusal::NoRepairLeft(*ship));
                }
                if s.repaired_this_turn {
                    return Err(Refusal::RepairUsed(*ship));
                }
                if !Self::can_repair(u, self.hittable()) {
                    return Err(Refusal::NothingToRepair(*ship));
                }
                Ok(())
            }
            _ => Err(Refusal::OnlyRepair),
        }
    }

    pub(crate) fn exec_recovery(&mut self, seat: Seat, a: &Action, ev: &mut Vec<Event>) {
        match a {
            Action::RepairStat { stat } => {
                let Some(ship) = self.pending_repair_stat() else {
                    return;
                };
                self.pending.pop();
                let Some(s) = self.units.get_mut(ship.index()).and_then(|u| u.ship_mut()) else {
                    return;
                };
                let original = s.original_level(*stat);
                let level = s.level_mut(*stat);
                if *level < original {
                    *level += 1;
                }
                let to = *level;
                ev.push(Event::StatRaised {
                    ship,
                    stat: *stat,
                    to,
                });
            }
            Action::Repair { ship } => {
                let ship = *ship;
                let Some(s) = self.units.get_mut(ship.index()).and_then(|u| u.ship_mut()) else {
                    return;
                };
                // "Each level of Repair is a one-time use (cross it off)."
                s.repair_left = s.repair_left.saturating_sub(1);
                s.repaired_this_turn = true;
                let (roll, success) = self.roll_four_up();
                ev.push(Event::RepairRoll {
                    ship,
                    roll,
                    success,
                });
                if success {
                    self.pending.push(Pending {
                        seat,
                        decision: Decision::RepairStat { ship },
                    });
                }
            }
            Action::EndRepairs => {
                if let Some(i) = self.order.iter().position(|&s| s == seat) {
                    self.cursor = self.cursor.max(i + 1);
                }
            }
            _ => {}
        }
    }

    /// Step (3): "every unit in an edge hex (or a scenario exit area) that can move
    /// (ship Move ≥ 1, any squadron) is removed as retreated and never returns; ships
    /// in warp (LF-19) leave now too" (LF-16). Warp (seed): "At the end of the entire
    /// turn, if that ship still has move stat of 1 or more, warp drive is engaged and
    /// the ship retreats from the board." A squadron with warp drive (optional rule)
    /// that declared warp and is still on the map leaves the same way; its Move is
    /// always 5 and it is right side up again after step (1). Squadrons aboard a leaving ship stay aboard
    /// it and so leave with it. A ship both warping and on an edge hex is reported as
    /// warped out.
    pub(crate) fn end_recovery(&mut self, ev: &mut Vec<Event>) {
        self.retreat_from_exits(ev);
    }

    /// Is `h` in the scenario's exit area (LF-16 (3))?
    pub fn in_exit_area(&self, h: Hex) -> bool {
        self.exit_area.iter().any(|e| e.hex() == h)
    }

    fn retreat_from_exits(&mut self, ev: &mut Vec<Event>) {
        for i in 0..self.units.len() {
            let u = &self.units[i];
            let Some(h) = u.hex() else { continue };
            let (can_move, warping) = match u.ship() {
                Some(s) => (s.stats.mv >= 1, s.warp_declared && s.stats.mv >= 1),
                None => (true, u.warp_declared()),
            };
            let (id, is_ship) = (u.id, u.is_ship());
            if warping {
                self.units[i].location = Location::Retreated;
                ev.push(if is_ship {
                    Event::WarpedOut { ship: id }
                } else {
                    Event::SquadronWarpedOut { squadron: id }
                });
            } else if can_move && (self.map.is_edge(h) || self.in_exit_area(h)) {
                self.units[i].location = Location::Retreated;
                self.units[i].retreated_at = Some(h);
                ev.push(Event::Retreated { unit: id });
            }
        }
    }
}
