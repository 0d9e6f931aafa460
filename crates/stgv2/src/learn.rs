//! The learning encoding of STGv2 ([`orrery_core::learn`]): a fixed id for every
//! action, and a seat's view written as numbers (`observe`, in
//! `learn/observe.rs`). Documented for Python users in `docs/learning/stgv2.md`.
//!
//! # Action ids
//!
//! Every field of the action is encoded, never its place in the legal list; ids are
//! distinct across seats (an action whose fields do not say whose it is carries the
//! acting seat). Ships can be bought, so ship fields range over the hard cap of
//! ship slots, [`MAX_SHIPS`] = 240 (a bought ship takes the next id; purchases stop
//! at the cap, [`crate::economy`]). Sizes:
//!
//! - `P` = seats, `seat` = the acting seat (0-based);
//! - `K` = [`MAX_SHIPS`]; a ship field is its id;
//! - `X` = the asteroid clusters; `Z` = the levels on a rod;
//! - `T` = 1 + the room for MOVE cells (the most Move Card sets a turn draws);
//! - `W` = Π (room + 1) over the four columns (the cell placements);
//! - a *corner* is the direction (0°, 60°, …, 300° → 0…5) from the seat's station
//!   (fixed for the game) to a node next to it: `Start` and `BuyShip` nodes are.
//!
//! The blocks, in order (each id = the block's start + the offset shown):
//!
//! | action | offset | size |
//! |---|---|---|
//! | `start {node}` | seat × 6 + corner | P × 6 |
//! | `cells {move, attack, defend, action}` | seat × W + ((move × (Ra + 1) + attack) × (Rd + 1) + defend) × (Rx + 1) + action | P × W |
//! | `follow {set, ship}` | set × K + ship | T × K |
//! | `card {dirs}` | seat × 584 + (8^0 + … + 8^(len − 1) − 1) + Σ dirᵢ × 8^i | P × 584 |
//! | `end_set` | seat | P |
//! | `attack {ship, target}` | ship × K + target | K × K |
//! | `lose {asset}` | seat × 4 + asset | P × 4 |
//! | `act {ship, cluster}` | ship × X + cluster | K × X |
//! | `buy {item: cell}` | seat | P |
//! | `buy {item, ship}` (engine 0, weapon 1, shield 2) | item × K + ship | 3 × K |
//! | `buy_ship {at}` | (seat × 6 + corner) × Z + z | P × 6 × Z |
//! | `next` | seat | P |
//!
//! Directions: 0° 0 … 300° 5, up 6, down 7 (a card play has 1 to 3). Assets: weapon
//! 0, shield 1, engine 2, shuttle 3. `follow`, `attack`, `act` and `buy` with a ship
//! name one of the seat's own ships (another's has no id), so they need no seat.

mod observe;

pub(crate) use observe::observe;

use crate::action::{Action, Item};
pub use crate::economy::MAX_SHIPS;
use crate::state::{Asset, Stgv2};
use crate::StView;
use orrery_core::Learning;
use orrery_core::Seat;
use orrery_nodes::{Dir, Node};

/// Card plays of 1 to 3 directions out of 8: 8 + 64 + 512.
const PLAYS: usize = 584;

/// The sizes of a game's blocks.
struct Layout {
    seats: usize,
    clusters: usize,
    levels: usize,
    sets: usize,
    room: [usize; 4],
}

impl Layout {
    fn of(g: &Stgv2) -> Layout {
        let r = g.rules.room;
        Layout {
            seats: g.players.len().max(1),
            clusters: g.clusters.len(),
            levels: usize::from(g.field.levels),
            sets: 1 + usize::from(r.moves),
            room: [r.moves, r.attack, r.defend, r.action].map(|x| usize::from(x) + 1),
        }
    }

    fn blocks(&self) -> [usize; 12] {
        let (p, k) = (self.seats, MAX_SHIPS);
        [
            p * 6,
            p * self.room.iter().product::<usize>(),
            self.sets * k,
            p * PLAYS,
            p,
            k * k,
            p * 4,
            k * self.clusters,
            p,
            3 * k,
            p * 6 * self.levels,
            p,
        ]
    }

    fn start(&self, block: usize) -> usize {
        self.blocks()[..block].iter().sum()
    }
}

fn dir_index(d: Dir) -> usize {
    Dir::ALL.iter().position(|&x| x == d).unwrap_or(0)
}

/// The corner of `node` around the seat's station.
fn corner(g: &Stgv2, seat: Seat, node: Node) -> Option<usize> {
    let station = *g.stations.get(seat.index())?;
    (0..6).find(|&i| station.offset(i) == node)
}

/// The seat's own ship `id`, as a slot.
fn own(g: &Stgv2, seat: Seat, id: u16) -> Option<usize> {
    let i = usize::from(id);
    (i < MAX_SHIPS && g.ships.get(i)?.seat == seat).then_some(i)
}

/// The rank of a card play among all plays of 1 to 3 directions.
fn play_rank(dirs: &[Dir]) -> Option<usize> {
    if dirs.is_empty() || dirs.len() > 3 {
        return None;
    }
    let before: usize = (0..dirs.len() - 1).map(|l| 8usize.pow(l as u32 + 1)).sum();
    let digits: usize = dirs.iter().rev().fold(0, |acc, &d| acc * 8 + dir_index(d));
    Some(before + digits)
}

/// The action space of the game `g` is set up as.
pub(crate) fn action_space(g: &Stgv2) -> usize {
    Layout::of(g).blocks().iter().sum()
}

/// The id of `seat`'s `action` (see the module's doc).
pub(crate) fn action_id(g: &Stgv2, seat: Seat, action: &Action) -> Option<usize> {
    let l = Layout::of(g);
    let me = seat.index();
    if me >= l.seats {
        return None;
    }
    let k = MAX_SHIPS;
    let (block, offset) = match action {
        Action::Start { node } => (0, me * 6 + corner(g, seat, *node)?),
        Action::Cells {
            moves,
            attack,
            defend,
            action,
        } => {
            let v = [*moves, *attack, *defend, *action].map(usize::from);
            if v.iter().zip(&l.room).any(|(x, r)| x >= r) {
                return None;
            }
            let r = &l.room;
            let w: usize = r.iter().product();
            (
                1,
                me * w + ((v[0] * r[1] + v[1]) * r[2] + v[2]) * r[3] + v[3],
            )
        }
        Action::Follow { set, ship } => {
            let s = usize::from(*set);
            if s >= l.sets {
                return None;
            }
            (2, s * k + own(g, seat, *ship)?)
        }
        Action::Card { dirs } => (3, me * PLAYS + play_rank(dirs)?),
        Action::EndSet => (4, me),
        Action::Attack { ship, target } => {
            let t = usize::from(*target);
            if t >= k {
                return None;
            }
            (5, own(g, seat, *ship)? * k + t)
        }
        Action::Lose { asset } => {
            let a = Asset::ALL.iter().position(|x| x == asset)?;
            (6, me * 4 + a)
        }
        Action::Act { ship, cluster } => {
            let c = usize::from(*cluster);
            if c >= l.clusters {
                return None;
            }
            (7, own(g, seat, *ship)? * l.clusters + c)
        }
        Action::Buy { item, ship } => match (item, ship) {
            (Item::Cell, None) => (8, me),
            (Item::Cell, Some(_)) | (_, None) => return None,
            (item, Some(ship)) => {
                let i = match item {
                    Item::Engine => 0,
                    Item::Weapon => 1,
                    _ => 2,
                };
                (9, i * k + own(g, seat, *ship)?)
            }
        },
        Action::BuyShip { at } => {
            let z = usize::from(at.z);
            if z >= l.levels {
                return None;
            }
            (10, (me * 6 + corner(g, seat, at.node)?) * l.levels + z)
        }
        Action::Next => (11, me),
    };
    Some(l.start(block) + offset)
}

impl Learning for Stgv2 {
    const IDS_NAME_THE_SEAT: bool = true;

    /// Per turn at most: cells, 3 sets × ships × (follow + 24 cards), attacks with
    /// damage choices, attempts, purchases, and the steps' `next`s.
    /// The sizes of `learn`'s blocks, ship fields bounded by the cap of ship slots.
    fn action_space(&self) -> usize {
        action_space(self)
    }

    fn action_id(&self, seat: Seat, action: &Action) -> Option<usize> {
        action_id(self, seat, action)
    }

    fn observe(view: &StView, out: &mut orrery_core::learn::Features) {
        observe(view, out)
    }
}
