//! Every answer to the question now open: which are legal (`check`), what each does
//! (`answer`), and the list offered to agents and menus (`answers`).

use crate::action::Action;
use crate::catalogue::{Ability, Class};
use crate::choices::Interrupt;
use crate::event::Event;
use crate::geometry::grid_around;
use crate::movement::whole;
use crate::refusal::Refusal;
use crate::rules::{emit, Log};
use crate::state::{AfterUse, Edge, Mine, Shot, Status, Step, Took, Warfleets};
use crate::terrain::in_impassable;
use orrery_core::Seat;
use orrery_table::{Heading, Point};

fn bad(why: Refusal) -> Result<(), Refusal> {
    Err(why)
}

impl Warfleets {
    pub(crate) fn check_answer(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        match self.interrupt() {
            Some(Interrupt::Mend) => {
                return match action {
                    Action::RepairUpgrade { upgrade } if self.mendable().contains(upgrade) => {
                        Ok(())
                    }
                    Action::RepairUpgrade { .. } => bad(Refusal::NothingToRepair),
                    _ => bad(Refusal::PickRepair),
                }
            }
            Some(Interrupt::Assign) => {
                return match action {
                    Action::Assign { upgrade } if self.assignable().contains(upgrade) => Ok(()),
                    Action::Assign { .. } => bad(Refusal::CannotTakeDamage),
                    _ => bad(Refusal::PickAssign),
                }
            }
            Some(Interrupt::Aside) => {
                return match action {
                    Action::MoveAside { model, x, y } => {
                        self.check_aside(*model, Point::new(*x, *y))
                    }
                    _ => bad(Refusal::PlaceAside),
                }
            }
            None => {}
        }
        let id_ok = |m: u8| usize::from(m) < self.models.len();
        match (&self.step, action) {
            (Step::Marker { .. }, Action::Marker { x, y }) => self.check_marker(Point::new(*x, *y)),
            (Step::Edge { .. }, Action::Edge { .. }) => Ok(()),
            (Step::Deploy { squadrons, .. }, Action::Deploy { model, x, y }) => {
                if !id_ok(*model) || !self.to_deploy(seat, *squadrons).contains(model) {
                    return bad(Refusal::NotYoursToDeploy);
                }
                self.check_deploy(*model, Point::new(*x, *y))
            }
            (Step::Face { .. }, Action::Face { heading }) => {
                if heading.0 <= 23 {
                    Ok(())
                } else {
                    bad(Refusal::Heading)
                }
            }
            (
                Step::Deploy {
                    squadrons: false, ..
                },
                Action::HoldBack { model },
            ) => {
                if id_ok(*model)
                    && self.to_deploy(seat, false).contains(model)
                    && self.model(*model).is(Ability::TacticalMaster)
                {
                    Ok(())
                } else {
                    bad(Refusal::OnlyTacticalMasterHeld)
                }
            }
            (
                Step::Deploy {
                    squadrons: true, ..
                },
                Action::Embark { model, carrier },
            ) => {
                if !id_ok(*model) || !id_ok(*carrier) || !self.to_deploy(seat, true).contains(model)
                {
                    return bad(Refusal::SquadronNotYoursToDeploy);
                }
                let c = self.model(*carrier);
                if c.seat != seat || !c.is(Ability::EliteCarrier) || !c.remaining() {
                    return bad(Refusal::NotYourEliteCarrier);
                }
                if self.aboard(*carrier).len() >= usize::from(self.class(*carrier).slots()) {
                    return bad(Refusal::CarrierFull);
                }
                Ok(())
            }
            (Step::Vanguard { model }, Action::Advance { inches }) => {
                let mv = self.speeds(*model).0;
                if !inches.is_finite()
                    || *inches < 0.0
                    || *inches > mv + 1e-9
                    || (inches * 2.0).fract() != 0.0
                {
                    return bad(Refusal::Advance { mv });
                }
                self.check_straight(*model, *inches)
            }
            (Step::Reserve { model }, Action::Deploy { model: m, x, y }) if m == model => {
                self.check_reserve(*model, Point::new(*x, *y))
            }
            (Step::Reserve { .. }, Action::Skip) => {
                if self.round >= self.rounds {
                    bad(Refusal::TacticalMasterMustDeploy)
                } else {
                    Ok(())
                }
            }
            (Step::Activate { class, .. }, Action::Activate { model }) => {
                if id_ok(*model) && self.available(seat, *class).contains(model) {
                    Ok(())
                } else {
                    bad(Refusal::CannotActivate)
                }
            }
            (Step::Activate { class, .. }, Action::Defer { model }) => {
                if !id_ok(*model) {
                    return bad(Refusal::NoSuchModel);
                }
                if *class == Class::Squadron {
                    if self.may_defer(*model, seat) {
                        Ok(())
                    } else {
                        bad(Refusal::OnlyRogueLeft)
                    }
                } else if self.model(*model).deferred && self.model(*model).seat == seat {
                    Ok(())
                } else {
                    bad(Refusal::NotLeftForLater)
                }
            }
            (Step::Mine { model }, Action::Mine { x, y }) => {
                let p = Point::new(*x, *y);
                let d = p.dist(self.model(*model).pos) - self.radius(*model);
                if !whole(p) || d > 4.0 + 1e-9 {
                    return bad(Refusal::MineNearShip);
                }
                if !self.wholly_on_table(p, 0.0) {
                    return bad(Refusal::MineOnTable);
                }
                Ok(())
            }
            (Step::Mine { .. } | Step::Launch { .. }, Action::Skip) => Ok(()),
            (Step::Launch { .. }, Action::Launch) => Ok(()),
            (Step::Place { model, squadron }, Action::Deploy { model: m, x, y }) => {
                if m != squadron {
                    return bad(Refusal::PlaceNamedSquadron);
                }
                self.check_launch_spot(*model, *squadron, Point::new(*x, *y))
            }
            (Step::Order { model, rogue }, order) => self.check_order(*model, *rogue, order),
            (Step::Fire { model, shots }, Action::Fire { gun, target }) => {
                self.check_shot(*model, *gun, *target, shots).map(|_| ())
            }
            (Step::Fire { .. }, Action::Done) => Ok(()),
            (Step::After { model, used, reach }, a) => self.check_after(*model, used, *reach, a),
            (Step::Launched, Action::Activate { model }) => {
                if self.launching.contains(model) {
                    Ok(())
                } else {
                    bad(Refusal::NotJustLaunched)
                }
            }
            (Step::Launched, Action::Done) => Ok(()),
            (Step::Return { model }, Action::Return { along }) => {
                if self.return_spots(*model).contains(along) {
                    Ok(())
                } else {
                    bad(Refusal::ReturnPoint)
                }
            }
            (step, _) => bad(Refusal::NotAnAnswer { step: step.name() }),
        }
    }

    /// FB-17: "> 9" from every table edge, from both deployment zones (the 12"
    /// strips) and from other markers, not in impassable terrain."
    fn check_marker(&self, p: Point) -> Result<(), Refusal> {
        if !whole(p) {
            return bad(Refusal::WholeInches);
        }
        let edge = p.x.min(self.width - p.x).min(p.y).min(self.height - p.y);
        if edge <= 9.0 {
            return bad(Refusal::MarkerEdges);
        }
        if p.y - 12.0 <= 9.0 || self.height - 12.0 - p.y <= 9.0 {
            return bad(Refusal::MarkerZones);
        }
        if self.markers.iter().any(|m| m.dist(p) <= 9.0) {
            return bad(Refusal::MarkerApart);
        }
        if in_impassable(&self.terrain, p, 0.0) {
            return bad(Refusal::InImpassable);
        }
        Ok(())
    }

    /// FB-20: "whole base within 12" of their edge, any heading", without overlap.
    fn check_deploy(&self, model: u8, p: Point) -> Result<(), Refusal> {
        let r = self.radius(model);
        let (lo, hi) = self.zone(self.model(model).seat, r);
        if !whole(p) {
            return bad(Refusal::WholeInches);
        }
        if !(p.y >= lo - 1e-9 && p.y <= hi + 1e-9 && self.wholly_on_table(p, r)) {
            return bad(Refusal::DeployZone);
        }
        if !self.free_spot(p, r, &[model]) {
            return bad(Refusal::SpotTaken);
        }
        Ok(())
    }

    /// FB-19 Tactical Master: "wholly on the table > 9" from every enemy model".
    pub(crate) fn check_reserve(&self, model: u8, p: Point) -> Result<(), Refusal> {
        let r = self.radius(model);
        if !whole(p) || !self.free_spot(p, r, &[model]) {
            return bad(Refusal::FreeSpot);
        }
        let seat = self.model(model).seat;
        if self
            .on_table()
            .any(|m| m.seat != seat && m.pos.dist(p) - r - self.radius(m.id) <= 9.0)
        {
            return bad(Refusal::AwayFromEnemies);
        }
        Ok(())
    }

    /// FB-19 Vanguard: straight ahead, not into impassable terrain, off the table or
    /// onto a model.
    fn check_straight(&self, model: u8, inches: f64) -> Result<(), Refusal> {
        let m = self.model(model);
        let to = m.pos + m.heading.vector() * inches;
        let r = self.radius(model);
        if !self.wholly_on_table(to, r) {
            return bad(Refusal::LeavesTable);
        }
        if crate::terrain::impassable_contact(&self.terrain, m.pos, m.heading.vector(), inches, r)
            .is_some()
        {
            return bad(Refusal::IntoImpassable);
        }
        if self.overlaps_model(to, r, &[model]) {
            return bad(Refusal::EndsOnModel);
        }
        Ok(())
    }

    /// FB-19 Elite Carrier: "place them within 2" of it without overlap".
    pub(crate) fn check_launch_spot(
        &self,
        carrier: u8,
        squadron: u8,
        p: Point,
    ) -> Result<(), Refusal> {
        let r = self.radius(squadron);
        if !whole(p) {
            return bad(Refusal::WholeInches);
        }
        if p.dist(self.model(carrier).pos) - r - self.radius(carrier) > 2.0 + 1e-9 {
            return bad(Refusal::NearCarrier);
        }
        if !self.free_spot(p, r, &[squadron]) {
            return bad(Refusal::FreeSpot);
        }
        Ok(())
    }

    fn check_order(&self, model: u8, rogue: bool, order: &Action) -> Result<(), Refusal> {
        let ship = !self.is_squadron(model);
        match order {
            Action::Hold { turn } => {
                if turn.abs() > 12 {
                    return bad(Refusal::HoldTurn);
                }
                if !ship && *turn != 0 {
                    return bad(Refusal::SquadronHold);
                }
                Ok(())
            }
            // A Move or Cruise within FB-06's numbers always has a path
            // (`check_plan`); only a Ram's depends on reaching its target.
            Action::Move { pivot, turn } if ship => self
                .check_plan(model, Took::Move, *pivot, *turn, None)
                .map(|_| ()),
            Action::Cruise { pivot, turn } if ship => self
                .check_plan(model, Took::Cruise, *pivot, *turn, None)
                .map(|_| ()),
            Action::Ram {
                target,
                pivot,
                turn,
            } if ship => {
                let ok = usize::from(*target) < self.models.len()
                    && self.model(*target).on_table()
                    && self.model(*target).seat != self.model(model).seat
                    && !self.is_squadron(*target);
                if !ok {
                    return bad(Refusal::RamTarget);
                }
                self.plan_ship(model, Took::Ram, *pivot, *turn, Some(*target))
                    .map(|_| ())
            }
            Action::Fly { x, y } if !ship => {
                let _ = rogue;
                self.check_fly(model, Point::new(*x, *y)).map(|_| ())
            }
            _ => bad(if ship {
                Refusal::ShipOrder
            } else {
                Refusal::SquadronOrder
            }),
        }
    }

    fn check_after(
        &self,
        model: u8,
        used: &[AfterUse],
        reach: f64,
        a: &Action,
    ) -> Result<(), Refusal> {
        let options = self.after_options(model, used, reach);
        match a {
            Action::Done => Ok(()),
            Action::Repair { ship } => {
                if options
                    .iter()
                    .any(|o| matches!(o, Action::Repair { ship: s } if s == ship))
                {
                    Ok(())
                } else {
                    bad(Refusal::RepairBay)
                }
            }
            Action::Tractor { ship } => {
                if options
                    .iter()
                    .any(|o| matches!(o, Action::Tractor { ship: s } if s == ship))
                {
                    Ok(())
                } else {
                    bad(Refusal::TractorBeam)
                }
            }
            Action::Relocate { x, y } => {
                if used.contains(&AfterUse::Avenger) || reach <= 0.0 {
                    return bad(Refusal::NoAvengerMove);
                }
                let p = Point::new(*x, *y);
                if !whole(p) {
                    return bad(Refusal::WholeInches);
                }
                if p.dist(self.model(model).pos) > reach + 1e-9 {
                    return bad(Refusal::Reach { reach });
                }
                if !self.free_spot(p, self.radius(model), &[model]) {
                    return bad(Refusal::FreeSpot);
                }
                Ok(())
            }
            _ => bad(Refusal::AfterActivating),
        }
    }

    /// The after-activation abilities open now (FB-15 Repair Bay, FB-19 Tractor Beam
    /// and Avenger), as answers (Avenger: a few spots; any free spot in reach is
    /// accepted).
    pub fn after_options(&self, model: u8, used: &[AfterUse], reach: f64) -> Vec<Action> {
        let mut out = Vec::new();
        let m = self.model(model);
        if !m.on_table() {
            return out;
        }
        if !used.contains(&AfterUse::Repair) && m.system_works(crate::catalogue::System::RepairBay)
        {
            for o in self.on_table() {
                if o.id != model
                    && o.seat == m.seat
                    && !self.is_squadron(o.id)
                    && self.gap(model, o.id) <= 4.0 + 1e-9
                    && o.upgrades.iter().any(|u| u.damage > 0)
                {
                    out.push(Action::Repair { ship: o.id });
                }
            }
        }
        if !used.contains(&AfterUse::Tractor)
            && m.system_works(crate::catalogue::System::TractorBeam)
        {
            for o in self.on_table() {
                if o.seat != m.seat
                    && !self.is_squadron(o.id)
                    && self.gap(model, o.id) <= 8.0 + 1e-9
                {
                    out.push(Action::Tractor { ship: o.id });
                }
            }
        }
        if !used.contains(&AfterUse::Avenger) && reach > 0.0 {
            for p in grid_around(m.pos, reach) {
                if p.dist(m.pos) <= reach + 1e-9 && self.free_spot(p, self.radius(model), &[model])
                {
                    out.push(Action::Relocate { x: p.x, y: p.y });
                }
            }
        }
        out
    }

    /// Carry out a checked answer.
    pub fn answer(&mut self, seat: Seat, action: &Action, log: &mut Log) {
        match (self.interrupt(), action) {
            (Some(Interrupt::Mend), Action::RepairUpgrade { upgrade }) => {
                self.mend_upgrade(*upgrade, log);
                self.advance(log);
                return;
            }
            (Some(Interrupt::Assign), Action::Assign { upgrade }) => {
                let id = self.harms[0].model;
                self.choosing = false;
                self.damage_upgrade(id, usize::from(*upgrade), log);
                self.advance(log);
                return;
            }
            (Some(Interrupt::Aside), Action::MoveAside { x, y, .. }) => {
                self.place_aside(Point::new(*x, *y), log);
                self.advance(log);
                return;
            }
            (Some(_), _) => {
                self.advance(log);
                return;
            }
            (None, _) => {}
        }
        match (self.step.clone(), action) {
            (Step::Marker { left, .. }, Action::Marker { x, y }) => {
                let at = Point::new(*x, *y);
                self.markers.push(at);
                emit(log, Event::MarkerPlaced { seat, at });
                if left > 1 {
                    self.step = Step::Marker {
                        seat: Warfleets::other(seat),
                        left: left - 1,
                    };
                } else {
                    self.markers_placed(log);
                }
            }
            (Step::Edge { .. }, Action::Edge { edge }) => {
                let other = match edge {
                    Edge::South => Edge::North,
                    Edge::North => Edge::South,
                };
                self.edges[seat.index()] = *edge;
                self.edges[Warfleets::other(seat).index()] = other;
                emit(log, Event::EdgeChosen { seat, edge: *edge });
                self.step = Step::Deploy {
                    seat: self.roll_winner,
                    squadrons: false,
                };
            }
            (Step::Deploy { squadrons, .. }, Action::Deploy { model, x, y }) => {
                let heading = self.facing_enemy(seat);
                self.place(*model, Point::new(*x, *y), heading, log);
                if squadrons {
                    self.next_deployer(seat, squadrons);
                } else {
                    self.step = Step::Face { model: *model };
                }
            }
            (Step::Face { model }, Action::Face { heading }) => {
                self.model_mut(model).heading = *heading;
                if self.round > 0 {
                    self.next_reserve(model, log);
                } else if self.model(model).is(Ability::Vanguard) {
                    self.step = Step::Vanguard { model };
                } else {
                    self.next_deployer(seat, false);
                }
            }
            (Step::Deploy { .. }, Action::HoldBack { model }) => {
                self.model_mut(*model).status = Status::Held;
                emit(log, Event::HeldBack { model: *model });
                self.next_deployer(seat, false);
            }
            (Step::Deploy { .. }, Action::Embark { model, carrier }) => {
                self.model_mut(*model).status = Status::Aboard { carrier: *carrier };
                emit(
                    log,
                    Event::Embarked {
                        model: *model,
                        carrier: *carrier,
                    },
                );
                self.next_deployer(seat, true);
            }
            (Step::Vanguard { model }, Action::Advance { inches }) => {
                if *inches > 0.0 {
                    let from = self.model(model).pos;
                    let to = from + self.model(model).heading.vector() * *inches;
                    self.model_mut(model).pos = to;
                    emit(
                        log,
                        Event::Moved {
                            model,
                            took: Took::Move,
                            from,
                            to,
                            heading: self.model(model).heading,
                        },
                    );
                    self.sweep(model, &[(from, to)], log);
                }
                self.next_deployer(seat, false);
            }
            (Step::Reserve { model }, Action::Deploy { x, y, .. }) => {
                let heading = self.facing_enemy(seat);
                self.place(model, Point::new(*x, *y), heading, log);
                self.step = Step::Face { model };
            }
            (Step::Reserve { model }, Action::Skip) => self.next_reserve(model, log),
            (Step::Activate { class, .. }, Action::Activate { model }) => {
                self.turn_seat = seat;
                let rogue = self.class(*model) != class;
                self.start_activation(*model, rogue, log);
            }
            (Step::Activate { class, .. }, Action::Defer { model }) => {
                if class == Class::Squadron {
                    self.model_mut(*model).deferred = true;
                    emit(log, Event::Deferred { model: *model });
                } else {
                    // Give up this seat's deferred Rogue activations this round.
                    for m in &mut self.models {
                        if m.seat == seat && m.deferred {
                            m.deferred = false;
                            m.activated = true;
                        }
                    }
                }
            }
            (Step::Mine { model }, Action::Mine { x, y }) => {
                let at = Point::new(*x, *y);
                self.mines.push(Mine { seat, pos: at });
                emit(log, Event::MinePlaced { seat, at });
                self.after_mine(model);
            }
            (Step::Mine { model }, Action::Skip) => self.after_mine(model),
            (Step::Launch { model }, Action::Launch) => self.next_launch(model, log),
            (Step::Launch { model }, Action::Skip) => {
                self.step = Step::Order {
                    model,
                    rogue: false,
                }
            }
            (Step::Place { model, squadron }, Action::Deploy { x, y, .. }) => {
                let heading = self.model(model).heading;
                self.place(squadron, Point::new(*x, *y), heading, log);
                // "counts as activated this round"; it may activate at once.
                self.model_mut(squadron).activated = false;
                self.launching.push(squadron);
                match self.aboard(model).first() {
                    Some(&q) => self.step = Step::Place { model, squadron: q },
                    None => {
                        self.step = Step::Order {
                            model,
                            rogue: false,
                        }
                    }
                }
            }
            (Step::Order { model, rogue }, order) => self.order(model, rogue, order, log),
            (Step::Fire { model, mut shots }, Action::Fire { gun, target }) => {
                let port = self.check_shot(model, *gun, *target, &shots).ok().flatten();
                self.fire(model, *gun, *target, log);
                shots.push(Shot {
                    gun: *gun,
                    target: *target,
                    port,
                });
                if let Step::Fire { shots: s, .. } = &mut self.step {
                    *s = shots;
                }
            }
            (Step::Fire { model, .. }, Action::Done) => self.after_step(model),
            (
                Step::After {
                    model, mut used, ..
                },
                a,
            ) => {
                match a {
                    Action::Done => {
                        self.end_activation(model, log);
                        self.advance(log);
                        return;
                    }
                    Action::Repair { ship } => {
                        used.push(AfterUse::Repair);
                        self.repair(*ship, 1);
                    }
                    Action::Tractor { ship } => {
                        used.push(AfterUse::Tractor);
                        let inches = self.rng.d6() + 1;
                        let d = self.model(model).pos - self.model(*ship).pos;
                        let len = d.len();
                        if len > 1e-9 {
                            self.push(*ship, d * (1.0 / len), inches, Some(model), seat, log);
                        }
                    }
                    Action::Relocate { x, y } => {
                        used.push(AfterUse::Avenger);
                        let to = Point::new(*x, *y);
                        self.model_mut(model).pos = to;
                        emit(log, Event::Relocated { model, to });
                    }
                    _ => {}
                }
                if let Step::After { used: u, .. } = &mut self.step {
                    *u = used;
                }
            }
            (Step::Launched, Action::Activate { model }) => {
                self.launching.retain(|q| q != model);
                // Its end comes back here while squadrons remain (`end_activation`).
                self.start_activation(*model, false, log);
            }
            (Step::Launched, Action::Done) => {
                for q in std::mem::take(&mut self.launching) {
                    self.model_mut(q).activated = true;
                }
                self.next_turn(log);
            }
            (Step::Return { model }, Action::Return { along }) => {
                if let Some((p, h)) = self.return_point(model, *along) {
                    self.put_back(model, p, h, log);
                }
                self.next_return(log);
            }
            _ => {}
        }
        self.advance(log);
    }

    /// Put a model on the table.
    pub(crate) fn place(&mut self, model: u8, at: Point, heading: Heading, log: &mut Log) {
        let m = self.model_mut(model);
        m.pos = at;
        m.heading = heading;
        m.status = Status::OnTable;
        emit(log, Event::Deployed { model, at, heading });
    }

    fn order(&mut self, model: u8, rogue: bool, order: &Action, log: &mut Log) {
        let may_fire = |took: Took| !matches!(took, Took::Cruise | Took::Ram);
        match order {
            Action::Hold { turn } => {
                let from = self.model(model).pos;
                let heading = self.model(model).heading.turned(i32::from(*turn));
                let ship = !self.is_squadron(model);
                let m = self.model_mut(model);
                m.heading = heading;
                m.took = Some(Took::Hold);
                // "Sitting duck: models shooting at ships that used Hold …"
                m.sitting_duck = ship;
                emit(
                    log,
                    Event::Moved {
                        model,
                        took: Took::Hold,
                        from,
                        to: from,
                        heading,
                    },
                );
                self.after_move(model, true);
            }
            Action::Move { pivot, turn } | Action::Cruise { pivot, turn } => {
                let took = if matches!(order, Action::Move { .. }) {
                    Took::Move
                } else {
                    Took::Cruise
                };
                if let Ok(path) = self.plan_ship(model, took, *pivot, *turn, None) {
                    self.move_ship(model, took, &path, None, log);
                }
                self.after_move(model, may_fire(took));
            }
            Action::Ram {
                target,
                pivot,
                turn,
            } => {
                if let Ok(path) = self.plan_ship(model, Took::Ram, *pivot, *turn, Some(*target)) {
                    self.move_ship(model, Took::Ram, &path, Some(*target), log);
                }
                self.after_move(model, false);
            }
            Action::Fly { x, y } => {
                let to = Point::new(*x, *y);
                let cruise = self.fly_is_cruise(model, to);
                self.fly(model, to, log);
                // FB-11 Rogue out of its phase: "Move/Cruise with no shooting".
                self.after_move(model, !cruise && !rogue);
            }
            _ => {}
        }
    }
}
