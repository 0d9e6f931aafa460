//! Text rendering for terminals and logs.
//!
//! - [`render_text`]: a top-down ASCII map of the table (north = +y at the top), unit
//!   cards, the question being asked with ranges, bearings and thrust limits, the turn,
//!   phase, priority and scores.
//! - [`describe_action`] / [`describe_event`]: one readable line each.
//!
//! Units are named by their labels (`Guardian 151a 2`); on the map side A's units are
//! digits `1`–`9` and side B's letters `a`–`z`, each followed by an arrow for its
//! facing. Secret answers are shown only to their owner ([`SyView`]), dogfight cards
//! only to the side that drew them. Nothing here panics on a malformed action or event:
//! unknown unit ids are shown as `unit #N`.

use crate::state::{Place, Stratoyager, Unit};
use crate::types::{Band, UnitId};
use crate::view::SyView;

use orrery_core::Seat;
use orrery_table::{Hour, Point};

mod cards;
mod describe;
mod events;
mod map;
mod refusal;

pub use cards::asked_unit;
pub use describe::{describe_action, describe_order, plan_text};
pub use events::describe_event;
pub use refusal::{ask_name, refusal, refused};

/// The whole picture `viewer` may see.
pub fn render_text(g: &Stratoyager, viewer: Option<Seat>) -> String {
    let view = SyView::new(g, viewer);
    let mut out = String::new();
    cards::header(&mut out, g, &view);
    map::write_map(&mut out, g);
    cards::unit_cards(&mut out, g, &view);
    cards::question(&mut out, g, &view);
    cards::scores(&mut out, g, &view);
    out
}

// ------------------------------------------------------------------ labels

/// A unit, if the id is valid.
pub(crate) fn unit_ref(g: &Stratoyager, id: UnitId) -> Option<&Unit> {
    g.units.get(id.index())
}

/// A unit's label, `unit #N` for an unknown id.
pub fn label(g: &Stratoyager, id: UnitId) -> String {
    unit_ref(g, id)
        .map(|u| u.label.clone())
        .unwrap_or_else(|| format!("unit #{}", id.0))
}

/// The unit's map mark: side A `1`–`9` (then `0`, `+`), side B `a`–`z` (then `*`),
/// numbered in unit order within the side.
pub fn marker(g: &Stratoyager, id: UnitId) -> char {
    let Some(u) = unit_ref(g, id) else {
        return '?';
    };
    let n = g
        .units
        .iter()
        .take_while(|o| o.id != id)
        .filter(|o| o.side == u.side)
        .count();
    if u.side.0 == 0 {
        match n {
            0..=8 => char::from(b'1' + n as u8),
            9 => '0',
            _ => '+',
        }
    } else if n < 26 {
        char::from(b'a' + n as u8)
    } else {
        '*'
    }
}

/// `Side A` / `Side B`.
pub(crate) fn side_letter(s: Seat) -> char {
    if s.0 == 0 {
        'A'
    } else {
        'B'
    }
}

/// `Federated Systems Fleet (A, P0)`.
pub(crate) fn side_name(g: &Stratoyager, s: Seat) -> String {
    match g.side_names.get(s.index()) {
        Some(n) => format!("{n} (side {}, P{})", side_letter(s), s.0),
        None => format!("side {} (P{})", side_letter(s), s.0),
    }
}

/// An hour as the players say it: `12 o'clock`.
pub(crate) fn hour(h: u8) -> String {
    Hour(h % 12).to_string()
}

/// A distance: `4.2`.
pub(crate) fn klicks(d: f64) -> String {
    format!("{d:.1}")
}

/// A point: `(12, 1)` for whole klicks, else `(12.3, 1.0)`.
pub(crate) fn point(p: Point) -> String {
    if p.x.fract() == 0.0 && p.y.fract() == 0.0 && p.x.abs() < 1e6 && p.y.abs() < 1e6 {
        format!("({}, {})", p.x as i64, p.y as i64)
    } else {
        format!("({:.1}, {:.1})", p.x, p.y)
    }
}

/// The band name of a distance (`beyond visual` past 30 klicks).
pub(crate) fn band_name(d: f64) -> &'static str {
    Band::of(d).map_or("beyond visual", Band::name)
}

fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Where a unit is, in words.
pub(crate) fn place_text(u: &Unit) -> String {
    match u.place {
        Place::Undeployed => "not yet deployed".into(),
        Place::Reserve => "in reserve".into(),
        Place::Table => format!("at {}", point(u.pos)),
        Place::Away { left_turn } => format!("off the table since turn {left_turn}, returning"),
        Place::Hulk => format!("abandoned hulk at {}", point(u.pos)),
        Place::Lost { loss } => format!("{loss:?}").to_lowercase(),
    }
}

fn fmt_score(x: f64) -> String {
    let x = x + 0.0;
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

#[cfg(test)]
mod tests;
