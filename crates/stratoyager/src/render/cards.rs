//! The text around the map: header, unit cards, the question being asked (with ranges,
//! bearings and thrust limits) and the scores.

use super::ask_name;
use super::*;
use crate::movement::max_thrust;
use crate::state::{AskKind, Phase, Stratoyager, Unit};
use crate::types::{Driver, Feature, MissileKind};
use crate::view::SyView;
use orrery_table::{bearing_degrees, in_front_arc};
use std::fmt::Write as _;

/// The question `seat` answers next: its kind, the unit, the index in the batch.
pub fn asked_unit(g: &Stratoyager, seat: Seat) -> Option<(AskKind, UnitId, usize)> {
    let b = g.batch.as_ref()?;
    let i = b.next_for(seat)?;
    Some((b.kind, b.asks.get(i)?.unit, i))
}

fn phase_text(g: &Stratoyager) -> String {
    match g.phase {
        Phase::DeployCards => "deployment (FORCE SHOW): secret deployment cards".into(),
        Phase::Placing { segment } => format!("deployment: placing units with card {segment}"),
        Phase::Arrivals => "reserves arriving".into(),
        Phase::Initiative => "Initiative Phase: secret Initiative Cards".into(),
        Phase::DogfightCards => "dogfight: choosing movement cards".into(),
        Phase::Segment { segment, step } => {
            format!("segment {segment} of {}, {}", g.cards, step_name(step))
        }
        Phase::Dogfight { index, step } => {
            format!("dogfight activation {}, {}", index + 1, step_name(step))
        }
        Phase::Over => "game over".into(),
    }
}

fn step_name(s: crate::state::Step) -> &'static str {
    use crate::state::Step;
    match s {
        Step::Maneuver => "Movement Actions",
        Step::Yaw => "yaws",
        Step::Leave => "units off the table",
        Step::FireAtWill => "Fire at Will window",
        Step::Combat => "Combat Actions",
    }
}

pub fn header(out: &mut String, g: &Stratoyager, view: &SyView) {
    let _ = writeln!(
        out,
        "Basic Stratoyager - {} - turn {} of {}{} - {}",
        g.scenario,
        g.turn,
        g.last_turn,
        if g.extra_turn_rolled {
            ""
        } else {
            " (+1 on a 4+)"
        },
        phase_text(g)
    );
    let _ = writeln!(
        out,
        "Priority: {}.  Cards this turn: {}.{}",
        side_name(g, g.priority),
        g.cards,
        match view.viewer {
            Some(s) => format!("  You are {}.", side_name(g, s)),
            None => String::new(),
        }
    );
    if let (Some(cards), Some(s)) = (view.my_dogfight_cards, view.viewer) {
        if g.dogfight.is_some() && s.index() < 2 {
            let _ = writeln!(out, "Your dogfight cards: {} and {}.", cards[0], cards[1]);
        }
    }
    let shown: Vec<String> = view
        .shown_dogfight_cards
        .iter()
        .flatten()
        .enumerate()
        .filter_map(|(side, [movement, combat])| {
            let movement = (*movement)?;
            let combat = combat.map_or(String::new(), |c| format!(", combat {c}"));
            Some(format!(
                "{} movement {movement}{combat}",
                side_name(g, Seat(side as u8))
            ))
        })
        .collect();
    if !shown.is_empty() {
        let _ = writeln!(out, "Dogfight cards face up: {}.", shown.join("; "));
    }
}

fn missiles_text(u: &Unit) -> String {
    let parts: Vec<String> = MissileKind::ALL
        .iter()
        .filter(|&&k| u.missiles.count(k) > 0)
        .map(|&k| format!("{} {k:?}", u.missiles.count(k)).to_lowercase())
        .collect();
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

fn tokens(g: &Stratoyager, u: &Unit) -> Vec<String> {
    let mut t = Vec::new();
    if u.blackout {
        t.push("BLACKOUT".to_string());
    } else if u.greyout {
        t.push("greyout".to_string());
    }
    if u.evasive {
        t.push("evasive".into());
    }
    if u.fire_at_will {
        t.push("fire at will".into());
    }
    if u.countermeasures {
        t.push("countermeasures".into());
    }
    if u.yawed {
        t.push("yawed".into());
    }
    if let Some(l) = u.lock {
        let what = if l.locked { "LOCKED on" } else { "lock ->" };
        t.push(format!(
            "{what} {} {}",
            marker(g, l.target),
            label(g, l.target)
        ));
    }
    for o in &g.units {
        if o.lock.is_some_and(|l| l.target == u.id && l.locked) {
            t.push(format!("Locked by {}", o.label));
        }
    }
    let tailing = g.missiles.iter().filter(|m| m.target == u.id).count();
    if tailing > 0 {
        t.push(format!(
            "{} tailing",
            plural(tailing as u64, "missile", "missiles")
        ));
    }
    t
}

fn unit_card(out: &mut String, g: &Stratoyager, u: &Unit) {
    let Some(card) = g.roster.get(u.kind) else {
        return;
    };
    let mark = marker(g, u.id);
    let where_ = place_text(u);
    if !matches!(u.place, Place::Table | Place::Hulk) {
        let _ = writeln!(out, "  {mark} {:<18} {where_}", u.label);
        return;
    }
    let card_no = u.card.map(|c| format!(", card {c}")).unwrap_or_default();
    let _ = writeln!(
        out,
        "  {mark} {:<18} {where_}  course {}  facing {}  speed {}{card_no}",
        u.label,
        hour(u.course.0),
        hour(u.facing.0),
        u.speed
    );
    let mut line = format!(
        "      shields {}/{}  structure {}/{}  missiles {}",
        u.shields,
        card.shields,
        u.structure,
        card.structure,
        missiles_text(u)
    );
    let t = tokens(g, u);
    if !t.is_empty() {
        let _ = write!(line, "  [{}]", t.join("] ["));
    }
    let _ = writeln!(out, "{line}");
}

pub fn unit_cards(out: &mut String, g: &Stratoyager, view: &SyView) {
    let first = view.viewer.map_or(0, |s| s.0.min(1));
    for side in [first, 1 - first] {
        let seat = Seat(side);
        let _ = writeln!(out, "{}:", side_name(g, seat));
        for u in g.units.iter().filter(|u| u.side == seat) {
            unit_card(out, g, u);
        }
    }
    if !g.pilots.is_empty() {
        let list: Vec<String> = g
            .pilots
            .iter()
            .map(|p| {
                let who = crate::victory::pilot_owner(g, p.at)
                    .map_or("nobody".to_string(), |s| format!("side {}", side_letter(s)));
                format!(
                    "{} at {} ({} pts to {who})",
                    label(g, p.unit),
                    point(p.at),
                    p.value
                )
            })
            .collect();
        let _ = writeln!(out, "Pilots: {}", list.join("; "));
    }
}

/// The question the viewer answers next, with what it needs to decide.
pub fn question(out: &mut String, g: &Stratoyager, view: &SyView) {
    let Some(b) = &view.batch else {
        return;
    };
    // Whose answers are in, and the viewer's own.
    let waiting: Vec<String> = b
        .asks
        .iter()
        .filter(|a| !a.answered)
        .map(|a| format!("{} ({})", label(g, a.unit), marker(g, a.unit)))
        .collect();
    let _ = writeln!(
        out,
        "Asked: {}{} - waiting for {}",
        ask_name(b.kind),
        if b.secret { " (secret)" } else { "" },
        if waiting.is_empty() {
            "nobody".to_string()
        } else {
            waiting.join(", ")
        }
    );
    let Some(seat) = view.viewer else {
        return;
    };
    for a in b.asks.iter().filter(|a| a.seat == seat) {
        if let Some(ans) = &a.answer {
            let _ = writeln!(
                out,
                "  Your order: {}",
                describe_order(g, Some(seat), Some(a.unit), ans)
            );
        }
    }
    let Some((kind, id, _)) = asked_unit(g, seat) else {
        return;
    };
    let Some(u) = unit_ref(g, id) else {
        return;
    };
    let _ = writeln!(
        out,
        "Your question: {} for {} ({})",
        ask_name(kind),
        u.label,
        marker(g, id)
    );
    if u.on_table() {
        ranges(out, g, u);
    }
    if kind == AskKind::Maneuver {
        thrust_limits(out, g, u);
    }
}

fn ranges(out: &mut String, g: &Stratoyager, u: &Unit) {
    for e in g.units.iter().filter(|e| e.side != u.side && e.on_table()) {
        let d = u.pos.dist(e.pos);
        let b = bearing_degrees(u.pos, u.facing, e.pos);
        let side = if b.abs() < 0.5 || b.abs() > 179.5 {
            ""
        } else if b > 0.0 {
            " stbd"
        } else {
            " port"
        };
        let arc = if in_front_arc(u.pos, u.facing, e.pos) {
            "IN FRONT ARC"
        } else {
            "not in front arc"
        };
        let los = if crate::combat::line_of_sight(g, u.pos, e.pos) {
            ""
        } else {
            ", no line of sight"
        };
        let _ = writeln!(
            out,
            "  -> {} ({}): {} klicks ({}), bearing {:.0}°{side}, {arc}{los}, speed {}",
            e.label,
            marker(g, e.id),
            klicks(d),
            band_name(d),
            b.abs(),
            e.speed
        );
    }
}

fn thrust_limits(out: &mut String, g: &Stratoyager, u: &Unit) {
    let Some(card) = g.roster.get(u.kind) else {
        return;
    };
    let lim = |d: Driver, name: &str| {
        let max = max_thrust(card, d);
        let safe = card.safe.of(d);
        if d == Driver::Decelerate {
            let cap = u32::from(max).min(u.speed);
            format!(
                "{name} <= {cap} (safe {safe}, 2 x safe {max}, current speed {})",
                u.speed
            )
        } else {
            format!("{name} <= {max} (safe {safe})")
        }
    };
    let _ = writeln!(
        out,
        "  Thrust limits (min(2 x safe, 9)): {}; {}; {}; {}.",
        lim(Driver::Accelerate, "acc"),
        lim(Driver::Decelerate, "dec"),
        lim(Driver::TurnPort, "turn"),
        lim(Driver::SlidePort, "slide")
    );
    let mut note =
        "  Stress dice = thrust over safe, per maneuver; a yaw adds 1 to the higher thrust"
            .to_string();
    if card.has(Feature::WeakFrame) {
        note.push_str("; Weak Frame: +1 die if any");
    }
    if u.misaligned() {
        note.push_str(&format!(
            ". Misaligned (facing {} vs course {}): any thrust realigns first (that is the turn's yaw)",
            hour(u.facing.0),
            hour(u.course.0)
        ));
    }
    let _ = writeln!(out, "{note}.");
    let _ = writeln!(
        out,
        "  Quick order: e.g. `acc 2, turn stbd 1, yaw 3`, `dec 1 ev`, `slide port 1, acc 4`, `drift`."
    );
}

pub fn scores(out: &mut String, g: &Stratoyager, view: &SyView) {
    let s: Vec<String> = view
        .scores
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            let seat = Seat(i as u8);
            format!("{} {}", side_name(g, seat), fmt_score(x))
        })
        .collect();
    let _ = writeln!(
        out,
        "Victory points{}: {}",
        if view.over { " (final)" } else { "" },
        s.join(", ")
    );
}
