//! Headings in 15° steps, and the six 60° sectors around a heading.
//!
//! Black Skies turns by 30°, 45°, 60°, 90° and 180° and slides at 45° (BS-06), which
//! the twelve clock-face [`Hour`]s cannot hold; a [`Heading`] is a multiple of 15°,
//! with the same convention as the hours (0 = +y, clockwise), so `Hour(h)` is
//! `Heading(2h)`. Its unit vectors come from a constant table, like the hours'.

use crate::{Hour, Point, EPS, HALF_SQRT_3};
use serde::{Deserialize, Serialize};
use std::fmt;

/// cos 15° = (√6 + √2)/4, correctly rounded.
const C15: f64 = 0.965_925_826_289_068_3;
/// sin 15° = (√6 − √2)/4, correctly rounded.
const S15: f64 = 0.258_819_045_102_520_74;
/// √2/2, correctly rounded.
pub const HALF_SQRT_2: f64 = std::f64::consts::FRAC_1_SQRT_2;

/// (sin, cos) of 15°·k for k = 0..=6 (the first quadrant).
const QUADRANT: [(f64, f64); 7] = [
    (0.0, 1.0),
    (S15, C15),
    (0.5, HALF_SQRT_3),
    (HALF_SQRT_2, HALF_SQRT_2),
    (HALF_SQRT_3, 0.5),
    (C15, S15),
    (1.0, 0.0),
];

/// A direction in 15° steps, 0–23, clockwise from +y (`Heading(6)` = +x).
///
/// Serialised as a plain number; build values with [`Heading::new`] to keep them in
/// 0..=23 (methods reduce modulo 24 anyway).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Heading(pub u8);

impl Heading {
    /// Steps in a full turn.
    pub const STEPS: i32 = 24;

    /// Heading `i` reduced modulo 24.
    pub fn new(i: i32) -> Heading {
        Heading(i.rem_euclid(Self::STEPS) as u8)
    }

    /// The heading of `degrees` clockwise from +y, if it is a multiple of 15°.
    pub fn from_degrees(degrees: i32) -> Option<Heading> {
        (degrees % 15 == 0).then(|| Heading::new(degrees / 15))
    }

    /// Degrees clockwise from +y, 0–345.
    pub fn degrees(self) -> i32 {
        i32::from(self.0 % 24) * 15
    }

    /// Turned `steps` × 15°: positive = clockwise (right), negative = left.
    #[inline]
    pub fn turned(self, steps: i32) -> Heading {
        Heading::new(i32::from(self.0 % 24) + steps)
    }

    /// Unit vector, from the constant table (no trigonometry).
    #[inline]
    pub fn vector(self) -> Point {
        let k = usize::from(self.0 % 24);
        let (s, c) = QUADRANT[k % 6];
        // Rotate the first-quadrant vector (sin, cos) by whole right angles clockwise.
        match k / 6 {
            0 => Point::new(s, c),
            1 => Point::new(c, -s),
            2 => Point::new(-s, -c),
            _ => Point::new(-c, s),
        }
    }

    /// The 24 headings, clockwise from +y.
    pub fn all() -> impl Iterator<Item = Heading> {
        (0u8..24).map(Heading)
    }
}

impl From<Hour> for Heading {
    fn from(h: Hour) -> Heading {
        Heading::new(i32::from(h.0 % 12) * 2)
    }
}

impl fmt::Display for Heading {
    /// `135°`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}°", self.degrees())
    }
}

/// One of six 60° sectors around a heading, by the bearing of a point from it.
///
/// Black Skies BS-10: "six 60° arcs from the fighter's heading, by the bearing of the
/// target's centre: Front [−30°, +30°]; Front-Left (30°, 90°]; Rear-Left (90°, 150°];
/// Rear (150°, 180°] ∪ (−180°, −150°); Rear-Right [−150°, −90°); Front-Right [−90°,
/// −30°)" (there, left = counter-clockwise = positive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sector {
    Front,
    FrontLeft,
    RearLeft,
    Rear,
    RearRight,
    FrontRight,
}

impl Sector {
    /// The six sectors, counter-clockwise from the front.
    pub const ALL: [Sector; 6] = [
        Sector::Front,
        Sector::FrontLeft,
        Sector::RearLeft,
        Sector::Rear,
        Sector::RearRight,
        Sector::FrontRight,
    ];

    /// The sector's name in words (`front-left`).
    pub fn name(self) -> &'static str {
        match self {
            Sector::Front => "front",
            Sector::FrontLeft => "front-left",
            Sector::RearLeft => "rear-left",
            Sector::Rear => "rear",
            Sector::RearRight => "rear-right",
            Sector::FrontRight => "front-right",
        }
    }

    /// The sector of `other` seen from `at` heading `heading` (BS-10's boundaries,
    /// tolerance [`EPS`]: ±30° belongs to the front, ±90° to the front sides, ±150° to
    /// the rear sides). The same point counts as Front.
    ///
    /// With `v = other − at`, `f = u·v` and `|v|`: |bearing| ≤ 30° iff `f ≥ cos30°·|v|`,
    /// ≤ 90° iff `f ≥ 0`, ≤ 150° iff `f ≥ −cos30°·|v|`; the side is the sign of the
    /// cross product. Only `+ − × sqrt`: the same on every machine.
    #[inline]
    pub fn of(at: Point, heading: Heading, other: Point) -> Sector {
        Sector::with_distance(at, heading, other).0
    }

    /// [`Sector::of`] and the distance from `at` to `other` (exactly `at.dist(other)`),
    /// from one difference vector and one square root.
    #[inline]
    pub fn with_distance(at: Point, heading: Heading, other: Point) -> (Sector, f64) {
        let v = other - at;
        let u = heading.vector();
        let f = u.dot(v);
        let len = v.len();
        // Counter-clockwise (left) of the heading: positive cross product.
        let left = u.cross(v) > 0.0;
        let pick = |l: Sector, r: Sector| if left { l } else { r };
        let sector = if f >= HALF_SQRT_3 * len - EPS {
            Sector::Front
        } else if f >= -EPS {
            pick(Sector::FrontLeft, Sector::FrontRight)
        } else if f >= -HALF_SQRT_3 * len - EPS {
            pick(Sector::RearLeft, Sector::RearRight)
        } else {
            Sector::Rear
        };
        (sector, len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_are_correctly_rounded() {
        // 0.96592582628906828675… and 0.25881904510252076234… to 40 digits; the f64
        // formulas round twice, so they may be one unit in the last place away.
        assert!((C15 - (6f64.sqrt() + 2f64.sqrt()) / 4.0).abs() <= 2e-16);
        assert!((S15 - (6f64.sqrt() - 2f64.sqrt()) / 4.0).abs() <= 1e-16);
        assert!((C15 * C15 + S15 * S15 - 1.0).abs() <= 2e-16);
        assert_eq!(HALF_SQRT_2, 2f64.sqrt() / 2.0);
    }

    #[test]
    fn vectors_are_unit_clockwise_and_agree_with_hours() {
        for h in Heading::all() {
            let v = h.vector();
            assert!((v.len() - 1.0).abs() <= 1e-15, "{h}");
            let n = h.turned(1).vector();
            assert!(v.cross(n) < 0.0, "{h}: the next heading is clockwise");
            assert!((v.dot(n) - C15).abs() <= 1e-15);
        }
        for hour in Hour::all() {
            assert_eq!(Heading::from(hour).vector(), hour.vector(), "{hour}");
        }
        assert_eq!(Heading(6).vector(), Point::new(1.0, 0.0));
        assert_eq!(Heading::new(-3), Heading(21));
        assert_eq!(Heading::from_degrees(-45), Some(Heading(21)));
        assert_eq!(Heading::from_degrees(10), None);
        assert_eq!(Heading(9).to_string(), "135°");
    }

    #[test]
    fn sectors_follow_bs10_boundaries() {
        let at = Point::new(10.0, 10.0);
        for heading in Heading::all() {
            // Bearings in 15° steps, + = clockwise (right).
            for step in -11..=12 {
                let p = at + heading.turned(step).vector() * 5.0;
                let deg = step * 15;
                let want = match deg.abs() {
                    0..=30 => Sector::Front,
                    31..=90 => [Sector::FrontLeft, Sector::FrontRight][usize::from(deg > 0)],
                    91..=150 => [Sector::RearLeft, Sector::RearRight][usize::from(deg > 0)],
                    _ => Sector::Rear,
                };
                assert_eq!(Sector::of(at, heading, p), want, "{heading} bearing {deg}");
            }
        }
        assert_eq!(Sector::of(at, Heading(0), at), Sector::Front);
    }
}
