//! The connections hyper is reading (issue 40): which one a newcomer may take the
//! place of when every connection is in use.
//!
//! Hyper reads a request head, hands it to the routes, writes the answer and waits
//! for the next head. A connection waiting for a head (a new one, or a keep-alive
//! one between requests), or still receiving its body a moment after its head,
//! holds a place without asking anything of the server. When every place is taken,
//! a newcomer takes the place of the one that has waited longest in the address
//! group holding the most such connections: slow-header and slow-body clients fill
//! the server only until someone with a request comes, and a crowd from a few
//! addresses is cut before a lone client. A connection answering a request, or
//! handed over to a WebSocket, is never cut.

use std::collections::HashMap;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

/// A body still arriving this long after its head counts as slow.
pub const SLOW_BODY: Duration = Duration::from_secs(1);

/// Waiting for a request head (a new connection, or between requests).
const WAITING: u8 = 0;
/// The head is in, the body still arriving.
const RECEIVING: u8 = 1;
/// A request is being answered.
const ANSWERING: u8 = 2;

/// Every connection hyper is serving, and how many were cut for newcomers.
pub struct Conns {
    epoch: Instant,
    next: AtomicU64,
    open: Mutex<HashMap<u64, Arc<Conn>>>,
    /// Connections cut to make room, since start-up.
    pub cut: AtomicU64,
}

/// One connection's phase, as its requests come and go.
pub struct Conn {
    group: IpAddr,
    phase: AtomicU8,
    /// When the phase began, in milliseconds since the registry's epoch.
    since: AtomicU64,
    epoch: Instant,
    /// Chosen to make room: the connection task stops serving it.
    cut: AtomicBool,
    stop: tokio::sync::Notify,
}

/// A connection in the registry; it leaves when this is dropped.
pub struct Registered {
    pub conn: Arc<Conn>,
    id: u64,
    of: Arc<Conns>,
}

impl Default for Conns {
    fn default() -> Self {
        Conns {
            epoch: Instant::now(),
            next: AtomicU64::new(0),
            open: Mutex::new(HashMap::new()),
            cut: AtomicU64::new(0),
        }
    }
}

impl Conns {
    /// A new connection from the address group `group`, waiting for its first head.
    pub fn register(self: &Arc<Self>, group: IpAddr) -> Registered {
        let conn = Arc::new(Conn {
            group,
            phase: AtomicU8::new(WAITING),
            since: AtomicU64::new(0),
            epoch: self.epoch,
            cut: AtomicBool::new(false),
            stop: tokio::sync::Notify::new(),
        });
        conn.enter(WAITING);
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        self.lock().insert(id, conn.clone());
        Registered {
            conn,
            id,
            of: self.clone(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Conn>>> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Cut one idle connection to make room for a newcomer: of the address group
    /// with the most connections waiting (for a head, or slow with a body), the one
    /// that has waited longest. `false` if none waits: every place is at work.
    pub fn cut_one(&self) -> bool {
        let now = self.epoch.elapsed().as_millis() as u64;
        let open = self.lock();
        let idle: Vec<&Arc<Conn>> = open.values().filter(|c| c.idle(now)).collect();
        let mut per_group: HashMap<IpAddr, usize> = HashMap::new();
        for c in &idle {
            *per_group.entry(c.group).or_insert(0) += 1;
        }
        let victim = idle.into_iter().max_by_key(|c| {
            let waited = now.saturating_sub(c.since.load(Ordering::Acquire));
            (per_group[&c.group], waited)
        });
        let Some(victim) = victim else { return false };
        victim.cut.store(true, Ordering::Release);
        victim.stop.notify_one();
        self.cut.fetch_add(1, Ordering::Relaxed);
        true
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        self.of.lock().remove(&self.id);
    }
}

impl Conn {
    fn enter(&self, phase: u8) {
        let now = self.epoch.elapsed().as_millis() as u64;
        self.since.store(now, Ordering::Release);
        self.phase.store(phase, Ordering::Release);
    }

    /// May this connection be cut for a newcomer now (`now`: ms since the epoch)?
    fn idle(&self, now: u64) -> bool {
        if self.cut.load(Ordering::Acquire) {
            return false;
        }
        let since = self.since.load(Ordering::Acquire);
        match self.phase.load(Ordering::Acquire) {
            WAITING => true,
            RECEIVING => now.saturating_sub(since) >= SLOW_BODY.as_millis() as u64,
            _ => false,
        }
    }

    /// A request head came in; its body (if `body`) is still to be read.
    pub fn head_read(&self, body: bool) {
        self.enter(if body { RECEIVING } else { ANSWERING });
    }

    /// The request's body is all in.
    pub fn body_read(&self) {
        if self.phase.load(Ordering::Acquire) == RECEIVING {
            self.enter(ANSWERING);
        }
    }

    /// The answer is given: waiting for the next head.
    pub fn answered(&self) {
        self.enter(WAITING);
    }

    /// Was this connection cut for a newcomer? (It then closes at once, without
    /// lingering.)
    pub fn was_cut(&self) -> bool {
        self.cut.load(Ordering::Acquire)
    }

    /// Resolves when this connection is cut.
    pub async fn cut_off(&self) {
        self.stop.notified().await;
    }
}

/// A request body that tells its connection when it is all in.
pub struct Watched<B> {
    inner: B,
    conn: Arc<Conn>,
}

impl<B> Watched<B> {
    pub fn new(inner: B, conn: Arc<Conn>) -> Self {
        Watched { inner, conn }
    }
}

impl<B: hyper::body::Body + Unpin> hyper::body::Body for Watched<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.inner).poll_frame(cx);
        if matches!(polled, Poll::Ready(None)) || this.inner.is_end_stream() {
            this.conn.body_read();
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn the_longest_waiting_of_the_largest_group_is_cut_first() {
        let conns = Arc::new(Conns::default());
        let lone = conns.register(ip("10.0.0.1"));
        std::thread::sleep(Duration::from_millis(5));
        // Apart by more than the clock's millisecond, so the oldest is clear.
        let crowd: Vec<_> = (0..3)
            .map(|_| {
                let c = conns.register(ip("10.0.0.2"));
                std::thread::sleep(Duration::from_millis(3));
                c
            })
            .collect();
        assert!(conns.cut_one());
        // The crowd's oldest goes, not the lone client who waited longer.
        assert!(crowd[0].conn.was_cut());
        assert!(!lone.conn.was_cut());
        assert!(!crowd[1].conn.was_cut() && !crowd[2].conn.was_cut());
    }

    #[test]
    fn a_connection_answering_a_request_is_never_cut() {
        let conns = Arc::new(Conns::default());
        let busy = conns.register(ip("10.0.0.1"));
        busy.conn.head_read(false);
        let slow_body = conns.register(ip("10.0.0.2"));
        slow_body.conn.head_read(true);
        // A body a moment old is not slow yet; nothing waits.
        assert!(!conns.cut_one());
        busy.conn.answered();
        assert!(conns.cut_one());
        assert!(busy.conn.was_cut());
        // Cut once is enough: it is not chosen again.
        assert!(!conns.cut_one());
        drop(busy);
        assert_eq!(conns.lock().len(), 1);
    }
}
