//! Bays: launching fighter squadrons (seed "c) Launching Fighters! With Bays"; LF-08,
//! LF-09, LF-10).
//!
//! > "If you have chosen bays as a weapons system, you may launch fighter squadrons
//! > equal to the number of bays on the ship. Immediately place these launched fighter
//! > squadrons in any space adjacent to your ship. If there are no adjacent spaces, you
//! > may not launch any more fighters. Launched fighters are active immediately.
//! > Activating bays ends at this point, no dice are gathered or rolled."
//!
//! The bays system is one action made of several `Launch`es, closed by `EndLaunch`
//! (or automatically when the bays are used up or nothing more can go out). A squadron
//! launched while step 5 runs joins it; launched in a lower step it does not attack
//! this turn (LF-08) — both follow from the Step Chart loop, nothing is marked here.

use super::illegal;
use crate::action::Action;
use crate::event::Event;
use crate::refusal::Refusal;
use crate::state::{Activation, LaunchFighters, Location, System};
use crate::types::UnitId;
use orrery_hex::Hex;

impl LaunchFighters {
    /// Active squadrons aboard the active ship that may be launched, ascending ids.
    fn launchable(&self, ship: UnitId) -> Vec<UnitId> {
        self.aboard(ship)
            .filter(|u| u.squadron().is_some_and(|s| s.active))
            .map(|u| u.id)
            .collect()
    }

    /// Empty hexes adjacent to the ship that a squadron may enter (LF-10: "empty
    /// adjacent hexes"; not a moon or planetoid, on the map).
    fn launch_hexes(&self, at: Hex) -> Vec<Hex> {
        at.neighbours()
            .into_iter()
            .filter(|&h| self.enterable(h) && self.is_empty_hex(h))
            .collect()
    }

    /// Every `Launch` of a launchable squadron into a free adjacent hex.
    pub(super) fn launch_candidates(&self, act: &Activation) -> Vec<Action> {
        let Some((_, _, at)) = self.ship_on_map(act.unit) else {
            return Vec::new();
        };
        let hexes = self.launch_hexes(at);
        let mut v = Vec::new();
        for sq in self.launchable(act.unit) {
            for &to in &hexes {
                v.push(Action::Launch { squadron: sq, to });
            }
        }
        v
    }

    /// Can the bays system go on (bays left this activation, a squadron and a hex)?
    pub(super) fn can_launch_more(&self, act: &Activation) -> bool {
        let Some((_, s, at)) = self.ship_on_map(act.unit) else {
            return false;
        };
        act.launched < s.stats.bays
            && !self.launchable(act.unit).is_empty()
            && !self.launch_hexes(at).is_empty()
    }

    pub(super) fn check_launch(
        &self,
        act: &Activation,
        squadron: UnitId,
        to: Hex,
    ) -> Result<(), Refusal> {
        let Some((_, s, at)) = self.ship_on_map(act.unit) else {
            return illegal(Refusal::ActiveShipOffMap);
        };
        if act.pool.is_some() {
            return illegal(Refusal::PoolOpen);
        }
        if !act.launching && act.used.contains(&System::Bays) {
            return illegal(Refusal::BaysUsed);
        }
        let bays = s.stats.bays;
        if bays == 0 {
            return illegal(Refusal::BaysAtZero);
        }
        if act.launched >= bays {
            return illegal(Refusal::AllBaysLaunched {
                launched: act.launched,
                bays,
            });
        }
        let Some(u) = self.unit_opt(squadron) else {
            return illegal(Refusal::NoSuchSquadron(squadron));
        };
        let Some(sq) = u.squadron() else {
            return illegal(Refusal::NotASquadron(squadron));
        };
        if u.location != Location::Aboard(act.unit) {
            return illegal(Refusal::NotAboard(squadron));
        }
        if !sq.active {
            return illegal(Refusal::CannotLaunchInactive(squadron));
        }
        if !to.is_adjacent(at) {
            return illegal(Refusal::LaunchNotAdjacent(to));
        }
        if !self.enterable(to) {
            return illegal(Refusal::LaunchOffMap(to));
        }
        if !self.is_empty_hex(to) {
            return illegal(Refusal::LaunchNotEmpty(to));
        }
        Ok(())
    }

    /// Launch one squadron: on the map, active; an asteroid hex rolls (LF-09).
    pub(super) fn exec_launch(&mut self, squadron: UnitId, to: Hex, ev: &mut Vec<Event>) {
        let Some(act) = self.activation.as_mut() else {
            return;
        };
        let from = act.unit;
        if !act.launching {
            act.launching = true;
            act.used.push(System::Bays);
        }
        act.launched = act.launched.saturating_add(1);
        let u = self.unit_mut(squadron);
        u.location = Location::OnMap(to);
        if let Some(s) = u.squadron_mut() {
            s.active = true;
        }
        ev.push(Event::Launched { squadron, from, to });
        self.squadron_enters(squadron, ev);
    }
}
