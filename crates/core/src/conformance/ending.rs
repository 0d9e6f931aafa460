//! The ending in words ([`Presentation::ending`](crate::Presentation::ending)): there once the game is over (one side per
//! seat, numbers rounded for reading, results that agree with the outcome), absent
//! before, and built only from what every seat may know.

use crate::{ending_after_agreed_draw, ending_after_resign, Ending, FullGame, Rng, Seat};

/// Every problem with `game`'s ending (`game` is over).
pub(super) fn check_final<G: FullGame>(game: &G, salt: u64, out: &mut Vec<String>, tag: &str) {
    let Some(ending) = game.ending() else {
        out.push(format!("{tag}: the game is over but ending() is None"));
        return;
    };
    check_words(game, &ending, out, tag);
    let outcome = game.outcome().unwrap_or_else(|| unreachable!("over"));
    for side in &ending.sides {
        let won = outcome.winners.contains(&side.seat);
        let says_won = matches!(side.result.as_str(), "won" | "drew" | "shared the win");
        if won != says_won {
            out.push(format!(
                "{tag}: the ending says seat {} {:?}, the outcome's winners are {:?}",
                side.seat, side.result, outcome.winners
            ));
        }
    }
    for seat in Seat::all(game.seats()) {
        let mut world = game.clone();
        world.determinize(seat, &mut Rng::seed_from(salt ^ u64::from(seat.0)));
        if world.ending() != Some(ending.clone()) {
            out.push(format!(
                "{tag}: the ending reads what seat {seat} may not know (a world it cannot tell from the game ends differently in words)"
            ));
        }
    }
}

/// While the game runs: no ending yet, and a resignation's ending reads nothing that
/// `seat` may not know (`world` is one `seat` cannot tell from `game`).
pub(super) fn check_running<G: FullGame>(
    game: &G,
    world: &G,
    seat: Seat,
    out: &mut Vec<String>,
    tag: &str,
) {
    if game.ending().is_some() {
        out.push(format!("{tag}: the game runs but ending() is Some"));
    }
    let resigned = Seat((seat.0 + 1) % game.seats().max(1));
    let ending = ending_after_resign(game, resigned);
    check_words(game, &ending, out, tag);
    if ending_after_resign(world, resigned) != ending {
        out.push(format!(
            "{tag}: the ending after seat {resigned} resigns reads what seat {seat} may not know"
        ));
    }
    // A draw every seat agreed to (the server's draw offers): every side drew, in
    // words that tell nothing hidden either.
    let drawn = ending_after_agreed_draw(game);
    check_words(game, &drawn, out, tag);
    if drawn.sides.iter().any(|s| s.result != "drew") {
        out.push(format!(
            "{tag}: an agreed draw's ending has a side that did not draw"
        ));
    }
    if ending_after_agreed_draw(world) != drawn {
        out.push(format!(
            "{tag}: the ending after an agreed draw reads what seat {seat} may not know"
        ));
    }
}

fn check_words<G: FullGame>(game: &G, ending: &Ending, out: &mut Vec<String>, tag: &str) {
    let seats = usize::from(game.seats());
    if ending.sides.len() != seats
        || ending
            .sides
            .iter()
            .enumerate()
            .any(|(i, s)| s.seat.index() != i)
    {
        out.push(format!(
            "{tag}: the ending has {} sides, not one per seat in seat order",
            ending.sides.len()
        ));
    }
    let mut texts = vec![&ending.headline];
    texts.extend(&ending.notes);
    for s in &ending.sides {
        texts.extend([&s.name, &s.result, &s.score]);
        texts.extend(&s.losses);
    }
    for t in texts {
        if let Some(n) = long_number(t) {
            out.push(format!(
                "{tag}: the ending shows {n} (more than 2 decimals) in {t:?}"
            ));
        }
    }
}

/// The first number in `text` written with more than 2 decimals.
pub(super) fn long_number(text: &str) -> Option<&str> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
                let dot = i;
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                if i - dot - 1 > 2 {
                    return Some(&text[start..i]);
                }
            }
        } else {
            i += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::long_number;

    #[test]
    fn long_numbers_are_found_and_rounded_ones_pass() {
        assert_eq!(
            long_number("0.03571428571428571 VP"),
            Some("0.03571428571428571")
        );
        assert_eq!(long_number("3.25 VP, 12 of 20, turn 4."), None);
        assert_eq!(long_number("Draw: 0 markers each."), None);
    }
}
