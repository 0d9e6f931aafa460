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
use crate::state::{Activation, LaunchFighters, Location, System};
use crate::types::UnitId;
use orrery_core::ActionError;
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
    ) -> Result<(), ActionError> {
        let Some((_, s, at)) = self.ship_on_map(act.unit) else {
            return illegal("the active ship is not on the map");
        };
        if act.pool.is_some() {
            return illegal("a pool of attack dice is open: roll a Barrage or StopFiring first");
        }
        if !act.launching && act.used.contains(&System::Bays) {
            return illegal("the bays have already been used in this activation");
        }
        let bays = s.stats.bays;
        if bays == 0 {
            return illegal("this ship's bays are at 0");
        }
        if act.launched >= bays {
            return illegal(format!(
                "{} squadron(s) launched: as many as the ship's {bays} bay(s)",
                act.launched
            ));
        }
        let Some(u) = self.unit_opt(squadron) else {
            return illegal(format!("squadron {} does not exist", squadron.0));
        };
        let Some(sq) = u.squadron() else {
            return illegal(format!("unit {} is not a squadron", squadron.0));
        };
        if u.location != Location::Aboard(act.unit) {
            return illegal(format!("squadron {} is not aboard this ship", squadron.0));
        }
        if !sq.active {
            return illegal(format!(
                "squadron {} is inactive (upside down) and \"cannot be launched\"",
                squadron.0
            ));
        }
        if !to.is_adjacent(at) {
            return illegal(format!("{to} is not adjacent to the launching ship"));
        }
        if !self.enterable(to) {
            return illegal(format!("{to} is off the map or a moon/planetoid"));
        }
        if !self.is_empty_hex(to) {
            return illegal(format!("{to} is not empty"));
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
