//! The attack phase (seed "C) Attack"; LF-04, LF-05, LF-10…LF-15).
//! OWNER: helper "lf-attack".

use crate::action::Action;
use crate::event::Event;
use crate::state::LaunchFighters;
use orrery_core::{ActionError, Seat};

impl LaunchFighters {
    pub(crate) fn attack_candidates(&self, _seat: Seat) -> Vec<Action> {
        todo!()
    }
    pub(crate) fn check_attack(&self, _seat: Seat, _a: &Action) -> Result<(), ActionError> {
        todo!()
    }
    pub(crate) fn exec_attack(&mut self, _seat: Seat, _a: &Action, _ev: &mut Vec<Event>) {
        todo!()
    }
}
