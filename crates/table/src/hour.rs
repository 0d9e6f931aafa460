//! Clock-face hours: the twelve directions of courses and facings.

use crate::Point;
use serde::{Deserialize, Serialize};
use std::fmt;

/// `sqrt(3)/2` = cos 30° = sin 60°, correctly rounded; the only irrational constant
/// the hour table needs.
pub const HALF_SQRT_3: f64 = 0.866_025_403_784_438_6;

const S: f64 = HALF_SQRT_3;

/// Unit vectors of hours 0–11, clockwise from +y.
const VECTORS: [Point; 12] = [
    Point::new(0.0, 1.0),
    Point::new(0.5, S),
    Point::new(S, 0.5),
    Point::new(1.0, 0.0),
    Point::new(S, -0.5),
    Point::new(0.5, -S),
    Point::new(0.0, -1.0),
    Point::new(-0.5, -S),
    Point::new(-S, -0.5),
    Point::new(-1.0, 0.0),
    Point::new(-S, 0.5),
    Point::new(-0.5, S),
];

/// A clock-face direction 0–11, used for courses and facings.
///
/// SY-04: "Hour h points at bearing 30·h° clockwise from +y (hour 0 = +y, hour 3 = +x).
/// Port = counter-clockwise (left), starboard = clockwise (right)."
///
/// Serialised as a plain number. Build values with [`Hour::new`] to keep them in
/// 0..=11; methods reduce the field modulo 12 anyway.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Hour(pub u8);

impl Hour {
    /// Hour `i` reduced modulo 12 (`Hour::new(-1) == Hour(11)`).
    pub fn new(i: i32) -> Hour {
        Hour(i.rem_euclid(12) as u8)
    }

    fn index(self) -> i32 {
        i32::from(self.0 % 12)
    }

    /// This hour turned `delta` hours; positive = starboard (clockwise), negative =
    /// port (counter-clockwise), as in SY-04.
    #[inline]
    pub fn turned(self, delta: i32) -> Hour {
        Hour::new(self.index() + delta)
    }

    /// This hour turned `n` hours to port (counter-clockwise).
    pub fn port(self, n: i32) -> Hour {
        self.turned(-n)
    }

    /// This hour turned `n` hours to starboard (clockwise).
    pub fn starboard(self, n: i32) -> Hour {
        self.turned(n)
    }

    /// The reverse direction (six hours round).
    pub fn opposite(self) -> Hour {
        self.turned(6)
    }

    /// Unit vector of this hour, from the constant table (no trigonometry): hour 0 =
    /// (0, 1), hour 1 = (0.5, √3/2), hour 3 = (1, 0), …
    #[inline]
    pub fn vector(self) -> Point {
        VECTORS[(self.0 % 12) as usize]
    }

    /// The twelve hours 0, 1, …, 11 (clockwise from +y).
    pub fn all() -> impl Iterator<Item = Hour> {
        (0u8..12).map(Hour)
    }

    /// Signed shortest turn from `self` to `other` in hours, in -5..=6: positive =
    /// starboard (clockwise). An exact reversal counts as +6.
    pub fn steps_to(self, other: Hour) -> i32 {
        let d = (other.index() - self.index()).rem_euclid(12);
        if d > 6 {
            d - 12
        } else {
            d
        }
    }
}

impl fmt::Display for Hour {
    /// `12 o'clock` for hour 0, `3 o'clock` for hour 3, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = match self.0 % 12 {
            0 => 12,
            h => h,
        };
        write!(f, "{h} o'clock")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constant_is_correctly_rounded() {
        assert_eq!(HALF_SQRT_3, 3f64.sqrt() / 2.0);
    }

    #[test]
    fn vectors_are_unit_and_clockwise() {
        for h in Hour::all() {
            let v = h.vector();
            assert!((v.len() - 1.0).abs() <= 1e-15, "{h}: {}", v.len());
            // The next hour is 30° clockwise: cross < 0, dot = cos 30°.
            let n = h.turned(1).vector();
            assert!(v.cross(n) < 0.0);
            assert!((v.dot(n) - S).abs() <= 1e-15);
            assert_eq!(h.opposite().vector(), v * -1.0);
        }
        assert_eq!(Hour(0).vector().dot(Hour(3).vector()), 0.0);
        assert_eq!(Hour(0).vector(), Point::new(0.0, 1.0));
        assert_eq!(Hour(3).vector(), Point::new(1.0, 0.0));
        assert_eq!(Hour(6).vector(), Point::new(0.0, -1.0));
        assert_eq!(Hour(9).vector(), Point::new(-1.0, 0.0));
        assert_eq!(Hour::all().count(), 12);
    }

    #[test]
    fn turning() {
        assert_eq!(Hour::new(-1), Hour(11));
        assert_eq!(Hour::new(25), Hour(1));
        assert_eq!(Hour(11).turned(2), Hour(1));
        assert_eq!(Hour(1).turned(-3), Hour(10));
        assert_eq!(Hour(0).port(1), Hour(11));
        assert_eq!(Hour(0).starboard(1), Hour(1));
        assert_eq!(Hour(4).opposite(), Hour(10));
        assert_eq!(Hour(9).opposite(), Hour(3));
    }

    #[test]
    fn steps() {
        assert_eq!(Hour(0).steps_to(Hour(0)), 0);
        assert_eq!(Hour(0).steps_to(Hour(3)), 3);
        assert_eq!(Hour(0).steps_to(Hour(9)), -3);
        assert_eq!(Hour(0).steps_to(Hour(6)), 6);
        assert_eq!(Hour(6).steps_to(Hour(0)), 6);
        assert_eq!(Hour(11).steps_to(Hour(1)), 2);
        assert_eq!(Hour(1).steps_to(Hour(11)), -2);
        assert_eq!(Hour(2).steps_to(Hour(7)), 5);
        assert_eq!(Hour(2).steps_to(Hour(9)), -5);
        for a in Hour::all() {
            for b in Hour::all() {
                let s = a.steps_to(b);
                assert!((-5..=6).contains(&s));
                assert_eq!(a.turned(s), b);
            }
        }
    }

    #[test]
    fn display() {
        assert_eq!(Hour(0).to_string(), "12 o'clock");
        assert_eq!(Hour(3).to_string(), "3 o'clock");
        assert_eq!(Hour(11).to_string(), "11 o'clock");
    }
}
