//! The flow of play: answering questions, resolving a batch once every answer is in,
//! and moving on to the next question (SY-13, SY-14, SY-22, SY-27).
//!
//! Secret batches (deployment cards, Initiative Cards, dogfight cards, Movement
//! Actions, yaws, Fire at Will, Combat Actions) keep each answer with the referee
//! until the last one is in; the owner alone hears what it committed. Public batches
//! (placement, reserve entry, leaving the table) take effect answer by answer.

use crate::action::Action;
use crate::event::Event;
use crate::refusal::Refusal;
use crate::state::{say, Ask, AskKind, Batch, Log, Phase, Place, Stratoyager};
use crate::types::UnitId;
use orrery_core::{ActionError, Game, Logged, Seat};
use orrery_table::{Hour, Point};

impl Stratoyager {
    /// Check `action` as `seat`'s answer to its next question. Pure. The reason of a
    /// refusal is a value ([`Refusal`]); its words are made above the rules
    /// ([`crate::render::refusal`]).
    pub fn check(&self, seat: Seat, action: &Action) -> Result<usize, Refusal> {
        if self.outcome.is_some() {
            return Err(Refusal::Turn(ActionError::GameOver));
        }
        let index = self
            .batch
            .as_ref()
            .and_then(|b| b.next_for(seat))
            .ok_or_else(|| {
                Refusal::Turn(ActionError::NotYourTurn {
                    seat,
                    to_move: self.to_move(),
                })
            })?;
        self.check_answer(index, action)?;
        Ok(index)
    }

    /// Record the answer; resolve when the batch is complete; go on.
    pub fn answer(&mut self, seat: Seat, index: usize, action: &Action, log: &mut Log) {
        let Some(batch) = self.batch.as_mut() else {
            return;
        };
        batch.asks[index].answer = Some(action.clone());
        let unit = batch.asks[index].unit;
        if batch.secret {
            if batch.first.is_none() && batch.next_for(seat).is_none() {
                batch.first = Some(seat);
            }
            log.push(Logged::private(
                seat,
                Event::YourOrder {
                    unit: Some(unit),
                    action: action.clone(),
                },
            ));
            say(
                log,
                Event::Committed {
                    seat,
                    unit: Some(unit),
                },
            );
        } else {
            let kind = batch.kind;
            self.public_answer(kind, unit, action, log);
        }
        self.advance(log);
    }

    /// Public answers take effect at once.
    fn public_answer(&mut self, kind: AskKind, id: UnitId, action: &Action, log: &mut Log) {
        match (kind, action) {
            (
                AskKind::Place,
                &Action::Place {
                    x,
                    y,
                    course,
                    speed,
                },
            ) => {
                let at = Point::new(f64::from(x), f64::from(y));
                let course = Hour::new(i32::from(course));
                self.put_on_table(id, at, course, u32::from(speed));
                say(
                    log,
                    Event::Placed {
                        unit: id,
                        at,
                        course,
                        speed: u32::from(speed),
                    },
                );
            }
            (AskKind::Enter, &Action::Enter { edge, at, speed }) => {
                let p = self.entry_point(edge, at);
                let course = edge.inward();
                self.put_on_table(id, p, course, u32::from(speed));
                say(
                    log,
                    Event::Entered {
                        unit: id,
                        at: p,
                        course,
                        speed: u32::from(speed),
                    },
                );
            }
            (AskKind::Leave, &Action::Leave { withdraw }) => self.leave(id, withdraw, log),
            _ => {}
        }
    }

    /// Resolve complete batches and ask the next question, until somebody owes an
    /// answer or the game is over.
    pub fn advance(&mut self, log: &mut Log) {
        for _ in 0..100_000 {
            if self.outcome.is_some() {
                self.batch = None;
                self.phase = Phase::Over;
                return;
            }
            match self.batch.take() {
                Some(b) if !b.complete() => {
                    self.batch = Some(b);
                    return;
                }
                Some(b) => {
                    self.resolve(b, log);
                    self.check_end(log);
                }
                None => self.next_question(log),
            }
        }
        unreachable!("the sequence did not settle");
    }

    /// Ask `kind` of these units (in order); `false` if there is nobody to ask.
    pub fn ask(&mut self, kind: AskKind, secret: bool, units: &[UnitId]) -> bool {
        if units.is_empty() {
            return false;
        }
        let asks = units
            .iter()
            .map(|&u| Ask {
                seat: self.unit(u).side,
                unit: u,
                answer: None,
            })
            .collect();
        self.batch = Some(Batch {
            kind,
            secret,
            asks,
            first: None,
        });
        true
    }

    /// Units in priority order (SY-13: priority orders bookkeeping).
    pub fn by_priority(&self, mut units: Vec<UnitId>) -> Vec<UnitId> {
        let first = self.arcade_first.unwrap_or(self.priority);
        units.sort_by_key(|&u| (self.unit(u).side != first, u));
        units
    }

    /// Set up the next question for the current phase, or move the phase on.
    fn next_question(&mut self, log: &mut Log) {
        match self.phase {
            Phase::DeployCards | Phase::Initiative | Phase::DogfightCards | Phase::Over => {
                // These batches are created when the phase begins; reaching here means
                // nobody had anything to answer.
                self.phase = Phase::Over;
                self.finish("nothing left to do", log);
            }
            Phase::Placing { segment } => {
                if segment > self.cards {
                    self.start_turn(log);
                    return;
                }
                let units: Vec<UnitId> = self
                    .units
                    .iter()
                    .filter(|u| u.place == Place::Undeployed && u.card == Some(segment))
                    .map(|u| u.id)
                    .collect();
                let units = self.by_priority(units);
                if !self.ask(AskKind::Place, false, &units) {
                    self.phase = Phase::Placing {
                        segment: segment + 1,
                    };
                }
            }
            Phase::Arrivals => {
                let units = std::mem::take(&mut self.arrivals);
                if !self.ask(AskKind::Enter, false, &units) {
                    self.begin_initiative(log);
                }
            }
            Phase::Segment { segment, step } => self.segment_step(segment, step, log),
            Phase::Dogfight { index, step } => self.dogfight_step(index, step, log),
        }
    }

    /// Apply a complete batch.
    fn resolve(&mut self, b: Batch, log: &mut Log) {
        let answers: Vec<(UnitId, Action)> = b
            .asks
            .iter()
            .filter_map(|a| a.answer.clone().map(|x| (a.unit, x)))
            .collect();
        match b.kind {
            AskKind::Deploy => self.reveal_deployment(&answers, log),
            AskKind::Place => {
                if let Phase::Placing { segment } = self.phase {
                    self.phase = Phase::Placing {
                        segment: segment + 1,
                    };
                }
            }
            AskKind::Enter => self.begin_initiative(log),
            AskKind::Card => self.reveal_cards(&answers, log),
            AskKind::DogfightCard => self.reveal_dogfight(&answers, log),
            AskKind::Maneuver => {
                if self.options.arcade && b.asks.len() > 1 {
                    self.arcade_first = b.first;
                }
                self.fly_all(&answers, log);
                self.step_done();
            }
            AskKind::Yaw => {
                self.yaw_all(&answers, log);
                self.hull_stress_all(log);
                self.step_done();
            }
            AskKind::Leave => self.step_done(),
            AskKind::FireAtWill => {
                self.fire_at_will(&answers, log);
                self.step_done();
            }
            AskKind::Combat => {
                self.combat_all(answers, log);
                self.step_done();
            }
        }
    }
}
