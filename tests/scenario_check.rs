//! `orrery scenario check FILE` (issue 9 §4): a scenario file is read by its
//! ruleset, set up under every rule, and its forces listed; problems name the file,
//! field and reason, and the map size rule matches the docs (LF-01, LFO-17).

mod cli_support;

use cli_support::{temp, text};
use std::path::PathBuf;
use std::process::Output;

fn orrery(args: &[&str]) -> Output {
    cli_support::orrery(args, "")
}

/// The built-in Duel with the map size set first.
fn duel_sized(cols: u32, rows: u32, tag: &str) -> PathBuf {
    let duel = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/launch-fighters/data/scenarios/duel.toml"
    ))
    .expect("the built-in duel");
    let path = temp(&format!("scenario-{tag}.toml"));
    std::fs::write(&path, format!("cols = {cols}\nrows = {rows}\n{duel}")).unwrap();
    path
}

#[test]
fn every_built_in_scenario_file_checks_under_its_ruleset() {
    for (dir, ruleset) in [
        ("crates/launch-fighters/data/scenarios", "launch-fighters"),
        ("crates/stratoyager/data/scenarios", "stratoyager"),
    ] {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let out = orrery(&["scenario", "check", path.to_str().unwrap()]);
            let s = text(&out.stdout);
            assert!(
                out.status.success(),
                "{}: {}",
                path.display(),
                text(&out.stderr)
            );
            assert!(s.contains(&format!("OK as a {ruleset} scenario")), "{s}");
            assert!(
                s.contains("P0 ") && s.contains("P1 "),
                "each seat listed: {s}"
            );
        }
    }
}

/// LF-01 "at least 24 columns or rows" (LFO-17): 20 × 24 loads, 20 × 20 does not,
/// and the refusal names the file, the fields and the rule.
#[test]
fn lf01_the_longer_side_must_be_24() {
    let tall = duel_sized(20, 24, "tall");
    let out = orrery(&["scenario", "check", tall.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let small = duel_sized(20, 20, "small");
    let out = orrery(&["scenario", "check", small.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains(small.to_str().unwrap()), "{err}");
    assert!(err.contains("cols, rows"), "{err}");
    assert!(err.contains("LF-01"), "{err}");
    assert!(
        err.contains("not a valid launch-fighters scenario"),
        "{err}"
    );
    let _ = std::fs::remove_file(tall);
    let _ = std::fs::remove_file(small);
}

#[test]
fn json_lists_units_with_points_or_the_problems() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/stratoyager/data/scenarios/dogfight.toml"
    );
    let out = orrery(&["scenario", "check", path, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], true);
    assert_eq!(v["check"]["ruleset"], "stratoyager");
    let units = v["check"]["units"].as_array().unwrap();
    assert!(units.iter().all(|u| u["points"].as_f64().unwrap() > 0.0));
    // The same file read as the other ruleset: refused, every problem listed.
    let out = orrery(&[
        "scenario",
        "check",
        path,
        "--ruleset",
        "launch-fighters",
        "--json",
    ]);
    assert!(!out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], false);
    assert!(!v["problems"].as_array().unwrap().is_empty(), "{v}");
}

#[test]
fn an_unknown_ruleset_or_missing_file_is_a_clear_error() {
    let out = orrery(&["scenario", "check", "no-such-file.toml"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("cannot read scenario file no-such-file.toml"));
    let out = orrery(&["scenario", "check", "Cargo.toml", "--ruleset", "chess"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("unknown ruleset `chess`"));
}
