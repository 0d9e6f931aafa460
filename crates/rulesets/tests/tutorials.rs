//! Issue 41: every ruleset's guided first battle reads, sets up, and teaches every one
//! of its lessons in a played battle. The learner here plays as the `heuristic`
//! agent, taking the first action a lesson asks for where the agent's is not one; the other
//! seats are the tutorial's opponent (`easy`): one deterministic battle per ruleset,
//! to its end.

use orrery_agents::Budget;
use orrery_core::Seat;
use orrery_protocol::tutorial::Lessons;
use orrery_rulesets::{ids, registry};
use serde_json::Value;

#[test]
fn every_ruleset_has_a_first_battle_whose_lessons_are_all_taught() {
    let reg = registry();
    let mut refused = 0;
    for id in ids() {
        let ruleset = reg.get(id).unwrap();
        let lessons = Lessons::of(ruleset)
            .unwrap_or_else(|| panic!("{id} has no tutorial"))
            .unwrap_or_else(|e| panic!("{e}"));
        let t = &lessons.tutorial;
        let mut game = lessons.setup(ruleset).unwrap();
        let me = lessons.seat();
        let mut taught = vec![false; t.steps.len()];
        let mut actions = 0;
        while !game.is_terminal() {
            let seat = game.to_move()[0];
            let now = lessons.now(game.as_ref());
            let action: Value = if seat == me {
                let p = lessons.progress(game.as_ref());
                match lessons.lesson_now(game.as_ref(), &p) {
                    Some((i, asked)) => {
                        assert_eq!(now["kind"], "lesson", "{id}: {now}");
                        assert_eq!(now["lesson"]["number"], i + 1);
                        let legal = game.legal(seat);
                        // Anything else is refused, and nothing changes.
                        if let Some(k) = (0..legal.len()).find(|k| !asked.contains(k)) {
                            let hash = game.status().hash;
                            let why = lessons.check(game.as_ref(), seat, &legal[k]).unwrap_err();
                            assert!(why.starts_with("Not yet"), "{why}");
                            assert_eq!(game.status().hash, hash);
                            refused += 1;
                        }
                        taught[i] = true;
                        // The one the AI would take, where the lesson asks for it.
                        let ai = game
                            .agent_action(seat, "heuristic", actions, Budget::default())
                            .unwrap();
                        let k = asked.iter().copied().find(|&k| legal[k] == ai);
                        legal[k.unwrap_or(asked[0])].clone()
                    }
                    None => game
                        .agent_action(seat, "heuristic", actions, Budget::default())
                        .unwrap(),
                }
            } else {
                assert_eq!(lessons.check(game.as_ref(), seat, &Value::Null), Ok(()));
                game.agent_action(seat, &t.opponent, actions, Budget::default())
                    .unwrap()
            };
            lessons.check(game.as_ref(), seat, &action).unwrap();
            game.apply(Seat(seat.0), &action).unwrap();
            actions += 1;
            assert!(actions < 5000, "{id}: the first battle is not short");
        }
        let end = lessons.now(game.as_ref());
        assert_eq!(end["kind"], "end", "{id}");
        assert_eq!(end["done"], Value::from(t.steps.len()), "{id}: {end}");
        let missing: Vec<&str> = t
            .steps
            .iter()
            .zip(&taught)
            .filter(|(_, t)| !**t)
            .map(|(s, _)| s.idea.as_str())
            .collect();
        assert!(missing.is_empty(), "{id}: never taught: {missing:?}");
        eprintln!("{id}: {} lessons in {actions} actions", t.steps.len());
    }
    // Most lessons leave other choices out (Stratoyager's name every choice).
    assert!(refused >= 5, "other actions were refused {refused} times");
}
