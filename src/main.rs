//! `orrery`: play tabletop space-combat wargames by their rules.
//!
//! Commands: `battle` (AI against AI, narrated), `play` (you at the terminal against
//! agents or friends), `engine` (the JSON Lines protocol on stdin/stdout), `fleet
//! check` (validate and cost a fleet file), `sim`, `calibrate` and `ladder` (the
//! battle lab), `rulesets` (what is offered).

mod battle;
mod calibrate;
mod fleet;
mod ladder;
mod odds;
mod play;
mod replay;
mod report;
mod rulesets;
mod scenario;
mod serve;
mod sim;
mod train;

use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand};
use orrery_protocol::{Registry, ScenarioSpec};
use std::path::Path;
use std::process::ExitCode;

pub use rulesets::registry;

/// The ruleset used when none is named: the first of the list.
pub const DEFAULT_RULESET: &str = orrery_rulesets::DEFAULT_ID;

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
    Battle(BattleArgs),
    /// Play at the terminal: human seats choose from a numbered list of legal actions,
    /// agent seats play themselves.
    Play(PlayArgs),
    /// Run the engine protocol: one JSON request per line on stdin, one JSON response
    /// per line on stdout (see docs/protocol.md).
    Engine,
    /// Narrate a saved game (from `play --save`, `battle --save` or the engine's
    /// `record`), checking every recorded hash.
    Replay(replay::ReplayArgs),
    /// Scenario files: check one before playing it.
    #[command(subcommand, arg_required_else_help = true)]
    Scenario(ScenarioCommand),
    /// Fleet files: validate and cost them.
    #[command(subcommand, arg_required_else_help = true)]
    Fleet(FleetCommand),
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
    /// List the rulesets and their built-in scenarios.
    Rulesets {
        /// Print the list as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Which game to set up; shared by `battle` and `play`.
#[derive(Args, Debug, Clone)]
struct GameArgs {
    /// Ruleset id (see `orrery rulesets`).
    #[arg(default_value = DEFAULT_RULESET)]
    ruleset: String,
    /// Built-in scenario name, or a path to a scenario file (TOML as in
    /// docs/launch-fighters-data.md, or JSON); default: the ruleset's first scenario.
    #[arg(long, short = 's')]
    scenario: Option<String>,
    /// Seed for all dice; the same seed and agents replay the same battle. Default: a
    /// random seed, printed so the battle can be replayed.
    #[arg(long)]
    seed: Option<u64>,
}

#[derive(Args, Debug)]
struct BattleArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Agents by name, comma-separated, one per seat in seat order; the list is cycled
    /// over the seats (known: random, greedy, heuristic, mcts, novice, default, and the levels
    /// easy, normal, hard; see docs/agents.md).
    #[arg(long, short = 'a', value_delimiter = ',', default_value = "greedy")]
    agents: Vec<String>,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Print only the result (victory point table and hash), not the narration.
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Print the result as one JSON object instead of text (no narration).
    #[arg(long)]
    json: bool,
    /// Write the battle's record (ruleset, scenario, seed, every action) to FILE, for
    /// `orrery replay FILE` or the engine's `load`.
    #[arg(long, value_name = "FILE")]
    save: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Who plays a seat: SEAT=human, SEAT=LEVEL (easy, normal, hard) or SEAT=AGENT
    /// (random, greedy, heuristic, mcts, novice, default). Repeat for each seat; seats not
    /// given are played by --ai, except seat 0, which is human when no seat is human.
    #[arg(long = "seat", value_name = "SEAT=WHO")]
    seats: Vec<String>,
    /// Strength of the computer opponents: easy, normal or hard (or any agent name).
    /// Their measured win rates are in docs/agents.md.
    #[arg(long, value_name = "LEVEL", default_value = orrery_agents::DEFAULT_LEVEL)]
    ai: String,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Save the game to FILE after every action (its record: ruleset, scenario, seed
    /// and actions, never an order still secret from a seat); resume it with
    /// --resume FILE, narrate it with `orrery replay FILE`.
    #[arg(long, value_name = "FILE")]
    save: Option<std::path::PathBuf>,
    /// Go on with a game saved by --save (or any game record): its ruleset, scenario
    /// and seed are the record's; it keeps saving to FILE unless --save names another.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["scenario", "seed"])]
    resume: Option<std::path::PathBuf>,
    /// Ask even when a human seat has only one legal action. Without it, such a
    /// forced choice is taken for the seat and said in one line (`undo` takes back
    /// the seat's last real choice and everything after it).
    #[arg(long)]
    confirm_forced: bool,
}

/// How long searching agents (mcts) think per decision.
#[derive(Args, Debug, Clone, Copy)]
pub struct BudgetArgs {
    /// Milliseconds per decision for searching agents (default 100). Results then
    /// depend on the machine's speed and load; prefer --iterations for reproducible
    /// runs.
    #[arg(long, value_name = "MS")]
    pub budget_ms: Option<u64>,
    /// Search iterations per decision instead of a time limit: the same seed then
    /// gives the same result on any machine.
    #[arg(long, value_name = "N")]
    pub iterations: Option<u32>,
    /// Search trees grown at once on this many threads, each with the whole budget,
    /// merged at the root (root parallelism): stronger in the same wall time on a
    /// machine with that many cores. Default 1.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
    pub threads: Option<u16>,
}

impl BudgetArgs {
    pub fn budget(&self) -> orrery_agents::Budget {
        orrery_agents::Budget {
            millis: self.budget_ms,
            iterations: self.iterations,
            threads: self.threads.map(usize::from),
        }
    }
}

#[derive(Subcommand, Debug)]
enum FleetCommand {
    /// Check a fleet file (TOML in its ruleset's format, see docs/*-data.md): every
    /// ship's design and cost, and the fleet total; exits non-zero naming the file,
    /// field and reason on problems.
    Check {
        /// The fleet file to check.
        file: std::path::PathBuf,
        /// The ruleset the file is for; default: the ruleset that reads it (or, when
        /// none does, the one with the fewest problems).
        #[arg(long, short = 'r')]
        ruleset: Option<String>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand, Debug)]
enum ScenarioCommand {
    /// Check a scenario file (TOML in the ruleset's format, see docs/*-data.md, or
    /// JSON): read it, set it up under every rule of its ruleset, and list each seat's
    /// units and points; exits non-zero listing every problem with file, field and
    /// reason.
    #[command(after_help = "Examples:
  orrery scenario check my-battle.toml
  orrery scenario check my-battle.toml --ruleset stratoyager --json")]
    Check {
        /// The scenario file to check.
        file: std::path::PathBuf,
        /// The ruleset the file is for; default: the ruleset that sets it up (or,
        /// when none does, the one with the fewest problems).
        #[arg(long, short = 'r')]
        ruleset: Option<String>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
}

impl GameArgs {
    /// The seed (a random one is drawn in `run` when none was given).
    fn seed(&self) -> u64 {
        self.seed.unwrap_or_default()
    }

    /// Draw a random seed if none was given.
    fn pick_seed(&mut self) {
        self.seed.get_or_insert_with(orrery_protocol::random_seed);
    }
    /// The scenario to set up: a TOML or JSON file if the argument names one, else a
    /// built-in scenario name.
    fn scenario_spec(&self) -> Result<ScenarioSpec> {
        let Some(s) = &self.scenario else {
            return Ok(ScenarioSpec::Default);
        };
        let path = Path::new(s);
        // A name that reads as a path (an extension or a folder) is a file the user
        // meant: say it is missing rather than "no scenario `x.toml`".
        let looks_like_file = path.extension().is_some() || s.contains(['/', '\\']);
        if looks_like_file && !path.exists() {
            bail!(
                "scenario file `{s}` not found (a built-in scenario is named without an \
                 extension: `orrery rulesets` lists them)"
            );
        }
        if path.is_file() {
            let reg = registry();
            let ruleset = rulesets::get(&reg, &self.ruleset)?;
            return Ok(ScenarioSpec::Inline(scenario::read(
                ruleset,
                &self.ruleset,
                path,
            )?));
        }
        Ok(ScenarioSpec::Named(s.clone()))
    }

    /// Check the ruleset id against the registry with a helpful message.
    fn check_ruleset(&self, registry: &Registry) -> Result<()> {
        rulesets::get(registry, &self.ruleset).map(|_| ())
    }
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
        Some(Command::Fleet(FleetCommand::Check {
            file,
            ruleset,
            json,
        })) => fleet::check(&registry(), &file, ruleset.as_deref(), json),
        Some(Command::Scenario(ScenarioCommand::Check {
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
