//! Damage primitives shared by attacks, asteroids and pushes: stat reduction with
//! bay-hit rolls, ship destruction, squadron flip / return to base / elimination.
//!
//! > "The reduction is applied immediately on the target's record sheet. … A stat
//! > cannot be reduced below zero." — "If all of its stats reach zero, a ship is
//! > destroyed and removed from the board immediately."

use crate::event::Event;
use crate::state::{Decision, LaunchFighters, Location, Pending};
use crate::types::{Stat, TerrainKind, UnitId};
use orrery_core::Seat;

/// Most squadrons a ship's record sheet holds (LF-14).
pub const MAX_ABOARD: usize = 10;

impl LaunchFighters {
    /// What a hit may reduce (LF-13): the five stats, and the holds when the optional
    /// rule "Holds may be hit in combat and reduced like a stat" is on (LF-19).
    pub fn hittable(&self) -> &'static [Stat] {
        if self.options.holds_can_be_hit {
            &Stat::WITH_HOLDS
        } else {
            &Stat::ALL
        }
    }

    /// One die that succeeds on "a 4, 5 or 6" — the seed's test for asteroid hits,
    /// bay hits, repairs and intercepts. Returns the face and the success.
    pub(crate) fn roll_four_up(&mut self) -> (u8, bool) {
        let roll = self.rng.d6();
        (roll, roll >= 4)
    }

    /// Reduce one stat (or, where holds can be hit, a hold) of a ship by one level
    /// (never below 0). A lost Bays level with squadrons aboard rolls 1D6: 4–6 destroys
    /// one of them (LF-15). A ship whose five stats are all 0 is destroyed, credited to
    /// `credited`: holds left do not keep it in play ("If all of its stats reach zero").
    pub fn reduce_stat(
        &mut self,
        ship: UnitId,
        stat: Stat,
        credited: Option<Seat>,
        ev: &mut Vec<Event>,
    ) {
        let Some(s) = self.unit_mut(ship).ship_mut() else {
            return;
        };
        let level = s.level_mut(stat);
        if *level == 0 {
            return;
        }
        *level -= 1;
        let to = *level;
        let all_zero = s.stats.all_zero();
        ev.push(Event::StatReduced { ship, stat, to });
        if stat == Stat::Bays && self.aboard(ship).next().is_some() {
            let (roll, destroys) = self.roll_four_up();
            ev.push(Event::BayHitRoll {
                ship,
                roll,
                destroys,
            });
            if destroys {
                let aboard: Vec<UnitId> = self.aboard(ship).map(|u| u.id).collect();
                if aboard.len() == 1 {
                    // LFO-16: one squadron aboard, no question.
                    self.eliminate_squadron(aboard[0], credited, ev);
                } else {
                    let owner = self.unit(ship).owner;
                    self.pending.push(Pending {
                        seat: owner,
                        decision: Decision::BayLoss { ship, credited },
                    });
                }
            }
        }
        if all_zero {
            self.destroy_ship(ship, credited, ev);
        }
    }

    /// Remove a ship from the game; the squadrons aboard are lost with it (LF-15).
    pub fn destroy_ship(&mut self, ship: UnitId, by: Option<Seat>, ev: &mut Vec<Event>) {
        if matches!(self.unit(ship).location, Location::Eliminated) {
            return;
        }
        let aboard: Vec<UnitId> = self.aboard(ship).map(|u| u.id).collect();
        for sq in aboard {
            let u = self.unit_mut(sq);
            u.location = Location::Eliminated;
            u.eliminated_by = by;
            if let Some(s) = u.squadron_mut() {
                s.lost_with_host = Some(ship);
            }
            ev.push(Event::SquadronEliminated { squadron: sq, by });
        }
        let u = self.unit_mut(ship);
        u.location = Location::Eliminated;
        u.eliminated_by = by;
        ev.push(Event::ShipDestroyed { ship, by });
        // Decisions about a ship that no longer exists are void.
        self.pending.retain(|p| match &p.decision {
            Decision::ReduceStats { ship: s, .. } | Decision::BayLoss { ship: s, .. } => *s != ship,
            _ => true,
        });
    }

    /// Eliminate a squadron (on the map or aboard).
    pub fn eliminate_squadron(&mut self, sq: UnitId, by: Option<Seat>, ev: &mut Vec<Event>) {
        let u = self.unit_mut(sq);
        if matches!(u.location, Location::Eliminated | Location::Retreated) {
            return;
        }
        u.location = Location::Eliminated;
        u.eliminated_by = by;
        ev.push(Event::SquadronEliminated { squadron: sq, by });
    }

    /// Flip a squadron upside down (inactive).
    pub fn flip_squadron(&mut self, sq: UnitId, ev: &mut Vec<Event>) {
        if let Some(s) = self.unit_mut(sq).squadron_mut() {
            s.active = false;
        }
        ev.push(Event::SquadronFlipped { squadron: sq });
    }

    /// Ships a squadron may return to base on (LF-14): friendly ships on the map
    /// within 5 spaces with a bay free this turn and room on the record sheet.
    pub fn return_hosts(&self, sq: UnitId) -> Vec<UnitId> {
        let u = self.unit(sq);
        let Some(at) = u.hex() else {
            return Vec::new();
        };
        self.on_map_of(u.owner)
            .filter_map(|h| {
                let s = h.ship()?;
                let hh = h.hex()?;
                (hh.distance(at) <= 5
                    && s.recovered_this_turn < s.stats.bays
                    && self.aboard(h.id).count() < MAX_ABOARD)
                    .then_some(h.id)
            })
            .collect()
    }

    /// Force a squadron to return to base: it lands on the only host, its owner picks
    /// among several, and with none it is eliminated, credited to `credited` (a
    /// question with one answer is not asked: LFO-16).
    pub fn force_return_to_base(
        &mut self,
        sq: UnitId,
        credited: Option<Seat>,
        ev: &mut Vec<Event>,
    ) {
        let hosts = self.return_hosts(sq);
        match hosts.as_slice() {
            [] => self.eliminate_squadron(sq, credited, ev),
            [only] => self.land(sq, *only, ev),
            _ => {
                let owner = self.unit(sq).owner;
                self.pending.push(Pending {
                    seat: owner,
                    decision: Decision::ReturnToBase {
                        squadron: sq,
                        credited,
                    },
                });
            }
        }
    }

    /// Land a squadron on a host: aboard, upside down, one recovery used.
    pub fn land(&mut self, sq: UnitId, host: UnitId, ev: &mut Vec<Event>) {
        let u = self.unit_mut(sq);
        u.location = Location::Aboard(host);
        if let Some(s) = u.squadron_mut() {
            s.active = false;
        }
        if let Some(s) = self.unit_mut(host).ship_mut() {
            s.recovered_this_turn += 1;
        }
        ev.push(Event::ReturnedToBase { squadron: sq, host });
    }

    /// A squadron hit by an asteroid: flipped, or eliminated if already inactive
    /// (LF-09); terrain earns nobody points (LF-17).
    pub(crate) fn asteroid_hits_squadron(&mut self, sq: UnitId, ev: &mut Vec<Event>) {
        let active = self
            .units
            .get(sq.index())
            .and_then(|u| u.squadron())
            .is_some_and(|s| s.active);
        if active {
            self.flip_squadron(sq, ev);
        } else {
            self.eliminate_squadron(sq, None, ev);
        }
    }

    /// A squadron entered its current hex by launch, push or advance: in an asteroid hex it
    /// rolls 1D6, 4+ is a hit — flipped, or eliminated if already inactive (LF-09:
    /// "Entering an asteroid hex (moving, being pushed, being launched) rolls 1D6").
    /// The hex was empty, so the squadron may stay.
    pub(crate) fn squadron_enters(&mut self, sq: UnitId, ev: &mut Vec<Event>) {
        let Some(h) = self
            .units
            .get(sq.index())
            .filter(|u| !u.is_ship())
            .and_then(|u| u.hex())
        else {
            return;
        };
        if self.terrain_at(h) != Some(TerrainKind::Asteroid) {
            return;
        }
        let (roll, hit) = self.roll_four_up();
        ev.push(Event::AsteroidRoll {
            unit: sq,
            roll,
            hit,
        });
        if hit {
            self.asteroid_hits_squadron(sq, ev);
        }
    }
}
