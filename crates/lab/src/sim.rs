//! The statistics of a batch of battles: per seat and per agent results with 95 %
//! Wilson intervals, scores, duration, per-unit-type survival, and balance measures
//! in the spirit of Ludii's (seat advantage, decisiveness, duration).

use crate::stats::{Proportion, Summary, Z95};
use crate::BattleRecord;
use serde::Serialize;
use std::collections::BTreeMap;

/// Results of one seat, or of one agent over the seats it played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// Games played (an agent in two seats of one battle counts twice).
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// Wins / games, with its 95 % Wilson interval.
    pub win_rate: Proportion,
    /// The final scores (victory points).
    pub score: Summary,
}

/// One seat's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatReport {
    pub seat: u8,
    /// How many battles each agent sat here.
    pub agents: BTreeMap<String, usize>,
    #[serde(flatten)]
    pub standing: Standing,
}

/// One agent's results over all the seats it played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AgentReport {
    pub agent: String,
    /// Games it played in each seat.
    pub seats: Vec<usize>,
    #[serde(flatten)]
    pub standing: Standing,
}

/// How many battles ended on each turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnCount {
    pub turn: u32,
    pub battles: usize,
}

/// How many battles ended for one reason.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ending {
    /// The ruleset's words ([`orrery_core::Outcome::reason`]); "not said" when empty.
    pub reason: String,
    pub battles: usize,
    pub share: f64,
}

/// How long the battles lasted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Duration {
    pub turns: Summary,
    /// Every turn from the shortest to the longest battle, with how many ended there.
    pub histogram: Vec<TurnCount>,
    pub decisions: Summary,
    /// How the battles ended, most frequent first.
    pub endings: Vec<Ending>,
    /// The scenario's turn limit, when known.
    pub turn_limit: Option<u32>,
    /// Battles that reached the turn limit (ended on or after it), when it is known.
    pub reached_turn_limit: Option<Proportion>,
}

/// Survival of one unit type (in one seat, or over all seats).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitSurvival {
    pub kind: String,
    /// `None` = all seats together.
    pub seat: Option<u8>,
    /// Published points of one unit.
    pub points: f64,
    pub fielded: usize,
    pub survived: usize,
    pub survival: Proportion,
}

/// A difference from a fair share, with its 95 % interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advantage {
    pub value: f64,
    pub ci95: [f64; 2],
}

/// Balance measures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Balance {
    /// The first seat's share of the decisive games' wins (a shared win is split)
    /// minus the fair share 1/seats; 0 = no first-seat advantage.
    pub seat_advantage: Advantage,
    /// Share of battles not drawn.
    pub decisiveness: Proportion,
    /// Best score minus second-best score, per battle.
    pub score_margin: Summary,
}

/// Count the battles by end reason, most frequent first (ties by reason).
fn endings(records: &[BattleRecord]) -> Vec<Ending> {
    let mut by: BTreeMap<&str, usize> = BTreeMap::new();
    for r in records {
        let reason = if r.reason.is_empty() {
            "not said"
        } else {
            &r.reason
        };
        *by.entry(reason).or_default() += 1;
    }
    let mut rows: Vec<Ending> = by
        .into_iter()
        .map(|(reason, battles)| Ending {
            reason: reason.to_string(),
            battles,
            share: battles as f64 / records.len().max(1) as f64,
        })
        .collect();
    rows.sort_by(|a, b| {
        b.battles
            .cmp(&a.battles)
            .then_with(|| a.reason.cmp(&b.reason))
    });
    rows
}

/// Everything `orrery sim` reports about a batch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimReport {
    pub battles: usize,
    pub seats: usize,
    pub per_seat: Vec<SeatReport>,
    pub per_agent: Vec<AgentReport>,
    pub duration: Duration,
    pub balance: Balance,
    /// Per unit type over all seats, then per unit type and seat.
    pub units: Vec<UnitSurvival>,
}

#[derive(Default)]
struct Tally {
    games: usize,
    wins: usize,
    draws: usize,
    scores: Vec<f64>,
}

impl Tally {
    fn add(&mut self, r: &BattleRecord, seat: usize) {
        self.games += 1;
        if r.is_draw() {
            self.draws += 1;
        } else if r.winners.iter().any(|&w| usize::from(w) == seat) {
            self.wins += 1;
        }
        self.scores.push(r.scores.get(seat).copied().unwrap_or(0.0));
    }

    fn standing(&self) -> Standing {
        Standing {
            games: self.games,
            wins: self.wins,
            draws: self.draws,
            losses: self.games - self.wins - self.draws,
            win_rate: Proportion::new(self.wins as f64, self.games as f64),
            score: Summary::of(&self.scores),
        }
    }
}

/// Summarise `records` (battles of a `seats`-seat scenario). A seat wins a battle
/// when it is among the winners and not every seat is (no winner or every seat
/// winning is a draw); otherwise it loses.
pub fn report(records: &[BattleRecord], seats: usize, turn_limit: Option<u32>) -> SimReport {
    let mut per_seat: Vec<Tally> = (0..seats).map(|_| Tally::default()).collect();
    let mut seat_agents: Vec<BTreeMap<String, usize>> = vec![BTreeMap::new(); seats];
    let mut per_agent: BTreeMap<String, (Tally, Vec<usize>)> = BTreeMap::new();
    let mut first_credit = 0.0;
    let mut decisive = 0usize;
    let mut margins = Vec::with_capacity(records.len());
    // (kind, seat) → (points, fielded, survived); seat None = all.
    let mut units: BTreeMap<(String, Option<u8>), (f64, usize, usize)> = BTreeMap::new();
    for r in records {
        for seat in 0..seats {
            per_seat[seat].add(r, seat);
            let name = r.agents.get(seat).cloned().unwrap_or_default();
            *seat_agents[seat].entry(name.clone()).or_default() += 1;
            let (t, s) = per_agent
                .entry(name)
                .or_insert_with(|| (Tally::default(), vec![0; seats]));
            t.add(r, seat);
            s[seat] += 1;
        }
        if !r.is_draw() {
            decisive += 1;
            if r.winners.contains(&0) {
                first_credit += 1.0 / r.winners.len() as f64;
            }
        }
        let mut sorted = r.scores.clone();
        sorted.sort_by(|a, b| b.total_cmp(a));
        margins.push(match sorted.as_slice() {
            [a, b, ..] => a - b,
            _ => 0.0,
        });
        for f in &r.fates {
            for key in [(f.kind.clone(), None), (f.kind.clone(), Some(f.seat.0))] {
                let e = units.entry(key).or_insert((f.points, 0, 0));
                e.1 += 1;
                if f.survived {
                    e.2 += 1;
                }
            }
        }
    }
    let fair = if seats > 0 { 1.0 / seats as f64 } else { 0.0 };
    let (lo, hi) = crate::stats::wilson(first_credit, decisive as f64, Z95);
    let share = if decisive > 0 {
        first_credit / decisive as f64
    } else {
        fair
    };
    let turns: Vec<f64> = records.iter().map(|r| f64::from(r.turns)).collect();
    let mut hist: BTreeMap<u32, usize> = BTreeMap::new();
    for r in records {
        *hist.entry(r.turns).or_default() += 1;
    }
    let histogram = match (hist.keys().next(), hist.keys().next_back()) {
        (Some(&lo), Some(&hi)) => (lo..=hi)
            .map(|turn| TurnCount {
                turn,
                battles: hist.get(&turn).copied().unwrap_or(0),
            })
            .collect(),
        _ => Vec::new(),
    };
    let decisions: Vec<f64> = records.iter().map(|r| r.decisions as f64).collect();
    let endings = endings(records);
    let reached_turn_limit = turn_limit.map(|limit| {
        let n = records.iter().filter(|r| r.turns >= limit).count();
        Proportion::new(n as f64, records.len() as f64)
    });
    // All-seat rows first (seat None sorts first), by kind.
    let mut unit_rows: Vec<UnitSurvival> = units
        .into_iter()
        .map(|((kind, seat), (points, fielded, survived))| UnitSurvival {
            kind,
            seat,
            points,
            fielded,
            survived,
            survival: Proportion::new(survived as f64, fielded as f64),
        })
        .collect();
    unit_rows.sort_by(|a, b| {
        (a.seat.is_some(), a.seat, &a.kind).cmp(&(b.seat.is_some(), b.seat, &b.kind))
    });
    SimReport {
        battles: records.len(),
        seats,
        per_seat: per_seat
            .iter()
            .zip(seat_agents)
            .enumerate()
            .map(|(i, (t, agents))| SeatReport {
                seat: i as u8,
                agents,
                standing: t.standing(),
            })
            .collect(),
        per_agent: per_agent
            .into_iter()
            .map(|(agent, (t, seats))| AgentReport {
                agent,
                seats,
                standing: t.standing(),
            })
            .collect(),
        duration: Duration {
            turns: Summary::of(&turns),
            histogram,
            decisions: Summary::of(&decisions),
            endings,
            turn_limit,
            reached_turn_limit,
        },
        balance: Balance {
            seat_advantage: Advantage {
                value: share - fair,
                ci95: [lo - fair, hi - fair],
            },
            decisiveness: Proportion::new(decisive as f64, records.len() as f64),
            score_margin: Summary::of(&margins),
        },
        units: unit_rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use orrery_core::{Seat, UnitFate};

    fn rec(agents: [&str; 2], winners: &[u8], scores: [f64; 2], turns: u32) -> BattleRecord {
        BattleRecord {
            index: 0,
            seed: 0,
            agents: agents.iter().map(|s| s.to_string()).collect(),
            winners: winners.to_vec(),
            scores: scores.to_vec(),
            turns,
            reason: if turns >= 30 {
                "turn limit"
            } else {
                "stalemate"
            }
            .into(),
            decisions: 10,
            fates: vec![
                UnitFate {
                    seat: Seat(0),
                    kind: "Wasp".into(),
                    points: 19.0,
                    survived: true,
                },
                UnitFate {
                    seat: Seat(1),
                    kind: "Wasp".into(),
                    points: 19.0,
                    survived: false,
                },
            ],
        }
    }

    #[test]
    fn counts_per_seat_and_agent() {
        let records = vec![
            rec(["a", "b"], &[0], [10.0, 2.0], 3),
            rec(["b", "a"], &[1], [1.0, 7.0], 5),
            rec(["a", "b"], &[0, 1], [4.0, 4.0], 5),
            rec(["b", "a"], &[0], [9.0, 0.0], 30),
        ];
        let r = report(&records, 2, Some(30));
        assert_eq!(r.per_seat[0].standing.wins, 2);
        assert_eq!(r.per_seat[0].standing.draws, 1);
        assert_eq!(r.per_seat[0].standing.losses, 1);
        let a = &r.per_agent[0];
        assert_eq!(a.agent, "a");
        assert_eq!(
            (a.standing.wins, a.standing.draws, a.standing.losses),
            (2, 1, 1)
        );
        assert_eq!(a.seats, vec![2, 2]);
        assert_eq!(r.balance.decisiveness.successes, 3.0);
        // Seat 0 won 2 of 3 decisive games: 2/3 − 1/2.
        assert!((r.balance.seat_advantage.value - (2.0 / 3.0 - 0.5)).abs() < 1e-12);
        assert_eq!(r.duration.histogram.len(), 28);
        // Three battles ended in stalemate, one at the turn limit: most frequent first.
        let endings: Vec<(&str, usize)> = r
            .duration
            .endings
            .iter()
            .map(|e| (e.reason.as_str(), e.battles))
            .collect();
        assert_eq!(endings, vec![("stalemate", 3), ("turn limit", 1)]);
        assert_eq!(r.duration.endings[0].share, 0.75);
        assert_eq!(
            r.duration.histogram[0],
            TurnCount {
                turn: 3,
                battles: 1
            }
        );
        assert_eq!(
            r.duration.reached_turn_limit.as_ref().unwrap().successes,
            1.0
        );
        assert_eq!(r.units[0].seat, None);
        assert_eq!((r.units[0].fielded, r.units[0].survived), (8, 4));
        assert_eq!(r.units.len(), 3);
    }
}
