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
        let fork = {
            let inner = live.inner.lock().await;
            if inner.over() || !inner.game.to_move().contains(&Seat(seat)) {
                slot.thinking.store(false, Ordering::Release);
                return;
            }
            let seed = stable_hash(&(live.setup.seed, inner.seq, seat)).0;
            (inner.game.fork(), seed, inner.seq)
        };
        let (game, seed, forked_at) = fork;
        let agent_name = agent.to_string();
        let budget = Budget {
            millis: budget_ms.map(|b| b.min(MAX_BUDGET_MS)),
            iterations: None,
        };
        let chosen = tokio::task::spawn_blocking(move || {
            game.agent_action(Seat(seat), &agent_name, seed, budget)
        })
        .await;
        slot.thinking.store(false, Ordering::Release);
        match chosen {
            Ok(Ok(action)) => match self.act(live, seat, &action, Cause::Agent).await {
                Ok(_) => {}
                // The game moved on while the agent thought: think again. (If it did
                // not, the agent chose wrongly; thinking again would only repeat it.)
                Err(e)
                    if matches!(e.code, "conflict" | "not_your_turn" | "illegal_action")
                        && live.inner.lock().await.seq != forked_at =>
                {
                    self.drive(live)
                }
                Err(e) => eprintln!(
                    "orrery serve: game {}: agent `{agent}` of seat {seat}: {}",
                    live.setup.id, e.message
                ),
            },
            Ok(Err(e)) => eprintln!(
                "orrery serve: game {}: agent `{agent}` of seat {seat} found no action: {e}",
                live.setup.id
            ),
            Err(e) => eprintln!("orrery serve: game {}: agent failed: {e}", live.setup.id),
        }
    }
}
