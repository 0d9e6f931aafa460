//! The twelve maneuver cards (seed "Maneuvers", BS-06), piloting checks (BS-07) and
//! the substitute flown after a failure (BS-08).

use orrery_table::{Heading, Point};
use serde::Serialize;

/// Which way a maneuver goes, for BS-08's substitute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Left,
    Right,
    Ahead,
}

/// One piece of a maneuver's path (BS-06's primitives), as a fraction of the distance
/// flown `S`. Turns are in 15° steps, + = right (clockwise).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Piece {
    /// `F(d)`: move along the heading.
    Forward(f64),
    /// `L(a)` / `R(a)`: pivot in place.
    Pivot(i32),
    /// `D(L a, d)` / `D(R a, d)`: move at heading ± a, heading unchanged.
    Drift(i32, f64),
}

use Piece::{Drift, Forward, Pivot};

/// One option of a maneuver card: a row of BS-06's table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Maneuver {
    pub card: u8,
    /// 0-based option of the card.
    pub option: u8,
    pub name: &'static str,
    pub difficulty: u8,
    /// "The Movement Penalty is subtracted from the fighters current speed immediately
    /// that the maneuver is attempted, and is applied whether the maneuver succeeds or
    /// not."
    pub penalty: u8,
    /// The option's speed change (BS-06: Accelerate +2, Decelerate −2, Afterburner +4,
    /// Retros −4).
    pub change: i8,
    pub path: &'static [Piece],
    /// Zigzag: "until the start of the fighter's next activation every shot at it has
    /// −1 accuracy".
    pub jinking: bool,
    pub side: Side,
}

#[allow(clippy::too_many_arguments)]
const fn m(
    card: u8,
    option: u8,
    name: &'static str,
    difficulty: u8,
    penalty: u8,
    change: i8,
    path: &'static [Piece],
    side: Side,
) -> Maneuver {
    Maneuver {
        card,
        option,
        name,
        difficulty,
        penalty,
        change,
        path,
        jinking: false,
        side,
    }
}

const STRAIGHT: &[Piece] = &[Forward(1.0)];
const HALF: f64 = 0.5;

/// BS-06's table, card by card, option by option.
pub const MANEUVERS: [Maneuver; 19] = [
    m(1, 0, "Straight", 0, 0, 0, STRAIGHT, Side::Ahead),
    m(
        1,
        1,
        "Straight — Accelerate",
        0,
        0,
        2,
        STRAIGHT,
        Side::Ahead,
    ),
    m(
        1,
        2,
        "Straight — Decelerate",
        0,
        0,
        -2,
        STRAIGHT,
        Side::Ahead,
    ),
    m(
        2,
        0,
        "Smooth Left",
        0,
        0,
        0,
        &[Forward(HALF), Pivot(-2), Forward(HALF)],
        Side::Left,
    ),
    m(
        2,
        1,
        "Bank Left",
        1,
        0,
        0,
        &[Forward(HALF), Pivot(-3), Forward(HALF)],
        Side::Left,
    ),
    m(
        2,
        2,
        "Sharp Left",
        2,
        1,
        0,
        &[Forward(HALF), Pivot(-4), Forward(HALF)],
        Side::Left,
    ),
    m(
        3,
        0,
        "Smooth Right",
        0,
        0,
        0,
        &[Forward(HALF), Pivot(2), Forward(HALF)],
        Side::Right,
    ),
    m(
        3,
        1,
        "Bank Right",
        1,
        0,
        0,
        &[Forward(HALF), Pivot(3), Forward(HALF)],
        Side::Right,
    ),
    m(
        3,
        2,
        "Sharp Right",
        2,
        1,
        0,
        &[Forward(HALF), Pivot(4), Forward(HALF)],
        Side::Right,
    ),
    m(4, 0, "Afterburner", 2, 0, 4, STRAIGHT, Side::Ahead),
    m(
        5,
        0,
        "Hard Left",
        3,
        2,
        0,
        &[Forward(HALF), Pivot(-6), Forward(HALF)],
        Side::Left,
    ),
    m(
        6,
        0,
        "Hard Right",
        3,
        2,
        0,
        &[Forward(HALF), Pivot(6), Forward(HALF)],
        Side::Right,
    ),
    Maneuver {
        jinking: true,
        ..m(
            7,
            0,
            "Zigzag — Left first",
            3,
            0,
            0,
            &[Drift(-3, HALF), Drift(3, HALF)],
            Side::Ahead,
        )
    },
    Maneuver {
        jinking: true,
        ..m(
            7,
            1,
            "Zigzag — Right first",
            3,
            0,
            0,
            &[Drift(3, HALF), Drift(-3, HALF)],
            Side::Ahead,
        )
    },
    m(
        8,
        0,
        "Sideslip Left",
        2,
        0,
        0,
        &[Drift(-3, 1.0)],
        Side::Left,
    ),
    m(
        9,
        0,
        "Sideslip Right",
        2,
        0,
        0,
        &[Drift(3, 1.0)],
        Side::Right,
    ),
    m(10, 0, "Retros", 2, 0, -4, STRAIGHT, Side::Ahead),
    m(
        11,
        0,
        "S Turn Left",
        3,
        2,
        0,
        &[
            Forward(HALF),
            Pivot(-6),
            Forward(0.25),
            Pivot(-6),
            Forward(0.25),
        ],
        Side::Left,
    ),
    m(
        12,
        0,
        "S Turn Right",
        3,
        2,
        0,
        &[
            Forward(HALF),
            Pivot(6),
            Forward(0.25),
            Pivot(6),
            Forward(0.25),
        ],
        Side::Right,
    ),
];

/// The maneuver names of cards 1–12 (seed "Maneuver Cards").
pub fn card_name(card: u8) -> &'static str {
    match card {
        1 => "Straight",
        2 => "Break Left",
        3 => "Break Right",
        4 => "Afterburner",
        5 => "Hard Left",
        6 => "Hard Right",
        7 => "Zigzag",
        8 => "Sideslip Left",
        9 => "Sideslip Right",
        10 => "Retros",
        11 => "S Turn Left",
        12 => "S Turn Right",
        _ => "?",
    }
}

/// Where each card's options sit in [`MANEUVERS`] (which lists them card by card):
/// `[start, end)` for cards 0–12, empty for card 0.
const OPTION_RANGES: [(usize, usize); 13] = {
    let mut r = [(0, 0); 13];
    let mut i = 0;
    while i < MANEUVERS.len() {
        let c = MANEUVERS[i].card as usize;
        if r[c].1 == 0 {
            r[c].0 = i;
        }
        r[c].1 = i + 1;
        i += 1;
    }
    r
};

/// The options of `card`, in order (none for a card that does not exist).
pub fn options(card: u8) -> impl Iterator<Item = &'static Maneuver> {
    let (start, end) = match OPTION_RANGES.get(usize::from(card)) {
        Some(&r) if card != 0 => r,
        _ => (0, 0),
    };
    MANEUVERS[start..end].iter()
}

/// Option `option` of `card`.
pub fn maneuver(card: u8, option: u8) -> Option<&'static Maneuver> {
    options(card).find(|m| m.option == option)
}

/// BS-08: "left maneuvers (Bank, Sharp, Hard, Sideslip, S Turn Left) → Smooth Left;
/// right ones → Smooth Right; Afterburner, Zigzag, Retros → Straight".
pub fn substitute(m: &Maneuver) -> &'static Maneuver {
    match m.side {
        Side::Left => &MANEUVERS[3],
        Side::Right => &MANEUVERS[6],
        Side::Ahead => &MANEUVERS[0],
    }
}

/// Clamp to the speed limit: "We impose a maximum speed limit of 12 on all fighters".
pub const MAX_SPEED: u8 = 12;

fn clamp_speed(v: i32) -> u8 {
    v.clamp(0, i32::from(MAX_SPEED)) as u8
}

/// The speed after the penalty, then after the option's change (BS-06: "each step
/// clamped to 0–12"): `(after_penalty, flown)`. The seed's example: 8 on a Hard Left
/// → 6.
pub fn speeds(speed: u8, m: &Maneuver) -> (u8, u8) {
    let after = clamp_speed(i32::from(speed) - i32::from(m.penalty));
    (after, clamp_speed(i32::from(after) + i32::from(m.change)))
}

/// Where a fighter flies: the points it passes (start, each corner, end), the heading
/// it holds on each leg, and where it ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Flight {
    pub points: Vec<Point>,
    /// The heading held while flying leg i (from `points[i]` to `points[i + 1]`).
    pub headings: Vec<Heading>,
    pub end_heading: Heading,
}

impl Flight {
    pub fn end(&self) -> Point {
        self.points[self.points.len() - 1]
    }

    /// The point `s` inches along the path, with the heading held there.
    pub fn at(&self, s: f64) -> (Point, Heading) {
        let mut left = s.max(0.0);
        for (i, pair) in self.points.windows(2).enumerate() {
            let len = pair[0].dist(pair[1]);
            if left <= len {
                let p = if len > 0.0 {
                    pair[0] + (pair[1] - pair[0]) * (left / len)
                } else {
                    pair[0]
                };
                return (p, self.headings[i]);
            }
            left -= len;
        }
        (self.end(), self.end_heading)
    }

    /// Total length flown.
    pub fn length(&self) -> f64 {
        self.points.windows(2).map(|p| p[0].dist(p[1])).sum()
    }
}

/// BS-06: the path of maneuver `m` flown at `s` inches from `start` heading `heading`.
/// Pivots add no leg; a leg of zero length is kept (speed 0 flies nowhere).
pub fn fly(m: &Maneuver, start: Point, heading: Heading, s: f64) -> Flight {
    let mut at = start;
    let mut h = heading;
    let mut points = Vec::with_capacity(m.path.len() + 1);
    points.push(start);
    let mut headings = Vec::with_capacity(m.path.len());
    for piece in m.path {
        match *piece {
            Forward(f) => {
                at = at + h.vector() * (s * f);
                points.push(at);
                headings.push(h);
            }
            Pivot(steps) => h = h.turned(steps),
            Drift(steps, f) => {
                at = at + h.turned(steps).vector() * (s * f);
                points.push(at);
                headings.push(h);
            }
        }
    }
    Flight {
        points,
        headings,
        end_heading: h,
    }
}

/// [`fly`]'s end point and heading, by the same arithmetic, without the path.
pub fn fly_end(m: &Maneuver, start: Point, heading: Heading, s: f64) -> (Point, Heading) {
    let mut at = start;
    let mut h = heading;
    for piece in m.path {
        match *piece {
            Forward(f) => at = at + unit(h) * (s * f),
            Pivot(steps) => h = turned(h, steps),
            Drift(steps, f) => at = at + unit(turned(h, steps)) * (s * f),
        }
    }
    (at, h)
}

/// Where each option flown at 0–12 from the origin ends, by heading: option `i` of
/// [`MANEUVERS`], heading `h`, speed `s` at `(i * 24 + h) * 13 + s`. From another
/// start the end differs from `start + shift` by rounding only (far below 10⁻⁹"),
/// so the table settles whether a move ends on the table except within 10⁻⁹" of an
/// edge ([`ends_within`]).
static SHIFTS: std::sync::LazyLock<Vec<Point>> = std::sync::LazyLock::new(|| {
    let mut t = Vec::with_capacity(MANEUVERS.len() * 24 * 13);
    for m in &MANEUVERS {
        for h in Heading::all() {
            for s in 0..=MAX_SPEED {
                t.push(fly_end(m, Point::ORIGIN, h, f64::from(s)).0);
            }
        }
    }
    t
});

/// The index of `m` in [`MANEUVERS`].
fn index_of(m: &Maneuver) -> Option<usize> {
    let (start, end) = *OPTION_RANGES.get(usize::from(m.card))?;
    let i = start + usize::from(m.option);
    let same = |p: &[Piece]| std::ptr::eq(p, m.path) || p == m.path;
    (i < end && same(MANEUVERS[i].path)).then_some(i)
}

/// Whether option `i` of [`MANEUVERS`] flown at `s` from `start` heading `heading`
/// ends within 0 ≤ x ≤ `width`, 0 ≤ y ≤ `length`, `shifts` being [`SHIFTS`].
#[inline]
fn index_ends_within(
    shifts: &[Point],
    i: usize,
    start: Point,
    heading: Heading,
    s: u8,
    (width, length): (f64, f64),
) -> bool {
    const MARGIN: f64 = 1e-9;
    if s <= MAX_SPEED {
        let d = shifts[(i * 24 + usize::from(heading.0 % 24)) * 13 + usize::from(s)];
        let e = start + d;
        if e.x >= MARGIN && e.x <= width - MARGIN && e.y >= MARGIN && e.y <= length - MARGIN {
            return true;
        }
        if e.x < -MARGIN || e.x > width + MARGIN || e.y < -MARGIN || e.y > length + MARGIN {
            return false;
        }
    }
    let e = fly_end(&MANEUVERS[i], start, heading, f64::from(s)).0;
    e.x >= 0.0 && e.x <= width && e.y >= 0.0 && e.y <= length
}

/// Whether `m` flown at `s` from `start` heading `heading` ends within 0 ≤ x ≤
/// `width`, 0 ≤ y ≤ `length` (exactly `fly_end`'s end tested so).
pub fn ends_within(m: &Maneuver, start: Point, heading: Heading, s: u8, table: (f64, f64)) -> bool {
    match index_of(m) {
        Some(i) => index_ends_within(&SHIFTS, i, start, heading, s, table),
        None => {
            let e = fly_end(m, start, heading, f64::from(s)).0;
            e.x >= 0.0 && e.x <= table.0 && e.y >= 0.0 && e.y <= table.1
        }
    }
}

/// Whether some option of `cards` flown from `start` heading `heading`, at the
/// speed [`speeds`] gives it from `speed`, ends within the table (`ends_within`
/// for each in turn).
pub fn some_end_within(
    cards: &[u8],
    start: Point,
    heading: Heading,
    speed: u8,
    table: (f64, f64),
) -> bool {
    let shifts: &[Point] = &SHIFTS;
    cards.iter().any(|&c| {
        let (a, b) = match OPTION_RANGES.get(usize::from(c)) {
            Some(&r) if c != 0 => r,
            _ => (0, 0),
        };
        (a..b).any(|i| {
            let (_, s) = speeds(speed, &MANEUVERS[i]);
            index_ends_within(shifts, i, start, heading, s, table)
        })
    })
}

/// [`Heading::turned`], inlined.
#[inline]
fn turned(h: Heading, steps: i32) -> Heading {
    Heading((i32::from(h.0 % 24) + steps).rem_euclid(24) as u8)
}

/// cos 15° and sin 15° as `orrery_table` writes them (the test checks the table).
const C15: f64 = 0.965_925_826_289_068_3;
const S15: f64 = 0.258_819_045_102_520_74;
const R2: f64 = std::f64::consts::FRAC_1_SQRT_2;
const R3: f64 = orrery_table::HALF_SQRT_3;

/// [`Heading::vector`] of headings 0–23, the same numbers (checked by a test).
const UNITS: [Point; 24] = {
    let q = [
        (0.0, 1.0),
        (S15, C15),
        (0.5, R3),
        (R2, R2),
        (R3, 0.5),
        (C15, S15),
    ];
    let mut t = [Point::ORIGIN; 24];
    let mut k = 0;
    while k < 24 {
        let (s, c) = q[k % 6];
        t[k] = match k / 6 {
            0 => Point::new(s, c),
            1 => Point::new(c, -s),
            2 => Point::new(-s, -c),
            _ => Point::new(-c, s),
        };
        k += 1;
    }
    t
};

/// [`Heading::vector`], from a constant table.
#[inline]
pub fn unit(h: Heading) -> Point {
    UNITS[usize::from(h.0 % 24)]
}

/// The farthest a maneuver takes a fighter from where it starts, along either axis:
/// every path's pieces add up to the distance flown, at most [`MAX_SPEED`], and a
/// unit vector's parts are at most 1 (with room for rounding).
pub const REACH: f64 = MAX_SPEED as f64 + 0.5;

/// A piloting check's numbers (BS-07).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    /// "effective difficulty = base × 2 if the fighter is crippled × 2 if its pilot
    /// already failed a check this turn".
    pub difficulty: i32,
    /// "Modifier = skill (1–4) + 1 light / −1 heavy".
    pub modifier: i32,
}

impl Check {
    pub fn new(base: u8, modifier: i32, crippled: bool, failed_before: bool) -> Check {
        let mut difficulty = i32::from(base);
        if crippled {
            difficulty *= 2;
        }
        if failed_before {
            difficulty *= 2;
        }
        Check {
            difficulty,
            modifier,
        }
    }

    /// "If 1 + modifier ≥ effective difficulty the check passes without a roll and
    /// draws nothing from the RNG".
    pub fn automatic(&self) -> bool {
        1 + self.modifier >= self.difficulty
    }

    /// Faces of the d10 (1–10) that pass: "d10 + modifier ≥ effective difficulty".
    pub fn passing_faces(&self) -> u32 {
        if self.automatic() {
            return 10;
        }
        (1..=10)
            .filter(|d| d + self.modifier >= self.difficulty)
            .count() as u32
    }

    pub fn passes(&self, d10: u32) -> bool {
        d10 as i32 + self.modifier >= self.difficulty
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_are_heading_vectors() {
        for h in Heading::all() {
            assert_eq!(unit(h), h.vector(), "{h}");
            for steps in -30..30 {
                assert_eq!(turned(h, steps), h.turned(steps));
            }
        }
        for m in &MANEUVERS {
            let sum: f64 = m
                .path
                .iter()
                .map(|p| match *p {
                    Forward(f) | Drift(_, f) => f,
                    Pivot(_) => 0.0,
                })
                .sum();
            assert_eq!(sum, 1.0, "{}", m.name);
        }
    }

    #[test]
    fn fly_end_is_flys_end() {
        for m in &MANEUVERS {
            for h in Heading::all() {
                for s in 0..=12 {
                    let start = Point::new(7.25, 30.5);
                    let f = fly(m, start, h, f64::from(s));
                    assert_eq!(fly_end(m, start, h, f64::from(s)), (f.end(), f.end_heading));
                }
            }
        }
        for m in &MANEUVERS {
            for h in Heading::all() {
                for s in 0..=12 {
                    for i in -50..=50 {
                        for j in [-3, -1, 0, 1, 2] {
                            // Starts near and on the edges of a 36" table.
                            let start = Point::new(f64::from(i) * 0.75, 36.0 + f64::from(j) * 0.1);
                            let e = fly_end(m, start, h, f64::from(s)).0;
                            let on = e.x >= 0.0 && e.x <= 36.0 && e.y >= 0.0 && e.y <= 36.0;
                            assert_eq!(ends_within(m, start, h, s, (36.0, 36.0)), on);
                            let any = options(m.card).any(|o| {
                                let e = fly_end(o, start, h, f64::from(speeds(s, o).1)).0;
                                e.x >= 0.0 && e.x <= 36.0 && e.y >= 0.0 && e.y <= 36.0
                            });
                            assert_eq!(some_end_within(&[m.card], start, h, s, (36.0, 36.0)), any);
                        }
                    }
                }
            }
        }
        for card in 0..=14 {
            let slow: Vec<&Maneuver> = MANEUVERS
                .iter()
                .filter(|m| m.card == card && card != 0)
                .collect();
            assert_eq!(options(card).collect::<Vec<_>>(), slow);
        }
    }
}
