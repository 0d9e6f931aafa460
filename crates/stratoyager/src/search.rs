//! Hooks for search agents and the lab: the search abstraction, the direct sampler,
//! unit fates, the roster and forces built from it. Heuristics, not rules: every
//! action offered is checked against the question's exact answers.
//!
//! # Search abstraction (`SearchHints::search_actions`)
//!
//! - **Place** (8,280 answers): five spread x positions on the deployment row nearest
//!   the enemy (the nearest free spot if one is taken), each with the course toward
//!   the enemy's edge at speeds 3, 6 and 9, and that course ±1 hour at speed 6.
//! - **Enter**: per allowed edge the quarter, middle and three-quarter points (nearest
//!   free spot), speeds 3, 6 and 9 at the middle and 6 elsewhere.
//! - **Maneuver** (about 1,500 plans): drift; accelerate safe and max, as first and as
//!   second maneuver (the second also moves); brake safe and max; turn port and
//!   starboard 1 … safe and 2 × safe, turn first or last, with accelerate 0 or safe;
//!   slides port and starboard at safe and max; the evasive drift, turn-safe and
//!   accelerate-safe; and the [`AIM`] plans, among every turn −max … +max with
//!   accelerate 0 / safe or brake safe in both orders, that end with the nearest
//!   enemy (where its inertia takes it) in the front arc at the lowest To Hit
//!   Threshold, then nearest.
//! - Of those Maneuver plans, the ones whose flight ends off the table and the
//!   reckless ones are dropped while a plan without that risk remains (issue 9 §1: no
//!   unit thrown away to the table edge or hull stress *without reason*). Reckless:
//!   [`HOPELESS_DICE`] or more Stress Dice, or [`RECKLESS_DICE`] or more without lining
//!   up a shot (the nearest enemy in the front arc within [`AIMED_KLICKS`]).
//! - **Yaw**: no yaw; the hours that put each of the two nearest enemies on the table
//!   in the front arc (the hour pointing closest at it and its neighbours that still
//!   do); the course and the reverse of the facing.
//! - **Deploy, Card, DogfightCard, Leave, FireAtWill, Combat**: every answer (short
//!   lists), except Eject while the unit has more than 1 structure left.
//!
//! # Sampler (`SearchHints::sample_action`)
//!
//! Place: a free spot (rejection sampling over the whole-klick spots, then listing the
//! free ones), a course and a speed, each uniform — exactly uniform over the
//! listed answers (their product). Enter: a free (edge, point) pair and a speed, each
//! uniform — again exactly uniform. Maneuver: exactly uniform over the listed plans,
//! drawn by counting the thrust settings of each ordered pair of drivers instead of
//! listing them. Everything else: uniform over the (short) list. Every draw is checked
//! by the rules; a refusal falls back to a uniform draw from the list.

use crate::action::{Action, CombatOrder};
use crate::movement::{check_plan, fly, max_thrust};
use crate::state::{AskKind, Stratoyager, Unit};
use crate::types::{Driver, Edge, Maneuver, Plan, Scenario, UnitId, UnitType, MAX_START_SPEED};
use orrery_core::{Game, Rng, RosterEntry, SearchHints, Seat, SetupError};
use orrery_table::{in_front_arc, Hour, Point};

/// Stress Dice from which a maneuver counts as reckless for the search (SY-09: three
/// fails are a blackout and a structure hit) unless it lines up a shot.
pub const RECKLESS_DICE: u32 = 3;
/// Stress Dice from which a maneuver is reckless even when it lines up a shot: with 5
/// dice the unit is destroyed (4+ fails) about once in five (SY-09).
pub const HOPELESS_DICE: u32 = 5;
/// A shot is lined up when the nearest enemy (where its inertia takes it) ends in the
/// front arc within this many klicks: the medium band (SY-05).
pub const AIMED_KLICKS: f64 = 12.0;
/// Aiming plans kept per Maneuver question.
pub const AIM: usize = 8;
/// Spread x positions for placements.
const PLACE_XS: usize = 5;
/// Tries of rejection sampling for a free spot before listing them.
const REJECTION_TRIES: usize = 16;
/// Speeds tried when placing and entering.
const SPEEDS: [u8; 3] = [3, 6, 9];

/// A maneuver in its one spelling (thrust 0 on the dial's zero spelling, SYO-02).
fn man(d: Driver, t: u8) -> Maneuver {
    if t == 0 {
        Maneuver::zero(d.group())
    } else {
        Maneuver::new(d, t)
    }
}

fn plan(a: Maneuver, b: Maneuver, evasive: bool) -> Plan {
    Plan {
        first: a,
        second: b,
        evasive,
    }
}

/// The thrusts `d` may be set to on its own for `unit` (as the legal list has them).
fn thrust_range(unit: &Unit, card: &UnitType, d: Driver) -> (u8, u8) {
    let lo = u8::from(d != d.zero_spelling());
    let mut hi = max_thrust(card, d);
    if d == Driver::Decelerate {
        hi = hi.min(u8::try_from(unit.speed).unwrap_or(u8::MAX));
    }
    (lo, hi)
}

fn count(r: (u8, u8)) -> usize {
    if r.0 > r.1 {
        0
    } else {
        usize::from(r.1 - r.0) + 1
    }
}

impl Stratoyager {
    /// The current question of `seat`: (index, kind, unit).
    fn question(&self, seat: Seat) -> Option<(usize, AskKind, UnitId)> {
        if self.outcome.is_some() {
            return None;
        }
        let b = self.batch.as_ref()?;
        let i = b.next_for(seat)?;
        Some((i, b.kind, b.asks[i].unit))
    }

    /// Enemies of `unit` on the table, nearest first.
    fn enemies_by_distance(&self, unit: &Unit) -> Vec<&Unit> {
        let mut v: Vec<&Unit> = self
            .units
            .iter()
            .filter(|e| e.side != unit.side && e.on_table())
            .collect();
        v.sort_by(|a, b| a.pos.dist(unit.pos).total_cmp(&b.pos.dist(unit.pos)));
        v
    }

    /// Issue 9 §1: an agent "never throws a unit away … without reason". Eject (SY-25;
    /// seed: "Pilot may opt to bail out from his 'yager if necessary") gives up the
    /// unit, its pilot worth half its points to whichever side is closest at the end;
    /// it is left out while the unit has more than 1 structure left.
    fn without_needless_eject(&self, id: UnitId, answers: Vec<Action>) -> Vec<Action> {
        if self.unit(id).structure <= 1 {
            return answers;
        }
        let eject = |a: &Action| matches!(a, Action::Combat(CombatOrder::Eject { .. }));
        if answers.iter().all(eject) {
            return answers;
        }
        answers.into_iter().filter(|a| !eject(a)).collect()
    }

    /// Issue 9 §1: an agent "never throws a unit away to hull stress or the table edge
    /// without reason". Plans whose flight ends off the table (SY-24: the unit leaves)
    /// and reckless plans are left out while a plan without that risk remains.
    /// Reckless (SY-09: three fails black the pilot out and cost structure, four destroy
    /// the unit): [`HOPELESS_DICE`] or more Stress Dice, or [`RECKLESS_DICE`] or more
    /// without lining up a shot at [`Stratoyager::aim_point`] within [`AIMED_KLICKS`].
    /// The dice are counted as the engine will roll them
    /// ([`crate::stress::planned_stress_dice`]).
    fn without_reckless(&self, id: UnitId, answers: Vec<Action>) -> Vec<Action> {
        let unit = self.unit(id);
        let card = self.card_of(id);
        let target = self.aim_point(unit).map(|(_, there)| there);
        let risky = |a: &Action, off_table: bool| match a {
            Action::Maneuver(p) => {
                let flight = fly(unit, p);
                if off_table {
                    return !self.table.contains(flight.end);
                }
                let dice = crate::stress::planned_stress_dice(unit, card, p, &flight);
                let aimed = target.is_some_and(|t| {
                    in_front_arc(flight.end, flight.facing, t) && flight.end.dist(t) <= AIMED_KLICKS
                });
                dice >= HOPELESS_DICE || (dice >= RECKLESS_DICE && !aimed)
            }
            _ => false,
        };
        let mut out = answers;
        for off_table in [true, false] {
            if out.iter().any(|a| !risky(a, off_table)) {
                out.retain(|a| !risky(a, off_table));
            }
        }
        out
    }

    /// The nearest free whole-klick spot to (x, y) among `rows` (same row first).
    fn nearest_free(&self, x: i32, rows: &[i32], unit: UnitId) -> Option<(i32, i32)> {
        let w = self.table.width as i32;
        let mut best: Option<(i32, (i32, i32))> = None;
        for &y in rows {
            for cx in 1..w {
                if self.free_spot(Point::new(f64::from(cx), f64::from(y)), unit) {
                    let cost = (cx - x).abs() * 4 + (rows[0] - y).abs();
                    if best.is_none_or(|(c, _)| cost < c) {
                        best = Some((cost, (cx, y)));
                    }
                }
            }
        }
        best.map(|(_, p)| p)
    }

    fn search_place(&self, seat: Seat, unit: UnitId) -> Vec<Action> {
        let mut rows = self.deploy_rows(seat);
        // The row nearest the enemy first.
        if seat.0 == 0 {
            rows.reverse();
        }
        let toward: u8 = if seat.0 == 0 { 0 } else { 6 };
        let w = self.table.width as i32;
        let mut out = Vec::new();
        for k in 0..PLACE_XS as i32 {
            let x = (w * (k + 1)) / (PLACE_XS as i32 + 1);
            let Some((x, y)) = self.nearest_free(x, &rows, unit) else {
                continue;
            };
            for speed in SPEEDS {
                out.push(Action::Place {
                    x,
                    y,
                    course: toward,
                    speed,
                });
            }
            for course in [(toward + 11) % 12, (toward + 1) % 12] {
                out.push(Action::Place {
                    x,
                    y,
                    course,
                    speed: 6,
                });
            }
        }
        out
    }

    /// Whole klicks along `edge` a reserve may enter at.
    fn span_of(&self, edge: Edge) -> (i32, i32) {
        match edge {
            Edge::South | Edge::North => (1, self.table.width as i32 - 1),
            Edge::West | Edge::East => (1, self.table.length as i32 - 1),
        }
    }

    fn search_enter(&self, seat: Seat, unit: UnitId) -> Vec<Action> {
        let mut out = Vec::new();
        for edge in Self::entry_edges(seat) {
            let (lo, hi) = self.span_of(edge);
            let free: Vec<i32> = (lo..=hi)
                .filter(|&at| self.free_spot(self.entry_point(edge, at), unit))
                .collect();
            for (k, speeds) in [(1, &[6u8][..]), (2, &SPEEDS[..]), (3, &[6u8][..])] {
                let want = lo + (hi - lo) * k / 4;
                let Some(&at) = free.iter().min_by_key(|&&a| (a - want).abs()) else {
                    continue;
                };
                for &speed in speeds {
                    out.push(Action::Enter { edge, at, speed });
                }
            }
        }
        out
    }

    fn search_maneuver(&self, id: UnitId) -> Vec<Action> {
        let unit = self.unit(id);
        let card = self.card_of(id);
        let s = card.safe;
        let mx = |d: Driver| max_thrust(card, d);
        let acc0 = man(Driver::Accelerate, 0);
        let tp0 = man(Driver::TurnPort, 0);
        let mut plans = vec![Plan::drift()];
        for t in [s.accelerate, mx(Driver::Accelerate)] {
            let a = man(Driver::Accelerate, t);
            plans.push(plan(a, tp0, false));
            plans.push(plan(tp0, a, false));
        }
        for t in [s.decelerate, mx(Driver::Decelerate)] {
            let t = t.min(u8::try_from(unit.speed).unwrap_or(u8::MAX));
            plans.push(plan(man(Driver::Decelerate, t), tp0, false));
        }
        let mut turns: Vec<u8> = (1..=s.turn).collect();
        turns.push(mx(Driver::TurnPort));
        for d in [Driver::TurnPort, Driver::TurnStarboard] {
            for &t in &turns {
                let m = man(d, t);
                for a in [acc0, man(Driver::Accelerate, s.accelerate)] {
                    plans.push(plan(m, a, false));
                    plans.push(plan(a, m, false));
                }
            }
        }
        for d in [Driver::SlidePort, Driver::SlideStarboard] {
            for t in [s.slide, mx(d)] {
                plans.push(plan(man(d, t), acc0, false));
            }
        }
        plans.push(plan(acc0, tp0, true));
        plans.push(plan(man(Driver::Accelerate, s.accelerate), tp0, true));
        for d in [Driver::TurnPort, Driver::TurnStarboard] {
            plans.push(plan(man(d, s.turn), acc0, true));
        }
        plans.extend(self.aim_plans(unit, card));
        plans
            .into_iter()
            .filter(|p| check_plan(unit, card, p).is_ok())
            .map(Action::Maneuver)
            .collect()
    }

    /// The enemy nearest `unit` on the table and where its inertia takes it: the point
    /// a maneuver aims at.
    fn aim_point(&self, unit: &Unit) -> Option<(&Unit, Point)> {
        let enemy = self.enemies_by_distance(unit).first().copied()?;
        Some((enemy, enemy.pos.along(enemy.course, f64::from(enemy.speed))))
    }

    /// The [`AIM`] plans that end with the nearest enemy in the front arc at the lowest
    /// THT, then nearest (module doc).
    fn aim_plans(&self, unit: &Unit, card: &UnitType) -> Vec<Plan> {
        let Some((enemy, there)) = self.aim_point(unit) else {
            return Vec::new();
        };
        let tmax = i32::from(max_thrust(card, Driver::TurnPort));
        let s = card.safe;
        let dials = [
            man(Driver::Accelerate, 0),
            man(Driver::Accelerate, s.accelerate),
            man(Driver::Decelerate, s.decelerate),
        ];
        let mut scored: Vec<(i64, Plan)> = Vec::new();
        for turn in -tmax..=tmax {
            let m = if turn < 0 {
                man(Driver::TurnPort, (-turn) as u8)
            } else {
                man(Driver::TurnStarboard, turn as u8)
            };
            for a in dials {
                for p in [plan(m, a, false), plan(a, m, false)] {
                    if check_plan(unit, card, &p).is_err() {
                        continue;
                    }
                    let f = fly(unit, &p);
                    if !in_front_arc(f.end, f.facing, there) {
                        continue;
                    }
                    let tht = i64::from(f.speed + enemy.speed) - i64::from(card.targeting);
                    let d = f.end.dist(there);
                    let off = !self.table.contains(f.end);
                    let score = tht * 1000 + (d * 10.0) as i64 + if off { 100_000 } else { 0 };
                    scored.push((score, p));
                }
            }
        }
        scored.sort_by_key(|&(s, _)| s);
        scored.into_iter().take(AIM).map(|(_, p)| p).collect()
    }

    fn search_yaw(&self, id: UnitId) -> Vec<Action> {
        let unit = self.unit(id);
        let mut out = vec![Action::Yaw { facing: None }];
        for e in self.enemies_by_distance(unit).into_iter().take(2) {
            let v = e.pos - unit.pos;
            let Some(best) =
                Hour::all().max_by(|a, b| a.vector().dot(v).total_cmp(&b.vector().dot(v)))
            else {
                continue;
            };
            for h in [best, best.turned(-1), best.turned(1)] {
                if h == best || in_front_arc(unit.pos, h, e.pos) {
                    out.push(Action::Yaw { facing: Some(h.0) });
                }
            }
        }
        out.push(Action::Yaw {
            facing: Some(unit.course.0),
        });
        out.push(Action::Yaw {
            facing: Some(unit.facing.opposite().0),
        });
        out
    }

    /// A free spot drawn uniformly among `n` candidates (`spot(k)`, `None` when taken):
    /// rejection sampling (a few tries, each uniform), then a uniform draw from the
    /// free ones listed — uniform over the free spots either way.
    fn uniform_free<T: Copy>(
        n: usize,
        rng: &mut Rng,
        spot: impl Fn(usize) -> Option<T>,
    ) -> Option<T> {
        if n == 0 {
            return None;
        }
        for _ in 0..REJECTION_TRIES {
            if let Some(t) = spot(rng.index(n)) {
                return Some(t);
            }
        }
        let free: Vec<T> = (0..n).filter_map(&spot).collect();
        (!free.is_empty()).then(|| free[rng.index(free.len())])
    }

    fn sample_place(&self, seat: Seat, unit: UnitId, rng: &mut Rng) -> Option<Action> {
        let rows = self.deploy_rows(seat);
        let xs = (self.table.width as i32 - 1).max(0) as usize;
        let (x, y) = Self::uniform_free(xs * rows.len(), rng, |k| {
            let (x, y) = (1 + (k / rows.len()) as i32, rows[k % rows.len()]);
            self.free_spot(Point::new(f64::from(x), f64::from(y)), unit)
                .then_some((x, y))
        })?;
        let course = rng.index(12) as u8;
        let speed = rng.index(MAX_START_SPEED as usize + 1) as u8;
        Some(Action::Place {
            x,
            y,
            course,
            speed,
        })
    }

    fn sample_enter(&self, seat: Seat, unit: UnitId, rng: &mut Rng) -> Option<Action> {
        let mut spots = Vec::new();
        for edge in Self::entry_edges(seat) {
            let (lo, hi) = self.span_of(edge);
            spots.extend((lo..=hi).map(|at| (edge, at)));
        }
        let (edge, at) = Self::uniform_free(spots.len(), rng, |k| {
            let (edge, at) = spots[k];
            self.free_spot(self.entry_point(edge, at), unit)
                .then_some((edge, at))
        })?;
        let speed = rng.index(MAX_START_SPEED as usize + 1) as u8;
        Some(Action::Enter { edge, at, speed })
    }

    /// A plan uniform over [`crate::movement::plan_candidates`], without listing it:
    /// that list is drift, then every non-evasive setting but drift, then every evasive
    /// one — 2·S plans for S settings of the ordered driver pairs. Where SYO-20 forbids
    /// evasive (a unit that realigns or has yawed), an evasive draw flies plain, so
    /// those plain orders are drawn twice as often.
    fn sample_plan(&self, id: UnitId, rng: &mut Rng) -> Option<Plan> {
        let unit = self.unit(id);
        let card = self.card_of(id);
        let ranges: Vec<(u8, u8)> = Driver::ALL
            .iter()
            .map(|&d| thrust_range(unit, card, d))
            .collect();
        let mut pairs: Vec<(usize, usize, usize)> = Vec::new();
        let mut total = 0usize;
        for (i, d1) in Driver::ALL.iter().enumerate() {
            for (j, d2) in Driver::ALL.iter().enumerate() {
                if d1.group() == d2.group() {
                    continue;
                }
                let n = count(ranges[i]) * count(ranges[j]);
                if n > 0 {
                    pairs.push((i, j, n));
                    total += n;
                }
            }
        }
        if total == 0 {
            return None;
        }
        let mut k = rng.index(2 * total);
        let evasive = k >= total;
        if evasive {
            k -= total;
        }
        for (i, j, n) in pairs {
            if k < n {
                let n2 = count(ranges[j]);
                let t1 = ranges[i].0 + (k / n2) as u8;
                let t2 = ranges[j].0 + (k % n2) as u8;
                let mut plan = Plan {
                    first: Maneuver::new(Driver::ALL[i], t1),
                    second: Maneuver::new(Driver::ALL[j], t2),
                    evasive,
                };
                // SYO-20: where evasive is not allowed, the order flies plain.
                plan.evasive &= crate::movement::evasive_allowed(unit, &plan);
                return Some(plan);
            }
            k -= n;
        }
        None
    }
}

/// The scenario's roster cards with their points.
pub fn roster(s: &Scenario) -> Vec<RosterEntry> {
    s.roster
        .iter()
        .map(|c| RosterEntry {
            name: c.name.clone(),
            points: f64::from(c.points),
        })
        .collect()
}

/// `base` with its forces' units replaced by `forces` (roster names; force names,
/// table, roster, obstacles, options and the points limit kept). Every unknown name,
/// empty force and force over the limit is reported.
pub fn with_forces(base: &Scenario, forces: &[Vec<String>]) -> Result<Scenario, SetupError> {
    let mut problems = Vec::new();
    if forces.len() != 2 {
        problems.push(format!(
            "forces: Basic Stratoyager is fought by exactly 2 sides, found {}",
            forces.len()
        ));
    }
    let mut out = base.clone();
    out.forces.truncate(forces.len());
    for (i, names) in forces.iter().enumerate() {
        let mut points = 0;
        for (j, name) in names.iter().enumerate() {
            match base.roster.iter().find(|c| &c.name == name) {
                Some(c) => points += c.points,
                None => problems.push(format!(
                    "forces[{i}][{j}]: `{name}` is not in the roster ({})",
                    base.roster
                        .iter()
                        .map(|c| c.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            }
        }
        if names.is_empty() {
            problems.push(format!("forces[{i}]: a force needs at least one unit"));
        }
        if let Some(limit) = base.points {
            if points > limit {
                problems.push(format!(
                    "forces[{i}]: {points} points is over the scenario's {limit}"
                ));
            }
        }
        match out.forces.get_mut(i) {
            Some(f) => f.units = names.clone(),
            None => out.forces.push(crate::types::Force {
                name: format!("Side {}", i + 1),
                units: names.clone(),
            }),
        }
    }
    if !problems.is_empty() {
        return Err(SetupError::new(problems));
    }
    Ok(out)
}

impl SearchHints for Stratoyager {
    fn knowledge_digest(&self, seat: Seat) -> u64 {
        crate::view::knowledge_digest(self, seat)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        crate::evaluate::evaluate(self, seat)
    }

    /// The search abstraction of `seat`'s current question (module doc).
    fn search_actions(&self, seat: Seat) -> Vec<Action> {
        let Some((i, kind, id)) = self.question(seat) else {
            return Vec::new();
        };
        let proposed = match kind {
            AskKind::Place => self.search_place(seat, id),
            AskKind::Enter => self.search_enter(seat, id),
            AskKind::Maneuver => self.search_maneuver(id),
            AskKind::Yaw => self.search_yaw(id),
            AskKind::Combat => return self.without_needless_eject(id, self.answers(i)),
            _ => return self.answers(i),
        };
        let mut out: Vec<Action> = Vec::new();
        for a in proposed {
            if !out.contains(&a) && self.check_answer(i, &a).is_ok() {
                out.push(a);
            }
        }
        if kind == AskKind::Maneuver {
            out = self.without_reckless(id, out);
        }
        if out.is_empty() {
            if let Some(a) = self.default_action(seat) {
                out.push(a);
            }
        }
        out
    }

    /// One answer to `seat`'s current question drawn with `rng` (module doc).
    fn sample_action(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        let (i, kind, id) = self.question(seat)?;
        let direct = match kind {
            AskKind::Place => self.sample_place(seat, id, rng),
            AskKind::Enter => self.sample_enter(seat, id, rng),
            AskKind::Maneuver => self.sample_plan(id, rng).map(Action::Maneuver),
            _ => None,
        };
        if let Some(a) = direct {
            if self.check_answer(i, &a).is_ok() {
                return Some(a);
            }
        }
        let mut all = self.answers(i);
        if all.is_empty() {
            return None;
        }
        let k = rng.index(all.len());
        Some(all.swap_remove(k))
    }
}
