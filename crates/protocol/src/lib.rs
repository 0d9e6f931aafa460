//! # orrery-protocol
//!
//! The engine protocol, like UCI for chess engines: a bot in any language drives an
//! Orrery engine by writing one JSON request per line and reading exactly one JSON
//! response per line (see `docs/protocol.md`).
//!
//! - [`DynGame`]: any [`orrery_core::Game`] behind one object-safe, JSON-in/JSON-out
//!   interface ([`SessionGame`] wraps an [`orrery_core::Session`]: record with hashes,
//!   per-seat records that keep secrets, undo that never reaches past a die roll or
//!   a reveal, an event log).
//! - [`Registry`]: the rulesets an engine offers, by id.
//! - [`Engine`] / [`serve`]: the command loop.

mod dyn_game;
mod engine;
mod error;
mod log;
mod registry;
mod strict;
mod suggest;
pub mod tutorial;

pub use dyn_game::{
    raw_null, DynAgents, DynGame, DynOdds, DynPresentation, OutcomeJson, SessionGame, Status,
};
pub use engine::{
    error_response, random_seed, serve, CommandInfo, Engine, COMMANDS, MAX_BUDGET_MS,
    MAX_ITERATIONS, MAX_LINE_BYTES,
};
pub use error::ProtocolError;
pub use registry::{
    Registry, Ruleset, RulesetFiles, RulesetInfo, RulesetOdds, RulesetPresentation, ScenarioCheck,
    ScenarioInfo, ScenarioSpec,
};
pub use strict::{clip, clip_to, MAX_ECHO_CHARS, MAX_MESSAGE_CHARS};
pub use suggest::{did_you_mean, unknown_ruleset_hint};
