//! Set-up and placement on the map (seed "Placement on the Map"; LF-01, LF-06, LF-07).
//!
//! > "To begin the game each player rolls two dice, adds any modifiers and then finds
//! > the sum … Break any ties. The player with the lowest roll places one of his ships,
//! > his "flagship", in a space at the center of the map, or as close to the center as
//! > can reasonably be determined.
//! >
//! > The player with the next lowest roll then places his flagship exactly 10 spaces in
//! > a straight line in any direction away from an opponent's flagship. Continue until
//! > all players have one ship on the board and each ship is exactly 10 spaces away
//! > from another ship and no closer than 10 spaces from any other ship.
//! >
//! > Now each player places the rest of his ships in his fleet adjacent to his
//! > flagship. If there is no space available place adjacent to another ship in the
//! > fleet. All fighter squadrons start the game on their host ship's record sheet –
//! > not on the map."
//!
//! Project rulings made here (provisional numbers; the lead assigns the final ones):
//! - **LFO-04 Placement modifier.** The placement roll's modifier is the highest
//!   Sensors level in the player's fleet (all its ships are about to enter the map).
//!   *Reason:* LF-06 ranks placement by the initiative procedure, whose modifier is
//!   Sensors (seed: "equal to highest sensors level in his fleet"); before placement
//!   no ship is on the map, so "on the map" would silently drop the seed's modifier.
//! - **LFO-05 No edge hexes in placement.** Every ship, not only flagships, is placed
//!   on a free non-edge hex that units may enter (asteroids allowed, no roll). A hex
//!   adjacent to the flagship that is an edge hex does not count as "available".
//!   *Reason:* LF-07 (a) and its last fallback already exclude edge hexes; a ship set
//!   up on an edge hex would have to retreat at the end of turn 1 (LF-16), which no
//!   set-up intends.
//! - **LFO-06 Blocked centre and last fallback.** If the centre hex cannot take the
//!   first flagship (a moon or planetoid there), he places on the nearest free
//!   non-edge hex to it (his choice among equals). If LF-07's fallbacks for later
//!   flagships all fail (every free hex is more than 10 from every flagship, none at
//!   exactly 10), he places on a free hex nearest to the flagships (largest D
//!   generalised to the smallest distance above 10). *Reason:* "or as close to the
//!   center as can reasonably be determined"; set-up must always complete, and the
//!   scenario check guarantees enough free non-edge hexes for every ship.

use crate::action::Action;
use crate::event::Event;
use crate::refusal::{PlaceWhy, Refusal};
use crate::state::{LaunchFighters, Location, Phase, Player, Unit};
use crate::types::{Scenario, UnitId};
use orrery_core::{Rng, Seat, SetupError};
use orrery_hex::{Dir, Hex, HexMap};
use std::collections::HashSet;

/// Placement distance between flagships (seed: "exactly 10 spaces").
pub const FLAGSHIP_DISTANCE: u32 = 10;

/// The centre space (LF-01: "(13, 11)" on 27 × 24): column `cols / 2`, row
/// `(rows - 1) / 2`.
pub fn centre(map: &HexMap) -> Hex {
    Hex::from_offset(map.cols / 2, (map.rows - 1) / 2)
}

/// Every problem with a scenario, as "field: why" messages (empty = valid): the data
/// checks shared with the TOML loader ([`crate::data::scenario_problems`]), then what
/// placement itself needs — unit ids that fit, and room for every ship (LF-07).
pub fn validate_scenario(s: &Scenario) -> Vec<String> {
    let mut p = crate::data::scenario_problems(s);
    let ships: usize = s.fleets.iter().map(|f| f.ships.len()).sum();
    let units: usize = s
        .fleets
        .iter()
        .flat_map(|f| &f.ships)
        .map(|d| 1 + d.squadrons as usize)
        .sum();
    if units > u16::MAX as usize {
        p.push(format!(
            "fleets: {units} units in all, more than {}",
            u16::MAX
        ));
    }
    if !p.is_empty() {
        return p;
    }
    let map = HexMap {
        cols: s.cols,
        rows: s.rows,
    };
    let blocked: HashSet<Hex> = s
        .terrain
        .iter()
        .filter(|t| t.kind.blocks())
        .map(|t| t.hex())
        .collect();
    let room = map
        .hexes()
        .filter(|&h| !map.is_edge(h) && !blocked.contains(&h))
        .count();
    if room < ships {
        p.push(format!(
            "cols, rows: the map has {room} free non-edge hexes for {ships} ships (LF-07)"
        ));
    }
    p
}

/// The counter letter of the `k`-th ship of a fleet: A–Z, then a–z, then '#'.
fn letter(k: usize) -> char {
    match k {
        0..=25 => (b'A' + k as u8) as char,
        26..=51 => (b'a' + (k - 26) as u8) as char,
        _ => '#',
    }
}

/// Build the initial state: every problem of the scenario reported at once; units
/// created (each ship unplaced, then its squadrons aboard it, active); the placement
/// ranking rolled by the LF-06 procedure (modifier: LFO-04) and stored in `order`,
/// lowest first, each player's total in `initiative`; the roll is the set-up's event.
pub(crate) fn setup(s: &Scenario, seed: u64) -> Result<(LaunchFighters, Vec<Event>), SetupError> {
    let problems = validate_scenario(s);
    if !problems.is_empty() {
        return Err(SetupError::new(problems));
    }
    let mut units: Vec<Unit> = Vec::new();
    for (i, f) in s.fleets.iter().enumerate() {
        let owner = Seat(i as u8);
        for (j, d) in f.ships.iter().enumerate() {
            let ship_id = UnitId(units.len() as u16);
            units.push(Unit::new_ship(
                ship_id,
                owner,
                d,
                letter(j),
                Location::Unplaced,
                &s.options,
            ));
            // The first `fighter_warp` squadrons have warp drive (LF-19).
            for k in 0..d.squadrons {
                let id = UnitId(units.len() as u16);
                units.push(Unit::new_squadron(
                    id,
                    owner,
                    ship_id,
                    Location::Aboard(ship_id),
                    k < d.addons.fighter_warp,
                ));
            }
        }
    }
    let mut g = LaunchFighters {
        scenario_name: s.name.clone(),
        map: HexMap {
            cols: s.cols,
            rows: s.rows,
        },
        terrain: s.terrain.clone(),
        exit_area: s.exit_area.clone(),
        objectives: s.objectives.clone(),
        held_turns: vec![0; s.objectives.len()],
        options: s.options,
        turn_limit: s.turn_limit,
        players: s
            .fleets
            .iter()
            .map(|f| Player {
                fleet: f.name.clone(),
                initiative: 0,
            })
            .collect(),
        units,
        turn: 0,
        phase: Phase::Placement,
        order: Vec::new(),
        cursor: 0,
        pending: Vec::new(),
        activation: None,
        quiet_turns: 0,
        fired_this_turn: false,
        outcome: None,
        rng: Rng::seed_from(seed),
    };
    let mut ev = Vec::new();
    g.roll_placement(&mut ev);
    Ok((g, ev))
}

impl LaunchFighters {
    fn has_flagship(&self, seat: Seat) -> bool {
        self.flagship_hex(seat).is_some()
    }

    /// Where `seat`'s flagship stands, once placed.
    fn flagship_hex(&self, seat: Seat) -> Option<Hex> {
        self.on_map_of(seat)
            .find(|u| u.ship().is_some_and(|s| s.flagship))
            .and_then(|u| u.hex())
    }

    fn has_unplaced(&self, seat: Seat) -> bool {
        self.units
            .iter()
            .any(|u| u.owner == seat && u.location == Location::Unplaced)
    }

    /// Hexes with a unit in them.
    fn occupied(&self) -> HashSet<Hex> {
        self.units.iter().filter_map(|u| u.hex()).collect()
    }

    /// LF-07 (a) and LFO-05: free, not an edge hex, enterable.
    fn placeable(&self, h: Hex, occupied: &HashSet<Hex>) -> bool {
        self.enterable(h) && !self.map.is_edge(h) && !occupied.contains(&h)
    }

    /// Who places next: first, in ranking order (lowest first), each player without a
    /// flagship; then, in the same order, each player with ships left to place. None
    /// when every ship is on the map.
    pub(crate) fn placement_actor(&self) -> Option<Seat> {
        if self.phase != Phase::Placement {
            return None;
        }
        self.order
            .iter()
            .copied()
            .find(|&s| !self.has_flagship(s) && self.has_unplaced(s))
            .or_else(|| self.order.iter().copied().find(|&s| self.has_unplaced(s)))
    }

    /// The hexes `seat` may place his next ship on (LF-07 with LFO-05, LFO-06), and
    /// whether that ship becomes his flagship.
    pub(crate) fn placement_hexes(&self, seat: Seat) -> (Vec<Hex>, bool) {
        let occ = self.occupied();
        match self.flagship_hex(seat) {
            None => (self.flagship_hexes(&occ), true),
            Some(f) => (self.fleet_hexes(seat, f, &occ), false),
        }
    }

    /// Every free hex a ship may be placed on (the slow fallback scan).
    fn free_hexes(&self, occ: &HashSet<Hex>) -> Vec<Hex> {
        self.map
            .hexes()
            .filter(|&h| self.placeable(h, occ))
            .collect()
    }

    /// Flagship hexes. The first: the centre (LF-01) or, if it cannot be used, the
    /// nearest free hexes to it (LFO-06). The others, LF-07: (b) exactly 10 along a
    /// straight line from at least one placed flagship and (c) at distance ≥ 10 from
    /// every one; else without "straight line"; else the largest D < 10 with a hex
    /// exactly D from one flagship and ≥ D from all (LFO-06: else the smallest D > 10).
    fn flagship_hexes(&self, occ: &HashSet<Hex>) -> Vec<Hex> {
        let flags: Vec<Hex> = self
            .units
            .iter()
            .filter(|u| u.ship().is_some_and(|s| s.flagship))
            .filter_map(|u| u.hex())
            .collect();
        if flags.is_empty() {
            let c = centre(&self.map);
            if self.placeable(c, occ) {
                return vec![c];
            }
            return nearest(&self.free_hexes(occ), c);
        }
        let dmin = |h: Hex| flags.iter().map(|f| f.distance(h)).min().unwrap_or(0);
        let ok = |h: &Hex| self.placeable(*h, occ) && dmin(*h) == FLAGSHIP_DISTANCE;
        let mut tier1: Vec<Hex> = Vec::new();
        for f in &flags {
            for d in Dir::ALL {
                let h = f.steps(d, FLAGSHIP_DISTANCE as i32);
                if ok(&h) && !tier1.contains(&h) {
                    tier1.push(h);
                }
            }
        }
        if !tier1.is_empty() {
            return tier1;
        }
        let mut tier2: Vec<Hex> = Vec::new();
        for f in &flags {
            for h in f.ring(FLAGSHIP_DISTANCE) {
                if ok(&h) && !tier2.contains(&h) {
                    tier2.push(h);
                }
            }
        }
        if !tier2.is_empty() {
            return tier2;
        }
        // A hex exactly D from one flagship and ≥ D from all is a hex whose nearest
        // flagship is at distance D.
        let free = self.free_hexes(occ);
        let best = free
            .iter()
            .map(|&h| dmin(h))
            .filter(|&d| d < FLAGSHIP_DISTANCE)
            .max()
            .or_else(|| free.iter().map(|&h| dmin(h)).min());
        match best {
            Some(d) => free.into_iter().filter(|&h| dmin(h) == d).collect(),
            None => Vec::new(),
        }
    }

    /// Hexes for a fleet's other ships (LF-07): adjacent to the flagship; if none is
    /// free, adjacent to any of the player's placed ships; else the nearest free
    /// non-edge hexes to the flagship.
    fn fleet_hexes(&self, seat: Seat, flag: Hex, occ: &HashSet<Hex>) -> Vec<Hex> {
        let adj: Vec<Hex> = flag
            .neighbours()
            .into_iter()
            .filter(|&h| self.placeable(h, occ))
            .collect();
        if !adj.is_empty() {
            return adj;
        }
        let mut near_fleet: Vec<Hex> = Vec::new();
        for u in self.on_map_of(seat).filter(|u| u.is_ship()) {
            if let Some(h) = u.hex() {
                for n in h.neighbours() {
                    if self.placeable(n, occ) && !near_fleet.contains(&n) {
                        near_fleet.push(n);
                    }
                }
            }
        }
        if !near_fleet.is_empty() {
            return near_fleet;
        }
        nearest(&self.free_hexes(occ), flag)
    }

    /// Every Place action that might be legal: the player's unplaced ships × legal
    /// hexes × six facings ("Ships choose facings freely", LF-07).
    /// Every legal placement: the placer's unplaced ships × the hexes LF-07 allows ×
    /// six facings. Exact, like the movement list (the check adds only messages), so
    /// the legal list does not re-check each one (tested with the movement list).
    pub(crate) fn placement_candidates(&self, seat: Seat) -> Vec<Action> {
        if self.placement_actor() != Some(seat) {
            return Vec::new();
        }
        let (hexes, _) = self.placement_hexes(seat);
        let mut out = Vec::new();
        for u in self
            .units
            .iter()
            .filter(|u| u.owner == seat && u.is_ship() && u.location == Location::Unplaced)
        {
            for &h in &hexes {
                for d in Dir::ALL {
                    out.push(Action::Place {
                        ship: u.id,
                        at: h,
                        facing: d,
                    });
                }
            }
        }
        out
    }

    pub(crate) fn check_placement(&self, seat: Seat, a: &Action) -> Result<(), Refusal> {
        let Action::Place { ship, at, .. } = a else {
            return Err(Refusal::OnlyPlace);
        };
        if self.placement_actor() != Some(seat) {
            return Err(Refusal::NotYourPlacement);
        }
        let Some(u) = self.units.get(ship.index()) else {
            return Err(Refusal::NoUnitNumber(*ship));
        };
        if !u.is_ship() {
            return Err(Refusal::PlaceSquadron(*ship));
        }
        if u.owner != seat {
            return Err(Refusal::ShipBelongsTo {
                ship: *ship,
                owner: u.owner,
            });
        }
        if u.location != Location::Unplaced {
            return Err(Refusal::AlreadyPlaced(*ship));
        }
        if !sane(*at) {
            return Err(Refusal::NotAMapHex(*at));
        }
        let (hexes, flagship) = self.placement_hexes(seat);
        if !hexes.contains(at) {
            let why = if !self.map.contains(*at) {
                PlaceWhy::OffMap
            } else if self.map.is_edge(*at) {
                PlaceWhy::Edge
            } else if !self.enterable(*at) {
                PlaceWhy::MoonOrPlanetoid
            } else if !self.is_empty_hex(*at) {
                PlaceWhy::Occupied
            } else if flagship
                && self
                    .units
                    .iter()
                    .any(|u| u.ship().is_some_and(|s| s.flagship))
            {
                PlaceWhy::FlagshipDistance
            } else if flagship {
                PlaceWhy::FirstFlagship
            } else {
                PlaceWhy::NearFleet
            };
            return Err(Refusal::PlaceAt { at: *at, why });
        }
        Ok(())
    }

    pub(crate) fn exec_placement(&mut self, seat: Seat, a: &Action, ev: &mut Vec<Event>) {
        let Action::Place { ship, at, facing } = *a else {
            return;
        };
        let flagship = !self.has_flagship(seat);
        let Some(u) = self.units.get_mut(ship.index()) else {
            return;
        };
        u.location = Location::OnMap(at);
        if let Some(s) = u.ship_mut() {
            s.facing = facing;
            if flagship {
                s.flagship = true;
            }
        }
        ev.push(Event::Placed {
            unit: ship,
            at,
            facing,
        });
    }
}

/// Coordinates small enough for hex arithmetic (malformed actions may carry anything).
pub(crate) fn sane(h: Hex) -> bool {
    h.q.unsigned_abs() < 1 << 20 && h.r.unsigned_abs() < 1 << 20
}

/// The hexes of `free` nearest to `to`.
fn nearest(free: &[Hex], to: Hex) -> Vec<Hex> {
    let Some(d) = free.iter().map(|h| h.distance(to)).min() else {
        return Vec::new();
    };
    free.iter()
        .copied()
        .filter(|h| h.distance(to) == d)
        .collect()
}
