//! Issue 24 at the terminal: what `orrery play` prints of another seat's action is what
//! that seat's record shows (a face-down card is never named), outcomes say a draw is
//! a draw, `fleet check` reads a file as the ruleset its keys name, a scenario path
//! that does not exist is "not found", and the files the README uses exist.

mod cli_support;

use cli_support::{orrery, stdout, temp, text};
use orrery_core::{Record, Seat};
use orrery_protocol::ScenarioSpec;
use serde_json::Value;

/// The lines `play` printed for seat 1's actions, in order.
fn seat_1_lines(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| l.starts_with("P1 (random)"))
        .map(str::to_string)
        .collect()
}

/// Play `ruleset` at the terminal, seat 0 answering `1` to every question and seat 1
/// the random agent; return what was printed and the saved record.
fn play_with_ones(ruleset: &str, seed: u64, answers: usize) -> (String, Record) {
    let save = temp(&format!("leak-{ruleset}-{seed}.json"));
    let seed = seed.to_string();
    let input = "1\n".repeat(answers);
    let out = orrery(
        &[
            "play",
            ruleset,
            "--seed",
            &seed,
            "--seat",
            "0=human",
            "--seat",
            "1=random",
            "--save",
            save.to_str().unwrap(),
        ],
        &input,
    );
    let printed = stdout(&out);
    let record: Record =
        serde_json::from_str(&std::fs::read_to_string(&save).expect("saved")).expect("a record");
    let _ = std::fs::remove_file(&save);
    (printed, record)
}

/// Whatever `play` prints for another seat must be what that seat's public record
/// shows: replaying the saved record action by action, seat 1's lines are exactly
/// what seat 0 is told of each action (`action_seen_by`, checked for leaks by the
/// conformance suite of every ruleset), in every ruleset. A secret order the
/// ruleset's own events announce gets no line of its own (issue 37 §5).
#[test]
fn play_prints_another_seats_action_as_the_viewers_record_shows_it() {
    let reg = orrery_rulesets::registry();
    for id in orrery_rulesets::ids() {
        let (printed, record) = play_with_ones(id, 5, 150);
        let mut game = reg
            .new_game(
                id,
                ScenarioSpec::Inline(record.scenario.as_ref().clone()),
                record.seed,
            )
            .expect("the saved game sets up");
        let mut expected = Vec::new();
        for ra in &record.actions {
            let since = game.events(Some(Seat(0)), usize::MAX).1;
            let told = game
                .apply_seen_by(ra.seat, &ra.action.value(), Some(Seat(0)))
                .expect("the saved action applies");
            let narrated = !game.events(Some(Seat(0)), since).0.is_empty();
            if ra.seat == Seat(1) {
                match told {
                    Some(t) => expected.push(format!("P1 (random): {t}")),
                    None if narrated => {}
                    None => expected.push("P1 (random) has given a secret order.".to_string()),
                }
            }
        }
        let lines = seat_1_lines(&printed);
        assert!(
            lines.len() >= expected.len() && !expected.is_empty(),
            "{id}: {} lines for {} recorded actions of seat 1",
            lines.len(),
            expected.len()
        );
        assert_eq!(lines[..expected.len()], expected[..], "{id}");
    }
}

/// The audit's case (seed PLAY, BS-04 (8)): a card the AI puts face down is never
/// named at the terminal; the player reads only that it was put down.
#[test]
fn bs04_play_never_names_the_ais_face_down_card() {
    for seed in 1..=4 {
        let (printed, _) = play_with_ones("black-skies", seed, 200);
        // Its first card, at set-up (BS-02); later ones "put a card face down".
        assert!(
            printed.contains("  Falcons readies an element in secret"),
            "seed {seed}: the AI put no card down?\n{printed}"
        );
        for l in &seat_1_lines(&printed) {
            assert!(!l.contains(": card "), "seed {seed}: {l}");
        }
    }
}

/// Issue 37 §5: `play stratoyager` and `play black-skies` announced each of the AI's
/// secret orders twice, once in play's own words ("P1 (easy) has given a secret
/// order.") and once in the ruleset's event ("P1 gave a secret order for Evo 6.2 1",
/// "Falcons spades puts a card face down"). Once now, and only as given until the
/// order is revealed.
#[test]
fn an_ai_secret_order_is_announced_once() {
    // Five secret deployment cards come before seat 0's first question.
    let s = stdout(&orrery(
        &["play", "stratoyager", "--seed", "1", "--ai", "easy"],
        "quit\n",
    ));
    let before = &s[..s.find("choose an action").expect("asked")];
    let said: Vec<&str> = before
        .lines()
        .filter(|l| l.contains("secret order"))
        .collect();
    assert_eq!(
        said,
        [
            "  P1 gave a secret order for Evo 6.2 1",
            "  P1 gave a secret order for Evo 6.2 2",
            "  P1 gave a secret order for Blackbuck Mk II 1",
            "  P1 gave a secret order for Blackbuck Mk II 2",
            "  P1 gave a secret order for Blackbuck Mk II 3",
        ],
        "{before}"
    );
    assert!(
        !before.contains("Deployment cards:"),
        "revealed early:\n{before}"
    );
    // Longer games: no announcement of play's is followed by the ruleset's own for
    // the same order, and the ruleset's are there.
    for (ruleset, own) in [
        ("stratoyager", "  P1 gave a secret order for "),
        ("black-skies", "  Falcons spades puts a card face down"),
    ] {
        let (printed, _) = play_with_ones(ruleset, 5, 150);
        let lines: Vec<&str> = printed.lines().collect();
        assert!(
            lines.iter().any(|l| l.starts_with(own)),
            "{ruleset}: {own:?} missing:\n{printed}"
        );
        for w in lines.windows(2) {
            assert!(
                !(w[0].ends_with("has given a secret order.") && w[1].starts_with(own)),
                "{ruleset}: announced twice:\n{}\n{}",
                w[0],
                w[1]
            );
        }
    }
}

/// A draw is not two winners (a 0–0 Stratoyager dogfight, seed 3).
#[test]
fn a_draw_reads_as_a_draw_not_as_two_winners() {
    let out = stdout(&orrery(
        &[
            "battle",
            "stratoyager",
            "--scenario",
            "dogfight",
            "--seed",
            "3",
            "--quiet",
        ],
        "",
    ));
    assert!(out.contains("Draw: 0 VP each"), "{out}");
    assert!(!out.contains(" won"), "{out}");
    assert!(out.contains("drew    0 VP"), "{out}");
}

fn fleet_check(file: &str, body: &str, args: &[&str]) -> (bool, String) {
    let path = temp(file);
    std::fs::write(&path, body).unwrap();
    let mut all = vec!["fleet", "check", path.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = orrery(&all, "");
    let _ = std::fs::remove_file(&path);
    (out.status.success(), text(&out.stdout) + &text(&out.stderr))
}

/// Without `--ruleset` a broken fleet file is read as the ruleset its own keys name:
/// a Launch Fighters! `[[ships]]` list as Launch Fighters!, a Warfleets `[[ship]]`
/// list as Warfleets; a file whose keys name none says which rulesets were tried.
#[test]
fn fleet_check_reads_a_broken_file_as_the_ruleset_its_keys_name() {
    let (ok, lf) = fleet_check(
        "broken-lf.toml",
        "name = \"X\"\n[[ships]]\ndesign = \"Lancer\"\ncannons = 99\n",
        &[],
    );
    assert!(!ok, "{lf}");
    assert!(!lf.contains("warfleets"), "read as Launch Fighters!:\n{lf}");
    let (ok, wf) = fleet_check(
        "broken-wf.toml",
        "name = \"X\"\npoints = 300\n[[ship]]\nhull = \"Cruiser\"\nfront = \"No Such Gun\"\n",
        &[],
    );
    assert!(!ok, "{wf}");
    assert!(
        !wf.contains("launch-fighters") && !wf.contains("design"),
        "read as Warfleets:\n{wf}"
    );
    assert!(wf.contains("No Such Gun"), "{wf}");
    let (ok, neither) = fleet_check("neither.toml", "name = \"X\"\nboats = 3\n", &[]);
    assert!(!ok);
    assert!(
        neither.contains("tried launch-fighters, warfleets")
            || neither.contains("tried warfleets, launch-fighters"),
        "{neither}"
    );
}

/// A scenario path that does not exist is "not found", not "has no scenario".
#[test]
fn a_missing_scenario_file_is_not_found() {
    let out = orrery(&["battle", "--scenario", "no-such-file.toml"], "");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("`no-such-file.toml` not found"), "{err}");
    assert!(!err.contains("has no scenario"), "{err}");
}

/// Every file a README command reads (`--scenario`, `--roster`, `check`) exists, and
/// the example scenario and roster are valid.
#[test]
fn the_files_the_readme_uses_exist() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README");
    let mut checked = 0;
    for line in readme.lines().filter(|l| l.starts_with("orrery ")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        for w in words.windows(2) {
            let reads = matches!(w[0], "--scenario" | "--roster" | "check");
            if reads && (w[1].ends_with(".toml") || w[1].ends_with(".json")) {
                let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(w[1]);
                assert!(path.is_file(), "README names {} in `{line}`", w[1]);
                checked += 1;
            }
        }
    }
    assert!(checked >= 4, "{checked}");
    let s = stdout(&orrery(
        &["scenario", "check", "examples/my-scenario.toml"],
        "",
    ));
    assert!(s.contains("OK as a launch-fighters scenario"), "{s}");
    let json: Value = serde_json::from_str(&stdout(&orrery(
        &[
            "calibrate",
            "stratoyager",
            "--roster",
            "examples/my-roster.toml",
            "--agents",
            "random",
            "-n",
            "4",
            "--json",
        ],
        "",
    )))
    .expect("JSON");
    assert!(json.to_string().contains("Guardian 151b"), "{json}");
}
