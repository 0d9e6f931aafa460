//! LF-13: "If a protocol timeout expires, the default is the highest current stat,
//! ties in record-sheet order Cannons, Launchers, Bays, Defense, Move." — and the
//! passive default (LFO-03) for every other question.

use crate::default_action::highest_stats;
use crate::state::{Decision, Pending, Phase};
use crate::testkit::{design, Sandbox};
use crate::{Action, Stat, Stats};
use orrery_agents::by_name;
use orrery_core::{Game, Seat};
use orrery_hex::Dir;

#[test]
fn lf13_timeout_takes_the_highest_stat_with_record_sheet_ties() {
    let excelsior = Stats {
        cannons: 3,
        launchers: 5,
        bays: 0,
        defense: 6,
        mv: 3,
    };
    let e = |s| excelsior.get(s);
    assert_eq!(highest_stats(e, &Stat::ALL, 1), vec![Stat::Defense]);
    // 6 → 5 ties Launchers 5: Launchers comes first on the record sheet.
    assert_eq!(
        highest_stats(e, &Stat::ALL, 2),
        vec![Stat::Launchers, Stat::Defense]
    );
    let flat = Stats {
        cannons: 2,
        launchers: 2,
        bays: 0,
        defense: 2,
        mv: 2,
    };
    assert_eq!(
        highest_stats(|s| flat.get(s), &Stat::ALL, 1),
        vec![Stat::Cannons]
    );
    // LF-19 "Holds may be hit … reduced like a stat": where they can, the holds are
    // levels like the others; 7 cargo holds are the highest.
    let with_cargo = |s| {
        if s == Stat::CargoHolds {
            7
        } else {
            flat.get(s)
        }
    };
    assert_eq!(
        highest_stats(with_cargo, &Stat::WITH_HOLDS, 2),
        vec![Stat::CargoHolds, Stat::CargoHolds]
    );
    assert_eq!(
        highest_stats(with_cargo, &Stat::ALL, 1),
        vec![Stat::Cannons]
    );
}

#[test]
fn lf13_the_default_agent_answers_a_pending_reduction() {
    let mut sb = Sandbox::new(2);
    let target = sb.ship(1, design("Target", 3, 5, 0, 6, 3), 13, 11, Dir::N);
    sb.ship(0, design("Shooter", 2, 0, 0, 3, 2), 13, 14, Dir::N);
    sb.state().phase = Phase::Attack { step: 3 };
    sb.state().pending.push(Pending {
        seat: Seat(1),
        decision: Decision::ReduceStats {
            ship: target,
            levels: 2,
            credited: Some(Seat(0)),
        },
    });
    let mut g = sb.build();
    let mut agent = by_name::<crate::LaunchFighters>("default", 0).unwrap();
    let a = agent.choose(&g, Seat(1)).expect("a default exists");
    assert_eq!(
        a,
        Action::Reduce {
            stats: vec![Stat::Launchers, Stat::Defense]
        }
    );
    g.apply(Seat(1), &a).expect("the default is legal");
    let s = g.unit(target).ship().unwrap();
    assert_eq!((s.stats.launchers, s.stats.defense), (4, 5));
}

#[test]
fn lfo03_otherwise_the_default_is_passive() {
    let mut sb = Sandbox::new(2);
    let mover = sb.ship(0, design("Mover", 2, 0, 0, 3, 0), 13, 11, Dir::Se);
    sb.ship(1, design("Other", 2, 0, 0, 3, 3), 5, 5, Dir::N);
    let g = sb.build();
    let a = g.default_action(Seat(0)).expect("a default exists");
    assert_eq!(
        a,
        Action::Move {
            unit: mover,
            to: g.unit(mover).hex().unwrap(),
            facing: Some(Dir::Se),
            boost: false,
            warp: false
        }
    );
}
