//! The field and the set-up (ST-01…ST-05).

use crate::action::Action;
use crate::state::{MoveCard, MoveSet, Phase, Step};
use crate::testkit::*;
use crate::Stgv2;
use orrery_core::{Files, Game, Seat};
use orrery_nodes::{Dir, Node, Tile};

#[test]
fn st01_a_ship_moves_only_along_tile_spokes_and_sides_and_its_rod() {
    let mut g = started(&scenario("outpost"), 1);
    // The outermost corner of tile (2,-2) has no neighbour beyond the field.
    let edge = Tile::new(2, -2).corners()[5];
    assert!(g.field.has_node(edge));
    place(&mut g, 0, pos(edge.a, edge.b, 0));
    let plays = g.card_plays_from(0, g.ship(0).pos, MoveCard::Horizontal);
    let dirs: Vec<Dir> = plays.iter().map(|p| p.dirs[0]).collect();
    for d in &dirs {
        let to = plays.iter().find(|p| p.dirs[0] == *d).unwrap().path[0];
        assert!(g.field.joined(edge, to.node), "{d} leaves along an edge");
    }
    assert!(dirs.len() < 6, "no edge leads off the field: {dirs:?}");
    // Up the rod, not below the floor.
    let v = g.card_plays_from(0, g.ship(0).pos, MoveCard::Vertical);
    assert_eq!(
        v.iter().map(|p| p.dirs[0]).collect::<Vec<_>>(),
        vec![Dir::Up]
    );
}

#[test]
fn st02_adjacent_means_one_edge_so_a_diagonal_cannot_be_attacked() {
    let mut g = started(&scenario("outpost"), 1);
    g.players[1].bought_ship = true;
    at_phase(&mut g, Seat(0), Phase::Combat);
    place(&mut g, 0, pos(1, 0, 1));
    place(&mut g, 1, pos(1, 0, 2)); // same rod, one level up: adjacent
    assert!(legal(&g).contains(&Action::Attack { ship: 0, target: 1 }));
    place(&mut g, 1, pos(2, 0, 2)); // next rod, one level up: a diagonal
    let why = refused(&mut g, Action::Attack { ship: 0, target: 1 });
    assert!(why.contains("ST-02"), "{why}");
    place(&mut g, 1, pos(2, 0, 1)); // next rod, same level
    assert!(legal(&g).contains(&Action::Attack { ship: 0, target: 1 }));
}

#[test]
fn st03_clusters_fill_their_rod_and_ships_block_the_way() {
    let mut g = started(&scenario("outpost"), 1);
    // Cluster (0,0) fills its whole rod: from (1,0) no step west at any level.
    for z in 0..5 {
        place(&mut g, 0, pos(1, 0, z));
        let plays = g.card_plays_from(0, g.ship(0).pos, MoveCard::Horizontal);
        assert!(plays.iter().all(|p| p.path[0].node != Node::new(0, 0)));
    }
    // A ship two steps ahead stops a "2 straight" after one step; one ahead
    // blocks that direction.
    place(&mut g, 0, pos(1, 0, 2));
    place(&mut g, 1, pos(1, 0, 4));
    let up = |g: &Stgv2| {
        g.card_plays_from(0, g.ship(0).pos, MoveCard::TwoStraight)
            .into_iter()
            .find(|p| p.dirs == vec![Dir::Up])
    };
    let p = up(&g).unwrap();
    assert!(p.blocked);
    assert_eq!(p.path, vec![pos(1, 0, 3)]);
    place(&mut g, 1, pos(1, 0, 3));
    assert!(up(&g).is_none(), "no step into an occupied position");
}

#[test]
fn st04_scenario_one_boards_for_two_to_six_players() {
    let expect = [
        ("outpost", 2, 19, 7),
        ("outpost-3", 3, 19, 7),
        ("outpost-4", 4, 37, 13),
        ("outpost-5", 5, 37, 13),
        ("outpost-6", 6, 37, 13),
    ];
    for (name, players, tiles, clusters) in expect {
        let g = Stgv2::setup(&scenario(name), 7).unwrap();
        assert_eq!(g.seats(), players, "{name}");
        assert_eq!(g.field.tiles().len(), tiles, "{name}");
        assert_eq!(g.clusters.len(), clusters, "{name}");
        assert!(g.stations.iter().all(|n| n.is_centre()));
        assert!(g.clusters.iter().all(|c| c.node.is_centre()));
    }
    // Seat order takes the stations in the listed order.
    let g = Stgv2::setup(&scenario("outpost-6"), 7).unwrap();
    assert_eq!(g.stations[5], Tile::new(3, -3).centre());
}

#[test]
fn st05_starting_state_and_the_starting_corner_choice() {
    let g = Stgv2::setup(&scenario("outpost"), 3).unwrap();
    assert_eq!(g.step, Step::Start { seat: Seat(0) });
    // The two corners of the station tile nearest node (0,0).
    let corners: Vec<Action> = g.legal_actions(Seat(0));
    assert_eq!(
        corners,
        vec![
            Action::Start {
                node: Node::new(1, 2)
            },
            Action::Start {
                node: Node::new(2, 1)
            }
        ]
    );
    let mut g = started(&scenario("outpost"), 3);
    for (i, p) in g.players.iter().enumerate() {
        assert_eq!(
            (p.cells, p.on, p.out, p.bought_ship),
            (3, 5_000, false, false)
        );
        let s = g.ship(i as u16);
        assert_eq!(
            (s.assets.weapon, s.assets.shield, s.assets.engine),
            (1, 1, 3)
        );
        assert_eq!(s.pos.z, 0);
    }
    assert_eq!(g.round, 1);
    assert_eq!(g.current, g.first);
    // A random player goes first: both seats do over a few seeds.
    let firsts: std::collections::BTreeSet<u8> = (0..20)
        .map(|s| Stgv2::setup(&scenario("outpost"), s).unwrap().first.0)
        .collect();
    assert_eq!(firsts.len(), 2);
    // Then seat order: the turn passes to the other seat after step 7.
    let first = g.current;
    play(&mut g, cells(0, 0, 0, 0));
    g.sets = vec![MoveSet {
        cards: vec![],
        used: true,
    }];
    while g.current == first {
        play(&mut g, Action::Next);
    }
    assert_eq!(g.current, Seat(1 - first.0));
}

/// The roster `calibrate` draws from: extras on top of ST-05's starting state.
#[test]
fn roster_forces_add_to_the_starting_state_at_supply_list_prices() {
    let base = scenario("outpost");
    let roster = Stgv2::roster(&base);
    let price = |n: &str| roster.iter().find(|e| e.name == n).unwrap().points;
    assert_eq!(
        (price("weapon"), price("energy cell"), price("1000 spendys")),
        (1000.0, 6000.0, 1000.0)
    );
    let forces = vec![
        vec!["weapon".to_string(), "energy cell".to_string()],
        vec!["1000 spendys".to_string(); 3],
    ];
    let s = Stgv2::with_forces(&base, &forces).unwrap();
    let g = started(&s, 1);
    assert_eq!(g.ship(0).assets.weapon, 2);
    assert_eq!((g.players[0].cells, g.players[0].on), (4, 5_000));
    assert_eq!((g.players[1].cells, g.players[1].on), (3, 8_000));
    let bad = Stgv2::with_forces(&base, &[vec!["laser".into()], vec![]]).unwrap_err();
    assert!(bad.to_string().contains("unknown roster item"));
    // Forces survive a trip through a scenario file's `[[forces]]`.
    let text = "name = \"x\"\nplayers = 2\nradius = 2\nstations = [[2, 0], [-2, 0]]\nclusters = [[0, 0]]\n\
                [[forces]]\ncells = 4\n[[forces]]\nspendys = 9000\n";
    let s = Stgv2::scenario_from_text(text, "x.toml").unwrap().unwrap();
    assert_eq!(
        (s.forces[0].cells, s.forces[1].spendys, s.forces[1].cells),
        (4, 9_000, 3)
    );
    let one = "name = \"x\"\nplayers = 2\nradius = 2\nstations = [[2, 0], [-2, 0]]\nclusters = []\n[[forces]]\ncells = 4\n";
    let e = Stgv2::scenario_from_text(one, "x.toml")
        .unwrap()
        .unwrap_err();
    assert!(e.to_string().contains("x.toml: forces"), "{e}");
}

/// ST-05 and ST-15 in a fleet builder's file: a seat's starting extras are the Supply
/// List's items (`extras`) on top of the built-in board's starting state (`base`).
#[test]
fn st05_st15_starting_extras_on_a_built_in_board() {
    let text = "name = \"built\"\nbase = \"outpost-3\"\n\
                [[forces]]\nextras = [\"weapon\", \"energy cell\"]\n\
                [[forces]]\nextras = []\n\
                [[forces]]\nextras = [\"1000 spendys\", \"1000 spendys\", \"engine\"]\n";
    let s = Stgv2::scenario_from_text(text, "built.toml")
        .unwrap()
        .unwrap();
    assert_eq!((s.name.as_str(), s.players), ("built", 3));
    assert_eq!(s.tiles, scenario("outpost-3").tiles);
    let g = started(&s, 1);
    assert_eq!((g.ship(0).assets.weapon, g.players[0].cells), (2, 4));
    assert_eq!((g.players[1].cells, g.players[1].on), (3, 5_000));
    assert_eq!((g.players[2].on, g.ship(2).assets.engine), (7_000, 4));
}

/// The builder's mistakes come back naming the file, the field and the reason.
#[test]
fn st05_st15_a_wrong_extra_or_base_names_its_field() {
    let bad = "name = \"b\"\nbase = \"outpost\"\n[[forces]]\nextras = [\"weapons\"]\n[[forces]]\nextras = []\n";
    let e = Stgv2::scenario_from_text(bad, "b.toml")
        .unwrap()
        .unwrap_err();
    assert!(
        e.to_string().contains(
            "b.toml: forces[0].extras[0]: unknown roster item `weapons` (did you mean `weapon`?)"
        ),
        "{e}"
    );
    let e = Stgv2::scenario_from_text("name = \"b\"\nbase = \"outpot\"\n", "b.toml")
        .unwrap()
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("b.toml: base: unknown scenario `outpot`"),
        "{e}"
    );
    let mixed = "name = \"b\"\nbase = \"outpost\"\n[[forces]]\nextras = []\ncells = 2\n[[forces]]\nextras = []\n";
    let e = Stgv2::scenario_from_text(mixed, "b.toml")
        .unwrap()
        .unwrap_err();
    assert!(
        e.to_string().contains("forces[0].cells: unknown field"),
        "{e}"
    );
    let many = format!(
        "name = \"b\"\nbase = \"outpost\"\n[[forces]]\nextras = [{}]\n[[forces]]\nextras = []\n",
        ["\"energy cell\""; 7].join(", ")
    );
    let e = Stgv2::scenario_from_text(&many, "b.toml")
        .unwrap()
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("forces[0].cells: 10 cells but a player may own at most 9"),
        "{e}"
    );
}
