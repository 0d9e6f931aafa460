//! The [`Game`] impl of Warfleets: the referee's questions and answers (`rules`), the
//! view, the secrets and the checks of a loaded state, tied to the trait under its own
//! names. It stands above every other module: none imports it.

use crate::choices::Interrupt;
use crate::state::Step;
use crate::{scenario, validate, Action, Event, Scenario, Warfleets, WfView};
use orrery_core::{
    ActionError, Game, GameInfo, Logged, NamedScenario, Outcome, Progress, Rng, Seat, SetupError,
    StateError, UnitFate,
};

impl Game for Warfleets {
    type Scenario = Scenario;
    type Action = Action;
    type Event = Event;
    type View = WfView;

    const INFO: GameInfo = GameInfo::new("warfleets", "Warfleets", (2, 2));

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

    /// Who answers now.
    fn to_move(&self) -> Vec<Seat> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        if let Some(seat) = self.interrupt().and_then(|i| self.interrupt_seat(i)) {
            return vec![seat];
        }
        let owner = |m: &u8| self.model(*m).seat;
        match &self.step {
            Step::Marker { seat, .. }
            | Step::Edge { seat }
            | Step::Deploy { seat, .. }
            | Step::Activate { seat, .. } => vec![*seat],
            Step::Vanguard { model }
            | Step::Face { model }
            | Step::Reserve { model }
            | Step::Mine { model }
            | Step::Launch { model }
            | Step::Place { model, .. }
            | Step::Order { model, .. }
            | Step::Fire { model, .. }
            | Step::After { model, .. }
            | Step::Return { model } => vec![owner(model)],
            Step::Launched => self.launching.first().map(owner).into_iter().collect(),
            Step::Over => Vec::new(),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        crate::menu::legal_actions(self, seat)
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

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    /// Scores (victory points): markers carried, plus half the share of the enemy
    /// fleet's points destroyed as a tie-break below one marker (the win itself goes
    /// by markers alone, FB-17).
    fn scores(&self) -> Vec<f64> {
        let c = self.carried();
        [Seat(0), Seat(1)]
            .iter()
            .map(|&s| f64::from(c[s.index()]) + 0.5 * self.destroyed_share(Warfleets::other(s)))
            .collect()
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
        if !self.to_move().contains(&seat) {
            return None;
        }
        match self.interrupt() {
            Some(Interrupt::Mend) => {
                return self
                    .mend_default()
                    .map(|upgrade| Action::RepairUpgrade { upgrade })
            }
            Some(Interrupt::Aside) => return self.aside_default(),
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
