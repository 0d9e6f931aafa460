//! Exact odds: the stand-alone calculators of `orrery odds black-skies …` (an
//! attack, BS-09; a piloting check, BS-07), the odds of a legal shot, and the
//! preview of a maneuver card.

use crate::action::Action;
use crate::catalogue::{step_down, Weight, DIE_NAMES};
use crate::combat::{attack, final_accuracy, shot_at, Band, Shot};
use crate::maneuver::{fly, maneuver, options, speeds, substitute, Check};
use crate::render::pilot_check;
use crate::state::{BlackSkies, Phase};
use crate::BlackSkies as Game_;
use orrery_core::prob::{odds_table, Count, Prob};
use orrery_core::Odds;
use orrery_core::{
    counted, Game, OddsArgs, OddsCalculator, OddsCalculators, OddsError, OddsParam, OddsReport,
    Seat,
};
use serde::Serialize;
use serde_json::{json, Value};

/// The calculators and their parameters.
pub fn calculators() -> OddsCalculators {
    OddsCalculators {
        about: "Black Skies: one weapon's attack (BS-09) and a piloting check (BS-07)".into(),
        list: vec![
            OddsCalculator {
                name: "attack".into(),
                about: "One weapon's shot: chance one die hits, hits, Hull lost, crippled, \
                        destroyed (BS-09, BS-11)"
                    .into(),
                params: vec![
                    OddsParam::integer("rof", "Rate of Fire: d10s rolled", 1, 12, None),
                    OddsParam::integer("accuracy", "The weapon's Accuracy", -10, 10, None),
                    OddsParam::choice("band", "Range band (BS-10)", &["close", "medium", "long"]),
                    OddsParam::integer("target-speed", "The target's current speed", 0, 12, None),
                    OddsParam::flag("jinking", "The target is jinking (Zigzag, BS-06): −1"),
                    OddsParam::choice("damage", "The weapon's damage die", &DIE_NAMES.map(|d| d.0)),
                    OddsParam::flag(
                        "shields",
                        "The target has shields: the die steps down one size",
                    ),
                    OddsParam::integer(
                        "armor",
                        "The target's armour: 0, 1 (light) or 2 (heavy)",
                        0,
                        2,
                        None,
                    ),
                    OddsParam::integer("hull", "The target's Hull Integrity now", 1, 8, None),
                    OddsParam {
                        required: false,
                        ..OddsParam::integer(
                            "max-hull",
                            "Its Hull at full strength, for crippling (4 light, 6 medium, 8 \
                             heavy; default: --hull, an undamaged target)",
                            1,
                            8,
                            None,
                        )
                    },
                ],
            },
            OddsCalculator {
                name: "piloting".into(),
                about: "A piloting check: d10 + skill + weight against the difficulty, \
                        doubled when crippled and after a failure (BS-07)"
                    .into(),
                params: vec![
                    OddsParam::integer("skill", "Piloting Skill 1–4", 1, 4, None),
                    OddsParam::choice("weight", "Fighter weight", &["light", "medium", "heavy"]),
                    OddsParam::integer("difficulty", "The maneuver's difficulty", 0, 12, None),
                    OddsParam::flag("crippled", "The fighter is crippled: difficulty × 2"),
                    OddsParam::flag(
                        "failed-before",
                        "The pilot already failed a check this turn: difficulty × 2",
                    ),
                ],
            },
        ],
    }
}

#[derive(Serialize)]
struct PilotingOdds {
    p_pass: Prob,
}

/// Run calculator `name` on `args` (checked against [`calculators`] first).
pub fn calculate(name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError> {
    let all = calculators();
    let (calc, a) = all.checked(Game_::INFO.id, name, args)?;
    if calc.name == "attack" {
        let band = Band::NAMES
            .iter()
            .find(|b| b.0 == a.choice("band").unwrap_or("medium"))
            .map_or(Band::Medium, |b| b.1);
        let die = DIE_NAMES
            .iter()
            .find(|d| d.0 == a.choice("damage").unwrap_or("d6"))
            .map_or(6, |d| d.1);
        let hull: u8 = a.integer("hull")?;
        let max: u8 = a.opt_integer("max-hull")?.unwrap_or(hull);
        let shot = Shot {
            rof: a.integer("rof")?,
            accuracy: final_accuracy(
                a.integer("accuracy")?,
                band,
                a.integer("target-speed")?,
                a.flag("jinking"),
            ),
            die: if a.flag("shields") {
                step_down(die)
            } else {
                die
            },
            armour: a.integer("armor")?,
            hull,
            max_hull: max.max(hull),
        };
        let o = attack(&shot);
        return Ok(OddsReport::new(&o, attack_table(&o, &shot)));
    }
    let weight = Weight::NAMES
        .iter()
        .find(|w| w.0 == a.choice("weight").unwrap_or("medium"))
        .map_or(Weight::Medium, |w| w.1);
    let skill: u8 = a.integer("skill")?;
    let check = Check::new(
        a.integer("difficulty")?,
        i32::from(skill) + weight.piloting(),
        a.flag("crippled"),
        a.flag("failed-before"),
    );
    let o = PilotingOdds {
        p_pass: u128::from(check.passing_faces()).prob(10),
    };
    let text = odds_table(
        &format!(
            "Piloting check (BS-07): difficulty {}, modifier {:+}{}",
            check.difficulty,
            check.modifier,
            if check.automatic() {
                ", passes without a roll"
            } else {
                ""
            }
        ),
        [("pass".to_string(), o.p_pass)],
    );
    Ok(OddsReport::new(&o, text))
}

fn attack_table(o: &crate::combat::AttackOdds, shot: &Shot) -> String {
    let mut rows = vec![("one die hits".to_string(), o.p_hit)];
    for (k, p) in &o.hits {
        rows.push((counted(*k as usize, "hit", "hits"), *p));
    }
    for (k, p) in &o.damage {
        rows.push((format!("hull lost {k}"), *p));
    }
    rows.push(("crippled".into(), o.p_crippled));
    rows.push(("destroyed".into(), o.p_destroyed));
    odds_table(
        &format!(
            "Attack (BS-09): {} d10 hitting on ≤{}, d{} less {} armour, hull {}/{}",
            shot.rof, shot.accuracy, shot.die, shot.armour, shot.hull, shot.max_hull
        ),
        rows,
    )
}

impl BlackSkies {
    fn shot_of(&self, seat: Seat, action: &Action) -> Option<(Band, Shot)> {
        let Action::Fire { target } = action else {
            return None;
        };
        let Phase::Fire {
            fighter, weapon, ..
        } = self.phase
        else {
            return None;
        };
        if self.check(seat, action).is_err() {
            return None;
        }
        let f = self.fighter(fighter);
        let w = self.design_of(f).weapons.get(usize::from(weapon))?;
        shot_at(self, f, w, self.fighter(*target))
    }
}

impl Odds for BlackSkies {
    /// An attack (BS-09) and a piloting check (BS-07).
    fn odds_calculators() -> Option<OddsCalculators> {
        Some(calculators())
    }

    fn odds_calculate(name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError> {
        calculate(name, args)
    }

    /// The odds of a legal shot: [`crate::combat::AttackOdds`] with the band and the
    /// final accuracy.
    fn action_odds(&self, seat: Seat, action: &Action) -> Option<serde_json::Value> {
        let (band, shot) = self.shot_of(seat, action)?;
        let o = attack(&shot);
        let mut v = serde_json::to_value(&o).ok()?;
        v["band"] = json!(band.name());
        v["accuracy"] = json!(shot.accuracy);
        v["die"] = json!(format!("d{}", shot.die));
        Some(v)
    }

    fn action_odds_text(&self, seat: Seat, action: &Action) -> Option<String> {
        let (band, shot) = self.shot_of(seat, action)?;
        let o = attack(&shot);
        Some(format!(
            "{} range, hit on ≤{} per die: one die {:.0}%, destroys {:.1}%, cripples {:.1}%",
            band.name(),
            shot.accuracy,
            100.0 * o.p_hit.p,
            100.0 * o.p_destroyed.p,
            100.0 * o.p_crippled.p
        ))
    }

    /// What an answer would do. A deployment: where each fighter of the element
    /// goes (`{element, fighters, at, heading}`). A maneuver: for a card being put
    /// down (after an activation or in set-up), every option; for an option of a
    /// revealed card, that one. Each gives the speeds, the chance each
    /// pilot passes, and each fighter's path and end if it passes and if it fails
    /// (BS-06–BS-08). Collisions are left out (they depend on where others will be).
    fn preview_action(&self, seat: Seat, action: &Action) -> Option<serde_json::Value> {
        let (element, list): (u8, Vec<(u8, u8)>) = match (&self.phase, action) {
            (Phase::Card { element }, Action::Card { card }) => (
                *element,
                options(*card).map(|m| (*card, m.option)).collect(),
            ),
            (Phase::Ready, Action::Card { card }) => {
                let element = self.uncarded(seat)?;
                (element, options(*card).map(|m| (*card, m.option)).collect())
            }
            (Phase::Deploy { .. }, Action::Deploy { .. }) => {
                self.check(seat, action).ok()?;
                let (element, spots, heading) = self.deploy_spots(seat, action)?;
                return Some(json!({
                    "element": element,
                    "fighters": self.element(element).fighters,
                    "at": spots,
                    "heading": heading.degrees(),
                }));
            }
            (Phase::Maneuver { element }, Action::Maneuver { option }) => {
                let card = self.element(*element).shown?;
                (*element, vec![(card, *option)])
            }
            _ => return None,
        };
        if self.check(seat, action).is_err() {
            return None;
        }
        let speed = self.element(element).speed;
        let mut out = Vec::new();
        for (card, option) in list {
            let m = maneuver(card, option)?;
            let (after, flown) = speeds(speed, m);
            let sub = substitute(m);
            let fighters: Vec<Value> = self
                .flying(element)
                .map(|f| {
                    let check: Check = pilot_check(self, f, m.difficulty);
                    let ok = fly(m, f.pos, f.heading, f64::from(flown));
                    let bad = fly(sub, f.pos, f.heading, f64::from(after));
                    json!({
                        "fighter": f.id,
                        "p_pass": f64::from(check.passing_faces()) / 10.0,
                        "path": ok.points,
                        "end": ok.end(),
                        "heading": ok.end_heading.degrees(),
                        "off_table": !self.point(ok.end()),
                        "failed_path": bad.points,
                        "failed_heading": bad.end_heading.degrees(),
                    })
                })
                .collect();
            out.push(json!({
                "card": m.card,
                "option": m.option,
                "name": m.name,
                "difficulty": m.difficulty,
                "penalty": m.penalty,
                "speed": speed,
                "after_penalty": after,
                "flown": flown,
                "jinking": m.jinking,
                "substitute": sub.name,
                "fighters": fighters,
            }));
        }
        Some(json!({ "element": element, "maneuvers": out }))
    }
}
