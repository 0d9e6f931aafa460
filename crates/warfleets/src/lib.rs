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
pub mod testkit;
mod validate;
pub mod view;

pub use action::{Action, GunRef};
pub use event::Event;
pub use scenario::Scenario;
pub use state::Warfleets;
pub use view::WfView;

use orrery_core::{
    ActionError, FileError, FleetCheck, Game, Logged, NamedScenario, OddsArgs, OddsCalculators,
    OddsError, OddsReport, Outcome, Progress, Rng, RosterEntry, Seat, SetupError, StateError,
    UnitFate,
};
use orrery_core::{Files, Learning, Odds, Presentation, SearchHints};

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

impl Presentation for Warfleets {
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
        self.table_text(viewer)
    }
}

impl Odds for Warfleets {
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
        let Action::Fire { gun, target } = action else {
            return None;
        };
        let state::Step::Fire { model, .. } = &self.step else {
            return None;
        };
        if self.model(*model).seat != seat {
            return None;
        }
        self.odds_line_of(*model, *gun, *target)
    }

    /// Where a ship's order ends (`{"to": {x, y}, "heading", "path", "exit"}`).
    fn preview_action(&self, seat: Seat, action: &Action) -> Option<serde_json::Value> {
        let state::Step::Order { model, .. } = &self.step else {
            return None;
        };
        if self.model(*model).seat != seat || self.check(seat, action).is_err() {
            return None;
        }
        let (took, pivot, turn, target) = match *action {
            Action::Move { pivot, turn } => (state::Took::Move, pivot, turn, None),
            Action::Cruise { pivot, turn } => (state::Took::Cruise, pivot, turn, None),
            Action::Ram {
                target,
                pivot,
                turn,
            } => (state::Took::Ram, pivot, turn, Some(target)),
            _ => return None,
        };
        let p = self.plan_ship(*model, took, pivot, turn, target).ok()?;
        Some(serde_json::json!({
            "path": p.points,
            "to": p.points.last(),
            "heading": p.heading.degrees(),
            "exit": p.exit,
        }))
    }
}

impl Files for Warfleets {
    /// Scenario files in TOML (docs/warfleets.md).
    fn scenario_from_text(text: &str, file: &str) -> Option<Result<Scenario, SetupError>> {
        Some(scenario::parse_scenario(text, file).map_err(|e| SetupError::new(e.messages())))
    }

    /// Every hull with the standard outfit, and `Destroyer + X` for every weapon,
    /// system, hero and title (WFO-06): `orrery calibrate` fits a value for each.
    fn roster(scenario: &Scenario) -> Vec<RosterEntry> {
        fleetfile::roster(&scenario.catalogue)
    }

    /// Forces by roster name (WFO-06).
    fn with_forces(base: &Scenario, forces: &[Vec<String>]) -> Result<Scenario, SetupError> {
        fleetfile::with_forces(base, forces)
    }

    fn take_points_limit(scenario: &mut Scenario) -> Option<f64> {
        scenario.points_limit.take().map(f64::from)
    }

    fn fleet_check(text: &str, file: &str) -> Option<Result<FleetCheck, FileError>> {
        Some(fleetfile::check(text, file))
    }

    /// A list's `[[ship]]` and `[[squadron]]` entries.
    fn fleet_file_keys() -> &'static [&'static str] {
        &["ship", "squadron"]
    }
}

impl SearchHints for Warfleets {
    /// Markers carried, each fleet's strength left (points weighted by working
    /// upgrades or squadron health), and which side's ships are nearer the markers
    /// still on the table (`rules.rs`, `position_value`).
    fn evaluate(&self, seat: Seat) -> f64 {
        self.position_value(seat)
    }

    /// Uniform over the legal answers; orders and deployment drawn by rejection
    /// from their candidates without listing them (`draw.rs`, [`Warfleets::sample`]).
    fn sample_action(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        self.sample(seat, rng)
    }

    /// Coarse grids and an order menu (`answers.rs`, `order_menu`).
    fn search_actions(&self, seat: Seat) -> Vec<Action> {
        self.search_answers(seat)
    }
}

impl Learning for Warfleets {
    /// The fixed numbering of answers for learning agents (`learn.rs`,
    /// docs/learning/warfleets.md): blocks of ids for the answers naming a model,
    /// then one block per seat; positions are cells of the whole-inch grid.
    fn action_space(&self) -> usize {
        learn::action_space(self)
    }

    fn action_id(&self, seat: Seat, action: &Action) -> Option<usize> {
        learn::action_id(self, seat, action)
    }

    /// The view as numbers (`observe.rs`, docs/learning/warfleets.md).
    fn observe(view: &WfView, out: &mut orrery_core::learn::Features) {
        observe::observe(view, out)
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
