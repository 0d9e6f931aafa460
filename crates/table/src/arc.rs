//! Bearings, firing arcs and aspect relative to a facing (SY-06).
//!
//! Every rules decision compares a dot product with `cos θ · |v|`, where `cos θ` is one
//! of the exact constants for multiples of 30°; no trigonometric function is called
//! except by the display-only [`bearing_degrees`].

use crate::{Hour, Point, EPS, HALF_SQRT_3};
use serde::{Deserialize, Serialize};

/// cos(30°·k) for k = 0..=6, from constants only.
const COS_HOURS: [f64; 7] = [1.0, HALF_SQRT_3, 0.5, 0.0, -0.5, -HALF_SQRT_3, -1.0];

/// The side of a unit an attacker is seen from, for armour and shields.
///
/// SY-06: "the defender's aspect is taken from the bearing of the attacker's peg
/// relative to the defender's facing: Fore if |bearing| ≤ 30°, Aft if |bearing| ≥ 150°,
/// otherwise Side."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Aspect {
    Fore,
    Side,
    Aft,
}

/// Aspect of `other` as seen by a unit at `at` facing `facing`.
///
/// SY-06: "Fore if |bearing| ≤ 30°, Aft if |bearing| ≥ 150°, otherwise Side.
/// Boundaries are inclusive (a peg is a point; compare with tolerance 1e-9)."
///
/// With `v = other − at` and `u = facing.vector()`: Fore iff `u·v ≥ cos30°·|v| − EPS`,
/// Aft iff `u·v ≤ −cos30°·|v| + EPS`. A peg on the same point counts as Fore.
pub fn aspect(at: Point, facing: Hour, other: Point) -> Aspect {
    if in_arc(at, facing, other, 1) {
        return Aspect::Fore;
    }
    let v = other - at;
    if facing.vector().dot(v) <= -HALF_SQRT_3 * v.len() + EPS {
        Aspect::Aft
    } else {
        Aspect::Side
    }
}

/// Whether `other` lies within `half_width_hours` hours (30° each) either side of
/// `facing`, seen from `at`: |bearing| ≤ 30°·half_width_hours, inclusive.
///
/// SY-06: "bearing of B from A = angle of the vector A→B relative to A's *facing*, in
/// (−180°, 180°]. … Boundaries are inclusive (a peg is a point; compare with tolerance
/// 1e-9)." Computed as `u·v ≥ cos(30°·half_width_hours)·|v| − EPS`. A half-width of 6
/// or more covers the whole circle; a peg on the same point is always in the arc.
pub fn in_arc(at: Point, facing: Hour, other: Point, half_width_hours: u8) -> bool {
    if half_width_hours >= 6 {
        return true;
    }
    let v = other - at;
    let cos = COS_HOURS[usize::from(half_width_hours)];
    facing.vector().dot(v) >= cos * v.len() - EPS
}

/// Whether `other` is in the front firing arc of a unit at `at` facing `facing`.
///
/// SY-06: "Front firing arc: |bearing| ≤ 30° (hours 11–1)." Same as
/// `in_arc(at, facing, other, 1)`.
pub fn in_front_arc(at: Point, facing: Hour, other: Point) -> bool {
    in_arc(at, facing, other, 1)
}

/// Bearing of `other` from `at` relative to `facing`, in degrees in (−180, 180];
/// positive = starboard (clockwise). 0 for the same point.
///
/// SY-06: "bearing of B from A = angle of the vector A→B relative to A's *facing*, in
/// (−180°, 180°]."
///
/// **Display only**: this uses `atan2`, whose last bit may differ between platforms.
/// Never use it to decide a rule; use [`in_arc`], [`in_front_arc`] or [`aspect`].
pub fn bearing_degrees(at: Point, facing: Hour, other: Point) -> f64 {
    let v = other - at;
    let u = facing.vector();
    // Clockwise is a negative cross product, so negate it for "+ = starboard".
    let deg = (-u.cross(v)).atan2(u.dot(v)).to_degrees();
    if deg <= -180.0 {
        deg + 360.0
    } else {
        deg
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const AT: Point = Point::new(3.7, 12.1);

    /// A point `d` away from `AT` along `h`, nudged `off` sideways (+ = clockwise).
    fn toward(h: Hour, d: f64, off: f64) -> Point {
        AT.along(h, d).along(h.turned(3), off)
    }

    #[test]
    fn aspect_boundaries_are_inclusive() {
        for facing in Hour::all() {
            for d in [0.5, 1.0, 7.3, 35.0] {
                let f = |k: i32| aspect(AT, facing, toward(facing.turned(k), d, 0.0));
                assert_eq!(f(0), Aspect::Fore);
                assert_eq!(f(1), Aspect::Fore, "exactly 30° starboard");
                assert_eq!(f(-1), Aspect::Fore, "exactly 30° port");
                assert_eq!(f(2), Aspect::Side);
                assert_eq!(f(3), Aspect::Side);
                assert_eq!(f(-4), Aspect::Side);
                assert_eq!(f(5), Aspect::Aft, "exactly 150° starboard");
                assert_eq!(f(-5), Aspect::Aft, "exactly 150° port");
                assert_eq!(f(6), Aspect::Aft);
                // Just past the boundaries.
                let g = |k: i32, off: f64| aspect(AT, facing, toward(facing.turned(k), d, off));
                assert_eq!(g(1, 1e-6), Aspect::Side);
                assert_eq!(g(-1, -1e-6), Aspect::Side);
                assert_eq!(g(5, -1e-6), Aspect::Side);
                assert_eq!(g(-5, 1e-6), Aspect::Side);
            }
        }
        assert_eq!(aspect(AT, Hour(4), AT), Aspect::Fore);
    }

    #[test]
    fn front_arc() {
        let facing = Hour(2);
        assert!(in_front_arc(AT, facing, toward(Hour(2), 5.0, 0.0)));
        assert!(in_front_arc(AT, facing, toward(Hour(1), 5.0, 0.0)));
        assert!(in_front_arc(AT, facing, toward(Hour(3), 5.0, 0.0)));
        assert!(!in_front_arc(AT, facing, toward(Hour(3), 5.0, 1e-6)));
        assert!(!in_front_arc(AT, facing, toward(Hour(8), 5.0, 0.0)));
        assert!(in_front_arc(AT, facing, AT));
    }

    #[test]
    fn wider_arcs() {
        let facing = Hour(0);
        for k in 0u8..=6 {
            for h in Hour::all() {
                let steps = facing.steps_to(h).unsigned_abs();
                let inside = steps <= u32::from(k);
                assert_eq!(
                    in_arc(AT, facing, toward(h, 4.0, 0.0), k),
                    inside,
                    "k={k} {h}"
                );
            }
        }
        // 90° either side, exactly on the beam, counts.
        assert!(in_arc(AT, facing, toward(Hour(3), 2.0, 0.0), 3));
        assert!(!in_arc(AT, facing, toward(Hour(3), 2.0, 1e-6), 3));
    }

    #[test]
    fn bearings_for_display() {
        let b = |h: u8| bearing_degrees(AT, Hour(1), toward(Hour(h), 3.0, 0.0));
        assert!((b(1) - 0.0).abs() < 1e-9);
        assert!((b(2) - 30.0).abs() < 1e-9);
        assert!((b(4) - 90.0).abs() < 1e-9);
        assert!((b(0) + 30.0).abs() < 1e-9);
        assert!((b(10) + 90.0).abs() < 1e-9);
        assert!((b(7).abs() - 180.0).abs() < 1e-9);
        let exact = bearing_degrees(Point::ORIGIN, Hour(0), Point::new(0.0, -1.0));
        assert_eq!(exact, 180.0);
        assert_eq!(bearing_degrees(AT, Hour(5), AT), 0.0);
    }
}
