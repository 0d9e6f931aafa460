//! The owners' choices that interrupt the flow of an activation: which upgrade a
//! repair takes damage off (FB-15), which upgrade takes damage (FB-15, `damage.rs`),
//! and where the squadrons a ship ended on go (FB-08). Each is a queue; its first
//! entry is the open question until answered, and entries that need no answer (one
//! damaged upgrade, no squadron left under the ship) are settled by the engine.

use crate::action::Action;
use crate::event::Event;
use crate::geometry::{grid_around, whole};
use crate::refusal::Refusal;
use crate::rules::{emit, Log};
use crate::state::{Displaced, Mend, Warfleets};
use orrery_core::Seat;
use orrery_table::{Heading, Point};

/// The choice that comes before the open step, in the order they are asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Interrupt {
    /// FB-15: the owner picks the upgrade a repair mends ([`Warfleets::mends`]).
    Mend,
    /// FB-15: the owner (or sniper) picks the upgrade that takes damage.
    Assign,
    /// FB-08: the owner places a squadron a ship ended on ([`Warfleets::displaced`]).
    Aside,
}

impl Warfleets {
    /// The open choice before the step, if any: a repair first (it may save a ship
    /// from the damage still queued), then damage, then squadrons to place.
    pub(crate) fn interrupt(&self) -> Option<Interrupt> {
        if !self.mends.is_empty() {
            Some(Interrupt::Mend)
        } else if self.choosing {
            Some(Interrupt::Assign)
        } else if !self.displaced.is_empty() {
            Some(Interrupt::Aside)
        } else {
            None
        }
    }

    /// Who answers the open choice.
    pub(crate) fn interrupt_seat(&self, i: Interrupt) -> Option<Seat> {
        match i {
            Interrupt::Mend => self.mends.first().map(|m| self.model(m.ship).seat),
            Interrupt::Assign => self
                .harms
                .first()
                .map(|h| h.chooser.unwrap_or(self.model(h.model).seat)),
            Interrupt::Aside => self.displaced.first().map(|d| self.model(d.squadron).seat),
        }
    }

    // ---- Repairs (FB-15) ----

    /// Queue `points` of repair on `id`: "remove damage from upgrades of the owner's
    /// choice" (FB-15; Repair Bay 1, Defiant 2). Settled by [`Self::settle_mends`].
    pub(crate) fn repair(&mut self, id: u8, points: u8) {
        if points > 0 {
            self.mends.push(Mend { ship: id, points });
        }
    }

    /// The upgrades of the ship being repaired that carry damage.
    pub fn mendable(&self) -> Vec<u8> {
        let Some(m) = self.mends.first() else {
            return Vec::new();
        };
        let ups = &self.model(m.ship).upgrades;
        (0..ups.len())
            .filter(|&i| ups[i].damage > 0)
            .map(|i| i as u8)
            .collect()
    }

    /// WFO-04, the default answer (the AI's and a time-out's): a stopped upgrade
    /// first (it works again), else the most damaged one, else the first listed.
    pub fn mend_default(&self) -> Option<u8> {
        let m = self.mends.first()?;
        let ups = &self.model(m.ship).upgrades;
        self.mendable().into_iter().max_by_key(|&i| {
            let u = &ups[usize::from(i)];
            (!u.works(), u.damage, std::cmp::Reverse(i))
        })
    }

    /// Settle the repairs that need no choice (the ship gone, nothing damaged, one
    /// damaged upgrade). `false` when the owner must pick an upgrade.
    pub(crate) fn settle_mends(&mut self, log: &mut Log) -> bool {
        while let Some(m) = self.mends.first().copied() {
            let gone = usize::from(m.ship) >= self.models.len()
                || !self.model(m.ship).on_table()
                || self.is_squadron(m.ship);
            let damaged = if gone { Vec::new() } else { self.mendable() };
            match damaged.len() {
                0 => {
                    self.mends.remove(0);
                }
                1 => self.mend_upgrade(damaged[0], log),
                _ => return false,
            }
        }
        true
    }

    /// One point of the first repair off upgrade `i`.
    pub(crate) fn mend_upgrade(&mut self, i: u8, log: &mut Log) {
        let Some(m) = self.mends.first().copied() else {
            return;
        };
        let u = &mut self.model_mut(m.ship).upgrades[usize::from(i)];
        let was = u.works();
        u.damage = u.damage.saturating_sub(1);
        let restored = !was && u.works();
        emit(
            log,
            Event::Repaired {
                model: m.ship,
                upgrade: i,
                restored,
            },
        );
        if m.points <= 1 {
            self.mends.remove(0);
        } else {
            self.mends[0].points -= 1;
        }
    }

    // ---- Squadrons a ship ended on (FB-08) ----

    /// FB-08: "Squadrons overlapped at the end of any ship move or push are placed by
    /// their owners (the non-moving player first) anywhere within 1" of that ship
    /// without overlap." Queues the squadrons under `ship`; `mover` is the player
    /// whose move or push it was.
    pub(crate) fn make_room(&mut self, ship: u8, mover: Seat) {
        let under: Vec<u8> = self
            .on_table()
            .filter(|q| self.is_squadron(q.id) && self.overlaps(q.id, ship))
            .map(|q| q.id)
            .filter(|q| !self.displaced.iter().any(|d| d.squadron == *q))
            .collect();
        let start = self.displaced.len();
        for squadron in under {
            self.displaced.push(Displaced {
                squadron,
                ship,
                mover,
            });
        }
        // "the non-moving player first", within this move or push only (a ram's
        // push is placed before the rammer's own move; a stable sort keeps each
        // side's order).
        let models = &self.models;
        self.displaced[start..].sort_by_key(|d| models[usize::from(d.squadron)].seat == d.mover);
    }

    /// Whether the bases of `a` and `b` overlap (FB-04).
    fn overlaps(&self, a: u8, b: u8) -> bool {
        self.model(a).pos.dist(self.model(b).pos) < self.radius(a) + self.radius(b) - 1e-9
    }

    /// Whether the first displaced squadron is still on the table under its ship.
    fn aside_needed(&self, d: &Displaced) -> bool {
        let ok = |m: u8| usize::from(m) < self.models.len();
        ok(d.squadron)
            && ok(d.ship)
            && self.model(d.squadron).on_table()
            && self.model(d.ship).on_table()
            && self.is_squadron(d.squadron)
            && !self.is_squadron(d.ship)
            && self.overlaps(d.squadron, d.ship)
    }

    /// The models a spot for `d` may overlap: the squadron itself and the others
    /// still to be placed (they are leaving).
    fn leaving(&self) -> Vec<u8> {
        self.displaced.iter().map(|d| d.squadron).collect()
    }

    /// FB-08 for a spot `p` of the first displaced squadron: within 1" of the ship,
    /// wholly on the table (WFO-09), overlapping no model or impassable terrain.
    pub(crate) fn check_aside(&self, model: u8, p: Point) -> Result<(), Refusal> {
        let Some(d) = self.displaced.first() else {
            return Err(Refusal::NoSquadronToPlace);
        };
        if model != d.squadron {
            return Err(Refusal::PlaceFirst {
                squadron: d.squadron,
            });
        }
        if !whole(p) {
            return Err(Refusal::WholeInches);
        }
        let gap = p.dist(self.model(d.ship).pos) - self.radius(d.ship) - self.radius(model);
        if gap > 1.0 + 1e-9 {
            return Err(Refusal::NearShip { ship: d.ship });
        }
        if !self.free_spot(p, self.radius(model), &self.leaving()) {
            return Err(Refusal::FreeSpotNoOverlap);
        }
        Ok(())
    }

    /// Every whole-inch spot the first displaced squadron may be placed on, nearest
    /// to where it is first (the first is [`Self::aside_default`]).
    pub fn aside_spots(&self) -> Vec<Point> {
        let Some(d) = self.displaced.first() else {
            return Vec::new();
        };
        if !self.aside_needed(d) {
            return Vec::new();
        }
        let reach = self.radius(d.ship) + self.radius(d.squadron) + 1.0;
        let old = self.model(d.squadron).pos;
        let mut v: Vec<Point> = grid_around(self.model(d.ship).pos, reach)
            .into_iter()
            .filter(|&p| self.check_aside(d.squadron, p).is_ok())
            .collect();
        v.sort_by(|a, b| a.dist(old).total_cmp(&b.dist(old)));
        v
    }

    /// WFO-03, the default answer (the AI's and a time-out's): the listed spot
    /// nearest to where the squadron was.
    pub fn aside_default(&self) -> Option<Action> {
        let d = self.displaced.first()?;
        self.aside_spots().first().map(|p| Action::MoveAside {
            model: d.squadron,
            x: p.x,
            y: p.y,
        })
    }

    /// The answers to the open placement: every spot, or for a search agent the
    /// default and the spot nearest the nearest enemy.
    pub(crate) fn aside_answers(&self, coarse: bool) -> Vec<Action> {
        let Some(d) = self.displaced.first().copied() else {
            return Vec::new();
        };
        let spots = self.aside_spots();
        let act = |p: &Point| Action::MoveAside {
            model: d.squadron,
            x: p.x,
            y: p.y,
        };
        if !coarse {
            return spots.iter().map(act).collect();
        }
        let mut v: Vec<Action> = spots.first().map(act).into_iter().collect();
        if let Some(e) = self.nearest_enemy(d.squadron) {
            let at = self.model(e).pos;
            if let Some(p) = spots
                .iter()
                .min_by(|a, b| a.dist(at).total_cmp(&b.dist(at)))
            {
                if !v.contains(&act(p)) {
                    v.push(act(p));
                }
            }
        }
        v
    }

    /// Put the first displaced squadron at `to`.
    pub(crate) fn place_aside(&mut self, to: Point, log: &mut Log) {
        if self.displaced.is_empty() {
            return;
        }
        let d = self.displaced.remove(0);
        self.model_mut(d.squadron).pos = to;
        emit(
            log,
            Event::PlacedAside {
                model: d.squadron,
                ship: d.ship,
                to,
            },
        );
    }

    /// Settle the placements that need no answer: a squadron no longer under its
    /// ship stays; one with no whole-inch spot goes to the nearest free spot within
    /// 1" found in 15° and ¼" steps (else it stays). `false` when an owner must place
    /// one.
    pub(crate) fn settle_displaced(&mut self, log: &mut Log) -> bool {
        while let Some(d) = self.displaced.first().copied() {
            if !self.aside_needed(&d) {
                self.displaced.remove(0);
                continue;
            }
            if !self.aside_spots().is_empty() {
                return false;
            }
            match self.nearest_free_aside(&d) {
                Some(p) => self.place_aside(p, log),
                None => {
                    self.displaced.remove(0);
                }
            }
        }
        true
    }

    /// The free spot within 1" of the ship nearest to where the squadron is, off
    /// the whole-inch grid (the fallback when no whole-inch spot is free).
    fn nearest_free_aside(&self, d: &Displaced) -> Option<Point> {
        let c = self.model(d.ship).pos;
        let (rs, rq) = (self.radius(d.ship), self.radius(d.squadron));
        let old = self.model(d.squadron).pos;
        let leaving = self.leaving();
        let mut best: Option<Point> = None;
        for gap in [0.25, 0.5, 0.75, 1.0] {
            for h in Heading::all() {
                let spot = c + h.vector() * (rs + rq + gap);
                if self.free_spot(spot, rq, &leaving)
                    && best.is_none_or(|b| spot.dist(old) < b.dist(old) - 1e-12)
                {
                    best = Some(spot);
                }
            }
        }
        best
    }

    /// Whether the first displaced squadron can be answered (for `validate`).
    pub(crate) fn aside_open_ok(&self) -> bool {
        self.displaced
            .first()
            .is_some_and(|d| self.aside_needed(d) && !self.aside_spots().is_empty())
    }
}
