//! # orrery-nodes
//!
//! A playing field of hex tiles linked at their corners, with a rod at every corner
//! and centre holding pieces at several heights (STGv2, rulings ST-01…ST-03). Pure
//! geometry: which positions exist, which are joined, in which direction.
//!
//! **ST-01.** Tile corners and centres form a triangular lattice with spacing 1. A
//! node is `(a, b)` at Cartesian `(a + b/2, b·√3/2)`; nodes with `(a − b) mod 3 = 0`
//! are tile centres. Tile `(q, r)` (axial) has its centre at node `(q − r, q + 2r)`
//! and its corners at the centre plus the six horizontal offsets. A horizontal edge
//! joins two neighbouring nodes iff some placed tile contains both (a spoke or a
//! side); vertical edges join the levels of one rod.
//!
//! **ST-02.** Eight directions: the six horizontal offsets named by their angle
//! (0°, 60°, …, 300°) and Up, Down.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A rod: a tile corner or centre, `(a, b)` on the triangular lattice (ST-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Node {
    pub a: i32,
    pub b: i32,
}

/// A hex tile in axial coordinates `(q, r)` (ST-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Tile {
    pub q: i32,
    pub r: i32,
}

/// A place on the field: a node and a level on its rod (ST-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub node: Node,
    pub z: u8,
}

/// One of the eight directions (ST-02), serialized by angle (`"0"` … `"300"`) or
/// `"up"`, `"down"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    #[serde(rename = "0")]
    D0,
    #[serde(rename = "60")]
    D60,
    #[serde(rename = "120")]
    D120,
    #[serde(rename = "180")]
    D180,
    #[serde(rename = "240")]
    D240,
    #[serde(rename = "300")]
    D300,
    #[serde(rename = "up")]
    Up,
    #[serde(rename = "down")]
    Down,
}

/// The six horizontal offsets, in angle order 0°, 60°, …, 300° (ST-01).
pub const OFFSETS: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

impl Dir {
    /// All eight, horizontal first in angle order.
    pub const ALL: [Dir; 8] = [
        Dir::D0,
        Dir::D60,
        Dir::D120,
        Dir::D180,
        Dir::D240,
        Dir::D300,
        Dir::Up,
        Dir::Down,
    ];
    /// The six horizontal directions.
    pub const HORIZONTAL: [Dir; 6] = [
        Dir::D0,
        Dir::D60,
        Dir::D120,
        Dir::D180,
        Dir::D240,
        Dir::D300,
    ];
    /// Up and Down.
    pub const VERTICAL: [Dir; 2] = [Dir::Up, Dir::Down];

    /// The angle in degrees of a horizontal direction; `None` for Up and Down.
    pub fn angle(self) -> Option<u16> {
        self.horizontal_index().map(|i| i as u16 * 60)
    }

    /// 0…5 for the horizontal directions.
    pub fn horizontal_index(self) -> Option<usize> {
        Dir::HORIZONTAL.iter().position(|&d| d == self)
    }

    pub fn is_vertical(self) -> bool {
        matches!(self, Dir::Up | Dir::Down)
    }

    /// The name players read: `0°`…`300°`, `up`, `down`.
    pub fn name(self) -> String {
        match self.angle() {
            Some(a) => format!("{a}°"),
            None if self == Dir::Up => "up".into(),
            None => "down".into(),
        }
    }

    /// Read `0`, `60`, … `300` (with or without `°`), `up`/`u`, `down`/`d`.
    pub fn parse(text: &str) -> Option<Dir> {
        let t = text.trim().trim_end_matches('°').to_ascii_lowercase();
        match t.as_str() {
            "up" | "u" => Some(Dir::Up),
            "down" | "d" => Some(Dir::Down),
            _ => {
                let a: u16 = t.parse().ok()?;
                (a.is_multiple_of(60) && a < 360).then(|| Dir::HORIZONTAL[usize::from(a / 60)])
            }
        }
    }

    /// The smaller angle between two horizontal directions, in steps of 60° (0…3);
    /// `None` if either is vertical.
    pub fn turn_between(self, other: Dir) -> Option<usize> {
        let (i, j) = (self.horizontal_index()?, other.horizontal_index()?);
        let d = (i + 6 - j) % 6;
        Some(d.min(6 - d))
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl Node {
    pub const fn new(a: i32, b: i32) -> Self {
        Node { a, b }
    }

    /// A tile centre (ST-01: `(a − b) mod 3 = 0`).
    pub fn is_centre(self) -> bool {
        (self.a - self.b).rem_euclid(3) == 0
    }

    /// Cartesian position, spacing 1 (ST-01).
    pub fn xy(self) -> (f64, f64) {
        (
            f64::from(self.a) + f64::from(self.b) / 2.0,
            f64::from(self.b) * 3f64.sqrt() / 2.0,
        )
    }

    /// The neighbouring node in horizontal direction `i` (0…5, angle order).
    pub fn offset(self, i: usize) -> Node {
        let (da, db) = OFFSETS[i % 6];
        Node::new(self.a + da, self.b + db)
    }

    /// The six horizontal neighbours, in angle order.
    pub fn neighbours(self) -> [Node; 6] {
        std::array::from_fn(|i| self.offset(i))
    }

    /// The horizontal direction from `self` to a neighbouring `other`.
    pub fn direction_to(self, other: Node) -> Option<Dir> {
        (0..6)
            .find(|&i| self.offset(i) == other)
            .map(|i| Dir::HORIZONTAL[i])
    }

    /// Is `other` one of the six horizontal neighbours (ST-02, "adjacent" to a
    /// station or cluster)?
    pub fn is_neighbour(self, other: Node) -> bool {
        self.direction_to(other).is_some()
    }

    /// The tiles (placed or not) this node belongs to: a centre's one tile, a
    /// corner's three.
    pub fn tiles(self) -> Vec<Tile> {
        if self.is_centre() {
            return vec![Tile::of_centre(self).expect("a centre")];
        }
        self.neighbours()
            .into_iter()
            .filter_map(Tile::of_centre)
            .collect()
    }

    /// Lattice distance in steps (ignoring which edges exist).
    pub fn steps_to(self, other: Node) -> u32 {
        let (da, db) = (other.a - self.a, other.b - self.b);
        ((da.abs() + db.abs() + (da + db).abs()) / 2) as u32
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.a, self.b)
    }
}

impl Tile {
    pub const fn new(q: i32, r: i32) -> Self {
        Tile { q, r }
    }

    /// The centre node `(q − r, q + 2r)` (ST-01).
    pub fn centre(self) -> Node {
        Node::new(self.q - self.r, self.q + 2 * self.r)
    }

    /// The tile whose centre is `n`, if `n` is a centre.
    pub fn of_centre(n: Node) -> Option<Tile> {
        let (q3, r3) = (2 * n.a + n.b, n.b - n.a);
        (q3 % 3 == 0 && r3 % 3 == 0).then(|| Tile::new(q3 / 3, r3 / 3))
    }

    /// The six corners in angle order (ST-01).
    pub fn corners(self) -> [Node; 6] {
        self.centre().neighbours()
    }

    /// Distance in tiles.
    pub fn distance(self, other: Tile) -> u32 {
        let (dq, dr) = (other.q - self.q, other.r - self.r);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }

    /// Every tile within `radius` of `(0, 0)`, sorted.
    pub fn disc(radius: u32) -> Vec<Tile> {
        let r = radius as i32;
        let mut v: Vec<Tile> = (-r..=r)
            .flat_map(|q| (-r..=r).map(move |s| Tile::new(q, s)))
            .filter(|t| t.distance(Tile::new(0, 0)) <= radius)
            .collect();
        v.sort();
        v
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{},{}]", self.q, self.r)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} L{}", self.node, self.z)
    }
}

/// The playing field: the placed tiles and the number of levels on every rod.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    /// Sorted, without repeats.
    tiles: Vec<Tile>,
    /// Levels `0..levels` on every rod.
    pub levels: u8,
}

impl Field {
    /// A field of these tiles (order and repeats do not matter).
    pub fn new(mut tiles: Vec<Tile>, levels: u8) -> Self {
        tiles.sort();
        tiles.dedup();
        Field { tiles, levels }
    }

    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    pub fn has_tile(&self, t: Tile) -> bool {
        self.tiles.binary_search(&t).is_ok()
    }

    /// Is `n` a corner or centre of a placed tile?
    pub fn has_node(&self, n: Node) -> bool {
        if n.is_centre() {
            return self.centre_placed(n);
        }
        (0..6).any(|i| self.centre_placed(n.offset(i)))
    }

    /// Is `n` the centre of a placed tile?
    fn centre_placed(&self, n: Node) -> bool {
        Tile::of_centre(n).is_some_and(|t| self.has_tile(t))
    }

    pub fn has_pos(&self, p: Pos) -> bool {
        p.z < self.levels && self.has_node(p.node)
    }

    /// Every node of the field, sorted.
    pub fn nodes(&self) -> Vec<Node> {
        let mut v: Vec<Node> = self
            .tiles
            .iter()
            .flat_map(|t| std::iter::once(t.centre()).chain(t.corners()))
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// A horizontal edge joins neighbouring `x` and `y` iff a placed tile contains
    /// both (ST-01).
    pub fn joined(&self, x: Node, y: Node) -> bool {
        let Some(i) = (0..6).find(|&i| x.offset(i) == y) else {
            return false;
        };
        // A spoke belongs to the centre's tile; a side to the tiles whose centres
        // are the two nodes next to both ends.
        self.centre_placed(x)
            || self.centre_placed(y)
            || self.centre_placed(x.offset(i + 1))
            || self.centre_placed(x.offset(i + 5))
    }

    /// The position one edge from `p` in direction `d`, if that edge exists (ST-01).
    pub fn step(&self, p: Pos, d: Dir) -> Option<Pos> {
        if p.z >= self.levels {
            return None;
        }
        match d {
            Dir::Up => {
                (p.z + 1 < self.levels && self.has_node(p.node)).then_some(Pos { z: p.z + 1, ..p })
            }
            Dir::Down => {
                p.z.checked_sub(1)
                    .filter(|_| self.has_node(p.node))
                    .map(|z| Pos { z, ..p })
            }
            _ => {
                let i = d.horizontal_index().expect("horizontal");
                let n = p.node.offset(i);
                self.joined(p.node, n).then_some(Pos { node: n, z: p.z })
            }
        }
    }

    /// Two positions are adjacent iff one edge joins them (ST-02).
    pub fn adjacent(&self, x: Pos, y: Pos) -> bool {
        Dir::ALL.iter().any(|&d| self.step(x, d) == Some(y))
    }

    /// Every position one edge from `p`.
    pub fn around(&self, p: Pos) -> Vec<(Dir, Pos)> {
        Dir::ALL
            .iter()
            .filter_map(|&d| self.step(p, d).map(|q| (d, q)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn st01_tile_centres_and_corners() {
        let t = Tile::new(1, 0);
        assert_eq!(t.centre(), Node::new(1, 1));
        assert!(t.centre().is_centre());
        assert!(t.corners().iter().all(|c| !c.is_centre()));
        assert_eq!(Tile::of_centre(Node::new(1, 1)), Some(t));
        assert_eq!(Tile::of_centre(Node::new(1, 0)), None);
        // Neighbouring tile centres are √3 apart: corners are at distance 1.
        let (x, y) = Tile::new(1, 0).centre().xy();
        assert!(((x * x + y * y).sqrt() - 3f64.sqrt()).abs() < 1e-9);
        // A corner belongs to three tiles, a centre to one.
        assert_eq!(Node::new(1, 0).tiles().len(), 3);
        assert_eq!(Node::new(0, 0).tiles(), vec![Tile::new(0, 0)]);
    }

    #[test]
    fn st01_edges_are_spokes_and_sides_of_placed_tiles() {
        let f = Field::new(vec![Tile::new(0, 0)], 5);
        assert_eq!(f.nodes().len(), 7);
        let c = Node::new(0, 0);
        // Six spokes and six sides.
        let nodes = f.nodes();
        let edges = nodes
            .iter()
            .flat_map(|&x| nodes.iter().map(move |&y| (x, y)))
            .filter(|&(x, y)| x < y && f.joined(x, y))
            .count();
        assert_eq!(edges, 12);
        assert!(f.joined(c, Node::new(1, 0)));
        // Opposite corners are not neighbours; corners of an unplaced tile are not joined.
        assert!(!f.joined(Node::new(1, 0), Node::new(-1, 0)));
        assert!(!f.joined(Node::new(1, 0), Node::new(2, -1)));
        // Two tiles meeting at a side share it once.
        let two = Field::new(vec![Tile::new(0, 0), Tile::new(1, 0)], 5);
        assert_eq!(two.nodes().len(), 12);
    }

    #[test]
    fn st01_levels_and_vertical_edges() {
        let f = Field::new(vec![Tile::new(0, 0)], 5);
        let p = Pos {
            node: Node::new(0, 0),
            z: 0,
        };
        assert_eq!(f.step(p, Dir::Down), None);
        assert_eq!(f.step(p, Dir::Up), Some(Pos { z: 1, ..p }));
        let top = Pos { z: 4, ..p };
        assert_eq!(f.step(top, Dir::Up), None);
        assert_eq!(f.around(p).len(), 7);
    }

    #[test]
    fn st02_directions_adjacency_and_names() {
        let f = Field::new(Tile::disc(1), 5);
        let p = Pos {
            node: Node::new(0, 0),
            z: 2,
        };
        for d in Dir::ALL {
            let q = f.step(p, d).unwrap();
            assert!(f.adjacent(p, q));
            assert_eq!(Dir::parse(&d.name()), Some(d));
        }
        let diag = Pos {
            node: Node::new(1, 0),
            z: 3,
        };
        assert!(!f.adjacent(p, diag), "one edge, not a diagonal");
        assert_eq!(
            Node::new(0, 0).direction_to(Node::new(0, 1)),
            Some(Dir::D60)
        );
        assert_eq!(Dir::D0.turn_between(Dir::D300), Some(1));
        assert_eq!(Dir::D0.turn_between(Dir::D180), Some(3));
        assert_eq!(Tile::disc(2).len(), 19);
        assert_eq!(Tile::disc(3).len(), 37);
    }
}
