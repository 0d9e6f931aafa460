//! The hooks for search agents and the lab: the sampler and the search abstraction
//! only offer listed answers, unit fates, the roster and forces built from it.

use crate::state::{AskKind, Place};
use crate::testkit::scenario;
use crate::{Action, Stratoyager};
use orrery_core::{Files, Game, Rng, SearchHints, Seat};

/// The kind of `seat`'s current question.
fn kind(g: &Stratoyager, seat: Seat) -> Option<AskKind> {
    let b = g.batch.as_ref()?;
    b.next_for(seat).map(|_| b.kind)
}

/// Play random games of every built-in scenario (sampled answers), calling `f` at
/// every decision.
fn walk(seeds: u64, f: impl FnMut(&Stratoyager, Seat, &[Action], &mut Rng)) {
    orrery_core::conformance::walk(seeds, 99, f);
}

#[test]
fn sample_action_always_gives_a_listed_action() {
    let mut seen = [0usize; 3];
    walk(10, |g, seat, legal, rng| {
        for _ in 0..3 {
            let a = g.sample_action(seat, rng).expect("sample");
            assert!(legal.contains(&a), "unlisted sample {a:?}");
            match a {
                Action::Place { .. } => seen[0] += 1,
                Action::Enter { .. } => seen[1] += 1,
                Action::Maneuver(_) => seen[2] += 1,
                _ => {}
            }
        }
    });
    assert!(seen[0] > 0 && seen[2] > 0, "{seen:?}");
}

#[test]
fn sampled_plans_cover_the_list_evenly() {
    // From one Maneuver question, draws hit evasive and not-evasive plans about
    // equally and reach far into the list.
    let mut g = Stratoyager::setup(&scenario("pilot-episode"), 4).expect("setup");
    let mut rng = Rng::seed_from(4);
    let seat = loop {
        let seat = g.to_move()[0];
        if kind(&g, seat) == Some(AskKind::Maneuver) {
            break seat;
        }
        let a = g.sample_action(seat, &mut rng).expect("sample");
        g.apply(seat, &a).expect("legal");
    };
    let legal = g.legal_actions(seat);
    let mut evasive = 0;
    let mut positions = std::collections::HashSet::new();
    for _ in 0..4000 {
        let a = g.sample_action(seat, &mut rng).expect("sample");
        let at = legal.iter().position(|l| *l == a).expect("listed");
        positions.insert(at);
        if matches!(a, Action::Maneuver(p) if p.evasive) {
            evasive += 1;
        }
    }
    assert!((1600..2400).contains(&evasive), "{evasive}");
    assert!(
        positions.len() > legal.len() / 2,
        "{} of {}",
        positions.len(),
        legal.len()
    );
}

#[test]
fn search_actions_are_legal_nonempty_and_small() {
    let mut sizes = std::collections::HashMap::new();
    walk(6, |g, seat, legal, _| {
        let s = g.search_actions(seat);
        assert!(!s.is_empty(), "empty search list");
        for a in &s {
            assert!(legal.contains(a), "unlisted search answer {a:?}");
        }
        for (i, a) in s.iter().enumerate() {
            assert!(!s[..i].contains(a), "duplicate {a:?}");
        }
        let k = kind(g, seat).expect("a question");
        if matches!(k, AskKind::Place | AskKind::Enter | AskKind::Maneuver) {
            assert!(s.len() <= 80, "{k:?}: {} of {}", s.len(), legal.len());
            let e = sizes.entry(format!("{k:?}")).or_insert((0, usize::MAX));
            e.0 = e.0.max(s.len());
            e.1 = e.1.min(s.len());
        }
        if k == AskKind::Maneuver {
            // Drift is offered unless it flies the unit off the table while another
            // plan keeps it on (issue 9 §1: no unit thrown away to the table edge).
            let plan = crate::Plan::drift();
            let b = g.batch.as_ref().expect("a batch");
            let unit = g.unit(b.asks[b.next_for(seat).expect("an ask")].unit);
            let end = crate::movement::fly(unit, &plan).end;
            let drift = Action::Maneuver(plan);
            assert!(s.contains(&drift) || !g.table.contains(end), "{s:?}");
        }
        if k == AskKind::Yaw {
            assert!(s.contains(&Action::Yaw { facing: None }));
        }
    });
    assert!(
        sizes.contains_key("Place") && sizes.contains_key("Maneuver"),
        "{sizes:?}"
    );
}

#[test]
fn search_maneuvers_can_line_up_a_shot() {
    // Somewhere in random play an offered plan ends with an enemy in the front arc.
    let mut lined_up = 0;
    walk(3, |g, seat, _, _| {
        if kind(g, seat) != Some(AskKind::Maneuver) {
            return;
        }
        let b = g.batch.as_ref().expect("batch");
        let id = b.asks[b.next_for(seat).expect("question")].unit;
        let unit = g.unit(id);
        for a in g.search_actions(seat) {
            let Action::Maneuver(p) = a else { continue };
            let f = crate::movement::fly(unit, &p);
            if g.units.iter().any(|e| {
                e.side != seat && e.on_table() && orrery_table::in_front_arc(f.end, f.facing, e.pos)
            }) {
                lined_up += 1;
                break;
            }
        }
    });
    assert!(lined_up > 10, "{lined_up}");
}

#[test]
fn with_forces_round_trips_and_rejects_unknown_names() {
    let base = scenario("pilot-episode");
    let forces: Vec<Vec<String>> = base.forces.iter().map(|f| f.units.clone()).collect();
    let again = Stratoyager::with_forces(&base, &forces).expect("round trip");
    assert_eq!(again, base);

    let other = vec![
        vec!["Guardian 151a".to_string()],
        vec!["Evo 6.2".to_string(), "Evo 6.2".to_string()],
    ];
    let s = Stratoyager::with_forces(&base, &other).expect("roster names");
    assert_eq!(s.forces[1].units.len(), 2);
    assert_eq!(s.forces[0].name, base.forces[0].name);
    assert_eq!(s.table, base.table);
    assert_eq!(s.obstacles, base.obstacles);
    assert_eq!(s.options, base.options);
    let g = Stratoyager::setup(&s, 3).expect("sets up");
    assert_eq!(g.units.len(), 3);

    let bad = vec![
        vec!["Guardian 151a".to_string()],
        vec!["X-Wing".to_string()],
    ];
    let e = Stratoyager::with_forces(&base, &bad).expect_err("unknown card");
    assert!(e.to_string().contains("X-Wing"), "{e}");
    assert!(Stratoyager::with_forces(&base, &[vec!["Evo 6.2".to_string()]]).is_err());
    assert!(Stratoyager::with_forces(&base, &[vec![], vec!["Evo 6.2".to_string()]]).is_err());
}

#[test]
fn roster_points_match_the_cards() {
    let roster = Stratoyager::roster(&scenario("pilot-episode"));
    let points = |n: &str| {
        roster
            .iter()
            .find(|r| r.name == n)
            .unwrap_or_else(|| panic!("{n} missing"))
            .points
    };
    assert_eq!(points("Guardian 151a"), 110.0);
    assert_eq!(points("Vulture Mk IV"), 194.0);
    assert_eq!(points("Blackbuck Mk II"), 109.0);
    assert_eq!(points("Evo 6.2"), 84.0);
    assert_eq!(roster.len(), 4);
}

#[test]
fn unit_fates_cover_every_unit() {
    for named in Stratoyager::scenarios() {
        let mut g = Stratoyager::setup(&named.scenario, 7).expect("setup");
        let n: usize = named.scenario.forces.iter().map(|f| f.units.len()).sum();
        let fates = g.unit_fates();
        assert_eq!(fates.len(), n, "{}", named.name);
        assert!(fates.iter().all(|f| f.survived));
        for (i, f) in named.scenario.forces.iter().enumerate() {
            let mine: Vec<&str> = fates
                .iter()
                .filter(|x| x.seat == Seat(i as u8))
                .map(|x| x.kind.as_str())
                .collect();
            assert_eq!(mine, f.units.iter().map(String::as_str).collect::<Vec<_>>());
        }
        let mut rng = Rng::seed_from(7);
        while !g.is_terminal() {
            for seat in g.to_move() {
                let a = g.sample_action(seat, &mut rng).expect("sample");
                g.apply(seat, &a).expect("legal");
            }
        }
        for (u, f) in g.units.iter().zip(g.unit_fates()) {
            assert_eq!(f.points, f64::from(g.roster[u.kind].points));
            assert_eq!(
                f.survived,
                !matches!(u.place, Place::Lost { .. } | Place::Hulk)
            );
        }
    }
}

#[test]
fn evaluate_prefers_material_and_is_antisymmetric_at_the_start() {
    let g = Stratoyager::setup(&scenario("pilot-episode"), 1).expect("setup");
    let (a, b) = (g.evaluate(Seat(0)), g.evaluate(Seat(1)));
    assert!(a.is_finite() && b.is_finite());
    assert!((a + b).abs() < 1e-9, "{a} {b}");
}

/// Issue 9 §1 "never throws a unit away to hull stress without reason" (SY-09): the
/// search offers no Movement Action of [`HOPELESS_DICE`] or more Stress Dice, and one
/// of [`RECKLESS_DICE`] or more only when it lines up a shot (the nearest enemy where
/// its inertia takes it, in the front arc within [`AIMED_KLICKS`]) — while a plan
/// without that risk remains. Aimed risky plans are kept: the search still attacks.
#[test]
fn search_maneuvers_risk_stress_only_to_line_up_a_shot() {
    use crate::movement::fly;
    use crate::search::{AIMED_KLICKS, HOPELESS_DICE, RECKLESS_DICE};
    use crate::stress::planned_stress_dice;
    use orrery_table::in_front_arc;
    let (mut checked, mut aimed_risks) = (0, 0);
    walk(3, |g, seat, _, _| {
        if kind(g, seat) != Some(AskKind::Maneuver) {
            return;
        }
        let b = g.batch.as_ref().unwrap();
        let unit = g.unit(b.asks[b.next_for(seat).unwrap()].unit);
        let card = g.card_of(unit.id);
        let target = g
            .units
            .iter()
            .filter(|e| e.side != unit.side && e.on_table())
            .min_by(|a, b| a.pos.dist(unit.pos).total_cmp(&b.pos.dist(unit.pos)))
            .map(|e| e.pos.along(e.course, f64::from(e.speed)));
        let search = g.search_actions(seat);
        let risk = |a: &Action| {
            let Action::Maneuver(p) = a else {
                return (0, false);
            };
            let f = fly(unit, p);
            let aimed = target
                .is_some_and(|t| in_front_arc(f.end, f.facing, t) && f.end.dist(t) <= AIMED_KLICKS);
            (planned_stress_dice(unit, card, p, &f), aimed)
        };
        let safe_exists = search.iter().any(|a| risk(a).0 < RECKLESS_DICE);
        for a in &search {
            let (dice, aimed) = risk(a);
            checked += 1;
            if safe_exists {
                assert!(dice < HOPELESS_DICE, "{dice} Stress Dice offered: {a:?}");
                assert!(dice < RECKLESS_DICE || aimed, "{dice} dice, no shot: {a:?}");
            }
            if dice >= RECKLESS_DICE && aimed {
                aimed_risks += 1;
            }
        }
    });
    assert!(checked > 100, "{checked} plans checked");
    assert!(
        aimed_risks > 0,
        "no aimed plan with stress was ever offered"
    );
}

/// SY-17: "Defender Speed + Attacker Speed - Attacker Targeting Computer = THT", and
/// a THT over 6 is an automatic failure; SY-28: only a kill scores. In a duel the
/// evaluation rewards the shots a unit could have next turn, so slowing down and
/// closing in are worth something even before a shot is lined up, and the threat
/// faced does not count against it (issue 27: the dogfight was drawn nearly every
/// time, no shot ever possible at speeds 6 + 9).
#[test]
fn sy17_duel_evaluation_rewards_closing_in_slowly() {
    use crate::evaluate::{evaluate, is_duel};
    use crate::testkit::{add, game, A, B, BLACKBUCK, GUARDIAN};
    let duel = |gx: f64, gy: f64, speed: u32| {
        let mut g = game();
        // Both noses away from each other: no shot lined up now.
        add(&mut g, GUARDIAN, A, gx, gy, 6, speed);
        add(&mut g, BLACKBUCK, B, 12.0, 30.0, 0, 3);
        assert!(is_duel(&g));
        evaluate(&g, A)
    };
    let (fast, slow) = (duel(12.0, 20.0, 9), duel(12.0, 20.0, 2));
    assert!(slow > fast, "slow {slow} fast {fast}");
    let (far, near) = (duel(12.0, 4.0, 2), duel(12.0, 20.0, 2));
    assert!(near > far, "near {near} far {far}");
    // The threat faced does not count: side B turning its nose on side A changes
    // nothing for A (two Guardians: armour the same from every aspect)…
    let mut g = game();
    add(&mut g, GUARDIAN, A, 12.0, 20.0, 6, 2);
    add(&mut g, GUARDIAN, B, 12.0, 30.0, 0, 3);
    let before = evaluate(&g, A);
    g.units[1].facing = orrery_table::Hour(6);
    assert!((evaluate(&g, A) - before).abs() < 1e-9);
    // …while side B gains by it (a shot lined up now, THT 2 + 3 − 3).
    assert!(evaluate(&g, B) > before_b(), "B aimed {}", evaluate(&g, B));
}

/// Side B's evaluation of [`sy17_duel_evaluation_rewards_closing_in_slowly`]'s
/// position before the Blackbuck turns its nose on the Guardian.
fn before_b() -> f64 {
    use crate::testkit::{add, game, A, B, GUARDIAN};
    let mut g = game();
    add(&mut g, GUARDIAN, A, 12.0, 20.0, 6, 2);
    add(&mut g, GUARDIAN, B, 12.0, 30.0, 0, 3);
    crate::evaluate::evaluate(&g, B)
}
