//! The heuristic agent: one ply over the ruleset's search abstraction, judged after
//! the step it belongs to has resolved.

use crate::{outcome_reward, Agent};
use orrery_core::{Game, Learning, SearchHints};
use orrery_core::{Rng, Seat};

/// One-ply look-ahead over [`SearchHints::search_actions`], scored with [`SearchHints::evaluate`].
///
/// For each candidate the agent takes `samples` times (default
/// [`HeuristicAgent::DEFAULT_SAMPLES`]):
/// 1. a copy of the game **determinized** for its seat ([`Game::determinize`]:
///    the other seats' secret commitments withdrawn or resampled, the dice reseeded
///    from the agent's generator) — it never looks at the real state's hidden parts;
/// 2. applies the candidate;
/// 3. **completes the position**: while the agent's commitment is
///    still secret (the step has not resolved, [`Game::unrevealed`] > 0) every seat
///    that owes an answer gives one — the others with [`SearchHints::sample_action`], the
///    agent's own remaining answers of that step with [`Game::default_action`] —
///    and then the other seats go on with [`SearchHints::sample_action`] until control
///    comes back to the agent, the game ends or `horizon` (default
///    [`HeuristicAgent::DEFAULT_HORIZON`]) further actions have been played. So a Stratoyager maneuver is judged after the
///    movement has resolved against a sampled enemy maneuver, and a sequential
///    move after the replies it allows;
/// 4. scores the copy: [`SearchHints::evaluate`] plus ±[`HeuristicAgent::WIN_VALUE`] for a
///    finished game won or lost.
///
/// The candidate's value is the mean over the samples; the best value wins, ties
/// broken uniformly by the agent's generator. A sample after which no other seat
/// acted and no die was drawn is taken as exact and not repeated (the copies would
/// only differ in hidden information, which [`SearchHints::evaluate`] should not read).
///
/// **Abstraction:** the agent only considers [`SearchHints::search_actions`] (the ruleset's
/// representative subset, every one legal); the opponents and its own later answers
/// in a step are modelled by the random and default policies.
#[derive(Clone, Debug)]
pub struct HeuristicAgent {
    seed: u64,
    rng: Rng,
    samples: usize,
    horizon: usize,
}

impl HeuristicAgent {
    /// Samples per candidate, by default.
    pub const DEFAULT_SAMPLES: usize = 8;
    /// Most actions played after the candidate before evaluating, by default.
    pub const DEFAULT_HORIZON: usize = 12;
    /// Added for a finished game won alone, subtracted for one lost (in the
    /// evaluation's units, points: dwarfs any material margin).
    pub const WIN_VALUE: f64 = 1000.0;

    pub fn new(seed: u64) -> Self {
        HeuristicAgent {
            seed,
            rng: Rng::seed_from(seed),
            samples: Self::DEFAULT_SAMPLES,
            horizon: Self::DEFAULT_HORIZON,
        }
    }

    /// Average over `n` samples per candidate (at least 1).
    pub fn with_samples(mut self, n: usize) -> Self {
        self.samples = n.max(1);
        self
    }

    /// Play at most `n` actions after the candidate before evaluating.
    pub fn with_horizon(mut self, n: usize) -> Self {
        self.horizon = n;
        self
    }
}

/// The mean of `judge(copy)` over at most `samples` copies of `game`, each
/// determinized for `seat` with `rng`, in which `seat` plays `action` and the step is
/// settled ([`settle`], `horizon`, the others answering uniformly); a copy judged
/// not a number is passed over, and a copy after which no other seat acted and no die
/// was drawn is exact, so the sampling stops. `None` if no copy accepted the action
/// (the heuristic's and the greedy agent's look-ahead).
pub(crate) fn sampled_value<G: Game + SearchHints + Learning>(
    game: &G,
    seat: Seat,
    action: &G::Action,
    (samples, horizon): (usize, usize),
    rng: &mut Rng,
    judge: impl Fn(&G) -> f64,
) -> Option<f64> {
    let mut total = 0.0;
    let mut n = 0u32;
    for _ in 0..samples {
        let mut copy = game.clone();
        copy.determinize(seat, rng);
        let draws = copy.rng().draws();
        if copy.apply(seat, action).is_err() {
            break;
        }
        let others = settle(&mut copy, seat, horizon, Answer::Uniform, rng);
        let v = judge(&copy);
        if v.is_nan() {
            continue;
        }
        total += v;
        n += 1;
        if others == 0 && copy.rng().draws() == draws {
            break;
        }
    }
    (n > 0).then(|| total / f64::from(n))
}

/// The index of the best of `values` (`None`s passed over), ties broken uniformly
/// with `rng`; with none valued, a uniform index (`values` is not empty).
pub(crate) fn best_index(values: &[Option<f64>], rng: &mut Rng) -> usize {
    let mut best: Vec<usize> = Vec::new();
    let mut best_value = f64::NEG_INFINITY;
    for (i, value) in values.iter().enumerate() {
        let Some(value) = *value else { continue };
        if value > best_value {
            best_value = value;
            best.clear();
            best.push(i);
        } else if value == best_value {
            best.push(i);
        }
    }
    match best.len() {
        0 => rng.index(values.len()),
        1 => best[0],
        n => best[rng.index(n)],
    }
}

/// [`SearchHints::evaluate`] plus the win/loss term of [`HeuristicAgent::WIN_VALUE`].
fn score<G: Game + SearchHints + Learning>(game: &G, seat: Seat) -> f64 {
    let v = game.evaluate(seat);
    match outcome_reward(game, seat) {
        Some(r) if r >= 1.0 => v + HeuristicAgent::WIN_VALUE,
        Some(r) if r <= 0.0 => v - HeuristicAgent::WIN_VALUE,
        _ => v,
    }
}

/// How the other seats answer in a look-ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// [`SearchHints::sample_action`]: the random agent (the heuristic's documented model).
    Uniform,
    /// [`SearchHints::playout_action`]: the ruleset's cheap opponent model (the search's).
    Playout,
}

impl Answer {
    pub(crate) fn action<G: Game + SearchHints + Learning>(
        self,
        game: &G,
        seat: Seat,
        rng: &mut Rng,
    ) -> Option<G::Action> {
        match self {
            Answer::Uniform => game.sample_action(seat, rng),
            Answer::Playout => game.playout_action(seat, rng),
        }
    }
}

/// Most actions [`settle`] plays in all (answers of the unresolved step included).
const SETTLE_CAP: usize = 256;

/// Play on from a copy where `seat` has just acted until its step has resolved and
/// control is back with `seat` (or the game is over, or `horizon` actions have been
/// played after the step resolved; the answers completing the step itself do not
/// count, up to [`SETTLE_CAP`]); see [`HeuristicAgent`]. The other seats answer as
/// `others_play` says. Returns how many actions other seats made.
pub(crate) fn settle<G: Game + SearchHints + Learning>(
    game: &mut G,
    seat: Seat,
    horizon: usize,
    others_play: Answer,
    rng: &mut Rng,
) -> usize {
    let mut others = 0;
    let mut after = 0;
    for _ in 0..SETTLE_CAP {
        let to_move = game.to_move();
        if to_move.is_empty() {
            break;
        }
        let pending = game.is_secret(seat, 0);
        let mine = to_move.contains(&seat);
        if mine && !pending {
            break;
        }
        if !pending {
            if after >= horizon {
                break;
            }
            after += 1;
        }
        let (mover, action) = match to_move.iter().copied().find(|&s| s != seat) {
            Some(other) => (other, others_play.action(game, other, rng)),
            None => (seat, game.default_action(seat)),
        };
        let Some(action) = action else { break };
        if game.apply(mover, &action).is_err() {
            break;
        }
        if mover != seat {
            others += 1;
        }
    }
    others
}

impl<G: Game + SearchHints + Learning> Agent<G> for HeuristicAgent {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        if !game.to_move().contains(&seat) {
            return None;
        }
        self.rng = crate::decision_rng(self.seed, game, seat);
        let mut candidates = game.search_actions(seat);
        if candidates.len() <= 1 {
            return candidates.pop().or_else(|| game.default_action(seat));
        }
        let look = (self.samples, self.horizon);
        let values: Vec<Option<f64>> = candidates
            .iter()
            .map(|a| sampled_value(game, seat, a, look, &mut self.rng, |c| score(c, seat)))
            .collect();
        let pick = best_index(&values, &mut self.rng);
        Some(candidates.swap_remove(pick))
    }
}
