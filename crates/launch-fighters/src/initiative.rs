//! Initiative (seed "A) Initiative"; LF-06). OWNER: helper "lf-phases".

use crate::event::Event;
use crate::state::LaunchFighters;

impl LaunchFighters {
    /// Roll 2D6 + sensors for every player, break ties by roll-offs, set `order`.
    pub(crate) fn roll_initiative(&mut self, _ev: &mut Vec<Event>) {
        todo!()
    }
}
