//! Obstacle outlines (SY-12) and circle crossings.

use crate::{Point, EPS};
use serde::{Deserialize, Serialize};

/// An obstacle outline on the table.
///
/// SY-12: "an obstacle is a convex polygon or circle in klicks (scenario data …)."
/// Serialised with a `shape` tag: `{"shape": "circle", "center": {..}, "radius": 2.0}`
/// or `{"shape": "polygon", "points": [..]}`. Polygons may wind either way; call
/// [`Shape::validate`] on scenario data before use.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum Shape {
    Circle { center: Point, radius: f64 },
    Polygon { points: Vec<Point> },
}

/// Orientation of `p` against the directed line `a → b`: the cross product
/// `(b − a) × (p − a)` (positive = `p` to port/left).
pub(crate) fn orient(a: Point, b: Point, p: Point) -> f64 {
    (b - a).cross(p - a)
}

/// Distance from `p` to the closed segment `a–b`.
pub fn dist_to_segment(p: Point, a: Point, b: Point) -> f64 {
    let ab = b - a;
    let l2 = ab.dot(ab);
    if l2 == 0.0 {
        return p.dist(a);
    }
    let t = ((p - a).dot(ab) / l2).clamp(0.0, 1.0);
    p.dist(a + ab * t)
}

/// Whether closed segments `a–b` and `p–q` touch or cross (tolerance [`EPS`]),
/// collinear overlap and touching at an end included.
pub(crate) fn segments_touch(a: Point, b: Point, p: Point, q: Point) -> bool {
    let o1 = orient(a, b, p);
    let o2 = orient(a, b, q);
    let o3 = orient(p, q, a);
    let o4 = orient(p, q, b);
    let proper = ((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0))
        && ((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0));
    // Otherwise they meet only if an end lies on the other segment.
    proper
        || dist_to_segment(p, a, b) <= EPS
        || dist_to_segment(q, a, b) <= EPS
        || dist_to_segment(a, p, q) <= EPS
        || dist_to_segment(b, p, q) <= EPS
}

/// Twice the signed area (positive = counter-clockwise winding).
fn signed_area2(points: &[Point]) -> f64 {
    let n = points.len();
    (0..n).map(|i| points[i].cross(points[(i + 1) % n])).sum()
}

impl Shape {
    /// Whether `p` is inside or on the outline (tolerance [`EPS`]).
    ///
    /// SY-12: "A unit whose centre is inside or on an obstacle outline at the end of its
    /// MA (after SY-11) is destroyed."
    pub fn contains(&self, p: Point) -> bool {
        match self {
            Shape::Circle { center, radius } => p.dist(*center) <= radius + EPS,
            Shape::Polygon { points } => {
                let n = points.len();
                if n == 0 {
                    return false;
                }
                let sign = if signed_area2(points) < 0.0 {
                    -1.0
                } else {
                    1.0
                };
                (0..n).all(|i| {
                    let a = points[i];
                    let b = points[(i + 1) % n];
                    // Signed distance to the edge's line, inside positive.
                    sign * orient(a, b, p) >= -EPS * a.dist(b)
                })
            }
        }
    }

    /// Whether the closed segment `a–b` touches or crosses the shape, boundary
    /// included (tolerance [`EPS`]).
    ///
    /// SY-12: "LOS from A to B exists unless the segment between their centres touches
    /// or crosses any obstacle (boundary included)." A segment wholly inside counts.
    pub fn touches_segment(&self, a: Point, b: Point) -> bool {
        match self {
            Shape::Circle { center, radius } => dist_to_segment(*center, a, b) <= radius + EPS,
            Shape::Polygon { points } => {
                if self.contains(a) || self.contains(b) {
                    return true;
                }
                let n = points.len();
                (0..n).any(|i| segments_touch(a, b, points[i], points[(i + 1) % n]))
            }
        }
    }

    /// Checks scenario data: all numbers finite; a circle's radius > 0; a polygon has at
    /// least 3 points and is strictly convex and non-degenerate (every other vertex
    /// strictly more than [`EPS`] inside each edge's line). Either winding is accepted.
    pub fn validate(&self) -> Result<(), String> {
        let finite = |p: &Point| p.x.is_finite() && p.y.is_finite();
        match self {
            Shape::Circle { center, radius } => {
                if !finite(center) {
                    return Err(format!("circle centre {center:?} is not finite"));
                }
                if !radius.is_finite() || *radius <= 0.0 {
                    return Err(format!("circle radius {radius} must be finite and > 0"));
                }
                Ok(())
            }
            Shape::Polygon { points } => {
                let n = points.len();
                if n < 3 {
                    return Err(format!("polygon needs at least 3 points, has {n}"));
                }
                if let Some(p) = points.iter().find(|p| !finite(p)) {
                    return Err(format!("polygon point {p:?} is not finite"));
                }
                let area2 = signed_area2(points);
                if area2 == 0.0 {
                    return Err("polygon has zero area".to_string());
                }
                let sign = if area2 < 0.0 { -1.0 } else { 1.0 };
                for i in 0..n {
                    let a = points[i];
                    let b = points[(i + 1) % n];
                    let len = a.dist(b);
                    if len <= EPS {
                        return Err(format!("polygon edge {i} has zero length at {a}"));
                    }
                    for (j, &p) in points.iter().enumerate() {
                        if j == i || j == (i + 1) % n {
                            continue;
                        }
                        if sign * orient(a, b, p) <= EPS * len {
                            return Err(format!(
                                "polygon is not strictly convex: point {j} {p} is not inside edge {i}"
                            ));
                        }
                    }
                }
                Ok(())
            }
        }
    }

    /// Axis-aligned bounding box as (min corner, max corner). An empty polygon gives
    /// ((0, 0), (0, 0)).
    pub fn bounding_box(&self) -> (Point, Point) {
        match self {
            Shape::Circle { center, radius } => (
                Point::new(center.x - radius, center.y - radius),
                Point::new(center.x + radius, center.y + radius),
            ),
            Shape::Polygon { points } => {
                let Some(&first) = points.first() else {
                    return (Point::ORIGIN, Point::ORIGIN);
                };
                points.iter().fold((first, first), |(lo, hi), p| {
                    (
                        Point::new(lo.x.min(p.x), lo.y.min(p.y)),
                        Point::new(hi.x.max(p.x), hi.y.max(p.y)),
                    )
                })
            }
        }
    }
}

/// Crossing points of the circles (`c1`, `r1`) and (`c2`, `r2`): none, one (tangent
/// within [`EPS`]) or two. Concentric circles give none.
///
/// Used for SY-11: "the intersection points of every pair of radius-0.5 circles". Two
/// points are ordered port side of `c1 → c2` first, then starboard.
pub fn circle_intersections(c1: Point, r1: f64, c2: Point, r2: f64) -> Vec<Point> {
    let delta = c2 - c1;
    let d = delta.len();
    if d <= EPS || d > r1 + r2 + EPS || d < (r1 - r2).abs() - EPS {
        return Vec::new();
    }
    let e = delta * (1.0 / d);
    // Distance from c1 to the chord along c1 → c2, and half the chord.
    let a = (r1 * r1 - r2 * r2 + d * d) / (2.0 * d);
    let h2 = r1 * r1 - a * a;
    let mid = c1 + e * a;
    let tangent = (d - (r1 + r2)).abs() <= EPS || (d - (r1 - r2).abs()).abs() <= EPS;
    if tangent || h2 <= 0.0 {
        return vec![mid];
    }
    let h = h2.sqrt();
    let perp = Point::new(-e.y, e.x);
    vec![mid + perp * h, mid - perp * h]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Shape {
        Shape::Polygon {
            points: vec![
                Point::new(2.0, 2.0),
                Point::new(6.0, 2.0),
                Point::new(6.0, 6.0),
                Point::new(2.0, 6.0),
            ],
        }
    }

    fn square_cw() -> Shape {
        let Shape::Polygon { mut points } = square() else {
            unreachable!()
        };
        points.reverse();
        Shape::Polygon { points }
    }

    fn circle() -> Shape {
        Shape::Circle {
            center: Point::new(10.0, 10.0),
            radius: 2.0,
        }
    }

    #[test]
    fn circle_contains_boundary() {
        let c = circle();
        assert!(c.contains(Point::new(10.0, 10.0)));
        assert!(c.contains(Point::new(12.0, 10.0)));
        assert!(c.contains(Point::new(10.0, 8.0)));
        assert!(c.contains(Point::new(12.0 + 1e-10, 10.0)));
        assert!(!c.contains(Point::new(12.0 + 1e-8, 10.0)));
        assert!(!c.contains(Point::new(11.5, 11.5)));
    }

    #[test]
    fn polygon_contains_boundary_either_winding() {
        for s in [square(), square_cw()] {
            assert!(s.contains(Point::new(4.0, 4.0)));
            assert!(s.contains(Point::new(2.0, 4.0)), "edge");
            assert!(s.contains(Point::new(6.0, 6.0)), "vertex");
            assert!(s.contains(Point::new(6.0 + 1e-10, 3.0)));
            assert!(!s.contains(Point::new(6.0 + 1e-8, 3.0)));
            assert!(!s.contains(Point::new(1.0, 4.0)));
            assert!(!s.contains(Point::new(7.0, 7.0)));
        }
    }

    #[test]
    fn polygon_touches_segment() {
        for s in [square(), square_cw()] {
            // Crossing straight through, both ends outside.
            assert!(s.touches_segment(Point::new(0.0, 4.0), Point::new(8.0, 4.0)));
            // Touching only at a vertex.
            assert!(s.touches_segment(Point::new(4.0, 8.0), Point::new(8.0, 4.0)));
            // Grazing along an edge (collinear).
            assert!(s.touches_segment(Point::new(0.0, 2.0), Point::new(10.0, 2.0)));
            // Ending on an edge.
            assert!(s.touches_segment(Point::new(0.0, 3.0), Point::new(2.0, 3.0)));
            // Wholly inside.
            assert!(s.touches_segment(Point::new(3.0, 3.0), Point::new(5.0, 5.0)));
            // Passing by.
            assert!(!s.touches_segment(Point::new(0.0, 7.0), Point::new(8.0, 7.0)));
            assert!(!s.touches_segment(Point::new(4.0, 9.0), Point::new(9.0, 4.0)));
            // Stopping short of an edge.
            assert!(!s.touches_segment(Point::new(0.0, 4.0), Point::new(1.9, 4.0)));
        }
    }

    #[test]
    fn circle_touches_segment() {
        let c = circle();
        assert!(c.touches_segment(Point::new(0.0, 10.0), Point::new(20.0, 10.0)));
        assert!(
            c.touches_segment(Point::new(0.0, 12.0), Point::new(20.0, 12.0)),
            "tangent"
        );
        assert!(
            c.touches_segment(Point::new(9.5, 10.0), Point::new(10.5, 10.0)),
            "inside"
        );
        assert!(!c.touches_segment(Point::new(0.0, 12.1), Point::new(20.0, 12.1)));
        assert!(
            !c.touches_segment(Point::new(0.0, 10.0), Point::new(7.9, 10.0)),
            "short"
        );
    }

    #[test]
    fn validate_shapes() {
        assert!(square().validate().is_ok());
        assert!(square_cw().validate().is_ok());
        assert!(circle().validate().is_ok());
        let poly = |pts: &[(f64, f64)]| Shape::Polygon {
            points: pts.iter().map(|&(x, y)| Point::new(x, y)).collect(),
        };
        assert!(poly(&[(0.0, 0.0), (4.0, 0.0), (0.0, 3.0)])
            .validate()
            .is_ok());
        // Non-convex (a dart).
        assert!(poly(&[(0.0, 0.0), (4.0, 2.0), (0.0, 4.0), (1.0, 2.0)])
            .validate()
            .is_err());
        // Collinear vertex: not strictly convex.
        assert!(poly(&[(0.0, 0.0), (2.0, 0.0), (4.0, 0.0), (4.0, 4.0)])
            .validate()
            .is_err());
        // Degenerate: all on a line, repeated point, too few points.
        assert!(poly(&[(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)])
            .validate()
            .is_err());
        assert!(poly(&[(0.0, 0.0), (4.0, 0.0), (4.0, 0.0), (0.0, 3.0)])
            .validate()
            .is_err());
        assert!(poly(&[(0.0, 0.0), (4.0, 0.0)]).validate().is_err());
        // Self-intersecting star (every turn the same way).
        let star: Vec<(f64, f64)> = [0usize, 2, 4, 1, 3]
            .iter()
            .map(|&k| {
                let v = [
                    (0.0, 1.0),
                    (0.95, 0.31),
                    (0.59, -0.81),
                    (-0.59, -0.81),
                    (-0.95, 0.31),
                ];
                v[k]
            })
            .collect();
        assert!(poly(&star).validate().is_err());
        // Bad numbers.
        assert!(poly(&[(0.0, 0.0), (f64::NAN, 0.0), (0.0, 3.0)])
            .validate()
            .is_err());
        let bad = |center: Point, radius: f64| Shape::Circle { center, radius }.validate();
        assert!(bad(Point::ORIGIN, 0.0).is_err());
        assert!(bad(Point::ORIGIN, -1.0).is_err());
        assert!(bad(Point::ORIGIN, f64::INFINITY).is_err());
        assert!(bad(Point::new(f64::NAN, 0.0), 1.0).is_err());
    }

    #[test]
    fn bounding_boxes() {
        assert_eq!(
            circle().bounding_box(),
            (Point::new(8.0, 8.0), Point::new(12.0, 12.0))
        );
        assert_eq!(
            square_cw().bounding_box(),
            (Point::new(2.0, 2.0), Point::new(6.0, 6.0))
        );
    }

    #[test]
    fn circle_crossings() {
        let o = Point::ORIGIN;
        // Apart, nested, concentric: none.
        assert!(circle_intersections(o, 1.0, Point::new(3.0, 0.0), 1.0).is_empty());
        assert!(circle_intersections(o, 5.0, Point::new(1.0, 0.0), 1.0).is_empty());
        assert!(circle_intersections(o, 1.0, o, 1.0).is_empty());
        // Externally and internally tangent: one.
        assert_eq!(
            circle_intersections(o, 1.0, Point::new(2.0, 0.0), 1.0),
            vec![Point::new(1.0, 0.0)]
        );
        assert_eq!(
            circle_intersections(o, 2.0, Point::new(1.0, 0.0), 1.0),
            vec![Point::new(2.0, 0.0)]
        );
        // Crossing: two, each on both circles.
        let c2 = Point::new(6.0, 0.0);
        let pts = circle_intersections(o, 5.0, c2, 5.0);
        assert_eq!(pts, vec![Point::new(3.0, 4.0), Point::new(3.0, -4.0)]);
        let c3 = Point::new(0.3, 0.7);
        let pts = circle_intersections(o, 0.5, c3, 0.5);
        assert_eq!(pts.len(), 2);
        for p in pts {
            assert!((p.dist(o) - 0.5).abs() < 1e-12);
            assert!((p.dist(c3) - 0.5).abs() < 1e-12);
        }
    }
}
