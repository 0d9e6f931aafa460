//! Special scenario conditions (LF-17 (c)):
//!
//! > "The game continues until one of these conditions is met at the start of a turn:
//! > … • Special conditions for the scenario are met." — "Each player scores points for
//! > any special scenario conditions."
//!
//! A scenario lists [`Objective`]s; each names the fleet that scores, the points and
//! the condition (kinds after the seed's "Here are some ideas"). Points count in the
//! tally like any other victory points, as if the battle ended now. An objective with
//! `ends_game` ends the battle at the start of the turn after it is decided.
//!
//! Names resolve against the battle: a fleet by its name, a ship by its name within
//! its fleet (unique there; the loader checks both).

use crate::state::{LaunchFighters, Location, Unit};
use crate::types::{MapHex, Objective, ObjectiveKind};
use orrery_core::Seat;
use orrery_hex::{Hex, HexMap};
use std::collections::HashSet;

impl LaunchFighters {
    /// The seat of the fleet with this name.
    fn fleet_seat(&self, name: &str) -> Option<Seat> {
        self.players
            .iter()
            .position(|p| p.fleet == name)
            .map(|i| Seat(i as u8))
    }

    /// The ship named `ship` in the fleet named `fleet`.
    fn named_ship(&self, fleet: &str, ship: &str) -> Option<&Unit> {
        let seat = self.fleet_seat(fleet)?;
        self.units
            .iter()
            .find(|u| u.owner == seat && u.ship().is_some_and(|s| s.design.name == ship))
    }

    /// The ship an objective names: of `fleet` (`protect`) or of `target` (`destroy`).
    fn objective_ship(&self, o: &Objective) -> Option<&Unit> {
        let fleet = match o.kind {
            ObjectiveKind::Destroy => o.target.as_deref()?,
            _ => o.fleet.as_str(),
        };
        self.named_ship(fleet, o.ship.as_deref()?)
    }

    /// The ships `destroy` counts: the named one, or every ship of `target` (every
    /// other fleet's if none is named).
    fn destroy_targets<'a>(&'a self, o: &'a Objective) -> impl Iterator<Item = &'a Unit> + 'a {
        let scorer = self.fleet_seat(&o.fleet);
        let target = o.target.as_deref().and_then(|t| self.fleet_seat(t));
        let named = o.ship.as_deref().and(self.objective_ship(o)).map(|u| u.id);
        self.units.iter().filter(move |u| {
            u.is_ship()
                && match named {
                    Some(id) => u.id == id,
                    None if o.ship.is_some() => false,
                    None => match target {
                        Some(t) => u.owner == t,
                        None => Some(u.owner) != scorer,
                    },
                }
        })
    }

    /// Does `seat` alone have a unit on a hex of `area`?
    fn holds_area(&self, seat: Seat, area: &[MapHex]) -> bool {
        let mut mine = false;
        for u in &self.units {
            let Location::OnMap(h) = u.location else {
                continue;
            };
            if area.iter().any(|a| a.hex() == h) {
                if u.owner != seat {
                    return false;
                }
                mine = true;
            }
        }
        mine
    }

    /// How many times objective `i`'s points are earned if the battle ended now.
    pub fn objective_count(&self, i: usize) -> u32 {
        let Some(o) = self.objectives.get(i) else {
            return 0;
        };
        let Some(seat) = self.fleet_seat(&o.fleet) else {
            return 0;
        };
        match o.kind {
            ObjectiveKind::Protect => self
                .objective_ship(o)
                .is_some_and(|u| u.location != Location::Eliminated)
                .into(),
            ObjectiveKind::Destroy if o.ship.is_some() => self
                .destroy_targets(o)
                .any(|u| u.location == Location::Eliminated)
                .into(),
            ObjectiveKind::Destroy => self
                .destroy_targets(o)
                .filter(|u| u.location == Location::Eliminated && u.eliminated_by == Some(seat))
                .count() as u32,
            ObjectiveKind::Hold => {
                let held = match o.turns {
                    Some(n) => self.held_turns.get(i).copied().unwrap_or(0) >= n,
                    None => self.holds_area(seat, &o.area),
                };
                held.into()
            }
            ObjectiveKind::Escape => self
                .units
                .iter()
                .filter(|u| u.owner == seat && u.is_ship())
                .filter(|u| {
                    u.location == Location::Retreated
                        && u.retreated_at
                            .is_some_and(|h| o.area.iter().any(|a| a.hex() == h))
                })
                .count() as u32,
        }
    }

    /// Each seat's objective points, in half points (the tally's unit).
    pub(crate) fn objective_half_points(&self) -> Vec<u32> {
        let mut half = vec![0u32; self.players.len()];
        for (i, o) in self.objectives.iter().enumerate() {
            let Some(seat) = self.fleet_seat(&o.fleet) else {
                continue;
            };
            let earned = o.points.saturating_mul(self.objective_count(i));
            if let Some(h) = half.get_mut(seat.index()) {
                *h = h.saturating_add(earned.saturating_mul(2));
            }
        }
        half
    }

    /// At the start of a turn: count the turns in a row each `hold` area is held.
    pub(crate) fn count_held_turns(&mut self) {
        self.held_turns.resize(self.objectives.len(), 0);
        for i in 0..self.objectives.len() {
            let o = &self.objectives[i];
            let held = o.kind == ObjectiveKind::Hold
                && self
                    .fleet_seat(&o.fleet)
                    .is_some_and(|s| self.holds_area(s, &o.area));
            self.held_turns[i] = if held { self.held_turns[i] + 1 } else { 0 };
        }
    }

    /// Is objective `i` decided (see [`Objective::ends_game`])?
    fn objective_decided(&self, i: usize) -> bool {
        let Some(o) = self.objectives.get(i) else {
            return false;
        };
        match o.kind {
            ObjectiveKind::Protect => self
                .objective_ship(o)
                .is_none_or(|u| !matches!(u.location, Location::OnMap(_) | Location::Unplaced)),
            ObjectiveKind::Destroy => self
                .destroy_targets(o)
                .all(|u| !matches!(u.location, Location::OnMap(_) | Location::Unplaced)),
            ObjectiveKind::Hold => self.objective_count(i) > 0,
            ObjectiveKind::Escape => {
                let Some(seat) = self.fleet_seat(&o.fleet) else {
                    return true;
                };
                !self.units.iter().any(|u| {
                    u.owner == seat
                        && u.is_ship()
                        && matches!(u.location, Location::OnMap(_) | Location::Unplaced)
                })
            }
        }
    }

    /// Why the battle ends now by a scenario condition (LF-17 (c)), if it does.
    pub(crate) fn objective_end_reason(&self) -> Option<String> {
        let i = (0..self.objectives.len())
            .find(|&i| self.objectives[i].ends_game && self.objective_decided(i))?;
        let outcome = if self.objective_count(i) > 0 {
            "met"
        } else {
            "can no longer be met"
        };
        Some(format!(
            "scenario condition decided: \"{}\" {outcome} (LF-17 (c))",
            objective_text(&self.objectives[i])
        ))
    }
}

/// What an objective asks, in words: its description, or a text made from its fields.
pub fn objective_text(o: &Objective) -> String {
    if !o.description.trim().is_empty() {
        return o.description.clone();
    }
    let pts = |each: bool| {
        format!(
            "{} point{}{}",
            o.points,
            if o.points == 1 { "" } else { "s" },
            if each { " each" } else { "" }
        )
    };
    let ship = o.ship.as_deref().unwrap_or("");
    match o.kind {
        ObjectiveKind::Protect => format!("{} protects its {ship} ({})", o.fleet, pts(false)),
        ObjectiveKind::Destroy => match (&o.ship, &o.target) {
            (Some(_), Some(t)) => format!("{} destroys {t}'s {ship} ({})", o.fleet, pts(false)),
            (None, Some(t)) => format!("{} destroys {t}'s ships ({})", o.fleet, pts(true)),
            _ => format!("{} destroys enemy ships ({})", o.fleet, pts(true)),
        },
        ObjectiveKind::Hold => match o.turns {
            Some(n) => format!(
                "{} holds its area for {n} turn{} ({})",
                o.fleet,
                if n == 1 { "" } else { "s" },
                pts(false)
            ),
            None => format!("{} holds its area at the end ({})", o.fleet, pts(false)),
        },
        ObjectiveKind::Escape => format!("{} ships escape ({})", o.fleet, pts(true)),
    }
}

/// Problems of a scenario's objectives as (field, why): the fleets and ships they name
/// exist (a ship's name unique in its fleet), each kind has the fields it reads and no
/// others, areas lie on the map off moons and planetoids, an `escape` area on the edge
/// or in the exit area (units retreat only there, LF-16 (3)).
///
/// Each objective comes with its path (`objectives[i]`), so a list whose other entries
/// could not be read is still checked under the right names.
pub(crate) fn objective_problems(
    objectives: &[(String, &Objective)],
    fleets: &[(String, Vec<String>)],
    map: HexMap,
    blocked: &dyn Fn(Hex) -> bool,
    exit_area: &[MapHex],
) -> Vec<(String, String)> {
    let mut p = Vec::new();
    if objectives.len() > MAX_OBJECTIVES {
        p.push((
            "objectives".into(),
            format!(
                "{} objectives; a scenario has at most {MAX_OBJECTIVES}",
                objectives.len()
            ),
        ));
        return p;
    }
    let names: Vec<&str> = fleets.iter().map(|f| f.0.as_str()).collect();
    let fleet_ok = |name: &str| names.contains(&name);
    for (f, o) in objectives {
        let mut add = |field: &str, why: String| p.push((format!("{f}.{field}"), why));
        if !fleet_ok(&o.fleet) {
            add(
                "fleet",
                format!("no fleet \"{}\"; fleets: {}", o.fleet, names.join(", ")),
            );
        }
        if o.points > MAX_OBJECTIVE_POINTS {
            add(
                "points",
                format!("{} is above {MAX_OBJECTIVE_POINTS}", o.points),
            );
        }
        let (wants_ship, wants_target, wants_area, wants_turns) = match o.kind {
            ObjectiveKind::Protect => (Need::Yes, Need::No, Need::No, Need::No),
            ObjectiveKind::Destroy => (Need::May, Need::May, Need::No, Need::No),
            ObjectiveKind::Hold => (Need::No, Need::No, Need::Yes, Need::May),
            ObjectiveKind::Escape => (Need::No, Need::No, Need::Yes, Need::No),
        };
        let kind = format!("{:?}", o.kind).to_lowercase();
        for (field, need, given) in [
            ("ship", wants_ship, o.ship.is_some()),
            ("target", wants_target, o.target.is_some()),
            ("area", wants_area, !o.area.is_empty()),
            ("turns", wants_turns, o.turns.is_some()),
        ] {
            match (need, given) {
                (Need::Yes, false) => add(field, format!("a `{kind}` objective needs it")),
                (Need::No, true) => add(field, format!("a `{kind}` objective has no {field}")),
                _ => {}
            }
        }
        if let Some(t) = &o.target {
            if !fleet_ok(t) {
                add(
                    "target",
                    format!("no fleet \"{t}\"; fleets: {}", names.join(", ")),
                );
            } else if *t == o.fleet {
                add("target", "a fleet does not destroy its own ships".into());
            }
        }
        if o.kind == ObjectiveKind::Destroy && o.ship.is_some() && o.target.is_none() {
            add("target", "name the fleet whose ship it is".into());
        }
        if let (Some(ship), ObjectiveKind::Protect | ObjectiveKind::Destroy) = (&o.ship, o.kind) {
            let owner = if o.kind == ObjectiveKind::Protect {
                Some(o.fleet.as_str())
            } else {
                o.target.as_deref()
            };
            if let Some((fname, ships)) = owner.and_then(|n| fleets.iter().find(|f| f.0 == n)) {
                match ships.iter().filter(|s| *s == ship).count() {
                    1 => {}
                    0 => add(
                        "ship",
                        format!(
                            "fleet \"{fname}\" has no ship \"{ship}\"; ships: {}",
                            ships.join(", ")
                        ),
                    ),
                    n => add(
                        "ship",
                        format!(
                            "fleet \"{fname}\" has {n} ships named \"{ship}\"; give the ship a \
                             name of its own (`name = \"…\"` in its entry)"
                        ),
                    ),
                }
            }
        }
        if o.turns == Some(0) {
            add("turns", "0 is out of range; must be at least 1".into());
        }
        // A map holds at most 100 × 100 hexes, so a longer area repeats some.
        if o.area.len() > MAX_AREA {
            add(
                "area",
                format!("{} hexes; an area has at most {MAX_AREA}", o.area.len()),
            );
            continue;
        }
        let mut seen: HashSet<Hex> = HashSet::new();
        for (j, a) in o.area.iter().enumerate() {
            let h = a.hex();
            let why = if !map.contains(h) {
                Some(format!(
                    "({}, {}) is off the {}×{} map",
                    a.col, a.row, map.cols, map.rows
                ))
            } else if blocked(h) {
                Some(format!(
                    "({}, {}) is a moon or planetoid, which units may not enter",
                    a.col, a.row
                ))
            } else if !seen.insert(h) {
                Some(format!("({}, {}) is listed twice", a.col, a.row))
            } else if o.kind == ObjectiveKind::Escape
                && !map.is_edge(h)
                && !exit_area.iter().any(|e| e.hex() == h)
            {
                Some(format!(
                    "({}, {}) is neither an edge hex nor in the exit area; units retreat only \
                     from those (LF-16 (3))",
                    a.col, a.row
                ))
            } else {
                None
            };
            if let Some(why) = why {
                add(&format!("area[{j}]"), why);
            }
        }
    }
    p
}

/// The most points one objective may give (each).
pub const MAX_OBJECTIVE_POINTS: u32 = 10_000;
/// The most objectives a scenario may list.
pub const MAX_OBJECTIVES: usize = 100;
/// The most hexes in an objective's area (a whole 100 × 100 map).
pub const MAX_AREA: usize = 10_000;

#[derive(Clone, Copy)]
enum Need {
    Yes,
    May,
    No,
}
