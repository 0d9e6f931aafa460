//! `orrery ladder`: matches between named agents rated in Elo, with an SPRT mode, as
//! chess engines are tested (cutechess-cli, fishtest). The schedule, the fit and the
//! test are `orrery_lab::ladder` and `orrery_lab::elo`; this module reads the
//! arguments, shows progress and writes text or JSON.

use crate::rulesets::{self, WithGame};
use crate::sim::{agent_list, jobs, progress, scenario};
use anyhow::{bail, Context, Result};
use clap::Args;
use orrery_core::signed_for_reading;
use orrery_core::FullGame;
use orrery_lab::elo::{Sprt, SprtVerdict};
use orrery_lab::ladder::{games_per_pairing, pairings, LadderConfig, LadderReport, Schedule};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The agents of a ladder when none are named: every level, and the random player
/// below them.
const DEFAULT_AGENTS: &str = "random,easy,normal,hard";

/// Arguments of `orrery ladder`.
#[derive(Args, Debug)]
#[command(
    after_help = "Agents are named as everywhere (random, greedy, heuristic, mcts, \
    novice, default, easy, normal, hard), optionally with a budget: mcts@5000 searches 5000 \
    iterations per decision, mcts@100ms 100 milliseconds.\n\n\
    A pairing plays rounds: one seed per round (round k uses SEED+k), one game per seat \
    with the candidate (the first agent of the pair) in each seat in turn and the other \
    agent in the rest. Every game is played exactly as `orrery battle --seed S --agents \
    A,B` plays it.\n\n\
    A ladder plays whole games: seconds with random and heuristic agents, minutes to \
    hours with searching ones (a game with mcts@2000 takes about 1-15 s on one core). \
    Times below are on 2 cores.\n\n\
    Examples:\n  \
    orrery ladder launch-fighters --agents random,heuristic -n 20    (under a second)\n  \
    orrery ladder black-skies --agents random,heuristic,mcts@2000 -n 200    (minutes)\n  \
    orrery ladder stratoyager -s pilot-episode,dogfight --gauntlet --agents hard,normal,easy    (about 7 minutes)\n  \
    orrery ladder warfleets --agents mcts@5000,mcts@2000 --sprt 0,50 -n 4000    (up to hours)\n  \
    orrery ladder stgv2 -s outpost-4 --agents hard,heuristic -n 200 --json    (a few minutes)"
)]
pub struct LadderArgs {
    /// Ruleset id (see `orrery rulesets`).
    #[arg(default_value = crate::args::DEFAULT_RULESET)]
    pub ruleset: String,
    /// Scenarios, comma-separated or repeated (built-in names or files, all with the
    /// same number of seats); rounds take them in turn. Default: the ruleset's first.
    #[arg(long, short = 's', value_delimiter = ',')]
    pub scenario: Vec<String>,
    /// Agents, comma-separated (at least two, each with an optional @budget).
    #[arg(long, short = 'a', value_delimiter = ',', default_value = DEFAULT_AGENTS)]
    pub agents: Vec<String>,
    /// Play the first agent against each of the others only (default: every pair).
    #[arg(long)]
    pub gauntlet: bool,
    /// Games per pairing, rounded up to whole rounds (a multiple of the seat count);
    /// with --sprt, the most games before the test gives up.
    #[arg(short = 'n', long = "games", default_value_t = 100)]
    pub games: usize,
    /// Seed of round 0; round k uses SEED+k.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per available core). Never changes the results
    /// under iteration budgets; a time budget (…@100ms, --budget-ms) gives each
    /// decision that much wall time whatever the load.
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub budget: crate::args::BudgetArgs,
    /// Sequential test of the first agent against the second: ELO0,ELO1 (H0: the
    /// candidate is ELO0 stronger, H1: ELO1 stronger); stops when one is accepted.
    #[arg(long, value_name = "ELO0,ELO1", value_delimiter = ',', num_args = 1)]
    pub sprt: Option<Vec<f64>>,
    /// The SPRT's false-positive rate.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub alpha: f64,
    /// The SPRT's false-negative rate.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub beta: f64,
    /// The agent rated 0 Elo (default: the first).
    #[arg(long, value_name = "AGENT")]
    pub anchor: Option<String>,
    /// Print the report as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write one CSV row per game (pairing, round, seed, seats, winners, the
    /// candidate's score) to FILE.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
}

struct Ladder<'a>(&'a LadderArgs, LadderConfig);

impl WithGame for Ladder<'_> {
    type Out = Result<LadderReport>;
    fn with<G: FullGame>(self) -> Result<LadderReport> {
        let (a, cfg) = (self.0, self.1);
        let mut scenarios = Vec::new();
        if a.scenario.is_empty() {
            scenarios.push(scenario::<G>(&a.ruleset, None)?);
        }
        for s in &a.scenario {
            scenarios.push(scenario::<G>(&a.ruleset, Some(s.trim()))?);
        }
        let seats = orrery_lab::seats_of::<G>(&scenarios[0].1, cfg.seed)?;
        let total =
            games_per_pairing(cfg.games, seats) * pairings(cfg.agents.len(), cfg.schedule).len();
        let bar = progress(total, "games");
        let report = orrery_lab::ladder::run::<G>(&scenarios, &cfg, &|| bar.inc(1))?;
        bar.finish_and_clear();
        Ok(report)
    }
}

pub fn run(a: &LadderArgs) -> Result<()> {
    let agents = agent_list(&a.agents)?;
    let anchor = match &a.anchor {
        None => 0,
        Some(name) => agents.iter().position(|x| x == name).with_context(|| {
            format!(
                "--anchor `{name}` is not one of the agents ({})",
                agents.join(", ")
            )
        })?,
    };
    let sprt = match a.sprt.as_deref() {
        None => None,
        Some(&[elo0, elo1]) => Some(Sprt {
            elo0,
            elo1,
            alpha: a.alpha,
            beta: a.beta,
        }),
        Some(v) => bail!("--sprt takes two numbers, ELO0,ELO1 (got {})", v.len()),
    };
    if a.games == 0 {
        bail!("-n must be at least 1");
    }
    let cfg = LadderConfig {
        agents,
        schedule: if a.gauntlet {
            Schedule::Gauntlet
        } else {
            Schedule::RoundRobin
        },
        games: a.games,
        seed: a.seed,
        budget: a.budget.budget(),
        jobs: jobs(a.jobs)?,
        sprt,
        anchor,
    };
    let report = rulesets::dispatch(&a.ruleset, Ladder(a, cfg))
        .ok_or_else(|| rulesets::unknown(&a.ruleset))??;
    if let Some(path) = &a.csv {
        std::fs::write(path, csv(&report))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if a.json {
        let mut v = serde_json::to_value(&report)?;
        if let serde_json::Value::Object(m) = &mut v {
            m.insert("ruleset".into(), a.ruleset.clone().into());
            m.insert(
                "budget".into(),
                serde_json::json!({
                    "millis": a.budget.budget_ms,
                    "iterations": a.budget.iterations,
                    "threads": a.budget.threads,
                }),
            );
        }
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        print!("{}", text(&a.ruleset, &report));
    }
    Ok(())
}

/// An Elo difference: `+382`, `-1200`, and `0` for anything that rounds to zero
/// (never `-0`).
fn signed(x: f64) -> String {
    signed_for_reading(x, 0)
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// The report as a person reads it.
pub fn text(ruleset: &str, r: &LadderReport) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Ladder: {ruleset} / {} ({} seats), {}, {}{} games per pairing, seeds from {}",
        r.scenarios.join(", "),
        r.seats,
        match r.schedule {
            Schedule::RoundRobin => "round robin",
            Schedule::Gauntlet => "gauntlet",
        },
        if r.sprt.is_some() { "at most " } else { "" },
        r.games_per_pairing,
        r.seed
    );
    let width = r.agents.iter().map(String::len).max().unwrap_or(5).max(5);
    let _ = writeln!(
        o,
        "\n rank  {:width$}     Elo   95% CI   games   score",
        "agent"
    );
    for (i, x) in r.ratings.iter().enumerate() {
        let ci = if x.agent == r.anchor {
            "anchor".to_string()
        } else {
            format!("± {:.0}", x.ci95)
        };
        let _ = writeln!(
            o,
            " {:>4}  {:width$}  {:>6}  {:>7}  {:>6}  {:>6}",
            i + 1,
            x.agent,
            signed(x.fitted.elo),
            ci,
            x.games,
            pct(x.score)
        );
    }
    let _ = writeln!(
        o,
        "Elo relative to {} (Bradley-Terry fit over all games, one virtual draw per pairing).",
        r.anchor
    );
    let pw = r
        .pairings
        .iter()
        .map(|p| p.candidate.len() + p.opponent.len() + 4)
        .max()
        .unwrap_or(10);
    let _ = writeln!(
        o,
        "\n {:pw$}  {:>11}   score  {:<19}  decisive games won [95% CI]",
        "pairing", "W-D-L", "Elo [95% CI]"
    );
    for p in &r.pairings {
        let decisive = if p.decisive.trials > 0.0 {
            format!(
                "{} [{}, {}] of {}",
                pct(p.decisive.rate),
                pct(p.decisive.ci95[0]),
                pct(p.decisive.ci95[1]),
                p.decisive.trials
            )
        } else {
            "– (none decisive)".to_string()
        };
        let _ = writeln!(
            o,
            " {:pw$}  {:>11}  {:>6}  {:<19}  {decisive}",
            format!("{} vs {}", p.candidate, p.opponent),
            format!("{}-{}-{}", p.tally.wins, p.tally.draws, p.tally.losses),
            pct(p.score),
            format!(
                "{:>5} [{}, {}]",
                signed(p.elo),
                signed(p.elo_ci95[0]),
                signed(p.elo_ci95[1])
            ),
        );
    }
    if r.seats > 2 {
        let _ = writeln!(
            o,
            "\nIn each game the candidate holds one seat and its opponent the other {}: W is \
             the candidate winning alone (fair share {}), L an opponent seat winning; the \
             score is the candidate's mean result against each opponent seat (½ when equal).",
            r.seats - 1,
            pct(1.0 / r.seats as f64)
        );
    }
    if let Some(s) = &r.sprt {
        let verdict = match s.verdict {
            SprtVerdict::Accepted => "H1 accepted",
            SprtVerdict::Rejected => "H0 accepted (H1 rejected)",
            SprtVerdict::Inconclusive => "no verdict",
        };
        let _ = writeln!(
            o,
            "\nSPRT elo0 {} elo1 {} (alpha {}, beta {}): {verdict} after {} games; LLR {:.2} \
             (bounds {:.2}, {:.2})",
            s.test.elo0,
            s.test.elo1,
            s.test.alpha,
            s.test.beta,
            r.games_played,
            s.llr,
            s.bounds[0],
            s.bounds[1]
        );
    }
    o
}

/// One CSV row per game.
fn csv(r: &LadderReport) -> String {
    let mut o = String::from("pairing,scenario,round,seed,candidate_seat");
    for s in 0..r.seats {
        let _ = write!(o, ",agent_p{s}");
    }
    o.push_str(",winners,candidate_score,turns,decisions,reason\n");
    for g in &r.games {
        let _ = write!(
            o,
            "{},{},{},{},{}",
            g.pairing, r.scenarios[g.scenario], g.round, g.seed, g.candidate_seat
        );
        for a in &g.seats {
            let _ = write!(o, ",{a}");
        }
        let winners: Vec<String> = g.winners.iter().map(u8::to_string).collect();
        let _ = writeln!(
            o,
            ",{},{},{},{},\"{}\"",
            winners.join(";"),
            g.score,
            g.turns,
            g.decisions,
            g.reason.replace('"', "\"\"")
        );
    }
    o
}
