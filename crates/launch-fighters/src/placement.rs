//! Set-up and placement on the map (seed "Placement on the Map"; LF-06, LF-07).
//! OWNER: helper "lf-phases".

use crate::action::Action;
use crate::event::Event;
use crate::state::LaunchFighters;
use crate::types::Scenario;
use orrery_core::{ActionError, Seat, SetupError};

/// Build the initial state (units created, fleets unplaced, placement ranking rolled).
pub(crate) fn setup(_s: &Scenario, _seed: u64) -> Result<LaunchFighters, SetupError> {
    todo!()
}

impl LaunchFighters {
    pub(crate) fn placement_actor(&self) -> Option<Seat> {
        todo!()
    }
    pub(crate) fn placement_candidates(&self, _seat: Seat) -> Vec<Action> {
        todo!()
    }
    pub(crate) fn check_placement(&self, _seat: Seat, _a: &Action) -> Result<(), ActionError> {
        todo!()
    }
    pub(crate) fn exec_placement(&mut self, _seat: Seat, _a: &Action, _ev: &mut Vec<Event>) {
        todo!()
    }
}
