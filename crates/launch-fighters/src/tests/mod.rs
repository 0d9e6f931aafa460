//! The rules' tests, by part (each file names the rules it shows acting).

mod attack;
mod attack_fighters;
mod attack_fire;
mod attack_hits;
mod attack_support;
mod attack_walk;
mod learning;
mod objectives;
mod odds;
mod optional_rules;
mod phases;
mod rulings_lfo;
mod search;
mod timeout_default;
mod validate;
