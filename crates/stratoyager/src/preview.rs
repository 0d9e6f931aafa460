//! `Odds::preview_action` for Basic Stratoyager: what a Movement Action will do,
//! shown to its planner before it is committed (the browser's maneuver planner).
//!
//! Shape: `{"kind":"maneuver","unit","realigned","path":[{x,y}…],"end":{x,y},
//! "course","facing","speed","evasive","stress":{…hull stress odds…}}`. The path is
//! [`movement::fly`]'s: the start, after the first maneuver, after inertia, after the
//! second (SY-07); `realigned` is SY-08's realigning yaw. Collisions (SY-11) and
//! obstacles are not foreseen: they depend on where the other side's units end,
//! which is secret until both have planned (SY-14). `stress` is the Hull Stress roll
//! (SY-09) as `Odds::action_odds` gives it.

use crate::action::Action;
use crate::movement::fly;
use crate::state::Stratoyager;
use orrery_core::{Odds, Seat};
use serde_json::{json, Value};

/// The preview of `action` for `seat`, if it is a Movement Action legal now.
pub(crate) fn maneuver(g: &Stratoyager, seat: Seat, action: &Action) -> Option<Value> {
    let Action::Maneuver(plan) = action else {
        return None;
    };
    let index = g.check(seat, action).ok()?;
    let unit = g.batch.as_ref()?.asks.get(index)?.unit;
    let u = g.unit(unit);
    let flight = fly(u, plan);
    Some(json!({
        "kind": "maneuver",
        "unit": unit,
        "realigned": flight.realigned,
        "path": flight.path,
        "end": flight.end,
        "course": flight.course,
        "facing": flight.facing,
        "speed": flight.speed,
        "evasive": plan.evasive,
        "stress": g.action_odds(seat, action),
    }))
}
