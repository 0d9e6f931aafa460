//! `orrery replay FILE`: narrate a saved game (a record from `play --save`,
//! `battle --save` or the engine's `record`) as its events, from a spectator's seat
//! or one player's, checking every recorded hash on the way.

use crate::report::{print_event, score_table};
use crate::rulesets::registry;
use crate::saved::read_record;
use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use orrery_core::Seat;
use orrery_protocol::ScenarioSpec;
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(after_help = "Examples:
  orrery play --save game.json        # then, later:
  orrery replay game.json
  orrery replay game.json --seat 1 --maps")]
pub struct ReplayArgs {
    /// The record file.
    file: PathBuf,
    /// Narrate what this seat saw (its secret orders included, the others' hidden
    /// until revealed); default: a spectator, who sees only what is public.
    #[arg(long)]
    seat: Option<u8>,
    /// Show the battle (map, units, scores) after every action.
    #[arg(long)]
    maps: bool,
}

pub fn run(a: &ReplayArgs) -> Result<()> {
    let record = read_record(&a.file)?;
    let reg = registry();
    // Check the whole record (every hash) before narrating any of it.
    reg.load_record(&record)
        .with_context(|| format!("{} does not replay", a.file.display()))?;
    let mut game = reg.new_game(
        &record.ruleset,
        ScenarioSpec::Inline(record.scenario.as_ref().clone()),
        record.seed,
    )?;
    let viewer = a.seat.map(Seat);
    if let Some(s) = a.seat {
        if s >= game.seats() {
            bail!("--seat {s}: this game has seats 0..={}", game.seats() - 1);
        }
    }
    println!(
        "Replay of {}: {}, seed {}, {} actions, seen by {}",
        a.file.display(),
        record.ruleset,
        record.seed,
        record.actions.len(),
        viewer.map_or("a spectator".to_string(), |s| format!("P{}", s.0))
    );
    println!("{}", game.render_text(viewer).trim_end());
    let mut since = 0;
    for (i, ra) in record.actions.iter().enumerate() {
        game.apply_only(ra.seat, &ra.action.value())
            .map_err(|e| anyhow!("action {i} of the record is refused: {e}"))?;
        let (events, next) = game.events(viewer, since);
        events.iter().for_each(print_event);
        since = next;
        if a.maps {
            println!("{}", game.render_text(viewer).trim_end());
        }
    }
    println!();
    let outcome = game.outcome();
    if !outcome.terminal {
        println!(
            "The record stops before the end (turn {}, {}): resume it with `orrery play \
             --resume {}`.",
            game.status().turn,
            game.status().phase,
            a.file.display()
        );
    }
    print!("{}", score_table(game.as_ref()));
    println!("State hash: {}", game.status().hash);
    Ok(())
}
