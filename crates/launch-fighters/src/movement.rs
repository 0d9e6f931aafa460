//! Movement (seed "B) Movement", "How to Move", Boosters, Warp Drive, Asteroids;
//! LF-08, LF-09, LF-19, LF-21) and pushes.
//!
//! > "During its move phase each ship may move up to its move stat in spaces. It can
//! > move in any direction, no matter which way it is facing, and not necessarily in a
//! > straight line. … A ship may move through any space, even if it contains an
//! > opponent, but may not end movement in a space containing another ship. Once
//! > movement is complete, choose a facing … A ship with move stat at level zero may
//! > change facing but cannot change spaces."
//!
//! > "Fighters move in the same way as ships but they cannot end movement in a hex
//! > occupied by any unit and since they have no arrow on their counter they have no
//! > facing. … All fighter squadrons have a move stat of 5."
//!
//! Project rulings (the first two are in docs/launch-fighters.md):
//! - **LFO-01 Paths.** A move names its destination; the engine takes the path that
//!   enters the fewest asteroid hexes, then the shortest, ties broken by direction
//!   order N, NE, SE, S, SW, NW (the lexicographically first sequence of steps).
//!   *Reason:* the rules only care about the spaces entered, and a player would always
//!   pick the safest path.
//! - **LFO-02 Boosters.** `boost: true` only when the destination needs exactly one
//!   space more than Move. *Reason:* a booster is spent only for the extra space; this
//!   keeps the legal list honest.
//! - **LFO-07 Push order.** When a ship hit by an asteroid also ends on a squadron,
//!   the push is decided first, then the owner reduces the stat. *Reason:* if the stat
//!   choice destroyed the ship first, the push would be pointless; both happen at the
//!   end of the same move and nothing else happens between them.
//! - **LFO-08 Warp option.** With the optional rule "A ship may not move and/or fire
//!   in the turn it engages warp" on, a warp declaration must be a move of 0 spaces
//!   without a booster (facing may change). *Reason:* the declaration is made on the
//!   ship's move; that move then may not change spaces.

use crate::action::Action;
use crate::event::Event;
use crate::placement::sane;
use crate::refusal::Refusal;
use crate::state::{Decision, LaunchFighters, Location, Pending, Phase, Unit, UnitKind};
use crate::types::{TerrainKind, UnitId};
use orrery_core::Seat;
use orrery_hex::{Dir, Hex};
use std::collections::HashMap;

/// Squadron Move (seed: "All fighter squadrons have a move stat of 5").
pub const SQUADRON_MOVE: u8 = 5;

impl LaunchFighters {
    fn is_asteroid(&self, h: Hex) -> bool {
        self.terrain_at(h) == Some(TerrainKind::Asteroid)
    }

    /// Breadth-first distances from `start` over on-map, enterable hexes, up to `max`
    /// spaces (LF-09: "a path of adjacent on-map hexes … may pass through any units but
    /// not moons or planetoids").
    pub(crate) fn reach(&self, start: Hex, max: u8) -> Vec<(Hex, u8)> {
        self.search(start, max, None)
    }

    /// The number of spaces from `start` to `to` along on-map, enterable hexes, if at
    /// most `max` (LF-09).
    pub(crate) fn path_length(&self, start: Hex, to: Hex, max: u8) -> Option<u8> {
        let d = start.distance(to);
        if d > u32::from(max) || !self.map.contains(to) {
            return None;
        }
        // Fast path: with no moon or planetoid within reach, the path length is the
        // hex distance, because a rectangular odd-q map contains a shortest path
        // between any two of its hexes (checked by `tests/phases.rs`).
        let blocked_near = self
            .terrain
            .iter()
            .any(|t| t.kind.blocks() && t.hex().distance(start) <= u32::from(max));
        if !blocked_near {
            return Some(d as u8);
        }
        self.search(start, max, Some(to))
            .into_iter()
            .find(|&(h, _)| h == to)
            .map(|(_, d)| d)
    }

    /// Breadth-first search up to `max` spaces, stopping early once `goal` is reached.
    /// Works on a local grid of the (2·max + 1)² hexes around `start` (no hashing: the
    /// legal list checks thousands of moves).
    fn search(&self, start: Hex, max: u8, goal: Option<Hex>) -> Vec<(Hex, u8)> {
        let m = i32::from(max);
        let side = (2 * m + 1) as usize;
        let cell = |h: Hex| -> Option<usize> {
            let (dq, dr) = (h.q - start.q, h.r - start.r);
            ((-m..=m).contains(&dq) && (-m..=m).contains(&dr))
                .then(|| (dq + m) as usize * side + (dr + m) as usize)
        };
        const UNSEEN: u8 = u8::MAX;
        const BLOCKED: u8 = u8::MAX - 1;
        let mut dist = vec![UNSEEN; side * side];
        for t in self.terrain.iter().filter(|t| t.kind.blocks()) {
            if let Some(i) = cell(t.hex()) {
                dist[i] = BLOCKED;
            }
        }
        let mut out = Vec::with_capacity(side * side);
        let Some(si) = cell(start) else { return out };
        dist[si] = 0;
        out.push((start, 0u8));
        if goal == Some(start) {
            return out;
        }
        // `out` is the queue too: hexes are found in breadth-first order.
        let mut next = 0;
        while let Some(&(h, d)) = out.get(next) {
            next += 1;
            if d >= max {
                continue;
            }
            for n in h.neighbours() {
                let Some(i) = cell(n) else { continue };
                if dist[i] == UNSEEN && self.map.contains(n) {
                    dist[i] = d + 1;
                    out.push((n, d + 1));
                    if goal == Some(n) {
                        return out;
                    }
                }
            }
        }
        out
    }

    /// LFO-01: the hexes entered (start excluded) on the way from `start` to `to` in at
    /// most `max` spaces: fewest asteroid hexes entered, then fewest spaces, then the
    /// lexicographically first sequence of directions (N, NE, SE, S, SW, NW).
    pub(crate) fn best_path(&self, start: Hex, to: Hex, max: u8) -> Option<Vec<Hex>> {
        // Fast path: with no asteroid, moon or planetoid within reach every shortest
        // path enters no asteroid, and the lexicographically first one is found by
        // stepping, each time, in the first direction that gets one space closer
        // (a rectangular odd-q map always holds such a step: see `path_length`).
        let clear = !self.terrain.iter().any(|t| {
            matches!(
                t.kind,
                TerrainKind::Asteroid | TerrainKind::Moon | TerrainKind::Planetoid
            ) && t.hex().distance(start) <= u32::from(max)
        });
        if clear {
            return self.first_shortest_path(start, to, max);
        }
        self.search_best_path(start, to, max)
    }

    /// The lexicographically first shortest path on open map (no terrain in the way).
    fn first_shortest_path(&self, start: Hex, to: Hex, max: u8) -> Option<Vec<Hex>> {
        if !self.map.contains(to) || start.distance(to) > u32::from(max) {
            return None;
        }
        let mut path = Vec::with_capacity(start.distance(to) as usize);
        let mut at = start;
        while at != to {
            let d = at.distance(to);
            let next = Dir::ALL
                .into_iter()
                .map(|dir| at.step(dir))
                .find(|&n| n.distance(to) < d && self.map.contains(n))?;
            path.push(next);
            at = next;
        }
        Some(path)
    }

    /// LFO-01 by exhaustive search over the reachable region.
    fn search_best_path(&self, start: Hex, to: Hex, max: u8) -> Option<Vec<Hex>> {
        let region: HashMap<Hex, u8> = self.reach(start, max).into_iter().collect();
        if !region.contains_key(&to) {
            return None;
        }
        let cost = |h: Hex| u32::from(self.is_asteroid(h));
        // back[j][h] = fewest asteroids entered going from h to `to` in exactly j steps.
        let mut back: Vec<HashMap<Hex, u32>> = vec![HashMap::from([(to, 0)])];
        for j in 1..=max as usize {
            let mut layer = HashMap::new();
            for &h in region.keys() {
                let best = h
                    .neighbours()
                    .into_iter()
                    .filter_map(|n| back[j - 1].get(&n).map(|c| c + cost(n)))
                    .min();
                if let Some(b) = best {
                    layer.insert(h, b);
                }
            }
            back.push(layer);
        }
        let (k, total) = (0..=max as usize)
            .filter_map(|k| back[k].get(&start).map(|&c| (k, c)))
            .min_by_key(|&(k, c)| (c, k))?;
        let mut path = Vec::with_capacity(k);
        let (mut at, mut left) = (start, total);
        for j in (1..=k).rev() {
            let next = Dir::ALL.into_iter().map(|d| at.step(d)).find(|&n| {
                region.contains_key(&n) && back[j - 1].get(&n).is_some_and(|&c| c + cost(n) == left)
            })?;
            left -= cost(next);
            path.push(next);
            at = next;
        }
        Some(path)
    }

    /// May `unit` end a move in `h`? Ships: no other ship there; squadrons: no other
    /// unit there (LF-09).
    fn may_end(&self, unit: &Unit, h: Hex) -> bool {
        if unit.is_ship() {
            !self.units_at(h).any(|o| o.id != unit.id && o.is_ship())
        } else {
            !self.units_at(h).any(|o| o.id != unit.id)
        }
    }

    /// Empty hexes adjacent to `h` a pushed squadron may go to (LF-09: "an adjacent
    /// empty hex (no unit, not moon/planetoid)").
    fn push_hexes(&self, h: Hex) -> Vec<Hex> {
        h.neighbours()
            .into_iter()
            .filter(|&n| self.enterable(n) && self.is_empty_hex(n))
            .collect()
    }

    /// The pending push decision on top of the stack, if any.
    fn pending_push(&self) -> Option<(UnitId, Seat)> {
        match self.pending.last().map(|p| &p.decision) {
            Some(Decision::Push { squadron, pusher }) => Some((*squadron, *pusher)),
            _ => None,
        }
    }

    /// How far a unit may move this turn without a booster (ships: current Move;
    /// squadrons: 5).
    fn move_allowance(unit: &Unit) -> u8 {
        match &unit.kind {
            UnitKind::Ship(s) => s.stats.mv,
            UnitKind::Squadron(_) => SQUADRON_MOVE,
        }
    }

    /// May this ship spend a booster now? (seed: "Only one booster may be used per
    /// ship per turn. If your ship's move is zero you can't use a booster".)
    fn can_boost(unit: &Unit) -> bool {
        unit.ship()
            .is_some_and(|s| s.stats.mv >= 1 && s.boosters_left >= 1 && !s.used_booster_this_turn)
    }

    /// Every legal action now: the push destinations when a push is owed, else every
    /// move of every unit of `seat` in the current step. Exact, not a superset — built
    /// from the same reach search and end-of-move rules as [`Self::check_movement`] —
    /// so the legal list skips re-checking each of its hundreds of moves
    /// (`tests::movement_candidates_are_exactly_legal` and the conformance suite hold
    /// it to that).
    pub(crate) fn movement_candidates(&self, seat: Seat) -> Vec<Action> {
        if let Some((sq, _)) = self.pending_push() {
            let Some(h) = self.units.get(sq.index()).and_then(|u| u.hex()) else {
                return Vec::new();
            };
            return self
                .push_hexes(h)
                .into_iter()
                .map(|to| Action::Push { to })
                .collect();
        }
        if !matches!(self.phase, Phase::Movement { .. }) || !self.pending.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        // Who stands where, read once (the same rule as `may_end`).
        let on_map: Vec<(Hex, UnitId, bool)> = self
            .units
            .iter()
            .filter_map(|o| Some((o.hex()?, o.id, o.is_ship())))
            .collect();
        for u in self
            .units
            .iter()
            .filter(|u| u.owner == seat && self.in_current_step(u))
        {
            let Some(start) = u.hex() else { continue };
            let base = Self::move_allowance(u);
            let boost_ok = Self::can_boost(u);
            let max = base + u8::from(boost_ok);
            let mut dests = self.reach(start, max);
            dests.sort_by_key(|&(h, d)| (d, h));
            let warps: &[bool] = if u.has_warp() {
                &[false, true]
            } else {
                &[false]
            };
            let ship = u.is_ship();
            out.reserve(dests.len() * if ship { 6 * warps.len() } else { 1 });
            for (to, d) in dests {
                let blocked = on_map
                    .iter()
                    .any(|&(h, id, is_ship)| h == to && id != u.id && (is_ship || !ship));
                if to != start && blocked {
                    continue;
                }
                let boost = d > base;
                match u.ship() {
                    Some(_) => {
                        for &warp in warps {
                            // LFO-08: under the optional rule a warping ship stays put.
                            if warp && self.options.warp_no_move_fire && (to != start || boost) {
                                continue;
                            }
                            for f in Dir::ALL {
                                out.push(Action::Move {
                                    unit: u.id,
                                    to,
                                    facing: Some(f),
                                    boost,
                                    warp,
                                });
                            }
                        }
                    }
                    None => {
                        for &warp in warps {
                            if warp && self.options.warp_no_move_fire && to != start {
                                continue;
                            }
                            out.push(Action::Move {
                                unit: u.id,
                                to,
                                facing: None,
                                boost: false,
                                warp,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    pub(crate) fn check_movement(&self, seat: Seat, a: &Action) -> Result<(), Refusal> {
        if let Some((sq, _)) = self.pending_push() {
            let Action::Push { to } = a else {
                return Err(Refusal::SayWherePushed);
            };
            let Some(h) = self.units.get(sq.index()).and_then(|u| u.hex()) else {
                return Err(Refusal::PushedOffMap);
            };
            if !sane(*to) || !self.push_hexes(h).contains(to) {
                return Err(Refusal::PushTo(*to));
            }
            return Ok(());
        }
        let Action::Move {
            unit,
            to,
            facing,
            boost,
            warp,
        } = a
        else {
            return Err(Refusal::OnlyMove);
        };
        if !matches!(self.phase, Phase::Movement { .. }) || !self.pending.is_empty() {
            return Err(Refusal::NoMoveNow);
        }
        let Some(u) = self.units.get(unit.index()) else {
            return Err(Refusal::NoUnitNumber(*unit));
        };
        if u.owner != seat {
            return Err(Refusal::BelongsTo {
                unit: *unit,
                owner: u.owner,
            });
        }
        if !self.in_current_step(u) {
            let step = match self.phase {
                Phase::Movement { step } => step,
                _ => 0,
            };
            return Err(Refusal::NotMovingNow { unit: *unit, step });
        }
        let Some(start) = u.hex() else {
            return Err(Refusal::UnitNumberOffMap(*unit));
        };
        match u.ship() {
            Some(s) => {
                if facing.is_none() {
                    return Err(Refusal::ShipFacing);
                }
                if *warp && s.design.addons.warp == 0 {
                    return Err(Refusal::ShipNoWarp(*unit));
                }
            }
            None => {
                if facing.is_some() {
                    return Err(Refusal::SquadronFacing);
                }
                if *boost {
                    return Err(Refusal::SquadronBoosters);
                }
                if *warp && !u.has_warp() {
                    return Err(Refusal::SquadronNoWarp(*unit));
                }
            }
        }
        if !sane(*to) || !self.map.contains(*to) {
            return Err(Refusal::MoveOffMap(*to));
        }
        if !self.enterable(*to) {
            return Err(Refusal::MoonOrPlanetoid(*to));
        }
        let base = Self::move_allowance(u);
        if *boost && !Self::can_boost(u) {
            return Err(Refusal::NoBooster(*unit));
        }
        let max = base + u8::from(*boost);
        let Some(d) = self.path_length(start, *to, max) else {
            return Err(Refusal::TooFar { to: *to, max });
        };
        if *boost && d != base + 1 {
            return Err(Refusal::BoosterExactly(base + 1));
        }
        if *to != start && !self.may_end(u, *to) {
            return Err(if u.is_ship() {
                Refusal::ShipStacked(*to)
            } else {
                Refusal::SquadronStacked(*to)
            });
        }
        if *warp && self.options.warp_no_move_fire && (*to != start || *boost) {
            return Err(Refusal::WarpNoMove);
        }
        Ok(())
    }

    pub(crate) fn exec_movement(&mut self, seat: Seat, a: &Action, ev: &mut Vec<Event>) {
        match a {
            Action::Push { to } => self.exec_push(*to, ev),
            Action::Move {
                unit,
                to,
                facing,
                boost,
                warp,
            } => self.exec_move(seat, *unit, *to, *facing, *boost, *warp, ev),
            _ => {}
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn exec_move(
        &mut self,
        seat: Seat,
        id: UnitId,
        to: Hex,
        facing: Option<Dir>,
        boost: bool,
        warp: bool,
        ev: &mut Vec<Event>,
    ) {
        let Some(u) = self.units.get(id.index()) else {
            return;
        };
        let Some(start) = u.hex() else { return };
        let is_ship = u.is_ship();
        let max = Self::move_allowance(u) + u8::from(boost);
        let path = self.best_path(start, to, max).unwrap_or_default();

        // Boosters: "Cross off the booster after use." Warp: declared on the move.
        match &mut self.unit_mut(id).kind {
            UnitKind::Ship(s) => {
                if boost {
                    s.boosters_left = s.boosters_left.saturating_sub(1);
                    s.used_booster_this_turn = true;
                }
                s.warp_declared |= warp;
            }
            UnitKind::Squadron(q) => q.warp_declared |= warp,
        }
        if boost {
            ev.push(Event::BoosterUsed { unit: id });
        }
        if warp {
            ev.push(Event::WarpDeclared { unit: id });
        }

        // Asteroids: "Upon entering each asteroid space one die must be rolled for the
        // unit entering. On a roll of 4, 5 or 6 that unit takes a hit and may not
        // continue movement this turn."
        let mut walked = vec![start];
        let mut hit = false;
        for h in path {
            walked.push(h);
            if self.is_asteroid(h) {
                let roll;
                (roll, hit) = self.roll_four_up();
                ev.push(Event::AsteroidRoll {
                    unit: id,
                    roll,
                    hit,
                });
                if hit {
                    break;
                }
            }
        }
        // LF-09: "if it ends in a hex where it may not end, it backs up along its path
        // to the last hex where it may."
        while walked.len() > 1 {
            let last = walked[walked.len() - 1];
            if self.may_end(&self.units[id.index()], last) {
                break;
            }
            walked.pop();
        }
        let end = walked[walked.len() - 1];
        {
            let u = self.unit_mut(id);
            u.location = Location::OnMap(end);
            u.moved = true;
            if let (Some(s), Some(f)) = (u.ship_mut(), facing) {
                s.facing = f;
            }
        }
        ev.push(Event::Moved {
            unit: id,
            path: walked,
            facing: if is_ship { facing } else { None },
        });

        if hit {
            if is_ship {
                // "The owner must choose one stat and reduce it by 1 immediately."
                // Resolved by the attack module's ReduceStats decision (LF-13 rules).
                self.pending.push(Pending {
                    seat,
                    decision: Decision::ReduceStats {
                        ship: id,
                        levels: 1,
                        credited: None,
                    },
                });
            } else {
                // "Fighters hit by asteroids must be flipped indicating inactive."
                self.asteroid_hits_squadron(id, ev);
            }
        }

        // Pushes: "A ship ending a move in a space with a fighter "pushes" the
        // squadron into an adjacent empty space. The owner of the fighter squadron
        // determines which space. If there are no empty adjacent spaces the fighter
        // must "return to base"." (LF-09: credited to the pushing ship's owner.)
        if is_ship && end != start {
            let pushed: Vec<(UnitId, Seat)> = self
                .units_at(end)
                .filter(|o| !o.is_ship())
                .map(|o| (o.id, o.owner))
                .collect();
            for (sq, owner) in pushed {
                if self.push_hexes(end).is_empty() {
                    self.force_return_to_base(sq, Some(seat), ev);
                } else {
                    self.pending.push(Pending {
                        seat: owner,
                        decision: Decision::Push {
                            squadron: sq,
                            pusher: seat,
                        },
                    });
                }
            }
        }
        self.unit_turn_done(seat);
    }

    /// The owner's answer to a push: the squadron moves to `to`; entering an asteroid
    /// hex rolls (LF-09 "moving, being pushed, being launched").
    fn exec_push(&mut self, to: Hex, ev: &mut Vec<Event>) {
        let Some((sq, _)) = self.pending_push() else {
            return;
        };
        self.pending.pop();
        if sq.index() >= self.units.len() {
            return;
        }
        self.unit_mut(sq).location = Location::OnMap(to);
        ev.push(Event::Pushed { squadron: sq, to });
        self.squadron_enters(sq, ev);
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::Sandbox;
    use crate::{Action, LaunchFighters};
    use orrery_core::{Game, Rng};
    use orrery_hex::Hex;

    /// Every movement and placement candidate passes the check, through whole random
    /// battles of every built-in scenario (terrain, warp and boosters included).
    #[test]
    fn movement_candidates_are_exactly_legal() {
        for named in LaunchFighters::scenarios() {
            for seed in 0..6 {
                let mut g = LaunchFighters::setup(&named.scenario, seed).expect("setup");
                let mut pick = Rng::seed_from(seed);
                let mut checked = 0;
                while let Some(&seat) = g.to_move().first() {
                    let legal = g.legal_actions(seat);
                    if legal
                        .iter()
                        .any(|a| matches!(a, Action::Move { .. } | Action::Push { .. }))
                    {
                        for a in &legal {
                            assert_eq!(g.check(seat, a), Ok(()), "{}: {a:?}", named.name);
                            checked += 1;
                        }
                    }
                    let a = legal[pick.index(legal.len())].clone();
                    g.apply(seat, &a).expect("legal");
                }
                assert!(checked > 0);
            }
        }
    }

    /// LFO-01's fast path finds exactly the path the exhaustive search finds.
    #[test]
    fn open_map_fast_path_matches_the_search() {
        let g = Sandbox::new(2).build();
        let starts = [
            (0, 0),
            (13, 11),
            (26, 23),
            (5, 20),
            (26, 0),
            (1, 1),
            (25, 22),
        ];
        for (c, r) in starts {
            let start = Hex::from_offset(c, r);
            for to in start.disc(5) {
                assert_eq!(
                    g.first_shortest_path(start, to, 5),
                    g.search_best_path(start, to, 5),
                    "{start} -> {to}"
                );
            }
        }
    }
}
