//! Damage (seed "Obrażenia"; FB-15, FB-16): settling queued damage (Fragile, Shield
//! Booster), the upgrade that takes it, destruction, repairs, boarding markers.

use crate::catalogue::{Ability, Special, System};
use crate::event::Event;
use crate::rules::{emit, Log};
use crate::state::{Status, Warfleets};

impl Warfleets {
    /// Settle queued damage in order. Returns `false` when an upgrade must be chosen
    /// first ([`Warfleets::choosing`]).
    ///
    /// FB-15: "Order per batch: Fragile +1 (first damage to the model this round),
    /// then Shield Booster per point (5+ ignored)." "The owner picks the upgrade that
    /// takes a ship's next damage; an upgrade with damage must keep taking it until
    /// disabled (2 damage; Armored Plating 4); then the owner picks the next working
    /// one. Sniper: the shooter picks … (overflow: owner)." "Squadrons die at 2 damage."
    /// Stops (`false`, not choosing) when a repair waits ([`Warfleets::mends`]):
    /// Defiant's repair comes before the damage after it.
    pub(crate) fn settle_harms(&mut self, log: &mut Log) -> bool {
        while let Some(h) = self.harms.first().copied() {
            if !self.mends.is_empty() {
                self.choosing = false;
                return false;
            }
            let id = h.model;
            // A ship that flew off the table in the move that hurt it still takes the
            // damage (FB-08's overlap on its way out, FB-14's dangerous terrain).
            if !matches!(self.model(id).status, Status::OnTable | Status::Away) {
                self.harms.remove(0);
                self.choosing = false;
                continue;
            }
            if !h.settled {
                let mut points = h.points;
                if self.hull(id).has(Special::Fragile) && !self.model(id).hurt_this_round {
                    points += 1;
                }
                self.model_mut(id).hurt_this_round = true;
                if self.model(id).system_works(System::ShieldBooster) {
                    let rolls: Vec<u8> = (0..points).map(|_| self.rng.d6()).collect();
                    let ignored = rolls.iter().filter(|&&r| r >= 5).count() as u8;
                    emit(
                        log,
                        Event::Shielded {
                            model: id,
                            rolls,
                            ignored,
                        },
                    );
                    points -= ignored;
                }
                self.harms[0].points = points;
                self.harms[0].settled = true;
                if points == 0 {
                    self.harms.remove(0);
                    continue;
                }
            }
            if self.is_squadron(id) {
                let points = self.harms[0].points;
                self.harms.remove(0);
                let m = self.model_mut(id);
                m.damage = m.damage.saturating_add(points).min(2);
                emit(
                    log,
                    Event::Damage {
                        model: id,
                        upgrade: None,
                        disabled: false,
                    },
                );
                if self.model(id).damage >= 2 {
                    self.destroy(id, log);
                }
                continue;
            }
            // A ship: the upgrade chosen for this damage while it works; else a
            // Sniper's choice; else the partly damaged upgrade; else the owner's choice.
            let h = self.harms[0];
            let ups = &self.model(id).upgrades;
            let chosen =
                h.on.map(usize::from)
                    .filter(|&i| ups.get(i).is_some_and(|u| u.works()));
            let partly = ups.iter().position(|u| u.works() && u.damage > 0);
            let working: Vec<usize> = (0..ups.len()).filter(|&i| ups[i].works()).collect();
            let pick = match (chosen, h.chooser, partly, working.len()) {
                (Some(i), _, _, _) => i,
                (None, _, _, 0) => {
                    self.harms.remove(0);
                    self.destroy(id, log);
                    continue;
                }
                (None, _, _, 1) => working[0],
                (None, None, Some(i), _) => i,
                _ => {
                    self.choosing = true;
                    return false;
                }
            };
            self.damage_upgrade(id, pick, log);
        }
        self.choosing = false;
        self.mends.is_empty()
    }

    /// The upgrades that may take the next point now (for the choice).
    pub fn assignable(&self) -> Vec<u8> {
        let Some(h) = self.harms.first() else {
            return Vec::new();
        };
        let ups = &self.model(h.model).upgrades;
        (0..ups.len())
            .filter(|&i| ups[i].works())
            .map(|i| i as u8)
            .collect()
    }

    /// One point of the front harm on upgrade `i` (which then takes the rest of it
    /// while it works).
    pub(crate) fn damage_upgrade(&mut self, id: u8, i: usize, log: &mut Log) {
        self.harms[0].on = Some(i as u8);
        let u = &mut self.model_mut(id).upgrades[i];
        u.damage += 1;
        let disabled = !u.works();
        emit(
            log,
            Event::Damage {
                model: id,
                upgrade: Some(i as u8),
                disabled,
            },
        );
        let h = &mut self.harms[0];
        h.points -= 1;
        // Overflow goes to the owner (FB-15).
        if disabled {
            h.chooser = None;
        }
        if h.points == 0 {
            self.harms.remove(0);
        }
        if self.model(id).working_upgrades() == 0 {
            self.destroy(id, log);
        }
    }

    /// "when all of a ship's upgrades have stopped working, the ship is destroyed";
    /// then Defiant (FB-15: "2 damage when a friendly ship within 6" is destroyed").
    pub(crate) fn destroy(&mut self, id: u8, log: &mut Log) {
        emit(log, Event::Destroyed { model: id });
        let ship = !self.is_squadron(id);
        self.remove(id, Status::Destroyed, log);
        if ship {
            let seat = self.model(id).seat;
            let defiant: Vec<u8> = self
                .on_table()
                .filter(|m| {
                    m.seat == seat
                        && m.id != id
                        && m.is(Ability::Defiant)
                        && self.gap(m.id, id) <= 6.0
                })
                .map(|m| m.id)
                .collect();
            for d in defiant {
                self.repair(d, 2);
            }
        }
    }

    /// A model leaves play (destroyed, surrendered, off the table): it drops its
    /// markers at its centre (FB-17), loses boarding markers (FB-16) and the squadrons
    /// aboard it (FB-19); destroyed or surrendered, any damage still queued for it.
    pub(crate) fn remove(&mut self, id: u8, status: Status, log: &mut Log) {
        let at = self.model(id).pos;
        let count = self.model(id).markers;
        {
            let m = self.model_mut(id);
            m.status = status;
            m.markers = 0;
            m.boarding = 0;
        }
        if count > 0 {
            for _ in 0..count {
                self.markers.push(at);
            }
            emit(
                log,
                Event::MarkersDropped {
                    model: id,
                    at,
                    count,
                },
            );
        }
        for q in self.aboard(id) {
            self.model_mut(q).status = Status::Destroyed;
            emit(log, Event::Lost { model: q });
        }
        self.launching.retain(|&q| q != id);
        if status != Status::Away {
            if self.harms.first().is_some_and(|h| h.model == id) {
                self.choosing = false;
            }
            self.harms.retain(|h| h.model != id);
        }
    }

    /// FB-16: "At the start of the marked ship's activation roll one D6 per marker:
    /// 4+ removes it, otherwise 1 damage and it stays."
    pub(crate) fn boarding_rolls(&mut self, id: u8, log: &mut Log) {
        let n = self.model(id).boarding;
        if n == 0 {
            return;
        }
        let rolls: Vec<u8> = (0..n).map(|_| self.rng.d6()).collect();
        let removed = rolls.iter().filter(|&&r| r >= 4).count() as u8;
        let damage = n - removed;
        self.model_mut(id).boarding = damage;
        emit(
            log,
            Event::BoardingRoll {
                model: id,
                rolls,
                damage,
            },
        );
        self.hurt(id, damage, None);
    }
}
