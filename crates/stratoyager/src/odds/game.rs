//! `Odds::action_odds` for Basic Stratoyager: the exact odds of the attacks in a
//! Combat Action or a Fire at Will shot that is legal now, from the real state.
//!
//! Every attack uses what `combat::resolve_combat` would use: THT from
//! [`combat::tht`] at the band of the actual distance, the pool from
//! [`combat::attack_band`] (Dumb: next band out), damage dice from
//! [`combat::damage_dice`], armour for the aspect of the attacker's peg (SY-06,
//! Unbalanced Armor), the target's current shields (Reactor Interference from aft),
//! its current Structure, and Linked for a main weapon salvo.
//!
//! Shape: `{"kind":"combat"|"fire_at_will","unit":U,"attacks":[{weapon, target, band,
//! tht, damage_dice, aspect, armor, shields, structure, p_hit, structure_lost,
//! p_wrecked, p_destroyed}], "combined":[…]}`. A Fragshell pod gives one entry per unit
//! it rolls at (friend or foe). A Locked Missile Launch's entry is the launch roll
//! (`p_hit`) and the marker's later damage (SY-20) with `marker: true` and
//! `countermeasures` (the target's token now: "roll 1D6, 4+ neutralises"). `combined`
//! lists, for each target of two or more attacks of this order (Gunner), the damage
//! applied together (SY-14 (c)); `p_hit` there is "at least one hit".
//!
//! What the other side does in the same step (Raise Shields, Countermeasures, its own
//! attacks) is secret and not counted: the odds are for the state as it stands.

use super::{attack, calc, text, Shot, Target};
use crate::action::{Action, CombatOrder, MissileOrder};
use crate::combat::{self, attack_band, damage_dice, line_of_sight};
use crate::event::Weapon;
use crate::movement::fly;
use crate::state::Stratoyager;
use crate::stress;
use crate::types::Plan;
use crate::types::{Band, Feature, UnitId};
use orrery_core::{Odds, OddsArgs, OddsCalculators, OddsError, OddsReport, Seat};
use orrery_table::{aspect, in_front_arc};
use serde_json::{json, Value};

impl Stratoyager {
    /// The attack roll of `weapon` from `a` at `t` as the engine rolls it, and what
    /// its damage meets.
    pub fn shot_of(&self, a: UnitId, t: UnitId, weapon: Weapon) -> (Shot, Target, Value) {
        let actual = Band::of(combat::distance(self, a, t)).unwrap_or(Band::Visual);
        let tht = combat::tht(self, a, t, weapon, actual);
        let band = attack_band(self, a, t, weapon);
        let tu = self.unit(t);
        let asp = aspect(tu.pos, tu.facing, self.unit(a).pos);
        let card = self.card_of(t);
        let target = Target {
            armor: card.armor_vs(asp),
            shields: tu.shields,
            structure: tu.structure,
            reactor_aft: card.has(Feature::ReactorInterference) && asp == orrery_table::Aspect::Aft,
        };
        let marker = matches!(weapon, Weapon::LockedMissile(_));
        let shot = Shot {
            band,
            tht,
            linked: weapon == Weapon::Salvo && self.card_of(a).has(Feature::Linked),
            damage_dice: damage_dice(self, a, weapon, actual),
            countermeasures: marker && tu.countermeasures,
        };
        let info = json!({
            "weapon": weapon,
            "target": t,
            "band": band,
            "tht": tht,
            "linked": shot.linked,
            "damage_dice": shot.damage_dice,
            "aspect": format!("{asp:?}").to_lowercase(),
            "armor": target.armor,
            "shields": target.shields,
            "reactor_interference": target.reactor_aft,
            "structure": target.structure,
        });
        (shot, target, info)
    }

    /// SY-18 fragshell: "one roll per unit (friend or foe) in the front arc within 6
    /// klicks with LOS" (as `combat::resolve_combat` finds them).
    fn odds_fragshell_targets(&self, unit: UnitId) -> Vec<UnitId> {
        let me = self.unit(unit);
        self.units
            .iter()
            .filter(|t| t.id != unit && t.on_table())
            .filter(|t| Band::of(me.pos.dist(t.pos)).is_some_and(|b| b <= Band::Close))
            .filter(|t| in_front_arc(me.pos, me.facing, t.pos))
            .filter(|t| line_of_sight(self, me.pos, t.pos))
            .map(|t| t.id)
            .collect()
    }

    /// The (weapon, target) attack rolls of an order.
    fn order_shots(&self, unit: UnitId, order: &CombatOrder) -> Vec<(Weapon, UnitId)> {
        let mut v = Vec::new();
        if let Some(t) = order.salvo_target() {
            v.push((Weapon::Salvo, t));
        }
        match order.missile() {
            Some(MissileOrder::Dumb { target, size }) => v.push((Weapon::Dumb(*size), *target)),
            Some(MissileOrder::Fragshell { size }) => v.extend(
                self.odds_fragshell_targets(unit)
                    .into_iter()
                    .map(|t| (Weapon::Fragshell(*size), t)),
            ),
            Some(MissileOrder::Launch { size }) => {
                if let Some(l) = self.unit(unit).lock.filter(|l| l.locked) {
                    v.push((Weapon::LockedMissile(*size), l.target));
                }
            }
            Some(MissileOrder::Lock { .. }) | None => {}
        }
        v
    }

    /// SY-09: the Hull Stress roll a Movement Action makes, from the pool
    /// [`stress::stress_dice`] counts as the engine will (the realigning yaw included;
    /// a yaw chosen after the Movement Action may add its die). Shape:
    /// `{"kind":"hull_stress","unit","dice","fail_on","none","greyout","blackout",
    /// "structural","destroyed"}`.
    fn stress_odds(&self, unit: UnitId, plan: &Plan) -> Value {
        let card = self.card_of(unit);
        let u = self.unit(unit);
        let dice = stress::planned_stress_dice(u, card, plan, &fly(u, plan));
        let fail_on = if card.has(Feature::RetrofittedCivilian) {
            3
        } else {
            4
        };
        let mut v = serde_json::to_value(super::hull_stress(dice, fail_on)).unwrap_or(Value::Null);
        if let Value::Object(m) = &mut v {
            m.insert("kind".into(), json!("hull_stress"));
            m.insert("unit".into(), json!(unit));
            m.insert("dice".into(), json!(dice));
            m.insert("fail_on".into(), json!(fail_on));
        }
        v
    }
}

impl Odds for Stratoyager {
    /// Attacks (SY-17, SY-19) and Hull Stress (SY-09): the stand-alone calculators
    /// of `odds/calc.rs`.
    fn odds_calculators() -> Option<OddsCalculators> {
        Some(calc::calculators())
    }

    fn odds_calculate(name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError> {
        calc::calculate(name, args)
    }

    /// The exact odds of `action` for `seat` if it is an attack legal now.
    fn action_odds(&self, seat: Seat, action: &Action) -> Option<Value> {
        let index = self.check(seat, action).ok()?;
        let unit = self.batch.as_ref()?.asks.get(index)?.unit;
        let (kind, shots) = match action {
            Action::Maneuver(plan) => return Some(self.stress_odds(unit, plan)),
            Action::Combat(order) => ("combat", self.order_shots(unit, order)),
            Action::FireAtWill { target: Some(t) } => ("fire_at_will", vec![(Weapon::Salvo, *t)]),
            _ => return None,
        };
        if shots.is_empty() {
            return None;
        }
        let mut attacks = Vec::new();
        let mut per_target: Vec<(UnitId, Vec<Shot>, Target)> = Vec::new();
        for &(weapon, t) in &shots {
            let (shot, target, mut info) = self.shot_of(unit, t, weapon);
            let odds = attack(&[shot], &target);
            if let (Value::Object(m), Ok(Value::Object(o))) =
                (&mut info, serde_json::to_value(&odds))
            {
                m.extend(o);
                if matches!(weapon, Weapon::LockedMissile(_)) {
                    m.insert("marker".into(), json!(true));
                    m.insert("countermeasures".into(), json!(shot.countermeasures));
                }
            }
            attacks.push(info);
            match per_target.iter_mut().find(|p| p.0 == t) {
                Some(p) => p.1.push(shot),
                None => per_target.push((t, vec![shot], target)),
            }
        }
        // A marker's damage comes in the later LMD phase, not with this step's: an
        // order with a launch combines nothing.
        let marker = shots
            .iter()
            .any(|(w, _)| matches!(w, Weapon::LockedMissile(_)));
        let combined: Vec<Value> = per_target
            .iter()
            .filter(|p| p.1.len() > 1 && !marker)
            .map(|(t, s, target)| {
                let mut v = serde_json::to_value(attack(s, target)).unwrap_or(Value::Null);
                v["target"] = json!(t);
                v
            })
            .collect();
        Some(json!({"kind": kind, "unit": unit, "attacks": attacks, "combined": combined}))
    }

    /// The odds above in one line (`odds/text.rs`).
    fn action_odds_text(&self, seat: Seat, action: &Action) -> Option<String> {
        text::line(self, &self.action_odds(seat, action)?)
    }

    /// A Movement Action's path, end position, facing and stress dice (`preview.rs`).
    fn preview_action(&self, seat: Seat, action: &Action) -> Option<Value> {
        crate::preview::maneuver(self, seat, action)
    }
}
