//! End of the battle and the victory point tally (seed "Victory"; LF-17).
//!
//! > "The game continues until one of these conditions is met at the start of a turn:
//! > • There is only one fleet left on the map that contains a unit capable of moving
//! >   or rolling a barrage. • No fleets are in range of one another and a stalemate is
//! >   evident. • Players mutually agree the game is over. • Special conditions for the
//! >   scenario are met."
//!
//! > "Each player scores victory points equal to point value of enemy units eliminated
//! > by his fleet. Fighters and ships count separately. Eliminated fighters are worth 5
//! > points. An eliminated ship is worth its original point value minus the value of
//! > any original surviving fighters. • The player who rolled the final barrage gets
//! > credit for an eliminated unit. Determine which units remaining are capable of
//! > both: a) moving and b) rolling a barrage or recovering fighters. • Each player
//! > scores victory points equal to the value of any of his capable units remaining on
//! > the map. • Each player scores ½ victory points for any of his incapable units that
//! > remain on the map. • Each player scores ½ victory points for any of his ships that
//! > retreated before the end of the game."
//!
//! Interpretations (LF-17 and project rulings, provisional numbers):
//! - A ship "can roll a barrage" with Cannons ≥ 1, or Launchers ≥ 1 and a missile
//!   left; it "can recover fighters" with Bays ≥ 1; it "can move" with Move ≥ 1.
//! - **LFO-09 Squadrons are always capable.** A squadron on the map scores its full 5:
//!   its Move 5 and Guns 1 never change, and being upside down lasts only until the
//!   recovery phase (the game ends at the start of a turn, when all are right side
//!   up). *Reason:* the rules give fighters fixed stats.
//! - For condition (a), "a unit capable of moving or rolling a barrage" is a ship with
//!   Move ≥ 1, Cannons ≥ 1, Launchers ≥ 1 with missiles, or Bays ≥ 1 with an active
//!   squadron aboard (it can launch fighters that roll), or any squadron on the map.
//! - Kills of one's own units (a ship pushing its own squadron off with nowhere to
//!   return) score nobody: the seed pays for "enemy units".
//! - Ships not yet placed (only during placement) score as if on the map.

use crate::event::Event;
use crate::state::{LaunchFighters, Location, Phase, Ship, Unit, UnitKind};
use crate::types::UnitId;
use orrery_core::{Outcome, Seat};

/// Victory points of one squadron (seed: "Eliminated fighters are worth 5 points").
const SQUADRON_POINTS: u32 = 5;

/// Can the ship move and (roll a barrage or recover fighters)? (LF-17 "capable".)
fn ship_capable(s: &Ship) -> bool {
    let st = &s.stats;
    st.mv >= 1 && (st.cannons >= 1 || (st.launchers >= 1 && s.missiles >= 1) || st.bays >= 1)
}

/// A ship's value for its owner: "Ship value on the map = cost − 5 × its original
/// squadrons" (LF-17); the squadrons are counted on their own.
fn ship_value(s: &Ship) -> u32 {
    s.cost
        .saturating_sub(SQUADRON_POINTS * u32::from(s.design.squadrons))
}

/// Half points a player's own unit scores while it remains (LF-17): on the map full
/// (capable) or ½; retreated ships ½; retreated squadrons 0; squadrons aboard a ship
/// with their host's status.
fn own_half_points(g: &LaunchFighters, u: &Unit) -> u32 {
    match &u.kind {
        UnitKind::Ship(s) => {
            let v = ship_value(s);
            match u.location {
                Location::OnMap(_) | Location::Unplaced => {
                    if ship_capable(s) {
                        2 * v
                    } else {
                        v
                    }
                }
                Location::Retreated => v,
                _ => 0,
            }
        }
        UnitKind::Squadron(_) => match u.location {
            Location::OnMap(_) => 2 * SQUADRON_POINTS,
            Location::Aboard(host) => match g.units.get(host.index()) {
                Some(h) => match (&h.kind, h.location) {
                    (UnitKind::Ship(hs), Location::OnMap(_) | Location::Unplaced) => {
                        if ship_capable(hs) {
                            2 * SQUADRON_POINTS
                        } else {
                            SQUADRON_POINTS
                        }
                    }
                    (UnitKind::Ship(_), Location::Retreated) => SQUADRON_POINTS,
                    _ => 0,
                },
                None => 0,
            },
            _ => 0,
        },
    }
}

/// Half points a kill is worth to the player credited with it (LF-17): a squadron 5,
/// unless it was lost aboard its original host, whose kill value includes it; a ship
/// its original cost − 5 × its original squadrons not destroyed with it.
fn kill_half_points(g: &LaunchFighters, u: &Unit) -> u32 {
    match &u.kind {
        UnitKind::Squadron(sq) => {
            if sq.lost_with_host == Some(sq.original_host) {
                0
            } else {
                2 * SQUADRON_POINTS
            }
        }
        UnitKind::Ship(s) => {
            let not_with_it = g
                .units
                .iter()
                .filter(|o| {
                    o.squadron()
                        .is_some_and(|q| q.original_host == u.id && q.lost_with_host != Some(u.id))
                })
                .count() as u32;
            2 * s.cost.saturating_sub(SQUADRON_POINTS * not_with_it)
        }
    }
}

/// Each seat's victory points if the battle ended now (LF-17), in half points
/// internally, returned as points.
pub fn scores(g: &LaunchFighters) -> Vec<f64> {
    // "Each player scores points for any special scenario conditions" (LF-17 (c)).
    let mut half = g.objective_half_points();
    for u in &g.units {
        let own = own_half_points(g, u);
        if let Some(h) = half.get_mut(u.owner.index()) {
            *h += own;
        }
        if u.location == Location::Eliminated {
            if let Some(k) = u.eliminated_by {
                if k != u.owner {
                    let v = kill_half_points(g, u);
                    if let Some(h) = half.get_mut(k.index()) {
                        *h += v;
                    }
                }
            }
        }
    }
    half.into_iter().map(|h| f64::from(h) / 2.0).collect()
}

/// Can the unit move or roll a barrage (LF-17 (a))?
fn can_act(g: &LaunchFighters, u: &Unit) -> bool {
    if !matches!(u.location, Location::OnMap(_)) {
        return false;
    }
    match &u.kind {
        UnitKind::Squadron(_) => true,
        UnitKind::Ship(s) => {
            let st = &s.stats;
            st.mv >= 1
                || st.cannons >= 1
                || (st.launchers >= 1 && s.missiles >= 1)
                || (st.bays >= 1 && active_aboard(g, u.id))
        }
    }
}

fn active_aboard(g: &LaunchFighters, ship: UnitId) -> bool {
    g.aboard(ship)
        .any(|q| q.squadron().is_some_and(|s| s.active))
}

impl LaunchFighters {
    /// Why the battle ends at the start of this turn, if it does (LF-17). Never before
    /// the first turn (turn 0).
    pub(crate) fn end_reason(&self) -> Option<String> {
        if self.turn == 0 {
            return None;
        }
        let able = (0..self.players.len())
            .filter(|&i| {
                self.units
                    .iter()
                    .any(|u| u.owner == Seat(i as u8) && can_act(self, u))
            })
            .count();
        if able <= 1 {
            return Some(if able == 1 {
                "only one fleet has a unit on the map able to move or roll a barrage (LF-17 (a))"
                    .into()
            } else {
                "no fleet has a unit on the map able to move or roll a barrage (LF-17 (a))".into()
            });
        }
        if let Some(reason) = self.objective_end_reason() {
            return Some(reason);
        }
        if self.quiet_turns >= 3 {
            return Some(format!(
                "stalemate: no barrage or dogfight in the last {} turns (LF-17 (b))",
                self.quiet_turns
            ));
        }
        if self.turn >= self.turn_limit {
            return Some(format!(
                "the turn limit of {} turns is reached (LF-17 (d))",
                self.turn_limit
            ));
        }
        None
    }

    /// End the battle: tally the scores, the highest wins ("equal = shared win"), set
    /// the outcome and phase Over.
    pub(crate) fn finish(&mut self, reason: String, ev: &mut Vec<Event>) {
        let scores = scores(self);
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let winners: Vec<Seat> = scores
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s == best)
            .map(|(i, _)| Seat(i as u8))
            .collect();
        self.pending.clear();
        self.activation = None;
        self.phase = Phase::Over;
        self.outcome = Some(Outcome {
            winners: winners.clone(),
            scores: scores.clone(),
            reason: reason.clone(),
        });
        ev.push(Event::GameOver {
            reason,
            scores,
            winners,
        });
    }
}
