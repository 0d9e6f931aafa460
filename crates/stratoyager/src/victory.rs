//! Victory points (SY-25, SY-28).

use crate::state::{Place, Stratoyager};
use crate::types::Edge;
use orrery_core::Seat;
use orrery_table::Point;

/// Points of a side's units the enemy has destroyed, wrecked, seen withdraw or
/// abandon: "Players calculate Point Costs of destroyed enemy units (including
/// ejected pilots, friend and foe)."
pub fn points_lost(g: &Stratoyager, side: Seat) -> f64 {
    g.units
        .iter()
        .filter(|u| u.side == side && matches!(u.place, Place::Lost { .. } | Place::Hulk))
        .map(|u| f64::from(g.roster[u.kind].points))
        // Start from +0.0: an empty float sum is -0.0, which prints as "-0".
        .fold(0.0, |a, b| a + b)
}

/// Who a pilot token scores for now (SY-25): the side owning the unit on the table
/// nearest the token; equal distances: nobody; if one side has no unit left in
/// play, the other side.
pub fn pilot_owner(g: &Stratoyager, at: Point) -> Option<Seat> {
    let nearest = |side: Seat| {
        g.active(side)
            .map(|u| u.pos.dist(at))
            .fold(f64::INFINITY, f64::min)
    };
    let in_play = |side: Seat| {
        g.units.iter().any(|u| {
            u.side == side && matches!(u.place, Place::Table | Place::Reserve | Place::Away { .. })
        })
    };
    match (in_play(Seat(0)), in_play(Seat(1))) {
        (true, false) => return Some(Seat(0)),
        (false, true) => return Some(Seat(1)),
        (false, false) => return None,
        _ => {}
    }
    let (a, b) = (nearest(Seat(0)), nearest(Seat(1)));
    // Both sides in play but neither on the table (all in reserve or away): both
    // distances are infinite, equal, and the pilot scores for nobody.
    if a == b || (a - b).abs() <= orrery_table::EPS {
        None
    } else if a < b {
        Some(Seat(0))
    } else {
        Some(Seat(1))
    }
}

/// Both sides' scores now.
pub fn scores(g: &Stratoyager) -> Vec<f64> {
    let mut s = vec![points_lost(g, Seat(1)), points_lost(g, Seat(0))];
    for p in &g.pilots {
        if let Some(owner) = pilot_owner(g, p.at) {
            s[owner.index()] += p.value;
        }
    }
    s
}

/// The table edge nearest a point (for units returning, SY-24).
pub fn nearest_edge(p: Point, w: f64, l: f64) -> Edge {
    let d = [
        (p.y, Edge::South),
        (l - p.y, Edge::North),
        (p.x, Edge::West),
        (w - p.x, Edge::East),
    ];
    d.iter()
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|x| x.1)
        .unwrap_or(Edge::South)
}
