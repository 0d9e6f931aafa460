//! Combat (seed "Combat", "Resolving Damage", "Destroying a ship"; ST-10…ST-12,
//! ST-16, ST-17).

use crate::action::Action;
use crate::combat::die_chart;
use crate::refusal::Refusal;
use crate::state::{Asset, Phase, Step};
use crate::testkit::*;
use crate::Stgv2;
use orrery_core::{Game, Seat};

/// Seat 0 to attack in step 4: its ship 0 at (1,0) L1, the enemy's ship 1 just
/// above it (adjacent), the enemy open to attack.
fn duel() -> Stgv2 {
    let mut g = started(&scenario("outpost"), 21);
    g.players[1].bought_ship = true;
    at_phase(&mut g, Seat(0), Phase::Combat);
    place(&mut g, 0, pos(1, 0, 1));
    place(&mut g, 1, pos(1, 0, 2));
    g
}

#[test]
fn seed_die_chart() {
    let chart: Vec<u32> = [0, 1, 4, 5, 9, 10, 13, 14, 19, 20, 40]
        .map(die_chart)
        .to_vec();
    assert_eq!(chart, vec![0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
}

#[test]
fn st10_a_player_who_never_bought_a_ship_cannot_be_attacked() {
    let mut g = duel();
    g.players[1].bought_ship = false;
    let why = refused(&mut g, Action::Attack { ship: 0, target: 1 });
    assert!(why.contains("ST-10"), "{why}");
    // He may still attack: the protected player's own ship is a principal.
    g.players[0].bought_ship = true;
    at_phase(&mut g, Seat(1), Phase::Combat);
    assert!(legal(&g).contains(&Action::Attack { ship: 1, target: 0 }));
    // Buying a ship ends the protection for good.
    let mut g = duel();
    g.players[1].bought_ship = false;
    at_phase(&mut g, Seat(1), Phase::Purchase);
    g.players[1].on = 4_000;
    let at = pos(-2, -1, 0); // a corner of seat 1's station tile (-2,0)
    assert!(g.field.has_pos(at));
    play(&mut g, Action::BuyShip { at });
    assert!(g.player(Seat(1)).bought_ship);
}

#[test]
fn st10_each_ship_initiates_one_attack_a_turn() {
    let mut g = duel();
    g.rng_mut().force(&[1, 6, 1, 6]);
    play(&mut g, Action::Attack { ship: 0, target: 1 });
    assert!(g.ship(0).attacked);
    assert_eq!(
        g.attack_problem(Seat(0), 0, 1),
        Some(Refusal::AlreadyAttacked { ship: 0 })
    );
    // With no other attack open, step 4 has ended by itself.
    assert!(!legal(&g).contains(&Action::Attack { ship: 0, target: 1 }));
}

#[test]
fn st11_attack_then_return_fire_with_the_die_chart() {
    let mut g = duel();
    // Attack: 1 weapon, 1 roll: 6 vs the target's 1 shield: 2 → 4 → 1 hit.
    // Return fire: 1 weapon: 3 vs 1 shield: 3 → a tie → no damage.
    g.rng_mut().force(&[6, 2, 3, 3]);
    play(&mut g, Action::Attack { ship: 0, target: 1 });
    let b = g.last_battle.clone().unwrap();
    assert_eq!(b.volleys.len(), 2);
    assert_eq!(
        (
            b.volleys[0].attack_totals.clone(),
            b.volleys[0].defense_totals.clone(),
            b.volleys[0].hits
        ),
        (vec![6], vec![2], 1)
    );
    assert_eq!(b.volleys[1].hits, 0);
    // The target's owner chooses the asset (weapon or shield; an engine weighs 2).
    assert_eq!(g.to_move(), vec![Seat(1)]);
    let mut choices = legal(&g);
    choices.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        choices,
        vec![
            Action::Lose {
                asset: Asset::Shield
            },
            Action::Lose {
                asset: Asset::Weapon
            }
        ]
    );
    play(
        &mut g,
        Action::Lose {
            asset: Asset::Shield,
        },
    );
    assert_eq!(g.ship(1).assets.shield, 0);
    assert_eq!(g.to_move(), vec![Seat(0)]);
}

#[test]
fn st11_each_cell_is_another_roll_and_the_best_total_counts() {
    let mut g = duel();
    g.players[0].placed.attack = 2; // three rolls
                                    // Attack rolls 1, 2, 6 (best 6) vs 5: 1 hit; return 1 vs 1: none.
    g.rng_mut().force(&[1, 2, 6, 5, 1, 1]);
    play(&mut g, Action::Attack { ship: 0, target: 1 });
    let v = &g.last_battle.as_ref().unwrap().volleys[0];
    assert_eq!(v.attack_totals, vec![1, 2, 6]);
    assert_eq!(v.hits, 1);
    // The defender's DEFEND cells (placed on his own turn) roll for him.
    let mut g = duel();
    g.players[1].placed.defend = 1;
    g.rng_mut().force(&[6, 1, 6, 1, 1]);
    play(&mut g, Action::Attack { ship: 0, target: 1 });
    let v = &g.last_battle.as_ref().unwrap().volleys[0];
    assert_eq!(v.defense_totals, vec![1, 6]);
    assert_eq!(v.hits, 0, "6 against a best of 6 is a tie");
}

#[test]
fn seed_station_doubles_weapons_and_shields_and_brings_the_group() {
    let mut g = duel();
    // Seat 0's station is tile (2,0), centre (2,2); corners (1,2) and (2,1).
    place(&mut g, 0, pos(1, 2, 0));
    let helper = add_ship(&mut g, Seat(0), pos(2, 1, 0), assets(2, 0, 1));
    place(&mut g, 1, pos(1, 2, 1));
    assert_eq!(g.group(0), vec![0, helper]);
    let (attack, back) = g.battle_pools(0, 1);
    assert_eq!(attack.attack_dice, 2 + 4, "(1 + 2 weapons) doubled");
    assert_eq!(attack.defense_dice, 1);
    assert_eq!(
        back.defense_dice, 2,
        "1 shield doubled, the helper has none"
    );
    assert_eq!(back.against, vec![0, helper]);
    // Away from the station: alone and not doubled.
    place(&mut g, 0, pos(1, 0, 1));
    place(&mut g, 1, pos(1, 0, 2));
    assert_eq!(g.battle_pools(0, 1).0.attack_dice, 1);
}

#[test]
fn st12_hits_remove_assets_by_weight_and_leftovers_are_lost() {
    let mut g = duel();
    g.ship_mut(1).assets = assets(0, 0, 3);
    // One hit (3 against no shield) cannot remove an engine (weight 2): no damage.
    g.rng_mut().force(&[3]);
    play(&mut g, Action::Attack { ship: 0, target: 1 });
    assert_eq!(g.last_battle.as_ref().unwrap().volleys[0].hits, 1);
    assert_eq!(g.ship(1).assets.engine, 3);
    // Two hits on W1 E3: the owner picks; an engine takes both.
    let mut g = duel();
    g.ship_mut(1).assets = assets(1, 0, 3);
    g.ship_mut(1).assets.shield = 0;
    g.rng_mut().force(&[6, 1, 1]); // 6 vs 1 → 5 → 2 hits; return 1 vs 1
    play(&mut g, Action::Attack { ship: 0, target: 1 });
    assert_eq!(g.pending_damage().unwrap().hits, 2);
    play(
        &mut g,
        Action::Lose {
            asset: Asset::Engine,
        },
    );
    assert_eq!(g.ship(1).assets, assets(1, 0, 2));
    assert!(g.pending_damage().is_none());
}

#[test]
fn st12_hits_as_many_as_assets_destroy_and_st17_the_last_ship_takes_the_station() {
    let mut g = duel();
    g.ship_mut(1).assets = assets(1, 0, 0);
    g.ship_mut(1).off = 3_000;
    g.clusters[0].outpost = Some(Seat(1));
    g.rng_mut().force(&[6, 1, 1]);
    play(&mut g, Action::Attack { ship: 0, target: 1 });
    assert!(!g.ship(1).alive);
    assert!(g.player(Seat(1)).out);
    assert_eq!(g.clusters[0].outpost, None, "his outposts go with him");
    // The only player left wins at once.
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![Seat(0)]);
    assert!(o.reason.contains("ST-17"));
}

#[test]
fn st12_a_destroyed_ship_still_returns_fire() {
    let mut g = duel();
    g.ship_mut(1).assets = assets(1, 0, 0);
    let extra = add_ship(&mut g, Seat(1), pos(-3, -2, 0), assets(0, 0, 1));
    // The attack destroys it (6 vs 0); its return fire (6 vs 1) still hits.
    g.rng_mut().force(&[6, 6, 1]);
    play(&mut g, Action::Attack { ship: 0, target: 1 });
    assert!(!g.ship(1).alive);
    assert!(g.ship(extra).alive && !g.player(Seat(1)).out);
    let b = g.last_battle.clone().unwrap();
    assert_eq!(b.volleys[1].hits, 2);
    // Two hits on W1 S1 E3 (5 assets): weapon and shield (one hit each) or an engine.
    assert_eq!(g.to_move(), vec![Seat(0)]);
    assert_eq!(legal(&g).len(), 3);
}

#[test]
fn st16_a_shuttle_weighs_three_hits() {
    let mut s = scenario("outpost");
    s.start.ship.shuttle = 1;
    let mut g = started(&s, 21);
    g.players[1].bought_ship = true;
    at_phase(&mut g, Seat(0), Phase::Combat);
    place(&mut g, 0, pos(1, 0, 1));
    place(&mut g, 1, pos(1, 0, 2));
    g.ship_mut(0).assets.weapon = 4;
    g.ship_mut(1).assets = s.start.ship;
    g.ship_mut(1).assets.weapon = 0;
    g.ship_mut(1).assets.shield = 0;
    // 24 vs 0 → 5 hits on E3 T1 (4 assets): destroyed (5 ≥ 4).
    g.rng_mut().force(&[6, 6, 6, 6]);
    play(&mut g, Action::Attack { ship: 0, target: 1 });
    assert!(!g.ship(1).alive);
    // 3 hits on T1 E3 W1 S1 (6 assets): the shuttle is one choice.
    let mut g = started(&s, 21);
    g.players[1].bought_ship = true;
    at_phase(&mut g, Seat(0), Phase::Combat);
    place(&mut g, 0, pos(1, 0, 1));
    place(&mut g, 1, pos(1, 0, 2));
    g.ship_mut(0).assets.weapon = 2;
    g.rng_mut().force(&[6, 6, 2, 1, 1]); // 12 vs 2 → 10 → 3 hits
    play(&mut g, Action::Attack { ship: 0, target: 1 });
    assert!(legal(&g).contains(&Action::Lose {
        asset: Asset::Shuttle
    }));
    play(
        &mut g,
        Action::Lose {
            asset: Asset::Shuttle,
        },
    );
    assert_eq!(g.ship(1).assets.shuttle, 0);
    assert!(g.pending_damage().is_none());
    assert!(matches!(g.step, Step::Main { .. }));
}
