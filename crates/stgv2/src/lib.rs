//! # STGv2 for Orrery
//!
//! Seed `002_248fd9bc0ecfe6b7.txt` ("STGv2 Basics", Scenario 1 "Outpost"), the
//! rulings `rulings-stgv2.md` (ST-01…ST-19, version 2) and this project's own rulings in
//! `docs/stgv2.md` (STO-…).
//!
//! Structure: the field is the `orrery-nodes` crate (ST-01…ST-03); `scenario`
//! (boards, starting state, decks and prices as TOML: ST-04/05), `state`, `deck`,
//! `action`/`event`, `rules` (the turn's seven steps, ST-06), `victory` (ST-17…ST-19),
//! `movement` (Move Cards, ST-07…ST-09), `combat` (ST-10…ST-12), `economy`
//! (ST-13…ST-15), `odds`, `value` (the agents' evaluation), `view`, `render`,
//! `quick`, `validate`; `game`, above them all, implements [`Game`](orrery_core::Game) under its own
//! names, and each capability lives in the module that owns it.

pub mod action;
pub mod combat;
pub mod deck;
pub mod economy;
mod ending;
pub mod event;
mod game;
pub mod glossary;
mod grid;
mod knowledge;
pub mod learn;
mod legal;
pub mod movement;
pub mod odds;
mod quick;
pub mod refusal;
pub mod render;
pub mod rules;
pub mod scenario;
pub mod state;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
mod validate;
pub mod value;
mod victory;
pub mod view;
mod words;

pub use action::{Action, Item};
pub use event::Event;
pub use scenario::Scenario;
pub use state::Stgv2;
pub use view::StView;

/// The rules' own tests: they set positions up inside the state (fields the crate keeps
/// to itself), so they live in the crate. Tests of what users meet through the trait
/// alone (conformance, data files) stay in `tests/`.
#[cfg(test)]
mod tests;
