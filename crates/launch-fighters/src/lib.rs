//! # Launch Fighters! v1.1 for Orrery
//!
//! Seed `001_2f9708562c11d520.txt` with the rulings `rulings-launch-fighters.md`
//! (LF-01…LF-21, version 1) and this project's own rulings in
//! `docs/launch-fighters.md` (LFO-…).
//!
//! Structure: `types` (value types), `state` (referee state), `action`/`event`,
//! `sequence` (the Step Chart loop, LF-08), then one module per part of the turn:
//! `placement`, `initiative`, `movement`, `attack`, `damage`, `recovery`, `victory`;
//! `design` (construction costs, LF-18) and `data` (TOML loading) for the data files.
//!
//! Every action goes through *check* (pure, `&self`) then *execute*; the legal list is
//! the candidates that pass the check, so listed and accepted actions cannot drift.

pub mod action;
mod attack;
pub mod damage;
pub mod data;
pub mod default_action;
pub mod design;
mod ending;
mod evaluate;
pub mod event;
pub mod glossary;
mod initiative;
pub mod learn;
mod movement;
pub mod objectives;
pub mod odds;
mod placement;
mod recovery;
pub mod render;
pub mod roster;
pub mod search;
mod sequence;
pub mod state;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
pub mod types;
mod validate;
pub mod victory;
pub mod view;

pub use action::{Action, SquadronFate};
pub use event::{BarrageResult, Event};
pub use state::LaunchFighters;
pub use types::*;
pub use view::LfView;

use orrery_core::{
    ActionError, Game, Logged, NamedScenario, Outcome, Progress, Rng, Seat, SetupError, StateError,
    UnitFate,
};
use state::{Decision, Phase};

/// Which part of the rules answers the current question.
enum Part {
    Placement,
    Movement,
    Attack,
    Recovery,
}

impl LaunchFighters {
    fn part(&self) -> Option<Part> {
        if let Some(p) = self.pending.last() {
            return Some(match p.decision {
                Decision::Push { .. } => Part::Movement,
                Decision::RepairStat { .. } => Part::Recovery,
                _ => Part::Attack,
            });
        }
        match self.phase {
            Phase::Placement => Some(Part::Placement),
            Phase::Movement { .. } => Some(Part::Movement),
            Phase::Attack { .. } => Some(Part::Attack),
            Phase::Recovery => Some(Part::Recovery),
            Phase::Over => None,
        }
    }

    /// Every action that might be legal for `seat` now (a superset; [`Self::check`]
    /// filters it).
    fn candidates(&self, seat: Seat) -> Vec<Action> {
        match self.part() {
            Some(Part::Placement) => self.placement_candidates(seat),
            Some(Part::Movement) => self.movement_candidates(seat),
            Some(Part::Attack) => self.attack_candidates(seat),
            Some(Part::Recovery) => self.recovery_candidates(seat),
            None => Vec::new(),
        }
    }

    /// Is `action` legal for `seat` now? Pure: never changes the state.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        ActionError::check_turn(self.outcome.is_some(), seat, self.to_move())?;
        self.check_rules(seat, action)
    }

    /// The rules part of [`Self::check`], for a seat already known to be to move.
    fn check_rules(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        match self.part() {
            Some(Part::Placement) => self.check_placement(seat, action),
            Some(Part::Movement) => self.check_movement(seat, action),
            Some(Part::Attack) => self.check_attack(seat, action),
            Some(Part::Recovery) => self.check_recovery(seat, action),
            None => Err(ActionError::GameOver),
        }
    }

    fn execute(&mut self, seat: Seat, action: &Action, ev: &mut Vec<Event>) {
        match self.part() {
            Some(Part::Placement) => self.exec_placement(seat, action, ev),
            Some(Part::Movement) => self.exec_movement(seat, action, ev),
            Some(Part::Attack) => self.exec_attack(seat, action, ev),
            Some(Part::Recovery) => self.exec_recovery(seat, action, ev),
            None => {}
        }
    }
}

impl Game for LaunchFighters {
    type Scenario = Scenario;
    type Action = Action;
    type Event = Event;
    type View = LfView;

    const ID: &'static str = "launch-fighters";
    const NAME: &'static str = "Launch Fighters!";
    const PLAYERS: (u8, u8) = (2, 6);

    fn scenarios() -> Vec<NamedScenario<Scenario>> {
        data::builtin_scenarios()
    }

    fn setup(scenario: &Scenario, seed: u64) -> Result<Self, SetupError> {
        Self::setup_logged(scenario, seed).map(|(g, _)| g)
    }

    /// LF-06: the placement roll ("each player rolls two dice … the player with the
    /// lowest roll places one of his ships"), made before anyone places.
    fn setup_logged(
        scenario: &Scenario,
        seed: u64,
    ) -> Result<(Self, Vec<Logged<Event>>), SetupError> {
        let (mut game, mut ev) = placement::setup(scenario, seed)?;
        game.advance(&mut ev);
        Ok((game, ev.into_iter().map(Logged::public).collect()))
    }

    fn seats(&self) -> u8 {
        self.players.len() as u8
    }

    fn to_move(&self) -> Vec<Seat> {
        self.to_move_now()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_move().contains(&seat) {
            return Vec::new();
        }
        match self.part() {
            // Exact by construction (see `movement_candidates`, `placement_candidates`):
            // hundreds of moves and placements need no second look.
            Some(Part::Movement) => self.movement_candidates(seat),
            Some(Part::Placement) => self.placement_candidates(seat),
            _ => self
                .candidates(seat)
                .into_iter()
                .filter(|a| self.check_rules(seat, a).is_ok())
                .collect(),
        }
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Logged<Event>>, ActionError> {
        self.check(seat, action)?;
        let mut ev = Vec::new();
        self.execute(seat, action, &mut ev);
        self.advance(&mut ev);
        Ok(ev.into_iter().map(Logged::public).collect())
    }

    fn view(&self, viewer: Option<Seat>) -> LfView {
        LfView::new(self, viewer)
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

    /// LF-17 in words: the fleets by name, their VP and what each lost.
    fn ending_for(&self, outcome: &Outcome) -> orrery_core::Ending {
        self.ending_words(outcome)
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

    fn default_action(&self, seat: Seat) -> Option<Action> {
        default_action::default_action(self, seat)
    }

    fn unit_fates(&self) -> Vec<UnitFate> {
        self.fates()
    }

    fn action_bound(&self) -> usize {
        // Per turn every unit moves and activates a bounded number of times; be generous.
        (self.turn_limit as usize + 1) * (self.units.len() + 4) * 60
    }
}
