//! The rules' tests, by part (each file names the rules it shows acting).

mod agents;
mod board;
mod combat;
mod economy;
mod hidden;
mod learning;
mod movement;
mod odds;
mod validate;
mod victory;

use super::*;
use orrery_core::Game;

#[test]
fn shipped_data_reads() {
    scenario::check_shipped().unwrap();
    assert_eq!(Stgv2::scenarios().len(), 6);
}
