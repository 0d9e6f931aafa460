//! The table rectangle.

use crate::{Point, EPS};
use serde::{Deserialize, Serialize};

/// The table `[0, width] × [0, length]`.
///
/// SY-04: "the table is a rectangle `[0,W]×[0,L]` in klicks … Side A's deployment edge
/// is y = 0, side B's is y = L."
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rect {
    pub width: f64,
    pub length: f64,
}

impl Rect {
    /// The table `[0, width] × [0, length]`.
    pub const fn new(width: f64, length: f64) -> Rect {
        Rect { width, length }
    }

    /// Whether `p` is on the table, edges included (tolerance [`EPS`], SY-06: "compare
    /// with tolerance 1e-9").
    pub fn contains(&self, p: Point) -> bool {
        self.inside_by(p, 0.0)
    }

    /// Whether `p` is on the table at least `margin` from every edge (tolerance
    /// [`EPS`]). `inside_by(p, 0.0)` is [`Rect::contains`].
    pub fn inside_by(&self, p: Point, margin: f64) -> bool {
        p.x >= margin - EPS
            && p.x <= self.width - margin + EPS
            && p.y >= margin - EPS
            && p.y <= self.length - margin + EPS
    }

    /// The four corners, clockwise from the origin: (0,0), (0,L), (W,L), (W,0).
    pub fn corners(&self) -> [Point; 4] {
        [
            Point::new(0.0, 0.0),
            Point::new(0.0, self.length),
            Point::new(self.width, self.length),
            Point::new(self.width, 0.0),
        ]
    }

    /// The closest point of the table's outline to `p`.
    ///
    /// For a point off the table this is the closest point of the table (`p` clamped
    /// into it). For a point on the table it is the foot of the perpendicular on the
    /// nearest edge; ties go to the first of x = 0, x = W, y = 0, y = L.
    pub fn nearest_boundary_point(&self, p: Point) -> Point {
        let inside = p.x >= 0.0 && p.x <= self.width && p.y >= 0.0 && p.y <= self.length;
        if !inside {
            return Point::new(p.x.clamp(0.0, self.width), p.y.clamp(0.0, self.length));
        }
        let options = [
            (p.x, Point::new(0.0, p.y)),
            (self.width - p.x, Point::new(self.width, p.y)),
            (p.y, Point::new(p.x, 0.0)),
            (self.length - p.y, Point::new(p.x, self.length)),
        ];
        let mut best = options[0];
        for o in options.into_iter().skip(1) {
            if o.0 < best.0 {
                best = o;
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: Rect = Rect::new(24.0, 36.0);

    #[test]
    fn contains_is_inclusive() {
        assert!(T.contains(Point::new(12.0, 18.0)));
        assert!(T.contains(Point::new(0.0, 0.0)));
        assert!(T.contains(Point::new(24.0, 36.0)));
        assert!(T.contains(Point::new(24.0 + 1e-10, 5.0)));
        assert!(T.contains(Point::new(-1e-10, 5.0)));
        assert!(!T.contains(Point::new(24.0 + 1e-8, 5.0)));
        assert!(!T.contains(Point::new(5.0, -0.1)));
        assert!(!T.contains(Point::new(5.0, 36.5)));
    }

    #[test]
    fn inside_by_margin() {
        assert!(T.inside_by(Point::new(1.0, 1.0), 1.0));
        assert!(T.inside_by(Point::new(23.0, 35.0), 1.0));
        assert!(!T.inside_by(Point::new(0.5, 10.0), 1.0));
        assert!(!T.inside_by(Point::new(10.0, 35.5), 1.0));
        assert!(T.inside_by(Point::new(10.0, 35.5), 0.5));
    }

    #[test]
    fn nearest_boundary() {
        // Outside: clamp.
        assert_eq!(
            T.nearest_boundary_point(Point::new(-3.0, 5.0)),
            Point::new(0.0, 5.0)
        );
        assert_eq!(
            T.nearest_boundary_point(Point::new(30.0, 40.0)),
            Point::new(24.0, 36.0)
        );
        assert_eq!(
            T.nearest_boundary_point(Point::new(7.0, -2.0)),
            Point::new(7.0, 0.0)
        );
        // Inside: nearest edge.
        assert_eq!(
            T.nearest_boundary_point(Point::new(2.0, 18.0)),
            Point::new(0.0, 18.0)
        );
        assert_eq!(
            T.nearest_boundary_point(Point::new(21.0, 18.0)),
            Point::new(24.0, 18.0)
        );
        assert_eq!(
            T.nearest_boundary_point(Point::new(10.0, 1.0)),
            Point::new(10.0, 0.0)
        );
        assert_eq!(
            T.nearest_boundary_point(Point::new(10.0, 35.0)),
            Point::new(10.0, 36.0)
        );
        // On the edge: itself.
        assert_eq!(
            T.nearest_boundary_point(Point::new(24.0, 9.0)),
            Point::new(24.0, 9.0)
        );
        assert_eq!(T.corners()[2], Point::new(24.0, 36.0));
    }
}
