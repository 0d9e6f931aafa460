//! Position evaluation for look-ahead agents — a heuristic, not a rule.
//!
//! The victory point margin (LF-17) plus small positional terms, all in points:
//! a unit on an edge hex is about to retreat (LF-16: a ship keeps ½ its value, a
//! squadron nothing), so half its value is counted lost; armed units are drawn to
//! within range 5 of the nearest enemy; ships like the nearest enemy ship in their
//! front arc and themselves out of its front arc (flanking, LF-04).
//!
//! Damage taken: the margin only counts a ship's value whole or halved (capable or
//! not, LF-17), so every ship on the map also loses [`DAMAGE`] × its cost × the share
//! of its design's stat levels it has lost (its own side's and the enemy's alike), and
//! an armed ship gains [`IN_RANGE`] per enemy ship within range 5 (a shot next
//! attack phase).

use crate::state::{LaunchFighters, Location, Unit};
use orrery_core::{score_margin, Game, Seat};
use orrery_hex::{Arc, Hex};

/// Points lost per space an armed unit stands beyond weapon range of any enemy.
const CLOSE_IN: f64 = 0.05;
/// Points for a flanking-friendly facing.
const FACING: f64 = 0.25;
/// Share of a ship's cost counted lost per share of stat levels lost.
const DAMAGE: f64 = 0.5;
/// Points per enemy ship within weapon range of an armed ship.
const IN_RANGE: f64 = 0.1;

/// The share of its design's stat levels a ship has lost, 0–1.
fn damage_share(s: &crate::state::Ship) -> f64 {
    let full: u32 = crate::types::Stat::ALL
        .iter()
        .map(|&k| u32::from(s.design.stats.get(k)))
        .sum();
    let now: u32 = crate::types::Stat::ALL
        .iter()
        .map(|&k| u32::from(s.stats.get(k).min(s.design.stats.get(k))))
        .sum();
    if full == 0 {
        0.0
    } else {
        f64::from(full - now) / f64::from(full)
    }
}

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
    for u in &g.units {
        if let (Some(s), Location::OnMap(_)) = (u.ship(), u.location) {
            let lost = DAMAGE * f64::from(s.cost) * damage_share(s);
            value += if u.owner == seat { -lost } else { lost };
        }
    }
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
                        let in_range = enemies
                            .iter()
                            .filter(|(e, h)| e.is_ship() && h.distance(at) <= 5)
                            .count();
                        value += IN_RANGE * in_range as f64;
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
