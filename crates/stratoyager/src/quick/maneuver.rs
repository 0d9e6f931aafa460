//! Quick entry for the Movement Action: up to two maneuvers in typed order, `drift`,
//! `evasive`, and a planned yaw.

use super::*;

fn thrust(words: &[&str], i: &mut usize, what: &str) -> Result<u8, String> {
    let w = words.get(*i);
    match num(w) {
        Some(t) if (0..=9).contains(&t) => {
            *i += 1;
            Ok(t as u8)
        }
        Some(t) => Err(format!("{what} {t}: a thrust dial reads 0 to 9")),
        None => Err(format!("`{what}` needs a thrust, e.g. `{what} 3`")),
    }
}

fn direction(w: Option<&&str>) -> Option<bool> {
    // Some(true) = port/left.
    match w.copied() {
        Some("port" | "left" | "l" | "p") => Some(true),
        Some("stbd" | "starboard" | "right" | "r" | "s" | "sb") => Some(false),
        _ => None,
    }
}

/// A Movement Action and an optional planned yaw.
pub(super) fn maneuver(
    g: &Stratoyager,
    unit: UnitId,
    words: &[&str],
) -> Result<Vec<Action>, String> {
    let mut ms: Vec<Maneuver> = Vec::new();
    let (mut evasive, mut drift, mut yaw) = (false, false, None);
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        i += 1;
        let driver = match w {
            "," | "then" | "and" => continue,
            "drift" | "inertia" => {
                drift = true;
                continue;
            }
            "evasive" | "ev" | "evade" | "evasively" => {
                evasive = true;
                continue;
            }
            "no" if words.get(i) == Some(&"yaw") => {
                i += 1;
                yaw = Some(None);
                continue;
            }
            "yaw" => {
                if matches!(words.get(i).copied(), Some("none" | "no")) {
                    yaw = Some(None);
                } else {
                    yaw = Some(Some(hour_arg(words.get(i), "yaw")?));
                }
                i += 1;
                continue;
            }
            "acc" | "accelerate" | "accel" | "a" => Driver::Accelerate,
            "dec" | "decelerate" | "decel" | "brake" | "d" => Driver::Decelerate,
            "tl" | "tp" => Driver::TurnPort,
            "tr" | "ts" => Driver::TurnStarboard,
            "turn" | "t" | "slide" | "sl" => {
                let Some(port) = direction(words.get(i)) else {
                    return Err(format!("`{w}` needs a side: `{w} port 2` or `{w} stbd 2`"));
                };
                i += 1;
                match (w.starts_with('t'), port) {
                    (true, true) => Driver::TurnPort,
                    (true, false) => Driver::TurnStarboard,
                    (false, true) => Driver::SlidePort,
                    (false, false) => Driver::SlideStarboard,
                }
            }
            _ if ms.is_empty() && !drift && !evasive && yaw.is_none() => {
                return Err(format!(
                    "{NOTHING_MATCHED}: `{w}` is not a Movement Action order \
                     (e.g. `acc 3, turn port 2, yaw 6`, `dec 2 ev`, `drift`)"
                ))
            }
            _ => return Err(format!("`{w}` is not part of a Movement Action order")),
        };
        let t = thrust(words, &mut i, driver.short())?;
        ms.push(Maneuver::new(driver, t));
    }
    let plan = build_plan(&ms, evasive)?;
    let u = g.unit(unit);
    let card = g.card_of(unit);
    for m in [plan.first, plan.second] {
        let max = max_thrust(card, m.driver);
        if m.thrust > max {
            return Err(format!(
                "{} {} is over the {}'s limit {max} (2 × safe {}{})",
                m.driver.short(),
                m.thrust,
                card.name,
                card.safe.of(m.driver),
                if max == 9 { ", dial 0-9" } else { "" }
            ));
        }
        if m.driver == Driver::Decelerate && u32::from(m.thrust) > u.speed {
            return Err(format!(
                "dec {} is more than {}'s current speed {}",
                m.thrust, u.label, u.speed
            ));
        }
    }
    if matches!(yaw, Some(Some(_))) && (crate::movement::realigns(u, &plan) || u.yawed) {
        return Err(format!(
            "{} cannot yaw after this Movement Action: {} (SY-08); drop the yaw",
            u.label,
            if u.yawed {
                "it has yawed this turn".to_string()
            } else {
                format!(
                    "it faces {} but flies {}, so its thrust realigns it first and that is the turn's yaw",
                    u.facing, u.course
                )
            }
        ));
    }
    let mut out = vec![Action::Maneuver(plan)];
    if let Some(facing) = yaw {
        out.push(Action::Yaw { facing });
    }
    Ok(out)
}

/// Two maneuvers from the typed ones, in typed order; zero thrust written in its one
/// spelling; a missing one at 0 on the first unused driver.
fn build_plan(ms: &[Maneuver], evasive: bool) -> Result<Plan, String> {
    let canon = |m: Maneuver| {
        if m.thrust == 0 {
            Maneuver::new(m.driver.zero_spelling(), 0)
        } else {
            m
        }
    };
    let ms: Vec<Maneuver> = ms.iter().copied().map(canon).collect();
    let (first, second) = match ms.as_slice() {
        [] => {
            let d = Plan::drift();
            (d.first, d.second)
        }
        [m] => {
            let g = [DriverGroup::A, DriverGroup::B, DriverGroup::C]
                .into_iter()
                .find(|&g| g != m.driver.group())
                .unwrap_or(DriverGroup::B);
            (*m, Maneuver::zero(g))
        }
        [a, b] => {
            if a.driver.group() == b.driver.group() {
                return Err(format!(
                    "{} and {} use the same dial; a Movement Action uses two different drivers \
                     (acc/dec, turn, slide)",
                    a.driver.short(),
                    b.driver.short()
                ));
            }
            (*a, *b)
        }
        _ => return Err("a Movement Action has at most two maneuvers".into()),
    };
    Ok(Plan {
        first,
        second,
        evasive,
    })
}
