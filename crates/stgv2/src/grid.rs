//! The field's edges as a lookup table (issue 26: `Field::step` searched the tile
//! list several times per step, a fifth of a random battle). The table is the same
//! geometry as [`Field`] (ST-01: "a horizontal edge joins neighbouring nodes iff some
//! placed tile contains both; vertical edges join the levels of one rod"), read once
//! per game from the field, which never changes during a game.

use orrery_nodes::{Dir, Field, Node, Pos};
use std::sync::{Arc, OnceLock};

/// Most cells a table may hold; a larger field (only an unchecked saved state can
/// have one) is stepped through [`Field`] itself.
const MAX_CELLS: i64 = 1 << 20;

/// Bit `i` (0…5): the horizontal edge in direction `i` exists; `NODE`: the node does.
const NODE: u8 = 1 << 6;

#[derive(Debug)]
pub(crate) struct Grid {
    a0: i32,
    b0: i32,
    width: i32,
    height: i32,
    levels: u8,
    cells: Vec<u8>,
}

impl Grid {
    /// The table of `field`, or `None` when its nodes spread too far for one.
    fn new(field: &Field) -> Option<Grid> {
        let nodes = field.nodes();
        let (a0, a1) = (
            nodes.iter().map(|n| n.a).min().unwrap_or(0),
            nodes.iter().map(|n| n.a).max().unwrap_or(-1),
        );
        let (b0, b1) = (
            nodes.iter().map(|n| n.b).min().unwrap_or(0),
            nodes.iter().map(|n| n.b).max().unwrap_or(-1),
        );
        let (w, h) = (
            i64::from(a1) - i64::from(a0) + 1,
            i64::from(b1) - i64::from(b0) + 1,
        );
        if w * h > MAX_CELLS {
            return None;
        }
        let mut cells = vec![0u8; (w * h) as usize];
        // Every node with an edge is a node of a placed tile (the edge's tile), so
        // nodes outside the box have neither.
        for n in nodes {
            let mut c = NODE;
            for i in 0..6 {
                if field.joined(n, n.offset(i)) {
                    c |= 1 << i;
                }
            }
            cells[((i64::from(n.b - b0)) * w + i64::from(n.a - a0)) as usize] = c;
        }
        Some(Grid {
            a0,
            b0,
            width: w as i32,
            height: h as i32,
            levels: field.levels,
            cells,
        })
    }

    fn cell(&self, n: Node) -> u8 {
        let (a, b) = (
            i64::from(n.a) - i64::from(self.a0),
            i64::from(n.b) - i64::from(self.b0),
        );
        if a < 0 || b < 0 || a >= i64::from(self.width) || b >= i64::from(self.height) {
            return 0;
        }
        self.cells[(b * i64::from(self.width) + a) as usize]
    }

    /// [`Field::step`]: the position one edge from `p` in direction `d`, if that
    /// edge exists (ST-01).
    #[inline]
    pub(crate) fn step(&self, p: Pos, d: Dir) -> Option<Pos> {
        if p.z >= self.levels {
            return None;
        }
        let c = self.cell(p.node);
        let i = match d {
            Dir::Up => {
                return (p.z + 1 < self.levels && c & NODE != 0).then_some(Pos { z: p.z + 1, ..p })
            }
            Dir::Down => {
                return (p.z > 0 && c & NODE != 0).then(|| Pos { z: p.z - 1, ..p });
            }
            Dir::D0 => 0,
            Dir::D60 => 1,
            Dir::D120 => 2,
            Dir::D180 => 3,
            Dir::D240 => 4,
            Dir::D300 => 5,
        };
        (c & (1 << i) != 0).then(|| Pos {
            node: p.node.offset(i),
            z: p.z,
        })
    }
}

/// A game's [`Grid`], built on first use and shared by its copies. Not part of the
/// state: never serialized, and equal to any other.
#[derive(Clone, Default)]
pub struct GridCache(OnceLock<Option<Arc<Grid>>>);

impl PartialEq for GridCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for GridCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GridCache")
    }
}

impl GridCache {
    /// The table of `field` (built now if it is not yet), if it has one.
    #[inline]
    pub(crate) fn get(&self, field: &Field) -> Option<&Grid> {
        self.0
            .get_or_init(|| Grid::new(field).map(Arc::new))
            .as_deref()
    }

    /// [`Field::step`] on `field`, through the table when it has one.
    #[inline]
    pub(crate) fn step(&self, field: &Field, p: Pos, d: Dir) -> Option<Pos> {
        match self.0.get_or_init(|| Grid::new(field).map(Arc::new)) {
            Some(g) => g.step(p, d),
            None => field.step(p, d),
        }
    }

    /// [`Field::has_pos`].
    pub(crate) fn has_pos(&self, field: &Field, p: Pos) -> bool {
        match self.0.get_or_init(|| Grid::new(field).map(Arc::new)) {
            Some(g) => p.z < g.levels && g.cell(p.node) & NODE != 0,
            None => field.has_pos(p),
        }
    }

    /// [`Field::adjacent`]: one edge joins `x` and `y` (ST-02).
    pub(crate) fn adjacent(&self, field: &Field, x: Pos, y: Pos) -> bool {
        // The one direction that could lead from `x` to `y`.
        let d = if x.node == y.node {
            if y.z == x.z.wrapping_add(1) {
                Dir::Up
            } else if y.z.wrapping_add(1) == x.z {
                Dir::Down
            } else {
                return false;
            }
        } else if x.z == y.z {
            match x.node.direction_to(y.node) {
                Some(d) => d,
                None => return false,
            }
        } else {
            return false;
        };
        self.step(field, x, d) == Some(y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use orrery_nodes::Tile;

    #[test]
    fn the_table_steps_as_the_field_does() {
        for field in [
            Field::new(Tile::disc(2), 4),
            Field::new(vec![Tile::new(0, 0), Tile::new(2, -1), Tile::new(-3, 5)], 2),
            Field::new(Vec::new(), 3),
        ] {
            let cache = GridCache::default();
            for a in -12..12 {
                for b in -12..12 {
                    for z in 0..6 {
                        let p = Pos {
                            node: Node::new(a, b),
                            z,
                        };
                        assert_eq!(cache.has_pos(&field, p), field.has_pos(p));
                        for q in [
                            Pos {
                                z: z.wrapping_add(1),
                                ..p
                            },
                            Pos {
                                z: z.wrapping_sub(1),
                                ..p
                            },
                            Pos {
                                node: Node::new(a + 1, b),
                                ..p
                            },
                            Pos {
                                node: Node::new(a, b - 1),
                                ..p
                            },
                            Pos {
                                node: Node::new(a + 1, b + 1),
                                ..p
                            },
                            Pos {
                                node: Node::new(a + 1, b),
                                z: z + 1,
                            },
                        ] {
                            assert_eq!(cache.adjacent(&field, p, q), field.adjacent(p, q));
                        }
                        for d in Dir::ALL {
                            assert_eq!(cache.step(&field, p, d), field.step(p, d), "{p} {d}");
                        }
                    }
                }
            }
        }
    }
}
