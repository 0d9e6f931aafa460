//! The game's result as a person reads it ([`Presentation::ending`]): a headline, and per side
//! its name, its result, its score with what it counts and what it lost. Shown to
//! every seat, so built only from what every seat may know.

use crate::{Game, Outcome, Seat, UnitFate};
use serde::{Deserialize, Serialize};

/// The game's result as a person reads it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ending {
    /// The result and why, in one line: "Draw on the mission: 0 markers each",
    /// "Federated Systems win: the Krell fleet surrendered".
    pub headline: String,
    /// One per seat, in seat order.
    pub sides: Vec<SideResult>,
    /// What the scores count, when a headline and a score cannot say it (a tie-break,
    /// the rule that decided); may be empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// One side's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideResult {
    pub seat: Seat,
    /// The side's name in the game ("Federated Systems", "Player 2 (red)"), or
    /// "Seat 1"… where the game names none.
    pub name: String,
    /// "won", "lost", "drew", "shared the win" or "resigned".
    pub result: String,
    /// Rounded for reading, with what it counts: "3 VP", "0 markers".
    pub score: String,
    /// What the side lost: "2 ships destroyed (Falcon, Kestrel)"; empty when nothing.
    pub losses: Vec<String>,
}

/// How a seat fared in an outcome, in words.
pub fn result_word(outcome: &Outcome, seat: Seat, seats: usize) -> &'static str {
    let wins = outcome.winners.len();
    match (outcome.winners.contains(&seat), wins) {
        (false, _) => "lost",
        (true, n) if n >= seats && seats > 1 => "drew",
        (true, 1) => "won",
        (true, _) => "shared the win",
    }
}

/// A number as a person reads it: at most 2 decimals, trailing zeros dropped
/// (`0.03571428571428571` → `0.04`, `3.0` → `3`, `-0.0` → `0`).
pub fn round_for_reading(x: f64) -> String {
    if !x.is_finite() {
        return "–".to_string();
    }
    let t = format!("{x:.2}");
    let t = t.trim_end_matches('0').trim_end_matches('.');
    if t == "-0" {
        "0".to_string()
    } else {
        t.to_string()
    }
}

/// A signed number as a person reads it, with `decimals` decimals: `+12`, `-3.5`, and
/// a number that rounds to zero without a sign (`0`, `0.0`): never `-0` nor `+0`.
pub fn signed_for_reading(x: f64, decimals: usize) -> String {
    if !x.is_finite() {
        return "–".to_string();
    }
    let t = format!("{x:+.decimals$}");
    if t[1..].chars().all(|c| c == '0' || c == '.') {
        t[1..].to_string()
    } else {
        t
    }
}

/// `word` with its first letter upper case ("the fourth round…" → "The fourth round…").
pub fn capitalized(word: &str) -> String {
    let mut c = word.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// "1 ship" / "2 ships".
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "2 ships destroyed (Falcon, Kestrel)": `names` counted as `one`/`many` with `how`
/// they were lost; `None` when `names` is empty.
pub fn loss_line<S: AsRef<str>>(names: &[S], one: &str, many: &str, how: &str) -> Option<String> {
    if names.is_empty() {
        return None;
    }
    let list: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    Some(format!(
        "{} {how} ({})",
        counted(names.len(), one, many),
        list.join(", ")
    ))
}

/// What `seat` lost, from the fates of its units: one line, "2 units lost (Falcon ×2)",
/// with `one`/`many` naming the units ("fighter"/"fighters") and `how` what happened
/// to them ("lost", "destroyed or disengaged"). Empty when nothing was lost.
pub fn losses_from_fates(
    fates: &[UnitFate],
    seat: Seat,
    one: &str,
    many: &str,
    how: &str,
) -> Vec<String> {
    let lost: Vec<&str> = fates
        .iter()
        .filter(|f| f.seat == seat && !f.survived)
        .map(|f| f.kind.as_str())
        .collect();
    grouped_loss_line(&lost, one, many, how)
        .into_iter()
        .collect()
}

/// "3 ships destroyed (Falcon ×2, Kestrel)": units by kind, each kind once in order
/// of first loss with its count; `None` when `kinds` is empty.
pub fn grouped_loss_line(kinds: &[&str], one: &str, many: &str, how: &str) -> Option<String> {
    let mut groups: Vec<(&str, usize)> = Vec::new();
    for k in kinds {
        match groups.iter_mut().find(|(n, _)| n == k) {
            Some((_, c)) => *c += 1,
            None => groups.push((k, 1)),
        }
    }
    let names: Vec<String> = groups
        .iter()
        .map(|(k, c)| match c {
            1 => k.to_string(),
            _ => format!("{k} ×{c}"),
        })
        .collect();
    loss_line(&names, one, many, how).map(|line| {
        // The count is of units, not of kinds.
        let n = names.len();
        line.replacen(&counted(n, one, many), &counted(kinds.len(), one, many), 1)
    })
}

/// The scores side by side for a headline: "0 markers each" when all are alike, else
/// the winners' first: "12 to 9 VP" when all count the same thing after the number
/// ("12 VP", "9 VP"), else "12 VP to 3 kills".
pub fn tally(outcome: &Outcome, scores: &[String]) -> String {
    if scores.is_empty() {
        return String::new();
    }
    if scores.iter().all(|s| *s == scores[0]) {
        return format!("{} each", scores[0]);
    }
    let (first, rest): (Vec<_>, Vec<_>) = scores
        .iter()
        .enumerate()
        .partition(|(i, _)| outcome.winners.contains(&Seat(*i as u8)));
    let ordered: Vec<&str> = first
        .into_iter()
        .chain(rest)
        .map(|(_, s)| s.as_str())
        .collect();
    let split = |s: &str| {
        s.split_once(' ')
            .map(|(n, r)| (n.to_string(), r.to_string()))
    };
    let parts: Vec<Option<(String, String)>> = ordered.iter().map(|s| split(s)).collect();
    let unit = parts[0].as_ref().map(|p| p.1.clone());
    match unit {
        Some(u) if parts.iter().all(|p| p.as_ref().is_some_and(|p| p.1 == u)) => {
            let numbers: Vec<String> = parts.into_iter().flatten().map(|p| p.0).collect();
            format!("{} {u}", numbers.join(" to "))
        }
        _ => ordered.join(" to "),
    }
}

/// The headline of an ending whose sides score `scores` (in words, "211 VP"), named
/// `names`. Between two sides the result and the scores side by side ([`headline`]
/// with [`tally`]): "Red won: 12 to 9 VP". Among three or more, a row of numbers
/// cannot say whose is whose: the winners' score, then each other side's by name:
/// "Red won with 211 VP (Blue 22, Green 59)", "Red and Green shared the win with 50 VP
/// each (Blue 22)", "Draw: 50 VP each", "Nobody won: Red 10, Blue 9, Green 8 VP".
pub fn scored_headline(outcome: &Outcome, names: &[String], scores: &[String]) -> String {
    if scores.len() <= 2 {
        return headline(outcome, names, &tally(outcome, scores));
    }
    let name = |i: usize| {
        names
            .get(i)
            .cloned()
            .unwrap_or_else(|| seat_name(Seat(i as u8)))
    };
    // "211 VP" → ("211", "VP"); the unit is said once when every side counts the same.
    let split: Vec<Option<(&str, &str)>> = scores.iter().map(|s| s.split_once(' ')).collect();
    let unit = match split.first() {
        Some(Some((_, u))) if split.iter().all(|p| p.is_some_and(|p| p.1 == *u)) => Some(*u),
        _ => None,
    };
    let number = |i: usize| match (unit, split[i]) {
        (Some(_), Some((n, _))) => n.to_string(),
        _ => scores[i].clone(),
    };
    // "Red 10, Blue 9, Green 8 VP" (the unit once at the end when common).
    let by_name = |seats: &[usize], with_unit: bool| {
        let list: Vec<String> = seats
            .iter()
            .map(|&i| format!("{} {}", name(i), number(i)))
            .collect();
        match unit {
            Some(u) if with_unit => format!("{} {u}", list.join(", ")),
            _ => list.join(", "),
        }
    };
    let won = |i: usize| outcome.winners.contains(&Seat(i as u8));
    let (winners, others): (Vec<usize>, Vec<usize>) = (0..scores.len()).partition(|&i| won(i));
    let result = headline(outcome, names, "");
    let alike = |seats: &[usize]| seats.iter().all(|&i| scores[i] == scores[seats[0]]);
    if winners.is_empty() || others.is_empty() {
        let why = if alike(&winners) && !winners.is_empty() {
            format!("{} each", scores[0])
        } else {
            by_name(&(0..scores.len()).collect::<Vec<_>>(), true)
        };
        return format!("{result}: {why}");
    }
    let lead = match winners.as_slice() {
        [one] => scores[*one].clone(),
        w if alike(w) => format!("{} each", scores[w[0]]),
        w => by_name(w, true),
    };
    format!("{result} with {lead} ({})", by_name(&others, false))
}

/// The outcome's reason as a sentence for [`Ending::notes`] ("Stalemate: no barrage
/// … (LF-17 (b))."), or `None` when the ruleset gave none.
pub fn reason_note(outcome: &Outcome) -> Option<String> {
    let r = outcome.reason.trim();
    if r.is_empty() {
        return None;
    }
    let end = if r.ends_with('.') { "" } else { "." };
    Some(format!("{}{end}", capitalized(r)))
}

/// The headline for `outcome` with these side names: "Draw: {why}", "{A} won: {why}",
/// "{A} and {B} shared the win: {why}", "Nobody won: {why}" (no colon when `why` is
/// empty). In the past tense, which reads alike for names in the singular and the
/// plural ("Tigers won").
pub fn headline(outcome: &Outcome, names: &[String], why: &str) -> String {
    let name = |s: &Seat| {
        names
            .get(s.index())
            .cloned()
            .unwrap_or_else(|| seat_name(*s))
    };
    let seats = names.len();
    let result = match outcome.winners.as_slice() {
        [] => "Nobody won".to_string(),
        w if w.len() >= seats && seats > 1 => "Draw".to_string(),
        [one] => format!("{} won", name(one)),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(name).collect();
            format!("{} and {} shared the win", rest.join(", "), name(last))
        }
    };
    if why.is_empty() {
        result
    } else {
        format!("{result}: {why}")
    }
}

/// "Seat 1" for seat 0: what a side is called where the game names none.
pub fn seat_name(seat: Seat) -> String {
    format!("Seat {}", seat.0 + 1)
}

/// An ending from its parts: `names`, `scores` (already in words) and `losses` per
/// seat, the headline from `outcome`'s winners and `why`.
pub fn ending_from(
    outcome: &Outcome,
    names: Vec<String>,
    scores: Vec<String>,
    mut losses: Vec<Vec<String>>,
    why: &str,
) -> Ending {
    let seats = names.len();
    losses.resize(seats, Vec::new());
    let sides = names
        .iter()
        .zip(scores.into_iter().chain(std::iter::repeat(String::new())))
        .zip(losses)
        .enumerate()
        .map(|(i, ((name, score), losses))| {
            let seat = Seat(i as u8);
            SideResult {
                seat,
                name: name.clone(),
                result: result_word(outcome, seat, seats).to_string(),
                score,
                losses,
            }
        })
        .collect();
    Ending {
        headline: headline(outcome, &names, why),
        sides,
        notes: Vec::new(),
    }
}

/// The usual ruleset ending: the headline is the result and the scores
/// ([`scored_headline`]: "Red Fleet won: 12 to 9 VP"; among three or more sides "Red
/// Fleet won with 211 VP (Blue 22, Green 59)"), the notes why the game ended
/// ([`reason_note`]) and `counts`, what the score counts (empty: nothing to add).
pub fn tallied_ending(
    outcome: &Outcome,
    names: Vec<String>,
    scores: Vec<String>,
    losses: Vec<Vec<String>>,
    counts: &str,
) -> Ending {
    let headline = scored_headline(outcome, &names, &scores);
    let mut e = ending_from(outcome, names, scores, losses, "");
    e.headline = headline;
    e.notes.extend(reason_note(outcome));
    if !counts.is_empty() {
        e.notes.push(counts.to_string());
    }
    e
}

/// Each of `seats` seats' score in `outcome`, rounded for reading, with what it counts
/// after it (`unit` " VP", " points"; "" for a bare number): "12 VP".
pub fn scores_in(outcome: &Outcome, seats: u8, unit: &str) -> Vec<String> {
    Seat::all(seats)
        .map(|s| {
            let x = outcome.scores.get(s.index()).copied().unwrap_or(0.0);
            format!("{}{unit}", round_for_reading(x))
        })
        .collect()
}

/// The default [`Presentation::ending_for`](crate::Presentation::ending_for): sides "Seat 1"…, scores rounded to at most 2
/// decimals, losses from [`Game::unit_fates`], the outcome's reason as the why.
pub fn default_ending<G: Game>(game: &G, outcome: &Outcome) -> Ending {
    let seats = game.seats();
    let names: Vec<String> = Seat::all(seats).map(seat_name).collect();
    let scores = scores_in(outcome, seats, "");
    let fates = game.unit_fates();
    let losses = Seat::all(seats)
        .map(|s| losses_from_fates(&fates, s, "unit", "units", "lost"))
        .collect();
    ending_from(outcome, names, scores, losses, &outcome.reason)
}

/// The ending of a game `resigned` gave up (a front end's decision, not the rules'):
/// the others win, "{name} resigned" is the headline, the scores and losses are the
/// ruleset's own as they stand ([`Presentation::ending_for`](crate::Presentation::ending_for) on the standings).
pub fn ending_after_resign<G: crate::Presentation>(game: &G, resigned: Seat) -> Ending {
    let winners: Vec<Seat> = Seat::all(game.seats()).filter(|&s| s != resigned).collect();
    let outcome = Outcome {
        winners,
        scores: game.scores(),
        reason: String::new(),
    };
    let mut ending = game.ending_for(&outcome);
    let names: Vec<String> = ending.sides.iter().map(|s| s.name.clone()).collect();
    let who = names
        .get(resigned.index())
        .cloned()
        .unwrap_or_else(|| seat_name(resigned));
    ending.headline = format!("{who} resigned: {}", headline(&outcome, &names, ""));
    for side in &mut ending.sides {
        if side.seat == resigned {
            side.result = "resigned".to_string();
        }
    }
    ending
}

/// The ending of a game every seat agreed to call drawn (a front end's decision, not
/// the rules': the server's draw offers): every side drew, "Drawn by agreement" is the
/// headline, the scores and losses are the ruleset's own as they stand.
pub fn ending_after_agreed_draw<G: crate::Presentation>(game: &G) -> Ending {
    let outcome = Outcome {
        winners: Seat::all(game.seats()).collect(),
        scores: game.scores(),
        reason: String::new(),
    };
    let mut ending = game.ending_for(&outcome);
    ending.headline = "Drawn by agreement".to_string();
    for side in &mut ending.sides {
        side.result = "drew".to_string();
    }
    ending
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(winners: &[u8], scores: &[f64]) -> Outcome {
        Outcome {
            winners: winners.iter().copied().map(Seat).collect(),
            scores: scores.to_vec(),
            reason: "the fourth round is over".into(),
        }
    }

    #[test]
    fn numbers_are_rounded_to_two_decimals_at_most() {
        assert_eq!(round_for_reading(0.03571428571428571), "0.04");
        assert_eq!(round_for_reading(0.5), "0.5");
        assert_eq!(round_for_reading(3.0), "3");
        assert_eq!(round_for_reading(-0.001), "0");
        assert_eq!(round_for_reading(f64::NAN), "–");
    }

    #[test]
    fn a_draw_is_a_draw_not_two_winners() {
        let names = vec![seat_name(Seat(0)), seat_name(Seat(1))];
        let o = outcome(&[0, 1], &[0.5, 0.03571428571428571]);
        let e = ending_from(&o, names, vec!["0.5".into(), "0.04".into()], vec![], "why");
        assert_eq!(e.headline, "Draw: why");
        assert!(e.sides.iter().all(|s| s.result == "drew"));
        assert!(e.sides.iter().all(|s| s.losses.is_empty()));
    }

    #[test]
    fn headlines_name_the_winners() {
        let names: Vec<String> = ["Red", "Blue", "Green"].map(String::from).to_vec();
        assert_eq!(headline(&outcome(&[1], &[]), &names, ""), "Blue won");
        assert_eq!(
            headline(&outcome(&[0, 2], &[]), &names, "tied"),
            "Red and Green shared the win: tied"
        );
        assert_eq!(headline(&outcome(&[], &[]), &names, ""), "Nobody won");
        let e = ending_from(&outcome(&[0, 2], &[]), names, vec![], vec![], "");
        let results: Vec<&str> = e.sides.iter().map(|s| s.result.as_str()).collect();
        assert_eq!(results, ["shared the win", "lost", "shared the win"]);
    }

    /// Issue 37 §5: "won: 211 to 22 to 59 VP" does not say whose score is whose.
    #[test]
    fn three_way_headlines_name_every_sides_score() {
        let names: Vec<String> = ["Red", "Blue", "Green"].map(String::from).to_vec();
        let vp = |xs: &[&str]| xs.iter().map(|x| format!("{x} VP")).collect::<Vec<_>>();
        let h = |w: &[u8], s: &[&str]| scored_headline(&outcome(w, &[]), &names, &vp(s));
        assert_eq!(
            h(&[0], &["211", "22", "59"]),
            "Red won with 211 VP (Blue 22, Green 59)"
        );
        assert_eq!(
            h(&[2], &["20", "24", "218.5"]),
            "Green won with 218.5 VP (Red 20, Blue 24)"
        );
        assert_eq!(
            h(&[0, 2], &["50", "22", "50"]),
            "Red and Green shared the win with 50 VP each (Blue 22)"
        );
        assert_eq!(h(&[0, 1, 2], &["50", "50", "50"]), "Draw: 50 VP each");
        assert_eq!(
            h(&[], &["10", "9", "8"]),
            "Nobody won: Red 10, Blue 9, Green 8 VP"
        );
        // Scores counting different things keep their words.
        let mixed = ["3 VP".to_string(), "1 kill".into(), "0 VP".into()];
        assert_eq!(
            scored_headline(&outcome(&[0], &[]), &names, &mixed),
            "Red won with 3 VP (Blue 1 kill, Green 0 VP)"
        );
        // Two sides read as before.
        let two = &names[..2];
        assert_eq!(
            scored_headline(&outcome(&[1], &[]), two, &vp(&["9", "12"])),
            "Blue won: 12 to 9 VP"
        );
    }

    /// Issue 37 §5: `ladder` printed an Elo of "-0".
    #[test]
    fn signed_numbers_never_read_as_negative_zero() {
        assert_eq!(signed_for_reading(-0.3, 0), "0");
        assert_eq!(signed_for_reading(-0.0, 0), "0");
        assert_eq!(signed_for_reading(0.0, 0), "0");
        assert_eq!(signed_for_reading(-0.04, 1), "0.0");
        assert_eq!(signed_for_reading(382.4, 0), "+382");
        assert_eq!(signed_for_reading(-1200.0, 0), "-1200");
        assert_eq!(signed_for_reading(-0.06, 1), "-0.1");
        assert_eq!(signed_for_reading(f64::NAN, 0), "–");
    }

    #[test]
    fn losses_count_each_kind_once() {
        let fate = |kind: &str, survived| UnitFate {
            seat: Seat(0),
            kind: kind.into(),
            points: 1.0,
            survived,
        };
        let fates = [
            fate("Falcon", false),
            fate("Kestrel", false),
            fate("Falcon", false),
            fate("Wasp", true),
        ];
        assert_eq!(
            losses_from_fates(&fates, Seat(0), "ship", "ships", "destroyed"),
            ["3 ships destroyed (Falcon ×2, Kestrel)"]
        );
        assert!(losses_from_fates(&fates, Seat(1), "ship", "ships", "lost").is_empty());
    }

    #[test]
    fn the_toy_games_ending_names_seats_from_one_and_a_resignation_says_who() {
        use crate::toy::{BidScenario, SealedBids};
        use crate::Presentation;
        let g = SealedBids::setup(
            &BidScenario {
                players: 2,
                rounds: 1,
            },
            1,
        )
        .expect("set up");
        assert_eq!(g.ending(), None);
        let e = ending_after_resign(&g, Seat(0));
        assert_eq!(e.headline, "Seat 1 resigned: Seat 2 won");
        assert_eq!(e.sides[0].result, "resigned");
        assert_eq!(e.sides[1].result, "won");
        assert_eq!(e.sides[1].score, "0");
    }
}
