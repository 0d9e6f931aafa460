//! Checks of a saved state that did not come from play (`Game::validate`).

use crate::economy::MAX_SHIPS;
use crate::scenario;
use crate::state::{Assets, Step, Stgv2};
use orrery_core::{Seat, StateError};
use std::collections::BTreeSet;

pub fn validate(g: &Stgv2) -> Result<(), StateError> {
    let mut p = Vec::new();
    let n = g.players.len();
    if !(2..=6).contains(&n) {
        p.push(format!("players: {n}; must be 2–6"));
        return StateError::check(p);
    }
    if g.stations.len() != n {
        p.push("stations: one per player".into());
    }
    if g.field.levels == 0
        || g.field.levels > 9
        || g.field.tiles().is_empty()
        || g.field.tiles().len() > 400
    {
        p.push("field: 1–9 levels and 1–400 tiles".into());
        return StateError::check(p);
    }
    if g.field
        .tiles()
        .iter()
        .any(|t| t.q.abs() > 50 || t.r.abs() > 50)
    {
        p.push("field: tiles lie within ±50".into());
        return StateError::check(p);
    }
    let fixed: Vec<_> = g
        .stations
        .iter()
        .copied()
        .chain(g.clusters.iter().map(|c| c.node))
        .collect();
    let mut seen = BTreeSet::new();
    for (i, node) in fixed.iter().enumerate() {
        if !node.is_centre() || !g.field.has_node(*node) {
            p.push(format!(
                "station or cluster {i}: {node} is not a tile centre of the field"
            ));
        }
        if !seen.insert(*node) {
            p.push(format!("station or cluster {i}: {node} holds two pieces"));
        }
    }
    if !p.is_empty() {
        return StateError::check(p);
    }
    if g.clusters.len() > 255 {
        p.push("clusters: at most 255".into());
    }
    for (i, c) in g.clusters.iter().enumerate() {
        if let Some(o) = c.outpost {
            if o.index() >= n || g.players[o.index()].out {
                p.push(format!("clusters[{i}].outpost: no such player in play"));
            }
        }
    }
    if g.ships.len() > MAX_SHIPS {
        p.push(format!("ships: at most {MAX_SHIPS}"));
        return StateError::check(p);
    }
    let mut at = BTreeSet::new();
    for (i, s) in g.ships.iter().enumerate() {
        if usize::from(s.id) != i {
            p.push(format!("ships[{i}].id: {} (must be {i})", s.id));
        }
        if s.seat.index() >= n {
            p.push(format!("ships[{i}].seat: no such player"));
            continue;
        }
        if s.assets.count() > Assets::HOLES {
            p.push(format!("ships[{i}].assets: more than 24"));
        }
        if !s.alive {
            continue;
        }
        if g.players[s.seat.index()].out {
            p.push(format!("ships[{i}]: a ship of an eliminated player"));
        }
        if !g.field.has_pos(s.pos) {
            p.push(format!("ships[{i}].pos: {} is not on the field", s.pos));
        }
        if fixed.contains(&s.pos.node) {
            p.push(format!(
                "ships[{i}].pos: on a station's or cluster's rod (ST-03)"
            ));
        }
        if !at.insert(s.pos) {
            p.push(format!("ships[{i}].pos: {} holds two ships (ST-03)", s.pos));
        }
        if s.off > 10_000_000 {
            p.push(format!("ships[{i}].off: implausible"));
        }
    }
    let r = &g.rules;
    for (i, pl) in g.players.iter().enumerate() {
        if pl.cells > r.max_cells {
            p.push(format!("players[{i}].cells: more than {}", r.max_cells));
        }
        let c = pl.placed;
        if c.total() > pl.cells
            || c.moves > r.room.moves
            || c.attack > r.room.attack
            || c.defend > r.room.defend
            || c.action > r.room.action
        {
            p.push(format!(
                "players[{i}].placed: over the cells owned or a column's room (ST-06)"
            ));
        }
        if pl.attempts > c.action {
            p.push(format!("players[{i}].attempts: more than the ACTION cells"));
        }
        if pl.on > 100_000_000 {
            p.push(format!("players[{i}].on: implausible"));
        }
        let has_ship = g.fleet(Seat(i as u8)).next().is_some();
        if !pl.out && !has_ship && !matches!(g.step, Step::Start { .. }) {
            p.push(format!("players[{i}]: in play without a ship (ST-17)"));
        }
    }
    let mut rules_probe = scenario::Scenario {
        name: g.scenario.clone(),
        description: String::new(),
        players: n as u8,
        levels: g.field.levels,
        tiles: g.field.tiles().to_vec(),
        stations: Vec::new(),
        clusters: Vec::new(),
        start: scenario::Start::default(),
        forces: Vec::new(),
        rules: r.clone(),
    };
    rules_probe.stations = g
        .stations
        .iter()
        .filter_map(|&s| orrery_nodes::Tile::of_centre(s))
        .collect();
    rules_probe.start.cells = 0;
    for problem in scenario::problems(&rules_probe) {
        if problem.starts_with("rules") {
            p.push(problem);
        }
    }
    if g.sets.len() > 1 + usize::from(r.room.moves) || g.sets.iter().any(|s| s.cards.len() > 24) {
        p.push("sets: more than one per MOVE cell, or longer than 24 cards".into());
    }
    let deck_total = g.move_deck.draw.len()
        + g.move_deck.discard.len()
        + g.sets.iter().map(|s| s.cards.len()).sum::<usize>();
    if deck_total != r.move_deck.cards().len() {
        p.push(format!(
            "move deck: {deck_total} cards in play, the deck has {}",
            r.move_deck.cards().len()
        ));
    }
    if g.outpost_deck.draw.len() + g.outpost_deck.discard.len() != r.outpost_cards().len() {
        p.push("outpost deck: cards missing or added".into());
    }
    if g.revenue_deck.draw.len() + g.revenue_deck.discard.len() != r.revenue_cards().len() {
        p.push("revenue deck: cards missing or added".into());
    }
    if g.current.index() >= n || g.first.index() >= n {
        p.push("current/first: no such player".into());
    } else if g.players[g.current.index()].out && g.outcome.is_none() {
        p.push("current: an eliminated player".into());
    }
    if g.round > r.rounds + 1 {
        p.push("round: past the last".into());
    }
    step_problems(g, &mut p);
    if (g.outcome.is_some()) != matches!(g.step, Step::Over) {
        p.push("outcome and step disagree".into());
    }
    StateError::check(p)
}

fn step_problems(g: &Stgv2, p: &mut Vec<String>) {
    let ship_ok = |id: u16| usize::from(id) < g.ships.len() && g.ship(id).alive;
    match &g.step {
        Step::Start { seat } => {
            if seat.index() >= g.players.len() || g.start_options(*seat).is_empty() {
                p.push("step.start: no such player or no free starting corner".into());
            }
            if g.round != 0 {
                p.push("step.start: after the first round began".into());
            }
            // One ship per player, placed by the players before `seat` only.
            let placed_ok = g.ships.len() == g.players.len()
                && g.ships
                    .iter()
                    .enumerate()
                    .all(|(i, s)| s.seat.index() == i && s.alive == (i < seat.index()));
            if !placed_ok {
                p.push("step.start: each player has one ship, placed by the players before".into());
            }
        }
        Step::Main { .. } | Step::Cells => {}
        Step::Moving {
            set,
            moved,
            following,
            ..
        } => {
            if usize::from(*set) >= g.sets.len() || !g.sets[usize::from(*set)].used {
                p.push("step.set: no such set being executed".into());
            }
            if moved
                .iter()
                .any(|&s| !ship_ok(s) || g.ship(s).seat != g.current)
            {
                p.push("step.moved: not the current player's ships".into());
            }
            if let Some(f) = following {
                if !ship_ok(f.ship) || !moved.contains(&f.ship) || usize::from(f.card) > 24 {
                    p.push("step.following: not a ship moving with this set".into());
                } else if g.next_card(*set, f.ship, f.card).is_none()
                    || g.current_plays().is_empty()
                {
                    p.push("step.following: the ship has no card left to play".into());
                }
            }
        }
        Step::Damage { damage, .. } => {
            if damage.is_empty() || damage.len() > 2 {
                p.push("step.damage: one or two ships".into());
            }
            for d in damage {
                if !ship_ok(d.ship) || d.hits == 0 || d.hits > 5 {
                    p.push("step.damage: a ship in play with 1–5 hits".into());
                } else if g.removable(d.ship, d.hits).len() < 2 && Some(d) == damage.first() {
                    p.push("step.damage: no choice for the owner to make".into());
                }
            }
        }
        Step::Over => {}
    }
}
