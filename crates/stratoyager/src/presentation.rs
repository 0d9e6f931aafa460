//! What Stratoyager shows people ([`Presentation`]): the words of actions and events
//! and the text board (`render`), quick order entry and its hints (`quick`), the
//! glossary and the browser's files. It stands above all of them, so none of them
//! imports another through it.

use crate::{Action, Event, Stratoyager};
use orrery_core::{Presentation, Seat};

impl Presentation for Stratoyager {
    /// SY-28 in words: the sides by name, their VP and the 'yagers each lost, by how.
    fn ending_for(&self, outcome: &orrery_core::Outcome) -> orrery_core::Ending {
        crate::ending::ending_for(self, outcome)
    }

    /// SY-25 with SY-28: ejecting from a side's last combat-capable 'yager ends the
    /// game ("End the game at once if a side has no combat-capable unit") when the
    /// order resolves. A Combat Action is a secret order resolved once both sides
    /// gave theirs, so applying it to a copy shows no end yet: the ruleset marks it
    /// from what the seat knows, its own units.
    fn ends_game(&self, seat: Seat, action: &Action) -> bool {
        if matches!(
            action,
            Action::Combat(crate::action::CombatOrder::Eject { .. })
        ) {
            let capable = self
                .units
                .iter()
                .filter(|u| {
                    u.side == seat
                        && matches!(
                            u.place,
                            crate::state::Place::Table
                                | crate::state::Place::Reserve
                                | crate::state::Place::Away { .. }
                                | crate::state::Place::Undeployed
                        )
                })
                .count();
            if capable <= 1 {
                return true;
            }
        }
        orrery_core::surely_ends_game(self, seat, action)
    }

    // The rules page, the board and the fleet builder (`web/`).
    orrery_core::web_assets!();

    fn glossary() -> &'static str {
        crate::glossary::GLOSSARY
    }

    fn input_hint(&self, seat: Seat) -> Option<String> {
        crate::quick::hint::input_hint(self, seat)
    }

    fn describe_action(&self, viewer: Option<Seat>, action: &Action) -> String {
        crate::render::describe_action(self, viewer, action)
    }

    fn describe_event(&self, event: &Event) -> String {
        crate::render::describe_event(self, event)
    }

    fn render_text(&self, viewer: Option<Seat>) -> String {
        crate::render::render_text(self, viewer)
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Option<Result<Vec<Action>, String>> {
        Some(crate::quick::parse_order(self, seat, text))
    }
}
