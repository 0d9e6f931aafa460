//! # STGv2 for Orrery
//!
//! Seed `002_248fd9bc0ecfe6b7.txt` ("STGv2 Basics", Scenario 1 "Outpost"), the
//! rulings `rulings-stgv2.md` (ST-01…ST-19, version 2) and this project's own rulings in
//! `docs/stgv2.md` (STO-…).
//!
//! Structure: the field is the `orrery-nodes` crate (ST-01…ST-03); `scenario`
//! (boards, starting state, decks and prices as TOML: ST-04/05), `state`, `deck`,
//! `action`/`event`, `rules` (the turn's seven steps, ST-06), `victory` (ST-17…ST-19),
//! `movement` (Move Cards, ST-07…ST-09), `combat` (ST-10…ST-12), `economy`
//! (ST-13…ST-15), `odds`, `value` (the agents' evaluation), `view`, `render`,
//! `quick`, `validate`.

pub mod action;
pub mod combat;
pub mod deck;
pub mod economy;
mod ending;
pub mod event;
pub mod glossary;
mod grid;
mod knowledge;
pub mod learn;
mod legal;
pub mod movement;
pub mod odds;
mod quick;
pub mod render;
pub mod rules;
pub mod scenario;
pub mod state;
pub mod testkit;
mod validate;
pub mod value;
mod victory;
pub mod view;
mod why;
mod words;

pub use action::{Action, Item};
pub use event::Event;
pub use scenario::Scenario;
pub use state::Stgv2;
pub use view::StView;

use orrery_core::{
    ActionError, Game, Logged, NamedScenario, OddsArgs, OddsCalculators, OddsError, OddsReport,
    Outcome, Progress, Rng, RosterEntry, Seat, SetupError, StateError, UnitFate,
};
use orrery_core::{Files, Learning, Odds, Presentation, SearchHints};
use std::ops::ControlFlow;

impl Game for Stgv2 {
    type Scenario = Scenario;
    type Action = Action;
    type Event = Event;
    type View = StView;

    const ID: &'static str = "stgv2";
    const NAME: &'static str = "STGv2";
    const PLAYERS: (u8, u8) = (2, 6);

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

    fn to_move(&self) -> Vec<Seat> {
        self.to_move_now()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.answers(seat)
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

    /// What the seat's view shows, digested in place (`knowledge.rs` says what it
    /// reads and leaves out).
    fn knowledge_digest(&self, seat: Seat) -> u64 {
        self.knowledge(seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn is_terminal(&self) -> bool {
        self.outcome.is_some()
    }

    fn scores(&self) -> Vec<f64> {
        self.score_list()
    }

    /// ST-18 in words: Spendys ON station and outposts per seat, the ships each lost.
    fn ending_for(&self, outcome: &Outcome) -> orrery_core::Ending {
        self.ending_words(outcome)
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

impl Presentation for Stgv2 {
    // The rules page, the board and the fleet builder (`web/`).
    orrery_core::web_assets!();

    fn glossary() -> &'static str {
        glossary::GLOSSARY
    }

    fn input_hint(&self, seat: Seat) -> Option<String> {
        quick::hint(self, seat)
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Option<Result<Vec<Action>, String>> {
        Some(quick::parse(self, seat, text).map(|a| vec![a]))
    }

    fn describe_action(&self, viewer: Option<Seat>, action: &Action) -> String {
        self.describe(viewer, action)
    }

    fn describe_event(&self, event: &Event) -> String {
        self.event_text(event)
    }

    fn render_text(&self, viewer: Option<Seat>) -> String {
        self.field_text(viewer)
    }
}

impl Odds for Stgv2 {
    fn odds_calculators() -> Option<OddsCalculators> {
        Some(odds::calculators())
    }

    fn odds_calculate(name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError> {
        odds::calculate(name, args)
    }

    fn action_odds(&self, seat: Seat, action: &Action) -> Option<serde_json::Value> {
        self.odds_of(seat, action)
    }

    fn action_odds_text(&self, seat: Seat, action: &Action) -> Option<String> {
        self.odds_line(seat, action)
    }

    /// `follow`: every position the ship could end at with the set
    /// (`{"reachable": [pos…]}`); `card`: the path (`{"path", "to", "blocked"}`).
    fn preview_action(&self, seat: Seat, action: &Action) -> Option<serde_json::Value> {
        if self.check(seat, action).is_err() {
            return None;
        }
        match action {
            Action::Follow { set, ship } => Some(serde_json::json!({
                "reachable": self.reachable(*set, *ship, 0),
            })),
            Action::Card { dirs } => {
                let p = self.current_plays().into_iter().find(|p| &p.dirs == dirs)?;
                Some(serde_json::json!({
                    "path": p.path,
                    "to": p.path.last(),
                    "blocked": p.blocked,
                }))
            }
            _ => None,
        }
    }
}

impl Files for Stgv2 {
    /// Scenario files in TOML (docs/stgv2.md).
    fn scenario_from_text(text: &str, file: &str) -> Option<Result<Scenario, SetupError>> {
        Some(scenario::parse_scenario(text, file).map_err(|e| SetupError::new(e.messages())))
    }

    /// What a seat may start with beyond the seed's starting state, at Supply List
    /// prices (`scenario::roster`): `orrery calibrate` fits what each is worth.
    fn roster(scenario: &Scenario) -> Vec<RosterEntry> {
        scenario::roster(scenario)
    }

    fn with_forces(base: &Scenario, forces: &[Vec<String>]) -> Result<Scenario, SetupError> {
        scenario::with_forces(base, forces)
    }
}

impl SearchHints for Stgv2 {
    /// The lead in rounds still needed to reach the Spendys target at the income the
    /// ships, cells and outposts bring (`value.rs`).
    fn evaluate(&self, seat: Seat) -> f64 {
        self.position_value(seat)
    }

    /// Legal actions, with cell placements cut to those that place every cell
    /// they can and moves to ships not parked where they earn (`value.rs`,
    /// `search_menu`).
    fn search_actions(&self, seat: Seat) -> Vec<Action> {
        self.search_menu(seat)
    }

    /// A plain collector (`value.rs`, `collector_answer`): the search's model of the
    /// other seats.
    fn playout_action(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        self.collector_answer(seat, rng)
    }

    /// Uniform over the legal actions, as the default draws it (the same action
    /// for the same generator), without listing them (`Stgv2::sample_answer`).
    fn sample_action(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        self.sample_answer(seat, rng)
    }
}

impl Learning for Stgv2 {
    /// Per turn at most: cells, 3 sets × ships × (follow + 24 cards), attacks with
    /// damage choices, attempts, purchases, and the steps' `next`s.
    /// The sizes of [`learn`]'s blocks, ship fields bounded by the cap of ship slots.
    fn action_space(&self) -> usize {
        learn::action_space(self)
    }

    fn action_id(&self, seat: Seat, action: &Action) -> Option<usize> {
        learn::action_id(self, seat, action)
    }

    fn observe(view: &StView, out: &mut orrery_core::learn::Features) {
        learn::observe(view, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_data_reads() {
        scenario::check_shipped().unwrap();
        assert_eq!(Stgv2::scenarios().len(), 6);
    }
}
