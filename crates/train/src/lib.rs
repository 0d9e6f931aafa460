//! # orrery-train
//!
//! Learning an evaluation by self-play (issue 38), the way Expert Iteration and
//! AlphaZero do it on a small scale: the current best agent (the information-set MCTS
//! of `orrery-agents`, judging its leaves with the current model, or with the
//! ruleset's own evaluation before there is one) plays itself; every position is kept
//! with each seat's observation and that seat's final result; a small multilayer
//! perceptron ([`orrery_agents::model::ValueModel`]) learns the result from the
//! observation; the new model then judges the next generation's search. Each
//! generation's model is also played against the one before it, and the score is
//! logged.
//!
//! Everything is seeded from the run's seed: self-play game `i` of generation `g`
//! depends only on `(seed, g, i)` and the model of generation `g − 1` (so the games
//! can be played anywhere, in any order, by any number of workers, and merged by
//! index), and the fit draws its initial weights and batches from the run's
//! generator. A run is resumed from its directory: the data and model of every
//! finished generation are there, and a resumed run ends exactly where an unbroken
//! one does.
//!
//! The tensors and their gradients are `candle`'s (training only); play evaluates
//! the model in plain Rust ([`orrery_agents::model`]).

mod fit;
mod play;

pub use fit::{fit, FitStats};
pub use play::{duel, self_play, Positions};

use orrery_agents::model::{ModelError, ValueModel};
use orrery_core::{Game, Learning, SearchHints};
use serde::{Deserialize, Serialize};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;
use thiserror::Error;

/// Why training stopped.
#[derive(Debug, Error)]
pub enum TrainError {
    /// A bad setting.
    #[error("{0}")]
    Config(String),
    #[error("{path}: {why}")]
    Io { path: String, why: String },
    #[error(transparent)]
    Model(#[from] ModelError),
    #[error("the tensor library failed: {0}")]
    Tensor(String),
    /// Another process trains in the run directory.
    #[error(
        "{dir} is in use by another `orrery train` (process {pid}); wait for it, or train \
         into another directory (--out)"
    )]
    Busy { dir: String, pid: String },
    /// The run directory holds a run made with other settings.
    #[error(
        "{dir} holds a run made with other settings ({field}: {theirs} there, {ours} now): \
         resume it with the same settings, or train into another directory (--out)"
    )]
    OtherRun {
        dir: String,
        field: String,
        theirs: String,
        ours: String,
    },
}

impl From<candle_core::Error> for TrainError {
    fn from(e: candle_core::Error) -> Self {
        TrainError::Tensor(e.to_string())
    }
}

fn io(path: &Path, e: impl std::fmt::Display) -> TrainError {
    TrainError::Io {
        path: path.display().to_string(),
        why: e.to_string(),
    }
}

/// The settings of a run. All but [`TrainConfig::generations`] must be the same to
/// resume it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainConfig {
    /// The ruleset id and scenario name (for the model's header and the log).
    pub ruleset: String,
    pub scenario: String,
    /// Generations to reach (a resumed run goes on to this many).
    pub generations: usize,
    /// Self-play games per generation.
    pub games: usize,
    /// Search iterations per self-play decision.
    pub iterations: u32,
    /// The chance that a self-play decision is a random search action instead of the
    /// search's choice (exploration; the games still end as they end).
    pub explore: f64,
    /// Most actions of a self-play game; a game cut there counts as a draw.
    pub max_actions: usize,
    /// Generations of positions the fit learns from (the newest).
    pub window: usize,
    /// Passes over those positions per generation.
    pub epochs: usize,
    /// Positions per gradient step.
    pub batch: usize,
    /// AdamW's learning rate.
    pub learning_rate: f64,
    /// Hidden layer sizes.
    pub hidden: Vec<usize>,
    /// Games of the new model against the one before it, per generation (seats
    /// swapped; 0 = none).
    pub duel_games: usize,
    /// The run's seed.
    pub seed: u64,
    /// The model's share of a leaf's reward in the search, self-play and play alike
    /// (written into every model's header; `MctsConfig::model_weight`).
    #[serde(default = "half")]
    pub value_weight: f64,
    /// Teach a game that ends undecided (a draw, or cut at `max_actions`) each seat's
    /// standing by the ruleset's evaluation at the end ([`orrery_agents::evaluation_reward`])
    /// instead of ½: a signal where most self-play games are drawn (the Stratoyager
    /// dogfight). The result of the game is not changed, only what is learned from it.
    #[serde(default)]
    pub draws_by_evaluation: bool,
    /// The share of the search's own estimate in what a seat learns from the
    /// positions where it decided (λ): the target is `(1 − λ)·result + λ·value`, the
    /// value being the mean reward of the action the self-play search chose (as
    /// bootstrapped targets do, where a game's final result says little about the
    /// single decision). 0: the result alone.
    #[serde(default)]
    pub search_value: f64,
    /// The network learns a correction to the ruleset's own evaluation instead of the
    /// value itself (`ModelHeader::residual`): at its start it judges exactly as the
    /// evaluation does, and each position keeps the evaluation's logit it corrects.
    #[serde(default)]
    pub residual: bool,
}

fn half() -> f64 {
    0.5
}

impl TrainConfig {
    /// Defaults for a ruleset's scenario: a run of about an hour on two cores for
    /// the five rulesets' default scenarios.
    pub fn new(ruleset: &str, scenario: &str) -> Self {
        TrainConfig {
            ruleset: ruleset.to_string(),
            scenario: scenario.to_string(),
            generations: 8,
            games: 200,
            iterations: 200,
            explore: 0.05,
            max_actions: 4000,
            window: 4,
            epochs: 4,
            batch: 256,
            learning_rate: 1e-3,
            hidden: vec![64, 32],
            duel_games: 40,
            seed: 1,
            value_weight: 0.5,
            draws_by_evaluation: false,
            search_value: 0.0,
            residual: false,
        }
    }

    fn check(&self) -> Result<(), TrainError> {
        let bad = |why: &str| Err(TrainError::Config(why.to_string()));
        if self.generations == 0 || self.generations > 1000 {
            return bad("--generations must be 1 to 1000");
        }
        if self.games == 0 || self.games > 1_000_000 {
            return bad("--games must be 1 to 1,000,000 per generation");
        }
        if self.iterations == 0 || self.iterations > 100_000 {
            return bad("--iterations must be 1 to 100,000");
        }
        if !(0.0..=1.0).contains(&self.explore) {
            return bad("--explore must be 0 to 1");
        }
        if self.window == 0 || self.epochs == 0 || self.batch == 0 {
            return bad("--window, --epochs and --batch must be at least 1");
        }
        if !(self.learning_rate > 0.0 && self.learning_rate < 1.0) {
            return bad("--learning-rate must be between 0 and 1");
        }
        if self.hidden.is_empty() || self.hidden.iter().any(|&h| h == 0 || h > 1024) {
            return bad("--hidden must list layer sizes of 1 to 1024");
        }
        if !(0.0..=1.0).contains(&self.value_weight) {
            return bad("--value-weight must be 0 to 1");
        }
        if !(0.0..=1.0).contains(&self.search_value) {
            return bad("--search-value must be 0 to 1");
        }
        if self.max_actions == 0 {
            return bad("--max-actions must be at least 1");
        }
        Ok(())
    }

    /// The settings a resumed run must share, as JSON fields.
    fn identity(&self) -> serde_json::Value {
        let mut v = serde_json::to_value(self).unwrap_or_default();
        if let Some(m) = v.as_object_mut() {
            m.remove("generations");
        }
        v
    }
}

/// One generation of a run, as the log writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Generation {
    pub generation: usize,
    /// Self-play games played and positions kept (every seat's observation at every
    /// decision).
    pub games: usize,
    pub positions: usize,
    /// Of the games: decided, drawn (or cut at `max_actions`).
    pub decided: usize,
    pub drawn: usize,
    /// Positions the fit learned from (the window) and held out.
    pub trained_on: usize,
    pub held_out: usize,
    /// The fit's loss (binary cross-entropy against the results) on the held-out
    /// positions, before and after this generation's training.
    pub loss_before: f64,
    pub loss: f64,
    /// The new model's score against the previous generation's (its model, or the
    /// ruleset's own evaluation before the first), seats swapped; `None` without
    /// duel games.
    pub score_vs_previous: Option<f64>,
    pub duel_games: usize,
    /// Wall time of the generation (not part of what a resumed run must equal).
    pub seconds: f64,
    /// The model file, relative to the run directory.
    pub model: String,
}

/// What a run reports as it goes.
#[derive(Clone, Debug)]
pub enum Progress {
    /// Self-play games of `generation` finished so far.
    SelfPlay {
        generation: usize,
        done: usize,
        total: usize,
    },
    /// The fit's epoch ended with this loss on the training positions.
    Epoch {
        generation: usize,
        epoch: usize,
        loss: f64,
    },
    /// Duel games finished so far.
    Duel {
        generation: usize,
        done: usize,
        total: usize,
    },
    /// A generation is done (and written).
    Done(Generation),
}

/// The files of a run directory.
pub struct RunDir {
    pub dir: PathBuf,
}

impl RunDir {
    fn config(&self) -> PathBuf {
        self.dir.join("config.json")
    }
    pub fn log_json(&self) -> PathBuf {
        self.dir.join("log.jsonl")
    }
    pub fn log_csv(&self) -> PathBuf {
        self.dir.join("log.csv")
    }
    fn positions(&self, g: usize) -> PathBuf {
        self.dir.join(format!("gen-{g:04}.positions"))
    }
    pub fn model_name(g: usize) -> String {
        format!("gen-{g:04}.model")
    }
    pub fn model(&self, g: usize) -> PathBuf {
        self.dir.join(Self::model_name(g))
    }
    /// The newest generation's model, copied (what `--model` takes).
    pub fn latest(&self) -> PathBuf {
        self.dir.join("latest.model")
    }

    /// The generations already logged.
    pub fn logged(&self) -> Result<Vec<Generation>, TrainError> {
        let path = self.log_json();
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io(&path, e)),
        };
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).map_err(|e| io(&path, e)))
            .collect()
    }
}

/// The most a model file may take (issue 38: a shipped model is at most 1 MB).
pub const MAX_MODEL_BYTES: usize = 1_000_000;

/// The bytes of a model's weights and biases: `observation` inputs, `hidden` layers,
/// one output (the header adds well under a kilobyte).
pub fn model_bytes(observation: usize, hidden: &[usize]) -> usize {
    let mut sizes = vec![observation];
    sizes.extend_from_slice(hidden);
    sizes.push(1);
    4 * sizes.windows(2).map(|w| w[0] * w[1] + w[1]).sum::<usize>() + 1024
}

/// The widest first hidden layer (then `rest`) whose model fits [`MAX_MODEL_BYTES`].
pub fn first_layer_within(observation: usize, rest: &[usize]) -> usize {
    let mut w = 1024;
    while w > 1 && {
        let mut h = vec![w];
        h.extend_from_slice(rest);
        model_bytes(observation, &h) > MAX_MODEL_BYTES
    } {
        w -= 1;
    }
    w
}

/// The default hidden layers: 64, 32, the first narrowed where an observation of
/// this length would take the model past [`MAX_MODEL_BYTES`] (STGv2's node graph).
pub fn default_hidden(observation: usize) -> Vec<usize> {
    vec![first_layer_within(observation, &[32]).min(64), 32]
}

/// Extra fields for every model's header: how the run was started (the command
/// line, the commit), written beside the run's settings.
pub type Provenance = serde_json::Map<String, serde_json::Value>;

/// Train `G` on `scenario` per `cfg` in `dir`, resuming what is there, with
/// `threads` self-play workers (the result does not depend on them). Returns every
/// generation of the run, those done before included.
pub fn train<G: Game + SearchHints + Learning>(
    scenario: &G::Scenario,
    cfg: &TrainConfig,
    dir: &Path,
    threads: usize,
    provenance: &Provenance,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<Generation>, TrainError> {
    let here = |generation: usize, model: Option<Arc<ValueModel>>| {
        Ok(play::self_play::<G>(
            scenario,
            cfg,
            model,
            generation,
            0..cfg.games,
            threads,
            &|done| {
                progress(Progress::SelfPlay {
                    generation,
                    done,
                    total: cfg.games,
                })
            },
        ))
    };
    train_with::<G>(scenario, cfg, dir, threads, provenance, progress, &here)
}

/// Where a generation's self-play games are played: given the generation and the
/// model of the one before (`None` for the first), the positions of games
/// `0..cfg.games` in index order ([`self_play`] over any split, merged in order).
pub type SelfPlayer<'a> =
    dyn Fn(usize, Option<Arc<ValueModel>>) -> Result<Positions, TrainError> + 'a;

/// [`train`], its self-play games played by `self_play` (elsewhere: a Ray cluster
/// from Python, `orrery.train`); the fit and the duels run here on `threads`. The
/// same settings give the same run wherever the games were played.
pub fn train_with<G: Game + SearchHints + Learning>(
    scenario: &G::Scenario,
    cfg: &TrainConfig,
    dir: &Path,
    threads: usize,
    provenance: &Provenance,
    progress: &(dyn Fn(Progress) + Sync),
    self_play: &SelfPlayer<'_>,
) -> Result<Vec<Generation>, TrainError> {
    cfg.check()?;
    if cfg.ruleset != G::INFO.id {
        return Err(TrainError::Config(format!(
            "the settings name ruleset `{}` but the game is `{}`",
            cfg.ruleset,
            G::INFO.id
        )));
    }
    let probe = G::setup(scenario, cfg.seed)
        .map_err(|e| TrainError::Config(format!("the scenario does not set up: {e}")))?;
    let observation = orrery_core::learn::observation(&probe, orrery_core::Seat(0)).len();
    if observation == 0 {
        return Err(TrainError::Config(format!(
            "{} writes no observation (Learning::observe), so there is nothing to learn from",
            G::INFO.id
        )));
    }
    let bytes = model_bytes(observation, &cfg.hidden);
    if bytes > MAX_MODEL_BYTES {
        return Err(TrainError::Config(format!(
            "a model of layers {observation},{} would take {:.1} MB, over the {} MB a \
             shipped model may; give smaller --hidden layers (at most {} in the first)",
            cfg.hidden
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(","),
            bytes as f64 / 1e6,
            MAX_MODEL_BYTES / 1_000_000,
            first_layer_within(observation, &cfg.hidden[1..]),
        )));
    }
    let run = RunDir {
        dir: dir.to_path_buf(),
    };
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let _lock = RunLock::take(dir)?;
    resume_or_start(&run, cfg)?;
    let mut log = run.logged()?;
    let mut model: Option<Arc<ValueModel>> = match log.last() {
        Some(g) => Some(Arc::new(ValueModel::read(&run.dir.join(&g.model))?)),
        None => None,
    };
    let mut data: Vec<Positions> = Vec::new();
    for g in log.len().saturating_sub(cfg.window - 1).max(1)..=log.len() {
        data.push(Positions::read(&run.positions(g))?);
    }
    for generation in log.len() + 1..=cfg.generations {
        let start = Instant::now();
        let played = self_play(generation, model.clone())?;
        if played.games != cfg.games || (!played.is_empty() && played.width != observation) {
            return Err(TrainError::Config(format!(
                "self-play of generation {generation} came back with {} games of width {}, \
                 not {} of width {observation}",
                played.games, played.width, cfg.games
            )));
        }
        played.write(&run.positions(generation))?;
        data.push(played);
        if data.len() > cfg.window {
            data.remove(0);
        }
        let header = orrery_agents::model::ModelHeader {
            format: orrery_agents::model::format_for(cfg.residual),
            ruleset: G::INFO.id.to_string(),
            scenario: cfg.scenario.clone(),
            observation,
            action_space: probe.action_space(),
            layers: std::iter::once(observation)
                .chain(cfg.hidden.iter().copied())
                .chain([1])
                .collect(),
            value_weight: Some(cfg.value_weight),
            residual: cfg.residual,
            provenance: provenance_of(cfg, generation, &data, provenance),
        };
        let (new, stats) = fit::fit(
            model.as_deref(),
            &data,
            cfg,
            generation,
            header,
            &|epoch, loss| {
                progress(Progress::Epoch {
                    generation,
                    epoch,
                    loss,
                })
            },
        )?;
        let new = Arc::new(new);
        let score = (cfg.duel_games > 0).then(|| {
            play::duel::<G>(
                scenario,
                cfg,
                new.clone(),
                model.clone(),
                generation,
                threads,
                &|done| {
                    progress(Progress::Duel {
                        generation,
                        done,
                        total: cfg.duel_games,
                    })
                },
            )
        });
        let file = run.model(generation);
        std::fs::write(&file, new.to_bytes()).map_err(|e| io(&file, e))?;
        std::fs::write(run.latest(), new.to_bytes()).map_err(|e| io(&run.latest(), e))?;
        let last = data.last().map_or((0, 0, 0, 0), |p| {
            (p.games, p.len(), p.decided, p.games - p.decided)
        });
        let row = Generation {
            generation,
            games: last.0,
            positions: last.1,
            decided: last.2,
            drawn: last.3,
            trained_on: stats.trained_on,
            held_out: stats.held_out,
            loss_before: stats.loss_before,
            loss: stats.loss,
            score_vs_previous: score,
            duel_games: if score.is_some() { cfg.duel_games } else { 0 },
            seconds: start.elapsed().as_secs_f64(),
            model: RunDir::model_name(generation),
        };
        append_log(&run, &row)?;
        progress(Progress::Done(row.clone()));
        log.push(row);
        model = Some(new);
    }
    Ok(log)
}

fn provenance_of(
    cfg: &TrainConfig,
    generation: usize,
    data: &[Positions],
    extra: &Provenance,
) -> serde_json::Value {
    let mut m = extra.clone();
    m.insert("generation".into(), generation.into());
    m.insert(
        "positions".into(),
        data.iter().map(Positions::len).sum::<usize>().into(),
    );
    m.insert(
        "settings".into(),
        serde_json::to_value(cfg).unwrap_or_default(),
    );
    serde_json::Value::Object(m)
}

/// The run directory's `lock` file, locked (an advisory lock of the operating
/// system, `File::try_lock`) while this process trains there: two runs writing one
/// directory would tear each other's files. The system releases the lock when the
/// process ends, however it ends, so a killed run leaves nothing to clear; the file
/// holds the last holder's process id for the message.
struct RunLock(#[allow(dead_code)] std::fs::File);

impl RunLock {
    fn take(dir: &Path) -> Result<RunLock, TrainError> {
        let path = dir.join("lock");
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| io(&path, e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let pid = std::fs::read_to_string(&path).unwrap_or_default();
                return Err(TrainError::Busy {
                    dir: dir.display().to_string(),
                    pid: pid.trim().to_string(),
                });
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io(&path, e)),
        }
        file.set_len(0).map_err(|e| io(&path, e))?;
        file.write_all(std::process::id().to_string().as_bytes())
            .map_err(|e| io(&path, e))?;
        Ok(RunLock(file))
    }
}

/// Start a run in an empty directory, or check that the one there was made with the
/// same settings.
fn resume_or_start(run: &RunDir, cfg: &TrainConfig) -> Result<(), TrainError> {
    let path = run.config();
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            let theirs: TrainConfig = serde_json::from_str(&text).map_err(|e| io(&path, e))?;
            let (a, b) = (theirs.identity(), cfg.identity());
            if a != b {
                let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else {
                    return Err(io(&path, "unreadable settings"));
                };
                // Both sides are read into the same settings (a field an older run
                // did not write takes its default), so they have the same keys.
                let shown = |v: Option<&serde_json::Value>| v.map_or("-".into(), |x| x.to_string());
                let (field, t, o) = a
                    .keys()
                    .chain(b.keys())
                    .find(|k| a.get(*k) != b.get(*k))
                    .map(|k| (k.clone(), shown(a.get(k)), shown(b.get(k))))
                    .unwrap_or_default();
                return Err(TrainError::OtherRun {
                    dir: run.dir.display().to_string(),
                    field,
                    theirs: t,
                    ours: o,
                });
            }
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let text = serde_json::to_string_pretty(cfg).unwrap_or_default();
            std::fs::write(&path, text).map_err(|e| io(&path, e))?;
            let csv = run.log_csv();
            std::fs::write(
                &csv,
                "generation,games,positions,decided,drawn,trained_on,held_out,loss_before,loss,score_vs_previous,duel_games,seconds,model\n",
            )
            .map_err(|e| io(&csv, e))
        }
        Err(e) => Err(io(&path, e)),
    }
}

fn append_log(run: &RunDir, g: &Generation) -> Result<(), TrainError> {
    let append = |path: &Path, line: String| -> Result<(), TrainError> {
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| io(path, e))?;
        f.write_all(line.as_bytes()).map_err(|e| io(path, e))
    };
    append(
        &run.log_csv(),
        format!(
            "{},{},{},{},{},{},{},{:.6},{:.6},{},{},{:.1},{}\n",
            g.generation,
            g.games,
            g.positions,
            g.decided,
            g.drawn,
            g.trained_on,
            g.held_out,
            g.loss_before,
            g.loss,
            g.score_vs_previous
                .map_or(String::new(), |s| format!("{s:.4}")),
            g.duel_games,
            g.seconds,
            g.model
        ),
    )?;
    let line = serde_json::to_string(g).map_err(|e| io(&run.log_json(), e))?;
    append(&run.log_json(), line + "\n")
}
