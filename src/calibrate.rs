//! `orrery calibrate`: fair unit values. Random mixed fleets of equal published points
//! fight; a logistic (Bradley–Terry) model of the result against the difference in
//! unit counts gives each unit type a fitted value in points with a 95 % interval,
//! next to its published points (the fitting is in `orrery-lab`; method:
//! docs/lab.md).

use crate::sim::{agent_list, jobs, progress, scenario_arg};
use anyhow::{bail, Context, Result};
use clap::Args;
use orrery_studies::calibrate::{CalibrateJob, Calibration, Roster};
use std::fmt::Write as _;
use std::path::Path;

/// Arguments of `orrery calibrate`.
#[derive(Args, Debug)]
#[command(
    after_help = "Matchup i (from 0) draws both fleets and sets up the battle from \
    seed SEED+i; the results never depend on --jobs. The fitted values are relative to \
    the agents and the scenario: see docs/lab.md.\n\nExamples:\n  \
    orrery calibrate stratoyager -n 2000\n  \
    orrery calibrate launch-fighters --points 200 --agents greedy -n 1000 --json\n  \
    orrery calibrate stratoyager --roster my-roster.toml -n 500"
)]
pub struct CalibrateArgs {
    /// Ruleset id (see `orrery rulesets`).
    #[arg(default_value = crate::args::DEFAULT_RULESET)]
    pub ruleset: String,
    /// The unit types and their published points: `default` (the built-in roster:
    /// the Blue Book for Launch Fighters!, data/roster.toml for Stratoyager), or a
    /// file in that format (a `[[designs]]` list / a `[[unit]]` list).
    #[arg(long, default_value = "default", value_name = "FILE|default")]
    pub roster: String,
    /// Number of matchups (battles).
    #[arg(short = 'n', long = "battles", default_value_t = 200)]
    pub n: usize,
    /// Published points of each fleet (fleets are filled at random up to it). Default:
    /// the larger of the scenario's points limit and twice the most expensive unit.
    #[arg(long, value_name = "P")]
    pub points: Option<f64>,
    /// Agents, comma-separated, cycled over the two seats (one agent for both seats
    /// is best: the fit then measures the units, not the agents).
    #[arg(long, short = 'a', value_delimiter = ',', default_value = "greedy")]
    pub agents: Vec<String>,
    /// The scenario whose table, terrain and options the fleets fight on: a built-in
    /// name or a file; default: the ruleset's first scenario. Its forces are replaced
    /// and its points limit lifted.
    #[arg(long, short = 's')]
    pub scenario: Option<String>,
    /// Seed of matchup 0; matchup i uses SEED+i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per available core). Never changes the results.
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub budget: crate::args::BudgetArgs,
    /// Fit without the seat term (assume no first-seat advantage).
    #[arg(long)]
    pub no_seat_term: bool,
    /// Print the report as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

fn read(path: &str) -> Result<String> {
    std::fs::read_to_string(Path::new(path))
        .with_context(|| format!("cannot read roster file {path}"))
}

/// The study `a` asks for.
fn job(a: &CalibrateArgs) -> Result<CalibrateJob> {
    Ok(CalibrateJob {
        ruleset: a.ruleset.clone(),
        scenario: scenario_arg(&a.ruleset, a.scenario.as_deref())?,
        roster: if a.roster == "default" {
            Roster::Default
        } else {
            Roster::File {
                name: a.roster.clone(),
                text: read(&a.roster)?,
            }
        },
        n: a.n,
        points: a.points,
        agents: a.agents.clone(),
        seed: a.seed,
        budget: a.budget.budget(),
        seat_term: !a.no_seat_term,
    })
}

pub fn run(a: &CalibrateArgs) -> Result<()> {
    if a.n == 0 {
        bail!("-n must be at least 1");
    }
    let jobs = jobs(a.jobs)?;
    agent_list(&a.agents)?;
    let job = job(a)?;
    orrery_studies::calibrate::plan(&job)?;
    let bar = progress(a.n, "matchups");
    let tick = || bar.inc(1);
    let c = orrery_studies::calibrate::run(&job, jobs, &tick)?;
    bar.finish_and_clear();
    if a.json {
        let v = orrery_studies::calibrate::to_json(&job, &c)?;
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        print!("{}", text(a, &c));
    }
    Ok(())
}

fn text(a: &CalibrateArgs, c: &Calibration) -> String {
    let r = &c.report;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{} / {}: {} matchups of random fleets of at most {} points ({} units in the roster {}), agents {}",
        a.ruleset,
        c.scenario,
        r.matchups,
        c.points,
        c.roster.len(),
        a.roster,
        a.agents.join(",")
    );
    let _ = writeln!(
        o,
        "Fleets: {:.1} points on average, sides {:.1} points apart on average; seat 0 won {}, seat 1 won {}, {} drawn",
        r.fleet_points.mean, r.points_difference.mean, r.seat0_wins, r.seat1_wins, r.draws
    );
    let _ = writeln!(
        o,
        "Model: {} (Newton/IRLS, {} iterations{})",
        r.model,
        r.iterations,
        if r.converged { "" } else { ", NOT converged" }
    );
    if let Some([s, se]) = r.seat_term {
        let _ = writeln!(o, "Seat term: {s:+.3} ± {se:.3} log-odds for seat 0");
    }
    match r.logit_per_point {
        Some(l) => {
            let se = r
                .logit_per_point_se
                .map_or(String::new(), |se| format!(" ± {se:.4}"));
            let _ = writeln!(
                o,
                "Scale: {l:.4}{se} log-odds per point (the average fleet's fair value = its published value)"
            );
        }
        None => {
            let _ = writeln!(o, "Scale: none (values cannot be put in points)");
        }
    }
    let _ = writeln!(
        o,
        "\n  {:<22} {:>9} {:>6} {:>17} {:>9}  {:<19} {:<28} blocks (fair per block of {})",
        "unit",
        "published",
        "count",
        "log-odds ± se",
        "fair",
        "95% interval",
        "verdict",
        r.matchups / orrery_lab::calibrate::BLOCKS
    );
    for u in &r.units {
        let logit = match (u.logit, u.logit_se) {
            (Some(b), Some(se)) => format!("{b:+.3} ± {se:.3}"),
            _ => "-".into(),
        };
        let fair = u.fair.map_or("-".to_string(), |f| format!("{f:.1}"));
        let ci = u
            .fair_ci95
            .map_or("-".to_string(), |c| format!("[{:.1}, {:.1}]", c[0], c[1]));
        let verdict = match (u.stable, u.settle_matchups) {
            (Some(true), _) => format!("{} (stable)", u.verdict),
            (Some(false), _) => format!("{} (unstable)", u.verdict),
            (None, Some(n)) => format!("{} (~{n} needed)", u.verdict),
            (None, None) => u.verdict.clone(),
        };
        let blocks = u
            .block_fair
            .iter()
            .map(|v| v.map_or("-".to_string(), |v| format!("{v:.0}")))
            .collect::<Vec<_>>()
            .join(" ");
        let _ = writeln!(
            o,
            "  {:<22} {:>9} {:>6.2} {:>17} {:>9}  {:<19} {:<28} {}",
            u.name, u.published, u.mean_count, logit, fair, ci, verdict, blocks
        );
    }
    for n in &r.notes {
        let _ = writeln!(o, "\nnote: {n}");
    }
    let _ = writeln!(
        o,
        "\nValues are what the units are worth to these agents on this scenario; the intervals \
         cover sampling noise only (docs/lab.md)."
    );
    o
}
