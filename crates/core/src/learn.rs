//! What learning environments (the Python package's PettingZoo environments) need of a
//! ruleset: a fixed numbering of its moves ([`Learning::action_space`],
//! [`Learning::action_id`]) and a seat's view written as a flat vector of numbers
//! ([`Learning::observe`]).
//!
//! The numbering follows OpenSpiel's *distinct actions*: an id means the same move
//! whenever it is legal, two legal actions of one state never share an id, and every
//! id of a game is below the space its set-up state gives. The observation is written
//! from the seat's [`Game::View`](crate::Game::View) alone, so it can never tell a seat what its view
//! does not; its length is the same in every state of a game.

use crate::{Learning, Seat};
use std::fmt;

/// A seat's view written as numbers, one named field at a time. The names are kept
/// only when asked for ([`Features::named`]): they document the vector field by field
/// without slowing down an environment's steps.
#[derive(Clone, Debug, Default)]
pub struct Features {
    values: Vec<f32>,
    names: Option<Vec<String>>,
}

impl Features {
    /// Values only: what an environment's step writes.
    pub fn new() -> Self {
        Self::default()
    }

    /// Values and the name of each.
    pub fn named() -> Self {
        Features {
            values: Vec::new(),
            names: Some(Vec::new()),
        }
    }

    /// One number. Write `put(format_args!("ship{i}.hull"), h)`: the name is formatted
    /// only when names are kept.
    pub fn put(&mut self, name: fmt::Arguments<'_>, value: f32) {
        self.values.push(value);
        if let Some(names) = &mut self.names {
            names.push(name.to_string());
        }
    }

    /// 1 when `on`, else 0.
    pub fn flag(&mut self, name: fmt::Arguments<'_>, on: bool) {
        self.put(name, if on { 1.0 } else { 0.0 });
    }

    /// `n` numbers, the `index`th 1 and the others 0 (all 0 for `None` or an index out
    /// of range); field `k` is named `name=k`.
    pub fn one_hot(&mut self, name: fmt::Arguments<'_>, index: Option<usize>, n: usize) {
        let start = self.values.len();
        self.values.resize(start + n, 0.0);
        if let Some(i) = index.filter(|i| *i < n) {
            self.values[start + i] = 1.0;
        }
        if let Some(names) = &mut self.names {
            let base = name.to_string();
            names.extend((0..n).map(|k| format!("{base}={k}")));
        }
    }

    /// The numbers written so far.
    pub fn values(&self) -> &[f32] {
        &self.values
    }

    /// The name of each number, when kept.
    pub fn names(&self) -> Option<&[String]> {
        self.names.as_deref()
    }

    /// The number named `name`, when names are kept.
    pub fn value(&self, name: &str) -> Option<f32> {
        let i = self.names.as_ref()?.iter().position(|n| n == name)?;
        self.values.get(i).copied()
    }

    pub fn into_values(self) -> Vec<f32> {
        self.values
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// `seat`'s observation of `game` ([`Learning::observe`] of its view).
pub fn observation<G: Learning>(game: &G, seat: Seat) -> Vec<f32> {
    let mut f = Features::new();
    G::observe(&game.view(Some(seat)), &mut f);
    f.into_values()
}

/// `seat`'s observation of `game` with the name of every number.
pub fn observation_named<G: Learning>(game: &G, seat: Seat) -> Features {
    let mut f = Features::named();
    G::observe(&game.view(Some(seat)), &mut f);
    f
}

/// The ids of `legal` (`seat`'s legal actions, in order): `None` where the ruleset
/// gives an action no id.
pub fn action_ids<G: Learning>(game: &G, seat: Seat, legal: &[G::Action]) -> Vec<Option<usize>> {
    legal.iter().map(|a| game.action_id(seat, a)).collect()
}

/// What is wrong with the ids of one state's legal actions: an action without an id,
/// an id outside the space, or two actions sharing one.
pub fn check_ids(ids: &[Option<usize>], space: usize) -> Result<(), String> {
    let mut seen = std::collections::HashMap::new();
    for (i, id) in ids.iter().enumerate() {
        let Some(id) = *id else {
            return Err(format!("legal action #{i} has no action id"));
        };
        if id >= space {
            return Err(format!(
                "legal action #{i} has id {id}, outside the action space of {space}"
            ));
        }
        if let Some(j) = seen.insert(id, i) {
            return Err(format!("legal actions #{j} and #{i} share the id {id}"));
        }
    }
    Ok(())
}

/// `v` when it is below `size`: one field of a mixed-radix action id, `None` (no id)
/// when the field is out of the range its radix allows.
pub fn below(v: usize, size: usize) -> Option<usize> {
    (v < size).then_some(v)
}

/// The id of `within` in block `b` when every seat's ids are laid out one seat after
/// another, each seat's in consecutive blocks of `sizes` (so an id names one seat's
/// move). The space is `seats × Σ sizes`.
pub fn seat_block_id(seat: Seat, sizes: &[usize], b: usize, within: usize) -> usize {
    let per_seat: usize = sizes.iter().sum();
    let start: usize = sizes[..b.min(sizes.len())].iter().sum();
    usize::from(seat.0) * per_seat + start + within
}
