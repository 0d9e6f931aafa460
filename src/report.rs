//! Shared pieces of terminal output: the victory point table, seat names, event lines.

use orrery_core::Seat;
use orrery_protocol::DynGame;
use serde::Serialize;
use serde_json::Value;

/// One row of the final table.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreRow {
    pub seat: u8,
    pub fleet: String,
    pub score: f64,
    pub winner: bool,
}

/// The name of each seat's side, read from the spectator view where the ruleset
/// offers one (`players[i].fleet`, `players[i].name` or `sides[i]`), else `-`.
pub fn side_names(game: &dyn DynGame) -> Vec<String> {
    let view = game.view(None);
    let players = view.get("players").and_then(Value::as_array);
    let sides = view.get("sides").and_then(Value::as_array);
    (0..game.seats())
        .map(|i| {
            let i = usize::from(i);
            players
                .and_then(|p| p.get(i))
                .and_then(|p| {
                    p.get("fleet")
                        .or_else(|| p.get("name"))
                        .and_then(Value::as_str)
                })
                .or_else(|| sides.and_then(|s| s.get(i)).and_then(Value::as_str))
                .unwrap_or("-")
                .to_string()
        })
        .collect()
}

/// The score table rows: final scores and winners if the game is over, else the
/// current standings with nobody marked.
pub fn score_rows(game: &dyn DynGame) -> Vec<ScoreRow> {
    let o = game.outcome();
    let names = side_names(game);
    o.scores
        .iter()
        .enumerate()
        .map(|(i, &score)| {
            let seat = i as u8;
            ScoreRow {
                seat,
                fleet: names.get(i).cloned().unwrap_or_else(|| "-".into()),
                score,
                winner: o.terminal && o.winners.contains(&Seat(seat)),
            }
        })
        .collect()
}

fn fmt_score(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// The victory point table as text, and why the game ended (the same in `battle`,
/// `play` and `replay`).
pub fn score_table(game: &dyn DynGame) -> String {
    let rows = score_rows(game);
    let terminal = game.outcome().terminal;
    let width = rows
        .iter()
        .map(|r| r.fleet.chars().count())
        .max()
        .unwrap_or(0)
        .max(5);
    let mut out = String::new();
    out.push_str(if terminal {
        "Victory points (final)\n"
    } else {
        "Victory points (game not finished)\n"
    });
    out.push_str(&format!(
        "  {:<5} {:<width$} {:>7}  {}\n",
        "seat", "fleet", "VP", ""
    ));
    // A draw (every seat "wins") is not a row of winners; a shared win says so.
    let winners = rows.iter().filter(|r| r.winner).count();
    let draw = terminal && rows.len() > 1 && winners == rows.len();
    let mark = |r: &ScoreRow| match (r.winner, draw, winners) {
        (false, _, _) | (true, true, _) => "",
        (true, false, 1) => "WINNER",
        (true, false, _) => "WINNER (shared)",
    };
    for r in &rows {
        out.push_str(&format!(
            "  {:<5} {:<width$} {:>7}  {}\n",
            format!("P{}", r.seat),
            r.fleet,
            fmt_score(r.score),
            mark(r)
        ));
    }
    if draw {
        out.push_str("  The battle is a draw.\n");
    } else if terminal && winners == 0 {
        out.push_str("  Nobody wins.\n");
    }
    let reason = game.outcome().reason;
    if terminal && !reason.is_empty() {
        out.push_str(&format!("Ended: {reason}\n"));
    }
    // Trailing spaces of empty winner cells are noise.
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// The readable text of a logged event (`text`, else its JSON).
pub fn event_text(e: &Value) -> String {
    match e.get("text").and_then(Value::as_str) {
        Some(t) if !t.is_empty() => t.to_string(),
        _ => e
            .get("event")
            .map(Value::to_string)
            .unwrap_or_else(|| e.to_string()),
    }
}

/// Print one narrated event: headers (`=== … ===`, `-- … --`) flush left with a blank
/// line before turn headers, everything else indented.
pub fn print_event(e: &Value) {
    let t = event_text(e);
    if t.starts_with("===") {
        println!();
        println!("{t}");
    } else if t.starts_with("--") {
        println!("{t}");
    } else {
        println!("  {t}");
    }
}
