//! An element's move (BS-04 (2)–(6)): speed, piloting checks, the maneuver or its
//! substitute, asteroid fields, collisions, cohesion and the table edge; and one
//! weapon's shot (BS-09).

use crate::combat::shot_at;
use crate::deploy::BASE;
use crate::event::{CheckRoll, Event};
use crate::maneuver::{fly, maneuver, speeds, substitute, Check, Flight};
use crate::rules::Log;
use crate::state::{BlackSkies, Status};
use orrery_core::Logged;
use orrery_table::{Heading, Point, Shape, EPS};

/// BS-05: "the wingman moves straight towards the lead until 6" apart".
pub const COHESION: f64 = 6.0;
/// BS-13: "one Dodge check per field entered (difficulty 2…)".
pub const DODGE: u8 = 2;

impl BlackSkies {
    /// A piloting (or dodge) check for `fighter` at base difficulty `base` (BS-07):
    /// true if passed. A failure marks the pilot for the rest of the turn.
    pub fn check_pilot(
        &mut self,
        fighter: u8,
        base: u8,
        what: &'static str,
        log: &mut Log,
    ) -> bool {
        let f = self.fighter(fighter);
        let modifier = i32::from(f.skill) + self.design_of(f).weight.piloting();
        let check = Check::new(base, modifier, self.crippled(f), f.failed);
        let (roll, passed) = if check.automatic() {
            (None, true)
        } else {
            let d = self.rng.die(10);
            (Some(d), check.passes(d))
        };
        if !passed {
            self.fighters[usize::from(fighter)].failed = true;
        }
        if base > 0 {
            log.push(Logged::public(Event::Check(CheckRoll {
                fighter,
                what,
                difficulty: check.difficulty,
                modifier,
                roll,
                passed,
            })));
        }
        passed
    }

    /// BS-04 (2)–(6), then firing.
    pub fn fly(&mut self, element: u8, option: u8, log: &mut Log) {
        let card = self.element(element).shown.unwrap_or(1);
        let Some(m) = maneuver(card, option) else {
            return;
        };
        let speed = self.element(element).speed;
        let (after, flown) = speeds(speed, m);
        log.push(Logged::public(Event::Maneuver {
            element,
            name: m.name,
            speeds: (speed, after, flown),
        }));
        let ids: Vec<u8> = self.flying(element).map(|f| f.id).collect();
        // BS-07: "Each fighter of the element checks, lead first."
        let mut lost = false;
        for &f in &ids {
            if !self.check_pilot(f, m.difficulty, "piloting", log) {
                self.fighters[usize::from(f)].out_of_control = true;
                lost = true;
            }
        }
        // BS-08: "the whole element flies the substitute at the already-reduced speed
        // with no speed change".
        let (m, s) = if lost {
            let sub = substitute(m);
            log.push(Logged::public(Event::LostControl {
                element,
                flown: sub.name,
            }));
            (sub, after)
        } else {
            (m, flown)
        };
        self.elements[usize::from(element)].speed = s;
        let flights: Vec<(u8, Flight)> = ids
            .iter()
            .map(|&f| {
                let fi = self.fighter(f);
                (f, fly(m, fi.pos, fi.heading, f64::from(s)))
            })
            .collect();
        for (f, flight) in &flights {
            let fi = &mut self.fighters[usize::from(*f)];
            fi.pos = flight.end();
            fi.heading = flight.end_heading;
            fi.jinking = m.jinking;
            log.push(Logged::public(Event::Flew {
                fighter: *f,
                path: flight.points.clone(),
                heading: flight.end_heading,
            }));
        }
        // BS-13: a Dodge check per asteroid field entered.
        for (f, flight) in &flights {
            self.dodge(*f, flight, log);
        }
        // BS-05: collisions, lead first, then cohesion.
        for (f, flight) in &flights {
            if !self.fighter(*f).flying() {
                continue;
            }
            let others = || {
                self.fighters
                    .iter()
                    .filter(|o| o.flying() && o.id != *f)
                    .map(|o| o.pos)
            };
            // `back_off`'s own first test: nothing to do when the end is clear.
            let end = flight.end();
            if others().all(|o| o.dist(end) >= BASE - EPS) {
                continue;
            }
            let others: Vec<Point> = others().collect();
            if let Some((p, h)) = back_off(flight, &others) {
                let fi = &mut self.fighters[usize::from(*f)];
                fi.pos = p;
                fi.heading = h;
                log.push(Logged::public(Event::Backed { fighter: *f, to: p }));
            }
        }
        let left: Vec<u8> = self.flying(element).map(|f| f.id).collect();
        if let [lead, wing] = left[..] {
            let (a, b) = (self.fighter(lead).pos, self.fighter(wing).pos);
            let d = a.dist(b);
            if d > COHESION + EPS {
                let to = a + (b - a) * (COHESION / d);
                self.fighters[usize::from(wing)].pos = to;
                log.push(Logged::public(Event::Closed { fighter: wing, to }));
            }
        }
        // BS-12: off the table after the move: disengaged.
        for f in left {
            if !self.point(self.fighter(f).pos) && self.outcome.is_none() {
                self.remove(f, Status::Disengaged, log);
            }
        }
        let lead = self.element(element).fighters[0];
        self.next_shot(element, lead, 0, 0, log);
    }

    /// BS-13: "A fighter whose path enters a field takes one Dodge check per field
    /// entered (difficulty 2, BS-07 doubling applies); failure: 1d6 damage, armour
    /// applies, shields do not." A field is entered when the path touches it and the
    /// fighter started outside it.
    fn dodge(&mut self, fighter: u8, flight: &Flight, log: &mut Log) {
        let fields: Vec<Shape> = self
            .asteroids
            .iter()
            .map(|a| Shape::Circle {
                center: a.center(),
                radius: a.radius,
            })
            .collect();
        for field in fields {
            if !self.fighter(fighter).flying() || self.outcome.is_some() {
                return;
            }
            let start = flight.points[0];
            let entered = !field.contains(start)
                && flight
                    .points
                    .windows(2)
                    .any(|w| field.touches_segment(w[0], w[1]));
            if entered && !self.check_pilot(fighter, DODGE, "dodge", log) {
                let roll = self.rng.die(6);
                let f = self.fighter(fighter);
                let armour = u32::from(self.design_of(f).armour.value());
                let damage = roll.saturating_sub(armour) as u8;
                self.damage(fighter, damage, log);
                let hull = self.fighter(fighter).hull;
                log.push(Logged::public(Event::AsteroidHit {
                    fighter,
                    roll,
                    damage,
                    hull,
                }));
                if hull == 0 {
                    self.remove(fighter, Status::Destroyed, log);
                }
            }
        }
    }

    /// Take `damage` off the Hull (not below 0), saying when the fighter becomes
    /// crippled (BS-11).
    fn damage(&mut self, fighter: u8, damage: u8, log: &mut Log) {
        let was = self.crippled(self.fighter(fighter));
        let f = &mut self.fighters[usize::from(fighter)];
        f.hull = f.hull.saturating_sub(damage);
        if !was && f.hull > 0 && self.crippled(self.fighter(fighter)) {
            log.push(Logged::public(Event::Crippled { fighter }));
        }
    }

    /// BS-09: roll RoF d10s, each ≤ final accuracy hits; a damage die per hit,
    /// stepped down by shields, less armour; destroyed at 0 (BS-11).
    pub fn fire(&mut self, fighter: u8, weapon: u8, target: u8, log: &mut Log) {
        let from = self.fighter(fighter);
        let Some(w) = self
            .design_of(from)
            .weapons
            .get(usize::from(weapon))
            .cloned()
        else {
            return;
        };
        let Some((_, shot)) = shot_at(self, from, &w, self.fighter(target)) else {
            return;
        };
        let rolls: Vec<u32> = (0..shot.rof).map(|_| self.rng.die(10)).collect();
        let hits = rolls.iter().filter(|&&r| r as i32 <= shot.accuracy).count();
        let mut damage = Vec::new();
        for _ in 0..hits {
            let roll = self.rng.die(u32::from(shot.die));
            let dealt = roll.saturating_sub(u32::from(shot.armour)) as u8;
            damage.push((shot.die, roll, dealt));
        }
        let total: u8 = damage.iter().map(|d| d.2).fold(0u8, u8::saturating_add);
        let mut crippled = Vec::new();
        self.damage(target, total, &mut crippled);
        let hull = self.fighter(target).hull;
        log.push(Logged::public(Event::Shot {
            fighter,
            weapon: w.name,
            target,
            accuracy: shot.accuracy,
            rolls,
            damage,
            hull,
        }));
        log.extend(crippled);
        if hull == 0 {
            self.remove(target, crate::state::Status::Destroyed, log);
        }
    }
}

/// BS-05: "If, after a move, a fighter's base overlaps another fighter's base, the
/// moving fighter backs along its own path until it no longer overlaps". `None` when
/// the end is clear; else the first point back along the path clear of every base
/// (the start at worst), with the heading held there.
pub fn back_off(flight: &Flight, others: &[Point]) -> Option<(Point, Heading)> {
    let overlaps = |p: Point| others.iter().find(|o| o.dist(p) < BASE - EPS).copied();
    overlaps(flight.end())?;
    let legs: Vec<(Point, Point, f64)> = flight
        .points
        .windows(2)
        .map(|w| (w[0], w[1], w[0].dist(w[1])))
        .collect();
    let mut s: f64 = legs.iter().map(|l| l.2).sum();
    for _ in 0..256 {
        let (p, h) = if s >= flight.length() {
            (flight.end(), flight.end_heading)
        } else {
            flight.at(s)
        };
        let Some(o) = overlaps(p) else {
            return Some((p, h));
        };
        // Walk back to where the path leaves o's base.
        let mut start = 0.0;
        let mut found = None;
        let mut cums = Vec::new();
        for &(a, b, len) in &legs {
            cums.push((a, b, len, start));
            start += len;
        }
        for &(a, b, len, c0) in cums.iter().rev() {
            if c0 >= s || len <= 0.0 {
                continue;
            }
            let u = (b - a) * (1.0 / len);
            let ao = a - o;
            let bq = u.dot(ao);
            let cq = ao.dot(ao) - BASE * BASE;
            let disc = bq * bq - cq;
            let t_here = (s - c0).min(len);
            if disc >= 0.0 {
                let t1 = -bq - disc.sqrt();
                if t1 < t_here && t1 >= 0.0 {
                    found = Some(c0 + t1);
                    break;
                }
            }
        }
        match found {
            Some(x) if x < s => s = x,
            _ => {
                return Some((
                    flight.points[0],
                    flight
                        .headings
                        .first()
                        .copied()
                        .unwrap_or(flight.end_heading),
                ))
            }
        }
    }
    Some((
        flight.points[0],
        flight
            .headings
            .first()
            .copied()
            .unwrap_or(flight.end_heading),
    ))
}
