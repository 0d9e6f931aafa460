//! Measure an agent against the greedy agent as it was before issue 9 (one sample per
//! action of the full legal list, no completion of the step): the baseline for the
//! issue's "the new default opponent's measured win rates against the old default".
//!
//! `cargo run --release -p orrery-agents --example strength -- AGENT GAMES [ITERATIONS]`
//! plays GAMES games of each ruleset's default scenario, seats swapped every game,
//! and prints AGENT's wins, draws and losses with a 95 % Wilson interval.

use orrery_agents::{by_name_with, Agent, Budget};
use orrery_core::FullGame;
use orrery_core::{Rng, Seat};
use orrery_launch_fighters::LaunchFighters;
use orrery_stratoyager::Stratoyager;

/// The pre-issue-9 greedy: one determinized sample of each legal action (at most 200,
/// sampled), scored by `evaluate` right after it (+0.5 for a won end).
struct LegacyGreedy {
    rng: Rng,
}

impl<G: FullGame> Agent<G> for LegacyGreedy {
    fn name(&self) -> &str {
        "legacy-greedy"
    }

    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        let mut legal = game.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let cap = 200;
        if legal.len() > cap {
            for i in 0..cap {
                let j = i + self.rng.index(legal.len() - i);
                legal.swap(i, j);
            }
            legal.truncate(cap);
        }
        let mut best = Vec::new();
        let mut best_value = f64::NEG_INFINITY;
        for (i, a) in legal.iter().enumerate() {
            let mut copy = game.clone();
            copy.determinize(seat, &mut self.rng);
            if copy.apply(seat, a).is_err() {
                continue;
            }
            let mut v = copy.evaluate(seat);
            if copy.outcome().is_some_and(|o| o.winners.contains(&seat)) {
                v += 0.5;
            }
            if v > best_value {
                best_value = v;
                best.clear();
                best.push(i);
            } else if v == best_value {
                best.push(i);
            }
        }
        let pick = if best.is_empty() {
            self.rng.index(legal.len())
        } else {
            best[self.rng.index(best.len())]
        };
        Some(legal.swap_remove(pick))
    }
}

/// (wins, draws, losses) of `name` against the legacy greedy over `games` games.
fn measure<G: FullGame>(name: &str, games: u64, budget: Budget) -> (u32, u32, u32) {
    let scenario = G::scenarios()[0].scenario.clone();
    let (mut w, mut d, mut l) = (0, 0, 0);
    for seed in 1..=games {
        let me = Seat((seed % 2) as u8);
        let mut g = G::setup(&scenario, seed).expect("set-up");
        let mut mine = by_name_with::<G>(name, seed, budget.clone()).expect("agent");
        let mut old = LegacyGreedy {
            rng: Rng::seed_from(seed ^ 0x5eed),
        };
        for _ in 0..50_000 {
            let Some(&seat) = g.to_move().first() else {
                break;
            };
            let a = if seat == me {
                mine.choose(&g, seat)
            } else {
                Agent::<G>::choose(&mut old, &g, seat)
            };
            let Some(a) = a else { break };
            if g.apply(seat, &a).is_err() {
                break;
            }
        }
        match g.outcome() {
            Some(o) if o.winners == vec![me] => w += 1,
            Some(o) if o.winners.contains(&me) => d += 1,
            _ => l += 1,
        }
    }
    (w, d, l)
}

/// The 95 % Wilson interval of a proportion, draws counted as half a win.
fn wilson(points: f64, n: f64) -> (f64, f64) {
    let z = 1.96;
    let p = points / n;
    let den = 1.0 + z * z / n;
    let mid = (p + z * z / (2.0 * n)) / den;
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / den;
    (mid - half, mid + half)
}

fn report(ruleset: &str, name: &str, (w, d, l): (u32, u32, u32)) {
    let n = f64::from(w + d + l);
    let pts = f64::from(w) + 0.5 * f64::from(d);
    let (lo, hi) = wilson(pts, n);
    println!(
        "{ruleset}: {name} vs legacy greedy: {w} won, {d} drawn, {l} lost of {n}: {:.0} % (95 % CI {:.0}–{:.0} %)",
        100.0 * pts / n,
        100.0 * lo,
        100.0 * hi
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map(String::as_str).unwrap_or("heuristic");
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(40);
    let budget = match args.get(2).and_then(|s| s.parse().ok()) {
        Some(n) => Budget::iterations(n),
        None => Budget::default(),
    };
    report(
        "launch-fighters",
        name,
        measure::<LaunchFighters>(name, games, budget.clone()),
    );
    report(
        "stratoyager",
        name,
        measure::<Stratoyager>(name, games, budget),
    );
}
