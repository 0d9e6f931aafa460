//! The recovery phase (seed "D) Recovery", "Repair"; LF-16). OWNER: helper "lf-phases".

use crate::action::Action;
use crate::event::Event;
use crate::state::LaunchFighters;
use orrery_core::{ActionError, Seat};

impl LaunchFighters {
    /// Step (1): inactive squadrons turn active.
    pub(crate) fn begin_recovery(&mut self, _ev: &mut Vec<Event>) {
        todo!()
    }
    /// Who decides about repairs now (ascending initiative), if anyone.
    pub(crate) fn recovery_actor(&self) -> Option<Seat> {
        todo!()
    }
    pub(crate) fn recovery_candidates(&self, _seat: Seat) -> Vec<Action> {
        todo!()
    }
    pub(crate) fn check_recovery(&self, _seat: Seat, _a: &Action) -> Result<(), ActionError> {
        todo!()
    }
    pub(crate) fn exec_recovery(&mut self, _seat: Seat, _a: &Action, _ev: &mut Vec<Event>) {
        todo!()
    }
    /// Step (3): retreat at the edge, warp out.
    pub(crate) fn end_recovery(&mut self, _ev: &mut Vec<Event>) {
        todo!()
    }
}
