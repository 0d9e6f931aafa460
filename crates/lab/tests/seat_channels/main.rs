//! What a seat is told, tested over every ruleset with the agents as channels: one
//! test binary for both, because each instantiates every agent for every ruleset and
//! compiling that twice cost a CI run about a minute.

mod agent_secrecy;
mod goldens;
