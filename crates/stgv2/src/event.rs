//! What happened, for logs, replays and the browser. Every event is public: STGv2's
//! only hidden information is the order of the decks' draw piles.

use crate::action::Item;
use crate::state::{Asset, MoveCard, Phase, ShipId, Volley};
use orrery_core::Seat;
use orrery_nodes::Pos;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// ST-05: "a random first player", drawn at set-up among `players`; play goes on
    /// in seat order from him.
    FirstDrawn {
        seat: Seat,
        players: u8,
    },
    Started {
        seat: Seat,
        ship: ShipId,
        at: Pos,
    },
    TurnStarted {
        seat: Seat,
        round: u32,
    },
    CellsPlaced {
        seat: Seat,
        moves: u8,
        attack: u8,
        defend: u8,
        action: u8,
    },
    SetDrawn {
        seat: Seat,
        set: u8,
        cards: Vec<MoveCard>,
    },
    DeckReshuffled {
        deck: String,
    },
    Moved {
        ship: ShipId,
        card: MoveCard,
        path: Vec<Pos>,
    },
    Blocked {
        ship: ShipId,
        at: Pos,
    },
    SetDone {
        set: u8,
    },
    Battle {
        attacker: ShipId,
        target: ShipId,
        volleys: Vec<Volley>,
    },
    Lost {
        ship: ShipId,
        asset: Asset,
    },
    Destroyed {
        ship: ShipId,
        spendys_lost: u32,
    },
    Eliminated {
        seat: Seat,
    },
    ActionRolled {
        ship: ShipId,
        cluster: u8,
        player: [u8; 2],
        bank: [u8; 2],
        cards: u32,
    },
    OutpostBuilt {
        seat: Seat,
        cluster: u8,
    },
    OutpostFailed {
        seat: Seat,
        cluster: u8,
    },
    Revenue {
        ship: ShipId,
        cards: Vec<u32>,
        total: u32,
    },
    Deposited {
        ship: ShipId,
        spendys: u32,
    },
    Bought {
        seat: Seat,
        item: Item,
        ship: Option<ShipId>,
        price: u32,
    },
    ShipBought {
        seat: Seat,
        ship: ShipId,
        at: Pos,
        price: u32,
    },
    PhaseStarted {
        phase: Phase,
    },
    TurnEnded {
        seat: Seat,
    },
    Won {
        seats: Vec<Seat>,
        reason: String,
    },
}
