//! The ending in words ([`orrery_core::Presentation::ending`]): the sides by name, victory
//! points (SY-25, SY-28) and the 'yagers each side lost, by how.

use crate::event::Loss;
use crate::state::{Place, Stratoyager};
use orrery_core::{loss_line, scores_in, tallied_ending, Ending, Outcome, Seat};

impl Stratoyager {
    /// "2 'yagers destroyed (Guardian 151a 2, …)", one line per way of losing them.
    fn losses(&self, side: Seat) -> Vec<String> {
        ["destroyed", "wrecked", "withdrawn", "abandoned", HULKS]
            .iter()
            .filter_map(|how| {
                let labels: Vec<&str> = self
                    .units
                    .iter()
                    .filter(|u| u.side == side && how_lost(&u.place) == Some(*how))
                    .map(|u| u.label.as_str())
                    .collect();
                loss_line(&labels, "'yager", "'yagers", how)
            })
            .collect()
    }
}

/// Abandoned 'yagers kept on the table (SY-25 keep_hulks).
const HULKS: &str = "abandoned, flying on as hulks";

/// How a unit in `place` was lost, in words; `None` while it is in play.
fn how_lost(place: &Place) -> Option<&'static str> {
    match place {
        Place::Lost { loss } => Some(match loss {
            Loss::Destroyed => "destroyed",
            Loss::Wrecked => "wrecked",
            Loss::Withdrawn => "withdrawn",
            Loss::Abandoned => "abandoned",
        }),
        Place::Hulk => Some(HULKS),
        _ => None,
    }
}

pub(crate) fn ending_for(g: &Stratoyager, outcome: &Outcome) -> Ending {
    let seats = [Seat(0), Seat(1)];
    let names = seats
        .iter()
        .map(|s| {
            g.side_names
                .get(s.index())
                .cloned()
                .unwrap_or_else(|| orrery_core::seat_name(*s))
        })
        .collect();
    let scores = scores_in(outcome, 2, " VP");
    let losses = seats.iter().map(|&s| g.losses(s)).collect();
    tallied_ending(
        outcome,
        names,
        scores,
        losses,
        "VP = the points of enemy 'yagers destroyed, wrecked, withdrawn or abandoned, \
         plus the value of each pilot token nearest a side's units (SY-25, SY-28).",
    )
}
