//! `orrery train`: learn a ruleset's evaluation by self-play (issue 38; the loop is
//! `orrery-train`'s). Shows progress, writes each generation's model and a JSON and
//! CSV log into the run directory, and resumes a run found there.

use anyhow::{anyhow, Result};
use clap::Args;
use indicatif::ProgressBar;
use orrery_core::FullGame;
use orrery_train::{Generation, Progress, Provenance, TrainConfig};
use std::path::PathBuf;
use std::sync::Mutex;

/// Arguments of `orrery train`.
#[derive(Args, Debug)]
#[command(
    after_help = "Each generation: the current agent (MCTS judging its leaves with \
    the newest model; plain MCTS before the first) plays itself; every seat's observation \
    at every decision is kept with the seat's result; a small network learns the result \
    from the observation; the new model plays the previous one (seats swapped) and the \
    score is logged. DIR/gen-NNNN.model is each generation's model, DIR/latest.model the \
    newest (use it with --model), DIR/log.jsonl and DIR/log.csv the log. Run the same \
    command again to resume (or with a larger --generations to go on).\n\n\
    The same seed and settings give the same models whatever --jobs is.\n\n\
    Examples:\n  \
    orrery train stratoyager --scenario dogfight          (about an hour on 2 cores)\n  \
    orrery train launch-fighters --generations 2 --games 20 --iterations 50    (a minute)\n  \
    orrery ladder stratoyager -s dogfight --model orrery-train/stratoyager-dogfight/latest.model \
    --agents learned@2000,mcts@2000 -n 200"
)]
pub struct TrainArgs {
    /// Ruleset id (see `orrery rulesets`).
    #[arg(default_value = crate::args::DEFAULT_RULESET)]
    pub ruleset: String,
    /// Built-in scenario name, or a path to a scenario file; default: the ruleset's
    /// first scenario. A model fits the observation shape of the scenario it learned.
    #[arg(long, short = 's')]
    pub scenario: Option<String>,
    /// The run directory (default: orrery-train/RULESET-SCENARIO).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Generations to reach.
    #[arg(long, short = 'g', default_value_t = 8)]
    pub generations: usize,
    /// Self-play games per generation.
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    /// Search iterations per self-play decision.
    #[arg(long, default_value_t = 200)]
    pub iterations: u32,
    /// The chance that a self-play decision is a random search action (exploration).
    #[arg(long, default_value_t = 0.05)]
    pub explore: f64,
    /// Most actions of a self-play game (a game cut there counts as a draw).
    #[arg(long, default_value_t = 4000)]
    pub max_actions: usize,
    /// Generations of positions each fit learns from (the newest).
    #[arg(long, default_value_t = 4)]
    pub window: usize,
    /// Passes over those positions per generation.
    #[arg(long, default_value_t = 4)]
    pub epochs: usize,
    /// Positions per gradient step.
    #[arg(long, default_value_t = 256)]
    pub batch: usize,
    /// AdamW's learning rate.
    #[arg(long, default_value_t = 1e-3)]
    pub learning_rate: f64,
    /// Hidden layer sizes, comma-separated (default 64,32; the first narrower where
    /// the observation is so long that the model would pass 1 MB).
    #[arg(long, value_delimiter = ',')]
    pub hidden: Option<Vec<usize>>,
    /// Games of each new model against the previous one (0: none).
    #[arg(long, default_value_t = 40)]
    pub duel_games: usize,
    /// The model's share of a leaf's reward in the search (self-play, and the
    /// learned agent that plays with the model); the ruleset's own evaluation gives
    /// the rest. 1: the model alone.
    #[arg(long, default_value_t = 0.5)]
    pub value_weight: f64,
    /// Teach a self-play game that ends undecided (drawn, or cut at --max-actions)
    /// each seat's standing by the ruleset's evaluation at its end, instead of ½ (for
    /// games whose self-play is mostly drawn, as the Stratoyager dogfight). The games'
    /// results are not changed, only what the model learns from them.
    #[arg(long)]
    pub draws_by_evaluation: bool,
    /// The share λ of the search's own estimate in what the model learns from a
    /// position where a seat decided: `(1 − λ)·result + λ·estimate`, the estimate being
    /// the chosen action's mean reward in the self-play search (0 to 1; 0: the
    /// game's result alone).
    #[arg(long, default_value_t = 0.0)]
    pub search_value: f64,
    /// Learn a correction to the ruleset's own evaluation (its logit on the material
    /// scale, added to the network's output) instead of the value itself: the first
    /// model judges exactly as the evaluation does.
    #[arg(long)]
    pub residual: bool,
    /// The run's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Self-play worker threads (default: one per available core). Never changes the
    /// results.
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Print the whole log as JSON at the end instead of a table.
    #[arg(long)]
    pub json: bool,
}

struct Run<'a> {
    a: &'a TrainArgs,
    jobs: usize,
}

impl orrery_rulesets::WithGame for Run<'_> {
    type Out = Result<Vec<Generation>>;
    fn with<G: FullGame>(self) -> Self::Out {
        let a = self.a;
        let (name, scenario) = crate::sim::scenario::<G>(&a.ruleset, a.scenario.as_deref())?;
        let cfg = TrainConfig {
            ruleset: G::INFO.id.to_string(),
            scenario: name.clone(),
            generations: a.generations,
            games: a.games,
            iterations: a.iterations,
            explore: a.explore,
            max_actions: a.max_actions,
            window: a.window,
            epochs: a.epochs,
            batch: a.batch,
            learning_rate: a.learning_rate,
            hidden: a
                .hidden
                .clone()
                .unwrap_or_else(|| default_hidden::<G>(&scenario)),
            duel_games: a.duel_games,
            seed: a.seed,
            value_weight: a.value_weight,
            draws_by_evaluation: a.draws_by_evaluation,
            search_value: a.search_value,
            residual: a.residual,
        };
        let dir = a.out.clone().unwrap_or_else(|| {
            PathBuf::from("orrery-train").join(format!("{}-{}", G::INFO.id, file_safe(&name)))
        });
        let bar = Mutex::new(None::<ProgressBar>);
        let show = |p: Progress| {
            let mut bar = bar.lock().unwrap_or_else(|e| e.into_inner());
            match p {
                Progress::SelfPlay {
                    generation,
                    done,
                    total,
                } => {
                    let b = bar.get_or_insert_with(|| {
                        crate::sim::progress(
                            total,
                            &format!("self-play games, generation {generation}"),
                        )
                    });
                    b.set_position(done as u64);
                }
                Progress::Duel {
                    generation,
                    done,
                    total,
                } => {
                    if done == 1 {
                        if let Some(b) = bar.take() {
                            b.finish_and_clear();
                        }
                    }
                    let b = bar.get_or_insert_with(|| {
                        crate::sim::progress(total, &format!("duel games, generation {generation}"))
                    });
                    b.set_position(done as u64);
                }
                Progress::Epoch { .. } => {
                    if let Some(b) = bar.take() {
                        b.finish_and_clear();
                    }
                }
                Progress::Done(g) => {
                    if let Some(b) = bar.take() {
                        b.finish_and_clear();
                    }
                    if !a.json {
                        eprintln!("{}", line(&g));
                    }
                }
            }
        };
        if !a.json {
            eprintln!(
                "training {} / {name} in {} ({} generations of {} games, {} iterations a move, {} workers)",
                G::INFO.id,
                dir.display(),
                a.generations,
                a.games,
                a.iterations,
                self.jobs
            );
            eprintln!("{}", header());
        }
        let log = orrery_train::train::<G>(&scenario, &cfg, &dir, self.jobs, &provenance(), &show)?;
        if !a.json {
            eprintln!(
                "the newest model: {} (use it with --model; docs/agents.md, Training)",
                dir.join("latest.model").display()
            );
        }
        Ok(log)
    }
}

/// 64,32, the first layer narrowed where the scenario's observation is so long that
/// the model would pass 1 MB (STGv2's node graph).
fn default_hidden<G: FullGame>(scenario: &G::Scenario) -> Vec<usize> {
    let observation = G::setup(scenario, 1)
        .map(|g| orrery_core::learn::observation(&g, orrery_core::Seat(0)).len())
        .unwrap_or(0);
    orrery_train::default_hidden(observation)
}

fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn header() -> String {
    format!(
        "{:>4} {:>6} {:>9} {:>7} {:>6} {:>8} {:>8} {:>10} {:>7}",
        "gen", "games", "positions", "decided", "drawn", "loss<", "loss", "vs prev", "seconds"
    )
}

fn line(g: &Generation) -> String {
    let vs = g
        .score_vs_previous
        .map_or("-".to_string(), |s| format!("{:.1} %", 100.0 * s));
    format!(
        "{:>4} {:>6} {:>9} {:>7} {:>6} {:>8.4} {:>8.4} {:>10} {:>7.0}",
        g.generation,
        g.games,
        g.positions,
        g.decided,
        g.drawn,
        g.loss_before,
        g.loss,
        vs,
        g.seconds
    )
}

/// How this run was started, for every model's header: the command line, the
/// build's version and the commit (from `git`, when the binary runs in a checkout).
fn provenance() -> Provenance {
    let mut p = Provenance::new();
    let args: Vec<String> = std::env::args().collect();
    p.insert("command".into(), args.join(" ").into());
    p.insert("orrery".into(), env!("CARGO_PKG_VERSION").into());
    let commit = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    p.insert(
        "commit".into(),
        commit.unwrap_or_else(|| "unknown".into()).into(),
    );
    // Changes not committed make the commit alone not enough to remake the model.
    let dirty = std::process::Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=no"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| !o.stdout.is_empty());
    if let Some(dirty) = dirty {
        p.insert("uncommitted_changes".into(), dirty.into());
    }
    p
}

pub fn run(a: &TrainArgs) -> Result<()> {
    let jobs = crate::sim::jobs(a.jobs)?;
    let log = orrery_rulesets::dispatch(&a.ruleset, Run { a, jobs })
        .ok_or_else(|| anyhow!(orrery_studies::unknown_ruleset(&a.ruleset)))??;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&log)?);
    }
    Ok(())
}
