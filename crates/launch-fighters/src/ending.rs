//! The ending in words ([`orrery_core::Game::ending`]): the fleets by name, victory
//! points (LF-17) and the ships and squadrons each fleet lost.

use crate::search::SQUADRON_KIND;
use crate::LaunchFighters;
use orrery_core::{
    counted, grouped_loss_line, scores_in, tallied_ending, Ending, Game, Outcome, Seat,
};

impl LaunchFighters {
    pub(crate) fn ending_words(&self, outcome: &Outcome) -> Ending {
        let seats: Vec<Seat> = Seat::all(self.seats()).collect();
        let names = seats
            .iter()
            .map(|s| self.players[s.index()].fleet.clone())
            .collect();
        let scores = scores_in(outcome, self.seats(), " VP");
        let fates = self.unit_fates();
        let losses = seats
            .iter()
            .map(|&s| {
                let lost: Vec<&str> = fates
                    .iter()
                    .filter(|f| f.seat == s && !f.survived)
                    .map(|f| f.kind.as_str())
                    .collect();
                let ships: Vec<&str> = lost
                    .iter()
                    .copied()
                    .filter(|k| *k != SQUADRON_KIND)
                    .collect();
                let squadrons = lost.len() - ships.len();
                let mut out: Vec<String> = grouped_loss_line(&ships, "ship", "ships", "lost")
                    .into_iter()
                    .collect();
                if squadrons > 0 {
                    out.push(format!(
                        "{} lost",
                        counted(squadrons, "fighter squadron", "fighter squadrons")
                    ));
                }
                out
            })
            .collect();
        tallied_ending(
            outcome,
            names,
            scores,
            losses,
            "VP count the fleet's own units still in the battle, the enemy units it \
             eliminated and the scenario's objectives; equal = a shared win (LF-17).",
        )
    }
}
