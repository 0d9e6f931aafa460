//! Ship weapons: cannons and launchers — targets, the pool of attack dice, intercept,
//! flanking, barrages and their hits (seed "How to Attack with a Weapons System" 1)–8),
//! "Hit Results"; LF-04, LF-05, LF-10, LF-11, LF-13, LF-14).

use super::illegal;
use crate::action::Action;
use crate::event::{BarrageResult, Event};
use crate::refusal::Refusal;
use crate::state::{Activation, Decision, LaunchFighters, Pending, Pool, System};
use crate::types::UnitId;
use orrery_core::Seat;
use orrery_hex::{Arc, Hex};

/// Longest range of cannons and launchers: "A ship up to 5 spaces away".
pub(crate) const RANGE: u32 = 5;

/// Fighters' Move, for flak halving: "because all fighters move 5".
const FIGHTER_MOVE: u8 = 5;

/// Halve, rounding up (seed "halve the number of attack dice in the pool, rounding up").
fn halve_up(n: u8) -> u8 {
    n.div_ceil(2)
}

/// Grade a barrage (seed "7) Damage and Hits"; LF-11):
/// > "Automatic Miss: If all the dice thrown in the barrage turn up '1' … Miss: If the
/// > sum is equal to or less the target's defense … Hit: If the sum is higher than the
/// > target's defense stat … Direct Hit: If a barrage roll beats twice (double) the
/// > defense".
pub(super) fn grade(dice: &[u8], total: u32, defense: u32) -> BarrageResult {
    if dice.iter().all(|&d| d == 1) {
        BarrageResult::AutoMiss
    } else if total > 2 * defense {
        BarrageResult::DirectHit
    } else if total > defense {
        BarrageResult::Hit
    } else {
        BarrageResult::Miss
    }
}

impl LaunchFighters {
    /// `FireCannons` / `FireLaunchers` at every enemy unit on the map (check filters
    /// range, nebulae and what is left to fire).
    pub(super) fn fire_candidates(&self, act: &Activation) -> Vec<Action> {
        let Some((u, s, _)) = self.ship_on_map(act.unit) else {
            return Vec::new();
        };
        let max_missiles = s.stats.launchers.min(s.missiles);
        let mut v = Vec::new();
        for t in self
            .units
            .iter()
            .filter(|t| t.owner != u.owner && t.hex().is_some())
        {
            v.push(Action::FireCannons { target: t.id });
            for n in 1..=max_missiles {
                v.push(Action::FireLaunchers {
                    target: t.id,
                    missiles: n,
                });
            }
        }
        v
    }

    /// Seed "2) Targets and Range": "Launchers or cannons may target: A ship up to 5
    /// spaces away; An adjacent fighter squadron" — always an opponent's unit (LF-10),
    /// and with a nebula only when adjacent. Returns whether it is flak. LFO-12: an
    /// opponent is any other player (the seed has no alliances).
    fn check_weapon_target(&self, attacker: UnitId, target: UnitId) -> Result<bool, Refusal> {
        let Some((a, _, ah)) = self.ship_on_map(attacker) else {
            return illegal(Refusal::FiringShipOffMap);
        };
        let Some(t) = self.unit_opt(target) else {
            return illegal(Refusal::NoSuchTarget(target));
        };
        let Some(th) = t.hex() else {
            return illegal(Refusal::TargetOffMap(target));
        };
        if t.owner == a.owner {
            return illegal(Refusal::OwnTarget(target));
        }
        let d = ah.distance(th);
        let flak = !t.is_ship();
        if flak {
            if d != 1 {
                return illegal(Refusal::FlakNotAdjacent { target, d });
            }
        } else if d > RANGE {
            return illegal(Refusal::BeyondRange { target, d });
        }
        if self.nebula_blocks(ah, th) {
            return illegal(Refusal::NebulaNotAdjacent(target));
        }
        Ok(flak)
    }

    /// Check `FireCannons` / `FireLaunchers` (`missiles` given for launchers).
    pub(super) fn check_fire(
        &self,
        act: &Activation,
        system: System,
        target: UnitId,
        missiles: Option<u8>,
    ) -> Result<(), Refusal> {
        let Some((_, s, _)) = self.ship_on_map(act.unit) else {
            return illegal(Refusal::ActiveShipOffMap);
        };
        let name = system.name();
        if act.pool.is_some() {
            return illegal(Refusal::PoolOpen);
        }
        if act.launching {
            return illegal(Refusal::Launching);
        }
        if act.used.contains(&system) {
            return illegal(Refusal::SystemUsed { name });
        }
        if self.warp_holds_fire(act.unit) {
            return illegal(Refusal::ShipWarped);
        }
        match system {
            System::Cannons => {
                if s.stats.cannons == 0 {
                    return illegal(Refusal::CannonsAtZero);
                }
            }
            _ => {
                if s.stats.launchers == 0 {
                    return illegal(Refusal::LaunchersAtZero);
                }
                let n = missiles.unwrap_or(0);
                if n == 0 {
                    return illegal(Refusal::NoMissilesFired);
                }
                if n > s.stats.launchers {
                    return illegal(Refusal::MissilesOverLaunchers {
                        n,
                        launchers: s.stats.launchers,
                    });
                }
                if n > s.missiles {
                    return illegal(Refusal::MissilesLeft {
                        n,
                        left: s.missiles,
                    });
                }
            }
        }
        self.check_weapon_target(act.unit, target).map(|_| ())
    }

    /// Gather the pool (seed 3)–5); LF-10 order: gather → halve → intercept → double).
    /// Missiles are spent at once. With eligible interceptors the target's owner is
    /// asked first (LF-05); otherwise the pool is finalized now. LFO-12: launcher flak
    /// is never halved (only cannons halve) nor intercepted (only launchers at a ship).
    pub(super) fn exec_fire(
        &mut self,
        system: System,
        target: UnitId,
        missiles: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(act) = self.activation.as_ref() else {
            return;
        };
        let attacker = act.unit;
        let Some((_, s, ah)) = self.ship_on_map(attacker) else {
            return;
        };
        let Some(t) = self.unit_opt(target) else {
            return;
        };
        let flak = !t.is_ship();
        let target_move = t.ship().map_or(FIGHTER_MOVE, |ts| ts.stats.mv);
        let cannons = s.stats.cannons;
        let (mut dice, mut note) = match system {
            System::Cannons => (cannons, format!("cannons {cannons}")),
            _ => (missiles, format!("{missiles} missiles")),
        };
        // "Fast Targets and Cannons … If cannons are firing flak at fighters and the
        // ship has a cannons stat less than 5 … halve the number of dice, rounding up."
        if system == System::Cannons && target_move > cannons {
            dice = halve_up(dice);
            if flak {
                note.push_str(&format!(
                    "; halved (flak, cannons {cannons} < {FIGHTER_MOVE})"
                ));
            } else {
                note.push_str(&format!(
                    "; halved (fast target: Move {target_move} > cannons {cannons})"
                ));
            }
        }
        // Fighters "neither benefit from nor are vulnerable to flanking".
        let flank = !flak && self.flanking(attacker, target);
        if system == System::Launchers {
            if let Some(s) = self.unit_mut(attacker).ship_mut() {
                s.missiles = s.missiles.saturating_sub(missiles);
            }
        }
        if let Some(act) = self.activation.as_mut() {
            act.used.push(system);
            act.pool = Some(Pool {
                system,
                target,
                dice,
                flak,
                flank,
                note,
            });
        }
        // LF-05: "only for launcher attacks on a ship".
        if system == System::Launchers && !flak && !self.interceptors(target, ah).is_empty() {
            let defender = self.unit(target).owner;
            self.pending.push(Pending {
                seat: defender,
                decision: Decision::Intercept { target },
            });
            return;
        }
        self.finalize_pool(ev);
    }

    /// "A ship may not move and/or fire in the turn it engages warp" (optional rule,
    /// LF-19), and under fighter warp a squadron likewise: it neither attacks, joins a
    /// formation nor intercepts.
    pub(super) fn warp_holds_fire(&self, unit: UnitId) -> bool {
        self.options.warp_no_move_fire && self.unit_opt(unit).is_some_and(|u| u.warp_declared())
    }

    /// LF-05: squadrons that may intercept missiles fired from `from` at ship `target`:
    /// the target owner's active squadrons adjacent to it and not in its arc opposite
    /// the incoming missiles (front missiles: not rear; rear: not front; side line:
    /// any). Ascending ids (LFO-10). "Same team" is the same player (LFO-12).
    ///
    /// > "Up to 3 active fighter squadrons may intercept if they are both: a) Adjacent to
    /// > the ship defending ship b) Not in the defending ship's arc opposite the incoming
    /// > missiles"
    pub(super) fn interceptors(&self, target: UnitId, from: Hex) -> Vec<UnitId> {
        let Some((tu, ts, th)) = self.ship_on_map(target) else {
            return Vec::new();
        };
        let opposite = match th.arc(ts.facing, from) {
            Arc::Front => Some(Arc::Rear),
            Arc::Rear => Some(Arc::Front),
            Arc::SideLine | Arc::Own => None,
        };
        self.units
            .iter()
            .filter(|u| u.owner == tu.owner && u.squadron().is_some_and(|s| s.active))
            .filter(|u| !self.warp_holds_fire(u.id))
            .filter(|u| {
                u.hex()
                    .is_some_and(|h| h.is_adjacent(th) && opposite != Some(th.arc(ts.facing, h)))
            })
            .map(|u| u.id)
            .collect()
    }

    /// Intercepts done (or none possible): apply the flanking bonus and announce the
    /// pool. LF-04: doubling comes "after the pool has been reduced by fast target or
    /// intercept and after the missile ordinance has been expended".
    pub(super) fn finalize_pool(&mut self, ev: &mut Vec<Event>) {
        let Some(act) = self.activation.as_mut() else {
            return;
        };
        let unit = act.unit;
        let Some(pool) = act.pool.as_mut() else {
            return;
        };
        if pool.flank {
            pool.dice = pool.dice.saturating_mul(2);
            pool.note.push_str("; doubled (flanking)");
            pool.flank = false;
        }
        ev.push(Event::PoolGathered {
            unit,
            system: pool.system.name().into(),
            target: pool.target,
            dice: pool.dice,
            note: pool.note.clone(),
        });
    }

    /// `Barrage` of 1..=dice; for flak at each adjacent enemy squadron, every barrage
    /// naming its squadron (LFO-12). Plus `StopFiring`.
    pub(super) fn barrage_candidates(&self, act: &Activation, pool: &Pool) -> Vec<Action> {
        let targets: Vec<Option<UnitId>> = if pool.flak {
            match self
                .unit_opt(act.unit)
                .and_then(|u| Some((u.owner, u.hex()?)))
            {
                Some((seat, at)) => self
                    .adjacent_enemy_squadrons(at, seat)
                    .into_iter()
                    .map(Some)
                    .collect(),
                None => Vec::new(),
            }
        } else {
            vec![None]
        };
        let mut v = Vec::new();
        for n in 1..=pool.dice {
            for t in &targets {
                v.push(Action::Barrage {
                    dice: n,
                    target: *t,
                });
            }
        }
        v.push(Action::StopFiring);
        v
    }

    /// Seed "6) Barrages": "For each 'barrage', you may throw one or more die from your
    /// pool"; "Flak … barrages can be rolled against any adjacent enemy fighter
    /// squadron as long as there are still dice left in the pool". LFO-12: every flak
    /// barrage names its squadron, any adjacent squadron of another player.
    pub(super) fn check_barrage(
        &self,
        act: &Activation,
        dice: u8,
        target: Option<UnitId>,
    ) -> Result<(), Refusal> {
        let Some(pool) = &act.pool else {
            return illegal(Refusal::NoPool);
        };
        if dice == 0 {
            return illegal(Refusal::NoDice);
        }
        if dice > pool.dice {
            return illegal(Refusal::DiceLeft(pool.dice));
        }
        if !pool.flak {
            return match target {
                None => Ok(()),
                Some(_) => illegal(Refusal::BarrageNamesNoTarget),
            };
        }
        let Some(t) = target else {
            return illegal(Refusal::FlakNameTarget);
        };
        let Some((u, _, at)) = self.ship_on_map(act.unit) else {
            return illegal(Refusal::FiringShipOffMap);
        };
        let Some((tu, _, th)) = self.squadron_on_map(t) else {
            return illegal(Refusal::FlakNotSquadron(t));
        };
        if tu.owner == u.owner {
            return illegal(Refusal::FlakOwn(t));
        }
        if !th.is_adjacent(at) {
            return illegal(Refusal::FlakSquadronNotAdjacent(t));
        }
        Ok(())
    }

    /// Roll a barrage from the open pool (LF-11) and apply what it scores.
    pub(super) fn exec_barrage(&mut self, dice: u8, target: Option<UnitId>, ev: &mut Vec<Event>) {
        let Some(act) = self.activation.as_mut() else {
            return;
        };
        let attacker = act.unit;
        let Some(pool) = act.pool.as_mut() else {
            return;
        };
        pool.dice = pool.dice.saturating_sub(dice);
        let system = pool.system;
        let target = target.unwrap_or(pool.target);
        self.roll_barrage(attacker, system, target, dice, ev);
    }

    /// One barrage of `n` dice by `attacker` (the leader, for a formation) at `target`
    /// (LF-11), then its hit (LF-13, LF-14):
    /// > "The goal when rolling barrages is to beat the target's defense stat with the
    /// > sum of the dice rolled." — "The defender rolls one die each time a squadron is
    /// > attacked."
    ///
    /// LFO-11: the attacker's dice are rolled first, then a squadron's defence die —
    /// rolled even when the attacker's dice are all 1s (an automatic miss), since "the
    /// defender rolls one die each time a squadron is attacked". The total after
    /// terrain modifiers may not drop below 1.
    pub(super) fn roll_barrage(
        &mut self,
        attacker: UnitId,
        system: System,
        target: UnitId,
        n: u8,
        ev: &mut Vec<Event>,
    ) {
        let (Some(au), Some(tu)) = (self.unit_opt(attacker), self.unit_opt(target)) else {
            return;
        };
        let (Some(ah), Some(th)) = (au.hex(), tu.hex()) else {
            return;
        };
        let seat = au.owner;
        let ship_defense = tu.ship().map(|s| s.stats.defense);
        let modifier = self.terrain_modifier(ah, th);
        let rolled: Vec<u8> = (0..n).map(|_| self.rng.d6()).collect();
        let (defense, defense_roll) = match ship_defense {
            Some(d) => (d, None),
            None => {
                let r = self.rng.d6();
                (r, Some(r))
            }
        };
        self.fired_this_turn = true;
        let sum: i32 = rolled.iter().map(|&d| i32::from(d)).sum();
        let total = (sum + i32::from(modifier)).max(1) as u32;
        let result = grade(&rolled, total, u32::from(defense));
        ev.push(Event::Barrage {
            attacker,
            target,
            dice: rolled,
            modifier,
            total: total.min(u32::from(u8::MAX)) as u8,
            defense,
            defense_roll,
            result,
        });
        if ship_defense.is_some() {
            self.hit_ship(system, seat, target, result);
        } else {
            self.hit_squadron(seat, target, result, ev);
        }
    }

    /// Hit Results, attacking a ship (LF-13):
    ///
    /// | Weapon | Hit | Direct hit |
    /// |---|---|---|
    /// | Cannons | defender chooses 1 stat | attacker chooses 1 stat |
    /// | Guns | defender chooses 1 stat | attacker chooses 1 stat |
    /// | Missiles | attacker chooses 1 stat | attacker chooses 2 stats |
    ///
    /// The choice is a pending `ReduceStats`; the ship's destruction is credited to the
    /// attacker ("The player who rolled the final barrage gets credit").
    pub(super) fn hit_ship(
        &mut self,
        system: System,
        attacker: Seat,
        ship: UnitId,
        result: BarrageResult,
    ) {
        let defender = self.unit(ship).owner;
        let (chooser, levels) = match (system, result) {
            (_, BarrageResult::Miss | BarrageResult::AutoMiss) => return,
            (System::Launchers, BarrageResult::Hit) => (attacker, 1),
            (System::Launchers, BarrageResult::DirectHit) => (attacker, 2),
            (_, BarrageResult::Hit) => (defender, 1),
            (_, BarrageResult::DirectHit) => (attacker, 1),
        };
        self.pending.push(Pending {
            seat: chooser,
            decision: Decision::ReduceStats {
                ship,
                levels,
                credited: Some(attacker),
            },
        });
    }

    /// Hit Results, attacking a squadron (LF-14): "A direct hit on a squadron will
    /// eliminate it. A hit on a squadron that is already inactive … will eliminate
    /// it." Otherwise the attacker chooses flip or return to base (`SquadronHit`).
    /// Returns true if the squadron was eliminated at once.
    pub(super) fn hit_squadron(
        &mut self,
        attacker: Seat,
        sq: UnitId,
        result: BarrageResult,
        ev: &mut Vec<Event>,
    ) -> bool {
        let active = self
            .unit_opt(sq)
            .and_then(|u| u.squadron())
            .is_some_and(|s| s.active);
        match result {
            BarrageResult::Miss | BarrageResult::AutoMiss => false,
            BarrageResult::DirectHit => {
                self.eliminate_squadron(sq, Some(attacker), ev);
                true
            }
            BarrageResult::Hit if !active => {
                self.eliminate_squadron(sq, Some(attacker), ev);
                true
            }
            BarrageResult::Hit => {
                self.pending.push(Pending {
                    seat: attacker,
                    decision: Decision::SquadronHit { squadron: sq },
                });
                false
            }
        }
    }
}
