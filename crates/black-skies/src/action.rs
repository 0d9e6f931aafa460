//! What a seat may answer.

use serde::{Deserialize, Serialize};

/// Where the wingman sits relative to his lead at deployment (BS-02: "both fighters
/// of an element on the same heading (any heading) and 1"–6" apart"; BSO-02 lists
/// these four places).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Wing {
    /// 2" back and 2" to the left.
    BehindLeft,
    /// 2" back and 2" to the right.
    BehindRight,
    /// 3" to the left, level.
    AbreastLeft,
    /// 3" to the right, level.
    AbreastRight,
}

impl Wing {
    pub const ALL: [Wing; 4] = [
        Wing::BehindLeft,
        Wing::BehindRight,
        Wing::AbreastLeft,
        Wing::AbreastRight,
    ];

    /// (forward, right) of the wingman from the lead, in inches.
    pub fn offset(self) -> (f64, f64) {
        match self {
            Wing::BehindLeft => (-2.0, -2.0),
            Wing::BehindRight => (-2.0, 2.0),
            Wing::AbreastLeft => (0.0, -3.0),
            Wing::AbreastRight => (0.0, 3.0),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Wing::BehindLeft => "behind-left",
            Wing::BehindRight => "behind-right",
            Wing::AbreastLeft => "abreast-left",
            Wing::AbreastRight => "abreast-right",
        }
    }
}

/// An answer to the open question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// BS-02: place the seat's next element: the lead's centre at (`x`, `y`) inches,
    /// heading `heading` degrees clockwise from +y (a multiple of 30), the wingman at
    /// `wing` (none for a lone fighter).
    Deploy {
        x: u8,
        y: u8,
        heading: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        wing: Option<Wing>,
    },
    /// BS-02, secret until both sides are ready: `element`'s starting speed; the
    /// order of these answers is the movement deck.
    Speed { element: u8, speed: u8 },
    /// BS-03: the sizes of this turn's groups, along the deck.
    Group { sizes: Vec<u8> },
    /// BS-04 (1): the option of the revealed card (0-based).
    Maneuver { option: u8 },
    /// BS-09: fire the weapon now asked about at fighter `target`.
    Fire { target: u8 },
    /// BS-09: this weapon does not fire.
    Hold,
    /// BS-02 and BS-04 (8), secret until the element activates: its next card (in
    /// set-up, the first card of each element in deck order).
    Card { card: u8 },
}
