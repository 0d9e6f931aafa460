//! docs/adding-a-ruleset.md walks through a small complete ruleset (Take-Away, in
//! `crates/core/src/toy.rs`). Its code must be code that builds: every Rust block of
//! the guide is found, line for line, in the files it quotes (this file included),
//! which the workspace compiles and tests. And the walk-through's own test is here.

use orrery_core::conformance::{run, Config};
use orrery_core::toy::TakeAway;
use orrery_core::Game;

const GUIDE: &str = include_str!("../../../docs/adding-a-ruleset.md");
const QUOTED: [(&str, &str); 3] = [
    ("crates/core/src/toy.rs", include_str!("../src/toy.rs")),
    (
        "crates/core/tests/adding_a_ruleset.rs",
        include_str!("adding_a_ruleset.rs"),
    ),
    (
        "crates/rulesets/src/lib.rs",
        include_str!("../../rulesets/src/lib.rs"),
    ),
];

/// The guide's Rust blocks, each cut into the runs between its `// …` lines (where
/// the guide leaves lines out).
fn runs_of_rust_blocks(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut block: Option<Vec<String>> = None;
    for line in text.lines() {
        match (&mut block, line.trim_start()) {
            (None, l) if l.starts_with("```rust") => block = Some(Vec::new()),
            (Some(_), "```") => {
                let lines = block.take().unwrap_or_default();
                for run in lines.split(|l| l.trim() == "// …") {
                    if run.iter().any(|l| !l.trim().is_empty()) {
                        out.push(run.to_vec());
                    }
                }
            }
            (Some(b), _) => b.push(line.to_string()),
            _ => {}
        }
    }
    out
}

/// Does `run` stand in `file` as consecutive lines (leading spaces aside: the guide
/// may quote a method out of its `impl`)?
fn quoted_in(run: &[String], file: &str) -> bool {
    let lines: Vec<&str> = file.lines().map(str::trim_start).collect();
    let want: Vec<&str> = run.iter().map(|l| l.trim_start()).collect();
    lines.windows(want.len()).any(|w| w == want.as_slice())
}

#[test]
fn every_rust_block_of_the_guide_is_code_that_builds() {
    let runs = runs_of_rust_blocks(GUIDE);
    assert!(
        runs.len() >= 10,
        "the guide shows its code: {} runs",
        runs.len()
    );
    let missing: Vec<String> = runs
        .iter()
        .filter(|run| !QUOTED.iter().any(|(_, f)| quoted_in(run, f)))
        .map(|run| run.join("\n"))
        .collect();
    assert!(
        missing.is_empty(),
        "these lines of docs/adding-a-ruleset.md are in none of {:?}:\n\n{}",
        QUOTED.map(|(name, _)| name),
        missing.join("\n\n---\n\n")
    );
}

/// The check that catches a copy that drifted: a changed line is not found.
#[test]
fn a_block_that_is_not_in_the_code_is_caught() {
    let guide = "```rust\nfn seats(&self) -> u8 {\n    3\n}\n```\n";
    let runs = runs_of_rust_blocks(guide);
    assert_eq!(runs.len(), 1);
    assert!(!QUOTED.iter().any(|(_, f)| quoted_in(&runs[0], f)));
    let right = "```rust\nfn seats(&self) -> u8 {\n    2\n}\n```\n";
    assert!(QUOTED
        .iter()
        .any(|(_, f)| quoted_in(&runs_of_rust_blocks(right)[0], f)));
}

// The walk-through's last step: the conformance suite over the new game.
#[test]
fn take_away_keeps_the_contract() {
    let scenarios: Vec<_> = TakeAway::scenarios()
        .into_iter()
        .map(|s| s.scenario)
        .collect();
    let r = run::<TakeAway>(&scenarios, &Config::random_games(300, 1));
    r.assert_clean();
    assert_eq!(r.games, 300);
}
