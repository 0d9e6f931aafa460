//! Text rendering for terminals and logs. OWNER: helper "cli".
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

use crate::action::{Action, SquadronFate};
use crate::event::{BarrageResult, Event};
use crate::state::{Decision, LaunchFighters, Location, Phase, Unit, UnitKind};
use crate::types::{Stat, TerrainKind, UnitId};
use orrery_core::{Game, Seat};
use orrery_hex::{Dir, Hex};
use std::fmt::Write as _;

// ------------------------------------------------------------------ labels

/// Lower-case name of a stat.
pub fn stat_name(s: Stat) -> &'static str {
    match s {
        Stat::Cannons => "cannons",
        Stat::Launchers => "launchers",
        Stat::Bays => "bays",
        Stat::Defense => "defense",
        Stat::Move => "move",
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

/// One readable line for an action, in the current state (before it is applied).
pub fn describe_action(g: &LaunchFighters, a: &Action) -> String {
    match a {
        Action::Place { ship, at, facing } => {
            format!(
                "place {} at {at} facing {}",
                unit_label(g, *ship),
                facing.label()
            )
        }
        Action::Move {
            unit,
            to,
            facing,
            boost,
            warp,
        } => {
            let mut s = match unit_hex(g, *unit) {
                Some(from) if from == *to => format!("{} stays at {to}", unit_label(g, *unit)),
                Some(from) => format!(
                    "move {} {from} -> {to} ({})",
                    unit_label(g, *unit),
                    plural(from.distance(*to), "space", "spaces")
                ),
                None => format!("move {} to {to}", unit_label(g, *unit)),
            };
            if let Some(f) = facing {
                let _ = write!(s, ", facing {}", f.label());
            }
            if *boost {
                s.push_str(", using a booster");
            }
            if *warp {
                s.push_str(", engaging warp drive");
            }
            s
        }
        Action::Push { to } => match g.pending.last().map(|p| &p.decision) {
            Some(Decision::Push { squadron, .. }) => {
                format!("push {} to {to}", unit_label(g, *squadron))
            }
            _ => format!("push the squadron to {to}"),
        },
        Action::Activate { unit } => {
            let mut s = format!("activate {}", unit_label(g, *unit));
            if let Some(h) = unit_hex(g, *unit) {
                let _ = write!(s, " at {h}");
            }
            s
        }
        Action::FireCannons { target } => {
            let level = active_unit(g)
                .and_then(|u| stat_value(g, u, Stat::Cannons))
                .map(|d| format!(" {d}"))
                .unwrap_or_default();
            let flak = if is_ship(g, *target) { "" } else { " as flak" };
            format!(
                "fire cannons{level}{flak} at {}{}",
                unit_label(g, *target),
                target_note(g, *target)
            )
        }
        Action::FireLaunchers { target, missiles } => {
            let what = plural(*missiles, "missile", "missiles");
            let flak = if is_ship(g, *target) { "" } else { " as flak" };
            format!(
                "launch {what}{flak} at {}{}",
                unit_label(g, *target),
                target_note(g, *target)
            )
        }
        Action::Launch { squadron, to } => {
            format!("launch {} into {to}", unit_label(g, *squadron))
        }
        Action::EndLaunch => "stop launching squadrons".to_string(),
        Action::Barrage { dice, target } => {
            let pool = g.activation.as_ref().and_then(|a| a.pool.as_ref());
            let tgt = target.or(pool.map(|p| p.target));
            let mut s = format!("roll a barrage of {}", plural(*dice, "die", "dice"));
            if let Some(t) = tgt {
                let _ = write!(s, " at {}", unit_label(g, t));
                if let Some(d) = stat_value(g, t, Stat::Defense) {
                    let _ = write!(s, " (defense {d})");
                }
            }
            if let Some(p) = pool {
                let _ = write!(s, ", {} of {} in the pool", dice, p.dice);
            }
            s
        }
        Action::StopFiring => {
            let left = g
                .activation
                .as_ref()
                .and_then(|a| a.pool.as_ref())
                .map(|p| p.dice)
                .unwrap_or(0);
            if left > 0 {
                format!(
                    "stop firing ({} left unrolled)",
                    plural(left, "die", "dice")
                )
            } else {
                "stop firing".to_string()
            }
        }
        Action::Dogfight { target } => format!("dogfight {}", unit_label(g, *target)),
        Action::Formation { target, wingmen } => {
            if wingmen.is_empty() {
                format!("attack {} with guns (1 die)", unit_label(g, *target))
            } else {
                format!(
                    "attack {} in formation with {} ({})",
                    unit_label(g, *target),
                    join_units(g, wingmen),
                    plural(wingmen.len() as u64 + 1, "die", "dice")
                )
            }
        }
        Action::ReturnToBase { host } => {
            format!("return to base aboard {}", unit_label(g, *host))
        }
        Action::EndActivation => match active_unit(g) {
            Some(u) => format!("end the activation of {}", unit_label(g, u)),
            None => "end the activation".to_string(),
        },
        Action::Reduce { stats } => {
            let ship = match g.pending.last().map(|p| &p.decision) {
                Some(Decision::ReduceStats { ship, .. }) => Some(*ship),
                _ => None,
            };
            let names = stats
                .iter()
                .map(|&s| match ship.and_then(|sh| stat_value(g, sh, s)) {
                    Some(v) => format!("{} ({v})", stat_name(s)),
                    None => stat_name(s).to_string(),
                })
                .collect::<Vec<_>>()
                .join(" and ");
            match ship {
                Some(sh) => format!("reduce {} of {}", names, unit_label(g, sh)),
                None => format!("reduce {names}"),
            }
        }
        Action::Intercept { squadrons } => {
            if squadrons.is_empty() {
                "do not intercept".to_string()
            } else {
                format!("intercept with {}", join_units(g, squadrons))
            }
        }
        Action::HitSquadron { fate } => {
            let sq = match g.pending.last().map(|p| &p.decision) {
                Some(Decision::SquadronHit { squadron }) => unit_label(g, *squadron),
                _ => "the squadron".to_string(),
            };
            match fate {
                SquadronFate::Flip => format!("flip {sq} (inactive)"),
                SquadronFate::ReturnToBase => format!("send {sq} back to base"),
            }
        }
        Action::LandOn { host } => match g.pending.last().map(|p| &p.decision) {
            Some(Decision::ReturnToBase { squadron, .. }) => format!(
                "land {} on {}",
                unit_label(g, *squadron),
                unit_label(g, *host)
            ),
            _ => format!("land on {}", unit_label(g, *host)),
        },
        Action::LoseSquadron { squadron } => {
            format!("lose {} with the bay", unit_label(g, *squadron))
        }
        Action::Advance { squadron } => {
            let vacated = match g.pending.last().map(|p| &p.decision) {
                Some(Decision::Advance { vacated, .. }) => Some(*vacated),
                _ => None,
            };
            match (squadron, vacated) {
                (None, _) => "do not advance".to_string(),
                (Some(s), Some(h)) => format!("advance {} into {h}", unit_label(g, *s)),
                (Some(s), None) => format!("advance {}", unit_label(g, *s)),
            }
        }
        Action::Repair { ship } => {
            let left = unit_ref(g, *ship)
                .and_then(|u| u.ship())
                .map(|s| s.repair_left)
                .unwrap_or(0);
            format!(
                "spend a repair level on {} and roll ({} left)",
                unit_label(g, *ship),
                left
            )
        }
        Action::RepairStat { stat } => {
            let ship = match g.pending.last().map(|p| &p.decision) {
                Some(Decision::RepairStat { ship }) => Some(*ship),
                _ => None,
            };
            match ship {
                Some(sh) => {
                    let now = stat_value(g, sh, *stat).unwrap_or(0);
                    format!(
                        "repair {} of {} ({} -> {})",
                        stat_name(*stat),
                        unit_label(g, sh),
                        now,
                        now.saturating_add(1)
                    )
                }
                None => format!("repair {}", stat_name(*stat)),
            }
        }
        Action::EndRepairs => "no more repairs this turn".to_string(),
    }
}

// ------------------------------------------------------------------ events

fn phase_name(p: &Phase) -> String {
    match p {
        Phase::Placement => "placement".into(),
        Phase::Movement { step } => format!("movement, step {step}"),
        Phase::Attack { step } => format!("attack, step {step}"),
        Phase::Recovery => "recovery".into(),
        Phase::Over => "over".into(),
    }
}

fn by_label(g: &LaunchFighters, by: Option<Seat>) -> String {
    match by {
        Some(s) => format!(" (credited to {})", fleet_label(g, s)),
        None => String::new(),
    }
}

fn fmt_score(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// One readable line for an event (described in the state after it happened).
pub fn describe_event(g: &LaunchFighters, e: &Event) -> String {
    match e {
        Event::TurnStarted { turn } => format!("=== Turn {turn} of {} ===", g.turn_limit),
        Event::Initiative {
            rolls,
            rolloffs,
            order,
        } => {
            let mut s = format!(
                "initiative: {}",
                rolls
                    .iter()
                    .map(|(seat, r)| format!("{} {r}", seat_label(*seat)))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            if !rolloffs.is_empty() {
                let _ = write!(
                    s,
                    "; roll-off {}",
                    rolloffs
                        .iter()
                        .map(|(seat, r)| format!("{} {r}", seat_label(*seat)))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            let _ = write!(s, "; order (lowest first) {}", join_seats(order));
            s
        }
        Event::Placed { unit, at, facing } => format!(
            "{} placed at {at} facing {}",
            unit_label(g, *unit),
            facing.label()
        ),
        Event::PhaseStarted { phase } => format!("-- {phase} phase --"),
        Event::StepStarted { step } => format!("- step {step}"),
        Event::Moved { unit, path, facing } => {
            let mut s = match path.as_slice() {
                [] => format!("{} stays put", unit_label(g, *unit)),
                [only] => format!("{} stays at {only}", unit_label(g, *unit)),
                many => format!(
                    "{} moves {}",
                    unit_label(g, *unit),
                    many.iter()
                        .map(|h| h.to_string())
                        .collect::<Vec<_>>()
                        .join(" > ")
                ),
            };
            if let Some(f) = facing {
                let _ = write!(s, ", facing {}", f.label());
            }
            s
        }
        Event::BoosterUsed { unit } => format!("{} fires a booster", unit_label(g, *unit)),
        Event::WarpDeclared { unit } => {
            format!("{} engages warp drive", unit_label(g, *unit))
        }
        Event::Pushed { squadron, to } => {
            format!("{} is pushed to {to}", unit_label(g, *squadron))
        }
        Event::AsteroidRoll { unit, roll, hit } => format!(
            "{} in the asteroids rolls {roll}: {}",
            unit_label(g, *unit),
            if *hit { "struck!" } else { "safe" }
        ),
        Event::Activated { unit } => {
            let mut s = format!("{} activates", unit_label(g, *unit));
            if let Some(h) = unit_hex(g, *unit) {
                let _ = write!(s, " at {h}");
            }
            s
        }
        Event::PoolGathered {
            unit,
            system,
            target,
            dice,
            note,
        } => {
            let mut s = format!(
                "{} gathers {} of {system} against {}",
                unit_label(g, *unit),
                plural(*dice, "die", "dice"),
                unit_label(g, *target)
            );
            if !note.is_empty() {
                let _ = write!(s, " ({note})");
            }
            s
        }
        Event::InterceptRoll {
            squadron,
            roll,
            success,
        } => format!(
            "{} intercepts: rolls {roll}, {}",
            unit_label(g, *squadron),
            if *success {
                "a missile is shot down"
            } else {
                "misses"
            }
        ),
        Event::Barrage {
            attacker,
            target,
            dice,
            modifier,
            total,
            defense,
            defense_roll,
            result,
        } => {
            let faces = dice
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("+");
            let modifier = match *modifier {
                0 => String::new(),
                m if m > 0 => format!(" +{m}"),
                m => format!(" {m}"),
            };
            let def = match defense_roll {
                Some(r) => format!("defense {defense} (rolled {r})"),
                None => format!("defense {defense}"),
            };
            format!(
                "{} barrage at {}: [{faces}]{modifier} = {total} vs {def} -> {}",
                unit_label(g, *attacker),
                unit_label(g, *target),
                result_name(*result)
            )
        }
        Event::Dogfight {
            attacker,
            defender,
            attacker_roll,
            defender_roll,
            winner,
            result,
        } => {
            let mut s = format!(
                "dogfight: {} rolls {attacker_roll}, {} rolls {defender_roll}",
                unit_label(g, *attacker),
                unit_label(g, *defender)
            );
            match winner {
                Some(w) => {
                    let _ = write!(s, "; {} wins", unit_label(g, *w));
                }
                None => s.push_str("; no winner"),
            }
            if let Some(r) = result {
                let _ = write!(s, " -> {}", result_name(*r));
            }
            s
        }
        Event::StatReduced { ship, stat, to } => format!(
            "{}: {} reduced to {to}",
            unit_label(g, *ship),
            stat_name(*stat)
        ),
        Event::StatRaised { ship, stat, to } => format!(
            "{}: {} repaired to {to}",
            unit_label(g, *ship),
            stat_name(*stat)
        ),
        Event::ShipDestroyed { ship, by } => {
            format!("{} is DESTROYED{}", unit_label(g, *ship), by_label(g, *by))
        }
        Event::SquadronFlipped { squadron } => {
            format!("{} is flipped (inactive)", unit_label(g, *squadron))
        }
        Event::SquadronEliminated { squadron, by } => format!(
            "{} is eliminated{}",
            unit_label(g, *squadron),
            by_label(g, *by)
        ),
        Event::ReturnedToBase { squadron, host } => format!(
            "{} returns to base aboard {}",
            unit_label(g, *squadron),
            unit_label(g, *host)
        ),
        Event::Launched { squadron, from, to } => format!(
            "{} launches from {} into {to}",
            unit_label(g, *squadron),
            unit_label(g, *from)
        ),
        Event::Advanced { squadron, to } => {
            format!("{} advances into {to}", unit_label(g, *squadron))
        }
        Event::BayHitRoll {
            ship,
            roll,
            destroys,
        } => format!(
            "bay hit on {}: rolls {roll}, {}",
            unit_label(g, *ship),
            if *destroys {
                "a squadron aboard is lost"
            } else {
                "the squadrons aboard survive"
            }
        ),
        Event::RepairRoll {
            ship,
            roll,
            success,
        } => format!(
            "{} repair roll {roll}: {}",
            unit_label(g, *ship),
            if *success { "success" } else { "failed" }
        ),
        Event::SquadronsRecovered { count: 0 } => "no inactive squadrons to recover".to_string(),
        Event::SquadronsRecovered { count } => format!(
            "{} recovered (turned active again)",
            plural(*count, "squadron", "squadrons")
        ),
        Event::Retreated { unit } => {
            format!("{} retreats off the map", unit_label(g, *unit))
        }
        Event::WarpedOut { ship } => format!("{} warps out", unit_label(g, *ship)),
        Event::GameOver {
            reason,
            scores,
            winners,
        } => {
            let table = scores
                .iter()
                .enumerate()
                .map(|(i, s)| format!("{} {}", seat_label(Seat(i as u8)), fmt_score(*s)))
                .collect::<Vec<_>>()
                .join(", ");
            let who = if winners.is_empty() {
                "no winner".to_string()
            } else if winners.len() == scores.len() && scores.len() > 1 {
                "a draw".to_string()
            } else {
                format!(
                    "winner {}",
                    winners
                        .iter()
                        .map(|&w| fleet_label(g, w))
                        .collect::<Vec<_>>()
                        .join(" and ")
                )
            };
            format!("=== Battle over: {reason}. Victory points {table}; {who} ===")
        }
    }
}

// ------------------------------------------------------------------ map

/// Width of one column slot on the ASCII map.
const CELL: usize = 4;

fn facing_arrow(d: Dir) -> (char, char) {
    // (before, after) the two-character counter code.
    match d {
        Dir::N => (' ', '^'),
        Dir::Ne => (' ', '/'),
        Dir::Se => (' ', '\\'),
        Dir::S => (' ', 'v'),
        Dir::Sw => ('/', ' '),
        Dir::Nw => ('\\', ' '),
    }
}

fn terrain_char(t: TerrainKind) -> char {
    match t {
        TerrainKind::Moon | TerrainKind::Planetoid => 'o',
        TerrainKind::Asteroid => ':',
        TerrainKind::Nebula => '~',
    }
}

/// The four characters of one hex.
fn cell(g: &LaunchFighters, h: Hex) -> [char; CELL] {
    let ship = g.ship_at(h);
    let squadron = g.squadron_at(h);
    let terrain = g.terrain_at(h);
    let mut c = [' ', ' ', ' ', ' '];
    if let Some(u) = ship {
        let (l, d) = counter_code(g, u);
        let facing = u.ship().map(|s| s.facing).unwrap_or(Dir::N);
        let (pre, post) = facing_arrow(facing);
        c = [pre, l, d, post];
        if squadron.is_some() && c[0] == ' ' {
            c[0] = '*';
        } else if squadron.is_some() && c[3] == ' ' {
            c[3] = '*';
        }
    } else if let Some(u) = squadron {
        let (l, d) = counter_code(g, u);
        let active = u.squadron().is_some_and(|q| q.active);
        c = [' ', l, d, if active { ' ' } else { '_' }];
    } else if let Some(t) = terrain {
        c[1] = terrain_char(t);
    } else {
        c[1] = '.';
    }
    c
}

fn write_map(out: &mut String, g: &LaunchFighters) {
    let (cols, rows) = (g.map.cols, g.map.rows);
    if cols <= 0 || rows <= 0 {
        out.push_str("(empty map)\n");
        return;
    }
    // Crop to the units on the map (plus a margin) when the map is large.
    let mut bounds = (0, cols - 1, 0, rows - 1);
    let on_map: Vec<(i32, i32)> = g
        .units
        .iter()
        .filter_map(|u| u.hex())
        .map(|h| h.to_offset())
        .collect();
    if cols * rows > 400 && !on_map.is_empty() {
        const MARGIN: i32 = 2;
        let c0 = on_map.iter().map(|p| p.0).min().unwrap_or(0) - MARGIN;
        let c1 = on_map.iter().map(|p| p.0).max().unwrap_or(0) + MARGIN;
        let r0 = on_map.iter().map(|p| p.1).min().unwrap_or(0) - MARGIN;
        let r1 = on_map.iter().map(|p| p.1).max().unwrap_or(0) + MARGIN;
        bounds = (c0.max(0), c1.min(cols - 1), r0.max(0), r1.min(rows - 1));
    }
    let (c0, c1, r0, r1) = bounds;
    if bounds != (0, cols - 1, 0, rows - 1) {
        let _ = writeln!(
            out,
            "Map {cols}x{rows}, showing columns {c0:02}-{c1:02}, rows {r0:02}-{r1:02}:"
        );
    } else {
        let _ = writeln!(out, "Map {cols}x{rows}:");
    }
    let width = ((c1 - c0 + 1) as usize) * CELL;
    // Column headers: even columns on the first line, odd on the second.
    for parity in [0, 1] {
        let mut line = String::from("    ");
        for c in c0..=c1 {
            if c.rem_euclid(2) == parity {
                let _ = write!(line, " {c:02} ");
            } else {
                line.push_str("    ");
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let _ = writeln!(out, "    {}", "-".repeat(width));
    for r in r0..=r1 {
        for parity in [0, 1] {
            let mut line = if parity == 0 {
                format!("{r:02} |")
            } else {
                "   |".to_string()
            };
            for c in c0..=c1 {
                if c.rem_euclid(2) == parity {
                    line.extend(cell(g, Hex::from_offset(c, r)));
                } else {
                    line.push_str("    ");
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out.push_str(
        "Legend: A0 = ship A of P0 with facing ^ N, / NE, \\ SE, v S, /A0 SW, \\A0 NW;\n        \
         a0 = squadron of P0 from ship A (a0_ inactive); * = squadron sharing the hex;\n        \
         o moon/planetoid, : asteroid, ~ nebula, . empty space. Odd columns sit half a hex lower.\n",
    );
}

// ------------------------------------------------------------------ cards

fn location_text(g: &LaunchFighters, u: &Unit) -> String {
    match u.location {
        Location::Unplaced => "not yet placed".into(),
        Location::OnMap(h) => match g.terrain_at(h) {
            Some(t) => format!("at {h} ({})", terrain_name(t)),
            None => format!("at {h}"),
        },
        Location::Aboard(host) => format!("aboard {}", unit_label(g, host)),
        Location::Eliminated => "destroyed".into(),
        Location::Retreated => "left the map".into(),
    }
}

fn terrain_name(t: TerrainKind) -> &'static str {
    match t {
        TerrainKind::Moon => "moon",
        TerrainKind::Planetoid => "planetoid",
        TerrainKind::Asteroid => "asteroids",
        TerrainKind::Nebula => "nebula",
    }
}

fn ship_card(out: &mut String, g: &LaunchFighters, u: &Unit) {
    let Some(s) = u.ship() else { return };
    let cur = s.stats;
    let orig = s.design.stats;
    let stat = |name: &str, c: u8, o: u8| {
        if c == o {
            format!("{name} {c}")
        } else {
            format!("{name} {c}/{o}")
        }
    };
    let _ = write!(
        out,
        "  {}{}{} - {}",
        unit_label(g, u.id),
        if s.design.kind.is_empty() {
            String::new()
        } else {
            format!(" {}", s.design.kind)
        },
        if s.flagship { " [flagship]" } else { "" },
        location_text(g, u)
    );
    if u.hex().is_some() {
        let _ = write!(out, " facing {}", s.facing.label());
    }
    out.push('\n');
    let aboard = g.aboard(u.id).count();
    let _ = write!(
        out,
        "      {} {} {} {} {}   missiles {}   squadrons aboard {}",
        stat("C", cur.cannons, orig.cannons),
        stat("L", cur.launchers, orig.launchers),
        stat("B", cur.bays, orig.bays),
        stat("D", cur.defense, orig.defense),
        stat("M", cur.mv, orig.mv),
        s.missiles,
        aboard
    );
    let a = &s.design.addons;
    let mut addons = Vec::new();
    if a.sensors > 0 {
        addons.push(format!("sensors {}", a.sensors));
    }
    if a.repair > 0 {
        addons.push(format!("repair {}/{}", s.repair_left, a.repair));
    }
    if a.boosters > 0 {
        addons.push(format!("boosters {}/{}", s.boosters_left, a.boosters));
    }
    if a.warp > 0 {
        addons.push(format!("warp {}", a.warp));
    }
    if a.cargo_holds > 0 {
        addons.push(format!("cargo {}", a.cargo_holds));
    }
    if a.passenger_holds > 0 {
        addons.push(format!("passengers {}", a.passenger_holds));
    }
    if !addons.is_empty() {
        let _ = write!(out, "   add-ons: {}", addons.join(", "));
    }
    let mut flags = Vec::new();
    if u.moved {
        flags.push("moved");
    }
    if u.activated {
        flags.push("activated");
    }
    if s.warp_declared {
        flags.push("warp engaged");
    }
    if !flags.is_empty() {
        let _ = write!(out, "   ({})", flags.join(", "));
    }
    let _ = writeln!(out, "   cost {}", s.cost);
}

fn seat_cards(out: &mut String, g: &LaunchFighters, seat: Seat, scores: &[f64]) {
    let p = g.players.get(seat.index());
    let _ = write!(
        out,
        "{} {}",
        seat_label(seat),
        p.map(|p| p.fleet.as_str()).unwrap_or("")
    );
    if let Some(p) = p {
        if p.initiative > 0 {
            let _ = write!(out, "   initiative {}", p.initiative);
        }
    }
    if let Some(s) = scores.get(seat.index()) {
        let _ = write!(out, "   VP {}", fmt_score(*s));
    }
    out.push('\n');
    for u in g.units.iter().filter(|u| u.owner == seat && u.is_ship()) {
        ship_card(out, g, u);
    }
    let squadrons: Vec<&Unit> = g
        .units
        .iter()
        .filter(|u| u.owner == seat && !u.is_ship())
        .collect();
    let on_map: Vec<String> = squadrons
        .iter()
        .filter_map(|u| {
            let h = u.hex()?;
            let active = u.squadron().is_some_and(|q| q.active);
            let mut s = format!(
                "{} at {h} {}",
                unit_tag(g, u.id),
                if active { "active" } else { "inactive" }
            );
            if u.activated {
                s.push_str(" (attacked)");
            }
            Some(s)
        })
        .collect();
    if !on_map.is_empty() {
        let _ = writeln!(out, "  squadrons on the map: {}", on_map.join("; "));
    }
    let lost = squadrons
        .iter()
        .filter(|u| matches!(u.location, Location::Eliminated))
        .count();
    let gone = squadrons
        .iter()
        .filter(|u| matches!(u.location, Location::Retreated))
        .count();
    if lost + gone > 0 {
        let _ = writeln!(out, "  squadrons eliminated {lost}, left the map {gone}");
    }
}

fn decision_text(g: &LaunchFighters, d: &Decision) -> String {
    match d {
        Decision::Push { squadron, pusher } => format!(
            "where {} goes, pushed by {}",
            unit_label(g, *squadron),
            seat_label(*pusher)
        ),
        Decision::ReduceStats { ship, levels, .. } => format!(
            "which stats of {} lose {}",
            unit_label(g, *ship),
            plural(*levels, "level", "levels")
        ),
        Decision::Intercept { target } => {
            format!(
                "whether to intercept missiles aimed at {}",
                unit_label(g, *target)
            )
        }
        Decision::SquadronHit { squadron } => {
            format!(
                "whether {} is flipped or sent back to base",
                unit_label(g, *squadron)
            )
        }
        Decision::ReturnToBase { squadron, .. } => {
            format!("which ship {} lands on", unit_label(g, *squadron))
        }
        Decision::BayLoss { ship, .. } => {
            format!("which squadron aboard {} is lost", unit_label(g, *ship))
        }
        Decision::Advance { winner, vacated } => format!(
            "whether {} (or a friend) advances into {vacated}",
            unit_label(g, *winner)
        ),
        Decision::RepairStat { ship } => {
            format!("which stat of {} to repair", unit_label(g, *ship))
        }
    }
}

/// A readable text picture of the battle for `viewer` (Launch Fighters! hides nothing,
/// so every viewer sees the same; the viewer's own fleet is listed first).
pub fn render_text(g: &LaunchFighters, viewer: Option<Seat>) -> String {
    render_with_scores(g, viewer, &g.scores())
}

fn render_with_scores(g: &LaunchFighters, viewer: Option<Seat>, scores: &[f64]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} - turn {} of {}, {}",
        g.scenario_name,
        g.turn,
        g.turn_limit,
        phase_name(&g.phase)
    );
    if !g.order.is_empty() {
        let order = g
            .order
            .iter()
            .map(|&s| {
                let ini = g.players.get(s.index()).map(|p| p.initiative).unwrap_or(0);
                format!("{} ({ini})", seat_label(s))
            })
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(out, "Initiative, lowest first: {order}");
    }
    out.push('\n');
    write_map(&mut out, g);
    out.push('\n');

    let n = g.players.len() as u8;
    let mut seats: Vec<Seat> = Seat::all(n).collect();
    if let Some(v) = viewer {
        if let Some(i) = seats.iter().position(|&s| s == v) {
            let me = seats.remove(i);
            seats.insert(0, me);
        }
    }
    for s in seats {
        seat_cards(&mut out, g, s, scores);
    }
    out.push('\n');

    if let Some(a) = &g.activation {
        let _ = write!(out, "Activating: {}", unit_label(g, a.unit));
        if !a.used.is_empty() {
            let _ = write!(
                out,
                "; used {}",
                a.used
                    .iter()
                    .map(|&s| s.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        if let Some(p) = &a.pool {
            let _ = write!(
                out,
                "; {} pool of {} against {}",
                p.system.name(),
                plural(p.dice, "die", "dice"),
                unit_label(g, p.target)
            );
            if p.flak {
                out.push_str(" (flak)");
            }
        }
        out.push('\n');
    }
    if let Some(p) = g.pending.last() {
        let _ = writeln!(
            out,
            "Decision owed by {}: {}",
            seat_label(p.seat),
            decision_text(g, &p.decision)
        );
    }
    match &g.outcome {
        Some(o) => {
            let _ = writeln!(out, "The battle is over.");
            write_scores(&mut out, g, &o.scores, &o.winners);
        }
        None => {
            let to_move = g.to_move();
            if !to_move.is_empty() {
                let _ = writeln!(out, "To move: {}", join_seats(&to_move));
            }
            write_scores(&mut out, g, scores, &[]);
        }
    }
    out
}

fn write_scores(out: &mut String, g: &LaunchFighters, scores: &[f64], winners: &[Seat]) {
    let _ = writeln!(out, "Victory points:");
    for (i, s) in scores.iter().enumerate() {
        let seat = Seat(i as u8);
        let fleet = g
            .players
            .get(i)
            .map(|p| p.fleet.as_str())
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {:<4}{:<28}{:>6}{}",
            seat_label(seat),
            fleet,
            fmt_score(*s),
            if winners.contains(&seat) {
                "  WINNER"
            } else {
                ""
            }
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{design, Sandbox};

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
