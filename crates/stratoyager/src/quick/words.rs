//! Words shared by the quick-entry parsers: unit names, missile sizes, edges, course
//! and speed.

use super::*;

fn size(w: Option<&&str>) -> Option<MissileKind> {
    match w.copied() {
        Some("light" | "l" | "lt") => Some(MissileKind::Light),
        Some("medium" | "m" | "med") => Some(MissileKind::Medium),
        Some("heavy" | "h" | "hv") => Some(MissileKind::Heavy),
        _ => None,
    }
}

/// The missile size: as typed, else the only kind the unit has left.
pub(super) fn size_or_only(
    g: &Stratoyager,
    unit: UnitId,
    w: Option<&&str>,
    i: &mut usize,
) -> Result<MissileKind, String> {
    if let Some(k) = size(w) {
        *i += 1;
        return Ok(k);
    }
    let kinds: Vec<MissileKind> = g.unit(unit).missiles.kinds().collect();
    match kinds.as_slice() {
        [k] => Ok(*k),
        [] => Err(format!("{} has no missiles left", g.unit(unit).label)),
        _ => Err("which missile: light, medium or heavy?".into()),
    }
}

/// A unit named by map mark, `#id`, label, or words of its label; enemies on the
/// table are preferred when several match.
pub fn find_unit(g: &Stratoyager, seat: Seat, words: &[&str]) -> Result<UnitId, String> {
    let q: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| *w != "at" && *w != ",")
        .collect();
    let text = q.join(" ");
    if text.is_empty() {
        return Err("name a target: its map mark (e.g. `a` or `2`) or its name".into());
    }
    let mut found: Vec<UnitId> = Vec::new();
    if text.chars().count() == 1 {
        let c = text.chars().next().unwrap_or(' ');
        found = g
            .units
            .iter()
            .filter(|u| marker(g, u.id) == c)
            .map(|u| u.id)
            .collect();
    } else if let Some(n) = text.strip_prefix('#').and_then(|n| n.parse::<usize>().ok()) {
        found = g.units.get(n).map(|u| u.id).into_iter().collect();
    }
    if found.is_empty() {
        found = g
            .units
            .iter()
            .filter(|u| u.label.to_lowercase() == text)
            .map(|u| u.id)
            .collect();
    }
    if found.is_empty() {
        found = g
            .units
            .iter()
            .filter(|u| {
                let lw: Vec<String> = u
                    .label
                    .to_lowercase()
                    .split_whitespace()
                    .map(String::from)
                    .collect();
                q.iter().all(|w| lw.iter().any(|l| l.starts_with(w)))
            })
            .map(|u| u.id)
            .collect();
    }
    if found.len() > 1 {
        let enemies: Vec<UnitId> = found
            .iter()
            .copied()
            .filter(|&id| g.unit(id).side != seat && g.unit(id).on_table())
            .collect();
        if !enemies.is_empty() {
            found = enemies;
        }
    }
    match found.as_slice() {
        [id] => Ok(*id),
        [] => Err(format!(
            "no unit `{text}`; enemies on the table: {}",
            enemy_list(g, seat)
        )),
        many => Err(format!(
            "`{text}` could be {}; use the map mark",
            many.iter()
                .map(|&id| format!("{} {}", marker(g, id), g.unit(id).label))
                .collect::<Vec<_>>()
                .join(" or ")
        )),
    }
}

fn enemy_list(g: &Stratoyager, seat: Seat) -> String {
    let v: Vec<String> = g
        .units
        .iter()
        .filter(|u| u.side != seat && u.on_table())
        .map(|u| format!("{} {}", marker(g, u.id), u.label))
        .collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

pub(super) fn edge(w: Option<&&str>) -> Option<Edge> {
    match w.copied() {
        Some("south" | "s") => Some(Edge::South),
        Some("north" | "n") => Some(Edge::North),
        Some("west" | "w") => Some(Edge::West),
        Some("east" | "e") => Some(Edge::East),
        _ => None,
    }
}

/// `course H` / `speed S` keywords after the position.
pub(super) fn course_speed(
    words: &[&str],
    mut i: usize,
    course: &mut i32,
    speed: &mut i32,
) -> Result<(), String> {
    while i < words.len() {
        let w = words[i];
        i += 1;
        match w {
            "," | "at" => {}
            "course" | "c" | "facing" | "f" | "heading" => {
                *course = i32::from(hour_arg(words.get(i), w)?);
                i += 1;
            }
            "speed" | "sp" | "v" => {
                *speed =
                    num(words.get(i)).ok_or(format!("`{w}` needs a number, e.g. `speed 5`"))?;
                i += 1;
            }
            _ => {
                return Err(format!(
                    "`{w}` is not understood here (try `course 0 speed 5`)"
                ))
            }
        }
    }
    Ok(())
}
