//! # orrery-agents
//!
//! Agents that play any Orrery ruleset through the core [`Game`] trait. An agent
//! owns its own random generator (seeded at construction) and never draws from the
//! game's: the same seed and the same game position always give the same choice
//! (for [`MctsAgent`], only under an iteration budget, see [`Budget`]).
//!
//! - [`RandomAgent`] (`random`): [`SearchHints::sample_action`] (uniform over the legal
//!   actions unless the ruleset documents otherwise).
//! - [`GreedyAgent`] (`greedy`): one-ply look-ahead on copies of the state whose dice
//!   have been reseeded from the agent's own generator, maximising the ruleset's
//!   [`SearchHints::evaluate`] (plus a small bonus for a finished game it wins).
//! - [`DefaultAgent`] (`default`): the ruleset's timeout answer
//!   ([`Game::default_action`]).
//! - [`HeuristicAgent`] (`heuristic`): one ply over [`SearchHints::search_actions`], each
//!   candidate judged after the other seats have answered the same secret step and
//!   play has come back to the agent ([`SearchHints::evaluate`], averaged over samples).
//! - [`MctsAgent`] (`mcts`): information-set Monte Carlo tree search within a
//!   [`Budget`].
//! - [`NoviceAgent`] (`novice`): the heuristic's choice one time in ten, a random
//!   search action otherwise (the `easy` level).
//! - `learned`: [`MctsAgent`] judging its leaves with a learned value of each seat's
//!   observation ([`model`], issue 38) where a model fits the game (a loaded weights
//!   file or one the ruleset ships), else exactly as `mcts`.
//!
//! Every look-ahead works on copies **determinized** for the agent's seat
//! ([`Game::determinize`]): other seats' secrets are resampled and the dice reseeded,
//! so no agent peeks at hidden commitments or at the real dice to come.
//!
//! Use [`by_name`] / [`by_name_with`] to build an agent from one of [`AGENT_NAMES`].

pub mod analysis;
mod greedy;
mod heuristic;
mod mcts;
pub mod model;
mod novice;
mod random;

pub use greedy::GreedyAgent;
pub use heuristic::HeuristicAgent;
pub use mcts::{Estimate, MctsAgent, MctsConfig, SearchStats};
pub use novice::NoviceAgent;
pub use random::RandomAgent;

use orrery_core::{FullGame, Game, Learning, SearchHints, Seat};
use std::sync::Arc;
use thiserror::Error;

/// The seed of one decision: the agent's `seed`, the position as `seat` sees it and
/// the seat. Never the full state, whose hidden parts the seat may not read.
/// The view enters through [`SearchHints::knowledge_digest`], which rulesets compute
/// without building the view or writing it as text (issue 26).
pub fn decision_seed<G: Game + SearchHints + Learning>(seed: u64, game: &G, seat: Seat) -> u64 {
    orrery_core::digest(&(seed, game.knowledge_digest(seat), seat.0))
}

/// A generator for one decision (see [`decision_seed`]).
pub(crate) fn decision_rng<G: Game + SearchHints + Learning>(
    seed: u64,
    game: &G,
    seat: Seat,
) -> orrery_core::Rng {
    orrery_core::Rng::seed_from(decision_seed(seed, game, seat))
}

/// Something that picks actions for a seat.
pub trait Agent<G: Game + SearchHints + Learning>: Send {
    /// The agent's name, as accepted by [`by_name`].
    fn name(&self) -> &str;

    /// Choose an action for `seat` in `game`, or `None` when the seat has no legal
    /// action (it is not to move, or the game is over).
    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action>;
}

/// Every name [`by_name`] accepts.
pub const AGENT_NAMES: &[&str] = &[
    "random",
    "greedy",
    "default",
    "heuristic",
    "mcts",
    "novice",
    "learned",
];

/// Strength levels by name, weakest first: the agent each stands for and its
/// iteration budget (deterministic on any machine, see [`Budget`]). Issue 27 asks
/// for at least 150 Elo between neighbours; the ladders in docs/agents.md measure
/// them. (MCTS at 300 iterations, the old `normal`, was within 30 Elo of 2,000 at
/// Launch Fighters!: more iterations add little there, so the levels differ in
/// kind, not in budget.) `hard` is the search with the learned evaluation where one
/// fits the game (a shipped model, or a file given with `--model`; issue 38), and
/// exactly `mcts` at the same budget where none does.
pub const LEVELS: &[(&str, &str, Option<u32>)] = &[
    ("easy", "novice", None),
    ("normal", "heuristic", None),
    ("hard", "learned", Some(2000)),
];

/// The level front ends play when nobody chooses one: the strongest that answers
/// within a fraction of a second per decision.
pub const DEFAULT_LEVEL: &str = "hard";

/// Is `name` an agent of [`AGENT_NAMES`] or a level of [`LEVELS`], with or without
/// a budget suffix ([`split_spec`])?
pub fn is_known(name: &str) -> bool {
    let Ok((name, _)) = split_spec(name) else {
        return false;
    };
    AGENT_NAMES.contains(&name) || LEVELS.iter().any(|l| l.0 == name)
}

/// Split an agent spec `NAME[@BUDGET]` into the name and the budget it names:
/// `mcts@5000` searches 5000 iterations per decision, `mcts@100ms` 100 milliseconds
/// (issue 27: a ladder compares one agent at several budgets). `None` without a
/// suffix. An empty name, or a suffix that is not a positive count (optionally
/// followed by `ms`), is an [`UnknownAgent`].
pub fn split_spec(spec: &str) -> Result<(&str, Option<Budget>), UnknownAgent> {
    let bad = || UnknownAgent {
        name: spec.to_string(),
    };
    let Some((name, suffix)) = spec.split_once('@') else {
        return Ok((spec, None));
    };
    if name.is_empty() {
        return Err(bad());
    }
    let (digits, millis) = match suffix.strip_suffix("ms") {
        Some(d) => (d, true),
        None => (suffix, false),
    };
    let n: u64 = digits.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?;
    let budget = if millis {
        Budget::millis(n)
    } else {
        Budget::iterations(u32::try_from(n).map_err(|_| bad())?)
    };
    Ok((name, Some(budget)))
}

/// [`by_name`] was given a name that is not in [`AGENT_NAMES`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "unknown agent `{name}`{} (known agents: {}; levels: easy, normal, hard; a budget may \
     follow: mcts@5000 for iterations, mcts@100ms for time)",
    agent_hint(name),
    AGENT_NAMES.join(", ")
)]
pub struct UnknownAgent {
    pub name: String,
}

/// `; did you mean `x`?` for a mistyped agent or level name (the part before any
/// `@` budget), or empty.
pub fn agent_hint(name: &str) -> String {
    let base = name.split('@').next().unwrap_or(name);
    let known: Vec<&str> = AGENT_NAMES
        .iter()
        .copied()
        .chain(LEVELS.iter().map(|l| l.0))
        .collect();
    match orrery_data::suggest(base, &known) {
        Some(c) if c != base => format!("; did you mean `{c}`?"),
        _ => String::new(),
    }
}

/// How long a searching agent may think per decision. `None` everywhere = the
/// agent's own default ([`MctsAgent::DEFAULT_MILLIS`] for `mcts`). With only
/// `iterations` set, a searching agent is deterministic for a given seed; a time
/// budget depends on the machine. With both, the search stops at whichever runs out
/// first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock milliseconds per decision.
    pub millis: Option<u64>,
    /// Search iterations per decision (per tree, with `threads`).
    pub iterations: Option<u32>,
    /// Independent search trees grown at once on that many threads, each with the
    /// whole budget, merged at the root (root parallelism, issue 27): more
    /// iterations in the same wall time. Default 1. With an iteration budget the
    /// choice stays deterministic for a given number of threads.
    pub threads: Option<usize>,
    /// A hard ceiling on one decision's wall-clock time, whatever else the budget
    /// says (an iteration budget, a level's, the default): what a server still
    /// allows a game's agents (issue 40). `None`: no ceiling.
    pub ceiling_millis: Option<u64>,
    /// Stops a decision in progress when set from elsewhere: a server's game that
    /// ended or left memory while its agent thought (issue 40). The search returns
    /// its best action so far at once; `None`: nothing stops it but its budget.
    pub stop: Option<Stop>,
}

/// A flag that stops the decisions whose [`Budget::stop`] it is: clones share it.
/// Set, it stays set.
#[derive(Clone, Debug, Default)]
pub struct Stop(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Stop {
    /// Stop every decision this flag was given to (and every later one).
    pub fn stop(&self) {
        self.0.store(true, std::sync::atomic::Ordering::Release);
    }

    /// Was [`Stop::stop`] called?
    pub fn is_stopped(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Acquire)
    }
}

/// Two stops are equal when they are the same flag.
impl PartialEq for Stop {
    fn eq(&self, other: &Self) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Stop {}

impl Budget {
    /// A pure iteration budget (deterministic for a seed).
    pub fn iterations(n: u32) -> Self {
        Budget {
            iterations: Some(n),
            ..Budget::default()
        }
    }

    /// A pure wall-clock budget.
    pub fn millis(ms: u64) -> Self {
        Budget {
            millis: Some(ms),
            ..Budget::default()
        }
    }
}

/// Build the agent called `name`, seeded with `seed`, with the agent's default budget.
pub fn by_name<G: Game + SearchHints + Learning>(
    name: &str,
    seed: u64,
) -> Result<Box<dyn Agent<G>>, UnknownAgent> {
    by_name_with(name, seed, Budget::default())
}

/// Build the agent called `name` (or a level of [`LEVELS`]), seeded with `seed`,
/// thinking within `budget` (only `mcts` uses it; the other agents ignore it; a level
/// brings its own iteration budget where `budget` sets none). A budget suffix in the
/// name (`mcts@5000`, see [`split_spec`]) overrides `budget`.
pub fn by_name_with<G: Game + SearchHints + Learning>(
    name: &str,
    seed: u64,
    budget: Budget,
) -> Result<Box<dyn Agent<G>>, UnknownAgent> {
    let (name, own) = split_spec(name)?;
    if let Some(own) = own {
        let threads = budget.threads;
        return by_name_with(
            name,
            seed,
            Budget {
                threads,
                ceiling_millis: budget.ceiling_millis,
                stop: budget.stop,
                ..own
            },
        );
    }
    if let Some(&(_, agent, iterations)) = LEVELS.iter().find(|l| l.0 == name) {
        let budget = if budget.millis.is_none() && budget.iterations.is_none() {
            Budget {
                iterations,
                ..budget
            }
        } else {
            budget
        };
        return by_name_with(agent, seed, budget);
    }
    match name {
        "random" => Ok(Box::new(RandomAgent::new(seed))),
        "greedy" => Ok(Box::new(GreedyAgent::new(seed))),
        "default" => Ok(Box::new(DefaultAgent)),
        "heuristic" => Ok(Box::new(HeuristicAgent::new(seed))),
        "mcts" => Ok(Box::new(MctsAgent::new(seed).with_budget(budget))),
        "learned" => Ok(Box::new(MctsAgent::new(seed).with_budget(budget).learned())),
        "novice" => Ok(Box::new(NoviceAgent::new(seed))),
        _ => Err(UnknownAgent {
            name: name.to_string(),
        }),
    }
}

/// Plays the ruleset's timeout default ([`Game::default_action`]): what a server
/// plays for a seat whose clock ran out.
#[derive(Clone, Copy, Debug, Default)]
pub struct DefaultAgent;

impl<G: Game + SearchHints + Learning> Agent<G> for DefaultAgent {
    fn name(&self) -> &str {
        "default"
    }

    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        game.default_action(seat)
    }
}

/// Every agent as a seat-facing channel for the conformance suite's leak checks
/// ([`orrery_core::conformance::run_with`]): what each agent, seeded alike, suggests
/// for the seat and the suggestion's description as the seat reads it. A searching
/// agent runs on a small iteration budget so the check stays deterministic.
pub fn conformance_channels<G: FullGame>() -> Vec<orrery_core::conformance::Channel<G>> {
    // Every agent, and the search on two root-parallel trees (issue 27).
    let parallel = Budget {
        threads: Some(2),
        ..Budget::iterations(12)
    };
    AGENT_NAMES
        .iter()
        .map(|&name| (name, Budget::iterations(24)))
        .chain([("mcts", parallel)])
        .map(|(name, budget)| {
            let label = if budget.threads.is_some() {
                "mcts (2 threads)"
            } else {
                name
            };
            orrery_core::conformance::Channel::new(label, move |game: &G, seat: Seat| {
                let Ok(mut agent) = by_name_with::<G>(name, 7, budget.clone()) else {
                    return serde_json::Value::Null;
                };
                suggestion(agent.as_mut(), game, seat)
            })
        })
        .chain(learned_channels::<G>())
        .collect()
}

/// What an agent tells `seat` as a channel: its pick and the pick's words (`null`
/// without one).
fn suggestion<G: FullGame>(agent: &mut dyn Agent<G>, game: &G, seat: Seat) -> serde_json::Value {
    match agent.choose(game, seat) {
        Some(a) => serde_json::json!({
            "action": serde_json::to_value(&a).unwrap_or_default(),
            "text": game.describe_action(Some(seat), &a),
        }),
        None => serde_json::Value::Null,
    }
}

/// The learned leaf as a channel (issue 38): `learned` is plain `mcts` where no model
/// fits, so the search is also run with an untrained model of the game's own shape,
/// mixed half and half as `learned` plays and alone, so that what the network reads
/// (the seat's observation) is compared across worlds the seat cannot tell apart in
/// every ruleset, shipped model or not.
fn learned_channels<G: FullGame>() -> Vec<orrery_core::conformance::Channel<G>> {
    let untrained = untrained_models::<G>();
    [
        ("learned (a model, mixed)", 0.5),
        ("learned (a model alone)", 1.0),
    ]
    .into_iter()
    .map(|(label, weight)| {
        let untrained = untrained.clone();
        orrery_core::conformance::Channel::new(label, move |game: &G, seat: Seat| {
            let Some(m) = untrained(game) else {
                return serde_json::Value::Null;
            };
            let config = MctsConfig {
                model_weight: weight,
                ..MctsConfig::default()
            };
            let mut agent = MctsAgent::new(7)
                .with_budget(Budget::iterations(24))
                .with_config(config)
                .with_model(m);
            suggestion(&mut agent, game, seat)
        })
    })
    .collect()
}

/// The untrained model of a game's shape, made once per observation length (the
/// scenarios of one ruleset differ in shape); `None` for a game that observes nothing.
fn untrained_models<G: FullGame>() -> impl Fn(&G) -> Option<Arc<model::ValueModel>> + Clone {
    type Models = std::sync::Mutex<std::collections::HashMap<usize, Arc<model::ValueModel>>>;
    let models: Arc<Models> = Arc::default();
    move |game: &G| {
        let shape = orrery_core::learn::observation(game, Seat(0)).len();
        let mut models = models.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(m) = models.get(&shape) {
            return Some(m.clone());
        }
        let m = Arc::new(model::ValueModel::untrained(game, "", &[16], 38).ok()?);
        Some(models.entry(shape).or_insert(m).clone())
    }
}

/// The estimates a seat may be shown, as channels for the conformance suite's leak
/// checks: a residual model's estimate for the seat, which reads the ruleset's
/// evaluation on a copy determinized for it (issue 38), and the hint with the chance
/// the win-chance bar shows ([`analysis::hint`], issue 41). Apart from
/// [`conformance_channels`], whose readings the golden fingerprints pin.
pub fn estimate_channels<G: FullGame>() -> Vec<orrery_core::conformance::Channel<G>> {
    let untrained = untrained_models::<G>();
    vec![
        orrery_core::conformance::Channel::new(
            "a residual model's estimate",
            move |game: &G, seat: Seat| {
                let Some(m) = untrained(game) else {
                    return serde_json::Value::Null;
                };
                let mut m = (*m).clone();
                m.header.residual = true;
                serde_json::json!(m.value_of(game, seat))
            },
        ),
        orrery_core::conformance::Channel::new(
            "the hint and the chance it shows",
            |game: &G, seat: Seat| {
                let depth = analysis::Depth {
                    iterations: 24,
                    seed: 7,
                };
                analysis::hint_json(game, seat, depth).unwrap_or_default()
            },
        ),
    ]
}

/// Games `candidate` wins outright against `opponent` over `seeds`: in game `seed`
/// the candidate holds seat `seed mod seats` and the opponent every other seat (in a
/// duel, seats swapped every other game), each agent seeded from the game's seed and
/// its seat. The "heuristic beats the random agent" tests of Black Skies, Warfleets
/// and STGv2 are this one call. An agent name that is not known, an agent with no
/// answer, a refused answer or a game past [`Game::action_bound`] is an error naming
/// the game (agents with a time budget, as `mcts` by default, make the count depend
/// on the machine: name them with an iteration budget, `mcts@200`).
pub fn duel_wins<G: Game + SearchHints + Learning>(
    scenario: &G::Scenario,
    candidate: &str,
    opponent: &str,
    seeds: std::ops::Range<u64>,
) -> Result<usize, String> {
    let mut wins = 0;
    for seed in seeds {
        let mut g = G::setup(scenario, seed).map_err(|e| format!("game {seed}: {e}"))?;
        let seats = g.seats();
        let me = Seat((seed % u64::from(seats.max(1))) as u8);
        let mut agents = Vec::new();
        for s in Seat::all(seats) {
            let name = if s == me { candidate } else { opponent };
            let agent_seed = seed.wrapping_mul(10).wrapping_add(u64::from(s.0));
            agents.push(by_name::<G>(name, agent_seed).map_err(|e| e.to_string())?);
        }
        let bound = g.action_bound();
        let mut actions = 0;
        while g.outcome().is_none() {
            let Some(&seat) = g.to_move().first() else {
                return Err(format!("game {seed}: no outcome and nobody to move"));
            };
            let a = agents[seat.index()]
                .choose(&g, seat)
                .ok_or_else(|| format!("game {seed}: seat {seat}'s agent has no answer"))?;
            g.apply(seat, &a)
                .map_err(|e| format!("game {seed}: seat {seat}'s answer refused: {e}"))?;
            actions += 1;
            if actions > bound {
                return Err(format!("game {seed}: not over after {bound} actions"));
            }
        }
        if g.outcome().is_some_and(|o| o.winners == [me]) {
            wins += 1;
        }
    }
    Ok(wins)
}

/// `seat`'s standing by the ruleset's evaluation, 0..1 on the scale of its units'
/// points (the search's leaf reward without a model; ½ for an even position). `None`
/// where the ruleset reports no units' points. What `orrery train
/// --draws-by-evaluation` teaches for a game that ends undecided (issue 38).
pub fn evaluation_reward<G: Game + SearchHints + Learning>(game: &G, seat: Seat) -> Option<f64> {
    mcts::material_reward(game, seat)
}

/// The value of a finished game for `seat` on a 0–1 scale: 1 for a sole win, 0.5 for
/// a shared win or draw, 0 for a loss; `None` while the game goes on.
pub(crate) fn outcome_reward<G: Game + SearchHints + Learning>(
    game: &G,
    seat: Seat,
) -> Option<f64> {
    let o = game.outcome()?;
    Some(if !o.winners.contains(&seat) {
        0.0
    } else if o.winners.len() == 1 {
        1.0
    } else {
        0.5
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use orrery_core::toy::SealedBids;

    #[test]
    fn names_resolve() {
        for &n in AGENT_NAMES {
            let a = by_name::<SealedBids>(n, 1).unwrap();
            assert_eq!(a.name(), n);
        }
        let err = by_name::<SealedBids>("oracle", 1).err().unwrap();
        assert_eq!(err.name, "oracle");
        assert!(err.to_string().contains("random"));
    }

    #[test]
    fn a_budget_suffix_sets_the_budget() {
        assert_eq!(split_spec("mcts"), Ok(("mcts", None)));
        assert_eq!(
            split_spec("mcts@5000"),
            Ok(("mcts", Some(Budget::iterations(5000))))
        );
        assert_eq!(
            split_spec("hard@100ms"),
            Ok(("hard", Some(Budget::millis(100))))
        );
        for bad in [
            "mcts@",
            "mcts@0",
            "mcts@x",
            "@50",
            "mcts@-3ms",
            "mcts@99999999999",
        ] {
            assert!(split_spec(bad).is_err(), "{bad}");
            assert!(!is_known(bad), "{bad}");
        }
        assert!(is_known("mcts@300") && is_known("normal@20ms"));
        assert!(!is_known("oracle@300"));
        assert_eq!(by_name::<SealedBids>("mcts@50", 1).unwrap().name(), "mcts");
        let err = by_name::<SealedBids>("mcts@fast", 1).err().unwrap();
        assert!(err.to_string().contains("mcts@100ms"), "{err}");
    }
}
