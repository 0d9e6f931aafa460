//! Hidden information for look-ahead agents (determinization), the timeout default
//! (the evaluation hook is in [`crate::evaluate`]).

use crate::action::{Action, CombatOrder};
use crate::state::{AskKind, Stratoyager};
use crate::types::Plan;
use orrery_core::{Rng, Seat};

/// Forget what `viewer` may not know and resample it: the other side's answers to
/// the current secret question are withdrawn (it will answer again, not knowing
/// `viewer`'s), and its dogfight cards are redrawn from the cards `viewer` has not
/// seen. The dice generator is reseeded.
pub fn determinize(g: &mut Stratoyager, viewer: Seat, rng: &mut Rng) {
    if let Some(b) = g.batch.as_mut() {
        if b.secret {
            for a in &mut b.asks {
                if a.seat != viewer {
                    a.answer = None;
                }
            }
            if b.first.is_some_and(|s| s != viewer) {
                b.first = None;
            }
        }
    }
    // Once the combat cards are revealed (the combat order is set) both hands are known.
    if let Some(d) = g.dogfight.as_mut().filter(|d| d.combat_order.is_empty()) {
        let other = 1 - viewer.index().min(1);
        let known_movement = d.movement[other];
        let mut unseen: Vec<u8> = (1..=5)
            .filter(|c| !d.drawn[viewer.index()].contains(c) && Some(*c) != known_movement)
            .collect();
        let mut pick = |unseen: &mut Vec<u8>| unseen.remove(rng.index(unseen.len()));
        let first = known_movement.unwrap_or_else(|| pick(&mut unseen));
        let second = pick(&mut unseen);
        d.drawn[other] = [first, second];
    }
    let seed = rng.next_u64();
    g.rng.reseed(seed);
}

/// What a side plays when it does not answer in time: reserve nothing and take the
/// lowest free card; drift (SY-26: "both drivers 0, not evasive"); no yaw; return;
/// hold fire.
pub fn default_action(g: &Stratoyager, seat: Seat) -> Option<Action> {
    let b = g.batch.as_ref()?;
    let i = b.next_for(seat)?;
    let answers = g.answers(i);
    let pick = |want: &Action| answers.iter().find(|a| *a == want).cloned();
    let preferred = match b.kind {
        AskKind::Maneuver => pick(&Action::Maneuver(Plan::drift())),
        AskKind::Yaw => pick(&Action::Yaw { facing: None }),
        AskKind::Leave => pick(&Action::Leave { withdraw: false }),
        AskKind::FireAtWill => pick(&Action::FireAtWill { target: None }),
        AskKind::Combat => pick(&Action::Combat(CombatOrder::Hold)),
        AskKind::DogfightCard => answers
            .iter()
            .filter(|a| matches!(a, Action::DogfightCard { .. }))
            .min_by_key(|a| match a {
                Action::DogfightCard { movement } => *movement,
                _ => u8::MAX,
            })
            .cloned(),
        AskKind::Deploy => answers
            .iter()
            .find(|a| matches!(a, Action::Deploy { card: Some(_) }))
            .cloned(),
        _ => None,
    };
    preferred.or_else(|| answers.into_iter().next())
}
