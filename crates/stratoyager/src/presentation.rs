//! What Stratoyager shows people ([`Presentation`]): the words of actions and events
//! and the text board (`render`), quick order entry and its hints (`quick`), the
//! glossary and the browser's files. It stands above all of them, so none of them
//! imports another through it.

use crate::{Action, Event, Stratoyager};
use orrery_core::{Presentation, Seat};

impl Presentation for Stratoyager {
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
