//! Combat (seed "Combat", "Resolving Damage", "Destroying a ship"; ST-10…ST-12,
//! ST-17): opposed pools rolled once per cell and the best total kept, the Die
//! Chart, return fire, damage by asset weight, destruction and elimination.

use crate::event::Event;
use crate::refusal::Refusal;
use crate::state::{Asset, Battle, Column, Pending, ShipId, Stgv2, Volley};
use orrery_core::{Logged, Rng, Seat};

/// The Die Chart (seed): difference 1–4 → 1, 5–9 → 2, 10–13 → 3, 14–19 → 4,
/// > 19 → 5; 0 → 0.
pub fn die_chart(difference: u32) -> u32 {
    match difference {
        0 => 0,
        1..=4 => 1,
        5..=9 => 2,
        10..=13 => 3,
        14..=19 => 4,
        _ => 5,
    }
}

/// Roll `dice` d6 `times` times (ST-11: once per cell in the column): every total.
pub fn roll_pool(rng: &mut Rng, dice: u32, times: u32) -> Vec<u32> {
    (0..times)
        .map(|_| (0..dice).map(|_| u32::from(rng.d6())).sum())
        .collect()
}

/// Hits of one volley: the Die Chart of the best attack total over the best
/// defence total; a tie or less is 0 (ST-11).
pub fn volley_hits(attack_totals: &[u32], defense_totals: &[u32]) -> u32 {
    let a = attack_totals.iter().copied().max().unwrap_or(0);
    let d = defense_totals.iter().copied().max().unwrap_or(0);
    die_chart(a.saturating_sub(d))
}

/// The dice and rolls of one volley, before rolling.
#[derive(Clone, Debug, PartialEq)]
pub struct Pools {
    pub by: Vec<ShipId>,
    pub against: Vec<ShipId>,
    pub attack_dice: u32,
    pub defense_dice: u32,
    pub attack_rolls: u32,
    pub defense_rolls: u32,
}

impl Stgv2 {
    /// A side's group (ST-11): the principal plus, if the principal is adjacent to
    /// its owner's station, every other ship of that owner adjacent to it ("any
    /// additional ships of the player's, that are also adjacent to the Space Station,
    /// will be included in the combat").
    pub fn group(&self, principal: ShipId) -> Vec<ShipId> {
        let mut g = vec![principal];
        if self.at_own_station(principal) {
            let seat = self.ship(principal).seat;
            g.extend(
                self.fleet(seat)
                    .filter(|s| s.id != principal && self.at_own_station(s.id))
                    .map(|s| s.id),
            );
        }
        g
    }

    /// Σ of `asset` over a group, doubled for ships adjacent to their own station
    /// (seed "The Space Station": "Weapons and Shields are doubled").
    pub fn group_dice(&self, group: &[ShipId], asset: Asset) -> u32 {
        group
            .iter()
            .map(|&id| {
                let n = u32::from(self.ship(id).assets.get(asset));
                if self.at_own_station(id) {
                    2 * n
                } else {
                    n
                }
            })
            .sum()
    }

    /// Why `seat`'s ship `ship` may not be the principal attacker of `target` now,
    /// ignoring whose step it is (ST-10, ST-11).
    pub fn attack_problem(
        &self,
        seat: Seat,
        ship: ShipId,
        target: ShipId,
    ) -> Option<Refusal<'static>> {
        let n = self.ships.len();
        if usize::from(ship) >= n || usize::from(target) >= n {
            return Some(Refusal::NoShip {
                ship: ship.max(target),
            });
        }
        let (x, y) = (self.ship(ship), self.ship(target));
        if !x.alive || x.seat != seat {
            return Some(Refusal::NotYourShip { ship });
        }
        if !y.alive || y.seat == seat {
            return Some(Refusal::NotEnemy { target });
        }
        if x.assets.weapon == 0 {
            return Some(Refusal::NoWeapon { ship });
        }
        if x.attacked {
            return Some(Refusal::AlreadyAttacked { ship });
        }
        if !self.player(y.seat).bought_ship {
            return Some(Refusal::NotBoughtShip { seat: y.seat });
        }
        if !self.adjacent(x.pos, y.pos) {
            return Some(Refusal::NotAdjacent { ship, target });
        }
        None
    }

    /// The attack's and the return fire's pools (ST-11).
    pub fn battle_pools(&self, ship: ShipId, target: ShipId) -> (Pools, Pools) {
        let (gx, gy) = (self.group(ship), self.group(target));
        let (sx, sy) = (self.ship(ship).seat, self.ship(target).seat);
        let attack = Pools {
            attack_dice: self.group_dice(&gx, Asset::Weapon),
            defense_dice: self.group_dice(&gy, Asset::Shield),
            attack_rolls: self.column(sx, Column::Attack),
            defense_rolls: self.column(sy, Column::Defend),
            by: gx.clone(),
            against: gy.clone(),
        };
        let back = Pools {
            attack_dice: self.group_dice(&gy, Asset::Weapon),
            defense_dice: self.group_dice(&gx, Asset::Shield),
            attack_rolls: self.column(sy, Column::Attack),
            defense_rolls: self.column(sx, Column::Defend),
            by: gy,
            against: gx,
        };
        (attack, back)
    }

    /// Fight a battle (ST-11): the attack, the return fire if the target's side has
    /// attack dice, then the hits queued for damage (ST-12).
    pub(crate) fn fight(
        &mut self,
        ship: ShipId,
        target: ShipId,
        log: &mut Vec<Logged<Event>>,
    ) -> Vec<Pending> {
        self.ship_mut(ship).attacked = true;
        let (attack, back) = self.battle_pools(ship, target);
        let mut volleys = vec![self.volley(&attack)];
        if back.attack_dice > 0 {
            volleys.push(self.volley(&back));
        }
        let mut damage = Vec::new();
        if volleys[0].hits > 0 {
            damage.push(Pending {
                ship: target,
                hits: volleys[0].hits,
            });
        }
        if let Some(v) = volleys.get(1).filter(|v| v.hits > 0) {
            damage.push(Pending { ship, hits: v.hits });
        }
        log.push(Logged::public(Event::Battle {
            attacker: ship,
            target,
            volleys: volleys.clone(),
        }));
        self.last_battle = Some(Battle {
            attacker: ship,
            target,
            volleys,
        });
        damage
    }

    fn volley(&mut self, p: &Pools) -> Volley {
        let attack_totals = roll_pool(&mut self.rng, p.attack_dice, p.attack_rolls);
        let defense_totals = roll_pool(&mut self.rng, p.defense_dice, p.defense_rolls);
        Volley {
            by: p.by.clone(),
            against: p.against.clone(),
            attack_dice: p.attack_dice,
            defense_dice: p.defense_dice,
            hits: volley_hits(&attack_totals, &defense_totals),
            attack_totals,
            defense_totals,
        }
    }

    /// Asset types the owner may remove with `hits` left (ST-12): present, and of a
    /// weight no greater than the hits left.
    pub fn removable(&self, ship: ShipId, hits: u32) -> Vec<Asset> {
        Asset::ALL
            .iter()
            .copied()
            .filter(|&k| self.can_remove(ship, k, hits))
            .collect()
    }

    /// May the owner remove `asset` from `ship` with `hits` left (ST-12)?
    pub(crate) fn can_remove(&self, ship: ShipId, asset: Asset, hits: u32) -> bool {
        self.ship(ship).assets.get(asset) > 0 && asset.weight() <= hits
    }

    /// Work through queued damage until a choice is needed (ST-12): a ship with as
    /// many hits as assets is destroyed; otherwise assets go one at a time, by the
    /// owner's choice when more than one type fits, until none fits. Returns the
    /// queue left (its head waits for its owner). Every pass drops the head or
    /// lowers its hits by an asset's weight (at least 1), so the loop ends.
    pub(crate) fn settle_damage(
        &mut self,
        mut queue: Vec<Pending>,
        log: &mut Vec<Logged<Event>>,
    ) -> Vec<Pending> {
        while let Some(&Pending { ship, hits }) = queue.first() {
            if !self.ship(ship).alive || hits == 0 {
                queue.remove(0);
                continue;
            }
            if hits >= self.ship(ship).assets.count() {
                self.destroy(ship, log);
                queue.remove(0);
                continue;
            }
            let kinds = self.removable(ship, hits);
            match kinds.len() {
                0 => {
                    queue.remove(0);
                }
                1 => {
                    queue[0].hits = self.remove_asset(ship, kinds[0], hits, log);
                }
                _ => return queue,
            }
        }
        queue
    }

    /// Remove one `asset` from `ship`: the hits left.
    pub(crate) fn remove_asset(
        &mut self,
        ship: ShipId,
        asset: Asset,
        hits: u32,
        log: &mut Vec<Logged<Event>>,
    ) -> u32 {
        *self.ship_mut(ship).assets.slot(asset) -= 1;
        log.push(Logged::public(Event::Lost { ship, asset }));
        hits - asset.weight()
    }

    /// Remove a destroyed ship (seed "Destroying a ship"): its assets go back, the
    /// Spendys it carried are lost (ST-14); a player's last ship takes his station
    /// and outposts with it (ST-17).
    fn destroy(&mut self, ship: ShipId, log: &mut Vec<Logged<Event>>) {
        let s = self.ship_mut(ship);
        s.alive = false;
        let lost = std::mem::take(&mut s.off);
        let seat = s.seat;
        log.push(Logged::public(Event::Destroyed {
            ship,
            spendys_lost: lost,
        }));
        if self.fleet(seat).next().is_none() {
            self.player_mut(seat).out = true;
            for c in &mut self.clusters {
                if c.outpost == Some(seat) {
                    c.outpost = None;
                }
            }
            log.push(Logged::public(Event::Eliminated { seat }));
        }
    }
}
