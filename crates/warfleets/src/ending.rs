//! The ending in words ([`orrery_core::Presentation::ending`]): the mission decides (FB-17:
//! "After round 4 the player carrying more markers wins; markers on the table count
//! for nobody; equal = draw"), the victory points' fraction is a tie-break in words.

use crate::state::{Status, Warfleets};
use orrery_core::{
    counted, ending_from, loss_line, round_for_reading, Ending, Game, Outcome, Seat,
};

impl Warfleets {
    /// "2 ships destroyed (Falcon, Kestrel)", "1 squadron surrendered (Hawks)".
    fn losses(&self, seat: Seat) -> Vec<String> {
        let mut out = Vec::new();
        for (status, how) in [
            (Status::Destroyed, "destroyed"),
            (Status::Surrendered, "surrendered"),
        ] {
            for squadrons in [false, true] {
                let names: Vec<&str> = self
                    .models
                    .iter()
                    .filter(|m| {
                        m.seat == seat && m.status == status && self.is_squadron(m.id) == squadrons
                    })
                    .map(|m| &*m.name)
                    .collect();
                let (one, many) = if squadrons {
                    ("squadron", "squadrons")
                } else {
                    ("ship", "ships")
                };
                out.extend(loss_line(&names, one, many, how));
            }
        }
        out
    }
}

/// Sides by their fleets' names, markers carried as the score (with the victory
/// points beside), ships and squadrons lost by name.
pub(crate) fn ending_for(g: &Warfleets, outcome: &Outcome) -> Ending {
    let c = g.carried();
    let vp = g.scores();
    let seats = [Seat(0), Seat(1)];
    let names: Vec<String> = g.sides.to_vec();
    let scores = seats
        .iter()
        .map(|s| {
            format!(
                "{} ({} VP)",
                counted(usize::from(c[s.index()]), "marker", "markers"),
                round_for_reading(vp[s.index()])
            )
        })
        .collect();
    let losses = seats.iter().map(|&s| g.losses(s)).collect();
    let mission = match outcome.winners.as_slice() {
        [_, _] if c[0] == c[1] => format!(
            "on the mission: {} each",
            counted(usize::from(c[0]), "marker", "markers")
        ),
        [w] => {
            let (a, b) = (c[w.index()], c[Warfleets::other(*w).index()]);
            format!("on the mission: {a} to {b} markers")
        }
        _ => String::new(),
    };
    let mut e = ending_from(outcome, names.clone(), scores, losses, &mission);
    if let Some(rest) = e.headline.strip_prefix("Draw: ") {
        e.headline = format!("Draw {rest}");
    } else {
        e.headline = e
            .headline
            .replacen(" won: on the mission", " won the mission", 1);
    }
    let destroyed = |s: Seat| format!("{:.0}", 100.0 * g.destroyed_share(Warfleets::other(s)));
    e.notes.push(format!(
        "Markers carried decide (FB-17). VP = markers + half the share of the enemy \
         fleet's points destroyed or surrendered ({} took {}%, {} took {}%): a \
         tie-break that never decides the winner.",
        names[0],
        destroyed(Seat(0)),
        names[1],
        destroyed(Seat(1)),
    ));
    for s in seats {
        if !g.models.iter().any(|m| m.seat == s && m.remaining()) {
            e.notes.push(format!(
                "{}'s whole fleet is gone (destroyed or surrendered, FB-18).",
                names[s.index()]
            ));
        }
    }
    e
}
