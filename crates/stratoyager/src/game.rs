//! The [`Game`] impl: the questions the turn asks (`sequence`, `turn`, `asks`), the
//! answers each takes, the end (`victory`, SY-28) and the secrets of simultaneous
//! orders (`secrets`, SY-03).

use crate::state::{self, Stratoyager};
use crate::state::{Batch, Place};
use crate::view::SyView;
use crate::{data, secrets, setup, validate, victory};
use crate::{Action, Event, Scenario};
use orrery_core::{
    ActionError, Game, GameInfo, Logged, NamedScenario, Outcome, Progress, Rng, Seat, SetupError,
    StateError, UnitFate,
};

impl Game for Stratoyager {
    type Scenario = Scenario;
    type Action = Action;
    type Event = Event;
    type View = SyView;

    /// Determinize forgets the other side's pending secret orders: the search plays
    /// them again (secrets.rs).
    const INFO: GameInfo = GameInfo {
        determinize_asks_again: true,
        ..GameInfo::new("stratoyager", "Basic Stratoyager", (2, 2))
    };

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

    /// Seats that owe an answer now.
    fn to_move(&self) -> Vec<Seat> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        self.batch.as_ref().map(Batch::to_move).unwrap_or_default()
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
        let index = self
            .check(seat, action)
            .map_err(|r| crate::render::refused(self, r))?;
        let mut log = Vec::new();
        self.answer(seat, index, action, &mut log);
        Ok(log)
    }

    fn view(&self, viewer: Option<Seat>) -> SyView {
        SyView::new(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn scores(&self) -> Vec<f64> {
        victory::scores(self)
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

    /// Every unit: its parameter card's name and points; survived unless lost
    /// (destroyed, wrecked, withdrawn, abandoned) or an abandoned hulk.
    fn unit_fates(&self) -> Vec<UnitFate> {
        self.units
            .iter()
            .map(|u| {
                let card = &self.roster[u.kind];
                UnitFate {
                    seat: u.side,
                    kind: card.name.clone(),
                    points: f64::from(card.points),
                    survived: !matches!(u.place, Place::Lost { .. } | Place::Hulk),
                }
            })
            .collect()
    }

    fn action_bound(&self) -> usize {
        // Per turn each unit answers at most a card, a plan, a yaw, a leave, a combat
        // action and one Fire at Will per later segment; plus deployment and arrivals.
        let n = self.units.len();
        (self.options.turns as usize + 2) * n * (8 + n) + 4 * n + 16
    }
}
