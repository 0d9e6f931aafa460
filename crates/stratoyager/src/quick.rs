//! Quick order entry for humans: short text like `acc 3, turn port 2, yaw 6` turned
//! into the actions that answer the seat's current question.
//!
//! A Movement Action takes up to two maneuvers in the order typed (first typed = first
//! resolved), `drift`, `evasive`/`ev`, and an optional `yaw H` (absolute facing, hour
//! 0–11 or 12) returned as a second action to be given at the yaw question later (SY-08:
//! the yaw is chosen after both MAs are shown). A single maneuver puts the other dial
//! at 0 on the first unused driver of A, B, C (`Maneuver::zero`). Other questions take
//! short forms: `card 3`, `reserve`, `place 12 1 course 0 speed 5`, `enter west 10
//! speed 4`, `fire <unit>`, `salvo <unit>`, `lock <unit>`, `launch medium`, `dumb light
//! <unit>`, `frag`, `cm`, `shields`, `faw`, `eject 6`, `hold`, `withdraw`, `return`,
//! `yaw 6`, `no yaw`. A unit is named by its map mark (`1`, `a`), its label or words of
//! it (`evo 2`).
//!
//! Every first action is checked against the rules; errors say why. Input that is no
//! order at all gives an error containing [`NOTHING_MATCHED`].

use crate::action::{Action, CombatOrder, MissileOrder};
use crate::movement::max_thrust;
use crate::render::{asked_unit, marker};
use crate::state::{AskKind, Stratoyager};
use crate::types::{Driver, DriverGroup, Edge, Maneuver, MissileKind, Plan, UnitId};
use orrery_core::Seat;

/// Part of the error for input that is not an order at all.
pub const NOTHING_MATCHED: &str = "nothing matched";

/// Parse `text` as `seat`'s answer to its current question (and, for a Movement Action,
/// a planned yaw). The first action is legal now.
pub fn parse_order(g: &Stratoyager, seat: Seat, text: &str) -> Result<Vec<Action>, String> {
    let Some((kind, unit, index)) = asked_unit(g, seat) else {
        return Err(format!("P{} has no question to answer now", seat.0));
    };
    let spaced = text
        .to_lowercase()
        .replace([',', ';', '+', '(', ')'], " , ");
    let words: Vec<&str> = spaced.split_whitespace().collect();
    if words.iter().all(|w| *w == ",") {
        return Err(format!("{NOTHING_MATCHED}: empty order"));
    }
    let actions = match kind {
        AskKind::Maneuver => maneuver(g, unit, &words)?,
        _ => vec![other(g, seat, kind, unit, &words)?],
    };
    if let Some(first) = actions.first() {
        g.check(seat, first).map_err(|r| {
            let e = crate::render::refused(g, r);
            let options: Vec<String> = g.answers(index).iter().filter_map(short).collect();
            if options.is_empty() || options.len() > 13 {
                e.to_string()
            } else {
                format!("{e}; choose from: {}", options.join(", "))
            }
        })?;
    }
    Ok(actions)
}

/// The quick form of a small answer (cards, yaws), for error messages.
fn short(a: &Action) -> Option<String> {
    Some(match a {
        Action::Deploy { card: Some(c) } | Action::Card { card: c } => format!("card {c}"),
        Action::Deploy { card: None } => "reserve".into(),
        Action::DogfightCard { movement } => format!("movement {movement}"),
        Action::Yaw { facing: Some(h) } => format!("yaw {h}"),
        Action::Yaw { facing: None } => "no yaw".into(),
        _ => return None,
    })
}

fn num(w: Option<&&str>) -> Option<i32> {
    w.and_then(|w| w.parse().ok())
}

fn hour_arg(w: Option<&&str>, what: &str) -> Result<u8, String> {
    match num(w) {
        Some(h) if (0..=12).contains(&h) => Ok((h % 12) as u8),
        _ => Err(format!("`{what}` needs an hour 0-12, e.g. `{what} 6`")),
    }
}

pub mod hint;
mod maneuver;
mod other;
mod words;
use maneuver::maneuver;
use other::other;
pub use words::find_unit;
use words::{course_speed, edge, size_or_only};

#[cfg(test)]
mod tests {
    use super::*;
    use orrery_core::Game;

    use crate::testkit::dogfight_at_first_maneuver as at_maneuver;

    fn plan(g: &Stratoyager, text: &str) -> Result<(Plan, Option<Action>), String> {
        let mut v = parse_order(g, Seat(0), text)?;
        let yaw = (v.len() > 1).then(|| v.remove(1));
        match v.remove(0) {
            Action::Maneuver(p) => Ok((p, yaw)),
            a => panic!("not a maneuver: {a:?}"),
        }
    }

    fn m(d: Driver, t: u8) -> Maneuver {
        Maneuver::new(d, t)
    }

    #[test]
    fn the_issue_example_with_a_planned_yaw() {
        let g = at_maneuver();
        let (p, yaw) = plan(&g, "acc 3, turn port 2, yaw 6").unwrap();
        assert_eq!(p.first, m(Driver::Accelerate, 3));
        assert_eq!(p.second, m(Driver::TurnPort, 2));
        assert!(!p.evasive);
        assert_eq!(yaw, Some(Action::Yaw { facing: Some(6) }));
        let (_, yaw) = plan(&g, "acc 3 yaw 12").unwrap();
        assert_eq!(yaw, Some(Action::Yaw { facing: Some(0) }));
        let (_, yaw) = plan(&g, "acc 3, no yaw").unwrap();
        assert_eq!(yaw, Some(Action::Yaw { facing: None }));
    }

    #[test]
    fn order_typed_is_order_resolved_and_single_maneuvers_get_a_zero_dial() {
        let g = at_maneuver();
        let (p, _) = plan(&g, "slide port 2 , acc 4").unwrap();
        assert_eq!(
            (p.first, p.second),
            (m(Driver::SlidePort, 2), m(Driver::Accelerate, 4))
        );
        let (p, _) = plan(&g, "dec 5").unwrap();
        assert_eq!(
            (p.first, p.second),
            (m(Driver::Decelerate, 5), Maneuver::zero(DriverGroup::B))
        );
        let (p, _) = plan(&g, "turn stbd 6").unwrap();
        assert_eq!(
            (p.first, p.second),
            (m(Driver::TurnStarboard, 6), Maneuver::zero(DriverGroup::A))
        );
        let (p, _) = plan(&g, "turn stbd 0, slide stbd 0").unwrap();
        assert_eq!(
            (p.first, p.second),
            (m(Driver::TurnPort, 0), m(Driver::SlidePort, 0))
        );
    }

    #[test]
    fn synonyms_drift_and_evasive() {
        let g = at_maneuver();
        let (p, _) = plan(&g, "accelerate 3 then turn right 2 ev").unwrap();
        assert_eq!(
            (p.first, p.second),
            (m(Driver::Accelerate, 3), m(Driver::TurnStarboard, 2))
        );
        assert!(p.evasive);
        let (p, _) = plan(&g, "brake 1, turn left 1").unwrap();
        assert_eq!(
            (p.first, p.second),
            (m(Driver::Decelerate, 1), m(Driver::TurnPort, 1))
        );
        let (p, _) = plan(&g, "d 2, slide starboard 1, evasive").unwrap();
        assert_eq!(
            (p.first, p.second),
            (m(Driver::Decelerate, 2), m(Driver::SlideStarboard, 1))
        );
        let (p, _) = plan(&g, "a 2 tl 1").unwrap();
        assert_eq!(
            (p.first, p.second),
            (m(Driver::Accelerate, 2), m(Driver::TurnPort, 1))
        );
        assert_eq!(plan(&g, "drift").unwrap().0, Plan::drift());
        let (p, _) = plan(&g, "EV").unwrap();
        assert_eq!(
            p,
            Plan {
                evasive: true,
                ..Plan::drift()
            }
        );
    }

    #[test]
    fn errors_are_precise() {
        let g = at_maneuver();
        let e = plan(&g, "turn port 7").unwrap_err();
        assert_eq!(
            e,
            "turn port 7 is over the Guardian 151a's limit 6 (2 × safe 3)"
        );
        let e = plan(&g, "acc 3, dec 2").unwrap_err();
        assert!(e.contains("same dial"), "{e}");
        let e = plan(&g, "dec 6").unwrap_err();
        assert!(e.contains("current speed 5"), "{e}");
        let e = plan(&g, "acc 12").unwrap_err();
        assert!(e.contains("0 to 9"), "{e}");
        let e = plan(&g, "turn 2").unwrap_err();
        assert!(e.contains("turn port 2"), "{e}");
        let e = plan(&g, "acc 1, turn port 1, slide port 1").unwrap_err();
        assert!(e.contains("at most two"), "{e}");
        let e = plan(&g, "guardian").unwrap_err();
        assert!(e.contains(NOTHING_MATCHED), "{e}");
        // A misaligned unit that thrusts realigns, and that is its yaw (SY-08).
        let mut m = g.clone();
        m.units[0].facing = orrery_table::Hour(3);
        let e = plan(&m, "acc 3, yaw 6").unwrap_err();
        assert!(e.contains("realigns it first"), "{e}");
        assert!(plan(&m, "drift, yaw 6").is_ok());
        let e = plan(&g, "acc 2 fly").unwrap_err();
        assert!(!e.contains(NOTHING_MATCHED), "{e}");
    }

    #[test]
    fn other_questions_and_unit_names() {
        let sc = Stratoyager::scenarios()
            .into_iter()
            .find(|s| s.name == "dogfight")
            .expect("dogfight scenario");
        let g = Stratoyager::setup(&sc.scenario, 5).expect("setup");
        let seat = g.to_move()[0];
        assert_eq!(
            parse_order(&g, seat, "card 1").unwrap(),
            vec![Action::Deploy { card: Some(1) }]
        );
        assert_eq!(
            parse_order(&g, seat, "reserve").unwrap(),
            vec![Action::Deploy { card: None }]
        );
        let e = parse_order(&g, seat, "card 9").unwrap_err();
        assert!(e.ends_with("choose from: reserve, card 1"), "{e}");
        assert!(parse_order(&g, seat, "acc 3")
            .unwrap_err()
            .contains(NOTHING_MATCHED));
        assert_eq!(find_unit(&g, Seat(0), &["a"]), Ok(UnitId(1)));
        assert_eq!(find_unit(&g, Seat(0), &["blackbuck"]), Ok(UnitId(1)));
        assert_eq!(find_unit(&g, Seat(1), &["1"]), Ok(UnitId(0)));
        assert!(find_unit(&g, Seat(0), &["vulture"]).is_err());
    }

    #[test]
    fn combat_short_forms() {
        let mut g = at_maneuver();
        // Fly both units to their Combat Actions.
        for _ in 0..10 {
            let seat = g.to_move()[0];
            let Some((kind, _, _)) = asked_unit(&g, seat) else {
                break;
            };
            if kind == AskKind::Combat {
                break;
            }
            let a = match kind {
                AskKind::Maneuver => parse_order(&g, seat, "drift").unwrap().remove(0),
                AskKind::Yaw => parse_order(&g, seat, "no yaw").unwrap().remove(0),
                _ => g.legal_actions(seat)[0].clone(),
            };
            g.apply(seat, &a).unwrap();
        }
        let seat = g.to_move()[0];
        let Some((AskKind::Combat, _, _)) = asked_unit(&g, seat) else {
            return;
        };
        let c = |t: &str| parse_order(&g, seat, t).map(|mut v| v.remove(0));
        assert_eq!(c("hold"), Ok(Action::Combat(CombatOrder::Hold)));
        assert_eq!(c("cm"), Ok(Action::Combat(CombatOrder::Countermeasures)));
        // Fire at Will parses either way; whether it is legal is the rules' call.
        let faw = Action::Combat(CombatOrder::FireAtWill);
        let legal = g.legal_actions(seat).contains(&faw);
        for t in ["fire at will", "faw"] {
            match c(t) {
                Ok(a) => assert!(legal && a == faw),
                Err(e) => assert!(!legal && !e.contains(NOTHING_MATCHED), "{e}"),
            }
        }
        assert!(c("shields").unwrap_err().contains("maximum"));
        assert!(c("fly away").unwrap_err().contains(NOTHING_MATCHED));
        assert!(c("fire zz").unwrap_err().contains("no unit"));
    }
}
