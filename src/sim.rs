//! `orrery sim`: many battles in parallel, reported as win rates with 95 % Wilson
//! intervals, scores, turns, unit survival and balance measures (the statistics are
//! computed by `orrery-lab`; this module reads the arguments, shows progress and
//! writes text, JSON, CSV and SVG).

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use orrery_core::signed_for_reading;
use orrery_core::FullGame;
use orrery_studies::sim::{SimJob, SimResult};
use orrery_studies::ScenarioArg;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// Arguments of `orrery sim`.
#[derive(Args, Debug)]
#[command(
    after_help = "Battle i (from 0) is set up with seed SEED+i and its agents are \
    seeded from it exactly as `orrery battle --seed SEED+i` seeds them, so any battle can \
    be replayed there, and the results never depend on --jobs.\n\nExamples:\n  \
    orrery sim stratoyager --scenario dogfight --agents greedy,random -n 1000\n  \
    orrery sim launch-fighters --agents greedy -n 200 --json\n  \
    orrery sim --agents random,greedy -n 500 --csv battles.csv --plot sim.svg"
)]
pub struct SimArgs {
    /// Ruleset id (see `orrery rulesets`).
    #[arg(default_value = crate::args::DEFAULT_RULESET)]
    pub ruleset: String,
    /// Built-in scenario name, or a path to a scenario file (TOML or JSON); default:
    /// the ruleset's first scenario.
    #[arg(long, short = 's')]
    pub scenario: Option<String>,
    /// Agents, comma-separated, one per seat in seat order, cycled over the seats
    /// (random, greedy, heuristic, mcts, novice, default, or a level: easy, normal, hard; an
    /// unknown name lists them all).
    #[arg(long, short = 'a', value_delimiter = ',', default_value = "random")]
    pub agents: Vec<String>,
    /// Number of battles.
    #[arg(short = 'n', long = "battles", default_value_t = 100)]
    pub n: usize,
    /// Seed of battle 0; battle i uses SEED+i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per available core). Never changes the results.
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub budget: crate::args::BudgetArgs,
    /// Rotate the agents over the seats from battle to battle (in a two-seat game,
    /// every other battle swaps them), so each agent plays each seat equally often.
    /// Default: on for two-seat scenarios, off otherwise.
    #[arg(long, overrides_with = "no_swap")]
    pub swap: bool,
    /// Keep every agent in its listed seat in every battle.
    #[arg(long, overrides_with = "swap")]
    pub no_swap: bool,
    /// Print the whole report as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write one CSV row per battle (seed, agents, winners, scores, turns) to FILE.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Also draw win rates with their 95 % intervals (per agent and per seat) and the
    /// histogram of battle lengths to an SVG file.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

/// The worker threads to use: `jobs`, or one per available core.
pub(crate) fn jobs(jobs: Option<usize>) -> Result<usize> {
    match jobs {
        Some(0) => bail!("--jobs must be at least 1"),
        Some(j) => Ok(j),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// The scenario named by `--scenario` (built-in name or file), typed.
pub(crate) fn scenario<G: FullGame>(
    ruleset: &str,
    arg: Option<&str>,
) -> Result<(String, G::Scenario)> {
    Ok(orrery_studies::scenario::<G>(
        ruleset,
        &scenario_arg(ruleset, arg)?,
    )?)
}

/// `--scenario` as the studies take it: a file is read here.
pub(crate) fn scenario_arg(ruleset: &str, arg: Option<&str>) -> Result<ScenarioArg> {
    let game_args = crate::args::GameArgs {
        ruleset: ruleset.to_string(),
        scenario: arg.map(str::to_string),
        seed: Some(1),
    };
    Ok(ScenarioArg {
        given: arg.map(str::to_string),
        spec: game_args.scenario_spec()?,
    })
}

/// A progress bar on stderr when it is a terminal, else a hidden one.
pub(crate) fn progress(n: usize, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(n as u64);
    let style = ProgressStyle::with_template(&format!(
        "{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {what} ({{per_sec}}, eta {{eta}})"
    ))
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("=> ");
    bar.set_style(style);
    bar
}

/// The agent names, trimmed and checked to be non-empty.
pub(crate) fn agent_list(agents: &[String]) -> Result<Vec<String>> {
    Ok(orrery_studies::agent_list(agents)?)
}

/// The study `a` asks for.
fn job(a: &SimArgs) -> Result<SimJob> {
    Ok(SimJob {
        ruleset: a.ruleset.clone(),
        scenario: scenario_arg(&a.ruleset, a.scenario.as_deref())?,
        agents: a.agents.clone(),
        n: a.n,
        seed: a.seed,
        budget: a.budget.budget(),
        swap: if a.no_swap {
            Some(false)
        } else if a.swap {
            Some(true)
        } else {
            None
        },
    })
}

pub fn run(a: &SimArgs) -> Result<()> {
    if a.n == 0 {
        bail!("-n must be at least 1");
    }
    let jobs = jobs(a.jobs)?;
    let job = job(a)?;
    orrery_studies::sim::plan(&job)?;
    let bar = progress(a.n, "battles");
    let tick = || bar.inc(1);
    let batch = orrery_studies::sim::run(&job, jobs, &tick)?;
    bar.finish_and_clear();
    if let Some(path) = &a.csv {
        std::fs::write(path, csv(&batch))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = &a.plot {
        plot(path, &a.ruleset, &batch)
            .with_context(|| format!("cannot draw {}", path.display()))?;
    }
    if a.json {
        let v = orrery_studies::sim::to_json(&job, &batch)?;
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        print!("{}", text(a, &batch));
    }
    Ok(())
}

/// One CSV field: quoted when it needs to be.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn csv(b: &SimResult) -> String {
    let mut out = String::from("battle,seed");
    for s in 0..b.plan.seats {
        let _ = write!(out, ",agent_p{s}");
    }
    out.push_str(",winners,draw");
    for s in 0..b.plan.seats {
        let _ = write!(out, ",score_p{s}");
    }
    out.push_str(",turns,decisions,reason\n");
    for r in &b.records {
        let _ = write!(out, "{},{}", r.index, r.seed);
        for s in 0..b.plan.seats {
            let _ = write!(
                out,
                ",{}",
                field(r.agents.get(s).map_or("", String::as_str))
            );
        }
        let winners: Vec<String> = r.winners.iter().map(u8::to_string).collect();
        let _ = write!(out, ",{},{}", winners.join(";"), r.is_draw());
        for s in 0..b.plan.seats {
            let _ = write!(out, ",{}", r.scores.get(s).copied().unwrap_or(0.0));
        }
        // The reason is free text: quoted, with quotes doubled (RFC 4180).
        let reason = r.reason.replace('"', "\"\"");
        let _ = writeln!(out, ",{},{},\"{reason}\"", r.turns, r.decisions);
    }
    out
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn interval(ci: [f64; 2]) -> String {
    format!("[{}, {}]", pct(ci[0]), pct(ci[1]))
}

fn text(a: &SimArgs, b: &SimResult) -> String {
    let r = &b.report;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{} / {}: {} battles, seeds {}..={}, agents {}{}",
        a.ruleset,
        b.plan.scenario,
        r.battles,
        a.seed,
        a.seed.wrapping_add(r.battles as u64 - 1),
        a.agents.join(","),
        if b.plan.swap {
            " (rotated over the seats)"
        } else {
            ""
        }
    );
    let _ = writeln!(
        o,
        "\nPer agent            games   wins  draws losses  win rate [95% CI]          mean VP"
    );
    for ag in &r.per_agent {
        let s = &ag.standing;
        let _ = writeln!(
            o,
            "  {:<18} {:>5} {:>6} {:>6} {:>6}  {:>6} {:<20} {:>8.1}",
            ag.agent,
            s.games,
            s.wins,
            s.draws,
            s.losses,
            pct(s.win_rate.rate),
            interval(s.win_rate.ci95),
            s.score.mean
        );
    }
    let _ = writeln!(
        o,
        "\nPer seat             games   wins  draws losses  win rate [95% CI]          mean VP"
    );
    for st in &r.per_seat {
        let s = &st.standing;
        let _ = writeln!(
            o,
            "  P{:<17} {:>5} {:>6} {:>6} {:>6}  {:>6} {:<20} {:>8.1}",
            st.seat,
            s.games,
            s.wins,
            s.draws,
            s.losses,
            pct(s.win_rate.rate),
            interval(s.win_rate.ci95),
            s.score.mean
        );
    }
    let bal = &r.balance;
    let _ = writeln!(o, "\nBalance");
    let _ = writeln!(
        o,
        "  seat advantage  {}% [{}%, {}%] (P0's share of the decisive battles' wins minus 1/{})",
        signed_for_reading(100.0 * bal.seat_advantage.value, 1),
        signed_for_reading(100.0 * bal.seat_advantage.ci95[0], 1),
        signed_for_reading(100.0 * bal.seat_advantage.ci95[1], 1),
        r.seats
    );
    let _ = writeln!(
        o,
        "  decisiveness    {} not drawn {}; score margin mean {:.1}, median {:.1}",
        pct(bal.decisiveness.rate),
        interval(bal.decisiveness.ci95),
        bal.score_margin.mean,
        bal.score_margin.median
    );
    let d = &r.duration;
    let _ = write!(
        o,
        "  duration        turns mean {:.2}, median {}, {}..={}; decisions mean {:.0}",
        d.turns.mean, d.turns.median, d.turns.min, d.turns.max, d.decisions.mean
    );
    match (&d.turn_limit, &d.reached_turn_limit) {
        (Some(l), Some(p)) => {
            let _ = writeln!(o, "; reached the turn limit ({l}): {}", pct(p.rate));
        }
        _ => o.push('\n'),
    }
    let _ = writeln!(o, "\nHow the battles ended");
    for e in &d.endings {
        let _ = writeln!(o, "  {:>6} {:>6}  {}", e.battles, pct(e.share), e.reason);
    }
    let _ = writeln!(o, "\nTurns");
    let top = d
        .histogram
        .iter()
        .map(|t| t.battles)
        .max()
        .unwrap_or(0)
        .max(1);
    for t in &d.histogram {
        let bar = "#".repeat((t.battles * 40).div_ceil(top));
        let _ = writeln!(o, "  {:>4} {:>6}  {bar}", t.turn, t.battles);
    }
    if r.units.is_empty() {
        let _ = writeln!(o, "\nUnit survival: not reported by this ruleset");
    } else {
        let _ = writeln!(
            o,
            "\nUnit survival        seat  points  fielded  survived  rate [95% CI]"
        );
        for u in &r.units {
            let _ = writeln!(
                o,
                "  {:<20} {:>3} {:>7} {:>8} {:>9}  {:>6} {}",
                u.kind,
                u.seat.map_or("all".to_string(), |s| format!("P{s}")),
                u.points,
                u.fielded,
                u.survived,
                pct(u.survival.rate),
                interval(u.survival.ci95)
            );
        }
    }
    o
}

/// Win rates with their intervals, and the histogram of battle lengths.
fn plot(path: &Path, ruleset: &str, b: &SimResult) -> Result<()> {
    use plotters::prelude::*;
    let r = &b.report;
    let root = SVGBackend::new(path, (900, 720)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| anyhow!("{e}"))?;
    let (top, bottom) = root.split_vertically(380);
    // Win rates: agents first, then seats.
    let mut bars: Vec<(String, f64, [f64; 2])> = r
        .per_agent
        .iter()
        .map(|a| {
            (
                a.agent.clone(),
                a.standing.win_rate.rate,
                a.standing.win_rate.ci95,
            )
        })
        .collect();
    bars.extend(r.per_seat.iter().map(|s| {
        (
            format!("seat P{}", s.seat),
            s.standing.win_rate.rate,
            s.standing.win_rate.ci95,
        )
    }));
    let m = bars.len() as i32;
    let names: Vec<String> = bars.iter().map(|b| b.0.clone()).collect();
    let mut chart = ChartBuilder::on(&top)
        .caption(
            format!(
                "{} / {}: win rate, 95% Wilson interval ({} battles)",
                ruleset, b.plan.scenario, r.battles
            ),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(50)
        // Integer ranges are inclusive in plotters: m bars take 0..m − 1.
        .build_cartesian_2d((0..(m - 1).max(0)).into_segmented(), 0f64..1f64)
        .map_err(|e| anyhow!("{e}"))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc("win rate")
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
                names.get(*i as usize).cloned().unwrap_or_default()
            }
            SegmentValue::Last => String::new(),
        })
        .draw()
        .map_err(|e| anyhow!("{e}"))?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, (_, rate, _))| {
            let i = i as i32;
            let colour = if (i as usize) < r.per_agent.len() {
                BLUE.mix(0.5)
            } else {
                GREEN.mix(0.5)
            };
            let mut rect = Rectangle::new(
                [
                    (SegmentValue::Exact(i), 0.0),
                    (SegmentValue::Exact(i + 1), *rate),
                ],
                colour.filled(),
            );
            rect.set_margin(0, 0, 20, 20);
            rect
        }))
        .map_err(|e| anyhow!("{e}"))?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, (_, _, ci))| {
            let c = SegmentValue::CenterOf(i as i32);
            PathElement::new(vec![(c.clone(), ci[0]), (c, ci[1])], BLACK.stroke_width(2))
        }))
        .map_err(|e| anyhow!("{e}"))?;
    let fair = 1.0 / b.plan.seats.max(1) as f64;
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(SegmentValue::Exact(0), fair), (SegmentValue::Last, fair)],
            RED.mix(0.6).stroke_width(1),
        )))
        .map_err(|e| anyhow!("{e}"))?;
    // Turn histogram.
    let hist = &r.duration.histogram;
    let (lo, hi) = match (hist.first(), hist.last()) {
        (Some(a), Some(z)) => (a.turn, z.turn),
        _ => (0, 0),
    };
    // Counts are whole battles: an integer axis with headroom.
    let most = hist.iter().map(|t| t.battles).max().unwrap_or(1).max(1);
    let top = most + most.div_ceil(10);
    let mut chart = ChartBuilder::on(&bottom)
        .caption("battle length (turns)", ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(50)
        .build_cartesian_2d((lo..hi).into_segmented(), 0..top)
        .map_err(|e| anyhow!("{e}"))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("turn")
        .y_desc("battles")
        .draw()
        .map_err(|e| anyhow!("{e}"))?;
    chart
        .draw_series(hist.iter().map(|t| {
            let mut rect = Rectangle::new(
                [
                    (SegmentValue::Exact(t.turn), 0),
                    (SegmentValue::Exact(t.turn + 1), t.battles),
                ],
                BLUE.mix(0.5).filled(),
            );
            rect.set_margin(0, 0, 2, 2);
            rect
        }))
        .map_err(|e| anyhow!("{e}"))?;
    root.present().map_err(|e| anyhow!("{e}"))?;
    Ok(())
}
