//! The rules' tests, by part: the turn (BS-02/03/04/12), maneuvers (BS-05–08), combat
//! (BS-09–11), secrets (face-down cards), the agents' hooks and the learning encoding.

mod agents;
mod combat;
mod learning;
mod maneuvers;
mod secrecy;
mod turn;

use super::*;
use orrery_core::Game;

#[test]
fn shipped_data_reads() {
    scenario::check_shipped().unwrap();
    assert_eq!(BlackSkies::scenarios()[0].name, "duel");
}
