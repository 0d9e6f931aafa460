//! # Warfleets for Orrery
//!
//! Seed `003_1dc68837f13eba9c.txt` (Polish; One Page Rules' *Grimdark Future:
//! Warfleets*), its English rendering `fleet-battles.en.md`, the rulings
//! `rulings-fleet-battles.md` (FB-01…FB-21) and this project's own rulings in
//! `docs/warfleets.md` (WFO-…).
//!
//! Structure: `catalogue` (hulls, weapons, systems, heroes, titles, special rules as
//! data), `fleet` (lists, points, force organisation: FB-02/03), `scenario` (TOML,
//! set-up), `terrain` (FB-13/14), `state`, `action`/`event`, `rules` (markers,
//! deployment, rounds, phases, alternation, morale, the end: FB-11/17/18/20),
//! `answers` (what each answer does), `menu` (the lists of answers), `choices` (the
//! owners' choices that interrupt an activation: repairs, damage, squadrons placed
//! aside: FB-08/15), `movement` (FB-06–10), `combat` (FB-05/12),
//! `damage` (FB-15/16), `odds`, `view`, `render`, `quick`, `validate`; `game`, above
//! them all, implements [`Game`](orrery_core::Game) under its own names, and each capability lives in the
//! module that owns it.

pub mod action;
mod answers;
pub mod catalogue;
mod choices;
pub mod combat;
mod damage;
mod draw;
mod ending;
pub mod event;
pub mod fleet;
mod fleetfile;
mod game;
mod geometry;
pub mod glossary;
mod learn;
mod lists;
mod menu;
pub mod movement;
mod observe;
pub mod odds;
mod quick;
mod refusal;
pub mod render;
mod room;
pub mod rules;
pub mod scenario;
mod shots;
pub mod state;
pub mod terrain;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
mod validate;
pub mod view;

pub use action::{Action, GunRef};
pub use event::Event;
pub use scenario::Scenario;
pub use state::Warfleets;
pub use view::WfView;

/// The rules' own tests: they set positions up inside the state (fields the crate keeps
/// to itself), so they live in the crate. Tests of what users meet through the trait
/// alone (conformance, data files) stay in `tests/`.
#[cfg(test)]
mod tests;
