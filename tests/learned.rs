//! Issue 38: a weights file from `orrery train` reads the same in the engine protocol
//! and the server (the Python package's test compares it with the engine too); a
//! file that cannot be used is named with the reason, and the agents fall back to
//! the search they had.

mod cli_support;
mod server_support;

use cli_support::{orrery, stdout, temp, text};
use serde_json::{json, Value};
use server_support::{temp_dir, Server};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// `orrery train GAME…` for a run of seconds into `dir`: one generation of two
/// self-play games at `iterations` a decision, cut at `max_actions`, no duel, one
/// epoch, a hidden layer of 8, one worker.
fn train_args(game: &[&str], iterations: &str, max_actions: &str, dir: &Path) -> Vec<String> {
    let mut args = vec!["train"];
    args.extend_from_slice(game);
    args.extend([
        "--generations",
        "1",
        "--games",
        "2",
        "--iterations",
        iterations,
        "--max-actions",
        max_actions,
        "--duel-games",
        "0",
        "--epochs",
        "1",
        "--hidden",
        "8",
        "--jobs",
        "1",
        "--out",
        dir.to_str().unwrap_or_default(),
    ]);
    args.into_iter().map(String::from).collect()
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// A Launch Fighters! model trained for a few seconds (once per test process).
fn tiny_model() -> &'static PathBuf {
    static MODEL: OnceLock<PathBuf> = OnceLock::new();
    MODEL.get_or_init(|| {
        let dir = temp("tiny-train");
        let _ = std::fs::remove_dir_all(&dir);
        let args = train_args(&["launch-fighters"], "4", "300", &dir);
        let out = orrery(&strs(&args), "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let log = std::fs::read_to_string(dir.join("log.jsonl")).unwrap();
        assert_eq!(log.lines().count(), 1, "one generation logged: {log}");
        dir.join("latest.model")
    })
}

/// Send `lines` (JSON requests) to `orrery ARGS engine`; the answers and stderr.
fn engine(args: &[&str], lines: &[Value]) -> (Vec<Value>, String) {
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let mut all: Vec<&str> = args.to_vec();
    all.push("engine");
    let out = orrery(&all, &input);
    let answers = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (answers, text(&out.stderr))
}

#[test]
fn the_engine_and_the_server_estimate_alike_from_one_weights_file() {
    let model = tiny_model().to_str().unwrap().to_string();
    // The engine: a game, then a few actions (each the first legal one of the seat
    // to move), asking both seats' estimates at the start and at the end.
    let mut lines = vec![json!({"cmd":"new","ruleset":"launch-fighters","seed":3})];
    let estimates = |lines: &mut Vec<Value>| {
        for p in 0..2 {
            lines.push(json!({"cmd":"estimate","player":p}));
        }
    };
    estimates(&mut lines);
    let (answers, err) = engine(&["--model", &model], &lines);
    assert!(err.contains("learned evaluation"), "{err}");
    let start: Vec<&Value> = answers[1..3].iter().collect();
    for e in &start {
        assert_eq!(e["ok"], true, "{e}");
        let v = e["value"].as_f64().unwrap();
        assert!(v > 0.0 && v < 1.0, "{e}");
        let p = &e["model"]["provenance"];
        assert!(p["command"].as_str().unwrap().contains("orrery"), "{p}");
        assert!(p["commit"].is_string() && p["settings"]["seed"] == 1, "{p}");
        assert_eq!(e["model"]["ruleset"], "launch-fighters");
    }

    // The server, same game, same file.
    let data = temp_dir("learned-estimate");
    let server = Server::start(&data, None, &["--model", &model]);
    let (id, tokens) = server.create(&json!({
        "ruleset": "launch-fighters",
        "seed": 3,
        "seats": [{"type": "human"}, {"type": "human"}],
    }));
    for p in 0..2 {
        let (c, v) = server.get(&format!("/api/games/{id}/estimate"), tokens[p].as_deref());
        assert_eq!(c, 200, "{v}");
        assert_eq!(
            v["value"], start[p]["value"],
            "seat {p}: {v} vs {}",
            start[p]
        );
        assert_eq!(v["model"], start[p]["model"]);
    }
    // A spectator has no seat whose view the model could read.
    let (c, v) = server.get(&format!("/api/games/{id}/estimate"), None);
    assert_ne!(c, 200, "{v}");

    // Play on in both, and compare again.
    let mut played = Vec::new();
    for _ in 0..6 {
        let (_, spect) = server.get(&format!("/api/games/{id}"), None);
        let seat = spect["status"]["to_move"][0].as_u64().unwrap() as usize;
        let token = tokens[seat].as_deref().unwrap();
        let (_, me) = server.get(&format!("/api/games/{id}"), Some(token));
        let action = me["legal"][0].clone();
        server.act(&id, token, &action);
        played.push(json!({"cmd":"apply","player":seat,"action":action}));
    }
    let mut lines = vec![json!({"cmd":"new","ruleset":"launch-fighters","seed":3})];
    lines.extend(played);
    estimates(&mut lines);
    let (answers, _) = engine(&["--model", &model], &lines);
    let n = answers.len();
    for p in 0..2 {
        let (c, v) = server.get(&format!("/api/games/{id}/estimate"), tokens[p].as_deref());
        assert_eq!(c, 200, "{v}");
        let e = &answers[n - 2 + p];
        assert_eq!(v["value"], e["value"], "after 6 actions, seat {p}");
    }
}

/// The action `agent` suggests (20 iterations, seed 5) in a new `ruleset` game for
/// the seat to move, with `--model FILE` or without, and what stderr said.
fn suggestion(model: Option<&str>, ruleset: &str, agent: &str) -> (Value, Value, String) {
    let args: Vec<&str> = model.map_or(vec![], |m| vec!["--model", m]);
    let (answers, err) = engine(
        &args,
        &[
            json!({"cmd":"new","ruleset":ruleset,"seed":4}),
            json!({"cmd":"status"}),
        ],
    );
    let seat = answers[1]["status"]["to_move"][0].clone();
    let (answers, err2) = engine(
        &args,
        &[
            json!({"cmd":"new","ruleset":ruleset,"seed":4}),
            json!({"cmd":"agent","player":seat,"name":agent,"iterations":20,"seed":5}),
            json!({"cmd":"estimate","player":seat}),
        ],
    );
    assert_eq!(answers[1]["ok"], true, "{}", answers[1]);
    (
        answers[1]["action"].clone(),
        answers[2].clone(),
        format!("{err}{err2}"),
    )
}

#[test]
fn a_weights_file_that_cannot_be_used_says_why_and_the_agent_searches_as_before() {
    let good = std::fs::read(tiny_model()).unwrap();
    let dir = temp("bad-models");
    std::fs::create_dir_all(&dir).unwrap();
    // Another format version: the header's `"format":1` made 9 (same length).
    let header_at = good
        .windows(10)
        .position(|w| w == b"\"format\":1")
        .expect("the header names its format");
    let mut other_version = good.clone();
    other_version[header_at + 9] = b'9';
    let cases: Vec<(&str, Option<Vec<u8>>, &str, &str)> = vec![
        (
            "missing.model",
            None,
            "launch-fighters",
            "cannot read the weights file",
        ),
        (
            "garbage.model",
            Some(b"not a model at all".to_vec()),
            "launch-fighters",
            "not an Orrery weights file",
        ),
        (
            "version.model",
            Some(other_version),
            "launch-fighters",
            "weights file format 9, but this build reads formats 1 and 2",
        ),
        (
            "ruleset.model",
            Some(good.clone()),
            "black-skies",
            "trained for `launch-fighters`, not `black-skies`",
        ),
    ];
    for (name, bytes, ruleset, says) in cases {
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        if let Some(b) = bytes {
            std::fs::write(&path, b).unwrap();
        }
        let path = path.to_str().unwrap();
        let (with, estimate, err) = suggestion(Some(path), ruleset, "learned");
        assert!(err.contains(says), "{name}: {err}");
        assert!(
            err.contains(path) || name == "ruleset.model",
            "{name}: {err}"
        );
        assert!(
            err.contains("else the ruleset's own evaluation)"),
            "{name}: {err}"
        );
        // It falls back to the search it had: the plain search's very pick.
        let (plain, _, _) = suggestion(None, ruleset, "mcts");
        assert_eq!(with, plain, "{name}");
        assert_eq!(estimate["error"]["code"], "no_model", "{name}: {estimate}");
    }
}

#[test]
fn a_model_of_another_scenarios_shape_is_passed_over() {
    let model = tiny_model().to_str().unwrap().to_string();
    // The Launch Fighters! scenarios differ in their fleets, so in the length of a
    // seat's observation; a model learned on the default one fits no other shape.
    let (answers, _) = engine(&[], &[json!({"cmd":"rulesets"})]);
    let lf = answers[0]["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "launch-fighters")
        .unwrap()
        .clone();
    let scenarios: Vec<String> = lf["scenarios"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            s.as_str()
                .map_or_else(|| s["name"].as_str().unwrap().to_string(), str::to_string)
        })
        .collect();
    let mut misfit = false;
    for s in scenarios.iter().skip(1) {
        let (answers, err) = engine(
            &["--model", &model],
            &[
                json!({"cmd":"new","ruleset":"launch-fighters","scenario":s,"seed":2}),
                json!({"cmd":"status"}),
            ],
        );
        let seat = answers[1]["status"]["to_move"][0].clone();
        let (answers, err2) = engine(
            &["--model", &model],
            &[
                json!({"cmd":"new","ruleset":"launch-fighters","scenario":s,"seed":2}),
                json!({"cmd":"estimate","player":seat}),
                json!({"cmd":"agent","player":seat,"name":"learned","iterations":10}),
            ],
        );
        assert!(err.contains("learned evaluation"), "{err}");
        if answers[1]["ok"] == false {
            misfit = true;
            assert_eq!(
                answers[1]["error"]["code"], "no_model",
                "{s}: {}",
                answers[1]
            );
            assert!(err2.contains("another scenario's shape"), "{s}: {err2}");
            assert_eq!(answers[2]["ok"], true, "{s}: the agent still plays");
        }
    }
    assert!(misfit, "no scenario of another shape among {scenarios:?}");
}

/// Issue 38: `--draws-by-evaluation` teaches an undecided self-play game each seat's
/// standing by the ruleset's evaluation (a Stratoyager dogfight cut after 40 actions
/// is undecided), where without it every such position learns ½; and it is part of
/// the run's settings (a resume with another value is refused by name).
#[test]
fn undecided_games_teach_the_evaluation_when_asked() {
    let run = |flag: bool, name: &str| {
        let dir = temp(name);
        let _ = std::fs::remove_dir_all(&dir);
        let mut args = train_args(&["stratoyager", "-s", "dogfight"], "8", "40", &dir);
        if flag {
            args.push("--draws-by-evaluation".into());
        }
        let out = orrery(&strs(&args), "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let p = orrery_train::Positions::read(&dir.join("gen-0001.positions")).unwrap();
        assert_eq!(p.decided, 0, "games cut at 40 actions are undecided");
        (dir, args, p.results)
    };
    let (half_dir, mut half_args, halves) = run(false, "draws-half");
    assert!(
        !halves.is_empty() && halves.iter().all(|&r| r == 0.5),
        "{halves:?}"
    );
    // Resumed with the flag: another setting, named (both ways round).
    half_args.push("--draws-by-evaluation".into());
    let again = orrery(
        &half_args.iter().map(String::as_str).collect::<Vec<_>>(),
        "",
    );
    assert!(!again.status.success());
    assert!(
        text(&again.stderr).contains("draws_by_evaluation"),
        "{}",
        text(&again.stderr)
    );
    let _ = std::fs::remove_dir_all(half_dir);
    let (dir, mut args, judged) = run(true, "draws-judged");
    assert!(judged.iter().all(|r| (0.0..=1.0).contains(r)));
    assert!(
        judged.iter().any(|&r| r != 0.5),
        "the evaluation moved during 40 actions: {judged:?}"
    );
    // The same run without the flag, in the same directory: another setting.
    args.retain(|a| a != "--draws-by-evaluation");
    let again = orrery(&strs(&args), "");
    assert!(!again.status.success());
    assert!(
        text(&again.stderr).contains("draws_by_evaluation"),
        "{}",
        text(&again.stderr)
    );
    let _ = std::fs::remove_dir_all(dir);
}
