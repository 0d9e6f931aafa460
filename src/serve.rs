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
    /// Connections to PostgreSQL this process may open (each write holds one for a
    /// single statement; reads of games in memory need none). Not used with SQLite.
    #[arg(long, default_value_t = orrery_server::DEFAULT_DB_POOL,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub db_pool: u32,
    /// Threads answering requests (default: half the cores, at least one; agents,
    /// replays and the database use the others).
    #[arg(long)]
    pub workers: Option<usize>,
    /// Requests (and WebSocket messages) per second per client address; 0 = no limit.
    #[arg(long, default_value_t = Limits::default().rate_per_sec)]
    pub rate_limit: u32,
    /// Seconds a game nobody asks for or watches stays in memory (it stays in the
    /// database and is reloaded when asked for).
    #[arg(long, default_value_t = Limits::default().idle_unload.as_secs())]
    pub idle_unload: u64,
    /// Resident memory in MiB past which games leave memory early (finished ones
    /// first, then the longest unasked-for; they stay in the database and are
    /// reloaded when asked for). 0: no budget, only --idle-unload.
    #[arg(long, default_value_t = 0)]
    pub memory_budget: u64,
    /// Open connections in all; lowered at start-up to fit the descriptor limit
    /// (raised to its hard limit first). Past it: 503 and closed.
    #[arg(long, default_value_t = Limits::default().max_connections)]
    pub max_connections: usize,
    /// Open connections per client address. Past it: 429 and closed.
    #[arg(long, default_value_t = Limits::default().connections_per_address)]
    pub connections_per_address: usize,
    /// Open WebSockets in all. Past it: 503 busy.
    #[arg(long, default_value_t = Limits::default().max_sockets)]
    pub max_sockets: usize,
    /// Open WebSockets per client address. Past it: 429 too_many_sockets.
    #[arg(long, default_value_t = Limits::default().sockets_per_address)]
    pub sockets_per_address: usize,
    /// Seconds a WebSocket stays open with no message from its client (pongs do not
    /// count) and no change of its game.
    #[arg(long, default_value_t = Limits::default().ws_quiet.as_secs())]
    pub ws_quiet: u64,
    /// Seconds a write may wait for a client that takes nothing of it (an answer or a
    /// WebSocket push); past it the connection is reset.
    #[arg(long, default_value_t = Limits::default().write_stall.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    pub write_stall: u64,
    /// Seconds a spectator's WebSocket stays open (it may reconnect).
    #[arg(long, default_value_t = Limits::default().spectator_ttl.as_secs())]
    pub spectator_ttl: u64,
    /// Games one client address may create per hour; 0 = no quota.
    #[arg(long, default_value_t = Limits::default().games_per_hour)]
    pub games_per_hour: u32,
    /// Accounts one client address group may sign up per hour; 0 = no quota.
    #[arg(long, default_value_t = Limits::default().accounts_per_hour)]
    pub accounts_per_hour: u32,
    /// Unfinished games of agents alone (no human seat) one client address may have.
    /// A game with a person in it is never refused for its agents.
    #[arg(long, default_value_t = Limits::default().agent_games_per_address)]
    pub agent_games_per_address: usize,
    /// Seconds of thinking the agents of all games one address created (an IPv6
    /// address counts by its /64) may spend within any --agent-window; past it their
    /// next decisions wait. 0 = no bound.
    #[arg(long, default_value_t = Limits::default().agent_ms_per_address / 1000)]
    pub agent_seconds_per_address: u64,
    /// The sliding window of --agent-seconds-per-address, in seconds.
    #[arg(long, default_value_t = Limits::default().agent_window.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    pub agent_window: u64,
    /// Seconds of thinking all agents of one game may spend; past it they play their
    /// seat's default action.
    #[arg(long, default_value_t = Limits::default().agent_ms_per_game / 1000)]
    pub agent_seconds_per_game: u64,
    /// Every per-client limit counts an IPv6 client by this many leading bits of its
    /// address (one household or host is handed a whole /64); an IPv4 client by its
    /// address. 128: each IPv6 address alone.
    #[arg(long, default_value_t = Limits::default().ipv6_group_bits,
          value_parser = clap::value_parser!(u8).range(32..=128))]
    pub ipv6_group_bits: u8,
    /// A proxy (an address or a network, e.g. 10.0.0.0/8; repeatable) whose
    /// `Forwarded` / `X-Forwarded-For` headers name the client. The client is the
    /// right-most hop not itself a trusted proxy. Without it those headers are
    /// ignored: behind a proxy, every client would count as the proxy.
    #[arg(long = "trusted-proxy", value_name = "CIDR")]
    pub trusted_proxy: Vec<orrery_server::Cidr>,
}

pub fn run(a: &ServeArgs) -> Result<()> {
    let defaults = Limits::default();
    let limits = Limits {
        rate_per_sec: a.rate_limit,
        burst: a.rate_limit.saturating_mul(2),
        idle_unload: Duration::from_secs(a.idle_unload),
        memory_budget: a.memory_budget.saturating_mul(1024 * 1024),
        max_connections: a.max_connections,
        connections_per_address: a.connections_per_address,
        max_sockets: a.max_sockets,
        sockets_per_address: a.sockets_per_address,
        ws_quiet: Duration::from_secs(a.ws_quiet.max(1)),
        spectator_ttl: Duration::from_secs(a.spectator_ttl.max(1)),
        write_stall: Duration::from_secs(a.write_stall),
        games_per_hour: a.games_per_hour,
        accounts_per_hour: a.accounts_per_hour,
        agent_games_per_address: a.agent_games_per_address,
        agent_ms_per_address: a.agent_seconds_per_address.saturating_mul(1000),
        agent_window: Duration::from_secs(a.agent_window),
        agent_ms_per_game: a.agent_seconds_per_game.saturating_mul(1000),
        ipv6_group_bits: a.ipv6_group_bits,
        trusted_proxies: a.trusted_proxy.clone(),
        ..defaults
    };
    let config = Config {
        addr: a.addr.clone(),
        data_dir: a.data.clone(),
        database_url: a.database_url.clone(),
        db_pool: a.db_pool,
        workers: a.workers,
        limits,
    };
    orrery_server::serve(config, crate::rulesets::registry())?;
    Ok(())
}

/// `orrery admin`: an operator's work on a server's database.
#[derive(clap::Subcommand, Debug)]
pub enum AdminCommand {
    /// Give an account a new password, read from standard input (one line), and end
    /// every session of it. The player logs in with it and should change it.
    #[command(after_help = "Examples:
  echo 'a new password' | orrery admin reset-password Ada
  orrery admin reset-password Ada --database-url postgres://orrery@db/orrery < pw.txt

Works on the database directly, with or without `orrery serve` running on it.")]
    ResetPassword {
        /// The account's name (as a login names it: letter case does not matter).
        name: String,
        /// Directory of the embedded SQLite database.
        #[arg(long, default_value = "orrery-data")]
        data: PathBuf,
        /// PostgreSQL's URL instead of SQLite.
        #[arg(long, env = "ORRERY_DATABASE_URL")]
        database_url: Option<String>,
    },
}

/// Run an `orrery admin` command.
pub fn admin(c: &AdminCommand) -> Result<()> {
    match c {
        AdminCommand::ResetPassword {
            name,
            data,
            database_url,
        } => {
            let mut line = String::new();
            std::io::stdin().read_line(&mut line).map_err(|e| {
                anyhow::anyhow!("reading the new password from standard input: {e}")
            })?;
            let password = line.trim_end_matches(['\n', '\r']);
            orrery_server::reset_password(data, database_url.as_deref(), name, password)?;
            println!("orrery admin: {name}'s password is reset; every session of it ended");
            Ok(())
        }
    }
}
