//! `Game`: one game of any ruleset through the engine protocol's type-erased game
//! ([`DynGame`]): the same JSON shapes and error codes as `orrery engine`.

use crate::{coded, engine_error, parse, scenario_arg, with_registry, write, Locked};
use orrery_agents::Budget;
use orrery_core::{Record, Seat};
use orrery_protocol::DynGame;
use pyo3::prelude::*;

#[pyclass(module = "orrery._orrery")]
pub struct Game {
    inner: Locked<dyn DynGame>,
}

fn seat(s: Option<u8>) -> Option<Seat> {
    s.map(Seat)
}

/// The seat `s` of `g`, or `bad_request`.
fn player(g: &dyn DynGame, s: u8) -> PyResult<Seat> {
    if s < g.seats() {
        Ok(Seat(s))
    } else {
        Err(coded(
            "bad_request",
            format!("seat {s} does not exist (this game has {})", g.seats()),
        ))
    }
}

#[pymethods]
impl Game {
    /// Set up a game of `ruleset` from `scenario` (see `orrery._orrery` docs) and seed.
    #[new]
    fn new(ruleset: &str, scenario: &str, seed: u64) -> PyResult<Self> {
        let arg = scenario_arg(scenario)?;
        let g = with_registry(|r| r.new_game(ruleset, arg.spec, seed)).map_err(engine_error)?;
        Ok(Game {
            inner: Locked::new(g),
        })
    }

    /// Replay a record (JSON), checking every hash.
    #[staticmethod]
    fn load(record: &str) -> PyResult<Self> {
        let record: Record = serde_json::from_str(record)
            .map_err(|e| coded("bad_request", format!("record: {e}")))?;
        let g = with_registry(|r| r.load_record(&record)).map_err(engine_error)?;
        Ok(Game {
            inner: Locked::new(g),
        })
    }

    fn ruleset(&self) -> PyResult<String> {
        self.inner.with(|g| Ok(g.ruleset().to_string()))
    }

    fn seats(&self) -> PyResult<u8> {
        self.inner.with(|g| Ok(g.seats()))
    }

    /// The seats to move, as a list of ints (a `Vec<u8>` would cross as `bytes`).
    fn to_move(&self) -> PyResult<Vec<usize>> {
        self.inner
            .with(|g| Ok(g.to_move().iter().map(|s| usize::from(s.0)).collect()))
    }

    fn status(&self) -> PyResult<String> {
        self.inner.with(|g| write(&g.status()))
    }

    fn legal(&self, s: u8) -> PyResult<String> {
        self.inner.with(|g| {
            let seat = player(g, s)?;
            write(&g.legal(seat))
        })
    }

    fn legal_text(&self, s: u8) -> PyResult<Vec<String>> {
        self.inner.with(|g| {
            let seat = player(g, s)?;
            Ok(g.legal_text(seat))
        })
    }

    /// Apply `action` (JSON) for seat `s`; the events the seat sees, as JSON.
    fn apply(&self, s: u8, action: &str) -> PyResult<String> {
        let action = parse(action, "action")?;
        self.inner.with(|g| {
            let seat = player(g, s)?;
            let events = g.apply(seat, &action).map_err(engine_error)?;
            write(&events)
        })
    }

    fn view(&self, s: Option<u8>) -> PyResult<String> {
        self.inner.with(|g| write(&g.view(seat(s))))
    }

    fn render(&self, s: Option<u8>) -> PyResult<String> {
        self.inner.with(|g| Ok(g.render_text(seat(s))))
    }

    fn events(&self, s: Option<u8>, since: usize) -> PyResult<String> {
        self.inner.with(|g| write(&g.events_seen(seat(s), since)))
    }

    fn describe(&self, s: Option<u8>, action: &str) -> PyResult<String> {
        let action = parse(action, "action")?;
        self.inner
            .with(|g| g.describe_action(seat(s), &action).map_err(engine_error))
    }

    fn odds(&self, s: u8, action: &str) -> PyResult<String> {
        let action = parse(action, "action")?;
        self.inner.with(|g| {
            let seat = player(g, s)?;
            write(&g.odds(seat, &action).map_err(engine_error)?)
        })
    }

    /// Seat `s`'s chance to win as the learned model judges it from its view.
    fn estimate(&self, s: u8) -> PyResult<String> {
        self.inner.with(|g| {
            let seat = player(g, s)?;
            write(&g.estimate(seat).map_err(engine_error)?)
        })
    }

    fn outcome(&self) -> PyResult<String> {
        self.inner.with(|g| write(&g.outcome()))
    }

    fn ending(&self) -> PyResult<String> {
        self.inner.with(|g| write(&g.ending()))
    }

    /// The referee's record (every secret) or, with a seat, that seat's record.
    fn record(&self, s: Option<u8>) -> PyResult<String> {
        self.inner.with(|g| match seat(s) {
            None => write(&g.record()),
            Some(seat) => write(&g.record_for(Some(seat))),
        })
    }

    fn hash(&self) -> PyResult<String> {
        self.inner.with(|g| Ok(g.status().hash.to_string()))
    }

    /// The action agent `agent` picks for seat `s` now (not applied), as JSON.
    #[pyo3(signature = (s, agent, seed, millis=None, iterations=None))]
    fn agent_action(
        &self,
        py: Python<'_>,
        s: u8,
        agent: &str,
        seed: u64,
        millis: Option<u64>,
        iterations: Option<u32>,
    ) -> PyResult<String> {
        let budget = Budget {
            millis,
            iterations,
            threads: None,
            ceiling_millis: None,
            stop: None,
        };
        let fork = self.inner.with(|g| {
            player(g, s)?;
            Ok(g.fork())
        })?;
        let action = py
            .detach(move || fork.agent_action(Seat(s), agent, seed, budget))
            .map_err(engine_error)?;
        write(&action)
    }

    fn clone(&self) -> PyResult<Game> {
        self.inner.with(|g| {
            Ok(Game {
                inner: Locked::new(g.fork()),
            })
        })
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()
}
