//! Shared pieces of terminal output: the ending and standings, seat names, event lines.

use orrery_core::{Ending, Seat, SideResult};
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

/// The ending as text: the headline, a table of sides (seat, name, result, score)
/// with what each lost beneath, then the notes (why it ended, what scores count). The
/// same in `battle`, `play` and `replay`; the words are the ruleset's
/// ([`orrery_core::Presentation::ending`]).
pub fn ending_table(ending: &Ending) -> String {
    let width = |f: &dyn Fn(&SideResult) -> usize| ending.sides.iter().map(f).max().unwrap_or(0);
    let wn = width(&|s| s.name.chars().count()).max(4);
    let wr = width(&|s| s.result.chars().count()).max(6);
    let ws = width(&|s| s.score.chars().count()).max(5);
    let mut out = format!(
        "{}
",
        ending.headline
    );
    out.push_str(&format!(
        "  {:<4} {:<wn$}  {:<wr$}  {:<ws$}\n",
        "seat", "side", "result", "score"
    ));
    for s in &ending.sides {
        out.push_str(&format!(
            "  {:<4} {:<wn$}  {:<wr$}  {:<ws$}\n",
            format!("P{}", s.seat.0),
            s.name,
            s.result,
            s.score
        ));
        if s.losses.is_empty() {
            out.push_str("       no losses\n");
        }
        for loss in &s.losses {
            out.push_str(&format!("       {loss}\n"));
        }
    }
    for n in &ending.notes {
        out.push_str(&wrapped(n, "  ", NOTE_WIDTH));
    }
    trim_lines(&out)
}

/// Notes are wrapped to fit a terminal 100 columns wide.
const NOTE_WIDTH: usize = 96;

/// `text` in lines of at most `width` characters (a longer word gets a line of its
/// own), each starting with `indent`.
pub(crate) fn wrapped(text: &str, indent: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let len = line.chars().count() + word.chars().count() + 1;
        if !line.is_empty() && indent.len() + len > width {
            out.push_str(&format!("{indent}{line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(&format!("{indent}{line}\n"));
    }
    out
}

/// The ending ([`ending_table`]) once the game is over, else the standings: each
/// side's name and its score so far with what it counts, in the ruleset's words (those
/// of an ending as things stand: [`DynPresentation::ending_after_resign`](orrery_protocol::DynPresentation::ending_after_resign) gives them without
/// ending anything).
pub fn score_table(game: &dyn DynGame) -> String {
    if let Some(ending) = game.ending() {
        return ending_table(&ending);
    }
    let sides = game.ending_after_resign(Seat(0)).sides;
    let width = sides
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let mut out = String::from("Standings (the game is not finished)\n");
    out.push_str(&format!(
        "  {:<4} {:<width$}  {}\n",
        "seat", "side", "score"
    ));
    for s in &sides {
        out.push_str(&format!(
            "  {:<4} {:<width$}  {}\n",
            format!("P{}", s.seat.0),
            s.name,
            s.score
        ));
    }
    trim_lines(&out)
}

/// Trailing spaces of short cells are noise.
fn trim_lines(text: &str) -> String {
    text.lines()
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

#[cfg(test)]
mod tests {
    use super::wrapped;

    #[test]
    fn long_notes_wrap_at_word_boundaries() {
        let text = "Markers carried decide (FB-17). VP = markers + half the share";
        let out = wrapped(text, "  ", 30);
        assert_eq!(
            out,
            "  Markers carried decide\n  (FB-17). VP = markers + half\n  the share\n"
        );
        assert!(out.lines().all(|l| l.chars().count() <= 30));
    }
}
