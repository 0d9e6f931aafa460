//! Guns: what an active squadron does on its activation — dogfight, formation,
//! voluntary return to base — and the advance after a won dogfight (seed "Fighter
//! Formations", "Dogfight", "Return to Base", "Advance"; LF-10, LF-12, LF-14).

use super::{illegal, strictly_ascending, subsets};
use crate::action::Action;
use crate::event::{BarrageResult, Event};
use crate::refusal::Refusal;
use crate::state::{Activation, Decision, LaunchFighters, Pending, System};
use crate::types::{TerrainKind, UnitId};
use orrery_hex::Hex;

impl LaunchFighters {
    /// Dogfights, formations (every subset of wingmen), returns to base.
    pub(super) fn guns_candidates(&self, act: &Activation) -> Vec<Action> {
        let Some((u, _, at)) = self.squadron_on_map(act.unit) else {
            return Vec::new();
        };
        let seat = u.owner;
        let mut v: Vec<Action> = self
            .adjacent_enemy_squadrons(at, seat)
            .into_iter()
            .map(|target| Action::Dogfight { target })
            .collect();
        for target in self.adjacent_enemy_ships(at, seat) {
            let eligible = self.wingmen_for(act.unit, target);
            for wingmen in subsets(&eligible, eligible.len()) {
                v.push(Action::Formation { target, wingmen });
            }
        }
        for host in self.return_hosts(act.unit) {
            v.push(Action::ReturnToBase { host });
        }
        v
    }

    /// Squadrons that may join `leader`'s formation against `target`: the leader's
    /// owner's (same player, LFO-12) other active squadrons adjacent to the target that
    /// have not activated this turn (LFO-14), ascending ids (LFO-10). (At most five:
    /// one squadron per hex around the target.)
    fn wingmen_for(&self, leader: UnitId, target: UnitId) -> Vec<UnitId> {
        let (Some(l), Some((_, _, th))) = (self.unit_opt(leader), self.ship_on_map(target)) else {
            return Vec::new();
        };
        self.units
            .iter()
            .filter(|u| u.id != leader && u.owner == l.owner && !u.activated)
            .filter(|u| !self.warp_holds_fire(u.id))
            .filter(|u| u.squadron().is_some_and(|s| s.active))
            .filter(|u| u.hex().is_some_and(|h| h.is_adjacent(th)))
            .map(|u| u.id)
            .collect()
    }

    /// The squadron has not used its guns (nor returned) in this activation, nor is it
    /// held back by warp (LF-19).
    fn check_guns_unused(&self, act: &Activation) -> Result<(), Refusal> {
        if act.used.contains(&System::Guns) {
            return illegal(Refusal::SquadronAttacked);
        }
        if self.warp_holds_fire(act.unit) {
            return illegal(Refusal::SquadronWarped);
        }
        Ok(())
    }

    /// LF-10: "Guns: a squadron attacks one adjacent target; against another squadron
    /// it is a dogfight."
    pub(super) fn check_dogfight(&self, act: &Activation, target: UnitId) -> Result<(), Refusal> {
        self.check_guns_unused(act)?;
        let Some((u, _, at)) = self.squadron_on_map(act.unit) else {
            return illegal(Refusal::ActiveSquadronOffMap);
        };
        let Some(t) = self.unit_opt(target) else {
            return illegal(Refusal::NoSuchTarget(target));
        };
        let Some((_, _, th)) = self.squadron_on_map(target) else {
            return illegal(Refusal::DogfightTarget(target));
        };
        if t.owner == u.owner {
            return illegal(Refusal::OwnSquadron(target));
        }
        if !th.is_adjacent(at) {
            return illegal(Refusal::SquadronNotAdjacent(target));
        }
        Ok(())
    }

    /// LF-12 dogfight:
    /// > "each player rolls one die to determine the victor. Ties are unbroken – the
    /// > dogfight is a draw and there is no result."
    ///
    /// Each roll is −1 (minimum 1) if its opponent is in an asteroid hex. The higher
    /// roller wins and hits the loser with the lower roll as its defence: direct if the
    /// winner's roll is more than double. The event reports the adjusted rolls. The
    /// attacker rolls first, then the defender (LFO-11). The hit — and any elimination
    /// — is the winner's owner's, even when the defender wins (LFO-15).
    pub(super) fn exec_dogfight(&mut self, target: UnitId, ev: &mut Vec<Event>) {
        let Some(act) = self.activation.as_mut() else {
            return;
        };
        let attacker = act.unit;
        act.used.push(System::Guns);
        let (Some((_, _, ah)), Some((_, _, th))) =
            (self.squadron_on_map(attacker), self.squadron_on_map(target))
        else {
            return;
        };
        let asteroid = |h: Hex| self.terrain_at(h) == Some(TerrainKind::Asteroid);
        let (a_pen, d_pen) = (u8::from(asteroid(th)), u8::from(asteroid(ah)));
        let a_roll = self.rng.d6().saturating_sub(a_pen).max(1);
        let d_roll = self.rng.d6().saturating_sub(d_pen).max(1);
        self.fired_this_turn = true;
        let (winner, loser, w, l) = if a_roll > d_roll {
            (attacker, target, a_roll, d_roll)
        } else if d_roll > a_roll {
            (target, attacker, d_roll, a_roll)
        } else {
            ev.push(Event::Dogfight {
                attacker,
                defender: target,
                attacker_roll: a_roll,
                defender_roll: d_roll,
                winner: None,
                result: None,
            });
            return;
        };
        let result = if u32::from(w) > 2 * u32::from(l) {
            BarrageResult::DirectHit
        } else {
            BarrageResult::Hit
        };
        ev.push(Event::Dogfight {
            attacker,
            defender: target,
            attacker_roll: a_roll,
            defender_roll: d_roll,
            winner: Some(winner),
            result: Some(result),
        });
        let wseat = self.unit(winner).owner;
        let vacated = if loser == attacker { ah } else { th };
        if let Some(act) = self.activation.as_mut() {
            act.dogfight = Some((winner, loser));
        }
        if self.hit_squadron(wseat, loser, result, ev) {
            // Eliminated at once: the winner's side may advance.
            if let Some(act) = self.activation.as_mut() {
                act.dogfight = None;
            }
            self.pending.push(Pending {
                seat: wseat,
                decision: Decision::Advance { winner, vacated },
            });
        }
    }

    /// LF-10: "against a ship a formation of 1+ active squadrons of one owner adjacent
    /// to that ship rolls one die each in a single barrage (one activation, all members
    /// spent)". Wingmen are listed once each in ascending id order (LFO-10) and must
    /// not have activated this turn (LFO-14).
    pub(super) fn check_formation(
        &self,
        act: &Activation,
        target: UnitId,
        wingmen: &[UnitId],
    ) -> Result<(), Refusal> {
        self.check_guns_unused(act)?;
        let Some((u, _, at)) = self.squadron_on_map(act.unit) else {
            return illegal(Refusal::ActiveSquadronOffMap);
        };
        let Some(t) = self.unit_opt(target) else {
            return illegal(Refusal::NoSuchTarget(target));
        };
        let Some((_, _, th)) = self.ship_on_map(target) else {
            return illegal(Refusal::FormationTarget(target));
        };
        if t.owner == u.owner {
            return illegal(Refusal::OwnShip(target));
        }
        if !th.is_adjacent(at) {
            return illegal(Refusal::ShipNotAdjacent(target));
        }
        if !strictly_ascending(wingmen) {
            return illegal(Refusal::WingmenOrder);
        }
        let eligible = self.wingmen_for(act.unit, target);
        for w in wingmen {
            if !eligible.contains(w) {
                return illegal(Refusal::CannotJoin(*w));
            }
        }
        Ok(())
    }

    /// Seed "Fighter Formations": "All the fighters in the formation activate together
    /// and roll their dice together in one barrage. All squadrons in the formation have
    /// now attacked and none may initiate an attack again this turn." Against the
    /// ship's Defense; hits by LF-13 (guns: defender chooses, direct: attacker).
    /// LFO-14: the formation rolls at once — one barrage, no pool — with terrain
    /// modifiers measured from the leader's hex.
    pub(super) fn exec_formation(
        &mut self,
        target: UnitId,
        wingmen: &[UnitId],
        ev: &mut Vec<Event>,
    ) {
        let Some(act) = self.activation.as_mut() else {
            return;
        };
        let leader = act.unit;
        act.used.push(System::Guns);
        for &w in wingmen {
            if let Some(u) = self.units.get_mut(w.index()) {
                u.activated = true;
            }
        }
        let n = u8::try_from(wingmen.len() + 1).unwrap_or(u8::MAX);
        self.roll_barrage(leader, System::Guns, target, n, ev);
    }

    /// Seed "Return to Base": "Any fighter can voluntarily return to base instead of
    /// attacking on its attack phase activation." Hosts by LF-14.
    pub(super) fn check_voluntary_return(
        &self,
        act: &Activation,
        host: UnitId,
    ) -> Result<(), Refusal> {
        self.check_guns_unused(act)?;
        if self.squadron_on_map(act.unit).is_none() {
            return illegal(Refusal::ActiveSquadronOffMap);
        }
        if !self.return_hosts(act.unit).contains(&host) {
            return illegal(Refusal::NoHostForThis(host));
        }
        Ok(())
    }

    pub(super) fn exec_voluntary_return(&mut self, host: UnitId, ev: &mut Vec<Event>) {
        let Some(act) = self.activation.as_mut() else {
            return;
        };
        let sq = act.unit;
        act.used.push(System::Guns);
        self.land(sq, host, ev);
    }

    /// Who may advance into `vacated` after `winner` won a dogfight (LF-14): the winner
    /// itself, or another squadron of the same owner adjacent to both the winner and
    /// the vacated hex — only active squadrons, the winner included (LFO-13: inactive
    /// ones "can only defend"), and only while the hex is empty. Ascending ids. "Same
    /// team" is the same player (LFO-12).
    ///
    /// > "the victorious fighter squadron may advance into the newly vacated space. As
    /// > an alternative, a fighter squadron on the same team as the victor that is
    /// > adjacent to both the victor and the vacated space may advance"
    pub(super) fn advance_options(&self, winner: UnitId, vacated: Hex) -> Vec<UnitId> {
        let Some((wu, _, wh)) = self.squadron_on_map(winner) else {
            return Vec::new();
        };
        if !self.enterable(vacated) || !self.is_empty_hex(vacated) {
            return Vec::new();
        }
        self.units
            .iter()
            .filter(|u| u.owner == wu.owner && u.squadron().is_some_and(|s| s.active))
            .filter(|u| {
                u.hex().is_some_and(|h| {
                    h.is_adjacent(vacated) && (u.id == winner || h.is_adjacent(wh))
                })
            })
            .map(|u| u.id)
            .collect()
    }

    /// Move the advancing squadron (asteroid roll applies, LF-14).
    pub(super) fn exec_advance(&mut self, sq: UnitId, to: Hex, ev: &mut Vec<Event>) {
        let Some(u) = self.units.get_mut(sq.index()) else {
            return;
        };
        u.location = crate::state::Location::OnMap(to);
        ev.push(Event::Advanced { squadron: sq, to });
        self.squadron_enters(sq, ev);
    }
}
