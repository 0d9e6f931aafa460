//! A seat's view as numbers for learning agents ([`orrery_core::Learning::observe`]),
//! field by field in `docs/learning/warfleets.md`. Everything is read from the
//! [`WfView`]; its length depends only on the scenario (models, their upgrades, the
//! rounds, the terrain pieces and the Expert Sappers), never on the state.
//!
//! Positions are divided by the table's size, speeds and ranges by 20" and 36",
//! headings written as sine and cosine (clockwise from +y). Model slots follow the
//! model ids; a model off the table has `present` 0 and no position.

use crate::action::GunRef;
use crate::catalogue::{Ability, Class, Gun, Special, System};
use crate::fleet::Mount;
use crate::state::{AfterUse, Edge, Status, Step, Took};
use crate::view::{ModelView, WfView};
use orrery_core::learn::Features;
use orrery_core::Seat;
use orrery_table::Point;
use std::fmt;

/// Mission markers on the table: at most D3+2 (FB-17).
pub const MARKER_SLOTS: usize = 5;
/// Terrain slots: the random table's twelve pieces (FB-14), or the scenario's
/// pieces when it has more.
pub const TERRAIN_SLOTS: usize = 12;

const PHASES: [&str; 6] = [
    "markers",
    "deployment",
    "round_start",
    "activation",
    "round_end",
    "over",
];

/// The question kinds, in the order of [`Step`].
const STEPS: usize = 16;

fn step_kind(s: &Step) -> usize {
    match s {
        Step::Marker { .. } => 0,
        Step::Edge { .. } => 1,
        Step::Deploy { .. } => 2,
        Step::Face { .. } => 3,
        Step::Vanguard { .. } => 4,
        Step::Reserve { .. } => 5,
        Step::Activate { .. } => 6,
        Step::Mine { .. } => 7,
        Step::Launch { .. } => 8,
        Step::Place { .. } => 9,
        Step::Order { .. } => 10,
        Step::Fire { .. } => 11,
        Step::After { .. } => 12,
        Step::Launched => 13,
        Step::Return { .. } => 14,
        Step::Over => 15,
    }
}

/// The model the question is about (placed, activated, firing…).
fn step_model(s: &Step) -> Option<u8> {
    match *s {
        Step::Face { model }
        | Step::Vanguard { model }
        | Step::Reserve { model }
        | Step::Mine { model }
        | Step::Launch { model }
        | Step::Place { model, .. }
        | Step::Order { model, .. }
        | Step::Fire { model, .. }
        | Step::After { model, .. }
        | Step::Return { model } => Some(model),
        _ => None,
    }
}

fn class_index(c: Class) -> usize {
    match c {
        Class::Squadron => 0,
        Class::Light => 1,
        Class::Medium => 2,
        Class::Heavy => 3,
    }
}

fn status_index(s: Status) -> usize {
    match s {
        Status::Waiting => 0,
        Status::Held => 1,
        Status::Aboard { .. } => 2,
        Status::OnTable => 3,
        Status::Away => 4,
        Status::Destroyed => 5,
        Status::Surrendered => 6,
    }
}

fn special_index(s: Special) -> usize {
    match s {
        Special::AntiShip => 0,
        Special::AntiSquadron => 1,
        Special::Blast => 2,
        Special::BoardingPod => 3,
        Special::Broadside => 4,
        Special::Deadly => 5,
        Special::Fragile => 6,
        Special::Overheating => 7,
        Special::TwinFire => 8,
        Special::Rogue => 9,
        Special::Sniper => 10,
    }
}

/// Index of an ability's name among `list`.
fn ability_index(name: Option<&str>, list: &[(Ability, &str); 3]) -> Option<usize> {
    let name = name?;
    list.iter().position(|(_, n)| *n == name)
}

/// The Expert Sappers' mines a game can hold: one per sapper and round.
fn mine_slots(v: &WfView) -> usize {
    let sappers = v
        .models
        .iter()
        .filter(|m| m.hero == Some("Expert Sapper") || m.title == Some("Expert Sapper"))
        .count();
    sappers * usize::from(v.rounds)
}

/// Upgrade slots per model: the most any model has.
fn upgrade_slots(v: &WfView) -> usize {
    v.models.iter().map(|m| m.upgrades.len()).max().unwrap_or(0)
}

/// A gun's name in the vector: `model{i}.turret` or `model{i}.upgrade{k}`.
struct GunName(usize, Option<usize>);

impl fmt::Display for GunName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            None => write!(f, "model{}.turret", self.0),
            Some(k) => write!(f, "model{}.upgrade{k}", self.0),
        }
    }
}

fn gun(out: &mut Features, name: GunName, g: Option<&Gun>) {
    out.put(
        format_args!("{name}.range"),
        g.map_or(0.0, |g| g.range as f32 / 36.0),
    );
    out.put(
        format_args!("{name}.attacks"),
        g.map_or(0.0, |g| f32::from(g.attacks) / 6.0),
    );
    out.put(
        format_args!("{name}.strength"),
        g.map_or(0.0, |g| f32::from(g.strength) / 4.0),
    );
    let mut specials = [false; Special::NAMES.len()];
    for s in g.map_or(&[][..], |g| &g.special[..]) {
        specials[special_index(*s)] = true;
    }
    for (k, on) in specials.iter().enumerate() {
        out.flag(format_args!("{name}.{}", Special::NAMES[k]), *on);
    }
}

/// [`orrery_core::Learning::observe`].
pub(crate) fn observe(v: &WfView, out: &mut Features) {
    let me = v.viewer.unwrap_or(Seat(0));
    let mine = |s: Seat| s == me;
    let (w, h) = (v.width.max(1.0), v.height.max(1.0));
    out.one_hot(format_args!("viewer"), Some(me.index()), 2);
    out.put(
        format_args!("round"),
        f32::from(v.round) / f32::from(v.rounds.max(1)),
    );
    out.one_hot(
        format_args!("round"),
        Some(usize::from(v.round)),
        usize::from(v.rounds) + 1,
    );
    out.one_hot(
        format_args!("phase"),
        PHASES.iter().position(|p| *p == v.phase),
        PHASES.len(),
    );
    out.one_hot(
        format_args!("activation_phase"),
        Some(class_index(v.activation_phase)),
        4,
    );
    out.flag(format_args!("first_is_me"), mine(v.first));
    out.flag(format_args!("to_move.me"), v.to_move.contains(&me));
    out.flag(
        format_args!("to_move.enemy"),
        v.to_move.iter().any(|s| !mine(*s)),
    );
    question(v, me, out);
    out.put(format_args!("table.width"), (v.width / 72.0) as f32);
    out.put(format_args!("table.height"), (v.height / 48.0) as f32);
    let other = Seat(1 - me.0.min(1));
    out.flag(
        format_args!("edge.me_north"),
        v.edges[me.index().min(1)] == Edge::North,
    );
    out.flag(
        format_args!("edge.enemy_north"),
        v.edges[other.index()] == Edge::North,
    );
    out.put(
        format_args!("carried.me"),
        f32::from(v.carried[me.index().min(1)]) / 5.0,
    );
    out.put(
        format_args!("carried.enemy"),
        f32::from(v.carried[other.index()]) / 5.0,
    );
    let o = v.outcome.as_ref();
    out.flag(format_args!("outcome.over"), o.is_some());
    out.flag(
        format_args!("outcome.me_won"),
        o.is_some_and(|o| o.winners.contains(&me)),
    );
    out.flag(
        format_args!("outcome.enemy_won"),
        o.is_some_and(|o| o.winners.contains(&other)),
    );
    let score = |s: Seat| {
        o.and_then(|o| o.scores.get(s.index()))
            .map_or(0.0, |x| (*x / 5.0) as f32)
    };
    out.put(format_args!("outcome.score_me"), score(me));
    out.put(format_args!("outcome.score_enemy"), score(other));
    for i in 0..MARKER_SLOTS {
        let p = v.markers.get(i);
        out.flag(format_args!("marker{i}.present"), p.is_some());
        out.put(
            format_args!("marker{i}.x"),
            p.map_or(0.0, |p| (p.x / w) as f32),
        );
        out.put(
            format_args!("marker{i}.y"),
            p.map_or(0.0, |p| (p.y / h) as f32),
        );
    }
    for i in 0..mine_slots(v) {
        let m = v.mines.get(i);
        out.flag(format_args!("mine{i}.present"), m.is_some());
        out.flag(
            format_args!("mine{i}.mine"),
            m.is_some_and(|m| mine(m.seat)),
        );
        out.put(
            format_args!("mine{i}.x"),
            m.map_or(0.0, |m| (m.pos.x / w) as f32),
        );
        out.put(
            format_args!("mine{i}.y"),
            m.map_or(0.0, |m| (m.pos.y / h) as f32),
        );
    }
    for i in 0..TERRAIN_SLOTS.max(v.terrain.len()) {
        let t = v.terrain.get(i);
        let zero = Point::new(0.0, 0.0);
        let (lo, hi) = t.map_or((zero, zero), |t| t.shape.bounding_box());
        out.flag(format_args!("terrain{i}.present"), t.is_some());
        out.put(
            format_args!("terrain{i}.x"),
            ((lo.x + hi.x) / 2.0 / w) as f32,
        );
        out.put(
            format_args!("terrain{i}.y"),
            ((lo.y + hi.y) / 2.0 / h) as f32,
        );
        out.put(
            format_args!("terrain{i}.half_width"),
            ((hi.x - lo.x) / 2.0 / w) as f32,
        );
        out.put(
            format_args!("terrain{i}.half_height"),
            ((hi.y - lo.y) / 2.0 / h) as f32,
        );
        out.flag(
            format_args!("terrain{i}.blocks_los"),
            t.is_some_and(|t| t.blocks_los),
        );
        out.flag(format_args!("terrain{i}.cover"), t.is_some_and(|t| t.cover));
        out.flag(
            format_args!("terrain{i}.difficult"),
            t.is_some_and(|t| t.difficult),
        );
        out.flag(
            format_args!("terrain{i}.impassable"),
            t.is_some_and(|t| t.impassable),
        );
        out.flag(
            format_args!("terrain{i}.dangerous"),
            t.is_some_and(|t| t.dangerous),
        );
    }
    let slots = upgrade_slots(v);
    for (i, m) in v.models.iter().enumerate() {
        model(v, me, i, m, slots, out);
    }
}

/// The open question: its kind, its numbers, and the choices that interrupt it.
fn question(v: &WfView, me: Seat, out: &mut Features) {
    let q = &v.question;
    out.one_hot(format_args!("question"), Some(step_kind(q)), STEPS);
    let (left, squadrons, rogue, reach, shots) = match q {
        Step::Marker { left, .. } => (*left, false, false, 0.0, 0),
        Step::Deploy { squadrons, .. } => (0, *squadrons, false, 0.0, 0),
        Step::Order { rogue, .. } => (0, false, *rogue, 0.0, 0),
        Step::After { reach, .. } => (0, false, false, *reach, 0),
        Step::Fire { shots, .. } => (0, false, false, 0.0, shots.len()),
        _ => (0, false, false, 0.0, 0),
    };
    out.put(format_args!("question.markers_left"), f32::from(left) / 5.0);
    out.flag(format_args!("question.squadrons"), squadrons);
    out.flag(format_args!("question.rogue"), rogue);
    out.put(format_args!("question.avenger_reach"), (reach / 4.0) as f32);
    out.put(format_args!("question.shots_fired"), shots as f32 / 4.0);
    let used = |u: AfterUse| matches!(q, Step::After { used, .. } if used.contains(&u));
    out.flag(format_args!("question.used_repair"), used(AfterUse::Repair));
    out.flag(
        format_args!("question.used_tractor"),
        used(AfterUse::Tractor),
    );
    out.flag(
        format_args!("question.used_avenger"),
        used(AfterUse::Avenger),
    );
    out.flag(format_args!("assigning"), v.assigning.is_some());
    out.flag(
        format_args!("assigning.by_me"),
        v.assigning.is_some_and(|a| a.1 == me),
    );
    out.flag(format_args!("repairing"), v.repairing.is_some());
    out.put(
        format_args!("repairing.points"),
        v.repairing.map_or(0.0, |r| f32::from(r.1) / 4.0),
    );
    out.flag(
        format_args!("repairing.by_me"),
        v.repairing.is_some_and(|r| r.2 == me),
    );
    out.flag(format_args!("placing_aside"), v.placing_aside.is_some());
    out.flag(
        format_args!("placing_aside.by_me"),
        v.placing_aside.is_some_and(|p| p.2 == me),
    );
}

fn model(v: &WfView, me: Seat, i: usize, m: &ModelView, slots: usize, out: &mut Features) {
    let on = m.status == Status::OnTable;
    let (w, h) = (v.width.max(1.0), v.height.max(1.0));
    let id = Some(m.id);
    out.flag(format_args!("model{i}.present"), on);
    out.flag(format_args!("model{i}.mine"), m.seat == me);
    out.one_hot(
        format_args!("model{i}.class"),
        Some(class_index(m.class)),
        4,
    );
    out.one_hot(
        format_args!("model{i}.status"),
        Some(status_index(m.status)),
        7,
    );
    let at = |x: f64| if on { x as f32 } else { 0.0 };
    out.put(format_args!("model{i}.x"), at(m.x / w));
    out.put(format_args!("model{i}.y"), at(m.y / h));
    let rad = f64::from(m.heading).to_radians();
    out.put(format_args!("model{i}.heading_sin"), at(rad.sin()));
    out.put(format_args!("model{i}.heading_cos"), at(rad.cos()));
    out.put(format_args!("model{i}.evasion"), f32::from(m.evasion) / 6.0);
    out.put(
        format_args!("model{i}.toughness"),
        f32::from(m.toughness) / 6.0,
    );
    out.put(format_args!("model{i}.move"), (m.move_speed / 20.0) as f32);
    out.put(format_args!("model{i}.cruise"), (m.cruise / 20.0) as f32);
    gun(out, GunName(i, None), Some(&m.turret));
    out.one_hot(
        format_args!("model{i}.hero"),
        ability_index(m.hero, &Ability::HEROES),
        3,
    );
    out.one_hot(
        format_args!("model{i}.title"),
        ability_index(m.title, &Ability::TITLES),
        3,
    );
    out.put(format_args!("model{i}.damage"), f32::from(m.damage) / 2.0);
    out.put(
        format_args!("model{i}.boarding"),
        f32::from(m.boarding) / 4.0,
    );
    out.put(format_args!("model{i}.markers"), f32::from(m.markers) / 5.0);
    out.flag(format_args!("model{i}.activated"), m.activated);
    let took = m.took.map(|t| match t {
        Took::Hold => 0,
        Took::Move => 1,
        Took::Cruise => 2,
        Took::Ram => 3,
    });
    out.one_hot(format_args!("model{i}.took"), took, 4);
    out.flag(format_args!("model{i}.sitting_duck"), m.sitting_duck);
    out.put(
        format_args!("model{i}.engaged"),
        m.engaged_with.len() as f32 / 4.0,
    );
    out.put(format_args!("model{i}.points"), m.points as f32 / 100.0);
    out.flag(
        format_args!("model{i}.asked"),
        step_model(&v.question) == id,
    );
    out.flag(
        format_args!("model{i}.placing"),
        matches!(v.question, Step::Place { squadron, .. } if Some(squadron) == id),
    );
    out.flag(
        format_args!("model{i}.assigning"),
        v.assigning.map(|a| a.0) == id,
    );
    out.flag(
        format_args!("model{i}.repairing"),
        v.repairing.map(|r| r.0) == id,
    );
    out.flag(
        format_args!("model{i}.aside"),
        v.placing_aside.map(|p| p.0) == id,
    );
    out.flag(
        format_args!("model{i}.aside_ship"),
        v.placing_aside.map(|p| p.1) == id,
    );
    let shot_at = match &v.question {
        Step::Fire { shots, .. } => shots.iter().filter(|s| Some(s.target) == id).count(),
        _ => 0,
    };
    out.put(format_args!("model{i}.shot_at"), shot_at as f32 / 2.0);
    let fired = |g: GunRef| {
        matches!(&v.question, Step::Fire { model, shots }
            if Some(*model) == id && shots.iter().any(|s| s.gun == g))
    };
    out.flag(format_args!("model{i}.turret_fired"), fired(GunRef::Turret));
    for k in 0..slots {
        let u = m.upgrades.get(k);
        out.flag(format_args!("model{i}.upgrade{k}.present"), u.is_some());
        out.flag(
            format_args!("model{i}.upgrade{k}.works"),
            u.is_some_and(|u| u.works),
        );
        out.put(
            format_args!("model{i}.upgrade{k}.damage"),
            u.map_or(0.0, |u| f32::from(u.damage) / 4.0),
        );
        out.put(
            format_args!("model{i}.upgrade{k}.limit"),
            u.map_or(0.0, |u| f32::from(u.limit) / 4.0),
        );
        out.flag(
            format_args!("model{i}.upgrade{k}.fired"),
            fired(GunRef::Weapon(k as u8)),
        );
        let mount = u.and_then(|u| u.mount).map(|m| match m {
            Mount::Front => 0,
            Mount::Side => 1,
            Mount::Rear => 2,
        });
        out.one_hot(format_args!("model{i}.upgrade{k}.mount"), mount, 3);
        let system = u
            .filter(|u| u.gun.is_none())
            .and_then(|u| System::ALL.iter().position(|(_, n)| *n == u.name));
        out.one_hot(
            format_args!("model{i}.upgrade{k}.system"),
            system,
            System::ALL.len(),
        );
        gun(out, GunName(i, Some(k)), u.and_then(|u| u.gun.as_ref()));
    }
}
