//! One-line descriptions of actions for menus.

use super::*;
use crate::action::{Action, CombatOrder, MissileOrder};
use crate::combat::{attack_band, tht};
use crate::event::Weapon;
use crate::types::{Driver, Maneuver, MissileKind, Plan};
use crate::{movement, stress};

/// The unit an action answers for: `viewer`'s next question (a seat describes its
/// own answers; it is never told which unit another seat is being asked about, let
/// alone which of that seat's answers the rules would accept). A spectator gets no
/// unit.
fn unit_for(g: &Stratoyager, viewer: Option<Seat>) -> Option<UnitId> {
    let b = g.batch.as_ref()?;
    let i = b.next_for(viewer?)?;
    b.asks.get(i).map(|x| x.unit)
}

/// One readable line for an action, in the current state (before it is applied), as
/// `viewer` may read it: the unit is the one `viewer` is being asked about.
pub fn describe_action(g: &Stratoyager, viewer: Option<Seat>, a: &Action) -> String {
    describe_order(g, viewer, unit_for(g, viewer), a)
}

fn maneuver_text(m: Maneuver) -> String {
    if m.thrust == 0 {
        match m.driver {
            Driver::Accelerate | Driver::Decelerate => "no acc".into(),
            Driver::TurnPort | Driver::TurnStarboard => "no turn".into(),
            Driver::SlidePort | Driver::SlideStarboard => "no slide".into(),
        }
    } else {
        format!("{} {}", m.driver.short(), m.thrust)
    }
}

/// `acc 3, turn port 2` (`drift` for no thrust at all), `, evasive`.
pub fn plan_text(p: &Plan) -> String {
    let mut s = if p.total_thrust() == 0 {
        "drift".to_string()
    } else {
        format!("{}, {}", maneuver_text(p.first), maneuver_text(p.second))
    };
    if p.evasive {
        s.push_str(", evasive");
    }
    s
}

pub(super) fn size_name(k: MissileKind) -> &'static str {
    match k {
        MissileKind::Light => "light",
        MissileKind::Medium => "medium",
        MissileKind::Heavy => "heavy",
    }
}

/// ` (close, 4.2 klicks, THT 5)` for a shot from `a` at `t` now.
fn shot_note(g: &Stratoyager, a: UnitId, t: UnitId, w: Weapon) -> String {
    let (Some(ua), Some(ut)) = (unit_ref(g, a), unit_ref(g, t)) else {
        return String::new();
    };
    if !(ua.on_table() && ut.on_table()) {
        return String::new();
    }
    let d = ua.pos.dist(ut.pos);
    match attack_band(g, a, t, w) {
        Some(b) => format!(
            " ({} klicks, {} dice, THT {})",
            klicks(d),
            b.name(),
            tht(g, a, t, w, Band::of(d).unwrap_or(b))
        ),
        None => format!(" ({} klicks)", klicks(d)),
    }
}

/// Units a fragshell pod would hit (SY-18): in the front arc within 6 klicks, LOS.
fn fragshell_targets(g: &Stratoyager, unit: UnitId) -> Vec<UnitId> {
    let Some(me) = unit_ref(g, unit) else {
        return Vec::new();
    };
    g.units
        .iter()
        .filter(|t| t.id != unit && t.on_table())
        .filter(|t| Band::of(me.pos.dist(t.pos)).is_some_and(|b| b <= Band::Close))
        .filter(|t| orrery_table::in_front_arc(me.pos, me.facing, t.pos))
        .filter(|t| crate::combat::line_of_sight(g, me.pos, t.pos))
        .map(|t| t.id)
        .collect()
}

fn missile_text(g: &Stratoyager, unit: Option<UnitId>, m: &MissileOrder) -> String {
    match *m {
        MissileOrder::Lock { target } => {
            let d = unit
                .and_then(|u| unit_ref(g, u))
                .zip(unit_ref(g, target))
                .map(|(a, b)| format!(" ({} klicks)", klicks(a.pos.dist(b.pos))))
                .unwrap_or_default();
            format!("lock on {}{d}", label(g, target))
        }
        MissileOrder::Launch { size } => {
            let lock = unit.and_then(|u| unit_ref(g, u)).and_then(|u| u.lock);
            match (unit, lock) {
                (Some(u), Some(l)) => format!(
                    "launch a {} missile at locked {}{}",
                    size_name(size),
                    label(g, l.target),
                    shot_note(g, u, l.target, Weapon::LockedMissile(size))
                ),
                _ => format!("launch a {} missile at the locked target", size_name(size)),
            }
        }
        MissileOrder::Dumb { target, size } => format!(
            "dumb {} missile at {}{}",
            size_name(size),
            label(g, target),
            unit.map(|u| shot_note(g, u, target, Weapon::Dumb(size)))
                .unwrap_or_default()
        ),
        MissileOrder::Fragshell { size } => {
            let hit = unit.map(|u| fragshell_targets(g, u)).unwrap_or_default();
            let names: Vec<String> = hit.iter().map(|&t| label(g, t)).collect();
            format!(
                "fragshell pod ({}) at all in the front arc within 6 klicks{}",
                size_name(size),
                if names.is_empty() {
                    String::new()
                } else {
                    format!(": {}", names.join(", "))
                }
            )
        }
    }
}

pub(super) fn combat_text(g: &Stratoyager, unit: Option<UnitId>, o: &CombatOrder) -> String {
    let salvo = |t: UnitId| {
        format!(
            "salvo at {}{}",
            label(g, t),
            unit.map(|u| shot_note(g, u, t, Weapon::Salvo))
                .unwrap_or_default()
        )
    };
    match o {
        CombatOrder::Hold => "hold (no Combat Action)".into(),
        CombatOrder::Salvo { target } => salvo(*target),
        CombatOrder::Missile { missile } => missile_text(g, unit, missile),
        CombatOrder::Gunner { target, missile } => {
            format!("{} + {}", salvo(*target), missile_text(g, unit, missile))
        }
        CombatOrder::Countermeasures => "countermeasures".into(),
        CombatOrder::RaiseShields => "raise shields".into(),
        CombatOrder::FireAtWill => "take Fire at Will".into(),
        CombatOrder::Eject { hour: h } => {
            let at = unit
                .and_then(|u| unit_ref(g, u))
                .map(|u| {
                    format!(
                        ", pilot lands at {}",
                        point(u.pos.along(Hour(*h % 12), 1.0))
                    )
                })
                .unwrap_or_default();
            format!("eject towards {}{at}", hour(*h))
        }
    }
}

/// An action as the order of `unit` (`None`: unknown unit), as `viewer` may read it:
/// what only the unit's own side knows (its dogfight hand) is told to that side only.
pub fn describe_order(
    g: &Stratoyager,
    viewer: Option<Seat>,
    unit: Option<UnitId>,
    a: &Action,
) -> String {
    let u = unit.and_then(|id| unit_ref(g, id));
    let name = unit.map_or_else(|| "the unit".to_string(), |id| label(g, id));
    match a {
        Action::Deploy { card: Some(c) } => format!("{name}: deployment card {c}"),
        Action::Deploy { card: None } => format!("{name}: keep in reserve"),
        Action::Place {
            x,
            y,
            course,
            speed,
        } => format!(
            "place {name} at ({x}, {y}) course {} speed {speed}",
            hour(*course)
        ),
        Action::Enter { edge, at, speed } => {
            let p = g.entry_point(*edge, *at);
            format!(
                "{name} enters from the {} edge at {} course {} speed {speed}",
                format!("{edge:?}").to_lowercase(),
                point(p),
                hour(edge.inward().0)
            )
        }
        Action::Card { card } => format!("{name}: Initiative Card {card}"),
        Action::DogfightCard { movement } => {
            // SY-27: the hand is secret; only the unit's own side reads it.
            let other = u
                .filter(|u| viewer == Some(u.side))
                .and_then(|u| g.dogfight.as_ref()?.drawn.get(u.side.index()).copied())
                .filter(|d| d.contains(movement))
                .and_then(|d| d.iter().copied().find(|c| c != movement));
            match other {
                Some(c) => format!("{name}: movement card {movement}, combat card {c}"),
                None => format!("{name}: movement card {movement}"),
            }
        }
        Action::Maneuver(plan) => {
            let mut s = format!("{name}: {}", plan_text(plan));
            if let (Some(u), Some(card)) = (u, u.and_then(|u| g.roster.get(u.kind))) {
                let realign = movement::realigns(u, plan);
                let dice = stress::stress_dice(card, plan, realign);
                s.push_str(&format!(" ({}", plural(dice, "stress die", "stress dice")));
                if realign {
                    s.push_str(", realigns first");
                }
                s.push(')');
            }
            s
        }
        Action::Yaw { facing } => {
            let dice = |yaw: bool| {
                let (u, card) = (u?, g.roster.get(u?.kind)?);
                let plan = g.flown.iter().find(|(id, _)| *id == u.id)?.1;
                Some(stress::stress_dice(card, &plan, yaw))
            };
            let note = dice(facing.is_some())
                .map(|n| format!(" ({} in all)", plural(n, "stress die", "stress dice")))
                .unwrap_or_default();
            match facing {
                Some(h) => format!("{name}: yaw to {}{note}", hour(*h)),
                None => format!("{name}: no yaw{note}"),
            }
        }
        Action::Leave { withdraw: true } => format!("{name}: withdraw (counts as destroyed)"),
        Action::Leave { withdraw: false } => {
            format!("{name}: return in turn {}", g.turn + 2)
        }
        Action::FireAtWill { target: Some(t) } => format!(
            "{name}: fire at will at {}{}",
            label(g, *t),
            unit.map(|id| shot_note(g, id, *t, Weapon::Salvo))
                .unwrap_or_default()
        ),
        Action::FireAtWill { target: None } => format!("{name}: keep holding fire"),
        Action::Combat(o) => format!("{name}: {}", combat_text(g, unit, o)),
    }
}
