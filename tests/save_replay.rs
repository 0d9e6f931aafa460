//! Saving, resuming and replaying games (issue 9 §3): `play --save FILE` writes the
//! record after every action, `play --resume FILE` goes on from it exactly as the
//! unbroken game would, `orrery replay FILE` narrates it, and a saved file never
//! holds an order still secret from a seat.

mod cli_support;

use cli_support::{orrery, temp, text};
use std::path::PathBuf;
use std::process::Output;

fn last_hash(out: &Output) -> String {
    let s = text(&out.stdout);
    s.lines()
        .rev()
        .find_map(|l| {
            l.strip_prefix("State hash: ")
                .or_else(|| l.strip_prefix("View hash: "))
        })
        .unwrap_or_else(|| panic!("no state hash in:\n{s}\n{}", text(&out.stderr)))
        .to_string()
}

fn record(path: &PathBuf) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_resumed_game_goes_on_as_the_unbroken_one() {
    let args = ["play", "--seed", "3", "--ai", "easy"];
    // Unbroken: three choices of the first action, then quit.
    let whole = orrery(&args, "1\n1\n1\nquit\n");
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    // Broken: two choices, saved; then resumed for the third.
    let file = temp("resume.json");
    let f = file.to_str().unwrap();
    let first = orrery(&[&args[..], &["--save", f]].concat(), "1\n1\nquit\n");
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(
        text(&first.stdout).contains("--resume"),
        "says how to go on"
    );
    let saved = record(&file);
    assert_eq!(saved["seed"], 3);
    let resumed = orrery(&["play", "--ai", "easy", "--resume", f], "1\nquit\n");
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(text(&resumed.stdout).contains("Resumed"));
    assert_eq!(last_hash(&resumed), last_hash(&whole));
    // It kept saving to the same file: one more of the human's actions is in it.
    assert!(
        record(&file)["actions"].as_array().unwrap().len()
            > saved["actions"].as_array().unwrap().len()
    );
    let _ = std::fs::remove_file(file);
}

/// The agent (seat 0) gives its secret deployment card before the human (seat 1):
/// the file must not show it while the human has still to choose (SY-22).
#[test]
fn a_saved_game_holds_no_order_still_secret() {
    let file = temp("secret.json");
    let f = file.to_str().unwrap();
    let out = orrery(
        &[
            "play",
            "stratoyager",
            "--scenario",
            "dogfight",
            "--seat",
            "1=human",
            "--ai",
            "easy",
            "--seed",
            "4",
            "--save",
            f,
        ],
        "quit\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("  P0 gave a secret order for "));
    let saved = record(&file);
    assert_eq!(saved["actions"], serde_json::json!([]), "{saved}");
    // Resumed, the agent gives the same order again and the game goes on.
    let out = orrery(
        &["play", "--seat", "1=human", "--ai", "easy", "--resume", f],
        "quit\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("  P0 gave a secret order for "));
    let _ = std::fs::remove_file(file);
}

#[test]
fn replay_narrates_a_saved_battle_to_the_same_end() {
    let file = temp("battle.json");
    let f = file.to_str().unwrap();
    let battle = orrery(&["battle", "--seed", "5", "-q", "--save", f], "");
    assert!(battle.status.success(), "{}", text(&battle.stderr));
    let hash = text(&battle.stdout)
        .split("final hash: ")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    let replay = orrery(&["replay", f], "");
    assert!(replay.status.success(), "{}", text(&replay.stderr));
    let s = text(&replay.stdout);
    assert!(s.contains("Battle over"), "{s}");
    assert!(s.contains("placed at"), "every event narrated: {s}");
    assert_eq!(last_hash(&replay), hash);
    // A record whose recorded hash was altered is refused before any narration.
    let mut r = record(&file);
    r["actions"][3]["hash"] = serde_json::json!("0000000000000000");
    std::fs::write(&file, r.to_string()).unwrap();
    let bad = orrery(&["replay", f], "");
    assert!(!bad.status.success());
    assert!(text(&bad.stdout).is_empty(), "nothing narrated");
    assert!(
        text(&bad.stderr).contains("does not replay"),
        "{}",
        text(&bad.stderr)
    );
    let _ = std::fs::remove_file(file);
}

#[test]
fn battle_takes_the_strength_levels_as_agents() {
    let out = orrery(&["battle", "--seed", "2", "-q", "--agents", "easy"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        ["Stalemate", "Only one fleet", "turn limit"]
            .iter()
            .any(|why| s.contains(why)),
        "the end reason is said:\n{s}"
    );
}
