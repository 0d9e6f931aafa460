//! `orrery calibrate`: fair unit values. Random mixed fleets of equal published points
//! fight; a logistic (Bradley–Terry) model of the result against the difference in
//! unit counts gives each unit type a fitted value in points with a 95 % interval,
//! next to its published points (the fitting is in `orrery-lab`; method:
//! docs/lab.md).

use crate::rulesets::{self, WithGame};
use crate::sim::{agent_list, jobs, progress, scenario};
use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use orrery_core::{Game, RosterEntry, SetupError};
use orrery_lab::calibrate::{fit_values, play_matchups, CalibrateConfig, CalibrateReport};
use serde_json::{json, Value};
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
    #[arg(default_value = crate::DEFAULT_RULESET)]
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
    pub budget: crate::BudgetArgs,
    /// Fit without the seat term (assume no first-seat advantage).
    #[arg(long)]
    pub no_seat_term: bool,
    /// Print the report as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The most unit types a roster may have: the fit has one parameter per type, and
/// no built-in roster comes near (docs/lab.md).
const MAX_ROSTER: usize = 1000;

/// Puts the two fleets into the base scenario.
type Build<'a, S> = &'a (dyn Fn(&S, &[Vec<String>]) -> Result<S, SetupError> + Sync);

/// The fit and what it was fitted on.
struct Calibration {
    scenario: String,
    roster: Vec<RosterEntry>,
    points: f64,
    report: CalibrateReport,
}

fn read(path: &str) -> Result<String> {
    std::fs::read_to_string(Path::new(path))
        .with_context(|| format!("cannot read roster file {path}"))
}

/// Play and fit, for any ruleset.
fn calibrate<G: Game>(
    a: &CalibrateArgs,
    name: String,
    base: &G::Scenario,
    roster: Vec<RosterEntry>,
    build: Build<'_, G::Scenario>,
    limit: Option<f64>,
) -> Result<Calibration> {
    let agents = agent_list(&a.agents)?;
    // Errors about a roster file's units name the file.
    let from = |what: String| -> anyhow::Error {
        if a.roster == "default" {
            anyhow!("{what}")
        } else {
            anyhow!("roster file {}: {what}", a.roster)
        }
    };
    if roster.len() > MAX_ROSTER {
        return Err(from(format!(
            "{} unit types; calibrate fits at most {MAX_ROSTER}",
            roster.len()
        )));
    }
    if !roster.is_empty() && roster.iter().all(|e| e.points <= 0.0) {
        return Err(from(
            "every unit type costs 0 points; calibration needs positive costs".into(),
        ));
    }
    if let Some(e) = roster
        .iter()
        .find(|e| !(e.points.is_finite() && e.points > 0.0))
    {
        return Err(from(format!(
            "unit type `{}` costs {} points; calibration needs positive costs",
            e.name, e.points
        )));
    }
    if roster.is_empty() {
        bail!(
            "{} offers no roster to build fleets from (scenario `{name}`)",
            a.ruleset
        );
    }
    let dearest = roster.iter().map(|e| e.points).fold(0.0, f64::max);
    let points = match a.points {
        Some(p) if !(p.is_finite() && p > 0.0) => bail!("--points must be a positive number"),
        Some(p) => p,
        None => limit.unwrap_or(0.0).max(2.0 * dearest),
    };
    let cfg = CalibrateConfig {
        n: a.n,
        seed: a.seed,
        points,
        agents,
        budget: a.budget.budget(),
        seat_term: !a.no_seat_term,
        jobs: jobs(a.jobs)?,
    };
    let bar = progress(a.n, "matchups");
    let tick = || bar.inc(1);
    let matchups = play_matchups::<G, _>(base, &roster, build, &cfg, &tick)
        .map_err(|e| from(e.to_string()))?;
    bar.finish_and_clear();
    let report =
        fit_values(&roster, &matchups, points, cfg.seat_term).map_err(|e| from(e.to_string()))?;
    Ok(Calibration {
        scenario: name,
        roster,
        points,
        report,
    })
}

/// Calibrate on the chosen ruleset: its scenario with the points limit lifted
/// ([`Game::take_points_limit`]), and its built-in roster ([`Game::roster`],
/// [`Game::with_forces`]) or a roster file it reads ([`Game::read_roster`]).
struct Run<'a>(&'a CalibrateArgs);

impl WithGame for Run<'_> {
    type Out = Result<Calibration>;
    fn with<G: Game>(self) -> Result<Calibration> {
        let a = self.0;
        let (name, mut base) = scenario::<G>(&a.ruleset, a.scenario.as_deref())?;
        let limit = G::take_points_limit(&mut base);
        if a.roster == "default" {
            let roster = G::roster(&base);
            return calibrate::<G>(a, name, &base, roster, &G::with_forces, limit);
        }
        let text = read(&a.roster)?;
        let Some(file) = G::read_roster(&base, &name, &text, &a.roster) else {
            bail!(
                "roster files are not read for {}; use --roster default",
                a.ruleset
            );
        };
        let file = file.map_err(|e| anyhow!("{}", e.problems.join("\n")))?;
        calibrate::<G>(a, name, &file.base, file.roster, &*file.build, limit)
    }
}

pub fn run(a: &CalibrateArgs) -> Result<()> {
    if a.n == 0 {
        bail!("-n must be at least 1");
    }
    jobs(a.jobs)?;
    agent_list(&a.agents)?;
    let c =
        rulesets::dispatch(&a.ruleset, Run(a)).ok_or_else(|| rulesets::unknown(&a.ruleset))??;
    if a.json {
        let mut v = json!({
            "ruleset": a.ruleset,
            "scenario": c.scenario,
            "roster": a.roster,
            "seed": a.seed,
            "agents": agent_list(&a.agents)?,
            "budget": { "millis": a.budget.budget_ms, "iterations": a.budget.iterations },
        });
        if let (Value::Object(m), Value::Object(r)) = (&mut v, serde_json::to_value(&c.report)?) {
            m.extend(r);
        }
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
            let _ = writeln!(
                o,
                "Scale: {l:.4} log-odds per point (the average fleet's fair value = its published value)"
            );
        }
        None => {
            let _ = writeln!(o, "Scale: none (values cannot be put in points)");
        }
    }
    let _ = writeln!(
        o,
        "\n  {:<22} {:>9} {:>6} {:>17} {:>9}  {:<19} {:<24} blocks (fair per block of {})",
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
        let verdict = match u.stable {
            Some(true) => format!("{} (stable)", u.verdict),
            Some(false) => format!("{} (unstable)", u.verdict),
            None => u.verdict.clone(),
        };
        let blocks = u
            .block_fair
            .iter()
            .map(|v| v.map_or("-".to_string(), |v| format!("{v:.0}")))
            .collect::<Vec<_>>()
            .join(" ");
        let _ = writeln!(
            o,
            "  {:<22} {:>9} {:>6.2} {:>17} {:>9}  {:<19} {:<24} {}",
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
