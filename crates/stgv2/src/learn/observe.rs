//! A seat's view as numbers ([`orrery_core::Learning::observe`]). The field list, its
//! order and its normalization are in `docs/learning/stgv2.md`.
//!
//! Seats are written *relative to the viewer*: `seat+k` is the seat k places after
//! the viewer (`seat+0` the viewer itself; the spectator views as seat 0). Ships keep
//! their ids (`ship{i}` is ship id `i`, as in the action ids), padded to the cap of
//! [`MAX_SHIPS`] slots. The length depends only on the scenario: its seats, clusters
//! and MOVE room.

use super::MAX_SHIPS;
use crate::state::{Asset, MoveCard};
use crate::view::StView;
use orrery_core::learn::Features;
use orrery_core::Seat;
use orrery_nodes::Node;
use std::fmt;

const PHASES: [&str; 8] = [
    "start", "cells", "combat", "action", "purchase", "moving", "damage", "over",
];
/// Cards of a set written one by one (a set has as many as the most engines on a
/// ship; the rest are counted in `set{j}.cards`).
const SET_CARDS: usize = 6;
/// The scale of cell counts (ST-06: at most 9 owned).
const CELLS: f32 = 9.0;
/// The scale of asset counts: a ship's 24 holes.
const HOLES: f32 = 24.0;

struct Frame {
    seats: usize,
    viewer: usize,
    /// The field's radius in node spacings: node coordinates are divided by it.
    radius: f32,
    levels: f32,
    /// Spendys are divided by the winning target.
    spendys: f32,
}

impl Frame {
    fn rel(&self, s: Seat) -> usize {
        (s.index() + self.seats - self.viewer) % self.seats
    }

    fn seat(&self, k: usize) -> Seat {
        Seat(((self.viewer + k) % self.seats) as u8)
    }

    fn node(&self, out: &mut Features, n: Option<Node>, x: fmt::Arguments, y: fmt::Arguments) {
        let (a, b) = n.map_or((0.0, 0.0), |n| n.xy());
        out.put(x, a as f32 / self.radius);
        out.put(y, b as f32 / self.radius);
    }
}

pub(crate) fn observe(v: &StView, out: &mut Features) {
    let seats = v.players.len().max(1);
    let radius = v
        .tiles
        .iter()
        .map(|t| {
            let (x, y) = t.centre().xy();
            x.hypot(y)
        })
        .fold(0.0, f64::max)
        + 1.0;
    let f = Frame {
        seats,
        viewer: v.viewer.map_or(0, |s| s.index()) % seats,
        radius: radius as f32,
        levels: f32::from(v.levels.max(1)),
        spendys: v.target.max(1) as f32,
    };
    game_fields(v, &f, out);
    seat_fields(v, &f, out);
    set_fields(v, out);
    deck_fields(v, out);
    for (i, c) in v.clusters.iter().enumerate() {
        f.node(
            out,
            Some(c.node),
            format_args!("cluster{i}.x"),
            format_args!("cluster{i}.y"),
        );
        let owner = c.outpost.map(|s| f.rel(s));
        out.one_hot(format_args!("cluster{i}.outpost"), owner, f.seats);
    }
    ship_fields(v, &f, out);
}

fn game_fields(v: &StView, f: &Frame, out: &mut Features) {
    let phase = PHASES.iter().position(|&p| p == v.phase);
    out.one_hot(format_args!("phase"), phase, PHASES.len());
    out.put(
        format_args!("round"),
        v.round as f32 / v.rounds.max(1) as f32,
    );
    out.put(format_args!("rounds"), v.rounds as f32 / 40.0);
    out.put(format_args!("target"), v.target as f32 / 25_000.0);
    out.put(format_args!("levels"), f.levels / 4.0);
    let r = v.room;
    for (name, x) in [
        ("move", r.moves),
        ("attack", r.attack),
        ("defend", r.defend),
        ("action", r.action),
    ] {
        out.put(format_args!("room.{name}"), f32::from(x) / CELLS);
    }
    let p = v.prices;
    for (name, x) in [
        ("cell", p.cell),
        ("ship", p.ship),
        ("engine", p.engine),
        ("weapon", p.weapon),
        ("shield", p.shield),
    ] {
        out.put(format_args!("price.{name}"), x as f32 / f.spendys);
    }
}

fn seat_fields(v: &StView, f: &Frame, out: &mut Features) {
    out.one_hot(format_args!("current"), Some(f.rel(v.current)), f.seats);
    out.one_hot(format_args!("first"), Some(f.rel(v.first)), f.seats);
    let clusters = v.clusters.len().max(1) as f32;
    for k in 0..f.seats {
        let s = f.seat(k);
        out.flag(format_args!("seat+{k}.to_move"), v.to_move.contains(&s));
        let station = v.stations.get(s.index()).map(|st| st.node);
        f.node(
            out,
            station,
            format_args!("seat+{k}.station.x"),
            format_args!("seat+{k}.station.y"),
        );
        let won = v.outcome.as_ref().is_some_and(|o| o.winners.contains(&s));
        out.flag(format_args!("seat+{k}.won"), won);
        let Some(p) = v.players.get(s.index()) else {
            continue;
        };
        out.put(format_args!("seat+{k}.cells"), f32::from(p.cells) / CELLS);
        let (pl, co) = (p.placed, p.columns);
        for (name, a, b) in [
            ("move", pl.moves, co.moves),
            ("attack", pl.attack, co.attack),
            ("defend", pl.defend, co.defend),
            ("action", pl.action, co.action),
        ] {
            out.put(format_args!("seat+{k}.placed.{name}"), f32::from(a) / CELLS);
            out.put(format_args!("seat+{k}.column.{name}"), f32::from(b) / CELLS);
        }
        out.put(format_args!("seat+{k}.on"), p.on as f32 / f.spendys);
        out.put(format_args!("seat+{k}.off"), p.off as f32 / f.spendys);
        out.flag(format_args!("seat+{k}.protected"), p.protected);
        out.flag(format_args!("seat+{k}.out"), p.out);
        out.put(
            format_args!("seat+{k}.outposts"),
            p.outposts as f32 / clusters,
        );
        out.put(
            format_args!("seat+{k}.attempts"),
            f32::from(p.attempts) / CELLS,
        );
    }
}

fn set_fields(v: &StView, out: &mut Features) {
    let sets = 1 + usize::from(v.room.moves);
    let moving = v.moving.as_ref();
    out.one_hot(
        format_args!("moving.set"),
        moving.map(|m| usize::from(m.set)),
        sets,
    );
    let card = moving.and_then(|m| m.following).map_or(0, |fl| fl.card);
    out.put(
        format_args!("moving.card"),
        f32::from(card) / SET_CARDS as f32,
    );
    for j in 0..sets {
        let set = v.sets.get(j);
        out.flag(format_args!("set{j}.drawn"), set.is_some());
        out.flag(format_args!("set{j}.used"), set.is_some_and(|s| s.used));
        let cards = set.map_or(&[][..], |s| &s.cards[..]);
        out.put(
            format_args!("set{j}.cards"),
            cards.len() as f32 / SET_CARDS as f32,
        );
        for c in 0..SET_CARDS {
            let kind = cards
                .get(c)
                .and_then(|&k| MoveCard::ALL.iter().position(|&x| x == k));
            out.one_hot(format_args!("set{j}.card{c}"), kind, MoveCard::ALL.len());
        }
    }
}

fn deck_fields(v: &StView, out: &mut Features) {
    let d = &v.decks;
    let moves = (d.move_draw + d.move_discard.values().sum::<usize>()).max(1) as f32;
    out.put(format_args!("deck.move_draw"), d.move_draw as f32 / moves);
    for c in MoveCard::ALL {
        let n = d.move_discard.get(c.key()).copied().unwrap_or(0);
        out.put(
            format_args!("deck.move_discard.{}", c.key()),
            n as f32 / moves,
        );
    }
    let outposts =
        (d.outpost_draw + d.outpost_discard_claims + d.outpost_discard_dry).max(1) as f32;
    out.put(
        format_args!("deck.outpost_draw"),
        d.outpost_draw as f32 / outposts,
    );
    out.put(
        format_args!("deck.outpost_discard_claims"),
        d.outpost_discard_claims as f32 / outposts,
    );
    out.put(
        format_args!("deck.outpost_discard_dry"),
        d.outpost_discard_dry as f32 / outposts,
    );
    let discarded: usize = d.revenue_discard.values().sum();
    let value: u64 = d
        .revenue_discard
        .iter()
        .map(|(&v, &n)| u64::from(v) * n as u64)
        .sum();
    let revenue = (d.revenue_draw + discarded).max(1) as f32;
    out.put(
        format_args!("deck.revenue_draw"),
        d.revenue_draw as f32 / revenue,
    );
    out.put(
        format_args!("deck.revenue_discard"),
        discarded as f32 / revenue,
    );
    out.put(
        format_args!("deck.revenue_discard_mean"),
        if discarded > 0 {
            value as f32 / discarded as f32 / 5_000.0
        } else {
            0.0
        },
    );
    let b = v.last_battle.as_ref();
    out.flag(format_args!("battle.present"), b.is_some());
    for (i, name) in ["attack", "return"].into_iter().enumerate() {
        let vo = b.and_then(|b| b.volleys.get(i));
        out.put(
            format_args!("battle.{name}.hits"),
            vo.map_or(0.0, |x| x.hits as f32 / HOLES),
        );
        out.put(
            format_args!("battle.{name}.dice"),
            vo.map_or(0.0, |x| x.attack_dice as f32 / HOLES),
        );
    }
    let dmg = v.damage.as_ref();
    out.put(
        format_args!("damage.hits"),
        dmg.map_or(0.0, |p| p.hits as f32 / HOLES),
    );
}

fn ship_fields(v: &StView, f: &Frame, out: &mut Features) {
    let moving = v.moving.as_ref();
    let following = moving.and_then(|m| m.following).map(|fl| fl.ship);
    let damaged = v.damage.map(|p| p.ship);
    let battle = v.last_battle.as_ref().map(|b| (b.attacker, b.target));
    // The view lists the ships in play by ascending id: walk it beside the slots.
    let mut next = v.ships.iter().peekable();
    for i in 0..MAX_SHIPS {
        let ship = next.next_if(|s| usize::from(s.id) == i);
        let id = i as u16;
        out.flag(format_args!("ship{i}.present"), ship.is_some());
        out.one_hot(
            format_args!("ship{i}.owner"),
            ship.map(|s| f.rel(s.seat)),
            f.seats,
        );
        f.node(
            out,
            ship.map(|s| s.pos.node),
            format_args!("ship{i}.x"),
            format_args!("ship{i}.y"),
        );
        out.put(
            format_args!("ship{i}.z"),
            ship.map_or(0.0, |s| (f32::from(s.pos.z) + 0.5) / f.levels),
        );
        for a in Asset::ALL {
            let n = ship.map_or(0, |s| s.assets.get(a));
            out.put(format_args!("ship{i}.{}", a.name()), f32::from(n) / HOLES);
        }
        out.put(
            format_args!("ship{i}.off"),
            ship.map_or(0.0, |s| s.off as f32 / f.spendys),
        );
        out.flag(
            format_args!("ship{i}.attacked"),
            ship.is_some_and(|s| s.attacked),
        );
        out.flag(format_args!("ship{i}.acted"), ship.is_some_and(|s| s.acted));
        out.flag(
            format_args!("ship{i}.at_station"),
            ship.is_some_and(|s| s.at_station),
        );
        out.flag(
            format_args!("ship{i}.moved"),
            moving.is_some_and(|m| m.moved.contains(&id)),
        );
        out.flag(format_args!("ship{i}.following"), following == Some(id));
        out.flag(format_args!("ship{i}.damaged"), damaged == Some(id));
        out.flag(
            format_args!("ship{i}.last_attacker"),
            battle.is_some_and(|b| b.0 == id),
        );
        out.flag(
            format_args!("ship{i}.last_target"),
            battle.is_some_and(|b| b.1 == id),
        );
    }
}
