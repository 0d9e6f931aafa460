//! Movement (seed "B) Movement", "How to Move"; LF-09) and pushes.
//! OWNER: helper "lf-phases".

use crate::action::Action;
use crate::event::Event;
use crate::state::LaunchFighters;
use orrery_core::{ActionError, Seat};

impl LaunchFighters {
    pub(crate) fn movement_candidates(&self, _seat: Seat) -> Vec<Action> {
        todo!()
    }
    pub(crate) fn check_movement(&self, _seat: Seat, _a: &Action) -> Result<(), ActionError> {
        todo!()
    }
    pub(crate) fn exec_movement(&mut self, _seat: Seat, _a: &Action, _ev: &mut Vec<Event>) {
        todo!()
    }
}
