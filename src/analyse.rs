//! `orrery analyse FILE`: the AI's reading of a saved game (issue 41): for each
//! decision, the deciding seat's chance before and after it, the best move the
//! search found, the loss and its mark, and what the dice and the other seats did
//! next; then a summary per seat.

use crate::rulesets::registry;
use crate::saved::read_record;
use anyhow::{Context, Result};
use clap::Args;
use orrery_agents::analysis::Depth;
use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(
    after_help = "Marks: inaccuracy (a loss of 0.10 or more of the seat's chance), \
mistake (0.20), blunder (0.30). `then` is what followed until the seat's next decision \
(dice and the other seats' moves): luck, not a mistake.

Examples:
  orrery battle --save game.json      # then:
  orrery analyse game.json
  orrery analyse game.json --iterations 1000 --json > analysis.json"
)]
pub struct AnalyseArgs {
    /// The record file (from `play --save`, `battle --save` or the engine's `record`).
    file: PathBuf,
    /// Iterations of each search (up to three a decision): more is slower and surer.
    #[arg(long, default_value_t = Depth::default().iterations, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    iterations: u32,
    /// The searches' seed: the same record, seed and iterations give the same analysis.
    #[arg(long, default_value_t = Depth::default().seed)]
    seed: u64,
    /// Print the analysis as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(a: &AnalyseArgs) -> Result<()> {
    let record = read_record(&a.file)?;
    let game = registry()
        .load_record(&record)
        .with_context(|| format!("{} does not replay", a.file.display()))?;
    let depth = Depth {
        iterations: a.iterations,
        seed: a.seed,
    };
    let mut err = std::io::stderr();
    let mut progress = |done: usize, total: usize| {
        if done == total || done.is_multiple_of(10) {
            let _ = write!(err, "\ranalysing: {done}/{total} actions");
            if done == total {
                let _ = writeln!(err);
            }
        }
    };
    let analysis = game.analyse(depth, &mut progress)?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&analysis)?);
        return Ok(());
    }
    print!("{}", text(&analysis));
    Ok(())
}

/// The analysis in words: the marked decisions, then a line per seat.
fn text(v: &Value) -> String {
    let mut out = format!(
        "Analysis of a {} game ({} iterations a search, seed {}): chances are the deciding seat's.\n",
        v["ruleset"].as_str().unwrap_or("?"),
        v["iterations"],
        v["seed"]
    );
    let none = Vec::new();
    let decisions = v["decisions"].as_array().unwrap_or(&none);
    for d in decisions {
        let Some(mark) = d["mark"].as_str() else {
            continue;
        };
        out.push_str(&format!(
            "  #{:<4} P{} {:<11} {:.2} -> {:.2}  played: {}\n",
            d["index"].as_u64().unwrap_or(0),
            d["seat"].as_u64().unwrap_or(0),
            mark,
            d["before"].as_f64().unwrap_or(0.0),
            d["after"].as_f64().unwrap_or(0.0),
            d["played_text"].as_str().unwrap_or("?")
        ));
        if let Some(best) = d["best_text"].as_str() {
            out.push_str(&format!("{:27}better: {best}\n", ""));
        }
    }
    out.push_str("Seat  decisions  mean loss  inaccuracies  mistakes  blunders  luck\n");
    for s in v["seats"].as_array().unwrap_or(&none) {
        out.push_str(&format!(
            "P{:<4} {:>9}  {:>9.3}  {:>12}  {:>8}  {:>8}  {:+.2}\n",
            s["seat"].as_u64().unwrap_or(0),
            s["decisions"].as_u64().unwrap_or(0),
            s["mean_loss"].as_f64().unwrap_or(0.0),
            s["inaccuracies"].as_u64().unwrap_or(0),
            s["mistakes"].as_u64().unwrap_or(0),
            s["blunders"].as_u64().unwrap_or(0),
            s["luck"].as_f64().unwrap_or(0.0)
        ));
    }
    out
}
