//! `orrery calibrate`: fair unit values (being written).

use anyhow::Result;
use clap::Args;

/// Arguments of `orrery calibrate`.
#[derive(Args, Debug)]
pub struct CalibrateArgs {}

pub fn run(_a: &CalibrateArgs) -> Result<()> {
    anyhow::bail!("not yet")
}
