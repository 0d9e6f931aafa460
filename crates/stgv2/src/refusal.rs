//! Why the rules refuse an answer, as a value: the rules find the reason, and the
//! words are made above them (`render::refusal`), so no rule formats text. A refusal
//! borrows what it names from the game and the answer, so asking only whether an
//! answer is legal (the legal list, the agents) costs no allocation.

use crate::action::{Action, Item};
use crate::state::{Asset, Column, Phase, ShipId, Step};
use orrery_core::Seat;
use orrery_nodes::{Dir, Node, Pos};

/// Why an answer is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal<'a> {
    /// ST-05: not one of the seat's starting corners.
    NotStartCorner { seat: Seat, node: Node },
    /// ST-12: the damaged ship cannot lose that asset with the hits left.
    CannotLose {
        ship: ShipId,
        asset: Asset,
        hits: u32,
    },
    /// ST-09: the card cannot be played that way.
    CardWay { dirs: &'a [Dir] },
    /// ST-08: another set is being executed.
    SetBeingExecuted { set: u8 },
    /// ST-08: the ship may not follow the set.
    CannotFollow { ship: ShipId, set: u8 },
    /// Not an answer to the open question.
    NotAnAnswer { action: &'a Action, step: &'a Step },
    /// ST-06: a column has room for so many cells.
    ColumnFull { column: Column, max: u8 },
    /// ST-06: more cells placed than the player owns.
    TooManyCells { placed: u32, owned: u8 },
    /// ST-08: no unused Move Card set of that number.
    NoSet { set: u8 },
    /// Seed 2)a): only the player's ships in play with an engine follow a set.
    NoEngine { ship: ShipId },
    /// Not an answer in this step of the turn.
    NotInStep { action: &'a Action, phase: Phase },
    /// Not one of the player's ships in play.
    NotYourShip { ship: ShipId },
    /// No asteroid cluster of that number.
    NoCluster { cluster: u8 },
    /// ST-13: no cell left in the ACTION column.
    NoActionCell,
    /// ST-13: one Action attempt per ship and turn.
    AlreadyActed { ship: ShipId },
    /// ST-13: a ship with no assets makes no attempt.
    NoAssets { ship: ShipId },
    /// ST-02: the ship is not adjacent to the cluster.
    NotAtCluster { ship: ShipId, cluster: u8 },
    /// ST-13: another player's outpost holds the cluster.
    OutpostHeld { cluster: u8, owner: Seat },
    /// ST-14: the item costs more than the player has ON station.
    TooDear { seat: Seat, item: Item },
    /// ST-06: the most Energy Cells a player may own.
    MaxCells,
    /// An Energy Cell goes to the pool, not to a ship.
    CellNotForShip,
    /// An asset is fitted to a named ship.
    NameShip { item: Item },
    /// ST-15: the ship is not adjacent to the player's Space Station.
    NotAtStation { ship: ShipId },
    /// ST-15: no free hole of 24.
    NoFreeHole { ship: ShipId },
    /// ST-14: a ship costs more than the player has ON station.
    ShipTooDear { seat: Seat },
    /// The game holds at most so many ships.
    MaxShips,
    /// ST-15: a bought ship is placed next to the player's Space Station.
    NotNearStation { at: Pos },
    /// ST-03: the position is occupied.
    Occupied { at: Pos },
    /// No such ship.
    NoShip { ship: ShipId },
    /// ST-10: the target is not an enemy ship in play.
    NotEnemy { target: ShipId },
    /// ST-11: a ship without a Weapon does not attack.
    NoWeapon { ship: ShipId },
    /// ST-10: one attack initiated per ship and turn.
    AlreadyAttacked { ship: ShipId },
    /// ST-10: a player who has not bought a ship may not be attacked.
    NotBoughtShip { seat: Seat },
    /// ST-02: attacker and target must be adjacent.
    NotAdjacent { ship: ShipId, target: ShipId },
}
