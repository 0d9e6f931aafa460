//! Points and vectors on the table.

use crate::Hour;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, Mul, Sub};

/// A point (or vector) on the table, in the ruleset's unit (klicks, inches).
///
/// SY-04: "A unit has a position (x, y: f64)"; the table is `[0,W]×[0,L]`, +y points
/// from side A's edge (y = 0) towards side B's edge (y = L).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    /// The origin (0, 0).
    pub const ORIGIN: Point = Point { x: 0.0, y: 0.0 };

    /// The point (x, y).
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    /// Component-wise sum `self + other`.
    #[allow(clippy::should_implement_trait)]
    pub fn add(self, other: Point) -> Point {
        Point::new(self.x + other.x, self.y + other.y)
    }

    /// Component-wise difference `self − other` (the vector from `other` to `self`).
    #[allow(clippy::should_implement_trait)]
    pub fn sub(self, other: Point) -> Point {
        Point::new(self.x - other.x, self.y - other.y)
    }

    /// This vector multiplied by `k`.
    pub fn scale(self, k: f64) -> Point {
        Point::new(self.x * k, self.y * k)
    }

    /// Dot product.
    pub fn dot(self, other: Point) -> f64 {
        self.x * other.x + self.y * other.y
    }

    /// 2-D cross product `self.x·other.y − self.y·other.x`: positive when `other` is
    /// counter-clockwise (to port) of `self`, negative when clockwise (to starboard).
    pub fn cross(self, other: Point) -> f64 {
        self.x * other.y - self.y * other.x
    }

    /// Euclidean length (uses only `*`, `+` and `sqrt`, so it is IEEE-exact).
    pub fn len(self) -> f64 {
        self.dot(self).sqrt()
    }

    /// Euclidean distance to `other`.
    pub fn dist(self, other: Point) -> f64 {
        self.sub(other).len()
    }

    /// This point moved `distance` along `hour` (SY-04: "Hour h points at bearing
    /// 30·h° clockwise from +y").
    pub fn along(self, hour: Hour, distance: f64) -> Point {
        self.add(hour.vector().scale(distance))
    }
}

impl Add for Point {
    type Output = Point;
    fn add(self, other: Point) -> Point {
        Point::add(self, other)
    }
}

impl Sub for Point {
    type Output = Point;
    fn sub(self, other: Point) -> Point {
        Point::sub(self, other)
    }
}

impl Mul<f64> for Point {
    type Output = Point;
    fn mul(self, k: f64) -> Point {
        self.scale(k)
    }
}

impl fmt::Display for Point {
    /// `(x.x, y.y)` with one decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({:.1}, {:.1})", self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic() {
        let a = Point::new(1.0, 2.0);
        let b = Point::new(4.0, 6.0);
        assert_eq!(a + b, Point::new(5.0, 8.0));
        assert_eq!(b - a, Point::new(3.0, 4.0));
        assert_eq!(a * 2.0, Point::new(2.0, 4.0));
        assert_eq!(a.add(b), a + b);
        assert_eq!(a.sub(b), a - b);
        assert_eq!(a.dot(b), 16.0);
        assert_eq!(a.cross(b), -2.0);
        assert_eq!((b - a).len(), 5.0);
        assert_eq!(a.dist(b), 5.0);
        // +x is clockwise (starboard) of +y: cross is negative.
        assert!(Point::new(0.0, 1.0).cross(Point::new(1.0, 0.0)) < 0.0);
    }

    #[test]
    fn along_and_display() {
        let p = Point::new(2.0, 3.0).along(Hour(3), 4.0);
        assert_eq!(p, Point::new(6.0, 3.0));
        let q = Point::new(2.0, 3.0).along(Hour(6), 1.5);
        assert_eq!(q, Point::new(2.0, 1.5));
        assert_eq!(Point::new(1.24, -3.06).to_string(), "(1.2, -3.1)");
        assert_eq!(Point::new(12.0, 7.96).to_string(), "(12.0, 8.0)");
    }
}
