//! A seat's decisions. JSON shapes (docs/stgv2.md):
//! `{"start":{"node":{"a":1,"b":2}}}`, `{"cells":{"move":1,"attack":0,"defend":1,"action":1}}`,
//! `{"follow":{"set":0,"ship":0}}`, `{"card":{"dirs":["0","up"]}}`, `"end_set"`,
//! `{"attack":{"ship":0,"target":1}}`, `{"lose":{"asset":"weapon"}}`,
//! `{"act":{"ship":0,"cluster":2}}`, `{"buy":{"item":"weapon","ship":0}}`,
//! `{"buy_ship":{"at":{"node":{"a":3,"b":1},"z":0}}}`, `"next"`.

use crate::state::{Asset, ShipId};
use orrery_nodes::{Dir, Node, Pos};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// ST-05: start the first ship on this corner of the station tile.
    Start { node: Node },
    /// Step 2: place cells in the columns (ST-06), beyond the free default cells.
    Cells {
        #[serde(rename = "move")]
        moves: u8,
        attack: u8,
        defend: u8,
        action: u8,
    },
    /// ST-08: ship `ship` follows Move Card set `set` next (starting the set's
    /// execution if it has not started).
    Follow { set: u8, ship: ShipId },
    /// ST-09: play the following ship's next card in these directions (one per step
    /// the ship takes with it).
    Card { dirs: Vec<Dir> },
    /// ST-08: the ships that have not moved with this set do not.
    EndSet,
    /// ST-11: ship `ship` is the principal attacker of enemy ship `target`.
    Attack { ship: ShipId, target: ShipId },
    /// ST-12: remove one asset of this type from the damaged ship.
    Lose { asset: Asset },
    /// ST-13: ship `ship` attempts the Action at asteroid cluster `cluster`.
    Act { ship: ShipId, cluster: u8 },
    /// ST-15: buy an Energy Cell (`ship` absent) or fit an asset to a ship adjacent
    /// to the station.
    Buy {
        item: Item,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ship: Option<ShipId>,
    },
    /// ST-15: buy a ship, placed empty at this free position adjacent to the station.
    BuyShip { at: Pos },
    /// End this step of the turn.
    Next,
}

/// What the Supply List sells (seed; ST-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Item {
    Cell,
    Engine,
    Weapon,
    Shield,
}

impl Item {
    pub const ALL: [Item; 4] = [Item::Cell, Item::Engine, Item::Weapon, Item::Shield];

    /// The asset fitted, for Engine, Weapon, Shield.
    pub fn asset(self) -> Option<Asset> {
        match self {
            Item::Cell => None,
            Item::Engine => Some(Asset::Engine),
            Item::Weapon => Some(Asset::Weapon),
            Item::Shield => Some(Asset::Shield),
        }
    }

    /// The name with its article: "an engine", "a weapon".
    pub fn with_article(self) -> String {
        match self {
            Item::Cell | Item::Engine => format!("an {}", self.name()),
            _ => format!("a {}", self.name()),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Item::Cell => "energy cell",
            Item::Engine => "engine",
            Item::Weapon => "weapon",
            Item::Shield => "shield",
        }
    }
}
