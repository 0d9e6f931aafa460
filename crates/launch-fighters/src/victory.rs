//! End of the battle and the victory point tally (seed "Victory"; LF-17).
//! OWNER: helper "lf-phases".

use crate::event::Event;
use crate::state::LaunchFighters;

/// Each seat's victory points if the battle ended now.
pub fn scores(_g: &LaunchFighters) -> Vec<f64> {
    todo!()
}

impl LaunchFighters {
    /// Why the battle ends at the start of this turn, if it does.
    pub(crate) fn end_reason(&self) -> Option<String> {
        todo!()
    }
    /// End the battle: set the outcome and phase Over.
    pub(crate) fn finish(&mut self, _reason: String, _ev: &mut Vec<Event>) {
        todo!()
    }
}
