//! `Odds::action_odds` for Launch Fighters!: the exact odds of a `Barrage`, a
//! `Formation` or a `Dogfight` that is legal now, from the real state.
//!
//! Shapes (documented in docs/odds.md):
//! - barrage / formation: `{"kind","attacker","system","targets":[{target, dice,
//!   modifier, defense (null = the defender's 1D6), auto_miss, miss, hit, direct_hit,
//!   p_hit, …}]}` — one entry per target the action rolls at (a `Barrage` names one;
//!   a flak pool is split over squadrons by rolling one `Barrage` per target).
//!   Ships add `levels_lost` {"0","1","2"} and `p_removed` (LF-13: "A ship whose five
//!   stats are all 0 is destroyed at once"); squadrons add `p_removed` (LF-14: "a
//!   direct hit, or any hit on an inactive squadron, eliminates it") and
//!   `p_attacker_chooses` (a hit on an active squadron: flip or return to base).
//! - dogfight: the five LF-12 results plus `p_attacker_removed`,
//!   `p_defender_removed` and the chances the winner chooses flip / return.

use super::{add, barrage, calc, dogfight, terrain_modifier, text, BarrageOdds, Defense, Prob};
use crate::action::Action;
use crate::state::{LaunchFighters, System};
use crate::types::{Stat, TerrainKind, UnitId};
use orrery_core::{Odds, OddsArgs, OddsCalculators, OddsError, OddsReport, Seat};
use orrery_hex::Hex;
use serde_json::{json, Value};

impl LaunchFighters {
    /// The LF-11 modifier of a barrage from `from` at a target in `to`: "−1 if the
    /// target is not adjacent to the attacker and is adjacent to a moon/planetoid; −1
    /// if the target is in an asteroid hex".
    fn odds_modifier(&self, from: Hex, to: Hex) -> i8 {
        let by_moon = to
            .neighbours()
            .iter()
            .any(|&n| self.terrain_at(n).is_some_and(|t| t.blocks()));
        let asteroid = self.terrain_at(to) == Some(TerrainKind::Asteroid);
        terrain_modifier(by_moon && !from.is_adjacent(to), asteroid)
    }

    /// One target's entry: a barrage of `dice` by `attacker` with `system`.
    fn barrage_entry(&self, attacker: UnitId, system: System, target: UnitId, dice: u8) -> Value {
        let (Some(ah), Some(tu)) = (self.unit(attacker).hex(), self.units.get(target.index()))
        else {
            return Value::Null;
        };
        let Some(th) = tu.hex() else {
            return Value::Null;
        };
        let modifier = self.odds_modifier(ah, th);
        let defense = match tu.ship() {
            Some(s) => Defense::Ship(s.stats.defense),
            None => Defense::Squadron,
        };
        let o = barrage(dice, modifier, defense);
        let p_hit = add(o.hit, o.direct_hit);
        let mut v = json!({
            "target": target,
            "dice": dice,
            "modifier": modifier,
            "defense": match defense { Defense::Ship(d) => json!(d), Defense::Squadron => Value::Null },
            "auto_miss": o.auto_miss,
            "miss": o.miss,
            "hit": o.hit,
            "direct_hit": o.direct_hit,
            "p_hit": p_hit,
        });
        match (tu.ship(), tu.squadron()) {
            (Some(s), _) => {
                let levels =
                    |list: &[Stat]| -> u32 { list.iter().map(|&k| u32::from(s.level(k))).sum() };
                let left = Left {
                    hittable: levels(self.hittable()),
                    stats: levels(&Stat::ALL),
                };
                ship_fields(&mut v, &o, system, left);
            }
            (None, Some(sq)) => {
                let removed = if sq.active { o.direct_hit } else { p_hit };
                let choice = if sq.active { o.hit } else { Prob::ZERO };
                v["p_removed"] = json!(removed);
                v["p_attacker_chooses"] = json!(choice);
            }
            _ => {}
        }
        v
    }

    /// The chance that rolling the whole open pool hits its target at all (LF-11), or
    /// `None` with no pool open. A flak pool (squadrons roll their defense) can always
    /// hit.
    pub(crate) fn pool_hit_chance(&self) -> Option<f64> {
        let act = self.activation.as_ref()?;
        let pool = act.pool.as_ref()?;
        if pool.dice == 0 {
            return Some(0.0);
        }
        let from = self.units.get(act.unit.index())?.hex()?;
        let tu = self.units.get(pool.target.index())?;
        let to = tu.hex()?;
        let defense = match tu.ship() {
            Some(s) => Defense::Ship(s.stats.defense),
            None => return Some(1.0),
        };
        let o = barrage(pool.dice, self.odds_modifier(from, to), defense);
        Some(add(o.hit, o.direct_hit).p)
    }

    fn dogfight_odds(&self, attacker: UnitId, target: UnitId) -> Option<Value> {
        let ah = self.unit(attacker).hex()?;
        let tu = self.units.get(target.index())?;
        let th = tu.hex()?;
        let asteroid = |h: Hex| self.terrain_at(h) == Some(TerrainKind::Asteroid);
        let o = dogfight(asteroid(th), asteroid(ah));
        let defender_active = tu.squadron().is_some_and(|s| s.active);
        let (d_removed, d_choice) = if defender_active {
            (o.attacker_direct_hit, o.attacker_hit)
        } else {
            (add(o.attacker_hit, o.attacker_direct_hit), Prob::ZERO)
        };
        Some(json!({
            "kind": "dogfight",
            "attacker": attacker,
            "defender": target,
            "no_result": o.no_result,
            "attacker_hit": o.attacker_hit,
            "attacker_direct_hit": o.attacker_direct_hit,
            "defender_hit": o.defender_hit,
            "defender_direct_hit": o.defender_direct_hit,
            "p_defender_removed": d_removed,
            "p_defender_hit_winner_chooses": d_choice,
            // The attacking squadron is active (it is being activated).
            "p_attacker_removed": o.defender_direct_hit,
            "p_attacker_hit_winner_chooses": o.defender_hit,
        }))
    }
}

impl Odds for LaunchFighters {
    /// Barrages (LF-11) and dogfights (LF-12): the stand-alone calculators of
    /// `odds/calc.rs`.
    fn odds_calculators() -> Option<OddsCalculators> {
        Some(calc::calculators())
    }

    fn odds_calculate(name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError> {
        calc::calculate(name, args)
    }

    /// The exact odds of `action` if it is an attack roll `seat` may make now.
    fn action_odds(&self, seat: Seat, action: &Action) -> Option<Value> {
        if self.check(seat, action).is_err() {
            return None;
        }
        let act = self.activation.as_ref()?;
        let attacker = act.unit;
        match action {
            Action::Barrage { dice, target } => {
                let pool = act.pool.as_ref()?;
                let target = target.unwrap_or(pool.target);
                Some(json!({
                    "kind": "barrage",
                    "attacker": attacker,
                    "system": pool.system.name(),
                    "targets": [self.barrage_entry(attacker, pool.system, target, *dice)],
                }))
            }
            Action::Formation { target, wingmen } => {
                let n = u8::try_from(wingmen.len() + 1).unwrap_or(u8::MAX);
                Some(json!({
                    "kind": "formation",
                    "attacker": attacker,
                    "system": System::Guns.name(),
                    "targets": [self.barrage_entry(attacker, System::Guns, *target, n)],
                }))
            }
            Action::Dogfight { target } => self.dogfight_odds(attacker, *target),
            _ => None,
        }
    }

    /// The odds above in one line (`odds/text.rs`).
    fn action_odds_text(&self, seat: Seat, action: &Action) -> Option<String> {
        text::line(self, &self.action_odds(seat, action)?)
    }
}

/// LF-13 on a ship with `left` stat levels: "Launchers: hit 1 stat, direct hit 2
/// levels"; cannons and guns: 1 level either way; never below 0 — the ship is
/// destroyed when all are gone.
/// Levels a target ship has left: of what a hit may reduce (holds too where they can
/// be hit, LF-19), and of the five stats whose loss destroys it.
struct Left {
    hittable: u32,
    stats: u32,
}

/// Levels lost and the chance the ship is removed. A ship goes when its five stats do;
/// where holds can be hit, the chooser (LF-13) decides: an attacker choosing takes the
/// last stats, a defender choosing loses holds first.
fn ship_fields(v: &mut Value, o: &BarrageOdds, system: System, left: Left) {
    let direct_levels = if system == System::Launchers { 2 } else { 1 };
    let mut lost = [add(o.auto_miss, o.miss), Prob::ZERO, Prob::ZERO];
    let hit_levels = 1.min(left.hittable) as usize;
    lost[hit_levels] = add(lost[hit_levels], o.hit);
    let dl = direct_levels.min(left.hittable) as usize;
    lost[dl] = add(lost[dl], o.direct_hit);
    // Who chooses a plain hit's level (LF-13): the attacker for launchers only.
    let hit_goes = if system == System::Launchers {
        left.stats <= 1
    } else {
        left.hittable <= 1
    };
    let mut removed = Prob::ZERO;
    if hit_goes {
        removed = add(removed, o.hit);
    }
    if left.stats <= direct_levels {
        removed = add(removed, o.direct_hit);
    }
    v["levels_lost"] = json!({"0": lost[0], "1": lost[1], "2": lost[2]});
    v["p_removed"] = json!(removed);
}
