//! A shared deck of cards: a face-down draw pile whose order no seat knows, and a
//! face-up discard pile reshuffled into a new draw pile when the draw pile runs out
//! (ST-07, ST-13).

use orrery_core::Rng;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Deck<T> {
    /// Face down; the next card drawn is the last.
    pub draw: Vec<T>,
    /// Face up.
    pub discard: Vec<T>,
}

impl<T: Clone> Deck<T> {
    /// A deck of `cards`, shuffled.
    pub fn shuffled(mut cards: Vec<T>, rng: &mut Rng) -> Self {
        shuffle(&mut cards, rng);
        Deck {
            draw: cards,
            discard: Vec::new(),
        }
    }

    /// Draw one card; an empty draw pile first takes the discards, shuffled. `None`
    /// only when every card is out (drawn and not yet discarded).
    pub fn draw(&mut self, rng: &mut Rng) -> Option<T> {
        if self.draw.is_empty() {
            self.draw = std::mem::take(&mut self.discard);
            shuffle(&mut self.draw, rng);
        }
        self.draw.pop()
    }

    /// Put cards face up on the discard pile.
    pub fn discard(&mut self, cards: impl IntoIterator<Item = T>) {
        self.discard.extend(cards);
    }

    /// Deal the draw pile afresh for a look-ahead copy: no seat knows its order
    /// (ST-07: "Shuffled with the game RNG"; ST-13), so the pile is first put in a
    /// canonical order (sorted) and then shuffled with `rng`. Its cards are known to
    /// all (the deck's list, minus the face-up discards and the cards out), so two
    /// worlds that differ only in the pile's order give the same copy.
    pub fn redeal_draw(&mut self, rng: &mut Rng)
    where
        T: Ord,
    {
        self.draw.sort_unstable();
        shuffle(&mut self.draw, rng);
    }

    pub fn len(&self) -> usize {
        self.draw.len()
    }

    pub fn is_empty(&self) -> bool {
        self.draw.is_empty()
    }
}

/// Fisher–Yates with the game's generator.
pub fn shuffle<T>(v: &mut [T], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.index(i + 1);
        v.swap(i, j);
    }
}
