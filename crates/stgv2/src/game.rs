//! The [`Game`] impl of STGv2: the referee's questions and answers (`rules`), the
//! view, the secrets and the checks of a loaded state, tied to the trait under its own
//! names. It stands above every other module: none imports it.

use crate::state::Step;
use crate::{scenario, validate, Action, Event, Scenario, StView, Stgv2};
use orrery_core::{
    ActionError, Game, GameInfo, Logged, NamedScenario, Outcome, Progress, Rng, Seat, SetupError,
    StateError, UnitFate,
};
use std::ops::ControlFlow;

impl Game for Stgv2 {
    type Scenario = Scenario;
    type Action = Action;
    type Event = Event;
    type View = StView;

    const INFO: GameInfo = GameInfo::new("stgv2", "STGv2", (2, 6));

    fn scenarios() -> Vec<NamedScenario<Scenario>> {
        scenario::builtin()
    }

    fn setup(scenario: &Scenario, seed: u64) -> Result<Self, SetupError> {
        Self::setup_logged(scenario, seed).map(|(g, _)| g)
    }

    /// ST-05: the random first player, and the starting corners taken at once.
    fn setup_logged(
        scenario: &Scenario,
        seed: u64,
    ) -> Result<(Self, Vec<Logged<Event>>), SetupError> {
        let mut g = scenario::setup(scenario, seed)?;
        let mut log = vec![Logged::public(Event::FirstDrawn {
            seat: g.first,
            players: g.seats(),
        })];
        // Starting corners with a single option are taken at once (STO-04).
        g.settle(&mut log);
        Ok((g, log))
    }

    fn seats(&self) -> u8 {
        self.players.len() as u8
    }

    /// The seat that owes an answer.
    fn to_move(&self) -> Vec<Seat> {
        match &self.step {
            Step::Over => Vec::new(),
            Step::Start { seat } => vec![*seat],
            Step::Damage { damage, .. } => damage
                .first()
                .map(|p| vec![self.ship(p.ship).seat])
                .unwrap_or_default(),
            _ => vec![self.current],
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        crate::legal::legal_actions(self, seat)
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Logged<Event>>, ActionError> {
        let play = self.checked(seat, action)?;
        let mut log = Vec::new();
        self.run(seat, action, play, &mut log);
        Ok(log)
    }

    fn view(&self, viewer: Option<Seat>) -> StView {
        StView::new(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn is_terminal(&self) -> bool {
        self.outcome.is_some()
    }

    fn scores(&self) -> Vec<f64> {
        crate::victory::scores(self)
    }

    fn progress(&self) -> Progress {
        Progress {
            turn: self.round,
            phase: self.step.name().to_string(),
        }
    }

    fn rng(&self) -> &Rng {
        &self.rng
    }

    fn rng_mut(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// The order of the decks' face-down draw piles (Move, Outpost, Revenue: ST-07,
    /// ST-13) and the dice to come are the only hidden information. A look-ahead
    /// copy deals each pile afresh from a canonical order (`Deck::redeal_draw`) and
    /// reseeds the dice, so it never depends on the true order: two worlds a seat
    /// cannot tell apart give the same copy with the same generator.
    fn determinize(&mut self, _viewer: Seat, rng: &mut Rng) {
        self.move_deck.redeal_draw(rng);
        self.outpost_deck.redeal_draw(rng);
        self.revenue_deck.redeal_draw(rng);
        let seed = rng.next_u64();
        self.rng.reseed(seed);
    }

    /// A step is final when it drew from a face-down pile, reshuffled a deck or
    /// turned a card face up (ST-07: "when the deck is empty the discard pile is
    /// shuffled to form a new deck"; ST-13: "Drawn cards are discarded; each deck
    /// reshuffles its discards when empty"): undoing it would let a player see the
    /// cards and choose again. Cards only leave a draw pile by being drawn and only
    /// enter it by a reshuffle (which draws from the generator: the session refuses
    /// that by itself), so a changed draw pile is exactly a draw.
    fn revealed_since(&self, before: &Self) -> bool {
        self.move_deck.draw != before.move_deck.draw
            || self.outpost_deck.draw != before.outpost_deck.draw
            || self.revenue_deck.draw != before.revenue_deck.draw
    }

    fn validate(&self) -> Result<(), StateError> {
        validate::validate(self)
    }

    /// Timeouts: end the set or the step; place no cells; the first choice otherwise.
    fn default_action(&self, seat: Seat) -> Option<Action> {
        let mut first = None;
        let pick = self.each_answer(seat, |a| {
            if matches!(a, Action::Next | Action::EndSet)
                || a == (Action::Cells {
                    moves: 0,
                    attack: 0,
                    defend: 0,
                    action: 0,
                })
            {
                return ControlFlow::Break(a);
            }
            first.get_or_insert(a);
            ControlFlow::Continue(())
        });
        match pick {
            ControlFlow::Break(a) => Some(a),
            ControlFlow::Continue(()) => first,
        }
    }

    /// Every ship, worth what its hull and its assets cost on the Supply List
    /// (ST-15; a Shuttle as much as an Engine).
    fn unit_fates(&self) -> Vec<UnitFate> {
        let p = &self.rules.prices;
        self.ships
            .iter()
            .map(|s| {
                let a = &s.assets;
                let cost = p.ship
                    + p.weapon * u32::from(a.weapon)
                    + p.shield * u32::from(a.shield)
                    + p.engine * (u32::from(a.engine) + u32::from(a.shuttle));
                UnitFate {
                    seat: s.seat,
                    kind: if usize::from(s.id) < self.players.len() {
                        "starting ship".into()
                    } else {
                        "bought ship".into()
                    },
                    points: f64::from(cost),
                    survived: s.alive,
                }
            })
            .collect()
    }

    fn action_bound(&self) -> usize {
        let ships = self.ships.len().max(8) * 4;
        let per_turn = 8 + 3 * ships * 26 + ships * 6 + 8 + 200;
        20 + (self.rules.rounds as usize + 1) * self.players.len() * per_turn
    }
}
