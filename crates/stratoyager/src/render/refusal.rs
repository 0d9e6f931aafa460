//! The words of a refusal ([`Refusal`]): what a player reads when the rules refuse an
//! answer, made here, above the rules.

use crate::movement::max_thrust;
use crate::refusal::{Refusal, Which};
use crate::state::{AskKind, Stratoyager};
use crate::types::{DriverGroup, LOCK_RANGE, MAX_START_SPEED};
use orrery_core::ActionError;

/// A driver group's name in messages (SY-07).
fn group_name(g: DriverGroup) -> &'static str {
    match g {
        DriverGroup::A => "A (accelerate/decelerate)",
        DriverGroup::B => "B (turn port/starboard)",
        DriverGroup::C => "C (slide port/starboard)",
    }
}

/// The question's name in messages.
pub fn ask_name(k: AskKind) -> &'static str {
    match k {
        AskKind::Deploy => "a deployment card",
        AskKind::Place => "a placement",
        AskKind::Enter => "a reserve entry",
        AskKind::Card => "an Initiative Card",
        AskKind::DogfightCard => "a dogfight movement card",
        AskKind::Maneuver => "a Movement Action",
        AskKind::Yaw => "a yaw",
        AskKind::Leave => "withdraw or return",
        AskKind::FireAtWill => "a Fire at Will decision",
        AskKind::Combat => "a Combat Action",
    }
}

fn which(w: Which) -> &'static str {
    match w {
        Which::First => "first",
        Which::Second => "second",
    }
}

/// The protocol's error for refusal `r`: the shared turn errors as they are, any other
/// reason as an illegal action in words.
pub fn refused(g: &Stratoyager, r: Refusal) -> ActionError {
    match r {
        Refusal::Turn(e) => e,
        r => ActionError::illegal(refusal(g, &r)),
    }
}

/// `r` in words, for the player whose answer it refuses. Units are named by their
/// labels where the rules name them in full, else by number (`#3`).
pub fn refusal(g: &Stratoyager, r: &Refusal) -> String {
    let label = |u: crate::types::UnitId| {
        g.units
            .get(u.index())
            .map_or_else(|| format!("unit {u}"), |x| x.label.clone())
    };
    match r {
        Refusal::Turn(e) => e.to_string(),
        Refusal::NothingAsked => "nothing is being asked".into(),
        Refusal::WrongKind { expected, unit } => format!(
            "the question is {} for {}; this answer is of another kind",
            ask_name(*expected),
            label(*unit)
        ),
        Refusal::PlaceX { x } => format!(
            "x = {x}: must be a whole klick from 1 to {} (at least 0.5 from the long edges, SY-22)",
            g.table.width as i32 - 1
        ),
        Refusal::PlaceY { y, seat } => {
            let rows = g.deploy_rows(*seat);
            format!(
                "y = {y}: {} deploys within 2 klicks of its own short edge: y {} to {} (SY-22)",
                g.side_names[seat.index()],
                rows.first().copied().unwrap_or_default(),
                rows.last().copied().unwrap_or_default()
            )
        }
        Refusal::PlaceTaken { x, y } => {
            format!("({x}, {y}) is taken by another unit or inside an obstacle")
        }
        Refusal::Course { course } => format!("course = {course}: hours run 0 to 11"),
        Refusal::StartSpeed { speed } => {
            format!("speed = {speed}: a starting speed is 0 to {MAX_START_SPEED} (a D10, SY-22)")
        }
        Refusal::EnterEdge { edge } => {
            format!("reserves may not enter through the opponent's short edge ({edge:?}) (SY-23)")
        }
        Refusal::EnterAt { edge, at } => {
            let span = g.edge_span(*edge);
            format!(
                "at = {at}: must be a whole klick from {} to {} along the {edge:?} edge",
                span.start(),
                span.end()
            )
        }
        Refusal::EntryTaken => "that entry point is taken by another unit or an obstacle".into(),
        Refusal::NotAnAnswer {
            expected,
            unit,
            action,
        } => format!(
            "not a legal answer ({}) for {} now: {}",
            ask_name(*expected),
            label(*unit),
            serde_json::to_string(action).unwrap_or_default()
        ),
        Refusal::Thrust {
            which: w,
            unit,
            maneuver: m,
        } => {
            let card = g.card_of(*unit);
            format!(
                "{} maneuver {} {}: thrust is at most {} for {} (2 x safe {}, dial 0-9)",
                which(*w),
                m.driver.short(),
                m.thrust,
                max_thrust(card, m.driver),
                card.name,
                card.safe.of(m.driver),
            )
        }
        Refusal::ZeroSpelling {
            which: w,
            maneuver: m,
        } => format!(
            "{} maneuver {} 0: thrust 0 on driver {} is written {} 0 \
             (one spelling per order)",
            which(*w),
            m.driver.short(),
            group_name(m.driver.group()),
            m.driver.zero_spelling().short(),
        ),
        Refusal::Brake {
            which: w,
            thrust,
            speed,
        } => format!(
            "{} maneuver dec {thrust}: cannot brake by more than the current speed {speed}",
            which(*w)
        ),
        Refusal::SameDriver { group } => format!(
            "both maneuvers use driver {}; a Movement Action uses two different drivers",
            group_name(*group)
        ),
        Refusal::EvasiveAndYaw => "evasive or yaw, not both: this unit yaws this turn (it is \
             misaligned, so an order with thrust realigns it first), and the seed allows \
             \"one additional maneuver\" (SYO-20)"
            .into(),
        Refusal::NoUnit(t) => format!("no unit {t}"),
        Refusal::NotAnEnemy(t) => format!("{t} is not an enemy"),
        Refusal::NotOnTable(t) => format!("{t} is not on the table"),
        Refusal::NoLineOfSight(t) => format!("no line of sight to {t}"),
        Refusal::NotInArc(t) => format!("{t} is not in the front arc"),
        Refusal::OutOfRange(t) => format!("{t} is out of range"),
        Refusal::ThtOver { tht, target } => {
            format!("THT {tht} against {target} is over 6 (automatic failure)")
        }
        Refusal::NoMissileOfSize(size) => format!("no {size:?} missile left"),
        Refusal::UnguidedCannotLock => "unguided missiles cannot lock".into(),
        Refusal::NoMissilesLeft => "no missiles left".into(),
        Refusal::AlreadyLocking(t) => format!("already locking {t}"),
        Refusal::BeyondLockRange(t) => format!("{t} is beyond {LOCK_RANGE} klicks"),
        Refusal::UnguidedCannotLaunchLocked => "unguided missiles cannot be launched locked".into(),
        Refusal::NoLockedTarget => "no Locked target".into(),
        Refusal::NoDumbMissiles => "no dumb missiles".into(),
        Refusal::NoFragshellPods => "no fragshell pods".into(),
        Refusal::NoFragshellTarget => "no unit in the front arc within 6 klicks".into(),
        Refusal::CannotAct(u) => format!("{u} cannot take a Combat Action"),
        Refusal::FireAtWillInDogfight => "Fire at Will has no later window in a dogfight turn: \
             both units have already moved (SYO-19)"
            .into(),
        Refusal::OnlyGunnerCombines => "only a Gunner combines salvo and missile".into(),
        Refusal::ShieldsAtMaximum => "shields are at maximum".into(),
        Refusal::NoHour(h) => format!("no hour {h}"),
        Refusal::EjectOffTable(at) => format!("the pilot would land off the table at {at}"),
    }
}
