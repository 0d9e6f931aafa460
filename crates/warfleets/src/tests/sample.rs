//! The random agent's draw (`sample_action`, drawn by rejection for orders and
//! deployment) is uniform over the legal answers: at positions of each kind, every
//! legal answer is drawn about equally often and nothing else is drawn.

use crate::state::Step;
use crate::{Action, Warfleets};
use orrery_core::{Game, Rng, SearchHints};

/// The first position of a default battle (seed 3, random play) where `pick` holds.
fn position(pick: impl Fn(&Warfleets) -> bool) -> Warfleets {
    let mut g = Warfleets::setup(&Warfleets::scenarios()[0].scenario, 3).unwrap();
    let mut rng = Rng::seed_from(3);
    while !pick(&g) {
        let seat = g.to_move()[0];
        let legal = g.legal_actions(seat);
        let a = legal[rng.index(legal.len())].clone();
        g.apply(seat, &a).unwrap();
    }
    g
}

/// `draws` per legal answer on average; each answer's count within 6 standard
/// deviations of it, and every draw legal.
fn uniform(g: &Warfleets, draws: usize) {
    let seat = g.to_move()[0];
    let legal = g.legal_actions(seat);
    assert!(legal.len() > 20, "{}", legal.len());
    let mut count = vec![0usize; legal.len()];
    let mut rng = Rng::seed_from(11);
    for _ in 0..draws * legal.len() {
        let a = g.sample_action(seat, &mut rng).unwrap();
        let i = legal.iter().position(|b| *b == a);
        count[i.unwrap_or_else(|| panic!("{a:?} is not legal"))] += 1;
    }
    let p = 1.0 / legal.len() as f64;
    let sd = (draws as f64 * legal.len() as f64 * p * (1.0 - p)).sqrt();
    for (a, &c) in legal.iter().zip(&count) {
        assert!(
            (c as f64 - draws as f64).abs() < 6.0 * sd,
            "{a:?} drawn {c} times"
        );
    }
}

#[test]
fn deployment_draws_are_uniform() {
    let g = position(|g| {
        matches!(
            g.step,
            Step::Deploy {
                squadrons: true,
                ..
            }
        )
    });
    uniform(&g, 40);
}

#[test]
fn ship_orders_are_uniform() {
    let g = position(|g| match g.step {
        Step::Order { model, .. } => !g.is_squadron(model),
        _ => false,
    });
    assert!(g
        .legal_actions(g.to_move()[0])
        .iter()
        .any(|a| matches!(a, Action::Move { .. })));
    uniform(&g, 300);
}

#[test]
fn squadron_orders_are_uniform() {
    let g = position(|g| match g.step {
        Step::Order { model, .. } => g.is_squadron(model),
        _ => false,
    });
    uniform(&g, 200);
}
