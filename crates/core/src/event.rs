use crate::Seat;
use serde::{Deserialize, Serialize};

/// Who may see an event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Every seat and spectators.
    All,
    /// Only these seats (e.g. the seat that committed secret orders).
    Seats(Vec<Seat>),
}

/// An event with the audience allowed to see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Logged<E> {
    pub audience: Audience,
    pub event: E,
}

impl<E> Logged<E> {
    /// An event everybody sees.
    pub fn public(event: E) -> Self {
        Logged {
            audience: Audience::All,
            event,
        }
    }

    /// An event only `seat` sees.
    pub fn private(seat: Seat, event: E) -> Self {
        Logged {
            audience: Audience::Seats(vec![seat]),
            event,
        }
    }

    /// May `viewer` (None = spectator) see this event?
    pub fn visible_to(&self, viewer: Option<Seat>) -> bool {
        match (&self.audience, viewer) {
            (Audience::All, _) => true,
            (Audience::Seats(s), Some(v)) => s.contains(&v),
            (Audience::Seats(_), None) => false,
        }
    }
}
