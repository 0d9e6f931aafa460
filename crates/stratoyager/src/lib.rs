//! # Basic Stratoyager for Orrery
//!
//! Seed `000_c081104b10878ea2.txt` with the rulings `rulings-stratoyager.md`
//! (SY-01…SY-28, version 1) and this project's own rulings in
//! `docs/stratoyager.md` (SYO-…).
//!
//! Structure: `types` (parameter cards, maneuvers, bands), `state` (referee state and
//! the question batches that carry secret simultaneous orders), `action`/`event`,
//! `setup`, `sequence` (answering and resolving questions), `turn` (deployment,
//! initiative, reserves, game length, SY-13/22–28), `segment` (one activation,
//! SY-14/27), `movement` and `stress` (SY-07–SY-11), `combat` (SY-15–SY-21),
//! `victory`, `secrets` (determinization), `view`, `data` (TOML roster and
//! scenarios).

pub mod action;
mod asks;
pub mod combat;
pub mod data;
mod ending;
pub mod evaluate;
pub mod event;
pub mod glossary;
mod learn;
pub mod movement;
pub mod odds;
mod presentation;
mod preview;
pub mod quick;
pub mod render;
pub mod roster;
pub mod search;
mod secrets;
mod segment;
mod sequence;
pub mod setup;
pub mod state;
pub mod stress;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
mod turn;
pub mod types;
mod validate;
pub mod victory;
pub mod view;

pub use action::{Action, CombatOrder, MissileOrder};
pub use event::Event;
pub use state::Stratoyager;
pub use types::*;
pub use view::SyView;

use orrery_core::{
    ActionError, Game, Logged, NamedScenario, Outcome, Progress, Rng, Seat, SetupError, StateError,
    UnitFate,
};

impl Game for Stratoyager {
    type Scenario = Scenario;
    type Action = Action;
    type Event = Event;
    type View = SyView;

    const ID: &'static str = "stratoyager";
    const NAME: &'static str = "Basic Stratoyager";
    const PLAYERS: (u8, u8) = (2, 2);
    /// Determinize forgets the other side's pending secret orders: the search plays
    /// them again (secrets.rs).
    const DETERMINIZE_ASKS_AGAIN: bool = true;

    fn scenarios() -> Vec<NamedScenario<Scenario>> {
        data::builtin_scenarios()
    }

    fn setup(scenario: &Scenario, seed: u64) -> Result<Self, SetupError> {
        Self::setup_logged(scenario, seed).map(|(g, _)| g)
    }

    /// What the set-up runs into before anyone answers (the first questions asked).
    fn setup_logged(
        scenario: &Scenario,
        seed: u64,
    ) -> Result<(Self, Vec<Logged<Event>>), SetupError> {
        let mut g = setup::setup(scenario, seed)?;
        let mut log = Vec::new();
        g.advance(&mut log);
        Ok((g, log))
    }

    fn seats(&self) -> u8 {
        2
    }

    fn to_move(&self) -> Vec<Seat> {
        self.to_move_now()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        match self.batch.as_ref().and_then(|b| b.next_for(seat)) {
            Some(i) => self.answers(i),
            None => Vec::new(),
        }
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Logged<Event>>, ActionError> {
        let index = self.check(seat, action)?;
        let mut log = Vec::new();
        self.answer(seat, index, action, &mut log);
        Ok(log)
    }

    fn view(&self, viewer: Option<Seat>) -> SyView {
        SyView::new(self, viewer)
    }

    fn knowledge_digest(&self, seat: Seat) -> u64 {
        view::knowledge_digest(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn scores(&self) -> Vec<f64> {
        victory::scores(self)
    }

    /// SY-28 in words: the sides by name, their VP and the 'yagers each lost, by how.
    fn ending_for(&self, outcome: &Outcome) -> orrery_core::Ending {
        self.ending_words(outcome)
    }

    /// SY-25 with SY-28: ejecting from a side's last combat-capable 'yager ends the
    /// game ("End the game at once if a side has no combat-capable unit") when the
    /// order resolves. A Combat Action is a secret order resolved once both sides
    /// gave theirs, so applying it to a copy shows no end yet: the ruleset marks it
    /// from what the seat knows, its own units.
    fn ends_game(&self, seat: Seat, action: &Action) -> bool {
        if matches!(action, Action::Combat(action::CombatOrder::Eject { .. })) {
            let capable = self
                .units
                .iter()
                .filter(|u| {
                    u.side == seat
                        && matches!(
                            u.place,
                            state::Place::Table
                                | state::Place::Reserve
                                | state::Place::Away { .. }
                                | state::Place::Undeployed
                        )
                })
                .count();
            if capable <= 1 {
                return true;
            }
        }
        orrery_core::surely_ends_game(self, seat, action)
    }

    /// The turn and the phase's name, as the view's `phase` field writes it; the
    /// view's sibling fields (`step`, `segment`, `index`) say where in the phase.
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

    /// SY-26: in arcade mode "submitted orders cannot be edited": a Movement Action
    /// order once given is final.
    fn may_take_back(&self, before: &Self, _seat: Seat) -> bool {
        let maneuver = before
            .batch
            .as_ref()
            .is_some_and(|b| b.kind == state::AskKind::Maneuver);
        !(before.options.arcade && maneuver)
    }

    /// SY-27: the dogfight's combat cards lie face down until both units have moved;
    /// the step that turns them up is final (undoing it would let a side move again
    /// knowing the other's card).
    ///
    /// A secret question's last answer turns every answer to it up, the actor's own
    /// included; when the actor was the only side still to answer (or the only one
    /// asked), no other side's count of unrevealed orders falls, yet its orders are
    /// now shown to both ("Evo 6.2 1 orders: …"): that step is final too (issue 37
    /// §4; docs/protocol.md, "Undo never reveals").
    fn revealed_since(&self, before: &Self) -> bool {
        let face_down = |g: &Self| {
            g.dogfight
                .as_ref()
                .is_some_and(|d| d.combat_order.is_empty())
        };
        let secret_open = before.batch.as_ref().is_some_and(|b| b.secret);
        let still_secret = Seat::all(self.seats()).any(|s| self.unrevealed(s) > 0);
        (face_down(before) && !face_down(self)) || (secret_open && !still_secret)
    }

    fn unrevealed(&self, seat: Seat) -> usize {
        self.batch.as_ref().map_or(0, |b| b.unrevealed(seat))
    }

    fn determinize(&mut self, viewer: Seat, rng: &mut Rng) {
        secrets::determinize(self, viewer, rng);
    }

    fn default_action(&self, seat: Seat) -> Option<Action> {
        secrets::default_action(self, seat)
    }

    fn unit_fates(&self) -> Vec<UnitFate> {
        self.fates()
    }

    fn action_bound(&self) -> usize {
        // Per turn each unit answers at most a card, a plan, a yaw, a leave, a combat
        // action and one Fire at Will per later segment; plus deployment and arrivals.
        let n = self.units.len();
        (self.options.turns as usize + 2) * n * (8 + n) + 4 * n + 16
    }
}
