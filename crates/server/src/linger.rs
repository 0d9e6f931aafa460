//! A connection that closes gently. When the server answers before reading a whole
//! request (a body announced over the limit is refused at once), closing the socket
//! with unread bytes in it makes the kernel reset the connection, and a client still
//! sending its body may lose the answer. So a connection, once done, stops writing,
//! reads and discards what the client still sends for a moment, then closes.

use crate::limits::Held;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;

/// How long a closing connection reads what its client still sends.
const LINGER: Duration = Duration::from_secs(2);

/// Most bytes read and discarded while closing.
const LINGER_BYTES: usize = 1024 * 1024;

/// A TCP stream that lingers when dropped, holding its place in the connection count
/// until it is really closed.
pub struct Lingering {
    stream: Option<TcpStream>,
    held: Option<Held>,
}

impl Lingering {
    pub fn new(stream: TcpStream, held: Held) -> Self {
        Lingering {
            stream: Some(stream),
            held: Some(held),
        }
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
        match self.get_mut().stream() {
            Ok(s) => Pin::new(s).poll_write(cx, buf),
            Err(e) => Poll::Ready(Err(e)),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut().stream() {
            Ok(s) => Pin::new(s).poll_flush(cx),
            Err(e) => Poll::Ready(Err(e)),
        }
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
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            rt.spawn(async move {
                linger(stream, LINGER).await;
                drop(held);
            });
        }
    }
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
