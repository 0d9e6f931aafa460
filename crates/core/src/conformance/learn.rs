//! The learning encoding ([`crate::learn`]) holds for the whole game: every legal
//! action has an id inside the space, no two of one state share one, an id means the
//! same move all game long (and a move keeps its id), an id is one seat's move only
//! where the ruleset says so ([`crate::Learning::IDS_NAME_THE_SEAT`]),
//! and every seat's observation keeps its set-up length with finite numbers, each
//! number under a name of its own (checked every [`NAMES_EVERY`] steps: names are
//! the slow path, for people reading the encoding).

use crate::learn::{action_ids, check_ids, observation, observation_named};
use crate::{FullGame, Seat};
use std::collections::HashMap;

pub(super) struct Learning<A> {
    space: usize,
    /// [`crate::Learning::IDS_NAME_THE_SEAT`]: an id is one seat's move only.
    seat_ids: bool,
    /// Each seat's observation length at set-up.
    lengths: Vec<usize>,
    /// A seat's id → the move it meant for that seat.
    meaning: HashMap<(Seat, usize), A>,
    /// A seat's move (as JSON) → its id, written when an id is first met (an id that
    /// keeps its move needs no new look: the move had that id already).
    id_of: HashMap<(Seat, String), usize>,
    /// An id → the seat whose move it is.
    owner: HashMap<usize, Seat>,
}

/// How often (in steps) the names of every seat's observation are read.
const NAMES_EVERY: usize = 32;

impl<A: Clone + PartialEq + serde::Serialize> Learning<A> {
    pub(super) fn new<G: FullGame<Action = A>>(game: &G) -> Self {
        Learning {
            space: game.action_space(),
            seat_ids: G::IDS_NAME_THE_SEAT,
            lengths: (0..game.seats())
                .map(|s| observation(game, Seat(s)).len())
                .collect(),
            meaning: HashMap::new(),
            id_of: HashMap::new(),
            owner: HashMap::new(),
        }
    }

    pub(super) fn check<G: FullGame<Action = A>>(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[A],
        out: &mut Vec<String>,
        tag: &str,
        step: usize,
    ) {
        if self.space == 0 {
            return;
        }
        let ids = action_ids(game, seat, legal);
        if let Err(why) = check_ids(&ids, self.space) {
            out.push(format!("{tag} step {step}: seat {seat}: {why}"));
            return;
        }
        let json = |a: &A| serde_json::to_string(a).unwrap_or_default();
        for (a, id) in legal.iter().zip(ids.iter().flatten()) {
            match self.meaning.get(&(seat, *id)) {
                Some(was) if was == a => continue,
                Some(was) => out.push(format!(
                    "{tag} step {step}: seat {seat}'s action id {id} meant {} and now {}",
                    json(was),
                    json(a)
                )),
                None => {
                    self.meaning.insert((seat, *id), a.clone());
                    let owner = *self.owner.entry(*id).or_insert(seat);
                    if self.seat_ids && owner != seat {
                        out.push(format!(
                            "{tag} step {step}: action id {id} is seat {owner}'s and seat {seat}'s"
                        ));
                    }
                }
            }
            if let Some(was) = self.id_of.insert((seat, json(a)), *id) {
                if was != *id {
                    out.push(format!(
                        "{tag} step {step}: seat {seat}'s {} had id {was} and now {id}",
                        json(a)
                    ));
                }
            }
        }
        for (s, want) in self.lengths.iter().enumerate() {
            let obs = observation(game, Seat(s as u8));
            if obs.len() != *want {
                out.push(format!(
                    "{tag} step {step}: seat {s}'s observation has {} numbers, {want} at set-up",
                    obs.len()
                ));
            }
            if let Some(i) = obs.iter().position(|v| !v.is_finite()) {
                out.push(format!(
                    "{tag} step {step}: seat {s}'s observation #{i} is {}",
                    obs[i]
                ));
            }
            if step.is_multiple_of(NAMES_EVERY) {
                names(game, Seat(s as u8), &obs, out, tag, step);
            }
        }
    }
}

/// Every number of `seat`'s observation `obs` has a name, and no two the same one.
fn names<G: FullGame>(
    game: &G,
    seat: Seat,
    obs: &[f32],
    out: &mut Vec<String>,
    tag: &str,
    step: usize,
) {
    let named = observation_named(game, seat);
    let Some(names) = named.names() else {
        out.push(format!(
            "{tag} step {step}: seat {seat}'s observation kept no names"
        ));
        return;
    };
    if names.len() != obs.len() || named.values() != obs {
        out.push(format!(
            "{tag} step {step}: seat {seat}'s named observation ({} names, {} numbers) is not its observation ({} numbers)",
            names.len(),
            named.len(),
            obs.len()
        ));
    }
    let mut seen = std::collections::HashSet::new();
    if let Some(twice) = names.iter().find(|n| !seen.insert(n.as_str())) {
        out.push(format!(
            "{tag} step {step}: seat {seat}'s observation names {twice} twice"
        ));
    }
}
