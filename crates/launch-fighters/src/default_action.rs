//! What the engine plays for a seat that does not answer in time.
//!
//! > LF-13: "If a protocol timeout expires, the default is the highest current stat,
//! > ties in record-sheet order Cannons, Launchers, Bays, Defense, Move."
//!
//! For every other question the default is the passive answer (LFO-03): end the
//! activation, stop firing or launching, intercept with nobody, do not advance, no
//! repairs, stay put keeping the facing; failing those, the first legal action.

use crate::action::Action;
use crate::state::{Decision, LaunchFighters};
use crate::types::Stat;
use orrery_core::{Game, Seat};

/// The LF-13 timeout choice for `levels` levels off a ship whose current levels are
/// `level`, among `hittable` (the five stats, and the holds where they can be hit):
/// each level from the highest current one, ties in record-sheet order.
pub fn highest_stats(level: impl Fn(Stat) -> u8, hittable: &[Stat], levels: u8) -> Vec<Stat> {
    let mut left: Vec<(Stat, u8)> = hittable.iter().map(|&s| (s, level(s))).collect();
    let mut out = Vec::new();
    for _ in 0..levels {
        let Some(best) = left
            .iter_mut()
            .filter(|(_, n)| *n > 0)
            .max_by_key(|(s, n)| (*n, std::cmp::Reverse(*s)))
        else {
            break;
        };
        best.1 -= 1;
        out.push(best.0);
    }
    out.sort();
    out
}

pub(crate) fn default_action(g: &LaunchFighters, seat: Seat) -> Option<Action> {
    let legal = g.legal_actions(seat);
    if let Some(p) = g.pending.last() {
        if let Decision::ReduceStats { ship, levels, .. } = p.decision {
            let s = g.units.get(ship.index())?.ship()?;
            let want = Action::Reduce {
                stats: highest_stats(|k| s.level(k), g.hittable(), levels),
            };
            if legal.contains(&want) {
                return Some(want);
            }
        }
    }
    let passive = |a: &Action| match a {
        Action::EndActivation
        | Action::StopFiring
        | Action::EndLaunch
        | Action::EndRepairs
        | Action::Advance { squadron: None } => true,
        Action::Intercept { squadrons } => squadrons.is_empty(),
        Action::Move {
            unit, to, facing, ..
        } => g.units.get(unit.index()).is_some_and(|u| {
            u.hex() == Some(*to) && facing.is_none_or(|f| u.ship().is_some_and(|s| s.facing == f))
        }),
        _ => false,
    };
    legal
        .iter()
        .find(|a| passive(a))
        .or_else(|| legal.first())
        .cloned()
}
