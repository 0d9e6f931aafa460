//! `Learn`: one game held for a learning environment, typed (no JSON on a step): the
//! ruleset's fixed action ids ([`Learning::action_id`](orrery_core::Learning::action_id)) and observation
//! ([`Learning::observe`](orrery_core::Learning::observe) of the seat's view), what `orrery.pettingzoo` builds on.

use crate::{coded, engine_error, scenario_arg, write, Locked};
use orrery_agents::{by_name_with, Budget};
use orrery_core::learn::{observation_named, Features};
use orrery_core::{ActionError, FullGame, Record, RecordedAction, Seat};
use orrery_protocol::ProtocolError;
use orrery_rulesets::{dispatch, WithGame};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::sync::Arc;

/// A game for an environment, whatever its ruleset.
trait LearnGame: Send {
    fn seats(&self) -> u8;
    fn action_space(&self) -> usize;
    fn to_move(&self) -> Vec<u8>;
    fn terminal(&self) -> bool;
    fn observe(&self, seat: Seat, out: &mut Features);
    fn observation_names(&self, seat: Seat) -> Vec<String>;
    /// The ids of `seat`'s legal actions (empty when it is not to move).
    fn legal_ids(&mut self, seat: Seat) -> Result<Vec<usize>, String>;
    fn step(&mut self, seat: Seat, id: usize) -> Result<(), String>;
    /// Whether `id` is a legal action of `seat` now.
    fn is_legal(&mut self, seat: Seat, id: usize) -> Result<bool, String>;
    /// Play one id for each of several seats to move, all or nothing: every id is
    /// checked against the state before any is applied, and should an apply still
    /// fail the state is put back. `Ok(Some(seat))` names the first seat whose id is
    /// not legal (nothing applied); `Ok(None)`: all applied.
    fn step_all(&mut self, moves: &[(Seat, usize)]) -> Result<Option<Seat>, ProtocolError>;
    fn winners_and_scores(&self) -> Option<(Vec<u8>, Vec<f64>)>;
    fn agent_id(
        &self,
        seat: Seat,
        agent: &str,
        seed: u64,
        budget: Budget,
    ) -> Result<usize, ProtocolError>;
    fn describe(&mut self, seat: Seat, id: usize) -> Result<String, String>;
    fn record(&self) -> Record;
    fn view_json(&self, seat: Option<Seat>) -> String;
    fn render(&self, seat: Option<Seat>) -> String;
    fn hash(&self) -> String;
    fn fork(&self) -> Box<dyn LearnGame>;
    /// A new game of the same scenario from `seed` (the scenario is not read again).
    fn reset(&mut self, seed: u64) -> Result<(), String>;
}

/// One seat's legal actions in one state, with their ids.
#[derive(Clone)]
struct Listed<A> {
    seat: Seat,
    actions: Vec<A>,
    ids: Vec<usize>,
}

#[derive(Clone)]
struct Held<G: FullGame> {
    game: G,
    /// The scenario, to set up again on a reset, and as the record writes it.
    typed: Arc<G::Scenario>,
    scenario: Arc<serde_json::Value>,
    seed: u64,
    space: usize,
    /// The legal actions last listed, with their ids.
    legal: Option<Listed<G::Action>>,
    actions: Vec<RecordedAction>,
}

/// The legal list was not where [`Held::list`] leaves it (cannot happen).
fn unlisted() -> String {
    "the legal actions were not listed".to_string()
}

impl<G: FullGame> Held<G> {
    /// List `seat`'s legal actions once per state.
    fn list(&mut self, seat: Seat) -> Result<&Listed<G::Action>, String> {
        if !matches!(&self.legal, Some(l) if l.seat == seat) {
            let actions = if self.game.to_move().contains(&seat) {
                self.game.legal_actions(seat)
            } else {
                Vec::new()
            };
            let mut ids = Vec::with_capacity(actions.len());
            for a in &actions {
                match self.game.action_id(seat, a) {
                    Some(id) if id < self.space => ids.push(id),
                    other => {
                        return Err(format!(
                            "{} gives the legal action {} the id {other:?} (space {}): a bug of the ruleset",
                            G::INFO.id,
                            serde_json::to_string(a).unwrap_or_default(),
                            self.space
                        ))
                    }
                }
            }
            return Ok(self.legal.insert(Listed { seat, actions, ids }));
        }
        self.legal.as_ref().ok_or_else(unlisted)
    }

    fn position(&mut self, seat: Seat, id: usize) -> Result<usize, String> {
        self.list(seat)?
            .ids
            .iter()
            .position(|i| *i == id)
            .ok_or_else(|| {
                format!("action id {id} is not legal for seat {seat} now (see the action mask)")
            })
    }
}

impl<G: FullGame> LearnGame for Held<G> {
    fn seats(&self) -> u8 {
        self.game.seats()
    }
    fn action_space(&self) -> usize {
        self.space
    }
    fn to_move(&self) -> Vec<u8> {
        self.game.to_move().iter().map(|s| s.0).collect()
    }
    fn terminal(&self) -> bool {
        self.game.is_terminal()
    }
    fn observe(&self, seat: Seat, out: &mut Features) {
        G::observe(&self.game.view(Some(seat)), out);
    }
    fn observation_names(&self, seat: Seat) -> Vec<String> {
        observation_named(&self.game, seat)
            .names()
            .map(<[String]>::to_vec)
            .unwrap_or_default()
    }
    fn legal_ids(&mut self, seat: Seat) -> Result<Vec<usize>, String> {
        Ok(self.list(seat)?.ids.clone())
    }
    fn step(&mut self, seat: Seat, id: usize) -> Result<(), String> {
        let i = self.position(seat, id)?;
        let listed = self.legal.take().ok_or_else(unlisted)?;
        let action = &listed.actions[i];
        self.game.apply(seat, action).map_err(|e| e.to_string())?;
        self.actions.push(RecordedAction {
            seat,
            action: serde_json::to_value(action)
                .map_err(|e| e.to_string())?
                .into(),
            hash: None,
        });
        Ok(())
    }
    fn is_legal(&mut self, seat: Seat, id: usize) -> Result<bool, String> {
        Ok(self.list(seat)?.ids.contains(&id))
    }
    fn step_all(&mut self, moves: &[(Seat, usize)]) -> Result<Option<Seat>, ProtocolError> {
        if self.game.is_terminal() {
            return Err(ProtocolError::GameOver);
        }
        let to_move = self.game.to_move();
        for &(seat, id) in moves {
            if !to_move.contains(&seat) {
                return Err(ActionError::NotYourTurn { seat, to_move }.into());
            }
            if !self.is_legal(seat, id).map_err(ProtocolError::Internal)? {
                return Ok(Some(seat));
            }
        }
        // Checked; a second order cannot change the first seat's options (secret
        // orders are independent), but should an apply fail all the same, the state
        // before the step comes back.
        let before = (moves.len() > 1).then(|| self.game.clone());
        let recorded = self.actions.len();
        for &(seat, id) in moves {
            if !self.game.to_move().contains(&seat) {
                continue; // an earlier order of this step settled this seat's question
            }
            if self.step(seat, id).is_err() {
                if let Some(game) = before {
                    self.game = game;
                }
                self.actions.truncate(recorded);
                self.legal = None;
                return Ok(Some(seat));
            }
        }
        Ok(None)
    }
    fn winners_and_scores(&self) -> Option<(Vec<u8>, Vec<f64>)> {
        let o = self.game.outcome()?;
        Some((o.winners.iter().map(|s| s.0).collect(), o.scores))
    }
    fn agent_id(
        &self,
        seat: Seat,
        agent: &str,
        seed: u64,
        budget: Budget,
    ) -> Result<usize, ProtocolError> {
        // The checks and codes of the engine protocol's `agent` (DynGame::agent_action).
        let mut a = by_name_with::<G>(agent, seed, budget)?;
        if self.game.is_terminal() {
            return Err(ProtocolError::GameOver);
        }
        let to_move = self.game.to_move();
        if !to_move.contains(&seat) {
            return Err(ActionError::NotYourTurn { seat, to_move }.into());
        }
        let action = a.choose(&self.game, seat).ok_or_else(|| {
            ProtocolError::NoAction(format!("agent `{agent}` found no action for seat {seat}"))
        })?;
        self.game.action_id(seat, &action).ok_or_else(|| {
            ProtocolError::Internal(format!("{} gives the agent's action no id", G::INFO.id))
        })
    }
    fn describe(&mut self, seat: Seat, id: usize) -> Result<String, String> {
        let i = self.position(seat, id)?;
        self.list(seat)?;
        let listed = self.legal.as_ref().ok_or_else(unlisted)?;
        Ok(self.game.describe_action(Some(seat), &listed.actions[i]))
    }
    fn record(&self) -> Record {
        let mut actions = self.actions.clone();
        if let Some(last) = actions.last_mut() {
            last.hash = Some(self.game.state_hash());
        }
        Record {
            ruleset: G::INFO.id.to_string(),
            scenario: self.scenario.clone(),
            seed: self.seed,
            actions,
        }
    }
    fn view_json(&self, seat: Option<Seat>) -> String {
        serde_json::to_string(&self.game.view(seat)).unwrap_or_default()
    }
    fn render(&self, seat: Option<Seat>) -> String {
        self.game.render_text(seat)
    }
    fn hash(&self) -> String {
        self.game.state_hash().to_string()
    }
    fn fork(&self) -> Box<dyn LearnGame> {
        Box::new(self.clone())
    }
    fn reset(&mut self, seed: u64) -> Result<(), String> {
        self.game = G::setup(&self.typed, seed).map_err(|e| e.to_string())?;
        self.seed = seed;
        self.legal = None;
        self.actions.clear();
        Ok(())
    }
}

struct Make<'a> {
    ruleset: &'a str,
    scenario: &'a orrery_studies::ScenarioArg,
    seed: u64,
}

impl WithGame for Make<'_> {
    type Out = Result<Box<dyn LearnGame>, PyErr>;
    fn with<G: FullGame>(self) -> Self::Out {
        let (_, scenario) = orrery_studies::scenario::<G>(self.ruleset, self.scenario)
            .map_err(|e| coded("unknown_scenario", e.to_string()))?;
        let game =
            G::setup(&scenario, self.seed).map_err(|e| coded("invalid_setup", e.to_string()))?;
        let json =
            serde_json::to_value(&scenario).map_err(|e| coded("internal_error", e.to_string()))?;
        Ok(Box::new(held(game, scenario, Arc::new(json), self.seed)?))
    }
}

/// A game replayed from its record ([`Learn::from_record`]: a pickled environment).
struct Load<'a>(&'a Record);

impl WithGame for Load<'_> {
    type Out = Result<Box<dyn LearnGame>, PyErr>;
    fn with<G: FullGame>(self) -> Self::Out {
        let record = self.0;
        let mut typed = None;
        let game = record
            .replay_into::<G, G>(
                |scenario, seed| {
                    typed = Some(scenario.clone());
                    G::setup(scenario, seed)
                },
                |g, seat, a| {
                    g.apply(seat, a)?;
                    Ok(g.state_hash())
                },
            )
            .map_err(|e| engine_error(ProtocolError::from(e)))?;
        let typed = typed.ok_or_else(|| coded("internal_error", "the record set nothing up"))?;
        let mut held = held(game, typed, record.scenario.clone(), record.seed)?;
        // Hashes as `record` writes them: the last action's only, added there.
        held.actions = record
            .actions
            .iter()
            .map(|a| RecordedAction {
                hash: None,
                ..a.clone()
            })
            .collect();
        Ok(Box::new(held))
    }
}

/// The environment's hold on `game`, set up from `scenario` (`json` as the record
/// writes it) and `seed`, with no action recorded.
fn held<G: FullGame>(
    game: G,
    scenario: G::Scenario,
    json: Arc<serde_json::Value>,
    seed: u64,
) -> PyResult<Held<G>> {
    let space = game.action_space();
    if space == 0 {
        return Err(coded(
            "bad_request",
            format!(
                "{} numbers no actions for learning environments",
                G::INFO.id
            ),
        ));
    }
    Ok(Held {
        game,
        typed: Arc::new(scenario),
        scenario: json,
        seed,
        space,
        legal: None,
        actions: Vec::new(),
    })
}

/// One game for a learning environment: ids in, numbers out.
#[pyclass(module = "orrery._orrery")]
pub struct Learn {
    inner: Locked<dyn LearnGame>,
}

/// Seat `s` of `g`, or `bad_request`.
fn seat_of(g: &dyn LearnGame, s: u8) -> PyResult<Seat> {
    if s < g.seats() {
        Ok(Seat(s))
    } else {
        Err(coded("bad_request", format!("seat {s} does not exist")))
    }
}

fn illegal(why: String) -> PyErr {
    coded("illegal_action", why)
}

#[pymethods]
impl Learn {
    #[new]
    fn new(ruleset: &str, scenario: &str, seed: u64) -> PyResult<Self> {
        let arg = scenario_arg(scenario)?;
        let make = Make {
            ruleset,
            scenario: &arg,
            seed,
        };
        let g = dispatch(ruleset, make).ok_or_else(|| {
            coded(
                "unknown_ruleset",
                orrery_studies::unknown_ruleset(ruleset).to_string(),
            )
        })??;
        Ok(Learn {
            inner: Locked::new(g),
        })
    }

    fn seats(&self) -> PyResult<u8> {
        self.inner.with(|g| Ok(g.seats()))
    }

    /// Start a new game of the same scenario from `seed`.
    fn reset(&self, seed: u64) -> PyResult<()> {
        self.inner
            .with(|g| g.reset(seed).map_err(|e| coded("invalid_setup", e)))
    }

    fn action_space(&self) -> PyResult<usize> {
        self.inner.with(|g| Ok(g.action_space()))
    }

    /// The seats to move, as a list of ints (a `Vec<u8>` would cross as `bytes`).
    fn to_move(&self) -> PyResult<Vec<usize>> {
        self.inner
            .with(|g| Ok(g.to_move().into_iter().map(usize::from).collect()))
    }

    fn terminal(&self) -> PyResult<bool> {
        self.inner.with(|g| Ok(g.terminal()))
    }

    /// Seat `s`'s observation: little-endian f32 values.
    fn observe<'py>(&self, py: Python<'py>, s: u8) -> PyResult<Bound<'py, PyBytes>> {
        self.inner.with(|g| {
            let seat = seat_of(g, s)?;
            let mut f = Features::new();
            g.observe(seat, &mut f);
            let bytes: Vec<u8> = f.values().iter().flat_map(|v| v.to_le_bytes()).collect();
            Ok(PyBytes::new(py, &bytes))
        })
    }

    /// [`Learn::observe`] and [`Learn::mask`] in one call (an environment's step).
    fn observe_and_mask<'py>(
        &self,
        py: Python<'py>,
        s: u8,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        Ok((self.observe(py, s)?, self.mask(py, s)?))
    }

    fn observation_names(&self, s: u8) -> PyResult<Vec<String>> {
        self.inner.with(|g| {
            let seat = seat_of(g, s)?;
            Ok(g.observation_names(seat))
        })
    }

    /// Seat `s`'s action mask: one byte per id, 1 where legal now.
    fn mask<'py>(&self, py: Python<'py>, s: u8) -> PyResult<Bound<'py, PyBytes>> {
        self.inner.with(|g| {
            let seat = seat_of(g, s)?;
            let mut mask = vec![0u8; g.action_space()];
            for id in g.legal_ids(seat).map_err(|e| coded("internal_error", e))? {
                mask[id] = 1;
            }
            Ok(PyBytes::new(py, &mask))
        })
    }

    fn legal_ids(&self, s: u8) -> PyResult<Vec<usize>> {
        self.inner.with(|g| {
            let seat = seat_of(g, s)?;
            g.legal_ids(seat).map_err(|e| coded("internal_error", e))
        })
    }

    /// A legal id of seat `s` picked by `r` (uniformly when `r` is uniform): a random
    /// legal action without writing the list out. `None` when it is not to move.
    fn sample(&self, s: u8, r: u64) -> PyResult<Option<usize>> {
        self.inner.with(|g| {
            let seat = seat_of(g, s)?;
            let ids = g.legal_ids(seat).map_err(|e| coded("internal_error", e))?;
            Ok((!ids.is_empty()).then(|| ids[(r % ids.len() as u64) as usize]))
        })
    }

    /// Play action id `id` for seat `s`; `illegal_action` (and no change) unless it is
    /// legal now.
    fn step(&self, s: u8, id: usize) -> PyResult<()> {
        self.inner.with(|g| {
            let seat = seat_of(g, s)?;
            if g.terminal() {
                return Err(coded("game_over", "the game is over"));
            }
            g.step(seat, id).map_err(illegal)
        })
    }

    /// Play `(seat, id)` pairs, all or nothing (a parallel step): the first seat
    /// whose id is not legal now, with nothing applied; `None` when all were.
    fn step_all(&self, moves: Vec<(u8, usize)>) -> PyResult<Option<u8>> {
        self.inner.with(|g| {
            let moves = moves
                .into_iter()
                .map(|(s, id)| Ok((seat_of(g, s)?, id)))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(g.step_all(&moves).map_err(engine_error)?.map(|s| s.0))
        })
    }

    /// `(winners, scores)` once the game is over (winners a list of ints), else `None`.
    fn outcome(&self) -> PyResult<Option<(Vec<usize>, Vec<f64>)>> {
        self.inner.with(|g| {
            Ok(g.winners_and_scores()
                .map(|(w, s)| (w.into_iter().map(usize::from).collect(), s)))
        })
    }

    /// The id of the action agent `agent` picks for seat `s` now.
    #[pyo3(signature = (s, agent, seed, millis=None, iterations=None))]
    fn agent(
        &self,
        py: Python<'_>,
        s: u8,
        agent: &str,
        seed: u64,
        millis: Option<u64>,
        iterations: Option<u32>,
    ) -> PyResult<usize> {
        let fork = self.inner.with(|g| {
            seat_of(g, s)?;
            Ok(g.fork())
        })?;
        let budget = Budget {
            millis,
            iterations,
            threads: None,
            ceiling_millis: None,
            stop: None,
        };
        py.detach(move || fork.agent_id(Seat(s), agent, seed, budget))
            .map_err(engine_error)
    }

    fn describe(&self, s: u8, id: usize) -> PyResult<String> {
        self.inner.with(|g| {
            let seat = seat_of(g, s)?;
            g.describe(seat, id).map_err(illegal)
        })
    }

    /// The record of the game so far (JSON), replayable by `orrery replay`.
    fn record(&self) -> PyResult<String> {
        self.inner.with(|g| write(&g.record()))
    }

    fn view(&self, s: Option<u8>) -> PyResult<String> {
        self.inner.with(|g| Ok(g.view_json(s.map(Seat))))
    }

    fn render(&self, s: Option<u8>) -> PyResult<String> {
        self.inner.with(|g| Ok(g.render(s.map(Seat))))
    }

    fn hash(&self) -> PyResult<String> {
        self.inner.with(|g| Ok(g.hash()))
    }

    fn clone(&self) -> PyResult<Learn> {
        self.inner.with(|g| {
            Ok(Learn {
                inner: Locked::new(g.fork()),
            })
        })
    }

    /// The game a record (JSON, as `record` writes it) replays to, every hash checked.
    #[staticmethod]
    fn from_record(record: &str) -> PyResult<Learn> {
        let record: Record = serde_json::from_str(record)
            .map_err(|e| coded("bad_request", format!("record: {e}")))?;
        let g = dispatch(&record.ruleset, Load(&record)).ok_or_else(|| {
            coded(
                "unknown_ruleset",
                orrery_studies::unknown_ruleset(&record.ruleset).to_string(),
            )
        })??;
        Ok(Learn {
            inner: Locked::new(g),
        })
    }

    /// Pickled as its record, replayed on loading ([`Learn::from_record`]).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let load = slf.get_type().getattr("from_record")?;
        Ok((load, (slf.borrow().record()?,)))
    }

    /// A deep copy is a fork (no replay).
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<Learn> {
        self.clone()
    }
}

/// The Rust engine alone, for the environments' overhead figure: `steps` random legal
/// actions (whole games, set up again from `seed + k` as each ends), each step
/// listing the legal actions and applying one; with `ids`, also numbering every legal
/// action ([`Learning::action_id`](orrery_core::Learning::action_id)). Returns the seconds taken.
#[pyfunction]
#[pyo3(signature = (ruleset, scenario, seed, steps, ids=false))]
fn engine_random_steps(
    py: Python<'_>,
    ruleset: &str,
    scenario: &str,
    seed: u64,
    steps: usize,
    ids: bool,
) -> PyResult<f64> {
    struct Run<'a> {
        ruleset: &'a str,
        scenario: &'a orrery_studies::ScenarioArg,
        seed: u64,
        steps: usize,
        ids: bool,
    }
    impl WithGame for Run<'_> {
        type Out = Result<f64, String>;
        fn with<G: FullGame>(self) -> Self::Out {
            let (_, scenario) = orrery_studies::scenario::<G>(self.ruleset, self.scenario)
                .map_err(|e| e.to_string())?;
            let mut rng = orrery_core::Rng::seed_from(self.seed);
            let start = std::time::Instant::now();
            let mut k = 0u64;
            let mut game = G::setup(&scenario, self.seed).map_err(|e| e.to_string())?;
            for _ in 0..self.steps {
                if game.is_terminal() {
                    k += 1;
                    game = G::setup(&scenario, self.seed.wrapping_add(k))
                        .map_err(|e| e.to_string())?;
                }
                let to_move = game.to_move();
                let seat = to_move[0];
                let legal = game.legal_actions(seat);
                if self.ids {
                    let n: usize = legal.iter().filter_map(|a| game.action_id(seat, a)).sum();
                    std::hint::black_box(n);
                }
                let a = &legal[rng.index(legal.len())];
                game.apply(seat, a).map_err(|e| e.to_string())?;
            }
            Ok(start.elapsed().as_secs_f64())
        }
    }
    let arg = scenario_arg(scenario)?;
    let run = Run {
        ruleset,
        scenario: &arg,
        seed,
        steps,
        ids,
    };
    py.detach(|| dispatch(ruleset, run))
        .ok_or_else(|| coded("unknown_ruleset", ruleset.to_string()))?
        .map_err(|e| coded("internal_error", e))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Learn>()?;
    m.add_function(wrap_pyfunction!(engine_random_steps, m)?)
}
