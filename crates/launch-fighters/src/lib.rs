//! # Launch Fighters! v1.1 for Orrery
//!
//! Seed `001_2f9708562c11d520.txt` with the rulings `rulings-launch-fighters.md`
//! (LF-01…LF-21, version 1) and this project's own rulings in
//! `docs/launch-fighters.md` (LFO-…).
//!
//! Structure: `types` (value types), `state` (referee state), `action`/`event`,
//! `sequence` (the Step Chart loop, LF-08), then one module per part of the turn:
//! `placement`, `initiative`, `movement`, `attack`, `damage`, `recovery`, `victory`;
//! `design` (construction costs, LF-18) and `data` (TOML loading) for the data files;
//! `game`, above them all, dispatches to the part that answers and implements [`Game`](orrery_core::Game)
//! under its own names; each capability lives in the module that owns it.
//!
//! Every action goes through *check* (pure, `&self`) then *execute*; the legal list is
//! the candidates that pass the check, so listed and accepted actions cannot drift.

pub mod action;
mod attack;
pub mod damage;
pub mod data;
pub mod default_action;
pub mod design;
mod ending;
mod evaluate;
pub mod event;
mod game;
pub mod glossary;
mod initiative;
pub mod learn;
mod movement;
pub mod objectives;
pub mod odds;
mod placement;
mod recovery;
pub mod refusal;
pub mod render;
pub mod roster;
pub mod search;
mod sequence;
pub mod state;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
pub mod types;
mod validate;
pub mod victory;
pub mod view;

pub use action::{Action, SquadronFate};
pub use event::{BarrageResult, Event};
pub use state::LaunchFighters;
pub use types::*;
pub use view::LfView;

/// The rules' own tests: they set positions up inside the state (fields the crate keeps
/// to itself), so they live in the crate. Tests of what users meet through the trait
/// alone (conformance, data files) stay in `tests/`.
#[cfg(test)]
mod tests;
