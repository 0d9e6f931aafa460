//! Issue 38's tests of the training itself, on the toy game Take-Away (a pile of 21
//! stones, take 1–3, the last stone wins): a model trained for seconds beats an
//! untrained one on fixed seeds, training is deterministic for a seed, a resumed run
//! equals an unbroken one, self-play does not depend on the number of workers, and a
//! run directory of other settings is refused.

use orrery_agents::model::ValueModel;
use orrery_core::toy::{PileScenario, TakeAway};
use orrery_train::{duel, fit, self_play, train, Provenance, TrainConfig, TrainError};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("orrery-train-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// A few seconds of training: MCTS of 12 iterations judges its leaves with the model
/// alone (before the first, with the default evaluation: 0 until the end, which
/// knows nothing to mix with).
fn cfg() -> TrainConfig {
    TrainConfig {
        generations: 8,
        games: 150,
        iterations: 12,
        explore: 0.1,
        max_actions: 100,
        window: 3,
        epochs: 20,
        batch: 64,
        learning_rate: 3e-3,
        hidden: vec![16],
        duel_games: 10,
        seed: 7,
        value_weight: 1.0,
        ..TrainConfig::new("take-away", "default")
    }
}

/// 13 stones: the first player wins by taking one (leaving 12, then multiples of 4).
fn pile() -> PileScenario {
    PileScenario { stones: 13 }
}

fn quiet(_: orrery_train::Progress) {}

fn run(d: &Path, c: &TrainConfig, threads: usize) -> Vec<orrery_train::Generation> {
    train::<TakeAway>(&pile(), c, d, threads, &Provenance::new(), &quiet).unwrap()
}

/// The model at its initial weights: the fit of generation 1 with no pass over the
/// data.
fn untrained(c: &TrainConfig, like: &ValueModel) -> ValueModel {
    let positions = self_play::<TakeAway>(&pile(), c, None, 1, 0..2, 1, &|_| {});
    let none = TrainConfig {
        epochs: 0,
        ..c.clone()
    };
    fit(
        None,
        &[positions],
        &none,
        1,
        like.header.clone(),
        &|_, _| {},
    )
    .unwrap()
    .0
}

/// Issue 38 (Tests): a model trained for seconds beats an untrained one in a ladder
/// on fixed seeds: 100 games, seats swapped, both searching 12 iterations a move.
/// Perfect play wins from 21 stones (take 1, then leave multiples of 4); a search
/// this small sees that only near the end unless its leaves are judged well.
#[test]
fn a_model_trained_for_seconds_beats_an_untrained_one() {
    let d = dir("beats");
    let c = cfg();
    let log = run(&d, &c, 2);
    assert_eq!(log.len(), c.generations);
    let trained = Arc::new(ValueModel::read(&d.join("latest.model")).unwrap());
    // It learned the game: a pile of 4, 8 or 12 for the seat to move is worse than
    // one of 5, 9 or 13.
    let value = |stones: u8| {
        let mut g = <TakeAway as orrery_core::Game>::setup(&PileScenario { stones }, 1).unwrap();
        let _ = &mut g;
        trained.value_of(&g, orrery_core::Seat(0))
    };
    for k in 1..=3u8 {
        assert!(
            value(4 * k) < value(4 * k + 1),
            "{} vs {}",
            value(4 * k),
            value(4 * k + 1)
        );
    }
    let fresh = Arc::new(untrained(&c, &trained));
    let ladder = TrainConfig {
        duel_games: 100,
        ..c.clone()
    };
    let score = duel::<TakeAway>(&pile(), &ladder, trained, Some(fresh), 99, 2, &|_| {});
    // 100 games: a score of 0.75 or more is far beyond chance (p < 10⁻⁶ for a coin;
    // 0.89 measured).
    eprintln!("trained vs untrained: {score}");
    assert!(score >= 0.75, "trained vs untrained: {score}");
    let _ = std::fs::remove_dir_all(&d);
}

/// The same seed gives the same run: models byte for byte, and the log (wall times
/// aside).
#[test]
fn training_is_deterministic_for_a_seed() {
    let c = TrainConfig {
        generations: 2,
        games: 20,
        epochs: 5,
        duel_games: 4,
        ..cfg()
    };
    let (a, b) = (dir("det-a"), dir("det-b"));
    let (la, lb) = (run(&a, &c, 2), run(&b, &c, 2));
    let strip = |l: Vec<orrery_train::Generation>| {
        l.into_iter()
            .map(|mut g| {
                g.seconds = 0.0;
                g
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(la), strip(lb));
    for g in 1..=2 {
        let name = format!("gen-{g:04}.model");
        assert_eq!(
            std::fs::read(a.join(&name)).unwrap(),
            std::fs::read(b.join(&name)).unwrap(),
            "{name}"
        );
    }
    // Another seed, another model.
    let other = dir("det-c");
    run(&other, &TrainConfig { seed: 8, ..c }, 2);
    assert_ne!(
        std::fs::read(a.join("latest.model")).unwrap(),
        std::fs::read(other.join("latest.model")).unwrap()
    );
    for d in [a, b, other] {
        let _ = std::fs::remove_dir_all(d);
    }
}

/// A run stopped after generation 1 and resumed to 2 ends with the model and log an
/// unbroken run to 2 ends with.
#[test]
fn a_resumed_training_equals_an_unbroken_one() {
    let c = TrainConfig {
        generations: 2,
        games: 20,
        epochs: 5,
        duel_games: 4,
        ..cfg()
    };
    let (whole, parts) = (dir("whole"), dir("parts"));
    run(&whole, &c, 2);
    run(
        &parts,
        &TrainConfig {
            generations: 1,
            ..c.clone()
        },
        2,
    );
    let log = run(&parts, &c, 1);
    assert_eq!(log.len(), 2);
    assert_eq!(
        std::fs::read(whole.join("gen-0002.model")).unwrap(),
        std::fs::read(parts.join("gen-0002.model")).unwrap()
    );
    // Asked for no more generations than it has, a run does nothing.
    assert_eq!(run(&parts, &c, 1).len(), 2);
    for d in [whole, parts] {
        let _ = std::fs::remove_dir_all(d);
    }
}

/// Self-play game `i` depends on its index only: one worker or two, and any split
/// into parts, give the same positions.
#[test]
fn self_play_does_not_depend_on_the_workers_or_the_split() {
    let c = cfg();
    let one = self_play::<TakeAway>(&pile(), &c, None, 1, 0..12, 1, &|_| {});
    let two = self_play::<TakeAway>(&pile(), &c, None, 1, 0..12, 2, &|_| {});
    assert_eq!(one, two);
    let mut parts = self_play::<TakeAway>(&pile(), &c, None, 1, 0..5, 2, &|_| {});
    parts
        .append(self_play::<TakeAway>(
            &pile(),
            &c,
            None,
            1,
            5..12,
            1,
            &|_| {},
        ))
        .unwrap();
    assert_eq!(one, parts);
    assert_eq!(one.games, 12);
    assert!(one.len() >= 12 * 6, "{} positions", one.len());
}

/// A directory holding a run of other settings is not overwritten.
#[test]
fn a_run_of_other_settings_is_refused() {
    let d = dir("other");
    let c = TrainConfig {
        generations: 1,
        games: 4,
        epochs: 1,
        duel_games: 0,
        ..cfg()
    };
    run(&d, &c, 1);
    let e = train::<TakeAway>(
        &pile(),
        &TrainConfig { games: 5, ..c },
        &d,
        1,
        &Provenance::new(),
        &quiet,
    )
    .unwrap_err();
    assert!(
        matches!(&e, TrainError::OtherRun { field, .. } if field == "games"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// Issue 38: a shipped model is at most 1 MB. Layers that would pass it are refused
/// before any game is played, with the widest first layer that fits; the widest one
/// named does fit, one more does not.
#[test]
fn a_model_over_one_megabyte_is_refused_with_the_layers_that_would_fit() {
    let d = dir("too-big");
    let c = TrainConfig {
        generations: 1,
        games: 2,
        hidden: vec![1024, 512],
        ..cfg()
    };
    let e = train::<TakeAway>(&pile(), &c, &d, 1, &Provenance::new(), &quiet).unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, TrainError::Config(_)), "{text}");
    let observation = 62; // 61 pile sizes one-hot, and whose turn it is
    let w = orrery_train::first_layer_within(observation, &[512]);
    assert!(
        text.contains("over the 1 MB") && text.contains(&format!("at most {w}")),
        "{text}"
    );
    assert!(orrery_train::model_bytes(observation, &[w, 512]) <= orrery_train::MAX_MODEL_BYTES);
    assert!(orrery_train::model_bytes(observation, &[w + 1, 512]) > orrery_train::MAX_MODEL_BYTES);
    assert!(!d.join("log.jsonl").exists(), "nothing was played");
    let _ = std::fs::remove_dir_all(&d);
}

/// Two runs in one directory would tear each other's files: the second is refused
/// while the first holds the lock; a lock file left by a run that ended (killed: the
/// system released its lock) is no obstacle.
#[test]
fn a_run_directory_in_use_is_refused() {
    let d = dir("busy");
    std::fs::create_dir_all(&d).unwrap();
    let c = TrainConfig {
        generations: 1,
        games: 2,
        epochs: 1,
        duel_games: 0,
        ..cfg()
    };
    // Another holder of the lock (here this test, through its own open file).
    let held = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(d.join("lock"))
        .unwrap();
    held.try_lock().unwrap();
    let e = train::<TakeAway>(&pile(), &c, &d, 1, &Provenance::new(), &quiet).unwrap_err();
    assert!(matches!(e, TrainError::Busy { .. }), "{e}");
    assert!(e.to_string().contains("in use by another"), "{e}");
    assert!(!d.join("log.jsonl").exists(), "nothing was played");
    // Its holder gone, the file left behind: the run goes on.
    drop(held);
    assert_eq!(run(&d, &c, 1).len(), 1);
    let _ = std::fs::remove_dir_all(&d);
}

/// `search_value` (λ) changes what is learned, not what is played: the same games
/// (observations), and each target `(1 − λ)·result + λ·estimate`, so that λ = ½ lies
/// halfway between the results (λ = 0) and the searches' estimates (λ = 1). The
/// estimates are the search's own and differ from the results somewhere.
#[test]
fn the_search_value_mixes_the_searchs_estimate_into_the_deciders_targets() {
    let at = |lambda: f64| {
        let c = TrainConfig {
            search_value: lambda,
            ..cfg()
        };
        self_play::<TakeAway>(&pile(), &c, None, 1, 0..6, 1, &|_| {})
    };
    let (results, half, estimates) = (at(0.0), at(0.5), at(1.0));
    assert!(!results.is_empty());
    assert_eq!(results.observations, estimates.observations);
    assert_eq!(results.observations, half.observations);
    let mut moved = 0;
    for i in 0..results.len() {
        let (r, h, e) = (results.results[i], half.results[i], estimates.results[i]);
        assert!((0.0..=1.0).contains(&e), "estimate {e}");
        assert!((h - (r + e) / 2.0).abs() < 1e-6, "{r} {h} {e}");
        moved += usize::from(r != e);
    }
    assert!(moved > 0, "no target took the search's estimate");
    // A run of other settings is refused as a resume, λ included.
    let d = dir("lambda");
    let c = TrainConfig {
        generations: 1,
        games: 4,
        duel_games: 0,
        ..cfg()
    };
    run(&d, &c, 1);
    let other = TrainConfig {
        search_value: 0.5,
        ..c.clone()
    };
    let e = train::<TakeAway>(&pile(), &other, &d, 1, &Provenance::new(), &quiet).unwrap_err();
    assert!(
        matches!(&e, TrainError::OtherRun { field, .. } if field == "search_value"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// `residual`: every self-play position keeps the evaluation logit its network
/// corrects, the positions file carries them (`ORRPOS02`) and reads back equal, the
/// models say so in their header, and a residual fit of positions without them is
/// refused rather than trained as something else.
#[test]
fn a_residual_run_keeps_each_positions_evaluation() {
    let c = TrainConfig {
        generations: 1,
        games: 6,
        duel_games: 0,
        residual: true,
        ..cfg()
    };
    let p = self_play::<TakeAway>(&pile(), &c, None, 1, 0..6, 1, &|_| {});
    assert!(!p.is_empty());
    assert_eq!(p.bases.len(), p.len());
    let bytes = p.to_bytes();
    assert_eq!(&bytes[..8], b"ORRPOS02");
    assert_eq!(orrery_train::Positions::from_bytes(&bytes, "p").unwrap(), p);
    let plain = self_play::<TakeAway>(&pile(), &cfg(), None, 1, 0..6, 1, &|_| {});
    assert!(plain.bases.is_empty());
    assert_eq!(&plain.to_bytes()[..8], b"ORRPOS01");
    let mut mixed = p.clone();
    assert!(mixed.append(plain.clone()).is_err());
    let d = dir("residual");
    run(&d, &c, 1);
    let m = ValueModel::read(&d.join("latest.model")).unwrap();
    assert!(m.header.residual);
    let header = m.header.clone();
    let e = fit(None, &[plain], &c, 2, header, &|_, _| {}).unwrap_err();
    assert!(e.to_string().contains("--residual"), "{e}");
    let _ = std::fs::remove_dir_all(&d);
}
