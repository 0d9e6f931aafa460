//! The learning encoding of Launch Fighters! ([`orrery_core::learn`]): a fixed id for
//! every action a seat can make, and a seat's view written as numbers
//! (`observe`, in `learn/observe.rs`). Documented for Python users in
//! `docs/learning/launch-fighters.md`.
//!
//! # Action ids
//!
//! Every field of the action is encoded, never its place in the legal list, so an id
//! means one action (one JSON) of one seat all game long; ids are distinct across
//! seats too (the conformance suite keys an id's meaning by seat and JSON), so an
//! action whose fields do not say whose it is carries the acting seat. The sizes
//! come from the set-up state, which holds every unit of the battle (no unit is ever
//! added):
//!
//! - `P` = the seats; `seat` = the acting seat (0-based);
//! - `C` = `cols × rows`, the map's hexes; a hex's `cell` = `col × rows + row`
//!   ([`orrery_hex::HexMap::index`]); `I` = `(cols − 2) × (rows − 2)`, the non-edge
//!   hexes (the only ones ships are placed on, LFO-05), `inner` = `(col − 1) ×
//!   (rows − 2) + row − 1`;
//! - `N` = all units (ships and squadrons); a unit field is its [`UnitId`];
//! - a ship's *ship rank* and a squadron's *squadron rank* count the ships
//!   (squadrons) with lower ids, all seats together; `S`, `Q` = all ships, all
//!   squadrons; a squadron's *own rank* counts only its seat's squadrons, `Qs` = the
//!   most squadrons one seat has;
//! - each unit has `v` *move variants*: a ship 6 facings × 2 if it has boosters × 2
//!   if it has warp drive, a squadron 1 × 2 if it has warp drive; its *move offset*
//!   is the sum of `v` over the units with lower ids, `V` the sum over all units;
//! - `L` = the highest Launchers of any design (missiles per `FireLaunchers`),
//!   `D` = 2 × the highest Cannons or Launchers of any design (the largest pool:
//!   flanking doubles it; repairs never raise a stat above its design);
//! - `sub(k, m)` = the subsets of at most `m` of `k` items (Σ C(k, j), j ≤ m), ranked
//!   by size, then colexicographically ([`subset_rank`]).
//!
//! The blocks, in order (each id = the block's start + the offset shown):
//!
//! | action | offset | size |
//! |---|---|---|
//! | `Place {ship, at, facing}` | (ship rank × I + inner) × 6 + facing | S × I × 6 |
//! | `Move {unit, to, facing, boost, warp}` | (move offset + variant) × C + cell | V × C |
//! | `Push {to}` | seat × C + cell | P × C |
//! | `Activate {unit}` | seat × N + unit | P × N |
//! | `FireCannons {target}` | seat × N + target | P × N |
//! | `FireLaunchers {target, missiles}` | (seat × N + target) × L + missiles − 1 | P × N × L |
//! | `Launch {squadron, to}` | squadron rank × C + cell | Q × C |
//! | `EndLaunch` | seat | P |
//! | `Barrage {dice, target}` | (seat × D + dice − 1) × (N + 1) + (target + 1, or 0) | P × D × (N + 1) |
//! | `StopFiring` | seat | P |
//! | `Dogfight {target}` | seat × N + target | P × N |
//! | `Formation {target, wingmen}` | (seat × N + target) × sub(Qs, 5) + rank of the wingmen's own ranks | P × N × sub(Qs, 5) |
//! | `ReturnToBase {host}` | seat × N + host | P × N |
//! | `EndActivation` | seat | P |
//! | `Reduce {stats}` | seat × 57 + (`[]` 0; `[a]` 1 + a; `[a, b]` 8 + 7a + b) | P × 57 |
//! | `Intercept {squadrons}` | seat × sub(Qs, 3) + rank of their own ranks | P × sub(Qs, 3) |
//! | `HitSquadron {fate}` | seat × 2 + (flip 0, return to base 1) | P × 2 |
//! | `LandOn {host}` | seat × N + host | P × N |
//! | `LoseSquadron {squadron}` | seat × N + squadron | P × N |
//! | `Advance {squadron}` | seat × (N + 1) + (none 0, else squadron + 1) | P × (N + 1) |
//! | `Repair {ship}` | seat × N + ship | P × N |
//! | `RepairStat {stat}` | seat × 7 + stat | P × 7 |
//! | `EndRepairs` | seat | P |
//!
//! A ship's move variant is `facing + 6 × boost + 6 × B × warp` (`B` = 2 if it has
//! boosters, else 1; `boost`, `warp` count only if it has them); a squadron's is
//! `warp` (if it has warp drive). Facings are numbered N 0, NE 1, SE 2, S 3, SW 4,
//! NW 5; stats cannons 0, launchers 1, bays 2, defense 3, move 4, cargo holds 5,
//! passenger holds 6. `Place`, `Move` and `Launch` name the seat's own unit (an
//! action naming another seat's has no id), so they need no seat; nor has an action
//! with more stats than a hit ever takes, or a hex off the map.

mod observe;

pub(crate) use observe::observe;

use crate::action::{Action, SquadronFate};
use crate::state::{LaunchFighters, Unit};
use crate::types::{Stat, UnitId};
use crate::LfView;
use orrery_core::Learning;
use orrery_core::Seat;
use orrery_hex::{Dir, Hex};

/// Most formation wingmen (one squadron per other hex around the target).
const MAX_WINGMEN: usize = 5;
/// Most intercepting squadrons (LF-05).
const MAX_INTERCEPTORS: usize = 3;
/// Every stat a hit may reduce (with holds).
const STATS: usize = 7;
/// `Reduce` ids: none, one stat, two in record-sheet order.
const REDUCE: usize = 1 + STATS + STATS * STATS;

/// The sizes of a battle's blocks, read from its units and map.
struct Layout {
    seats: usize,
    cells: usize,
    inner: usize,
    units: usize,
    ships: usize,
    squadrons: usize,
    /// The most squadrons one seat has.
    own_squadrons: usize,
    variants: usize,
    launchers: usize,
    dice: usize,
}

impl Layout {
    fn of(g: &LaunchFighters) -> Layout {
        let seats = g.players.len().max(1);
        // Squadrons per seat (seats are at most 6, LF's PLAYERS; any more share the last).
        let mut per_seat = [0usize; 8];
        let (mut ships, mut variants) = (0, 0);
        let (mut launchers, mut weapons) = (1usize, 1usize);
        for u in &g.units {
            variants += move_variants(u);
            match u.ship() {
                Some(sh) => {
                    ships += 1;
                    let d = &sh.design.stats;
                    launchers = launchers.max(usize::from(d.launchers));
                    weapons = weapons.max(usize::from(d.cannons.max(d.launchers)));
                }
                None => {
                    per_seat[usize::from(u.owner.0).min(7)] += 1;
                }
            }
        }
        let inner = |side: i32| (side - 2).max(0) as usize;
        Layout {
            seats,
            cells: g.map.len(),
            inner: inner(g.map.cols) * inner(g.map.rows),
            units: g.units.len(),
            ships,
            squadrons: g.units.len() - ships,
            own_squadrons: per_seat.iter().copied().max().unwrap_or(0),
            variants,
            launchers,
            dice: 2 * weapons,
        }
    }

    /// The size of each block, in the order of the table above.
    fn blocks(&self) -> [usize; 23] {
        let (p, c, n) = (self.seats, self.cells, self.units);
        [
            self.ships * self.inner * 6,
            self.variants * c,
            p * c,
            p * n,
            p * n,
            p * n * self.launchers,
            self.squadrons * c,
            p,
            p * self.dice * (n + 1),
            p,
            p * n,
            p * n * subsets(self.own_squadrons, MAX_WINGMEN),
            p * n,
            p,
            p * REDUCE,
            p * subsets(self.own_squadrons, MAX_INTERCEPTORS),
            p * 2,
            p * n,
            p * n,
            p * (n + 1),
            p * n,
            p * STATS,
            p,
        ]
    }

    /// Where block `k` starts.
    fn start(&self, k: usize) -> usize {
        self.blocks()[..k].iter().sum()
    }
}

/// The number of move variants of a unit (see the module's doc).
fn move_variants(u: &Unit) -> usize {
    let warp = 1 + usize::from(u.has_warp());
    match u.ship() {
        Some(s) => 6 * (1 + usize::from(s.design.addons.boosters > 0)) * warp,
        None => warp,
    }
}

/// C(n, k) (small arguments; saturating).
fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r: usize = 1;
    for i in 0..k {
        r = r.saturating_mul(n - i) / (i + 1);
    }
    r
}

/// How many subsets of at most `m` of `k` items there are.
pub fn subsets(k: usize, m: usize) -> usize {
    (0..=m.min(k)).map(|j| binomial(k, j)).sum()
}

/// The rank of a strictly ascending set of ranks (each `< k`, at most `m` of them)
/// among all such sets: all smaller sets first, then colexicographic order (Σ C(r_i,
/// i + 1)).
pub fn subset_rank(ranks: &[usize], k: usize, m: usize) -> Option<usize> {
    if ranks.len() > m || ranks.windows(2).any(|w| w[0] >= w[1]) {
        return None;
    }
    if ranks.last().is_some_and(|&r| r >= k) {
        return None;
    }
    let smaller: usize = (0..ranks.len()).map(|j| binomial(k, j)).sum();
    let colex: usize = ranks
        .iter()
        .enumerate()
        .map(|(i, &r)| binomial(r, i + 1))
        .sum();
    Some(smaller + colex)
}

fn stat_index(s: Stat) -> usize {
    Stat::WITH_HOLDS.iter().position(|&t| t == s).unwrap_or(0)
}

/// The seat's own unit `id`, if it is one.
fn own(g: &LaunchFighters, seat: Seat, id: UnitId) -> Option<&Unit> {
    g.units.get(id.index()).filter(|u| u.owner == seat)
}

/// The seat's own ship (`ship`) or squadron's rank among all ships (squadrons).
fn rank(g: &LaunchFighters, seat: Seat, id: UnitId, ship: bool) -> Option<usize> {
    let u = own(g, seat, id)?;
    (u.is_ship() == ship).then(|| {
        g.units[..id.index()]
            .iter()
            .filter(|w| w.is_ship() == ship)
            .count()
    })
}

/// A set of the seat's own squadrons as a rank among `sub(k, m)` of their own ranks.
fn squadron_set(
    g: &LaunchFighters,
    seat: Seat,
    ids: &[UnitId],
    k: usize,
    m: usize,
) -> Option<usize> {
    if ids.len() > m {
        return None;
    }
    let mut ranks = [0usize; MAX_WINGMEN];
    for (slot, &id) in ranks.iter_mut().zip(ids) {
        own(g, seat, id).filter(|u| !u.is_ship())?;
        *slot = g.units[..id.index()]
            .iter()
            .filter(|w| w.owner == seat && !w.is_ship())
            .count();
    }
    subset_rank(&ranks[..ids.len()], k, m)
}

/// The move slot (move offset + variant) of the seat's `Move`.
fn move_slot(
    g: &LaunchFighters,
    seat: Seat,
    unit: UnitId,
    facing: Option<Dir>,
    boost: bool,
    warp: bool,
) -> Option<usize> {
    let u = own(g, seat, unit)?;
    let before: usize = g.units[..unit.index()].iter().map(move_variants).sum();
    if warp && !u.has_warp() {
        return None;
    }
    let variant = match u.ship() {
        Some(s) => {
            let boosters = s.design.addons.boosters > 0;
            if boost && !boosters {
                return None;
            }
            let b = 1 + usize::from(boosters);
            facing?.index() + 6 * usize::from(boost) + 6 * b * usize::from(warp)
        }
        None => {
            if facing.is_some() || boost {
                return None;
            }
            usize::from(warp)
        }
    };
    Some(before + variant)
}

/// The action space of the battle `g` is set up as.
pub(crate) fn action_space(g: &LaunchFighters) -> usize {
    Layout::of(g).blocks().iter().sum()
}

/// The id of `seat`'s `action` (see the module's doc).
pub(crate) fn action_id(g: &LaunchFighters, seat: Seat, action: &Action) -> Option<usize> {
    let l = Layout::of(g);
    let (c, n) = (l.cells, l.units);
    let me = usize::from(seat.0);
    if me >= l.seats {
        return None;
    }
    let cell = |h: &Hex| g.map.index(*h);
    let inner = |h: &Hex| {
        let (col, row) = h.to_offset();
        let rows = g.map.rows - 2;
        ((1..g.map.cols - 1).contains(&col) && (1..g.map.rows - 1).contains(&row))
            .then(|| ((col - 1) * rows + row - 1) as usize)
    };
    let unit = |id: &UnitId| (id.index() < n).then_some(id.index());
    // The seat's own row of a per-seat block of `width` ids.
    let mine = |width: usize, offset: usize| me * width + offset;
    let (block, offset) = match action {
        Action::Place { ship, at, facing } => (
            0,
            (rank(g, seat, *ship, true)? * l.inner + inner(at)?) * 6 + facing.index(),
        ),
        Action::Move {
            unit: u,
            to,
            facing,
            boost,
            warp,
        } => (
            1,
            move_slot(g, seat, *u, *facing, *boost, *warp)? * c + cell(to)?,
        ),
        Action::Push { to } => (2, mine(c, cell(to)?)),
        Action::Activate { unit: u } => (3, mine(n, unit(u)?)),
        Action::FireCannons { target } => (4, mine(n, unit(target)?)),
        Action::FireLaunchers { target, missiles } => {
            let m = usize::from(*missiles);
            if !(1..=l.launchers).contains(&m) {
                return None;
            }
            (5, mine(n, unit(target)?) * l.launchers + m - 1)
        }
        Action::Launch { squadron, to } => (6, rank(g, seat, *squadron, false)? * c + cell(to)?),
        Action::EndLaunch => (7, me),
        Action::Barrage { dice, target } => {
            let d = usize::from(*dice);
            if !(1..=l.dice).contains(&d) {
                return None;
            }
            let t = match target {
                Some(t) => unit(t)? + 1,
                None => 0,
            };
            (8, mine(l.dice, d - 1) * (n + 1) + t)
        }
        Action::StopFiring => (9, me),
        Action::Dogfight { target } => (10, mine(n, unit(target)?)),
        Action::Formation { target, wingmen } => {
            let sets = subsets(l.own_squadrons, MAX_WINGMEN);
            let w = squadron_set(g, seat, wingmen, l.own_squadrons, MAX_WINGMEN)?;
            (11, mine(n, unit(target)?) * sets + w)
        }
        Action::ReturnToBase { host } => (12, mine(n, unit(host)?)),
        Action::EndActivation => (13, me),
        Action::Reduce { stats } => (
            14,
            mine(
                REDUCE,
                match stats.as_slice() {
                    [] => 0,
                    [a] => 1 + stat_index(*a),
                    [a, b] => 1 + STATS + STATS * stat_index(*a) + stat_index(*b),
                    _ => return None,
                },
            ),
        ),
        Action::Intercept { squadrons } => {
            let sets = subsets(l.own_squadrons, MAX_INTERCEPTORS);
            let s = squadron_set(g, seat, squadrons, l.own_squadrons, MAX_INTERCEPTORS)?;
            (15, mine(sets, s))
        }
        Action::HitSquadron { fate } => (
            16,
            mine(
                2,
                match fate {
                    SquadronFate::Flip => 0,
                    SquadronFate::ReturnToBase => 1,
                },
            ),
        ),
        Action::LandOn { host } => (17, mine(n, unit(host)?)),
        Action::LoseSquadron { squadron } => (18, mine(n, unit(squadron)?)),
        Action::Advance { squadron } => (
            19,
            mine(
                n + 1,
                match squadron {
                    Some(s) => unit(s)? + 1,
                    None => 0,
                },
            ),
        ),
        Action::Repair { ship } => (20, mine(n, unit(ship)?)),
        Action::RepairStat { stat } => (21, mine(STATS, stat_index(*stat))),
        Action::EndRepairs => (22, me),
    };
    Some(l.start(block) + offset)
}

impl Learning for LaunchFighters {
    const IDS_NAME_THE_SEAT: bool = true;

    /// The sizes of `learn`'s blocks, read from the battle's units and map.
    fn action_space(&self) -> usize {
        action_space(self)
    }

    fn action_id(&self, seat: Seat, action: &Action) -> Option<usize> {
        action_id(self, seat, action)
    }

    fn observe(view: &LfView, out: &mut orrery_core::learn::Features) {
        observe(view, out)
    }
}
