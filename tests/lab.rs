//! End-to-end tests of the battle lab: `orrery sim` and `orrery calibrate`.
//! Few battles and random agents each, to stay fast.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_orrery"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the orrery binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "orrery {args:?} failed:\n{}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

fn json(args: &[&str]) -> Value {
    let s = ok(args);
    serde_json::from_str(&s).unwrap_or_else(|e| panic!("not JSON ({e}):\n{s}"))
}

/// A fresh path in the target directory's temporary folder.
fn temp(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lab-tests");
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let path = dir.join(format!("{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn fails_with(args: &[&str], needle: &str) {
    let out = run(args);
    assert!(!out.status.success(), "orrery {args:?} should fail");
    let err = text(&out.stderr);
    assert!(
        err.contains(needle),
        "orrery {args:?}: `{needle}` not in:\n{err}"
    );
    assert!(
        !err.contains("panicked"),
        "orrery {args:?} panicked:\n{err}"
    );
}

#[test]
fn sim_json_is_the_same_for_one_and_two_jobs() {
    for ruleset in [["stratoyager", "dogfight"], ["launch-fighters", "duel"]] {
        let args = |jobs: &'static str| {
            vec![
                "sim",
                ruleset[0],
                "--scenario",
                ruleset[1],
                "--agents",
                "random,greedy",
                "-n",
                "24",
                "--seed",
                "9",
                "--json",
                "--jobs",
                jobs,
            ]
        };
        let one = ok(&args("1"));
        let two = ok(&args("2"));
        assert_eq!(one, two, "{ruleset:?}: --jobs 1 and --jobs 2 differ");
    }
}

#[test]
fn sim_json_reports_seats_agents_balance_and_duration() {
    let v = json(&[
        "sim",
        "stratoyager",
        "--scenario",
        "dogfight",
        "--agents",
        "greedy,random",
        "-n",
        "20",
        "--json",
    ]);
    assert_eq!(v["battles"], 20);
    assert_eq!(v["swap"], true, "swap is on by default for two seats");
    let seats = v["per_seat"].as_array().expect("per_seat");
    assert_eq!(seats.len(), 2);
    let agents = v["per_agent"].as_array().expect("per_agent");
    assert_eq!(agents.len(), 2);
    for a in agents {
        // Swapped every other battle: each agent sat in each seat 10 times.
        assert_eq!(a["seats"], serde_json::json!([10, 10]), "{a}");
        let games = a["games"].as_u64().unwrap();
        let sum = a["wins"].as_u64().unwrap()
            + a["draws"].as_u64().unwrap()
            + a["losses"].as_u64().unwrap();
        assert_eq!(games, sum);
        let ci = a["win_rate"]["ci95"].as_array().unwrap();
        let rate = a["win_rate"]["rate"].as_f64().unwrap();
        assert!(ci[0].as_f64().unwrap() <= rate && rate <= ci[1].as_f64().unwrap());
    }
    assert!(v["balance"]["seat_advantage"]["value"].is_number());
    assert!(v["balance"]["decisiveness"]["rate"].is_number());
    assert!(v["duration"]["turns"]["mean"].is_number());
    assert!(!v["duration"]["histogram"].as_array().unwrap().is_empty());
    // Issue 9 §4: how every battle ended, in the ruleset's words.
    let endings = v["duration"]["endings"].as_array().expect("endings");
    let counted: u64 = endings.iter().map(|e| e["battles"].as_u64().unwrap()).sum();
    assert_eq!(counted, 20, "{endings:?}");
    for e in endings {
        let reason = e["reason"].as_str().unwrap();
        assert!(!reason.is_empty() && reason != "not said", "{e}");
    }
    assert!(v["units"].is_array());
}

/// Issue 9 §4: a default Launch Fighters! batch says how its battles ended, each
/// reason naming its LF-17 clause.
#[test]
fn sim_reports_launch_fighters_end_reasons() {
    let v = json(&["sim", "launch-fighters", "-n", "4", "--json"]);
    let endings = v["duration"]["endings"].as_array().expect("endings");
    assert!(!endings.is_empty());
    for e in endings {
        assert!(e["reason"].as_str().unwrap().contains("LF-17"), "{e}");
    }
}

#[test]
fn sim_battle_matches_orrery_battle_with_the_same_seed() {
    // Battle 3 of a batch with seed 40 is `orrery battle --seed 43` with the agents
    // swapped (odd battles swap).
    let path = temp("replay.csv");
    ok(&[
        "sim",
        "stratoyager",
        "--agents",
        "greedy,random",
        "-n",
        "4",
        "--seed",
        "40",
        "--csv",
        path.to_str().unwrap(),
    ]);
    let csv = std::fs::read_to_string(&path).unwrap();
    let row: Vec<&str> = csv.lines().nth(4).unwrap().split(',').collect();
    assert_eq!(&row[..4], &["3", "43", "random", "greedy"]);
    let b = json(&[
        "battle",
        "stratoyager",
        "--seed",
        "43",
        "--agents",
        "random,greedy",
        "--json",
    ]);
    let turns = b["turn"].as_u64().unwrap().to_string();
    assert_eq!(row[8], turns, "{csv}\n{b}");
    let scores: Vec<f64> = b["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_f64().unwrap())
        .collect();
    assert_eq!(row[6].parse::<f64>().unwrap(), scores[0]);
    assert_eq!(row[7].parse::<f64>().unwrap(), scores[1]);
}

#[test]
fn sim_csv_has_one_row_per_battle() {
    let path = temp("battles.csv");
    ok(&[
        "sim",
        "launch-fighters",
        "--agents",
        "random",
        "-n",
        "17",
        "--csv",
        path.to_str().unwrap(),
    ]);
    let csv = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "battle,seed,agent_p0,agent_p1,winners,draw,score_p0,score_p1,turns,decisions,reason"
    );
    assert_eq!(lines.len(), 1 + 17, "{csv}");
    for (i, line) in lines[1..].iter().enumerate() {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells.len(), 11, "{line}");
        assert!(cells[10].starts_with('"'), "the end reason, quoted: {line}");
        assert_eq!(cells[0], i.to_string());
        assert_eq!(cells[1], (1 + i).to_string());
    }
}

/// The SVG `sim --plot` draws for `n` Stratoyager dogfights, random against greedy.
fn sim_plot(name: &str, n: &str) -> String {
    let path = temp(name);
    ok(&[
        "sim",
        "stratoyager",
        "--scenario",
        "dogfight",
        "--agents",
        "random,greedy",
        "-n",
        n,
        "--plot",
        path.to_str().unwrap(),
    ]);
    std::fs::read_to_string(&path).expect("the SVG is written")
}

#[test]
fn sim_plot_writes_an_svg() {
    let svg = sim_plot("sim.svg", "12");
    assert!(svg.contains("<svg"), "{svg}");
    assert!(svg.contains("win rate"));
    // Issue 9 §4: the histogram counts whole battles, so its labels are whole numbers.
    let texts: Vec<&str> = svg
        .split("<text")
        .skip(1)
        .filter_map(|t| {
            t.split_once('>')
                .and_then(|(_, rest)| rest.split('<').next())
        })
        .map(str::trim)
        .collect();
    let hist = texts
        .iter()
        .position(|t| t.starts_with("battle length"))
        .expect("a histogram caption");
    for label in &texts[hist + 1..] {
        assert!(
            label.parse::<u32>().is_ok() || ["turn", "battles"].contains(label),
            "a histogram label is not a whole number: {label:?} in {texts:?}"
        );
    }
}

/// Issue 9 §4: the win-rate chart has one slot per bar and no empty slot after
/// the last: the last bar ends where the axis does (within its 20-pixel margin).
#[test]
fn sim_plot_has_no_empty_slot() {
    let svg = sim_plot("slots.svg", "4");
    let attr = |tag: &str, name: &str| -> f64 {
        let at = tag.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    // Bars are the filled rectangles of the top half (y < 380), background excluded.
    let bars: Vec<(f64, f64)> = svg
        .split("<rect")
        .skip(1)
        .filter(|t| t.contains("opacity=\"0.5\"") && attr(t, "y") < 380.0)
        .map(|t| (attr(t, "x"), attr(t, "x") + attr(t, "width")))
        .collect();
    assert_eq!(bars.len(), 4, "two agents and two seats: {bars:?}");
    let slot = bars[1].0 - bars[0].0;
    let (first, last) = (bars[0], bars[3]);
    // The axis spans the bars' slots exactly: first bar's slot starts 20 px
    // before it, last bar's ends 20 px after it; the chart is 900 px wide with a
    // 12 px margin, so nothing is left of an empty fifth slot.
    assert!(
        (last.1 + 20.0) > 900.0 - 12.0 - slot / 2.0,
        "an empty slot after the last bar: bars {bars:?}, first {first:?}"
    );
}

#[test]
fn sim_text_report_has_every_section() {
    let s = ok(&[
        "sim",
        "stratoyager",
        "--agents",
        "random",
        "-n",
        "6",
        "--jobs",
        "2",
    ]);
    for section in [
        "Per agent",
        "Per seat",
        "seat advantage",
        "decisiveness",
        "duration",
        "How the battles ended",
        "Turns",
    ] {
        assert!(s.contains(section), "`{section}` missing:\n{s}");
    }
}

#[test]
fn sim_and_calibrate_refuse_bad_input_clearly() {
    fails_with(&["sim", "chess", "-n", "3"], "unknown ruleset `chess`");
    fails_with(
        &["sim", "stratoyager", "--agents", "oracle"],
        "unknown agent `oracle`",
    );
    fails_with(
        &["sim", "stratoyager", "--scenario", "moon-base"],
        "unknown scenario `moon-base`",
    );
    fails_with(&["sim", "stratoyager", "-n", "0"], "-n must be at least 1");
    fails_with(
        &["sim", "stratoyager", "--jobs", "0"],
        "--jobs must be at least 1",
    );
    fails_with(
        &["sim", "stratoyager", "--agents", "random,random,random"],
        "has 2 seats",
    );
    fails_with(&["calibrate", "chess"], "unknown ruleset `chess`");
    fails_with(
        &["calibrate", "stratoyager", "-n", "0"],
        "-n must be at least 1",
    );
    fails_with(
        &[
            "calibrate",
            "stratoyager",
            "--roster",
            "no-such-roster.toml",
        ],
        "cannot read roster file",
    );
    fails_with(
        &[
            "calibrate",
            "stratoyager",
            "--points",
            "10",
            "--agents",
            "random",
        ],
        "buys no unit",
    );
    fails_with(
        &[
            "calibrate",
            "launch-fighters",
            "--scenario",
            "three-way",
            "--agents",
            "random",
        ],
        "3 seats",
    );
}

fn check_calibration(v: &Value, units: usize) {
    assert_eq!(v["matchups"], 30);
    let list = v["units"].as_array().expect("units");
    assert_eq!(list.len(), units, "{v}");
    for u in list {
        assert!(u["published"].as_f64().unwrap() > 0.0);
        let verdict = u["verdict"].as_str().unwrap();
        assert!(
            [
                "over-costed",
                "under-costed",
                "fair",
                "undetermined",
                "unknown"
            ]
            .contains(&verdict),
            "{u}"
        );
    }
    assert!(v["seat_term"].is_array());
}

#[test]
fn calibrate_runs_for_stratoyager() {
    let v = json(&[
        "calibrate",
        "stratoyager",
        "--agents",
        "random",
        "-n",
        "30",
        "--json",
    ]);
    check_calibration(&v, 4);
    // A roster file in the data format, with its own points.
    let path = temp("roster.toml");
    let roster = std::fs::read_to_string("crates/stratoyager/data/roster.toml").unwrap();
    std::fs::write(&path, roster.replace("points = 84", "points = 99")).unwrap();
    let v = json(&[
        "calibrate",
        "stratoyager",
        "--roster",
        path.to_str().unwrap(),
        "--agents",
        "random",
        "-n",
        "30",
        "--json",
    ]);
    check_calibration(&v, 4);
    let evo = v["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["name"] == "Evo 6.2")
        .expect("Evo 6.2 in the roster");
    assert_eq!(evo["published"], 99.0);
}

#[test]
fn calibrate_runs_for_launch_fighters() {
    let v = json(&[
        "calibrate",
        "launch-fighters",
        "--agents",
        "random",
        "-n",
        "30",
        "--points",
        "150",
        "--json",
    ]);
    check_calibration(&v, 12);
    // A Blue Book file of two designs.
    let path = temp("designs.toml");
    std::fs::write(
        &path,
        "[[designs]]\nname = \"Wasp\"\ncannons = 2\nlaunchers = 0\nbays = 0\ndefense = 3\nmove = 4\n\n\
         [[designs]]\nname = \"Brick\"\ncannons = 4\nlaunchers = 0\nbays = 0\ndefense = 6\nmove = 2\n",
    )
    .unwrap();
    let out = ok(&[
        "calibrate",
        "launch-fighters",
        "--roster",
        path.to_str().unwrap(),
        "--agents",
        "random",
        "-n",
        "30",
    ]);
    assert!(out.contains("Brick") && out.contains("Wasp"), "{out}");
    assert!(out.contains("verdict"), "{out}");
}

/// Issue 8 §5: errors about a roster file name the file; a huge roster is refused
/// quickly instead of loading for minutes.
#[test]
fn calibrate_roster_errors_name_the_file() {
    let base = std::fs::read_to_string("crates/stratoyager/data/roster.toml").unwrap();
    let zero = temp("zero-roster.toml");
    let mut z = base.clone();
    for p in ["110", "194", "84", "109"] {
        z = z.replace(&format!("points = {p}"), "points = 0");
    }
    std::fs::write(&zero, &z).unwrap();
    let zp = zero.to_str().unwrap();
    fails_with(
        &["calibrate", "stratoyager", "--roster", zp, "-n", "2"],
        &format!("roster file {zp}: every unit type costs 0 points"),
    );
    let lacking = temp("lacking-roster.toml");
    let first = base
        .split("[[unit]]")
        .take(2)
        .collect::<Vec<_>>()
        .join("[[unit]]");
    std::fs::write(&lacking, first).unwrap();
    let lp = lacking.to_str().unwrap();
    fails_with(
        &["calibrate", "stratoyager", "--roster", lp, "-n", "2"],
        &format!("roster file {lp}: lacks the unit types of scenario `pilot-episode`"),
    );
    // 2,000 unit types (the scenario's four among them): over the cap, refused.
    let big = temp("big-roster.toml");
    let card = base.split("[[unit]]").nth(1).unwrap().to_string();
    let mut text = base.clone();
    for i in 0..2000 {
        text.push_str("[[unit]]");
        text.push_str(&card.replace("name = \"Guardian 151a\"", &format!("name = \"G{i}\"")));
    }
    std::fs::write(&big, text).unwrap();
    let bp = big.to_str().unwrap();
    fails_with(
        &["calibrate", "stratoyager", "--roster", bp, "-n", "2"],
        &format!("roster file {bp}: 2004 unit types; calibrate fits at most 1000"),
    );
}

// ---- orrery ladder (issue 27) ----

#[test]
fn ladder_json_is_the_same_for_one_and_two_jobs_and_rates_every_agent() {
    let args = |j: &'static str| {
        [
            "ladder",
            "black-skies",
            "--agents",
            "random,greedy,default",
            "-n",
            "4",
            "--seed",
            "3",
            "--json",
            "--jobs",
            j,
        ]
    };
    let one = json(&args("1"));
    assert_eq!(one, json(&args("2")));
    assert_eq!(one["games_per_pairing"], 4);
    assert_eq!(one["games_played"], 12);
    assert_eq!(one["ratings"].as_array().unwrap().len(), 3);
    assert_eq!(one["pairings"].as_array().unwrap().len(), 3);
    assert_eq!(one["anchor"], "random");
    let p = &one["pairings"][0];
    assert_eq!(p["candidate"], "random");
    assert_eq!(p["opponent"], "greedy");
    let games =
        p["wins"].as_u64().unwrap() + p["draws"].as_u64().unwrap() + p["losses"].as_u64().unwrap();
    assert_eq!(games, 4);
}

#[test]
fn ladder_game_is_the_battle_with_the_same_seed_and_seats() {
    let csv = temp("ladder.csv");
    ok(&[
        "ladder",
        "black-skies",
        "--agents",
        "random,greedy",
        "-n",
        "4",
        "--seed",
        "3",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    let rows = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = rows.lines().collect();
    assert_eq!(lines.len(), 5, "{rows}");
    // Game 1: round 0 (seed 3), seats swapped: greedy in seat 0.
    let f: Vec<&str> = lines[2].split(',').collect();
    assert_eq!(
        &f[..7],
        ["0", "duel", "0", "3", "1", "greedy", "random"],
        "{rows}"
    );
    let b = json(&[
        "battle",
        "black-skies",
        "--seed",
        "3",
        "--agents",
        "greedy,random",
        "--json",
    ]);
    let winners: Vec<String> = b["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.to_string())
        .collect();
    assert_eq!(f[7], winners.join(";"), "{rows}\n{b}");
    assert_eq!(f[10], b["decisions"].to_string(), "{rows}\n{b}");
}

#[test]
fn ladder_sprt_stops_when_the_candidate_is_proven_better() {
    let v = json(&[
        "ladder",
        "black-skies",
        "--agents",
        "heuristic,random",
        "--sprt",
        "0,150",
        "-n",
        "400",
        "--json",
    ]);
    assert_eq!(v["sprt"]["verdict"], "accepted", "{v}");
    let played = v["games_played"].as_u64().unwrap();
    assert!(played < 400, "{played}");
    let text = ok(&[
        "ladder",
        "black-skies",
        "--agents",
        "heuristic,random",
        "--sprt",
        "0,150",
        "-n",
        "400",
    ]);
    assert!(
        text.contains("SPRT elo0 0 elo1 150") && text.contains("H1 accepted"),
        "{text}"
    );
    assert!(
        text.contains(" rank ") && text.contains("W-D-L") && text.contains("at most 400"),
        "{text}"
    );
}

/// Issue 37 §5: `ladder` printed an Elo of "-0" (here the default level's rating and
/// the even random-vs-default pairing round to zero from below).
#[test]
fn ladder_never_prints_negative_zero() {
    let text = ok(&[
        "ladder",
        "black-skies",
        "--agents",
        "random,greedy,default",
        "-n",
        "4",
        "--seed",
        "3",
    ]);
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || "[],".contains(c))
        .collect();
    assert!(!words.contains(&"-0") && !words.contains(&"+0"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with(" random vs default") && l.contains(" 0 [-798, +798]")),
        "{text}"
    );
}

#[test]
fn ladder_refuses_bad_input_clearly() {
    fails_with(
        &["ladder", "black-skies", "--agents", "random"],
        "at least two agents",
    );
    fails_with(
        &["ladder", "black-skies", "--agents", "random,random"],
        "listed twice",
    );
    fails_with(
        &["ladder", "black-skies", "--agents", "random,mcts@0"],
        "unknown agent `mcts@0`",
    );
    fails_with(
        &[
            "ladder",
            "black-skies",
            "--agents",
            "random,greedy",
            "--sprt",
            "10",
        ],
        "two numbers",
    );
    fails_with(
        &[
            "ladder",
            "black-skies",
            "--agents",
            "random,greedy,default",
            "--sprt",
            "0,10",
        ],
        "exactly two",
    );
    fails_with(
        &[
            "ladder",
            "black-skies",
            "--agents",
            "random,greedy",
            "--anchor",
            "hard",
        ],
        "--anchor `hard`",
    );
    fails_with(
        &["ladder", "black-skies", "-s", "nowhere"],
        "unknown scenario `nowhere`",
    );
    fails_with(&["ladder", "chess"], "unknown ruleset `chess`");
    fails_with(&["ladder", "black-skies", "-n", "0"], "at least 1");
}
