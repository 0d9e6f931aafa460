//! Quick order entry at the terminal: `cells 1 0 1 1`, `follow 0 a`, `card 60 up`,
//! `attack a c`, `lose weapon`, `act a 3`, `buy weapon a`, `buy cell`,
//! `ship 3 2 0` (buy a ship at node (3,2) level 0), `start 1 2`, `end`, `next`.

use crate::action::{Action, Item};
use crate::state::{Asset, ShipId, Step, Stgv2};
use crate::words::ship_letter;
use orrery_core::{Game, Seat};
use orrery_nodes::{Dir, Node, Pos};

fn ship_ref(g: &Stgv2, word: &str) -> Result<ShipId, String> {
    if let Ok(n) = word.parse::<ShipId>() {
        return Ok(n);
    }
    let mut chars = word.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if let Some(id) = (0..g.ships.len() as ShipId).find(|&i| ship_letter(i) == c) {
            return Ok(id);
        }
    }
    Err(format!("`{word}` is not a ship (its letter or number)"))
}

fn num<T: std::str::FromStr>(word: Option<&&str>, what: &str) -> Result<T, String> {
    let w = word.ok_or(format!("missing {what}"))?;
    w.parse().map_err(|_| format!("`{w}` is not a {what}"))
}

pub fn parse(g: &Stgv2, _seat: Seat, text: &str) -> Result<Action, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(&head) = words.first() else {
        return Err("empty order".into());
    };
    let rest = &words[1..];
    Ok(match head.to_ascii_lowercase().as_str() {
        "next" | "n" | "done" => Action::Next,
        "end" | "end_set" => Action::EndSet,
        "start" => Action::Start {
            node: Node::new(num(rest.first(), "number")?, num(rest.get(1), "number")?),
        },
        "cells" => Action::Cells {
            moves: num(rest.first(), "count")?,
            attack: num(rest.get(1), "count")?,
            defend: num(rest.get(2), "count")?,
            action: num(rest.get(3), "count")?,
        },
        "follow" | "move" => Action::Follow {
            set: num(rest.first(), "set number")?,
            ship: ship_ref(g, rest.get(1).ok_or("missing ship")?)?,
        },
        "card" | "c" => Action::Card {
            dirs: rest
                .iter()
                .map(|w| {
                    Dir::parse(w).ok_or(format!(
                        "`{w}` is not a direction (0 60 120 180 240 300 up down)"
                    ))
                })
                .collect::<Result<_, _>>()?,
        },
        "attack" => Action::Attack {
            ship: ship_ref(g, rest.first().ok_or("missing ship")?)?,
            target: ship_ref(g, rest.get(1).ok_or("missing target")?)?,
        },
        "lose" => Action::Lose {
            asset: match rest.first().copied().unwrap_or("") {
                "weapon" | "w" => Asset::Weapon,
                "shield" | "s" => Asset::Shield,
                "engine" | "e" => Asset::Engine,
                "shuttle" | "t" => Asset::Shuttle,
                w => {
                    return Err(format!(
                        "`{w}` is not an asset (weapon shield engine shuttle)"
                    ))
                }
            },
        },
        "act" => Action::Act {
            ship: ship_ref(g, rest.first().ok_or("missing ship")?)?,
            cluster: num(rest.get(1), "cluster number")?,
        },
        "buy" => {
            let item = match rest.first().copied().unwrap_or("") {
                "cell" => Item::Cell,
                "engine" => Item::Engine,
                "weapon" => Item::Weapon,
                "shield" => Item::Shield,
                w => {
                    return Err(format!(
                    "`{w}` is not for sale (cell engine weapon shield; `ship A B Z` buys a ship)"
                ))
                }
            };
            let ship = match rest.get(1) {
                Some(w) => Some(ship_ref(g, w)?),
                None => None,
            };
            Action::Buy { item, ship }
        }
        "ship" => Action::BuyShip {
            at: Pos {
                node: Node::new(num(rest.first(), "number")?, num(rest.get(1), "number")?),
                z: num(rest.get(2), "level")?,
            },
        },
        w => {
            return Err(format!(
                "`{w}` is not an order (start cells follow card end attack lose act buy ship next)"
            ))
        }
    })
}

pub fn hint(g: &Stgv2, seat: Seat) -> Option<String> {
    let legal = g.legal_actions(seat);
    let first = legal.first()?;
    let form = match &g.step {
        Step::Start { .. } => "`start A B` (a corner node)",
        Step::Cells => "`cells MOVE ATTACK DEFEND ACTION` (cells placed beyond the free ones)",
        Step::Moving { following: Some(_), .. } => "`card DIR…` (0 60 120 180 240 300 up down, one per step)",
        Step::Moving { .. } => "`follow SET SHIP` or `end`",
        Step::Damage { .. } => "`lose weapon|shield|engine|shuttle`",
        Step::Main { .. } => "`follow SET SHIP`, `attack SHIP TARGET`, `act SHIP CLUSTER`, `buy ITEM [SHIP]`, `ship A B LEVEL`, `next`",
        Step::Over => return None,
    };
    Some(format!("type {form}; e.g. {}", example(first)))
}

fn example(a: &Action) -> String {
    match a {
        Action::Start { node } => format!("`start {} {}`", node.a, node.b),
        Action::Cells {
            moves,
            attack,
            defend,
            action,
        } => format!("`cells {moves} {attack} {defend} {action}`"),
        Action::Follow { set, ship } => format!("`follow {set} {}`", ship_letter(*ship)),
        Action::Card { dirs } => format!(
            "`card {}`",
            dirs.iter()
                .map(|d| d.name().trim_end_matches('°').to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Action::EndSet => "`end`".into(),
        Action::Attack { ship, target } => {
            format!("`attack {} {}`", ship_letter(*ship), ship_letter(*target))
        }
        Action::Lose { asset } => format!("`lose {}`", asset.name()),
        Action::Act { ship, cluster } => format!("`act {} {cluster}`", ship_letter(*ship)),
        Action::Buy { item, ship: None } => format!(
            "`buy {}`",
            if *item == Item::Cell {
                "cell"
            } else {
                item.name()
            }
        ),
        Action::Buy {
            item,
            ship: Some(s),
        } => format!("`buy {} {}`", item.name(), ship_letter(*s)),
        Action::BuyShip { at } => format!("`ship {} {} {}`", at.node.a, at.node.b, at.z),
        Action::Next => "`next`".into(),
    }
}
