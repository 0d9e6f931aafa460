//! Guided first battles (issue 41), run the same way by every front end: the
//! terminal's `orrery learn`, the engine and the server. A ruleset's lessons are data
//! ([`orrery_data::tutorial`]); here they are read against a game: which lessons the
//! learner has done (from the record: what each of its actions said when it was
//! chosen), which one its question now teaches and which of its legal actions that
//! lesson asks for, and whether an action may be taken. Each lesson is taught the
//! first time one of its actions is among the learner's choices, so a battle that
//! goes another way still teaches each lesson when it comes.

use crate::{DynGame, ProtocolError, Ruleset, ScenarioSpec};
use orrery_core::Seat;
use orrery_data::tutorial::{read_tutorial, Tutorial};
use orrery_data::DataError;
use serde_json::{json, Value};

/// A ruleset's guided first battle, read.
#[derive(Clone, Debug)]
pub struct Lessons {
    pub ruleset: String,
    pub tutorial: Tutorial,
}

/// Where a learner stands in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Each lesson: done yet?
    pub done: Vec<bool>,
    /// The lesson done last (what the learner's newest lesson taught stays said
    /// until the next one is done: a forced choice taken after it does not hide it).
    pub last: Option<usize>,
    /// The learner's actions so far.
    pub actions: usize,
}

impl Lessons {
    /// The lessons of `ruleset`: `None` when it has none; every problem of its file
    /// (`<ruleset>/web/tutorial.toml`) otherwise.
    pub fn of(ruleset: &dyn Ruleset) -> Option<Result<Lessons, DataError>> {
        let id = ruleset.info().id;
        let text = ruleset.tutorial()?;
        Some(
            read_tutorial(text, &format!("{id}/web/tutorial.toml")).map(|tutorial| Lessons {
                ruleset: id,
                tutorial,
            }),
        )
    }

    /// The learner's seat.
    pub fn seat(&self) -> Seat {
        Seat(self.tutorial.seat)
    }

    /// The battle, set up: the tutorial's scenario and seed.
    pub fn setup(&self, ruleset: &dyn Ruleset) -> Result<Box<dyn DynGame>, ProtocolError> {
        ruleset.new_game(
            ScenarioSpec::Named(self.tutorial.scenario.clone()),
            self.tutorial.seed,
        )
    }

    /// Which lessons the learner's recorded actions did, in order: an action does the
    /// first lesson not yet done that asks for it (while a lesson is taught only its
    /// actions are taken, and an action of an earlier lesson not done would have
    /// made that one the lesson then).
    pub fn progress(&self, game: &dyn DynGame) -> Progress {
        let steps = &self.tutorial.steps;
        let mut done = vec![false; steps.len()];
        let mut last = None;
        let texts = game.texts_of_actions(self.seat());
        for text in &texts {
            if let Some(i) = (0..steps.len()).find(|&i| !done[i] && steps[i].asks_for(text)) {
                done[i] = true;
                last = Some(i);
            }
        }
        Progress {
            done,
            last,
            actions: texts.len(),
        }
    }

    /// The lesson the learner's question teaches now, with the places in its legal
    /// list of the actions it asks for; `None` when the learner is not to move or no
    /// lesson left is about any of its choices.
    pub fn lesson_now(
        &self,
        game: &dyn DynGame,
        progress: &Progress,
    ) -> Option<(usize, Vec<usize>)> {
        let seat = self.seat();
        if game.is_terminal() || !game.to_move().contains(&seat) {
            return None;
        }
        let texts = game.legal_text(seat);
        let steps = &self.tutorial.steps;
        (0..steps.len())
            .filter(|&i| !progress.done[i])
            .find_map(|i| {
                let asked: Vec<usize> = texts
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| steps[i].asks_for(t))
                    .map(|(k, _)| k)
                    .collect();
                (!asked.is_empty()).then_some((i, asked))
            })
    }

    /// What a front end shows now, as JSON: `{"title", "intro", "of", "done",
    /// "kind", "said", "rule", "lesson", "then"}`. `kind`: `lesson` (then `lesson` is
    /// `{"number", "idea", "say", "rule", "actions"}`, `actions` the places in the
    /// legal list of the actions it asks for), `free` (no lesson for this choice),
    /// `waiting` (the others decide), `done` (every lesson done) or `end` (the
    /// battle is over); `said` is what to say for it. `then`: what the lesson done
    /// last taught, `{"idea", "text", "rule"}` (until the next lesson is done).
    pub fn now(&self, game: &dyn DynGame) -> Value {
        let t = &self.tutorial;
        let p = self.progress(game);
        let done = p.done.iter().filter(|d| **d).count();
        let lesson = self.lesson_now(game, &p);
        let mine = !game.is_terminal() && game.to_move().contains(&self.seat());
        let (kind, said, rule) = if game.is_terminal() {
            ("end", t.end.as_str(), t.end_rule.as_str())
        } else if let Some((i, _)) = &lesson {
            (
                "lesson",
                t.steps[*i].say.as_str(),
                t.steps[*i].rule.as_str(),
            )
        } else if done == t.steps.len() {
            ("done", t.done.as_str(), "")
        } else if mine {
            ("free", t.free.as_str(), "")
        } else {
            ("waiting", "The other side is deciding.", "")
        };
        json!({
            "ruleset": self.ruleset,
            "title": t.title,
            "intro": t.intro,
            "of": t.steps.len(),
            "done": done,
            "actions": p.actions,
            "kind": kind,
            "said": said,
            "rule": rule,
            "lesson": lesson.map(|(i, actions)| json!({
                "number": i + 1,
                "idea": t.steps[i].idea,
                "say": t.steps[i].say,
                "rule": t.steps[i].rule,
                "actions": actions,
            })),
            "then": p.last.map(|i| json!({
                "idea": t.steps[i].idea,
                "text": t.steps[i].then,
                "rule": t.steps[i].rule,
            })),
        })
    }

    /// May the learner take `action` now? While a lesson is taught, only its actions:
    /// anything else is refused with what the lesson asks (nothing is applied). Any
    /// other seat, and the learner between lessons, decide freely.
    pub fn check(&self, game: &dyn DynGame, seat: Seat, action: &Value) -> Result<(), String> {
        if seat != self.seat() {
            return Ok(());
        }
        let p = self.progress(game);
        let Some((i, _)) = self.lesson_now(game, &p) else {
            return Ok(());
        };
        let step = &self.tutorial.steps[i];
        let text = game.describe_action(Some(seat), action).unwrap_or_default();
        if step.asks_for(&text) {
            Ok(())
        } else {
            Err(format!(
                "Not yet: this lesson is {} ({}). {}",
                step.idea.to_lowercase(),
                step.rule,
                step.say
            ))
        }
    }
}
