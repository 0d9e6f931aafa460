//! The rules' tests, by part (each file names the rules it shows acting).

mod combat;
mod flow;
mod learning;
mod odds;
mod search;
mod secrecy;
mod sequence;
mod validate;
