//! Text rendering for terminals and logs. OWNER: helper "cli".

use crate::action::Action;
use crate::event::Event;
use crate::state::LaunchFighters;

pub fn describe_action(_g: &LaunchFighters, a: &Action) -> String {
    format!("{a:?}")
}

pub fn describe_event(_g: &LaunchFighters, e: &Event) -> String {
    format!("{e:?}")
}
