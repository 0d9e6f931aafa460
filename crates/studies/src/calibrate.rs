//! `calibrate`: fair unit values fitted on random mixed fleets of equal published
//! points ([`orrery_lab::calibrate`]). Matchup `i` draws both fleets and sets up from
//! seed `seed + i`, so parts played anywhere merge into the report the whole gives.

use crate::{agent_list, budget_json, merged, scenario, ScenarioArg, StudyError};
use orrery_agents::Budget;
use orrery_core::FullGame;
use orrery_core::{RosterEntry, SetupError};
use orrery_lab::calibrate::{
    fit_values, play_matchups_range, CalibrateConfig, CalibrateReport, Matchup,
};
use orrery_rulesets::{dispatch, WithGame};
use serde_json::{json, Value};
use std::ops::Range;

/// The most unit types a roster may have: the fit has one parameter per type, and
/// no built-in roster comes near (docs/lab.md).
const MAX_ROSTER: usize = 1000;

/// Where the unit types come from.
#[derive(Clone, Debug, PartialEq)]
pub enum Roster {
    /// The ruleset's built-in roster ([`Files::roster`](orrery_core::Files::roster)).
    Default,
    /// A roster file's text ([`Files::read_roster`](orrery_core::Files::read_roster)) and its name for messages.
    File { name: String, text: String },
}

/// What `orrery calibrate` is asked.
#[derive(Clone, Debug)]
pub struct CalibrateJob {
    pub ruleset: String,
    pub scenario: ScenarioArg,
    pub roster: Roster,
    pub n: usize,
    /// Published points of each fleet; `None` = the larger of the scenario's points
    /// limit and twice the dearest unit.
    pub points: Option<f64>,
    pub agents: Vec<String>,
    pub seed: u64,
    pub budget: Budget,
    pub seat_term: bool,
}

impl CalibrateJob {
    /// The roster as the report names it: `default` or the file.
    pub fn roster_name(&self) -> &str {
        match &self.roster {
            Roster::Default => "default",
            Roster::File { name, .. } => name,
        }
    }
}

/// A finished calibration: what it was fitted on, and the fit.
#[derive(Clone, Debug)]
pub struct Calibration {
    pub scenario: String,
    pub roster: Vec<RosterEntry>,
    pub points: f64,
    pub report: CalibrateReport,
}

/// Puts the two fleets into the base scenario.
type Build<'a, S> = &'a (dyn Fn(&S, &[Vec<String>]) -> Result<S, SetupError> + Sync);

/// What to do once the job's scenario, roster and points are known.
trait Step {
    type Out;
    fn go<G: FullGame>(
        self,
        job: &CalibrateJob,
        base: &G::Scenario,
        cfg: &Resolved,
        build: Build<'_, G::Scenario>,
    ) -> Result<Self::Out, StudyError>;
}

/// The checked job: its scenario's name, the roster, the points and the config.
struct Resolved {
    scenario: String,
    roster: Vec<RosterEntry>,
    cfg: CalibrateConfig,
}

fn resolve<G: FullGame, S: Step>(job: &CalibrateJob, step: S) -> Result<S::Out, StudyError> {
    if job.n == 0 {
        return Err(StudyError::Input("-n must be at least 1".into()));
    }
    let agents = agent_list(&job.agents)?;
    let (name, mut base) = scenario::<G>(&job.ruleset, &job.scenario)?;
    let limit = G::take_points_limit(&mut base);
    let go = |base: &G::Scenario, roster: Vec<RosterEntry>, build: Build<'_, G::Scenario>| {
        let roster = check(job, &name, roster)?;
        let dearest = roster.iter().map(|e| e.points).fold(0.0, f64::max);
        let points = match job.points {
            Some(p) if !(p.is_finite() && p > 0.0) => {
                return Err(StudyError::Input(
                    "--points must be a positive number".into(),
                ))
            }
            Some(p) => p,
            None => limit.unwrap_or(0.0).max(2.0 * dearest),
        };
        let resolved = Resolved {
            scenario: name.clone(),
            roster,
            cfg: CalibrateConfig {
                n: job.n,
                seed: job.seed,
                points,
                agents: agents.clone(),
                budget: job.budget.clone(),
                seat_term: job.seat_term,
                jobs: 1,
            },
        };
        step.go::<G>(job, base, &resolved, build)
    };
    match &job.roster {
        Roster::Default => {
            let roster = G::roster(&base);
            go(&base, roster, &G::with_forces)
        }
        Roster::File { name: file, text } => {
            let Some(read) = G::read_roster(&base, &name, text, file) else {
                return Err(StudyError::Input(format!(
                    "roster files are not read for {}; use --roster default",
                    job.ruleset
                )));
            };
            let read = read.map_err(|e| StudyError::Input(e.problems.join("\n")))?;
            go(&read.base, read.roster, &*read.build)
        }
    }
}

/// The roster's problems, naming the file.
fn check(
    job: &CalibrateJob,
    scenario: &str,
    roster: Vec<RosterEntry>,
) -> Result<Vec<RosterEntry>, StudyError> {
    let from = |what: String| roster_error(job, what);
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
        return Err(StudyError::Input(format!(
            "{} offers no roster to build fleets from (scenario `{scenario}`)",
            job.ruleset
        )));
    }
    Ok(roster)
}

struct Dispatch<'a, S: Step> {
    job: &'a CalibrateJob,
    step: S,
}

impl<S: Step> WithGame for Dispatch<'_, S> {
    type Out = Result<S::Out, StudyError>;
    fn with<G: FullGame>(self) -> Self::Out {
        resolve::<G, S>(self.job, self.step)
    }
}

fn on<S: Step>(job: &CalibrateJob, step: S) -> Result<S::Out, StudyError> {
    dispatch(&job.ruleset, Dispatch { job, step })
        .ok_or_else(|| crate::unknown_ruleset(&job.ruleset))?
}

struct PlayPart<'a> {
    range: Range<usize>,
    jobs: usize,
    tick: &'a (dyn Fn() + Sync),
}

impl Step for PlayPart<'_> {
    type Out = Vec<Matchup>;
    fn go<G: FullGame>(
        self,
        job: &CalibrateJob,
        base: &G::Scenario,
        r: &Resolved,
        build: Build<'_, G::Scenario>,
    ) -> Result<Vec<Matchup>, StudyError> {
        if self.range.end > job.n || self.range.start > self.range.end {
            return Err(StudyError::Input(format!(
                "matchups {}..{} are not among the job's {}",
                self.range.start, self.range.end, job.n
            )));
        }
        let cfg = CalibrateConfig {
            jobs: self.jobs,
            ..r.cfg.clone()
        };
        play_matchups_range::<G, _>(base, &r.roster, build, &cfg, self.range, self.tick)
            .map_err(|e| roster_error(job, e.to_string()))
    }
}

/// A lab error about the roster's units, naming the file.
fn roster_error(job: &CalibrateJob, what: String) -> StudyError {
    match &job.roster {
        Roster::Default => StudyError::Input(what),
        Roster::File { name, .. } => StudyError::Input(format!("roster file {name}: {what}")),
    }
}

/// Play matchups `range` of the job on `jobs` threads.
pub fn play(
    job: &CalibrateJob,
    range: Range<usize>,
    jobs: usize,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<Matchup>, StudyError> {
    on(job, PlayPart { range, jobs, tick })
}

struct Fit(Vec<Matchup>);

impl Step for Fit {
    type Out = Calibration;
    fn go<G: FullGame>(
        self,
        job: &CalibrateJob,
        _base: &G::Scenario,
        r: &Resolved,
        _build: Build<'_, G::Scenario>,
    ) -> Result<Calibration, StudyError> {
        let mut matchups = self.0;
        matchups.sort_by_key(|m| m.battle.index);
        if matchups.len() != job.n
            || matchups
                .iter()
                .enumerate()
                .any(|(i, m)| m.battle.index != i)
        {
            return Err(StudyError::Part(format!(
                "the parts hold {} matchups, not matchups 0..{} once each",
                matchups.len(),
                job.n
            )));
        }
        let report = fit_values(
            &r.roster,
            &matchups,
            r.cfg.points,
            r.cfg.seat_term,
            &r.cfg.agents,
        )
        .map_err(|e| roster_error(job, e.to_string()))?;
        Ok(Calibration {
            scenario: r.scenario.clone(),
            roster: r.roster.clone(),
            points: r.cfg.points,
            report,
        })
    }
}

/// Fit the values on every matchup of the job (parts merged: in any order, each index
/// exactly once).
pub fn finish(job: &CalibrateJob, matchups: Vec<Matchup>) -> Result<Calibration, StudyError> {
    on(job, Fit(matchups))
}

struct Check;

impl Step for Check {
    type Out = ();
    fn go<G: FullGame>(
        self,
        _job: &CalibrateJob,
        base: &G::Scenario,
        r: &Resolved,
        _build: Build<'_, G::Scenario>,
    ) -> Result<(), StudyError> {
        orrery_lab::calibrate::check_roster(&r.roster, r.cfg.points)?;
        orrery_lab::check_agents::<G>(&r.cfg.agents)?;
        let seats = orrery_lab::seats_of::<G>(base, r.cfg.seed)?;
        if seats != 2 {
            return Err(StudyError::Input(format!(
                "calibration plays two fleets against each other; this scenario has {seats} seats"
            )));
        }
        Ok(())
    }
}

/// Check the job before its parts are sent out.
pub fn plan(job: &CalibrateJob) -> Result<(), StudyError> {
    on(job, Check)
}

/// The whole job on `jobs` threads.
pub fn run(
    job: &CalibrateJob,
    jobs: usize,
    tick: &(dyn Fn() + Sync),
) -> Result<Calibration, StudyError> {
    let matchups = play(job, 0..job.n, jobs, tick)?;
    finish(job, matchups)
}

/// The report as one JSON object: what `orrery calibrate --json` prints.
pub fn to_json(job: &CalibrateJob, c: &Calibration) -> Result<Value, StudyError> {
    let head = json!({
        "ruleset": job.ruleset,
        "scenario": c.scenario,
        "roster": job.roster_name(),
        "seed": job.seed,
        "agents": agent_list(&job.agents)?,
        "budget": budget_json(&job.budget),
    });
    merged(head, &c.report)
}
