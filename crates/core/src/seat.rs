use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's place at the table, numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, for indexing per-seat vectors.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// All seats of an `n`-player game.
    pub fn all(n: u8) -> impl Iterator<Item = Seat> {
        (0..n).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
