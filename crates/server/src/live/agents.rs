//! Agent seats: each thinks on a copy of the game, on the blocking pool, and plays
//! through [`Hub::act`] like anyone else.

use super::{Hub, Live};
use crate::store::{Cause, SeatKind};
use orrery_agents::Budget;
use orrery_core::{stable_hash, Seat};
use orrery_protocol::MAX_BUDGET_MS;
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl Hub {
    /// Let the agents of the seats to move think (each on the blocking pool, on a
    /// copy of the game) and play.
    pub fn drive(self: &Arc<Self>, live: &Arc<Live>) {
        for slot in &live.seats {
            if let SeatKind::Agent { agent, budget_ms } = &slot.kind {
                if slot.thinking.swap(true, Ordering::AcqRel) {
                    continue;
                }
                let (hub, live) = (self.clone(), live.clone());
                let (seat, agent, budget_ms) = (slot.seat, agent.clone(), *budget_ms);
                tokio::spawn(async move {
                    hub.think(&live, seat, &agent, budget_ms).await;
                });
            }
        }
    }

    async fn think(
        self: &Arc<Self>,
        live: &Arc<Live>,
        seat: u8,
        agent: &str,
        budget_ms: Option<u64>,
    ) {
        let slot = &live.seats[seat as usize];
        let again = self.think_once(live, seat, agent, budget_ms).await;
        // Cleared only now, after its action was played or refused, so a sweep
        // never drops a game whose agent is about to play.
        slot.thinking.store(false, Ordering::Release);
        if again {
            // The seat may owe the next decision too (the drive after the action
            // it just played found it still thinking).
            self.drive(live);
        }
    }

    /// Think and play once; whether to look again: after playing (the seat may owe
    /// the next decision too), when the game moved on meanwhile, or when the
    /// database was unavailable. Not after the agent failed: it would fail again.
    async fn think_once(
        self: &Arc<Self>,
        live: &Arc<Live>,
        seat: u8,
        agent: &str,
        budget_ms: Option<u64>,
    ) -> bool {
        // Past its address group's thinking budget the agent waits its turn (the
        // game is never refused for it): until enough of the group's thinking left
        // the window, looking now and then whether the game still wants it.
        let owner = live.owner.get().copied();
        if let Some(group) = owner {
            let mut counted = false;
            while let Some(wait) = self.thinking.wait(group) {
                if !counted {
                    self.thinking.waits.fetch_add(1, Ordering::AcqRel);
                    counted = true;
                }
                tokio::time::sleep(wait.clamp(MIN_WAIT, MAX_WAIT)).await;
                if live.unloaded.load(Ordering::Acquire) {
                    return false;
                }
            }
        }
        let (game, seed, forked_at) = {
            let inner = live.inner.lock().await;
            let unloaded = live.unloaded.load(Ordering::Acquire);
            if unloaded || inner.over() || !inner.game.to_move().contains(&Seat(seat)) {
                return false;
            }
            let seed = stable_hash(&(live.setup.seed, inner.seq, seat)).0;
            (inner.game.fork(), seed, inner.state_key())
        };
        // Past the game's thinking allowance its agents play their default action:
        // a game of agents cannot hold a core for as long as it lasts.
        let spent = live.thought_ms.load(Ordering::Acquire);
        let (agent_name, budget_ms) = if spent >= self.limits.agent_ms_per_game {
            ("default".to_string(), None)
        } else {
            (agent.to_string(), budget_ms)
        };
        let budget = Budget {
            millis: budget_ms.map(|b| b.min(MAX_BUDGET_MS)),
            ceiling_millis: Some(left_of_allowance(self.limits.agent_ms_per_game, spent)),
            stop: Some(live.stop_agents.clone()),
            ..Budget::default()
        };
        // At most as many agents think at once as there are cores; the others wait
        // their turn (they never hold up a request).
        let Ok(_permit) = self.thinkers.acquire().await else {
            return false;
        };
        let started = std::time::Instant::now();
        let chosen = tokio::task::spawn_blocking(move || {
            game.agent_action(Seat(seat), &agent_name, seed, budget)
        })
        .await;
        drop(_permit);
        let thought = started.elapsed().as_millis() as u64;
        live.thought_ms.fetch_add(thought, Ordering::AcqRel);
        self.thinking.charge(owner, thought);
        let id = &live.setup.id;
        match chosen {
            // Played only if the game is where the agent saw it.
            Ok(Ok(action)) => match self
                .act(live, seat, &action, Cause::Agent, Some(forked_at))
                .await
            {
                Ok(_) => true,
                Err(e) if e.code == "conflict" => {
                    self.thinking.stale.fetch_add(1, Ordering::AcqRel);
                    true
                }
                Err(e) if e.code == "unavailable" => {
                    tokio::time::sleep(RETRY).await;
                    true
                }
                Err(e) => {
                    eprintln!(
                        "orrery serve: game {id}: agent `{agent}` of seat {seat}: {}",
                        e.message
                    );
                    false
                }
            },
            Ok(Err(e)) => {
                eprintln!(
                    "orrery serve: game {id}: agent `{agent}` of seat {seat} found no action: {e}"
                );
                false
            }
            Err(e) => {
                eprintln!("orrery serve: game {id}: agent failed: {e}");
                false
            }
        }
    }
}

/// What is left of a game's thinking allowance (`allowance` ms, `spent` of it): the
/// most one decision may think (issue 40: a 10 s decision on a 3 s allowance used to
/// overrun it by its whole budget). At least 1 ms, so a decision always decides.
fn left_of_allowance(allowance: u64, spent: u64) -> u64 {
    allowance.saturating_sub(spent).max(1)
}

/// How long an agent waits before trying again when the database was unavailable.
const RETRY: std::time::Duration = std::time::Duration::from_secs(2);

/// An agent past its group's budget looks again after at most this long (a game that
/// ended or left memory meanwhile stops it waiting), and at least this long.
const MAX_WAIT: std::time::Duration = std::time::Duration::from_secs(2);
const MIN_WAIT: std::time::Duration = std::time::Duration::from_millis(10);

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 40 "Agent budgets": a decision never thinks past what is left of its
    /// game's allowance, whatever its own budget: the ceiling is what is left (that
    /// the search honours a ceiling is `a_ceiling_cuts_a_decisions_own_budget` in the
    /// agents crate).
    #[test]
    fn a_decisions_budget_is_cut_to_what_is_left_of_the_allowance() {
        assert_eq!(left_of_allowance(3_000, 2_000), 1_000);
        assert_eq!(left_of_allowance(3_000, 2_950), 50);
        assert_eq!(left_of_allowance(3_000, 2_999), 1);
        assert_eq!(left_of_allowance(3_000, 5_000), 1, "always decides");
    }
}
