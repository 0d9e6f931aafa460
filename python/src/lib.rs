//! `orrery._orrery`: the Orrery engine inside a Python process. The Python package
//! `orrery` (in `python/orrery/`) wraps it: JSON crosses as text and is read into
//! dicts there; an environment's observations and masks cross as raw bytes for
//! NumPy. Every function here is written once against [`orrery_core::Game`] and the
//! registry: no ruleset is named.

mod game;
mod lab;
mod learn;
mod train;

use orrery_protocol::{ProtocolError, ScenarioSpec};
use orrery_studies::ScenarioArg;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use serde_json::Value;

create_exception!(
    _orrery,
    EngineError,
    PyException,
    "An error of the engine: args are (code, message), the code as the protocol's."
);

/// A protocol error as a Python exception carrying its code.
pub(crate) fn engine_error(e: ProtocolError) -> PyErr {
    EngineError::new_err((e.code(), e.to_string()))
}

/// An error with a protocol code of our choosing.
pub(crate) fn coded(code: &'static str, message: impl Into<String>) -> PyErr {
    EngineError::new_err((code, message.into()))
}

/// Read JSON text handed over by the Python side.
pub(crate) fn parse(text: &str, what: &str) -> PyResult<Value> {
    serde_json::from_str(text).map_err(|e| coded("bad_request", format!("{what}: {e}")))
}

pub(crate) fn write<T: serde::Serialize>(v: &T) -> PyResult<String> {
    serde_json::to_string(v).map_err(|e| coded("internal_error", e.to_string()))
}

/// The scenario as the Python side describes it: `{"kind": "default"}`,
/// `{"kind": "named", "name": ..}` or `{"kind": "inline", "value": {..}, "given": ..}`.
pub(crate) fn scenario_arg(spec: &str) -> PyResult<ScenarioArg> {
    let v = parse(spec, "scenario")?;
    let kind = v.get("kind").and_then(Value::as_str).unwrap_or("default");
    let given = v.get("given").and_then(Value::as_str).map(str::to_string);
    let spec = match kind {
        "default" => ScenarioSpec::Default,
        "named" => ScenarioSpec::Named(
            v.get("name")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
        ),
        "inline" => ScenarioSpec::Inline(v.get("value").cloned().unwrap_or(Value::Null)),
        other => return Err(coded("bad_request", format!("scenario kind `{other}`"))),
    };
    Ok(ScenarioArg { given, spec })
}

/// A value behind a mutex, as a Python class holds its game (PyO3 classes must be
/// `Sync`); a panic while it was held is reported, never re-raised.
pub(crate) struct Locked<T: ?Sized>(std::sync::Mutex<Box<T>>);

impl<T: ?Sized> Locked<T> {
    pub(crate) fn new(v: Box<T>) -> Self {
        Locked(std::sync::Mutex::new(v))
    }

    pub(crate) fn with<R>(&self, f: impl FnOnce(&mut T) -> PyResult<R>) -> PyResult<R> {
        let mut g = self
            .0
            .lock()
            .map_err(|_| coded("internal_error", "the game was poisoned by a panic"))?;
        f(g.as_mut())
    }
}

thread_local! {
    static REGISTRY: orrery_protocol::Registry = orrery_rulesets::registry();
}

/// Run `f` with the registry of every ruleset.
pub(crate) fn with_registry<T>(f: impl FnOnce(&orrery_protocol::Registry) -> T) -> T {
    REGISTRY.with(f)
}

/// Every ruleset with its scenarios (`rulesets` of the engine protocol), as JSON.
#[pyfunction]
fn rulesets() -> PyResult<String> {
    with_registry(|r| write(&r.rulesets()))
}

/// A built-in scenario written out as JSON, to edit and pass back as a dict.
#[pyfunction]
fn scenario_json(ruleset: &str, name: &str) -> PyResult<String> {
    with_registry(|r| r.scenario_json(ruleset, name))
        .map_err(engine_error)
        .and_then(|v| write(&v))
}

/// A scenario file's text read by the ruleset (TOML in its own format; JSON
/// otherwise), as JSON; problems name the file, field and reason.
#[pyfunction]
fn read_scenario(ruleset: &str, text: &str, file: &str) -> PyResult<String> {
    let value = with_registry(|r| {
        let rs = r
            .get(ruleset)
            .ok_or_else(|| engine_error(ProtocolError::UnknownRuleset(ruleset.to_string())))?;
        if file.ends_with(".toml") {
            match rs.scenario_from_text(text, file) {
                Some(Ok(v)) => Ok(v),
                Some(Err(e)) => Err(coded("invalid_setup", e.problems.join("\n"))),
                None => Err(coded(
                    "invalid_setup",
                    format!("{file}: this ruleset reads scenarios as JSON only"),
                )),
            }
        } else {
            serde_json::from_str(text)
                .map_err(|e| coded("invalid_setup", format!("{file}: not JSON: {e}")))
        }
    })?;
    write(&value)
}

/// Load a weights file (`orrery train`'s) for every learned agent and estimate of
/// this process; its header as JSON. A file that cannot be used raises `bad_model`
/// with the reason, and nothing is loaded.
#[pyfunction]
fn load_model(path: &str) -> PyResult<String> {
    let m = orrery_agents::model::load_file(std::path::Path::new(path))
        .map_err(|e| coded("bad_model", e.to_string()))?;
    write(&m.about())
}

/// Forget every weights file loaded with `load_model` (the shipped models stay).
#[pyfunction]
fn unload_models() {
    orrery_agents::model::unload_files();
}

#[pymodule]
fn _orrery(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("EngineError", m.py().get_type::<EngineError>())?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(scenario_json, m)?)?;
    m.add_function(wrap_pyfunction!(read_scenario, m)?)?;
    m.add_function(wrap_pyfunction!(load_model, m)?)?;
    m.add_function(wrap_pyfunction!(unload_models, m)?)?;
    game::register(m)?;
    learn::register(m)?;
    lab::register(m)?;
    train::register(m)?;
    Ok(())
}
