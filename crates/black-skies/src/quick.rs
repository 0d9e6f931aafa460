//! Typed answers at a terminal: `deploy 18 3 0 behind-left`, `speed spades 8`,
//! `group 2 1`, `option 2`, `fire B3`, `hold`, `card 5`.

use crate::action::{Action, Wing};
use crate::state::{BlackSkies, Phase};
use orrery_core::{Game, Seat};

/// What `seat` may type now, with an example legal now.
pub fn hint(g: &BlackSkies, seat: Seat) -> Option<String> {
    let example = g.default_action(seat)?;
    let text = match &example {
        Action::Deploy { x, y, heading, wing } => format!(
            "type `deploy X Y HEADING [WING]` (wing: behind-left, behind-right, abreast-left, abreast-right), e.g. `deploy {x} {y} {heading}{}`",
            wing.map(|w| format!(" {}", w.name())).unwrap_or_default()
        ),
        Action::Speed { element, speed } => format!(
            "type `speed ELEMENT SPEED` for the next element of your deck, e.g. `speed {} {speed}`",
            g.element(*element).name
        ),
        Action::Card { card } if g.phase == Phase::Ready => {
            format!("type `card N` for its first card, e.g. `card {card}`")
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

/// Read `text` as `seat`'s answer.
pub fn parse(g: &BlackSkies, seat: Seat, text: &str) -> Result<Action, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let action = match words.first().copied() {
        Some("deploy") => {
            let wing = match words.get(4) {
                None => None,
                Some(w) => Some(
                    *Wing::ALL
                        .iter()
                        .find(|x| x.name() == *w)
                        .ok_or(format!("unknown wing place `{w}`"))?,
                ),
            };
            Action::Deploy {
                x: number(words.get(1), "X")?,
                y: number(words.get(2), "Y")?,
                heading: number(words.get(3), "HEADING")?,
                wing,
            }
        }
        Some("speed") => {
            let name = words.get(1).ok_or("missing ELEMENT")?;
            let element = g
                .elements
                .iter()
                .find(|e| e.seat == seat && (e.name == *name || e.id.to_string() == *name))
                .ok_or(format!("no element `{name}` of yours"))?
                .id;
            Action::Speed {
                element,
                speed: number(words.get(2), "SPEED")?,
            }
        }
        Some("group") => Action::Group {
            sizes: words[1..]
                .iter()
                .map(|w| w.parse().map_err(|_| format!("`{w}` is not a group size")))
                .collect::<Result<_, _>>()?,
        },
        Some("option") => Action::Maneuver {
            option: number::<u8>(words.get(1), "OPTION")?
                .checked_sub(1)
                .ok_or("options are numbered from 1")?,
        },
        Some("fire") => {
            let t = words.get(1).ok_or("missing target")?;
            let target = g
                .fighters
                .iter()
                .find(|f| crate::render::label(g, f.id).eq_ignore_ascii_case(t))
                .ok_or(format!("no fighter `{t}` (fighters are A1, B3, …)"))?
                .id;
            Action::Fire { target }
        }
        Some("hold") => Action::Hold,
        Some("card") => Action::Card {
            card: number(words.get(1), "CARD")?,
        },
        _ => return Err(format!("not understood; {}", expected(g))),
    };
    g.check(seat, &action).map_err(|e| e.to_string())?;
    Ok(action)
}

fn expected(g: &BlackSkies) -> &'static str {
    match g.phase {
        Phase::Deploy { .. } => "type `deploy X Y HEADING WING`",
        Phase::Ready => "type `speed ELEMENT SPEED`, then `card N` for its first card",
        Phase::Group { .. } => "type `group N N …`",
        Phase::Maneuver { .. } => "type `option N`",
        Phase::Fire { .. } => "type `fire B1` or `hold`",
        Phase::Card { .. } => "type `card N`",
        Phase::Over => "the game is over",
    }
}
