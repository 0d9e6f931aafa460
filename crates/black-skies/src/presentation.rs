//! What Black Skies shows people ([`Presentation`]): the ending in words (BS-12), the
//! words of actions and events
//! (`render`), the text board (`board`), quick order entry (`quick`), the glossary and
//! the browser's files. It stands above all of them, so none of them imports another
//! through it.

use crate::state::Status;
use crate::{Action, BlackSkies, Event};
use orrery_core::{
    grouped_loss_line, scores_in, tallied_ending, Ending, Outcome, Presentation, Seat,
};

impl Presentation for BlackSkies {
    /// BS-12 in words: the sides by name, their points and the fighters each lost.
    fn ending_for(&self, outcome: &Outcome) -> Ending {
        let seats = [Seat(0), Seat(1)];
        let names = self.sides.to_vec();
        let scores = scores_in(outcome, 2, " points");
        let losses = seats
            .iter()
            .map(|&s| {
                [
                    (Status::Destroyed, "destroyed"),
                    (Status::Disengaged, "disengaged"),
                ]
                .into_iter()
                .filter_map(|(status, how)| {
                    let kinds: Vec<&str> = self
                        .fighters
                        .iter()
                        .filter(|f| f.seat == s && f.status == status)
                        .map(|f| self.design_of(f).name.as_str())
                        .collect();
                    grouped_loss_line(&kinds, "fighter", "fighters", how)
                })
                .collect()
            })
            .collect();
        tallied_ending(
            outcome,
            names,
            scores,
            losses,
            "Each side scores the points (BS-14) of the enemy fighters destroyed or \
             disengaged; higher wins, equal = draw (BS-12).",
        )
    }

    // The rules page, the board and the fleet builder (`web/`).
    orrery_core::web_assets!();

    fn glossary() -> &'static str {
        crate::glossary::GLOSSARY
    }

    // Quick order entry at the terminal (`quick`).
    orrery_core::quick_entry!();

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
