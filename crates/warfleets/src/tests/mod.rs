//! The rules' tests, by part (each file names the rules it shows acting).

mod agents;
mod combat;
mod data;
mod learning;
mod movement;
mod round;
mod sample;
mod state;

use super::*;
use orrery_core::Game;

#[test]
fn shipped_data_reads() {
    scenario::check_shipped().unwrap();
    assert_eq!(Warfleets::scenarios().len(), 3);
}
