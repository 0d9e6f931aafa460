//! Movement by Move Cards (seed "The Move Cards", ST-07…ST-09): a player's sets of
//! cards, shared by all his moving ships, each ship following the first `e` cards of
//! a set (its engines), all or nothing, stopped where its path is blocked.

use crate::event::Event;
use crate::state::{MoveCard, MoveSet, ShipId, Stgv2};
use orrery_core::{Logged, Seat};
use orrery_nodes::{Dir, Pos};
use serde::Serialize;
use std::collections::BTreeSet;

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

impl Stgv2 {
    /// The position one step from `from` in `d`, if the edge exists and no other
    /// piece is there (ST-03: a ship may not enter or pass an occupied position).
    fn open(&self, ship: ShipId, from: Pos, d: Dir) -> Option<Pos> {
        let to = self.step_from(from, d)?;
        (!self.occupied_by_other(to, ship)).then_some(to)
    }

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
        let single = |dirs: &[Dir]| -> Vec<CardPlay> {
            dirs.iter()
                .filter_map(|&d| {
                    self.open(ship, from, d).map(|p| CardPlay {
                        dirs: vec![d],
                        path: vec![p],
                        blocked: false,
                    })
                })
                .collect()
        };
        match card {
            MoveCard::OneAny => single(&Dir::ALL),
            MoveCard::Vertical => single(&Dir::VERTICAL),
            MoveCard::Horizontal => single(&Dir::HORIZONTAL),
            MoveCard::TwoStraight => Dir::ALL
                .iter()
                .filter_map(|&d| {
                    let p1 = self.open(ship, from, d)?;
                    Some(match self.open(ship, p1, d) {
                        Some(p2) => CardPlay {
                            dirs: vec![d],
                            path: vec![p1, p2],
                            blocked: false,
                        },
                        None => CardPlay {
                            dirs: vec![d],
                            path: vec![p1],
                            blocked: true,
                        },
                    })
                })
                .collect(),
            MoveCard::ZigZag => self.zig_zags(ship, from),
        }
    }

    fn zig_zags(&self, ship: ShipId, from: Pos) -> Vec<CardPlay> {
        let mut out = Vec::new();
        for d1 in Dir::ALL {
            let Some(p1) = self.open(ship, from, d1) else {
                continue;
            };
            let seconds: Vec<(Dir, Pos)> = Dir::ALL
                .iter()
                .filter(|&&d| d != d1)
                .filter_map(|&d| self.open(ship, p1, d).map(|p| (d, p)))
                .collect();
            if seconds.is_empty() {
                out.push(CardPlay {
                    dirs: vec![d1],
                    path: vec![p1],
                    blocked: true,
                });
                continue;
            }
            for (d2, p2) in seconds {
                let thirds = self.back_to(p2, d1);
                if thirds.is_empty() {
                    out.push(CardPlay {
                        dirs: vec![d1, d2],
                        path: vec![p1, p2],
                        blocked: true,
                    });
                }
                for d3 in thirds {
                    out.push(match self.open(ship, p2, d3) {
                        Some(p3) => CardPlay {
                            dirs: vec![d1, d2, d3],
                            path: vec![p1, p2, p3],
                            blocked: false,
                        },
                        None => CardPlay {
                            dirs: vec![d1, d2, d3],
                            path: vec![p1, p2],
                            blocked: true,
                        },
                    });
                }
            }
        }
        out
    }

    /// The Zig-Zag's third direction from `at` (ST-09): `d1` if its edge exists,
    /// else the existing horizontal directions nearest `d1` by angle (all existing
    /// horizontal ones when `d1` is Up or Down).
    fn back_to(&self, at: Pos, d1: Dir) -> Vec<Dir> {
        if self.step_from(at, d1).is_some() {
            return vec![d1];
        }
        let existing: Vec<Dir> = Dir::HORIZONTAL
            .iter()
            .copied()
            .filter(|&d| self.step_from(at, d).is_some())
            .collect();
        if d1.is_vertical() {
            return existing;
        }
        let best = existing.iter().filter_map(|&d| d.turn_between(d1)).min();
        existing
            .into_iter()
            .filter(|&d| d.turn_between(d1) == best)
            .collect()
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
        self.fleet(seat)
            .filter(|s| s.assets.engine >= 1 && !moved.contains(&s.id))
            .map(|s| s.id)
            .collect()
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
