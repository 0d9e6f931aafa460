//! Collision displacement: the nearest clear point (SY-11).

use crate::{circle_intersections, Hour, Point, Rect, EPS};
use std::cmp::Ordering;

/// Whether `p` is on `area` and at least `clearance` (−[`EPS`]) from every centre.
fn is_clear(p: Point, others: &[Point], clearance: f64, area: &Rect) -> bool {
    area.contains(p) && others.iter().all(|&c| p.dist(c) >= clearance - EPS)
}

/// Orders the directions `w1`, `w2` by clockwise angle from `u`, in [0°, 360°), without
/// trigonometry: first by half-plane ([0°, 180°) before [180°, 360°)), then by the
/// cross product within a half. A zero vector counts as 0°.
fn clockwise_cmp(u: Point, w1: Point, w2: Point) -> Ordering {
    let half = |w: Point| -> u8 {
        // `s > 0` means w is clockwise (starboard) of u.
        let s = -u.cross(w);
        let c = u.dot(w);
        if s > 0.0 || (s == 0.0 && c >= 0.0) {
            0
        } else {
            1
        }
    };
    half(w1).cmp(&half(w2)).then_with(|| {
        // Same half: w1 comes first if w2 is clockwise of w1 (cross(w1, w2) < 0).
        let x = w1.cross(w2);
        if x < 0.0 {
            Ordering::Less
        } else if x > 0.0 {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    })
}

/// Points where the circle (`c`, `r`) crosses the outline of `area`.
fn circle_edge_crossings(c: Point, r: f64, area: &Rect, out: &mut Vec<Point>) {
    for x0 in [0.0, area.width] {
        let dx = x0 - c.x;
        let h2 = r * r - dx * dx;
        if h2 >= 0.0 {
            let h = h2.sqrt();
            out.push(Point::new(x0, c.y + h));
            out.push(Point::new(x0, c.y - h));
        }
    }
    for y0 in [0.0, area.length] {
        let dy = y0 - c.y;
        let h2 = r * r - dy * dy;
        if h2 >= 0.0 {
            let h = h2.sqrt();
            out.push(Point::new(c.x + h, y0));
            out.push(Point::new(c.x - h, y0));
        }
    }
}

/// The point a unit that ends its move at `d` is displaced to, so that it is at least
/// `clearance` from every centre in `others` and on `area`.
///
/// SY-11: "the unit that finishes later and overlaps is moved to the nearest point p
/// (Euclidean from its end point d) with |p − c_u| ≥ 0.5 for every other unit u and p on
/// the table. Candidates: for each u, `c_u + 0.5·(d − c_u)/|d − c_u|` (if d = c_u, use
/// the direction opposite its course), plus the intersection points of every pair of
/// radius-0.5 circles; take the valid candidate nearest to d; ties go to the smallest
/// clockwise bearing from its course."
///
/// Returns `d` itself if it is already clear and on `area`. Otherwise the candidates are:
/// - for each centre `c`, `c + clearance·(d − c)/|d − c|` (when `d` is within [`EPS`] of
///   `c`, `c + clearance·course.opposite().vector()`);
/// - every crossing of two radius-`clearance` circles;
/// - so that a point can always be found near the table edges: every crossing of a
///   circle with a table edge, and the four corners;
/// - so that a `d` off the table is handled too: `d` clamped onto the table and the feet
///   of its perpendiculars on the four edges.
///
/// A candidate is valid if it is on `area` and `|p − c| ≥ clearance − EPS` for every
/// centre. The valid candidate nearest `d` wins; candidates within [`EPS`] of the
/// nearest distance tie, and the tie goes to the smallest clockwise angle of `p − d`
/// measured from `course` (compared by half-plane and cross product, no trigonometry),
/// then the smaller distance, then the earlier candidate. If no candidate is valid (a
/// pathological, fully blocked table), returns `d`.
pub fn nearest_clear_point(
    d: Point,
    others: &[Point],
    clearance: f64,
    course: Hour,
    area: &Rect,
) -> Point {
    if is_clear(d, others, clearance, area) {
        return d;
    }
    let mut candidates = Vec::new();
    for &c in others {
        let v = d - c;
        let l = v.len();
        let dir = if l <= EPS {
            course.opposite().vector()
        } else {
            v * (1.0 / l)
        };
        candidates.push(c + dir * clearance);
    }
    for (i, &a) in others.iter().enumerate() {
        for &b in &others[i + 1..] {
            candidates.extend(circle_intersections(a, clearance, b, clearance));
        }
    }
    for &c in others {
        circle_edge_crossings(c, clearance, area, &mut candidates);
    }
    candidates.extend(area.corners());
    let (w, l) = (area.width, area.length);
    candidates.push(Point::new(d.x.clamp(0.0, w), d.y.clamp(0.0, l)));
    candidates.push(Point::new(0.0, d.y.clamp(0.0, l)));
    candidates.push(Point::new(w, d.y.clamp(0.0, l)));
    candidates.push(Point::new(d.x.clamp(0.0, w), 0.0));
    candidates.push(Point::new(d.x.clamp(0.0, w), l));

    let valid: Vec<(f64, Point)> = candidates
        .into_iter()
        .filter(|&p| is_clear(p, others, clearance, area))
        .map(|p| (p.dist(d), p))
        .collect();
    let Some(nearest) = valid.iter().map(|v| v.0).reduce(f64::min) else {
        return d;
    };
    let u = course.vector();
    let mut best: Option<(f64, Point)> = None;
    for &(dist, p) in valid.iter().filter(|v| v.0 <= nearest + EPS) {
        let better = match best {
            None => true,
            Some((bd, bp)) => match clockwise_cmp(u, p - d, bp - d) {
                Ordering::Less => true,
                Ordering::Equal => dist < bd,
                Ordering::Greater => false,
            },
        };
        if better {
            best = Some((dist, p));
        }
    }
    best.map_or(d, |b| b.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: Rect = Rect::new(24.0, 36.0);
    const R: f64 = 0.5;

    fn assert_clear(p: Point, others: &[Point]) {
        assert!(TABLE.contains(p), "{p:?} off the table");
        for &c in others {
            assert!(p.dist(c) >= R - EPS, "{p:?} within {R} of {c:?}");
        }
    }

    #[test]
    fn no_overlap_returns_d() {
        let d = Point::new(10.0, 10.0);
        let others = [Point::new(10.5, 10.0), Point::new(3.0, 3.0)];
        assert_eq!(nearest_clear_point(d, &others, R, Hour(0), &TABLE), d);
        assert_eq!(nearest_clear_point(d, &[], R, Hour(0), &TABLE), d);
    }

    #[test]
    fn single_overlap_pushes_out_along_the_line() {
        let c = Point::new(10.0, 10.0);
        let d = Point::new(10.12, 10.16);
        let p = nearest_clear_point(d, &[c], R, Hour(5), &TABLE);
        assert!((p.dist(c) - R).abs() < 1e-12);
        // On the ray from c through d.
        assert!((p - c).cross(d - c).abs() < 1e-12);
        assert!((p - c).dot(d - c) > 0.0);
        assert!(
            (p.x - 10.3).abs() < 1e-12 && (p.y - 10.4).abs() < 1e-12,
            "{p:?}"
        );
    }

    #[test]
    fn coincident_goes_opposite_the_course() {
        let c = Point::new(10.0, 10.0);
        for course in Hour::all() {
            let p = nearest_clear_point(c, &[c], R, course, &TABLE);
            let want = c.along(course.opposite(), R);
            assert!(p.dist(want) < 1e-12, "{course}: {p:?} vs {want:?}");
        }
    }

    #[test]
    fn two_overlapping_circles_give_a_crossing() {
        // d sits between two units 0.6 apart: pushing off either lands inside the other.
        let a = Point::new(10.0, 10.0);
        let b = Point::new(10.6, 10.0);
        let d = Point::new(10.3, 10.05);
        let others = [a, b];
        let p = nearest_clear_point(d, &others, R, Hour(0), &TABLE);
        assert_clear(p, &others);
        assert!((p.dist(a) - R).abs() < 1e-12 && (p.dist(b) - R).abs() < 1e-12);
        // The crossing on d's side (above the line a–b).
        assert!(
            (p.x - 10.3).abs() < 1e-12 && (p.y - 10.4).abs() < 1e-12,
            "{p:?}"
        );
    }

    #[test]
    fn tie_goes_to_smallest_clockwise_bearing_from_course() {
        // d exactly between two units 0.6 apart: the crossings above and below tie.
        let a = Point::new(10.0, 10.0);
        let b = Point::new(10.6, 10.0);
        let d = Point::new(10.3, 10.0);
        let up = nearest_clear_point(d, &[a, b], R, Hour(0), &TABLE);
        assert!(up.y > 10.0, "course 12 o'clock: {up:?}");
        let down = nearest_clear_point(d, &[a, b], R, Hour(6), &TABLE);
        assert!(down.y < 10.0, "course 6 o'clock: {down:?}");
        // Course 3 o'clock: down (90° clockwise) beats up (270°).
        let p = nearest_clear_point(d, &[a, b], R, Hour(3), &TABLE);
        assert!(p.y < 10.0, "course 3 o'clock: {p:?}");
        let p = nearest_clear_point(d, &[a, b], R, Hour(9), &TABLE);
        assert!(p.y > 10.0, "course 9 o'clock: {p:?}");
    }

    #[test]
    fn stays_on_the_table_near_an_edge() {
        // A unit on the left edge; d overlaps it from the outside side of the line.
        let c = Point::new(0.0, 10.0);
        let d = Point::new(0.1, 10.0);
        let p = nearest_clear_point(d, &[c], R, Hour(9), &TABLE);
        assert_clear(p, &[c]);
        assert!(
            (p.x - 0.5).abs() < 1e-12 && (p.y - 10.0).abs() < 1e-12,
            "{p:?}"
        );
        // Pushed straight out along c → d would leave the table.
        let c = Point::new(0.2, 10.0);
        let d = Point::new(0.1, 10.0);
        let p = nearest_clear_point(d, &[c], R, Hour(0), &TABLE);
        assert_clear(p, &[c]);
        assert_eq!(p.x, 0.0);
        // Course 12 o'clock: above and below tie; above lies about 348° clockwise
        // of the course (slightly to port), below about 192°, so below wins. Course
        // 9 o'clock: above is 78° clockwise, below 282°.
        assert!(p.y < 10.0 && (p.dist(c) - R).abs() < 1e-12, "{p:?}");
        let q = nearest_clear_point(d, &[c], R, Hour(9), &TABLE);
        assert!(q.y > 10.0 && (q.dist(c) - R).abs() < 1e-12, "{q:?}");
        // In a corner.
        let c = Point::new(0.1, 0.1);
        let p = nearest_clear_point(Point::new(0.0, 0.0), &[c], R, Hour(7), &TABLE);
        assert_clear(p, &[c]);
    }

    #[test]
    fn off_table_end_point_is_brought_on() {
        let d = Point::new(-1.0, 5.0);
        assert_eq!(
            nearest_clear_point(d, &[], R, Hour(9), &TABLE),
            Point::new(0.0, 5.0)
        );
    }

    #[test]
    fn crowded_cluster_is_cleared() {
        let others: Vec<Point> = Hour::all()
            .map(|h| Point::new(12.0, 18.0).along(h, 0.45))
            .chain([Point::new(12.0, 18.0)])
            .collect();
        let d = Point::new(12.1, 18.05);
        let p = nearest_clear_point(d, &others, R, Hour(2), &TABLE);
        assert_clear(p, &others);
        assert!(p.dist(d) < 1.0);
    }

    #[test]
    fn no_clear_grid_point_is_nearer() {
        // Deterministic pseudo-random clusters near an edge and a corner; compare with
        // a brute-force grid search of the free region.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut moved = 0;
        for case in 0..40 {
            let base = [
                Point::new(0.6, 0.6),
                Point::new(12.0, 0.4),
                Point::new(8.0, 20.0),
            ][case % 3];
            let others: Vec<Point> = (0..2 + case % 4)
                .map(|_| Point::new(base.x + next() - 0.5, base.y + next() - 0.5))
                .filter(|p| TABLE.contains(*p))
                .collect();
            let d = Point::new(base.x + next() * 0.6 - 0.3, base.y + next() * 0.6 - 0.3);
            let course = Hour::new(case as i32);
            let p = nearest_clear_point(d, &others, R, course, &TABLE);
            assert_clear(p, &others);
            if p != d {
                moved += 1;
            }
            let best = p.dist(d);
            let step = 0.01;
            for i in -200..=200 {
                for j in -200..=200 {
                    let g = Point::new(d.x + f64::from(i) * step, d.y + f64::from(j) * step);
                    if is_clear(g, &others, R, &TABLE) {
                        assert!(g.dist(d) >= best - 1e-9, "case {case}: {g:?} beats {p:?}");
                    }
                }
            }
        }
        assert!(moved >= 20, "only {moved} cases displaced");
    }

    #[test]
    fn clockwise_order() {
        let u = Hour(0).vector();
        let mut dirs: Vec<Hour> = [7u8, 0, 11, 3, 6, 1, 9].map(Hour).to_vec();
        dirs.sort_by(|a, b| clockwise_cmp(u, a.vector(), b.vector()));
        assert_eq!(dirs, [0u8, 1, 3, 6, 7, 9, 11].map(Hour).to_vec());
        let u = Hour(4).vector();
        let mut dirs: Vec<Hour> = Hour::all().collect();
        dirs.sort_by(|a, b| clockwise_cmp(u, a.vector() * 3.0, b.vector()));
        let want: Vec<Hour> = (4..16).map(Hour::new).collect();
        assert_eq!(dirs, want);
    }
}
