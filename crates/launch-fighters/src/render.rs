//! Text rendering for terminals and logs.
//!
//! - [`describe_action`] / [`describe_event`]: one readable line each, naming units by
//!   their counters: ships as `Excelsior (P0-A)` (design name, seat, counter letter),
//!   squadrons as `squadron P0-a1` (seat, lower-case letter of the ship it started
//!   aboard, number among that ship's squadrons). Hexes are in map coordinates
//!   (`1311` = column 13, row 11).
//! - [`render_text`]: an ASCII hex map, a legend, unit cards, the turn, phase,
//!   initiative order, the decision owed and the score table.
//!
//! Nothing here panics on a malformed action or event: unknown unit ids are shown as
//! `unit #N`.

use crate::event::BarrageResult;
use crate::state::{LaunchFighters, Phase, Unit, UnitKind};
use crate::types::{Stat, UnitId};
use crate::{Action, Event};
use orrery_core::{Presentation, Seat};
use orrery_hex::Hex;
use std::fmt::Write as _;

mod board;
mod describe;
mod refusal;
pub use board::render_text;
impl Presentation for LaunchFighters {
    /// LF-17 in words: the fleets by name, their VP and what each lost.
    fn ending_for(&self, outcome: &orrery_core::Outcome) -> orrery_core::Ending {
        crate::ending::ending_for(self, outcome)
    }

    fn glossary() -> &'static str {
        crate::glossary::GLOSSARY
    }

    // The rules page, the board and the fleet builder (`web/`).
    orrery_core::web_assets!();

    fn describe_action(&self, _viewer: Option<Seat>, action: &Action) -> String {
        describe_action(self, action)
    }

    fn describe_event(&self, event: &Event) -> String {
        describe_event(self, event)
    }

    fn render_text(&self, viewer: Option<Seat>) -> String {
        render_text(self, viewer)
    }
}

#[cfg(test)]
use board::render_with_scores;
pub use describe::{describe_action, describe_event};
pub use refusal::refusal;

// ------------------------------------------------------------------ labels

/// Lower-case name of a stat.
pub fn stat_name(s: Stat) -> &'static str {
    match s {
        Stat::Cannons => "cannons",
        Stat::Launchers => "launchers",
        Stat::Bays => "bays",
        Stat::Defense => "defense",
        Stat::Move => "move",
        Stat::CargoHolds => "cargo holds",
        Stat::PassengerHolds => "passenger holds",
    }
}

fn result_name(r: BarrageResult) -> &'static str {
    match r {
        BarrageResult::AutoMiss => "automatic miss",
        BarrageResult::Miss => "miss",
        BarrageResult::Hit => "HIT",
        BarrageResult::DirectHit => "DIRECT HIT",
    }
}

fn seat_label(s: Seat) -> String {
    format!("P{}", s.0)
}

fn unit_ref(g: &LaunchFighters, id: UnitId) -> Option<&Unit> {
    g.units.get(id.index())
}

/// Short counter code: `A0` for ship A of seat 0, `a0` for a squadron of ship A.
fn counter_code(g: &LaunchFighters, u: &Unit) -> (char, char) {
    let digit = char::from_digit(u32::from(u.owner.0 % 10), 10).unwrap_or('?');
    match &u.kind {
        UnitKind::Ship(s) => (s.letter, digit),
        UnitKind::Squadron(q) => {
            let host_letter = unit_ref(g, q.original_host)
                .and_then(|h| h.ship())
                .map(|s| s.letter.to_ascii_lowercase())
                .unwrap_or('s');
            (host_letter, digit)
        }
    }
}

/// The number of a squadron among those that started aboard the same ship (1-based).
fn squadron_number(g: &LaunchFighters, u: &Unit) -> usize {
    match u.squadron() {
        Some(q) => {
            g.units
                .iter()
                .take_while(|o| o.id != u.id)
                .filter(|o| {
                    o.squadron()
                        .is_some_and(|oq| oq.original_host == q.original_host)
                })
                .count()
                + 1
        }
        None => 0,
    }
}

/// The short tag of a unit: `P0-A` for a ship, `P0-a1` for a squadron.
pub fn unit_tag(g: &LaunchFighters, id: UnitId) -> String {
    match unit_ref(g, id) {
        None => format!("#{}", id.0),
        Some(u) => {
            let (letter, _) = counter_code(g, u);
            if u.is_ship() {
                format!("{}-{}", seat_label(u.owner), letter)
            } else {
                format!(
                    "{}-{}{}",
                    seat_label(u.owner),
                    letter,
                    squadron_number(g, u)
                )
            }
        }
    }
}

/// A unit's readable name: `Excelsior (P0-A)` or `squadron P0-a1`.
pub fn unit_label(g: &LaunchFighters, id: UnitId) -> String {
    match unit_ref(g, id) {
        None => format!("unit #{}", id.0),
        Some(u) => match u.ship() {
            Some(s) => format!("{} ({})", s.design.name, unit_tag(g, id)),
            None => format!("squadron {}", unit_tag(g, id)),
        },
    }
}

fn fleet_label(g: &LaunchFighters, s: Seat) -> String {
    match g.players.get(s.index()) {
        Some(p) => format!("{} ({})", p.fleet, seat_label(s)),
        None => seat_label(s),
    }
}

fn is_ship(g: &LaunchFighters, id: UnitId) -> bool {
    unit_ref(g, id).is_some_and(|u| u.is_ship())
}

fn unit_hex(g: &LaunchFighters, id: UnitId) -> Option<Hex> {
    unit_ref(g, id).and_then(|u| u.hex())
}

fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

fn join_units(g: &LaunchFighters, ids: &[UnitId]) -> String {
    ids.iter()
        .map(|&i| unit_label(g, i))
        .collect::<Vec<_>>()
        .join(", ")
}

fn join_seats(seats: &[Seat]) -> String {
    seats
        .iter()
        .map(|&s| seat_label(s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The unit whose activation is in progress, if any.
fn active_unit(g: &LaunchFighters) -> Option<UnitId> {
    g.activation.as_ref().map(|a| a.unit)
}

fn stat_value(g: &LaunchFighters, id: UnitId, stat: Stat) -> Option<u8> {
    unit_ref(g, id)
        .and_then(|u| u.ship())
        .map(|s| s.stats.get(stat))
}

// ------------------------------------------------------------------ actions

/// `(range 4, defense 6)`: the target's distance from the active unit and its defense,
/// what a player weighs when choosing a target.
fn target_note(g: &LaunchFighters, target: UnitId) -> String {
    let mut parts = Vec::new();
    if let (Some(a), Some(t)) = (
        active_unit(g).and_then(|u| unit_hex(g, u)),
        unit_hex(g, target),
    ) {
        parts.push(format!("range {}", a.distance(t)));
    }
    if let Some(d) = stat_value(g, target, Stat::Defense) {
        parts.push(format!("defense {d}"));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(", "))
    }
}

fn phase_name(p: &Phase) -> String {
    match p {
        Phase::Placement => "placement".into(),
        Phase::Movement { step } => format!("movement, step {step}"),
        Phase::Attack { step } => format!("attack, step {step}"),
        Phase::Recovery => "recovery".into(),
        Phase::Over => "over".into(),
    }
}

fn fmt_score(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::event::Event;
    use crate::testkit::{design, Sandbox};
    use crate::types::TerrainKind;
    use orrery_core::Game;
    use orrery_hex::Dir;

    fn sample() -> LaunchFighters {
        let mut sb = Sandbox::new(2);
        let mut d = design("Excelsior", 3, 2, 1, 3, 3);
        d.squadrons = 1;
        let a = sb.ship(0, d, 10, 10, Dir::Ne);
        sb.aboard(0, a);
        let b = sb.ship(1, design("Raptor", 2, 0, 0, 2, 4), 13, 11, Dir::Sw);
        sb.squadron(0, a, 11, 10);
        sb.terrain(TerrainKind::Asteroid, 12, 12);
        let _ = b;
        sb.build()
    }

    #[test]
    fn labels_name_ships_and_squadrons() {
        let g = sample();
        assert_eq!(unit_label(&g, UnitId(0)), "Excelsior (P0-A)");
        assert_eq!(unit_label(&g, UnitId(1)), "squadron P0-a1");
        assert_eq!(unit_label(&g, UnitId(3)), "squadron P0-a2");
        assert_eq!(unit_label(&g, UnitId(99)), "unit #99");
    }

    #[test]
    fn describes_actions_and_events() {
        let g = sample();
        let a = Action::Move {
            unit: UnitId(0),
            to: Hex::from_offset(11, 11),
            facing: Some(Dir::Se),
            boost: false,
            warp: false,
        };
        let s = describe_action(&g, &a);
        assert!(s.contains("Excelsior (P0-A) 1010 -> 1111"), "{s}");
        assert!(s.contains("facing SE"), "{s}");
        let e = Event::Barrage {
            attacker: UnitId(0),
            target: UnitId(2),
            dice: vec![3, 5],
            modifier: 0,
            total: 8,
            defense: 2,
            defense_roll: None,
            result: BarrageResult::DirectHit,
        };
        let s = describe_event(&g, &e);
        assert!(s.contains("[3+5] = 8 vs defense 2 -> DIRECT HIT"), "{s}");
        // Malformed ids never panic.
        let s = describe_action(&g, &Action::Activate { unit: UnitId(500) });
        assert!(s.contains("unit #500"));
    }

    #[test]
    fn renders_map_and_cards() {
        let g = sample();
        let t = render_with_scores(&g, Some(Seat(1)), &[1.5, 0.0]);
        println!("{t}");
        assert!(t.contains("A0/"), "{t}");
        assert!(t.contains("/A1"), "{t}");
        assert!(t.contains(" a0 "), "{t}");
        assert!(t.contains(" : "), "{t}");
        assert!(t.contains("Victory points"), "{t}");
        // The viewer's fleet comes first.
        let p1 = t.find("P1 Fleet 1").unwrap_or(usize::MAX);
        let p0 = t.find("P0 Fleet 0").unwrap_or(0);
        assert!(p1 < p0, "{t}");
    }

    /// Every event and action of a real random battle describes without panicking,
    /// and the picture mid-battle has a map, unit cards and the scores.
    #[test]
    fn renders_a_real_battle() {
        use orrery_agents::{Agent, RandomAgent};
        let scenarios = LaunchFighters::scenarios();
        let Some(first) = scenarios.first() else {
            return;
        };
        let mut g = LaunchFighters::setup(&first.scenario, 3).expect("default scenario");
        let mut agents: Vec<RandomAgent> = (0..g.seats())
            .map(|s| RandomAgent::new(u64::from(s)))
            .collect();
        let mut steps = 0;
        let mut picture = String::new();
        while !g.is_terminal() && steps < 2000 {
            let seat = g.to_move()[0];
            for a in g.legal_actions(seat) {
                assert!(!describe_action(&g, &a).is_empty());
            }
            let Some(a) = Agent::<LaunchFighters>::choose(&mut agents[seat.index()], &g, seat)
            else {
                break;
            };
            let events = g.apply(seat, &a).expect("legal action");
            for e in events {
                assert!(!describe_event(&g, &e.event).is_empty());
            }
            steps += 1;
            if picture.is_empty() && g.turn >= 2 {
                picture = render_text(&g, Some(seat));
            }
        }
        println!("{picture}");
        if !picture.is_empty() {
            assert!(picture.contains("Legend"), "{picture}");
            assert!(picture.contains("Victory points"), "{picture}");
            assert!(picture.contains("(P0-A)"), "{picture}");
        }
    }
}
