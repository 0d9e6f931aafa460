//! Helpers for tests and benches: shipped scenarios by name, games played to a
//! given point, ships put where a test needs them.

use crate::state::{Assets, Ship, ShipId, Step, Stgv2};
use crate::{Action, Scenario};
use orrery_core::{Game, Presentation, Seat};
use orrery_nodes::{Node, Pos};

/// A shipped scenario by name.
pub fn scenario(name: &str) -> Scenario {
    orrery_core::conformance::scenario::<Stgv2>(name)
}

/// Set up with `seed` and played through the starting corners (first options):
/// round 1, the first player's step 2.
pub fn started(scenario: &Scenario, seed: u64) -> Stgv2 {
    let mut g = Stgv2::setup(scenario, seed).expect("scenario sets up");
    while matches!(g.step, Step::Start { .. }) {
        let seat = g.to_move()[0];
        let a = g.legal_actions(seat).into_iter().next().expect("a corner");
        g.apply(seat, &a).expect("listed answers are legal");
    }
    g
}

pub fn pos(a: i32, b: i32, z: u8) -> Pos {
    Pos {
        node: Node::new(a, b),
        z,
    }
}

/// Put ship `id` at `p`.
pub fn place(g: &mut Stgv2, id: ShipId, p: Pos) {
    g.ship_mut(id).pos = p;
}

/// Add a ship for `seat` at `p` with `assets`; its id.
pub fn add_ship(g: &mut Stgv2, seat: Seat, p: Pos, assets: Assets) -> ShipId {
    let id = g.ships.len() as ShipId;
    g.ships.push(Ship {
        id,
        seat,
        pos: p,
        assets,
        off: 0,
        alive: true,
        attacked: false,
        acted: false,
    });
    id
}

pub fn assets(weapon: u8, shield: u8, engine: u8) -> Assets {
    Assets {
        weapon,
        shield,
        engine,
        shuttle: 0,
    }
}

/// The answer that puts this many cells into moves, attack, defence and action
/// (ST-06).
pub fn cells(moves: u8, attack: u8, defend: u8, action: u8) -> Action {
    Action::Cells {
        moves,
        attack,
        defend,
        action,
    }
}

/// Apply for whoever is to move, panicking with the refusal.
pub fn play(g: &mut Stgv2, a: Action) {
    let seat = g.to_move()[0];
    if let Err(e) = g.apply(seat, &a) {
        panic!("{a:?} refused: {e}\n{}", g.render_text(None));
    }
}

/// Make it `seat`'s turn at step `phase` (4–6) with no Move Card set drawn.
pub fn at_phase(g: &mut Stgv2, seat: Seat, phase: crate::state::Phase) {
    g.current = seat;
    g.sets.clear();
    g.step = Step::Main { phase };
}

/// The answers of whoever is to move.
pub fn legal(g: &Stgv2) -> Vec<Action> {
    let seat = g.to_move()[0];
    g.legal_actions(seat)
}

/// Apply for whoever is to move; the refusal's message.
pub fn refused(g: &mut Stgv2, a: Action) -> String {
    let seat = g.to_move()[0];
    let before = g.clone();
    match g.apply(seat, &a) {
        Ok(_) => panic!("{a:?} was accepted"),
        Err(e) => {
            assert_eq!(*g, before, "a refused action changed the state");
            e.to_string()
        }
    }
}
