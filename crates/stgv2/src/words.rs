//! How numbers and directions are written in every text of the game: the rules'
//! refusals and endings and the renderer's lines alike.

use crate::state::ShipId;
use orrery_nodes::Dir;

/// A number of Spendys as every text of the game writes it: thousands grouped with
/// commas (`26,000`), in the ending, the events, the actions, the refusals and the odds.
pub(crate) fn spendys(n: u32) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Directions as the cards and refusals name them (`up, north`).
pub(crate) fn dirs_text(dirs: &[Dir]) -> String {
    dirs.iter().map(|d| d.name()).collect::<Vec<_>>().join(", ")
}

/// A ship's letter on the map: `a`…`z`, then `A`…`Z`, then `?`.
pub fn ship_letter(id: ShipId) -> char {
    match id {
        0..=25 => (b'a' + id as u8) as char,
        26..=51 => (b'A' + (id - 26) as u8) as char,
        _ => '?',
    }
}
