//! `orrery serve`: online play over HTTP and WebSocket (docs/server.md).

use anyhow::Result;
use clap::Args;
use orrery_server::{Config, Limits};
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `orrery serve`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  orrery serve                                   # http://127.0.0.1:8080, games in ./orrery-data
  orrery serve --addr 0.0.0.0:9000 --data /var/lib/orrery
  orrery serve --database-url postgres://orrery@db/orrery   # several servers, one database

The API (JSON over HTTP and a WebSocket per seat) is described in docs/server.md and
served at /api/openapi.json.")]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port; the address is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Directory of the embedded SQLite database (created if missing).
    #[arg(long, default_value = "orrery-data")]
    pub data: PathBuf,
    /// Use PostgreSQL at this URL instead of SQLite (postgres://user:pass@host/db).
    /// Several `orrery serve` processes may share one database.
    #[arg(long, env = "ORRERY_DATABASE_URL")]
    pub database_url: Option<String>,
    /// Requests (and WebSocket messages) per second per client address; 0 = no limit.
    #[arg(long, default_value_t = Limits::default().rate_per_sec)]
    pub rate_limit: u32,
    /// Seconds a game nobody asks for or watches stays in memory (it stays in the
    /// database and is reloaded when asked for).
    #[arg(long, default_value_t = Limits::default().idle_unload.as_secs())]
    pub idle_unload: u64,
}

pub fn run(a: &ServeArgs) -> Result<()> {
    let defaults = Limits::default();
    let limits = Limits {
        rate_per_sec: a.rate_limit,
        burst: a.rate_limit.saturating_mul(2),
        idle_unload: Duration::from_secs(a.idle_unload),
        ..defaults
    };
    let config = Config {
        addr: a.addr.clone(),
        data_dir: a.data.clone(),
        database_url: a.database_url.clone(),
        limits,
    };
    orrery_server::serve(config, crate::registry())?;
    Ok(())
}
