//! Issue 41: `orrery learn RULESET` at the terminal. The guided first battle says each
//! lesson before its question (its idea, its rule, the choices it asks for), refuses a
//! choice the lesson is not about without applying it, says what the choice did, and
//! `undo` lets the learner try again.

mod cli_support;

use cli_support::{orrery, stdout};

#[test]
fn a_lesson_is_said_refuses_what_it_is_not_about_and_says_what_happened() {
    // STGv2's quick race: the start (2 corners), the Energy Cells (the first
    // placement), then the Move Cards lesson, where "end step 4" is refused.
    let s = stdout(&orrery(&["learn", "stgv2"], "1\n1\n2\n1\nquit\n"));
    for needle in [
        "== Your first game: the quick race ==",
        "-- Lesson 1 of 5: The start (ST-05;",
        "Every choice here is the lesson's.",
        "** The start (ST-05): Started.",
        "-- Lesson 3 of 5: Move Cards (ST-07;",
        "The lesson's choices: 1; the others wait for a later turn.",
        "Not yet: this lesson is move cards (ST-07).",
        "** Move Cards (ST-07): Flown.",
    ] {
        assert!(s.contains(needle), "`{needle}` missing:\n{s}");
    }
    // The refused choice was not taken: the lesson's own was, once.
    assert_eq!(s.matches("P0 (you): move ship a").count(), 1, "{s}");
    assert!(!s.contains("P0 (you): end step 4"), "{s}");
}

#[test]
fn undo_tries_a_lesson_again() {
    // Launch Fighters!' placement: no die is rolled before the learner's next
    // question, so the first placement can be taken back and made again.
    let s = stdout(&orrery(&["learn", "launch-fighters"], "1\nundo\n2\nquit\n"));
    assert!(
        s.contains("P0 (you): place Excelsior (P0-A) at 1301 facing N\n"),
        "{s}"
    );
    assert!(s.contains("Took back your last action"), "{s}");
    assert!(
        s.contains("P0 (you): place Excelsior (P0-A) at 1301 facing NE"),
        "{s}"
    );
    // The lesson is said again after the undo.
    assert_eq!(s.matches("-- Lesson 1 of 6: Placement").count(), 2, "{s}");
}

#[test]
fn an_unknown_ruleset_is_named_with_a_suggestion() {
    let out = orrery(&["learn", "stgv"], "");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("did you mean `stgv2`"), "{err}");
}
