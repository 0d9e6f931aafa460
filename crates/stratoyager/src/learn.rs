//! The learning encoding ([`orrery_core::learn`]): a fixed number for every answer
//! and the view as numbers (`observe.rs`). Documented for users in
//! `docs/learning/stratoyager.md`.
//!
//! An answer does not name its unit (it answers the seat's next question), so an id
//! is the seat and the answer's own fields only: the same JSON from the same side has
//! the same id all game long. The ids of side B follow those of side A (`id = seat ·
//! per_seat + block offset + id within the block`: an id names one side's move, as
//! the conformance suite asks). One side's ids are blocks laid end to end, each a
//! mixed-radix number of the answer's fields, sized from what never changes in a game: `n` = units in the game, `c` = the larger
//! force (the most Initiative or deployment cards), `w` × `l` = the table in whole
//! klicks.
//!
//! | block | size | id within the block |
//! |---|---|---|
//! | `deploy` | `c + 1` | `card` (0 = `null`, reserve) |
//! | `place` | `(w − 1)·3·12·10` | `((x − 1)·3 + row)·120 + course·10 + speed`; `row` = `y` for side A, `y − (l − 2)` for side B |
//! | `enter` | `4·s·10`, `s = max(w, l) − 1` | `(edge·s + at − 1)·10 + speed`; edge south 0, north 1, west 2, east 3 |
//! | `card` | `c` | `card − 1` |
//! | `dogfight_card` | 5 | `movement − 1` |
//! | `maneuver` | 7200 | `(m(first)·60 + m(second))·2 + evasive`; `m` = driver·10 + thrust, drivers in the order acc, dec, turn port, turn stbd, slide port, slide stbd |
//! | `yaw` | 13 | 0 = `null`, else `facing + 1` |
//! | `leave` | 2 | `withdraw` |
//! | `fire_at_will` | `n + 1` | 0 = `null`, else `target + 1` |
//! | `combat` | `16 + n + k + n·k`, `k = 4n + 6` | see [`combat_id`] |

use crate::action::{Action, CombatOrder, MissileOrder};
use crate::state::Stratoyager;
use crate::types::{Driver, Edge, Maneuver, MissileKind, Plan, UnitId, MAX_START_SPEED};
use crate::SyView;
use orrery_core::learn::{below, seat_block_id};
use orrery_core::Learning;
use orrery_core::Seat;

mod observe;
pub(crate) use observe::observe;

/// Speeds a placed or entering unit may start at (0–9).
const SPEEDS: usize = MAX_START_SPEED as usize + 1;
/// Deployment rows: "within 2 klicks of its own short edge".
const ROWS: usize = crate::asks::DEPLOY_DEPTH as usize + 1;
/// One maneuver: 6 drivers × thrust 0–9.
const MANEUVER: usize = 60;
/// Dogfight cards are numbered 1–5 (SY-27).
const DOGFIGHT_CARDS: usize = 5;

/// The block sizes of one game, from what never changes during it.
#[derive(Clone, Copy, Debug)]
struct Layout {
    /// Units in the game.
    n: usize,
    /// The larger force: the most cards a side ever holds.
    c: usize,
    /// Table width and length in whole klicks.
    w: usize,
    l: usize,
}

impl Layout {
    fn of(g: &Stratoyager) -> Self {
        let side_a = g.units.iter().filter(|u| u.side == Seat(0)).count();
        Layout {
            n: g.units.len(),
            c: side_a.max(g.units.len() - side_a),
            w: g.table.width.max(0.0) as usize,
            l: g.table.length.max(0.0) as usize,
        }
    }

    /// Entry points along the longest edge.
    fn span(self) -> usize {
        self.w.max(self.l).saturating_sub(1)
    }

    /// Missile orders: lock n, launch 3, dumb 3n, fragshell 3.
    fn missiles(self) -> usize {
        4 * self.n + 6
    }

    /// The blocks' sizes, in order.
    fn sizes(self) -> [usize; 10] {
        let k = self.missiles();
        [
            self.c + 1,
            self.w.saturating_sub(1) * ROWS * 12 * SPEEDS,
            4 * self.span() * SPEEDS,
            self.c,
            DOGFIGHT_CARDS,
            MANEUVER * MANEUVER * 2,
            13,
            2,
            self.n + 1,
            16 + self.n + k + self.n * k,
        ]
    }
}

/// The blocks, in order ([`Layout::sizes`]).
const DEPLOY: usize = 0;
const PLACE: usize = 1;
const ENTER: usize = 2;
const CARD: usize = 3;
const DOGFIGHT: usize = 4;
const MANEUVERS: usize = 5;
const YAW: usize = 6;
const LEAVE: usize = 7;
const FIRE_AT_WILL: usize = 8;
const COMBAT: usize = 9;

/// `Some(v)` when `v < size`.
fn unit(t: UnitId, n: usize) -> Option<usize> {
    below(t.index(), n)
}

fn size_index(k: MissileKind) -> usize {
    match k {
        MissileKind::Light => 0,
        MissileKind::Medium => 1,
        MissileKind::Heavy => 2,
    }
}

fn driver_index(d: Driver) -> usize {
    Driver::ALL.iter().position(|&x| x == d).unwrap_or(0)
}

fn maneuver_index(m: Maneuver) -> Option<usize> {
    Some(driver_index(m.driver) * 10 + below(usize::from(m.thrust), 10)?)
}

fn plan_id(p: &Plan) -> Option<usize> {
    let first = maneuver_index(p.first)?;
    let second = maneuver_index(p.second)?;
    Some((first * MANEUVER + second) * 2 + usize::from(p.evasive))
}

fn edge_index(e: Edge) -> usize {
    match e {
        Edge::South => 0,
        Edge::North => 1,
        Edge::West => 2,
        Edge::East => 3,
    }
}

/// A missile order within `4n + 6`: lock `target`; launch `3n`…; dumb
/// `n + 3 + target·3 + size`; fragshell `4n + 3 + size` (sizes light 0, medium 1,
/// heavy 2).
fn missile_id(m: &MissileOrder, n: usize) -> Option<usize> {
    Some(match m {
        MissileOrder::Lock { target } => unit(*target, n)?,
        MissileOrder::Launch { size } => n + size_index(*size),
        MissileOrder::Dumb { target, size } => n + 3 + unit(*target, n)? * 3 + size_index(*size),
        MissileOrder::Fragshell { size } => 4 * n + 3 + size_index(*size),
    })
}

/// A Combat Action within its block: hold 0, countermeasures 1, raise shields 2,
/// fire at will 3, eject `4 + hour`, salvo `16 + target`, missile `16 + n + m`,
/// gunner `16 + n + k + target·k + m`, where `m` is the missile order's number
/// ([`missile_id`]) and `k = 4n + 6`.
fn combat_id(o: &CombatOrder, n: usize) -> Option<usize> {
    let k = 4 * n + 6;
    Some(match o {
        CombatOrder::Hold => 0,
        CombatOrder::Countermeasures => 1,
        CombatOrder::RaiseShields => 2,
        CombatOrder::FireAtWill => 3,
        CombatOrder::Eject { hour } => 4 + below(usize::from(*hour), 12)?,
        CombatOrder::Salvo { target } => 16 + unit(*target, n)?,
        CombatOrder::Missile { missile } => 16 + n + missile_id(missile, n)?,
        CombatOrder::Gunner { target, missile } => {
            16 + n + k + unit(*target, n)? * k + missile_id(missile, n)?
        }
    })
}

impl Learning for Stratoyager {
    const IDS_NAME_THE_SEAT: bool = true;

    /// The answers numbered block by block (`learn.rs`, docs/learning/stratoyager.md).
    fn action_space(&self) -> usize {
        2 * Layout::of(self).sizes().iter().sum::<usize>()
    }

    /// The id of `seat`'s answer ([`orrery_core::Learning::action_id`]): reads only the
    /// unit count, the force sizes and the table, all public and fixed.
    fn action_id(&self, seat: Seat, action: &Action) -> Option<usize> {
        if seat.0 > 1 {
            return None;
        }
        let lay = Layout::of(self);
        let (block, within) = match action {
            Action::Deploy { card } => {
                let c = card.map_or(0, usize::from);
                (DEPLOY, below(c, lay.c + 1)?)
            }
            &Action::Place {
                x,
                y,
                course,
                speed,
            } => {
                let x = usize::try_from(x).ok()?.checked_sub(1)?;
                let x = below(x, lay.w.saturating_sub(1))?;
                let first_row = if seat.0 == 0 {
                    0
                } else {
                    lay.l as i64 - (ROWS as i64 - 1)
                };
                let row = below(usize::try_from(i64::from(y) - first_row).ok()?, ROWS)?;
                let course = below(usize::from(course), 12)?;
                let speed = below(usize::from(speed), SPEEDS)?;
                (PLACE, ((x * ROWS + row) * 12 + course) * SPEEDS + speed)
            }
            &Action::Enter { edge, at, speed } => {
                let at = usize::try_from(at).ok()?.checked_sub(1)?;
                let at = below(at, lay.span())?;
                let speed = below(usize::from(speed), SPEEDS)?;
                (ENTER, (edge_index(edge) * lay.span() + at) * SPEEDS + speed)
            }
            Action::Card { card } => (CARD, below(usize::from(*card).checked_sub(1)?, lay.c)?),
            Action::DogfightCard { movement } => (
                DOGFIGHT,
                below(usize::from(*movement).checked_sub(1)?, DOGFIGHT_CARDS)?,
            ),
            Action::Maneuver(plan) => (MANEUVERS, plan_id(plan)?),
            Action::Yaw { facing } => (
                YAW,
                facing.map_or(Some(0), |f| below(usize::from(f) + 1, 13))?,
            ),
            Action::Leave { withdraw } => (LEAVE, usize::from(*withdraw)),
            Action::FireAtWill { target } => (
                FIRE_AT_WILL,
                target.map_or(Some(0), |t| unit(t, lay.n).map(|i| i + 1))?,
            ),
            Action::Combat(order) => (COMBAT, combat_id(order, lay.n)?),
        };
        Some(seat_block_id(seat, &lay.sizes(), block, within))
    }

    fn observe(view: &SyView, out: &mut orrery_core::learn::Features) {
        observe(view, out)
    }
}
