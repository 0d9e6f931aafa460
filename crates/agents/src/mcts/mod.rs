//! Information-set Monte Carlo tree search (ISMCTS, single observer per node).
//!
//! Each **iteration**:
//! 1. *Determinize*: clone the real game and call [`Game::determinize`] for the
//!    agent's seat — the other seats' secret commitments are withdrawn or resampled
//!    and the dice reseeded from the agent's generator. Chance is therefore sampled
//!    anew every iteration, and nothing the agent may not see is ever read.
//! 2. *Select*: from the root (the agent's information set) follow edges chosen by
//!    UCT **for the seat of each node** (every seat maximises its own reward), with
//!    progressive widening over large action lists, applying each edge's action to
//!    the determinized copy. After an action the next node belongs to the first seat
//!    in [`Game::to_move`] (the order a random game would use): when several seats
//!    owe secret answers, the later ones cannot see the earlier ones' answers, so
//!    the order reveals nothing.
//! 3. *Expand*: the first position whose information set is not in the tree gets a
//!    node (one per iteration); descent stops there.
//! 4. *Complete the leaf* (unless a learned value alone judges it, as it is;
//!    [`MctsConfig::model_weight`]): like [`crate::HeuristicAgent`], the position is played on
//!    until the step of the last seat that acted has resolved and control is back
//!    with that seat (other seats answer with [`SearchHints::playout_action`], the
//!    ruleset's opponent model, uniform unless it says otherwise; its own
//!    remaining secret answers are [`Game::default_action`]; at most
//!    [`MctsConfig::settle_horizon`] actions after the step resolved), then rolled
//!    out with [`SearchHints::playout_action`] for [`MctsConfig::rollout_len`] actions
//!    (default 0: long random rollouts were measured to hurt — random Stratoyager
//!    pilots fly off the table and drown the signal — so a leaf is judged by the
//!    evaluation once its step has resolved, and depth comes from the tree).
//! 5. *Score*: a finished game gives 1 / 0.5 / 0 (sole win / shared win or draw /
//!    loss); otherwise every seat's [`SearchHints::evaluate`] is squashed to 0..1 with a
//!    logistic whose scale is set once per decision (the ruleset's material if it
//!    reports [`Game::unit_fates`], else the typical evaluation swing of the leaf
//!    procedure measured from the root; see `rollout::reward_scale`). With a
//!    learned value (issue 38, [`crate::model`]) the reward is
//!    [`MctsConfig::model_weight`] × the model's estimate of each seat's chance from
//!    its own observation, plus the rest × that squashed evaluation.
//! 6. *Backpropagate* each node's own seat's reward along the path.
//!
//! **Nodes are information sets**, keyed by (seat to act, its
//! [`SearchHints::knowledge_digest`]), not by game states: the other
//! seat's node after our secret commitment is the same node whichever commitment we
//! made, so its statistics cannot depend on it (no peeking, no strategy fusion on
//! the opponent's side beyond what it may know). The tree is really a graph with
//! transpositions merged; a path that would revisit a node stops there.
//!
//! **Abstraction:** edges are [`SearchHints::search_actions`] (the ruleset's
//! representative subset), opened in a random order as a node's visits grow.
//!
//! The final choice is the most visited root action. A root with a single search
//! action returns it at once.
//!
//! **Root parallelism** ([`Budget::threads`], issue 27): that many independent trees,
//! each with the whole budget and its own generator, grow on as many threads; their
//! root statistics are summed action by action before the choice.

mod rollout;
pub(crate) use rollout::material_reward;
mod tree;

use crate::heuristic::{settle, Answer};
use crate::model::ValueModel;
use crate::{Agent, Budget};
use orrery_core::{Game, Learning, SearchHints};
use orrery_core::{Rng, Seat};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tree::{Selection, Tree};

/// Tuning of [`MctsAgent`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// UCT exploration constant (rewards are in 0..=1).
    pub exploration: f64,
    /// Most actions the leaf completion plays after the leaf's step has resolved
    /// (see the module documentation).
    pub settle_horizon: usize,
    /// Most random actions played after the completion before the position is
    /// evaluated.
    pub rollout_len: usize,
    /// Actions of a node always open to selection.
    pub widen_min: usize,
    /// Further actions open to selection: `widen_factor · sqrt(visits)`.
    pub widen_factor: f64,
    /// Leaf samples spent per decision estimating the reward scale, when the ruleset
    /// does not report its material ([`orrery_core::Game::unit_fates`]).
    pub calibration_rollouts: usize,
    /// With a learned value (issue 38), its share of a leaf's reward; the ruleset's
    /// evaluation of the completed leaf gives the rest, as AlphaGo mixed its value
    /// network with its rollouts (λ = ½). 1: the model alone, judging the leaf as it
    /// is. A model that learned little (most self-play games drawn) then cannot make
    /// the search worse than the evaluation it had.
    pub model_weight: f64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 0.7,
            settle_horizon: 12,
            rollout_len: 0,
            widen_min: 8,
            widen_factor: 2.0,
            calibration_rollouts: 8,
            model_weight: 0.5,
        }
    }
}

/// What the last search did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Iterations run (calibration samples not counted).
    pub iterations: u32,
    /// Information sets in the tree.
    pub nodes: usize,
    /// Search actions at the root.
    pub root_actions: usize,
    /// The evaluation scale of the reward squash.
    pub scale: f64,
    /// Wall time of the whole decision.
    pub elapsed: Duration,
    /// The chosen action's mean reward for the deciding seat (0..1): the search's own
    /// estimate of its chance, which self-play may teach a learned value
    /// (`orrery train --search-value`).
    pub value: f64,
}

/// Information-set MCTS within a [`Budget`]; see the module documentation.
#[derive(Clone, Debug)]
pub struct MctsAgent {
    seed: u64,
    rng: Rng,
    budget: Budget,
    config: MctsConfig,
    last: Option<SearchStats>,
    /// Judge leaves with a learned value (issue 38): the model given, or when
    /// `learned`, the one [`crate::model::for_game`] finds for the game.
    model: Option<Arc<ValueModel>>,
    learned: bool,
}

impl MctsAgent {
    /// Milliseconds per decision when the budget sets neither limit.
    pub const DEFAULT_MILLIS: u64 = 100;

    pub fn new(seed: u64) -> Self {
        MctsAgent {
            seed,
            rng: Rng::seed_from(seed),
            budget: Budget::default(),
            config: MctsConfig::default(),
            last: None,
            model: None,
            learned: false,
        }
    }

    /// Judge leaves with `model` (a learned value of each seat's observation) instead
    /// of the ruleset's evaluation.
    pub fn with_model(mut self, model: Arc<ValueModel>) -> Self {
        self.model = Some(model);
        self
    }

    /// Judge leaves with the learned value that fits the game (a loaded weights file,
    /// else one the ruleset ships: [`crate::model::for_game`]); without one, search
    /// as plain `mcts` does.
    pub fn learned(mut self) -> Self {
        self.learned = true;
        self
    }

    /// The model the search judges `game`'s leaves with, if any.
    pub fn model_for<G: Game + SearchHints + Learning>(&self, game: &G) -> Option<Arc<ValueModel>> {
        match &self.model {
            Some(m) => Some(m.clone()),
            None if self.learned => crate::model::for_game(game),
            None => None,
        }
    }

    /// Think within `budget` per decision.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    pub fn with_config(mut self, config: MctsConfig) -> Self {
        self.config = config;
        self
    }

    pub fn budget(&self) -> Budget {
        self.budget.clone()
    }

    pub fn config(&self) -> MctsConfig {
        self.config
    }

    /// Statistics of the last decision, if it searched (`None` after one that had a
    /// single action, or none, to choose from).
    pub fn last_stats(&self) -> Option<&SearchStats> {
        self.last.as_ref()
    }

    /// The (iterations, time) limits: an iteration budget alone is not timed; a
    /// ceiling ([`Budget::ceiling_millis`]) bounds the time of any budget.
    fn limits(&self) -> (Option<u32>, Option<Duration>) {
        let millis = match (self.budget.millis, self.budget.iterations) {
            (Some(ms), _) => Some(ms),
            (None, Some(_)) => None,
            (None, None) => Some(Self::DEFAULT_MILLIS),
        };
        let millis = match (millis, self.budget.ceiling_millis) {
            (Some(ms), Some(c)) => Some(ms.min(c)),
            (ms, c) => ms.or(c),
        };
        (self.budget.iterations, millis.map(Duration::from_millis))
    }

    fn search<G: Game + SearchHints + Learning>(
        &mut self,
        game: &G,
        seat: Seat,
        actions: Vec<G::Action>,
    ) -> Option<G::Action> {
        let (mut root, pick) = self.grow_root(game, seat, actions)?;
        Some(root.actions.swap_remove(pick))
    }

    /// `seat`'s chance in `game` through each of `actions` (at least one), as this
    /// search estimates it from the seat's view alone (each iteration determinizes
    /// what the seat cannot see), with the generator [`Agent::choose`] would use
    /// here: each action with its visits and mean reward (0..1), the search's pick
    /// first (issue 41: analysis and hints).
    pub fn estimates<G: Game + SearchHints + Learning>(
        &mut self,
        game: &G,
        seat: Seat,
        actions: Vec<G::Action>,
    ) -> Vec<Estimate<G::Action>> {
        self.rng = crate::decision_rng(self.seed, game, seat);
        self.last = None;
        let Some((root, pick)) = self.grow_root(game, seat, actions) else {
            return Vec::new();
        };
        let mut out: Vec<Estimate<G::Action>> = root
            .actions
            .into_iter()
            .zip(root.edges)
            .map(|(action, e)| Estimate {
                action,
                visits: e.visits,
                value: if e.visits > 0 {
                    e.total / f64::from(e.visits)
                } else {
                    0.5
                },
            })
            .collect();
        out.swap(0, pick);
        out
    }

    /// The search's root grown from `actions` within the budget, and its pick's
    /// index; `None` without actions. Sets [`MctsAgent::last_stats`].
    fn grow_root<G: Game + SearchHints + Learning>(
        &mut self,
        game: &G,
        seat: Seat,
        actions: Vec<G::Action>,
    ) -> Option<(tree::Node<G::Action>, usize)> {
        if actions.is_empty() {
            return None;
        }
        let start = Instant::now();
        let limits = self.limits();
        let cfg = self.config;
        let root_actions = actions.len();
        let threads = self.budget.threads.unwrap_or(1).max(1);
        // One tree: its root is shuffled before the reward scale is sampled (the
        // order every single-tree decision has drawn its generator in).
        let mut first = Tree::new();
        let actions = if threads == 1 {
            first.insert(tree::key(game, seat), actions, &mut self.rng);
            Vec::new()
        } else {
            actions
        };
        let model = self.model_for(game);
        // A model of the learned agent is mixed as it was in its training's search.
        let mut cfg = cfg;
        if let (true, None, Some(m)) = (self.learned, &self.model, &model) {
            if let Some(w) = m.header.value_weight {
                cfg.model_weight = w;
            }
        }
        // A learned value alone needs no scale for the ruleset's evaluation.
        let scale = match model {
            Some(_) if cfg.model_weight >= 1.0 => rollout::MIN_SCALE,
            _ => rollout::reward_scale(
                game,
                seat,
                cfg.calibration_rollouts,
                (cfg.settle_horizon, cfg.rollout_len),
                &mut self.rng,
            ),
        };
        let search = Search {
            game,
            seat,
            limits,
            stop: self.budget.stop.as_ref(),
            cfg,
            scale,
            start,
            model: model.as_deref(),
        };
        let (root, iterations, nodes) = if threads == 1 {
            let iterations = search.grow(&mut first, &mut self.rng);
            let nodes = first.nodes.len();
            (first.into_root(), iterations, nodes)
        } else {
            // Root parallelism: independent trees, each with the whole budget and
            // its own generator (drawn in order, so an iteration budget stays
            // deterministic), their root statistics summed action by action.
            let seeds: Vec<u64> = (0..threads).map(|_| self.rng.next_u64()).collect();
            let grown: Vec<(tree::Node<G::Action>, u32, usize)> = std::thread::scope(|scope| {
                let handles: Vec<_> = seeds
                    .iter()
                    .map(|&seed| {
                        let actions = actions.clone();
                        let search = &search;
                        scope.spawn(move || {
                            let mut rng = Rng::seed_from(seed);
                            let mut tree = Tree::new();
                            tree.insert(tree::key(search.game, search.seat), actions, &mut rng);
                            let n = search.grow(&mut tree, &mut rng);
                            let nodes = tree.nodes.len();
                            (tree.into_root(), n, nodes)
                        })
                    })
                    .collect();
                handles.into_iter().filter_map(|h| h.join().ok()).collect()
            });
            let mut iter = grown.into_iter();
            let Some((mut root, mut iterations, mut nodes)) = iter.next() else {
                // No tree at all (threads ≥ 2, so unreachable).
                return None;
            };
            for (other, n, k) in iter {
                root.absorb(&other);
                iterations += n;
                nodes += k;
            }
            (root, iterations, nodes)
        };
        let pick = root.best_edge().unwrap_or(0);
        let value = root
            .edges
            .get(pick)
            .filter(|e| e.visits > 0)
            .map_or(0.5, |e| e.total / f64::from(e.visits));
        self.last = Some(SearchStats {
            iterations,
            nodes,
            root_actions,
            scale,
            elapsed: start.elapsed(),
            value,
        });
        Some((root, pick))
    }
}

/// One root action's estimate ([`MctsAgent::estimates`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Estimate<A> {
    pub action: A,
    /// Iterations through it.
    pub visits: u32,
    /// The deciding seat's mean reward through it, 0..1 (½ when never visited).
    pub value: f64,
}

/// One decision's search, shared by the trees of root parallelism.
struct Search<'a, G> {
    game: &'a G,
    seat: Seat,
    limits: (Option<u32>, Option<Duration>),
    /// Set from elsewhere: decide now ([`crate::Budget::stop`]).
    stop: Option<&'a crate::Stop>,
    cfg: MctsConfig,
    scale: f64,
    start: Instant,
    model: Option<&'a ValueModel>,
}

impl<G: Game + SearchHints + Learning> Search<'_, G> {
    /// Grow `tree` (its root inserted) until the limits, with `rng`; returns the
    /// iterations run.
    fn grow(&self, tree: &mut Tree<G::Action>, rng: &mut Rng) -> u32 {
        let (max_iterations, max_time) = self.limits;
        let sel = Selection {
            exploration: self.cfg.exploration,
            widen_min: self.cfg.widen_min.max(1),
            widen_factor: self.cfg.widen_factor,
        };
        let mut iterations = 0u32;
        loop {
            if max_iterations.is_some_and(|n| iterations >= n)
                || (iterations > 0
                    && (max_time.is_some_and(|t| self.start.elapsed() >= t)
                        || self.stop.is_some_and(crate::Stop::is_stopped)))
            {
                break;
            }
            self.iterate(tree, sel, rng);
            iterations += 1;
        }
        iterations
    }

    /// One iteration: determinize, select, expand one node, roll out, backpropagate.
    fn iterate(&self, tree: &mut Tree<G::Action>, sel: Selection, rng: &mut Rng) {
        let mut g = self.game.clone();
        g.determinize(self.seat, rng);
        let mut path: Vec<(usize, usize)> = Vec::new();
        let mut id = 0;
        loop {
            let e = tree.select(id, sel);
            let node = &tree.nodes[id];
            let mover = node.seat;
            if g.apply(mover, &node.actions[e]).is_err() {
                // The information set's actions do not fit this determinization (a
                // view hash collision or a ruleset whose actions read hidden state):
                // score the position reached so far.
                break;
            }
            path.push((id, e));
            let Some(&next) = g.to_move().first() else {
                break;
            };
            // The seat's actions are listed only for a new node: a known one has them.
            let key = tree::key(&g, next);
            match tree.get(&key) {
                Some(n) if path.iter().all(|&(p, _)| p != n) => id = n,
                Some(_) => break,
                None => {
                    let actions = g.search_actions(next);
                    if !actions.is_empty() {
                        tree.insert(key, actions, rng);
                    }
                    break;
                }
            }
        }
        // A learned value alone judges the position as it is (it learned from
        // positions in the middle of secret steps too); the ruleset's evaluation
        // waits until the step has resolved.
        let model_alone = self.model.is_some() && self.cfg.model_weight >= 1.0;
        if let (Some(&(id, _)), false) = (path.last(), model_alone) {
            let last_mover = tree.nodes[id].seat;
            settle(
                &mut g,
                last_mover,
                self.cfg.settle_horizon,
                Answer::Playout,
                rng,
            );
        }
        rollout::rollout(&mut g, self.cfg.rollout_len, rng);
        let rewards = rollout::rewards(&g, self.scale, self.model, self.cfg.model_weight);
        tree.backpropagate(&path, &rewards);
    }
}

impl<G: Game + SearchHints + Learning> Agent<G> for MctsAgent {
    fn name(&self) -> &str {
        if self.learned {
            "learned"
        } else {
            "mcts"
        }
    }

    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        if !game.to_move().contains(&seat) {
            return None;
        }
        self.rng = crate::decision_rng(self.seed, game, seat);
        self.last = None;
        let mut actions = game.search_actions(seat);
        if actions.len() <= 1 {
            return actions
                .pop()
                .or_else(|| game.sample_action(seat, &mut self.rng));
        }
        let choice = self.search(game, seat, actions)?;
        // Search actions are legal by contract; make sure of it (probing a copy of the
        // real state reads nothing but whether the action is accepted).
        if game.clone().apply(seat, &choice).is_ok() {
            Some(choice)
        } else {
            // The search's statistics describe a move not played.
            self.last = None;
            game.sample_action(seat, &mut self.rng)
        }
    }
}
