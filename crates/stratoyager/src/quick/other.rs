//! Quick entry for every question but the Movement Action.

use super::*;

fn nothing(kind: AskKind, hint: &str) -> String {
    format!(
        "{NOTHING_MATCHED}: not an answer to {} (try {hint})",
        crate::render::ask_name(kind)
    )
}

/// The answer to a question other than the Movement Action.
pub(super) fn other(
    g: &Stratoyager,
    seat: Seat,
    kind: AskKind,
    unit: UnitId,
    words: &[&str],
) -> Result<Action, String> {
    let words: Vec<&str> = words.iter().copied().skip_while(|w| *w == ",").collect();
    let first = words.first().copied().unwrap_or("");
    let rest = &words[1.min(words.len())..];
    match kind {
        AskKind::Deploy => match first {
            "reserve" | "res" => Ok(Action::Deploy { card: None }),
            "card" | "deploy" | "c" => card(rest).map(|c| Action::Deploy { card: Some(c) }),
            _ => Err(nothing(kind, "`card 2` or `reserve`")),
        },
        AskKind::Card => match first {
            "card" | "c" | "initiative" => card(rest).map(|card| Action::Card { card }),
            _ => Err(nothing(kind, "`card 2`")),
        },
        AskKind::DogfightCard => match first {
            "card" | "c" | "move" | "movement" => {
                card(rest).map(|movement| Action::DogfightCard { movement })
            }
            _ => Err(nothing(kind, "`movement 3`")),
        },
        AskKind::Place => {
            // Issue 9 §3: "A filter only filters": bare coordinates such as `(12, 2)`
            // are a filter of the listed placements, not an order; an order names itself.
            if !matches!(first, "place" | "at" | "p") {
                return Err(nothing(kind, "`place 12 1 course 0 speed 5`"));
            }
            let args = &words[1.min(words.len())..];
            let nums: Vec<&str> = args
                .iter()
                .copied()
                .filter(|w| *w != "," && *w != "at")
                .collect();
            let (Some(x), Some(y)) = (num(nums.first()), num(nums.get(1))) else {
                return Err(
                    "place needs x and y in whole klicks, e.g. `place 12 1 course 0 speed 5`"
                        .into(),
                );
            };
            let mut course = i32::from(if seat.0 == 0 { 0u8 } else { 6 });
            let mut speed = 0;
            course_speed(&nums, 2, &mut course, &mut speed)?;
            let speed = u8::try_from(speed).map_err(|_| format!("speed {speed}: 0 to 9"))?;
            Ok(Action::Place {
                x,
                y,
                course: course as u8,
                speed,
            })
        }
        AskKind::Enter => {
            // As for placements: an order starts with `enter`.
            if !matches!(first, "enter" | "from") {
                return Err(nothing(kind, "`enter west 10 speed 4`"));
            }
            let args: Vec<&str> = words[1.min(words.len())..]
                .iter()
                .copied()
                .filter(|w| !matches!(*w, "," | "at" | "edge"))
                .collect();
            let Some(e) = edge(args.first()) else {
                return Err(
                    "enter needs an edge: south, north, west or east, e.g. `enter west 10 speed 4`"
                        .into(),
                );
            };
            let at = num(args.get(1))
                .ok_or("enter needs a klick along the edge, e.g. `enter west 10`")?;
            let (mut course, mut speed) = (0, 0);
            course_speed(&args, 2, &mut course, &mut speed)?;
            let speed = u8::try_from(speed).map_err(|_| format!("speed {speed}: 0 to 9"))?;
            Ok(Action::Enter { edge: e, at, speed })
        }
        AskKind::Yaw => match first {
            "none" | "no" | "nothing" | "hold" | "pass" => Ok(Action::Yaw { facing: None }),
            "yaw" | "face" | "facing" => {
                if matches!(rest.first().copied(), Some("none" | "no")) {
                    Ok(Action::Yaw { facing: None })
                } else {
                    Ok(Action::Yaw {
                        facing: Some(hour_arg(rest.first(), first)?),
                    })
                }
            }
            _ => Err(nothing(kind, "`yaw 6` or `no yaw`")),
        },
        AskKind::Leave => match first {
            "withdraw" | "w" | "leave" => Ok(Action::Leave { withdraw: true }),
            "return" | "back" | "come" | "r" => Ok(Action::Leave { withdraw: false }),
            _ => Err(nothing(kind, "`withdraw` or `return`")),
        },
        AskKind::FireAtWill => match first {
            "hold" | "no" | "wait" | "pass" | "none" => Ok(Action::FireAtWill { target: None }),
            "fire" | "shoot" | "salvo" | "f" => {
                let t = find_unit(g, seat, rest)?;
                Ok(Action::FireAtWill { target: Some(t) })
            }
            _ => Err(nothing(kind, "`fire a` or `hold`")),
        },
        AskKind::Combat => combat(g, seat, unit, &words).map(Action::Combat),
        AskKind::Maneuver => Err(nothing(kind, "`acc 3, turn port 2`")),
    }
}

fn card(rest: &[&str]) -> Result<u8, String> {
    match num(rest.first()) {
        Some(c) if (1..=255).contains(&c) => Ok(c as u8),
        _ => Err("which card? e.g. `card 2`".into()),
    }
}

enum Part {
    Salvo(UnitId),
    Missile(MissileOrder),
    Order(CombatOrder),
}

/// One clause of a Combat Action.
fn part(g: &Stratoyager, seat: Seat, unit: UnitId, w: &[&str]) -> Result<Option<Part>, String> {
    let first = w.first().copied().unwrap_or("");
    let rest = &w[1.min(w.len())..];
    let mut i = 0;
    Ok(Some(match first {
        "hold" | "pass" | "none" | "nothing" => Part::Order(CombatOrder::Hold),
        "faw" => Part::Order(CombatOrder::FireAtWill),
        "fire" if rest.first() == Some(&"at") && rest.get(1) == Some(&"will") => {
            Part::Order(CombatOrder::FireAtWill)
        }
        "fire" | "salvo" | "shoot" | "f" | "gun" | "guns" => Part::Salvo(find_unit(g, seat, rest)?),
        "lock" | "target" => Part::Missile(MissileOrder::Lock {
            target: find_unit(g, seat, rest)?,
        }),
        "launch" | "missile" => {
            let size = size_or_only(g, unit, rest.first(), &mut i)?;
            Part::Missile(MissileOrder::Launch { size })
        }
        "dumb" => {
            let size = size_or_only(g, unit, rest.first(), &mut i)?;
            Part::Missile(MissileOrder::Dumb {
                target: find_unit(g, seat, &rest[i..])?,
                size,
            })
        }
        "frag" | "fragshell" | "pod" => {
            let size = size_or_only(g, unit, rest.first(), &mut i)?;
            Part::Missile(MissileOrder::Fragshell { size })
        }
        "cm" | "countermeasures" | "counter" | "countermeasure" => {
            Part::Order(CombatOrder::Countermeasures)
        }
        "shields" | "shield" | "raise" | "sh" => Part::Order(CombatOrder::RaiseShields),
        "eject" | "bail" => Part::Order(CombatOrder::Eject {
            hour: hour_arg(rest.first(), "eject")?,
        }),
        _ => return Ok(None),
    }))
}

fn combat(
    g: &Stratoyager,
    seat: Seat,
    unit: UnitId,
    words: &[&str],
) -> Result<CombatOrder, String> {
    let mut parts = Vec::new();
    for clause in words.split(|w| *w == "," || *w == "and") {
        if clause.is_empty() {
            continue;
        }
        match part(g, seat, unit, clause)? {
            Some(p) => parts.push(p),
            None if parts.is_empty() => return Err(nothing(
                AskKind::Combat,
                "`fire a`, `lock a`, `launch medium`, `cm`, `shields`, `faw`, `eject 6`, `hold`",
            )),
            None => return Err(format!("`{}` is not a Combat Action", clause.join(" "))),
        }
    }
    match parts.as_slice() {
        [Part::Salvo(target)] => Ok(CombatOrder::Salvo { target: *target }),
        [Part::Missile(m)] => Ok(CombatOrder::Missile { missile: m.clone() }),
        [Part::Order(o)] => Ok(o.clone()),
        [Part::Salvo(target), Part::Missile(m)] | [Part::Missile(m), Part::Salvo(target)] => {
            Ok(CombatOrder::Gunner {
                target: *target,
                missile: m.clone(),
            })
        }
        [] => Err(nothing(AskKind::Combat, "`fire a` or `hold`")),
        _ => Err(
            "one Combat Action per activation (a Gunner may add one missile action to a salvo)"
                .into(),
        ),
    }
}
