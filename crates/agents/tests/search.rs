//! The searching agents on the real rulesets: legality, determinism, no peeking at
//! hidden commitments, strength against random play.

use orrery_agents::{
    by_name_with, Agent, Budget, HeuristicAgent, MctsAgent, RandomAgent, AGENT_NAMES,
};
use orrery_core::conformance::scenario;
use orrery_core::toy::{Bid, BidScenario, SealedBids};
use orrery_core::{FullGame, Game, Rng, SearchHints, Seat};
use orrery_launch_fighters::LaunchFighters;
use orrery_stratoyager::Stratoyager;

fn game<G: FullGame>(name: &str, seed: u64) -> G {
    G::setup(&scenario::<G>(name), seed).expect("scenario sets up")
}

/// Play to the end, checking every choice is legal and leaves the game unchanged;
/// returns the sole winner, if any.
fn play<G: FullGame>(mut g: G, agents: &mut [Box<dyn Agent<G>>]) -> Option<Seat> {
    let bound = g.action_bound();
    let mut steps = 0;
    while !g.is_terminal() {
        for seat in g.to_move() {
            let before = g.state_hash();
            let action = agents[seat.index()]
                .choose(&g, seat)
                .unwrap_or_else(|| panic!("{} found no action", agents[seat.index()].name()));
            assert_eq!(g.state_hash(), before, "choosing changed the game");
            assert!(
                g.legal_actions(seat).contains(&action),
                "{} chose an illegal action {action:?}",
                agents[seat.index()].name()
            );
            g.apply(seat, &action).expect("a legal action applies");
            steps += 1;
            assert!(steps <= bound, "the game ran past its bound");
        }
    }
    let o = g.outcome().expect("over");
    (o.winners.len() == 1).then(|| o.winners[0])
}

fn agent<G: FullGame>(name: &str, seed: u64) -> Box<dyn Agent<G>> {
    by_name_with(name, seed, Budget::iterations(20)).expect("known agent")
}

#[test]
fn every_agent_plays_legally_on_both_rulesets() {
    for &name in AGENT_NAMES {
        for seed in 0..2u64 {
            let mut lf: Vec<Box<dyn Agent<LaunchFighters>>> =
                vec![agent(name, seed), agent("random", seed + 50)];
            if seed == 1 {
                lf.swap(0, 1);
            }
            play(game::<LaunchFighters>("duel", seed), &mut lf);
            for sc in ["dogfight", "pilot-episode"] {
                let mut sy: Vec<Box<dyn Agent<Stratoyager>>> =
                    vec![agent("random", seed + 50), agent(name, seed)];
                if seed == 1 {
                    sy.swap(0, 1);
                }
                play(game::<Stratoyager>(sc, seed), &mut sy);
            }
        }
    }
}

#[test]
fn every_agent_plays_legally_on_sealed_bids() {
    for &name in AGENT_NAMES {
        for players in 2..=4u8 {
            let g = SealedBids::setup(&BidScenario { players, rounds: 3 }, 5).unwrap();
            let mut agents: Vec<Box<dyn Agent<SealedBids>>> = (0..players)
                .map(|i| agent(name, 10 + u64::from(i)))
                .collect();
            play(g, &mut agents);
        }
    }
}

/// A Stratoyager position in a secret step (several seats to move), after some
/// random play.
fn secret_step(seed: u64) -> Stratoyager {
    let mut g = game::<Stratoyager>("pilot-episode", seed);
    let mut rng = Rng::seed_from(seed);
    for _ in 0..40 {
        let to_move = g.to_move();
        assert!(!to_move.is_empty(), "the game ended too soon");
        let seat = to_move[0];
        let a = g.sample_action(seat, &mut rng).expect("an action");
        g.apply(seat, &a).expect("legal");
    }
    while g.to_move().len() < 2 {
        let seat = g.to_move()[0];
        let a = g.sample_action(seat, &mut rng).expect("an action");
        g.apply(seat, &a).expect("legal");
    }
    g
}

#[test]
fn mcts_with_an_iteration_budget_is_deterministic() {
    let lf = game::<LaunchFighters>("duel", 3);
    let sy = secret_step(3);
    for seed in 0..3u64 {
        let run_lf = || {
            let mut a = MctsAgent::new(seed).with_budget(Budget::iterations(150));
            let c = Agent::<LaunchFighters>::choose(&mut a, &lf, lf.to_move()[0]);
            (c, a.last_stats().map(|s| (s.iterations, s.nodes)))
        };
        assert_eq!(run_lf(), run_lf());
        let run_sy = || {
            let mut a = MctsAgent::new(seed).with_budget(Budget::iterations(150));
            let c = Agent::<Stratoyager>::choose(&mut a, &sy, sy.to_move()[1]);
            (c, a.last_stats().map(|s| (s.iterations, s.nodes)))
        };
        assert_eq!(run_sy(), run_sy());
    }
}

/// Two states that differ only in seat 0's secret bid: seat 1 must decide the same.
#[test]
fn searching_agents_ignore_hidden_bids() {
    for seed in 0..6u64 {
        let g = SealedBids::setup(
            &BidScenario {
                players: 2,
                rounds: 3,
            },
            seed,
        )
        .unwrap();
        let mut low = g.clone();
        low.apply(Seat(0), &Bid { amount: 0 }).unwrap();
        let mut high = g.clone();
        high.apply(Seat(0), &Bid { amount: 3 }).unwrap();
        assert_eq!(low.view(Some(Seat(1))), high.view(Some(Seat(1))));
        let mut m1 = MctsAgent::new(seed).with_budget(Budget::iterations(200));
        let mut m2 = MctsAgent::new(seed).with_budget(Budget::iterations(200));
        let a = Agent::<SealedBids>::choose(&mut m1, &low, Seat(1));
        let b = Agent::<SealedBids>::choose(&mut m2, &high, Seat(1));
        assert_eq!(a, b);
        let nodes = |m: &MctsAgent| m.last_stats().map(|s| (s.iterations, s.nodes, s.scale));
        assert_eq!(nodes(&m1), nodes(&m2));
        let mut h1 = HeuristicAgent::new(seed);
        let mut h2 = HeuristicAgent::new(seed);
        assert_eq!(
            Agent::<SealedBids>::choose(&mut h1, &low, Seat(1)),
            Agent::<SealedBids>::choose(&mut h2, &high, Seat(1))
        );
    }
}

/// The same on Stratoyager: seat 0 commits one of two different secret answers.
#[test]
fn mcts_ignores_hidden_stratoyager_orders() {
    let mut checked = 0;
    for seed in 0..8u64 {
        let g = secret_step(seed);
        let to_move = g.to_move();
        let (first, second) = (to_move[0], to_move[1]);
        let legal = g.legal_actions(first);
        if legal.len() < 2 {
            continue;
        }
        let mut a = g.clone();
        a.apply(first, &legal[0]).unwrap();
        let mut b = g.clone();
        b.apply(first, &legal[legal.len() - 1]).unwrap();
        if a.view(Some(second)) != b.view(Some(second)) {
            continue; // the answer was public after all
        }
        let mut m1 = MctsAgent::new(seed).with_budget(Budget::iterations(120));
        let mut m2 = MctsAgent::new(seed).with_budget(Budget::iterations(120));
        let ca = Agent::<Stratoyager>::choose(&mut m1, &a, second);
        let cb = Agent::<Stratoyager>::choose(&mut m2, &b, second);
        assert_eq!(ca, cb, "seed {seed}");
        let mut h1 = HeuristicAgent::new(seed);
        let mut h2 = HeuristicAgent::new(seed);
        assert_eq!(
            Agent::<Stratoyager>::choose(&mut h1, &a, second),
            Agent::<Stratoyager>::choose(&mut h2, &b, second),
            "seed {seed}"
        );
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} secret positions found");
}

/// Sole wins of agent `a` (built by `make`) against the random agent over `games`
/// games, seats alternating.
fn wins_against_random<G: FullGame>(
    sc: &str,
    games: u64,
    make: impl Fn(u64) -> Box<dyn Agent<G>>,
) -> u32 {
    let mut wins = 0;
    for seed in 0..games {
        let me = (seed % 2) as usize;
        let mut agents: Vec<Box<dyn Agent<G>>> =
            vec![make(seed), Box::new(RandomAgent::new(seed + 1000))];
        if me == 1 {
            agents.swap(0, 1);
        }
        if play(game::<G>(sc, seed), &mut agents) == Some(Seat(me as u8)) {
            wins += 1;
        }
    }
    wins
}

#[test]
fn heuristic_beats_random() {
    let heuristic = |s| -> Box<dyn Agent<_>> { Box::new(HeuristicAgent::new(s)) };
    let lf = wins_against_random::<LaunchFighters>("duel", 10, heuristic);
    assert!(lf >= 8, "heuristic won {lf} of 10 Launch Fighters duels");
    let heuristic = |s| -> Box<dyn Agent<_>> { Box::new(HeuristicAgent::new(s)) };
    let sy = wins_against_random::<Stratoyager>("dogfight", 10, heuristic);
    assert!(sy >= 8, "heuristic won {sy} of 10 Stratoyager dogfights");
}

#[test]
fn mcts_beats_random() {
    let mcts = |s| -> Box<dyn Agent<_>> {
        Box::new(MctsAgent::new(s).with_budget(Budget::iterations(100)))
    };
    let sy = wins_against_random::<Stratoyager>("dogfight", 6, mcts);
    assert!(sy >= 5, "mcts won {sy} of 6 Stratoyager dogfights");
    let mcts = |s| -> Box<dyn Agent<_>> {
        Box::new(MctsAgent::new(s).with_budget(Budget::iterations(60)))
    };
    let lf = wins_against_random::<LaunchFighters>("duel", 2, mcts);
    assert!(lf >= 1, "mcts won {lf} of 2 Launch Fighters duels");
}

#[test]
fn mcts_budget_and_single_action() {
    // A time budget alone stops the search.
    let g = game::<LaunchFighters>("duel", 1);
    let seat = g.to_move()[0];
    let mut a = MctsAgent::new(1).with_budget(Budget::millis(20));
    let c = Agent::<LaunchFighters>::choose(&mut a, &g, seat).unwrap();
    assert!(g.legal_actions(seat).contains(&c));
    let s = a.last_stats().unwrap();
    assert!(s.iterations >= 1);
    assert!(s.elapsed.as_millis() < 2_000, "{s:?}");
    // The iteration budget is exact.
    let mut b = MctsAgent::new(1).with_budget(Budget::iterations(33));
    Agent::<LaunchFighters>::choose(&mut b, &g, seat).unwrap();
    assert_eq!(b.last_stats().unwrap().iterations, 33);
    // A seat that is not to move gets nothing.
    let other = Seat(1 - seat.0);
    assert!(Agent::<LaunchFighters>::choose(&mut b, &g, other).is_none());
}

/// Issue 27, root parallelism: `threads` trees of the whole budget each, merged at
/// the root; deterministic under an iteration budget whatever the scheduling.
#[test]
fn root_parallel_mcts_grows_one_tree_per_thread_and_is_deterministic() {
    let g = game::<LaunchFighters>("duel", 5);
    let seat = g.to_move()[0];
    let budget = Budget {
        threads: Some(3),
        ..Budget::iterations(40)
    };
    let run = || {
        let mut a = MctsAgent::new(9).with_budget(budget.clone());
        let c = Agent::<LaunchFighters>::choose(&mut a, &g, seat).unwrap();
        (c, a.last_stats().unwrap().iterations)
    };
    let (c, iterations) = run();
    assert_eq!(iterations, 120, "three trees of 40 iterations");
    assert!(g.legal_actions(seat).contains(&c));
    for _ in 0..3 {
        assert_eq!(run(), (c.clone(), 120));
    }
    // A level keeps its own iteration count when only the threads are given.
    let mut hard = by_name_with::<LaunchFighters>(
        "normal",
        9,
        Budget {
            threads: Some(2),
            ..Budget::default()
        },
    )
    .unwrap();
    assert!(hard.choose(&g, seat).is_some());
}

/// A long sealed-bids game (20 rounds): a search on it would use all of a long budget.
fn long_bids() -> SealedBids {
    SealedBids::setup(
        &BidScenario {
            players: 2,
            rounds: 20,
        },
        1,
    )
    .unwrap()
}

/// `a` decides at `seat` in under 5 s, a small part of the 10–20 s budgets below:
/// something cut its search short.
fn decides_well_within_its_budget(a: &mut dyn Agent<SealedBids>, g: &SealedBids, seat: Seat) {
    let t = std::time::Instant::now();
    assert!(a.choose(g, seat).is_some());
    assert!(
        t.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        t.elapsed()
    );
}

/// Issue 40 "Agent budgets": a ceiling ([`Budget::ceiling_millis`], what a server
/// still allows a game's agents) cuts any budget: a 10 s search with 50 ms left of
/// its game's allowance stops in about 50 ms.
#[test]
fn a_ceiling_cuts_a_decisions_own_budget() {
    let g = long_bids();
    let seat = g.to_move()[0];
    let mut a = by_name_with::<SealedBids>(
        "mcts",
        1,
        Budget {
            millis: Some(10_000),
            ceiling_millis: Some(50),
            ..Budget::default()
        },
    )
    .unwrap();
    decides_well_within_its_budget(&mut *a, &g, seat);
}

/// Issue 40: a decision in progress stops when its budget's [`Stop`] is set from
/// another thread (a server's game resigned or unloaded), and still decides.
#[test]
fn a_stop_set_from_elsewhere_ends_a_decision_in_progress() {
    let g = long_bids();
    let seat = g.to_move()[0];
    let stop = orrery_agents::Stop::default();
    let mut a = MctsAgent::new(3).with_budget(Budget {
        millis: Some(20_000),
        stop: Some(stop.clone()),
        ..Budget::default()
    });
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        stop.stop();
    });
    decides_well_within_its_budget(&mut a, &g, seat);
    assert!(a.last_stats().is_some_and(|s| s.iterations > 0));
    stopper.join().unwrap();
}

/// Issue 38, `orrery train --residual`: a residual model whose network answers 0 is
/// the ruleset's evaluation itself, both where a search's leaf reads it (a copy as
/// it is) and where a seat's estimate reads it (a copy determinized for the seat),
/// and it moves with the evaluation, not with the network's untrained guess.
#[test]
fn a_residual_model_that_learned_nothing_is_the_evaluation() {
    use orrery_agents::model::{residual_base, sigmoid, ValueModel};
    let mut g = game::<LaunchFighters>("duel", 5);
    let mut rng = Rng::seed_from(5);
    // Into the battle: every ship placed, some moves made.
    for _ in 0..60 {
        let Some(&seat) = g.to_move().first() else {
            break;
        };
        let a = g.sample_action(seat, &mut rng).expect("a move");
        g.apply(seat, &a).expect("legal");
    }
    let mut m = ValueModel::untrained(&g, "duel", &[8], 3).expect("a model");
    m.header.residual = true;
    let last = m.layers.last_mut().expect("layers");
    last.weights.iter_mut().for_each(|w| *w = 0.0);
    last.biases.iter_mut().for_each(|b| *b = 0.0);
    for seat in [Seat(0), Seat(1)] {
        let reward = orrery_agents::evaluation_reward(&g, seat).expect("LF reports points");
        assert!((f64::from(m.value_in_copy(&g, seat)) - reward).abs() < 1e-5);
        // Launch Fighters! hides nothing but the dice: the determinized copy is judged
        // as the game itself.
        assert!((f64::from(sigmoid(residual_base(&g, seat))) - reward).abs() < 1e-5);
        assert!((f64::from(m.value_of(&g, seat)) - reward).abs() < 1e-5);
    }
    // Without `residual`, the same weights say ½ whatever the position.
    m.header.residual = false;
    assert_eq!(m.value_of(&g, Seat(0)), 0.5);
}
