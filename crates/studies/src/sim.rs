//! `sim`: battles of one scenario between named agents, reported with win rates and
//! their 95 % intervals ([`orrery_lab::sim::report`]). Battle `i` (from 0) is set up
//! with seed `seed + i` and its agents are seeded from it, so the report never depends
//! on how the battles were spread over threads or machines.

use crate::{agent_list, budget_json, merged, scenario, turn_limit, ScenarioArg, StudyError};
use orrery_agents::Budget;
use orrery_core::FullGame;
use orrery_lab::sim::{report, SimReport};
use orrery_lab::BattleRecord;
use orrery_rulesets::{dispatch, WithGame};
use serde_json::{json, Value};
use std::ops::Range;

/// What `orrery sim` is asked.
#[derive(Clone, Debug)]
pub struct SimJob {
    pub ruleset: String,
    pub scenario: ScenarioArg,
    /// One per seat in seat order, cycled over the seats.
    pub agents: Vec<String>,
    /// Number of battles.
    pub n: usize,
    /// Seed of battle 0.
    pub seed: u64,
    pub budget: Budget,
    /// Rotate the agents over the seats; `None` = on for two-seat scenarios.
    pub swap: Option<bool>,
}

/// What the job plays: the scenario's name, its seats, and whether agents rotate.
#[derive(Clone, Debug, PartialEq)]
pub struct SimPlan {
    pub scenario: String,
    pub seats: usize,
    pub swap: bool,
    /// The scenario's turn limit, when it states one ([`turn_limit`]).
    pub turn_limit: Option<u32>,
}

/// A finished study.
#[derive(Clone, Debug)]
pub struct SimResult {
    pub plan: SimPlan,
    /// Every battle, in index order.
    pub records: Vec<BattleRecord>,
    pub report: SimReport,
}

struct Plan<'a>(&'a SimJob);

impl WithGame for Plan<'_> {
    type Out = Result<SimPlan, StudyError>;
    fn with<G: FullGame>(self) -> Self::Out {
        typed::<G>(self.0).map(|(plan, _, _)| plan)
    }
}

/// Check the job and find its scenario, seats and rotation.
fn typed<G: FullGame>(job: &SimJob) -> Result<(SimPlan, G::Scenario, Vec<String>), StudyError> {
    if job.n == 0 {
        return Err(StudyError::Input("-n must be at least 1".into()));
    }
    let (name, scenario) = scenario::<G>(&job.ruleset, &job.scenario)?;
    let agents = agent_list(&job.agents)?;
    orrery_lab::check_agents::<G>(&agents)?;
    let seats = orrery_lab::seats_of::<G>(&scenario, job.seed)
        .map_err(|e| StudyError::Input(format!("scenario `{name}` does not set up: {e}")))?;
    if agents.len() > seats {
        return Err(StudyError::Input(format!(
            "{} agents given but scenario `{name}` has {seats} seats",
            agents.len()
        )));
    }
    let swap = job.swap.unwrap_or(seats == 2);
    Ok((
        SimPlan {
            scenario: name,
            seats,
            swap,
            turn_limit: turn_limit(&scenario),
        },
        scenario,
        agents,
    ))
}

/// The job checked: what it will play.
pub fn plan(job: &SimJob) -> Result<SimPlan, StudyError> {
    dispatch(&job.ruleset, Plan(job)).ok_or_else(|| crate::unknown_ruleset(&job.ruleset))?
}

struct Play<'a> {
    job: &'a SimJob,
    range: Range<usize>,
    jobs: usize,
    tick: &'a (dyn Fn() + Sync),
}

impl WithGame for Play<'_> {
    type Out = Result<Vec<BattleRecord>, StudyError>;
    fn with<G: FullGame>(self) -> Self::Out {
        let (plan, scenario, agents) = typed::<G>(self.job)?;
        Ok(orrery_lab::play_range::<G>(
            &scenario,
            self.job.seed,
            self.range,
            &agents,
            plan.swap,
            self.job.budget.clone(),
            self.jobs,
            self.tick,
        )?)
    }
}

/// Play battles `range` of the job on `jobs` threads; `tick` after each.
pub fn play(
    job: &SimJob,
    range: Range<usize>,
    jobs: usize,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<BattleRecord>, StudyError> {
    if range.end > job.n || range.start > range.end {
        return Err(StudyError::Input(format!(
            "battles {}..{} are not among the job's {}",
            range.start, range.end, job.n
        )));
    }
    let p = Play {
        job,
        range,
        jobs,
        tick,
    };
    dispatch(&job.ruleset, p).ok_or_else(|| crate::unknown_ruleset(&job.ruleset))?
}

/// The report of every battle of the job (parts merged: `records` in any order, each
/// index exactly once).
pub fn finish(job: &SimJob, mut records: Vec<BattleRecord>) -> Result<SimResult, StudyError> {
    let plan = plan(job)?;
    records.sort_by_key(|r| r.index);
    if records.len() != job.n || records.iter().enumerate().any(|(i, r)| r.index != i) {
        return Err(StudyError::Part(format!(
            "the parts hold {} battles, not battles 0..{} once each",
            records.len(),
            job.n
        )));
    }
    let report = report(&records, plan.seats, plan.turn_limit);
    Ok(SimResult {
        plan,
        records,
        report,
    })
}

/// The whole job on `jobs` threads.
pub fn run(job: &SimJob, jobs: usize, tick: &(dyn Fn() + Sync)) -> Result<SimResult, StudyError> {
    let records = play(job, 0..job.n, jobs, tick)?;
    finish(job, records)
}

/// The report as one JSON object: what `orrery sim --json` prints.
pub fn to_json(job: &SimJob, r: &SimResult) -> Result<Value, StudyError> {
    let head = json!({
        "ruleset": job.ruleset,
        "scenario": r.plan.scenario,
        "seed": job.seed,
        "agents": agent_list(&job.agents)?,
        "swap": r.plan.swap,
        "budget": budget_json(&job.budget),
    });
    merged(head, &r.report)
}
