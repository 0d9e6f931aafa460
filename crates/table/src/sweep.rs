//! What a base sweeping along a straight path meets: the distance from a shape to a
//! point or a segment, and the stretch of a segment inside a shape.
//!
//! Warfleets measures everything between bases and terrain (FB-04, FB-13, FB-14):
//! "Distance between two models = centre distance − both radii"; "Impassable: no base
//! may overlap it"; "Difficult: distance travelled with the centre inside costs
//! double"; "A segment is blocked if it crosses the interior of a blocks-LOS piece".
//! Only `+ − × /` and `sqrt` are used.

use crate::shape::{dist_to_segment, orient, segments_touch};
use crate::{Point, Shape, EPS};

/// Distance between the closed segments `a–b` and `p–q` (0 when they touch).
pub fn segment_distance(a: Point, b: Point, p: Point, q: Point) -> f64 {
    if segments_touch(a, b, p, q) {
        return 0.0;
    }
    dist_to_segment(a, p, q)
        .min(dist_to_segment(b, p, q))
        .min(dist_to_segment(p, a, b))
        .min(dist_to_segment(q, a, b))
}

impl Shape {
    /// Distance from `p` to the shape: 0 inside or on the outline.
    pub fn distance_to(&self, p: Point) -> f64 {
        match self {
            Shape::Circle { center, radius } => (p.dist(*center) - radius).max(0.0),
            Shape::Polygon { points } => {
                if self.contains(p) {
                    return 0.0;
                }
                let n = points.len();
                (0..n)
                    .map(|i| dist_to_segment(p, points[i], points[(i + 1) % n]))
                    .fold(f64::INFINITY, f64::min)
            }
        }
    }

    /// Distance from the closed segment `a–b` to the shape: 0 if they touch.
    pub fn distance_to_segment(&self, a: Point, b: Point) -> f64 {
        match self {
            Shape::Circle { center, radius } => (dist_to_segment(*center, a, b) - radius).max(0.0),
            Shape::Polygon { points } => {
                if self.touches_segment(a, b) {
                    return 0.0;
                }
                let n = points.len();
                (0..n)
                    .map(|i| segment_distance(a, b, points[i], points[(i + 1) % n]))
                    .fold(f64::INFINITY, f64::min)
            }
        }
    }

    /// The part of segment `a → b` inside the shape as parameters `(t0, t1)`,
    /// 0 ≤ t0 ≤ t1 ≤ 1 along `a → b`; `None` if the segment misses it. A segment that
    /// only grazes the outline gives t0 = t1.
    pub fn clip_segment(&self, a: Point, b: Point) -> Option<(f64, f64)> {
        let d = b - a;
        match self {
            Shape::Circle { center, radius } => {
                let f = a - *center;
                let qa = d.dot(d);
                if qa <= EPS * EPS {
                    return self.contains(a).then_some((0.0, 1.0));
                }
                let qb = 2.0 * f.dot(d);
                let qc = f.dot(f) - radius * radius;
                let disc = qb * qb - 4.0 * qa * qc;
                if disc < 0.0 {
                    return None;
                }
                let s = disc.sqrt();
                let t0 = ((-qb - s) / (2.0 * qa)).max(0.0);
                let t1 = ((-qb + s) / (2.0 * qa)).min(1.0);
                (t0 <= t1).then_some((t0, t1))
            }
            Shape::Polygon { points } => {
                // Cyrus–Beck: clip against each edge's inner half-plane.
                let n = points.len();
                if n < 3 {
                    return None;
                }
                let area: f64 = (0..n).map(|i| points[i].cross(points[(i + 1) % n])).sum();
                let sign = if area < 0.0 { -1.0 } else { 1.0 };
                let (mut t0, mut t1) = (0.0f64, 1.0f64);
                for i in 0..n {
                    let p = points[i];
                    let q = points[(i + 1) % n];
                    // Inside means sign * orient(p, q, x) ≥ 0; linear in t.
                    let at_a = sign * orient(p, q, a);
                    let at_b = sign * orient(p, q, b);
                    let slope = at_b - at_a;
                    if slope.abs() <= EPS * EPS {
                        if at_a < -EPS * p.dist(q) {
                            return None;
                        }
                        continue;
                    }
                    let t = -at_a / slope;
                    if slope > 0.0 {
                        t0 = t0.max(t);
                    } else {
                        t1 = t1.min(t);
                    }
                    if t0 > t1 {
                        return None;
                    }
                }
                Some((t0, t1))
            }
        }
    }

    /// Whether the segment `a–b` passes through the shape's interior (not merely along
    /// or touching its outline).
    ///
    /// FB-13: "A segment is blocked if it crosses the interior of a blocks-LOS piece".
    pub fn crosses_interior(&self, a: Point, b: Point) -> bool {
        match self {
            Shape::Circle { center, radius } => dist_to_segment(*center, a, b) < radius - EPS,
            Shape::Polygon { .. } => match self.clip_segment(a, b) {
                Some((t0, t1)) if (t1 - t0) * a.dist(b) > EPS => {
                    let mid = a + (b - a) * ((t0 + t1) / 2.0);
                    self.distance_to_outline(mid) > EPS
                }
                _ => false,
            },
        }
    }

    /// Distance from a point inside to the outline (for a point outside: to the
    /// nearest edge or the circle).
    fn distance_to_outline(&self, p: Point) -> f64 {
        match self {
            Shape::Circle { center, radius } => (p.dist(*center) - radius).abs(),
            Shape::Polygon { points } => {
                let n = points.len();
                (0..n)
                    .map(|i| dist_to_segment(p, points[i], points[(i + 1) % n]))
                    .fold(f64::INFINITY, f64::min)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Shape {
        Shape::Polygon {
            points: vec![
                Point::new(0.0, 0.0),
                Point::new(4.0, 0.0),
                Point::new(4.0, 4.0),
                Point::new(0.0, 4.0),
            ],
        }
    }

    fn circle() -> Shape {
        Shape::Circle {
            center: Point::new(0.0, 0.0),
            radius: 2.0,
        }
    }

    #[test]
    fn distances_to_points_and_segments() {
        assert_eq!(circle().distance_to(Point::new(5.0, 0.0)), 3.0);
        assert_eq!(circle().distance_to(Point::new(1.0, 0.0)), 0.0);
        assert_eq!(square().distance_to(Point::new(6.0, 2.0)), 2.0);
        assert_eq!(square().distance_to(Point::new(2.0, 2.0)), 0.0);
        let d = square().distance_to_segment(Point::new(-3.0, 6.0), Point::new(8.0, 6.0));
        assert!((d - 2.0).abs() < 1e-12);
        assert_eq!(
            square().distance_to_segment(Point::new(-1.0, 2.0), Point::new(9.0, 2.0)),
            0.0
        );
        let c = circle().distance_to_segment(Point::new(-5.0, 3.0), Point::new(5.0, 3.0));
        assert!((c - 1.0).abs() < 1e-12);
    }

    #[test]
    fn clipping_gives_the_stretch_inside() {
        let (t0, t1) = circle()
            .clip_segment(Point::new(-4.0, 0.0), Point::new(4.0, 0.0))
            .unwrap();
        assert!((t0 - 0.25).abs() < 1e-12 && (t1 - 0.75).abs() < 1e-12);
        let (t0, t1) = square()
            .clip_segment(Point::new(-2.0, 2.0), Point::new(6.0, 2.0))
            .unwrap();
        assert!((t0 - 0.25).abs() < 1e-12 && (t1 - 0.75).abs() < 1e-12);
        assert!(square()
            .clip_segment(Point::new(-2.0, 5.0), Point::new(6.0, 5.0))
            .is_none());
        // Starting inside.
        let (t0, _) = circle()
            .clip_segment(Point::new(0.0, 0.0), Point::new(4.0, 0.0))
            .unwrap();
        assert_eq!(t0, 0.0);
    }

    #[test]
    fn grazing_the_outline_does_not_cross_the_interior() {
        assert!(square().crosses_interior(Point::new(-1.0, 2.0), Point::new(5.0, 2.0)));
        assert!(!square().crosses_interior(Point::new(-1.0, 4.0), Point::new(5.0, 4.0)));
        assert!(!square().crosses_interior(Point::new(-1.0, 5.0), Point::new(5.0, 5.0)));
        assert!(circle().crosses_interior(Point::new(-3.0, 1.0), Point::new(3.0, 1.0)));
        assert!(!circle().crosses_interior(Point::new(-3.0, 2.0), Point::new(3.0, 2.0)));
    }
}
