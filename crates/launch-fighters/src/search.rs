//! Hooks for search agents and the lab: the search abstraction, the direct sampler,
//! unit fates, the roster and forces built from it. Heuristics, not rules: every
//! action offered is taken from (or checked against) the exact legal list.
//!
//! # Search abstraction (`SearchHints::search_actions`)
//!
//! A legal list of at most [`SMALL`] actions is kept whole. Larger lists:
//! - **Movement** (every hex within Move × six facings, per unit in the step): for
//!   each unit, staying put (old facing, and facing the nearest enemy); the
//!   `CLOSEST` destinations nearest the nearest enemy; the best *firing positions*
//!   — within range 5 (cannons and launchers) of an enemy ship, preferring its rear
//!   arc (the flanking bonus, LF-04), then a distance near 3; for squadrons the hexes
//!   adjacent to an enemy (dogfight, formation); the `KEEP_AWAY` destinations
//!   farthest from every enemy; and `SPREAD` evenly spaced samples of the unit's
//!   list. Ships face the enemy they close on (the facing that puts it most squarely
//!   in the front arc); edge hexes (retreat, LF-16) are only offered as spread
//!   samples. One warp declaration (if any) is kept.
//! - **Placement** (unplaced ships × hexes × six facings): per ship, the hex nearest
//!   and the hex farthest from the enemy flagships (the map centre before any),
//!   faced at them, with the two neighbouring facings at the nearest; plus spread
//!   samples.
//! - **Barrages, launchers, formations, intercepts, launches**: the distinct useful
//!   sizes — a barrage of 1 die, of all dice, and of the fewest dice whose mean beats
//!   the target's Defense and twice it (hit, direct hit); missile salvoes of 1, half
//!   and all missiles per target; formations alone or with every wingman or one;
//!   intercepts by nobody, each squadron alone, or the first three; one squadron per
//!   launch hex. Every other action is kept.
//!
//! # Sampler (`SearchHints::sample_action`)
//!
//! Placement draws a ship, a hex and a facing uniformly: exactly uniform over the
//! legal list (it is their product). Movement draws a unit uniformly among those to
//! move, then a destination uniformly among the hexes it may end in (booster hexes
//! included), then a facing uniformly, then (for a ship with warp drive, where the
//! options allow) warp with probability ½; the draw is checked by the rules, and a
//! refusal falls back to a uniform draw from the legal list. Every other question
//! draws uniformly from the legal list.

use crate::action::Action;
use crate::state::{LaunchFighters, Location, Phase, Unit, UnitKind};
use crate::types::{Fleet, Scenario, ShipDesign};
use orrery_core::Files;
use orrery_core::SearchHints;
use orrery_core::{FileError, FleetCheck, RosterFile};
use orrery_core::{Game, Rng, RosterEntry, Seat, SetupError};
use orrery_hex::{Arc, Dir, Hex};
use std::collections::HashMap;

/// Legal lists up to this long are searched whole.
pub const SMALL: usize = 40;
/// Destinations nearest the nearest enemy, per unit.
const CLOSEST: usize = 3;
/// Firing positions, per unit.
const FIRING: usize = 4;
/// Destinations farthest from the enemy, per unit.
const KEEP_AWAY: usize = 2;
/// Evenly spaced samples, per unit (placement: per list).
const SPREAD: usize = 4;
/// Range of cannons and launchers (seed "A ship up to 5 spaces away").
const RANGE: u32 = 5;
/// The kind name squadrons carry in unit fates.
pub const SQUADRON_KIND: &str = "Fighter squadron";
/// Points of one squadron (LF-18 "Fighter squadrons cost 5 points each").
pub(crate) const SQUADRON_POINTS: f64 = crate::design::SQUADRON_COST as f64;

/// The facing from `at` that puts `target` most squarely in front.
fn facing_toward(at: Hex, target: Hex) -> Dir {
    Dir::ALL
        .into_iter()
        .max_by_key(|&d| at.facing_dot(d, target))
        .unwrap_or(Dir::N)
}

/// `n` evenly spaced items of `items` (all if fewer).
fn spread<T: Clone>(items: &[T], n: usize) -> Vec<T> {
    if items.len() <= n {
        return items.to_vec();
    }
    (0..n).map(|k| items[k * items.len() / n].clone()).collect()
}

/// Push `a` unless already there.
fn add(out: &mut Vec<Action>, a: Action) {
    if !out.contains(&a) {
        out.push(a);
    }
}

/// The non-warp moves of one unit as a dense grid over the hexes they reach: for
/// each hex, one bit per (facing, boost) that a move to it has. Built in one pass
/// over the legal list, asked in constant time (the search asks a few dozen times
/// per unit, over lists of hundreds of moves).
struct MoveGrid {
    q0: i32,
    r0: i32,
    width: i32,
    height: i32,
    bits: Vec<u16>,
}

impl MoveGrid {
    fn new(moves: &[&Action]) -> Self {
        let (mut q0, mut r0, mut q1, mut r1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for a in moves {
            if let Action::Move { to, .. } = a {
                (q0, r0) = (q0.min(to.q), r0.min(to.r));
                (q1, r1) = (q1.max(to.q), r1.max(to.r));
            }
        }
        let (width, height) = if q0 > q1 {
            (0, 0)
        } else {
            (q1 - q0 + 1, r1 - r0 + 1)
        };
        let mut grid = MoveGrid {
            q0,
            r0,
            width,
            height,
            bits: vec![0; (width * height) as usize],
        };
        for a in moves {
            if let Action::Move {
                to,
                facing,
                boost,
                warp: false,
                ..
            } = a
            {
                if let Some(i) = grid.cell(*to) {
                    grid.bits[i] |= Self::bit(*facing, *boost);
                }
            }
        }
        grid
    }

    /// An empty grid of the same size (to mark hexes visited).
    fn blank(&self) -> MoveGrid {
        MoveGrid {
            bits: vec![0; self.bits.len()],
            ..*self
        }
    }

    fn cell(&self, h: Hex) -> Option<usize> {
        let (q, r) = (h.q - self.q0, h.r - self.r0);
        ((0..self.width).contains(&q) && (0..self.height).contains(&r))
            .then(|| (r * self.width + q) as usize)
    }

    fn bit(facing: Option<Dir>, boost: bool) -> u16 {
        let f = facing.map_or(6, |d| d.index());
        1 << (f * 2 + usize::from(boost))
    }

    /// A non-warp move to `to` with this facing and boost is in the list.
    fn has(&self, to: Hex, facing: Option<Dir>, boost: bool) -> bool {
        self.cell(to)
            .is_some_and(|i| self.bits[i] & Self::bit(facing, boost) != 0)
    }

    /// True the first time `h` is visited (on a blank grid).
    fn first_visit(&mut self, h: Hex) -> bool {
        match self.cell(h) {
            Some(i) if self.bits[i] == 0 => {
                self.bits[i] = 1;
                true
            }
            Some(_) => false,
            None => true,
        }
    }
}

impl LaunchFighters {
    /// Enemy units of `seat` on the map: (hex, is a ship, its facing if a ship).
    fn enemies_on_map(&self, seat: Seat) -> Vec<(Hex, Option<Dir>)> {
        self.units
            .iter()
            .filter(|u| u.owner != seat)
            .filter_map(|u| Some((u.hex()?, u.ship().map(|s| s.facing))))
            .collect()
    }

    /// Issue 9 §1: "an agent never gathers dice it will not roll unless stopping is
    /// the better play". A barrage never harms the side rolling it (LF-11, LF-13), so
    /// with an open pool that can hit, `StopFiring` only throws dice away and is left
    /// out; and a cannon or missile pool that could never hit (LF-11: too few dice
    /// for the target's Defense) is not gathered. Nothing is left out when it would
    /// leave nothing.
    fn without_waste(&self, seat: Seat, legal: Vec<Action>) -> Vec<Action> {
        let pool_can_hit = self.pool_hit_chance().is_some_and(|p| p > 0.0);
        let waste = |a: &Action| match a {
            Action::StopFiring => pool_can_hit,
            Action::FireCannons { .. } | Action::FireLaunchers { .. } => {
                let mut copy = self.clone();
                copy.apply(seat, a).is_ok() && copy.pool_hit_chance() == Some(0.0)
            }
            _ => false,
        };
        if !legal.iter().any(|a| !waste(a)) {
            return legal;
        }
        legal.into_iter().filter(|a| !waste(a)).collect()
    }

    fn search_movement(&self, seat: Seat, legal: &[Action]) -> Vec<Action> {
        let enemies = self.enemies_on_map(seat);
        let mut by_unit: Vec<(crate::types::UnitId, Vec<&Action>)> = Vec::new();
        for a in legal {
            if let Action::Move { unit, .. } = a {
                match by_unit.iter_mut().find(|(u, _)| u == unit) {
                    Some((_, v)) => v.push(a),
                    None => by_unit.push((*unit, vec![a])),
                }
            }
        }
        let mut out = Vec::new();
        for (id, moves) in by_unit {
            let u = self.unit(id);
            let Some(start) = u.hex() else { continue };
            self.unit_moves(u, start, &moves, &enemies, &mut out);
        }
        out
    }

    /// The representative moves of one unit (see the module doc).
    fn unit_moves(
        &self,
        u: &Unit,
        start: Hex,
        moves: &[&Action],
        enemies: &[(Hex, Option<Dir>)],
        out: &mut Vec<Action>,
    ) {
        let ship = u.ship();
        // Destinations (ends of non-warp moves), one entry per hex: (hex, boost); and
        // every non-warp move, to tell which exist at a glance.
        let grid = MoveGrid::new(moves);
        let mut dests: Vec<(Hex, bool)> = Vec::new();
        let mut seen = grid.blank();
        for a in moves {
            if let Action::Move {
                to,
                boost,
                warp: false,
                ..
            } = a
            {
                if seen.first_visit(*to) {
                    dests.push((*to, *boost));
                }
            }
        }
        // Only non-warp moves of this unit are built below (a warp move or a spread
        // sample is taken from `moves` itself).
        let exists = |a: &Action| match a {
            Action::Move {
                to,
                facing,
                boost,
                warp: false,
                ..
            } => grid.has(*to, *facing, *boost),
            _ => moves.contains(&a),
        };
        let mv = |to: Hex, boost: bool, facing: Option<Dir>| Action::Move {
            unit: u.id,
            to,
            facing,
            boost,
            warp: false,
        };
        let nearest = |h: Hex| enemies.iter().min_by_key(|(e, _)| e.distance(h)).copied();
        let face = |h: Hex| -> Option<Dir> {
            ship.map(|s| nearest(h).map_or(s.facing, |(e, _)| facing_toward(h, e)))
        };
        let push = |out: &mut Vec<Action>, a: Action| {
            if exists(&a) {
                add(out, a);
            }
        };
        // Stay put: keep the facing, or face the nearest enemy.
        push(out, mv(start, false, ship.map(|s| s.facing)));
        push(out, mv(start, false, face(start)));
        // One warp declaration, staying put.
        if let Some(w) = moves
            .iter()
            .find(|a| matches!(a, Action::Move { warp: true, to, .. } if *to == start))
        {
            push(out, (*w).clone());
        }
        let inner: Vec<(Hex, bool)> = dests
            .iter()
            .copied()
            .filter(|(h, _)| !self.map.is_edge(*h))
            .collect();
        if !enemies.is_empty() {
            let dist = |h: Hex| nearest(h).map_or(0, |(e, _)| e.distance(h));
            // Closest to the enemy (keys computed once: `inner` has one entry per hex,
            // so the order is the same as a plain sort's).
            let mut by_near = inner.clone();
            by_near.sort_by_cached_key(|&(h, b)| (dist(h), b, h));
            for &(h, b) in by_near.iter().take(CLOSEST) {
                push(out, mv(h, b, face(h)));
            }
            // Firing positions.
            let mut firing: Vec<(i64, Hex, bool, Option<Dir>)> = Vec::new();
            for &(h, b) in &inner {
                let best = enemies
                    .iter()
                    .filter_map(|&(e, ef)| {
                        let d = e.distance(h);
                        let score = match (ship, ef) {
                            // A ship against ships: within range, in the rear arc best.
                            (Some(_), Some(f)) if (1..=RANGE).contains(&d) => {
                                let rear = i64::from(e.arc(f, h) == Arc::Rear);
                                100 * rear - (i64::from(d) - 3).abs()
                            }
                            // A squadron: adjacent to an enemy (ships first).
                            (None, f) if d == 1 => 10 + i64::from(f.is_some()),
                            _ => return None,
                        };
                        Some((score, e))
                    })
                    .max_by_key(|&(s, _)| s);
                if let Some((score, e)) = best {
                    let f = ship.map(|_| facing_toward(h, e));
                    firing.push((score, h, b, f));
                }
            }
            firing.sort_by_key(|&(s, h, b, _)| (std::cmp::Reverse(s), b, h));
            for &(_, h, b, f) in firing.iter().take(FIRING) {
                push(out, mv(h, b, f));
            }
            // Keep away.
            let mut by_far = inner.clone();
            by_far.sort_by_cached_key(|&(h, b)| (std::cmp::Reverse(dist(h)), b, h));
            for &(h, b) in by_far.iter().take(KEEP_AWAY) {
                push(out, mv(h, b, face(h)));
            }
        }
        // Spread samples of the whole list of this unit.
        let stride: Vec<Action> = moves
            .iter()
            .filter(|a| matches!(a, Action::Move { warp: false, .. }))
            .map(|a| (*a).clone())
            .collect();
        for a in spread(&stride, SPREAD) {
            push(out, a);
        }
    }

    fn search_placement(&self, seat: Seat, legal: &[Action]) -> Vec<Action> {
        // What to face and approach: the enemy flagships placed, else the centre.
        let targets: Vec<Hex> = {
            let t: Vec<Hex> = self
                .units
                .iter()
                .filter(|u| u.owner != seat && u.is_ship())
                .filter_map(|u| u.hex())
                .collect();
            if t.is_empty() {
                vec![crate::placement::centre(&self.map)]
            } else {
                t
            }
        };
        let dist = |h: Hex| targets.iter().map(|t| t.distance(h)).min().unwrap_or(0);
        let toward = |h: Hex| {
            targets
                .iter()
                .min_by_key(|t| t.distance(h))
                .map_or(Dir::N, |&t| facing_toward(h, t))
        };
        let mut ships: Vec<crate::types::UnitId> = Vec::new();
        let mut hexes: Vec<Hex> = Vec::new();
        for a in legal {
            if let Action::Place { ship, at, .. } = a {
                if !ships.contains(ship) {
                    ships.push(*ship);
                }
                if !hexes.contains(at) {
                    hexes.push(*at);
                }
            }
        }
        hexes.sort_by_key(|&h| (dist(h), h));
        let mut out = Vec::new();
        let mut push = |a: Action| {
            if legal.contains(&a) {
                add(&mut out, a);
            }
        };
        for &ship in &ships {
            if let Some(&near) = hexes.first() {
                let f = toward(near);
                let fi = f.index();
                for k in [0, 1, 5] {
                    let facing = Dir::ALL[(fi + k) % 6];
                    push(Action::Place {
                        ship,
                        at: near,
                        facing,
                    });
                }
            }
            if let Some(&far) = hexes.last() {
                push(Action::Place {
                    ship,
                    at: far,
                    facing: toward(far),
                });
            }
        }
        for a in spread(legal, SPREAD) {
            push(a);
        }
        out
    }

    /// Large attack-phase lists: keep the distinct useful choices (module doc).
    fn search_thinned(&self, legal: &[Action]) -> Vec<Action> {
        let pool = self.activation.as_ref().and_then(|a| a.pool.as_ref());
        let defense = pool
            .and_then(|p| self.units.get(p.target.index()))
            .and_then(|u| u.ship())
            .map_or(1, |s| u32::from(s.stats.defense));
        let max_dice = pool.map_or(0, |p| p.dice);
        // Fewest dice whose mean (3.5 each) beats `x`.
        let beats = |x: u32| ((2 * x) / 7 + 1).min(u32::from(max_dice.max(1))) as u8;
        let useful_dice = [1, max_dice, beats(defense), beats(2 * defense)];
        let mut max_missiles: HashMap<crate::types::UnitId, u8> = HashMap::new();
        let mut wingmen_max: HashMap<crate::types::UnitId, usize> = HashMap::new();
        for a in legal {
            match a {
                Action::FireLaunchers { target, missiles } => {
                    let m = max_missiles.entry(*target).or_insert(0);
                    *m = (*m).max(*missiles);
                }
                Action::Formation { target, wingmen } => {
                    let m = wingmen_max.entry(*target).or_insert(0);
                    *m = (*m).max(wingmen.len());
                }
                _ => {}
            }
        }
        let mut launch_hexes: Vec<Hex> = Vec::new();
        let mut three_kept = false;
        let mut out = Vec::new();
        for a in legal {
            let keep = match a {
                Action::Barrage { dice, .. } => useful_dice.contains(dice),
                Action::FireLaunchers { target, missiles } => {
                    let m = max_missiles.get(target).copied().unwrap_or(0);
                    [1, m, m.div_ceil(2)].contains(missiles)
                }
                Action::Formation { target, wingmen } => {
                    let m = wingmen_max.get(target).copied().unwrap_or(0);
                    wingmen.len() <= 1 || wingmen.len() == m
                }
                Action::Intercept { squadrons } => {
                    let first_three = squadrons.len() == 3 && !three_kept;
                    three_kept |= first_three;
                    squadrons.len() <= 1 || first_three
                }
                Action::Launch { to, .. } => {
                    if launch_hexes.contains(to) {
                        false
                    } else {
                        launch_hexes.push(*to);
                        true
                    }
                }
                _ => true,
            };
            if keep {
                add(&mut out, a.clone());
            }
        }
        out
    }

    fn sample_placement(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        if self.placement_actor() != Some(seat) {
            return None;
        }
        let ships: Vec<&Unit> = self
            .units
            .iter()
            .filter(|u| u.owner == seat && u.is_ship() && u.location == Location::Unplaced)
            .collect();
        let (hexes, _) = self.placement_hexes(seat);
        if ships.is_empty() || hexes.is_empty() {
            return None;
        }
        let ship = ships[rng.index(ships.len())].id;
        let at = hexes[rng.index(hexes.len())];
        let facing = Dir::ALL[rng.index(6)];
        Some(Action::Place { ship, at, facing })
    }

    fn sample_movement(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        let movers: Vec<&Unit> = self
            .units
            .iter()
            .filter(|u| u.owner == seat && self.in_current_step(u))
            .collect();
        if movers.is_empty() {
            return None;
        }
        let u = movers[rng.index(movers.len())];
        let start = u.hex()?;
        let (base, boost_ok) = match &u.kind {
            UnitKind::Ship(s) => (
                s.stats.mv,
                s.stats.mv >= 1 && s.boosters_left >= 1 && !s.used_booster_this_turn,
            ),
            UnitKind::Squadron(_) => (crate::movement::SQUADRON_MOVE, false),
        };
        let is_ship = u.is_ship();
        // The hexes it may not end in: another ship's, or (for a squadron) any other
        // unit's; listed once instead of scanning every unit for every hex reached.
        let blocked: Vec<Hex> = self
            .units
            .iter()
            .filter(|o| o.id != u.id && (o.is_ship() || !is_ship))
            .filter_map(|o| o.hex())
            .collect();
        let dests: Vec<(Hex, u8)> = self
            .reach(start, base + u8::from(boost_ok))
            .into_iter()
            .filter(|&(h, _)| h == start || !blocked.contains(&h))
            .collect();
        if dests.is_empty() {
            return None;
        }
        let (to, d) = dests[rng.index(dests.len())];
        let boost = d > base;
        Some(match u.ship() {
            Some(s) => {
                let facing = Dir::ALL[rng.index(6)];
                let may_warp = s.design.addons.warp >= 1
                    && (!self.options.warp_no_move_fire || (to == start && !boost));
                let warp = may_warp && rng.index(2) == 1;
                Action::Move {
                    unit: u.id,
                    to,
                    facing: Some(facing),
                    boost,
                    warp,
                }
            }
            None => {
                let may_warp = u.has_warp() && (!self.options.warp_no_move_fire || to == start);
                Action::Move {
                    unit: u.id,
                    to,
                    facing: None,
                    boost: false,
                    warp: may_warp && rng.index(2) == 1,
                }
            }
        })
    }
}

/// The designs a scenario's fleets may be built from: the Blue Book (LF-20, where a
/// fleet of the scenario uses a design of the same name, that design), then any other
/// design the scenario's fleets use, each with its LF-18 cost (squadrons carried
/// included; squadrons are not bought separately, so they are no entry of their own),
/// costed under the scenario's optional rules (LF-19).
pub fn roster(s: &Scenario) -> Vec<RosterEntry> {
    designs(s)
        .iter()
        .map(|d| RosterEntry {
            name: d.name.clone(),
            points: f64::from(d.cost_under(&s.options)),
        })
        .collect()
}

/// The Blue Book (a scenario's own design of the same name replacing the book's),
/// then the scenario's other designs.
fn designs(s: &Scenario) -> Vec<ShipDesign> {
    let used: Vec<&ShipDesign> = s.fleets.iter().flat_map(|f| &f.ships).collect();
    let mut out: Vec<ShipDesign> = crate::data::load_blue_book()
        .unwrap_or_default()
        .into_iter()
        .map(|b| match used.iter().find(|d| d.name == b.name) {
            Some(d) => (*d).clone(),
            None => b,
        })
        .collect();
    for d in used {
        if !out.iter().any(|o| o.name == d.name) {
            out.push(d.clone());
        }
    }
    out
}

/// `base` with `forces[i]` (design names from [`roster`]) as fleet i's ships; fleet
/// names are kept (else "Fleet i+1"), as are map, terrain, options and the points
/// limit (a fleet over it is refused). Every unknown name is reported.
pub fn with_forces(base: &Scenario, forces: &[Vec<String>]) -> Result<Scenario, SetupError> {
    let book = designs(base);
    let mut problems = Vec::new();
    let (lo, hi) = crate::data::FLEETS;
    if forces.len() < lo || forces.len() > hi {
        problems.push(format!(
            "forces: {} fleets; Launch Fighters! takes {lo} to {hi}",
            forces.len()
        ));
    }
    let mut fleets = Vec::new();
    for (i, names) in forces.iter().enumerate() {
        let mut ships = Vec::new();
        for (j, name) in names.iter().enumerate() {
            match book.iter().find(|d| &d.name == name) {
                Some(d) => ships.push(d.clone()),
                None => problems.push(format!(
                    "forces[{i}][{j}]: unknown design `{name}`; the roster has: {}",
                    book.iter()
                        .map(|d| d.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            }
        }
        if ships.is_empty() {
            problems.push(format!("forces[{i}]: a fleet needs at least one ship"));
        }
        let cost: u32 = ships.iter().map(|d| d.cost_under(&base.options)).sum();
        if let Some(limit) = base.points {
            if cost > limit {
                problems.push(format!(
                    "forces[{i}]: {cost} points is over the scenario's {limit}"
                ));
            }
        }
        let name = base
            .fleets
            .get(i)
            .map_or_else(|| format!("Fleet {}", i + 1), |f| f.name.clone());
        fleets.push(Fleet { name, ships });
    }
    if !problems.is_empty() {
        return Err(SetupError::new(problems));
    }
    Ok(Scenario {
        fleets,
        ..base.clone()
    })
}

impl SearchHints for LaunchFighters {
    fn knowledge_digest(&self, seat: Seat) -> u64 {
        crate::view::knowledge_digest(self, seat)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        crate::evaluate::evaluate(self, seat)
    }

    /// The search abstraction of the legal list (see the module doc).
    fn search_actions(&self, seat: Seat) -> Vec<Action> {
        let legal = self.without_waste(seat, self.legal_actions(seat));
        if legal.len() <= SMALL {
            return legal;
        }
        let out = match legal.first() {
            Some(Action::Move { .. }) => self.search_movement(seat, &legal),
            Some(Action::Place { .. }) => self.search_placement(seat, &legal),
            _ => self.search_thinned(&legal),
        };
        if out.is_empty() {
            spread(&legal, SMALL)
        } else {
            out
        }
    }

    /// One legal action drawn with `rng` (module doc for the distribution).
    fn sample_action(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        if !self.to_move().contains(&seat) {
            return None;
        }
        let direct = match self.phase {
            Phase::Placement if self.pending.is_empty() => self.sample_placement(seat, rng),
            Phase::Movement { .. } if self.pending.is_empty() => self.sample_movement(seat, rng),
            _ => None,
        };
        if let Some(a) = direct {
            if self.check(seat, &a).is_ok() {
                return Some(a);
            }
        }
        let mut legal = self.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let i = rng.index(legal.len());
        Some(legal.swap_remove(i))
    }
}

impl Files for LaunchFighters {
    /// Scenario files in TOML (docs/launch-fighters-data.md).
    fn scenario_from_text(text: &str, file: &str) -> Option<Result<Scenario, SetupError>> {
        Some(crate::data::parse_scenario(text, file).map_err(|e| SetupError::new(e.messages())))
    }

    fn roster(scenario: &Scenario) -> Vec<RosterEntry> {
        roster(scenario)
    }

    fn with_forces(base: &Scenario, forces: &[Vec<String>]) -> Result<Scenario, SetupError> {
        with_forces(base, forces)
    }

    fn take_points_limit(scenario: &mut Scenario) -> Option<f64> {
        scenario.points.take().map(f64::from)
    }

    /// Design files (docs/launch-fighters-data.md) as rosters.
    fn read_roster(
        base: &Scenario,
        _scenario: &str,
        text: &str,
        file: &str,
    ) -> Option<Result<RosterFile<Scenario>, SetupError>> {
        Some(crate::roster::read_roster(base, text, file))
    }

    /// Fleet and design files (docs/launch-fighters-data.md), costed by LF-18.
    fn fleet_check(text: &str, file: &str) -> Option<Result<FleetCheck, FileError>> {
        Some(crate::data::check_written(text, file))
    }

    /// A fleet's `[[ships]]`, a design file's `[[designs]]` or a lone design's stats.
    fn fleet_file_keys() -> &'static [&'static str] {
        &["ships", "designs", "cannons"]
    }
}
