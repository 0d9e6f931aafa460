//! Terrain (seed "Teren"; FB-13, FB-14): pieces, the default random table, line of
//! sight and cover, and what a path through terrain costs.

use orrery_core::Rng;
use orrery_table::{Point, Shape, EPS};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A terrain piece: "a circle or convex polygon with flags blocks-LOS, cover,
/// difficult, impassable, dangerous" (FB-13).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Terrain {
    /// Shared between copies of the game (written as a string).
    pub name: Arc<str>,
    #[serde(flatten)]
    pub shape: Shape,
    #[serde(default)]
    pub blocks_los: bool,
    #[serde(default)]
    pub cover: bool,
    #[serde(default)]
    pub difficult: bool,
    #[serde(default)]
    pub impassable: bool,
    #[serde(default)]
    pub dangerous: bool,
}

impl Terrain {
    fn circle(name: &str, center: Point, diameter: f64) -> Terrain {
        let mut t = Terrain {
            name: name.into(),
            shape: Shape::Circle {
                center,
                radius: diameter / 2.0,
            },
            blocks_los: false,
            cover: false,
            difficult: false,
            impassable: false,
            dangerous: false,
        };
        match name {
            "planet" => {
                t.impassable = true;
                t.blocks_los = true;
            }
            "asteroid field" => {
                t.difficult = true;
                t.cover = true;
            }
            "nebula" => t.cover = true,
            _ => t.dangerous = true,
        }
        t
    }
}

/// FB-14: "12 circular pieces, placed with the game RNG (wholly on the table, ≥ 3"
/// from edges, ≥ 2" from each other, redraw on failure): 2 planets Ø 6" (impassable,
/// blocks LOS), 4 asteroid fields Ø 6" (difficult, cover), 3 nebulae Ø 8" (cover),
/// 3 radiation clouds Ø 5" (dangerous)."
pub fn random_table(rng: &mut Rng, width: f64, height: f64) -> Vec<Terrain> {
    let kinds = [
        ("planet", 6.0, 2),
        ("asteroid field", 6.0, 4),
        ("nebula", 8.0, 3),
        ("radiation cloud", 5.0, 3),
    ];
    let mut out: Vec<Terrain> = Vec::new();
    for (name, diameter, n) in kinds {
        for _ in 0..n {
            let r: f64 = diameter / 2.0;
            let (lo_x, hi_x) = (3.0 + r, width - 3.0 - r);
            let (lo_y, hi_y) = (3.0 + r, height - 3.0 - r);
            if hi_x < lo_x || hi_y < lo_y {
                continue;
            }
            // Redraw on failure; a bounded number of tries keeps a crowded small table
            // total (the piece is then left out).
            for _ in 0..200 {
                let c = Point::new(
                    lo_x + (hi_x - lo_x) * unit(rng),
                    lo_y + (hi_y - lo_y) * unit(rng),
                );
                let clear = out.iter().all(|t| match t.shape {
                    Shape::Circle { center, radius } => c.dist(center) >= r + radius + 2.0,
                    _ => true,
                });
                if clear {
                    out.push(Terrain::circle(name, round_quarter(c), diameter));
                    break;
                }
            }
        }
    }
    out
}

/// A uniform number in [0, 1) in steps of 1/4096 (portable: integers only).
fn unit(rng: &mut Rng) -> f64 {
    f64::from(rng.die(4096) - 1) / 4096.0
}

/// To the nearest quarter inch, so positions print cleanly.
fn round_quarter(p: Point) -> Point {
    Point::new((p.x * 4.0).round() / 4.0, (p.y * 4.0).round() / 4.0)
}

/// Line of sight and cover from a shooter's centre to a target base (FB-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sight {
    pub clear: bool,
    pub cover: bool,
}

/// FB-13: "From the shooter's centre draw three segments: to the target's centre and
/// to the two points of its base at ±90° to that line. A segment is blocked if it
/// crosses the interior of a blocks-LOS piece containing neither centre. LOS exists if
/// any segment is clear; models never block. The target is in cover … if its centre is
/// inside a cover piece ("mostly inside"), or if the centre segment is blocked but LOS
/// exists ("behind")."
pub fn sight(terrain: &[Terrain], from: Point, to: Point, target_radius: f64) -> Sight {
    let d = to - from;
    let len = d.len();
    let side = if len <= EPS {
        Point::new(0.0, 0.0)
    } else {
        Point::new(-d.y, d.x) * (target_radius / len)
    };
    let blocked = |end: Point| {
        terrain.iter().any(|t| {
            t.blocks_los
                && !t.shape.contains(from)
                && !t.shape.contains(to)
                && t.shape.crosses_interior(from, end)
        })
    };
    let centre_blocked = blocked(to);
    let clear = !centre_blocked || !blocked(to + side) || !blocked(to - side);
    let inside_cover = terrain.iter().any(|t| t.cover && t.shape.contains(to));
    Sight {
        clear,
        cover: clear && (inside_cover || centre_blocked),
    }
}

/// How far the centre gets along `from → from + dir·budget` when distance with the
/// centre inside difficult terrain costs double (FB-14) and `budget` inches are
/// spent. `dir` is a unit vector.
pub fn travel(terrain: &[Terrain], from: Point, dir: Point, budget: f64) -> f64 {
    if budget <= 0.0 {
        return 0.0;
    }
    let end = from + dir * budget;
    let mut spans: Vec<(f64, f64)> = terrain
        .iter()
        .filter(|t| t.difficult)
        .filter_map(|t| t.shape.clip_segment(from, end))
        .map(|(a, b)| (a * budget, b * budget))
        .filter(|(a, b)| b > a)
        .collect();
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut merged: Vec<(f64, f64)> = Vec::new();
    for (a, b) in spans {
        match merged.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    let (mut at, mut left) = (0.0, budget);
    for (a, b) in merged {
        let free = a - at;
        if left <= free {
            return at + left;
        }
        at = a;
        left -= free;
        if left <= 2.0 * (b - a) {
            return at + left / 2.0;
        }
        left -= 2.0 * (b - a);
        at = b;
    }
    at + left
}

/// What a straight path of length `len` costs with difficult terrain doubled.
pub fn cost(terrain: &[Terrain], from: Point, to: Point) -> f64 {
    let len = from.dist(to);
    let inside: f64 = terrain
        .iter()
        .filter(|t| t.difficult)
        .filter_map(|t| t.shape.clip_segment(from, to))
        .map(|(a, b)| (b - a) * len)
        .sum();
    len + inside
}

/// The first distance along `from → from + dir·len` at which a base of `radius`
/// touches impassable terrain (FB-06: "A path that would bring the base into
/// impassable terrain stops at contact"); `None` if it never does.
pub fn impassable_contact(
    terrain: &[Terrain],
    from: Point,
    dir: Point,
    len: f64,
    radius: f64,
) -> Option<f64> {
    let touches = |t: f64| {
        terrain.iter().any(|p| {
            p.impassable && p.shape.distance_to_segment(from, from + dir * t) < radius - 1e-9
        })
    };
    first_true(len, touches)
}

/// The least `t` in [0, len] for which the monotone test `hit(t)` holds, to 1e-9
/// (bisection; `None` if `hit(len)` is false).
pub fn first_true(len: f64, hit: impl Fn(f64) -> bool) -> Option<f64> {
    if !hit(len) {
        return None;
    }
    if hit(0.0) {
        return Some(0.0);
    }
    let (mut lo, mut hi) = (0.0, len);
    for _ in 0..64 {
        let mid = (lo + hi) / 2.0;
        if hit(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(lo)
}

/// Whether a base at `p` overlaps impassable terrain.
pub fn in_impassable(terrain: &[Terrain], p: Point, radius: f64) -> bool {
    terrain
        .iter()
        .any(|t| t.impassable && t.shape.distance_to(p) < radius - 1e-9)
}

/// Dangerous pieces whose inside the centre's path `from → to` enters (FB-14: "a
/// model whose centre is inside it at any point of a move or push takes D3 damage
/// once for that move").
pub fn dangerous_on(terrain: &[Terrain], from: Point, to: Point) -> bool {
    terrain
        .iter()
        .any(|t| t.dangerous && t.shape.clip_segment(from, to).is_some())
}
