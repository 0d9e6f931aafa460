//! Analysis of a played game (issue 41): for each decision of each seat, the search's
//! estimate of that seat's chance before it (with the best move the search found)
//! and after it (with the move played), the loss between them, a mark where the loss
//! passes a threshold (as lichess marks inaccuracies, mistakes and blunders), and
//! what followed until the seat's next decision (the dice and the other seats'
//! moves), kept apart: a roll that went badly is luck, not a mistake.
//!
//! Each estimate is an MCTS search ([`MctsAgent::estimates`]) from the deciding
//! seat's view alone: it determinizes what the seat could not see, so a decision is
//! judged by what its seat knew, even after the game. The move played and the best
//! move are each searched alone with the same budget, so their values are measured
//! alike; where they are the same move, one search serves both.

use crate::{Budget, MctsAgent};
use orrery_core::{Game, Learning, Presentation, SearchHints, Seat};
use serde::Serialize;

/// How hard the analysis looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Depth {
    /// Iterations of each search (three searches at most per decision).
    pub iterations: u32,
    /// The searches' seed: the same seed, record and depth give the same analysis.
    pub seed: u64,
}

impl Default for Depth {
    fn default() -> Self {
        Depth {
            iterations: 300,
            seed: 41,
        }
    }
}

/// The mark of a decision whose loss (in the seat's chance, 0..1) reaches a
/// threshold: ≥ 0.10 an inaccuracy, ≥ 0.20 a mistake, ≥ 0.30 a blunder. Below 0.10
/// the searches' own noise (a few hundred iterations each) could make it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The mark of a loss, if any.
    pub fn of(loss: f64) -> Option<Mark> {
        if loss >= 0.30 {
            Some(Mark::Blunder)
        } else if loss >= 0.20 {
            Some(Mark::Mistake)
        } else if loss >= 0.10 {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }
}

/// One decision: a seat's action where it had more than one to choose from.
#[derive(Clone, Debug, Serialize)]
pub struct Decision<A> {
    /// The action's number in the record (0 = the first action).
    pub index: usize,
    pub seat: Seat,
    pub played: A,
    /// The seat's chance with the best move the search found.
    pub before: f64,
    /// The seat's chance with the move played.
    pub after: f64,
    /// The best move the search found, when it is not the one played.
    pub best: Option<A>,
    /// `before − after`, never below 0.
    pub loss: f64,
    pub mark: Option<Mark>,
    /// What followed until the seat's next decision (or the end): the seat's chance
    /// then, less `after`. Dice and the other seats' moves, not this decision.
    pub then: f64,
}

/// One seat's summary.
#[derive(Clone, Debug, Serialize)]
pub struct SeatSummary {
    pub seat: Seat,
    pub decisions: usize,
    /// The mean loss per decision.
    pub mean_loss: f64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The sum of what followed its decisions ([`Decision::then`]): positive, the
    /// dice and the others' moves went its way.
    pub luck: f64,
}

/// The analysis of a game.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis<A> {
    pub iterations: u32,
    pub seed: u64,
    pub decisions: Vec<Decision<A>>,
    pub seats: Vec<SeatSummary>,
}

/// Analyse the game that starts at `start` and plays `actions` (each `(seat,
/// action)` in order, as a record holds them). `progress(done, total)` is called
/// after each action. Actions that do not apply end the analysis there (the record
/// was checked when it was loaded).
pub fn analyse<G: Game + SearchHints + Learning>(
    start: &G,
    actions: &[(Seat, G::Action)],
    depth: Depth,
    progress: &mut dyn FnMut(usize, usize),
) -> Analysis<G::Action> {
    let mut g = start.clone();
    let mut decisions: Vec<Decision<G::Action>> = Vec::new();
    // Each seat's last decision, waiting for its `then`.
    let mut open: Vec<Option<usize>> = vec![None; usize::from(g.seats())];
    let total = actions.len();
    for (index, (seat, action)) in actions.iter().enumerate() {
        let choices = g.search_actions(*seat);
        if choices.len() > 1 {
            let mut agent = MctsAgent::new(depth.seed ^ (index as u64).wrapping_mul(0x9E37_79B9))
                .with_budget(Budget::iterations(depth.iterations));
            let found = agent.estimates(&g, *seat, choices);
            if let Some(pick) = found.first() {
                let alone = |agent: &mut MctsAgent, a: &G::Action| {
                    agent
                        .estimates(&g, *seat, vec![a.clone()])
                        .first()
                        .map_or(0.5, |e| e.value)
                };
                let (before, after, best) = if pick.action == *action {
                    let v = alone(&mut agent, action);
                    (v, v, None)
                } else {
                    let b = alone(&mut agent, &pick.action);
                    let a = alone(&mut agent, action);
                    (b.max(a), a, Some(pick.action.clone()))
                };
                if let Some(i) = open[seat.index()].take() {
                    let d: &mut Decision<G::Action> = &mut decisions[i];
                    d.then = before - d.after;
                }
                let loss = (before - after).max(0.0);
                open[seat.index()] = Some(decisions.len());
                decisions.push(Decision {
                    index,
                    seat: *seat,
                    played: action.clone(),
                    before,
                    after,
                    best: best.filter(|_| loss > 0.0),
                    loss,
                    mark: Mark::of(loss),
                    then: 0.0,
                });
            }
        }
        if g.apply(*seat, action).is_err() {
            break;
        }
        progress(index + 1, total);
    }
    // The end: a finished game's result, else the seat's chance by the evaluation.
    for (s, i) in open.iter().enumerate() {
        if let Some(i) = *i {
            let seat = Seat(s as u8);
            let end = crate::outcome_reward(&g, seat)
                .or_else(|| crate::evaluation_reward(&g, seat))
                .unwrap_or(decisions[i].after);
            decisions[i].then = end - decisions[i].after;
        }
    }
    let seats = (0..g.seats())
        .map(|s| summary(Seat(s), &decisions))
        .collect();
    Analysis {
        iterations: depth.iterations,
        seed: depth.seed,
        decisions,
        seats,
    }
}

/// What the AI would tell a seat now (issue 41: the hint and the win-chance bar
/// during play): the seat's chance with the search's pick, and its top choices.
#[derive(Clone, Debug, Serialize)]
pub struct Hint<A> {
    /// The seat's chance to win with the search's pick, 0..1.
    pub chance: f64,
    pub iterations: u32,
    /// At most [`HINT_CHOICES`]: the pick first, then the most searched.
    pub choices: Vec<crate::Estimate<A>>,
}

/// How many choices a hint shows.
pub const HINT_CHOICES: usize = 3;

/// The hint's depth: one search, within a second on one core in every ruleset
/// (docs/agents.md gives the measured times).
pub const HINT_DEPTH: Depth = Depth {
    iterations: 4000,
    seed: 41,
};

/// `seat`'s hint in `game` ([`Hint`]): one search of the seat's
/// [`SearchHints::search_actions`] from its view alone (every iteration
/// determinizes what the seat cannot see, and the search's generator is seeded from
/// the seat's view, [`crate::decision_seed`]), so it is the same in every world the
/// seat cannot tell apart. `None` when the seat has nothing to choose (not to move,
/// or the game is over).
pub fn hint<G: Game + SearchHints + Learning>(
    game: &G,
    seat: Seat,
    depth: Depth,
) -> Option<Hint<G::Action>> {
    if game.is_terminal() || !game.to_move().contains(&seat) {
        return None;
    }
    let choices = game.search_actions(seat);
    let mut agent = MctsAgent::new(depth.seed).with_budget(Budget::iterations(depth.iterations));
    let mut found = agent.estimates(game, seat, choices);
    let chance = found.first()?.value;
    // The pick stays first; the rest by how much the search looked at them.
    found[1..].sort_by_key(|e| std::cmp::Reverse(e.visits));
    found.truncate(HINT_CHOICES);
    Some(Hint {
        chance,
        iterations: depth.iterations,
        choices: found,
    })
}

/// [`hint`] as JSON, as every front end and the conformance channel show it: `{"seat",
/// "chance", "iterations", "choices"}`, each choice `{"action", "text", "chance",
/// "visits", "index"}` (its words as the seat reads them, its place in the seat's
/// legal list). `None` as for [`hint`].
pub fn hint_json<G: Game + SearchHints + Learning + Presentation>(
    game: &G,
    seat: Seat,
    depth: Depth,
) -> Option<serde_json::Value> {
    let h = hint(game, seat, depth)?;
    let legal = game.legal_actions(seat);
    let choices: Vec<serde_json::Value> = h
        .choices
        .iter()
        .map(|e| {
            serde_json::json!({
                "action": serde_json::to_value(&e.action).unwrap_or_default(),
                "text": game.describe_action(Some(seat), &e.action),
                "chance": e.value,
                "visits": e.visits,
                "index": legal.iter().position(|a| *a == e.action),
            })
        })
        .collect();
    Some(serde_json::json!({
        "seat": seat.0,
        "chance": h.chance,
        "iterations": h.iterations,
        "choices": choices,
    }))
}

fn summary<A>(seat: Seat, decisions: &[Decision<A>]) -> SeatSummary {
    let mine: Vec<&Decision<A>> = decisions.iter().filter(|d| d.seat == seat).collect();
    let count = |m: Mark| mine.iter().filter(|d| d.mark == Some(m)).count();
    SeatSummary {
        seat,
        decisions: mine.len(),
        mean_loss: if mine.is_empty() {
            0.0
        } else {
            mine.iter().map(|d| d.loss).sum::<f64>() / mine.len() as f64
        },
        inaccuracies: count(Mark::Inaccuracy),
        mistakes: count(Mark::Mistake),
        blunders: count(Mark::Blunder),
        luck: mine.iter().map(|d| d.then).sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::of(0.0), None);
        assert_eq!(Mark::of(0.099), None);
        assert_eq!(Mark::of(0.10), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of(0.20), Some(Mark::Mistake));
        assert_eq!(Mark::of(0.30), Some(Mark::Blunder));
        assert_eq!(Mark::of(0.9), Some(Mark::Blunder));
    }
}
