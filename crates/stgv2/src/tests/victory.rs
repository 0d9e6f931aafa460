//! The end of the game when a battle leaves nobody (ST-17, ST-18, ST-19; seed
//! "Destroying a ship": a destroyed ship "will complete the battle if it can return
//! fire"), and games played to the end from positions where every seat can fall at
//! once. Every game runs on its own thread with a deadline, so a hang fails the test
//! instead of stalling the run.

use crate::action::Action;
use crate::state::{Phase, ShipId, Step};
use crate::testkit::*;
use crate::Stgv2;
use orrery_core::{Game, Presentation, Rng, Seat};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

/// Run `f` on a thread; fail if it has not answered within `secs`.
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(v) => v,
        Err(RecvTimeoutError::Timeout) => panic!("the engine did not answer in {secs} s (a hang)"),
        Err(RecvTimeoutError::Disconnected) => panic!("the game thread panicked"),
    }
}

/// `name` started, then every seat in `seats` left with one bought ship holding one
/// Weapon (its starting ship lost earlier), stacked on rod (1,0) from level 1 up
/// (each adjacent to the next), open to attack; every other seat already out.
/// Seat 0 to move in step 4 with the turn's first set drawn. A state play could
/// reach: `validate` accepts it.
fn last_ships(name: &str, seats: &[u8]) -> (Stgv2, Vec<ShipId>) {
    let mut g = started(&scenario(name), 21);
    let mut ids = Vec::new();
    for i in 0..g.players.len() {
        g.ships[i].alive = false;
        if seats.contains(&(i as u8)) {
            g.players[i].bought_ship = true;
            let z = 1 + ids.len() as u8;
            ids.push(add_ship(
                &mut g,
                Seat(i as u8),
                pos(1, 0, z),
                assets(1, 0, 0),
            ));
        } else {
            g.players[i].out = true;
        }
    }
    g.current = Seat(0);
    g.step = Step::Main {
        phase: Phase::Combat,
    };
    g.validate().expect("a position play could reach");
    (g, ids)
}

/// Seat 0's ship attacks the next one up with dice 6 and 6: 6 against no shield is
/// 2 hits on one asset, both ways, so both ships fall in the one battle.
fn mutual(mut g: Stgv2, ids: Vec<ShipId>) -> Stgv2 {
    within(10, move || {
        g.rng_mut().force(&[6, 6]);
        g.apply(
            Seat(0),
            &Action::Attack {
                ship: ids[0],
                target: ids[1],
            },
        )
        .expect("a legal attack");
        g
    })
}

#[test]
fn st19_nobody_left_ends_the_game_and_the_richest_of_the_fallen_wins() {
    let (mut g, ids) = last_ships("outpost", &[0, 1]);
    g.players[0].on = 2_000;
    g.players[1].on = 7_000;
    let g = mutual(g, ids);
    // The defender fell and still fired back (seed): both are out at once (ST-17).
    assert!(g.player(Seat(0)).out && g.player(Seat(1)).out);
    let b = g.last_battle.as_ref().unwrap();
    assert_eq!((b.volleys[0].hits, b.volleys[1].hits), (2, 2));
    let o = g.outcome().expect("the game ends there (ST-19)");
    assert_eq!(o.winners, vec![Seat(1)], "most Spendys ON station");
    assert!(o.reason.contains("ST-19"), "{}", o.reason);
    assert_eq!(g.step, Step::Over);
    assert!(g.to_move().is_empty());
    g.validate().unwrap();
}

#[test]
fn st19_a_tie_on_spendys_goes_to_outposts_held_then_is_shared() {
    // Equal ON: the outposts each held when his last ship fell decide, though
    // ST-17 has removed them.
    let (mut g, ids) = last_ships("outpost", &[0, 1]);
    g.clusters[0].outpost = Some(Seat(0));
    let g = mutual(g, ids);
    assert_eq!(g.clusters[0].outpost, None, "removed with him (ST-17)");
    assert_eq!(g.outcome().unwrap().winners, vec![Seat(0)]);
    // Equal ON and outposts: a shared win.
    let (mut g, ids) = last_ships("outpost", &[0, 1]);
    g.clusters[0].outpost = Some(Seat(0));
    g.clusters[1].outpost = Some(Seat(1));
    let g = mutual(g, ids);
    assert_eq!(g.outcome().unwrap().winners, vec![Seat(0), Seat(1)]);
}

#[test]
fn st19_a_three_player_game_down_to_two_ranks_only_the_fallen() {
    // Seat 2 went out before, with more Spendys: he is not ranked.
    let (mut g, ids) = last_ships("outpost-3", &[0, 1]);
    g.players[0].on = 9_000;
    g.players[1].on = 8_000;
    g.players[2].on = 50_000;
    let g = mutual(g, ids);
    let o = g.outcome().expect("the game ends there (ST-19)");
    assert_eq!(o.winners, vec![Seat(0)]);
    assert!(o.reason.contains("ST-19"), "{}", o.reason);
}

#[test]
fn st19_one_player_left_wins() {
    // Three in play, two fall in one battle: the third wins at once (ST-18).
    let (mut g, ids) = last_ships("outpost-3", &[0, 1, 2]);
    g.players[0].on = 20_000;
    let g = mutual(g, ids);
    assert!(g.player(Seat(0)).out && g.player(Seat(1)).out);
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![Seat(2)]);
    assert!(o.reason.contains("only player left"), "{}", o.reason);
}

/// From each position where every seat in play can fall in one battle (the last
/// ships hold a Weapon and a Shield: 6 against 1 is 2 hits, enough), with the
/// battle's four dice forced to every combination of 1, 3 and 6 (both fall, one
/// falls, one loses an asset by his choice, nothing happens), the attack and then
/// random legal answers play the game to its end: `apply` always answers, every
/// state passes `validate`, the game ends within its action bound.
#[test]
fn st19_games_from_positions_where_every_seat_can_fall_at_once_end() {
    let (games, mutual) = within(120, || {
        let (mut games, mut mutual) = (0, 0);
        let faces = [1u32, 3, 6];
        for (name, seats) in [
            ("outpost", &[0u8, 1][..]),
            ("outpost-3", &[0, 1][..]),
            ("outpost-3", &[0, 1, 2][..]),
        ] {
            for k in 0..81 {
                let dice: Vec<u32> = (0..4).map(|i| faces[k / 3usize.pow(i) % 3]).collect();
                let (mut g, ids) = last_ships(name, seats);
                for &id in &ids {
                    g.ship_mut(id).assets = assets(1, 1, 0);
                }
                g.rules.rounds = 3;
                g.rng_mut().force(&dice);
                let attack = Action::Attack {
                    ship: ids[0],
                    target: ids[1],
                };
                g.apply(Seat(0), &attack).unwrap();
                if !g.ship(ids[0]).alive && !g.ship(ids[1]).alive {
                    mutual += 1;
                }
                play_out(&mut g, k as u64);
                games += 1;
            }
        }
        (games, mutual)
    });
    assert_eq!(games, 243);
    // 6 against 1 both ways: one combination in 81 per position.
    assert_eq!(mutual, 3);
}

/// Random legal answers until the game ends.
fn play_out(g: &mut Stgv2, seed: u64) {
    let mut rng = Rng::seed_from(seed);
    let bound = g.action_bound();
    for _ in 0..bound {
        if let Err(e) = g.validate() {
            panic!("{e}\n{}", g.render_text(None));
        }
        if g.outcome().is_some() {
            assert!(g.to_move().is_empty());
            let winners = &g.outcome().unwrap().winners;
            assert!(winners.iter().all(|w| w.index() < g.players.len()));
            return;
        }
        let seat = g.to_move()[0];
        let legal = g.legal_actions(seat);
        assert!(!legal.is_empty(), "seat {seat} to move with no answer");
        let a = legal[rng.index(legal.len())].clone();
        g.apply(seat, &a).unwrap();
    }
    panic!("no end within {bound} actions");
}
