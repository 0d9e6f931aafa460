//! A seat's view as numbers ([`orrery_core::Learning::observe`]), from [`BsView`] alone:
//! the other side's face-down cards and unflipped deck places are not in it. Its
//! length is fixed by the scenario: `e` elements, `f` fighters, `w` = the most weapons
//! a fighter carries, `es` = the larger side's elements, `a` asteroids. "Mine" = the
//! viewer's side (side A for a spectator).

use crate::state::Status;
use crate::view::{BsView, ElementView, FighterView};
use orrery_core::learn::Features;
use orrery_core::Seat;
use orrery_table::Sector;

const PHASES: [&str; 7] = [
    "deploy", "ready", "group", "maneuver", "fire", "card", "over",
];
const CARDS: usize = 12;

/// `a / b`, 0 when `b` is 0.
fn ratio(a: f64, b: f64) -> f32 {
    if b > 0.0 {
        (a / b) as f32
    } else {
        0.0
    }
}

fn status_index(s: Status) -> usize {
    match s {
        Status::Waiting => 0,
        Status::Flying => 1,
        Status::Destroyed => 2,
        Status::Disengaged => 3,
    }
}

/// The sizes every slot is padded to.
struct Dims {
    me: Seat,
    e: f64,
    es: usize,
    w: usize,
    width: f64,
    length: f64,
    reach: f64,
}

/// Write `view` as numbers (see `docs/learning/black-skies.md`).
pub(crate) fn observe(view: &BsView, out: &mut Features) {
    let me = view.viewer.unwrap_or(Seat(0));
    let them = Seat(1 - me.0.min(1));
    let a = view.elements.iter().filter(|e| e.seat == Seat(0)).count();
    let e = view.elements.len();
    let d = Dims {
        me,
        e: e.max(1) as f64,
        es: a.max(e - a),
        w: view
            .fighters
            .iter()
            .map(|f| f.weapons.len())
            .max()
            .unwrap_or(0),
        width: view.width,
        length: view.length,
        reach: view.width.max(view.length),
    };
    let points: f64 = view.fighters.iter().map(|f| f64::from(f.points)).sum();
    let es = d.es.max(1) as f64;

    out.one_hot(format_args!("viewer"), view.viewer.map(Seat::index), 2);
    out.put(
        format_args!("turn"),
        ratio(f64::from(view.turn), f64::from(view.turns)),
    );
    out.put(format_args!("turns"), view.turns as f32 / 20.0);
    let phase = PHASES.iter().position(|&p| p == view.phase);
    out.one_hot(format_args!("phase"), phase, PHASES.len());
    out.flag(format_args!("first.known"), view.first.is_some());
    out.flag(format_args!("first.mine"), view.first == Some(me));
    out.flag(format_args!("asked_mine"), view.question.seat == Some(me));
    out.flag(format_args!("to_decide"), view.to_move.contains(&me));
    out.one_hot(
        format_args!("question.weapon"),
        view.question.weapon.map(usize::from),
        d.w,
    );
    let seats = [(me, "mine"), (them, "theirs")];
    for (s, who) in seats {
        let ready = view.ready.get(s.index()).copied().unwrap_or(0);
        out.put(format_args!("ready.{who}"), ratio(ready as f64, es));
    }
    for (s, who) in seats {
        let groups = &view.groups[s.index()];
        for k in 0..d.es {
            let size = groups.get(k).map_or(0.0, |&g| f64::from(g));
            out.put(format_args!("groups.{who}{k}"), ratio(size, es));
        }
    }
    out.put(format_args!("cursor"), ratio(view.cursor as f64, d.e));
    let score = |s: Seat| view.scores.get(s.index()).copied().unwrap_or(0.0);
    out.put(format_args!("score.mine"), ratio(score(me), points));
    out.put(format_args!("score.theirs"), ratio(score(them), points));

    for (i, el) in view.elements.iter().enumerate() {
        element(view, out, i, el, &d);
    }
    for (i, f) in view.fighters.iter().enumerate() {
        fighter(view, out, i, f, &d);
    }
    for (k, r) in view.asteroids.iter().enumerate() {
        out.put(format_args!("asteroid{k}.x"), ratio(r.x, d.width));
        out.put(format_args!("asteroid{k}.y"), ratio(r.y, d.length));
        out.put(format_args!("asteroid{k}.radius"), ratio(r.radius, d.reach));
    }
}

/// Element `i`'s slot.
fn element(view: &BsView, out: &mut Features, i: usize, el: &ElementView, d: &Dims) {
    let card = |c: Option<u8>| c.and_then(|c| usize::from(c).checked_sub(1));
    out.flag(format_args!("element{i}.mine"), el.seat == d.me);
    out.flag(format_args!("element{i}.speed.shown"), el.speed.is_some());
    out.put(
        format_args!("element{i}.speed"),
        f32::from(el.speed.unwrap_or(0)) / 12.0,
    );
    out.one_hot(format_args!("element{i}.card"), card(el.card), CARDS);
    out.flag(format_args!("element{i}.card_down"), el.card_down);
    out.one_hot(format_args!("element{i}.shown"), card(el.shown), CARDS);
    for c in 1..=CARDS as u8 {
        out.flag(
            format_args!("element{i}.may_play{c}"),
            el.cards.contains(&c),
        );
    }
    let deck = view.decks[el.seat.index()]
        .iter()
        .position(|&p| p == Some(el.id));
    out.flag(format_args!("element{i}.deck.known"), deck.is_some());
    out.put(
        format_args!("element{i}.deck.place"),
        ratio(deck.unwrap_or(0) as f64, d.es.max(1) as f64),
    );
    let order = view.order.iter().position(|&p| p == Some(el.id));
    out.flag(format_args!("element{i}.order.known"), order.is_some());
    out.put(
        format_args!("element{i}.order.place"),
        ratio(order.unwrap_or(0) as f64, d.e),
    );
    out.flag(
        format_args!("element{i}.activated"),
        order.is_some_and(|p| p < view.cursor),
    );
    out.flag(
        format_args!("element{i}.asked"),
        view.question.element == Some(el.id),
    );
}

/// Fighter `i`'s slot.
fn fighter(view: &BsView, out: &mut Features, i: usize, f: &FighterView, d: &Dims) {
    let flying = f.status == Status::Flying;
    out.flag(format_args!("fighter{i}.mine"), f.seat == d.me);
    out.one_hot(
        format_args!("fighter{i}.element"),
        Some(usize::from(f.element)),
        view.elements.len(),
    );
    out.one_hot(
        format_args!("fighter{i}.status"),
        Some(status_index(f.status)),
        4,
    );
    let (x, y) = if flying {
        (ratio(f.x, d.width), ratio(f.y, d.length))
    } else {
        (0.0, 0.0)
    };
    out.put(format_args!("fighter{i}.x"), x);
    out.put(format_args!("fighter{i}.y"), y);
    let heading = flying.then(|| (f.heading.rem_euclid(360) / 15) as usize);
    out.one_hot(format_args!("fighter{i}.heading"), heading, 24);
    out.put(
        format_args!("fighter{i}.hull"),
        ratio(f64::from(f.hull), f64::from(f.max_hull)),
    );
    out.put(
        format_args!("fighter{i}.max_hull"),
        f32::from(f.max_hull) / 10.0,
    );
    out.flag(format_args!("fighter{i}.crippled"), f.crippled);
    out.flag(format_args!("fighter{i}.jinking"), f.jinking);
    out.one_hot(
        format_args!("fighter{i}.skill"),
        usize::from(f.skill).checked_sub(1),
        4,
    );
    let weight = ["light", "medium", "heavy"]
        .iter()
        .position(|&w| w == f.weight);
    out.one_hot(format_args!("fighter{i}.weight"), weight, 3);
    out.put(format_args!("fighter{i}.armour"), f32::from(f.armour) / 2.0);
    out.flag(format_args!("fighter{i}.shields"), f.shields);
    out.put(format_args!("fighter{i}.points"), f.points as f32 / 50.0);
    let w = d.w.max(1) as f64;
    out.put(
        format_args!("fighter{i}.may_fire"),
        ratio(f64::from(f.may_fire), w),
    );
    out.flag(
        format_args!("fighter{i}.asked"),
        view.question.fighter == Some(f.id),
    );
    for k in 0..d.w {
        let wp = f.weapons.get(k);
        out.flag(format_args!("fighter{i}.weapon{k}"), wp.is_some());
        let v = |g: fn(&crate::catalogue::Weapon) -> f64, by: f64| {
            wp.map_or(0.0, |wp| ratio(g(wp), by))
        };
        out.put(
            format_args!("fighter{i}.weapon{k}.rof"),
            v(|w| f64::from(w.rof), 4.0),
        );
        out.put(
            format_args!("fighter{i}.weapon{k}.accuracy"),
            v(|w| f64::from(w.accuracy), 10.0),
        );
        out.put(
            format_args!("fighter{i}.weapon{k}.range"),
            v(|w| f64::from(w.range), d.reach),
        );
        out.put(
            format_args!("fighter{i}.weapon{k}.damage"),
            v(|w| f64::from(w.damage), 10.0),
        );
        for (s, name) in Sector::ALL.iter().zip(["f", "fl", "rl", "r", "rr", "fr"]) {
            out.flag(
                format_args!("fighter{i}.weapon{k}.arc.{name}"),
                wp.is_some_and(|wp| wp.arcs.contains(s)),
            );
        }
    }
}
