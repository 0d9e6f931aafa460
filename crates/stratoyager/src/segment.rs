//! One activation: the steps of a segment (SY-14) and of a dogfight turn (SY-27).
//!
//! 1. Movement Action orders (secret), then each unit flies in priority order, with
//!    displacement (SY-11), obstacles (SY-12) and lock checks (SY-16).
//! 2. Yaws after the MA (secret), then hull stress (SY-08, SY-09).
//! 3. Units off the table withdraw or return (SY-24).
//! 4. Fire at Will window (SY-15).
//! 5. Combat Actions (secret), resolved together (SY-14 step 6).

use crate::action::{Action, CombatOrder};
use crate::event::{Event, Loss, StressTier};
use crate::state::{say, AskKind, Log, Phase, Place, Step, Stratoyager};
use crate::types::{Plan, UnitId, FOOTPRINT};
use crate::{combat, movement, stress};
use orrery_table::{nearest_clear_point, Hour};

impl Stratoyager {
    /// Units still acting in this activation (on the table).
    fn acting(&self) -> Vec<UnitId> {
        self.current
            .iter()
            .copied()
            .filter(|&u| self.unit(u).on_table())
            .collect()
    }

    /// Ask the question of `step` in segment `segment`, or move on.
    pub fn segment_step(&mut self, segment: u8, step: Step, log: &mut Log) {
        if step == Step::Maneuver {
            if segment > self.cards {
                self.end_turn(log);
                return;
            }
            let units: Vec<UnitId> = self
                .units
                .iter()
                .filter(|u| u.on_table() && u.card == Some(segment))
                .map(|u| u.id)
                .collect();
            self.arcade_first = None;
            self.current = self.by_priority(units);
            self.flown.clear();
            if self.current.is_empty() {
                self.phase = Phase::Segment {
                    segment: segment + 1,
                    step: Step::Maneuver,
                };
                return;
            }
            say(
                log,
                Event::SegmentStarted {
                    segment,
                    units: self.current.clone(),
                },
            );
            for u in self.current.clone() {
                combat::lock_at_activation(self, u, log);
            }
        }
        if !self.ask_step(step, log) {
            self.step_done();
        }
    }

    /// A dogfight turn: activation `index` of the movement order, then of the combat
    /// order (SY-27).
    pub fn dogfight_step(&mut self, index: u8, step: Step, log: &mut Log) {
        let Some(deal) = self.dogfight.clone() else {
            self.end_turn(log);
            return;
        };
        let order = if step == Step::Combat {
            &deal.combat_order
        } else {
            &deal.move_order
        };
        let Some(&unit) = order.get(index as usize) else {
            if step == Step::Combat {
                self.end_turn(log);
            } else {
                self.reveal_dogfight_combat(log);
            }
            return;
        };
        if step == Step::Maneuver {
            self.current = vec![unit];
            self.flown.clear();
            combat::lock_at_activation(self, unit, log);
        } else if step == Step::Combat {
            self.current = vec![unit];
        }
        if !self.ask_step(step, log) {
            self.step_done();
        }
    }

    /// Ask the current units the question of `step`; `false` if nobody is asked (the
    /// step's no-answer effects are applied).
    fn ask_step(&mut self, step: Step, log: &mut Log) -> bool {
        let acting = self.acting();
        match step {
            Step::Maneuver => self.ask(AskKind::Maneuver, true, &acting),
            Step::Yaw => {
                let units: Vec<UnitId> = acting
                    .into_iter()
                    // SYO-20: evasive or yaw, not both; an evasive unit is not asked.
                    .filter(|&u| !self.unit(u).yawed && !self.unit(u).evasive)
                    .collect();
                if self.ask(AskKind::Yaw, true, &units) {
                    return true;
                }
                self.hull_stress_all(log);
                false
            }
            Step::Leave => {
                let units: Vec<UnitId> = acting
                    .into_iter()
                    .filter(|&u| !self.table.contains(self.unit(u).pos))
                    .collect();
                self.ask(AskKind::Leave, false, &units)
            }
            Step::FireAtWill => {
                let segment = match self.phase {
                    Phase::Segment { segment, .. } => segment,
                    _ => return false,
                };
                let holders: Vec<UnitId> = self
                    .units
                    .iter()
                    .filter(|u| {
                        u.on_table()
                            && u.fire_at_will
                            && !u.blackout
                            && u.fire_at_will_segment < segment
                    })
                    .map(|u| u.id)
                    .filter(|&u| !combat::fire_at_will_targets(self, u).is_empty())
                    .collect();
                let holders = self.by_priority(holders);
                self.ask(AskKind::FireAtWill, true, &holders)
            }
            Step::Combat => {
                let units: Vec<UnitId> = acting
                    .into_iter()
                    .filter(|&u| !self.unit(u).blackout)
                    .collect();
                self.ask(AskKind::Combat, true, &units)
            }
        }
    }

    /// The step is over: the next step, segment or activation.
    pub fn step_done(&mut self) {
        self.phase = match self.phase {
            Phase::Segment { segment, step } => match step {
                Step::Maneuver => Phase::Segment {
                    segment,
                    step: Step::Yaw,
                },
                Step::Yaw => Phase::Segment {
                    segment,
                    step: Step::Leave,
                },
                Step::Leave => Phase::Segment {
                    segment,
                    step: Step::FireAtWill,
                },
                Step::FireAtWill => Phase::Segment {
                    segment,
                    step: Step::Combat,
                },
                Step::Combat => Phase::Segment {
                    segment: segment + 1,
                    step: Step::Maneuver,
                },
            },
            Phase::Dogfight { index, step } => match step {
                Step::Maneuver => Phase::Dogfight {
                    index,
                    step: Step::Yaw,
                },
                Step::Yaw => Phase::Dogfight {
                    index,
                    step: Step::Leave,
                },
                Step::Leave | Step::FireAtWill => Phase::Dogfight {
                    index: index + 1,
                    step: Step::Maneuver,
                },
                Step::Combat => Phase::Dogfight {
                    index: index + 1,
                    step: Step::Combat,
                },
            },
            other => other,
        };
    }

    /// Reveal the Movement Action orders and fly them in priority order (SY-14 step 2).
    pub fn fly_all(&mut self, answers: &[(UnitId, Action)], log: &mut Log) {
        let plans: Vec<(UnitId, Plan)> = answers
            .iter()
            .filter_map(|(u, a)| match a {
                Action::Maneuver(p) => Some((*u, *p)),
                _ => None,
            })
            .collect();
        for &(unit, plan) in &plans {
            say(log, Event::PlanRevealed { unit, plan });
        }
        let order = self.by_priority(plans.iter().map(|p| p.0).collect());
        for unit in order {
            let plan = plans.iter().find(|p| p.0 == unit).map(|p| p.1);
            if let Some(plan) = plan {
                self.fly_one(unit, &plan, log);
                self.flown.push((unit, plan));
            }
        }
    }

    /// One unit's Movement Action (SY-07, SY-08, SY-10–SY-12, SY-16).
    fn fly_one(&mut self, id: UnitId, plan: &Plan, log: &mut Log) {
        if !self.unit(id).on_table() {
            return;
        }
        let flight = movement::fly(self.unit(id), plan);
        if flight.realigned {
            // SY-08: the realigning yaw turns the facing to the course the unit had
            // when its MA began (f := c), before the maneuvers change either.
            say(
                log,
                Event::Realigned {
                    unit: id,
                    facing: self.unit(id).course,
                },
            );
        }
        {
            let u = self.unit_mut(id);
            u.pos = flight.end;
            u.course = flight.course;
            u.facing = flight.facing;
            u.speed = flight.speed;
            u.evasive = plan.evasive;
            if flight.realigned {
                u.yawed = true;
            }
        }
        say(
            log,
            Event::Moved {
                unit: id,
                path: flight.path.clone(),
                course: flight.course,
                facing: flight.facing,
                speed: flight.speed,
            },
        );
        // SY-11: the unit that finishes later is moved off any unit it overlaps.
        // Only a unit still on the table is placed; one off it leaves (SY-24).
        if self.table.contains(flight.end) {
            let others: Vec<_> = self
                .units
                .iter()
                .filter(|u| u.id != id && u.on_table())
                .map(|u| u.pos)
                .collect();
            let to =
                nearest_clear_point(flight.end, &others, FOOTPRINT, flight.course, &self.table);
            if to != flight.end {
                self.unit_mut(id).pos = to;
                say(
                    log,
                    Event::Displaced {
                        unit: id,
                        from: flight.end,
                        to,
                    },
                );
            }
        }
        // SY-12: ending inside an obstacle destroys the unit.
        let at = self.unit(id).pos;
        if let Some(o) = self.obstacles.iter().find(|o| o.outline.contains(at)) {
            let name = o.name.clone();
            say(
                log,
                Event::Crashed {
                    unit: id,
                    obstacle: name,
                },
            );
            self.lose(id, Loss::Destroyed, log);
        }
        combat::check_locks(self, log);
    }

    /// Reveal the yaws after the MA and turn the units (SY-08).
    pub fn yaw_all(&mut self, answers: &[(UnitId, Action)], log: &mut Log) {
        for (id, a) in answers {
            if let Action::Yaw {
                facing: Some(facing),
            } = a
            {
                let facing = Hour(facing % 12);
                let u = self.unit_mut(*id);
                u.facing = facing;
                u.yawed = true;
                say(log, Event::Yawed { unit: *id, facing });
            }
        }
        combat::check_locks(self, log);
    }

    /// Hull stress for every unit that flew in this activation (SY-09).
    pub fn hull_stress_all(&mut self, log: &mut Log) {
        for (id, plan) in self.flown.clone() {
            if !self.unit(id).on_table() {
                continue;
            }
            let card = self.card_of(id).clone();
            let n = stress::stress_dice(&card, &plan, self.unit(id).yawed);
            if n == 0 {
                continue;
            }
            let dice: Vec<u8> = (0..n).map(|_| self.rng.d6()).collect();
            let fails = stress::failures(&card, &dice);
            let tier = StressTier::of(fails);
            say(
                log,
                Event::HullStress {
                    unit: id,
                    dice,
                    fails,
                    tier,
                },
            );
            match tier {
                StressTier::None => {}
                StressTier::Greyout => self.unit_mut(id).greyout = true,
                StressTier::Blackout => self.blackout(id),
                StressTier::Structural => {
                    self.blackout(id);
                    self.structure_hit(id, 1, log);
                }
                StressTier::Destroyed => self.lose(id, Loss::Destroyed, log),
            }
        }
    }

    /// "Pilot temporarily loses consciousness, which means unit is losing remaining
    /// actions this turn": no Combat Action, no Fire at Will (SY-09).
    fn blackout(&mut self, id: UnitId) {
        let u = self.unit_mut(id);
        u.blackout = true;
        u.fire_at_will = false;
    }

    /// A unit whose centre left the table withdraws or will return (SY-24).
    pub fn leave(&mut self, id: UnitId, withdraw: bool, log: &mut Log) {
        say(log, Event::LeftTable { unit: id });
        if withdraw {
            self.lose(id, Loss::Withdrawn, log);
        } else {
            let turn = self.turn;
            let u = self.unit_mut(id);
            u.place = Place::Away { left_turn: turn };
            u.lock = None;
            u.fire_at_will = false;
            say(
                log,
                Event::WillReturn {
                    unit: id,
                    turn: turn + 2,
                },
            );
            combat::check_locks(self, log);
        }
    }

    /// The Fire at Will window's decisions (SY-15).
    pub fn fire_at_will(&mut self, answers: &[(UnitId, Action)], log: &mut Log) {
        let mut shots = Vec::new();
        for (u, a) in answers {
            if let Action::FireAtWill { target } = a {
                say(
                    log,
                    Event::FireAtWillRevealed {
                        unit: *u,
                        target: *target,
                    },
                );
                if let Some(t) = target {
                    shots.push((*u, *t));
                }
            }
        }
        if !shots.is_empty() {
            combat::resolve_fire_at_will(self, &shots, log);
        }
    }

    /// The Combat Actions of the activation (SY-14 step 6). In arcade mode the side
    /// that submitted first resolves completely first (SY-26).
    pub fn combat_all(&mut self, answers: Vec<(UnitId, Action)>, log: &mut Log) {
        let orders: Vec<(UnitId, CombatOrder)> = self
            .by_priority(answers.iter().map(|a| a.0).collect())
            .into_iter()
            .filter_map(|u| {
                answers.iter().find(|a| a.0 == u).and_then(|a| match &a.1 {
                    Action::Combat(o) => Some((u, o.clone())),
                    _ => None,
                })
            })
            .collect();
        match self.arcade_first {
            Some(first) if self.options.arcade => {
                let (mine, theirs): (Vec<_>, Vec<_>) = orders
                    .into_iter()
                    .partition(|(u, _)| self.unit(*u).side == first);
                combat::resolve_combat(self, &mine, log);
                let theirs: Vec<_> = theirs
                    .into_iter()
                    .filter(|(u, _)| {
                        let u = self.unit(*u);
                        u.on_table() && !u.blackout
                    })
                    .collect();
                combat::resolve_combat(self, &theirs, log);
            }
            _ => combat::resolve_combat(self, &orders, log),
        }
    }
}
