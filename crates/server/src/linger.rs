//! A connection that closes gently, unless its client stopped reading.
//!
//! When the server answers before reading a whole request (a body announced over the
//! limit is refused at once), closing the socket with unread bytes in it makes the
//! kernel reset the connection, and a client still sending its body may lose the
//! answer. So a connection, once done, stops writing, reads and discards what the
//! client still sends for a moment, then closes.
//!
//! A client that stops reading cannot hold the server (issue 40): a write the kernel
//! has not taken for `stall` fails (`TimedOut`), whoever was writing (an HTTP
//! answer, a WebSocket push), and the connection is then reset, not lingered: its
//! unsent bytes are dropped at once instead of waiting in the kernel for a reader.

use crate::limits::Held;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::{Instant, Sleep};

/// How long a closing connection reads what its client still sends.
const LINGER: Duration = Duration::from_secs(2);

/// Most bytes read and discarded while closing.
const LINGER_BYTES: usize = 1024 * 1024;

/// A TCP stream that lingers when dropped, holding its place in the connection count
/// until it is really closed.
pub struct Lingering {
    stream: Option<TcpStream>,
    held: Option<Held>,
    /// How long one write may wait for the kernel to take a byte.
    stall: Duration,
    /// Set while a write waits: when it fires, the write fails.
    waiting: Option<Pin<Box<Sleep>>>,
    /// A write stalled past `stall`: the client stopped reading.
    stalled: bool,
    /// The connection's phase: one cut for a newcomer closes at once.
    conn: Option<std::sync::Arc<crate::conns::Conn>>,
}

impl Lingering {
    pub fn new(stream: TcpStream, held: Held, stall: Duration) -> Self {
        Lingering {
            stream: Some(stream),
            held: Some(held),
            stall,
            waiting: None,
            stalled: false,
            conn: None,
        }
    }

    /// Close at once, not lingering, if `conn` is cut for a newcomer.
    pub fn watching(mut self, conn: std::sync::Arc<crate::conns::Conn>) -> Self {
        self.conn = Some(conn);
        self
    }

    /// A write (or flush) that is `Pending`: waiting, but not past `stall` since the
    /// first time it could not go on; past it, `TimedOut`, now and for every later
    /// write. Any write that goes through starts the clock again.
    fn wait_or_fail<T>(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if !polled.is_pending() {
            self.waiting = None;
            return polled;
        }
        let stall = self.stall;
        let timer = self
            .waiting
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(Instant::now() + stall)));
        if timer.as_mut().poll(cx).is_ready() {
            self.stalled = true;
            return Poll::Ready(Err(stalled()));
        }
        Poll::Pending
    }

    fn stream(&mut self) -> io::Result<&mut TcpStream> {
        self.stream
            .as_mut()
            .ok_or_else(|| io::Error::from(io::ErrorKind::NotConnected))
    }
}

impl AsyncRead for Lingering {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        match self.get_mut().stream() {
            Ok(s) => Pin::new(s).poll_read(cx, buf),
            Err(e) => Poll::Ready(Err(e)),
        }
    }
}

impl AsyncWrite for Lingering {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.stalled {
            return Poll::Ready(Err(stalled()));
        }
        let polled = match this.stream() {
            Ok(s) => Pin::new(s).poll_write(cx, buf),
            Err(e) => return Poll::Ready(Err(e)),
        };
        this.wait_or_fail(cx, polled)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.stalled {
            return Poll::Ready(Err(stalled()));
        }
        let polled = match this.stream() {
            Ok(s) => Pin::new(s).poll_flush(cx),
            Err(e) => return Poll::Ready(Err(e)),
        };
        this.wait_or_fail(cx, polled)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut().stream() {
            Ok(s) => Pin::new(s).poll_shutdown(cx),
            Err(e) => Poll::Ready(Err(e)),
        }
    }
}

impl Drop for Lingering {
    fn drop(&mut self) {
        let (Some(stream), held) = (self.stream.take(), self.held.take()) else {
            return;
        };
        if self.conn.as_ref().is_some_and(|c| c.was_cut()) {
            // Cut for a newcomer, with no request under way: its place is wanted now.
            drop(stream);
            drop(held);
            return;
        }
        if self.stalled {
            // Reset: the kernel drops the unsent bytes (and its memory) now.
            let _ = socket2::SockRef::from(&stream).set_linger(Some(Duration::ZERO));
            drop(stream);
            drop(held);
            return;
        }
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            rt.spawn(async move {
                linger(stream, LINGER).await;
                drop(held);
            });
        }
    }
}

fn stalled() -> io::Error {
    io::Error::new(
        io::ErrorKind::TimedOut,
        "the client took nothing of what was sent: closed",
    )
}

/// Stop writing, then read and discard what the client still sends, for `time` at
/// most, before the stream is closed.
pub async fn linger(mut stream: TcpStream, time: Duration) {
    let _ = stream.shutdown().await;
    let drain = async {
        let mut buf = [0u8; 8192];
        let mut read = 0;
        while read < LINGER_BYTES {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => read += n,
            }
        }
    };
    let _ = tokio::time::timeout(time, drain).await;
}
