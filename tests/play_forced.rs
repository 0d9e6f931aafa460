//! Issue 28 at the terminal: `orrery play` takes a human seat's only legal action
//! itself and says so in one line (unless `--confirm-forced`), and the free-table and
//! node maps carry the coordinates the texts use.

mod cli_support;

use cli_support::{orrery, stdout};

fn play(args: &[&str], input: &str) -> String {
    stdout(&orrery(&[&["play"], args].concat(), input))
}

#[test]
fn a_forced_single_choice_is_taken_and_said_in_one_line() {
    let out = play(&["--seed", "2", "--ai", "random"], &"1\n".repeat(40));
    assert!(
        out.contains("P0 (you), the only choice: activate "),
        "{out}"
    );
    // It was not asked: no list of one numbered action before it.
    let at = out.find("the only choice").unwrap();
    assert!(!out[..at].trim_end().ends_with("P0>"), "{out}");
}

#[test]
fn confirm_forced_asks_even_for_a_single_choice() {
    let out = play(
        &["--seed", "2", "--ai", "random", "--confirm-forced"],
        &"1\n".repeat(40),
    );
    assert!(!out.contains("the only choice"), "{out}");
    let help = play(&["--help"], "");
    assert!(help.contains("--confirm-forced"), "{help}");
}

#[test]
fn undo_reaches_past_forced_choices_to_the_last_real_one() {
    // STGv2 seed 2: the 17th answer is followed by a forced single Move Card; undo
    // then takes back that answer and the forced card after it (not the forced card
    // alone, which would only be taken again).
    let input = format!("{}undo\nquit\n", "1\n".repeat(17));
    let out = play(&["stgv2", "--seed", "2", "--ai", "random"], &input);
    assert!(out.contains("the only choice: card: up"), "{out}");
    assert!(
        out.contains("Took back your last action and 1 forced choice(s) after it."),
        "{out}"
    );
}

#[test]
fn free_table_maps_have_rulers_in_the_texts_coordinates() {
    let out = play(&["black-skies", "--seed", "1", "--ai", "random"], "quit\n");
    assert!(out.contains("\n  36 "), "the top edge is numbered:\n{out}");
    assert!(
        out.contains("\n   0 "),
        "the bottom edge is numbered:\n{out}"
    );
    assert!(
        out.contains("     0       6       12"),
        "x along the bottom:\n{out}"
    );
    let out = play(&["warfleets", "--seed", "1", "--ai", "random"], "quit\n");
    assert!(out.contains("\n 48 |"), "{out}");
    assert!(out.contains("     0     6     12"), "{out}");
}

#[test]
fn the_node_map_names_each_rows_first_and_last_node() {
    let out = play(&["stgv2", "--seed", "1", "--ai", "random"], "quit\n");
    assert!(out.contains("(-5,2) ·   +"), "{out}");
    assert!(out.contains("#0  · (3,2)"), "{out}");
}
