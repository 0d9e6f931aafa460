//! Saved states (`load_state` runs `validate`): a hand-edited state the rules could
//! never reach is refused with every problem listed, not played wrongly.

use crate::catalogue::Class;
use crate::state::Step;
use crate::testkit::{scenario, started};
use crate::Warfleets;
use orrery_core::{Game, Seat};

fn problems(g: &Warfleets) -> Vec<String> {
    g.validate().err().map(|e| e.problems).unwrap_or_default()
}

/// Two of seat 0's ships on the table, and a light one (the patrol's corvette).
fn patrol() -> (Warfleets, u8, u8) {
    let g = started(&scenario("patrol"), 3);
    assert!(problems(&g).is_empty(), "{:?}", problems(&g));
    let ship = |class: Class| {
        g.models
            .iter()
            .find(|m| m.seat == Seat(0) && g.class(m.id) == class)
            .map(|m| m.id)
            .unwrap()
    };
    let (heavy, light) = (ship(Class::Heavy), ship(Class::Light));
    (g, heavy, light)
}

/// FB-08: a ship's move never ends overlapping another ship ("it continues … until it
/// is ≥ 1" from every other ship").
#[test]
fn fb08_validate_refuses_two_ship_bases_on_one_spot() {
    let (mut g, heavy, light) = patrol();
    g.model_mut(light).pos = g.model(heavy).pos;
    let p = problems(&g);
    assert!(
        p.iter().any(|x| x.contains("two ship bases overlap")),
        "{p:?}"
    );
}

/// FB-18: "if a fleet's remaining ships … ≤ half its starting ships": the starting
/// ships are the fleet's ships; fewer would switch morale off.
#[test]
fn fb18_validate_refuses_started_ships_below_the_fleet() {
    let (mut g, _, _) = patrol();
    g.started_ships = [0, 0];
    let p = problems(&g);
    assert!(p.iter().any(|x| x.starts_with("started_ships[0]")), "{p:?}");
    assert!(p.iter().any(|x| x.starts_with("started_ships[1]")), "{p:?}");
}

/// FB-11: models act in their own phase once activated; a firing step belongs to the
/// model whose activation it is.
#[test]
fn fb11_validate_refuses_a_firing_step_for_an_unactivated_light_ship_in_the_squadron_phase() {
    let (mut g, _, light) = patrol();
    assert_eq!(g.phase, Class::Squadron);
    g.model_mut(light).activated = false;
    g.step = Step::Fire {
        model: light,
        shots: Vec::new(),
    };
    let p = problems(&g);
    assert!(
        p.iter().any(|x| x.contains("has not been activated")),
        "{p:?}"
    );
    assert!(p.iter().any(|x| x.contains("not its own")), "{p:?}");
}

/// Every problem at once.
#[test]
fn validate_lists_every_problem() {
    let (mut g, heavy, light) = patrol();
    g.model_mut(light).pos = g.model(heavy).pos;
    g.started_ships = [0, 0];
    g.model_mut(light).activated = false;
    g.step = Step::Fire {
        model: light,
        shots: Vec::new(),
    };
    assert!(problems(&g).len() >= 5, "{:?}", problems(&g));
}

/// FB-08 and FB-15 questions in a saved state must be answerable: a squadron to place
/// that no ship is on, a repair with nothing to choose between, are refused.
#[test]
fn fb08_fb15_validate_refuses_placements_and_repairs_with_nothing_to_ask() {
    let (mut g, heavy, _) = patrol();
    let squadron = g
        .models
        .iter()
        .find(|m| g.is_squadron(m.id) && m.on_table())
        .map(|m| m.id)
        .unwrap();
    g.displaced.push(crate::state::Displaced {
        squadron,
        ship: heavy,
        mover: Seat(1),
    });
    let p = problems(&g);
    assert!(p.iter().any(|x| x.contains("no ship is on")), "{p:?}");
    g.displaced.clear();
    g.mends.push(crate::state::Mend {
        ship: heavy,
        points: 1,
    });
    let p = problems(&g);
    assert!(p.iter().any(|x| x.contains("repair choice")), "{p:?}");
}
