//! # orrery-table
//!
//! Free-table geometry for rulesets played on a table measured in real units
//! (Stratoyager in klicks; Black Skies and Warfleets in inches): points, clock-face
//! hours, arcs and aspect relative to a facing, the table rectangle, obstacle shapes,
//! circle crossings and collision displacement.
//!
//! Nothing here knows a ruleset; the rulings each item implements are quoted in its
//! documentation (Stratoyager rulings SY-04, SY-06, SY-11, SY-12).
//!
//! ## Determinism
//!
//! Results must be bit-identical on every machine. Everything that can decide a rule
//! uses only `+ - * /` and `sqrt`, which IEEE 754 rounds exactly. Hour directions come
//! from a constant table built from [`HALF_SQRT_3`] and `0.5`; no `sin`, `cos`, `atan2`
//! or `powf` is used, except by the display-only [`bearing_degrees`].

mod arc;
mod clear;
mod heading;
mod hour;
mod point;
mod rect;
mod ruler;
mod shape;
mod sweep;

pub use arc::{aspect, bearing_degrees, in_arc, in_front_arc, Aspect};
pub use clear::nearest_clear_point;
pub use heading::{Heading, Sector, HALF_SQRT_2};
pub use hour::{Hour, HALF_SQRT_3};
pub use point::Point;
pub use rect::Rect;
pub use ruler::{axis_step, x_axis, y_axis};
pub use shape::{circle_intersections, dist_to_segment, Shape};
pub use sweep::segment_distance;

/// Boundary tolerance for every geometric comparison.
///
/// SY-06: "Boundaries are inclusive (a peg is a point; compare with tolerance 1e-9)."
pub const EPS: f64 = 1e-9;
