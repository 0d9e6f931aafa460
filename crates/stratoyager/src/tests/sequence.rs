//! The turn sequence driven through `Game::apply`: deployment (SY-22), initiative
//! (SY-13), segments (SY-14, SY-15, SY-11, SY-12), reserves (SY-23), leaving the
//! table (SY-24), dogfights (SY-27), arcade mode (SY-26), game end and victory
//! (SY-25, SY-28) and the timeout defaults.

#[path = "sequence/common.rs"]
mod common;
#[path = "sequence/deploy.rs"]
mod deploy;
#[path = "sequence/dogfight.rs"]
mod dogfight;
#[path = "sequence/end.rs"]
mod end;
#[path = "sequence/initiative.rs"]
mod initiative;
#[path = "sequence/segment.rs"]
mod segment;
