//! Movement by Move Cards (seed "The Move Cards", ST-07…ST-09): a player's sets of
//! cards, shared by all his moving ships, each ship following the first `e` cards of
//! a set (its engines), all or nothing, stopped where its path is blocked.

use crate::event::Event;
use crate::grid::Grid;
use crate::state::{MoveCard, MoveSet, ShipId, Stgv2};
use orrery_core::{Logged, Seat};
use orrery_nodes::{Dir, Node, Pos};
use serde::Serialize;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// One way to play a card as [`Stgv2::each_play`] offers it: [`CardPlay`] without
/// its lists.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Play {
    dirs: [Dir; 3],
    path: [Pos; 3],
    dirs_len: u8,
    path_len: u8,
    pub blocked: bool,
}

impl Play {
    fn new(dirs: &[Dir], path: &[Pos], blocked: bool) -> Play {
        let mut p = Play {
            dirs: [dirs[0]; 3],
            path: [path[0]; 3],
            dirs_len: dirs.len() as u8,
            path_len: path.len() as u8,
            blocked,
        };
        p.dirs[..dirs.len()].copy_from_slice(dirs);
        p.path[..path.len()].copy_from_slice(path);
        p
    }

    pub fn dirs(&self) -> &[Dir] {
        &self.dirs[..usize::from(self.dirs_len)]
    }

    pub fn path(&self) -> &[Pos] {
        &self.path[..usize::from(self.path_len)]
    }

    /// Where the ship ends.
    pub fn end(&self) -> Pos {
        self.path[usize::from(self.path_len) - 1]
    }

    pub fn to_card_play(self) -> CardPlay {
        CardPlay {
            dirs: self.dirs().to_vec(),
            path: self.path().to_vec(),
            blocked: self.blocked,
        }
    }
}

/// One way to play a card (ST-09): the directions the player chose, one per step
/// tried, and the positions entered.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardPlay {
    pub dirs: Vec<Dir>,
    pub path: Vec<Pos>,
    /// The path was blocked: the ship stops here and ignores the rest of the set
    /// (ST-08).
    pub blocked: bool,
}

/// What a walk of card plays asks at every step, gathered once: the field's edges,
/// and a mask of the nodes that may hold a piece, so that a step to a free node
/// (most steps) skips [`Stgv2::occupied_by_other`] (ST-03).
pub(crate) struct Ways<'a> {
    g: &'a Stgv2,
    ship: ShipId,
    grid: Option<&'a Grid>,
    /// Bit [`bit`] of every node holding a station still in play, a cluster or a
    /// ship in play other than `ship`: a node whose bit is clear holds no piece in
    /// `ship`'s way.
    nodes: u128,
}

/// A node's bit in [`Ways::nodes`].
#[inline]
fn bit(n: Node) -> u128 {
    let h = (n.a as u32).wrapping_mul(0x9E37_79B1) ^ (n.b as u32).wrapping_mul(0x85EB_CA6B);
    1 << (h >> 25)
}

impl<'a> Ways<'a> {
    pub(crate) fn new(g: &'a Stgv2, ship: ShipId) -> Self {
        let mut nodes = 0;
        for (i, &n) in g.stations.iter().enumerate() {
            if !g.players.get(i).is_some_and(|p| p.out) {
                nodes |= bit(n);
            }
        }
        for c in &g.clusters {
            nodes |= bit(c.node);
        }
        // The ship itself is never in its own way.
        for s in g.ships.iter().filter(|s| s.alive && s.id != ship) {
            nodes |= bit(s.pos.node);
        }
        Ways {
            g,
            ship,
            grid: g.grid.get(&g.field),
            nodes,
        }
    }

    /// The position one step from `from` in `d`, if the edge exists and no other
    /// piece is there (ST-03: a ship may not enter or pass an occupied position).
    #[inline]
    fn open(&self, from: Pos, d: Dir) -> Option<Pos> {
        let to = self.step(from, d)?;
        if self.nodes & bit(to.node) != 0 && self.g.occupied_by_other(to, self.ship) {
            return None;
        }
        Some(to)
    }

    /// [`Field::step`] through the table.
    #[inline]
    fn step(&self, from: Pos, d: Dir) -> Option<Pos> {
        match self.grid {
            Some(grid) => grid.step(from, d),
            None => self.g.field.step(from, d),
        }
    }
}

impl Stgv2 {
    /// Occupied by a piece other than ship `ship`.
    pub fn occupied_by_other(&self, p: Pos, ship: ShipId) -> bool {
        let me = self.ship(ship);
        if me.alive && me.pos == p {
            return false;
        }
        self.occupied(p)
    }

    /// Every way ship `ship` at `from` may play `card` (ST-09). Empty when its very
    /// first step is blocked in every direction the card allows (the ship stops).
    ///
    /// - "1 space any direction": one step in any of the 8 directions;
    /// - "2 spaces straight": two steps in one direction (blocked after one: stops);
    /// - "1 vertical": Up or Down; "1 horizontal": one of the 6 horizontal ones;
    /// - "Zig-Zag": d1, then d2 ≠ d1, then d1 again — where the d1 edge does not
    ///   exist, the existing horizontal direction nearest d1 by angle (from Up/Down:
    ///   any horizontal), the player's choice on ties; occupancy is never
    ///   substituted, it blocks.
    ///
    /// A step the player could take must be taken: a direction whose first step is
    /// blocked is offered only when every direction is.
    pub fn card_plays_from(&self, ship: ShipId, from: Pos, card: MoveCard) -> Vec<CardPlay> {
        let mut out = Vec::new();
        let _ = self.each_play(ship, from, card, None, |p| {
            out.push(p.to_card_play());
            ControlFlow::<()>::Continue(())
        });
        out
    }

    /// [`Stgv2::card_plays_from`] one play at a time, in the same order, without
    /// building the list: `f` may stop the walk. With `first`, only the plays whose
    /// first direction it is (each play's ways depend on its first direction only,
    /// and the plays come grouped by it).
    pub(crate) fn each_play<B>(
        &self,
        ship: ShipId,
        from: Pos,
        card: MoveCard,
        first: Option<Dir>,
        f: impl FnMut(&Play) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.each_play_on(&Ways::new(self, ship), from, card, first, f)
    }

    /// How many plays [`Stgv2::each_play_on`] offers with each first direction (in
    /// [`Dir::ALL`] order), counted without making them: a play is counted where it
    /// would be offered, blocked or not, so a step whose only question is whether
    /// it is blocked (the second of "2 straight", a Zig-Zag's third) is not tried.
    pub(crate) fn count_plays(&self, w: &Ways, from: Pos, card: MoveCard) -> [usize; 8] {
        let mut counts = [0usize; 8];
        let dirs: &[Dir] = match card {
            MoveCard::OneAny | MoveCard::TwoStraight | MoveCard::ZigZag => &Dir::ALL,
            MoveCard::Vertical => &Dir::VERTICAL,
            MoveCard::Horizontal => &Dir::HORIZONTAL,
        };
        for &d1 in dirs {
            let Some(p1) = w.open(from, d1) else {
                continue;
            };
            counts[d1 as usize] = if card == MoveCard::ZigZag {
                // As `zig_zags`: a stop after d1 when no second step is open, else
                // per open second step its thirds (a stop when it has none).
                let mut n = 0;
                for d2 in Dir::ALL {
                    if d2 != d1 {
                        if let Some(p2) = w.open(p1, d2) {
                            n += back_to(w, p2, d1).1.max(1);
                        }
                    }
                }
                n.max(1)
            } else {
                1
            };
        }
        counts
    }

    /// [`Stgv2::each_play`] on ways gathered by the caller (for several walks of one
    /// ship in one state).
    pub(crate) fn each_play_on<B>(
        &self,
        w: &Ways,
        from: Pos,
        card: MoveCard,
        first: Option<Dir>,
        mut f: impl FnMut(&Play) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let firsts = |dirs: &'static [Dir]| {
            dirs.iter()
                .copied()
                .filter(move |&d| first.is_none_or(|x| x == d))
        };
        let single = |dirs: &'static [Dir], f: &mut dyn FnMut(&Play) -> ControlFlow<B>| {
            for d in firsts(dirs) {
                if let Some(p) = w.open(from, d) {
                    f(&Play::new(&[d], &[p], false))?;
                }
            }
            ControlFlow::Continue(())
        };
        match card {
            MoveCard::OneAny => single(&Dir::ALL, &mut f),
            MoveCard::Vertical => single(&Dir::VERTICAL, &mut f),
            MoveCard::Horizontal => single(&Dir::HORIZONTAL, &mut f),
            MoveCard::TwoStraight => {
                for d in firsts(&Dir::ALL) {
                    let Some(p1) = w.open(from, d) else {
                        continue;
                    };
                    match w.open(p1, d) {
                        Some(p2) => f(&Play::new(&[d], &[p1, p2], false))?,
                        None => f(&Play::new(&[d], &[p1], true))?,
                    }
                }
                ControlFlow::Continue(())
            }
            MoveCard::ZigZag => zig_zags(w, from, firsts(&Dir::ALL), &mut f),
        }
    }

    /// The card ship `ship` plays next with set `set`, if it still has one: a ship
    /// with `e` engines follows cards 1…e (ST-08, seed 2)e).
    pub fn next_card(&self, set: u8, ship: ShipId, card: u8) -> Option<MoveCard> {
        let cards = &self.sets.get(usize::from(set))?.cards;
        let e = usize::from(self.ship(ship).assets.engine);
        (usize::from(card) < e.min(cards.len())).then(|| cards[usize::from(card)])
    }

    /// Ships of `seat` that may still follow set `set`: alive, with an engine (seed
    /// 2)a), not yet moved with it.
    pub fn may_follow(&self, seat: Seat, moved: &[ShipId]) -> Vec<ShipId> {
        self.followers(seat, moved).collect()
    }

    /// [`Stgv2::may_follow`] without the list.
    pub(crate) fn followers<'a>(
        &'a self,
        seat: Seat,
        moved: &'a [ShipId],
    ) -> impl Iterator<Item = ShipId> + 'a {
        self.fleet(seat)
            .filter(move |s| s.assets.engine >= 1 && !moved.contains(&s.id))
            .map(|s| s.id)
    }

    /// Draw one set of E cards, E = most engines on any of `seat`'s ships (ST-08).
    pub(crate) fn draw_set(&mut self, seat: Seat, log: &mut Vec<Logged<Event>>) {
        let e = self.fleet(seat).map(|s| s.assets.engine).max().unwrap_or(0);
        let mut cards = Vec::new();
        for _ in 0..e {
            if self.move_deck.is_empty() && !self.move_deck.discard.is_empty() {
                log.push(Logged::public(Event::DeckReshuffled {
                    deck: "move".into(),
                }));
            }
            match self.move_deck.draw(&mut self.rng) {
                Some(c) => cards.push(c),
                None => break,
            }
        }
        let set = self.sets.len() as u8;
        log.push(Logged::public(Event::SetDrawn {
            seat,
            set,
            cards: cards.clone(),
        }));
        self.sets.push(MoveSet { cards, used: false });
    }

    /// Every position ship `ship` could end at by following set `set` from its
    /// card `card` on (for planners: the browser's reachable positions). The ship's
    /// start is included (a blocked first step leaves it there).
    pub fn reachable(&self, set: u8, ship: ShipId, card: u8) -> Vec<Pos> {
        let mut now: BTreeSet<Pos> = [self.ship(ship).pos].into();
        let mut ends = BTreeSet::new();
        let mut k = card;
        while let Some(c) = self.next_card(set, ship, k) {
            let mut next = BTreeSet::new();
            for &p in &now {
                let plays = self.card_plays_from(ship, p, c);
                if plays.is_empty() {
                    ends.insert(p);
                }
                for play in plays {
                    let end = *play.path.last().expect("a step");
                    if play.blocked {
                        ends.insert(end);
                    } else {
                        next.insert(end);
                    }
                }
            }
            now = next;
            k += 1;
        }
        ends.extend(now);
        ends.into_iter().collect()
    }
}

fn zig_zags<B>(
    w: &Ways,
    from: Pos,
    firsts: impl Iterator<Item = Dir>,
    f: &mut impl FnMut(&Play) -> ControlFlow<B>,
) -> ControlFlow<B> {
    for d1 in firsts {
        let Some(p1) = w.open(from, d1) else {
            continue;
        };
        let mut seconds = [(d1, p1); 8];
        let mut n = 0;
        for d in Dir::ALL {
            if d != d1 {
                if let Some(p) = w.open(p1, d) {
                    seconds[n] = (d, p);
                    n += 1;
                }
            }
        }
        if n == 0 {
            f(&Play::new(&[d1], &[p1], true))?;
            continue;
        }
        for &(d2, p2) in &seconds[..n] {
            let (thirds, k) = back_to(w, p2, d1);
            if k == 0 {
                f(&Play::new(&[d1, d2], &[p1, p2], true))?;
            }
            for &d3 in &thirds[..k] {
                match w.open(p2, d3) {
                    Some(p3) => f(&Play::new(&[d1, d2, d3], &[p1, p2, p3], false))?,
                    None => f(&Play::new(&[d1, d2, d3], &[p1, p2], true))?,
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The Zig-Zag's third direction from `at` (ST-09): `d1` if its edge exists,
/// else the existing horizontal directions nearest `d1` by angle (all existing
/// horizontal ones when `d1` is Up or Down). The first `k` of the array.
fn back_to(w: &Ways, at: Pos, d1: Dir) -> ([Dir; 6], usize) {
    let mut out = [d1; 6];
    if w.step(at, d1).is_some() {
        return (out, 1);
    }
    let mut k = 0;
    for d in Dir::HORIZONTAL {
        if w.step(at, d).is_some() {
            out[k] = d;
            k += 1;
        }
    }
    if d1.is_vertical() {
        return (out, k);
    }
    let best = out[..k].iter().filter_map(|&d| d.turn_between(d1)).min();
    let mut kept = 0;
    for i in 0..k {
        if out[i].turn_between(d1) == best {
            out[kept] = out[i];
            kept += 1;
        }
    }
    (out, kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{place, scenario, started};
    use orrery_core::Game;

    #[test]
    fn plays_are_counted_as_they_are_offered() {
        for s in Stgv2::scenarios() {
            let mut g = started(&scenario(&s.name), 3);
            for n in g.field.nodes() {
                for z in 0..g.field.levels {
                    let at = Pos { node: n, z };
                    place(&mut g, 0, at);
                    let w = Ways::new(&g, 0);
                    for card in MoveCard::ALL {
                        let mut offered = [0usize; 8];
                        let _ = g.each_play_on(&w, at, card, None, |p| {
                            offered[p.dirs()[0] as usize] += 1;
                            ControlFlow::<()>::Continue(())
                        });
                        assert_eq!(g.count_plays(&w, at, card), offered, "{at} {card:?}");
                    }
                }
            }
        }
    }
}
