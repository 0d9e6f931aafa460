//! The stand-alone odds calculators of `orrery odds stratoyager …`
//! ([`orrery_core::Odds::odds_calculators`]): one attack roll and its damage (SY-17,
//! SY-19) and one Hull Stress roll (SY-09), from the numbers a player reads off the
//! cards.

use super::{attack, hull_stress, Shot, Target};
use crate::types::Band;
use crate::Stratoyager;
use orrery_core::prob::odds_table;
use orrery_core::{
    Game, OddsArgs, OddsCalculator, OddsCalculators, OddsError, OddsParam, OddsReport,
};

/// The range bands with attack dice (SY-05; Visual has none), by name.
const BANDS: [(&str, Band); 5] = [
    ("point-blank", Band::PointBlank),
    ("close", Band::Close),
    ("medium", Band::Medium),
    ("long", Band::Long),
    ("extreme", Band::Extreme),
];

/// The calculators and their parameters.
pub fn calculators() -> OddsCalculators {
    let byte = |name: &str, help: &str| OddsParam::integer(name, help, 0, 255, None);
    OddsCalculators {
        about: "Basic Stratoyager: attacks (SY-17, SY-19) and Hull Stress (SY-09)".into(),
        list: vec![
            OddsCalculator {
                name: "attack".into(),
                about: "One attack roll and its damage: hit chance, Structure lost, wrecked, \
                        destroyed (SY-17, SY-19)"
                    .into(),
                params: vec![
                    OddsParam::choice(
                        "range",
                        "The range band whose pool is rolled (for a Dumb missile: already \
                         shifted one band out)",
                        &BANDS.map(|b| b.0),
                    ),
                    OddsParam::integer(
                        "tht",
                        "The To Hit Threshold (≤ 1 always hits, > 6 never)",
                        i32::MIN.into(),
                        i32::MAX.into(),
                        None,
                    ),
                    byte("damage-dice", "Damage dice of the weapon"),
                    byte("armor", "The defender's armour for the aspect attacked"),
                    OddsParam::integer(
                        "shields",
                        "The defender's current shields",
                        0,
                        255,
                        Some(0),
                    ),
                    OddsParam::integer(
                        "structure",
                        "The defender's current Structure",
                        1,
                        1000,
                        None,
                    ),
                    OddsParam::flag(
                        "linked",
                        "Linked main weapon: re-roll the picked die after a miss when it can \
                         help (SYO-07, as the engine plays it)",
                    ),
                    OddsParam::flag(
                        "reactor-interference-aft",
                        "Reactor Interference, attacked from aft: usable shields one less",
                    ),
                    OddsParam::flag(
                        "countermeasures",
                        "A locked missile marker against Countermeasures: 4+ on 1D6 \
                         neutralises it before damage (SY-20)",
                    ),
                ],
            },
            OddsCalculator {
                name: "hull-stress".into(),
                about: "A Hull Stress roll: none, greyout, blackout, structural, destroyed \
                        (SY-09)"
                    .into(),
                params: vec![
                    byte("dice", "Stress Dice rolled"),
                    OddsParam::integer(
                        "fail-on",
                        "A die fails on this natural roll or more: 4, or 3 for Retrofitted \
                         Civilian",
                        3,
                        4,
                        Some(4),
                    ),
                ],
            },
        ],
    }
}

/// Run calculator `name` on `args` (checked against [`calculators`] first).
pub fn calculate(name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError> {
    let all = calculators();
    let (calc, a) = all.checked(Stratoyager::INFO.id, name, args)?;
    if calc.name == "attack" {
        let range = a.choice("range")?;
        let band = BANDS.iter().find(|b| b.0 == range).map(|b| b.1);
        let shot = Shot {
            band,
            tht: a.integer("tht")?,
            linked: a.flag("linked"),
            damage_dice: a.integer("damage-dice")?,
            countermeasures: a.flag("countermeasures"),
        };
        let target = Target {
            armor: a.integer("armor")?,
            shields: a.integer("shields")?,
            structure: a.integer("structure")?,
            reactor_aft: a.flag("reactor-interference-aft"),
        };
        let o = attack(&[shot], &target);
        let mut rows = vec![("hit".to_string(), o.p_hit)];
        for (k, p) in &o.structure_lost {
            rows.push((format!("structure lost {k}"), *p));
        }
        rows.push(("wrecked (= 0)".into(), o.p_wrecked));
        rows.push(("destroyed (< 0)".into(), o.p_destroyed));
        return Ok(OddsReport::new(
            &o,
            odds_table("Attack (SY-17, SY-19)", rows),
        ));
    }
    // `checked` leaves only the Hull Stress roll.
    let o = hull_stress(a.integer("dice")?, a.integer("fail-on")?);
    let rows = [
        ("none", o.none),
        ("greyout (1 fail)", o.greyout),
        ("blackout (2)", o.blackout),
        ("structural (3)", o.structural),
        ("destroyed (4+)", o.destroyed),
    ];
    let text = odds_table("Hull Stress (SY-09)", rows.map(|(l, p)| (l.to_string(), p)));
    Ok(OddsReport::new(&o, text))
}
