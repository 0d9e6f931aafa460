//! Hull stress (SY-09): how many Stress Dice a Movement Action costs, and what the
//! roll does.
//!
//! SY-09: "per maneuver, dice = max(0, T − safe) and T ≤ 2·safe (the yaw's +1 counts
//! for dice, not for this limit). A yaw adds 1 to the thrust of the maneuver with the
//! higher thrust; on a tie, to the one with the lower safe value; if both thrusts are
//! 0, to the lower-safe driver of the two chosen. Sum both maneuvers; Weak Frame adds
//! 1 die if the sum ≥ 1. Roll all dice once after the MA and its yaw; a die fails on
//! ≥ 4 (Retrofitted Civilian: natural ≥ 3)."

use crate::event::StressTier;
use crate::movement::Flight;
use crate::state::Unit;
use crate::types::{Feature, Plan, UnitType};

/// The thrust each maneuver counts for Stress Dice, `[first, second]`, with the yaw's
/// +1 added where it belongs.
///
/// Seed: "This Thrust value is added to the HIGHEST Thrust value used in current
/// Maneuver Action when calculating amount of Hull Stress Dice. If both maneuvers are
/// of same Thrust value, yaw Thrust is added to the one with lower safety threshold."
/// SY-09: "if both thrusts are 0, to the lower-safe driver of the two chosen".
///
/// Equal safe values on a tie: the first maneuver takes it. A thrust-0 dial counts
/// with the safe value of the driver it is written as (its one spelling, SYO-02).
pub fn counted_thrusts(card: &UnitType, plan: &Plan, yaw: bool) -> [u32; 2] {
    let mut t = [u32::from(plan.first.thrust), u32::from(plan.second.thrust)];
    if yaw {
        let s = [
            card.safe.of(plan.first.driver),
            card.safe.of(plan.second.driver),
        ];
        let i = if t[0] != t[1] {
            usize::from(t[1] > t[0])
        } else {
            usize::from(s[1] < s[0])
        };
        t[i] += 1;
    }
    t
}

/// The Stress Dice of the two maneuvers alone (before Weak Frame): per maneuver
/// "dice = max(0, T − safe)", "Stress Dice from both maneuvers are cumulative"
/// (SY-09; the yaw per [`counted_thrusts`]).
pub fn maneuver_dice(card: &UnitType, plan: &Plan, yaw: bool) -> u32 {
    let t = counted_thrusts(card, plan, yaw);
    let s = [
        u32::from(card.safe.of(plan.first.driver)),
        u32::from(card.safe.of(plan.second.driver)),
    ];
    t[0].saturating_sub(s[0]) + t[1].saturating_sub(s[1])
}

/// The whole Stress Dice pool of a Movement Action and its yaw.
///
/// SY-09: "Sum both maneuvers; Weak Frame adds 1 die if the sum ≥ 1" (seed, Weak
/// Frame: "If Stress Roll Required, roll +1D"; "Player takes 2 Stress Dice (plus one
/// for Guardian's Hindrance)").
///
/// `yaw`: the unit yawed this turn — the engine's realigning yaw before the MA
/// ([`crate::movement::Flight::realigned`], SY-08: "that is the turn's yaw") or a yaw
/// after it.
pub fn stress_dice(card: &UnitType, plan: &Plan, yaw: bool) -> u32 {
    let n = maneuver_dice(card, plan, yaw);
    if n >= 1 && card.has(Feature::WeakFrame) {
        n + 1
    } else {
        n
    }
}

/// The Stress Dice the engine will roll for `unit` flying `plan` as `flight`, before
/// it flies: the yaw counts if the flight realigns first or the unit has yawed this
/// turn already, as `hull_stress_all` finds the unit after the flight. For the odds
/// and the agents' search, which must count alike.
pub fn planned_stress_dice(unit: &Unit, card: &UnitType, plan: &Plan, flight: &Flight) -> u32 {
    stress_dice(card, plan, flight.realigned || unit.yawed)
}

/// Whether one Stress Die (its natural roll) fails.
///
/// Seed: "all rolls below 4 are pass, and all rolled 4+ are failure"; Retrofitted
/// Civilian: "add 1 to each D6 rolled for Hull Stress" — SY-09 "(Retrofitted
/// Civilian: natural ≥ 3)".
pub fn is_failure(card: &UnitType, die: u8) -> bool {
    let bonus = u8::from(card.has(Feature::RetrofittedCivilian));
    die.saturating_add(bonus) >= 4
}

/// The number of failed Stress Dice. "Player sums up all failures to see what went
/// wrong."
pub fn failures(card: &UnitType, dice: &[u8]) -> u32 {
    dice.iter().filter(|&&d| is_failure(card, d)).count() as u32
}

/// The outcome of a Stress roll: "1 fail - Greyout … 2 fails - Blackout … 3 fails -
/// Structural damage … 4 and more fails - Unit is considered destroyed" (SY-09,
/// [`StressTier::of`]).
pub fn tier(card: &UnitType, dice: &[u8]) -> StressTier {
    StressTier::of(failures(card, dice))
}
