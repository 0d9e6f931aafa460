use crate::{
    digest, stable_hash, ActionError, Ending, FileError, FleetCheck, Logged, OddsArgs,
    OddsCalculators, OddsError, OddsReport, Rng, RosterFile, Seat, SetupError, StateError,
    StateHash,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// A built-in scenario, shipped as data with its ruleset.
#[derive(Clone, Debug)]
pub struct NamedScenario<S> {
    pub name: String,
    pub description: String,
    pub scenario: S,
}

impl<S> NamedScenario<S> {
    /// Scenarios read by id (e.g. from a ruleset's built-in files), each described by
    /// `describe`.
    pub fn all_by_id(all: Vec<(&str, S)>, describe: impl Fn(&S) -> &str) -> Vec<Self> {
        all.into_iter()
            .map(|(id, scenario)| NamedScenario {
                name: id.to_string(),
                description: describe(&scenario).to_string(),
                scenario,
            })
            .collect()
    }
}

/// What became of one unit, for the lab's survival tables.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitFate {
    pub seat: Seat,
    /// The unit's type (design, parameter card) as the roster names it.
    pub kind: String,
    /// Its published points.
    pub points: f64,
    /// Still in play (not destroyed, wrecked, withdrawn or abandoned).
    pub survived: bool,
}

/// A unit type a scenario's forces may be built from, with its published points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RosterEntry {
    pub name: String,
    pub points: f64,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning seats (several = a shared win; all = a draw).
    pub winners: Vec<Seat>,
    /// The final score of every seat (victory points in most rulesets).
    pub scores: Vec<f64>,
    /// Why the game ended, in the ruleset's words (e.g. "stalemate: no barrage or
    /// dogfight in the last 3 turns (LF-17 (b))"); empty when the ruleset does not say.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// A ruleset's rules for players, for the browser's rules page ([`Presentation::rules_page`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesPage {
    /// A summary written for players, in Markdown; each section's heading starts with
    /// its rule id (`## LF-11 Barrages`), which becomes its anchor.
    pub markdown: &'static str,
    /// The glossary of every abbreviation and term the ruleset's texts show, as JSON:
    /// `[{"term": "THT", "meaning": "…", "rule": "SY-04"}, …]` (`rule` may be empty).
    pub glossary: &'static str,
}

/// The facts about a ruleset that no game changes (OpenSpiel's `GameType`): its id,
/// name, how many may play and how it hides things. One value per ruleset,
/// [`Game::INFO`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Kebab-case ruleset id, e.g. `launch-fighters`.
    pub id: &'static str,
    /// Human name.
    pub name: &'static str,
    /// Fewest and most players.
    pub players: (u8, u8),
    /// True when [`Game::determinize`] forgets other seats' pending secret answers
    /// (the copy asks them again, so a search plays them) instead of drawing them:
    /// the copy's view then shows those answers missing. The conformance suite then
    /// compares two such copies where it would compare the game with one. False: every
    /// copy is a world the seat's view cannot tell from the game.
    pub determinize_asks_again: bool,
}

impl GameInfo {
    /// A ruleset whose every determinized copy is a world its seat's view cannot tell
    /// from the game (`determinize_asks_again` false).
    pub const fn new(id: &'static str, name: &'static str, players: (u8, u8)) -> Self {
        GameInfo {
            id,
            name,
            players,
            determinize_asks_again: false,
        }
    }
}

/// Where the game stands, for status lines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub turn: u32,
    /// The phase's name (snake_case, e.g. `movement`): exactly the `phase` field of
    /// the ruleset's views, when they have one (the conformance suite checks it).
    pub phase: String,
}

/// One ruleset. The state *is* the game: the whole referee state, RNG included, is
/// serializable, so saving, loading and hashing are generic.
///
/// Contract (checked for every ruleset by [`crate::conformance`]):
/// - `to_move` is empty exactly when `outcome` is `Some`;
/// - every action in `legal_actions(seat)` is accepted by `apply(seat, _)`;
/// - `apply` either succeeds or returns an error with the state unchanged;
/// - all chance comes from [`Game::rng_mut`];
/// - `view(Some(seat))` holds nothing that seat may not know, and `view(None)` (the
///   spectator) nothing any seat keeps secret;
/// - `unrevealed(seat)` counts `seat`'s actions that are still secret (its latest
///   ones unless [`Game::is_secret`] says which), and never exceeds the number of
///   actions `seat` has made.
pub trait Game: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The data a game is set up from (forces, map, options).
    type Scenario: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// A decision a seat can make.
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// Something that happened.
    type Event: Clone + Debug + Serialize + Send + Sync;
    /// What one seat (or a spectator) can see.
    type View: Clone + Debug + PartialEq + Serialize;

    /// What the ruleset is: its id, name, seat counts and flags ([`GameInfo`]).
    const INFO: GameInfo;

    /// The built-in scenarios; the first is the default.
    fn scenarios() -> Vec<NamedScenario<Self::Scenario>>;

    /// Set up a game. All set-up chance comes from `seed`.
    fn setup(scenario: &Self::Scenario, seed: u64) -> Result<Self, SetupError>;

    /// [`Game::setup`] with what happened during the set-up itself: the rolls made
    /// before anyone answers (who places first, how many markers), so that front ends
    /// narrate every roll. The same game as `setup`. The default: no events; a
    /// ruleset that rolls at set-up overrides it and writes `setup` through it.
    #[allow(clippy::type_complexity)]
    fn setup_logged(
        scenario: &Self::Scenario,
        seed: u64,
    ) -> Result<(Self, Vec<Logged<Self::Event>>), SetupError> {
        Ok((Self::setup(scenario, seed)?, Vec::new()))
    }

    /// Number of seats in this game.
    fn seats(&self) -> u8;

    /// The seats that owe a decision now. Several at once means simultaneous secret
    /// commitments. Empty when the game is over.
    fn to_move(&self) -> Vec<Seat>;

    /// Every legal action for `seat` now (empty if it is not to move).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// Check, then execute. On error nothing has changed.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Logged<Self::Event>>, ActionError>;

    /// What `viewer` may see (`None` = spectator).
    fn view(&self, viewer: Option<Seat>) -> Self::View;

    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The score each seat would have if the game ended now.
    fn scores(&self) -> Vec<f64>;

    /// Turn and phase, for status lines.
    fn progress(&self) -> Progress;

    /// The game's random generator.
    fn rng(&self) -> &Rng;

    /// Mutable access, for reseeding look-ahead copies and forcing dice in tests.
    fn rng_mut(&mut self) -> &mut Rng;

    /// Replace everything `viewer` may not know (other seats' secret commitments,
    /// hidden cards) with a sample drawn from `rng` that is consistent with
    /// `viewer`'s view, and reseed the game's generator. Agents call this on a copy
    /// before looking ahead, so they decide from their seat's information only
    /// (determinization). It must not read what it replaces: two worlds that differ
    /// only in what `viewer` may not know (a face-down pile's order, another seat's
    /// secret order) give the same copy for the same `rng` (put hidden things in a
    /// canonical order before drawing them). A ruleset may instead forget other seats'
    /// pending secret answers, so that the copy asks them again (Stratoyager). The
    /// default covers games whose only secret is the dice.
    fn determinize(&mut self, _viewer: Seat, rng: &mut Rng) {
        let seed = rng.next_u64();
        self.rng_mut().reseed(seed);
    }

    /// How many of `seat`'s most recent actions are secret commitments that the other
    /// seats may not see yet (0 once the rules reveal them). Rulesets with
    /// simultaneous secret orders override it.
    ///
    /// It never exceeds the number of actions `seat` has made (checked by
    /// [`crate::conformance`]). The per-seat record ([`crate::Record::seen_by`])
    /// hides these actions from every other seat and from spectators, and
    /// [`crate::Session::undo`] never takes back an action that lowered it for
    /// another seat (that would reveal a secret and let it be changed).
    fn unrevealed(&self, _seat: Seat) -> usize {
        0
    }

    /// Whether `seat`'s action `back` places before its latest (0 = its latest
    /// action) is still a secret the other seats may not see. The default: its latest
    /// [`Game::unrevealed`] actions, which fits secret orders resolved together.
    /// Rulesets whose secrets outlive later public actions (Black Skies' face-down
    /// maneuver cards, committed after an activation and revealed a turn later)
    /// override both: `unrevealed` is then the number of `back`s for which this is
    /// true (checked by [`crate::conformance`]), [`crate::Record::seen_by`] hides
    /// exactly those actions, and the leak check runs when the latest is secret.
    fn is_secret(&self, seat: Seat, back: usize) -> bool {
        back < self.unrevealed(seat)
    }

    /// The action played for `seat` when it does not answer in time (a server's clock,
    /// a protocol timeout): the ruleset's documented default, else the first legal
    /// action.
    fn default_action(&self, seat: Seat) -> Option<Self::Action> {
        self.legal_actions(seat).into_iter().next()
    }

    /// What became of every unit so far (the lab's per-unit-type survival). The
    /// default reports nothing.
    fn unit_fates(&self) -> Vec<UnitFate> {
        Vec::new()
    }

    /// Check every invariant of the ruleset on a state that did not come from
    /// [`Game::setup`] and [`Game::apply`] (a saved state loaded from a file or a
    /// client): counts within their cards, seats that exist, units on the map and not
    /// stacked, secrets only where the rules keep them… Report every problem at once.
    /// A state that passes must be playable: no panic, no hang, every seat to move
    /// has a legal action and every listed action is accepted. Every state reached
    /// by play passes (checked by [`crate::conformance`], which also corrupts saved
    /// states one field at a time and requires each to be refused or playable). Must
    /// not panic on any deserializable state.
    fn validate(&self) -> Result<(), StateError> {
        Ok(())
    }

    /// Did the step from `before` to this state make anything hidden known to anyone,
    /// beyond dice and secret orders: a card drawn from a face-down pile, a face-down
    /// card turned up, a deck reshuffled? Such a step is final: undoing it would let a
    /// player look and choose again ([`crate::may_undo`]). Dice (draws from
    /// [`Game::rng`]) and other seats' secret commitments ([`Game::unrevealed`]) are
    /// checked by the session itself. The default: nothing else is ever hidden. The
    /// conformance suite checks every undo it allows against two determinizations.
    fn revealed_since(&self, before: &Self) -> bool {
        let _ = before;
        false
    }

    /// May `seat` take back the action that led from `before` to this state? The
    /// session already refuses anything that rolled dice or revealed something hidden
    /// ([`crate::may_undo`]); a ruleset refuses more when its rules make an order
    /// final once given (e.g. Stratoyager's arcade mode, SY-26). The default allows it.
    fn may_take_back(&self, before: &Self, seat: Seat) -> bool {
        let _ = (before, seat);
        true
    }

    /// An upper bound on the number of actions any game can take; the conformance
    /// suite fails a game that runs longer.
    fn action_bound(&self) -> usize {
        100_000
    }

    /// A stable hash of the whole state.
    fn state_hash(&self) -> StateHash {
        stable_hash(self)
    }

    /// True when the game is over.
    fn is_terminal(&self) -> bool {
        self.outcome().is_some()
    }
}

/// How a ruleset is shown to people (a capability of [`Game`]): one-line texts of
/// actions and events for logs and menus, a text board for terminals, quick order
/// entry, the glossary, the rules page and the browser's scripts. Words are made here,
/// above the rules; every text is built from what its reader may know (checked by
/// [`crate::conformance`]). Every method has a default, so a ruleset that shows
/// nothing of its own writes `impl Presentation for MyGame {}`.
pub trait Presentation: Game {
    /// The game's result as a person reads it ([`Ending`]); `None` while the game
    /// runs. [`Presentation::ending_for`] of [`Game::outcome`].
    fn ending(&self) -> Option<Ending> {
        self.outcome().map(|o| self.ending_for(&o))
    }

    /// `outcome` (this game's own, or one a front end decided: a resignation,
    /// [`crate::ending_after_resign`]) in words: side names, results, scores with what
    /// they count, losses, a headline. Shown to every seat: built only from what every
    /// seat may know (checked by [`crate::conformance`]), every number rounded for
    /// reading. The default ([`crate::default_ending`]) names the sides "Seat 1"…,
    /// rounds the scores and lists losses from [`Game::unit_fates`]; rulesets name
    /// their sides, say what the score counts and why the game ended.
    fn ending_for(&self, outcome: &Outcome) -> Ending {
        crate::default_ending(self, outcome)
    }

    /// Does `seat`'s legal `action` end the game, as far as `seat` can know? A front
    /// end then asks "this ends the game: sure?" before it is sent. The default
    /// applies it to a copy ([`crate::surely_ends_game`]): true when the copy is over
    /// and the action rolled no die and revealed nothing. A ruleset may mark more
    /// (an action that gives up the last unit able to win), never anything hidden.
    fn ends_game(&self, seat: Seat, action: &Self::Action) -> bool {
        crate::surely_ends_game(self, seat, action)
    }

    /// What `seat` may type to answer its current question directly, for a terminal
    /// to show beside a list too long to read (e.g. "type `place X Y course H speed
    /// S`, e.g. `place 12 1 course 0 speed 5`"): the forms [`Presentation::parse_action`]
    /// reads, with an example that is legal now. `None` (the default): no hint.
    fn input_hint(&self, _seat: Seat) -> Option<String> {
        None
    }

    /// The in-game glossary a terminal shows for `help rules`: what the words,
    /// letters and numbers on the screen mean, what hits do and how scores change,
    /// each with its rule id. Empty (the default): the ruleset has none.
    fn glossary() -> &'static str {
        ""
    }

    /// The ruleset's rules for players and its glossary, for the browser's rules page
    /// and the tooltips on abbreviations ([`RulesPage`]). Data for front ends, like
    /// [`Presentation::glossary`]; the rules stay in Rust. `None` (the default): no page.
    fn rules_page() -> Option<RulesPage> {
        None
    }

    /// The ruleset's board for browsers: the source of a JavaScript module whose
    /// default export draws this ruleset's view (docs/web.md). Data for front ends,
    /// like the glossary; the rules stay in Rust. `None` (the default): the browser
    /// shows the view without a board.
    fn board_script() -> Option<&'static str> {
        None
    }

    /// The ruleset's fleet builder for browsers: the source of a JavaScript module
    /// whose default export lays out a form that writes the ruleset's own files
    /// (docs/web.md, "Fleet builder"). The server checks what it writes. `None` (the
    /// default): the ruleset has no builder.
    fn builder_script() -> Option<&'static str> {
        None
    }

    /// The ruleset's guided first battle (issue 41): the text of its
    /// `web/tutorial.toml` (`orrery_data::tutorial`), for `orrery learn` and the
    /// browser's "Learn to play". Data for front ends; the rules stay in Rust. `None`
    /// (the default): the ruleset has none.
    fn tutorial() -> Option<&'static str> {
        None
    }

    /// A one-line description of an action for logs and menus, as `viewer` (`None` =
    /// spectator) may read it: computed only from what `viewer` may know, so asking
    /// for the description of any action never reveals another seat's secret (checked
    /// by [`crate::conformance`]). For `Some(seat)` the action is read as `seat`'s
    /// answer to its current question.
    fn describe_action(&self, viewer: Option<Seat>, action: &Self::Action) -> String {
        let _ = viewer;
        serde_json::to_string(action).unwrap_or_default()
    }

    /// A one-line description of an event for narrated logs.
    fn describe_event(&self, event: &Self::Event) -> String {
        serde_json::to_string(event).unwrap_or_default()
    }

    /// Quick order entry for people at a terminal: read `text` (e.g. `acc 3, turn port
    /// 2, yaw 6`) as `seat`'s answer to its current question. `None` when the ruleset
    /// has no quick entry; `Some(Ok(actions))`: the first is the answer now, the rest
    /// are intentions the front end may offer at the seat's next questions (they are
    /// checked again then); `Some(Err(why))` says what is wrong with the text.
    fn parse_action(&self, _seat: Seat, _text: &str) -> Option<Result<Vec<Self::Action>, String>> {
        None
    }

    /// A readable text rendering of what `viewer` sees (maps, unit cards) for
    /// terminals. The default pretty-prints the view as JSON.
    fn render_text(&self, viewer: Option<Seat>) -> String {
        serde_json::to_string_pretty(&self.view(viewer)).unwrap_or_default()
    }
}

/// Exact odds (a capability of [`Game`]): stand-alone calculators (`orrery odds`) and
/// the odds and preview of an action a seat may play now. Every method has a default
/// (no odds).
pub trait Odds: Game {
    /// The ruleset's stand-alone exact-odds calculators (`orrery odds ID NAME …`),
    /// described as data for any front end. `None` (the default): it has none.
    fn odds_calculators() -> Option<OddsCalculators> {
        None
    }

    /// Run odds calculator `name` of [`Odds::odds_calculators`] on `args`, which are
    /// checked against its description first ([`OddsCalculators::checked`]).
    fn odds_calculate(name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError> {
        let _ = args;
        Err(OddsError::UnknownCalculator {
            ruleset: Self::INFO.id.to_string(),
            name: name.to_string(),
            known: String::new(),
        })
    }

    /// The exact odds of `action` for `seat` if it is an attack legal now: chance to
    /// hit, damage distribution, chance the target is removed (shape documented by
    /// the ruleset). `None` for anything else.
    fn action_odds(&self, _seat: Seat, _action: &Self::Action) -> Option<serde_json::Value> {
        None
    }

    /// What `action` would do if `seat` played it now, as far as `seat` may know:
    /// for planners that show a move's result before it is committed (e.g. a
    /// maneuver's path, end position and stress dice). Computed by the rules, never
    /// by the front end; shape documented by the ruleset. `None` (the default): no
    /// preview for this action.
    fn preview_action(&self, _seat: Seat, _action: &Self::Action) -> Option<serde_json::Value> {
        None
    }

    /// [`Odds::action_odds`] as one line a player reads at a glance (e.g. "hit
    /// 58.3% (direct 2.8%), destroys 0.0%"), for terminals and menus. The default
    /// gives none.
    fn action_odds_text(&self, _seat: Seat, _action: &Self::Action) -> Option<String> {
        None
    }
}

/// The ruleset's own files (a capability of [`Game`]): scenario files, rosters and
/// forces for calibration, fleet files. Every method has a default (JSON scenarios
/// only, no rosters, no fleet files).
pub trait Files: Game {
    /// Read a scenario written in the ruleset's own file format (TOML for the shipped
    /// rulesets, documented with each), naming `file`, the field and the reason in
    /// every problem. It only reads: [`Game::setup`] checks the scenario's rules.
    /// `None`: the ruleset reads scenarios as JSON only (the default).
    fn scenario_from_text(_text: &str, _file: &str) -> Option<Result<Self::Scenario, SetupError>> {
        None
    }

    /// The unit types `scenario`'s forces may be drawn from, with their published
    /// points (for `calibrate`). The default is none.
    fn roster(_scenario: &Self::Scenario) -> Vec<RosterEntry> {
        Vec::new()
    }

    /// `base` with its forces replaced: `forces[i]` lists seat i's units by roster
    /// name (for `calibrate`). The default refuses.
    fn with_forces(
        _base: &Self::Scenario,
        _forces: &[Vec<String>],
    ) -> Result<Self::Scenario, SetupError> {
        Err(SetupError::one(format!(
            "{} cannot build forces from a roster",
            Self::INFO.id
        )))
    }

    /// The scenario's points limit, taken away (calibration draws fleets of any
    /// size, as big as it asks): `scenario` no longer refuses forces over it, and the
    /// limit is returned. `None` (the default): the scenario sets no limit.
    fn take_points_limit(_scenario: &mut Self::Scenario) -> Option<f64> {
        None
    }

    /// `base` with `forces[i]` (names from [`Files::roster`]) as seat i's force, for a
    /// game between people who built their forces apart (an open challenge with a
    /// points limit, issue 42). Unlike [`Files::with_forces`], which calibration may
    /// relax, every rule of building a force that `base` keeps still holds; the caller
    /// has checked each force's roster points against `points`, the challenge's limit,
    /// which stands in for the scenario's own. The default: [`Files::with_forces`] on
    /// `base` with its own limit taken away ([`Files::take_points_limit`]), so the
    /// game's scenario keeps none; a ruleset whose rules read the limit (Warfleets'
    /// agreed points) puts `points` in its place.
    fn muster(
        base: &Self::Scenario,
        points: f64,
        forces: &[Vec<String>],
    ) -> Result<Self::Scenario, SetupError> {
        let _ = points;
        let mut base = base.clone();
        Self::take_points_limit(&mut base);
        Self::with_forces(&base, forces)
    }

    /// Read a roster file (unit types and their published points, in the ruleset's
    /// own format) for calibration on `base` (named `scenario` in messages): the
    /// file's unit types, `base` changed as the file requires and how forces of those
    /// types are put into it. Problems name the file. `None` (the default): the
    /// ruleset reads no roster files.
    fn read_roster(
        _base: &Self::Scenario,
        _scenario: &str,
        _text: &str,
        _file: &str,
    ) -> Option<Result<RosterFile<Self::Scenario>, SetupError>> {
        None
    }

    /// Check a fleet file in the ruleset's own format (`orrery fleet check`): every
    /// unit's cost and the total, or every problem with file, field and reason.
    /// `None` (the default): the ruleset has no fleet files.
    fn fleet_check(_text: &str, _file: &str) -> Option<Result<FleetCheck, FileError>> {
        None
    }

    /// The top-level keys (tables, lists) that mark a file as one of this ruleset's
    /// fleet files (e.g. `ships`), so `orrery fleet check` can tell which ruleset a
    /// file is for before reading it, even when the file is broken. Empty (the
    /// default): none.
    fn fleet_file_keys() -> &'static [&'static str] {
        &[]
    }
}

/// Hints for look-ahead agents (a capability of [`Game`]): an evaluation, the
/// abstraction of a large legal list a search considers, a cheap sampler and the
/// opponent model of rollouts. Every method has a default built from the rules
/// alone (score margin, every legal action, uniform draws).
pub trait SearchHints: Game {
    /// A digest of what `seat` knows now: what seeds an agent's decision, so that its
    /// choice depends only on its seat's knowledge and its own seed (issue 9 §1) at a
    /// cost far below the decision's (issue 26). Any deterministic function of
    /// `view(Some(seat))` will do if it tells apart views that differ in anything that
    /// changes during a game (MCTS keys its information sets by it); static parts
    /// (the map, unit cards) and parts derived from others (scores) may be left out,
    /// and a seat's [`SearchHints::search_actions`] should follow from it (MCTS lists them
    /// once per node); but it must read nothing the view does not show (checked by
    /// [`crate::conformance`] against worlds the seat cannot tell apart). The default
    /// digests the whole view ([`crate::digest`]); rulesets whose views are costly to
    /// build override it with a digest of the state's visible parts, built in place.
    fn knowledge_digest(&self, seat: Seat) -> u64 {
        digest(&self.view(Some(seat)))
    }

    /// How good the position looks for `seat` (higher is better): the per-ruleset
    /// evaluation hook of look-ahead agents. The default is `seat`'s score minus the
    /// best other seat's score; rulesets add material, damage and position.
    fn evaluate(&self, seat: Seat) -> f64 {
        score_margin(&self.scores(), seat)
    }

    /// The actions a search agent considers for `seat`: the ruleset's documented
    /// abstraction of a large legal set (representative maneuvers, sensible
    /// placements…). Every action returned must be legal; it must not be empty when
    /// `seat` is to move. The default is every legal action.
    fn search_actions(&self, seat: Seat) -> Vec<Self::Action> {
        self.legal_actions(seat)
    }

    /// One legal action for `seat` drawn with `rng` (the random agent, rollouts),
    /// ideally without listing every legal action. `None` when `seat` has none. The
    /// default draws uniformly from [`Game::legal_actions`]; rulesets with huge lists
    /// override it (and document the distribution).
    fn sample_action(&self, seat: Seat, rng: &mut Rng) -> Option<Self::Action> {
        let mut legal = self.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let i = rng.index(legal.len());
        Some(legal.swap_remove(i))
    }

    /// The action `seat` plays inside a searching agent's look-ahead (the MCTS leaf
    /// completion and rollouts, issue 27): an opponent model better than uniform and
    /// far cheaper than a search, e.g. a maneuver card that keeps the enemy in the
    /// arc. It must return a legal action (`None` only when `seat` has none) and read
    /// only what `seat` may see (it runs on determinized copies, where the other
    /// seats' secrets are samples, but a model that reads them would learn to answer
    /// orders it cannot know). The default is [`SearchHints::sample_action`].
    fn playout_action(&self, seat: Seat, rng: &mut Rng) -> Option<Self::Action> {
        self.sample_action(seat, rng)
    }
}

/// The encoding for learning agents (a capability of [`Game`], [`crate::learn`]):
/// fixed action ids and a seat's observation as numbers, and the trained models the
/// ruleset ships. Every method has a default (no encoding, no models).
pub trait Learning: Game {
    /// The size of this game's fixed action space for learning agents
    /// ([`crate::learn`]): every id [`Learning::action_id`] gives in any state of this game
    /// is below it. Read from the set-up state (it may depend on the scenario); 0 =
    /// the ruleset numbers no actions.
    fn action_space(&self) -> usize {
        0
    }

    /// The fixed id of `seat`'s legal `action` (OpenSpiel's distinct actions): the same
    /// move has the same id whenever it is legal, and two legal actions of one state
    /// never share one. It may read only what `seat` knows. `None` when the ruleset
    /// numbers no actions.
    fn action_id(&self, _seat: Seat, _action: &Self::Action) -> Option<usize> {
        None
    }

    /// Each seat's moves have ids of their own (`id = seat · per_seat + …`), so an
    /// id alone says whose move it is; the conformance suite then checks that no id
    /// is two seats' moves. `false` (the default): seats may share ids, as the same
    /// move of either player in OpenSpiel's games.
    const IDS_NAME_THE_SEAT: bool = false;

    /// Write `view` (a seat's [`Game::view`]) as numbers, each named, for learning
    /// agents ([`crate::learn::Features`]). The same number of values in every state
    /// of a game; written from the view alone, so it shows nothing the seat may not
    /// see. The default writes nothing.
    fn observe(_view: &Self::View, _out: &mut crate::learn::Features) {}

    /// The learned evaluations this ruleset ships (issue 38): `(file name, bytes)` of
    /// weights files `orrery train` wrote (the agents crate reads them; the file says
    /// which scenario shape it fits). `hard` searches with the one that fits the game,
    /// else with [`SearchHints::evaluate`]. The default ships none.
    fn trained_models() -> &'static [(&'static str, &'static [u8])] {
        &[]
    }
}

/// Everything a front end may ask of a ruleset: its rules ([`Game`]) and every
/// capability, each with its defaults. The registry lists `FullGame`s; code that needs
/// less asks for less (`G: Game + SearchHints`).
pub trait FullGame: Game + Presentation + Odds + Files + SearchHints + Learning {}

impl<G: Game + Presentation + Odds + Files + SearchHints + Learning> FullGame for G {}

/// Convenience: deserialize a scenario written in JSON.
pub fn scenario_from_json<G: Game>(v: serde_json::Value) -> Result<G::Scenario, SetupError> {
    serde_json::from_value(v).map_err(|e| SetupError::one(format!("scenario: {e}")))
}

/// `seat`'s score minus the best other seat's score (0 for a seat out of range).
pub fn score_margin(scores: &[f64], seat: Seat) -> f64 {
    let mine = scores.get(seat.index()).copied().unwrap_or(0.0);
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != seat.index())
        .map(|(_, &s)| s)
        .fold(f64::NEG_INFINITY, f64::max);
    if best_other.is_finite() {
        mine - best_other
    } else {
        mine
    }
}
