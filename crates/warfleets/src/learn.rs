//! The action numbering for learning agents ([`orrery_core::Learning::action_space`],
//! [`orrery_core::Learning::action_id`]); the observation is in `observe.rs`. The
//! encoding, field by field, is in `docs/learning/warfleets.md`.
//!
//! Every position an answer carries is a whole-inch point (WFO-01), so a point is
//! the cell `y · nx + x` of the table's grid, `nx = ⌊width⌋ + 1`,
//! `ny = ⌊height⌋ + 1`, `C = nx · ny` cells. Pivots and advances are ½" steps
//! (`2 · inches`), turns and headings 15° steps. The numbers read only the set-up
//! (models, their hulls, upgrades, heroes and titles, the table), which never change,
//! and the deployment edges (public, chosen before any model deploys).
//!
//! The ids are blocks, in this order (`N` models, `U` = the most upgrades a model
//! has, `P` = ½" pivot slots up to the fastest Cruise, `S` squadrons, `F` models that
//! may be put down outside their deployment zone):
//!
//! Shared blocks, whose answers name one model and so one seat:
//! `Activate` N, `Defer` N, `HoldBack` N, `Repair` N, `Tractor` N,
//! `Embark` N·N (model · N + carrier), `Fire` N·(1+U) (target · (1+U) + gun, turret
//! 0, weapon k is 1+k), `Ram` N·P·7 (target, 2·pivot, turn+3),
//! `Deploy` in the zone N·13·nx (model, depth from the model's own edge 0–12, x),
//! `Deploy` elsewhere F·(ny−13)·nx (Tactical Masters and the squadrons of a fleet
//! with an Elite Carrier, by rank; depth 13…, x), `MoveAside` S·C (squadron rank,
//! cell).
//!
//! Then one block per seat (seat 0's, then seat 1's) for the answers that name no
//! model: `Edge` 2, `Face` 24, `Skip`, `Launch`, `Done`, `Return` 9 (along+4),
//! `Assign` U, `RepairUpgrade` U, `Advance` (2·inches, up to the fastest Move),
//! `Hold` 25 (turn+12), `Move` P·13 (2·pivot, turn+6), `Cruise` P·7 (2·pivot,
//! turn+3), `Marker` on the rows 22 ≤ y < height−21 that can hold one (FB-17),
//! `Fly` C (if the seat has squadrons), `Mine` C (if it has an Expert Sapper),
//! `Relocate` C (if it has an Avenger).

use crate::action::{Action, GunRef};
use crate::catalogue::{Ability, Class, System};
use crate::state::{Edge, UpgradeKind, Warfleets};
use crate::WfView;
use orrery_core::Learning;
use orrery_core::Seat;

/// Depth rows of the deployment zone block: whole-inch depths 0–12 from the edge.
const ZONE: usize = 13;

/// The sizes the blocks are built from, read from the models and the table.
struct Layout {
    n: usize,
    u: usize,
    /// ½" pivot slots: 0 … 2 · the fastest Cruise.
    p: usize,
    /// ½" advance slots: 0 … 2 · the fastest Move.
    adv: usize,
    nx: usize,
    ny: usize,
    /// Models that may deploy outside their zone (Reserve, Place).
    far: usize,
    squadrons: usize,
    marker_rows: usize,
    /// Per seat: has squadrons, an Expert Sapper, an Avenger, an Elite Carrier.
    has: [Has; 2],
}

#[derive(Clone, Copy, Default)]
struct Has {
    squadrons: bool,
    sapper: bool,
    avenger: bool,
    carrier: bool,
}

/// A whole number in `0..n`, as an index.
fn slot(v: f64, n: usize) -> Option<usize> {
    let i = v as i64;
    (v.is_finite() && i as f64 == v && i >= 0 && (i as usize) < n).then_some(i as usize)
}

/// The first whole-inch row that can hold a marker (FB-17: more than 9" from the
/// deployment zones, which reach 12" in).
const MARKER_Y0: f64 = 22.0;

impl Layout {
    fn new(g: &Warfleets) -> Layout {
        let (mut mv, mut cr, mut u) = (0.0f64, 0.0f64, 0usize);
        let mut squadrons = 0;
        let mut has = [Has::default(); 2];
        for m in &g.models {
            let h = &g.catalogue.hulls[m.hull];
            let pulse = f64::from(u8::from(has_system(g, m.id, System::PulseEngine)));
            mv = mv.max(h.move_speed + 2.0 * pulse);
            cr = cr.max(h.cruise + 3.0 * pulse);
            u = u.max(m.upgrades.len());
            squadrons += usize::from(h.class == Class::Squadron);
            let s = &mut has[m.seat.index().min(1)];
            s.squadrons |= h.class == Class::Squadron;
            s.sapper |= m.is(Ability::ExpertSapper);
            s.avenger |= m.is(Ability::Avenger);
            s.carrier |= m.is(Ability::EliteCarrier);
        }
        let mut l = Layout {
            n: g.models.len(),
            u,
            p: (2.0 * cr).floor().max(0.0) as usize + 1,
            adv: (2.0 * mv).floor().max(0.0) as usize + 1,
            nx: g.width.floor().max(0.0) as usize + 1,
            ny: g.height.floor().max(0.0) as usize + 1,
            far: 0,
            squadrons,
            marker_rows: 0,
            has,
        };
        l.far = g.models.iter().filter(|m| l.deploys_far(g, m.id)).count();
        let marker_hi = (g.height - 21.0).ceil() - 1.0;
        l.marker_rows = (marker_hi - MARKER_Y0 + 1.0).max(0.0) as usize;
        l
    }

    /// Whether model `id` may be put down outside its deployment zone: a Tactical
    /// Master (held back, FB-19) or a squadron of a fleet with an Elite Carrier
    /// (launched, FB-19).
    fn deploys_far(&self, g: &Warfleets, id: u8) -> bool {
        let m = g.model(id);
        m.is(Ability::TacticalMaster)
            || (g.is_squadron(id) && self.has[m.seat.index().min(1)].carrier)
    }

    fn cells(&self) -> usize {
        self.nx * self.ny
    }

    fn cell(&self, x: f64, y: f64) -> Option<usize> {
        Some(slot(y, self.ny)? * self.nx + slot(x, self.nx)?)
    }

    /// The shared blocks' total.
    fn shared(&self) -> usize {
        let n = self.n;
        5 * n
            + n * n
            + n * (1 + self.u)
            + n * self.p * 7
            + n * ZONE * self.nx
            + self.far * self.ny.saturating_sub(ZONE) * self.nx
            + self.squadrons * self.cells()
    }

    /// Seat `seat`'s block size.
    fn seat_block(&self, seat: Seat) -> usize {
        let c = self.cells();
        let has = self.has[seat.index().min(1)];
        2 + 24
            + 3
            + 9
            + 2 * self.u
            + self.adv
            + 25
            + self.p * 13
            + self.p * 7
            + self.marker_rows * self.nx
            + c * usize::from(has.squadrons)
            + c * usize::from(has.sapper)
            + c * usize::from(has.avenger)
    }

    fn half(&self, inches: f64, n: usize) -> Option<usize> {
        slot(inches * 2.0, n)
    }

    fn model(&self, m: u8) -> Option<usize> {
        (usize::from(m) < self.n).then_some(usize::from(m))
    }

    /// The id within the shared blocks of an answer that names a model.
    fn shared_id(&self, g: &Warfleets, a: &Action) -> Option<Option<usize>> {
        let n = self.n;
        let turn = |t: i8, half: i8| slot(f64::from(t) + f64::from(half), 2 * half as usize + 1);
        let mut base = 0;
        let mut block = |size: usize| {
            let b = base;
            base += size;
            b
        };
        let activate = block(n);
        let defer = block(n);
        let hold_back = block(n);
        let repair = block(n);
        let tractor = block(n);
        let embark = block(n * n);
        let fire = block(n * (1 + self.u));
        let ram = block(n * self.p * 7);
        let zone = block(n * ZONE * self.nx);
        let far = block(self.far * self.ny.saturating_sub(ZONE) * self.nx);
        let aside = block(self.squadrons * self.cells());
        let id = match *a {
            Action::Activate { model } => self.model(model).map(|m| activate + m),
            Action::Defer { model } => self.model(model).map(|m| defer + m),
            Action::HoldBack { model } => self.model(model).map(|m| hold_back + m),
            Action::Repair { ship } => self.model(ship).map(|m| repair + m),
            Action::Tractor { ship } => self.model(ship).map(|m| tractor + m),
            Action::Embark { model, carrier } => {
                Some(embark + self.model(model)? * n + self.model(carrier)?)
            }
            Action::Fire { gun, target } => {
                let gun = match gun {
                    GunRef::Turret => 0,
                    GunRef::Weapon(k) => 1 + usize::from(k),
                };
                (gun <= self.u).then_some(())?;
                Some(fire + self.model(target)? * (1 + self.u) + gun)
            }
            Action::Ram {
                target,
                pivot,
                turn: t,
            } => Some(
                ram + (self.model(target)? * self.p + self.half(pivot, self.p)?) * 7 + turn(t, 3)?,
            ),
            Action::Deploy { model, x, y } => {
                let m = self.model(model)?;
                let depth = match g.edges[g.models[m].seat.index()] {
                    Edge::South => y,
                    Edge::North => g.height.floor() - y,
                };
                let (x, depth) = (slot(x, self.nx)?, slot(depth, self.ny)?);
                if depth < ZONE {
                    Some(zone + (m * ZONE + depth) * self.nx + x)
                } else {
                    self.deploys_far(g, model).then_some(())?;
                    let rank = g.models[..m]
                        .iter()
                        .filter(|o| self.deploys_far(g, o.id))
                        .count();
                    let rows = self.ny - ZONE;
                    Some(far + (rank * rows + depth - ZONE) * self.nx + x)
                }
            }
            Action::MoveAside { model, x, y } => {
                let m = self.model(model)?;
                g.is_squadron(model).then_some(())?;
                let rank = g.models[..m].iter().filter(|o| g.is_squadron(o.id)).count();
                Some(aside + rank * self.cells() + self.cell(x, y)?)
            }
            _ => return None,
        };
        Some(id)
    }

    /// The id within seat `seat`'s block of an answer that names no model.
    fn seat_id(&self, seat: Seat, a: &Action) -> Option<usize> {
        let c = self.cells();
        let has = self.has[seat.index().min(1)];
        let turn = |t: i8, half: i8| slot(f64::from(t) + f64::from(half), 2 * half as usize + 1);
        let mut base = 0;
        let mut block = |size: usize| {
            let b = base;
            base += size;
            b
        };
        let edge = block(2);
        let face = block(24);
        let simple = block(3);
        let ret = block(9);
        let assign = block(self.u);
        let repair_upgrade = block(self.u);
        let advance = block(self.adv);
        let hold = block(25);
        let mv = block(self.p * 13);
        let cruise = block(self.p * 7);
        let marker = block(self.marker_rows * self.nx);
        let fly = block(c * usize::from(has.squadrons));
        let mine = block(c * usize::from(has.sapper));
        let relocate = block(c * usize::from(has.avenger));
        let in_block = |b: usize, i: usize, size: usize| (i < size).then_some(b + i);
        match *a {
            Action::Edge { edge: e } => Some(edge + usize::from(e == Edge::North)),
            Action::Face { heading } => in_block(face, usize::from(heading.0), 24),
            Action::Skip => Some(simple),
            Action::Launch => Some(simple + 1),
            Action::Done => Some(simple + 2),
            Action::Return { along } => Some(ret + slot(along + 4.0, 9)?),
            Action::Assign { upgrade } => in_block(assign, usize::from(upgrade), self.u),
            Action::RepairUpgrade { upgrade } => {
                in_block(repair_upgrade, usize::from(upgrade), self.u)
            }
            Action::Advance { inches } => Some(advance + self.half(inches, self.adv)?),
            Action::Hold { turn: t } => Some(hold + turn(t, 12)?),
            Action::Move { pivot, turn: t } => {
                Some(mv + self.half(pivot, self.p)? * 13 + turn(t, 6)?)
            }
            Action::Cruise { pivot, turn: t } => {
                Some(cruise + self.half(pivot, self.p)? * 7 + turn(t, 3)?)
            }
            Action::Marker { x, y } => {
                let row = slot(y - MARKER_Y0, self.marker_rows)?;
                Some(marker + row * self.nx + slot(x, self.nx)?)
            }
            Action::Fly { x, y } => in_block(fly, self.cell(x, y)?, mine - fly),
            Action::Mine { x, y } => in_block(mine, self.cell(x, y)?, relocate - mine),
            Action::Relocate { x, y } => in_block(relocate, self.cell(x, y)?, base - relocate),
            _ => None,
        }
    }
}

/// Whether model `id` has `system` fitted (working or not).
fn has_system(g: &Warfleets, id: u8, system: System) -> bool {
    g.model(id)
        .upgrades
        .iter()
        .any(|u| matches!(u.kind, UpgradeKind::System { system: s } if s == system))
}

/// [`orrery_core::Learning::action_space`]: the shared blocks and both seats' blocks.
pub(crate) fn action_space(g: &Warfleets) -> usize {
    let l = Layout::new(g);
    l.shared() + l.seat_block(Seat(0)) + l.seat_block(Seat(1))
}

/// [`orrery_core::Learning::action_id`].
pub(crate) fn action_id(g: &Warfleets, seat: Seat, a: &Action) -> Option<usize> {
    let l = Layout::new(g);
    if let Some(id) = l.shared_id(g, a) {
        return id;
    }
    let base = l.shared()
        + match seat.0 {
            0 => 0,
            1 => l.seat_block(Seat(0)),
            _ => return None,
        };
    l.seat_id(seat, a).map(|i| base + i)
}

impl Learning for Warfleets {
    const IDS_NAME_THE_SEAT: bool = true;

    /// The fixed numbering of answers for learning agents (`learn.rs`,
    /// docs/learning/warfleets.md): blocks of ids for the answers naming a model,
    /// then one block per seat; positions are cells of the whole-inch grid.
    fn action_space(&self) -> usize {
        action_space(self)
    }

    fn action_id(&self, seat: Seat, action: &Action) -> Option<usize> {
        action_id(self, seat, action)
    }

    /// The view as numbers (`observe.rs`, docs/learning/warfleets.md).
    fn observe(view: &WfView, out: &mut orrery_core::learn::Features) {
        crate::observe::observe(view, out)
    }
}
