//! The learning encoding ([`crate::learn`]) holds for the whole game: every legal
//! action has an id inside the space, no two of one state share one, an id means the
//! same move all game long (and a move keeps its id), and every seat's observation
//! keeps its set-up length with finite numbers.

use crate::learn::{action_ids, check_ids, observation};
use crate::{Game, Seat};
use std::collections::HashMap;

pub(super) struct Learning {
    space: usize,
    /// Each seat's observation length at set-up.
    lengths: Vec<usize>,
    /// A seat's id → the move (as JSON) it meant for that seat, and back.
    meaning: HashMap<(Seat, usize), String>,
    id_of: HashMap<(Seat, String), usize>,
}

impl Learning {
    pub(super) fn new<G: Game>(game: &G) -> Self {
        Learning {
            space: game.action_space(),
            lengths: (0..game.seats())
                .map(|s| observation(game, Seat(s)).len())
                .collect(),
            meaning: HashMap::new(),
            id_of: HashMap::new(),
        }
    }

    pub(super) fn check<G: Game>(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
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
        for (a, id) in legal.iter().zip(ids.iter().flatten()) {
            let json = serde_json::to_string(a).unwrap_or_default();
            if let Some(was) = self.meaning.get(&(seat, *id)) {
                if *was != json {
                    out.push(format!(
                        "{tag} step {step}: seat {seat}'s action id {id} meant {was} and now {json}"
                    ));
                }
            } else {
                self.meaning.insert((seat, *id), json.clone());
            }
            if let Some(was) = self.id_of.insert((seat, json.clone()), *id) {
                if was != *id {
                    out.push(format!(
                        "{tag} step {step}: seat {seat}'s {json} had id {was} and now {id}"
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
