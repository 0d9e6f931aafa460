//! The ending in words ([`orrery_core::Presentation::ending`]): the fleets by name, victory
//! points (LF-17) and the ships and squadrons each fleet lost.

use crate::state::{Location, Unit};
use crate::LaunchFighters;
use orrery_core::{
    counted, grouped_loss_line, scores_in, tallied_ending, Ending, Game, Outcome, Seat,
};

/// What became of a unit by the end, as the ending words it: a retreated ship scores
/// half its points for its own fleet (LF-17) and is not lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fate {
    Kept,
    Lost,
    Retreated,
}

impl LaunchFighters {
    /// A ship's own fate; a squadron aboard a host shares its host's.
    fn fate_of(&self, u: &Unit) -> Fate {
        match u.location {
            Location::OnMap(_) | Location::Unplaced => Fate::Kept,
            Location::Eliminated => Fate::Lost,
            Location::Retreated => Fate::Retreated,
            Location::Aboard(h) => match self.units.get(h.index()) {
                Some(host) if !matches!(host.location, Location::Aboard(_)) => self.fate_of(host),
                _ => Fate::Lost,
            },
        }
    }
}

pub(crate) fn ending_for(g: &LaunchFighters, outcome: &Outcome) -> Ending {
    let seats: Vec<Seat> = Seat::all(g.seats()).collect();
    let names = seats
        .iter()
        .map(|s| g.players[s.index()].fleet.clone())
        .collect();
    let scores = scores_in(outcome, g.seats(), " VP");
    let losses = seats
        .iter()
        .map(|&s| {
            let mut out = Vec::new();
            for (fate, how) in [(Fate::Lost, "lost"), (Fate::Retreated, "retreated")] {
                let gone = |u: &&Unit| u.owner == s && g.fate_of(u) == fate;
                let ships: Vec<&str> = g
                    .units
                    .iter()
                    .filter(gone)
                    .filter_map(|u| u.ship().map(|sh| sh.design.name.as_str()))
                    .collect();
                out.extend(grouped_loss_line(&ships, "ship", "ships", how));
                let squadrons = g
                    .units
                    .iter()
                    .filter(gone)
                    .filter(|u| u.ship().is_none())
                    .count();
                if squadrons > 0 {
                    out.push(format!(
                        "{} {how}",
                        counted(squadrons, "fighter squadron", "fighter squadrons")
                    ));
                }
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
