//! The limits a server keeps (docs/server.md): body and WebSocket message sizes, a
//! per-client request rate, time limits, when idle games leave memory, the caps on
//! what one client may hold (connections, WebSockets, new games, games of agents
//! alone), and the agents' thinking each address's games may use.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Every limit, with the defaults `orrery serve` documents.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body (a new game with an inline scenario, an action).
    pub max_body_bytes: usize,
    /// Largest WebSocket message from a client.
    pub max_ws_message_bytes: usize,
    /// Requests (and WebSocket messages) per second per client address; 0 = no limit.
    pub rate_per_sec: u32,
    /// Requests a client may send at once before the rate applies.
    pub burst: u32,
    /// A request taking longer is answered `503 timeout`.
    pub request_timeout: Duration,
    /// A connection that sends no complete request head for this long is closed:
    /// slow senders, and keep-alive connections left idle.
    pub header_timeout: Duration,
    /// A WebSocket that sends nothing (not even a pong) for this long is closed.
    pub ws_idle: Duration,
    /// A write the client has taken nothing of for this long fails and its
    /// connection is reset (an HTTP answer or a WebSocket push alike): a client
    /// that stops reading holds nothing past it.
    pub write_stall: Duration,
    /// The kernel's send buffer per connection (`SO_SNDBUF`; 0: the kernel's own,
    /// which grows to several MiB): with `write_stall`, the bound on what a client
    /// that stops reading leaves unsent, besides the one message being written.
    pub send_buffer_bytes: usize,
    /// A game nobody asks for or watches this long leaves memory (not the database).
    pub idle_unload: Duration,
    /// Resident memory (bytes) past which games leave memory before `idle_unload`,
    /// finished ones first, then the longest unasked-for (`--memory-budget`); 0:
    /// no budget.
    pub memory_budget: u64,
    /// Allowed `clock_ms` per decision, inclusive.
    pub clock_ms: (u64, u64),
    /// Open connections in all (HTTP and WebSocket); past it a new connection is
    /// answered `503` and closed. Lowered at start-up to fit the descriptor limit.
    pub max_connections: usize,
    /// Open connections per client address; past it `429` and closed.
    pub connections_per_address: usize,
    /// Open WebSockets in all; past it an upgrade is answered `503 busy`.
    pub max_sockets: usize,
    /// Open WebSockets per client address; past it `429 too_many_sockets`.
    pub sockets_per_address: usize,
    /// A WebSocket closes (1001) when neither the client sent a message (pongs do
    /// not count) nor the game changed for this long.
    pub ws_quiet: Duration,
    /// A spectator's WebSocket closes (1001) after this long whatever happens.
    pub spectator_ttl: Duration,
    /// Games one client address may create per hour (also the burst); 0 = no quota.
    pub games_per_hour: u32,
    /// Accounts one address group may sign up per hour (also the burst); 0 = no quota.
    pub accounts_per_hour: u32,
    /// Unfinished games without a human seat (every seat an agent) one client address
    /// may have running. A game with a person in it is never refused for its agents:
    /// their thinking is bounded by `agent_ms_per_address` instead.
    pub agent_games_per_address: usize,
    /// Thinking all agents of the games one address group created may spend within
    /// any `agent_window`; past it their next decisions wait (0 = no bound).
    pub agent_ms_per_address: u64,
    /// The sliding window of `agent_ms_per_address`.
    pub agent_window: Duration,
    /// Thinking time all agents of one game may spend, in all; past it they play
    /// their seat's default action.
    pub agent_ms_per_game: u64,
    /// The prefix an IPv6 client is counted by ([`Limits::group`]): 64, one
    /// household's or host's allocation, by default.
    pub ipv6_group_bits: u8,
    /// Proxies whose `Forwarded` / `X-Forwarded-For` say who the client is
    /// (`--trusted-proxy`); none by default, so no client can name itself.
    pub trusted_proxies: Vec<crate::proxy::Cidr>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body_bytes: 256 * 1024,
            max_ws_message_bytes: 64 * 1024,
            rate_per_sec: 100,
            burst: 200,
            request_timeout: Duration::from_secs(30),
            header_timeout: Duration::from_secs(10),
            ws_idle: Duration::from_secs(120),
            write_stall: Duration::from_secs(10),
            send_buffer_bytes: 256 * 1024,
            idle_unload: Duration::from_secs(300),
            memory_budget: 0,
            clock_ms: (100, 7 * 24 * 3600 * 1000),
            max_connections: 4096,
            connections_per_address: 64,
            max_sockets: 2048,
            sockets_per_address: 16,
            ws_quiet: Duration::from_secs(15 * 60),
            spectator_ttl: Duration::from_secs(3600),
            games_per_hour: 60,
            accounts_per_hour: 10,
            agent_games_per_address: 2,
            agent_ms_per_address: 5 * 60 * 1000,
            agent_window: Duration::from_secs(10 * 60),
            agent_ms_per_game: 5 * 60 * 1000,
            ipv6_group_bits: 64,
            trusted_proxies: Vec::new(),
        }
    }
}

impl Limits {
    /// The address group every per-client limit counts `ip` in: an IPv4 address
    /// alone, an IPv6 address by its first `ipv6_group_bits` bits (`address_group`).
    pub fn group(&self, ip: IpAddr) -> IpAddr {
        address_group(ip, self.ipv6_group_bits)
    }

    /// Spectators' WebSockets in all: three quarters of `max_sockets`. The last
    /// quarter is kept for seats (a request with a token), so watchers can never
    /// take the places of the players they watch.
    pub fn spectator_sockets(&self) -> usize {
        (self.max_sockets - self.max_sockets / 4).max(1)
    }

    /// Is `peer` one of the trusted proxies?
    pub fn is_trusted_proxy(&self, peer: IpAddr) -> bool {
        self.trusted_proxies.iter().any(|c| c.contains(peer))
    }

    /// Fit the connection caps under the process's descriptor limit (raised to its
    /// hard limit first), keeping `RESERVED` descriptors for the database, files and
    /// the listener. Returns the descriptor limit, for the start-up line.
    pub fn fit_descriptors(&mut self) -> u64 {
        let nofile = raise_nofile();
        let usable = (nofile.saturating_sub(RESERVED_FDS)).max(16) as usize;
        self.max_connections = self.max_connections.min(usable);
        // WebSockets never take every connection: plain requests keep a quarter.
        let room = (self.max_connections / 4).max(8);
        self.max_sockets = self
            .max_sockets
            .min(self.max_connections.saturating_sub(room).max(1));
        nofile
    }
}

/// Descriptors kept back from the connection caps.
const RESERVED_FDS: u64 = 64;

/// Raise the soft `RLIMIT_NOFILE` to the hard limit; the soft limit now in force.
#[cfg(unix)]
fn raise_nofile() -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit/setrlimit only read and write the struct passed.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
            return 1024;
        }
        if lim.rlim_cur < lim.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: lim.rlim_max,
                rlim_max: lim.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                lim.rlim_cur = lim.rlim_max;
            }
        }
    }
    #[allow(clippy::unnecessary_cast)] // rlim_t is not u64 on every Unix
    let soft = lim.rlim_cur as u64;
    soft
}

#[cfg(not(unix))]
fn raise_nofile() -> u64 {
    8192
}

/// Open things counted in all and per client address, each cap checked when one
/// is taken; the [`Held`] it returns gives it back when dropped.
#[derive(Default)]
pub struct Counted {
    total: AtomicUsize,
    per: Mutex<HashMap<IpAddr, usize>>,
}

/// Why a [`Counted`] refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Full {
    Total,
    Address,
}

/// One counted thing, given back on drop.
pub struct Held {
    of: Arc<Counted>,
    ip: IpAddr,
}

impl Counted {
    /// Take one for `ip` if fewer than `total` are open and fewer than `per` of `ip`.
    pub fn take(self: &Arc<Self>, ip: IpAddr, total: usize, per: usize) -> Result<Held, Full> {
        let mut m = self.per.lock().unwrap_or_else(|e| e.into_inner());
        if self.total.load(Ordering::Acquire) >= total {
            return Err(Full::Total);
        }
        let n = m.entry(ip).or_insert(0);
        if *n >= per {
            return Err(Full::Address);
        }
        *n += 1;
        self.total.fetch_add(1, Ordering::AcqRel);
        Ok(Held {
            of: self.clone(),
            ip,
        })
    }

    /// How many are open in all.
    pub fn open(&self) -> usize {
        self.total.load(Ordering::Acquire)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut m = self.of.per.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = m.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                m.remove(&self.ip);
            }
        }
        self.of.total.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A token bucket per client address.
pub struct RateLimiter {
    per_sec: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl RateLimiter {
    pub fn new(limits: &Limits) -> Self {
        Self::with(f64::from(limits.rate_per_sec), f64::from(limits.burst))
    }

    /// `per_sec` tokens a second (0: no limit), at most `burst` saved up.
    pub fn with(per_sec: f64, burst: f64) -> Self {
        RateLimiter {
            per_sec,
            burst: burst.max(1.0),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// The quota on new games: `limits.games_per_hour` an hour per address, all of
    /// them at once at most.
    pub fn games(limits: &Limits) -> Self {
        let n = f64::from(limits.games_per_hour);
        Self::with(n / 3600.0, n)
    }

    /// The quota on new accounts: `limits.accounts_per_hour` an hour per address
    /// group, all of them at once at most.
    pub fn accounts(limits: &Limits) -> Self {
        let n = f64::from(limits.accounts_per_hour);
        Self::with(n / 3600.0, n)
    }

    /// May `ip` send one more request now? (Takes a token if so.)
    pub fn allow(&self, ip: IpAddr) -> bool {
        if self.per_sec <= 0.0 {
            return true;
        }
        let now = Instant::now();
        let mut b = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        let (tokens, last) = b.entry(ip).or_insert((self.burst, now));
        *tokens =
            (*tokens + now.duration_since(*last).as_secs_f64() * self.per_sec).min(self.burst);
        *last = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Drop the buckets of clients whose bucket has refilled (they cost memory only).
    pub fn forget_idle(&self) {
        let full = Duration::from_secs_f64(if self.per_sec > 0.0 {
            self.burst / self.per_sec
        } else {
            0.0
        });
        let mut b = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        b.retain(|_, (_, last)| last.elapsed() < full);
    }
}

/// The group an address is counted in: an IPv4 address alone, an IPv6 address by its
/// /64 (one household or host is handed a whole /64, and would otherwise count as
/// billions of clients); an IPv4 address written as IPv6 is the IPv4 address.
/// `bits` is the IPv6 prefix's length (64 by default, [`Limits::ipv6_group_bits`];
/// 128: each address alone).
pub fn address_group(ip: IpAddr, bits: u8) -> IpAddr {
    match crate::proxy::unmapped(ip) {
        IpAddr::V6(v6) => IpAddr::V6(std::net::Ipv6Addr::from(crate::proxy::masked(
            u128::from(v6),
            128,
            bits,
        ))),
        v4 => v4,
    }
}

/// What agents cost, per address group (issue 37): the thinking all agents of the
/// games one group created spent within the last `window`. Past `per_window_ms` their
/// next decisions wait until older thinking leaves the window; no game is refused
/// for it. A decision under way is never cut short, so a group may pass its budget by
/// the decisions it had under way.
pub struct ThinkingBudget {
    per_window_ms: u64,
    window: Duration,
    spent: Mutex<HashMap<IpAddr, VecDeque<(Instant, u64)>>>,
    /// Thinking of every agent since start-up, in ms (`GET /api/stats`).
    pub total_ms: AtomicU64,
    /// Agent decisions held back by their group's budget (`GET /api/stats`).
    pub waits: AtomicU64,
    /// Agent decisions not played because the game had left the position they were
    /// made for (an undo and another action meanwhile), each thought again
    /// (`GET /api/stats`).
    pub stale: AtomicU64,
}

impl ThinkingBudget {
    pub fn new(limits: &Limits) -> Self {
        ThinkingBudget {
            per_window_ms: limits.agent_ms_per_address,
            window: limits.agent_window.max(Duration::from_millis(1)),
            spent: Mutex::new(HashMap::new()),
            total_ms: AtomicU64::new(0),
            waits: AtomicU64::new(0),
            stale: AtomicU64::new(0),
        }
    }

    /// How long `group`'s agents must wait before their next decision: `None` when
    /// their thinking within the window is under the budget.
    pub fn wait(&self, group: IpAddr) -> Option<Duration> {
        if self.per_window_ms == 0 {
            return None;
        }
        let now = Instant::now();
        let mut m = self.spent.lock().unwrap_or_else(|e| e.into_inner());
        let q = m.get_mut(&group)?;
        while q
            .front()
            .is_some_and(|(at, _)| now.duration_since(*at) >= self.window)
        {
            q.pop_front();
        }
        let total: u64 = q.iter().map(|(_, ms)| ms).sum();
        if total < self.per_window_ms {
            return None;
        }
        // The oldest thinking leaves the window first: wait until enough has left.
        let mut over = total - self.per_window_ms;
        for (at, ms) in q.iter() {
            if *ms > over {
                return Some((*at + self.window).saturating_duration_since(now));
            }
            over -= ms;
        }
        None
    }

    /// `group`'s agents thought `ms` just now.
    pub fn charge(&self, group: Option<IpAddr>, ms: u64) {
        self.total_ms.fetch_add(ms, Ordering::AcqRel);
        let Some(group) = group else {
            return;
        };
        if self.per_window_ms == 0 {
            return;
        }
        let mut m = self.spent.lock().unwrap_or_else(|e| e.into_inner());
        m.entry(group).or_default().push_back((Instant::now(), ms));
    }

    /// Forget the groups whose thinking has all left the window (they cost memory only).
    pub fn forget_idle(&self) {
        let now = Instant::now();
        let mut m = self.spent.lock().unwrap_or_else(|e| e.into_inner());
        m.retain(|_, q| {
            q.back()
                .is_some_and(|(at, _)| now.duration_since(*at) < self.window)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_address_counts_by_its_64_and_a_mapped_ipv4_as_itself() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(address_group(a, 64), address_group(b, 64));
        assert_ne!(address_group(a, 64), address_group(c, 64));
        let v4: IpAddr = "10.1.2.3".parse().unwrap();
        let mapped: IpAddr = "::ffff:10.1.2.3".parse().unwrap();
        assert_eq!(address_group(mapped, 64), v4);
        assert_eq!(address_group(v4, 64), v4);
    }

    #[test]
    fn thinking_past_the_budget_waits_until_it_leaves_the_window() {
        let b = ThinkingBudget::new(&Limits {
            agent_ms_per_address: 1000,
            agent_window: Duration::from_millis(300),
            ..Limits::default()
        });
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        assert_eq!(b.wait(a), None, "nothing spent");
        b.charge(Some(a), 600);
        assert_eq!(b.wait(a), None, "under the budget");
        b.charge(Some(a), 600);
        let w = b.wait(a).expect("over the budget: wait");
        assert!(w <= Duration::from_millis(300), "{w:?}");
        assert_eq!(b.wait(other), None, "another group has its own budget");
        std::thread::sleep(w + Duration::from_millis(20));
        assert_eq!(b.wait(a), None, "the thinking left the window");
        b.forget_idle();
        assert!(b.spent.lock().unwrap().is_empty(), "forgotten once idle");
        assert_eq!(b.total_ms.load(Ordering::Acquire), 1200);
        let off = ThinkingBudget::new(&Limits {
            agent_ms_per_address: 0,
            ..Limits::default()
        });
        off.charge(Some(a), 1_000_000);
        assert_eq!(off.wait(a), None, "0: no bound");
    }

    #[test]
    fn a_client_gets_its_burst_then_the_rate() {
        let limits = Limits {
            rate_per_sec: 1,
            burst: 3,
            ..Limits::default()
        };
        let r = RateLimiter::new(&limits);
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        assert!((0..3).all(|_| r.allow(a)));
        assert!(!r.allow(a));
        assert!(r.allow(b), "another client has its own bucket");
        let off = RateLimiter::new(&Limits {
            rate_per_sec: 0,
            ..Limits::default()
        });
        assert!((0..10_000).all(|_| off.allow(a)));
    }

    #[test]
    fn counted_caps_per_address_and_in_all_and_gives_back_on_drop() {
        let c = Arc::new(Counted::default());
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let h1 = c.take(a, 3, 2).unwrap();
        let _h2 = c.take(a, 3, 2).unwrap();
        assert_eq!(c.take(a, 3, 2).err(), Some(Full::Address));
        let _h3 = c.take(b, 3, 2).unwrap();
        assert_eq!(c.take(b, 3, 2).err(), Some(Full::Total));
        drop(h1);
        assert_eq!(c.open(), 2);
        assert!(c.take(a, 3, 2).is_ok());
    }

    #[test]
    fn the_game_quota_refuses_the_first_game_past_it() {
        let limits = Limits {
            games_per_hour: 5,
            ..Limits::default()
        };
        let q = RateLimiter::games(&limits);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        assert!((0..5).all(|_| q.allow(a)));
        assert!(!q.allow(a));
    }

    /// Issue 40 "Address groups": five addresses of one IPv6 /64 share one bucket,
    /// one game quota and one count of connections; another /64 has its own; a
    /// configured /56 groups wider, /128 counts each address alone.
    #[test]
    fn an_ipv6_64_is_one_client_for_every_limit() {
        let l = Limits::default();
        let host =
            |last: u16| IpAddr::V6(std::net::Ipv6Addr::new(0x2001, 0xdb8, 0, 1, 0, 0, 0, last));
        let quota = RateLimiter::with(0.001, 3.0);
        let rotated: Vec<bool> = (1..=5).map(|i| quota.allow(l.group(host(i)))).collect();
        assert_eq!(
            rotated,
            [true, true, true, false, false],
            "a rotation within the /64"
        );
        let other = IpAddr::V6(std::net::Ipv6Addr::new(0x2001, 0xdb8, 0, 2, 0, 0, 0, 1));
        assert!(
            quota.allow(l.group(other)),
            "the next /64 is another client"
        );
        let c = Arc::new(Counted::default());
        let held: Vec<_> = (1..=2)
            .map(|i| c.take(l.group(host(i)), 100, 2).unwrap())
            .collect();
        assert_eq!(c.take(l.group(host(3)), 100, 2).err(), Some(Full::Address));
        drop(held);
        let wide = Limits {
            ipv6_group_bits: 56,
            ..Limits::default()
        };
        assert_eq!(wide.group(host(1)), wide.group(other));
        let alone = Limits {
            ipv6_group_bits: 128,
            ..Limits::default()
        };
        assert_ne!(alone.group(host(1)), alone.group(host(2)));
        let v4 = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 7));
        assert_eq!(l.group(v4), v4);
    }
}
