//! Issue 28 at the terminal: the ending in the ruleset's words (side names, results,
//! rounded scores with what they count, losses) in `battle`, `replay` and the engine;
//! a did-you-mean for mistyped ruleset, scenario and agent names.

mod cli_support;

use cli_support::{orrery, stdout, temp, text};
use serde_json::Value;

#[test]
fn a_warfleets_draw_is_said_on_the_mission_with_the_vp_tie_break_explained() {
    let out = stdout(&orrery(&["battle", "warfleets", "--seed", "3", "-q"], ""));
    assert!(
        out.starts_with("Draw on the mission: 0 markers each\n"),
        "{out}"
    );
    assert!(
        out.contains("Iron Armada   drew    0 markers (0.31 VP)"),
        "{out}"
    );
    assert!(
        out.contains("ships destroyed (Corvette 1A, Corvette 2A)"),
        "{out}"
    );
    // The note is wrapped to fit 100 columns.
    assert!(
        out.contains("a tie-break that never\n  decides the winner."),
        "{out}"
    );
    assert!(!out.contains("seat 0") && !out.contains("WINNER"), "{out}");
}

#[test]
fn every_ruleset_names_its_sides_and_says_what_the_score_counts() {
    for (ruleset, side, unit) in [
        ("launch-fighters", "Terran Navy", " VP"),
        ("stratoyager", "Federated Systems Fleet", " VP"),
        ("black-skies", "Tigers", " points"),
        ("warfleets", "Iron Armada", " markers"),
        ("stgv2", "Seat 0", " Spendys ON station"),
    ] {
        let out = stdout(&orrery(&["battle", ruleset, "--seed", "3", "-q"], ""));
        let head = out.lines().next().unwrap_or_default();
        assert!(
            head.starts_with("Draw") || head.contains(" won"),
            "{ruleset}: {out}"
        );
        assert!(out.contains(side), "{ruleset}: {out}");
        assert!(out.contains(unit), "{ruleset}: {out}");
        // No float is shown with more than 2 decimals.
        for word in out.split_whitespace() {
            let decimals = word
                .trim_matches(|c: char| !c.is_ascii_digit())
                .split_once('.')
                .map_or(0, |(_, d)| d.len());
            assert!(decimals <= 2, "{ruleset}: {word} in {out}");
        }
    }
}

#[test]
fn battle_json_carries_the_ending_in_words() {
    let out = stdout(&orrery(
        &["battle", "black-skies", "--seed", "3", "--json"],
        "",
    ));
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    let e = &v["ending"];
    assert_eq!(e["headline"], "Tigers won: 58 to 0 points", "{e}");
    assert_eq!(e["sides"][1]["result"], "lost");
    assert_eq!(
        e["sides"][1]["losses"][0],
        "2 fighters destroyed (Falcon ×2)"
    );
}

#[test]
fn a_replay_ends_with_the_same_ending_as_the_battle() {
    let save = temp("ending-replay.json");
    let save_s = save.to_str().unwrap();
    let battle = stdout(&orrery(
        &[
            "battle",
            "black-skies",
            "--seed",
            "3",
            "-q",
            "--save",
            save_s,
        ],
        "",
    ));
    let replay = stdout(&orrery(&["replay", save_s], ""));
    let head = battle.lines().next().unwrap();
    assert!(replay.contains(head), "{replay}");
    let _ = std::fs::remove_file(save);
}

#[test]
fn the_engine_outcome_answer_has_the_ending_once_over() {
    let out = stdout(&orrery(
        &["engine"],
        "{\"cmd\":\"new\",\"ruleset\":\"black-skies\",\"seed\":3}\n{\"cmd\":\"outcome\"}\n",
    ));
    let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["terminal"], false);
    assert!(last.get("ending").is_none(), "{last}");
}

#[test]
fn a_mistyped_ruleset_gets_a_did_you_mean_and_the_list() {
    let out = orrery(&["play", "stratoyger"], "");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("unknown ruleset `stratoyger`; did you mean `stratoyager`? (known: "),
        "{err}"
    );
}

#[test]
fn a_mistyped_scenario_or_agent_gets_a_did_you_mean() {
    let out = orrery(&["battle", "stratoyager", "--scenario", "dogfigt"], "");
    let err = text(&out.stderr);
    assert!(err.contains("did you mean `dogfight`?"), "{err}");
    let out = orrery(&["battle", "--agents", "grredy"], "");
    let err = text(&out.stderr);
    assert!(err.contains("did you mean `greedy`?"), "{err}");
}

#[test]
fn the_engine_says_which_ruleset_was_meant() {
    let out = stdout(&orrery(
        &["engine"],
        "{\"cmd\":\"new\",\"ruleset\":\"warfleet\",\"seed\":1}\n",
    ));
    assert!(out.contains("did you mean `warfleets`?"), "{out}");
}

/// Issue 37 §5: a three-way headline read "won: 211 to 22 to 59 VP", which does not
/// say whose score is whose. The winner's score, then each other side's by name.
#[test]
fn a_three_way_headline_names_whose_score_is_whose() {
    let out = stdout(&orrery(
        &[
            "battle",
            "launch-fighters",
            "--scenario",
            "three-way",
            "--seed",
            "3",
            "-q",
        ],
        "",
    ));
    assert!(
        out.starts_with("Terran Navy won with 218.5 VP (Ihari Empire 20, Centauri Pirates 24)\n"),
        "{out}"
    );
    assert!(
        !out.lines().next().unwrap_or_default().contains(" to "),
        "{out}"
    );
}

/// Issue 37 §5: `battle stgv2` wrote "32,000" and "32000" in one ending: the headline
/// and the scores grouped thousands, the reason the rules gave did not. Every number
/// of Spendys goes through the ruleset's one formatter.
#[test]
fn an_stgv2_ending_writes_every_number_of_spendys_one_way() {
    let out = stdout(&orrery(&["battle", "stgv2", "--seed", "1", "-q"], ""));
    let ending = out.split("Turns:").next().unwrap_or_default();
    assert!(
        ending.contains("26,000 Spendys ON station at the end of his turn (target 25,000, ST-18)"),
        "{out}"
    );
    for number in ending.split(|c: char| !c.is_ascii_digit() && c != ',') {
        let number = number.trim_matches(',');
        assert!(
            number.len() < 4 || number.contains(','),
            "`{number}` is not grouped like the others:\n{ending}"
        );
    }
}
