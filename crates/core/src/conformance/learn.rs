//! The learning encoding ([`crate::learn`]) holds for the whole game: every legal
//! action has an id inside the space, no two of one state share one, an id means the
//! same move all game long (and a move keeps its id), and every seat's observation
//! keeps its set-up length with finite numbers.

use crate::learn::{action_ids, check_ids, observation};
use crate::{FullGame, Seat};
use std::collections::HashMap;

pub(super) struct Learning<A> {
    space: usize,
    /// Each seat's observation length at set-up.
    lengths: Vec<usize>,
    /// A seat's id → the move it meant for that seat.
    meaning: HashMap<(Seat, usize), A>,
    /// A seat's move (as JSON) → its id, written when an id is first met (an id that
    /// keeps its move needs no new look: the move had that id already).
    id_of: HashMap<(Seat, String), usize>,
}

impl<A: Clone + PartialEq + serde::Serialize> Learning<A> {
    pub(super) fn new<G: FullGame<Action = A>>(game: &G) -> Self {
        Learning {
            space: game.action_space(),
            lengths: (0..game.seats())
                .map(|s| observation(game, Seat(s)).len())
                .collect(),
            meaning: HashMap::new(),
            id_of: HashMap::new(),
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
        }
    }
}
