//! `orrery.train` ([`orrery_train`]) from Python: a run here, or with its self-play
//! games dispatched elsewhere (Ray tasks, each playing a range of game indices with
//! [`train_part`]) and merged in index order, which gives the same run.

use crate::{coded, parse, scenario_arg, write};
use orrery_agents::model::ValueModel;
use orrery_core::FullGame;
use orrery_studies::ScenarioArg;
use orrery_train::{Positions, Provenance, TrainConfig, TrainError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::Value;
use std::sync::Arc;

fn train_error(e: TrainError) -> PyErr {
    let code = match e {
        TrainError::Config(_) | TrainError::OtherRun { .. } | TrainError::Busy { .. } => {
            "invalid_setup"
        }
        _ => "internal_error",
    };
    coded(code, e.to_string())
}

/// A job as the Python side writes it: `{"ruleset", "scenario" (a scenario spec),
/// "settings": {the TrainConfig fields to change}}`.
struct Job {
    ruleset: String,
    scenario: ScenarioArg,
    settings: serde_json::Map<String, Value>,
}

fn job(text: &str) -> PyResult<Job> {
    let v = parse(text, "job")?;
    let ruleset = v
        .get("ruleset")
        .and_then(Value::as_str)
        .unwrap_or(orrery_rulesets::DEFAULT_ID)
        .to_string();
    let scenario = scenario_arg(&write(v.get("scenario").unwrap_or(&Value::Null))?)?;
    let settings = match v.get("settings") {
        None | Some(Value::Null) => serde_json::Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(_) => return Err(coded("bad_request", "`settings` must be a dict")),
    };
    Ok(Job {
        ruleset,
        scenario,
        settings,
    })
}

/// The typed scenario and the run's settings: the defaults of `orrery train`, then
/// the job's (a setting the run does not have is refused by name).
fn config<G: FullGame>(job: &Job) -> PyResult<(G::Scenario, TrainConfig)> {
    let (name, scenario) = orrery_studies::scenario::<G>(&job.ruleset, &job.scenario)
        .map_err(|e| coded("invalid_setup", e.to_string()))?;
    let mut base = TrainConfig::new(G::INFO.id, &name);
    if !job.settings.contains_key("hidden") {
        let observation = G::setup(&scenario, 1)
            .map(|g| orrery_core::learn::observation(&g, orrery_core::Seat(0)).len())
            .unwrap_or(0);
        base.hidden = orrery_train::default_hidden(observation);
    }
    let mut v = serde_json::to_value(&base).map_err(|e| coded("internal_error", e.to_string()))?;
    let Some(m) = v.as_object_mut() else {
        return Err(coded("internal_error", "settings are not an object"));
    };
    for (k, x) in &job.settings {
        if k == "ruleset" || k == "scenario" || !m.contains_key(k) {
            return Err(coded(
                "bad_request",
                format!("`{k}` is not a setting of orrery.train"),
            ));
        }
        m.insert(k.clone(), x.clone());
    }
    let cfg: TrainConfig =
        serde_json::from_value(v).map_err(|e| coded("bad_request", format!("settings: {e}")))?;
    Ok((scenario, cfg))
}

fn model_of(bytes: Option<&[u8]>) -> PyResult<Option<Arc<ValueModel>>> {
    bytes
        .map(|b| {
            ValueModel::from_bytes(b, "the previous generation's model")
                .map(Arc::new)
                .map_err(|e| coded("bad_model", e.to_string()))
        })
        .transpose()
}

struct Part<'a> {
    job: &'a Job,
    generation: usize,
    model: Option<&'a [u8]>,
    start: usize,
    end: usize,
    threads: usize,
}

impl orrery_rulesets::WithGame for Part<'_> {
    type Out = PyResult<Vec<u8>>;
    fn with<G: FullGame>(self) -> Self::Out {
        let (scenario, cfg) = config::<G>(self.job)?;
        let model = model_of(self.model)?;
        let end = self.end.min(cfg.games);
        let positions = orrery_train::self_play::<G>(
            &scenario,
            &cfg,
            model,
            self.generation,
            self.start.min(end)..end,
            self.threads.max(1),
            &|_| {},
        );
        Ok(positions.to_bytes())
    }
}

/// Self-play games `start..end` of `generation` (a part of a Ray run), playing with
/// `model` (the previous generation's file, `None` for the first): their positions
/// file's bytes.
#[pyfunction]
#[pyo3(signature = (job, generation, model, start, end, threads=1))]
fn train_part<'py>(
    py: Python<'py>,
    job: &str,
    generation: usize,
    model: Option<Vec<u8>>,
    start: usize,
    end: usize,
    threads: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let j = self::job(job)?;
    let ruleset = j.ruleset.clone();
    let bytes = py.detach(|| {
        orrery_rulesets::dispatch(
            &ruleset,
            Part {
                job: &j,
                generation,
                model: model.as_deref(),
                start,
                end,
                threads,
            },
        )
    });
    let bytes = bytes.ok_or_else(|| {
        coded(
            "unknown_ruleset",
            orrery_studies::unknown_ruleset(&ruleset).to_string(),
        )
    })??;
    Ok(PyBytes::new(py, &bytes))
}

/// The number of self-play games per generation the job plays (for the Python side
/// to split).
#[pyfunction]
fn train_games(job: &str) -> PyResult<usize> {
    struct Games<'a>(&'a Job);
    impl orrery_rulesets::WithGame for Games<'_> {
        type Out = PyResult<usize>;
        fn with<G: FullGame>(self) -> Self::Out {
            Ok(config::<G>(self.0)?.1.games)
        }
    }
    let j = self::job(job)?;
    orrery_rulesets::dispatch(&j.ruleset.clone(), Games(&j)).ok_or_else(|| {
        coded(
            "unknown_ruleset",
            orrery_studies::unknown_ruleset(&j.ruleset).to_string(),
        )
    })?
}

struct Run<'a> {
    job: &'a Job,
    dir: &'a std::path::Path,
    threads: usize,
    dispatch: Option<Py<PyAny>>,
    provenance: Provenance,
}

impl orrery_rulesets::WithGame for Run<'_> {
    type Out = PyResult<Vec<orrery_train::Generation>>;
    fn with<G: FullGame>(self) -> Self::Out {
        let (scenario, cfg) = config::<G>(self.job)?;
        let threads = self.threads.max(1);
        let elsewhere = |generation: usize, model: Option<Arc<ValueModel>>| {
            let Some(dispatch) = &self.dispatch else {
                return Ok(orrery_train::self_play::<G>(
                    &scenario,
                    &cfg,
                    model,
                    generation,
                    0..cfg.games,
                    threads,
                    &|_| {},
                ));
            };
            let bytes = model.map(|m| m.to_bytes());
            let parts: Vec<Vec<u8>> = Python::attach(|py| {
                dispatch
                    .call1(py, (generation, bytes.map(|b| PyBytes::new(py, &b))))
                    .and_then(|r| r.extract(py))
            })
            .map_err(|e| TrainError::Config(format!("the self-play dispatch failed: {e}")))?;
            let mut all = Positions::default();
            for (k, p) in parts.iter().enumerate() {
                all.append(Positions::from_bytes(p, &format!("self-play part {k}"))?)?;
            }
            Ok(all)
        };
        orrery_train::train_with::<G>(
            &scenario,
            &cfg,
            self.dir,
            threads,
            &self.provenance,
            &|_| {},
            &elsewhere,
        )
        .map_err(train_error)
    }
}

/// Train per `job` in `dir` (resuming what is there) with `threads` workers for the
/// fit and the duels; the self-play games here too, or, with `dispatch`, wherever
/// `dispatch(generation, model_bytes_or_None)` plays them (a list of positions
/// files' bytes for consecutive ranges of game indices). The log, as JSON.
#[pyfunction]
#[pyo3(signature = (job, dir, threads, dispatch=None, command=String::new()))]
fn train_run(
    py: Python<'_>,
    job: &str,
    dir: &str,
    threads: usize,
    dispatch: Option<Py<PyAny>>,
    command: String,
) -> PyResult<String> {
    let j = self::job(job)?;
    let mut provenance = Provenance::new();
    provenance.insert("command".into(), command.into());
    provenance.insert("orrery".into(), env!("CARGO_PKG_VERSION").into());
    let ruleset = j.ruleset.clone();
    let dir = std::path::PathBuf::from(dir);
    let log = py.detach(|| {
        orrery_rulesets::dispatch(
            &ruleset,
            Run {
                job: &j,
                dir: &dir,
                threads,
                dispatch,
                provenance,
            },
        )
    });
    let log = log.ok_or_else(|| {
        coded(
            "unknown_ruleset",
            orrery_studies::unknown_ruleset(&ruleset).to_string(),
        )
    })??;
    write(&log)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(train_part, m)?)?;
    m.add_function(wrap_pyfunction!(train_games, m)?)?;
    m.add_function(wrap_pyfunction!(train_run, m)?)?;
    Ok(())
}
