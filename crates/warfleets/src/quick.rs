//! Typed answers at a terminal: `move 3 90` (the turn of 90° to starboard after 3"
//! of the move), `cruise 6 -45`, `ram 7 4.5 15`, `hold 180`, `fly 30 20`,
//! `deploy 2 30 6`, `face 45`, `marker 36 24`, `fire turret 7`, `fire 2 7`, `aside 30 21`
//! (a squadron a ship ended on, FB-08). A trailing `?`
//! shows where the order ends without giving it.

use crate::action::{Action, GunRef};
use crate::choices::Interrupt;
use crate::state::{Step, Warfleets};
use orrery_core::{Game, Presentation, Seat};
use orrery_table::Heading;

/// What `seat` may type now.
pub fn hint(g: &Warfleets, seat: Seat) -> Option<String> {
    if !g.to_move().contains(&seat) {
        return None;
    }
    match g.interrupt() {
        Some(Interrupt::Aside) => {
            let d = g.displaced.first()?;
            return Some(format!(
                "type `aside X Y` (whole inches): where {} goes, within 1\" of {} (FB-08)",
                g.name_of(d.squadron),
                g.name_of(d.ship)
            ));
        }
        Some(_) => return None,
        None => {}
    }
    let text = match &g.step {
        Step::Order { model, .. } if !g.is_squadron(*model) => {
            let (mv, cr) = g.speeds(*model);
            format!(
                "type `move PIVOT TURN` (Move {mv}\": PIVOT {}–{mv}, TURN ±90°), `cruise PIVOT TURN` (Cruise {cr}\": ±45°), `ram TARGET PIVOT TURN` or `hold TURN`; TURN in degrees, + = starboard; end with `?` to preview",
                mv / 2.0
            )
        }
        Step::Order { model, .. } => {
            let (mv, cr) = g.speeds(*model);
            format!("type `fly X Y` (whole inches; up to {mv}\" is a Move, up to {cr}\" a Cruise with no shooting) or `hold 0`")
        }
        Step::Deploy { .. } | Step::Reserve { .. } | Step::Place { .. } => {
            "type `deploy ID X Y` (whole inches)".into()
        }
        Step::Face { .. } => {
            "type `face HEADING` (degrees clockwise from north, a multiple of 15)".into()
        }
        Step::Marker { .. } => "type `marker X Y` (whole inches)".into(),
        Step::Fire { .. } => {
            "type `fire GUN TARGET` (GUN: turret or the upgrade number) or `done`".into()
        }
        _ => return None,
    };
    Some(text)
}

fn number<T: std::str::FromStr>(s: Option<&&str>, what: &str) -> Result<T, String> {
    s.ok_or(format!("missing {what}"))?
        .parse()
        .map_err(|_| format!("{what} must be a number"))
}

/// Degrees (a multiple of 15) as 15° steps.
fn steps(s: Option<&&str>) -> Result<i8, String> {
    let d: i32 = number(s, "TURN")?;
    if d % 15 != 0 || d.abs() > 180 {
        return Err(format!("TURN {d}: a multiple of 15 between −180 and 180"));
    }
    Ok((d / 15) as i8)
}

/// Read `text` as `seat`'s answer.
pub fn parse(g: &Warfleets, seat: Seat, text: &str) -> Result<Action, String> {
    let preview = text.trim_end().ends_with('?');
    let text = text.trim_end().trim_end_matches('?');
    let words: Vec<&str> = text.split_whitespace().collect();
    let action = match words.first().copied() {
        Some("move") => Action::Move {
            pivot: number(words.get(1), "PIVOT")?,
            turn: steps(words.get(2))?,
        },
        Some("cruise") => Action::Cruise {
            pivot: number(words.get(1), "PIVOT")?,
            turn: steps(words.get(2))?,
        },
        Some("ram") => Action::Ram {
            target: number(words.get(1), "TARGET")?,
            pivot: number(words.get(2), "PIVOT")?,
            turn: steps(words.get(3))?,
        },
        Some("hold") => Action::Hold {
            turn: if words.len() > 1 {
                steps(words.get(1))?
            } else {
                0
            },
        },
        Some("fly") => Action::Fly {
            x: number(words.get(1), "X")?,
            y: number(words.get(2), "Y")?,
        },
        Some("deploy") => Action::Deploy {
            model: number(words.get(1), "ID")?,
            x: number(words.get(2), "X")?,
            y: number(words.get(3), "Y")?,
        },
        Some("face") => {
            let d: i32 = number(words.get(1), "HEADING")?;
            Action::Face {
                heading: Heading::from_degrees(d.rem_euclid(360))
                    .ok_or(format!("HEADING {d}: a multiple of 15"))?,
            }
        }
        Some("marker") => Action::Marker {
            x: number(words.get(1), "X")?,
            y: number(words.get(2), "Y")?,
        },
        Some("fire") => Action::Fire {
            gun: match words.get(1) {
                Some(&"turret") => GunRef::Turret,
                w => GunRef::Weapon(number(w, "GUN")?),
            },
            target: number(words.get(2), "TARGET")?,
        },
        Some("aside") => Action::MoveAside {
            model: g
                .displaced
                .first()
                .map(|d| d.squadron)
                .ok_or("no squadron to place now")?,
            x: number(words.get(1), "X")?,
            y: number(words.get(2), "Y")?,
        },
        Some("done") => Action::Done,
        _ => return Err("nothing matched: type a number from the list, or help".into()),
    };
    if let Err(e) = g.check(seat, &action) {
        return Err(format!("{e}"));
    }
    if preview {
        return Err(format!(
            "preview: {} — type it again without `?` to give it",
            g.describe_action(Some(seat), &action)
        ));
    }
    Ok(action)
}
