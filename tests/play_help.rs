//! The terminal explains itself (issue 9 §3): `help rules` prints the ruleset's
//! glossary, attacks in the list carry their exact odds, `odds N` answers them, and
//! a change of the victory points is announced with where to read why.

mod cli_support;

use cli_support::{orrery, stdout};
use std::process::Output;

fn play(args: &[&str], input: &str) -> Output {
    orrery(&[&["play"], args].concat(), input)
}

#[test]
fn help_rules_explains_the_letters_hits_and_scores() {
    let s = stdout(&play(
        &["--seed", "1", "--ai", "easy"],
        "help rules\nquit\n",
    ));
    for needle in [
        "C Cannons",
        "D Defense",
        "direct hit",
        "all five stats reach 0",
        "Victory points (LF-17)",
    ] {
        assert!(s.contains(needle), "`{needle}` missing:\n{s}");
    }
    let s = stdout(&play(
        &["stratoyager", "--seed", "1", "--ai", "easy"],
        "help rules\nquit\n",
    ));
    for needle in ["Hull stress (SY-09)", "VICTORY POINTS", "THT"] {
        assert!(s.contains(needle), "`{needle}` missing:\n{s}");
    }
}

/// Two Wasps (docs/protocol.md): seat 1 has gathered one cannon die against seat 0's
/// Wasp (Defense 3). The barrage in the list shows its odds: a die hits on 4-6.
fn at_the_barrage() -> std::path::PathBuf {
    let wasp = r#"{"name":"Wasp","cannons":2,"launchers":0,"bays":0,"defense":3,"move":4}"#;
    let record = format!(
        r#"{{"ruleset":"launch-fighters","seed":3,
        "scenario":{{"name":"Two Wasps","fleets":[{{"name":"Red","ships":[{wasp}]}},{{"name":"Blue","ships":[{wasp}]}}]}},
        "actions":[
          {{"seat":0,"action":{{"type":"place","ship":0,"at":{{"q":13,"r":5}},"facing":"s"}}}},
          {{"seat":1,"action":{{"type":"place","ship":1,"at":{{"q":13,"r":15}},"facing":"n"}}}},
          {{"seat":0,"action":{{"type":"move","unit":0,"to":{{"q":13,"r":9}},"facing":"s"}}}},
          {{"seat":1,"action":{{"type":"move","unit":1,"to":{{"q":13,"r":12}},"facing":"n"}}}},
          {{"seat":1,"action":{{"type":"activate","unit":1}}}},
          {{"seat":1,"action":{{"type":"fire_cannons","target":0}}}}]}}"#
    );
    let path = cli_support::temp("odds.json");
    std::fs::write(&path, record).unwrap();
    path
}

#[test]
fn attacks_are_listed_with_their_odds_and_odds_n_answers() {
    let file = at_the_barrage();
    let f = file.to_str().unwrap();
    // Saved elsewhere, so the record read stays as it is.
    let saved = file.with_extension("saved.json");
    let s = stdout(&play(
        &[
            "--resume",
            f,
            "--seat",
            "1=human",
            "--ai",
            "easy",
            "--save",
            saved.to_str().unwrap(),
        ],
        "odds 1\nodds 2\nodds 9\nquit\n",
    ));
    assert!(
        s.contains("1. roll a barrage of 1 die at Wasp (P0-A)")
            && s.contains("[hit 50.0% (direct 0.0%), destroys it 0.0%]"),
        "{s}"
    );
    assert!(
        s.contains("   hit 50.0% (direct 0.0%), destroys it 0.0%"),
        "odds 1: {s}"
    );
    assert!(
        s.contains("no dice are rolled for it"),
        "odds 2 (stop firing): {s}"
    );
    assert!(s.contains("No action 9"), "{s}");
    // The map marks the active Wasp's reach (range 5, LF-10) and front arc (LF-03):
    // the enemy Wasp 3 hexes ahead is in it.
    assert!(s.contains("'A0v"), "{s}");
    assert!(s.contains("' within range 5 of your active ship"), "{s}");
    let _ = std::fs::remove_file(file);
    let _ = std::fs::remove_file(saved);
}

#[test]
fn a_change_of_score_is_announced() {
    // Answering every question with its first choice, the default duel soon sees a
    // hit that costs a ship its capability or a kill.
    let input = "1\n".repeat(80) + "quit\n";
    let s = stdout(&play(&["--seed", "3", "--ai", "easy"], &input));
    let line = s
        .lines()
        .find(|l| l.starts_with("Victory points now: "))
        .unwrap_or_else(|| panic!("no score change announced:\n{s}"));
    assert!(line.contains("help rules"), "{line}");
    assert!(
        line.contains('(') && (line.contains("(-") || line.contains("(+")),
        "{line}"
    );
}

/// Issue 9 §3: the map keeps every offered hex in view and marks it `+`; within one
/// phase the whole battle is not printed again after every action, so the moves just
/// made stay on the screen (`map` shows it on demand).
#[test]
fn the_map_marks_offered_hexes_and_is_not_reprinted_every_action() {
    let s = stdout(&play(&["--seed", "3", "--ai", "easy"], "1\nmap\nquit\n"));
    // The first flagship is placed at 1311 (LF-07): it is on the map, marked.
    let first = s.split("Legend").next().unwrap();
    assert!(
        first.contains("showing columns") && first.contains("+."),
        "{first}"
    );
    assert!(
        s.contains("+ where you may place, move, launch or push now"),
        "{s}"
    );
    // The second placement, same seat, turn and phase: one line, not the board.
    assert!(
        s.contains("Turn 0, placement (type `map` for the battle"),
        "{s}"
    );
    assert_eq!(
        s.matches("Initiative, lowest first").count(),
        2,
        "the board at the first decision and for `map`, not in between:\n{s}"
    );
}

/// Issue 9 §3: at a Stratoyager placement (8,280 actions) the screen says how to
/// type the order, and the example it gives is a legal placement.
#[test]
fn a_long_list_says_how_to_type_the_order_and_its_example_works() {
    let args = [
        "stratoyager",
        "--scenario",
        "dogfight",
        "--ai",
        "easy",
        "--seed",
        "4",
    ];
    let s = stdout(&play(&args, "card 1\nquit\n"));
    let hint = s
        .lines()
        .find(|l| l.contains("by typing `place X Y course H speed S`"))
        .unwrap_or_else(|| panic!("no placement hint:\n{s}"));
    let example = hint
        .split("e.g. `")
        .nth(1)
        .and_then(|r| r.split('`').next())
        .expect("an example");
    let s = stdout(&play(&args, &format!("card 1\n{example}\nquit\n")));
    assert!(
        s.lines().any(|l| l.contains("Guardian 151a placed at")),
        "`{example}` did not place:\n{s}"
    );
}

/// Issue 37 §5: in Warfleets the first marker prompt folded 265 actions behind `list`
/// but the second printed its 164, with no word on why. One rule now, said where it
/// applies: a list longer than a screen is not printed unasked, whatever its count;
/// `list` prints it, and the game's quick order is offered beside.
#[test]
fn a_long_list_is_folded_by_one_rule_the_prompt_states() {
    let s = stdout(&play(
        &["warfleets", "--seed", "2", "--ai", "easy"],
        "list\n1\n1\n1\nquit\n",
    ));
    let prompts: Vec<&str> = s.split("choose an action:\n").skip(1).collect();
    assert!(prompts.len() >= 3, "{s}");
    // What a prompt printed before the player typed.
    fn asked(p: &str) -> &str {
        p.split("P0> ").next().unwrap_or_default()
    }
    for p in prompts.iter().take(2).map(|p| asked(p)) {
        assert!(
            p.contains(" choices, more than fit on one screen (50 lines): not printed.\n"),
            "{p}"
        );
        assert!(p.contains("  Type `list` to see them all"), "{p}");
        assert!(p.contains("  Or type `marker X Y` (whole inches)"), "{p}");
        assert!(!p.contains("place a mission marker"), "{p}");
    }
    assert!(prompts[0].starts_with("  265 choices,"), "{}", prompts[0]);
    // `list` prints all of them.
    assert!(
        prompts[0].contains("  265. place a mission marker at"),
        "{}",
        prompts[0]
    );
    // A list that fits is printed.
    assert!(
        asked(prompts[2]).contains("1. deploy from the south edge"),
        "{}",
        prompts[2]
    );
}

/// Issue 41: `hint` names the AI's top choices by their numbers in the list, each
/// with the seat's chance; between people at one terminal only with `--hints`.
#[test]
fn hint_names_the_ais_top_choices_by_number() {
    let s = stdout(&play(
        &["stratoyager", "--scenario", "dogfight", "--ai", "easy"],
        "hint\nquit\n",
    ));
    let listed: Vec<&str> = s
        .lines()
        .skip_while(|l| !l.contains("The AI's top choices"))
        .skip(1)
        .take_while(|l| !l.starts_with("Type a number"))
        .collect();
    assert!((1..=3).contains(&listed.len()), "{s}");
    for l in &listed {
        let (number, rest) = l.trim().split_once(". ").expect(l);
        assert!(number.parse::<usize>().is_ok(), "{l}");
        assert!(rest.ends_with("%)"), "{l}");
        // The number is the action's in the list shown above.
        let text = rest.rsplit_once(" (").unwrap().0;
        assert!(
            s.lines().any(|x| x.trim() == format!("{number}. {text}")),
            "{l} not in the list:\n{s}"
        );
    }
    let people = [
        "stratoyager",
        "--scenario",
        "dogfight",
        "--seat",
        "0=human",
        "--seat",
        "1=human",
    ];
    let s = stdout(&play(&people, "\nhint\nquit\n"));
    assert!(s.contains("Hints are off in a game between people"), "{s}");
    let s = stdout(&play(
        &[&people[..], &["--hints"]].concat(),
        "\nhint\nquit\n",
    ));
    assert!(s.contains("The AI's top choices"), "{s}");
}
