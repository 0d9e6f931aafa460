//! The referee's whole state: the field, the players' Play Boards, the ships, the
//! decks and where the turn stands.

use crate::deck::Deck;
use crate::grid::GridCache;
use orrery_core::{Outcome, Rng, Seat};
use orrery_nodes::{Field, Node, Pos};
use serde::{Deserialize, Serialize};

/// A ship's place in `Stgv2::ships`; ids never change (a destroyed ship keeps its
/// slot, `alive = false`).
pub type ShipId = u16;

/// The four asset types (seed "Ships and Assets"; Shuttle: ST-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Asset {
    Weapon,
    Shield,
    Engine,
    Shuttle,
}

impl Asset {
    pub const ALL: [Asset; 4] = [Asset::Weapon, Asset::Shield, Asset::Engine, Asset::Shuttle];

    /// Hits it takes to remove one (seed "Damage Adjustments to Ships": Shuttles = 3,
    /// Engines = 2, Weapons & Shields = 1).
    pub fn weight(self) -> u32 {
        match self {
            Asset::Weapon | Asset::Shield => 1,
            Asset::Engine => 2,
            Asset::Shuttle => 3,
        }
    }

    /// The name with its article: "an engine", "a weapon".
    pub fn with_article(self) -> String {
        match self {
            Asset::Engine => "an engine".into(),
            _ => format!("a {}", self.name()),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Asset::Weapon => "weapon",
            Asset::Shield => "shield",
            Asset::Engine => "engine",
            Asset::Shuttle => "shuttle",
        }
    }
}

/// What a ship carries in its 24 holes (ST-15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Assets {
    pub weapon: u8,
    pub shield: u8,
    pub engine: u8,
    #[serde(default)]
    pub shuttle: u8,
}

impl Assets {
    /// Holes in a ship (seed: "perforated with 24 holes").
    pub const HOLES: u32 = 24;

    pub fn get(&self, a: Asset) -> u8 {
        match a {
            Asset::Weapon => self.weapon,
            Asset::Shield => self.shield,
            Asset::Engine => self.engine,
            Asset::Shuttle => self.shuttle,
        }
    }

    pub fn slot(&mut self, a: Asset) -> &mut u8 {
        match a {
            Asset::Weapon => &mut self.weapon,
            Asset::Shield => &mut self.shield,
            Asset::Engine => &mut self.engine,
            Asset::Shuttle => &mut self.shuttle,
        }
    }

    /// Number of assets (what "hits ≥ assets" compares against, ST-12).
    pub fn count(&self) -> u32 {
        Asset::ALL.iter().map(|&a| u32::from(self.get(a))).sum()
    }
}

/// A ship on the field.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ship {
    pub id: ShipId,
    pub seat: Seat,
    pub pos: Pos,
    pub assets: Assets,
    /// Spendys it carries OFF station (ST-14).
    pub off: u32,
    pub alive: bool,
    /// Principal attacker already this turn (ST-10).
    pub attacked: bool,
    /// Made an Action attempt already this turn (ST-13).
    pub acted: bool,
}

/// Cells placed in the Play Board's four columns (ST-06).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Columns {
    #[serde(rename = "move")]
    pub moves: u8,
    pub attack: u8,
    pub defend: u8,
    pub action: u8,
}

impl Columns {
    /// Cells in all four columns (widened: a saved state or scenario may hold any
    /// byte in each).
    pub fn total(&self) -> u32 {
        [self.moves, self.attack, self.defend, self.action]
            .into_iter()
            .map(u32::from)
            .sum()
    }
}

/// One player's Play Board, Spendys and standing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// Energy Cells owned (ST-06: a permanent pool, at most 9).
    pub cells: u8,
    /// Placed cells (the free default cells of MOVE, ATTACK and DEFEND not counted).
    pub placed: Columns,
    /// Spendys ON station (ST-14).
    pub on: u32,
    /// Has bought a ship: open to attack from now on (ST-10).
    pub bought_ship: bool,
    /// Eliminated (ST-17).
    pub out: bool,
    /// Action attempts made this turn (ST-13).
    pub attempts: u8,
}

/// An asteroid cluster, with the outpost built on it if any (ST-13).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cluster {
    pub node: Node,
    pub outpost: Option<Seat>,
}

/// The five Move Card types (seed "The Move Cards"; ST-09). Ordered as listed, to
/// put a hidden pile in a canonical order and to count a deck card by card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveCard {
    /// "Move 1 space in any direction".
    OneAny,
    /// "Move 2 spaces in any direction, but in a straight line".
    TwoStraight,
    /// "Move 1 Vertical space".
    Vertical,
    /// "Move 1 horizontal space".
    Horizontal,
    /// "Move 3 spaces in a Zig-Zag pattern".
    ZigZag,
}

impl MoveCard {
    pub const ALL: [MoveCard; 5] = [
        MoveCard::OneAny,
        MoveCard::TwoStraight,
        MoveCard::Vertical,
        MoveCard::Horizontal,
        MoveCard::ZigZag,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MoveCard::OneAny => "1 any",
            MoveCard::TwoStraight => "2 straight",
            MoveCard::Vertical => "1 vertical",
            MoveCard::Horizontal => "1 horizontal",
            MoveCard::ZigZag => "zig-zag",
        }
    }

    /// Key used in scenario files and JSON.
    pub fn key(self) -> &'static str {
        match self {
            MoveCard::OneAny => "one_any",
            MoveCard::TwoStraight => "two_straight",
            MoveCard::Vertical => "vertical",
            MoveCard::Horizontal => "horizontal",
            MoveCard::ZigZag => "zig_zag",
        }
    }
}

/// Outpost deck cards (ST-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutpostCard {
    Claim,
    Dry,
}

/// One set of Move Cards, drawn for one cell in MOVE (ST-08).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveSet {
    pub cards: Vec<MoveCard>,
    /// Executed (or being executed): a set is used once.
    pub used: bool,
}

/// The steps of a player's turn (seed "The Player's Turn"); 1, 3 and 7 happen by
/// themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// 4) Attack another player's ship.
    Combat,
    /// 5) Construct Mining Outpost, or Collect Spendys.
    Action,
    /// 6) Obtain arms, engines, and energy cells.
    Purchase,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Combat => "combat",
            Phase::Action => "action",
            Phase::Purchase => "purchase",
        }
    }

    pub fn number(self) -> u8 {
        match self {
            Phase::Combat => 4,
            Phase::Action => 5,
            Phase::Purchase => 6,
        }
    }

    pub fn next(self) -> Option<Phase> {
        match self {
            Phase::Combat => Some(Phase::Action),
            Phase::Action => Some(Phase::Purchase),
            Phase::Purchase => None,
        }
    }
}

/// A ship following a set's cards (ST-08).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Following {
    pub ship: ShipId,
    /// Index of its next card in the set.
    pub card: u8,
}

/// Hits waiting for the damaged ship's owner to choose what to remove (ST-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub ship: ShipId,
    pub hits: u32,
}

/// Where the game stands: who owes what.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// ST-05: each player in seat order picks his ship's starting corner.
    Start {
        seat: Seat,
    },
    /// 2) Distribute Energy Cells.
    Cells,
    /// 4)–6) with movement allowed at any time.
    Main {
        phase: Phase,
    },
    /// Executing set `set` (ST-08): ships already moved with it in `moved`.
    Moving {
        phase: Phase,
        set: u8,
        moved: Vec<ShipId>,
        following: Option<Following>,
    },
    /// ST-12: the owner of `damage[0]` removes assets.
    Damage {
        phase: Phase,
        damage: Vec<Pending>,
    },
    Over,
}

impl Step {
    /// The snake_case name shown as the view's `phase`.
    pub fn name(&self) -> &'static str {
        match self {
            Step::Start { .. } => "start",
            Step::Cells => "cells",
            Step::Main { phase } => phase.name(),
            Step::Moving { .. } => "moving",
            Step::Damage { .. } => "damage",
            Step::Over => "over",
        }
    }

    /// The turn phase (4–6) this step belongs to, if any.
    pub fn phase(&self) -> Option<Phase> {
        match self {
            Step::Main { phase } | Step::Moving { phase, .. } | Step::Damage { phase, .. } => {
                Some(*phase)
            }
            _ => None,
        }
    }
}

/// The last battle, shown to everyone (ST-11).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    pub attacker: ShipId,
    pub target: ShipId,
    /// The attack, then the return fire (if the target's side could fire).
    pub volleys: Vec<Volley>,
}

/// One side's attack: dice, rolls, best totals and hits (ST-11).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Volley {
    pub by: Vec<ShipId>,
    pub against: Vec<ShipId>,
    pub attack_dice: u32,
    pub defense_dice: u32,
    pub attack_totals: Vec<u32>,
    pub defense_totals: Vec<u32>,
    pub hits: u32,
}

/// A game of STGv2.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stgv2 {
    pub(crate) scenario: String,
    pub(crate) rules: Rules,
    pub(crate) field: Field,
    /// Seat i's Space Station.
    pub(crate) stations: Vec<Node>,
    pub(crate) clusters: Vec<Cluster>,
    pub(crate) players: Vec<Player>,
    pub(crate) ships: Vec<Ship>,
    pub(crate) move_deck: Deck<MoveCard>,
    pub(crate) outpost_deck: Deck<OutpostCard>,
    pub(crate) revenue_deck: Deck<u32>,
    /// This turn's Move Card sets, in the order drawn.
    pub(crate) sets: Vec<MoveSet>,
    /// Whose turn it is.
    pub(crate) current: Seat,
    /// Who went first (ST-05); a round ends when play comes back to him.
    pub(crate) first: Seat,
    /// 1-based; 0 while starting corners are chosen.
    pub(crate) round: u32,
    pub(crate) step: Step,
    pub(crate) last_battle: Option<Battle>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) rng: Rng,
    /// The field's edges as a table, built on first use (not part of the state).
    #[serde(skip)]
    pub(crate) grid: GridCache,
}

impl Stgv2 {
    /// The position one edge from `p` in direction `d`, if that edge exists (ST-01):
    /// [`Field::step`] through the game's table.
    #[inline]
    pub fn step_from(&self, p: Pos, d: orrery_nodes::Dir) -> Option<Pos> {
        self.grid.step(&self.field, p, d)
    }

    /// Is `p` a position of the field (ST-01)?
    pub fn has_pos(&self, p: Pos) -> bool {
        self.grid.has_pos(&self.field, p)
    }

    /// Are `x` and `y` joined by one edge (ST-02)?
    pub fn adjacent(&self, x: Pos, y: Pos) -> bool {
        self.grid.adjacent(&self.field, x, y)
    }

    pub fn ship(&self, id: ShipId) -> &Ship {
        &self.ships[usize::from(id)]
    }

    pub fn ship_mut(&mut self, id: ShipId) -> &mut Ship {
        &mut self.ships[usize::from(id)]
    }

    /// `seat`'s ships still in play.
    pub fn fleet(&self, seat: Seat) -> impl Iterator<Item = &Ship> + '_ {
        self.ships.iter().filter(move |s| s.alive && s.seat == seat)
    }

    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    pub fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat.index()]
    }

    /// Is a piece at `p` (ST-03: a station or cluster fills its rod; one ship per
    /// position)?
    pub fn occupied(&self, p: Pos) -> bool {
        self.stations
            .iter()
            .enumerate()
            .any(|(i, &n)| n == p.node && !self.players[i].out)
            || self.clusters.iter().any(|c| c.node == p.node)
            || self.ships.iter().any(|s| s.alive && s.pos == p)
    }

    /// Is ship `id` adjacent to its owner's station (ST-02)?
    pub fn at_own_station(&self, id: ShipId) -> bool {
        let s = self.ship(id);
        s.pos.node.is_neighbour(self.stations[s.seat.index()])
    }

    /// Count in a column = the free default cell (MOVE, ATTACK, DEFEND) + placed (ST-06).
    pub fn column(&self, seat: Seat, column: Column) -> u32 {
        let p = &self.player(seat).placed;
        match column {
            Column::Move => 1 + u32::from(p.moves),
            Column::Attack => 1 + u32::from(p.attack),
            Column::Defend => 1 + u32::from(p.defend),
            Column::Action => u32::from(p.action),
        }
    }

    /// Players still in the game.
    pub fn in_play(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players.len())
            .filter(|&i| !self.players[i].out)
            .map(|i| Seat(i as u8))
    }
}

/// The Play Board's columns (seed "MOVE, ATTACK, DEFEND, ACTION").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Column {
    Move,
    Attack,
    Defend,
    Action,
}

/// Scenario rules that vary (defaults: Scenario 1's, ST-06/07/13/15/18).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Rounds before the game ends on Spendys (ST-18: 40).
    pub rounds: u32,
    /// Spendys ON station that win at the end of one's own turn (ST-18: 25,000).
    pub target: u32,
    /// Most Energy Cells a player may own (ST-06: 9).
    pub max_cells: u8,
    /// Room for placed cells per column (ST-06: 2, 2, 2, 3).
    pub room: Columns,
    pub prices: Prices,
    /// Move deck composition (ST-07).
    pub move_deck: MoveDeck,
    /// Outpost deck (ST-13: 10 Claim, 10 Dry).
    pub claims: u8,
    pub dries: u8,
    /// Revenue deck: (Spendys, copies) (ST-13).
    pub revenue: Vec<(u32, u8)>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            rounds: 40,
            target: 25_000,
            max_cells: 9,
            room: Columns {
                moves: 2,
                attack: 2,
                defend: 2,
                action: 3,
            },
            prices: Prices::default(),
            move_deck: MoveDeck::default(),
            claims: 10,
            dries: 10,
            revenue: vec![(0, 3), (1_000, 6), (2_000, 9), (3_000, 6), (5_000, 6)],
        }
    }
}

/// The Supply List (seed; ST-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Prices {
    pub cell: u32,
    pub ship: u32,
    pub engine: u32,
    pub weapon: u32,
    pub shield: u32,
}

impl Default for Prices {
    fn default() -> Self {
        Prices {
            cell: 6_000,
            ship: 4_000,
            engine: 1_000,
            weapon: 1_000,
            shield: 1_000,
        }
    }
}

/// Copies of each Move Card (ST-07: 10, 8, 6, 10, 6 = 40).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MoveDeck {
    pub one_any: u8,
    pub two_straight: u8,
    pub vertical: u8,
    pub horizontal: u8,
    pub zig_zag: u8,
}

impl Default for MoveDeck {
    fn default() -> Self {
        MoveDeck {
            one_any: 10,
            two_straight: 8,
            vertical: 6,
            horizontal: 10,
            zig_zag: 6,
        }
    }
}

impl MoveDeck {
    pub fn cards(&self) -> Vec<MoveCard> {
        let n = [
            self.one_any,
            self.two_straight,
            self.vertical,
            self.horizontal,
            self.zig_zag,
        ];
        MoveCard::ALL
            .iter()
            .zip(n)
            .flat_map(|(&c, k)| std::iter::repeat_n(c, usize::from(k)))
            .collect()
    }
}

impl Rules {
    pub fn outpost_cards(&self) -> Vec<OutpostCard> {
        let mut v = vec![OutpostCard::Claim; usize::from(self.claims)];
        v.extend(std::iter::repeat_n(
            OutpostCard::Dry,
            usize::from(self.dries),
        ));
        v
    }

    pub fn revenue_cards(&self) -> Vec<u32> {
        self.revenue
            .iter()
            .flat_map(|&(s, k)| std::iter::repeat_n(s, usize::from(k)))
            .collect()
    }
}
