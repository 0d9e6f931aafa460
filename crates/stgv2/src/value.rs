//! The agents' view of a position: how many rounds each seat still needs to reach the
//! Spendys target (ST-18) at the income its ships, cells and outposts should bring
//! (ST-13), the menu a search considers and the opponent model its look-ahead plays.

use crate::action::{Action, Item};
use crate::state::{Phase, Ship, Step, Stgv2};
use orrery_core::{Game, Rng, SearchHints, Seat};
use orrery_nodes::{Node, Pos};
use std::ops::ControlFlow;

/// Expected Spendys of one Collect attempt (ST-13: 2D6 against the bank's 2D6, Die
/// Chart cards from a 30-card Revenue deck averaging 2,400: `orrery odds stgv2 action`).
pub const COLLECT_YIELD: f64 = 1_230.0;

/// What one round of the race is worth in the evaluation's units (Spendys): the
/// evaluation is `ROUND_VALUE ×` (the best other seat's rounds to the target − the
/// seat's own).
pub const ROUND_VALUE: f64 = 1_500.0;

/// Most rounds a seat is taken to need (a seat that earns nothing).
const MOST_ROUNDS: f64 = 40.0;

/// A ship's share of a full collector's income per round, as far as where it is and
/// what it carries go (before the ACTION cells cap the attempts).
fn rate_of(g: &Stgv2, seat: Seat, s: &Ship) -> f64 {
    let station = g.stations[seat.index()];
    let hull = s.assets.count() == 0;
    let at_station = s.pos.node.is_neighbour(station);
    let mut best: f64 = 0.0;
    for c in &g.clusters {
        let worth = match c.outpost {
            Some(o) if o == seat => 1.0,
            // ST-13: a Construct attempt claims about one time in four; the cluster then
            // pays every round.
            None => 0.45,
            Some(_) => continue,
        };
        let d = f64::from(s.pos.node.steps_to(c.node).saturating_sub(1));
        if d > 0.0 && s.assets.engine == 0 {
            continue;
        }
        // ST-14: revenue counts once carried to the station; a cluster with a corner
        // next to the station pays without a trip.
        let shared = c.node.steps_to(station) <= 2;
        let transit = if shared {
            if d == 0.0 && !at_station {
                0.9
            } else {
                1.0
            }
        } else {
            0.55
        };
        let r = worth * transit * 0.75f64.powf(d);
        best = best.max(r);
    }
    if hull {
        best * 0.8
    } else {
        best
    }
}

impl Stgv2 {
    /// Rounds `seat` still needs to hold the target ON station (ST-18), at its expected
    /// income: the attempts a round (ships able to collect, at most the ACTION cells
    /// it owns, ST-06/ST-13) times [`COLLECT_YIELD`].
    pub fn rounds_to_target(&self, seat: Seat) -> f64 {
        let p = self.player(seat);
        if p.out {
            return MOST_ROUNDS * 2.0;
        }
        let mut have = f64::from(p.on);
        let station = self.stations[seat.index()];
        let mut rates: Vec<f64> = Vec::new();
        for s in self.fleet(seat) {
            if s.off > 0 {
                let d = f64::from(s.pos.node.steps_to(station).saturating_sub(1));
                have += f64::from(s.off) * (0.97 - 0.03 * d).max(0.6);
            }
            rates.push(rate_of(self, seat, s));
        }
        rates.sort_by(|a, b| b.total_cmp(a));
        let slots = usize::from(self.rules.room.action.min(p.cells));
        let earning: f64 = rates.iter().take(slots).sum();
        // Attempts still open this turn are income in hand.
        if self.current == seat && matches!(self.step.phase(), Some(Phase::Combat | Phase::Action))
        {
            let mut cells = p.placed.action.saturating_sub(p.attempts);
            for s in self
                .fleet(seat)
                .filter(|s| !s.acted && s.assets.count() > 0)
            {
                if cells == 0 {
                    break;
                }
                let mut kind = 0.0f64;
                for (c, cl) in self.clusters.iter().enumerate() {
                    if self.attempt(seat, s.id, c as u8).is_ok() {
                        kind = kind.max(if cl.outpost.is_some() { 1.0 } else { 0.3 });
                    }
                }
                if kind > 0.0 {
                    have += kind * COLLECT_YIELD;
                    cells -= 1;
                }
            }
        }
        let need = (f64::from(self.rules.target) - have).max(0.0);
        if need == 0.0 {
            return 0.0;
        }
        let income = COLLECT_YIELD * earning;
        (need / income.max(1.0)).min(MOST_ROUNDS)
    }

    /// What `seat` has, in Spendys of race lead: minus its rounds to the target times
    /// [`ROUND_VALUE`], plus its fighting assets and outposts (a tie-break, ST-18).
    pub fn worth(&self, seat: Seat) -> f64 {
        let mut w = -ROUND_VALUE * self.rounds_to_target(seat);
        if self.player(seat).out {
            return w;
        }
        w += 100.0 * self.outposts(seat) as f64;
        for s in self.fleet(seat) {
            let a = &s.assets;
            w += 40.0 * f64::from(a.weapon) + 40.0 * f64::from(a.shield);
        }
        w += 20.0 * f64::from(self.player(seat).cells);
        w
    }

    /// `seat`'s ships with an asset next to a cluster they may work (ST-13).
    fn able_ships(&self, seat: Seat) -> usize {
        self.fleet(seat)
            .filter(|s| s.assets.count() > 0)
            .filter(|s| {
                self.clusters.iter().any(|c| {
                    (c.outpost.is_none() || c.outpost == Some(seat))
                        && s.pos.node.is_neighbour(c.node)
                })
            })
            .count()
    }

    /// Is ship `id` worth moving: not parked where it earns (next to a cluster it may
    /// work, and next to its station when that cluster has a corner there: ST-13,
    /// ST-14), carrying Spendys, or near an enemy ship it could attack (ST-10)?
    pub fn restless(&self, seat: Seat, id: crate::state::ShipId) -> bool {
        let s = self.ship(id);
        if s.off > 0 {
            return true;
        }
        let station = self.stations[seat.index()];
        let at_station = s.pos.node.is_neighbour(station);
        let parked = self.clusters.iter().any(|c| {
            (c.outpost.is_none() || c.outpost == Some(seat))
                && s.pos.node.is_neighbour(c.node)
                && (at_station || c.node.steps_to(station) > 2)
        });
        if !parked {
            return true;
        }
        s.assets.weapon > 0
            && self.ships.iter().any(|e| {
                e.alive
                    && e.seat != seat
                    && self.player(e.seat).bought_ship
                    && e.pos.node.steps_to(s.pos.node) <= 3
            })
    }

    /// The free position next to `seat`'s station nearest a cluster it may work
    /// (lowest level first), if a ship may be bought there (ST-15).
    fn ship_spot(&self, seat: Seat) -> Option<Pos> {
        let station = self.stations[seat.index()];
        let near = |n: Node| {
            self.clusters
                .iter()
                .filter(|c| c.outpost.is_none() || c.outpost == Some(seat))
                .map(|c| n.steps_to(c.node))
                .min()
                .unwrap_or(99)
        };
        let mut best: Option<(u32, Pos)> = None;
        for node in station.neighbours() {
            let d = near(node);
            if best.is_some_and(|(b, _)| b <= d) {
                continue;
            }
            for z in 0..self.field.levels {
                let at = Pos { node, z };
                if self.buy_ship_problem(seat, at).is_none() {
                    best = Some((d, at));
                    break;
                }
            }
        }
        best.map(|(_, at)| at)
    }
}

impl SearchHints for Stgv2 {
    /// What the seat's view shows, digested in place (`knowledge.rs` says what it
    /// reads and leaves out).
    fn knowledge_digest(&self, seat: Seat) -> u64 {
        crate::knowledge::knowledge_digest(self, seat)
    }

    /// `seat`'s lead in the race to the Spendys target (ST-18), in Spendys: the best
    /// other seat's rounds still needed (at the income the ships, cells and outposts
    /// bring) minus its own, times [`ROUND_VALUE`], plus a little for the ships'
    /// fighting assets.
    fn evaluate(&self, seat: Seat) -> f64 {
        let mine = self.worth(seat);
        let best = (0..self.players.len())
            .map(|i| Seat(i as u8))
            .filter(|&s| s != seat)
            .map(|s| self.worth(s))
            .fold(f64::NEG_INFINITY, f64::max);
        if best.is_finite() {
            mine - best
        } else {
            mine
        }
    }

    /// The search menu: every legal action, except that cell placements are cut to
    /// those placing as many cells as fit, a bought ship goes to the lowest free level
    /// of each corner, moves go to ships not parked where they earn, and of the card
    /// plays ending on the same position (stopped or not) only the first is kept.
    /// Never empty when the seat is to move.
    fn search_actions(&self, seat: Seat) -> Vec<Action> {
        if let Step::Moving {
            following: Some(_), ..
        } = &self.step
        {
            // Card plays that end on the same position, stopped or not, leave the
            // same game: one of each.
            let mut seen: Vec<(Pos, bool)> = Vec::new();
            let mut menu = Vec::new();
            let _ = self.each_current_play(None, |p| {
                let key = (p.end(), p.blocked);
                if !seen.contains(&key) {
                    seen.push(key);
                    menu.push(Action::Card {
                        dirs: p.dirs().to_vec(),
                    });
                }
                ControlFlow::<()>::Continue(())
            });
            return menu;
        }
        let legal = self.legal_actions(seat);
        match &self.step {
            Step::Cells => {
                let most = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Cells {
                            moves,
                            attack,
                            defend,
                            action,
                        } => Some(moves + attack + defend + action),
                        _ => None,
                    })
                    .max()
                    .unwrap_or(0);
                // An ACTION cell for every ship that can attempt where it stands.
                let least = self
                    .able_ships(seat)
                    .min(usize::from(self.rules.room.action))
                    .min(most as usize) as u8;
                // More MOVE sets (ST-08) only for a fleet with a ship to move.
                let restless = self
                    .fleet(seat)
                    .any(|s| s.assets.engine > 0 && self.restless(seat, s.id));
                legal
                    .into_iter()
                    .filter(|a| match a {
                        Action::Cells {
                            moves,
                            attack,
                            defend,
                            action,
                        } => {
                            moves + attack + defend + action == most
                                && *action >= least
                                && (*moves == 0 || restless)
                        }
                        _ => true,
                    })
                    .collect()
            }
            Step::Main { phase } => {
                // ST-13: an attempt costs nothing but the cell already placed; while
                // one is open the step's other answers are not considered.
                if *phase == Phase::Action {
                    let acts: Vec<Action> = legal
                        .iter()
                        .filter(|a| matches!(a, Action::Act { .. }))
                        .cloned()
                        .collect();
                    if !acts.is_empty() {
                        return acts;
                    }
                }
                let mut seen = Vec::new();
                legal
                    .into_iter()
                    .filter(|a| match a {
                        // ST-15: assets are considered for empty hulls only.
                        Action::Buy {
                            ship: Some(id),
                            item,
                        } => *item != Item::Engine && self.ship(*id).assets.count() == 0,
                        Action::BuyShip { at } => {
                            if seen.contains(&at.node) {
                                false
                            } else {
                                seen.push(at.node);
                                true
                            }
                        }
                        Action::Follow { ship, .. } => self.restless(seat, *ship),
                        _ => true,
                    })
                    .collect()
            }
            _ => legal,
        }
    }

    /// The look-ahead's opponent model: a plain collector. Cells go to ACTION for every
    /// ship that can attempt, the rest to DEFEND then ATTACK (ST-06); ships stay put (a
    /// set being followed plays its first card, an open set is ended); no attacks;
    /// every attempt is made (ST-13); at the station an empty hull gets a Weapon, and
    /// while fewer ships than ACTION cells can work a ship is bought next to the
    /// station, nearest a cluster (ST-15). Reads only the public board and the seat's
    /// own Play Board.
    fn playout_action(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        if self.mover() != Some(seat) || self.outcome.is_some() {
            return None;
        }
        let p = self.player(seat);
        match &self.step {
            Step::Cells => {
                let room = self.rules.room;
                let able = self.able_ships(seat);
                let mut left = p.cells;
                let action = room.action.min(left).min(able as u8);
                left -= action;
                let defend = room.defend.min(left);
                left -= defend;
                let attack = room.attack.min(left);
                let a = Action::Cells {
                    moves: 0,
                    attack,
                    defend,
                    action,
                };
                if self.allowed(seat, &a) {
                    return Some(a);
                }
            }
            Step::Moving {
                following: Some(_), ..
            } => {
                if let ControlFlow::Break(a) = self.each_current_play(None, |p| {
                    ControlFlow::Break(Action::Card {
                        dirs: p.dirs().to_vec(),
                    })
                }) {
                    return Some(a);
                }
            }
            Step::Moving {
                following: None, ..
            } => return Some(Action::EndSet),
            Step::Main { phase } => {
                match phase {
                    Phase::Combat => {}
                    Phase::Action => {
                        for s in self.fleet(seat) {
                            for c in 0..self.clusters.len() as u8 {
                                if self.attempt(seat, s.id, c).is_ok() {
                                    return Some(Action::Act {
                                        ship: s.id,
                                        cluster: c,
                                    });
                                }
                            }
                        }
                    }
                    Phase::Purchase => {
                        let prices = &self.rules.prices;
                        if p.on >= prices.weapon {
                            if let Some(s) = self
                                .fleet(seat)
                                .find(|s| s.assets.count() == 0 && self.at_own_station(s.id))
                            {
                                let a = Action::Buy {
                                    item: Item::Weapon,
                                    ship: Some(s.id),
                                };
                                if self.allowed(seat, &a) {
                                    return Some(a);
                                }
                            }
                        }
                        let workers = self.fleet(seat).count();
                        let slots = usize::from(self.rules.room.action.min(p.cells));
                        if workers < slots
                            && p.on >= prices.ship + prices.weapon
                            && p.on < self.rules.target
                        {
                            if let Some(at) = self.ship_spot(seat) {
                                return Some(Action::BuyShip { at });
                            }
                        }
                    }
                }
                return Some(Action::Next);
            }
            _ => {}
        }
        self.sample_answer(seat, rng)
    }

    /// Uniform over the legal actions, as the default draws it (the same action
    /// for the same generator), without listing them (`Stgv2::sample_answer`).
    fn sample_action(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        self.sample_answer(seat, rng)
    }
}
