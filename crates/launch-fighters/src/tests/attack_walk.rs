//! A local conformance check: random walks through a crowded attack phase, auditing
//! at every few steps that the legal list and the check agree exactly.

use super::attack_support;

use crate::state::Phase;
use crate::testkit::{design, Sandbox};
use crate::TerrainKind;
use attack_support::*;
use orrery_core::Game;
use orrery_hex::Dir;

/// The full legal list of a busy position matches check exactly at every step of a
/// random walk through the attack phase (a local conformance check).
#[test]
fn random_walk_through_a_crowded_attack_phase() {
    for seed in 0..4u64 {
        let o = origin();
        let mut sb = Sandbox::new(3);
        let c0 = ship(
            &mut sb,
            0,
            with_missiles(design("C0", 3, 3, 2, 4, 3), 9),
            o,
            Dir::N,
        );
        let c1 = ship(
            &mut sb,
            1,
            with_missiles(design("C1", 2, 2, 2, 4, 2), 6),
            o.steps(Dir::N, 3),
            Dir::S,
        );
        let c2 = ship(
            &mut sb,
            2,
            design("C2", 4, 0, 1, 5, 5),
            o.steps(Dir::Se, 3),
            Dir::Nw,
        );
        for _ in 0..2 {
            sb.aboard(0, c0);
            sb.aboard(1, c1);
        }
        squadron(&mut sb, 0, c0, o.step(Dir::N));
        squadron(&mut sb, 1, c1, o.steps(Dir::N, 2));
        squadron(&mut sb, 1, c1, o.steps(Dir::N, 2).step(Dir::Ne));
        squadron(&mut sb, 2, c2, o.step(Dir::Se));
        squadron(&mut sb, 2, c2, o.steps(Dir::Se, 2));
        terrain(
            &mut sb,
            TerrainKind::Asteroid,
            o.steps(Dir::N, 2).step(Dir::Nw),
        );
        terrain(
            &mut sb,
            TerrainKind::Nebula,
            o.steps(Dir::Se, 2).step(Dir::S),
        );
        attack_step(&mut sb, 5);
        let mut g = sb.build();
        g.rng = orrery_core::Rng::seed_from(seed);
        let mut pick = orrery_core::Rng::seed_from(seed + 100);
        let mut steps = 0;
        while matches!(g.phase, Phase::Attack { .. }) && steps < 60 {
            let tm = g.to_move();
            assert_eq!(tm.len(), 1);
            let legal = g.legal_actions(tm[0]);
            assert!(
                !legal.is_empty(),
                "seat {:?} to move with nothing legal",
                tm[0]
            );
            if steps % 8 == 0 {
                audit(&g);
            }
            let a = legal[pick.index(legal.len())].clone();
            if std::env::var_os("LF_WALK_TRACE").is_some() {
                eprintln!("{seed} {:?} {a:?}", tm[0]);
            }
            g.apply(tm[0], &a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
            steps += 1;
        }
    }
}
