//! The attack phase (seed "C) Attack"; LF-04, LF-05, LF-08, LF-10…LF-15, LF-21).
//!
//! > "During the attack phase, each unit is active just once. The player selects one
//! > action for each of his unit's weapons systems (e.g. cannons, launchers, bays, or
//! > guns) in any order."
//!
//! Layout, one concept per file:
//! - this file: dispatch (candidates / check / execute) and the geometry every attack
//!   shares — range, nebulae, terrain modifiers, flanking, asteroid entry;
//! - `activation`: activating a unit, ending it, and the automatic progression after
//!   every action (`settle`);
//! - `fire`: ship cannons and launchers — pools, fast targets, intercept, flanking,
//!   barrages and the hits they score;
//! - `bays`: launching squadrons;
//! - `fighters`: guns — dogfights, formations, voluntary return to base, advance;
//! - `decisions`: the pending decisions answered here (ReduceStats, Intercept,
//!   SquadronHit, ReturnToBase, BayLoss, Advance), whoever pushed them.
//!
//! Every action is checked completely by the pure `check_*` functions before the
//! `exec_*` functions run; the executors then cannot fail and never panic.

mod activation;
mod bays;
mod decisions;
mod fighters;
mod fire;

pub(crate) use fire::RANGE;

use crate::action::Action;
use crate::event::Event;
use crate::refusal::Refusal;
use crate::state::{LaunchFighters, Ship, Squadron, Unit};
use crate::types::{TerrainKind, UnitId};
use orrery_core::Seat;
use orrery_hex::{Arc, Hex};

/// Shorthand for a refused action: the reason, named by its rule ([`Refusal`]).
fn illegal<T>(why: Refusal) -> Result<T, Refusal> {
    Err(why)
}

impl LaunchFighters {
    /// Every action that might be legal for `seat` in the attack phase or for the
    /// decision on top of the stack (a superset; [`Self::check_attack`] filters).
    pub(crate) fn attack_candidates(&self, seat: Seat) -> Vec<Action> {
        if let Some(p) = self.pending.last() {
            if p.seat != seat {
                return Vec::new();
            }
            return self.decision_candidates(p);
        }
        match &self.activation {
            Some(act) => match self.units.get(act.unit.index()) {
                Some(u) if u.owner == seat => self.activation_candidates(act),
                _ => Vec::new(),
            },
            None => self.activate_candidates(seat),
        }
    }

    /// Is `a` legal for `seat` now? Pure.
    pub(crate) fn check_attack(&self, seat: Seat, a: &Action) -> Result<(), Refusal> {
        if let Some(p) = self.pending.last() {
            return self.check_decision(seat, p, a);
        }
        match &self.activation {
            Some(act) => self.check_activation_action(seat, act, a),
            None => self.check_activate(seat, a),
        }
    }

    /// Carry out a checked action, then settle everything that follows automatically.
    pub(crate) fn exec_attack(&mut self, seat: Seat, a: &Action, ev: &mut Vec<Event>) {
        if let Some(p) = self.pending.last().cloned() {
            self.exec_decision(seat, &p, a, ev);
        } else if self.activation.is_some() {
            self.exec_activation_action(a, ev);
        } else {
            self.exec_activate(a, ev);
        }
        self.settle(ev);
    }

    // ---- shared look-ups (all bounds-checked: ids come from players) ----

    /// The unit with this id, if it exists.
    fn unit_opt(&self, id: UnitId) -> Option<&Unit> {
        self.units.get(id.index())
    }

    /// A ship on the map: the unit, its ship record and its hex.
    fn ship_on_map(&self, id: UnitId) -> Option<(&Unit, &Ship, Hex)> {
        let u = self.unit_opt(id)?;
        Some((u, u.ship()?, u.hex()?))
    }

    /// A squadron on the map: the unit, its squadron record and its hex.
    fn squadron_on_map(&self, id: UnitId) -> Option<(&Unit, &Squadron, Hex)> {
        let u = self.unit_opt(id)?;
        Some((u, u.squadron()?, u.hex()?))
    }

    /// Squadrons on the map adjacent to `at` that belong to an opponent of `seat` — any
    /// other player (LFO-12: no alliances), ascending ids.
    fn adjacent_enemy_squadrons(&self, at: Hex, seat: Seat) -> Vec<UnitId> {
        self.units
            .iter()
            .filter(|u| u.owner != seat && u.squadron().is_some())
            .filter(|u| u.hex().is_some_and(|h| h.is_adjacent(at)))
            .map(|u| u.id)
            .collect()
    }

    /// Ships on the map adjacent to `at` that belong to an opponent of `seat` (any other
    /// player, LFO-12).
    fn adjacent_enemy_ships(&self, at: Hex, seat: Seat) -> Vec<UnitId> {
        self.units
            .iter()
            .filter(|u| u.owner != seat && u.is_ship())
            .filter(|u| u.hex().is_some_and(|h| h.is_adjacent(at)))
            .map(|u| u.id)
            .collect()
    }

    // ---- terrain (seed "Terrain"; LF-10, LF-11, LF-21) ----

    /// > "units in a nebula space may only attack or be attacked by adjacent units."
    ///
    /// LF-10: a unit in a nebula hex attacks and is attacked only when adjacent. True
    /// when the nebula forbids an attack between these two hexes.
    fn nebula_blocks(&self, from: Hex, to: Hex) -> bool {
        let nebula = |h: Hex| self.terrain_at(h) == Some(TerrainKind::Nebula);
        (nebula(from) || nebula(to)) && !from.is_adjacent(to)
    }

    /// The terrain modifier of a barrage from `from` at a target in `target` (LF-11),
    /// as a negative number:
    ///
    /// > "Subtract 1 from the sum of any barrage rolled against a non-adjacent target if
    /// > the target is adjacent to a moon or planet."
    ///
    /// > "Subtract 1 from any barrage (per roll not per die) or dogfight rolled against
    /// > a target in an asteroid space."
    fn terrain_modifier(&self, from: Hex, target: Hex) -> i8 {
        let mut m = 0;
        let by_moon = target
            .neighbours()
            .iter()
            .any(|&n| self.terrain_at(n).is_some_and(|t| t.blocks()));
        if !from.is_adjacent(target) && by_moon {
            m -= 1;
        }
        if self.terrain_at(target) == Some(TerrainKind::Asteroid) {
            m -= 1;
        }
        m
    }

    /// LF-04: "Firing out of your ship's front arc and simultaneously into the rear arc
    /// of your target will give you a 'flanking bonus'" — the target is in the
    /// attacker's front arc and the attacker in the target's rear arc (arcs by LF-03).
    fn flanking(&self, attacker: UnitId, target: UnitId) -> bool {
        let (Some((_, a, ah)), Some((_, t, th))) =
            (self.ship_on_map(attacker), self.ship_on_map(target))
        else {
            return false;
        };
        ah.arc(a.facing, th) == Arc::Front && th.arc(t.facing, ah) == Arc::Rear
    }
}

/// All subsets of `items` (kept in their order) with at most `max` members, the empty
/// set first. `items` holds at most six squadrons (one per adjacent hex, LF-09), so the
/// enumeration is small. Given ascending ids, every subset comes out in its one
/// accepted spelling (LFO-10).
fn subsets(items: &[UnitId], max: usize) -> Vec<Vec<UnitId>> {
    let mut out = vec![Vec::new()];
    for &it in items {
        let grown: Vec<Vec<UnitId>> = out
            .iter()
            .filter(|s| s.len() < max)
            .map(|s| {
                let mut t = s.clone();
                t.push(it);
                t
            })
            .collect();
        out.extend(grown);
    }
    out
}

/// True when the ids are strictly ascending (the one accepted spelling of a set,
/// LFO-10: intercepting squadrons and formation wingmen).
fn strictly_ascending(ids: &[UnitId]) -> bool {
    ids.windows(2).all(|w| w[0] < w[1])
}
