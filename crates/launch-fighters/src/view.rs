//! What a seat sees. Launch Fighters! has no hidden information ("The stats of all
//! ships on the map are public knowledge"), so every seat and spectators see the whole
//! battle — except the random generator, whose state would reveal future dice.

use crate::objectives::objective_text;
use crate::state::{Activation, LaunchFighters, Pending, Phase, Player, Unit};
use crate::types::{MapHex, Objective, Terrain};
use orrery_core::{Game, Outcome, Seat};
use orrery_hex::HexMap;
use serde::Serialize;

/// An objective as a seat sees it: the objective, its text, how many times its points
/// are earned now and (for `hold`) the turns in a row it has been held.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ObjectiveView {
    #[serde(flatten)]
    pub objective: Objective,
    pub text: String,
    pub earned: u32,
    pub held_turns: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LfView {
    pub viewer: Option<Seat>,
    pub scenario: String,
    pub turn: u32,
    pub turn_limit: u32,
    /// The phase's name, as the status shows it, with its details beside it
    /// (`step`; for Stratoyager also `segment`, `index`): flattened.
    #[serde(flatten)]
    pub phase: Phase,
    pub map: HexMap,
    pub terrain: Vec<Terrain>,
    /// The scenario's exit area (LF-16 (3)); absent when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exit_area: Vec<MapHex>,
    /// The scenario's objectives (LF-17 (c)) and, for each, how many times its points
    /// are earned if the battle ended now; absent when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<ObjectiveView>,
    pub players: Vec<Player>,
    pub units: Vec<Unit>,
    /// Initiative sequence, lowest first.
    pub order: Vec<Seat>,
    pub to_move: Vec<Seat>,
    pub pending: Option<Pending>,
    pub activation: Option<Activation>,
    pub scores: Vec<f64>,
    pub outcome: Option<Outcome>,
}

impl LfView {
    pub fn new(g: &LaunchFighters, viewer: Option<Seat>) -> Self {
        LfView {
            viewer,
            scenario: g.scenario_name.clone(),
            turn: g.turn,
            turn_limit: g.turn_limit,
            phase: g.phase,
            map: g.map,
            terrain: g.terrain.clone(),
            exit_area: g.exit_area.clone(),
            objectives: g
                .objectives
                .iter()
                .enumerate()
                .map(|(i, o)| ObjectiveView {
                    text: objective_text(o),
                    objective: o.clone(),
                    earned: g.objective_count(i),
                    held_turns: g.held_turns.get(i).copied().unwrap_or(0),
                })
                .collect(),
            players: g.players.clone(),
            units: g.units.clone(),
            order: g.order.clone(),
            to_move: g.to_move(),
            pending: g.pending.last().cloned(),
            activation: g.activation.clone(),
            scores: g.scores(),
            outcome: g.outcome.clone(),
        }
    }
}

/// What seeds an agent's decision ([`SearchHints::knowledge_digest`]): the parts of
/// [`LfView`] that change during a battle, fed in place without building the view.
/// Left out as static or derived: the scenario's name, map, terrain, exit area and
/// objective texts, the ships' designs and counter letters, `to_move`, scores and the
/// objectives' earned counts (functions of what is fed), except that the Step
/// Chart's cursor is fed for `to_move` (it is not in the view but hides nothing:
/// the view is the whole state but the generator).
pub(crate) fn knowledge_digest(g: &LaunchFighters, seat: Seat) -> u64 {
    use crate::state::{Location, UnitKind};
    let mut d = orrery_core::Digester::new();
    d.word(u64::from(seat.0));
    d.word(u64::from(g.turn));
    d.feed(&g.phase);
    d.feed(&g.held_turns);
    for p in &g.players {
        d.word(u64::from(p.initiative));
    }
    for u in &g.units {
        // Small fields packed several to a word (each within its bits).
        let (place, q, r) = match u.location {
            Location::Unplaced => (0u64, 0, 0),
            Location::OnMap(h) => (1, h.q, h.r),
            Location::Aboard(host) => (2, i32::from(host.0), 0),
            Location::Eliminated => (3, 0, 0),
            Location::Retreated => (4, 0, 0),
        };
        d.word(place | u64::from(q as u32) << 8 | u64::from(r as u32) << 40);
        d.word(
            u64::from(u.moved)
                | u64::from(u.activated) << 1
                | u64::from(u.eliminated_by.map_or(0xFF, |s| s.0)) << 8
                | u.retreated_at.map_or(0, |h| {
                    1 | u64::from(h.q as u16) << 16 | u64::from(h.r as u16) << 32
                }) << 16,
        );
        match &u.kind {
            UnitKind::Ship(s) => {
                let st = &s.stats;
                d.word(
                    u64::from(st.cannons)
                        | u64::from(st.launchers) << 8
                        | u64::from(st.bays) << 16
                        | u64::from(st.defense) << 24
                        | u64::from(st.mv) << 32
                        | u64::from(s.holds.cargo) << 40
                        | u64::from(s.holds.passengers) << 48
                        | u64::from(s.missiles) << 56,
                );
                d.word(
                    u64::from(s.repair_left)
                        | u64::from(s.boosters_left) << 8
                        | (s.facing.index() as u64) << 16
                        | u64::from(s.recovered_this_turn) << 24
                        | u64::from(s.warp_declared) << 32
                        | u64::from(s.used_booster_this_turn) << 33
                        | u64::from(s.repaired_this_turn) << 34,
                );
            }
            UnitKind::Squadron(q) => d.word(
                2 | u64::from(q.active) << 2
                    | u64::from(q.warp) << 3
                    | u64::from(q.warp_declared) << 4
                    | u64::from(q.original_host.0) << 8
                    | q.lost_with_host.map_or(0, |h| 1 | u64::from(h.0) << 1) << 24,
            ),
        }
    }
    d.feed(&g.order);
    d.word(g.cursor as u64);
    d.feed(&g.pending.last());
    d.feed(&g.activation);
    d.word(u64::from(g.outcome.is_some()));
    d.finish()
}
