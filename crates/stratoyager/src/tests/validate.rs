//! Issue 8 §3: a saved Stratoyager state must pass every invariant of the rules
//! (`Game::validate`), every problem listed with its field, or be refused.

use crate::state::AskKind;
use crate::testkit::scenario;
use crate::Stratoyager;
use orrery_core::{Game, Rng, SearchHints};
use serde_json::{json, Value};

fn pilot(seed: u64) -> Stratoyager {
    Stratoyager::setup(&scenario("pilot-episode"), seed).expect("setup")
}

/// Corrupt a saved state and read it back: the problems `validate` lists.
fn problems(g: &Stratoyager, edit: impl FnOnce(&mut Value)) -> Vec<String> {
    orrery_core::conformance::problems_after(g, edit)
}

/// One of the problems listed starts with `start` (its field and what is wrong).
fn assert_listed(p: &[String], start: &str) {
    assert!(
        p.iter().any(|m| m.starts_with(start)),
        "{start:?} not among {p:?}"
    );
}

/// A position in the middle of play: the first Movement Action question, nobody
/// has answered yet.
fn in_play() -> Stratoyager {
    let mut g = pilot(5);
    let mut r = Rng::seed_from(5);
    loop {
        if let Some(b) = &g.batch {
            if b.kind == AskKind::Maneuver && b.asks.iter().all(|a| a.answer.is_none()) {
                return g;
            }
        }
        let s = g.to_move()[0];
        let a = g.sample_action(s, &mut r).expect("an action");
        g.apply(s, &a).expect("legal");
    }
}

#[test]
fn a_unit_kind_outside_the_roster_is_refused() {
    // The report: `units[3].kind = 256` was accepted; 16 applies later the ruleset
    // failed half-way and the hash moved.
    let p = problems(&pilot(5), |v| v["units"][3]["kind"] = json!(256));
    assert_listed(&p, "units[3].kind: 256 is not a parameter card");
}

#[test]
fn structure_above_the_card_is_refused() {
    let g = in_play();
    let p = problems(&g, |v| v["units"][0]["structure"] = json!(99));
    let card = &g.roster[g.units[0].kind];
    let want = format!(
        "units[0].structure: 99 exceeds the {}'s Structure {}",
        card.name, card.structure
    );
    assert!(p.contains(&want), "{p:?}");
}

#[test]
fn a_side_that_does_not_exist_is_refused() {
    let p = problems(&pilot(5), |v| v["units"][1]["side"] = json!(7));
    assert_listed(&p, "units[1].side: 7 is not in 0..=1");
}

#[test]
fn a_table_no_rule_allows_is_refused() {
    // `table.width = 1e18` was accepted, then `render` never returned.
    let p = problems(&pilot(5), |v| v["table"]["width"] = json!(1e18));
    assert_listed(&p, "table: ");
}

#[test]
fn a_secret_answer_planted_on_the_other_seats_question_is_refused() {
    let mut g = in_play();
    let mut r = Rng::seed_from(1);
    // Seat 0 answers its first secret question; plant that answer on a question of
    // seat 1's, or hand seat 1's question to seat 0.
    let seat = g.to_move()[0];
    let a = g.sample_action(seat, &mut r).expect("an action");
    g.apply(seat, &a).expect("legal");
    let b = g.batch.clone().expect("a secret batch");
    let theirs = b
        .asks
        .iter()
        .position(|x| x.seat != seat && x.answer.is_none())
        .expect("the other side's question");
    let p = problems(&g, |v| v["batch"]["asks"][theirs]["seat"] = json!(seat.0));
    assert!(
        p.iter()
            .any(|m| m.contains(&format!("batch.asks[{theirs}].seat"))),
        "{p:?}"
    );
    let mine = b
        .asks
        .iter()
        .position(|x| x.answer.is_some())
        .expect("the given answer");
    let p = problems(&g, |v| {
        v["batch"]["asks"][mine]["seat"] = json!(1 - seat.0);
    });
    assert!(
        !p.is_empty(),
        "an answer moved to the other seat is refused"
    );
}

#[test]
fn every_problem_is_reported_at_once() {
    let g = in_play();
    let p = problems(&g, |v| {
        v["units"][0]["structure"] = json!(99);
        v["units"][1]["side"] = json!(7);
        v["units"][2]["missiles"]["heavy"] = json!(50);
        v["priority"] = json!(4);
    });
    assert!(p.len() >= 4, "{p:?}");
    for f in [
        "units[0].structure",
        "units[1].side",
        "units[2].missiles",
        "priority",
    ] {
        assert_listed(&p, f);
    }
}

#[test]
fn sy13_fewer_initiative_cards_than_a_sides_units_is_refused() {
    // Found by corrupting saved states: `cards` lowered to 1 in the Initiative Phase
    // passed, then a side's second unit had no card left to take.
    let mut g = pilot(7);
    let mut r = Rng::seed_from(7);
    let two = |g: &Stratoyager| {
        g.batch.as_ref().is_some_and(|b| {
            b.kind == AskKind::Card
                && b.asks.iter().filter(|a| a.seat == b.asks[0].seat).count() >= 2
        })
    };
    while !two(&g) {
        let s = g.to_move()[0];
        let a = g.sample_action(s, &mut r).expect("an action");
        g.apply(s, &a).expect("legal");
    }
    assert_eq!(g.validate(), Ok(()));
    let p = problems(&g, |v| v["cards"] = json!(1));
    assert_listed(&p, "cards: 1 Initiative Cards for seat");
}

#[test]
fn sy12_an_obstacle_the_scenario_loader_would_refuse_is_refused() {
    let g = Stratoyager::setup(&scenario("asteroid-ambush"), 2).expect("setup");
    let i = g
        .obstacles
        .iter()
        .position(|o| matches!(o.outline, orrery_table::Shape::Polygon { .. }))
        .expect("a polygon obstacle");
    // A corner doubled: an edge of zero length, no longer strictly convex.
    let p = problems(&g, |v| {
        let pts = v["obstacles"][i]["outline"]["points"]
            .as_array_mut()
            .expect("points");
        let first = pts[0].clone();
        pts.insert(0, first);
    });
    let f = format!("obstacles[{i}].outline: polygon");
    assert_listed(&p, &f);
}

#[test]
fn syo20_evasive_and_yawed_in_one_turn_is_refused() {
    let p = problems(&in_play(), |v| {
        v["units"][0]["evasive"] = json!(true);
        v["units"][0]["yawed"] = json!(true);
    });
    assert_listed(&p, "units[0].evasive: ");
}

#[test]
fn sy02_set_up_refuses_a_card_validate_would_refuse() {
    // A card handed to set-up directly (not through the TOML loader) with Structure
    // 150 was accepted, and every state of that game then failed `validate`.
    let mut s = scenario("pilot-episode");
    s.roster[0].structure = 150;
    s.roster[1].missiles.heavy = 120;
    let e = Stratoyager::setup(&s, 1).expect_err("refused");
    let text = e.to_string();
    assert!(text.contains("structure: 150 is out of range"), "{text}");
    assert!(
        text.contains("missiles.heavy: 120 is out of range"),
        "{text}"
    );
    // And validate names the same field of a loaded state's roster.
    let p = problems(&pilot(5), |v| v["roster"][0]["structure"] = json!(150));
    assert_listed(&p, "roster[0].structure: 150 is out of range");
}

#[test]
fn absurdly_long_lists_are_refused_at_once_and_problems_are_capped() {
    let g = in_play();
    let n = g.units.len();
    // A pilot per unit at most: 100,000 copies are refused without checking each.
    let p = problems(&g, |v| {
        let pilot = json!({"unit": 0, "side": 0, "at": {"x": 1.0, "y": 1.0}, "value": 1.0});
        v["pilots"] = Value::Array(vec![pilot; 100_000]);
    });
    assert_eq!(
        p,
        vec![format!(
            "pilots: 100000 entries for {n} units; at most one per unit"
        )]
    );
    // Obstacles beyond the budget set-up allows.
    let p = problems(&g, |v| {
        let o = v["obstacles"].get(0).cloned().unwrap_or(json!({
            "name": "rock", "kind": "asteroid",
            "outline": {"shape": "circle", "center": {"x": 5.0, "y": 5.0}, "radius": 1.0}
        }));
        v["obstacles"] = Value::Array(vec![o; 5_000]);
    });
    assert_listed(&p, "obstacles: 5000 obstacles");
    // Set-up holds scenarios to the same budget.
    let mut s = scenario("asteroid-ambush");
    s.obstacles = vec![s.obstacles[0].clone(); 5_000];
    let e = Stratoyager::setup(&s, 1).expect_err("too many obstacles");
    assert!(e.to_string().contains("obstacles: 5000 obstacles"), "{e}");
    // Thousands of bad units: a thousand listed, the rest counted.
    let p = problems(&g, |v| {
        for u in v["units"].as_array_mut().expect("units") {
            u["structure"] = json!(99);
            u["shields"] = json!(99);
            u["speed"] = json!(100_000);
            u["course"] = json!(77);
            u["facing"] = json!(77);
        }
        v["roster"] = Value::Array(vec![v["roster"][0].clone(); 1]);
        v["roster"][0]["armor"] = json!(9);
        let card = v["roster"][0].clone();
        v["roster"] = Value::Array(vec![card; 2_000]);
    });
    assert_eq!(p.len(), 1001, "{:?}", &p[..3]);
    assert!(p[1000].starts_with("… and "), "{}", p[1000]);
}

#[test]
fn sy12_an_obstacle_off_the_table_is_refused_by_set_up_and_validate() {
    // The TOML loader kept outlines on the table; a scenario handed to set-up directly
    // did not, and validate only asked for positions within 1,000 klicks.
    let mut s = scenario("asteroid-ambush");
    s.obstacles[0].outline = orrery_table::Shape::Circle {
        center: orrery_table::Point::new(500.0, 12.0),
        radius: 2.0,
    };
    let e = Stratoyager::setup(&s, 1).expect_err("off the table");
    assert!(
        e.to_string()
            .contains("obstacles[0].outline: reaches outside the table"),
        "{e}"
    );
    let g = Stratoyager::setup(&scenario("asteroid-ambush"), 1).expect("setup");
    let p = problems(&g, |v| {
        v["obstacles"][0]["outline"]["center"]["x"] = json!(500.0);
    });
    assert_listed(&p, "obstacles[0].outline: reaches outside the table");
}

#[test]
fn a_speed_play_cannot_reach_is_refused() {
    // 9 to start and +9 a turn for 51 turns is 468; 999 was accepted, and a unit
    // flying off the table at that speed ended where validate refused the position.
    let p = problems(&in_play(), |v| v["units"][0]["speed"] = json!(600));
    assert_listed(&p, "units[0].speed: 600 is not in 0..=500");
}
