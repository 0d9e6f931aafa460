//! The Movement Action: planning limits, the exact list of legal plans, and the flight
//! itself (SY-07, SY-08; yaw choices after the MA).
//!
//! Collisions (SY-11) and obstacles (SY-12) are applied by the segment procedure to
//! the end point returned here.
//!
//! Geometry uses only `+ - * /` through [`Point::along`] (the hour vectors are a
//! constant table), so every flight is bit-identical on every machine.

use crate::refusal::{Refusal, Which};
use crate::state::Unit;
use crate::types::{Driver, Maneuver, Plan, UnitType};
use orrery_table::{Hour, Point};

/// The result of one Movement Action.
#[derive(Clone, Debug, PartialEq)]
pub struct Flight {
    /// SY-08: "If a unit is misaligned (f ≠ c) when its MA starts and any committed
    /// thrust is > 0, the engine performs the realigning yaw first (f := c) and that is
    /// the turn's yaw."
    pub realigned: bool,
    /// Waypoints: the start, after M1 (if it moved the unit), after inertia, after M2
    /// (if it moved the unit); consecutive equal points appear once.
    pub path: Vec<Point>,
    pub end: Point,
    pub course: Hour,
    pub facing: Hour,
    pub speed: u32,
}

/// The greatest thrust a driver may be set to.
///
/// Seed: "can go as far as 2x Safe Acceleration Thrust value in one Acc Maneuver";
/// "Each unit can spend as much Thrust as twice its safe threshold in respective
/// maneuver"; the dials are D10s "rated form 0 to 9". SY-09: "T ≤ 2·safe (the yaw's +1
/// counts for dice, not for this limit)". So: min(2·safe, 9).
pub fn max_thrust(card: &UnitType, d: Driver) -> u8 {
    card.safe.of(d).saturating_mul(2).min(9)
}

/// Whether the engine performs the realigning yaw before this MA.
///
/// SY-08: "If a unit is misaligned (f ≠ c) when its MA starts and any committed thrust
/// is > 0, the engine performs the realigning yaw first (f := c) and that is the turn's
/// yaw. … A misaligned unit with no realign yaw flies inertia only."
pub fn realigns(unit: &Unit, plan: &Plan) -> bool {
    unit.misaligned() && (plan.first.thrust > 0 || plan.second.thrust > 0)
}

fn check_maneuver(unit: &Unit, card: &UnitType, which: Which, m: Maneuver) -> Result<(), Refusal> {
    let max = max_thrust(card, m.driver);
    if m.thrust > max {
        return Err(Refusal::Thrust {
            which,
            unit: unit.id,
            maneuver: m,
        });
    }
    if m.thrust == 0 && m.driver != m.driver.zero_spelling() {
        return Err(Refusal::ZeroSpelling { which, maneuver: m });
    }
    if m.driver == Driver::Decelerate && u32::from(m.thrust) > unit.speed {
        return Err(Refusal::Brake {
            which,
            thrust: m.thrust,
            speed: unit.speed,
        });
    }
    Ok(())
}

/// Whether `plan` is a legal Movement Action order for `unit` with parameter card
/// `card`; the error says why not.
///
/// - SY-07: "a Movement Action (MA) is two maneuvers M1, M2 from two *different*
///   drivers (A Acc/Dec, B Turn L/R, C Slide L/R), each with thrust 0–9".
/// - SY-09: "T ≤ 2·safe" (see [`max_thrust`]).
/// - Project ruling SYO-02 "one spelling per order": thrust 0 on a dial is written
///   with [`Driver::zero_spelling`] (accelerate, turn port, slide port).
/// - SY-07 step 1: "If M1 or M2 is Decelerate T: speed −= T now (T ≤ current speed …)".
///
/// A misaligned unit may plan thrust: the engine realigns it first (SY-08, [`realigns`]).
pub fn check_plan(unit: &Unit, card: &UnitType, plan: &Plan) -> Result<(), Refusal> {
    let (a, b) = (plan.first.driver.group(), plan.second.driver.group());
    if a == b {
        return Err(Refusal::SameDriver { group: a });
    }
    check_maneuver(unit, card, Which::First, plan.first)?;
    check_maneuver(unit, card, Which::Second, plan.second)?;
    if plan.evasive && !evasive_allowed(unit, plan) {
        return Err(Refusal::EvasiveAndYaw);
    }
    Ok(())
}

/// Seed: "In addition to compulsory maneuvers described above, players may choose
/// one additional maneuver from those listed below" — Evasive Maneuver *or* Yaw
/// (SYO-20). Evasive is allowed unless the unit has yawed this turn or this order
/// realigns it first (that realignment is the turn's yaw, SY-08).
pub fn evasive_allowed(unit: &Unit, plan: &Plan) -> bool {
    !unit.yawed && !realigns(unit, plan)
}

/// Every Movement Action order that passes [`check_plan`], each exactly once.
///
/// Order: [`Plan::drift`] first; then not evasive before evasive, and within each by
/// first driver, second driver (both in [`Driver::ALL`] order), first thrust, second
/// thrust, ascending. Orders that fly the same (e.g. the two orders of one pair of
/// dials) are distinct orders and are all listed.
pub fn plan_candidates(unit: &Unit, card: &UnitType) -> Vec<Plan> {
    let drift = Plan::drift();
    let mut out = vec![drift];
    for evasive in [false, true] {
        for d1 in Driver::ALL {
            for d2 in Driver::ALL {
                if d1.group() == d2.group() {
                    continue;
                }
                for t1 in thrusts(unit, card, d1) {
                    for t2 in thrusts(unit, card, d2) {
                        let plan = Plan {
                            first: Maneuver::new(d1, t1),
                            second: Maneuver::new(d2, t2),
                            evasive,
                        };
                        if plan != drift && (!evasive || evasive_allowed(unit, &plan)) {
                            debug_assert!(check_plan(unit, card, &plan).is_ok());
                            out.push(plan);
                        }
                    }
                }
            }
        }
    }
    out
}

/// The thrusts `d` may be set to on its own (see [`check_maneuver`]).
fn thrusts(unit: &Unit, card: &UnitType, d: Driver) -> impl Iterator<Item = u8> {
    let lo = if d == d.zero_spelling() { 0 } else { 1 };
    let mut hi = max_thrust(card, d);
    if d == Driver::Decelerate {
        hi = hi.min(u8::try_from(unit.speed).unwrap_or(u8::MAX));
    }
    lo..=hi
}

/// Apply one maneuver in step 2 (M1) or step 4 (M2) of SY-07. Deceleration was already
/// applied in step 1.
fn maneuver(
    m: Maneuver,
    second: bool,
    pos: &mut Point,
    course: &mut Hour,
    facing: &mut Hour,
    speed: &mut u32,
) {
    let t = m.thrust;
    match m.driver {
        Driver::Accelerate => {
            *speed += u32::from(t);
            if second {
                *pos = pos.along(*course, f64::from(t));
            }
        }
        Driver::Decelerate => {}
        Driver::TurnPort | Driver::TurnStarboard => {
            let d = if m.driver == Driver::TurnPort {
                -i32::from(t)
            } else {
                i32::from(t)
            };
            *course = course.turned(d);
            *facing = facing.turned(d);
        }
        Driver::SlidePort => *pos = pos.along(course.port(3), f64::from(t)),
        Driver::SlideStarboard => *pos = pos.along(course.starboard(3), f64::from(t)),
    }
}

/// Fly a Movement Action (the plan is assumed legal, see [`check_plan`]).
///
/// SY-08: "If a unit is misaligned (f ≠ c) when its MA starts and any committed thrust
/// is > 0, the engine performs the realigning yaw first (f := c)". Then SY-07:
///
/// 1. "If M1 or M2 is Decelerate T: speed −= T now (T ≤ current speed; speed never
///    < 0)."
/// 2. "If M1 is Accelerate T: speed += T. If M1 is Turn T: c and f rotate T·30° port
///    or starboard. If M1 is Slide T: move T klicks along hour c−3 (port) or c+3
///    (starboard)."
/// 3. "Inertia: move `speed` klicks along hour c."
/// 4. "M2 as in step 2, except Accelerate T as M2 moves T klicks along c *and* adds T
///    to speed."
///
/// Seed: "Deceleration is SUBTRACTED from mandatory inertia course no matter if it's
/// used as a first of second part of maneuver"; a turn turns the course dial, and the
/// unit stays aligned ("12 o'clock is always indicating current vector of movement").
pub fn fly(unit: &Unit, plan: &Plan) -> Flight {
    let realigned = realigns(unit, plan);
    let mut pos = unit.pos;
    let mut course = unit.course;
    let mut facing = if realigned { unit.course } else { unit.facing };
    let mut speed = unit.speed;
    let mut path = vec![pos];

    // Step 1.
    for m in [plan.first, plan.second] {
        if m.driver == Driver::Decelerate {
            speed = speed.saturating_sub(u32::from(m.thrust));
        }
    }
    // Step 2.
    maneuver(
        plan.first,
        false,
        &mut pos,
        &mut course,
        &mut facing,
        &mut speed,
    );
    path.push(pos);
    // Step 3.
    pos = pos.along(course, f64::from(speed));
    path.push(pos);
    // Step 4.
    maneuver(
        plan.second,
        true,
        &mut pos,
        &mut course,
        &mut facing,
        &mut speed,
    );
    path.push(pos);

    path.dedup();
    Flight {
        realigned,
        path,
        end: pos,
        course,
        facing,
        speed,
    }
}

/// The yaw choices after the MA: `None` (no yaw), then every other facing in
/// ascending hour order.
///
/// Seed: "Unit by default can yaw as many hours on the Course Dial as it wishes,
/// spending 1 Thrust"; SY-08: "Otherwise a unit may yaw after its MA". Whether the
/// unit may still yaw this turn (it realigned, SY-08) is the caller's question; a unit
/// flying evasively may not (SYO-20: one additional maneuver), so it only holds.
pub fn yaw_options(unit: &Unit) -> Vec<Option<u8>> {
    // SYO-20: an evasive unit has had its one additional maneuver.
    if unit.evasive {
        return vec![None];
    }
    std::iter::once(None)
        .chain(
            Hour::all()
                .filter(|&h| h != Hour::new(i32::from(unit.facing.0)))
                .map(|h| Some(h.0)),
        )
        .collect()
}
