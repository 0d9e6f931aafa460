//! A game held compacted reads exactly as one that never was (issue 40: a played game
//! in ≤ 16 KiB). `DynGame::compact` (what a server does to a game gone quiet) deflates
//! the log's older events and the record's older actions and lets the state before
//! the last action go; every reader must still get the same events for every viewer
//! from every starting point, the same record, status and undo verdicts, through
//! undo (the state rebuilt) and play after it, in every ruleset's every built-in
//! scenario.

use orrery_core::Seat;
use orrery_protocol::{DynGame, ScenarioSpec};

/// Actions played per scenario (fewer if the game ends first).
const ACTIONS: usize = 300;

/// Every channel a seat or a spectator reads events and state through, as text.
fn readings(g: &dyn DynGame) -> Vec<String> {
    let mut out = vec![
        serde_json::to_string(&g.record()).unwrap(),
        format!("{:?}", g.status()),
        g.events(None, 0).1.to_string(),
        format!("can undo {}", g.can_undo()),
    ];
    // Up to six seats (the most any ruleset has); the others read as strangers.
    let viewers = std::iter::once(None).chain((0..6).map(|s| Some(Seat(s))));
    for viewer in viewers {
        if let Some(seat) = viewer {
            out.push(format!(
                "{seat:?} undo {:?} {}",
                g.undo_refusal_by(seat),
                g.can_undo_by(seat)
            ));
        }
        for since in [0, 1, 17, 100] {
            let (events, next) = g.events(viewer, since);
            out.push(format!("{viewer:?} {since} {events:?} {next}"));
        }
        let (_, seen) = g.events_seen(viewer, usize::MAX);
        for since in [0, seen.saturating_sub(40), seen.saturating_sub(3), seen] {
            let (events, n) = g.events_seen(viewer, since);
            let texts: Vec<&str> = events.iter().map(|e| e.get()).collect();
            out.push(format!("{viewer:?} seen {since} {texts:?} {n}"));
        }
    }
    out
}

#[test]
fn a_compacted_game_reads_as_one_never_compacted() {
    let registry = orrery_rulesets::registry();
    for info in registry.rulesets() {
        for scenario in &info.scenarios {
            let spec = || ScenarioSpec::Named(scenario.name.clone());
            let mut plain = registry.new_game(&info.id, spec(), 11).unwrap();
            let mut held = registry.new_game(&info.id, spec(), 11).unwrap();
            for g in [&mut plain, &mut held] {
                g.set_undo_depth(1);
            }
            let same = |plain: &dyn DynGame, held: &dyn DynGame, when: &str| {
                let (a, b) = (readings(plain), readings(held));
                assert!(
                    a == b,
                    "{} {} {when}: a compacted game reads differently",
                    info.id,
                    scenario.name
                );
            };
            let mut draw = 0x9e37_79b9_7f4a_7c15u64;
            let mut compactions = 0u32;
            for step in 0..ACTIONS {
                let Some(&seat) = plain.to_move().first() else {
                    break;
                };
                let legal = plain.legal(seat);
                if legal.is_empty() {
                    break;
                }
                draw = draw
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let action = &legal[(draw >> 33) as usize % legal.len()];
                plain.apply_only(seat, action).unwrap();
                held.apply_only(seat, action).unwrap();
                // Compacted often, now and then taken back right after.
                if (draw >> 20).is_multiple_of(3) {
                    held.compact();
                    compactions += 1;
                    if compactions.is_multiple_of(8) {
                        same(
                            plain.as_ref(),
                            held.as_ref(),
                            &format!("after action {step}"),
                        );
                    }
                    if (draw >> 24).is_multiple_of(4) {
                        assert_eq!(plain.undo(), held.undo(), "undo");
                        held.compact();
                    }
                }
            }
            same(plain.as_ref(), held.as_ref(), "at the end");
            assert!(
                compactions > 0 || plain.is_terminal(),
                "{} {}: compacted",
                info.id,
                scenario.name
            );
        }
    }
}
