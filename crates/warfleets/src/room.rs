//! The same tests as `movement.rs` (FB-04 overlaps, FB-07 flights, FB-14
//! impassable and difficult terrain) for many spots at once: what a spot may meet
//! is gathered once, and each test first skips, by bounding boxes, what is too far
//! away to matter, then computes exactly what `movement.rs` computes. Answer lists
//! (hundreds of spots a question) are built with these.

use crate::geometry::{approach_time, whole};
use crate::refusal::NoFlight;
use crate::state::Warfleets;
use crate::terrain::Terrain;
use orrery_table::{Point, Shape, EPS};

/// What skipping by boxes leaves out is at least this much farther than the limit
/// tested, so rounding never decides it.
const MARGIN: f64 = 0.5;

/// Whether a point or segment spanning `lo`–`hi`, grown by `reach`, misses the box
/// `blo`–`bhi`. False for NaN, so those are tested in full.
fn apart(lo: Point, hi: Point, reach: f64, blo: Point, bhi: Point) -> bool {
    lo.x - reach > bhi.x || hi.x + reach < blo.x || lo.y - reach > bhi.y || hi.y + reach < blo.y
}

fn span(a: Point, b: Point) -> (Point, Point) {
    (
        Point::new(a.x.min(b.x), a.y.min(b.y)),
        Point::new(a.x.max(b.x), a.y.max(b.y)),
    )
}

/// The bases on the table and the impassable pieces, with their boxes.
#[derive(Clone, Debug)]
pub(crate) struct Room<'a> {
    /// Models on the table: id, centre, base radius.
    bases: Vec<(u8, Point, f64)>,
    /// Impassable pieces and their bounding boxes.
    walls: Vec<(&'a Shape, Point, Point)>,
}

impl<'a> Room<'a> {
    pub fn new(g: &'a Warfleets) -> Self {
        Room {
            bases: g
                .on_table()
                .map(|m| (m.id, m.pos, g.radius(m.id)))
                .collect(),
            walls: g
                .terrain
                .iter()
                .filter(|t| t.impassable)
                .map(|t| {
                    let (lo, hi) = t.shape.bounding_box();
                    (&t.shape, lo, hi)
                })
                .collect(),
        }
    }

    /// The part of the room a base of radius up to `r` on row `y` may meet.
    pub fn row(&self, y: f64, r: f64) -> Room<'a> {
        Room {
            bases: self
                .bases
                .iter()
                .filter(|b| (y - b.1.y).abs() < r + b.2 + MARGIN || y.is_nan())
                .copied()
                .collect(),
            walls: self
                .walls
                .iter()
                .filter(|w| !(y - r - MARGIN > w.2.y || y + r + MARGIN < w.1.y))
                .copied()
                .collect(),
        }
    }

    /// [`Warfleets::overlaps_model`].
    pub fn overlaps(&self, p: Point, radius: f64, except: &[u8]) -> bool {
        self.bases.iter().any(|&(id, c, rc)| {
            let reach = radius + rc;
            let far = |d: f64| d.abs() >= reach + MARGIN;
            !far(p.x - c.x) && !far(p.y - c.y) && !except.contains(&id) && p.dist(c) < reach - 1e-9
        })
    }

    /// [`crate::terrain::in_impassable`].
    pub fn in_wall(&self, p: Point, radius: f64) -> bool {
        self.walls.iter().any(|&(shape, lo, hi)| {
            !apart(p, p, radius + MARGIN, lo, hi) && shape.distance_to(p) < radius - 1e-9
        })
    }

    /// Whether the segment `a`–`b` passes within `radius` of impassable terrain (as
    /// `check_fly` tests it).
    pub fn wall_on(&self, a: Point, b: Point, radius: f64) -> bool {
        let (lo, hi) = span(a, b);
        self.walls.iter().any(|&(shape, wlo, whi)| {
            !apart(lo, hi, radius + MARGIN, wlo, whi)
                && shape.distance_to_segment(a, b) < radius - 1e-9
        })
    }

    /// [`Warfleets::free_spot`].
    pub fn free(&self, g: &Warfleets, p: Point, radius: f64, except: &[u8]) -> bool {
        g.wholly_on_table(p, radius)
            && !self.overlaps(p, radius, except)
            && !self.in_wall(p, radius)
    }
}

/// What the flights to one row may meet ([`Flight::row`]).
pub(crate) struct FlightRow<'a> {
    room: Room<'a>,
    difficult: Vec<(&'a Terrain, Point, Point)>,
}

/// FB-07 for one squadron's flights: [`Warfleets::check_fly`] for many
/// destinations.
pub(crate) struct Flight<'a> {
    g: &'a Warfleets,
    id: u8,
    from: Point,
    radius: f64,
    speed: f64,
    engaged: bool,
    room: Room<'a>,
    /// Difficult pieces, in table order, with their boxes.
    difficult: Vec<(&'a Terrain, Point, Point)>,
    /// Enemy squadrons on the table: id, centre, base radius, centre distance.
    enemies: Vec<(u8, Point, f64, f64)>,
}

impl<'a> Flight<'a> {
    pub fn new(g: &'a Warfleets, id: u8) -> Self {
        let m = g.model(id);
        Flight {
            g,
            id,
            from: m.pos,
            radius: g.radius(id),
            speed: g.speeds(id).1,
            engaged: g.is_engaged(id),
            room: Room::new(g),
            difficult: g
                .terrain
                .iter()
                .filter(|t| t.difficult)
                .map(|t| {
                    let (lo, hi) = t.shape.bounding_box();
                    (t, lo, hi)
                })
                .collect(),
            enemies: g
                .on_table()
                .filter(|o| o.seat != m.seat && g.is_squadron(o.id))
                .map(|o| (o.id, o.pos, g.radius(o.id), m.pos.dist(o.pos)))
                .collect(),
        }
    }

    /// The squadron is engaged (FB-07: it cannot move).
    pub fn engaged(&self) -> bool {
        self.engaged
    }

    /// [`crate::terrain::cost`] from the squadron to `to`: pieces whose boxes the
    /// path misses clip none of it.
    fn cost(&self, difficult: &[(&Terrain, Point, Point)], to: Point, len: f64) -> f64 {
        let (from, (lo, hi)) = (self.from, span(self.from, to));
        if difficult.is_empty() {
            return len;
        }
        let inside: f64 = difficult
            .iter()
            .filter(|&&(_, blo, bhi)| !apart(lo, hi, MARGIN, blo, bhi))
            .filter_map(|(t, _, _)| t.shape.clip_segment(from, to))
            .map(|(a, b)| (b - a) * len)
            .sum();
        len + inside
    }

    /// The flight to `to`, in `check_fly`'s order of tests: the enemy squadron it
    /// engages, if any.
    pub fn check(&self, to: Point) -> Result<Option<u8>, NoFlight> {
        self.check_in(&self.room, &self.difficult, to, self.from.dist(to))
    }

    /// What flights from the squadron to row `y`, `x0` ≤ x ≤ `x1`, may meet: the
    /// bases near the row, the walls and difficult pieces near the paths' box.
    pub fn row(&self, y: f64, x0: f64, x1: f64) -> FlightRow<'a> {
        let f = self.from;
        let lo = Point::new(f.x.min(x0), f.y.min(y));
        let hi = Point::new(f.x.max(x1), f.y.max(y));
        let near = |reach: f64| move |blo: Point, bhi: Point| !apart(lo, hi, reach, blo, bhi);
        let (walls, difficult) = (near(self.radius + MARGIN), near(MARGIN));
        FlightRow {
            room: Room {
                bases: self.room.row(y, self.radius).bases,
                walls: self
                    .room
                    .walls
                    .iter()
                    .filter(|w| walls(w.1, w.2))
                    .copied()
                    .collect(),
            },
            difficult: self
                .difficult
                .iter()
                .filter(|d| difficult(d.1, d.2))
                .copied()
                .collect(),
        }
    }

    /// [`Self::check`] with what `row` ([`Self::row`]) holds, which is everything
    /// the flight to `to` may meet, and the flight's length `len` (the distance
    /// between the centres, either way round: the same number).
    pub fn check_row(&self, row: &FlightRow, to: Point, len: f64) -> Result<Option<u8>, NoFlight> {
        self.check_in(&row.room, &row.difficult, to, len)
    }

    /// [`Self::check`] with the bases and walls of `room` and the `difficult`
    /// pieces, which hold everything the flight to `to` may meet.
    fn check_in(
        &self,
        room: &Room,
        difficult: &[(&Terrain, Point, Point)],
        to: Point,
        len: f64,
    ) -> Result<Option<u8>, NoFlight> {
        if self.engaged {
            return Err(NoFlight::Engaged);
        }
        let (r, from) = (self.radius, self.from);
        if !whole(to) {
            return Err(NoFlight::NotWhole);
        }
        let c = self.cost(difficult, to, len);
        if c > self.speed + 1e-9 {
            return Err(NoFlight::Cost(c));
        }
        if !self.g.wholly_on_table(to, r) {
            return Err(NoFlight::OffTable);
        }
        if room.wall_on(from, to, r) {
            return Err(NoFlight::Impassable);
        }
        if room.overlaps(to, r, &[self.id]) {
            return Err(NoFlight::Overlap);
        }
        let first = first_reached(from, to, len, r, &self.enemies);
        if let Some((_, e, c, re)) = first {
            if to.dist(c) - r - re > 2.0 + 1e-9 {
                return Err(NoFlight::MustEngage(e));
            }
        }
        Ok(first.map(|f| f.1))
    }
}

/// FB-07: the first of `enemies` (id, centre, base radius, centre distance from
/// `from`) that a squadron of radius `r` flying from `from` to `to` (`len` apart)
/// comes within 2" of, with the time it does and the enemy's centre and radius.
pub(crate) fn first_reached(
    from: Point,
    to: Point,
    len: f64,
    r: f64,
    enemies: &[(u8, Point, f64, f64)],
) -> Option<(f64, u8, Point, f64)> {
    let mut first: Option<(f64, u8, Point, f64)> = None;
    if len > EPS {
        let u = (to - from) * (1.0 / len);
        for &(o, c, ro, away) in enemies {
            // Beyond the path's length and the reach it never comes within reach.
            if away > len + r + ro + 2.0 + MARGIN {
                continue;
            }
            if let Some(t) = approach_time(from, u, c, r + ro + 2.0) {
                if t <= len && first.is_none_or(|f| t < f.0) {
                    first = Some((t, o, c, ro));
                }
            }
        }
    }
    first
}

impl Warfleets {
    /// The enemy squadron that a flight of `id` to `to`, already checked
    /// ([`Warfleets::check_fly`]), engages: what `check_fly` returns for it.
    pub(crate) fn flight_engages(&self, id: u8, to: Point) -> Option<u8> {
        let m = self.model(id);
        let enemies: Vec<_> = self
            .on_table()
            .filter(|o| o.seat != m.seat && self.is_squadron(o.id))
            .map(|o| (o.id, o.pos, self.radius(o.id), m.pos.dist(o.pos)))
            .collect();
        first_reached(m.pos, to, m.pos.dist(to), self.radius(id), &enemies).map(|f| f.1)
    }
}
