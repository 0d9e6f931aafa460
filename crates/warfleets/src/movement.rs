//! Movement (seed "Ruch"; FB-06–FB-10, FB-14, FB-17): ships' moves, squadrons'
//! flights and engagement, overlaps, ramming and pushes, leaving and returning to the
//! table, and what a path meets on the way (markers, mines, dangerous terrain).

use crate::catalogue::System;
use crate::event::Event;
use crate::geometry::crossings;
pub use crate::geometry::{approach_time, whole};
use crate::refusal::Refusal;
use crate::room::Flight;
use crate::rules::{emit, Log};
use crate::state::{Harm, Status, Took, Warfleets};
use crate::terrain::{cost, dangerous_on, impassable_contact, in_impassable, travel};
use orrery_table::{dist_to_segment, Heading, Point, EPS};

/// WFO-01: the distances a ship may spend before its turn: the full speed and every
/// ½" less, down to half of it.
pub fn pivots(speed: f64) -> Vec<f64> {
    let mut out = Vec::new();
    let mut p = speed;
    while p >= speed / 2.0 - 1e-9 && out.len() < 200 {
        out.push(p);
        p -= 0.5;
    }
    out
}

/// A ship's planned path.
#[derive(Clone, Debug, PartialEq)]
pub struct ShipPath {
    /// The centre's polyline, start first.
    pub points: Vec<Point>,
    pub heading: Heading,
    /// Where the centre crossed the table edge (FB-10).
    pub exit: Option<Point>,
    /// Ram: base contact reached.
    pub contact: bool,
}

impl Warfleets {
    /// Where the centre moving from `p` along unit `u` leaves the table, if within
    /// `len`.
    fn edge_time(&self, p: Point, u: Point, len: f64) -> Option<f64> {
        let mut t = f64::INFINITY;
        if u.x > EPS {
            t = t.min((self.width - p.x) / u.x);
        }
        if u.x < -EPS {
            t = t.min(-p.x / u.x);
        }
        if u.y > EPS {
            t = t.min((self.height - p.y) / u.y);
        }
        if u.y < -EPS {
            t = t.min(-p.y / u.y);
        }
        (t <= len).then_some(t.max(0.0))
    }

    /// Whether a base of `radius` at `p` is wholly on the table.
    pub fn wholly_on_table(&self, p: Point, radius: f64) -> bool {
        p.x.is_finite()
            && p.y.is_finite()
            && p.x >= radius - EPS
            && p.x <= self.width - radius + EPS
            && p.y >= radius - EPS
            && p.y <= self.height - radius + EPS
    }

    /// Whether a base of `radius` at `p` overlaps a model on the table other than
    /// `except` (FB-04: "centre distance is less than the sum of their radii").
    pub fn overlaps_model(&self, p: Point, radius: f64, except: &[u8]) -> bool {
        self.on_table()
            .filter(|m| !except.contains(&m.id))
            .any(|m| p.dist(m.pos) < radius + self.radius(m.id) - 1e-9)
    }

    /// A free spot for a base: wholly on the table, overlapping no model and no
    /// impassable terrain.
    pub fn free_spot(&self, p: Point, radius: f64, except: &[u8]) -> bool {
        self.wholly_on_table(p, radius)
            && !self.overlaps_model(p, radius, except)
            && !in_impassable(&self.terrain, p, radius)
    }

    /// FB-06's limits on an order's numbers, which is all a Move or Cruise can break
    /// (its path always exists): "one pivot … up to 90° (Move) or 45° (Cruise, Ram),
    /// at any point from half the distance to the end" (½" steps, WFO-01). The
    /// action's speed and the pivot point on success.
    pub(crate) fn check_plan(
        &self,
        id: u8,
        took: Took,
        pivot: f64,
        turn: i8,
        target: Option<u8>,
    ) -> Result<(f64, f64), Refusal> {
        if target.is_some_and(|t| usize::from(t) >= self.models.len()) {
            return Err(Refusal::NoSuchTarget);
        }
        let (mv, cr) = self.speeds(id);
        let (speed, limit) = match took {
            Took::Move => (mv, 6),
            Took::Cruise | Took::Ram => (cr, 3),
            Took::Hold => (0.0, 12),
        };
        if turn.abs() > limit {
            return Err(Refusal::TurnTooFar { turn, limit });
        }
        let steps = (speed - pivot) * 2.0;
        if !pivot.is_finite()
            || pivot < speed / 2.0 - 1e-9
            || pivot > speed + 1e-9
            || steps.fract() != 0.0
        {
            return Err(Refusal::Pivot { speed });
        }
        Ok((speed, pivot.clamp(speed / 2.0, speed)))
    }

    /// FB-06: plan a ship's Move, Cruise or Ram. Move and Cruise: "the centre travels
    /// straight along the heading exactly the action's speed; one pivot about the
    /// centre, up to 90° (Move) or 45° (Cruise, Ram), at any point from half the
    /// distance to the end. Ram: same with Cruise speed but stops at first base contact
    /// with the declared enemy ship; if it cannot reach contact the Ram is not
    /// allowed." Distances are spent from the speed, with difficult terrain costing
    /// double (FB-14); `pivot` is the part of the speed spent before the turn.
    pub(crate) fn plan_ship(
        &self,
        id: u8,
        took: Took,
        pivot: f64,
        turn: i8,
        target: Option<u8>,
    ) -> Result<ShipPath, Refusal> {
        let (speed, pivot) = self.check_plan(id, took, pivot, turn, target)?;
        let m = self.model(id);
        let r = self.radius(id);
        let mut path = ShipPath {
            points: vec![m.pos],
            heading: m.heading,
            exit: None,
            contact: false,
        };
        let mut at = m.pos;
        let target_at = target.map(|t| (self.model(t).pos, r + self.radius(t)));
        for (leg, budget) in [(0, pivot), (1, speed - pivot)] {
            if leg == 1 {
                path.heading = m.heading.turned(i32::from(turn));
            }
            let u = path.heading.vector();
            let d = travel(&self.terrain, at, u, budget);
            #[derive(PartialEq)]
            enum Stop {
                None,
                Wall,
                Edge,
                Contact,
            }
            let (mut t, mut stop) = (d, Stop::None);
            if let Some(x) = impassable_contact(&self.terrain, at, u, d, r) {
                (t, stop) = (x, Stop::Wall);
            }
            if let Some(x) = self.edge_time(at, u, t) {
                if x < t || stop == Stop::None {
                    (t, stop) = (x, Stop::Edge);
                }
            }
            if let Some((c, rr)) = target_at {
                if let Some(x) = approach_time(at, u, c, rr) {
                    if x <= t {
                        (t, stop) = (x, Stop::Contact);
                    }
                }
            }
            at = at + u * t;
            path.points.push(at);
            match stop {
                Stop::None => {}
                Stop::Wall => break,
                Stop::Edge => {
                    path.exit = Some(at);
                    break;
                }
                Stop::Contact => {
                    path.contact = true;
                    break;
                }
            }
        }
        if target.is_some() && !path.contact {
            return Err(Refusal::RamContact);
        }
        Ok(path)
    }

    /// Carry out a planned ship move (FB-06, FB-08, FB-09, FB-10).
    pub(crate) fn move_ship(
        &mut self,
        id: u8,
        took: Took,
        path: &ShipPath,
        target: Option<u8>,
        log: &mut Log,
    ) {
        let from = self.model(id).pos;
        let end = *path.points.last().unwrap_or(&from);
        {
            let m = self.model_mut(id);
            m.pos = end;
            m.heading = path.heading;
            m.took = Some(took);
            m.sitting_duck = took == Took::Hold;
        }
        emit(
            log,
            Event::Moved {
                model: id,
                took,
                from,
                to: end,
                heading: path.heading,
            },
        );
        let segs: Vec<(Point, Point)> = path.points.windows(2).map(|w| (w[0], w[1])).collect();
        self.sweep(id, &segs, log);
        if let Some(exit) = path.exit {
            self.leave_table(id, exit, log);
            return;
        }
        self.overlap(id, &segs, log);
        if let (Some(t), true) = (target, path.contact) {
            if self.model(id).on_table() && self.model(t).on_table() {
                self.ram(id, t, log);
            }
        }
        if self.model(id).on_table() {
            self.make_room(id, self.model(id).seat);
        }
    }

    /// What a path meets: markers picked up by a ship (FB-17), dangerous terrain (D3
    /// once, FB-14), enemy mines within 3" (2 damage, FB-19).
    pub(crate) fn sweep(&mut self, id: u8, segs: &[(Point, Point)], log: &mut Log) {
        let r = self.radius(id);
        let seat = self.model(id).seat;
        if !self.is_squadron(id) {
            let mut i = 0;
            while i < self.markers.len() {
                let p = self.markers[i];
                if segs
                    .iter()
                    .any(|&(a, b)| dist_to_segment(p, a, b) <= r + 1e-9)
                {
                    self.markers.remove(i);
                    self.model_mut(id).markers += 1;
                    emit(log, Event::MarkerTaken { model: id, at: p });
                } else {
                    i += 1;
                }
            }
        }
        if segs.iter().any(|&(a, b)| dangerous_on(&self.terrain, a, b)) {
            let roll = self.rng.die(3) as u8;
            emit(log, Event::Dangerous { model: id, roll });
            self.hurt(id, roll, None);
        }
        let mut i = 0;
        while i < self.mines.len() {
            let mine = self.mines[i];
            if mine.seat != seat
                && segs
                    .iter()
                    .any(|&(a, b)| dist_to_segment(mine.pos, a, b) - r <= 3.0 + 1e-9)
            {
                self.mines.remove(i);
                emit(
                    log,
                    Event::MineExploded {
                        model: id,
                        at: mine.pos,
                    },
                );
                self.hurt(id, 2, None);
            } else {
                i += 1;
            }
        }
    }

    /// Queue `points` damage for `id` (FB-15).
    pub(crate) fn hurt(&mut self, id: u8, points: u8, chooser: Option<orrery_core::Seat>) {
        if points > 0 {
            self.harms.push(Harm {
                model: id,
                points,
                chooser,
                settled: false,
                on: None,
            });
        }
    }

    /// FB-10: "a ship whose centre crosses a table edge during any movement stops
    /// there and is removed (drops its markers there, FB-17)".
    pub(crate) fn leave_table(&mut self, id: u8, at: Point, log: &mut Log) {
        emit(log, Event::LeftTable { model: id, at });
        self.remove(id, Status::Away, log);
        self.model_mut(id).exit = Some(at);
        self.model_mut(id).pos = at;
    }

    /// FB-08: "if a ship's move ends overlapping another ship, it continues along its
    /// final heading until it is ≥ 1" from every other ship; then it and every ship its
    /// base overlapped at any point of this move take 1 damage each. Ablative Armor:
    /// that ship takes no overlap damage if any other ship in the overlap is an enemy."
    fn overlap(&mut self, id: u8, segs: &[(Point, Point)], log: &mut Log) {
        let r = self.radius(id);
        let ships: Vec<(u8, Point, f64)> = self
            .on_table()
            .filter(|o| o.id != id && !self.is_squadron(o.id))
            .map(|o| (o.id, o.pos, self.radius(o.id)))
            .collect();
        let p = self.model(id).pos;
        if !ships.iter().any(|&(_, c, ro)| p.dist(c) < r + ro - 1e-9) {
            return;
        }
        let u = self.model(id).heading.vector();
        let clear = |q: Point| {
            ships
                .iter()
                .all(|&(_, c, ro)| q.dist(c) >= r + ro + 1.0 - 1e-9)
        };
        let mut candidates: Vec<f64> = ships
            .iter()
            .filter_map(|&(_, c, ro)| crossings(p, u, c, r + ro + 1.0).map(|t| t.1))
            .filter(|t| *t > 0.0)
            .collect();
        candidates.sort_by(f64::total_cmp);
        let t = candidates
            .into_iter()
            .find(|&t| clear(p + u * (t + 1e-7)))
            .map_or(0.0, |t| t + 1e-7);
        let mut sweep: Vec<(Point, Point)> = segs.to_vec();
        let mut end = p + u * t;
        let mut left_at = None;
        if let Some(e) = self.edge_time(p, u, t) {
            end = p + u * e;
            left_at = Some(end);
        } else if impassable_contact(&self.terrain, p, u, t, r).is_some() {
            // Back along the path to the nearest point ≥ 1" from all ships; if none
            // is, back to where the move started (WFO-10: never left overlapping).
            let start = segs.first().map_or(p, |s| s.0);
            end = self.back_off(segs, r, &clear).unwrap_or(start);
        }
        if end != p {
            sweep.push((p, end));
            self.sweep(id, &[(p, end)], log);
        }
        let passed: Vec<u8> = ships
            .iter()
            .filter(|&&(_, c, ro)| {
                sweep
                    .iter()
                    .any(|&(a, b)| dist_to_segment(c, a, b) < r + ro - 1e-9)
            })
            .map(|s| s.0)
            .collect();
        self.model_mut(id).pos = end;
        emit(
            log,
            Event::Overlapped {
                model: id,
                passed: passed.clone(),
            },
        );
        let group: Vec<u8> = std::iter::once(id).chain(passed.iter().copied()).collect();
        for &x in &group {
            let seat = self.model(x).seat;
            let enemy_in = group.iter().any(|&o| o != x && self.model(o).seat != seat);
            if self.model(x).system_works(System::AblativeArmor) && enemy_in {
                continue;
            }
            self.hurt(x, 1, None);
        }
        if let Some(at) = left_at {
            self.leave_table(id, at, log);
        }
    }

    /// The latest point of the path (walking back in 1/16" steps) that `clear` accepts.
    fn back_off(
        &self,
        segs: &[(Point, Point)],
        r: f64,
        clear: &dyn Fn(Point) -> bool,
    ) -> Option<Point> {
        for &(a, b) in segs.iter().rev() {
            let len = a.dist(b);
            let steps = (len * 16.0).ceil() as usize;
            for k in 0..=steps {
                let q = b + (a - b) * ((k as f64 / 16.0).min(len) / len.max(EPS));
                if clear(q) && !in_impassable(&self.terrain, q, r) {
                    return Some(q);
                }
            }
        }
        None
    }

    /// FB-09: "on contact compare upgrade slots (light 2, medium 3, heavy 4): the lower
    /// takes 2 damage and the other 1; tie: 1 each. Reinforced Ram: +1 damage to the
    /// target; Ablative Armor on the target: +1 to the rammer. If the target's slots ≤
    /// the rammer's, push it D6" (+D6 with Gravity Bumper) along the line from the
    /// rammer's centre through the target's centre, heading unchanged."
    fn ram(&mut self, id: u8, target: u8, log: &mut Log) {
        emit(log, Event::Rammed { model: id, target });
        let rs = self.class(id).slots();
        let ts = self.class(target).slots();
        let (mut dr, mut dt) = match rs.cmp(&ts) {
            std::cmp::Ordering::Less => (2, 1),
            std::cmp::Ordering::Greater => (1, 2),
            std::cmp::Ordering::Equal => (1, 1),
        };
        if self.model(id).system_works(System::ReinforcedRam) {
            dt += 1;
        }
        if self.model(target).system_works(System::AblativeArmor) {
            dr += 1;
        }
        self.hurt(id, dr, None);
        self.hurt(target, dt, None);
        if ts <= rs {
            let mut inches = self.rng.d6();
            if self.model(id).system_works(System::GravityBumper) {
                inches += self.rng.d6();
            }
            let d = self.model(target).pos - self.model(id).pos;
            let len = d.len();
            if len > EPS {
                let mover = self.model(id).seat;
                self.push(target, d * (1.0 / len), inches, None, mover, log);
            }
        }
    }

    /// FB-09: "A push (ram or Tractor Beam) stops at base contact with another ship or
    /// impassable terrain, and the pushed ship takes 1 damage; it ignores difficult
    /// terrain and passes through squadrons (FB-08) and dangerous terrain (D3 damage
    /// once)." `toward`: the Tractor Beam ship, contact with which stops the push
    /// without damage; `mover`: the player pushing (FB-08's "moving player").
    pub(crate) fn push(
        &mut self,
        id: u8,
        u: Point,
        inches: u8,
        toward: Option<u8>,
        mover: orrery_core::Seat,
        log: &mut Log,
    ) {
        let p = self.model(id).pos;
        let r = self.radius(id);
        let len = f64::from(inches);
        let mut t = len;
        let mut stopped_by: Option<String> = None;
        let mut harmless = false;
        for o in self
            .on_table()
            .filter(|o| o.id != id && !self.is_squadron(o.id))
        {
            if let Some(x) = approach_time(p, u, o.pos, r + self.radius(o.id)) {
                if x < t {
                    t = x;
                    stopped_by = Some(o.name.to_string());
                    harmless = Some(o.id) == toward;
                }
            }
        }
        if let Some(x) = impassable_contact(&self.terrain, p, u, t, r) {
            if x < t {
                t = x;
                stopped_by = Some("impassable terrain".into());
                harmless = false;
            }
        }
        let exit = self.edge_time(p, u, t);
        let end = p + u * exit.unwrap_or(t);
        self.model_mut(id).pos = end;
        emit(
            log,
            Event::Pushed {
                model: id,
                to: end,
                inches,
            },
        );
        self.sweep(id, &[(p, end)], log);
        if exit.is_some() {
            self.leave_table(id, end, log);
            return;
        }
        if let Some(by) = stopped_by {
            if !harmless {
                emit(log, Event::PushStopped { model: id, by });
                self.hurt(id, 1, None);
            }
        }
        self.make_room(id, mover);
    }

    /// FB-07: check a squadron's flight to `to`: at most its speed (difficult terrain
    /// double), not through impassable terrain, ending wholly on the table without
    /// overlap, and, if it comes within 2" of an enemy squadron, ending within 2" of the
    /// first such one. Engaged squadrons cannot move.
    pub(crate) fn check_fly(&self, id: u8, to: Point) -> Result<Option<u8>, Refusal> {
        Flight::new(self, id)
            .check(to)
            .map_err(|why| Refusal::Flight { squadron: id, why })
    }

    /// WFO-02: a flight costing no more than the Move speed is a Move, else a Cruise.
    pub fn fly_is_cruise(&self, id: u8, to: Point) -> bool {
        cost(&self.terrain, self.model(id).pos, to) > self.speeds(id).0 + 1e-9
    }

    pub(crate) fn fly(&mut self, id: u8, to: Point, log: &mut Log) {
        let engaged = self.flight_engages(id, to);
        let from = self.model(id).pos;
        let took = if self.fly_is_cruise(id, to) {
            Took::Cruise
        } else {
            Took::Move
        };
        {
            let m = self.model_mut(id);
            m.pos = to;
            m.took = Some(took);
        }
        emit(
            log,
            Event::Moved {
                model: id,
                took,
                from,
                to,
                heading: self.model(id).heading,
            },
        );
        if let Some(e) = engaged {
            emit(log, Event::Engaged { model: id, with: e });
        }
        self.sweep(id, &[(from, to)], log);
    }

    /// FB-10: where the ship that left at its exit point may return: along the exit
    /// edge, `along` ∈ −4..=4 from the exit point, touching the edge, facing into the
    /// table.
    pub fn return_point(&self, id: u8, along: f64) -> Option<(Point, Heading)> {
        let exit = self.model(id).exit?;
        let r = self.radius(id);
        let (w, h) = (self.width, self.height);
        let clamp = |v: f64, hi: f64| v.clamp(r, hi - r);
        let on = |v: f64, edge: f64| (v - edge).abs() <= 1e-6;
        let spot = if on(exit.y, 0.0) {
            (Point::new(clamp(exit.x + along, w), r), Heading(0))
        } else if on(exit.y, h) {
            (Point::new(clamp(exit.x + along, w), h - r), Heading(12))
        } else if on(exit.x, 0.0) {
            (Point::new(r, clamp(exit.y + along, h)), Heading(6))
        } else {
            (Point::new(w - r, clamp(exit.y + along, h)), Heading(18))
        };
        Some(spot)
    }

    /// The offered return offsets (whole inches) that are free.
    pub fn return_spots(&self, id: u8) -> Vec<f64> {
        (-4..=4)
            .map(f64::from)
            .filter(|&a| {
                self.return_point(id, a)
                    .is_some_and(|(p, _)| self.free_spot(p, self.radius(id), &[id]))
            })
            .collect()
    }

    pub(crate) fn put_back(&mut self, id: u8, at: Point, heading: Heading, log: &mut Log) {
        let m = self.model_mut(id);
        m.pos = at;
        m.heading = heading;
        m.status = Status::OnTable;
        m.exit = None;
        emit(log, Event::Returned { model: id, at });
    }

    /// FB-10 "(nearest legal point along the edge if needed)".
    pub(crate) fn return_nearest(&mut self, id: u8, log: &mut Log) {
        let r = self.radius(id);
        let span = self.width.max(self.height);
        let mut k = 0.0;
        while k <= span {
            for a in [k, -k] {
                if let Some((p, h)) = self.return_point(id, a) {
                    if self.free_spot(p, r, &[id]) {
                        self.put_back(id, p, h, log);
                        return;
                    }
                }
            }
            k += 0.25;
        }
        // A table with no free spot on that edge: the ship stays off and is lost.
        self.remove(id, Status::Destroyed, log);
        emit(log, Event::Lost { model: id });
    }
}
