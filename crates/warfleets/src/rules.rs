//! The flow of the game: markers, deployment, rounds of four phases with alternating
//! activations, each activation's steps, the end of the round (returns, morale) and
//! of the game. Questions are [`Step`]s; [`Warfleets::advance`] runs everything that
//! needs no answer. The [`Game`] impl stands at the end.

use crate::catalogue::{Ability, Class, Special};
use crate::event::Event;
use crate::state::{AfterUse, Edge, Status, Step, Warfleets};
use orrery_core::{Game, Logged, Outcome, Seat};

pub type Log = Vec<Logged<Event>>;

pub(crate) fn emit(log: &mut Log, e: Event) {
    log.push(Logged::public(e));
}

impl Warfleets {
    /// A D6 roll-off, re-rolled on ties.
    pub(crate) fn roll_off(&mut self, purpose: &str, log: &mut Log) -> Seat {
        loop {
            let a = self.rng.d6();
            let b = self.rng.d6();
            if a != b {
                let winner = if a > b { Seat(0) } else { Seat(1) };
                emit(
                    log,
                    Event::RollOff {
                        purpose: purpose.into(),
                        rolls: [a, b],
                        winner,
                    },
                );
                return winner;
            }
        }
    }

    /// Models `seat` may activate now in the phase of `class` (FB-11), Rogue
    /// squadrons left for later included outside the squadron phase.
    pub fn available(&self, seat: Seat, class: Class) -> Vec<u8> {
        self.on_table()
            .filter(|m| m.seat == seat && !m.activated)
            .filter(|m| {
                let c = self.class(m.id);
                if class == Class::Squadron {
                    c == Class::Squadron && !m.deferred
                } else {
                    c == class || m.deferred
                }
            })
            .map(|m| m.id)
            .collect()
    }

    /// Run everything that needs no answer, up to the next question.
    pub fn advance(&mut self, log: &mut Log) {
        for _ in 0..10_000 {
            if self.outcome.is_some() {
                self.step = Step::Over;
                return;
            }
            // Repairs first (FB-15: the owner picks), then damage, then the squadrons
            // a ship ended on (FB-08: their owners place them).
            if !self.settle_mends(log) {
                return;
            }
            if !self.settle_harms(log) {
                if self.choosing {
                    return;
                }
                continue;
            }
            if !self.settle_displaced(log) {
                return;
            }
            match self.step.clone() {
                Step::Deploy { seat, squadrons } => {
                    if !self.to_deploy(seat, squadrons).is_empty() {
                        return;
                    }
                    let other = Warfleets::other(seat);
                    if !self.to_deploy(other, squadrons).is_empty() {
                        self.step = Step::Deploy {
                            seat: other,
                            squadrons,
                        };
                    } else if !squadrons {
                        self.step = Step::Deploy {
                            seat: self.roll_winner,
                            squadrons: true,
                        };
                    } else {
                        self.begin_round(log);
                    }
                }
                // WFO-05: no legal spot is left; the rest are not placed.
                Step::Marker { seat, .. } if !self.marker_open(seat) => {
                    self.markers_placed(log);
                }
                Step::Vanguard { model } | Step::Mine { model } | Step::Launch { model }
                    if !self.model(model).on_table() =>
                {
                    self.end_activation_or_deploy(model, log);
                }
                Step::Reserve { model } if self.reserve_spots(model).is_empty() => {
                    self.next_reserve(model, log);
                }
                Step::Activate { class, seat } if self.available(seat, class).is_empty() => {
                    let other = Warfleets::other(seat);
                    if !self.available(other, class).is_empty() {
                        self.step = Step::Activate { class, seat: other };
                    } else {
                        self.next_phase(class, log);
                    }
                }
                Step::Place { model, .. } if !self.model(model).on_table() => {
                    self.end_activation(model, log);
                }
                // Nowhere to put it: it stays aboard (launch spent).
                Step::Place { model, squadron }
                    if self.launch_spots(model, squadron).is_empty() =>
                {
                    self.next_launch(model, log);
                }
                Step::Order { model, .. } if !self.model(model).on_table() => {
                    self.end_activation(model, log);
                }
                Step::Fire { model, .. }
                    if !self.model(model).on_table() || self.shots_now(model).is_empty() =>
                {
                    self.after_step(model);
                }
                Step::After {
                    model,
                    ref used,
                    reach,
                } if !self.model(model).on_table()
                    || self.after_options(model, used, reach).is_empty() =>
                {
                    self.end_activation(model, log);
                }
                Step::Launched => {
                    self.launching.retain(|&q| {
                        let m = &self.models[usize::from(q)];
                        m.on_table() && !m.activated
                    });
                    if self.launching.is_empty() {
                        self.next_turn(log);
                    } else {
                        return;
                    }
                }
                Step::Return { model } if self.return_spots(model).is_empty() => {
                    self.return_nearest(model, log);
                    self.next_return(log);
                }
                _ => return,
            }
        }
    }

    /// The markers are down: the deployment roll-off (FB-20).
    pub(crate) fn markers_placed(&mut self, log: &mut Log) {
        self.roll_winner = self.roll_off("deployment", log);
        self.step = Step::Edge {
            seat: self.roll_winner,
        };
    }

    /// What `seat` still has to deploy: ships, or squadrons.
    pub fn to_deploy(&self, seat: Seat, squadrons: bool) -> Vec<u8> {
        self.models
            .iter()
            .filter(|m| m.seat == seat && m.status == Status::Waiting)
            .filter(|m| self.is_squadron(m.id) == squadrons)
            .map(|m| m.id)
            .collect()
    }

    /// After a deployment (and its Vanguard move): the other seat deploys next if it
    /// can (FB-20: "players alternate").
    pub(crate) fn next_deployer(&mut self, seat: Seat, squadrons: bool) {
        self.step = Step::Deploy {
            seat: Warfleets::other(seat),
            squadrons,
        };
    }

    fn end_activation_or_deploy(&mut self, model: u8, log: &mut Log) {
        if self.round == 0 {
            let seat = self.model(model).seat;
            self.next_deployer(seat, false);
        } else {
            self.end_activation(model, log);
        }
    }

    /// FB-11: "every phase of a round starts with that round's first player".
    pub(crate) fn begin_round(&mut self, log: &mut Log) {
        self.round += 1;
        self.first = if self.round == 1 {
            self.roll_winner
        } else {
            Warfleets::other(self.first)
        };
        for m in &mut self.models {
            m.activated = false;
            m.took = None;
            m.hurt_this_round = false;
            m.deferred = false;
        }
        emit(
            log,
            Event::RoundStarted {
                round: self.round,
                first: self.first,
            },
        );
        self.next_reserve_from(0, log);
    }

    /// FB-19 Tactical Master: held ships, in order, at the start of rounds 2–4.
    fn next_reserve_from(&mut self, from: usize, log: &mut Log) {
        if self.round >= 2 {
            if let Some(m) = self.models[from..]
                .iter()
                .find(|m| m.status == Status::Held)
            {
                self.step = Step::Reserve { model: m.id };
                return;
            }
        }
        self.start_phase(Class::Squadron, log);
    }

    pub(crate) fn next_reserve(&mut self, model: u8, log: &mut Log) {
        self.next_reserve_from(usize::from(model) + 1, log);
    }

    fn start_phase(&mut self, class: Class, log: &mut Log) {
        self.phase = class;
        emit(log, Event::PhaseStarted { class });
        self.step = Step::Activate {
            class,
            seat: self.first,
        };
    }

    fn next_phase(&mut self, class: Class, log: &mut Log) {
        match Class::ALL.iter().position(|&c| c == class) {
            Some(i) if i + 1 < Class::ALL.len() => self.start_phase(Class::ALL[i + 1], log),
            _ => self.end_round(log),
        }
    }

    /// After an activation: the other seat's turn (FB-11 alternation; an empty side
    /// is skipped by [`Self::advance`]).
    pub(crate) fn next_turn(&mut self, _log: &mut Log) {
        let seat = self.turn_seat;
        self.step = Step::Activate {
            class: self.phase,
            seat: Warfleets::other(seat),
        };
    }

    /// The model has finished acting.
    pub(crate) fn end_activation(&mut self, model: u8, log: &mut Log) {
        self.model_mut(model).activated = true;
        if !self.launching.is_empty() {
            self.step = Step::Launched;
        } else {
            self.next_turn(log);
        }
    }

    /// Start `model`'s activation (FB-16 boarding rolls first, then FB-19's
    /// start-of-activation abilities).
    pub(crate) fn start_activation(&mut self, model: u8, rogue: bool, log: &mut Log) {
        emit(log, Event::Activated { model });
        self.model_mut(model).activated = true;
        self.model_mut(model).deferred = false;
        self.boarding_rolls(model, log);
        let m = self.model(model);
        self.step = if m.is(Ability::ExpertSapper) {
            Step::Mine { model }
        } else if self.can_launch(model) {
            Step::Launch { model }
        } else {
            Step::Order { model, rogue }
        };
    }

    /// Whether an Elite Carrier still has its launch and squadrons aboard.
    pub(crate) fn can_launch(&self, model: u8) -> bool {
        let m = self.model(model);
        m.is(Ability::EliteCarrier) && !m.launched && !self.aboard(model).is_empty()
    }

    /// Squadrons aboard `carrier`.
    pub fn aboard(&self, carrier: u8) -> Vec<u8> {
        self.models
            .iter()
            .filter(|m| m.status == Status::Aboard { carrier })
            .map(|m| m.id)
            .collect()
    }

    /// After the mine question: the launch question or the order.
    pub(crate) fn after_mine(&mut self, model: u8) {
        self.step = if self.can_launch(model) {
            Step::Launch { model }
        } else {
            Step::Order {
                model,
                rogue: false,
            }
        };
    }

    /// The next squadron to place, or the carrier's order.
    pub(crate) fn next_launch(&mut self, model: u8, _log: &mut Log) {
        self.model_mut(model).launched = true;
        match self.aboard(model).first() {
            Some(&q) if !self.launch_spots(model, q).is_empty() => {
                self.step = Step::Place { model, squadron: q }
            }
            _ => {
                self.step = Step::Order {
                    model,
                    rogue: false,
                }
            }
        }
    }

    /// After moving: fire, unless the action was Cruise or Ram, or a Rogue squadron
    /// moved out of its phase.
    pub(crate) fn after_move(&mut self, model: u8, may_fire: bool) {
        if may_fire {
            self.step = Step::Fire {
                model,
                shots: Vec::new(),
            };
        } else {
            self.after_step(model);
        }
    }

    /// The after-activation abilities (Avenger rolls its reach now).
    pub(crate) fn after_step(&mut self, model: u8) {
        let reach = if self.model(model).is(Ability::Avenger) && self.model(model).on_table() {
            f64::from(self.rng.die(3) as u8 + 1)
        } else {
            0.0
        };
        self.step = Step::After {
            model,
            used: Vec::<AfterUse>::new(),
            reach,
        };
    }

    /// FB-10 then FB-18, then the next round or the end.
    fn end_round(&mut self, log: &mut Log) {
        self.next_return(log);
    }

    /// The next ship off the table to return, else morale.
    pub(crate) fn next_return(&mut self, log: &mut Log) {
        if let Some(m) = self.models.iter().find(|m| m.status == Status::Away) {
            self.step = Step::Return { model: m.id };
            return;
        }
        self.morale(log);
        if self.round >= self.rounds {
            let why = format!("round {} of {} is over", self.round, self.rounds);
            self.finish(&why, log);
        } else {
            self.begin_round(log);
        }
    }

    /// FB-18: "if a fleet's remaining ships … ≤ half its starting ships, every
    /// remaining ship on the table rolls D6 + its working upgrades, 6+ passing
    /// (natural 1 fails, 6 passes); failures surrender … When a player has no ships
    /// left, his squadrons surrender."
    fn morale(&mut self, log: &mut Log) {
        for seat in [Seat(0), Seat(1)] {
            let remaining = self
                .models
                .iter()
                .filter(|m| m.seat == seat && !self.is_squadron(m.id) && m.remaining())
                .count();
            if remaining * 2 <= usize::from(self.started_ships[seat.index()]) {
                let ships: Vec<u8> = self
                    .on_table()
                    .filter(|m| m.seat == seat && !self.is_squadron(m.id))
                    .map(|m| m.id)
                    .collect();
                for id in ships {
                    let roll = self.rng.d6();
                    let upgrades = self.model(id).working_upgrades();
                    let passed = roll == 6 || (roll != 1 && roll + upgrades >= 6);
                    emit(
                        log,
                        Event::Morale {
                            model: id,
                            roll,
                            upgrades,
                            passed,
                        },
                    );
                    if !passed {
                        self.remove(id, Status::Surrendered, log);
                        emit(log, Event::Surrendered { model: id });
                    }
                }
            }
        }
        self.squadrons_surrender(log);
    }

    /// FB-18: "When a player has no ships left, his squadrons surrender."
    pub(crate) fn squadrons_surrender(&mut self, log: &mut Log) {
        for seat in [Seat(0), Seat(1)] {
            let ships = self
                .models
                .iter()
                .any(|m| m.seat == seat && !self.is_squadron(m.id) && m.remaining());
            if ships {
                continue;
            }
            let squadrons: Vec<u8> = self
                .models
                .iter()
                .filter(|m| m.seat == seat && self.is_squadron(m.id) && m.remaining())
                .map(|m| m.id)
                .collect();
            for id in squadrons {
                self.remove(id, Status::Surrendered, log);
                emit(log, Event::Surrendered { model: id });
            }
        }
    }

    /// Markers carried by each seat (FB-17).
    pub fn carried(&self) -> [u8; 2] {
        let mut out = [0u8; 2];
        for m in self.models.iter().filter(|m| m.remaining()) {
            out[m.seat.index()] += m.markers;
        }
        out
    }

    /// FB-17: "After round 4 the player carrying more markers wins; markers on the
    /// table count for nobody; equal = draw."
    pub(crate) fn finish(&mut self, why: &str, log: &mut Log) {
        let c = self.carried();
        let winners = match c[0].cmp(&c[1]) {
            std::cmp::Ordering::Greater => vec![Seat(0)],
            std::cmp::Ordering::Less => vec![Seat(1)],
            std::cmp::Ordering::Equal => vec![Seat(0), Seat(1)],
        };
        emit(
            log,
            Event::Ended {
                winners: winners.clone(),
                markers: c,
            },
        );
        let result = match winners.as_slice() {
            [w] => format!("{} (P{}) wins", self.sides[w.index()], w.0),
            _ => "a draw".to_string(),
        };
        self.outcome = Some(Outcome {
            winners,
            scores: self.scores(),
            reason: format!("{why}: {result} on markers; {}", self.score_words()),
        });
        self.step = Step::Over;
    }

    /// What the scores count, in words: "markers carried 0 vs 1; victory points 0.1
    /// vs 1.1 = markers + half the share of the enemy fleet's points destroyed (20% vs
    /// 20%), a tie-break that never decides the winner".
    pub fn score_words(&self) -> String {
        let c = self.carried();
        let v = self.scores();
        let pct = |s: Seat| 100.0 * self.destroyed_share(Warfleets::other(s));
        let vp = |x: f64| {
            let t = format!("{x:.2}");
            t.trim_end_matches('0').trim_end_matches('.').to_string()
        };
        format!(
            "markers carried {} vs {}; victory points {} vs {} = markers + half the share of the enemy fleet's points destroyed ({:.0}% vs {:.0}%), a tie-break that never decides the winner",
            c[0],
            c[1],
            vp(v[0]),
            vp(v[1]),
            pct(Seat(0)),
            pct(Seat(1))
        )
    }

    /// The agents' judgement of a position for `seat`, 0–1: markers carried first,
    /// then strength left, then nearness to the markers on the table.
    pub fn position_value(&self, seat: Seat) -> f64 {
        let c = self.carried();
        let me = seat.index();
        let markers = f64::from(c[me]) - f64::from(c[1 - me]);
        let strength = self.strength(seat) - self.strength(Warfleets::other(seat));
        let nearest = |s: Seat, p: orrery_table::Point| {
            self.on_table()
                .filter(|m| m.seat == s && !self.is_squadron(m.id))
                .map(|m| m.pos.dist(p))
                .fold(f64::INFINITY, f64::min)
        };
        let mut reach = 0.0;
        for &p in &self.markers {
            let (a, b) = (nearest(seat, p), nearest(Warfleets::other(seat), p));
            reach += match (a.is_finite(), b.is_finite()) {
                (true, true) => (b - a) / (a + b + 1.0),
                (true, false) => 1.0,
                (false, true) => -1.0,
                _ => 0.0,
            };
        }
        (0.5 + 0.15 * markers + 0.25 * strength + 0.04 * reach).clamp(0.0, 1.0)
    }

    /// The share (0–1) of `seat`'s fleet points still fighting: ships by their
    /// working upgrades, squadrons by their damage.
    pub fn strength(&self, seat: Seat) -> f64 {
        let (mut left, mut all) = (0.0, 0.0);
        for m in self.models.iter().filter(|m| m.seat == seat) {
            let p = f64::from(m.points);
            all += p;
            if !m.remaining() {
                continue;
            }
            left += if self.is_squadron(m.id) {
                p * f64::from(2 - m.damage.min(2)) / 2.0
            } else if m.upgrades.is_empty() {
                p
            } else {
                p * f64::from(m.working_upgrades()) / m.upgrades.len() as f64
            };
        }
        if all == 0.0 {
            0.0
        } else {
            left / all
        }
    }

    /// The share (0–1) of `seat`'s fleet points no longer in play.
    pub fn destroyed_share(&self, seat: Seat) -> f64 {
        let (mut lost, mut all) = (0u32, 0u32);
        for m in self.models.iter().filter(|m| m.seat == seat) {
            all += m.points;
            if !m.remaining() {
                lost += m.points;
            }
        }
        if all == 0 {
            0.0
        } else {
            f64::from(lost) / f64::from(all)
        }
    }

    /// Whether a Rogue squadron may be left for later now.
    pub(crate) fn may_defer(&self, model: u8, seat: Seat) -> bool {
        let m = self.model(model);
        m.seat == seat
            && m.on_table()
            && !m.activated
            && !m.deferred
            && self.phase == Class::Squadron
            && self.hull(model).has(Special::Rogue)
    }

    /// The edge a seat deploys from, and the y range of its 12" zone for a base of
    /// `radius` (FB-20: "whole base within 12" of their edge").
    pub fn zone(&self, seat: Seat, radius: f64) -> (f64, f64) {
        match self.edges[seat.index()] {
            Edge::South => (radius, 12.0 - radius),
            Edge::North => (self.height - 12.0 + radius, self.height - radius),
        }
    }
}
