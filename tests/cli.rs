//! End-to-end tests of the `orrery` binary: battle, engine, play, fleet check.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
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

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn no_subcommand_prints_help() {
    let out = run(&[]);
    assert!(out.status.success());
    let s = text(&out.stdout);
    for cmd in ["battle", "play", "engine", "fleet", "rulesets"] {
        assert!(s.contains(cmd), "help lists `{cmd}`:\n{s}");
    }
}

#[test]
fn rulesets_lists_launch_fighters_and_its_scenarios() {
    let out = run(&["rulesets"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("launch-fighters"), "{s}");
    assert!(s.contains("(default)"), "{s}");
}

#[test]
fn battle_prints_a_vp_table_and_is_deterministic() {
    let args = ["battle", "--seed", "7", "--agents", "random"];
    let a = run(&args);
    assert!(a.status.success(), "battle failed: {}", text(&a.stderr));
    let s = text(&a.stdout);
    assert!(s.contains("=== Turn 1"), "narration has turn headers:\n{s}");
    assert!(s.contains("seat side"), "the table of sides:\n{s}");
    assert!(s.contains("P0") && s.contains("P1"), "{s}");
    assert!(s.contains(" won: "), "the winner is named:\n{s}");
    assert!(s.contains("final hash: "), "{s}");
    let b = run(&args);
    assert_eq!(text(&a.stdout), text(&b.stdout), "same seed, same battle");
    // Quiet prints only the result, ending in the same hash.
    let q = run(&["battle", "--seed", "7", "--agents", "random", "--quiet"]);
    assert!(q.status.success());
    let qs = text(&q.stdout);
    assert!(!qs.contains("=== Turn"), "{qs}");
    let hash = |s: &str| s.lines().last().unwrap_or_default().to_string();
    assert_eq!(hash(&qs), hash(&s));
    // JSON result.
    let j = run(&["battle", "--seed", "7", "--agents", "random", "--json"]);
    assert!(j.status.success());
    let v: serde_json::Value = serde_json::from_slice(&j.stdout).expect("JSON result");
    assert_eq!(v["ruleset"], "launch-fighters");
    assert!(v["scores"].as_array().is_some_and(|s| s.len() >= 2));
}

#[test]
fn battle_rejects_unknown_names() {
    let out = run(&["battle", "--agents", "oracle"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("oracle"));
    let out = run(&["battle", "no-such-game"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("no-such-game"));
    let out = run(&["battle", "--scenario", "no-such-scenario"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("no-such-scenario"));
}

/// Send one request line, read one response line.
fn ask(
    stdin: &mut impl Write,
    stdout: &mut impl BufRead,
    req: serde_json::Value,
) -> serde_json::Value {
    writeln!(stdin, "{req}").expect("write request");
    stdin.flush().expect("flush");
    let mut line = String::new();
    stdout.read_line(&mut line).expect("read response");
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("response {line:?} is not JSON: {e}"))
}

#[test]
fn engine_answers_rulesets_new_legal_apply() {
    let mut child = orrery()
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("engine starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    use serde_json::json;

    let r = ask(&mut stdin, &mut stdout, json!({"cmd": "rulesets"}));
    assert_eq!(r["ok"], true, "{r}");
    assert!(r.to_string().contains("launch-fighters"), "{r}");

    let r = ask(
        &mut stdin,
        &mut stdout,
        json!({"cmd": "new", "ruleset": "launch-fighters", "seed": 5}),
    );
    assert_eq!(r["ok"], true, "{r}");
    // Play a few decisions: legal for the seat to move, apply the first.
    let mut status = r["status"].clone();
    for _ in 0..5 {
        let seat = status["to_move"][0].clone();
        let legal = ask(
            &mut stdin,
            &mut stdout,
            json!({"cmd": "legal", "player": seat}),
        );
        assert_eq!(legal["ok"], true, "{legal}");
        let actions = legal["actions"].as_array().expect("actions");
        assert!(!actions.is_empty(), "the seat to move has actions");
        let applied = ask(
            &mut stdin,
            &mut stdout,
            json!({"cmd": "apply", "player": seat, "action": actions[0]}),
        );
        assert_eq!(applied["ok"], true, "{applied}");
        status = applied["status"].clone();
        if status["terminal"] == true {
            break;
        }
    }
    // A bad request is answered, not fatal.
    let r = ask(&mut stdin, &mut stdout, json!({"cmd": "no-such-command"}));
    assert_eq!(r["ok"], false, "{r}");
    let r = ask(&mut stdin, &mut stdout, json!({"cmd": "quit"}));
    assert_eq!(r["ok"], true, "{r}");
    drop(stdin);
    let status = child.wait().expect("engine exits");
    assert!(status.success());
}

#[test]
fn play_with_piped_input_does_not_crash() {
    let mut child = orrery()
        .args([
            "play", "--seed", "3", "--seat", "0=human", "--seat", "1=random",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("play starts");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        // Bad input first, then a few choices, the commands, and quit.
        let script = "help\n0\n99999\nnonsense words\n1\n1\nmap\nlist\nundo\n1\n1\n1\nquit\n";
        stdin.write_all(script.as_bytes()).expect("write script");
    }
    let out = child.wait_with_output().expect("play exits");
    let s = text(&out.stdout);
    assert!(
        out.status.success(),
        "play failed: {}\n{s}",
        text(&out.stderr)
    );
    assert!(s.contains("choose an action"), "{s}");
    assert!(s.contains("No action 0"), "bad numbers are explained:\n{s}");
    assert!(s.contains("Commands:"), "help is shown:\n{s}");
    assert!(
        s.contains("Standings (the game is not finished)"),
        "ends with the standings:\n{s}"
    );
}

#[test]
fn play_ends_cleanly_when_input_ends() {
    let out = orrery()
        .args(["play", "--seat", "1=human"])
        .stdin(Stdio::null())
        .output()
        .expect("play runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Standings"));
}

#[test]
fn fleet_check_accepts_the_example_fleet() {
    let out = run(&[
        "fleet",
        "check",
        "crates/launch-fighters/data/fleets/example-fleet.toml",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Total"), "{s}");
    let j = run(&[
        "fleet",
        "check",
        "--json",
        "crates/launch-fighters/data/fleets/example-fleet.toml",
    ]);
    assert!(j.status.success());
    let v: serde_json::Value = serde_json::from_slice(&j.stdout).expect("JSON report");
    let total = v["total"].as_u64().expect("total");
    let sum: u64 = v["units"]
        .as_array()
        .expect("units")
        .iter()
        .filter_map(|u| u["cost"].as_u64())
        .sum();
    assert_eq!(total, sum);
}

#[test]
fn fleet_check_rejects_a_broken_file_naming_the_field() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join(format!("broken-fleet-{}.toml", std::process::id()));
    std::fs::write(
        &file,
        "name = \"Broken\"\n[[ships]]\nname = \"Bad\"\ncannons = 2\nlaunchers = 0\nbays = 0\n\
         defense = \"lots\"\nmove = 3\n",
    )
    .expect("write temp file");
    let out = run(&["fleet", "check", file.to_str().expect("utf-8 path")]);
    let _ = std::fs::remove_file(&file);
    assert!(!out.status.success(), "a broken fleet must fail");
    let err = text(&out.stderr);
    assert!(err.contains("defense"), "names the field:\n{err}");
    assert!(err.contains("broken-fleet"), "names the file:\n{err}");
    let missing = run(&["fleet", "check", "no/such/file.toml"]);
    assert!(!missing.status.success());
}

/// Issue "Done when": the engine survives garbage input mid-game without changing the
/// game, plays a whole Launch Fighters! battle from agent suggestions, and replays
/// its record (and reloads its saved state) to the same hash.
#[test]
fn engine_plays_a_whole_battle_and_replays_it_to_the_same_hash() {
    use serde_json::json;
    let mut child = orrery()
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("engine starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let r = ask(
        &mut stdin,
        &mut stdout,
        json!({"cmd": "new", "ruleset": "launch-fighters", "scenario": "three-way", "seed": 11}),
    );
    assert_eq!(r["ok"], true, "{r}");
    let mut status = r["status"].clone();
    let mut steps = 0;
    while status["terminal"] == false {
        let seat = status["to_move"][0].clone();
        if steps % 25 == 0 {
            // Garbage and wrong seats mid-game: answered, and the hash does not move.
            let hash = status["hash"].clone();
            for bad in [
                json!({"cmd": "apply", "player": seat, "action": {"type": "warp_speed"}}),
                json!({"cmd": "apply", "player": 99, "action": {"type": "end_activation"}}),
                json!({"cmd": "apply", "player": seat}),
                json!({"cmd": "legal"}),
            ] {
                let r = ask(&mut stdin, &mut stdout, bad);
                assert_eq!(r["ok"], false, "{r}");
            }
            writeln!(stdin, "{{not json").expect("write");
            let mut line = String::new();
            stdout.read_line(&mut line).expect("read");
            assert!(line.contains("bad_request"), "{line}");
            let r = ask(&mut stdin, &mut stdout, json!({"cmd": "status"}));
            assert_eq!(r["status"]["hash"], hash);
        }
        let sug = ask(
            &mut stdin,
            &mut stdout,
            json!({"cmd": "agent", "player": seat, "name": "random", "seed": steps}),
        );
        assert_eq!(sug["ok"], true, "{sug}");
        let applied = ask(
            &mut stdin,
            &mut stdout,
            json!({"cmd": "apply", "player": seat, "action": sug["action"]}),
        );
        assert_eq!(applied["ok"], true, "{applied}");
        status = applied["status"].clone();
        steps += 1;
        assert!(steps < 20_000, "the battle ends");
    }
    let final_hash = status["hash"].clone();
    let record = ask(&mut stdin, &mut stdout, json!({"cmd": "record"}));
    let state = ask(&mut stdin, &mut stdout, json!({"cmd": "state"}));
    let r = ask(
        &mut stdin,
        &mut stdout,
        json!({"cmd": "new", "ruleset": "launch-fighters", "seed": 1}),
    );
    assert_ne!(r["status"]["hash"], final_hash);
    let r = ask(
        &mut stdin,
        &mut stdout,
        json!({"cmd": "load", "record": record["record"]}),
    );
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(
        r["status"]["hash"], final_hash,
        "replay reproduces the hash"
    );
    let r = ask(
        &mut stdin,
        &mut stdout,
        json!({"cmd": "load_state", "state": state["state"]}),
    );
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(
        r["status"]["hash"], final_hash,
        "load_state reproduces the hash"
    );
    drop(stdin);
    assert!(child.wait().expect("engine exits").success());
}

/// A scenario file in TOML (docs/launch-fighters-data.md) sets up a battle; a broken
/// one fails naming the file and field.
#[test]
fn battle_reads_a_toml_scenario_file() {
    let out = run(&[
        "battle",
        "--quiet",
        "--scenario",
        "crates/launch-fighters/data/scenarios/asteroid-field.toml",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains(" won: "),
        "{}",
        text(&out.stdout)
    );
    let dir = std::env::temp_dir().join(format!("orrery-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "name = \"x\"\nturn_limit = 0\n").expect("write");
    let out = run(&["battle", "--scenario", bad.to_str().expect("utf-8 path")]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("bad.toml: turn_limit"), "{err}");
    assert!(err.contains("bad.toml: fleets"), "{err}");
}

/// Issue 37 §5: hot seat wrote clear-screen codes into a pipe. Control codes go to a
/// terminal only (`tests/line_editing.rs`); piped, a separator line and the
/// hand-over prompt mark where the keyboard changes hands.
#[test]
fn hot_seat_into_a_pipe_writes_no_control_codes() {
    let mut child = orrery()
        .args([
            "play",
            "stratoyager",
            "--scenario",
            "dogfight",
            "--seed",
            "3",
        ])
        .args(["--seat", "0=human", "--seat", "1=human"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("play starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"\ncard 1\n\nquit\n")
        .expect("input");
    let out = child.wait_with_output().expect("play ends");
    let s = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!s.contains('\x1b'), "control codes in a pipe:\n{s:?}");
    for seat in [0, 1] {
        let handover = format!(
            "\n\n{}\nPass the keyboard to P{seat}. Press Enter when only P{seat} can see the \
             screen.\n",
            "-".repeat(78)
        );
        assert!(s.contains(&handover), "P{seat}'s hand-over:\n{s}");
    }
}

/// Stratoyager hot-seat play: two humans share the terminal. The keyboard is handed
/// over between them (with a cleared screen at a terminal, `tests/line_editing.rs`;
/// into a pipe with a separator line and no control codes, issue 37 §5), quick
/// orders are accepted (the planned yaw is offered at the yaw question), and one
/// player's secret maneuver is never printed before the other has given theirs.
#[test]
fn stratoyager_hot_seat_keeps_orders_secret_and_takes_quick_orders() {
    use orrery_core::Game;
    use orrery_stratoyager::Stratoyager;
    // One on one without the dogfight variant, so both Movement Actions are secret
    // and simultaneous.
    let mut sc = Stratoyager::scenarios()
        .into_iter()
        .find(|s| s.name == "dogfight")
        .expect("dogfight scenario")
        .scenario;
    sc.options.dogfight = false;
    let dir = std::env::temp_dir().join(format!("orrery-hotseat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("duel.json");
    std::fs::write(&file, serde_json::to_string(&sc).expect("json")).expect("write");
    let mut child = orrery()
        .args(["play", "stratoyager", "--seed", "3", "--seat", "0=human"])
        .args(["--seat", "1=human", "--scenario"])
        .arg(&file)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("play starts");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        // Empty lines: hand-overs (and the planned yaw's confirmation).
        let script = [
            "",
            "card 1",
            "",
            "card 1", // deployment cards
            "place 12 23 course 6 speed 4",
            "",
            "place 12 1 course 0 speed 5", // placing
            "card 1",
            "",
            "card 1", // Initiative Cards
            "",
            "acc 3, turn port 2, yaw 6",
            "",
            "drift", // Movement Actions
            "",
            "",
            "",
            "no yaw", // yaws: P0 confirms its planned yaw
            "quit",
        ];
        stdin
            .write_all((script.join("\n") + "\n").as_bytes())
            .expect("write script");
    }
    let out = child.wait_with_output().expect("play exits");
    let s = text(&out.stdout);
    assert!(
        out.status.success(),
        "play failed: {}\n{s}",
        text(&out.stderr)
    );
    // P0's Movement Action is entered at the first Movement Action question.
    let asked = s
        .find("Your question: a Movement Action for Guardian 151a (1)")
        .unwrap_or_else(|| panic!("P0 is asked for a Movement Action:\n{s}"));
    let after = &s[asked..];
    // Announced once, by the ruleset's event (as given, not what).
    let given = after
        .find("P0>   P0 gave a secret order for Guardian 151a\n")
        .unwrap_or_else(|| panic!("the quick order is accepted:\n{after}"));
    assert!(!s.contains("has given a secret order"), "{s}");
    // Into a pipe: no terminal control codes, a separator line before the hand-over.
    assert!(!s.contains('\x1b'), "control codes in a pipe:\n{s:?}");
    let handover = after
        .find(&format!(
            "\n{}\nPass the keyboard to P1. Press Enter when only P1 can see the screen.",
            "-".repeat(78)
        ))
        .unwrap_or_else(|| panic!("the keyboard goes to P1 after a separator:\n{after}"));
    assert!(given < handover, "{after}");
    let between = &after[given..handover];
    assert!(
        !between.contains("turn port 2"),
        "P0's order leaked:\n{between}"
    );
    // Nor does P1 see it before giving its own (which completes the step, so it is
    // public at once).
    let p1_gave = after
        .find("P1> P1 (human)")
        .unwrap_or_else(|| panic!("P1 gives orders:\n{after}"));
    let p1_turn = &after[handover..p1_gave];
    assert!(
        !p1_turn.contains("turn port 2"),
        "P0's order leaked:\n{p1_turn}"
    );
    assert!(p1_turn.contains("P0 gave a secret order"), "{p1_turn}");
    // Revealed together, flown; the planned yaw is offered and confirmed with Enter.
    let rest = &after[p1_gave..];
    assert!(
        rest.contains("Guardian 151a orders: acc 3, turn port 2"),
        "{rest}"
    );
    assert!(
        rest.contains("Planned: Guardian 151a: yaw to 6 o'clock"),
        "the yaw is offered at the yaw question:\n{rest}"
    );
    assert!(
        rest.contains("Guardian 151a yaws to face 6 o'clock"),
        "{rest}"
    );
}

/// Issue 9 §3: "`orrery battle … | head` panics with 'Broken pipe'". A reader that
/// goes away stops the command quietly: no panic message, no panic exit code.
#[test]
fn issue9_a_closed_pipe_stops_battle_quietly() {
    let mut child = orrery()
        // Six fleets narrate some 75 KB, more than a pipe holds: the battle is still
        // writing when the reader goes.
        .args(["battle", "--scenario", "melee-6", "--seed", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("battle starts");
    {
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        let mut first = String::new();
        out.read_line(&mut first).expect("a first line");
        assert!(first.contains("battle"), "{first}");
        // `out` is dropped here: the pipe closes with the battle still narrating.
    }
    let out = child.wait_with_output().expect("battle ends");
    let err = text(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(out.status.code(), Some(101), "{err}");
}

/// Issue 9 §3: "The README's hex filter does not work: `printf '1301\nquit\n' | orrery
/// play` answers `No action 1301`". A number that is not a choice lists the actions
/// that mention it (a hex label), and acts on none.
#[test]
fn issue9_a_hex_label_filters_the_list() {
    let mut child = orrery()
        .args(["play", "--seed", "1", "--ai", "easy"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("play starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"1301\nquit\n")
        .expect("input");
    let out = child.wait_with_output().expect("play ends");
    let s = text(&out.stdout);
    assert!(!s.contains("No action 1301"), "{s}");
    let after = s.split("P0> ").nth(1).unwrap_or("");
    assert!(after.contains("at 1301"), "{s}");
    assert!(
        after
            .lines()
            .take_while(|l| !l.starts_with("P0>"))
            .all(|l| !l.contains("placed")),
        "{s}"
    );
}

/// Issue 10 §1: `fleet check` reads through the ruleset; one without fleet files
/// says so, naming the ones that have them.
#[test]
fn fleet_check_names_the_rulesets_with_fleet_files() {
    let file = "crates/launch-fighters/data/fleets/example-fleet.toml";
    let lf = run(&["fleet", "check", "--ruleset", "launch-fighters", file]);
    assert!(lf.status.success(), "{}", text(&lf.stderr));
    assert_eq!(lf.stdout, run(&["fleet", "check", file]).stdout);
    let sy = run(&["fleet", "check", "-r", "stratoyager", file]);
    assert!(!sy.status.success());
    let err = text(&sy.stderr);
    assert!(
        err.contains("stratoyager has no fleet files") && err.contains("launch-fighters"),
        "{err}"
    );
    let chess = run(&["fleet", "check", "-r", "chess", file]);
    assert!(text(&chess.stderr).contains("unknown ruleset `chess`"));
}
