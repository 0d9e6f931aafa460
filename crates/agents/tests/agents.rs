use orrery_agents::{by_name_with, Agent, Budget, GreedyAgent, RandomAgent, AGENT_NAMES};
use orrery_core::toy::{BidScenario, SealedBids};
use orrery_core::FullGame;
use orrery_core::{
    ActionError, Game, Logged, NamedScenario, Outcome, Progress, Rng, Seat, SetupError, StateHash,
};
use orrery_core::{Files, Learning, Odds, Presentation, SearchHints};
use serde::{Deserialize, Serialize};

/// Play a whole game with one agent per seat; returns the final game and the list of
/// (seat, action) taken. Panics if an agent picks an illegal action.
fn play<G: FullGame>(mut game: G, agents: &mut [Box<dyn Agent<G>>]) -> (G, Vec<(Seat, G::Action)>) {
    let mut trace = Vec::new();
    let bound = game.action_bound();
    while !game.is_terminal() {
        assert!(trace.len() <= bound, "game did not end");
        let to_move = game.to_move();
        assert!(!to_move.is_empty());
        for seat in to_move {
            let before = game.state_hash();
            let legal = game.legal_actions(seat);
            let action = agents[seat.index()]
                .choose(&game, seat)
                .expect("a seat to move has an action");
            assert_eq!(game.state_hash(), before, "choosing changed the game");
            assert!(legal.contains(&action), "agent chose an unlisted action");
            game.apply(seat, &action).expect("legal action applies");
            trace.push((seat, action));
        }
    }
    (game, trace)
}

/// Every agent by name; `mcts` on a small iteration budget (deterministic, fast).
fn by_name<G: FullGame>(
    name: &str,
    seed: u64,
) -> Result<Box<dyn Agent<G>>, orrery_agents::UnknownAgent> {
    by_name_with(name, seed, Budget::iterations(40))
}

fn toy(players: u8, seed: u64) -> SealedBids {
    SealedBids::setup(&BidScenario { players, rounds: 3 }, seed).unwrap()
}

#[test]
fn every_agent_finishes_toy_games() {
    for &name in AGENT_NAMES {
        for players in 2..=4u8 {
            for seed in 0..20u64 {
                let mut agents: Vec<Box<dyn Agent<SealedBids>>> = (0..players)
                    .map(|i| by_name(name, seed * 10 + u64::from(i)).unwrap())
                    .collect();
                let (g, trace) = play(toy(players, seed), &mut agents);
                assert!(g.outcome().is_some());
                assert_eq!(trace.len(), 3 * players as usize);
            }
        }
    }
}

#[test]
fn mixed_agents_finish() {
    let mut agents: Vec<Box<dyn Agent<SealedBids>>> = vec![
        by_name("greedy", 1).unwrap(),
        by_name("random", 2).unwrap(),
        by_name("greedy", 3).unwrap(),
    ];
    let (g, _) = play(toy(3, 9), &mut agents);
    assert!(g.is_terminal());
}

#[test]
fn agents_are_deterministic_for_a_seed() {
    for &name in AGENT_NAMES {
        for seed in 0..10u64 {
            let run = || {
                let mut agents: Vec<Box<dyn Agent<SealedBids>>> = vec![
                    by_name(name, seed).unwrap(),
                    by_name(name, seed + 100).unwrap(),
                    by_name(name, seed + 200).unwrap(),
                ];
                let (g, trace) = play(toy(3, seed), &mut agents);
                (g.state_hash(), trace)
            };
            let (h1, t1) = run();
            let (h2, t2) = run();
            assert_eq!(h1, h2);
            assert_eq!(t1, t2);
        }
    }
}

#[test]
fn different_seeds_give_different_random_play() {
    let traces: Vec<_> = (0..8u64)
        .map(|seed| {
            let mut agents: Vec<Box<dyn Agent<SealedBids>>> = vec![
                Box::new(RandomAgent::new(seed)),
                Box::new(RandomAgent::new(seed + 1000)),
            ];
            play(toy(2, 1), &mut agents).1
        })
        .collect();
    assert!(traces.iter().any(|t| t != &traces[0]));
}

#[test]
fn no_action_when_not_to_move_or_over() {
    let mut g = toy(2, 1);
    for &name in AGENT_NAMES {
        let mut a = by_name::<SealedBids>(name, 5).unwrap();
        // Seat 5 does not exist; seats that already committed are not to move.
        assert!(a.choose(&g, Seat(5)).is_none());
    }
    let a0 = g.legal_actions(Seat(0))[0].clone();
    g.apply(Seat(0), &a0).unwrap();
    let mut r = RandomAgent::new(1);
    assert!(Agent::<SealedBids>::choose(&mut r, &g, Seat(0)).is_none());
    let mut agents: Vec<Box<dyn Agent<SealedBids>>> =
        vec![by_name("random", 1).unwrap(), by_name("random", 2).unwrap()];
    let (over, _) = play(toy(2, 3), &mut agents);
    for &name in AGENT_NAMES {
        let mut a = by_name::<SealedBids>(name, 5).unwrap();
        assert!(a.choose(&over, Seat(0)).is_none());
    }
}

#[test]
fn greedy_does_not_read_the_real_dice() {
    // The greedy agent's choice must not depend on the game's future dice: the same
    // position with two different generators gives the same choice for the same
    // agent seed.
    // (The other world is made afresh at each step: a gamble rolls the two worlds'
    // different dice, after which they are no longer the same position.)
    let mut g = Race::setup(&RaceScenario { target: 12 }, 1).unwrap();
    for step in 0..5 {
        let mut other = g.clone();
        other.rng_mut().reseed(987_654 + step);
        let mut a = GreedyAgent::new(42);
        let mut b = GreedyAgent::new(42);
        let ca = Agent::<Race>::choose(&mut a, &g, g.to_move()[0]);
        let cb = Agent::<Race>::choose(&mut b, &other, other.to_move()[0]);
        assert_eq!(ca, cb);
        let seat = g.to_move()[0];
        g.apply(seat, &ca.unwrap()).unwrap();
    }
}

#[test]
fn greedy_sample_cap_still_returns_legal_actions() {
    let g = Race::setup(&RaceScenario { target: 12 }, 1).unwrap();
    let seat = g.to_move()[0];
    let legal = g.legal_actions(seat);
    assert!(legal.len() > 2);
    let mut a = GreedyAgent::new(3).with_sample_cap(2);
    assert_eq!(a.sample_cap(), 2);
    for _ in 0..50 {
        let c = Agent::<Race>::choose(&mut a, &g, seat).unwrap();
        assert!(legal.contains(&c));
    }
    assert_eq!(GreedyAgent::new(3).with_sample_cap(0).sample_cap(), 1);
}

#[test]
fn greedy_beats_random_in_a_race() {
    let mut greedy_wins = 0;
    let mut random_wins = 0;
    for seed in 0..60u64 {
        // Alternate who sits first so the first-move advantage cancels out.
        let greedy_seat = (seed % 2) as usize;
        let mut agents: Vec<Box<dyn Agent<Race>>> = Vec::new();
        for s in 0..2 {
            if s == greedy_seat {
                agents.push(by_name("greedy", seed).unwrap());
            } else {
                agents.push(by_name("random", seed + 1).unwrap());
            }
        }
        let g = Race::setup(&RaceScenario { target: 20 }, seed).unwrap();
        let (g, _) = play(g, &mut agents);
        let o = g.outcome().unwrap();
        if o.winners == vec![Seat(greedy_seat as u8)] {
            greedy_wins += 1;
        } else if o.winners.len() == 1 {
            random_wins += 1;
        }
    }
    assert!(
        greedy_wins > 2 * random_wins,
        "greedy {greedy_wins} vs random {random_wins}"
    );
}

// ---------------------------------------------------------------------------------
// A tiny alternating race with chance, where looking one move ahead pays: each turn
// the seat to move advances 0–3 steps, or gambles (a die: 1–3 = +1, 4–6 = +5). First
// to the target wins.

#[derive(Clone, Debug, Serialize, Deserialize)]
struct RaceScenario {
    target: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum Step {
    Walk(u32),
    Gamble,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Race {
    target: u32,
    pos: [u32; 2],
    turn: u8,
    moves: u32,
    rng: Rng,
}

impl Game for Race {
    type Scenario = RaceScenario;
    type Action = Step;
    type Event = String;
    type View = [u32; 2];
    const INFO: orrery_core::GameInfo = orrery_core::GameInfo::new("race", "Race", (2, 2));

    fn scenarios() -> Vec<NamedScenario<RaceScenario>> {
        vec![NamedScenario {
            name: "default".into(),
            description: "to 20".into(),
            scenario: RaceScenario { target: 20 },
        }]
    }
    fn setup(s: &RaceScenario, seed: u64) -> Result<Self, SetupError> {
        Ok(Race {
            target: s.target,
            pos: [0, 0],
            turn: 0,
            moves: 0,
            rng: Rng::seed_from(seed),
        })
    }
    fn seats(&self) -> u8 {
        2
    }
    fn to_move(&self) -> Vec<Seat> {
        if self.outcome().is_some() {
            vec![]
        } else {
            vec![Seat(self.turn)]
        }
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Step> {
        if self.to_move() != vec![seat] {
            return vec![];
        }
        let mut v: Vec<Step> = (0..=3).map(Step::Walk).collect();
        v.push(Step::Gamble);
        v
    }
    fn apply(&mut self, seat: Seat, a: &Step) -> Result<Vec<Logged<String>>, ActionError> {
        ActionError::check_turn(self.is_terminal(), seat, self.to_move())?;
        let d = match a {
            Step::Walk(n) if *n <= 3 => *n,
            Step::Walk(_) => return Err(ActionError::illegal("too far")),
            Step::Gamble => {
                if self.rng.d6() <= 3 {
                    1
                } else {
                    5
                }
            }
        };
        self.pos[seat.index()] += d;
        self.turn = 1 - self.turn;
        self.moves += 1;
        Ok(vec![Logged::public(format!("{seat} +{d}"))])
    }
    fn view(&self, _: Option<Seat>) -> [u32; 2] {
        self.pos
    }
    fn outcome(&self) -> Option<Outcome> {
        let done = self.pos.iter().any(|&p| p >= self.target) || self.moves >= 200;
        if !done {
            return None;
        }
        let best = self.pos[0].max(self.pos[1]);
        Some(Outcome {
            winners: (0..2u8)
                .filter(|&i| self.pos[i as usize] == best)
                .map(Seat)
                .collect(),
            scores: self.scores(),
            reason: String::new(),
        })
    }
    fn scores(&self) -> Vec<f64> {
        self.pos.iter().map(|&p| f64::from(p)).collect()
    }
    fn progress(&self) -> Progress {
        Progress {
            turn: self.moves,
            phase: "race".into(),
        }
    }
    fn rng(&self) -> &Rng {
        &self.rng
    }
    fn rng_mut(&mut self) -> &mut Rng {
        &mut self.rng
    }
}

impl Presentation for Race {}

impl Odds for Race {}

impl Files for Race {}

impl SearchHints for Race {}

impl Learning for Race {}

#[test]
fn race_is_a_conforming_game() {
    let r = orrery_core::conformance::run::<Race>(
        &[RaceScenario { target: 10 }],
        &orrery_core::conformance::Config {
            games: 10,
            ..Default::default()
        },
    );
    r.assert_clean();
    let _: StateHash = Race::setup(&RaceScenario { target: 3 }, 0)
        .unwrap()
        .state_hash();
}
