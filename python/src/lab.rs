//! The battle lab's studies ([`orrery_studies`]): whole, or in parts (ranges of battle
//! indices) that the Python side runs as Ray tasks and merges here. A job is the
//! JSON the Python side writes from the CLI's arguments.

use crate::{coded, parse, scenario_arg, write};
use orrery_agents::Budget;
use orrery_studies::calibrate::{CalibrateJob, Roster};
use orrery_studies::sim::SimJob;
use orrery_studies::StudyError;
use pyo3::prelude::*;
use serde_json::Value;

fn study_error(e: StudyError) -> PyErr {
    let code = match e {
        StudyError::Part(_) => "bad_request",
        _ => "invalid_setup",
    };
    coded(code, e.to_string())
}

fn field<'a>(v: &'a Value, name: &str) -> Option<&'a Value> {
    v.get(name).filter(|x| !x.is_null())
}

fn text(v: &Value, name: &str, default: &str) -> String {
    field(v, name)
        .and_then(Value::as_str)
        .unwrap_or(default)
        .to_string()
}

fn number(v: &Value, name: &str, default: u64) -> PyResult<u64> {
    match field(v, name) {
        None => Ok(default),
        Some(n) => n.as_u64().ok_or_else(|| {
            coded(
                "bad_request",
                format!("`{name}` must be a whole number ≥ 0"),
            )
        }),
    }
}

fn agents(v: &Value, default: &str) -> Vec<String> {
    match field(v, "agents") {
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| x.as_str().unwrap_or_default().to_string())
            .collect(),
        Some(Value::String(s)) => s.split(',').map(str::to_string).collect(),
        _ => vec![default.to_string()],
    }
}

fn budget(v: &Value) -> PyResult<Budget> {
    Ok(Budget {
        millis: field(v, "millis")
            .map(|_| number(v, "millis", 0))
            .transpose()?,
        iterations: field(v, "iterations")
            .map(|_| number(v, "iterations", 0).map(|n| n.min(u64::from(u32::MAX)) as u32))
            .transpose()?,
        threads: None,
        ceiling_millis: None,
        stop: None,
    })
}

fn count(v: &Value, default: u64) -> PyResult<usize> {
    Ok(number(v, "battles", default)? as usize)
}

fn sim_job(job: &str) -> PyResult<SimJob> {
    let v = parse(job, "job")?;
    Ok(SimJob {
        ruleset: text(&v, "ruleset", orrery_rulesets::DEFAULT_ID),
        scenario: scenario_arg(&write(field(&v, "scenario").unwrap_or(&Value::Null))?)?,
        agents: agents(&v, "random"),
        n: count(&v, 100)?,
        seed: number(&v, "seed", 1)?,
        budget: budget(&v)?,
        swap: field(&v, "swap").and_then(Value::as_bool),
    })
}

fn calibrate_job(job: &str) -> PyResult<CalibrateJob> {
    let v = parse(job, "job")?;
    let roster = match field(&v, "roster") {
        Some(r) => Roster::File {
            name: text(r, "name", "roster"),
            text: text(r, "text", ""),
        },
        None => Roster::Default,
    };
    Ok(CalibrateJob {
        ruleset: text(&v, "ruleset", orrery_rulesets::DEFAULT_ID),
        scenario: scenario_arg(&write(field(&v, "scenario").unwrap_or(&Value::Null))?)?,
        roster,
        n: count(&v, 200)?,
        points: field(&v, "points").and_then(Value::as_f64),
        agents: agents(&v, "greedy"),
        seed: number(&v, "seed", 1)?,
        budget: budget(&v)?,
        seat_term: field(&v, "seat_term")
            .and_then(Value::as_bool)
            .unwrap_or(true),
    })
}

/// Check a sim job; its number of battles.
#[pyfunction]
fn sim_plan(job: &str) -> PyResult<usize> {
    let j = sim_job(job)?;
    orrery_studies::sim::plan(&j).map_err(study_error)?;
    Ok(j.n)
}

/// Battles `start..end` of a sim job on `jobs` threads: an opaque part (JSON).
#[pyfunction]
fn sim_part(py: Python<'_>, job: &str, start: usize, end: usize, jobs: usize) -> PyResult<String> {
    let j = sim_job(job)?;
    let records = py
        .detach(|| orrery_studies::sim::play(&j, start..end, jobs.max(1), &|| {}))
        .map_err(study_error)?;
    write(&records)
}

/// The report of a sim job from all its parts, as `orrery sim --json` prints it.
#[pyfunction]
fn sim_merge(job: &str, parts: Vec<String>) -> PyResult<String> {
    let j = sim_job(job)?;
    let mut records = Vec::new();
    for p in &parts {
        let mut part: Vec<orrery_lab_record::BattleRecord> =
            serde_json::from_str(p).map_err(|e| study_error(StudyError::Part(e.to_string())))?;
        records.append(&mut part);
    }
    let result = orrery_studies::sim::finish(&j, records).map_err(study_error)?;
    write(&orrery_studies::sim::to_json(&j, &result).map_err(study_error)?)
}

/// Check a calibration job; its number of matchups.
#[pyfunction]
fn calibrate_plan(job: &str) -> PyResult<usize> {
    let j = calibrate_job(job)?;
    orrery_studies::calibrate::plan(&j).map_err(study_error)?;
    Ok(j.n)
}

/// Matchups `start..end` of a calibration job on `jobs` threads: an opaque part.
#[pyfunction]
fn calibrate_part(
    py: Python<'_>,
    job: &str,
    start: usize,
    end: usize,
    jobs: usize,
) -> PyResult<String> {
    let j = calibrate_job(job)?;
    let matchups = py
        .detach(|| orrery_studies::calibrate::play(&j, start..end, jobs.max(1), &|| {}))
        .map_err(study_error)?;
    write(&matchups)
}

/// The report of a calibration from all its parts, as `orrery calibrate --json`.
#[pyfunction]
fn calibrate_merge(job: &str, parts: Vec<String>) -> PyResult<String> {
    let j = calibrate_job(job)?;
    let mut matchups = Vec::new();
    for p in &parts {
        let mut part: Vec<orrery_lab_record::Matchup> =
            serde_json::from_str(p).map_err(|e| study_error(StudyError::Part(e.to_string())))?;
        matchups.append(&mut part);
    }
    let c = orrery_studies::calibrate::finish(&j, matchups).map_err(study_error)?;
    write(&orrery_studies::calibrate::to_json(&j, &c).map_err(study_error)?)
}

/// `0..n` split into `parts` consecutive ranges, as `(start, end)` pairs.
#[pyfunction]
fn split(n: usize, parts: usize) -> Vec<(usize, usize)> {
    orrery_studies::split(n, parts)
        .into_iter()
        .map(|r| (r.start, r.end))
        .collect()
}

/// The battle records and matchups as the lab writes them.
mod orrery_lab_record {
    pub use orrery_lab::calibrate::Matchup;
    pub use orrery_lab::BattleRecord;
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sim_plan, m)?)?;
    m.add_function(wrap_pyfunction!(sim_part, m)?)?;
    m.add_function(wrap_pyfunction!(sim_merge, m)?)?;
    m.add_function(wrap_pyfunction!(calibrate_plan, m)?)?;
    m.add_function(wrap_pyfunction!(calibrate_part, m)?)?;
    m.add_function(wrap_pyfunction!(calibrate_merge, m)?)?;
    m.add_function(wrap_pyfunction!(split, m)?)
}
