//! The ending in words ([`orrery_core::Game::ending`]): the sides by name, the points
//! each scored (BS-12) and the fighters each lost.

use crate::state::{BlackSkies, Status};
use orrery_core::{grouped_loss_line, scores_in, tallied_ending, Ending, Outcome, Seat};

impl BlackSkies {
    pub(crate) fn ending_words(&self, outcome: &Outcome) -> Ending {
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
}
