//! Rollouts and the rewards they end in.

use crate::heuristic::{settle, Answer};
use crate::model::ValueModel;
use crate::outcome_reward;
use orrery_core::{Game, Learning, SearchHints};
use orrery_core::{Rng, Seat};

/// Play at most `len` actions with [`SearchHints::playout_action`], the seat to act being the
/// first in [`Game::to_move`] (a random game's order; secret answers are hidden from
/// the others' views, so the order does not leak them).
pub(crate) fn rollout<G: Game + SearchHints + Learning>(game: &mut G, len: usize, rng: &mut Rng) {
    for _ in 0..len {
        let Some(&mover) = game.to_move().first() else {
            return;
        };
        let Some(action) = game.playout_action(mover, rng) else {
            return;
        };
        if game.apply(mover, &action).is_err() {
            return;
        }
    }
}

/// Every seat's reward in 0..=1: the result of a finished game (1 sole win, 0.5
/// shared win or draw, 0 loss); else the logistic of [`SearchHints::evaluate`] / `scale`,
/// mixed with weight `model_weight` with the learned value of each seat's
/// observation when a `model` judges (in a duel the two seats' estimates averaged,
/// `v₀` and `1 − v₁`, so the rewards sum to one).
pub(crate) fn rewards<G: Game + SearchHints + Learning>(
    game: &G,
    scale: f64,
    model: Option<&ValueModel>,
    model_weight: f64,
) -> Vec<f64> {
    let seats = game.seats();
    let learned = match (model, game.outcome()) {
        (Some(m), None) => {
            let v: Vec<f64> = (0..seats)
                .map(|s| f64::from(m.value_in_copy(game, Seat(s))))
                .collect();
            if seats == 2 {
                let first = (v[0] + 1.0 - v[1]) / 2.0;
                vec![first, 1.0 - first]
            } else {
                v
            }
        }
        _ => Vec::new(),
    };
    let w = model_weight.clamp(0.0, 1.0);
    (0..seats)
        .map(Seat)
        .map(|s| {
            if let Some(r) = outcome_reward(game, s) {
                return r;
            }
            match learned.get(s.index()) {
                Some(&v) if w >= 1.0 => v,
                Some(&v) => w * v + (1.0 - w) * squash(game.evaluate(s), scale),
                None => squash(game.evaluate(s), scale),
            }
        })
        .collect()
}

/// `seat`'s reward from the ruleset's evaluation alone on the material scale
/// ([`material_scale`]): what the search's leaf would say of the position without a
/// model. `None` where the ruleset reports no units' points.
pub(crate) fn material_reward<G: Game + SearchHints + Learning>(
    game: &G,
    seat: Seat,
) -> Option<f64> {
    material_scale(game).map(|scale| squash(game.evaluate(seat), scale))
}

/// The total points of the units ([`Game::unit_fates`]) over four times the seats
/// (at least [`MIN_SCALE`]): in a duel, losing half of one side then costs about
/// 0.75–0.9 of reward. `None` where the ruleset reports no units' points.
fn material_scale<G: Game + SearchHints + Learning>(game: &G) -> Option<f64> {
    let material: f64 = game.unit_fates().iter().map(|f| f.points.abs()).sum();
    (material > 0.0).then(|| (material / (4.0 * f64::from(game.seats().max(1)))).max(MIN_SCALE))
}

/// `1 / (1 + e^(−v/scale))`: 0.5 for an even position, 0.73 one `scale` ahead.
pub(crate) fn squash(value: f64, scale: f64) -> f64 {
    if value.is_nan() {
        return 0.5;
    }
    1.0 / (1.0 + (-value / scale).exp())
}

/// Smallest scale used, in the evaluation's units (points).
pub(crate) const MIN_SCALE: f64 = 1.0;

/// The evaluation margin worth one `scale` for the squash, in the evaluation's units.
///
/// If the ruleset reports its units' points, the scale is [`material_scale`].
/// Otherwise it is estimated
/// from the root with the search's own leaf procedure: over `samples` determinized
/// copies, `seat` plays a random action, the position is completed ([`settle`],
/// `settle_horizon`) and rolled out (`len` actions); the scale is the
/// root-mean-square change of `seat`'s evaluation, i.e. the typical swing at the
/// depth a leaf is judged. Either way it is at least [`MIN_SCALE`].
pub(crate) fn reward_scale<G: Game + SearchHints + Learning>(
    root: &G,
    seat: Seat,
    samples: usize,
    (settle_horizon, len): (usize, usize),
    rng: &mut Rng,
) -> f64 {
    if let Some(scale) = material_scale(root) {
        return scale;
    }
    let mut sum_sq = 0.0;
    let mut n = 0u32;
    for _ in 0..samples {
        let mut g = root.clone();
        g.determinize(seat, rng);
        let start = g.evaluate(seat);
        let Some(a) = g.sample_action(seat, rng) else {
            break;
        };
        if g.apply(seat, &a).is_err() {
            break;
        }
        settle(&mut g, seat, settle_horizon, Answer::Playout, rng);
        rollout(&mut g, len, rng);
        let d = g.evaluate(seat) - start;
        if d.is_finite() {
            sum_sq += d * d;
            n += 1;
        }
    }
    let rms = if n > 0 {
        (sum_sq / f64::from(n)).sqrt()
    } else {
        0.0
    };
    rms.max(MIN_SCALE)
}
