//! The search tree: nodes are information sets, found through a table keyed by what
//! the seat to act can see.

use orrery_core::{Game, Learning, SearchHints};
use orrery_core::{Rng, Seat};
use std::collections::HashMap;

/// An information set: the seat to act and the digest of what it knows
/// ([`SearchHints::knowledge_digest`], which tells apart views that differ in anything that
/// changes during a game). Two states that the seat cannot tell apart share a key —
/// in particular the positions after each of our different secret commitments, seen
/// from the other seat.
pub(crate) type Key = (Seat, u64);

/// The key of the information set of `seat` in `game`.
pub(crate) fn key<G: Game + SearchHints + Learning>(game: &G, seat: Seat) -> Key {
    (seat, game.knowledge_digest(seat))
}

/// Statistics of one action out of a node, for the node's seat.
#[derive(Clone, Debug, Default)]
pub(crate) struct Edge {
    pub visits: u32,
    /// Sum of the node seat's rewards (each in 0..=1) through this edge.
    pub total: f64,
}

/// One information set of one seat.
#[derive(Clone, Debug)]
pub(crate) struct Node<A> {
    pub seat: Seat,
    /// The seat's [`SearchHints::search_actions`] in a shuffled order: progressive widening
    /// opens them in this order.
    pub actions: Vec<A>,
    pub edges: Vec<Edge>,
    pub visits: u32,
}

/// Tuning of the selection rule.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Selection {
    /// UCT exploration constant `c` in `mean + c·sqrt(ln N / n)`.
    pub exploration: f64,
    /// Actions always open at a node.
    pub widen_min: usize,
    /// Further actions open: `widen_factor · sqrt(N)`.
    pub widen_factor: f64,
}

/// Nodes in creation order (the root first) and the table from keys to them.
#[derive(Debug)]
pub(crate) struct Tree<A> {
    pub nodes: Vec<Node<A>>,
    index: HashMap<Key, usize>,
}

impl<A: Clone> Tree<A> {
    pub fn new() -> Self {
        Tree {
            nodes: Vec::new(),
            index: HashMap::new(),
        }
    }

    pub fn get(&self, key: &Key) -> Option<usize> {
        self.index.get(key).copied()
    }

    /// Add a node for `key` whose seat considers `actions` (shuffled with `rng`).
    pub fn insert(&mut self, key: Key, mut actions: Vec<A>, rng: &mut Rng) -> usize {
        for i in (1..actions.len()).rev() {
            let j = rng.index(i + 1);
            actions.swap(i, j);
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            seat: key.0,
            edges: vec![Edge::default(); actions.len()],
            actions,
            visits: 0,
        });
        self.index.insert(key, id);
        id
    }

    /// The edge to follow out of node `id`: among the open actions (progressive
    /// widening), the first never tried, else the best UCT score for the node's seat.
    pub fn select(&self, id: usize, sel: Selection) -> usize {
        let node = &self.nodes[id];
        let widened = sel.widen_min + (sel.widen_factor * f64::from(node.visits).sqrt()) as usize;
        let open = node.edges.len().min(widened.max(1));
        if let Some(i) = node.edges[..open].iter().position(|e| e.visits == 0) {
            return i;
        }
        let ln_n = f64::from(node.visits.max(1)).ln();
        let mut best = 0;
        let mut best_score = f64::NEG_INFINITY;
        for (i, e) in node.edges[..open].iter().enumerate() {
            let n = f64::from(e.visits);
            let score = e.total / n + sel.exploration * (ln_n / n).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Add one visit with `rewards` (indexed by seat) along `path` of (node, edge).
    pub fn backpropagate(&mut self, path: &[(usize, usize)], rewards: &[f64]) {
        for &(id, e) in path {
            let node = &mut self.nodes[id];
            let r = rewards.get(node.seat.index()).copied().unwrap_or(0.0);
            node.visits += 1;
            let edge = &mut node.edges[e];
            edge.visits += 1;
            edge.total += r;
        }
    }

    /// The root node (the tree is consumed).
    pub fn into_root(mut self) -> Node<A> {
        self.nodes.swap_remove(0)
    }
}

impl<A: PartialEq> Node<A> {
    /// Add `other`'s edge statistics to this node's, action by action (root
    /// parallelism: the same root searched by independent trees).
    pub fn absorb(&mut self, other: &Node<A>) {
        self.visits += other.visits;
        for (a, e) in other.actions.iter().zip(&other.edges) {
            if let Some(i) = self.actions.iter().position(|b| b == a) {
                self.edges[i].visits += e.visits;
                self.edges[i].total += e.total;
            }
        }
    }

    /// The most visited edge (ties: the better mean, then the first).
    pub fn best_edge(&self) -> Option<usize> {
        let mut best: Option<(usize, u32, f64)> = None;
        for (i, e) in self.edges.iter().enumerate() {
            let mean = if e.visits > 0 {
                e.total / f64::from(e.visits)
            } else {
                f64::NEG_INFINITY
            };
            let better = match best {
                None => true,
                Some((_, v, m)) => e.visits > v || (e.visits == v && mean > m),
            };
            if better {
                best = Some((i, e.visits, mean));
            }
        }
        best.map(|(i, _, _)| i)
    }
}
