//! # orrery-hex
//!
//! Hex-grid geometry for rulesets played on hex maps: cube coordinates, distance,
//! neighbours, straight lines, rings and discs, arcs relative to a facing, and the
//! "odd-q" offset layout of flat-topped maps used for display and map bounds.
//!
//! Nothing here knows a ruleset. Free tables and node graphs get their own modules
//! rather than bending hex types to fit.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A hex in cube coordinates (q, r, s) with q + r + s = 0; `s` is derived.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

/// One of the six neighbour directions of a flat-topped hex, clockwise from north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    N,
    Ne,
    Se,
    S,
    Sw,
    Nw,
}

impl Dir {
    /// All six directions, clockwise from north.
    pub const ALL: [Dir; 6] = [Dir::N, Dir::Ne, Dir::Se, Dir::S, Dir::Sw, Dir::Nw];

    /// The cube vector of one step this way (flat-topped, odd-q: north is −r).
    pub const fn vector(self) -> Hex {
        match self {
            Dir::N => Hex { q: 0, r: -1 },
            Dir::Ne => Hex { q: 1, r: -1 },
            Dir::Se => Hex { q: 1, r: 0 },
            Dir::S => Hex { q: 0, r: 1 },
            Dir::Sw => Hex { q: -1, r: 1 },
            Dir::Nw => Hex { q: -1, r: 0 },
        }
    }

    /// The opposite direction.
    pub fn opposite(self) -> Dir {
        Dir::ALL[(self.index() + 3) % 6]
    }

    /// Index 0–5 clockwise from north.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Short label for maps and menus.
    pub fn label(self) -> &'static str {
        match self {
            Dir::N => "N",
            Dir::Ne => "NE",
            Dir::Se => "SE",
            Dir::S => "S",
            Dir::Sw => "SW",
            Dir::Nw => "NW",
        }
    }
}

/// Where a hex lies relative to a unit's facing: the half-plane in front, behind, or
/// on the line through the unit perpendicular to its facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arc {
    Front,
    Rear,
    SideLine,
    /// The unit's own hex.
    Own,
}

impl Hex {
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The third cube coordinate.
    #[inline]
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    /// Hex distance: `max(|dq|, |dr|, |ds|)`.
    #[inline]
    pub fn distance(self, other: Hex) -> u32 {
        let dq = (self.q - other.q).unsigned_abs();
        let dr = (self.r - other.r).unsigned_abs();
        let ds = (self.s() - other.s()).unsigned_abs();
        dq.max(dr).max(ds)
    }

    /// The adjacent hex in direction `d`.
    #[inline]
    pub fn step(self, d: Dir) -> Hex {
        let v = d.vector();
        Hex::new(self.q + v.q, self.r + v.r)
    }

    /// `n` steps in direction `d`.
    pub fn steps(self, d: Dir, n: i32) -> Hex {
        let v = d.vector();
        Hex::new(self.q + v.q * n, self.r + v.r * n)
    }

    /// The six adjacent hexes, clockwise from north.
    pub fn neighbours(self) -> [Hex; 6] {
        Dir::ALL.map(|d| self.step(d))
    }

    /// Is `other` one step away?
    pub fn is_adjacent(self, other: Hex) -> bool {
        self.distance(other) == 1
    }

    /// The direction of `other` if it lies on one of the six straight lines (hex rows)
    /// through `self`.
    pub fn straight_line_dir(self, other: Hex) -> Option<Dir> {
        let n = self.distance(other) as i32;
        if n == 0 {
            return None;
        }
        Dir::ALL.into_iter().find(|&d| self.steps(d, n) == other)
    }

    /// The hexes at exactly distance `radius`.
    pub fn ring(self, radius: u32) -> Vec<Hex> {
        if radius == 0 {
            return vec![self];
        }
        let mut out = Vec::with_capacity(6 * radius as usize);
        let mut h = self.steps(Dir::Sw, radius as i32);
        for d in Dir::ALL {
            for _ in 0..radius {
                out.push(h);
                h = h.step(d);
            }
        }
        out
    }

    /// All hexes within distance `radius`, nearest rings first.
    pub fn disc(self, radius: u32) -> Vec<Hex> {
        (0..=radius).flat_map(|k| self.ring(k)).collect()
    }

    /// Dot product of (other − self) with facing `d`, on all three cube axes: positive
    /// in front, negative behind, zero on the side line.
    pub fn facing_dot(self, facing: Dir, other: Hex) -> i32 {
        let v = facing.vector();
        let (dq, dr) = (other.q - self.q, other.r - self.r);
        let ds = -dq - dr;
        dq * v.q + dr * v.r + ds * v.s()
    }

    /// Which arc of a unit at `self` facing `facing` the hex `other` is in.
    pub fn arc(self, facing: Dir, other: Hex) -> Arc {
        if other == self {
            return Arc::Own;
        }
        match self.facing_dot(facing, other) {
            k if k > 0 => Arc::Front,
            k if k < 0 => Arc::Rear,
            _ => Arc::SideLine,
        }
    }

    /// Odd-q offset (column, row) of a flat-topped map: odd columns sit half a hex lower.
    pub fn to_offset(self) -> (i32, i32) {
        let col = self.q;
        let row = self.r + (self.q - (self.q & 1)) / 2;
        (col, row)
    }

    /// The hex at odd-q offset (column, row).
    pub fn from_offset(col: i32, row: i32) -> Hex {
        let q = col;
        let r = row - (col - (col & 1)) / 2;
        Hex::new(q, r)
    }
}

impl fmt::Display for Hex {
    /// Shown in map coordinates: `col,row`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (c, r) = self.to_offset();
        write!(f, "{c:02}{r:02}")
    }
}

/// A rectangular odd-q map of `cols` × `rows` hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexMap {
    pub cols: i32,
    pub rows: i32,
}

impl HexMap {
    /// Is the hex on the map?
    #[inline]
    pub fn contains(&self, h: Hex) -> bool {
        let (c, r) = h.to_offset();
        (0..self.cols).contains(&c) && (0..self.rows).contains(&r)
    }

    /// An edge hex has at least one neighbour off the map.
    pub fn is_edge(&self, h: Hex) -> bool {
        self.contains(h) && h.neighbours().iter().any(|n| !self.contains(*n))
    }

    /// Every hex on the map, column by column.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.cols).flat_map(move |c| (0..self.rows).map(move |r| Hex::from_offset(c, r)))
    }

    /// Number of hexes.
    pub fn len(&self) -> usize {
        (self.cols.max(0) * self.rows.max(0)) as usize
    }

    /// True for a map with no hexes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Dense index of an on-map hex (column-major), for per-hex tables.
    #[inline]
    pub fn index(&self, h: Hex) -> Option<usize> {
        let (c, r) = h.to_offset();
        if (0..self.cols).contains(&c) && (0..self.rows).contains(&r) {
            Some((c * self.rows + r) as usize)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_round_trip_and_distance() {
        for c in 0..27 {
            for r in 0..24 {
                let h = Hex::from_offset(c, r);
                assert_eq!(h.to_offset(), (c, r));
            }
        }
        let a = Hex::from_offset(13, 11);
        assert_eq!(a.distance(a), 0);
        for n in a.neighbours() {
            assert_eq!(a.distance(n), 1);
        }
        assert_eq!(a.distance(a.steps(Dir::Se, 10)), 10);
    }

    #[test]
    fn rings_and_discs() {
        let o = Hex::new(0, 0);
        assert_eq!(o.ring(3).len(), 18);
        assert!(o.ring(3).iter().all(|h| o.distance(*h) == 3));
        assert_eq!(o.disc(5).len(), 91);
    }

    #[test]
    fn odd_columns_sit_lower() {
        // Column 1, row 0 is south-east of column 0, row 0 on a flat-topped odd-q map.
        assert_eq!(Hex::from_offset(0, 0).step(Dir::Se), Hex::from_offset(1, 0));
        assert_eq!(Hex::from_offset(1, 0).step(Dir::Ne), Hex::from_offset(2, 0));
    }

    /// LF-03: of six adjacent hexes three are front, three rear; the side line's
    /// nearest hexes are at distance 2.
    #[test]
    fn arcs_split_neighbours_three_and_three() {
        let o = Hex::new(0, 0);
        for f in Dir::ALL {
            let front = o
                .neighbours()
                .iter()
                .filter(|&&n| o.arc(f, n) == Arc::Front)
                .count();
            let rear = o
                .neighbours()
                .iter()
                .filter(|&&n| o.arc(f, n) == Arc::Rear)
                .count();
            assert_eq!((front, rear), (3, 3), "{f:?}");
            let side: Vec<Hex> = o
                .disc(2)
                .into_iter()
                .filter(|&h| o.arc(f, h) == Arc::SideLine)
                .collect();
            assert_eq!(side.len(), 2);
            assert!(side.iter().all(|h| o.distance(*h) == 2));
            assert_eq!(o.arc(f, o.steps(f, 4)), Arc::Front);
            assert_eq!(o.arc(f, o.steps(f.opposite(), 4)), Arc::Rear);
        }
    }

    #[test]
    fn straight_lines() {
        let o = Hex::new(2, 3);
        assert_eq!(o.straight_line_dir(o.steps(Dir::Nw, 10)), Some(Dir::Nw));
        assert_eq!(o.straight_line_dir(o.step(Dir::N).step(Dir::Ne)), None);
    }

    #[test]
    fn map_edges() {
        let m = HexMap { cols: 27, rows: 24 };
        assert_eq!(m.len(), 648);
        assert_eq!(m.hexes().count(), 648);
        assert!(m.is_edge(Hex::from_offset(0, 5)));
        assert!(m.is_edge(Hex::from_offset(26, 23)));
        assert!(!m.is_edge(Hex::from_offset(13, 11)));
        assert!(!m.contains(Hex::from_offset(27, 0)));
    }
}
