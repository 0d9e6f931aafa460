//! # orrery-studies
//!
//! The battle lab's studies named by ruleset id, as the CLI's `orrery sim` and
//! `orrery calibrate` run them and as the Python package runs them on a Ray cluster.
//! A study is played whole or in **parts** (ranges of battle indices); battle `i`
//! depends only on its index, so parts played anywhere and merged in order give the
//! report the whole study gives, battle for battle.

pub mod calibrate;
pub mod sim;

use orrery_core::FullGame;
use orrery_protocol::ScenarioSpec;
use serde::Serialize;
use serde_json::Value;
use thiserror::Error;

/// Why a study cannot run.
#[derive(Debug, Error)]
pub enum StudyError {
    /// A bad argument (unknown ruleset, scenario or agent, bad count...).
    #[error("{0}")]
    Input(String),
    #[error(transparent)]
    Lab(#[from] orrery_lab::LabError),
    /// A part's results that do not read (from another worker).
    #[error("a part of the study does not read: {0}")]
    Part(String),
}

/// The scenario a study fights on: what the user named (for the report), and the
/// scenario itself.
#[derive(Clone, Debug, Default)]
pub struct ScenarioArg {
    /// As the user gave it (a built-in name or a file); `None` = the default.
    pub given: Option<String>,
    pub spec: ScenarioSpec,
}

/// The unknown ruleset `id`, with a hint.
pub fn unknown_ruleset(id: &str) -> StudyError {
    StudyError::Input(format!(
        "unknown ruleset `{id}`{}",
        orrery_protocol::unknown_ruleset_hint(id, &orrery_rulesets::ids())
    ))
}

/// The scenario of `arg`, typed, with its name: a built-in one by name (or the
/// first), or one written out (named by its `name` field, else as given).
pub fn scenario<G: FullGame>(
    ruleset: &str,
    arg: &ScenarioArg,
) -> Result<(String, G::Scenario), StudyError> {
    let mut builtin = G::scenarios();
    let known = || {
        G::scenarios()
            .iter()
            .map(|s| s.name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match &arg.spec {
        ScenarioSpec::Default => {
            if builtin.is_empty() {
                return Err(StudyError::Input(format!(
                    "{ruleset} has no built-in scenario; give --scenario FILE"
                )));
            }
            let s = builtin.remove(0);
            Ok((s.name, s.scenario))
        }
        ScenarioSpec::Named(name) => match builtin.into_iter().find(|s| &s.name == name) {
            Some(s) => Ok((s.name, s.scenario)),
            None => Err(StudyError::Input(format!(
                "unknown scenario `{name}` for {ruleset} (neither a built-in scenario nor a \
                 file; built-in: {})",
                known()
            ))),
        },
        ScenarioSpec::Inline(v) => {
            let given = arg.given.clone().unwrap_or_default();
            let name = v
                .get("name")
                .and_then(Value::as_str)
                .map_or_else(|| given.clone(), str::to_string);
            let s: G::Scenario = serde_json::from_value(v.clone())
                .map_err(|e| StudyError::Input(format!("scenario file {given}: {e}")))?;
            Ok((name, s))
        }
    }
}

/// The scenario's turn limit when it states one in a field the lab knows
/// (`turn_limit`, or `options.turns`).
pub fn turn_limit<S: Serialize>(scenario: &S) -> Option<u32> {
    let v = serde_json::to_value(scenario).ok()?;
    let n = v
        .get("turn_limit")
        .or_else(|| v.get("options").and_then(|o| o.get("turns")))?;
    n.as_u64().and_then(|n| u32::try_from(n).ok())
}

/// The agent names, trimmed and checked to be non-empty.
pub fn agent_list(agents: &[String]) -> Result<Vec<String>, StudyError> {
    let names: Vec<String> = agents.iter().map(|s| s.trim().to_string()).collect();
    if names.is_empty() || names.iter().any(String::is_empty) {
        return Err(StudyError::Input(format!(
            "--agents needs agent names, comma-separated (known: {})",
            orrery_agents::AGENT_NAMES.join(", ")
        )));
    }
    Ok(names)
}

/// The budget as the reports write it.
fn budget_json(b: &orrery_agents::Budget) -> Value {
    serde_json::json!({ "millis": b.millis, "iterations": b.iterations })
}

/// `head` followed by the fields of `report` (one JSON object, as `--json` prints).
fn merged<R: Serialize>(mut head: Value, report: &R) -> Result<Value, StudyError> {
    let r = serde_json::to_value(report).map_err(|e| StudyError::Part(e.to_string()))?;
    if let (Value::Object(m), Value::Object(r)) = (&mut head, r) {
        m.extend(r);
    }
    Ok(head)
}

/// Split `0..n` into `parts` consecutive ranges of nearly equal size (none empty
/// unless `n < parts`): how a study is spread over workers.
pub fn split(n: usize, parts: usize) -> Vec<std::ops::Range<usize>> {
    let parts = parts.max(1).min(n.max(1));
    (0..parts)
        .map(|k| k * n / parts..(k + 1) * n / parts)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_covers_every_index_once_in_order() {
        for n in [1, 7, 400, 1001] {
            for parts in [1, 2, 3, 8] {
                let r = split(n, parts);
                assert_eq!(r.first().unwrap().start, 0);
                assert_eq!(r.last().unwrap().end, n);
                assert!(r.windows(2).all(|w| w[0].end == w[1].start));
            }
        }
    }
}
