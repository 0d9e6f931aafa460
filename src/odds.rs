//! `orrery odds`: exact odds (being written).

use anyhow::Result;
use clap::Args;

/// Arguments of `orrery odds`.
#[derive(Args, Debug)]
pub struct OddsArgs {}

pub fn run(_a: &OddsArgs) -> Result<()> {
    anyhow::bail!("not yet")
}
