//! Position evaluation for look-ahead agents — a heuristic, not a rule.
//!
//! The victory point margin (LF-17) plus small positional terms, all in points:
//! a unit on an edge hex is about to retreat (LF-16: a ship keeps ½ its value, a
//! squadron nothing), so half its value is counted lost; armed units are drawn to
//! within range 5 of the nearest enemy; ships like the nearest enemy ship in their
//! front arc and themselves out of its front arc (flanking, LF-04).

use crate::state::{LaunchFighters, Location, Unit};
use orrery_core::{score_margin, Game, Seat};
use orrery_hex::{Arc, Hex};

/// Points lost per space an armed unit stands beyond weapon range of any enemy.
const CLOSE_IN: f64 = 0.05;
/// Points for a flanking-friendly facing.
const FACING: f64 = 0.25;

/// How good the position is for `seat`.
pub fn evaluate(g: &LaunchFighters, seat: Seat) -> f64 {
    let mut value = score_margin(&g.scores(), seat);
    let enemies: Vec<(&Unit, Hex)> = g
        .units
        .iter()
        .filter(|u| u.owner != seat)
        .filter_map(|u| match u.location {
            Location::OnMap(h) => Some((u, h)),
            _ => None,
        })
        .collect();
    for u in g.on_map_of(seat) {
        let Some(at) = u.hex() else { continue };
        let on_edge = g.map.is_edge(at);
        match u.ship() {
            Some(s) => {
                if on_edge && s.stats.mv >= 1 {
                    value -= 0.5 * f64::from(s.cost);
                }
                let nearest_ship = enemies
                    .iter()
                    .filter(|(e, _)| e.is_ship())
                    .min_by_key(|(_, h)| h.distance(at));
                if let Some((e, h)) = nearest_ship {
                    let d = f64::from(h.distance(at));
                    if s.stats.cannons + s.stats.launchers > 0 {
                        value -= CLOSE_IN * (d - 5.0).max(0.0);
                    }
                    if at.arc(s.facing, *h) == Arc::Front {
                        value += FACING;
                    }
                    if let Some(es) = e.ship() {
                        if h.arc(es.facing, at) == Arc::Front {
                            value -= FACING;
                        }
                    }
                }
            }
            None => {
                if on_edge {
                    value -= 2.5;
                }
                if let Some(d) = enemies.iter().map(|(_, h)| h.distance(at)).min() {
                    value -= CLOSE_IN * f64::from(d.saturating_sub(1));
                }
            }
        }
    }
    value
}
