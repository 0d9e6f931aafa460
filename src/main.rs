//! `orrery`: play tabletop space-combat wargames by their rules.
//!
//! Commands: `battle` (AI against AI, narrated), `play` (you at the terminal against
//! agents or friends), `engine` (the JSON Lines protocol on stdin/stdout), `fleet
//! check` (validate and cost a fleet file), `sim`, `calibrate` and `ladder` (the
//! battle lab), `serve` (games online) and `online` (a server's games from the
//! terminal), `rulesets` (what is offered).

mod agents;
mod analyse;
mod args;
mod battle;
mod calibrate;
mod fleet;
mod ladder;
mod learn;
mod odds;
mod online;
mod play;
mod replay;
mod report;
mod rulesets;
mod saved;
mod scenario;
mod serve;
mod sim;
mod train;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use std::process::ExitCode;

use rulesets::registry;

#[derive(Parser, Debug)]
#[command(
    name = "orrery",
    version,
    about = "Orrery plays tabletop space-combat wargames by their rules",
    long_about = "Orrery plays tabletop space-combat wargames by their rules: watch AI \
                  fleets fight (`battle`), play against agents or friends at the \
                  terminal (`play`), drive games from your own program over JSON Lines \
                  (`engine`), check a fleet or scenario file (`fleet check`, `scenario \
                  check`), or measure balance (`sim`, `calibrate`, `odds`)."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// A learned evaluation (a weights file from `orrery train`) for the `learned`
    /// agent and the `hard` level, in place of the one the ruleset ships, for the
    /// games whose ruleset and scenario shape it fits. A file that cannot be used is
    /// named with the reason, and the agents search as they would without it.
    #[arg(long, global = true, value_name = "FILE")]
    model: Option<std::path::PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run agents against each other and narrate the battle, ending with the victory
    /// point table and the final state hash.
    Battle(battle::BattleArgs),
    /// Play at the terminal: human seats choose from a numbered list of legal actions,
    /// agent seats play themselves.
    Play(play::PlayArgs),
    /// Run the engine protocol: one JSON request per line on stdin, one JSON response
    /// per line on stdout (see docs/protocol.md).
    Engine,
    /// Narrate a saved game (from `play --save`, `battle --save` or the engine's
    /// `record`), checking every recorded hash.
    Replay(replay::ReplayArgs),
    /// The AI's reading of a saved game: each decision's chance before and after, the
    /// better move where there was one, marks for inaccuracies, mistakes and
    /// blunders, and the luck of the dice apart.
    Analyse(analyse::AnalyseArgs),
    /// A guided first battle: a small battle against the easy AI that teaches the
    /// ruleset one idea at a time (moving, facing and arcs, attacking and its odds,
    /// secret orders or cards, scoring), each with its rule; then it goes on as a real
    /// game.
    Learn(learn::LearnArgs),
    /// Scenario files: check one before playing it.
    #[command(subcommand, arg_required_else_help = true)]
    Scenario(scenario::ScenarioCommand),
    /// Fleet files: validate and cost them.
    #[command(subcommand, arg_required_else_help = true)]
    Fleet(fleet::FleetCommand),
    /// Run many battles in parallel and report win rates with confidence intervals,
    /// scores, turns, unit survival and balance measures.
    Sim(sim::SimArgs),
    /// Learn a ruleset's evaluation by self-play: generations of games of the current
    /// agent against itself, a small network fitted to their results, each new model
    /// played against the last (see docs/agents.md, Training).
    Train(train::TrainArgs),
    /// Rate agents in Elo: matches on a ruleset's scenarios with seats swapped, a
    /// round robin or a gauntlet, or an SPRT that stops when a candidate is proven
    /// better or not (see docs/agents.md).
    Ladder(ladder::LadderArgs),
    /// Fit what each unit type is worth from battles of mixed fleets at equal points,
    /// next to its published points.
    Calibrate(calibrate::CalibrateArgs),
    /// Exact odds of an attack or a test (no sampling).
    #[command(arg_required_else_help = true)]
    Odds(odds::OddsArgs),
    /// Serve games online: JSON over HTTP and WebSocket, secret orders kept by the
    /// server, games kept in SQLite or PostgreSQL (see docs/server.md).
    Serve(serve::ServeArgs),
    /// Play on an `orrery serve` from the terminal: log in, your games, open
    /// challenges (accept one with a force), a game against the AI, and play with
    /// the server keeping every secret (see docs/server.md, "At the terminal").
    Online(online::OnlineArgs),
    /// An operator's work on a server's database (reset an account's password).
    #[command(subcommand)]
    Admin(serve::AdminCommand),
    /// List the rulesets and their built-in scenarios.
    Rulesets {
        /// Print the list as JSON.
        #[arg(long)]
        json: bool,
    },
}

fn rulesets(json: bool) -> Result<()> {
    let reg = registry();
    let list = reg.rulesets();
    if json {
        println!("{}", serde_json::to_string_pretty(&list)?);
        return Ok(());
    }
    for r in list {
        println!(
            "{}  {}  ({}-{} players)",
            r.id, r.name, r.players[0], r.players[1]
        );
        for (i, s) in r.scenarios.iter().enumerate() {
            let default = if i == 0 { " (default)" } else { "" };
            if s.description.is_empty() {
                println!("    {}{}", s.name, default);
            } else {
                println!("    {}{} - {}", s.name, default, s.description);
            }
        }
    }
    Ok(())
}

fn engine() -> Result<()> {
    let reg = registry();
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    orrery_protocol::serve(&reg, stdin.lock(), stdout.lock()).context("engine I/O failed")?;
    Ok(())
}

fn run(cli: Cli) -> Result<()> {
    if let Some(path) = &cli.model {
        match orrery_agents::model::load_file(path) {
            Ok(m) => eprintln!(
                "orrery: learned evaluation {} ({} / {}, {} weights)",
                path.display(),
                m.header.ruleset,
                m.header.scenario,
                m.parameters()
            ),
            Err(e) => eprintln!(
                "orrery: {e}\norrery: the learned agents search as they would without it (with a shipped model that fits, else the ruleset's own evaluation)"
            ),
        }
    }
    match cli.command {
        None => {
            use clap::CommandFactory;
            Cli::command().print_help()?;
            println!();
            Ok(())
        }
        Some(Command::Battle(mut a)) => {
            a.game.pick_seed();
            battle::run(&a)
        }
        Some(Command::Play(mut a)) => {
            a.game.pick_seed();
            play::run(&a)
        }
        Some(Command::Engine) => engine(),
        Some(Command::Replay(a)) => replay::run(&a),
        Some(Command::Analyse(a)) => analyse::run(&a),
        Some(Command::Learn(a)) => learn::run(&a),
        Some(Command::Fleet(fleet::FleetCommand::Check {
            file,
            ruleset,
            json,
        })) => fleet::check(&registry(), &file, ruleset.as_deref(), json),
        Some(Command::Scenario(scenario::ScenarioCommand::Check {
            file,
            ruleset,
            json,
        })) => scenario::check(&registry(), &file, ruleset.as_deref(), json),
        Some(Command::Sim(a)) => sim::run(&a),
        Some(Command::Calibrate(a)) => calibrate::run(&a),
        Some(Command::Ladder(a)) => ladder::run(&a),
        Some(Command::Train(a)) => train::run(&a),
        Some(Command::Odds(a)) => odds::run(&a),
        Some(Command::Serve(a)) => serve::run(&a),
        Some(Command::Online(a)) => online::run(&a),
        Some(Command::Admin(c)) => serve::admin(&c),
        Some(Command::Rulesets { json }) => rulesets(json),
    }
}

/// Issue 9 §3: `orrery battle … | head` panicked with "Broken pipe". A command whose
/// reader has gone should stop quietly, as Unix tools do: restore the default action
/// of SIGPIPE (Rust ignores it, turning every later write into a panic in `println!`).
#[cfg(unix)]
fn quiet_on_closed_pipe() {
    // SAFETY: called first thing in `main`, before any thread exists; it only resets
    // the disposition of one signal to the system default.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn quiet_on_closed_pipe() {}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
