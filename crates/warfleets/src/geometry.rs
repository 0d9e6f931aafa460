//! Points and circles on the table, with no rule of their own: whole-inch positions
//! (WFO-01), when a moving point meets a circle, the whole-inch points near one.

use orrery_table::{Point, EPS};

/// WFO-01: positions players pick are whole inches.
pub fn whole(p: Point) -> bool {
    // Below 1e6 in size (so finite), a number is whole exactly when it survives the
    // round trip through an integer (a cast, cheaper than `fract`).
    let int = |v: f64| v.abs() < 1e6 && (v as i64) as f64 == v;
    int(p.x) && int(p.y)
}

/// Where a point moving from `p` along unit `u` is at distance `r` from `c`: the two
/// times (entering, leaving), `None` if it never is.
pub(crate) fn crossings(p: Point, u: Point, c: Point, r: f64) -> Option<(f64, f64)> {
    let f = p - c;
    let b = u.dot(f);
    let disc = b * b - (f.dot(f) - r * r);
    (disc >= 0.0).then(|| (-b - disc.sqrt(), -b + disc.sqrt()))
}

/// The first `t ≥ 0` at which a point moving from `p` along unit `u` comes within `r`
/// of `c`; `Some(0)` if it is within now and moving closer; `None` if it never does
/// (or is within and moving away).
pub fn approach_time(p: Point, u: Point, c: Point, r: f64) -> Option<f64> {
    let f = p - c;
    if f.dot(f) - r * r <= EPS {
        return (u.dot(f) < -EPS).then_some(0.0);
    }
    crossings(p, u, c, r).map(|t| t.0).filter(|t| *t >= 0.0)
}

/// Whole-inch points within `r` of `c`.
pub(crate) fn grid_around(c: Point, r: f64) -> Vec<Point> {
    let mut v = Vec::new();
    let (x0, x1) = ((c.x - r).ceil() as i64, (c.x + r).floor() as i64);
    let (y0, y1) = ((c.y - r).ceil() as i64, (c.y + r).floor() as i64);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let p = Point::new(x as f64, y as f64);
            if p.dist(c) <= r + 1e-9 {
                v.push(p);
            }
        }
    }
    v
}
