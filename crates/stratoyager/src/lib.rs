//! # Basic Stratoyager for Orrery
//!
//! Seed `000_c081104b10878ea2.txt` with the rulings `rulings-stratoyager.md`
//! (SY-01…SY-28, version 1) and this project's own rulings in
//! `docs/stratoyager.md` (SYO-…).
//!
//! Structure: `types` (parameter cards, maneuvers, bands), `state` (referee state and
//! the question batches that carry secret simultaneous orders), `action`/`event`,
//! `setup`, `sequence` (answering and resolving questions), `turn` (deployment,
//! initiative, reserves, game length, SY-13/22–28), `segment` (one activation,
//! SY-14/27), `movement` and `stress` (SY-07–SY-11), `combat` (SY-15–SY-21),
//! `victory`, `secrets` (determinization), `view`, `data` (TOML roster and
//! scenarios); `game`, above them all, implements [`Game`](orrery_core::Game) under its own names, and
//! each capability lives in the module that owns it.

pub mod action;
mod asks;
pub mod combat;
pub mod data;
mod ending;
pub mod evaluate;
pub mod event;
mod game;
pub mod glossary;
mod learn;
pub mod movement;
pub mod odds;
mod presentation;
mod preview;
pub mod quick;
pub mod refusal;
pub mod render;
pub mod roster;
pub mod search;
mod secrets;
mod segment;
mod sequence;
pub mod setup;
pub mod state;
pub mod stress;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
mod turn;
pub mod types;
mod validate;
pub mod victory;
pub mod view;

pub use action::{Action, CombatOrder, MissileOrder};
pub use event::Event;
pub use state::Stratoyager;
pub use types::*;
pub use view::SyView;

/// The rules' own tests: they set positions up inside the state (fields the crate keeps
/// to itself), so they live in the crate. Tests of what users meet through the trait
/// alone (conformance, data files) stay in `tests/`.
#[cfg(test)]
mod tests;
