//! A guided first battle (issue 41): a ruleset's `web/tutorial.toml`, read with every
//! problem's file, field and reason. What the lessons say and which actions each one
//! asks for are data a designer edits; the front ends and the protocol's
//! `tutorial` module run them, and the rules stay in Rust.

use crate::{DataError, Reader};
use serde::{Deserialize, Serialize};

/// A ruleset's guided first battle: a small scenario against the `easy` AI, whose
/// learner is taught one idea at each of the steps, the first time its question
/// comes. After the last lesson the battle goes on as a real game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tutorial {
    /// Shown over the lessons, e.g. "Your first battle: a duel".
    pub title: String,
    /// A built-in scenario of the ruleset.
    pub scenario: String,
    /// The battle's seed: the same battle each time.
    pub seed: u64,
    /// The learner's seat (the others are played by the AI).
    #[serde(default)]
    pub seat: u8,
    /// What plays the other seats: a level or an agent (`easy` by default).
    #[serde(default = "easy")]
    pub opponent: String,
    /// Said first: the battle and what the lessons will teach.
    pub intro: String,
    /// Said when the learner decides something no remaining lesson is about.
    pub free: String,
    /// Said once every lesson is done: the battle goes on against the AI.
    pub done: String,
    /// Said when the battle is over: how it was scored.
    pub end: String,
    /// The rule the ending's words come from (a rules page anchor, e.g. `LF-17`).
    pub end_rule: String,
    /// The lessons, in the order they usually come.
    #[serde(rename = "step")]
    pub steps: Vec<Step>,
}

/// One lesson: one idea, taught when the learner first has an action it is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The idea in a few words ("Moving", "Facing and arcs").
    pub idea: String,
    /// What to do now, said before the choice.
    pub say: String,
    /// The lesson's actions: those whose description (as the learner reads it)
    /// contains one of these, ignoring case. Only they are taken while it is taught.
    pub expect: Vec<String>,
    /// What just happened, said after the choice.
    pub then: String,
    /// The rule it teaches (a rules page anchor, e.g. `LF-09`).
    pub rule: String,
}

fn easy() -> String {
    "easy".to_string()
}

impl Step {
    /// Is an action described as `text` one of this lesson's?
    pub fn asks_for(&self, text: &str) -> bool {
        let text = text.to_lowercase();
        self.expect.iter().any(|e| text.contains(&e.to_lowercase()))
    }
}

/// Read a tutorial file: every problem at once, each with `file`, its field and why.
pub fn read_tutorial(text: &str, file: &str) -> Result<Tutorial, DataError> {
    let mut r = Reader::new(file);
    let table = r.parse(text)?;
    let Some(t) = r.serde_value::<Tutorial>(&toml::Value::Table(table), "") else {
        return Err(r.into_error());
    };
    if t.steps.is_empty() {
        r.problem(
            "step".into(),
            "a tutorial needs at least one [[step]]".into(),
        );
    }
    for (i, s) in t.steps.iter().enumerate() {
        if s.expect.is_empty() || s.expect.iter().any(|e| e.trim().is_empty()) {
            r.problem(
                format!("step[{i}].expect"),
                "list the words of the lesson's actions (none may be empty)".into(),
            );
        }
        for (field, v) in [
            ("idea", &s.idea),
            ("say", &s.say),
            ("then", &s.then),
            ("rule", &s.rule),
        ] {
            if v.trim().is_empty() {
                r.problem(format!("step[{i}].{field}"), "empty".into());
            }
        }
    }
    r.finish(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
title = "First"
scenario = "duel"
seed = 7
intro = "Hello."
free = "Choose."
done = "Done."
end = "Scored."
end_rule = "X-1"
[[step]]
idea = "Moving"
say = "Move."
expect = ["move"]
then = "Moved."
rule = "X-2"
"#;

    #[test]
    fn a_tutorial_reads_and_a_lesson_matches_words_ignoring_case() {
        let t = read_tutorial(GOOD, "t.toml").unwrap();
        assert_eq!((t.seat, t.opponent.as_str()), (0, "easy"));
        assert!(t.steps[0].asks_for("MOVE Excelsior 1321 -> 1219"));
        assert!(!t.steps[0].asks_for("fire cannons"));
    }

    #[test]
    fn every_problem_is_named_by_file_and_field() {
        let bad = GOOD
            .replace("expect = [\"move\"]", "expect = []")
            .replace("seed = 7", "seed = 7\nspeed = 2");
        let e = read_tutorial(&bad, "t.toml").unwrap_err();
        assert!(e.has("speed", "unknown field"), "{e}");
        let bad = GOOD.replace("expect = [\"move\"]", "expect = []");
        let e = read_tutorial(&bad, "t.toml").unwrap_err();
        assert!(e.has("step[0].expect", "list the words"), "{e}");
        assert!(e.to_string().starts_with("t.toml: step[0].expect"), "{e}");
        let e = read_tutorial("title = ", "t.toml").unwrap_err();
        assert!(e.to_string().contains("TOML syntax error"), "{e}");
    }
}
