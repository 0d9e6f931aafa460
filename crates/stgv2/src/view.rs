//! What a seat (or a spectator) sees: everything but the order of the decks' draw
//! piles, which no one knows (their sizes and the face-up discards are public).

use crate::scenario::Prices;
use crate::state::{
    Assets, Battle, Columns, Following, MoveCard, MoveSet, OutpostCard, Pending, ShipId, Stgv2,
};
use orrery_core::{Game, Outcome, Seat};
use orrery_nodes::{Node, Pos, Tile};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StView {
    pub scenario: String,
    pub viewer: Option<Seat>,
    /// The step's snake_case name (`start`, `cells`, `combat`, `action`,
    /// `purchase`, `moving`, `damage`, `over`).
    pub phase: &'static str,
    pub round: u32,
    pub rounds: u32,
    pub target: u32,
    /// Room for placed cells per column (ST-06).
    pub room: Columns,
    /// The Supply List (ST-15).
    pub prices: Prices,
    pub current: Seat,
    pub first: Seat,
    pub to_move: Vec<Seat>,
    pub levels: u8,
    pub tiles: Vec<Tile>,
    pub stations: Vec<StationView>,
    pub clusters: Vec<ClusterView>,
    pub players: Vec<PlayerView>,
    /// Ships in play.
    pub ships: Vec<ShipView>,
    /// This turn's Move Card sets.
    pub sets: Vec<MoveSet>,
    pub moving: Option<MovingView>,
    pub damage: Option<Pending>,
    pub decks: DecksView,
    pub last_battle: Option<Battle>,
    pub outcome: Option<Outcome>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StationView {
    pub seat: Seat,
    pub node: Node,
    pub out: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClusterView {
    pub id: u8,
    pub node: Node,
    pub outpost: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    /// Energy Cells owned.
    pub cells: u8,
    /// Cells placed beyond the free defaults.
    pub placed: Columns,
    /// Count per column, defaults included (ST-06).
    pub columns: Columns,
    /// Spendys ON station.
    pub on: u32,
    /// Spendys OFF station, carried by his ships.
    pub off: u32,
    /// Not yet open to attack (ST-10).
    pub protected: bool,
    pub out: bool,
    pub outposts: usize,
    pub attempts: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShipView {
    pub id: ShipId,
    pub seat: Seat,
    pub pos: Pos,
    pub assets: Assets,
    pub off: u32,
    pub attacked: bool,
    pub acted: bool,
    pub at_station: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MovingView {
    pub set: u8,
    pub moved: Vec<ShipId>,
    pub following: Option<Following>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DecksView {
    /// Cards left face down (order unknown to all).
    pub move_draw: usize,
    /// Face-up discards by card type.
    pub move_discard: BTreeMap<&'static str, usize>,
    pub outpost_draw: usize,
    pub outpost_discard_claims: usize,
    pub outpost_discard_dry: usize,
    pub revenue_draw: usize,
    /// Face-up revenue discards by value.
    pub revenue_discard: BTreeMap<u32, usize>,
}

impl StView {
    pub fn new(g: &Stgv2, viewer: Option<Seat>) -> Self {
        let mut move_discard = BTreeMap::new();
        for c in MoveCard::ALL {
            move_discard.insert(
                c.key(),
                g.move_deck.discard.iter().filter(|&&d| d == c).count(),
            );
        }
        let mut revenue_discard = BTreeMap::new();
        for &v in &g.revenue_deck.discard {
            *revenue_discard.entry(v).or_insert(0) += 1;
        }
        let claims = g
            .outpost_deck
            .discard
            .iter()
            .filter(|&&c| c == OutpostCard::Claim)
            .count();
        let columns = |s: Seat| {
            let [m, a, d, x] = g.columns_of(s);
            Columns {
                moves: m as u8,
                attack: a as u8,
                defend: d as u8,
                action: x as u8,
            }
        };
        StView {
            scenario: g.scenario.clone(),
            viewer,
            phase: g.step.name(),
            round: g.round,
            rounds: g.rules.rounds,
            target: g.rules.target,
            room: g.rules.room,
            prices: g.rules.prices,
            current: g.current,
            first: g.first,
            to_move: g.to_move(),
            levels: g.field.levels,
            tiles: g.field.tiles().to_vec(),
            stations: g
                .stations
                .iter()
                .enumerate()
                .map(|(i, &node)| StationView {
                    seat: Seat(i as u8),
                    node,
                    out: g.players[i].out,
                })
                .collect(),
            clusters: g
                .clusters
                .iter()
                .enumerate()
                .map(|(i, c)| ClusterView {
                    id: i as u8,
                    node: c.node,
                    outpost: c.outpost,
                })
                .collect(),
            players: g
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let seat = Seat(i as u8);
                    PlayerView {
                        seat,
                        cells: p.cells,
                        placed: p.placed,
                        columns: columns(seat),
                        on: p.on,
                        off: g.fleet(seat).map(|s| s.off).sum(),
                        protected: !p.bought_ship,
                        out: p.out,
                        outposts: g.outposts(seat),
                        attempts: p.attempts,
                    }
                })
                .collect(),
            ships: g
                .ships
                .iter()
                .filter(|s| s.alive)
                .map(|s| ShipView {
                    id: s.id,
                    seat: s.seat,
                    pos: s.pos,
                    assets: s.assets,
                    off: s.off,
                    attacked: s.attacked,
                    acted: s.acted,
                    at_station: g.at_own_station(s.id),
                })
                .collect(),
            sets: g.sets.clone(),
            moving: match &g.step {
                crate::state::Step::Moving {
                    set,
                    moved,
                    following,
                    ..
                } => Some(MovingView {
                    set: *set,
                    moved: moved.clone(),
                    following: *following,
                }),
                _ => None,
            },
            damage: g.pending_damage(),
            decks: DecksView {
                move_draw: g.move_deck.len(),
                move_discard,
                outpost_draw: g.outpost_deck.len(),
                outpost_discard_claims: claims,
                outpost_discard_dry: g.outpost_deck.discard.len() - claims,
                revenue_draw: g.revenue_deck.len(),
                revenue_discard,
            },
            last_battle: g.last_battle.clone(),
            outcome: g.outcome.clone(),
        }
    }
}
