//! The economy (ST-13…ST-15): Action attempts at asteroid clusters (outposts and
//! revenue), Spendys carried OFF station and deposited ON, and purchases at the
//! Space Station.

use crate::action::Item;
use crate::combat::die_chart;
use crate::event::Event;
use crate::refusal::Refusal;
use crate::state::{Assets, OutpostCard, Ship, ShipId, Stgv2};
use orrery_core::{Logged, Seat};
use orrery_nodes::Pos;

/// What an Action attempt at a cluster would be (ST-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// The cluster has no outpost: draw from the Outpost deck.
    Construct,
    /// The cluster holds the player's own outpost: draw from the Revenue deck.
    Collect,
}

impl Stgv2 {
    /// What ship `ship` of `seat` may attempt at cluster `cluster`, or why not
    /// (ST-13), ignoring whose step it is.
    pub fn attempt(
        &self,
        seat: Seat,
        ship: ShipId,
        cluster: u8,
    ) -> Result<Attempt, Refusal<'static>> {
        let Some(s) = self
            .ships
            .get(usize::from(ship))
            .filter(|s| s.alive && s.seat == seat)
        else {
            return Err(Refusal::NotYourShip { ship });
        };
        let Some(c) = self.clusters.get(usize::from(cluster)) else {
            return Err(Refusal::NoCluster { cluster });
        };
        if self.player(seat).attempts >= self.column(seat, crate::state::Column::Action) as u8 {
            return Err(Refusal::NoActionCell);
        }
        if s.acted {
            return Err(Refusal::AlreadyActed { ship });
        }
        if s.assets.count() == 0 {
            return Err(Refusal::NoAssets { ship });
        }
        if !s.pos.node.is_neighbour(c.node) {
            return Err(Refusal::NotAtCluster { ship, cluster });
        }
        match c.outpost {
            None => Ok(Attempt::Construct),
            Some(o) if o == seat => Ok(Attempt::Collect),
            Some(owner) => Err(Refusal::OutpostHeld { cluster, owner }),
        }
    }

    /// Make an Action attempt (ST-13): 2D6 against the bank's 2D6; a higher total
    /// draws Die Chart(difference) cards.
    pub(crate) fn act(&mut self, ship: ShipId, cluster: u8, log: &mut Vec<Logged<Event>>) {
        let seat = self.ship(ship).seat;
        let kind = self.attempt(seat, ship, cluster).expect("checked");
        self.player_mut(seat).attempts += 1;
        self.ship_mut(ship).acted = true;
        let player = [self.rng.d6(), self.rng.d6()];
        let bank = [self.rng.d6(), self.rng.d6()];
        let (p, b) = (
            u32::from(player[0] + player[1]),
            u32::from(bank[0] + bank[1]),
        );
        let cards = if p > b { die_chart(p - b) } else { 0 };
        log.push(Logged::public(Event::ActionRolled {
            ship,
            cluster,
            player,
            bank,
            cards,
        }));
        match kind {
            Attempt::Construct => {
                let drawn: Vec<OutpostCard> = (0..cards)
                    .filter_map(|_| self.outpost_deck.draw(&mut self.rng))
                    .collect();
                let claimed = drawn.contains(&OutpostCard::Claim);
                self.outpost_deck.discard(drawn);
                if claimed {
                    self.clusters[usize::from(cluster)].outpost = Some(seat);
                    log.push(Logged::public(Event::OutpostBuilt { seat, cluster }));
                } else {
                    log.push(Logged::public(Event::OutpostFailed { seat, cluster }));
                }
            }
            Attempt::Collect => {
                let drawn: Vec<u32> = (0..cards)
                    .filter_map(|_| self.revenue_deck.draw(&mut self.rng))
                    .collect();
                let total: u32 = drawn.iter().sum();
                self.revenue_deck.discard(drawn.clone());
                self.ship_mut(ship).off += total;
                log.push(Logged::public(Event::Revenue {
                    ship,
                    cards: drawn,
                    total,
                }));
            }
        }
    }

    /// ST-14: Spendys carried by `seat`'s ships adjacent to its station move ON.
    pub(crate) fn deposit(&mut self, seat: Seat, log: &mut Vec<Logged<Event>>) {
        let ids: Vec<ShipId> = self
            .fleet(seat)
            .filter(|s| s.off > 0)
            .map(|s| s.id)
            .collect();
        for id in ids {
            if self.at_own_station(id) {
                let spendys = std::mem::take(&mut self.ship_mut(id).off);
                self.player_mut(seat).on += spendys;
                log.push(Logged::public(Event::Deposited { ship: id, spendys }));
            }
        }
    }

    pub fn price(&self, item: Item) -> u32 {
        let p = &self.rules.prices;
        match item {
            Item::Cell => p.cell,
            Item::Engine => p.engine,
            Item::Weapon => p.weapon,
            Item::Shield => p.shield,
        }
    }

    /// Why `seat` may not buy `item` (for `ship`) now, ignoring whose step it is
    /// (ST-15).
    pub fn buy_problem(
        &self,
        seat: Seat,
        item: Item,
        ship: Option<ShipId>,
    ) -> Option<Refusal<'static>> {
        let price = self.price(item);
        if self.player(seat).on < price {
            return Some(Refusal::TooDear { seat, item });
        }
        match (item.asset(), ship) {
            (None, None) => {
                (self.player(seat).cells >= self.rules.max_cells).then_some(Refusal::MaxCells)
            }
            (None, Some(_)) => Some(Refusal::CellNotForShip),
            (Some(_), None) => Some(Refusal::NameShip { item }),
            (Some(_), Some(id)) => {
                match self
                    .ships
                    .get(usize::from(id))
                    .filter(|s| s.alive && s.seat == seat)
                {
                    None => Some(Refusal::NotYourShip { ship: id }),
                    Some(_) if !self.at_own_station(id) => Some(Refusal::NotAtStation { ship: id }),
                    Some(s) if s.assets.count() >= Assets::HOLES => {
                        Some(Refusal::NoFreeHole { ship: id })
                    }
                    Some(_) => None,
                }
            }
        }
    }

    /// Why `seat` may not buy a ship placed at `at` now (ST-15).
    pub fn buy_ship_problem(&self, seat: Seat, at: Pos) -> Option<Refusal<'static>> {
        let price = self.rules.prices.ship;
        if self.player(seat).on < price {
            return Some(Refusal::ShipTooDear { seat });
        }
        if self.ships.len() >= MAX_SHIPS {
            return Some(Refusal::MaxShips);
        }
        if !self.has_pos(at) || !at.node.is_neighbour(self.stations[seat.index()]) {
            return Some(Refusal::NotNearStation { at });
        }
        self.occupied(at).then_some(Refusal::Occupied { at })
    }

    pub(crate) fn buy(
        &mut self,
        seat: Seat,
        item: Item,
        ship: Option<ShipId>,
        log: &mut Vec<Logged<Event>>,
    ) {
        let price = self.price(item);
        self.player_mut(seat).on -= price;
        match (item.asset(), ship) {
            (Some(a), Some(id)) => *self.ship_mut(id).assets.slot(a) += 1,
            _ => self.player_mut(seat).cells += 1,
        }
        log.push(Logged::public(Event::Bought {
            seat,
            item,
            ship,
            price,
        }));
    }

    pub(crate) fn buy_ship(&mut self, seat: Seat, at: Pos, log: &mut Vec<Logged<Event>>) {
        let price = self.rules.prices.ship;
        let id = self.ships.len() as ShipId;
        self.player_mut(seat).on -= price;
        self.player_mut(seat).bought_ship = true;
        self.ships.push(Ship {
            id,
            seat,
            pos: at,
            assets: Assets::default(),
            off: 0,
            alive: true,
            attacked: false,
            acted: false,
        });
        log.push(Logged::public(Event::ShipBought {
            seat,
            ship: id,
            at,
            price,
        }));
    }
}

/// Most ships a game holds (bounds saved states; far above what Spendys buy).
pub const MAX_SHIPS: usize = 240;
