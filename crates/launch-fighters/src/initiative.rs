//! Initiative (seed "A) Initiative"; LF-06, LF-19 Sensors).
//!
//! > "Each turn begins with each player rolling two dice. If there are any modifiers
//! > (more on this later) add those modifiers to the roll. Ties are broken. Determine a
//! > "sequence" for this turn based on who rolled lowest on up to who rolled highest."
//!
//! The same ranking procedure orders the players for flagship placement (seed
//! "Placement on the Map": "each player rolls two dice, adds any modifiers … Break any
//! ties"; LF-06 "The same procedure ranks players for flagship placement").

use crate::event::Event;
use crate::state::{LaunchFighters, Location};
use orrery_core::{Rng, Seat};

/// The result of one ranking roll (LF-06).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ranking {
    /// Each seat's 2D6 + modifier, in seat order.
    pub rolls: Vec<(Seat, u8)>,
    /// Every roll-off die, in the order rolled.
    pub rolloffs: Vec<(Seat, u8)>,
    /// The sequence, lowest first.
    pub order: Vec<Seat>,
}

/// Rank players by 2D6 + `modifiers[seat]`, lowest first (LF-06).
///
/// Dice are drawn in a fixed order so games replay exactly: first two dice for each
/// seat in seat order; then, for each group of tied totals from the lowest total up,
/// one die per tied seat in seat order. "Tied players roll 1D6 each (no modifier),
/// higher places above, repeat among those still tied" (LF-06).
pub(crate) fn rank_players(rng: &mut Rng, modifiers: &[u8]) -> Ranking {
    let rolls: Vec<(Seat, u8)> = modifiers
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let a = rng.d6();
            let b = rng.d6();
            (Seat(i as u8), a.saturating_add(b).saturating_add(m))
        })
        .collect();
    let mut rolloffs = Vec::new();
    let order = order_by(rng, &rolls, &mut rolloffs);
    Ranking {
        rolls,
        rolloffs,
        order,
    }
}

/// Sort seats by value ascending; each tied group is broken by 1D6 roll-offs,
/// recursively among those still tied.
fn order_by(rng: &mut Rng, values: &[(Seat, u8)], rolloffs: &mut Vec<(Seat, u8)>) -> Vec<Seat> {
    let mut sorted: Vec<(Seat, u8)> = values.to_vec();
    // Stable sort keeps seat order inside a group (the order tied dice are rolled in).
    sorted.sort_by_key(|&(_, v)| v);
    let mut out = Vec::with_capacity(sorted.len());
    let mut i = 0;
    while i < sorted.len() {
        let v = sorted[i].1;
        let mut j = i;
        while j < sorted.len() && sorted[j].1 == v {
            j += 1;
        }
        let group: Vec<Seat> = sorted[i..j].iter().map(|&(s, _)| s).collect();
        if group.len() == 1 {
            out.push(group[0]);
        } else {
            let dice: Vec<(Seat, u8)> = group.iter().map(|&s| (s, rng.d6())).collect();
            rolloffs.extend(dice.iter().copied());
            out.extend(order_by(rng, &dice, rolloffs));
        }
        i = j;
    }
    out
}

impl LaunchFighters {
    /// The highest Sensors level among `seat`'s ships on the map (LF-19: "initiative
    /// bonus = highest Sensors level among the player's ships on the map"; seed "If
    /// the ship providing the +3 sensors bonus is destroyed the bonus is reduced").
    pub(crate) fn sensors_bonus(&self, seat: Seat) -> u8 {
        self.on_map_of(seat)
            .filter_map(|u| u.ship())
            .map(|s| s.design.addons.sensors)
            .max()
            .unwrap_or(0)
    }

    /// The highest Sensors level among all of `seat`'s ships that are still in the
    /// battle (on the map or not yet placed) — the placement modifier (see
    /// [`crate::placement`], project ruling LFO-04).
    pub(crate) fn fleet_sensors(&self, seat: Seat) -> u8 {
        self.units
            .iter()
            .filter(|u| {
                u.owner == seat && matches!(u.location, Location::OnMap(_) | Location::Unplaced)
            })
            .filter_map(|u| u.ship())
            .map(|s| s.design.addons.sensors)
            .max()
            .unwrap_or(0)
    }

    /// Roll 2D6 + sensors for every player, break ties by roll-offs, set `order`
    /// (lowest first), record each player's total and emit [`Event::Initiative`].
    ///
    /// > "Example: Andy, Eli and Aaron roll 8, 3 and 3 respectively. Eli and Aaron roll
    /// > off and Eli wins. … The order this turn from lowest to highest is: Aaron, Eli
    /// > then Andy."
    pub(crate) fn roll_initiative(&mut self, ev: &mut Vec<Event>) {
        let mods: Vec<u8> = (0..self.players.len())
            .map(|i| self.sensors_bonus(Seat(i as u8)))
            .collect();
        self.rank(&mods, ev);
    }

    /// The placement roll (LF-06, modifier LFO-04: the fleet's best Sensors, placed
    /// or not), ranked like initiative.
    pub(crate) fn roll_placement(&mut self, ev: &mut Vec<Event>) {
        let mods: Vec<u8> = (0..self.players.len())
            .map(|i| self.fleet_sensors(Seat(i as u8)))
            .collect();
        self.rank(&mods, ev);
    }

    fn rank(&mut self, mods: &[u8], ev: &mut Vec<Event>) {
        let r = rank_players(&mut self.rng, mods);
        for &(seat, total) in &r.rolls {
            if let Some(p) = self.players.get_mut(seat.index()) {
                p.initiative = total;
            }
        }
        self.order = r.order.clone();
        ev.push(Event::Initiative {
            rolls: r.rolls,
            rolloffs: r.rolloffs,
            order: r.order,
        });
    }
}
