//! `orrery sim`: batch battles (being written).

use anyhow::Result;
use clap::Args;

/// Arguments of `orrery sim`.
#[derive(Args, Debug)]
pub struct SimArgs {}

pub fn run(_a: &SimArgs) -> Result<()> {
    anyhow::bail!("not yet")
}
