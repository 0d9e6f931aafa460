//! Deployment, the turn's start and end: FORCE SHOW (SY-22), reserves (SY-23),
//! returning units (SY-24), Initiative Cards and priority (SY-13), the dogfight deal
//! (SY-27), the Locked Missile Damage phase (SY-20) and game length (SY-28).

use crate::action::Action;
use crate::event::{Event, Loss};
use crate::state::{say, AskKind, DogfightDeal, Log, Phase, Place, Step, Stratoyager};
use crate::types::UnitId;
use crate::{combat, victory};
use orrery_core::Seat;
use orrery_table::{nearest_clear_point, Point};

impl Stratoyager {
    /// Reveal deployment cards; reserves are set aside; placing begins (SY-22).
    pub fn reveal_deployment(&mut self, answers: &[(UnitId, Action)], log: &mut Log) {
        let mut cards = Vec::new();
        for (u, a) in answers {
            if let Action::Deploy { card } = a {
                cards.push((*u, *card));
                let unit = self.unit_mut(*u);
                match card {
                    Some(c) => unit.card = Some(*c),
                    None => unit.place = Place::Reserve,
                }
            }
        }
        say(log, Event::DeploymentRevealed { cards });
        // "Side with LOWER total Sensors starts setting up as first … In case of draw,
        // player with LARGER force starts first … each of them rolls a D6, LOWER
        // score starts first."
        let entering = |s: &Self, side: Seat| -> Vec<UnitId> {
            s.units
                .iter()
                .filter(|u| u.side == side && u.place == Place::Undeployed)
                .map(|u| u.id)
                .collect()
        };
        let a = entering(self, Seat(0));
        let b = entering(self, Seat(1));
        self.set_priority(&a, &b, log);
        self.phase = Phase::Placing { segment: 1 };
    }

    /// SY-13 priority between two groups of units: lower total Sensors; tie: more
    /// units; tie: each rolls 1D6, lower has priority (re-roll ties).
    pub fn set_priority(&mut self, a: &[UnitId], b: &[UnitId], log: &mut Log) {
        let sensors =
            |s: &Self, us: &[UnitId]| -> i32 { us.iter().map(|&u| s.card_of(u).sensors).sum() };
        let (sa, sb) = (sensors(self, a), sensors(self, b));
        let (seat, why, rolls) = if sa != sb {
            let seat = if sa < sb { Seat(0) } else { Seat(1) };
            (seat, format!("lower total Sensors ({sa} vs {sb})"), vec![])
        } else if a.len() != b.len() {
            let seat = if a.len() > b.len() { Seat(0) } else { Seat(1) };
            (
                seat,
                format!("equal Sensors, more units ({} vs {})", a.len(), b.len()),
                vec![],
            )
        } else {
            let mut rolls = Vec::new();
            loop {
                let (ra, rb) = (self.rng.d6(), self.rng.d6());
                rolls.push(ra);
                rolls.push(rb);
                if ra != rb {
                    let seat = if ra < rb { Seat(0) } else { Seat(1) };
                    break (
                        seat,
                        "equal Sensors and forces; lower die".to_string(),
                        rolls,
                    );
                }
            }
        };
        self.priority = seat;
        say(log, Event::Priority { seat, why, rolls });
    }

    /// A new turn: returning units, reserve rolls, arrivals, then initiative.
    pub fn start_turn(&mut self, log: &mut Log) {
        self.turn += 1;
        self.arcade_first = None;
        let turn = self.turn;
        for u in &mut self.units {
            u.card = None;
            u.greyout = false;
            u.blackout = false;
            u.evasive = false;
            u.yawed = false;
            u.fire_at_will = false;
        }
        say(log, Event::TurnStarted { turn });
        self.return_units(log);
        // SY-23: "in turn 2 reserves show up on roll of 4 or less, in turn 3 on 5 or
        // less … In 4th turn they show up automatically."
        self.arrivals.clear();
        if turn >= 2 {
            let reserves: Vec<UnitId> = self
                .units
                .iter()
                .filter(|u| u.place == Place::Reserve)
                .map(|u| u.id)
                .collect();
            for u in reserves {
                let needed = (turn + 2).min(6) as u8;
                let (roll, arrives) = if turn >= 4 {
                    (None, true)
                } else {
                    let r = self.rng.d6();
                    (Some(r), r <= needed)
                };
                say(
                    log,
                    Event::ReserveRoll {
                        unit: u,
                        roll,
                        needed,
                        arrives,
                    },
                );
                if arrives {
                    self.arrivals.push(u);
                }
            }
        }
        self.phase = Phase::Arrivals;
    }

    /// SY-24: a unit that left in turn t re-enters before the Initiative Phase of
    /// turn t + 2 at the boundary point nearest its last position, 0.5 inside, course
    /// and facing perpendicular into the table, same speed.
    fn return_units(&mut self, log: &mut Log) {
        let turn = self.turn;
        let due: Vec<UnitId> = self
            .units
            .iter()
            .filter(|u| matches!(u.place, Place::Away { left_turn } if turn >= left_turn + 2))
            .map(|u| u.id)
            .collect();
        for id in due {
            let last = self.unit(id).pos;
            let (w, l) = (self.table.width, self.table.length);
            let at = Point::new(last.x.clamp(0.5, w - 0.5), last.y.clamp(0.5, l - 0.5));
            let edge = crate::victory::nearest_edge(last, w, l);
            let course = edge.inward();
            let others: Vec<Point> = self
                .units
                .iter()
                .filter(|u| u.on_table())
                .map(|u| u.pos)
                .collect();
            let at = nearest_clear_point(at, &others, crate::types::FOOTPRINT, course, &self.table);
            let speed = self.unit(id).speed;
            self.put_on_table(id, at, course, speed);
            say(
                log,
                Event::Returned {
                    unit: id,
                    at,
                    course,
                },
            );
        }
    }

    /// The Initiative Phase (SY-13), or the dogfight deal (SY-27).
    pub fn begin_initiative(&mut self, log: &mut Log) {
        let a: Vec<UnitId> = self.active(Seat(0)).map(|u| u.id).collect();
        let b: Vec<UnitId> = self.active(Seat(1)).map(|u| u.id).collect();
        self.cards = a.len().max(b.len()) as u8;
        self.dogfight = None;
        if self.cards == 0 {
            self.phase = Phase::Segment {
                segment: 1,
                step: Step::Maneuver,
            };
            return;
        }
        self.set_priority(&a, &b, log);
        let waiting = self
            .units
            .iter()
            .any(|u| matches!(u.place, Place::Reserve | Place::Away { .. }));
        if self.options.dogfight && a.len() == 1 && b.len() == 1 && !waiting {
            // "5 cards, numbered 1-5 are shuffled, and each player draws 2 cards".
            let mut deck: Vec<u8> = (1..=5).collect();
            let mut draw = |s: &mut Self| -> u8 {
                let i = s.rng.index(deck.len());
                deck.remove(i)
            };
            let drawn = vec![[draw(self), draw(self)], [draw(self), draw(self)]];
            for (side, cards) in drawn.iter().enumerate() {
                let seat = Seat(side as u8);
                log.push(orrery_core::Logged::private(
                    seat,
                    Event::DogfightDrawn {
                        seat,
                        cards: *cards,
                    },
                ));
            }
            self.dogfight = Some(DogfightDeal {
                drawn,
                movement: vec![None, None],
                move_order: Vec::new(),
                combat_order: Vec::new(),
            });
            self.phase = Phase::DogfightCards;
            let units = self.by_priority(vec![a[0], b[0]]);
            self.ask(AskKind::DogfightCard, true, &units);
            return;
        }
        self.phase = Phase::Initiative;
        let units: Vec<UnitId> = a.into_iter().chain(b).collect();
        self.ask(AskKind::Card, true, &units);
    }

    /// Reveal the Initiative Cards; segments begin.
    pub fn reveal_cards(&mut self, answers: &[(UnitId, Action)], log: &mut Log) {
        let mut cards = Vec::new();
        for (u, a) in answers {
            if let Action::Card { card } = a {
                self.unit_mut(*u).card = Some(*card);
                cards.push((*u, *card));
            }
        }
        say(
            log,
            Event::CardsRevealed {
                cards,
                count: self.cards,
            },
        );
        self.phase = Phase::Segment {
            segment: 1,
            step: Step::Maneuver,
        };
    }

    /// Reveal the dogfight movement cards: the lower moves first (SY-27).
    pub fn reveal_dogfight(&mut self, answers: &[(UnitId, Action)], log: &mut Log) {
        let Some(mut deal) = self.dogfight.take() else {
            return;
        };
        let mut moves = Vec::new();
        for (u, a) in answers {
            if let Action::DogfightCard { movement } = a {
                let side = self.unit(*u).side.index();
                deal.movement[side] = Some(*movement);
                moves.push((*u, *movement));
            }
        }
        moves.sort_by_key(|m| m.1);
        deal.move_order = moves.iter().map(|m| m.0).collect();
        // The combat cards stay face down until both have moved: the combat order is
        // worked out when they are revealed, so the state holds nothing derived from
        // an unrevealed card (determinization redraws them).
        deal.combat_order = Vec::new();
        say(
            log,
            Event::DogfightRevealed {
                movement: moves,
                combat: Vec::new(),
            },
        );
        self.dogfight = Some(deal);
        self.phase = Phase::Dogfight {
            index: 0,
            step: Step::Maneuver,
        };
    }

    /// Both have moved: reveal the combat cards (SY-27).
    pub fn reveal_dogfight_combat(&mut self, log: &mut Log) {
        let Some(deal) = self.dogfight.as_mut() else {
            return;
        };
        let units = &self.units;
        let mut combat: Vec<(UnitId, u8)> = deal
            .move_order
            .iter()
            .map(|&u| {
                let side = units[u.index()].side.index();
                (u, deal.combat_card(side).unwrap_or(deal.drawn[side][1]))
            })
            .collect();
        combat.sort_by_key(|c| c.1);
        deal.combat_order = combat.iter().map(|c| c.0).collect();
        say(
            log,
            Event::DogfightRevealed {
                movement: Vec::new(),
                combat,
            },
        );
        self.phase = Phase::Dogfight {
            index: 0,
            step: Step::Combat,
        };
    }

    /// After the last segment: Locked Missile Damage, drifting hulks, the end checks
    /// and the next turn (SY-20, SY-25, SY-28).
    pub fn end_turn(&mut self, log: &mut Log) {
        combat::missile_damage_phase(self, log);
        self.drift_hulks(log);
        self.current.clear();
        self.flown.clear();
        self.dogfight = None;
        for u in &mut self.units {
            u.fire_at_will = false;
            u.countermeasures = false;
        }
        self.check_end(log);
        if self.outcome.is_some() {
            return;
        }
        // SY-28: a side with no unit on the table for a whole turn because all its
        // remaining units left the table loses (SYO-18: reserves still to come mean
        // the side is not absent).
        for side in [Seat(0), Seat(1)] {
            let mine = || self.units.iter().filter(move |u| u.side == side);
            let all_away = mine().any(|u| matches!(u.place, Place::Away { .. }))
                && mine().all(|u| {
                    matches!(
                        u.place,
                        Place::Away { .. } | Place::Lost { .. } | Place::Hulk
                    )
                });
            let started_absent = self.absent_turns[side.index()] > 0;
            if all_away {
                self.absent_turns[side.index()] += 1;
                if started_absent {
                    let why = format!(
                        "{} had no unit on the table for a whole turn",
                        self.side_names[side.index()]
                    );
                    self.finish_with(vec![Self::enemy(side)], &why, log);
                    return;
                }
            } else {
                self.absent_turns[side.index()] = 0;
            }
        }
        if self.turn >= self.last_turn {
            if self.turn == self.options.turns && !self.extra_turn_rolled {
                // "optional 7th turn occurring on roll 4 or more".
                self.extra_turn_rolled = true;
                let roll = self.rng.d6();
                let extra = roll >= 4;
                say(log, Event::ExtraTurnRoll { roll, extra });
                if extra {
                    self.last_turn += 1;
                    self.start_turn(log);
                    return;
                }
            }
            self.finish("the last turn is over", log);
            return;
        }
        self.start_turn(log);
    }

    /// SY-25 keep_hulks: an abandoned 'yager flies on at its speed and course until
    /// it leaves the table.
    fn drift_hulks(&mut self, log: &mut Log) {
        let table = self.table;
        let hulks: Vec<UnitId> = self
            .units
            .iter()
            .filter(|u| u.place == Place::Hulk)
            .map(|u| u.id)
            .collect();
        for id in hulks {
            let u = self.unit_mut(id);
            u.pos = u.pos.along(u.course, f64::from(u.speed));
            let to = u.pos;
            say(log, Event::Drifted { unit: id, to });
            if !table.contains(to) {
                self.unit_mut(id).place = Place::Lost {
                    loss: Loss::Abandoned,
                };
            }
        }
    }

    /// End the game at once if a side has no combat-capable unit (SY-28).
    pub fn check_end(&mut self, log: &mut Log) {
        if self.outcome.is_some() {
            return;
        }
        let capable = |s: &Self, side: Seat| {
            s.units.iter().any(|u| {
                u.side == side
                    && matches!(
                        u.place,
                        Place::Table | Place::Reserve | Place::Away { .. } | Place::Undeployed
                    )
            })
        };
        let (a, b) = (capable(self, Seat(0)), capable(self, Seat(1)));
        match (a, b) {
            (true, true) => {}
            (true, false) => self.finish_with(vec![Seat(0)], "annihilation", log),
            (false, true) => self.finish_with(vec![Seat(1)], "annihilation", log),
            (false, false) => self.finish("both sides lost every unit", log),
        }
    }

    /// End the game on points.
    pub fn finish(&mut self, why: &str, log: &mut Log) {
        let scores = victory::scores(self);
        let winners = if scores[0] > scores[1] {
            vec![Seat(0)]
        } else if scores[1] > scores[0] {
            vec![Seat(1)]
        } else {
            vec![Seat(0), Seat(1)]
        };
        self.finish_with(winners, why, log);
    }

    /// End the game with these winners.
    pub fn finish_with(&mut self, winners: Vec<Seat>, why: &str, log: &mut Log) {
        let scores = victory::scores(self);
        say(
            log,
            Event::GameOver {
                winners: winners.clone(),
                scores: scores.clone(),
                why: why.to_string(),
            },
        );
        self.outcome = Some(orrery_core::Outcome {
            winners,
            scores,
            reason: why.to_string(),
        });
        self.batch = None;
        self.phase = Phase::Over;
    }
}
