//! The [`Game`] impl of Black Skies: the referee's questions and answers (`rules`), the
//! view, the secrets and the checks of a loaded state, tied to the trait under its own
//! names. It stands above every other module: none imports it.

use crate::catalogue::pilot_points;
use crate::combat::targets;
use crate::maneuver::{options, MAX_SPEED};
use crate::rules::compositions;
use crate::state::{Phase, Status};
use crate::{scenario, Action, BlackSkies, BsView, Event, Scenario};
use orrery_core::{
    ActionError, Game, GameInfo, Logged, NamedScenario, Outcome, Progress, Rng, Seat, SetupError,
    StateError, UnitFate,
};

impl Game for BlackSkies {
    type Scenario = Scenario;
    type Action = Action;
    type Event = Event;
    type View = BsView;

    const INFO: GameInfo = GameInfo::new("black-skies", "Black Skies", (2, 2));

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

    /// The seats to move now.
    fn to_move(&self) -> Vec<Seat> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        match self.phase {
            Phase::Ready => Seat::all(2).filter(|&s| !self.readied(s)).collect(),
            _ => self.asked().into_iter().collect(),
        }
    }

    /// The answers to the open question for `seat`.
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        match &self.phase {
            Phase::Deploy { seat: s } if *s == seat => self.deployments(seat),
            // BS-02 (version 2): the next element of the deck and its speed, then
            // its first card.
            Phase::Ready => match self.uncarded(seat) {
                Some(e) => self
                    .cards_of(e)
                    .into_iter()
                    .map(|card| Action::Card { card })
                    .collect(),
                None => {
                    let mut out = Vec::new();
                    for e in self.unready(seat) {
                        for speed in 0..=MAX_SPEED {
                            out.push(Action::Speed { element: e, speed });
                        }
                    }
                    out
                }
            },
            Phase::Group { seat: s } if *s == seat => {
                let n = self.live_count(seat) as u8;
                let g = self.group_count() as u8;
                compositions(n, g)
                    .into_iter()
                    .map(|sizes| Action::Group { sizes })
                    .collect()
            }
            Phase::Maneuver { element } if self.owner(*element) == seat => {
                let card = self.element(*element).shown.unwrap_or(1);
                options(card)
                    .map(|m| Action::Maneuver { option: m.option })
                    .collect()
            }
            Phase::Fire {
                element,
                fighter,
                weapon,
                ..
            } if self.owner(*element) == seat => {
                let mut out: Vec<Action> = targets(self, self.fighter(*fighter), *weapon)
                    .into_iter()
                    .map(|target| Action::Fire { target })
                    .collect();
                out.push(Action::Hold);
                out
            }
            Phase::Card { element } if self.owner(*element) == seat => self
                .cards_of(*element)
                .into_iter()
                .map(|card| Action::Card { card })
                .collect(),
            _ => Vec::new(),
        }
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

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    /// Points of enemy fighters destroyed or disengaged, per seat (BS-12).
    fn scores(&self) -> Vec<f64> {
        let mut s = vec![0.0, 0.0];
        for f in &self.fighters {
            if matches!(f.status, Status::Destroyed | Status::Disengaged) {
                let p = self.design_of(f).points() + pilot_points(f.skill);
                s[1 - f.seat.index()] += f64::from(p);
            }
        }
        s
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
        crate::validate::validate(self)
    }

    fn unrevealed(&self, seat: Seat) -> usize {
        crate::secrets::unrevealed(self, seat)
    }

    fn is_secret(&self, seat: Seat, back: usize) -> bool {
        crate::secrets::is_secret(self, seat, back)
    }

    fn revealed_since(&self, before: &BlackSkies) -> bool {
        crate::secrets::revealed_since(self, before)
    }

    fn determinize(&mut self, viewer: Seat, rng: &mut Rng) {
        crate::secrets::determinize(self, viewer, rng)
    }

    fn default_action(&self, seat: Seat) -> Option<Action> {
        crate::secrets::default_action(self, seat)
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
