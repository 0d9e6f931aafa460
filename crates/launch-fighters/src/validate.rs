//! Every invariant of a Launch Fighters! state, for saved states that did not come
//! from set-up and play (issue 8 §3). Every problem is reported, each naming its
//! field; a state that passes can be played on.

use crate::damage::MAX_ABOARD;
use crate::data::{MAX_MAP_SIDE, MIN_MAP_SIDE};
use crate::design;
use crate::objectives::objective_problems;
use crate::state::{Decision, LaunchFighters, Location, Phase, UnitKind};
use crate::types::{Objective, Stats, UnitId};
use orrery_core::{Game, Seat, StateError};
use orrery_hex::Hex;
use std::collections::HashMap;

/// The most turns a saved state may allow (the scenario loader takes any `u32`, but
/// play ends by LF-17 (b) long before).
const MAX_TURN_LIMIT: u32 = 100_000;

fn stats_within(have: &Stats, design: &Stats) -> Vec<&'static str> {
    [
        ("cannons", have.cannons, design.cannons),
        ("launchers", have.launchers, design.launchers),
        ("bays", have.bays, design.bays),
        ("defense", have.defense, design.defense),
        ("move", have.mv, design.mv),
    ]
    .into_iter()
    .filter(|(_, h, d)| h > d)
    .map(|(n, _, _)| n)
    .collect()
}

/// Check `g` (see [`orrery_core::Game::validate`]).
pub fn validate(g: &LaunchFighters) -> Result<(), StateError> {
    let mut p: Vec<String> = Vec::new();
    let (cols, rows) = (g.map.cols, g.map.rows);
    if !(1..=MAX_MAP_SIDE).contains(&cols)
        || !(1..=MAX_MAP_SIDE).contains(&rows)
        || cols.max(rows) < MIN_MAP_SIDE
    {
        p.push(format!(
            "map: {cols}×{rows}; each side is 1 to {MAX_MAP_SIDE} and the longer at least {MIN_MAP_SIDE} (LF-01, LFO-17)"
        ));
        // Everything below is about positions on the map.
        return StateError::check(p);
    }
    let mut terrain: HashMap<Hex, usize> = HashMap::new();
    for (i, t) in g.terrain.iter().enumerate() {
        if !g.map.contains(t.hex()) {
            p.push(format!(
                "terrain[{i}]: ({}, {}) is off the map",
                t.col, t.row
            ));
        } else if let Some(j) = terrain.insert(t.hex(), i) {
            p.push(format!(
                "terrain[{i}]: its hex already holds terrain[{j}] (LF-21)"
            ));
        }
    }
    let mut exits = std::collections::HashSet::new();
    for (i, e) in g.exit_area.iter().enumerate() {
        if !g.map.contains(e.hex()) || !exits.insert(e.hex()) {
            p.push(format!(
                "exit_area[{i}]: ({}, {}) is off the map or listed twice",
                e.col, e.row
            ));
        }
    }
    // Objectives (LF-17 (c)) name fleets and ships of this battle.
    let fleets: Vec<(String, Vec<String>)> = g
        .players
        .iter()
        .enumerate()
        .map(|(i, pl)| {
            let ships = g
                .units
                .iter()
                .filter(|u| u.owner.index() == i)
                .filter_map(|u| u.ship())
                .map(|s| s.design.name.clone())
                .collect();
            (pl.fleet.clone(), ships)
        })
        .collect();
    let blocked = |h: Hex| g.terrain_at(h).is_some_and(|t| t.blocks());
    let objectives: Vec<(String, &Objective)> = g
        .objectives
        .iter()
        .enumerate()
        .map(|(i, o)| (format!("objectives[{i}]"), o))
        .collect();
    for (field, why) in objective_problems(&objectives, &fleets, g.map, &blocked, &g.exit_area) {
        p.push(format!("{field}: {why}"));
    }
    if !g.held_turns.is_empty() && g.held_turns.len() != g.objectives.len() {
        p.push("held_turns: one count per objective".into());
    }
    if g.held_turns.iter().any(|&n| n > g.turn) {
        p.push("held_turns: more turns than have been played".into());
    }
    let n_players = g.players.len();
    if !(2..=6).contains(&n_players) {
        p.push(format!("players: {n_players}; a battle has 2 to 6"));
    }
    let seat_ok = |s: Seat| usize::from(s.0) < n_players;
    let mut order = g.order.clone();
    order.sort();
    order.dedup();
    if order.len() != g.order.len()
        || g.order.len() != n_players
        || !g.order.iter().all(|&s| seat_ok(s))
    {
        p.push(format!("order: {:?} must list every seat once", g.order));
    }
    if g.cursor > g.order.len() {
        p.push(format!("cursor: {} is past the initiative order", g.cursor));
    }
    if g.turn_limit == 0 || g.turn_limit > MAX_TURN_LIMIT {
        p.push(format!(
            "turn_limit: {} is not 1 to {MAX_TURN_LIMIT}",
            g.turn_limit
        ));
    }
    let placing = g.phase == Phase::Placement;
    if (g.turn == 0 && !placing) || g.turn > g.turn_limit.saturating_add(1) {
        p.push(format!(
            "turn: {} is not 1 to the turn limit {}",
            g.turn, g.turn_limit
        ));
    }
    if g.quiet_turns > g.turn {
        p.push(format!(
            "quiet_turns: {} is more than the turns played",
            g.quiet_turns
        ));
    }
    match g.phase {
        Phase::Movement { step } | Phase::Attack { step } if step > 5 => p.push(format!(
            "phase.step: {step}; the Step Chart runs 0 to 5 (LF-08)"
        )),
        _ => {}
    }
    let over = g.phase == Phase::Over;
    if over != g.outcome.is_some() {
        p.push("outcome: an outcome exactly when the phase is `over`".into());
    }
    if let Some(o) = &g.outcome {
        if o.scores.len() != n_players || o.winners.iter().any(|&s| !seat_ok(s)) {
            p.push("outcome: one score per player, winners among the seats".into());
        }
    }
    units(g, &seat_ok, &mut p);
    if !p.is_empty() {
        return StateError::check(p);
    }
    decisions(g, &mut p);
    if p.is_empty() {
        if g.outcome.is_none() && g.to_move().is_empty() {
            p.push(format!(
                "phase: the battle is not over but nobody is to move in {:?} (the units' moved/activated marks do not fit it)",
                g.phase
            ));
        }
        for seat in g.to_move() {
            if g.legal_actions(seat).is_empty() {
                p.push(format!("seat {seat} is to move but has no legal action"));
            }
        }
    }
    StateError::check(p)
}

fn units(g: &LaunchFighters, seat_ok: &dyn Fn(Seat) -> bool, p: &mut Vec<String>) {
    let n = g.units.len();
    let unit = |id: UnitId| g.units.get(id.index());
    let mut ships_at: HashMap<Hex, usize> = HashMap::new();
    let mut squadrons_at: HashMap<Hex, usize> = HashMap::new();
    for (i, u) in g.units.iter().enumerate() {
        let f = format!("units[{i}]");
        if u.id.index() != i {
            p.push(format!(
                "{f}.id: {} must be its place in the list, {i}",
                u.id.0
            ));
        }
        if !seat_ok(u.owner) {
            p.push(format!(
                "{f}.owner: seat {} does not exist ({} players)",
                u.owner,
                g.players.len()
            ));
        }
        if u.retreated_at.is_some() && u.location != Location::Retreated {
            p.push(format!("{f}.retreated_at: the unit has not retreated"));
        }
        if let Some(s) = u.eliminated_by {
            if !seat_ok(s) {
                p.push(format!("{f}.eliminated_by: seat {s} does not exist"));
            }
        }
        match &u.kind {
            UnitKind::Ship(s) => {
                for why in design::validate(&s.design) {
                    p.push(format!("{f}.design.{why}"));
                }
                let cost = s.design.cost_under(&g.options);
                if s.cost != cost {
                    p.push(format!(
                        "{f}.cost: {} but the design costs {cost} (LF-18, LF-19)",
                        s.cost
                    ));
                }
                for stat in stats_within(&s.stats, &s.design.stats) {
                    p.push(format!(
                        "{f}.stats.{stat}: above the {}'s original level",
                        s.design.name
                    ));
                }
                let a = &s.design.addons;
                if s.holds.cargo > a.cargo_holds || s.holds.passengers > a.passenger_holds {
                    p.push(format!(
                        "{f}.holds: more than the {}'s holds",
                        s.design.name
                    ));
                }
                if (s.holds.cargo, s.holds.passengers) != (a.cargo_holds, a.passenger_holds)
                    && !g.options.holds_can_be_hit
                {
                    p.push(format!(
                        "{f}.holds: lost holds, but holds are hit only under the optional rule \
                         holds_can_be_hit (LF-19)"
                    ));
                }
                if a.fighter_warp > 0 && !g.options.fighter_warp {
                    p.push(format!(
                        "{f}.design.addons.fighter_warp: only under the optional rule \
                         fighter_warp (LF-19)"
                    ));
                }
                if s.missiles > s.design.missiles {
                    p.push(format!(
                        "{f}.missiles: {} exceeds the design's {}",
                        s.missiles, s.design.missiles
                    ));
                }
                if s.repair_left > s.design.addons.repair {
                    p.push(format!("{f}.repair_left: more than the design's Repair"));
                }
                if s.boosters_left > s.design.addons.boosters {
                    p.push(format!(
                        "{f}.boosters_left: more than the design's Boosters"
                    ));
                }
                if u.location == Location::Unplaced && g.phase != Phase::Placement {
                    p.push(format!("{f}.location: unplaced after placement"));
                }
                if let Location::Aboard(_) = u.location {
                    p.push(format!("{f}.location: a ship cannot be aboard another"));
                }
            }
            UnitKind::Squadron(q) => {
                if !unit(q.original_host).is_some_and(|h| h.is_ship()) {
                    p.push(format!(
                        "{f}.original_host: unit {} is not a ship",
                        q.original_host.0
                    ));
                }
                if q.warp && !g.options.fighter_warp {
                    p.push(format!(
                        "{f}.warp: fighters have warp drive only under the optional rule \
                         fighter_warp (LF-19)"
                    ));
                }
                if q.warp_declared && !q.warp {
                    p.push(format!("{f}.warp_declared: the squadron has no warp drive"));
                }
                if let Some(h) = q.lost_with_host {
                    if !unit(h).is_some_and(|h| h.is_ship()) {
                        p.push(format!("{f}.lost_with_host: unit {} is not a ship", h.0));
                    }
                }
                match u.location {
                    Location::Unplaced => p.push(format!("{f}.location: squadrons start aboard")),
                    Location::Aboard(h) => match unit(h) {
                        // Squadrons stay aboard a ship that retreats or is lost.
                        Some(host) if host.is_ship() && host.owner == u.owner => {}
                        _ => p.push(format!(
                            "{f}.location: aboard unit {}, not a ship of its owner",
                            h.0
                        )),
                    },
                    _ => {}
                }
            }
        }
        if let Location::OnMap(h) = u.location {
            if !g.map.contains(h) {
                p.push(format!("{f}.location: {h:?} is off the map"));
            } else if !g.enterable(h) {
                p.push(format!(
                    "{f}.location: a moon or planetoid, which units may not enter (LF-09)"
                ));
            }
            let at = if u.is_ship() {
                &mut ships_at
            } else {
                &mut squadrons_at
            };
            if let Some(j) = at.insert(h, i) {
                p.push(format!(
                    "{f}.location: units[{j}] is already there; a hex holds at most one ship and one squadron (LF-09)"
                ));
            }
        }
    }
    if n > usize::from(u16::MAX) {
        p.push(format!("units: {n}, more than {}", u16::MAX));
    }
    for (i, u) in g.units.iter().enumerate() {
        if u.is_ship() {
            let aboard = g.aboard(u.id).count();
            if aboard > MAX_ABOARD.max(usize::from(u.ship().map_or(0, |s| s.design.squadrons))) {
                p.push(format!(
                    "units[{i}]: {aboard} squadrons aboard, more than it can carry"
                ));
            }
        }
    }
    // A ship shares its hex with a squadron only while that squadron's push is owed.
    for (h, &s) in &ships_at {
        if let Some(&q) = squadrons_at.get(h) {
            let pushed = g.pending.iter().any(
                |d| matches!(d.decision, Decision::Push { squadron, .. } if squadron.index() == q),
            ) || g.activation.as_ref().is_some_and(|a| a.dogfight.is_some());
            if !pushed {
                p.push(format!(
                    "units[{q}].location: shares a hex with units[{s}] with no push owed (LF-09)"
                ));
            }
        }
    }
}

/// Decisions owed and the activation refer to units and seats that exist, of the
/// right kind.
fn decisions(g: &LaunchFighters, p: &mut Vec<String>) {
    let n_players = g.players.len();
    let ship = |id: UnitId| g.units.get(id.index()).is_some_and(|u| u.is_ship());
    let squadron = |id: UnitId| g.units.get(id.index()).is_some_and(|u| !u.is_ship());
    let seat = |s: Option<Seat>| s.is_none_or(|s| usize::from(s.0) < n_players);
    for (i, d) in g.pending.iter().enumerate() {
        let f = format!("pending[{i}]");
        if usize::from(d.seat.0) >= n_players {
            p.push(format!("{f}.seat: seat {} does not exist", d.seat));
        }
        let ok = match &d.decision {
            Decision::Push {
                squadron: q,
                pusher,
            } => squadron(*q) && seat(Some(*pusher)),
            Decision::ReduceStats {
                ship: s,
                levels,
                credited,
            } => ship(*s) && *levels >= 1 && *levels <= 30 && seat(*credited),
            Decision::Intercept { target } => g.units.get(target.index()).is_some(),
            Decision::SquadronHit { squadron: q } => squadron(*q),
            Decision::ReturnToBase {
                squadron: q,
                credited,
            } => squadron(*q) && seat(*credited),
            Decision::BayLoss { ship: s, credited } => ship(*s) && seat(*credited),
            Decision::Advance { winner, vacated } => squadron(*winner) && g.map.contains(*vacated),
            Decision::RepairStat { ship: s } => ship(*s),
        };
        if !ok {
            p.push(format!(
                "{f}.decision: refers to a unit or seat that cannot take it"
            ));
        }
    }
    if let Some(a) = &g.activation {
        // The active unit may have been lost during its own activation.
        if g.units.get(a.unit.index()).is_none() {
            p.push(format!("activation.unit: unit {} does not exist", a.unit.0));
        }
        if let Some(pool) = &a.pool {
            if g.units.get(pool.target.index()).is_none() {
                p.push(format!(
                    "activation.pool.target: unit {} does not exist",
                    pool.target.0
                ));
            }
            if pool.dice > 99 {
                p.push(format!("activation.pool.dice: {} dice", pool.dice));
            }
        }
        if let Some((w, l)) = a.dogfight {
            if !squadron(w) || g.units.get(l.index()).is_none() {
                p.push("activation.dogfight: not a squadron and a unit".into());
            }
        }
    }
}
