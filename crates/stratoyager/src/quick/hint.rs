//! [`orrery_core::Presentation::input_hint`] for Basic Stratoyager: the quick order for the
//! questions whose lists are too long to read (placing, entering), with the ranges the
//! legal answers span and an example that is legal now.

use crate::action::Action;
use crate::render::{asked_unit, label};
use crate::state::{AskKind, Stratoyager};
use orrery_core::{Game, Seat};

/// "lo-hi" of the values, or the single value.
fn span(values: impl Iterator<Item = i64>) -> String {
    let v: Vec<i64> = values.collect();
    match (v.iter().min(), v.iter().max()) {
        (Some(lo), Some(hi)) if lo == hi => lo.to_string(),
        (Some(lo), Some(hi)) => format!("{lo}-{hi}"),
        _ => "-".into(),
    }
}

pub fn input_hint(g: &Stratoyager, seat: Seat) -> Option<String> {
    let (kind, unit, _) = asked_unit(g, seat)?;
    let legal = g.legal_actions(seat);
    // An example that is legal now: for a placement, mid-edge, heading into the table
    // (side A's course 0, side B's 6, as `place` assumes) at speed 3; else the middle
    // of the list.
    let into_table = if seat.0 == 0 { 0 } else { 6 };
    let xs: Vec<i32> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Place { x, .. } => Some(*x),
            _ => None,
        })
        .collect();
    let mid_x = (xs.iter().min().unwrap_or(&0) + xs.iter().max().unwrap_or(&0)) / 2;
    let example = legal
        .iter()
        .find(|a| {
            matches!(a, Action::Place { x, course, speed, .. }
                if *x == mid_x && *course == into_table && *speed == 3)
        })
        .or_else(|| legal.get(legal.len() / 2))?;
    let name = label(g, unit);
    match (kind, example) {
        (
            AskKind::Place,
            Action::Place {
                x,
                y,
                course,
                speed,
            },
        ) => {
            let course = if *course == 0 { 12 } else { *course };
            let places = || {
                legal.iter().filter_map(|a| match a {
                    Action::Place {
                        x,
                        y,
                        course,
                        speed,
                        ..
                    } => Some((*x, *y, *course, *speed)),
                    _ => None,
                })
            };
            Some(format!(
                "Place {name} by typing `place X Y course H speed S` (SY-22): X {} and Y {} \
                 klicks, course {} o'clock, speed {}; e.g. `place {x} {y} course {course} \
                 speed {speed}`. Numbers alone filter the list.",
                span(places().map(|p| i64::from(p.0))),
                span(places().map(|p| i64::from(p.1))),
                // Hours as the screen writes them: 1 to 12 (12 = north).
                span(places().map(|p| if p.2 == 0 { 12 } else { i64::from(p.2) })),
                span(places().map(|p| i64::from(p.3))),
            ))
        }
        (AskKind::Enter, Action::Enter { edge, at, speed }) => Some(format!(
            "Bring {name} in by typing `enter EDGE AT speed S` (SY-23), the edge south, north, \
             west or east, AT the klick along it; e.g. `enter {} {at} speed {speed}`.",
            format!("{edge:?}").to_lowercase()
        )),
        // A Movement Action's quick order is on the screen already, with the thrust
        // limits (render: "Quick order: e.g. …").
        _ => None,
    }
}
