//! A side's view as numbers ([`orrery_core::Learning::observe`]), from [`SyView`] alone.
//! Its length is fixed by the scenario: `n` units (every unit has a slot all game,
//! in id order), `r` parameter cards in the roster and `o` obstacles. Positions are
//! divided by the table's size, counts by what the scenario allows; "mine" means
//! the viewer's side (side A for a spectator).

use crate::action::Action;
use crate::event::Loss;
use crate::state::{AskKind, Phase, Place, Step, Unit};
use crate::types::{MissileKind, ObstacleKind, UnitType};
use crate::view::SyView;
use orrery_core::learn::Features;
use orrery_core::Seat;

const PHASES: usize = 8;
const STEPS: usize = 5;
const ASK_KINDS: usize = 10;
/// Undeployed, reserve, table, away, hulk, destroyed, wrecked, withdrawn, abandoned.
const PLACES: usize = 9;

fn phase_index(p: Phase) -> usize {
    match p {
        Phase::DeployCards => 0,
        Phase::Placing { .. } => 1,
        Phase::Arrivals => 2,
        Phase::Initiative => 3,
        Phase::DogfightCards => 4,
        Phase::Segment { .. } => 5,
        Phase::Dogfight { .. } => 6,
        Phase::Over => 7,
    }
}

fn step_index(s: Step) -> usize {
    match s {
        Step::Maneuver => 0,
        Step::Yaw => 1,
        Step::Leave => 2,
        Step::FireAtWill => 3,
        Step::Combat => 4,
    }
}

fn ask_index(k: AskKind) -> usize {
    match k {
        AskKind::Deploy => 0,
        AskKind::Place => 1,
        AskKind::Enter => 2,
        AskKind::Card => 3,
        AskKind::DogfightCard => 4,
        AskKind::Maneuver => 5,
        AskKind::Yaw => 6,
        AskKind::Leave => 7,
        AskKind::FireAtWill => 8,
        AskKind::Combat => 9,
    }
}

fn place_index(p: Place) -> usize {
    match p {
        Place::Undeployed => 0,
        Place::Reserve => 1,
        Place::Table => 2,
        Place::Away { .. } => 3,
        Place::Hulk => 4,
        Place::Lost { loss } => match loss {
            Loss::Destroyed => 5,
            Loss::Wrecked => 6,
            Loss::Withdrawn => 7,
            Loss::Abandoned => 8,
        },
    }
}

fn obstacle_index(k: ObstacleKind) -> usize {
    match k {
        ObstacleKind::Asteroid => 0,
        ObstacleKind::Wreckage => 1,
        ObstacleKind::Station => 2,
        ObstacleKind::Debris => 3,
    }
}

/// `a / b`, 0 when `b` is 0.
fn ratio(a: f64, b: f64) -> f32 {
    if b > 0.0 {
        (a / b) as f32
    } else {
        0.0
    }
}

/// The question the viewer answers next, if it owes one ([`crate::state::Batch::next_for`]).
fn next_unit(view: &SyView, me: Seat) -> Option<usize> {
    let b = view.batch.as_ref()?;
    let a = if b.secret {
        b.asks.iter().find(|a| a.seat == me && !a.answered)?
    } else {
        b.asks
            .iter()
            .find(|a| !a.answered)
            .filter(|a| a.seat == me)?
    };
    Some(a.unit.index())
}

/// Write `view` as numbers (see `docs/learning/stratoyager.md`).
pub(crate) fn observe(view: &SyView, out: &mut Features) {
    let me = view.viewer.unwrap_or(Seat(0));
    let n = view.units.len();
    let side_a = view.units.iter().filter(|u| u.side == Seat(0)).count();
    let c = side_a.max(n - side_a).max(1) as f64;
    let (w, l) = (view.table.width, view.table.length);
    let card = |u: &Unit| view.roster.get(u.kind);
    // Both forces' points: what all the scores together can reach.
    let points: f64 = view
        .units
        .iter()
        .map(|u| card(u).map_or(0.0, |t| f64::from(t.points)))
        .sum();

    out.one_hot(format_args!("viewer"), view.viewer.map(Seat::index), 2);
    out.put(
        format_args!("turn"),
        ratio(f64::from(view.turn), f64::from(view.last_turn)),
    );
    out.put(
        format_args!("last_turn"),
        f64::from(view.last_turn) as f32 / 10.0,
    );
    out.one_hot(format_args!("phase"), Some(phase_index(view.phase)), PHASES);
    let (step, segment, index) = match view.phase {
        Phase::Placing { segment } => (None, f64::from(segment), 0.0),
        Phase::Segment { segment, step } => (Some(step_index(step)), f64::from(segment), 0.0),
        Phase::Dogfight { index, step } => (Some(step_index(step)), 0.0, f64::from(index)),
        _ => (None, 0.0, 0.0),
    };
    out.one_hot(format_args!("step"), step, STEPS);
    out.put(format_args!("segment"), ratio(segment, c));
    out.put(format_args!("dogfight_index"), index as f32);
    out.flag(format_args!("priority_mine"), view.priority == me);
    out.put(format_args!("cards"), ratio(f64::from(view.cards), c));
    let batch = view.batch.as_ref();
    out.flag(format_args!("batch"), batch.is_some());
    out.one_hot(
        format_args!("batch.kind"),
        batch.map(|b| ask_index(b.kind)),
        ASK_KINDS,
    );
    out.flag(
        format_args!("batch.secret"),
        batch.is_some_and(|b| b.secret),
    );
    let next = next_unit(view, me);
    out.flag(format_args!("to_decide"), next.is_some());
    let drawn = view.my_dogfight_cards;
    out.flag(format_args!("dogfight_cards"), drawn.is_some());
    for (k, name) in ["dogfight_cards.first", "dogfight_cards.second"]
        .iter()
        .enumerate()
    {
        let v = drawn.map_or(0.0, |d| f32::from(d[k]) / 5.0);
        out.put(format_args!("{name}"), v);
    }
    // The other side's cards as far as they are face up (SY-27).
    let shown = view
        .shown_dogfight_cards
        .as_ref()
        .and_then(|s| s.get(usize::from(1 - me.0.min(1))).copied())
        .unwrap_or([None, None]);
    for (k, name) in [
        "dogfight_cards.theirs_movement",
        "dogfight_cards.theirs_combat",
    ]
    .iter()
    .enumerate()
    {
        out.put(
            format_args!("{name}"),
            shown[k].map_or(0.0, |c| f32::from(c) / 5.0),
        );
    }
    let score = |s: Seat| view.scores.get(s.index()).copied().unwrap_or(0.0);
    let them = Seat(1 - me.0.min(1));
    out.put(format_args!("score.mine"), ratio(score(me), points));
    out.put(format_args!("score.theirs"), ratio(score(them), points));
    out.flag(format_args!("over"), view.over);

    for (i, u) in view.units.iter().enumerate() {
        unit(view, out, i, u, card(u), (n, c, w, l), next == Some(i), me);
    }
    for (k, o) in view.obstacles.iter().enumerate() {
        let (lo, hi) = o.outline.bounding_box();
        out.one_hot(
            format_args!("obstacle{k}.kind"),
            Some(obstacle_index(o.kind)),
            4,
        );
        out.put(format_args!("obstacle{k}.x0"), ratio(lo.x, w));
        out.put(format_args!("obstacle{k}.y0"), ratio(lo.y, l));
        out.put(format_args!("obstacle{k}.x1"), ratio(hi.x, w));
        out.put(format_args!("obstacle{k}.y1"), ratio(hi.y, l));
    }
}

/// Unit `i`'s slot.
#[allow(clippy::too_many_arguments)]
fn unit(
    view: &SyView,
    out: &mut Features,
    i: usize,
    u: &Unit,
    card: Option<&UnitType>,
    (n, c, w, l): (usize, f64, f64, f64),
    asked_now: bool,
    me: Seat,
) {
    let flying = matches!(u.place, Place::Table | Place::Hulk);
    out.flag(format_args!("unit{i}.mine"), u.side == me);
    out.one_hot(
        format_args!("unit{i}.place"),
        Some(place_index(u.place)),
        PLACES,
    );
    out.one_hot(
        format_args!("unit{i}.kind"),
        Some(u.kind),
        view.roster.len(),
    );
    let (x, y) = if flying {
        (ratio(u.pos.x, w), ratio(u.pos.y, l))
    } else {
        (0.0, 0.0)
    };
    out.put(format_args!("unit{i}.x"), x);
    out.put(format_args!("unit{i}.y"), y);
    let hour = |h: u8| flying.then_some(usize::from(h));
    out.one_hot(format_args!("unit{i}.course"), hour(u.course.0), 12);
    out.one_hot(format_args!("unit{i}.facing"), hour(u.facing.0), 12);
    let speed = if flying { u.speed as f32 / 10.0 } else { 0.0 };
    out.put(format_args!("unit{i}.speed"), speed);
    let max = |f: fn(&UnitType) -> f64| card.map_or(0.0, f);
    out.put(
        format_args!("unit{i}.structure"),
        ratio(f64::from(u.structure), max(|t| f64::from(t.structure))),
    );
    out.put(
        format_args!("unit{i}.shields"),
        ratio(f64::from(u.shields), max(|t| f64::from(t.shields))),
    );
    for (k, name) in [
        (MissileKind::Light, "light"),
        (MissileKind::Medium, "medium"),
        (MissileKind::Heavy, "heavy"),
    ] {
        let full = card.map_or(0, |t| t.missiles.count(k));
        out.put(
            format_args!("unit{i}.missiles.{name}"),
            ratio(f64::from(u.missiles.count(k)), f64::from(full)),
        );
    }
    out.flag(format_args!("unit{i}.card.shown"), u.card.is_some());
    out.put(
        format_args!("unit{i}.card"),
        ratio(f64::from(u.card.unwrap_or(0)), c),
    );
    for (on, name) in [
        (u.greyout, "greyout"),
        (u.blackout, "blackout"),
        (u.evasive, "evasive"),
        (u.yawed, "yawed"),
        (u.fire_at_will, "fire_at_will"),
        (u.countermeasures, "countermeasures"),
    ] {
        out.flag(format_args!("unit{i}.{name}"), on);
    }
    out.put(
        format_args!("unit{i}.fire_at_will_segment"),
        ratio(f64::from(u.fire_at_will_segment), c),
    );
    out.flag(format_args!("unit{i}.lock"), u.lock.is_some());
    out.flag(
        format_args!("unit{i}.lock.locked"),
        u.lock.is_some_and(|k| k.locked),
    );
    out.one_hot(
        format_args!("unit{i}.lock.target"),
        u.lock.map(|k| k.target.index()),
        n,
    );
    for (k, name) in [
        (MissileKind::Light, "light"),
        (MissileKind::Medium, "medium"),
        (MissileKind::Heavy, "heavy"),
    ] {
        let incoming = view
            .missiles
            .iter()
            .filter(|m| m.target == u.id && m.size == k)
            .count();
        out.put(
            format_args!("unit{i}.incoming.{name}"),
            incoming as f32 / 4.0,
        );
    }
    let pilot = view.pilots.iter().find(|p| p.unit == u.id);
    out.flag(format_args!("unit{i}.pilot"), pilot.is_some());
    out.put(
        format_args!("unit{i}.pilot.x"),
        pilot.map_or(0.0, |p| ratio(p.at.x, w)),
    );
    out.put(
        format_args!("unit{i}.pilot.y"),
        pilot.map_or(0.0, |p| ratio(p.at.y, l)),
    );
    let ask = view
        .batch
        .as_ref()
        .and_then(|b| b.asks.iter().find(|a| a.unit == u.id));
    out.flag(format_args!("unit{i}.asked"), ask.is_some());
    out.flag(format_args!("unit{i}.asked_now"), asked_now);
    out.flag(
        format_args!("unit{i}.answered"),
        ask.is_some_and(|a| a.answered),
    );
    let answer = ask.and_then(|a| a.answer.as_ref());
    out.flag(format_args!("unit{i}.answer.shown"), answer.is_some());
    // The card a shown answer gives (deployment, Initiative or dogfight movement card).
    let given = match answer {
        Some(Action::Deploy { card: Some(k) }) | Some(Action::Card { card: k }) => {
            ratio(f64::from(*k), c)
        }
        Some(Action::DogfightCard { movement }) => f32::from(*movement) / 5.0,
        _ => 0.0,
    };
    out.put(format_args!("unit{i}.answer.card"), given);
}
