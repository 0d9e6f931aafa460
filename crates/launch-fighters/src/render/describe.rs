//! One-line descriptions of actions and events for narrated logs and menus.

use super::*;
use crate::action::{Action, SquadronFate};
use crate::event::Event;
use crate::state::{Decision, LaunchFighters};
use crate::types::Stat;
use orrery_core::Seat;

/// One readable line for an action, in the current state (before it is applied).
pub fn describe_action(g: &LaunchFighters, a: &Action) -> String {
    match a {
        Action::Place { ship, at, facing } => {
            format!(
                "place {} at {at} facing {}",
                unit_label(g, *ship),
                facing.label()
            )
        }
        Action::Move {
            unit,
            to,
            facing,
            boost,
            warp,
        } => {
            let mut s = match unit_hex(g, *unit) {
                Some(from) if from == *to => format!("{} stays at {to}", unit_label(g, *unit)),
                Some(from) => format!(
                    "move {} {from} -> {to} ({})",
                    unit_label(g, *unit),
                    plural(from.distance(*to), "space", "spaces")
                ),
                None => format!("move {} to {to}", unit_label(g, *unit)),
            };
            if let Some(f) = facing {
                let _ = write!(s, ", facing {}", f.label());
            }
            if *boost {
                s.push_str(", using a booster");
            }
            if *warp {
                s.push_str(", engaging warp drive");
            }
            s
        }
        Action::Push { to } => match g.pending.last().map(|p| &p.decision) {
            Some(Decision::Push { squadron, .. }) => {
                format!("push {} to {to}", unit_label(g, *squadron))
            }
            _ => format!("push the squadron to {to}"),
        },
        Action::Activate { unit } => {
            let mut s = format!("activate {}", unit_label(g, *unit));
            if let Some(h) = unit_hex(g, *unit) {
                let _ = write!(s, " at {h}");
            }
            s
        }
        Action::FireCannons { target } => {
            let level = active_unit(g)
                .and_then(|u| stat_value(g, u, Stat::Cannons))
                .map(|d| format!(" {d}"))
                .unwrap_or_default();
            let flak = if is_ship(g, *target) { "" } else { " as flak" };
            format!(
                "fire cannons{level}{flak} at {}{}",
                unit_label(g, *target),
                target_note(g, *target)
            )
        }
        Action::FireLaunchers { target, missiles } => {
            let what = plural(*missiles, "missile", "missiles");
            let flak = if is_ship(g, *target) { "" } else { " as flak" };
            format!(
                "launch {what}{flak} at {}{}",
                unit_label(g, *target),
                target_note(g, *target)
            )
        }
        Action::Launch { squadron, to } => {
            format!("launch {} into {to}", unit_label(g, *squadron))
        }
        Action::EndLaunch => "stop launching squadrons".to_string(),
        Action::Barrage { dice, target } => {
            let pool = g.activation.as_ref().and_then(|a| a.pool.as_ref());
            let tgt = target.or(pool.map(|p| p.target));
            let mut s = format!("roll a barrage of {}", plural(*dice, "die", "dice"));
            if let Some(t) = tgt {
                let _ = write!(s, " at {}", unit_label(g, t));
                if let Some(d) = stat_value(g, t, Stat::Defense) {
                    let _ = write!(s, " (defense {d})");
                }
            }
            if let Some(p) = pool {
                let _ = write!(s, ", {} of {} in the pool", dice, p.dice);
            }
            s
        }
        Action::StopFiring => {
            let left = g
                .activation
                .as_ref()
                .and_then(|a| a.pool.as_ref())
                .map(|p| p.dice)
                .unwrap_or(0);
            if left > 0 {
                format!(
                    "stop firing ({} left unrolled)",
                    plural(left, "die", "dice")
                )
            } else {
                "stop firing".to_string()
            }
        }
        Action::Dogfight { target } => format!("dogfight {}", unit_label(g, *target)),
        Action::Formation { target, wingmen } => {
            if wingmen.is_empty() {
                format!("attack {} with guns (1 die)", unit_label(g, *target))
            } else {
                format!(
                    "attack {} in formation with {} ({})",
                    unit_label(g, *target),
                    join_units(g, wingmen),
                    plural(wingmen.len() as u64 + 1, "die", "dice")
                )
            }
        }
        Action::ReturnToBase { host } => {
            format!("return to base aboard {}", unit_label(g, *host))
        }
        Action::EndActivation => match active_unit(g) {
            Some(u) => format!("end the activation of {}", unit_label(g, u)),
            None => "end the activation".to_string(),
        },
        Action::Reduce { stats } => {
            let ship = match g.pending.last().map(|p| &p.decision) {
                Some(Decision::ReduceStats { ship, .. }) => Some(*ship),
                _ => None,
            };
            let names = stats
                .iter()
                .map(|&s| match ship.and_then(|sh| stat_value(g, sh, s)) {
                    Some(v) => format!("{} ({v})", stat_name(s)),
                    None => stat_name(s).to_string(),
                })
                .collect::<Vec<_>>()
                .join(" and ");
            match ship {
                Some(sh) => format!("reduce {} of {}", names, unit_label(g, sh)),
                None => format!("reduce {names}"),
            }
        }
        Action::Intercept { squadrons } => {
            if squadrons.is_empty() {
                "do not intercept".to_string()
            } else {
                format!("intercept with {}", join_units(g, squadrons))
            }
        }
        Action::HitSquadron { fate } => {
            let sq = match g.pending.last().map(|p| &p.decision) {
                Some(Decision::SquadronHit { squadron }) => unit_label(g, *squadron),
                _ => "the squadron".to_string(),
            };
            match fate {
                SquadronFate::Flip => format!("flip {sq} (inactive)"),
                SquadronFate::ReturnToBase => format!("send {sq} back to base"),
            }
        }
        Action::LandOn { host } => match g.pending.last().map(|p| &p.decision) {
            Some(Decision::ReturnToBase { squadron, .. }) => format!(
                "land {} on {}",
                unit_label(g, *squadron),
                unit_label(g, *host)
            ),
            _ => format!("land on {}", unit_label(g, *host)),
        },
        Action::LoseSquadron { squadron } => {
            format!("lose {} with the bay", unit_label(g, *squadron))
        }
        Action::Advance { squadron } => {
            let vacated = match g.pending.last().map(|p| &p.decision) {
                Some(Decision::Advance { vacated, .. }) => Some(*vacated),
                _ => None,
            };
            match (squadron, vacated) {
                (None, _) => "do not advance".to_string(),
                (Some(s), Some(h)) => format!("advance {} into {h}", unit_label(g, *s)),
                (Some(s), None) => format!("advance {}", unit_label(g, *s)),
            }
        }
        Action::Repair { ship } => {
            let left = unit_ref(g, *ship)
                .and_then(|u| u.ship())
                .map(|s| s.repair_left)
                .unwrap_or(0);
            format!(
                "spend a repair level on {} and roll ({} left)",
                unit_label(g, *ship),
                left
            )
        }
        Action::RepairStat { stat } => {
            let ship = match g.pending.last().map(|p| &p.decision) {
                Some(Decision::RepairStat { ship }) => Some(*ship),
                _ => None,
            };
            match ship {
                Some(sh) => {
                    let now = stat_value(g, sh, *stat).unwrap_or(0);
                    format!(
                        "repair {} of {} ({} -> {})",
                        stat_name(*stat),
                        unit_label(g, sh),
                        now,
                        now.saturating_add(1)
                    )
                }
                None => format!("repair {}", stat_name(*stat)),
            }
        }
        Action::EndRepairs => "no more repairs this turn".to_string(),
    }
}

// ------------------------------------------------------------------ events

fn by_label(g: &LaunchFighters, by: Option<Seat>) -> String {
    match by {
        Some(s) => format!(" (credited to {})", fleet_label(g, s)),
        None => String::new(),
    }
}

/// One readable line for an event (described in the state after it happened).
pub fn describe_event(g: &LaunchFighters, e: &Event) -> String {
    match e {
        Event::TurnStarted { turn } => format!("=== Turn {turn} of {} ===", g.turn_limit),
        Event::Initiative {
            rolls,
            rolloffs,
            order,
        } => {
            let mut s = format!(
                "initiative: {}",
                rolls
                    .iter()
                    .map(|(seat, r)| format!("{} {r}", seat_label(*seat)))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            if !rolloffs.is_empty() {
                let _ = write!(
                    s,
                    "; roll-off {}",
                    rolloffs
                        .iter()
                        .map(|(seat, r)| format!("{} {r}", seat_label(*seat)))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            let _ = write!(s, "; order (lowest first) {}", join_seats(order));
            s
        }
        Event::Placed { unit, at, facing } => format!(
            "{} placed at {at} facing {}",
            unit_label(g, *unit),
            facing.label()
        ),
        Event::PhaseStarted { phase } => format!("-- {phase} phase --"),
        Event::StepStarted { step } => format!("- step {step}"),
        Event::Moved { unit, path, facing } => {
            let mut s = match path.as_slice() {
                [] => format!("{} stays put", unit_label(g, *unit)),
                [only] => format!("{} stays at {only}", unit_label(g, *unit)),
                many => format!(
                    "{} moves {}",
                    unit_label(g, *unit),
                    many.iter()
                        .map(|h| h.to_string())
                        .collect::<Vec<_>>()
                        .join(" > ")
                ),
            };
            if let Some(f) = facing {
                let _ = write!(s, ", facing {}", f.label());
            }
            s
        }
        Event::BoosterUsed { unit } => format!("{} fires a booster", unit_label(g, *unit)),
        Event::WarpDeclared { unit } => {
            format!("{} engages warp drive", unit_label(g, *unit))
        }
        Event::Pushed { squadron, to } => {
            format!("{} is pushed to {to}", unit_label(g, *squadron))
        }
        Event::AsteroidRoll { unit, roll, hit } => format!(
            "{} in the asteroids rolls {roll}: {}",
            unit_label(g, *unit),
            if *hit { "struck!" } else { "safe" }
        ),
        Event::Activated { unit } => {
            let mut s = format!("{} activates", unit_label(g, *unit));
            if let Some(h) = unit_hex(g, *unit) {
                let _ = write!(s, " at {h}");
            }
            s
        }
        Event::PoolGathered {
            unit,
            system,
            target,
            dice,
            note,
        } => {
            let mut s = format!(
                "{} gathers {} of {system} against {}",
                unit_label(g, *unit),
                plural(*dice, "die", "dice"),
                unit_label(g, *target)
            );
            if !note.is_empty() {
                let _ = write!(s, " ({note})");
            }
            s
        }
        Event::InterceptRoll {
            squadron,
            roll,
            success,
        } => format!(
            "{} intercepts: rolls {roll}, {}",
            unit_label(g, *squadron),
            if *success {
                "a missile is shot down"
            } else {
                "misses"
            }
        ),
        Event::Barrage {
            attacker,
            target,
            dice,
            modifier,
            total,
            defense,
            defense_roll,
            result,
        } => {
            let faces = dice
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("+");
            let modifier = match *modifier {
                0 => String::new(),
                m if m > 0 => format!(" +{m}"),
                m => format!(" {m}"),
            };
            let def = match defense_roll {
                Some(r) => format!("defense {defense} (rolled {r})"),
                None => format!("defense {defense}"),
            };
            format!(
                "{} barrage at {}: [{faces}]{modifier} = {total} vs {def} -> {}",
                unit_label(g, *attacker),
                unit_label(g, *target),
                result_name(*result)
            )
        }
        Event::Dogfight {
            attacker,
            defender,
            attacker_roll,
            defender_roll,
            winner,
            result,
        } => {
            let mut s = format!(
                "dogfight: {} rolls {attacker_roll}, {} rolls {defender_roll}",
                unit_label(g, *attacker),
                unit_label(g, *defender)
            );
            match winner {
                Some(w) => {
                    let _ = write!(s, "; {} wins", unit_label(g, *w));
                }
                None => s.push_str("; no winner"),
            }
            if let Some(r) = result {
                let _ = write!(s, " -> {}", result_name(*r));
            }
            s
        }
        Event::StatReduced { ship, stat, to } => format!(
            "{}: {} reduced to {to}",
            unit_label(g, *ship),
            stat_name(*stat)
        ),
        Event::StatRaised { ship, stat, to } => format!(
            "{}: {} repaired to {to}",
            unit_label(g, *ship),
            stat_name(*stat)
        ),
        Event::ShipDestroyed { ship, by } => {
            format!("{} is DESTROYED{}", unit_label(g, *ship), by_label(g, *by))
        }
        Event::SquadronFlipped { squadron } => {
            format!("{} is flipped (inactive)", unit_label(g, *squadron))
        }
        Event::SquadronEliminated { squadron, by } => format!(
            "{} is eliminated{}",
            unit_label(g, *squadron),
            by_label(g, *by)
        ),
        Event::ReturnedToBase { squadron, host } => format!(
            "{} returns to base aboard {}",
            unit_label(g, *squadron),
            unit_label(g, *host)
        ),
        Event::Launched { squadron, from, to } => format!(
            "{} launches from {} into {to}",
            unit_label(g, *squadron),
            unit_label(g, *from)
        ),
        Event::Advanced { squadron, to } => {
            format!("{} advances into {to}", unit_label(g, *squadron))
        }
        Event::BayHitRoll {
            ship,
            roll,
            destroys,
        } => format!(
            "bay hit on {}: rolls {roll}, {}",
            unit_label(g, *ship),
            if *destroys {
                "a squadron aboard is lost"
            } else {
                "the squadrons aboard survive"
            }
        ),
        Event::RepairRoll {
            ship,
            roll,
            success,
        } => format!(
            "{} repair roll {roll}: {}",
            unit_label(g, *ship),
            if *success { "success" } else { "failed" }
        ),
        Event::SquadronsRecovered { count: 0 } => "no inactive squadrons to recover".to_string(),
        Event::SquadronsRecovered { count } => format!(
            "{} recovered (turned active again)",
            plural(*count, "squadron", "squadrons")
        ),
        Event::Retreated { unit } => {
            format!("{} retreats off the map", unit_label(g, *unit))
        }
        Event::WarpedOut { ship } => format!("{} warps out", unit_label(g, *ship)),
        Event::SquadronWarpedOut { squadron } => {
            format!("{} warps out", unit_label(g, *squadron))
        }
        Event::GameOver {
            reason,
            scores,
            winners,
        } => {
            let table = scores
                .iter()
                .enumerate()
                .map(|(i, s)| format!("{} {}", seat_label(Seat(i as u8)), fmt_score(*s)))
                .collect::<Vec<_>>()
                .join(", ");
            let who = if winners.is_empty() {
                "no winner".to_string()
            } else if winners.len() == scores.len() && scores.len() > 1 {
                "a draw".to_string()
            } else {
                format!(
                    "winner {}",
                    winners
                        .iter()
                        .map(|&w| fleet_label(g, w))
                        .collect::<Vec<_>>()
                        .join(" and ")
                )
            };
            format!("=== Battle over: {reason}. Victory points {table}; {who} ===")
        }
    }
}
