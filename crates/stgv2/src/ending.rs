//! The ending in words ([`orrery_core::Presentation::ending`]): Spendys ON station against the
//! target and outposts (ST-18, ST-19), the ships each seat lost.

use crate::state::Stgv2;
use crate::words::spendys;
use orrery_core::{
    counted, ending_from, grouped_loss_line, reason_note, scored_headline, Ending, Game, Outcome,
    Seat,
};

impl Stgv2 {}

pub(crate) fn ending_for(g: &Stgv2, outcome: &Outcome) -> Ending {
    let seats: Vec<Seat> = Seat::all(g.seats()).collect();
    // The seats as the game's texts name them ("seat 0 builds an outpost").
    let names: Vec<String> = seats.iter().map(|s| format!("Seat {}", s.0)).collect();
    let on = |s: Seat| g.players.get(s.index()).map_or(0, |p| p.on);
    let scores = seats
        .iter()
        .map(|&s| {
            format!(
                "{} of {} Spendys ON station, {}",
                spendys(on(s)),
                spendys(g.rules.target),
                counted(g.outposts(s), "outpost", "outposts")
            )
        })
        .collect();
    // "25,000 to 2,000 Spendys ON station" in the headline.
    let short: Vec<String> = seats
        .iter()
        .map(|&s| format!("{} Spendys ON station", spendys(on(s))))
        .collect();
    let fates = g.unit_fates();
    let losses = seats
        .iter()
        .map(|&s| {
            let kinds: Vec<&str> = fates
                .iter()
                .filter(|f| f.seat == s && !f.survived)
                .map(|f| f.kind.as_str())
                .collect();
            let mut out: Vec<String> = grouped_loss_line(&kinds, "ship", "ships", "lost")
                .into_iter()
                .collect();
            if g.players.get(s.index()).is_some_and(|p| p.out) {
                out.push("eliminated (ST-17)".to_string());
            }
            out
        })
        .collect();
    let headline = scored_headline(outcome, &names, &short);
    let mut e = ending_from(outcome, names, scores, losses, "");
    e.headline = headline;
    e.notes.extend(reason_note(outcome));
    e.notes.push(
        "Most Spendys ON station wins, then most outposts; reaching the target at the \
         end of one's turn wins at once (ST-18)."
            .to_string(),
    );
    e
}
