//! End-to-end tests of exact odds: `orrery odds …` (table and `--json`, hand-computed
//! cases, clear errors) and the engine protocol's `odds` command on real Launch
//! Fighters! and Stratoyager positions (loaded with `load_state`).

use orrery_core::{Game, Odds, Seat};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

fn orrery() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_orrery"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn run(args: &[&str]) -> Output {
    orrery()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the orrery binary runs")
}

fn odds_json(args: &[&str]) -> Value {
    let mut all = vec!["odds"];
    all.extend_from_slice(args);
    all.push("--json");
    let out = run(&all);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {err}");
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn close(v: &Value, want: f64) {
    let got = v.as_f64().unwrap_or(f64::NAN);
    assert!((got - want).abs() < 1e-12, "{got} != {want}");
}

#[test]
fn cli_launch_fighters_barrage_and_dogfight() {
    // Two dice vs Defense 3: (1,1) automatic, sum 3 miss, 4–6 hit, 7+ direct.
    let v = odds_json(&[
        "launch-fighters",
        "barrage",
        "--dice",
        "2",
        "--defense",
        "3",
    ]);
    close(&v["auto_miss"], 1.0 / 36.0);
    close(&v["miss"], 2.0 / 36.0);
    close(&v["hit"], 12.0 / 36.0);
    close(&v["direct_hit"], 21.0 / 36.0);
    // One die at a squadron (defence 1D6): 6 / 15 / 9 / 6 of 36.
    let v = odds_json(&["launch-fighters", "barrage", "--dice", "1", "--squadron"]);
    close(&v["miss"], 15.0 / 36.0);
    close(&v["hit"], 9.0 / 36.0);
    let v = odds_json(&["launch-fighters", "dogfight"]);
    close(&v["no_result"], 1.0 / 6.0);
    close(&v["attacker_hit"], 0.25);
    close(&v["defender_direct_hit"], 1.0 / 6.0);
}

#[test]
fn cli_stratoyager_attack_and_hull_stress() {
    let base = ["--damage-dice", "2", "--armor", "4", "--structure", "3"];
    let attack = |range: &str, tht: &str, extra: &[&str]| {
        let mut a = vec!["stratoyager", "attack", "--range", range, "--tht", tht];
        a.extend_from_slice(&base);
        a.extend_from_slice(extra);
        odds_json(&a)
    };
    close(&attack("medium", "4", &[])["p_hit"], 0.5);
    close(&attack("close", "5", &[])["p_hit"], 5.0 / 9.0);
    close(&attack("medium", "4", &["--linked"])["p_hit"], 0.75);
    close(&attack("long", "-2", &[])["p_hit"], 1.0);
    close(&attack("point-blank", "7", &[])["p_hit"], 0.0);
    let v = attack(
        "medium",
        "4",
        &["--shields", "1", "--reactor-interference-aft"],
    );
    close(&v["structure_lost"]["2"], 1.0 / 8.0);
    let v = odds_json(&["stratoyager", "hull-stress", "--dice", "1"]);
    close(&v["greyout"], 0.5);
    close(&v["none"], 0.5);
    let v = odds_json(&[
        "stratoyager",
        "hull-stress",
        "--dice",
        "1",
        "--fail-on",
        "3",
    ]);
    close(&v["greyout"], 2.0 / 3.0);
}

#[test]
fn cli_tables_show_percentages_and_fractions() {
    let out = run(&[
        "odds",
        "stratoyager",
        "attack",
        "--range",
        "close",
        "--tht",
        "5",
        "--damage-dice",
        "1",
        "--armor",
        "4",
        "--structure",
        "1",
    ]);
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(s.contains("55.5556%") && s.contains("5/9"), "{s}");
    assert!(s.contains("wrecked"), "{s}");
}

#[test]
fn cli_rejects_bad_input_without_panicking() {
    for args in [
        &[
            "odds",
            "launch-fighters",
            "barrage",
            "--dice",
            "0",
            "--defense",
            "3",
        ][..],
        &[
            "odds",
            "launch-fighters",
            "barrage",
            "--dice",
            "-1",
            "--defense",
            "3",
        ],
        &["odds", "launch-fighters", "barrage", "--dice", "2"],
        &[
            "odds",
            "stratoyager",
            "attack",
            "--range",
            "visual",
            "--tht",
            "3",
        ],
        &[
            "odds",
            "stratoyager",
            "hull-stress",
            "--dice",
            "2",
            "--fail-on",
            "5",
        ],
        &["odds", "stratoyager", "hull-stress", "--dice", "-3"],
    ] {
        let out = run(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} accepted");
        assert!(err.contains("error") && !err.contains("panicked"), "{err}");
    }
}

/// Run requests through `orrery engine`; one response per request.
fn engine(requests: &[Value]) -> Vec<Value> {
    let mut child = orrery()
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("engine starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut out = Vec::new();
    for r in requests {
        writeln!(stdin, "{r}").expect("write");
        stdin.flush().expect("flush");
        let mut line = String::new();
        stdout.read_line(&mut line).expect("read");
        out.push(serde_json::from_str(&line).expect("JSON response"));
    }
    drop(stdin);
    let _ = child.wait();
    out
}

#[test]
fn protocol_odds_for_a_stratoyager_salvo() {
    use orrery_stratoyager::state::{Ask, AskKind, Batch};
    use orrery_stratoyager::testkit::*;
    use orrery_stratoyager::{Action, CombatOrder};
    let mut g = game();
    let guardian = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 5);
    let bb = add(&mut g, BLACKBUCK, B, 12.0, 9.0, 6, 3);
    ask(
        &mut g,
        Batch {
            kind: AskKind::Combat,
            secret: true,
            asks: vec![Ask {
                seat: A,
                unit: guardian,
                answer: None,
            }],
            first: None,
        },
    );
    let salvo = Action::Combat(CombatOrder::Salvo { target: bb });
    let direct = g.action_odds(A, &salvo).expect("odds");
    let r = engine(&[
        json!({"cmd": "new", "ruleset": "stratoyager"}),
        json!({"cmd": "load_state", "state": serde_json::to_value(&g).unwrap()}),
        json!({"cmd": "odds", "player": 0, "action": salvo}),
        json!({"cmd": "odds", "player": 0, "action": {"kind": "combat", "order": "hold"}}),
        json!({"cmd": "odds", "player": 1, "action": salvo}),
        json!({"cmd": "odds", "player": 0}),
        json!({"cmd": "help"}),
    ]);
    assert_eq!(r[1]["ok"], true, "{}", r[1]);
    assert_eq!(r[2]["ok"], true, "{}", r[2]);
    assert_eq!(r[2]["odds"], direct);
    let a = &r[2]["odds"]["attacks"][0];
    // Example 1: THT 5 at Close; Guardian is Linked.
    assert_eq!(
        (a["tht"].as_i64(), a["band"].as_str()),
        (Some(5), Some("close"))
    );
    assert!(a["p_hit"].as_f64().unwrap() > 5.0 / 9.0);
    assert_eq!(r[3]["error"]["code"], "illegal_action", "{}", r[3]);
    assert_eq!(r[4]["error"]["code"], "illegal_action", "{}", r[4]);
    assert_eq!(r[5]["error"]["code"], "bad_request", "{}", r[5]);
    let cmds = r[6]["commands"].as_array().expect("commands");
    assert!(cmds.iter().any(|c| c["cmd"] == "odds"));
}

#[test]
fn protocol_odds_for_a_launch_fighters_barrage() {
    use orrery_launch_fighters::testkit::{design, Sandbox};
    use orrery_launch_fighters::Action;
    let mut sb = Sandbox::new(2);
    let north = || serde_json::from_value(json!("n")).expect("a direction");
    let a = sb.ship(0, design("S", 4, 0, 0, 5, 3), 10, 10, north());
    let t = sb.ship(1, design("T", 1, 0, 0, 3, 2), 10, 12, north());
    sb.attack_step(3, vec![Seat(1), Seat(0)]);
    let mut g = sb.build();
    g.apply(Seat(0), &Action::Activate { unit: a })
        .expect("activate");
    g.apply(Seat(0), &Action::FireCannons { target: t })
        .expect("fire");
    let barrage = Action::Barrage {
        dice: 2,
        target: None,
    };
    let r = engine(&[
        json!({"cmd": "new", "ruleset": "launch-fighters"}),
        json!({"cmd": "load_state", "state": serde_json::to_value(&g).unwrap()}),
        json!({"cmd": "odds", "player": 0, "action": barrage}),
        json!({"cmd": "odds", "player": 0, "action": {"type": "barrage", "dice": 9}}),
        json!({"cmd": "odds", "player": 0, "action": {"type": "no_such"}}),
    ]);
    assert_eq!(r[2]["ok"], true, "{}", r[2]);
    let e = &r[2]["odds"]["targets"][0];
    assert_eq!(e["defense"], 3);
    close(&e["direct_hit"], 21.0 / 36.0);
    close(&e["p_hit"], 33.0 / 36.0);
    close(&e["levels_lost"]["1"], 33.0 / 36.0);
    assert_eq!(r[3]["error"]["code"], "illegal_action", "{}", r[3]);
    assert_eq!(r[4]["error"]["code"], "illegal_action", "{}", r[4]);
}

/// Issue 10 §1: the `odds` subcommands come from the one list of rulesets; its help
/// lists every ruleset that has calculators, with its one-line summary.
#[test]
fn cli_odds_help_lists_every_ruleset_of_the_list() {
    let out = run(&["odds", "--help"]);
    assert!(out.status.success());
    let s = String::from_utf8_lossy(&out.stdout);
    let reg = orrery_rulesets::registry();
    for id in orrery_rulesets::ids() {
        let calcs = reg.get(id).and_then(|r| r.odds_calculators());
        let calcs = calcs.unwrap_or_else(|| panic!("{id} has odds calculators"));
        let line = s
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{id} ")))
            .unwrap_or_else(|| panic!("`{id}` listed:\n{s}"));
        assert!(line.contains(&calcs.about), "{line}");
    }
}

/// Issue 37 §5: the odds said "1 defence dice ×1 rolls" and "0 hit(s)": every odds
/// text counts in the singular and the plural.
#[test]
fn odds_texts_say_one_die_and_two_dice() {
    let table = |args: &[&str]| {
        let mut all = vec!["odds"];
        all.extend_from_slice(args);
        let out = run(&all);
        let s = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{args:?}: {s}");
        assert!(!s.contains("(s)"), "{args:?}: {s}");
        s
    };
    let s = table(&[
        "stgv2",
        "combat",
        "--attack-dice",
        "1",
        "--defense-dice",
        "2",
        "--defense-rolls",
        "2",
    ]);
    assert!(
        s.starts_with("Hits: 1 attack die ×1 roll vs 2 defence dice ×2 rolls\n"),
        "{s}"
    );
    for row in ["\n  0 hits ", "\n  1 hit ", "\n  2 hits "] {
        assert!(s.contains(row), "{row:?}: {s}");
    }
    let s = table(&["stgv2", "action", "--rolls", "1"]);
    for row in ["Cards drawn by 1 attempt\n", "\n  0 cards ", "\n  1 card "] {
        assert!(s.contains(row), "{row:?}: {s}");
    }
    // Spendys as the rest of STGv2 writes them.
    assert!(s.contains(": 1,300 Spendys"), "{s}");
    let s = table(&[
        "warfleets",
        "attack",
        "--attacks",
        "2",
        "--evasion",
        "4",
        "--toughness",
        "4",
        "--strength",
        "1",
    ]);
    for row in ["\n  0 hits ", "\n  1 hit ", "\n  2 hits "] {
        assert!(s.contains(row), "{row:?}: {s}");
    }
    let s = table(&[
        "black-skies",
        "attack",
        "--rof",
        "2",
        "--accuracy",
        "5",
        "--band",
        "close",
        "--target-speed",
        "1",
        "--damage",
        "d2",
        "--armor",
        "0",
        "--hull",
        "4",
    ]);
    for row in ["\n  0 hits ", "\n  1 hit ", "\n  2 hits "] {
        assert!(s.contains(row), "{row:?}: {s}");
    }
}
