//! Movement Action and hull stress: the seed's worked examples and the rulings
//! SY-07, SY-08, SY-09 and SYO-02.

use orrery_core::Seat;
use orrery_stratoyager::event::StressTier;
use orrery_stratoyager::movement::{
    check_plan, fly, max_thrust, plan_candidates, realigns, yaw_options, Flight,
};
use orrery_stratoyager::refusal::Refusal;
use orrery_stratoyager::state::{Place, Unit};
use orrery_stratoyager::stress::{
    counted_thrusts, failures, is_failure, maneuver_dice, stress_dice, tier,
};
use orrery_stratoyager::{Driver, Feature, Loadout, Maneuver, Plan, Safe, UnitId, UnitType};
use orrery_table::{Hour, Point};
use std::collections::HashSet;

// ---------------------------------------------------------------- builders

/// Guardian 151a from the SY-02 table: safe acc 4, dec 3, turn 3, slide 2, TC 3,
/// sensors 1, main 2D, 2 medium missiles, Linked, Weak Frame, structure 3, shields 2,
/// armor 4.
fn guardian() -> UnitType {
    UnitType {
        name: "Guardian 151a".into(),
        faction: "test".into(),
        safe: Safe {
            accelerate: 4,
            decelerate: 3,
            turn: 3,
            slide: 2,
        },
        points: 110,
        targeting: 3,
        sensors: 1,
        main_weapon: 2,
        missiles: Loadout {
            light: 0,
            medium: 2,
            heavy: 0,
        },
        features: vec![Feature::Linked, Feature::WeakFrame],
        structure: 3,
        shields: 2,
        armor: 4,
    }
}

/// Evo 6.2 from the SY-02 table (Retrofitted Civilian).
fn evo() -> UnitType {
    UnitType {
        name: "Evo 6.2".into(),
        faction: "test".into(),
        safe: Safe {
            accelerate: 3,
            decelerate: 3,
            turn: 3,
            slide: 3,
        },
        points: 84,
        targeting: 2,
        sensors: 0,
        main_weapon: 1,
        missiles: Loadout {
            light: 0,
            medium: 2,
            heavy: 0,
        },
        features: vec![
            Feature::Pulse,
            Feature::Fragshell,
            Feature::RetrofittedCivilian,
        ],
        structure: 2,
        shields: 1,
        armor: 3,
    }
}

/// A card with custom safe values and no features.
fn card(accelerate: u8, decelerate: u8, turn: u8, slide: u8) -> UnitType {
    UnitType {
        safe: Safe {
            accelerate,
            decelerate,
            turn,
            slide,
        },
        features: vec![],
        ..guardian()
    }
}

/// A unit on the table at `pos`, aligned on `course`, at `speed`.
fn unit(pos: Point, course: u8, speed: u32) -> Unit {
    let mut u = Unit::new(UnitId(0), Seat(0), 0, "Guardian 151a 1".into(), &guardian());
    u.place = Place::Table;
    u.pos = pos;
    u.course = Hour(course);
    u.facing = Hour(course);
    u.speed = speed;
    u
}

fn misaligned(pos: Point, course: u8, facing: u8, speed: u32) -> Unit {
    Unit {
        facing: Hour(facing),
        ..unit(pos, course, speed)
    }
}

fn m(driver: Driver, thrust: u8) -> Maneuver {
    Maneuver::new(driver, thrust)
}

fn plan(first: Maneuver, second: Maneuver) -> Plan {
    Plan {
        first,
        second,
        evasive: false,
    }
}

const ORIGIN: Point = Point::new(10.0, 10.0);

fn close(a: Point, b: Point) -> bool {
    (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9
}

// ---------------------------------------------------------------- seed examples

/// "Guardian 151A can safely Accelerate by Thrust of 4. Currently it is traveling at
/// Speed of 3. Player decides to accelerate to 6, hence he have to execute Acc.
/// maneuver at Thrust level 3 (3+3 =6). This is within limit of Safe Acc Thrust value
/// on it's stat card."
#[test]
fn example_guardian_accelerates_from_3_to_6() {
    let g = guardian();
    let u = unit(ORIGIN, 0, 3);
    let p = plan(
        m(Driver::Accelerate, 3),
        Maneuver::zero(orrery_stratoyager::DriverGroup::B),
    );
    assert_eq!(check_plan(&u, &g, &p), Ok(()));
    let f = fly(&u, &p);
    assert_eq!(f.speed, 6);
    // As M1 the acceleration is added before the compulsory movement: 6 klicks.
    assert_eq!(f.end, ORIGIN.along(Hour(0), 6.0));
    assert_eq!(stress_dice(&g, &p, false), 0);
}

/// "Guardian pilot decides to reduce his current speed of 8 to more manageable level.
/// Guardian is much better at accelerating than breaking, so it can only use up to 3
/// in Safe Deceleration. … our pilot decides to override safety protocols and brake by
/// 5 … Guardian rapidly decelerates to inertia of 3 … Player takes 2 Stress Dice (plus
/// one for Guardian's Hindrance)."
#[test]
fn example_guardian_brakes_from_8_to_3() {
    let g = guardian();
    let u = unit(ORIGIN, 0, 8);
    let p = plan(m(Driver::Decelerate, 5), m(Driver::TurnPort, 0));
    assert_eq!(check_plan(&u, &g, &p), Ok(()));
    let f = fly(&u, &p);
    assert_eq!(f.speed, 3);
    assert_eq!(f.end, ORIGIN.along(Hour(0), 3.0));
    assert_eq!(maneuver_dice(&g, &p, false), 2);
    assert_eq!(stress_dice(&g, &p, false), 2 + 1);
}

/// "In next turn pilot decides to make 180 degrees wingover to quickly return for
/// another pass. It requires turn (either port or starboard) by 6 notches. It is also a
/// maximum limit of Guardian's turning capability. Unfortunately, as it is well beyond
/// safe threshold for such maneuvers (3),so Player takes 3 Stress Dice."
///
/// SY-09: "The last two count the maneuver's dice only; Weak Frame adds its die to each
/// pool, as the braking example shows." The maneuver costs 3 dice; the Guardian's full
/// pool with Weak Frame is 4.
#[test]
fn example_guardian_180_wingover() {
    let g = guardian();
    let u = unit(ORIGIN, 0, 5);
    assert_eq!(max_thrust(&g, Driver::TurnStarboard), 6);
    for turn in [Driver::TurnPort, Driver::TurnStarboard] {
        let p = plan(m(turn, 6), m(Driver::Accelerate, 0));
        assert_eq!(check_plan(&u, &g, &p), Ok(()));
        let f = fly(&u, &p);
        assert_eq!(f.course, Hour(6));
        assert_eq!(f.facing, Hour(6));
        assert_eq!(f.speed, 5);
        assert_eq!(f.end, ORIGIN.along(Hour(6), 5.0));
        assert_eq!(maneuver_dice(&g, &p, false), 3);
        assert_eq!(stress_dice(&g, &p, false), 4);
    }
    // "It is also a maximum limit": 7 notches is refused.
    let p = plan(m(Driver::TurnPort, 7), m(Driver::Accelerate, 0));
    assert!(check_plan(&u, &g, &p).is_err());
}

/// "Guardian pilot decides to change his current course, turning 2 notches Port side
/// (or to his 10 o'clock). As Guardian can safely turn 3 notches, it's well within the
/// limit. Player turns Guardian's course dial by 2 notches counterclockwise."
#[test]
fn example_guardian_turns_2_notches_port() {
    let g = guardian();
    let u = unit(ORIGIN, 0, 2);
    let p = plan(m(Driver::TurnPort, 2), m(Driver::Accelerate, 0));
    assert_eq!(check_plan(&u, &g, &p), Ok(()));
    let f = fly(&u, &p);
    assert_eq!(f.course, Hour(10));
    assert_eq!(f.facing, Hour(10));
    assert_eq!(stress_dice(&g, &p, false), 0);
}

/// "Guardian's pilot have decided to Accelerate by 4 Thrust and Turn Port by 2 Thrust.
/// In addition he decides to yaw 180 to get in crosshairs that pesky pirate tailing
/// him. As 4 Thrust Acceleration is the highest value, we add yaw Thrust to it, making
/// it count now as Thrust 5 maneuver. As Guardian can safely accelerate by 4, it means
/// taking one Hull Stress Die for this action."
///
/// SY-09: "The last two count the maneuver's dice only; Weak Frame adds its die to each
/// pool". The maneuver costs 1 die; the Guardian's full pool with Weak Frame is 2.
#[test]
fn example_guardian_accelerate_4_turn_port_2_and_yaw_180() {
    let g = guardian();
    let u = unit(ORIGIN, 0, 3);
    let p = plan(m(Driver::Accelerate, 4), m(Driver::TurnPort, 2));
    assert_eq!(check_plan(&u, &g, &p), Ok(()));
    assert_eq!(counted_thrusts(&g, &p, true), [5, 2]);
    assert_eq!(maneuver_dice(&g, &p, true), 1);
    assert_eq!(stress_dice(&g, &p, true), 2);
    // Without the yaw it is all within safe limits.
    assert_eq!(stress_dice(&g, &p, false), 0);
    // The same order written the other way round counts the same.
    let q = plan(m(Driver::TurnPort, 2), m(Driver::Accelerate, 4));
    assert_eq!(counted_thrusts(&g, &q, true), [2, 5]);
    assert_eq!(stress_dice(&g, &q, true), 2);
    // The yaw 180 after the MA is one of the yaw options.
    let f = fly(&u, &p);
    let after = Unit {
        pos: f.end,
        course: f.course,
        facing: f.facing,
        speed: f.speed,
        ..u
    };
    assert!(yaw_options(&after).contains(&Some(f.facing.opposite().0)));
}

/// "Guardian is traveling with a current speed of 4. Player A decides to turn port by
/// 2, then slide to starboard, also by 2. Guardian turns first, then goes 4 Klicks
/// forward, then slides to starboard."
#[test]
fn example_guardian_turn_port_2_then_slide_starboard_2() {
    let g = guardian();
    let u = unit(ORIGIN, 0, 4);
    let p = plan(m(Driver::TurnPort, 2), m(Driver::SlideStarboard, 2));
    assert_eq!(check_plan(&u, &g, &p), Ok(()));
    let f = fly(&u, &p);
    // Turns first: course 12 → 10; then 4 klicks along 10; then 2 along 10 + 3 = 1.
    let after_inertia = ORIGIN.along(Hour(10), 4.0);
    let end = after_inertia.along(Hour(1), 2.0);
    assert_eq!(f.end, end);
    assert_eq!(f.path, vec![ORIGIN, after_inertia, end]);
    assert_eq!(f.course, Hour(10));
    assert_eq!(f.facing, Hour(10));
    assert_eq!(f.speed, 4);
    assert!(!f.realigned);
    // By hand: 4·(−√3/2, 1/2) + 2·(1/2, √3/2) = (1 − 2√3, 2 + √3).
    let s3 = 3f64.sqrt();
    assert!(close(f.end, Point::new(11.0 - 2.0 * s3, 12.0 + s3)));
    assert!(close(
        f.end,
        Point::new(7.535_898_384_862_245, 13.732_050_807_568_877)
    ));
    assert_eq!(stress_dice(&g, &p, false), 0);
}

// ---------------------------------------------------------------- SY-07

/// SY-07: "If M1 or M2 is Decelerate T: speed −= T now" — "Deceleration is SUBTRACTED
/// from mandatory inertia course no matter if it's used as a first of second part of
/// maneuver."
#[test]
fn sy07_deceleration_as_m2_subtracts_before_inertia() {
    let g = guardian();
    let u = unit(ORIGIN, 3, 6);
    let first = plan(m(Driver::Decelerate, 2), m(Driver::TurnPort, 0));
    let second = plan(m(Driver::TurnPort, 0), m(Driver::Decelerate, 2));
    for p in [first, second] {
        assert_eq!(check_plan(&u, &g, &p), Ok(()));
        let f = fly(&u, &p);
        assert_eq!(f.speed, 4);
        assert_eq!(f.end, ORIGIN.along(Hour(3), 4.0));
        assert_eq!(f.path, vec![ORIGIN, f.end]);
    }
    // With a turn first, the braked speed is flown on the new course.
    let p = plan(m(Driver::TurnStarboard, 1), m(Driver::Decelerate, 3));
    let f = fly(&u, &p);
    assert_eq!(f.speed, 3);
    assert_eq!(f.course, Hour(4));
    assert_eq!(f.end, ORIGIN.along(Hour(4), 3.0));
    // "Or you can treat it as unit going „backwards" after compulsory inertia move":
    // the same end point.
    let back = ORIGIN.along(Hour(4), 6.0).along(Hour(4).opposite(), 3.0);
    assert!(close(f.end, back));
}

/// SY-07 step 1: "speed never < 0"; braking to a stop leaves the unit in place.
#[test]
fn sy07_deceleration_to_zero_stays_put() {
    let g = guardian();
    let u = unit(ORIGIN, 2, 3);
    let p = plan(m(Driver::SlidePort, 0), m(Driver::Decelerate, 3));
    assert_eq!(check_plan(&u, &g, &p), Ok(()));
    let f = fly(&u, &p);
    assert_eq!(f.speed, 0);
    assert_eq!(f.end, ORIGIN);
    assert_eq!(f.path, vec![ORIGIN]);
}

/// SY-07 step 1: "T ≤ current speed".
#[test]
fn sy07_deceleration_at_most_current_speed() {
    let g = guardian();
    let u = unit(ORIGIN, 0, 2);
    let ok = plan(m(Driver::Decelerate, 2), m(Driver::TurnPort, 0));
    let bad = plan(m(Driver::Decelerate, 3), m(Driver::TurnPort, 0));
    assert_eq!(check_plan(&u, &g, &ok), Ok(()));
    let e = check_plan(&u, &g, &bad).unwrap_err();
    assert!(
        matches!(
            e,
            Refusal::Brake {
                thrust: 3,
                speed: 2,
                ..
            }
        ),
        "{e:?}"
    );
    let bad2 = plan(m(Driver::SlidePort, 0), m(Driver::Decelerate, 3));
    assert!(check_plan(&u, &g, &bad2).is_err());
}

/// SY-07 step 2: "If M1 is Accelerate T: speed += T" before inertia. Seed: "If it is
/// used as a first Maneuver, player adds value of Acceleration before performing
/// compulsory movement".
#[test]
fn sy07_accelerate_as_m1_adds_before_inertia() {
    let u = unit(ORIGIN, 9, 2);
    let p = plan(m(Driver::Accelerate, 3), m(Driver::SlidePort, 0));
    let f = fly(&u, &p);
    assert_eq!(f.speed, 5);
    assert_eq!(f.end, ORIGIN.along(Hour(9), 5.0));
    assert_eq!(f.path, vec![ORIGIN, f.end]);
}

/// SY-07 step 4: "Accelerate T as M2 moves T klicks along c *and* adds T to speed."
/// Seed: "when used as second Maneuver, player adds its value after compulsory
/// movement, simply moving extra distance."
#[test]
fn sy07_accelerate_as_m2_moves_t_extra_and_adds_t() {
    let g = guardian();
    let u = unit(ORIGIN, 0, 2);
    let p = plan(m(Driver::TurnStarboard, 2), m(Driver::Accelerate, 3));
    assert_eq!(check_plan(&u, &g, &p), Ok(()));
    let f = fly(&u, &p);
    assert_eq!(f.speed, 5);
    assert_eq!(f.course, Hour(2));
    let inertia = ORIGIN.along(Hour(2), 2.0);
    let end = inertia.along(Hour(2), 3.0);
    assert_eq!(f.path, vec![ORIGIN, inertia, end]);
    assert_eq!(f.end, end);
    assert!(close(end, ORIGIN.along(Hour(2), 5.0)));
}

/// SY-07 step 2: "If M1 is Slide T: move T klicks along hour c−3 (port) or c+3
/// (starboard)." Seed: "slide 90 degrees port (9 on Course Dial) or 90 degrees
/// starboard (3 on Course Dial)", "without changing speed and direction".
#[test]
fn sy07_slide_uses_course_minus_or_plus_3() {
    for course in 0u8..12 {
        let u = unit(ORIGIN, course, 1);
        let c = Hour(course);
        let port = fly(&u, &plan(m(Driver::SlidePort, 2), m(Driver::Accelerate, 0)));
        let slid = ORIGIN.along(c.turned(-3), 2.0);
        assert_eq!(port.path, vec![ORIGIN, slid, slid.along(c, 1.0)]);
        assert_eq!((port.course, port.facing, port.speed), (c, c, 1));
        let stbd = fly(
            &u,
            &plan(m(Driver::Accelerate, 0), m(Driver::SlideStarboard, 2)),
        );
        let inertia = ORIGIN.along(c, 1.0);
        assert_eq!(
            stbd.path,
            vec![ORIGIN, inertia, inertia.along(c.turned(3), 2.0)]
        );
        assert_eq!((stbd.course, stbd.facing, stbd.speed), (c, c, 1));
    }
    // Course 12: port is +x negative (9 o'clock), starboard +x (3 o'clock).
    let u = unit(Point::new(0.0, 0.0), 0, 0);
    let f = fly(&u, &plan(m(Driver::SlidePort, 1), m(Driver::Accelerate, 0)));
    assert_eq!(f.end, Point::new(-1.0, 0.0));
    let f = fly(
        &u,
        &plan(m(Driver::SlideStarboard, 1), m(Driver::Accelerate, 0)),
    );
    assert_eq!(f.end, Point::new(1.0, 0.0));
}

/// SY-07: "If M1 is Turn T: c and f rotate T·30° port or starboard"; as M2 the turn
/// comes after inertia.
#[test]
fn sy07_turn_rotates_course_and_facing() {
    let u = unit(ORIGIN, 11, 3);
    let f = fly(
        &u,
        &plan(m(Driver::TurnStarboard, 3), m(Driver::SlidePort, 0)),
    );
    assert_eq!((f.course, f.facing), (Hour(2), Hour(2)));
    assert_eq!(f.end, ORIGIN.along(Hour(2), 3.0));
    let f = fly(&u, &plan(m(Driver::SlidePort, 0), m(Driver::TurnPort, 4)));
    assert_eq!((f.course, f.facing), (Hour(7), Hour(7)));
    assert_eq!(f.end, ORIGIN.along(Hour(11), 3.0));
}

/// Seed, Inertia Flight: "Unit only moves compulsory movement equal to current speed
/// in previously set direction."
#[test]
fn sy07_drift_flies_inertia_only() {
    let u = unit(ORIGIN, 5, 7);
    let f = fly(&u, &Plan::drift());
    assert_eq!(
        f,
        Flight {
            realigned: false,
            path: vec![ORIGIN, ORIGIN.along(Hour(5), 7.0)],
            end: ORIGIN.along(Hour(5), 7.0),
            course: Hour(5),
            facing: Hour(5),
            speed: 7,
        }
    );
}

/// SY-07: "two maneuvers M1, M2 from two *different* drivers (A Acc/Dec, B Turn L/R,
/// C Slide L/R)"; seed: "Player can choose either Acceleration or Deceleration, but not
/// both in one turn."
#[test]
fn sy07_two_different_drivers() {
    let g = guardian();
    let u = unit(ORIGIN, 0, 5);
    for (a, b) in [
        (Driver::Accelerate, Driver::Decelerate),
        (Driver::Accelerate, Driver::Accelerate),
        (Driver::TurnPort, Driver::TurnStarboard),
        (Driver::SlideStarboard, Driver::SlidePort),
    ] {
        let e = check_plan(&u, &g, &plan(m(a, 1), m(b, 1))).unwrap_err();
        assert!(matches!(e, Refusal::SameDriver { .. }), "{e:?}");
    }
    assert_eq!(
        check_plan(
            &u,
            &g,
            &plan(m(Driver::SlidePort, 1), m(Driver::TurnStarboard, 1))
        ),
        Ok(())
    );
}

// ---------------------------------------------------------------- SY-08

/// SY-08: "If a unit is misaligned (f ≠ c) when its MA starts and any committed thrust
/// is > 0, the engine performs the realigning yaw first (f := c) and that is the
/// turn's yaw."
#[test]
fn sy08_misaligned_with_thrust_realigns_first() {
    let g = guardian();
    let u = misaligned(ORIGIN, 0, 6, 3);
    let p = plan(m(Driver::TurnStarboard, 2), m(Driver::Accelerate, 0));
    assert!(realigns(&u, &p));
    assert_eq!(check_plan(&u, &g, &p), Ok(()));
    let f = fly(&u, &p);
    assert!(f.realigned);
    // Realigned to 12, then turned with the course.
    assert_eq!((f.course, f.facing), (Hour(2), Hour(2)));
    assert_eq!(f.end, ORIGIN.along(Hour(2), 3.0));
    // Thrust on the second maneuver alone also realigns.
    let p = plan(m(Driver::TurnPort, 0), m(Driver::SlidePort, 1));
    assert!(realigns(&u, &p));
    let f = fly(&u, &p);
    assert!(f.realigned);
    assert_eq!((f.course, f.facing), (Hour(0), Hour(0)));
}

/// SY-08: "A misaligned unit with no realign yaw flies inertia only." Seed: "If unit is
/// not aligned with its course direction, it cannot make any course changes, and can
/// only move with current vector and speed."
#[test]
fn sy08_misaligned_drift_keeps_facing_and_flies_inertia_only() {
    let u = misaligned(ORIGIN, 1, 7, 4);
    for p in [
        Plan::drift(),
        plan(m(Driver::SlidePort, 0), m(Driver::TurnPort, 0)),
        Plan {
            evasive: true,
            ..Plan::drift()
        },
    ] {
        assert!(!realigns(&u, &p));
        let f = fly(&u, &p);
        assert!(!f.realigned);
        assert_eq!((f.course, f.facing, f.speed), (Hour(1), Hour(7), 4));
        assert_eq!(f.path, vec![ORIGIN, ORIGIN.along(Hour(1), 4.0)]);
    }
}

/// SY-08: an aligned unit never realigns.
#[test]
fn sy08_aligned_unit_never_realigns() {
    let g = guardian();
    let u = unit(ORIGIN, 4, 3);
    for p in plan_candidates(&u, &g) {
        assert!(!realigns(&u, &p));
        assert!(!fly(&u, &p).realigned);
    }
}

/// Seed: "Unit by default can yaw as many hours on the Course Dial as it wishes";
/// SY-08 "a unit may yaw after its MA": no yaw, or any other facing.
#[test]
fn sy08_yaw_options_none_then_every_other_hour() {
    let u = misaligned(ORIGIN, 0, 4, 2);
    let opts = yaw_options(&u);
    assert_eq!(opts.len(), 12);
    assert_eq!(opts[0], None);
    let hours: Vec<u8> = opts[1..].iter().map(|o| o.unwrap()).collect();
    assert_eq!(hours, vec![0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11]);
}

// ---------------------------------------------------------------- SY-09 limits, SYO-02

/// SY-09: "T ≤ 2·safe"; seed: "as much Thrust as twice its safe threshold", dials "rated
/// form 0 to 9".
#[test]
fn sy09_thrust_limit_twice_safe_capped_at_9() {
    let g = guardian();
    assert_eq!(max_thrust(&g, Driver::Accelerate), 8);
    assert_eq!(max_thrust(&g, Driver::Decelerate), 6);
    assert_eq!(max_thrust(&g, Driver::TurnPort), 6);
    assert_eq!(max_thrust(&g, Driver::TurnStarboard), 6);
    assert_eq!(max_thrust(&g, Driver::SlidePort), 4);
    assert_eq!(max_thrust(&g, Driver::SlideStarboard), 4);
    let fast = card(6, 5, 0, 1);
    assert_eq!(max_thrust(&fast, Driver::Accelerate), 9);
    assert_eq!(max_thrust(&fast, Driver::Decelerate), 9);
    assert_eq!(max_thrust(&fast, Driver::TurnPort), 0);

    let u = unit(ORIGIN, 0, 9);
    let ok = plan(m(Driver::Accelerate, 8), m(Driver::SlideStarboard, 4));
    assert_eq!(check_plan(&u, &g, &ok), Ok(()));
    for bad in [
        plan(m(Driver::Accelerate, 9), m(Driver::SlideStarboard, 4)),
        plan(m(Driver::Accelerate, 8), m(Driver::SlideStarboard, 5)),
        plan(m(Driver::Decelerate, 7), m(Driver::TurnPort, 0)),
        plan(m(Driver::SlidePort, 0), m(Driver::TurnStarboard, 7)),
        plan(m(Driver::Accelerate, 10), m(Driver::TurnPort, 0)),
    ] {
        let e = check_plan(&u, &g, &bad).unwrap_err();
        assert!(
            matches!(e, Refusal::Thrust { .. } | Refusal::Brake { .. }),
            "{e:?}"
        );
    }
    // Safe 0 turn: no turning at all, but the dial may be set to 0.
    assert_eq!(
        check_plan(
            &u,
            &fast,
            &plan(m(Driver::TurnPort, 0), m(Driver::Accelerate, 9))
        ),
        Ok(())
    );
    assert!(check_plan(
        &u,
        &fast,
        &plan(m(Driver::TurnPort, 1), m(Driver::Accelerate, 0))
    )
    .is_err());
}

/// Project ruling SYO-02 "one spelling per order": thrust 0 is written accelerate 0,
/// turn port 0 or slide port 0.
#[test]
fn syo02_zero_thrust_has_one_spelling() {
    let g = guardian();
    let u = unit(ORIGIN, 0, 4);
    for d in Driver::ALL {
        let other = if d.group() == orrery_stratoyager::DriverGroup::A {
            Driver::TurnPort
        } else {
            Driver::Accelerate
        };
        let p = plan(m(d, 0), m(other, 0));
        let r = check_plan(&u, &g, &p);
        if d == d.zero_spelling() {
            assert_eq!(r, Ok(()), "{d:?}");
        } else {
            let e = r.unwrap_err();
            assert!(matches!(e, Refusal::ZeroSpelling { .. }), "{d:?}: {e:?}");
        }
    }
}

/// The candidate list is exact: every plan that passes `check_plan` (SY-07, SY-09,
/// SYO-02), each exactly once, both evasive settings (SY-10), drift first; checked
/// against a brute force over all driver pairs × thrust 0..=9 × evasive.
#[test]
fn sy07_sy09_plan_candidates_are_exact() {
    for (c, speeds) in [
        (guardian(), vec![0u32, 1, 3, 8, 20]),
        (evo(), vec![0, 2, 9]),
        (card(6, 2, 2, 2), vec![5]),
        (card(6, 5, 0, 1), vec![0, 4, 9]),
    ] {
        for speed in speeds {
            for u in [unit(ORIGIN, 3, speed), misaligned(ORIGIN, 3, 8, speed)] {
                let list = plan_candidates(&u, &c);
                assert_eq!(list[0], Plan::drift());
                let set: HashSet<Plan> = list.iter().copied().collect();
                assert_eq!(set.len(), list.len(), "duplicates");
                for p in &list {
                    assert_eq!(check_plan(&u, &c, p), Ok(()), "{p:?}");
                }
                let mut brute = 0usize;
                for d1 in Driver::ALL {
                    for d2 in Driver::ALL {
                        for t1 in 0u8..=9 {
                            for t2 in 0u8..=9 {
                                for evasive in [false, true] {
                                    let p = Plan {
                                        first: m(d1, t1),
                                        second: m(d2, t2),
                                        evasive,
                                    };
                                    let ok = check_plan(&u, &c, &p).is_ok();
                                    assert_eq!(ok, set.contains(&p), "{p:?}");
                                    brute += usize::from(ok);
                                }
                            }
                        }
                    }
                }
                assert_eq!(brute, list.len());
                // Mutations of listed plans that leave the list fail check_plan.
                for p in &list {
                    let mutants = [
                        Plan {
                            first: m(p.first.driver, p.first.thrust + 1),
                            ..*p
                        },
                        Plan {
                            second: m(p.second.driver, p.second.thrust + 1),
                            ..*p
                        },
                        Plan {
                            second: m(p.first.driver, p.second.thrust),
                            ..*p
                        },
                    ];
                    for q in mutants {
                        if !set.contains(&q) {
                            assert!(check_plan(&u, &c, &q).is_err(), "{q:?}");
                        }
                    }
                }
                // Determinism.
                assert_eq!(plan_candidates(&u, &c), list);
            }
        }
    }
}

/// Counting by hand: Guardian at speed 3 has A = acc 0..8 + dec 1..3 = 12 settings,
/// B = 1 + 6 + 6 = 13, C = 1 + 4 + 4 = 9; ordered pairs of different dials × evasive.
#[test]
fn sy07_plan_candidates_count_by_hand() {
    let u = unit(ORIGIN, 0, 3);
    let n = plan_candidates(&u, &guardian()).len();
    assert_eq!(n, 2 * 2 * (12 * 13 + 12 * 9 + 13 * 9));
}

// ---------------------------------------------------------------- SY-09 stress

/// SY-09: "dice = max(0, T − safe)" per maneuver; "Stress Dice from both maneuvers are
/// cumulative"; "Weak Frame adds 1 die if the sum ≥ 1".
#[test]
fn sy09_dice_per_maneuver_summed_weak_frame_only_if_any() {
    let g = guardian();
    let safe = plan(m(Driver::Accelerate, 4), m(Driver::SlidePort, 2));
    assert_eq!(stress_dice(&g, &safe, false), 0);
    let both = plan(m(Driver::Accelerate, 6), m(Driver::SlidePort, 4));
    assert_eq!(maneuver_dice(&g, &both, false), 2 + 2);
    assert_eq!(stress_dice(&g, &both, false), 5);
    let plain = card(4, 3, 3, 2);
    assert_eq!(stress_dice(&plain, &both, false), 4);
    assert_eq!(stress_dice(&plain, &Plan::drift(), false), 0);
    assert_eq!(stress_dice(&g, &Plan::drift(), false), 0);
}

/// SY-09: "A yaw adds 1 to the thrust of the maneuver with the higher thrust".
#[test]
fn sy09_yaw_goes_to_higher_thrust() {
    let g = guardian();
    // Slide 2 (safe 2) vs turn 3 (safe 3): the turn is higher, takes the yaw: 1 die.
    let p = plan(m(Driver::SlidePort, 2), m(Driver::TurnPort, 3));
    assert_eq!(counted_thrusts(&g, &p, true), [2, 4]);
    assert_eq!(maneuver_dice(&g, &p, true), 1);
    // Even when the lower one is the more sensitive driver.
    let p = plan(m(Driver::Accelerate, 1), m(Driver::SlideStarboard, 0));
    assert_eq!(counted_thrusts(&g, &p, true), [2, 0]);
    assert_eq!(stress_dice(&g, &p, true), 0);
}

/// SY-09: "on a tie, to the one with the lower safe value".
#[test]
fn sy09_yaw_tie_goes_to_lower_safe() {
    let g = guardian();
    // Acc 2 (safe 4) and slide 2 (safe 2): the slide takes it → 3 vs 2 = 1 die.
    let p = plan(m(Driver::Accelerate, 2), m(Driver::SlidePort, 2));
    assert_eq!(counted_thrusts(&g, &p, true), [2, 3]);
    assert_eq!(maneuver_dice(&g, &p, true), 1);
    assert_eq!(stress_dice(&g, &p, true), 2);
    let q = plan(m(Driver::SlidePort, 2), m(Driver::Accelerate, 2));
    assert_eq!(counted_thrusts(&g, &q, true), [3, 2]);
}

/// SY-09 tie with equal safe values (not decided by the rulings): the first maneuver.
#[test]
fn sy09_yaw_tie_equal_safe_goes_to_first() {
    let e = evo();
    let p = plan(m(Driver::TurnStarboard, 3), m(Driver::SlidePort, 3));
    assert_eq!(counted_thrusts(&e, &p, true), [4, 3]);
    assert_eq!(stress_dice(&e, &p, true), 1);
    let q = plan(m(Driver::SlidePort, 3), m(Driver::TurnStarboard, 3));
    assert_eq!(counted_thrusts(&e, &q, true), [4, 3]);
}

/// SY-09: "if both thrusts are 0, to the lower-safe driver of the two chosen". A
/// thrust-0 dial A is written accelerate (SYO-02), so it counts with safe acceleration.
#[test]
fn sy09_yaw_both_zero_goes_to_lower_safe_driver() {
    let g = guardian();
    // Acc 0 (safe 4) and turn 0 (safe 3): the turn takes it; 1 ≤ 3, no dice.
    let p = Plan::drift();
    assert_eq!(counted_thrusts(&g, &p, true), [0, 1]);
    assert_eq!(stress_dice(&g, &p, true), 0);
    // A card with safe turn 0: the yaw alone costs a die (plus Weak Frame's).
    let stiff = unit(ORIGIN, 0, 0);
    let c = UnitType {
        features: vec![Feature::WeakFrame],
        ..card(3, 3, 0, 2)
    };
    assert_eq!(check_plan(&stiff, &c, &p), Ok(()));
    assert_eq!(counted_thrusts(&c, &p, true), [0, 1]);
    assert_eq!(maneuver_dice(&c, &p, true), 1);
    assert_eq!(stress_dice(&c, &p, true), 2);
    let slide_first = plan(m(Driver::SlidePort, 0), m(Driver::Accelerate, 0));
    let c2 = card(3, 3, 3, 0);
    assert_eq!(counted_thrusts(&c2, &slide_first, true), [1, 0]);
    assert_eq!(stress_dice(&c2, &slide_first, true), 1);
}

/// SY-09: "T ≤ 2·safe (the yaw's +1 counts for dice, not for this limit)".
#[test]
fn sy09_yaw_counts_for_dice_beyond_the_limit() {
    let g = guardian();
    let u = unit(ORIGIN, 0, 0);
    let p = plan(m(Driver::Accelerate, 8), m(Driver::TurnPort, 0));
    assert_eq!(check_plan(&u, &g, &p), Ok(()));
    assert_eq!(counted_thrusts(&g, &p, true), [9, 0]);
    assert_eq!(maneuver_dice(&g, &p, true), 5);
    assert_eq!(stress_dice(&g, &p, true), 6);
}

/// SY-09: "a die fails on ≥ 4 (Retrofitted Civilian: natural ≥ 3)"; seed: "add 1 to
/// each D6 rolled for Hull Stress".
#[test]
fn sy09_retrofitted_civilian_fails_on_natural_3() {
    let g = guardian();
    let e = evo();
    for die in 1u8..=6 {
        assert_eq!(is_failure(&g, die), die >= 4, "guardian {die}");
        assert_eq!(is_failure(&e, die), die >= 3, "evo {die}");
    }
    assert_eq!(failures(&g, &[3, 3, 4]), 1);
    assert_eq!(failures(&e, &[3, 3, 4]), 3);
    assert_eq!(failures(&e, &[1, 2, 2]), 0);
}

/// SY-09: "Fails: 1 Greyout, 2 Blackout, 3 Blackout + lose 1 Structure …, 4+
/// destroyed."
#[test]
fn sy09_failures_give_the_tier() {
    let g = guardian();
    assert_eq!(tier(&g, &[]), StressTier::None);
    assert_eq!(tier(&g, &[1, 2, 3]), StressTier::None);
    assert_eq!(tier(&g, &[4, 1]), StressTier::Greyout);
    assert_eq!(tier(&g, &[5, 6, 2]), StressTier::Blackout);
    assert_eq!(tier(&g, &[4, 5, 6]), StressTier::Structural);
    assert_eq!(tier(&g, &[4, 4, 4, 4]), StressTier::Destroyed);
    assert_eq!(tier(&g, &[6, 6, 6, 6, 6]), StressTier::Destroyed);
    assert_eq!(tier(&evo(), &[3, 3]), StressTier::Blackout);
}
