//! Checks of a saved state that did not come from play (`Game::validate`): every
//! problem at once, each section as far as the state's shape lets it look without
//! indexing past a list, and never a panic.

use crate::combat::volley_hits;
use crate::economy::MAX_SHIPS;
use crate::scenario;
use crate::state::{Assets, MoveCard, OutpostCard, Step, Stgv2};
use orrery_core::{Seat, StateError};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Display;

pub fn validate(g: &Stgv2) -> Result<(), StateError> {
    let mut p = Vec::new();
    let n = g.players.len();
    if !(2..=6).contains(&n) {
        p.push(format!("players: {n}; must be 2–6"));
        return StateError::check(p);
    }
    rules_problems(g, &mut p);
    deck_problems(g, &mut p);
    player_problems(g, &mut p);
    turn_problems(g, &mut p);
    // The field, the ships and the step read positions and stations: only on a
    // board that is whole.
    if board_problems(g, &mut p) {
        let ships_ok = ship_problems(g, &mut p);
        if ships_ok {
            battle_problems(g, &mut p);
            step_problems(g, &mut p);
        }
    }
    StateError::check(p)
}

/// The field, the stations and the clusters; `true` when they are whole.
fn board_problems(g: &Stgv2, p: &mut Vec<String>) -> bool {
    let n = g.players.len();
    let before = p.len();
    if g.stations.len() != n {
        p.push(format!(
            "stations: {} for {n} players; one per player",
            g.stations.len()
        ));
    }
    if g.field.levels == 0
        || g.field.levels > 9
        || g.field.tiles().is_empty()
        || g.field.tiles().len() > 400
    {
        p.push("field: 1–9 levels and 1–400 tiles".into());
        return false;
    }
    if g.field
        .tiles()
        .iter()
        .any(|t| t.q.abs() > 50 || t.r.abs() > 50)
    {
        p.push("field: tiles lie within ±50".into());
        return false;
    }
    if g.clusters.len() > 255 {
        p.push("clusters: at most 255".into());
    }
    let mut seen = BTreeSet::new();
    for (i, node) in g
        .stations
        .iter()
        .chain(g.clusters.iter().map(|c| &c.node))
        .enumerate()
    {
        if !node.is_centre() || !g.field.has_node(*node) {
            p.push(format!(
                "station or cluster {i}: {node} is not a tile centre of the field"
            ));
        }
        if !seen.insert(*node) {
            p.push(format!("station or cluster {i}: {node} holds two pieces"));
        }
    }
    for (i, c) in g.clusters.iter().enumerate() {
        if let Some(o) = c.outpost {
            if o.index() >= n || g.players[o.index()].out {
                p.push(format!(
                    "clusters[{i}].outpost: no such player in play (ST-17)"
                ));
            }
        }
    }
    p.len() == before
}

/// The scenario rules the state carries (what a scenario file may say of them).
fn rules_problems(g: &Stgv2, p: &mut Vec<String>) {
    let probe = scenario::Scenario {
        name: g.scenario.clone(),
        description: String::new(),
        players: g.players.len() as u8,
        levels: 1,
        tiles: Vec::new(),
        stations: Vec::new(),
        clusters: Vec::new(),
        start: scenario::Start {
            cells: 0,
            ..scenario::Start::default()
        },
        forces: Vec::new(),
        rules: g.rules.clone(),
    };
    p.extend(
        scenario::problems(&probe)
            .into_iter()
            .filter(|problem| problem.starts_with("rules")),
    );
}

/// Every deck holds exactly the scenario's cards, counting its draw pile, its
/// discards and the cards out (ST-07: the Move deck, this turn's sets out; ST-13:
/// the Outpost and Revenue decks, whose drawn cards are discarded at once).
fn deck_problems(g: &Stgv2, p: &mut Vec<String>) {
    let r = &g.rules;
    let out = g.sets.iter().flat_map(|s| s.cards.iter().copied());
    let moves = g.move_deck.draw.iter().chain(&g.move_deck.discard).copied();
    let name = |c: MoveCard| c.name().to_string();
    compare_deck(
        p,
        "move deck (ST-07)",
        moves.chain(out),
        r.move_deck.cards(),
        name,
    );
    let outposts = g.outpost_deck.draw.iter().chain(&g.outpost_deck.discard);
    let name = |c: OutpostCard| match c {
        OutpostCard::Claim => "Claim".to_string(),
        OutpostCard::Dry => "Dry".to_string(),
    };
    compare_deck(
        p,
        "outpost deck (ST-13)",
        outposts.copied(),
        r.outpost_cards(),
        name,
    );
    let revenue = g.revenue_deck.draw.iter().chain(&g.revenue_deck.discard);
    let name = |v: u32| format!("{v}-Spendy");
    compare_deck(
        p,
        "revenue deck (ST-13)",
        revenue.copied(),
        r.revenue_cards(),
        name,
    );
}

/// Compare the cards of a deck in the state with the scenario's list, by copies of
/// each card: one problem naming every difference.
fn compare_deck<T: Ord + Copy, S: Display>(
    p: &mut Vec<String>,
    deck: &str,
    held: impl Iterator<Item = T>,
    expected: Vec<T>,
    name: impl Fn(T) -> S,
) {
    let (have, want) = (tally(held), tally(expected));
    let kinds: BTreeSet<T> = have.keys().chain(want.keys()).copied().collect();
    let wrong: Vec<String> = kinds
        .into_iter()
        .filter_map(|k| {
            let (h, w) = (
                have.get(&k).copied().unwrap_or(0),
                want.get(&k).copied().unwrap_or(0),
            );
            (h != w).then(|| format!("{h} × {} (the deck has {w})", name(k)))
        })
        .collect();
    if !wrong.is_empty() {
        p.push(format!(
            "{deck}: {} in its draw pile, discards and cards out",
            wrong.join(", ")
        ));
    }
}

/// Copies of each card.
fn tally<T: Ord>(cards: impl IntoIterator<Item = T>) -> BTreeMap<T, usize> {
    let mut m = BTreeMap::new();
    for c in cards {
        *m.entry(c).or_default() += 1;
    }
    m
}

/// The Play Boards, Spendys and standings (ST-06, ST-10, ST-13, ST-17).
fn player_problems(g: &Stgv2, p: &mut Vec<String>) {
    let r = &g.rules;
    let n = g.players.len();
    for (i, pl) in g.players.iter().enumerate() {
        if pl.cells > r.max_cells {
            p.push(format!("players[{i}].cells: more than {}", r.max_cells));
        }
        let c = pl.placed;
        if c.total() > u32::from(pl.cells)
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
            p.push(format!(
                "players[{i}].attempts: more than the ACTION cells (ST-13)"
            ));
        }
        if pl.on > 100_000_000 {
            p.push(format!("players[{i}].on: implausible"));
        }
        // ST-10: protected until he buys a ship; bought ships follow the starting
        // ones (ids from one per player on).
        let bought = g
            .ships
            .iter()
            .find(|s| s.seat.index() == i && usize::from(s.id) >= n);
        match (pl.bought_ship, bought) {
            (false, Some(s)) => p.push(format!(
                "players[{i}].bought_ship: false, but ship {} is one he bought (ST-10)",
                s.id
            )),
            (true, None) => p.push(format!(
                "players[{i}].bought_ship: true, but he never bought a ship (ST-10)"
            )),
            _ => {}
        }
        let has_ship = g.fleet(Seat(i as u8)).next().is_some();
        if !pl.out && !has_ship && !matches!(g.step, Step::Start { .. }) {
            p.push(format!("players[{i}]: in play without a ship (ST-17)"));
        }
    }
    if g.outcome.is_none() && !matches!(g.step, Step::Start { .. }) && g.in_play().count() < 2 {
        p.push("players: fewer than two in play, yet the game goes on (ST-18, ST-19)".into());
    }
}

/// Whose turn, the round and the end (ST-05, ST-18).
fn turn_problems(g: &Stgv2, p: &mut Vec<String>) {
    let n = g.players.len();
    let r = &g.rules;
    if g.current.index() >= n || g.first.index() >= n {
        p.push("current/first: no such player".into());
    } else if g.players[g.current.index()].out && g.outcome.is_none() {
        p.push("current: an eliminated player".into());
    }
    let starting = matches!(g.step, Step::Start { .. });
    if starting != (g.round == 0) {
        p.push(format!(
            "round: {} (0 exactly while starting corners are chosen, ST-05)",
            g.round
        ));
    }
    // A game over on the turn limit stands at the round after the last.
    let last = if g.outcome.is_some() {
        r.rounds.saturating_add(1)
    } else {
        r.rounds
    };
    if g.round > last {
        p.push(format!(
            "round: {} of {} rounds (ST-18: the game ends after the last)",
            g.round, r.rounds
        ));
    }
    if (g.outcome.is_some()) != matches!(g.step, Step::Over) {
        p.push("outcome and step disagree".into());
    }
    if let Some(o) = &g.outcome {
        if o.winners.iter().any(|w| w.index() >= n) {
            p.push("outcome.winners: no such player".into());
        }
    }
    // Sets: none before the first turn; the first set before step 2; then one
    // more per placed MOVE cell (ST-08).
    let moves = g.players.get(g.current.index()).map(|pl| pl.placed.moves);
    let expected = match &g.step {
        Step::Start { .. } => Some(0),
        Step::Cells => Some(1),
        Step::Main { .. } | Step::Moving { .. } | Step::Damage { .. } => {
            moves.map(|m| 1 + usize::from(m))
        }
        Step::Over => None,
    };
    if let Some(k) = expected {
        if g.sets.len() != k {
            p.push(format!(
                "sets: {} this turn; the turn's step has {k} (ST-08)",
                g.sets.len()
            ));
        }
    }
    if matches!(g.step, Step::Cells) && g.sets.iter().any(|s| s.used) {
        p.push("sets: a set used before the cells are placed (STO-01)".into());
    }
    if g.sets.iter().any(|s| s.cards.len() > 24) {
        p.push("sets: longer than 24 cards".into());
    }
}

/// The ships (ST-03, ST-14, ST-15); `true` when their ids and owners can be read.
fn ship_problems(g: &Stgv2, p: &mut Vec<String>) -> bool {
    let n = g.players.len();
    if g.ships.len() > MAX_SHIPS {
        p.push(format!("ships: at most {MAX_SHIPS} (STO-09)"));
        return false;
    }
    if g.ships.len() < n {
        p.push("ships: each player's starting ship".into());
        return false;
    }
    let before = p.len();
    let fixed: BTreeSet<_> = g
        .stations
        .iter()
        .copied()
        .chain(g.clusters.iter().map(|c| c.node))
        .collect();
    let mut at = BTreeSet::new();
    for (i, s) in g.ships.iter().enumerate() {
        if usize::from(s.id) != i {
            p.push(format!("ships[{i}].id: {} (must be {i})", s.id));
        }
        if s.seat.index() >= n {
            p.push(format!("ships[{i}].seat: no such player"));
            continue;
        }
        if i < n && s.seat.index() != i {
            p.push(format!("ships[{i}].seat: the starting ship of seat {i}"));
        }
        if s.assets.count() > Assets::HOLES {
            p.push(format!("ships[{i}].assets: more than 24 (ST-15)"));
        }
        if s.off > 10_000_000 {
            p.push(format!("ships[{i}].off: implausible"));
        }
        if !s.alive {
            // Destroyed (or not yet placed): its Spendys were lost with it (ST-14).
            if s.off > 0 {
                p.push(format!(
                    "ships[{i}].off: {} Spendys on a ship not in play (ST-14: lost with it)",
                    s.off
                ));
            }
            continue;
        }
        if g.players[s.seat.index()].out {
            p.push(format!(
                "ships[{i}]: a ship of an eliminated player (ST-17)"
            ));
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
    }
    p.len() == before
}

/// The last battle as shown (ST-11): its ships exist, at most the attack and the
/// return fire, each volley's hits the Die Chart of its best totals.
fn battle_problems(g: &Stgv2, p: &mut Vec<String>) {
    let Some(b) = &g.last_battle else {
        return;
    };
    let known = |id: u16| usize::from(id) < g.ships.len();
    if !known(b.attacker) || !known(b.target) || b.volleys.len() > 2 {
        p.push("last_battle: no such ships, or more than an attack and its return fire".into());
    }
    for (k, v) in b.volleys.iter().enumerate() {
        let within = |totals: &[u32], dice: u32| {
            totals.len() <= 21
                && totals
                    .iter()
                    .all(|&t| t >= dice && u64::from(t) <= 6 * u64::from(dice))
        };
        if !within(&v.attack_totals, v.attack_dice)
            || !within(&v.defense_totals, v.defense_dice)
            || v.hits != volley_hits(&v.attack_totals, &v.defense_totals)
        {
            p.push(format!(
                "last_battle.volleys[{k}]: totals outside the dice, or hits not the Die Chart of the best totals (ST-11)"
            ));
        }
    }
}

fn step_problems(g: &Stgv2, p: &mut Vec<String>) {
    let ship_ok = |id: u16| usize::from(id) < g.ships.len() && g.ship(id).alive;
    match &g.step {
        Step::Start { seat } => {
            if seat.index() >= g.players.len() || g.start_options(*seat).is_empty() {
                p.push("step.start: no such player or no free starting corner".into());
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
            // Hits go to the principals of the battle just fought (ST-11).
            let principals = g
                .last_battle
                .as_ref()
                .map_or(Vec::new(), |b| vec![b.attacker, b.target]);
            for d in damage {
                if !ship_ok(d.ship) || d.hits == 0 || d.hits > 5 {
                    p.push("step.damage: a ship in play with 1–5 hits".into());
                } else if !principals.contains(&d.ship) {
                    p.push(
                        "step.damage: a ship that was no principal of the last battle (ST-11)"
                            .into(),
                    );
                } else if g.removable(d.ship, d.hits).len() < 2 && Some(d) == damage.first() {
                    p.push("step.damage: no choice for the owner to make".into());
                }
            }
        }
        Step::Over => {}
    }
}
