//! Building positions for tests: put ships and squadrons exactly where a worked
//! example has them, skipping placement. Used by unit and integration tests.

use crate::state::*;
use crate::types::*;
use orrery_core::{Rng, Seat};
use orrery_hex::{Dir, Hex, HexMap};

/// A shipped scenario by name.
pub fn scenario(name: &str) -> Scenario {
    orrery_core::conformance::scenario::<LaunchFighters>(name)
}

/// A position under construction.
pub struct Sandbox {
    g: LaunchFighters,
}

/// A plain design for tests: the given stats, no add-ons.
pub fn design(name: &str, cannons: u8, launchers: u8, bays: u8, defense: u8, mv: u8) -> ShipDesign {
    ShipDesign {
        name: name.into(),
        kind: String::new(),
        stats: Stats {
            cannons,
            launchers,
            bays,
            defense,
            mv,
        },
        missiles: 0,
        squadrons: 0,
        addons: AddOns::default(),
    }
}

impl Sandbox {
    /// An empty 27×24 map with `players` players, turn 1, movement step 0, initiative
    /// order 0, 1, … (lowest first).
    pub fn new(players: u8) -> Self {
        Sandbox {
            g: LaunchFighters {
                scenario_name: "sandbox".into(),
                map: HexMap { cols: 27, rows: 24 },
                terrain: Vec::new(),
                exit_area: Vec::new(),
                objectives: Vec::new(),
                held_turns: Vec::new(),
                options: Options::default(),
                turn_limit: 30,
                players: (0..players)
                    .map(|i| Player {
                        fleet: format!("Fleet {i}"),
                        initiative: 0,
                    })
                    .collect(),
                units: Vec::new(),
                turn: 1,
                phase: Phase::Movement { step: 0 },
                order: (0..players).map(Seat).collect(),
                cursor: 0,
                pending: Vec::new(),
                activation: None,
                quiet_turns: 0,
                fired_this_turn: false,
                outcome: None,
                rng: Rng::seed_from(1),
            },
        }
    }

    /// Add a ship at map position (col, row) facing `facing`; returns its id.
    pub fn ship(&mut self, owner: u8, d: ShipDesign, col: i32, row: i32, facing: Dir) -> UnitId {
        let id = UnitId(self.g.units.len() as u16);
        let letter = (b'A'
            + self
                .g
                .units
                .iter()
                .filter(|u| u.owner == Seat(owner) && u.is_ship())
                .count() as u8) as char;
        let mut u = Unit::new_ship(
            id,
            Seat(owner),
            &d,
            letter,
            Location::OnMap(Hex::from_offset(col, row)),
            &self.g.options,
        );
        if let Some(s) = u.ship_mut() {
            s.facing = facing;
        }
        self.g.units.push(u);
        id
    }

    /// Add an active squadron on the map at (col, row), belonging to `host`.
    pub fn squadron(&mut self, owner: u8, host: UnitId, col: i32, row: i32) -> UnitId {
        self.add_squadron(owner, host, Location::OnMap(Hex::from_offset(col, row)))
    }

    /// Add an active squadron aboard `host`.
    pub fn aboard(&mut self, owner: u8, host: UnitId) -> UnitId {
        self.add_squadron(owner, host, Location::Aboard(host))
    }

    /// As at set-up, the host's first `fighter_warp` squadrons have warp drive (LF-19).
    fn add_squadron(&mut self, owner: u8, host: UnitId, location: Location) -> UnitId {
        let id = UnitId(self.g.units.len() as u16);
        let before = self
            .g
            .units
            .iter()
            .filter(|u| u.squadron().is_some_and(|s| s.original_host == host))
            .count();
        let warp = self
            .g
            .units
            .get(host.index())
            .and_then(|u| u.ship())
            .is_some_and(|s| before < usize::from(s.design.addons.fighter_warp));
        self.g
            .units
            .push(Unit::new_squadron(id, Seat(owner), host, location, warp));
        id
    }

    /// Add a terrain counter.
    pub fn terrain(&mut self, kind: TerrainKind, col: i32, row: i32) -> &mut Self {
        self.g.terrain.push(Terrain { kind, col, row });
        self
    }

    /// The attack phase at Step Chart `step`, seats activating in `order` (LF-08), for
    /// tests outside the crate that cannot reach the state's fields.
    pub fn attack_step(&mut self, step: u8, order: Vec<Seat>) -> &mut Self {
        self.g.phase = crate::state::Phase::Attack { step };
        self.g.order = order;
        self
    }

    /// Direct access for anything else (phase, order, missiles…).
    pub fn state(&mut self) -> &mut LaunchFighters {
        &mut self.g
    }

    /// Finish: the game as built. Call `force` on its rng to script dice.
    pub fn build(self) -> LaunchFighters {
        self.g
    }
}
