//! The rulesets an engine offers, by id.

use crate::{DynGame, ProtocolError, SessionGame};
use orrery_core::FullGame;
use orrery_core::{
    scenario_from_json, FileError, FleetCheck, OddsArgs, OddsCalculators, OddsError, OddsReport,
    Record, RosterEntry, Session, SetupError, UnitFate,
};
use serde::Serialize;
use serde_json::Value;
use std::marker::PhantomData;

/// A built-in scenario's name and description.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScenarioInfo {
    pub name: String,
    pub description: String,
    /// How many seats (players) it sets up.
    pub seats: u8,
}

/// What a ruleset is, for the `rulesets` command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulesetInfo {
    pub id: String,
    pub name: String,
    /// Fewest and most players.
    pub players: [u8; 2],
    /// Built-in scenarios; the first is the default.
    pub scenarios: Vec<ScenarioInfo>,
}

/// Which scenario to set a game up from.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum ScenarioSpec {
    /// The ruleset's first built-in scenario.
    #[default]
    Default,
    /// A built-in scenario by name.
    Named(String),
    /// A whole scenario written out as JSON (e.g. an edited copy of a built-in one).
    Inline(Value),
}

/// A scenario that sets up, described for `orrery scenario check`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScenarioCheck {
    pub ruleset: String,
    pub seats: u8,
    /// Every unit each seat fields at the start, with its published points.
    pub units: Vec<UnitFate>,
}

/// One registered ruleset, type-erased: its facts, new games, records and scenarios;
/// its files, browser scripts and odds calculators are the capability traits it
/// stands on. Implemented for every [`Game`](orrery_core::Game) by
/// [`Registry::register`].
pub trait Ruleset: RulesetFiles + RulesetPresentation + RulesetOdds + Send + Sync {
    fn info(&self) -> RulesetInfo;
    fn new_game(
        &self,
        scenario: ScenarioSpec,
        seed: u64,
    ) -> Result<Box<dyn DynGame>, ProtocolError>;
    fn load_record(&self, record: &Record) -> Result<Box<dyn DynGame>, ProtocolError>;
    /// A built-in scenario as JSON (`None` = the default one).
    fn scenario_json(&self, name: Option<&str>) -> Result<Value, ProtocolError>;
    /// Set `scenario` up (every rule of the ruleset's set-up is checked) and list
    /// the forces it fields.
    fn check_scenario(&self, scenario: Value) -> Result<ScenarioCheck, SetupError>;
}

/// A registered ruleset's own files ([`orrery_core::Files`]): scenario files, fleet
/// files and the roster fleet builders draw from.
pub trait RulesetFiles {
    /// Read a scenario file in the ruleset's own format ([`Files::scenario_from_text`](orrery_core::Files::scenario_from_text))
    /// into scenario JSON; `None` when the ruleset reads JSON scenarios only.
    fn scenario_from_text(&self, text: &str, file: &str) -> Option<Result<Value, SetupError>>;
    /// Check a fleet file in the ruleset's own format ([`Files::fleet_check`](orrery_core::Files::fleet_check)); `None`
    /// when the ruleset has no fleet files.
    fn fleet_check(&self, text: &str, file: &str) -> Option<Result<FleetCheck, FileError>>;
    /// The top-level keys that mark a fleet file as this ruleset's
    /// ([`Files::fleet_file_keys`](orrery_core::Files::fleet_file_keys)).
    fn fleet_file_keys(&self) -> &'static [&'static str];
    /// The unit types forces are drawn from in the default scenario, with their
    /// points ([`Files::roster`](orrery_core::Files::roster)), for fleet builders.
    fn roster(&self) -> Vec<RosterEntry>;
    /// The unit types `scenario` (JSON)'s forces are drawn from, with their points
    /// ([`Files::roster`](orrery_core::Files::roster)).
    fn roster_of(&self, scenario: Value) -> Result<Vec<RosterEntry>, SetupError>;
    /// `base` (JSON) with `forces[i]` as seat i's force, built apart to `points`
    /// ([`Files::muster`](orrery_core::Files::muster)), as JSON.
    fn muster(&self, base: Value, points: f64, forces: &[Vec<String>])
        -> Result<Value, SetupError>;
}

/// What a registered ruleset gives browsers ([`orrery_core::Presentation`]): its board
/// and fleet builder scripts and its rules page.
pub trait RulesetPresentation {
    /// The ruleset's board module for browsers ([`Presentation::board_script`](orrery_core::Presentation::board_script)).
    fn board_script(&self) -> Option<&'static str>;
    /// The ruleset's fleet builder module for browsers ([`Presentation::builder_script`](orrery_core::Presentation::builder_script)).
    fn builder_script(&self) -> Option<&'static str>;
    /// The ruleset's rules page and glossary ([`Presentation::rules_page`](orrery_core::Presentation::rules_page)).
    fn rules_page(&self) -> Option<orrery_core::RulesPage>;
    /// The ruleset's guided first battle ([`Presentation::tutorial`](orrery_core::Presentation::tutorial)).
    fn tutorial(&self) -> Option<&'static str>;
}

/// A registered ruleset's stand-alone odds calculators ([`orrery_core::Odds`]).
pub trait RulesetOdds {
    /// The ruleset's stand-alone odds calculators ([`Odds::odds_calculators`](orrery_core::Odds::odds_calculators)).
    fn odds_calculators(&self) -> Option<OddsCalculators>;
    /// Run one of them ([`Odds::odds_calculate`](orrery_core::Odds::odds_calculate)).
    fn odds_calculate(&self, name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError>;
}

struct RulesetOf<G> {
    /// [`Ruleset::info`], worked out once (it sets every built-in scenario up).
    info: std::sync::OnceLock<RulesetInfo>,
    game: PhantomData<fn() -> G>,
}

impl<G: FullGame> RulesetOf<G> {
    fn work_out_info() -> RulesetInfo {
        RulesetInfo {
            id: G::INFO.id.to_string(),
            name: G::INFO.name.to_string(),
            players: [G::INFO.players.0, G::INFO.players.1],
            scenarios: G::scenarios()
                .into_iter()
                .map(|s| ScenarioInfo {
                    seats: G::setup(&s.scenario, 1).map(|g| g.seats()).unwrap_or(0),
                    name: s.name,
                    description: s.description,
                })
                .collect(),
        }
    }

    fn named(name: &str) -> Result<G::Scenario, ProtocolError> {
        let all = G::scenarios();
        let known = all
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        all.iter()
            .find(|s| s.name == name)
            .map(|s| s.scenario.clone())
            .ok_or_else(|| ProtocolError::UnknownScenario {
                ruleset: G::INFO.id.to_string(),
                name: crate::clip(name),
                known,
            })
    }

    fn default_scenario() -> Result<G::Scenario, ProtocolError> {
        G::scenarios()
            .into_iter()
            .next()
            .map(|s| s.scenario)
            .ok_or_else(|| {
                ProtocolError::InvalidSetup(format!(
                    "ruleset `{}` has no built-in scenario; send one inline",
                    G::INFO.id
                ))
            })
    }
}

impl<G: FullGame> Ruleset for RulesetOf<G> {
    fn info(&self) -> RulesetInfo {
        self.info.get_or_init(Self::work_out_info).clone()
    }

    fn new_game(
        &self,
        scenario: ScenarioSpec,
        seed: u64,
    ) -> Result<Box<dyn DynGame>, ProtocolError> {
        let scenario: G::Scenario = match scenario {
            ScenarioSpec::Default => Self::default_scenario()?,
            ScenarioSpec::Named(name) => Self::named(&name)?,
            ScenarioSpec::Inline(v) => serde_json::from_value(v)
                .map_err(|e| ProtocolError::InvalidSetup(format!("scenario: {e}")))?,
        };
        let session = Session::<G>::new(&scenario, seed)?;
        Ok(Box::new(SessionGame::new(session)))
    }

    fn load_record(&self, record: &Record) -> Result<Box<dyn DynGame>, ProtocolError> {
        Ok(Box::new(SessionGame::<G>::from_record(record)?))
    }

    fn scenario_json(&self, name: Option<&str>) -> Result<Value, ProtocolError> {
        let s = match name {
            Some(n) => Self::named(n)?,
            None => Self::default_scenario()?,
        };
        serde_json::to_value(s)
            .map_err(|e| ProtocolError::Internal(format!("scenario cannot be written: {e}")))
    }

    fn check_scenario(&self, scenario: Value) -> Result<ScenarioCheck, SetupError> {
        let scenario = scenario_from_json::<G>(scenario)?;
        let game = G::setup(&scenario, 1)?;
        Ok(ScenarioCheck {
            ruleset: G::INFO.id.to_string(),
            seats: game.seats(),
            units: game.unit_fates(),
        })
    }
}

impl<G: FullGame> RulesetFiles for RulesetOf<G> {
    fn scenario_from_text(&self, text: &str, file: &str) -> Option<Result<Value, SetupError>> {
        let scenario = G::scenario_from_text(text, file)?;
        Some(scenario.and_then(|s| {
            serde_json::to_value(s)
                .map_err(|e| SetupError::one(format!("{file}: cannot be written as JSON: {e}")))
        }))
    }
    fn fleet_check(&self, text: &str, file: &str) -> Option<Result<FleetCheck, FileError>> {
        G::fleet_check(text, file)
    }
    fn fleet_file_keys(&self) -> &'static [&'static str] {
        G::fleet_file_keys()
    }
    fn roster(&self) -> Vec<RosterEntry> {
        Self::default_scenario()
            .map(|s| G::roster(&s))
            .unwrap_or_default()
    }
    fn roster_of(&self, scenario: Value) -> Result<Vec<RosterEntry>, SetupError> {
        Ok(G::roster(&scenario_from_json::<G>(scenario)?))
    }
    fn muster(
        &self,
        base: Value,
        points: f64,
        forces: &[Vec<String>],
    ) -> Result<Value, SetupError> {
        let s = G::muster(&scenario_from_json::<G>(base)?, points, forces)?;
        serde_json::to_value(s)
            .map_err(|e| SetupError::one(format!("scenario cannot be written: {e}")))
    }
}

impl<G: FullGame> RulesetPresentation for RulesetOf<G> {
    fn board_script(&self) -> Option<&'static str> {
        G::board_script()
    }
    fn builder_script(&self) -> Option<&'static str> {
        G::builder_script()
    }
    fn rules_page(&self) -> Option<orrery_core::RulesPage> {
        G::rules_page()
    }
    fn tutorial(&self) -> Option<&'static str> {
        G::tutorial()
    }
}

impl<G: FullGame> RulesetOdds for RulesetOf<G> {
    fn odds_calculators(&self) -> Option<OddsCalculators> {
        G::odds_calculators()
    }
    fn odds_calculate(&self, name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError> {
        G::odds_calculate(name, args)
    }
}

/// The rulesets an engine offers.
#[derive(Default)]
pub struct Registry {
    rulesets: Vec<(&'static str, Box<dyn Ruleset>)>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// Offer ruleset `G` (replacing any ruleset with the same id).
    pub fn register<G: FullGame>(&mut self) {
        let entry: Box<dyn Ruleset> = Box::new(RulesetOf::<G> {
            info: std::sync::OnceLock::new(),
            game: PhantomData,
        });
        crate::suggest::register_ruleset(G::INFO.id);
        match self.rulesets.iter_mut().find(|(id, _)| *id == G::INFO.id) {
            Some(slot) => slot.1 = entry,
            None => self.rulesets.push((G::INFO.id, entry)),
        }
    }

    /// Builder form of [`Registry::register`].
    pub fn with<G: FullGame>(mut self) -> Self {
        self.register::<G>();
        self
    }

    /// Every registered ruleset, in registration order.
    pub fn rulesets(&self) -> Vec<RulesetInfo> {
        self.rulesets.iter().map(|(_, r)| r.info()).collect()
    }

    /// The ruleset with this id.
    pub fn get(&self, id: &str) -> Option<&dyn Ruleset> {
        self.rulesets
            .iter()
            .find(|(rid, _)| *rid == id)
            .map(|(_, r)| r.as_ref())
    }

    fn ruleset(&self, id: &str) -> Result<&dyn Ruleset, ProtocolError> {
        self.get(id)
            .ok_or_else(|| ProtocolError::UnknownRuleset(crate::clip(id)))
    }

    /// Set up a new game.
    pub fn new_game(
        &self,
        ruleset: &str,
        scenario: ScenarioSpec,
        seed: u64,
    ) -> Result<Box<dyn DynGame>, ProtocolError> {
        self.ruleset(ruleset)?.new_game(scenario, seed)
    }

    /// Replay a record (its ruleset must be registered), checking every hash.
    pub fn load_record(&self, record: &Record) -> Result<Box<dyn DynGame>, ProtocolError> {
        self.ruleset(&record.ruleset)?.load_record(record)
    }

    /// A built-in scenario as JSON, to edit and send back inline.
    pub fn scenario_json(&self, ruleset: &str, name: &str) -> Result<Value, ProtocolError> {
        self.ruleset(ruleset)?.scenario_json(Some(name))
    }
}
