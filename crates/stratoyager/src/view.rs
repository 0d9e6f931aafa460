//! What one side (or a spectator) may see. Positions, speeds, damage, tokens and
//! revealed cards are public; answers to a secret question are shown only to their
//! owner until all are in, and dogfight cards only to the side that drew them.

use crate::action::Action;
use crate::state::{AskKind, MissileMarker, Phase, Pilot, Place, Stratoyager, Unit};
use crate::types::{Band, Obstacle, UnitId, UnitType};
use orrery_core::Seat;
use orrery_table::Rect;
use serde::Serialize;

/// One question of the current batch as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AskView {
    pub seat: Seat,
    pub unit: crate::types::UnitId,
    pub answered: bool,
    /// The answer, if the viewer may see it (its own, or a public question's).
    pub answer: Option<Action>,
}

/// The current question batch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BatchView {
    pub kind: AskKind,
    pub secret: bool,
    pub asks: Vec<AskView>,
}

/// A side's (or a spectator's) view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SyView {
    pub viewer: Option<Seat>,
    pub scenario: String,
    pub table: Rect,
    pub obstacles: Vec<Obstacle>,
    pub sides: Vec<String>,
    pub roster: Vec<UnitType>,
    pub turn: u32,
    pub last_turn: u32,
    /// The phase's name, as the status shows it, with its details beside it
    /// (`step`; for Stratoyager also `segment`, `index`): flattened.
    #[serde(flatten)]
    pub phase: Phase,
    pub priority: Seat,
    pub cards: u8,
    pub units: Vec<Unit>,
    pub pilots: Vec<Pilot>,
    pub missiles: Vec<MissileMarker>,
    pub batch: Option<BatchView>,
    /// The viewer's own two dogfight cards this turn (SY-27).
    pub my_dogfight_cards: Option<[u8; 2]>,
    /// Each side's dogfight cards as far as they are face up (SY-27): its movement
    /// card once both movement cards are revealed, its combat card once both units
    /// have moved. `None` outside a dogfight turn. What the reveal told everyone is
    /// kept here, so a view (and what seeds an agent, issue 37 §3) holds all a side
    /// knows of the other's hand.
    pub shown_dogfight_cards: Option<Vec<[Option<u8>; 2]>>,
    /// The Movement Action orders revealed and flown in this activation (SY-14 step
    /// 2), whose hull stress is still to roll (SY-09): two orders can leave a unit in
    /// the same place and cost different stress dice.
    pub flown: Vec<(UnitId, crate::types::Plan)>,
    pub scores: Vec<f64>,
    pub over: bool,
    /// The range bands and their upper bounds in klicks (SY-05), for boards.
    pub bands: Vec<(Band, f64)>,
    /// SY-06: the front firing arc's half width in hours ("|bearing| ≤ 30° (hours
    /// 11–1)"), for boards; a Turret 360 fires all round.
    pub front_arc_hours: u8,
    /// SY-12: the pairs of opposing units on the table whose line of sight an
    /// obstacle blocks (lower id first), for boards that draw sight lines.
    pub blocked_sight: Vec<[UnitId; 2]>,
}

impl SyView {
    pub fn new(g: &Stratoyager, viewer: Option<Seat>) -> Self {
        let batch = g.batch.as_ref().map(|b| BatchView {
            kind: b.kind,
            secret: b.secret,
            asks: b
                .asks
                .iter()
                .map(|a| AskView {
                    seat: a.seat,
                    unit: a.unit,
                    answered: a.answer.is_some(),
                    answer: if !b.secret || Some(a.seat) == viewer {
                        a.answer.clone()
                    } else {
                        None
                    },
                })
                .collect(),
        });
        SyView {
            viewer,
            scenario: g.scenario.clone(),
            table: g.table,
            obstacles: g.obstacles.clone(),
            sides: g.side_names.clone(),
            roster: g.roster.clone(),
            turn: g.turn,
            last_turn: g.last_turn,
            phase: g.phase,
            priority: g.priority,
            cards: g.cards,
            units: g.units.clone(),
            pilots: g.pilots.clone(),
            missiles: g.missiles.clone(),
            batch,
            my_dogfight_cards: viewer.and_then(|s| {
                g.dogfight
                    .as_ref()
                    .and_then(|d| d.drawn.get(s.index()).copied())
            }),
            shown_dogfight_cards: g.dogfight.as_ref().map(shown_dogfight_cards),
            flown: g.flown.clone(),
            scores: crate::victory::scores(g),
            over: g.outcome.is_some(),
            bands: Band::ALL.iter().map(|&b| (b, b.upper())).collect(),
            front_arc_hours: 1,
            blocked_sight: blocked_sight(g),
        }
    }
}

/// Each side's `[movement, combat]` dogfight cards as far as they are face up (SY-27:
/// the movement cards are turned up together, the combat cards once both have moved).
pub fn shown_dogfight_cards(d: &crate::state::DogfightDeal) -> Vec<[Option<u8>; 2]> {
    let combat_up = !d.combat_order.is_empty();
    (0..d.drawn.len())
        .map(|side| {
            let movement = d.movement.get(side).copied().flatten();
            [movement, d.combat_card(side).filter(|_| combat_up)]
        })
        .collect()
}

/// SY-12 for every pair of opposing units on the table: those an obstacle blocks.
fn blocked_sight(g: &Stratoyager) -> Vec<[UnitId; 2]> {
    if g.obstacles.is_empty() {
        return Vec::new();
    }
    let on: Vec<&Unit> = g.units.iter().filter(|u| u.place == Place::Table).collect();
    let mut out = Vec::new();
    for (i, a) in on.iter().enumerate() {
        for b in &on[i + 1..] {
            if a.side != b.side && !crate::combat::line_of_sight(g, a.pos, b.pos) {
                out.push([a.id.min(b.id), a.id.max(b.id)]);
            }
        }
    }
    out
}

/// What seeds an agent's decision ([`orrery_core::SearchHints::knowledge_digest`]): the parts
/// of [`SyView`] that change during a battle, fed in place without building the view,
/// with the batch's answers masked exactly as the view masks them (another seat's
/// secret answer only as "answered"). Left out as static or derived: the scenario's
/// name, table, obstacles, sides, roster, last turn, bands and arc, the units'
/// labels, the scores and the blocked sight lines.
pub(crate) fn knowledge_digest(g: &Stratoyager, seat: Seat) -> u64 {
    let mut d = orrery_core::Digester::new();
    d.word(u64::from(seat.0));
    d.word(u64::from(g.turn));
    d.feed(&g.phase);
    d.feed(&(g.priority, g.cards));
    for u in &g.units {
        // The place by hand: its serde form is a tagged map with text.
        match u.place {
            Place::Undeployed => d.word(1),
            Place::Reserve => d.word(2),
            Place::Table => d.word(3),
            Place::Away { left_turn } => d.word(4 | u64::from(left_turn) << 8),
            Place::Hulk => d.word(5),
            Place::Lost { loss } => {
                d.word(6);
                d.feed(&loss);
            }
        }
        // Small fields packed several to a word (each within its bits).
        d.word(
            u64::from(u.id.0)
                | u64::from(u.side.0) << 8
                | (u.kind as u64 & 0xFFFF) << 16
                | u64::from(u.course.0) << 32
                | u64::from(u.facing.0) << 40
                | u64::from(u.shields) << 48
                | u64::from(u.card.map_or(0xFF, |c| c)) << 56,
        );
        d.word(u.pos.x.to_bits());
        d.word(u.pos.y.to_bits());
        d.word(u64::from(u.speed) | (u64::from(u.structure as u32)) << 32);
        let m = &u.missiles;
        let flags = [
            u.greyout,
            u.blackout,
            u.evasive,
            u.yawed,
            u.fire_at_will,
            u.countermeasures,
        ]
        .iter()
        .enumerate()
        .fold(0u64, |acc, (i, &f)| acc | u64::from(f) << i);
        d.word(
            u64::from(m.light)
                | u64::from(m.medium) << 8
                | u64::from(m.heavy) << 16
                | u64::from(u.fire_at_will_segment) << 24
                | flags << 32,
        );
        d.word(u.lock.map_or(0, |l| {
            1 | u64::from(l.target.0) << 8
                | u64::from(l.locked) << 16
                | u64::from(l.placed_turn) << 32
        }));
    }
    d.feed(&g.pilots);
    d.feed(&g.missiles);
    match &g.batch {
        None => d.word(0),
        Some(b) => {
            d.feed(&(b.kind, b.secret));
            for a in &b.asks {
                let shown = !b.secret || a.seat == seat;
                d.feed(&(a.seat, a.unit, a.answer.is_some()));
                d.feed(&a.answer.as_ref().filter(|_| shown));
            }
        }
    }
    d.feed(
        &g.dogfight
            .as_ref()
            .and_then(|df| df.drawn.get(seat.index()).copied()),
    );
    d.feed(&g.dogfight.as_ref().map(shown_dogfight_cards));
    d.feed(&g.flown);
    d.word(u64::from(g.outcome.is_some()));
    d.finish()
}
