//! Ladders: matches between named agents, rated in Elo, as chess engines are tested
//! (cutechess-cli, fishtest; issue 27).
//!
//! **Schedule.** A *pairing* is two agents, the candidate `a` and the opponent `b`;
//! a round robin pairs every two agents, a gauntlet the first agent with each other.
//! A pairing's games run in *rounds*: one set-up seed, one game per seat, the
//! candidate in each seat in turn and the opponent in all the others (in a duel: the
//! same battle with seats swapped, like an opening played with both colours). Round
//! `k` of every pairing uses seed `seed + k`, so all pairings meet the same battles.
//! With several scenarios, rounds take them in turn. Each game is played exactly as
//! [`crate::play`] plays it (any game can be replayed with `orrery battle`).
//!
//! **Result.** A game is scored as the candidate's mean result against each
//! opponent seat ([`candidate_score`]): against one seat, 1 if the candidate won and
//! that seat did not, 0 the other way round, ½ otherwise. In a duel that is 1 / ½ / 0
//! for a win, a draw or a shared win, a loss; with more seats, equal agents still
//! score ½ on average, so Elo keeps its meaning (one candidate seat against three
//! equal opponents wins a quarter of the games and scores ½). The tally counts a
//! *win* when the candidate won alone, a *loss* when an opponent won and it did not,
//! a *draw* otherwise.
//!
//! **Ratings.** [`crate::elo::fit_ratings`] over every game; pairings show their own
//! W–D–L, the Elo difference of their mean score with a 95 % interval, and the
//! candidate's share of the decisive games with its Wilson interval. The interval
//! (and the SPRT) treat a *round* as one observation: its games share a seed and are
//! not independent (fishtest counts game pairs for the same reason).
//!
//! **SPRT.** With a [`Sprt`], a ladder of two agents stops as soon as the test
//! decides at the end of a round. The test reads the rounds in their order, whatever
//! the number of threads, so under iteration budgets the verdict and the games
//! counted never depend on `jobs`.

use crate::elo::{fit_ratings, Fitted, Pairwise, Scores, Sprt, SprtVerdict, Tally};
use crate::stats::Proportion;
use crate::{check_agents, play_indexed, run_batch, seats_of, LabError};
use orrery_agents::Budget;
use orrery_core::{Game, Learning, SearchHints};
use serde::Serialize;

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Schedule {
    /// Every two agents.
    RoundRobin,
    /// The first agent against each of the others.
    Gauntlet,
}

/// What to play.
#[derive(Clone, Debug)]
pub struct LadderConfig {
    /// Agent specs (`heuristic`, `mcts@5000`, `hard`…), at least two, all different.
    pub agents: Vec<String>,
    pub schedule: Schedule,
    /// Games per pairing (rounded up to whole rounds: a multiple of the seat count).
    pub games: usize,
    /// Seed of round 0.
    pub seed: u64,
    /// The budget of agents whose spec has no `@` budget.
    pub budget: Budget,
    /// Worker threads (never changes the results).
    pub jobs: usize,
    /// Stop a two-agent ladder when this test decides.
    pub sprt: Option<Sprt>,
    /// The agent rated 0 Elo (index into `agents`).
    pub anchor: usize,
}

/// One game of a ladder.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LadderGame {
    pub pairing: usize,
    /// Index into the ladder's scenarios.
    pub scenario: usize,
    pub round: usize,
    pub seed: u64,
    /// The agent spec in each seat.
    pub seats: Vec<String>,
    /// The candidate's seat.
    pub candidate_seat: u8,
    /// The candidate's score ([`candidate_score`]).
    pub score: f64,
    pub winners: Vec<u8>,
    pub turns: u32,
    pub decisions: u64,
    pub reason: String,
}

/// One pairing's results, from the candidate's side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairingReport {
    pub candidate: String,
    pub opponent: String,
    #[serde(flatten)]
    pub tally: Tally,
    pub score: f64,
    /// The candidate's wins among the decisive games.
    pub decisive: Proportion,
    /// Elo difference of the score and its 95 % interval.
    pub elo: f64,
    pub elo_ci95: [f64; 2],
    /// Rounds played (the observations behind `elo_ci95`).
    pub rounds: u32,
    /// Mean decisions per game (both sides).
    pub mean_decisions: f64,
}

/// One agent's rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    pub agent: String,
    /// Elo relative to the anchor and its standard error.
    #[serde(flatten)]
    pub fitted: Fitted,
    /// Half-width of the 95 % interval (1.96 standard errors).
    pub ci95: f64,
    pub games: u32,
    /// Mean score over all its games.
    pub score: f64,
}

/// The SPRT's outcome.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SprtReport {
    #[serde(flatten)]
    pub test: Sprt,
    pub verdict: SprtVerdict,
    pub llr: f64,
    pub bounds: [f64; 2],
}

/// A whole ladder.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LadderReport {
    pub scenarios: Vec<String>,
    pub seats: usize,
    pub schedule: Schedule,
    pub seed: u64,
    pub agents: Vec<String>,
    pub anchor: String,
    /// Games planned per pairing (after rounding to whole rounds).
    pub games_per_pairing: usize,
    pub games_played: usize,
    /// Ratings, strongest first.
    pub ratings: Vec<Rating>,
    pub pairings: Vec<PairingReport>,
    pub sprt: Option<SprtReport>,
    #[serde(skip)]
    pub games: Vec<LadderGame>,
}

/// The pairings of `n` agents: `(candidate, opponent)` indices.
pub fn pairings(n: usize, schedule: Schedule) -> Vec<(usize, usize)> {
    match schedule {
        Schedule::Gauntlet => (1..n).map(|b| (0, b)).collect(),
        Schedule::RoundRobin => (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect(),
    }
}

/// Games per pairing for `games` asked: whole rounds of `seats` games.
pub fn games_per_pairing(games: usize, seats: usize) -> usize {
    let seats = seats.max(1);
    games.div_ceil(seats) * seats
}

/// Where game `g` of a pairing stands: `(round, scenario, candidate seat)`.
fn slot(g: usize, seats: usize, scenarios: usize) -> (usize, usize, usize) {
    let round = g / seats;
    (round, round % scenarios, g % seats)
}

/// The candidate's score in a game of `seats` seats it played in `seat`: the mean,
/// over the other seats, of 1 if the candidate is among the winners and that seat
/// is not, 0 the other way round, ½ otherwise (see the module documentation).
pub fn candidate_score(winners: &[u8], seat: u8, seats: usize) -> f64 {
    if seats < 2 {
        return 0.5;
    }
    let won = |s: u8| winners.contains(&s);
    let total: f64 = (0..seats as u8)
        .filter(|&s| s != seat)
        .map(|s| match (won(seat), won(s)) {
            (true, false) => 1.0,
            (false, true) => 0.0,
            _ => 0.5,
        })
        .sum();
    total / (seats - 1) as f64
}

/// The tally's reading of a game: 1 the candidate won alone, 0 an opponent won and
/// the candidate did not, ½ anything else.
fn tally_result(winners: &[u8], seat: u8) -> f64 {
    match (winners.contains(&seat), winners.len()) {
        (true, 1) => 1.0,
        (false, n) if n > 0 => 0.0,
        _ => 0.5,
    }
}

/// Play a ladder on `scenarios` (name, scenario; all with the same seat count);
/// `tick` is called after every game.
pub fn run<G: Game + SearchHints + Learning>(
    scenarios: &[(String, G::Scenario)],
    cfg: &LadderConfig,
    tick: &(dyn Fn() + Sync),
) -> Result<LadderReport, LabError> {
    let input = |why: String| Err(LabError::Input(why));
    if cfg.agents.len() < 2 {
        return input("a ladder needs at least two agents".into());
    }
    for (i, a) in cfg.agents.iter().enumerate() {
        if cfg.agents[..i].contains(a) {
            return input(format!("agent `{a}` is listed twice"));
        }
    }
    check_agents::<G>(&cfg.agents)?;
    if scenarios.is_empty() {
        return input("a ladder needs a scenario".into());
    }
    if cfg.anchor >= cfg.agents.len() {
        return input("the anchor must be one of the agents".into());
    }
    if let Some(s) = &cfg.sprt {
        s.check().map_err(LabError::Input)?;
        if cfg.agents.len() != 2 {
            return input("an SPRT compares exactly two agents".into());
        }
    }
    let seats = seats_of::<G>(&scenarios[0].1, cfg.seed)?;
    for (name, s) in &scenarios[1..] {
        let n = seats_of::<G>(s, cfg.seed)?;
        if n != seats {
            return input(format!(
                "scenario `{name}` has {n} seats, `{}` has {seats}: a ladder's scenarios must agree",
                scenarios[0].0
            ));
        }
    }
    if cfg.games == 0 {
        return input("a ladder needs at least one game per pairing".into());
    }
    let per_pairing = games_per_pairing(cfg.games, seats);
    let pairs = pairings(cfg.agents.len(), cfg.schedule);
    let play_game = |pairing: usize, g: usize| -> Result<LadderGame, LabError> {
        let (a, b) = pairs[pairing];
        let (round, scenario, seat) = slot(g, seats, scenarios.len());
        let names: Vec<String> = (0..seats)
            .map(|s| cfg.agents[if s == seat { a } else { b }].clone())
            .collect();
        let seed = cfg.seed.wrapping_add(round as u64);
        let r = play_indexed::<G>(&scenarios[scenario].1, g, seed, &names, cfg.budget.clone())?;
        let seat = seat as u8;
        Ok(LadderGame {
            pairing,
            scenario,
            round,
            seed,
            score: candidate_score(&r.winners, seat, seats),
            seats: names,
            candidate_seat: seat,
            winners: r.winners,
            turns: r.turns,
            decisions: r.decisions,
            reason: r.reason,
        })
    };
    let mut games: Vec<LadderGame> = Vec::new();
    let mut sprt = None;
    match cfg.sprt {
        None => {
            let total = pairs.len() * per_pairing;
            games = run_batch(total, cfg.jobs, tick, |i| {
                play_game(i / per_pairing, i % per_pairing)
            })?;
        }
        Some(test) => {
            // Chunks of whole rounds; the verdict is read game by game in order.
            let chunk = games_per_pairing(cfg.jobs.max(1) * 4, seats);
            let mut rounds = Scores::default();
            let mut round = 0.0;
            let mut verdict = SprtVerdict::Inconclusive;
            'chunks: while games.len() < per_pairing {
                let start = games.len();
                let n = chunk.min(per_pairing - start);
                let batch = run_batch(n, cfg.jobs, tick, |i| play_game(0, start + i))?;
                for g in batch {
                    round += g.score;
                    games.push(g);
                    // Whole rounds only: every seat played by each side alike.
                    if games.len().is_multiple_of(seats) {
                        rounds.add(round / seats as f64);
                        round = 0.0;
                        verdict = test.verdict(&rounds);
                        if verdict != SprtVerdict::Inconclusive {
                            break 'chunks;
                        }
                    }
                }
            }
            let (lo, hi) = test.bounds();
            sprt = Some(SprtReport {
                test,
                verdict,
                llr: test.llr(&rounds),
                bounds: [lo, hi],
            });
        }
    }
    report(scenarios, cfg, seats, per_pairing, &pairs, games, sprt)
}

fn report<S>(
    scenarios: &[(String, S)],
    cfg: &LadderConfig,
    seats: usize,
    per_pairing: usize,
    pairs: &[(usize, usize)],
    games: Vec<LadderGame>,
    sprt: Option<SprtReport>,
) -> Result<LadderReport, LabError> {
    let n = cfg.agents.len();
    let mut tallies = vec![Tally::default(); pairs.len()];
    let mut scores = vec![(Scores::default(), 0.0, 0.0); pairs.len()];
    let mut decisions = vec![0u64; pairs.len()];
    let mut per_agent = vec![(0u32, 0.0f64); n];
    let mut pairwise = Vec::with_capacity(games.len());
    for g in &games {
        let (a, b) = pairs[g.pairing];
        tallies[g.pairing].add(tally_result(&g.winners, g.candidate_seat));
        // (rounds, this round's sum, all games' sum)
        let (rounds, round, sum) = &mut scores[g.pairing];
        *round += g.score;
        *sum += g.score;
        if g.candidate_seat as usize + 1 == seats {
            rounds.add(*round / seats as f64);
            *round = 0.0;
        }
        decisions[g.pairing] += g.decisions;
        per_agent[a].0 += 1;
        per_agent[a].1 += g.score;
        per_agent[b].0 += 1;
        per_agent[b].1 += 1.0 - g.score;
        pairwise.push(Pairwise {
            a,
            b,
            score: g.score,
        });
    }
    let fitted = fit_ratings(n, &pairwise, cfg.anchor).map_err(LabError::Fit)?;
    let mut ratings: Vec<Rating> = fitted
        .into_iter()
        .enumerate()
        .map(|(i, f)| Rating {
            agent: cfg.agents[i].clone(),
            ci95: crate::stats::Z95 * f.std_error,
            fitted: f,
            games: per_agent[i].0,
            score: if per_agent[i].0 > 0 {
                per_agent[i].1 / f64::from(per_agent[i].0)
            } else {
                0.5
            },
        })
        .collect();
    ratings.sort_by(|x, y| y.fitted.elo.total_cmp(&x.fitted.elo));
    let pairings = pairs
        .iter()
        .zip(&tallies)
        .zip(&decisions)
        .zip(&scores)
        .map(|(((&(a, b), t), &d), (rounds, _, sum))| {
            let (_, ci) = rounds.elo();
            let score = if t.games() > 0 {
                sum / f64::from(t.games())
            } else {
                0.5
            };
            PairingReport {
                candidate: cfg.agents[a].clone(),
                opponent: cfg.agents[b].clone(),
                tally: *t,
                score,
                rounds: rounds.count(),
                decisive: Proportion::new(f64::from(t.wins), f64::from(t.wins + t.losses)),
                elo: crate::elo::elo_of_score(score),
                elo_ci95: ci,
                mean_decisions: if t.games() > 0 {
                    d as f64 / f64::from(t.games())
                } else {
                    0.0
                },
            }
        })
        .collect();
    Ok(LadderReport {
        scenarios: scenarios.iter().map(|s| s.0.clone()).collect(),
        seats,
        schedule: cfg.schedule,
        seed: cfg.seed,
        agents: cfg.agents.clone(),
        anchor: cfg.agents[cfg.anchor].clone(),
        games_per_pairing: per_pairing,
        games_played: games.len(),
        ratings,
        pairings,
        sprt,
        games,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use orrery_core::toy::SealedBids;
    use orrery_core::Game;

    fn scenarios(players: u8) -> Vec<(String, <SealedBids as Game>::Scenario)> {
        let mut s = SealedBids::scenarios().remove(0).scenario;
        s.players = players;
        vec![("bids".to_string(), s)]
    }

    fn cfg(agents: &[&str], games: usize) -> LadderConfig {
        LadderConfig {
            agents: agents.iter().map(|s| s.to_string()).collect(),
            schedule: Schedule::RoundRobin,
            games,
            seed: 1,
            budget: Budget::default(),
            jobs: 2,
            sprt: None,
            anchor: 0,
        }
    }

    #[test]
    fn rounds_swap_seats_on_one_seed() {
        let r = run::<SealedBids>(&scenarios(2), &cfg(&["random", "default"], 4), &|| {}).unwrap();
        let g = &r.games;
        assert_eq!(g.len(), 4);
        assert_eq!((g[0].seed, g[1].seed, g[2].seed), (1, 1, 2));
        assert_eq!(g[0].seats, ["random", "default"]);
        assert_eq!(g[1].seats, ["default", "random"]);
        assert_eq!((g[0].candidate_seat, g[1].candidate_seat), (0, 1));
    }

    #[test]
    fn a_stronger_agent_ranks_above_a_weaker_one() {
        // `default` always bids nothing and so never wins a round; `random` bids.
        let r = run::<SealedBids>(
            &scenarios(2),
            &cfg(&["default", "random", "heuristic"], 60),
            &|| {},
        )
        .unwrap();
        let order: Vec<&str> = r.ratings.iter().map(|x| x.agent.as_str()).collect();
        assert_eq!(order.last(), Some(&"default"), "{:#?}", r.ratings);
        let random = r.ratings.iter().find(|x| x.agent == "random").unwrap();
        assert!(
            random.fitted.elo - random.ci95 > 0.0,
            "random is not proven above default: {random:?}"
        );
        assert_eq!(r.pairings.len(), 3);
        assert_eq!(r.games_played, 180);
    }

    #[test]
    fn results_do_not_depend_on_threads() {
        let mut c = cfg(&["random", "greedy"], 20);
        let one = run::<SealedBids>(&scenarios(3), &c, &|| {}).unwrap();
        c.jobs = 1;
        assert_eq!(one, run::<SealedBids>(&scenarios(3), &c, &|| {}).unwrap());
        // Three seats: rounds of three games, the candidate in each seat once.
        assert_eq!(one.games_per_pairing, 21);
        assert_eq!(one.games[2].seats, ["greedy", "greedy", "random"]);
    }

    #[test]
    fn sprt_stops_and_ignores_threads() {
        let test = Sprt {
            elo0: 0.0,
            elo1: 100.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let mut c = cfg(&["random", "default"], 2000);
        c.sprt = Some(test);
        let r = run::<SealedBids>(&scenarios(2), &c, &|| {}).unwrap();
        let s = r.sprt.as_ref().unwrap();
        assert_eq!(s.verdict, SprtVerdict::Accepted, "{s:?}");
        assert!(r.games_played < 2000 && s.llr >= s.bounds[1]);
        assert_eq!(r.games_played % 2, 0, "stops at the end of a round");
        c.jobs = 1;
        assert_eq!(r, run::<SealedBids>(&scenarios(2), &c, &|| {}).unwrap());
        // The weaker side as the candidate: rejected.
        c.agents.reverse();
        let r = run::<SealedBids>(&scenarios(2), &c, &|| {}).unwrap();
        assert_eq!(r.sprt.unwrap().verdict, SprtVerdict::Rejected);
    }

    #[test]
    fn scores_are_against_each_opponent_seat() {
        // A duel: win, loss, draw, shared win.
        assert_eq!(candidate_score(&[1], 1, 2), 1.0);
        assert_eq!(candidate_score(&[1], 0, 2), 0.0);
        assert_eq!(candidate_score(&[], 0, 2), 0.5);
        assert_eq!(candidate_score(&[0, 1], 1, 2), 0.5);
        // Four seats: winning alone beats all three; another seat's win beats the
        // candidate once and leaves the other two even.
        assert_eq!(candidate_score(&[2], 2, 4), 1.0);
        assert!((candidate_score(&[0], 2, 4) - 1.0 / 3.0).abs() < 1e-12);
        // Equal agents: a quarter of wins, and the mean score is ½.
        let mean: f64 = (0..4u8).map(|w| candidate_score(&[w], 0, 4)).sum::<f64>() / 4.0;
        assert!((mean - 0.5).abs() < 1e-12);
        assert_eq!(tally_result(&[0], 2), 0.0);
        assert_eq!(tally_result(&[0, 2], 2), 0.5);
        assert_eq!(tally_result(&[], 2), 0.5);
    }

    #[test]
    fn bad_ladders_are_refused() {
        let s = scenarios(2);
        let err = |c: LadderConfig| run::<SealedBids>(&s, &c, &|| {}).unwrap_err().to_string();
        assert!(err(cfg(&["random"], 2)).contains("at least two"));
        assert!(err(cfg(&["random", "random"], 2)).contains("twice"));
        assert!(err(cfg(&["random", "oracle"], 2)).contains("unknown agent"));
        let mut c = cfg(&["random", "greedy", "default"], 2);
        c.sprt = Some(Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        });
        assert!(err(c).contains("exactly two"));
    }
}
