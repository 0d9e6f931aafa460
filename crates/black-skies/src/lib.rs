//! # Black Skies for Orrery
//!
//! Seed `004_1b3693060411e56c.txt` with the rulings `rulings-black-skies.md`
//! (BS-01…BS-15, version 2) and this project's own rulings in `docs/black-skies.md`
//! (BSO-…).
//!
//! Structure: `catalogue` (weights, thrusters, weapons, armour, points: BS-14/15),
//! `maneuver` (the twelve cards, their paths and piloting checks: BS-06–08),
//! `scenario` (TOML scenarios and set-up: BS-01/02), `state`, `action`/`event`,
//! `rules` (questions, the turn and its groups, activations, the end: BS-03/04/12),
//! `flight` (moving, asteroids, collisions, cohesion, edges, shooting: BS-05/09/13),
//! `combat` (arcs, bands, accuracy, exact attack odds: BS-09–11), `odds` (the
//! calculators and the preview of a card), `secrets` (face-down cards, agents'
//! hooks), `view`, `render`, `validate`; `game`, above them all, implements `Game`
//! under its own names, and each capability lives in the module that owns it.

pub mod action;
mod board;
pub mod catalogue;
pub mod combat;
mod deploy;
pub mod event;
mod flight;
mod game;
pub mod glossary;
mod learn;
pub mod maneuver;
mod model;
pub mod odds;
mod presentation;
mod quick;
pub mod render;
pub mod rules;
pub mod scenario;
mod secrets;
pub mod state;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
mod validate;
pub mod view;

pub use action::{Action, Wing};
pub use event::Event;
pub use scenario::Scenario;
pub use state::BlackSkies;
pub use view::BsView;

/// The pilots of forces built from the roster (`calibrate`): trained.
pub const ROSTER_SKILL: u8 = 2;

/// The rules' own tests: they set positions up inside the state (fields the crate keeps
/// to itself), so they live in the crate. The tests of what users meet through the
/// trait alone (conformance, data files) stay in `tests/`.
#[cfg(test)]
mod tests;
