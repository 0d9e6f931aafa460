//! The [`Game`] impl: which part of the rules answers the open question, *check*
//! (pure, `&self`) then *execute*, tied to the Step Chart (`sequence`, LF-08). The legal
//! list is the candidates that pass the check, so listed and accepted actions cannot
//! drift. It stands above every other module: none imports it.

use crate::refusal::Refusal;
use crate::search::{SQUADRON_KIND, SQUADRON_POINTS};
use crate::state::{Decision, LaunchFighters, Location, Phase, Unit, UnitKind};
use crate::view::LfView;
use crate::{data, default_action, placement, validate, victory};
use crate::{Action, Event, Scenario};
use orrery_core::{
    ActionError, Game, GameInfo, Logged, NamedScenario, Outcome, Progress, Rng, Seat, SetupError,
    StateError, UnitFate,
};

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

    /// Why `action` is not legal for `seat` now, as a value (its words:
    /// [`LaunchFighters::check`]). Pure: never changes the state.
    pub fn refusal(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        ActionError::check_turn(self.outcome.is_some(), seat, self.to_move())
            .map_err(Refusal::Turn)?;
        self.check_rules(seat, action)
    }

    /// The rules part of [`Self::check`], for a seat already known to be to move.
    fn check_rules(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        match self.part() {
            Some(Part::Placement) => self.check_placement(seat, action),
            Some(Part::Movement) => self.check_movement(seat, action),
            Some(Part::Attack) => self.check_attack(seat, action),
            Some(Part::Recovery) => self.check_recovery(seat, action),
            None => Err(Refusal::Turn(ActionError::GameOver)),
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

    const INFO: GameInfo = GameInfo::new("launch-fighters", "Launch Fighters!", (2, 6));

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

    /// The seats owing a decision now.
    fn to_move(&self) -> Vec<Seat> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        if let Some(p) = self.pending.last() {
            return vec![p.seat];
        }
        if let Some(a) = &self.activation {
            return vec![self.unit(a.unit).owner];
        }
        let actor = match self.phase {
            Phase::Placement => self.placement_actor(),
            Phase::Movement { .. } | Phase::Attack { .. } => self.step_actor(),
            Phase::Recovery => self.recovery_actor(),
            Phase::Over => None,
        };
        actor.into_iter().collect()
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

    fn default_action(&self, seat: Seat) -> Option<Action> {
        default_action::default_action(self, seat)
    }

    /// Every ship (kind: its design name, points: its LF-18 cost, squadrons aboard
    /// included) and every squadron (kind [`SQUADRON_KIND`], 5 points). Survived: a
    /// ship not destroyed and not retreated; a squadron on the map, or aboard a ship
    /// still on the map (or not yet placed).
    fn unit_fates(&self) -> Vec<UnitFate> {
        let in_play = |u: &Unit| matches!(u.location, Location::OnMap(_) | Location::Unplaced);
        self.units
            .iter()
            .map(|u| match &u.kind {
                UnitKind::Ship(s) => UnitFate {
                    seat: u.owner,
                    kind: s.design.name.clone(),
                    points: f64::from(s.cost),
                    survived: in_play(u),
                },
                UnitKind::Squadron(_) => UnitFate {
                    seat: u.owner,
                    kind: SQUADRON_KIND.to_string(),
                    points: SQUADRON_POINTS,
                    survived: match u.location {
                        Location::OnMap(_) => true,
                        Location::Aboard(h) => self.units.get(h.index()).is_some_and(in_play),
                        _ => false,
                    },
                },
            })
            .collect()
    }

    fn action_bound(&self) -> usize {
        // Per turn every unit moves and activates a bounded number of times; be generous.
        (self.turn_limit as usize + 1) * (self.units.len() + 4) * 60
    }
}
