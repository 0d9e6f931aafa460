//! One-line descriptions of events for narrated logs.

use super::describe::{combat_text, plan_text, size_name};
use super::*;
use crate::event::{Event, Loss, StressTier, Weapon};

fn tier_text(t: StressTier) -> &'static str {
    match t {
        StressTier::None => "no effect",
        StressTier::Greyout => "greyout",
        StressTier::Blackout => "blackout",
        StressTier::Structural => "blackout and 1 structure lost",
        StressTier::Destroyed => "destroyed",
    }
}

fn weapon_text(w: Weapon) -> String {
    match w {
        Weapon::Salvo => "fires at".into(),
        Weapon::LockedMissile(k) => format!("'s locked {} missile attacks", size_name(k)),
        Weapon::Dumb(k) => format!("fires a dumb {} missile at", size_name(k)),
        Weapon::Fragshell(k) => format!("'s fragshell pod ({}) attacks", size_name(k)),
    }
}

fn dice_list(d: &[u8]) -> String {
    d.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

fn units_list(g: &Stratoyager, ids: impl IntoIterator<Item = UnitId>) -> String {
    ids.into_iter()
        .map(|i| label(g, i))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One readable line for an event.
pub fn describe_event(g: &Stratoyager, e: &Event) -> String {
    let l = |id: &UnitId| label(g, *id);
    match e {
        Event::Committed { seat, unit } => match unit {
            Some(u) => format!("P{} gave a secret order for {}", seat.0, l(u)),
            None => format!("P{} gave a secret order", seat.0),
        },
        Event::YourOrder { unit, action } => {
            // Told only to the seat that gave it: the unit's own side reads it.
            let owner = unit.and_then(|u| unit_ref(g, u)).map(|u| u.side);
            format!("Your order: {}", describe_order(g, owner, *unit, action))
        }
        Event::DeploymentRevealed { cards } => {
            let list: Vec<String> = cards
                .iter()
                .map(|(u, c)| match c {
                    Some(c) => format!("{}: {c}", l(u)),
                    None => format!("{}: reserve", l(u)),
                })
                .collect();
            format!("Deployment cards: {}", list.join(", "))
        }
        Event::Priority { seat, why, rolls } => {
            let r = if rolls.is_empty() {
                String::new()
            } else {
                format!(", rolls {}", dice_list(rolls))
            };
            format!("{} has priority: {why}{r}", side_name(g, *seat))
        }
        Event::Placed { unit, at, course, speed } => format!(
            "{} placed at {} course {course} speed {speed}",
            l(unit),
            point(*at)
        ),
        Event::TurnStarted { turn } => format!("=== Turn {turn} ==="),
        Event::ReserveRoll { unit, roll, needed, arrives } => {
            let r = roll.map_or("automatic".to_string(), |r| format!("rolled {r}, needs {needed} or less"));
            let what = if *arrives { "arrives" } else { "stays in reserve" };
            format!("{} reserve roll: {r} -> {what}", l(unit))
        }
        Event::Entered { unit, at, course, speed } => format!(
            "{} enters at {} course {course} speed {speed}",
            l(unit),
            point(*at)
        ),
        Event::Returned { unit, at, course } => {
            format!("{} returns at {} course {course}", l(unit), point(*at))
        }
        Event::CardsRevealed { cards, count } => {
            let list: Vec<String> = cards.iter().map(|(u, c)| format!("{}: {c}", l(u))).collect();
            format!("Initiative Cards (1-{count}): {}", list.join(", "))
        }
        Event::DogfightDrawn { seat, cards } => format!(
            "P{} drew dogfight cards {} and {}",
            seat.0, cards[0], cards[1]
        ),
        Event::DogfightRevealed { movement, combat } => {
            let m: Vec<String> = movement.iter().map(|(u, c)| format!("{}: {c}", l(u))).collect();
            let c: Vec<String> = combat.iter().map(|(u, c)| format!("{}: {c}", l(u))).collect();
            match (m.is_empty(), c.is_empty()) {
                (false, true) => format!("Dogfight movement cards: {}", m.join(", ")),
                (true, false) => format!("Dogfight combat cards: {}", c.join(", ")),
                _ => format!(
                    "Dogfight cards: movement {}; combat {}",
                    m.join(", "),
                    c.join(", ")
                ),
            }
        }
        Event::SegmentStarted { segment, units } => {
            format!("-- Segment {segment}: {} --", units_list(g, units.iter().copied()))
        }
        Event::PlanRevealed { unit, plan } => format!("{} orders: {}", l(unit), plan_text(plan)),
        Event::Realigned { unit, facing } => {
            format!("{} realigns to face {facing} (the turn's yaw)", l(unit))
        }
        Event::Moved { unit, path, course, facing, speed } => {
            let p: Vec<String> = path.iter().map(|p| point(*p)).collect();
            format!(
                "{} flies {}: course {course}, facing {facing}, speed {speed}",
                l(unit),
                p.join(" -> ")
            )
        }
        Event::Displaced { unit, from, to } => format!(
            "{} is moved off another unit: {} -> {}",
            l(unit),
            point(*from),
            point(*to)
        ),
        Event::Crashed { unit, obstacle } => format!("{} crashes into {obstacle}", l(unit)),
        Event::Yawed { unit, facing } => format!("{} yaws to face {facing}", l(unit)),
        Event::HullStress { unit, dice, fails, tier } => {
            if dice.is_empty() {
                format!("{} hull stress: no dice", l(unit))
            } else {
                format!(
                    "{} hull stress: {} [{}], {} → {}",
                    l(unit),
                    plural(dice.len() as u64, "die", "dice"),
                    dice.iter().map(u8::to_string).collect::<Vec<_>>().join(", "),
                    plural(u64::from(*fails), "fail", "fails"),
                    tier_text(*tier)
                )
            }
        }
        Event::LeftTable { unit } => format!("{} leaves the table", l(unit)),
        Event::WillReturn { unit, turn } => format!("{} will return in turn {turn}", l(unit)),
        Event::CombatRevealed { unit, order } => {
            format!("{} Combat Action: {}", l(unit), combat_text(g, None, order))
        }
        Event::FireAtWillRevealed { unit, target } => match target {
            Some(t) => format!("{} fires at will at {}", l(unit), l(t)),
            None => format!("{} keeps holding fire", l(unit)),
        },
        Event::ShieldsRaised { unit, shields } => {
            format!("{} raises shields to {shields}", l(unit))
        }
        Event::CountermeasuresOut { unit } => format!("{} deploys countermeasures", l(unit)),
        Event::FireAtWillReady { unit } => format!("{} holds fire at will", l(unit)),
        Event::LockPlaced { unit, target } => format!("{} places a lock on {}", l(unit), l(target)),
        Event::Locked { unit, target } => format!("{} has {} LOCKED", l(unit), l(target)),
        Event::LockBroken { unit, target, why } => {
            format!("{} loses its lock on {}: {why}", l(unit), l(target))
        }
        Event::Attack(a) => {
            let mut s = format!(
                "{} {} {} at {} ({} klicks): THT {}",
                l(&a.attacker),
                weapon_text(a.weapon),
                l(&a.target),
                a.band.name(),
                klicks(a.distance),
                a.tht
            );
            if a.dice.is_empty() {
                s.push_str(", no roll");
            } else {
                s.push_str(&format!(", rolled {}", dice_list(&a.dice)));
                if let Some((i, before)) = a.rerolled {
                    s.push_str(&format!(" (die {} re-rolled from {before})", i + 1));
                }
            }
            s.push_str(if a.hit { " → hit" } else { " → miss" });
            s
        }
        Event::MissileTailing { parent, target, size } => format!(
            "{}'s {} missile tails {} until the Locked Missile Damage phase",
            l(parent),
            size_name(*size),
            l(target)
        ),
        Event::Countermeasure { target, roll, neutralised } => format!(
            "{} countermeasures roll {roll}: {}",
            l(target),
            if *neutralised { "missile neutralised" } else { "missile still coming" }
        ),
        Event::MissileLost { target, why } => format!("missile at {} lost: {why}", l(target)),
        Event::Damage(d) => format!(
            "{} hit on the {}: damage [{}] vs armour {} → {}, {} absorbed (shields {}), {} structure lost (structure {})",
            l(&d.target),
            format!("{:?}", d.aspect).to_lowercase(),
            d.dice.iter().map(u8::to_string).collect::<Vec<_>>().join(", "),
            d.armor,
            plural(d.points, "point", "points"),
            d.absorbed,
            d.shields_after,
            d.structure_lost,
            d.structure_after
        ),
        Event::Ejected { unit, pilot } => {
            format!("{}'s pilot ejects and lands at {}", l(unit), point(*pilot))
        }
        Event::UnitLost { unit, loss } => {
            let how = match loss {
                Loss::Destroyed => "is destroyed",
                Loss::Wrecked => "is wrecked",
                Loss::Withdrawn => "withdraws",
                Loss::Abandoned => "is abandoned",
            };
            format!("{} {how}", l(unit))
        }
        Event::Drifted { unit, to } => format!("{} drifts to {}", l(unit), point(*to)),
        Event::ExtraTurnRoll { roll, extra } => format!(
            "Extra turn roll {roll}: {}",
            if *extra { "one more turn" } else { "the battle ends" }
        ),
        Event::GameOver { winners, scores, why } => {
            let w = if winners.len() == 1 {
                format!("{} wins", side_name(g, winners[0]))
            } else {
                "draw".to_string()
            };
            let s: Vec<String> = scores.iter().map(|&x| fmt_score(x)).collect();
            format!("=== Game over: {w} ({why}); scores {} ===", s.join(" - "))
        }
    }
}
