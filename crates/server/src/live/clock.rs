//! Clocks: a seat that does not answer in time gets its default action (in a rated
//! game it loses: an abandonment).

use super::{Hub, Live};
use crate::store::Cause;
use orrery_core::Seat;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::broadcast;

/// A game's clock: when a human seat to move runs out of time, the server plays the
/// ruleset's default action for it ([`orrery_core::Game::default_action`]) and tells
/// everyone the seat timed out.
pub(crate) async fn run_clock(hub: Arc<Hub>, live: Arc<Live>) {
    let mut changes = live.changes.subscribe();
    loop {
        let next = {
            let inner = live.inner.lock().await;
            if inner.over() || live.unloaded.load(Ordering::Acquire) {
                return;
            }
            inner.deadlines.iter().flatten().min().copied()
        };
        let woke_by_change = match next {
            None => changes.recv().await.map(|_| true),
            Some(t) => tokio::select! {
                _ = tokio::time::sleep_until(t.into()) => Ok(false),
                c = changes.recv() => c.map(|_| true),
            },
        };
        match woke_by_change {
            Ok(true) | Err(broadcast::error::RecvError::Lagged(_)) => continue,
            Err(broadcast::error::RecvError::Closed) => return,
            Ok(false) => {}
        }
        let mut inner = live.inner.lock().await;
        if live.unloaded.load(Ordering::Acquire) {
            return;
        }
        // Catch up first (other instances may have played): the default action is
        // chosen for the position as it is now.
        if hub.sync(&live, &mut inner).await.is_err() {
            drop(inner);
            tokio::time::sleep(RETRY).await;
            continue;
        }
        let now = Instant::now();
        let due: Vec<u8> = inner
            .deadlines
            .iter()
            .enumerate()
            .filter(|(_, d)| d.is_some_and(|t| t <= now))
            .map(|(i, _)| i as u8)
            .collect();
        let mut acted = false;
        let mut unavailable = false;
        for seat in due {
            // A rated game's clock running out is an abandonment: the seat loses
            // (issue 42), as a resignation; an unrated game plays on for it.
            if live.setup.rated {
                match hub.resign_locked(&live, &mut inner, seat, Some(seat)).await {
                    Ok(_) => {}
                    Err(e) if e.code == "unavailable" && !Hub::is_unloaded(&live) => {
                        unavailable = true;
                    }
                    Err(e) => {
                        eprintln!(
                            "orrery serve: game {}: clock of seat {seat}: {}",
                            live.setup.id, e.message
                        );
                        inner.deadlines[seat as usize] = None;
                    }
                }
                break;
            }
            let Some(action) = inner.game.default_action(Seat(seat)) else {
                inner.deadlines[seat as usize] = None;
                continue;
            };
            let expected = Some(inner.state_key());
            match hub
                .commit(&live, &mut inner, seat, &action, Cause::Clock, expected)
                .await
            {
                Ok(_) => acted = true,
                // The database is down and nothing changed: the seat's time is still
                // up, so try again shortly (not at once: that would spin).
                Err(e) if e.code == "unavailable" && !Hub::is_unloaded(&live) => {
                    unavailable = true;
                    break;
                }
                Err(e) => {
                    eprintln!(
                        "orrery serve: game {}: clock of seat {seat}: {}",
                        live.setup.id, e.message
                    );
                    inner.deadlines[seat as usize] = None;
                }
            }
        }
        drop(inner);
        if acted {
            hub.drive(&live);
        }
        if unavailable {
            tokio::time::sleep(RETRY).await;
        }
    }
}

/// How long a clock waits before playing a default action again when the database
/// was unavailable.
const RETRY: std::time::Duration = std::time::Duration::from_secs(1);
