//! The stand-alone odds calculators of `orrery odds launch-fighters …`
//! ([`orrery_core::Odds::odds_calculators`]): one barrage (LF-11) and one dogfight
//! (LF-12), from the numbers a player reads off the map.

use super::{barrage, dogfight, terrain_modifier, Defense};
use crate::LaunchFighters;
use orrery_core::prob::odds_table;
use orrery_core::{
    Game, OddsArgs, OddsCalculator, OddsCalculators, OddsError, OddsParam, OddsReport,
};

/// The calculators and their parameters.
pub fn calculators() -> OddsCalculators {
    OddsCalculators {
        about: "Launch Fighters!: barrages (LF-11) and dogfights (LF-12)".into(),
        list: vec![
            OddsCalculator {
                name: "barrage".into(),
                about: "One barrage: automatic miss, miss, hit, direct hit (LF-11)".into(),
                params: vec![
                    OddsParam::integer("dice", "Dice thrown in this barrage", 1, 255, None),
                    OddsParam::integer(
                        "defense",
                        "The target ship's current Defense stat",
                        0,
                        255,
                        None,
                    )
                    .instead_of("squadron"),
                    OddsParam::flag(
                        "squadron",
                        "The target is a squadron: its defence is the defender's 1D6",
                    ),
                    OddsParam::flag("asteroid", "−1: the target is in an asteroid hex"),
                    OddsParam::flag(
                        "moon",
                        "−1: the target is adjacent to a moon or planetoid and not adjacent \
                         to the attacker",
                    ),
                ],
            },
            OddsCalculator {
                name: "dogfight".into(),
                about: "One dogfight: no result, attacker hit / direct hit, defender hit / \
                        direct hit (LF-12)"
                    .into(),
                params: vec![
                    OddsParam::flag(
                        "defender-in-asteroid",
                        "The defender is in an asteroid hex (the attacker's roll −1, minimum 1)",
                    ),
                    OddsParam::flag(
                        "attacker-in-asteroid",
                        "The attacker is in an asteroid hex (the defender's roll −1, minimum 1)",
                    ),
                ],
            },
        ],
    }
}

/// Run calculator `name` on `args` (checked against [`calculators`] first).
pub fn calculate(name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError> {
    let all = calculators();
    let (calc, a) = all.checked(LaunchFighters::INFO.id, name, args)?;
    if calc.name == "barrage" {
        let defense = match a.opt_integer::<u8>("defense")? {
            Some(d) if !a.flag("squadron") => Defense::Ship(d),
            _ => Defense::Squadron,
        };
        let m = terrain_modifier(a.flag("moon"), a.flag("asteroid"));
        let o = barrage(a.integer("dice")?, m, defense);
        let rows = [
            ("automatic miss", o.auto_miss),
            ("miss", o.miss),
            ("hit", o.hit),
            ("direct hit", o.direct_hit),
        ];
        let text = odds_table("Barrage (LF-11)", rows.map(|(l, p)| (l.to_string(), p)));
        return Ok(OddsReport::new(&o, text));
    }
    // `checked` leaves only the dogfight.
    let o = dogfight(
        a.flag("defender-in-asteroid"),
        a.flag("attacker-in-asteroid"),
    );
    let rows = [
        ("no result", o.no_result),
        ("attacker hit", o.attacker_hit),
        ("attacker direct hit", o.attacker_direct_hit),
        ("defender hit", o.defender_hit),
        ("defender direct hit", o.defender_direct_hit),
    ];
    let text = odds_table("Dogfight (LF-12)", rows.map(|(l, p)| (l.to_string(), p)));
    Ok(OddsReport::new(&o, text))
}
