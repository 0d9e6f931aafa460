//! `orrery analyse` (issue 41): the AI's reading of saved games of every ruleset.

#[path = "cli_support/mod.rs"]
mod cli_support;
use cli_support::{orrery, stdout, temp, text};
use serde_json::Value;

/// One battle per ruleset: a searching agent (seat 0) against a random one (seat 1).
const GAMES: [(&str, &str); 5] = [
    ("launch-fighters", "duel"),
    ("stratoyager", "pilot-episode"),
    ("black-skies", "duel"),
    ("warfleets", "patrol"),
    ("stgv2", "outpost"),
];

fn saved_battle(ruleset: &str, scenario: &str) -> std::path::PathBuf {
    let file = temp(&format!("analyse-{ruleset}.json"));
    let f = file.to_str().unwrap();
    stdout(&orrery(
        &[
            "battle",
            ruleset,
            "-s",
            scenario,
            "--seed",
            "5",
            "-a",
            "mcts,random",
            "--iterations",
            "300",
            "-q",
            "--save",
            f,
        ],
        "",
    ));
    file
}

fn analysis(file: &std::path::Path) -> Value {
    let out = orrery(&["analyse", file.to_str().unwrap(), "--json"], "");
    serde_json::from_str(&stdout(&out)).expect("JSON")
}

/// Every decision holds together (chances in 0..1, the loss and its mark as the
/// thresholds say, the better move named only where it is better), the same record
/// gives the same analysis, and over the five rulesets the random side loses at
/// least five times the searching side's chance per decision: the analysis sees
/// who played well.
#[test]
fn the_analysis_of_every_ruleset_sees_the_random_side_lose_more() {
    let (mut searcher, mut random) = (0.0, 0.0);
    for (ruleset, scenario) in GAMES {
        let file = saved_battle(ruleset, scenario);
        let a = analysis(&file);
        assert_eq!(a["ruleset"], ruleset);
        let decisions = a["decisions"].as_array().expect("decisions");
        assert!(decisions.len() >= 10, "{ruleset}: {}", decisions.len());
        for d in decisions {
            let (before, after, loss) = (
                d["before"].as_f64().unwrap(),
                d["after"].as_f64().unwrap(),
                d["loss"].as_f64().unwrap(),
            );
            assert!(
                (0.0..=1.0).contains(&before) && (0.0..=1.0).contains(&after),
                "{d}"
            );
            assert!((loss - (before - after).max(0.0)).abs() < 1e-12, "{d}");
            let mark = match loss {
                l if l >= 0.30 => Value::from("blunder"),
                l if l >= 0.20 => Value::from("mistake"),
                l if l >= 0.10 => Value::from("inaccuracy"),
                _ => Value::Null,
            };
            assert_eq!(d["mark"], mark, "{ruleset}: {d}");
            assert_eq!(d["best"].is_null(), loss == 0.0, "{ruleset}: {d}");
            assert_eq!(d["best_text"].is_null(), loss == 0.0, "{ruleset}: {d}");
            assert!(!d["played_text"].as_str().unwrap().is_empty(), "{d}");
        }
        let seats = a["seats"].as_array().unwrap();
        let mean = |s: usize| seats[s]["mean_loss"].as_f64().unwrap();
        eprintln!(
            "{ruleset}: mean loss searcher {:.4}, random {:.4}",
            mean(0),
            mean(1)
        );
        searcher += mean(0);
        random += mean(1);
        assert_eq!(analysis(&file), a, "{ruleset}: the same analysis again");
    }
    assert!(
        random > 0.0 && random >= 5.0 * searcher,
        "{random} against {searcher}"
    );
}

#[test]
fn the_analysis_in_words_shows_progress_the_marks_and_a_line_per_seat() {
    let file = saved_battle("launch-fighters", "duel");
    let out = orrery(
        &["analyse", file.to_str().unwrap(), "--iterations", "100"],
        "",
    );
    let words = stdout(&out);
    assert!(words.contains("100 iterations a search"), "{words}");
    assert!(words.contains("Seat  decisions  mean loss"), "{words}");
    assert!(
        words.contains("\nP0 ") && words.contains("\nP1 "),
        "{words}"
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("analysing: ") && err.contains(" actions"),
        "{err}"
    );
}

#[test]
fn a_file_that_is_not_a_record_is_refused_with_its_name() {
    let file = temp("analyse-not-a-record.json");
    std::fs::write(&file, "{\"ruleset\": \"launch-fighters\"}").unwrap();
    let out = orrery(&["analyse", file.to_str().unwrap()], "");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("analyse-not-a-record.json"), "{err}");
    let out = orrery(&["analyse", "x.json", "--iterations", "0"], "");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("--iterations"));
}
