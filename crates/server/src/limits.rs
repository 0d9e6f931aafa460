//! The limits a server keeps (docs/server.md): body and WebSocket message sizes, a
//! per-client request rate, time limits, and when idle games leave memory.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
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
    /// A game nobody asks for or watches this long leaves memory (not the database).
    pub idle_unload: Duration,
    /// Allowed `clock_ms` per decision, inclusive.
    pub clock_ms: (u64, u64),
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
            idle_unload: Duration::from_secs(300),
            clock_ms: (100, 7 * 24 * 3600 * 1000),
        }
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
        RateLimiter {
            per_sec: f64::from(limits.rate_per_sec),
            burst: f64::from(limits.burst.max(1)),
            buckets: Mutex::new(HashMap::new()),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
