//! A seat's view as numbers ([`orrery_core::Learning::observe`]). The field list, its
//! order and its normalization are in `docs/learning/launch-fighters.md`.
//!
//! Seats are written *relative to the viewer*: `seat+k` is the seat k places after
//! the viewer (`seat+0` the viewer itself; the spectator views as seat 0). Units keep
//! their ids (`unit{i}` is [`UnitId`] `i`, as in the action ids); a unit's `owner` is
//! a relative seat. The length depends only on the scenario: its seats, units,
//! terrain counters, exit hexes and objectives (with their areas).

use crate::design::{MAX_MISSILES, MAX_MOVE, MAX_SQUADRONS, MAX_STAT};
use crate::state::{Decision, Location, Phase, System, UnitKind};
use crate::types::{ObjectiveKind, Stat, TerrainKind, UnitId};
use crate::view::LfView;
use orrery_core::learn::Features;
use orrery_core::Seat;
use orrery_hex::Hex;
use std::fmt;

/// Every stat a hit may reduce (with holds), for the ships' stat fields.
const STATS: [(&str, Stat); 7] = [
    ("cannons", Stat::Cannons),
    ("launchers", Stat::Launchers),
    ("bays", Stat::Bays),
    ("defense", Stat::Defense),
    ("move", Stat::Move),
    ("cargo_holds", Stat::CargoHolds),
    ("passenger_holds", Stat::PassengerHolds),
];

const SYSTEMS: [System; 4] = [
    System::Cannons,
    System::Launchers,
    System::Bays,
    System::Guns,
];

/// Normalizes map positions and relative seats for one view.
struct Frame {
    cols: f32,
    rows: f32,
    seats: usize,
    viewer: usize,
    /// Points all ships and objectives are worth: the scale of the scores.
    points: f32,
}

impl Frame {
    fn rel(&self, s: Seat) -> usize {
        (usize::from(s.0) + self.seats - self.viewer) % self.seats.max(1)
    }

    /// A hex's column and row, each as the middle of its band in 0..1 (0, 0 = none).
    fn pos(
        &self,
        out: &mut Features,
        h: Option<Hex>,
        col: fmt::Arguments<'_>,
        row: fmt::Arguments<'_>,
    ) {
        let (c, r) = h.map_or((0.0, 0.0), |h| {
            let (c, r) = h.to_offset();
            ((c as f32 + 0.5) / self.cols, (r as f32 + 0.5) / self.rows)
        });
        out.put(col, c);
        out.put(row, r);
    }
}

fn ratio(v: impl Into<f64>, max: impl Into<f64>) -> f32 {
    let m = max.into();
    if m > 0.0 {
        (v.into() / m) as f32
    } else {
        0.0
    }
}

pub(crate) fn observe(v: &LfView, out: &mut Features) {
    let seats = v.players.len().max(1);
    let f = Frame {
        cols: v.map.cols.max(1) as f32,
        rows: v.map.rows.max(1) as f32,
        seats,
        viewer: v.viewer.map_or(0, |s| usize::from(s.0)) % seats,
        points: {
            let ships: u32 = v
                .units
                .iter()
                .filter_map(|u| u.ship())
                .map(|s| s.cost)
                .sum();
            let objectives: u32 = v.objectives.iter().map(|o| o.objective.points).sum();
            (ships + objectives).max(1) as f32
        },
    };
    let n = v.units.len();
    game_fields(v, &f, out);
    seat_fields(v, &f, out);
    pending_fields(v, &f, n, out);
    activation_fields(v, n, out);
    for i in 0..n {
        unit_fields(v, &f, i, out);
    }
    map_fields(v, &f, out);
}

fn game_fields(v: &LfView, f: &Frame, out: &mut Features) {
    out.put(format_args!("turn"), ratio(v.turn, v.turn_limit));
    out.put(format_args!("turn_limit"), ratio(v.turn_limit, 30));
    let (phase, step) = match v.phase {
        Phase::Placement => (0, None),
        Phase::Movement { step } => (1, Some(step)),
        Phase::Attack { step } => (2, Some(step)),
        Phase::Recovery => (3, None),
        Phase::Over => (4, None),
    };
    out.one_hot(format_args!("phase"), Some(phase), 5);
    out.one_hot(format_args!("step"), step.map(usize::from), 6);
    out.put(format_args!("map.cols"), ratio(f.cols, 27));
    out.put(format_args!("map.rows"), ratio(f.rows, 24));
}

fn seat_fields(v: &LfView, f: &Frame, out: &mut Features) {
    for k in 0..f.seats {
        let s = Seat(((f.viewer + k) % f.seats) as u8);
        out.flag(format_args!("seat+{k}.to_move"), v.to_move.contains(&s));
        let place = v.order.iter().position(|&o| o == s);
        out.one_hot(format_args!("seat+{k}.order"), place, f.seats);
        let init = v.players.get(usize::from(s.0)).map_or(0, |p| p.initiative);
        out.put(format_args!("seat+{k}.initiative"), ratio(init, 20));
        let score = v.scores.get(usize::from(s.0)).copied().unwrap_or(0.0);
        out.put(format_args!("seat+{k}.score"), score as f32 / f.points);
        let won = v.outcome.as_ref().is_some_and(|o| o.winners.contains(&s));
        out.flag(format_args!("seat+{k}.won"), won);
    }
}

fn pending_fields(v: &LfView, f: &Frame, n: usize, out: &mut Features) {
    let p = v.pending.as_ref();
    let (kind, unit, levels) = match p.map(|p| &p.decision) {
        None => (None, None, 0),
        Some(d) => match *d {
            Decision::Push { squadron, .. } => (Some(0), Some(squadron), 0),
            Decision::ReduceStats { ship, levels, .. } => (Some(1), Some(ship), levels),
            Decision::Intercept { target } => (Some(2), Some(target), 0),
            Decision::SquadronHit { squadron } => (Some(3), Some(squadron), 0),
            Decision::ReturnToBase { squadron, .. } => (Some(4), Some(squadron), 0),
            Decision::BayLoss { ship, .. } => (Some(5), Some(ship), 0),
            Decision::Advance { winner, .. } => (Some(6), Some(winner), 0),
            Decision::RepairStat { ship } => (Some(7), Some(ship), 0),
        },
    };
    out.one_hot(format_args!("pending.kind"), kind, 8);
    out.one_hot(
        format_args!("pending.seat"),
        p.map(|p| f.rel(p.seat)),
        f.seats,
    );
    out.one_hot(format_args!("pending.unit"), unit.map(UnitId::index), n);
    out.put(format_args!("pending.levels"), ratio(levels, 2));
}

fn activation_fields(v: &LfView, n: usize, out: &mut Features) {
    let a = v.activation.as_ref();
    out.one_hot(format_args!("active.unit"), a.map(|a| a.unit.index()), n);
    for s in SYSTEMS {
        let used = a.is_some_and(|a| a.used.contains(&s));
        out.flag(format_args!("active.used.{}", s.name()), used);
    }
    out.put(
        format_args!("active.launched"),
        ratio(a.map_or(0, |a| a.launched), MAX_SQUADRONS),
    );
    out.flag(
        format_args!("active.launching"),
        a.is_some_and(|a| a.launching),
    );
    out.flag(
        format_args!("active.dogfight"),
        a.is_some_and(|a| a.dogfight.is_some()),
    );
    let pool = a.and_then(|a| a.pool.as_ref());
    out.flag(format_args!("pool.open"), pool.is_some());
    let system = pool.and_then(|p| SYSTEMS.iter().position(|&s| s == p.system));
    out.one_hot(format_args!("pool.system"), system, 4);
    out.one_hot(
        format_args!("pool.target"),
        pool.map(|p| p.target.index()),
        n,
    );
    out.put(
        format_args!("pool.dice"),
        ratio(pool.map_or(0, |p| p.dice), 2 * MAX_STAT),
    );
    out.flag(format_args!("pool.flak"), pool.is_some_and(|p| p.flak));
    out.flag(format_args!("pool.flank"), pool.is_some_and(|p| p.flank));
}

fn unit_fields(v: &LfView, f: &Frame, i: usize, out: &mut Features) {
    let u = &v.units[i];
    let loc = match u.location {
        Location::Unplaced => 0,
        Location::OnMap(_) => 1,
        Location::Aboard(_) => 2,
        Location::Eliminated => 3,
        Location::Retreated => 4,
    };
    out.flag(format_args!("unit{i}.present"), loc == 1);
    out.one_hot(format_args!("unit{i}.location"), Some(loc), 5);
    // Where it is: its hex, or its host's hex while aboard.
    let at = match u.location {
        Location::OnMap(h) => Some(h),
        Location::Aboard(host) => v.units.get(host.index()).and_then(|h| h.hex()),
        _ => None,
    };
    f.pos(
        out,
        at,
        format_args!("unit{i}.col"),
        format_args!("unit{i}.row"),
    );
    out.one_hot(format_args!("unit{i}.owner"), Some(f.rel(u.owner)), f.seats);
    out.flag(format_args!("unit{i}.ship"), u.is_ship());
    out.flag(format_args!("unit{i}.moved"), u.moved);
    out.flag(format_args!("unit{i}.activated"), u.activated);
    out.flag(format_args!("unit{i}.warp_drive"), u.has_warp());
    out.flag(format_args!("unit{i}.warp_declared"), u.warp_declared());
    let ship = u.ship();
    out.one_hot(
        format_args!("unit{i}.facing"),
        ship.map(|s| s.facing.index()),
        6,
    );
    for (name, stat) in STATS {
        let max = if stat == Stat::Move {
            MAX_MOVE
        } else {
            MAX_STAT
        };
        let (now, was) = ship.map_or((0, 0), |s| (s.level(stat), s.original_level(stat)));
        out.put(format_args!("unit{i}.{name}"), ratio(now, max));
        out.put(format_args!("unit{i}.{name}_built"), ratio(was, max));
    }
    let n = |get: fn(&crate::state::Ship) -> u8| ship.map_or(0, get);
    out.put(
        format_args!("unit{i}.missiles"),
        ratio(n(|s| s.missiles), MAX_MISSILES),
    );
    out.put(
        format_args!("unit{i}.repair_left"),
        ratio(n(|s| s.repair_left), MAX_STAT),
    );
    out.put(
        format_args!("unit{i}.boosters_left"),
        ratio(n(|s| s.boosters_left), MAX_STAT),
    );
    out.put(
        format_args!("unit{i}.sensors"),
        ratio(n(|s| s.design.addons.sensors), MAX_STAT),
    );
    out.put(
        format_args!("unit{i}.recovered_this_turn"),
        ratio(n(|s| s.recovered_this_turn), MAX_STAT),
    );
    out.flag(
        format_args!("unit{i}.used_booster_this_turn"),
        ship.is_some_and(|s| s.used_booster_this_turn),
    );
    out.flag(
        format_args!("unit{i}.repaired_this_turn"),
        ship.is_some_and(|s| s.repaired_this_turn),
    );
    out.flag(
        format_args!("unit{i}.flagship"),
        ship.is_some_and(|s| s.flagship),
    );
    out.put(
        format_args!("unit{i}.cost"),
        ship.map_or(0.0, |s| s.cost as f32 / f.points),
    );
    let active = match &u.kind {
        UnitKind::Squadron(q) => q.active,
        UnitKind::Ship(_) => false,
    };
    out.flag(format_args!("unit{i}.squadron_active"), active);
}

fn map_fields(v: &LfView, f: &Frame, out: &mut Features) {
    for (i, t) in v.terrain.iter().enumerate() {
        let kind = match t.kind {
            TerrainKind::Moon => 0,
            TerrainKind::Planetoid => 1,
            TerrainKind::Asteroid => 2,
            TerrainKind::Nebula => 3,
        };
        out.one_hot(format_args!("terrain{i}.kind"), Some(kind), 4);
        f.pos(
            out,
            Some(t.hex()),
            format_args!("terrain{i}.col"),
            format_args!("terrain{i}.row"),
        );
    }
    for (i, h) in v.exit_area.iter().enumerate() {
        f.pos(
            out,
            Some(h.hex()),
            format_args!("exit{i}.col"),
            format_args!("exit{i}.row"),
        );
    }
    let seat_of = |fleet: &str| v.players.iter().position(|p| p.fleet == fleet);
    for (i, o) in v.objectives.iter().enumerate() {
        let ob = &o.objective;
        let kind = match ob.kind {
            ObjectiveKind::Protect => 0,
            ObjectiveKind::Destroy => 1,
            ObjectiveKind::Hold => 2,
            ObjectiveKind::Escape => 3,
        };
        out.one_hot(format_args!("objective{i}.kind"), Some(kind), 4);
        let scorer = seat_of(&ob.fleet);
        let rel = |s: usize| f.rel(Seat(s as u8));
        out.one_hot(format_args!("objective{i}.fleet"), scorer.map(rel), f.seats);
        let target = ob.target.as_deref().and_then(seat_of);
        out.one_hot(
            format_args!("objective{i}.target"),
            target.map(rel),
            f.seats,
        );
        // The named ship: of `target` for `destroy`, else of `fleet`.
        let owner = if ob.kind == ObjectiveKind::Destroy {
            target
        } else {
            scorer
        };
        let ship = ob.ship.as_deref().and_then(|name| {
            v.units.iter().position(|u| {
                Some(usize::from(u.owner.0)) == owner
                    && u.ship().is_some_and(|s| s.design.name == name)
            })
        });
        out.one_hot(format_args!("objective{i}.ship"), ship, v.units.len());
        out.put(
            format_args!("objective{i}.points"),
            ob.points as f32 / f.points,
        );
        out.put(
            format_args!("objective{i}.earned_points"),
            o.earned as f32 * ob.points as f32 / f.points,
        );
        let turns = ob.turns.unwrap_or(0);
        out.put(
            format_args!("objective{i}.turns"),
            ratio(turns, v.turn_limit),
        );
        out.put(
            format_args!("objective{i}.held_turns"),
            ratio(o.held_turns, v.turn_limit),
        );
        out.flag(format_args!("objective{i}.ends_game"), ob.ends_game);
        for (j, h) in ob.area.iter().enumerate() {
            f.pos(
                out,
                Some(h.hex()),
                format_args!("objective{i}.area{j}.col"),
                format_args!("objective{i}.area{j}.row"),
            );
        }
    }
}
