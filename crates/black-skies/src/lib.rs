//! # Black Skies for Orrery
//!
//! Seed `004_1b3693060411e56c.txt` with the rulings `rulings-black-skies.md`
//! (BS-01…BS-15, version 2) and this project's own rulings in `docs/black-skies.md`
//! (BSO-…).
//!
//! Structure: `catalogue` (weights, thrusters, weapons, armour, points: BS-14/15),
//! `maneuver` (the twelve cards, their paths and piloting checks: BS-06–08),
//! `scenario` (TOML scenarios and set-up: BS-01/02), `state`, `action`/`event`,
//! `rules` (questions, the turn and its groups, activations, the end: BS-03/04/12),
//! `flight` (moving, asteroids, collisions, cohesion, edges, shooting: BS-05/09/13),
//! `combat` (arcs, bands, accuracy, exact attack odds: BS-09–11), `odds` (the
//! calculators and the preview of a card), `secrets` (face-down cards, agents'
//! hooks), `view`, `render`, `validate`.

pub mod action;
mod board;
pub mod catalogue;
pub mod combat;
mod deploy;
mod ending;
pub mod event;
mod flight;
pub mod glossary;
mod learn;
pub mod maneuver;
mod model;
pub mod odds;
mod presentation;
mod quick;
pub mod render;
pub mod rules;
pub mod scenario;
mod secrets;
pub mod state;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
mod validate;
pub mod view;

pub use action::{Action, Wing};
pub use event::Event;
pub use scenario::Scenario;
pub use state::BlackSkies;
pub use view::BsView;

use orrery_core::{
    ActionError, Game, Logged, NamedScenario, Outcome, Progress, Rng, Seat, SetupError, StateError,
    UnitFate,
};
use state::{Phase, Status};

impl Game for BlackSkies {
    type Scenario = Scenario;
    type Action = Action;
    type Event = Event;
    type View = BsView;

    const ID: &'static str = "black-skies";
    const NAME: &'static str = "Black Skies";
    const PLAYERS: (u8, u8) = (2, 2);

    fn scenarios() -> Vec<NamedScenario<Scenario>> {
        scenario::builtin()
    }

    fn setup(scenario: &Scenario, seed: u64) -> Result<Self, SetupError> {
        scenario::setup(scenario, seed)
    }

    /// BS-02: the d2 for the random first placer, made at set-up.
    fn setup_logged(
        scenario: &Scenario,
        seed: u64,
    ) -> Result<(Self, Vec<Logged<Event>>), SetupError> {
        let g = scenario::setup(scenario, seed)?;
        let placer = match g.phase {
            Phase::Deploy { seat } => seat,
            _ => Seat(0),
        };
        let roll = Event::Placer {
            seat: placer,
            roll: u32::from(placer.0) + 1,
        };
        Ok((g, vec![Logged::public(roll)]))
    }

    fn seats(&self) -> u8 {
        2
    }

    fn to_move(&self) -> Vec<Seat> {
        self.to_move_now()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.answers(seat)
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Logged<Event>>, ActionError> {
        self.check(seat, action)?;
        // Room for an activation's usual events without growing.
        let mut log = Vec::with_capacity(8);
        self.answer(seat, action, &mut log);
        Ok(log)
    }

    fn view(&self, viewer: Option<Seat>) -> BsView {
        BsView::new(self, viewer)
    }

    /// What the seat's view shows that changes in play (`view::knowledge`).
    fn knowledge_digest(&self, seat: Seat) -> u64 {
        view::knowledge(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn scores(&self) -> Vec<f64> {
        self.score_list()
    }

    /// BS-12 in words: the sides by name, their points and the fighters each lost.
    fn ending_for(&self, outcome: &Outcome) -> orrery_core::Ending {
        self.ending_words(outcome)
    }

    fn progress(&self) -> Progress {
        Progress {
            turn: self.turn,
            phase: self.phase.name().to_string(),
        }
    }

    fn rng(&self) -> &Rng {
        &self.rng
    }

    fn rng_mut(&mut self) -> &mut Rng {
        &mut self.rng
    }

    fn validate(&self) -> Result<(), StateError> {
        validate::validate(self)
    }

    fn unrevealed(&self, seat: Seat) -> usize {
        self.unrevealed_of(seat)
    }

    fn is_secret(&self, seat: Seat, back: usize) -> bool {
        self.is_secret_action(seat, back)
    }

    /// A face-down card turned over is final (BS-04 (1), BSO-07).
    fn revealed_since(&self, before: &Self) -> bool {
        self.turned_a_card(before)
    }

    fn determinize(&mut self, viewer: Seat, rng: &mut Rng) {
        self.determinize_for(viewer, rng);
    }

    fn default_action(&self, seat: Seat) -> Option<Action> {
        self.default_answer(seat)
    }

    fn unit_fates(&self) -> Vec<UnitFate> {
        self.fighters
            .iter()
            .map(|f| UnitFate {
                seat: f.seat,
                kind: self.design_of(f).name.clone(),
                points: f64::from(self.points(f)),
                survived: matches!(f.status, Status::Flying | Status::Waiting),
            })
            .collect()
    }

    fn action_bound(&self) -> usize {
        let per_turn: usize = 1 + self
            .elements
            .iter()
            .map(|e| {
                2 + e
                    .fighters
                    .iter()
                    .map(|&f| self.design_of(self.fighter(f)).weapons.len())
                    .sum::<usize>()
            })
            .sum::<usize>();
        2 * self.elements.len() + self.turns as usize * per_turn + 16
    }
}

/// The pilots of forces built from the roster (`calibrate`): trained.
pub const ROSTER_SKILL: u8 = 2;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_data_reads() {
        scenario::check_shipped().unwrap();
        assert_eq!(BlackSkies::scenarios()[0].name, "duel");
    }
}
