//! # Warfleets for Orrery
//!
//! Seed `003_1dc68837f13eba9c.txt` (Polish; One Page Rules' *Grimdark Future:
//! Warfleets*), its English rendering `fleet-battles.en.md`, the rulings
//! `rulings-fleet-battles.md` (FB-01…FB-21) and this project's own rulings in
//! `docs/warfleets.md` (WFO-…).
//!
//! Structure: `catalogue` (hulls, weapons, systems, heroes, titles, special rules as
//! data), `fleet` (lists, points, force organisation: FB-02/03), `scenario` (TOML,
//! set-up), `terrain` (FB-13/14), `state`, `action`/`event`, `rules` (markers,
//! deployment, rounds, phases, alternation, morale, the end: FB-11/17/18/20),
//! `answers` (what each answer does), `menu` (the lists of answers), `choices` (the
//! owners' choices that interrupt an activation: repairs, damage, squadrons placed
//! aside: FB-08/15), `movement` (FB-06–10), `combat` (FB-05/12),
//! `damage` (FB-15/16), `odds`, `view`, `render`, `quick`, `validate`.

pub mod action;
mod answers;
pub mod catalogue;
mod choices;
pub mod combat;
mod damage;
mod draw;
mod ending;
pub mod event;
pub mod fleet;
mod fleetfile;
mod geometry;
pub mod glossary;
mod learn;
mod lists;
mod menu;
pub mod movement;
mod observe;
pub mod odds;
mod quick;
pub mod render;
mod room;
pub mod rules;
pub mod scenario;
mod shots;
pub mod state;
pub mod terrain;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
mod validate;
pub mod view;

pub use action::{Action, GunRef};
pub use event::Event;
pub use scenario::Scenario;
pub use state::Warfleets;
pub use view::WfView;

use orrery_core::{
    ActionError, Game, Logged, NamedScenario, Outcome, Progress, Rng, Seat, SetupError, StateError,
    UnitFate,
};

impl Game for Warfleets {
    type Scenario = Scenario;
    type Action = Action;
    type Event = Event;
    type View = WfView;

    const ID: &'static str = "warfleets";
    const NAME: &'static str = "Warfleets";
    const PLAYERS: (u8, u8) = (2, 2);

    fn scenarios() -> Vec<NamedScenario<Scenario>> {
        scenario::builtin()
    }

    fn setup(scenario: &Scenario, seed: u64) -> Result<Self, SetupError> {
        scenario::setup(scenario, seed).map(|(g, _)| g)
    }

    /// Seed "Misja": the D3+2 markers and the roll-off for who places first.
    fn setup_logged(
        scenario: &Scenario,
        seed: u64,
    ) -> Result<(Self, Vec<Logged<Event>>), SetupError> {
        scenario::setup(scenario, seed)
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
        let mut log = Vec::with_capacity(8);
        self.answer(seat, action, &mut log);
        Ok(log)
    }

    fn view(&self, viewer: Option<Seat>) -> WfView {
        WfView::new(self, viewer)
    }

    /// What the view shows, read in place (`view.rs`, [`view::knowledge_digest`]).
    fn knowledge_digest(&self, seat: Seat) -> u64 {
        view::knowledge_digest(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn scores(&self) -> Vec<f64> {
        self.score_list()
    }

    /// FB-17 in words: the fleets by name, markers carried (and the victory points'
    /// tie-break), ships and squadrons lost.
    fn ending_for(&self, outcome: &Outcome) -> orrery_core::Ending {
        self.ending_words(outcome)
    }

    fn progress(&self) -> Progress {
        Progress {
            turn: u32::from(self.round),
            phase: self.step.name().to_string(),
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

    /// Timeouts and the AI's default: a repair on the stopped or most damaged
    /// upgrade (WFO-04), a squadron a ship ended on to the free spot nearest where it
    /// was (WFO-03); else decline what is optional, hold, stop firing.
    fn default_action(&self, seat: Seat) -> Option<Action> {
        if !self.to_move_now().contains(&seat) {
            return None;
        }
        match self.interrupt() {
            Some(choices::Interrupt::Mend) => {
                return self
                    .mend_default()
                    .map(|upgrade| Action::RepairUpgrade { upgrade })
            }
            Some(choices::Interrupt::Aside) => return self.aside_default(),
            _ => {}
        }
        let legal = self.legal_actions(seat);
        let pick = legal.iter().find(|a| {
            matches!(
                a,
                Action::Skip | Action::Done | Action::Hold { turn: 0 } | Action::Advance { .. }
            )
        });
        pick.or(legal.first()).cloned()
    }

    fn unit_fates(&self) -> Vec<UnitFate> {
        self.models
            .iter()
            .map(|m| UnitFate {
                seat: m.seat,
                kind: self.catalogue.hulls[m.hull].name.clone(),
                points: f64::from(m.points),
                survived: m.remaining(),
            })
            .collect()
    }

    /// Markers and deployment, then per round at most: every model's activation
    /// (start questions, order, shots, after-abilities), returns and damage choices,
    /// squadrons placed aside after each ship move or push (FB-08) and repair
    /// choices (Repair Bay 1, Defiant 2 per ship).
    fn action_bound(&self) -> usize {
        let n = self.models.len();
        let per_round = n * (4 + 8 + 4) + n * 8 + 16 + 2 * n * n + 3 * n;
        10 + 3 * n + usize::from(self.rounds) * per_round
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_data_reads() {
        scenario::check_shipped().unwrap();
        assert_eq!(Warfleets::scenarios().len(), 3);
    }
}
