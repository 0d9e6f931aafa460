//! What Black Skies shows people ([`Presentation`]): the words of actions and events
//! (`render`), the text board (`board`), quick order entry (`quick`), the glossary and
//! the browser's files. It stands above all of them, so none of them imports another
//! through it.

use crate::{Action, BlackSkies, Event};
use orrery_core::{Presentation, Seat};

impl Presentation for BlackSkies {
    // The rules page, the board and the fleet builder (`web/`).
    orrery_core::web_assets!();

    fn glossary() -> &'static str {
        crate::glossary::GLOSSARY
    }

    fn input_hint(&self, seat: Seat) -> Option<String> {
        crate::quick::hint(self, seat)
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Option<Result<Vec<Action>, String>> {
        Some(crate::quick::parse(self, seat, text).map(|a| vec![a]))
    }

    fn describe_action(&self, viewer: Option<Seat>, action: &Action) -> String {
        crate::render::describe(self, viewer, action)
    }

    fn describe_event(&self, event: &Event) -> String {
        crate::render::event_text(self, event)
    }

    fn render_text(&self, viewer: Option<Seat>) -> String {
        crate::board::render_text(self, viewer)
    }
}
