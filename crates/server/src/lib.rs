//! # orrery-server
//!
//! `orrery serve`: games played online, each player at their own screen, with secret
//! orders only the server knows until the rules reveal them. JSON over HTTP plus a
//! WebSocket per seat, shaped like the engine protocol (docs/server.md,
//! `/api/openapi.json`). Games live in SQLite (embedded, the default) or PostgreSQL
//! (several server processes may share it); every action is committed before it is
//! acknowledged, and a restarted server resumes every game by replaying its record.
//!
//! The server has no per-ruleset code: it drives games through the protocol crate's
//! type-erased [`orrery_protocol::DynGame`] and [`Registry`].

mod accounts;
mod api;
mod challenges;
pub mod compact;
mod conns;
mod error;
mod limits;
mod linger;
mod live;
mod players;
mod proxy;
mod rating;
mod stats;
mod store;
mod talk;
mod token;
mod tools;
mod web;
mod ws;

pub use api::hides_or_reorders;
pub use error::ApiError;
pub use limits::{Limits, RateLimiter};
pub use proxy::Cidr;
pub use store::{StoreError, DEFAULT_DB_POOL};

use axum::extract::{ConnectInfo, DefaultBodyLimit, Request, State};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use live::Hub;
use orrery_protocol::Registry;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The OpenAPI description served at `/api/openapi.json`.
pub const OPENAPI: &str = include_str!("../openapi.json");

/// How to run a server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (`127.0.0.1:8080`; port 0 picks a free one).
    pub addr: String,
    /// The SQLite database's directory (when no `database_url`).
    pub data_dir: PathBuf,
    /// `postgres://…`: use PostgreSQL instead of SQLite.
    pub database_url: Option<String>,
    /// Connections to PostgreSQL this process may open ([`DEFAULT_DB_POOL`]).
    pub db_pool: u32,
    /// Threads answering requests (`None`: half the cores, at least one). The
    /// other cores are left to agents, replays and the database's own threads.
    pub workers: Option<usize>,
    pub limits: Limits,
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: String,
        source: std::io::Error,
    },
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
    #[error("resuming the unfinished games: {0}")]
    Resume(String),
}

/// Run the server until Ctrl-C (or SIGTERM). Prints `listening on http://ADDR` on
/// standard output once it accepts connections.
pub fn serve(config: Config, registry: Registry) -> Result<(), ServerError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.workers.unwrap_or_else(default_workers).max(1))
        .enable_all()
        .build()?;
    runtime.block_on(run(config, registry))
}

/// Why an operator's password reset did nothing.
#[derive(Debug, thiserror::Error)]
pub enum ResetError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("no account is named {0:?}")]
    NoAccount(String),
    #[error("{0}")]
    Refused(String),
}

/// `orrery admin reset-password`: give the account named `name` (folded as a login
/// folds it) the password `password`, hashed as a sign-up hashes it, and end every
/// session of it. Works on the database directly (SQLite in `data_dir`, or
/// PostgreSQL at `url`), with or without a server running on it.
pub fn reset_password(
    data_dir: &std::path::Path,
    url: Option<&str>,
    name: &str,
    password: &str,
) -> Result<(), ResetError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| ResetError::Refused(e.to_string()))?;
    runtime.block_on(async {
        let store = store::Store::open(data_dir, url, 1).await?;
        let account = store
            .account_by_key(&accounts::name_key(name))
            .await?
            .ok_or_else(|| ResetError::NoAccount(name.to_string()))?;
        let hash =
            accounts::new_password_hash(password).map_err(|e| ResetError::Refused(e.message))?;
        store.set_password(&account.id, &hash, None).await?;
        Ok(())
    })
}

/// Half the cores, at least one: on two cores one thread answers every request, so
/// requests do not pay for waking each other across threads.
fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1))
}

async fn run(config: Config, registry: Registry) -> Result<(), ServerError> {
    let store = store::Store::open(
        &config.data_dir,
        config.database_url.as_deref(),
        config.db_pool,
    )
    .await?;
    let what = if store.shared() {
        "PostgreSQL".to_string()
    } else {
        format!("SQLite in {}", config.data_dir.display())
    };
    let mut limits = config.limits.clone();
    let nofile = limits.fit_descriptors();
    let hub = Arc::new(Hub::new(registry, store, limits));
    let resumed = hub
        .resume()
        .await
        .map_err(|e| ServerError::Resume(e.message))?;
    // Rated games that ended while no server could rate them (issue 42).
    let rating = hub.clone();
    tokio::spawn(async move {
        let n = rating.rate_unrated().await;
        if n > 0 {
            eprintln!("orrery serve: {n} finished rated games rated");
        }
    });
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let listening = hub.store.clone();
    tokio::spawn(async move { listening.listen(tx).await });
    let notified = hub.clone();
    tokio::spawn(async move {
        while let Some(id) = rx.recv().await {
            if let Some(game) = id.strip_prefix(store::NAMES) {
                notified.names_changed_elsewhere(game).await;
            } else if let Some(game) = id.strip_prefix(store::TALK) {
                notified.talk_changed(game);
            } else {
                notified.changed_elsewhere(&id).await;
            }
        }
    });
    if hub.limits.memory_budget > 0 {
        let kept = hub.clone();
        let baseline = resident_bytes().unwrap_or(0);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(1));
            loop {
                every.tick().await;
                let Some(rss) = resident_bytes() else { return };
                if kept.keep_within_budget(rss, baseline) > 0 {
                    give_back_memory();
                }
            }
        });
    }
    let swept = hub.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(10));
        let mut ticks: u64 = 0;
        loop {
            every.tick().await;
            ticks += 1;
            // Sessions past their age leave the database (every ten minutes).
            if ticks.is_multiple_of(60) {
                let oldest = live::now_ms() - accounts::SESSION_DAYS * 86_400_000;
                if let Err(e) = swept.store.end_sessions_before(oldest).await {
                    eprintln!("orrery serve: ending old sessions: {e}");
                }
            }
            swept.sweep();
            swept.limiter.forget_idle();
            swept.game_quota.forget_idle();
            swept.account_quota.forget_idle();
            swept.logins.forget_idle();
            swept.thinking.forget_idle();
            give_back_memory();
        }
    });
    let listener = tokio::net::TcpListener::bind(&config.addr)
        .await
        .map_err(|source| ServerError::Listen {
            addr: config.addr.clone(),
            source,
        })?;
    let local = listener.local_addr()?;
    println!("orrery serve: listening on http://{local} (games in {what}; {resumed} resumed)");
    let l = &hub.limits;
    println!(
        "orrery serve: descriptor limit {nofile}: at most {} connections ({} per address), \
         {} WebSockets ({} per address)",
        l.max_connections, l.connections_per_address, l.max_sockets, l.sockets_per_address
    );
    use std::io::Write;
    let _ = std::io::stdout().flush();
    accept(listener, hub.clone(), router(hub)).await;
    Ok(())
}

/// Accept connections until shutdown, each served by hyper's HTTP/1 (with upgrades,
/// for WebSockets) with a time limit on reading each request head: a client that
/// trickles its headers, or leaves a keep-alive connection idle, is disconnected.
///
/// Connections are counted, in all and per address: past the per-address cap a
/// connection is answered `429` at once and closed. When every place is taken, a
/// newcomer takes the place of a connection that asks nothing of the server
/// ([`conns::Conns::cut_one`]); only when every connection is at work is it
/// answered `503`. So descriptors never run out, and slow clients cannot lock out
/// the others.
async fn accept(listener: tokio::net::TcpListener, hub: Arc<Hub>, app: Router) {
    let connections = Arc::new(limits::Counted::default());
    // Refusals answered at a time: past it a connection over a cap is closed at
    // once, so refusing cannot itself use up the descriptors.
    let refusing = Arc::new(tokio::sync::Semaphore::new(REFUSING));
    let stop = shutdown();
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors and the like: wait, do not stop serving.
                    eprintln!("orrery serve: accept: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = &mut stop => return,
        };
        // Small answers go out at once, not held back to fill a packet.
        let _ = stream.set_nodelay(true);
        let l = &hub.limits;
        if l.send_buffer_bytes > 0 {
            let _ = socket2::SockRef::from(&stream).set_send_buffer_size(l.send_buffer_bytes);
        }
        let taking = Taking {
            connections: connections.clone(),
            group: l.group(peer.ip()),
            total: l.max_connections,
            // A trusted proxy carries many clients' connections: only the total binds
            // it (each client is counted by its requests, `guard`).
            per: if l.is_trusted_proxy(peer.ip()) {
                l.max_connections
            } else {
                l.connections_per_address
            },
        };
        let taken = match taking.take() {
            // Every place taken: a newcomer takes the place of a connection that asks
            // nothing, once that one has closed.
            Err(limits::Full::Total) if hub.conns.cut_one() => taking.after_cut().await,
            taken => taken,
        };
        match taken {
            Ok(held) => serve_connection(stream, peer, held, &hub, &app),
            Err(full) => {
                if let Ok(permit) = refusing.clone().try_acquire_owned() {
                    tokio::spawn(async move {
                        refuse(stream, full).await;
                        drop(permit);
                    });
                }
            }
        }
    }
}

/// A place among the connections, for one client.
struct Taking {
    connections: Arc<limits::Counted>,
    group: std::net::IpAddr,
    total: usize,
    per: usize,
}

impl Taking {
    fn take(&self) -> Result<limits::Held, limits::Full> {
        self.connections.take(self.group, self.total, self.per)
    }

    /// The place of a connection just cut: it closes as soon as its task runs, so
    /// the accept loop lets it run first (new connections wait in the backlog
    /// meanwhile, and the total is never passed).
    async fn after_cut(&self) -> Result<limits::Held, limits::Full> {
        for i in 0..100 {
            if i < 10 {
                tokio::task::yield_now().await;
            } else {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
            match self.take() {
                Err(limits::Full::Total) => continue,
                taken => return taken,
            }
        }
        self.take()
    }
}

/// Serve one accepted connection with hyper, registered with the connections a
/// newcomer may take the place of while it waits for a request.
fn serve_connection(
    stream: tokio::net::TcpStream,
    peer: SocketAddr,
    held: limits::Held,
    hub: &Arc<Hub>,
    app: &Router,
) {
    use tower::ServiceExt;
    let registered = hub.conns.register(hub.limits.group(peer.ip()));
    let conn = registered.conn.clone();
    let app = app.clone();
    let service = hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
        use hyper::body::Body as _;
        conn.head_read(!req.body().is_end_stream());
        let watched = conn.clone();
        let mut req = req.map(|b| axum::body::Body::new(conns::Watched::new(b, watched)));
        req.extensions_mut().insert(ConnectInfo(peer));
        let answer = app.clone().oneshot(req);
        let conn = conn.clone();
        async move {
            let r = answer.await;
            conn.answered();
            r
        }
    });
    let stream = linger::Lingering::new(stream, held, hub.limits.write_stall)
        .watching(registered.conn.clone());
    let header_timeout = hub.limits.header_timeout;
    tokio::spawn(async move {
        let conn = hyper::server::conn::http1::Builder::new()
            .timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(header_timeout)
            .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
            .with_upgrades();
        tokio::select! {
            _ = conn => {}
            _ = registered.conn.cut_off() => {}
        }
        drop(registered);
    });
}

/// The process's resident memory in bytes (`/proc/self/statm`); `None` where there
/// is no such file (the memory budget then does nothing).
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a system setting.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * u64::try_from(page).unwrap_or(4096))
}

/// Return the allocator's free pages to the system: answers, replays and agents'
/// searches leave freed memory behind that would otherwise stay counted against the
/// process (glibc keeps it). Cheap when there is little to give back.
fn give_back_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks the allocator's own free lists.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Connections past a cap answered with their error at a time (the others are
/// closed without an answer).
const REFUSING: usize = 32;

/// Answer a connection past a cap with its error and close it.
async fn refuse(mut stream: tokio::net::TcpStream, full: limits::Full) {
    use tokio::io::AsyncWriteExt;
    let e = match full {
        limits::Full::Address => ApiError::busy(
            "connections_per_address",
            axum::http::StatusCode::TOO_MANY_REQUESTS,
        ),
        limits::Full::Total => ApiError::busy(
            "max_connections",
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
        ),
    };
    let body = e.body().to_string();
    let head = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         connection: close\r\n\r\n",
        e.status.as_u16(),
        e.status.canonical_reason().unwrap_or(""),
        body.len()
    );
    let answer = async {
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body.as_bytes()).await
    };
    if let Ok(Ok(())) = tokio::time::timeout(Duration::from_secs(1), answer).await {
        // Briefly: this connection is past a cap and holds a descriptor meanwhile.
        linger::linger(stream, Duration::from_millis(200)).await;
    }
}

async fn shutdown() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = ctrl_c() => {}
                _ = term.recv() => {}
            },
            // No SIGTERM handler: SIGTERM then ends the process at once, which loses
            // nothing (every acknowledged action is committed); Ctrl-C still stops it.
            Err(_) => ctrl_c().await,
        }
    }
    #[cfg(not(unix))]
    ctrl_c().await;
}

/// Ctrl-C; never, if it cannot be listened for (the server must not stop for that).
async fn ctrl_c() {
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// Every route, with the limits in front.
fn router(hub: Arc<Hub>) -> Router {
    let body_limit = hub.limits.max_body_bytes;
    Router::new()
        .route("/", get(web::index))
        .route("/web/{file}", get(web::file))
        .route("/board/{file}", get(web::board))
        .route("/builder/{file}", get(web::builder))
        .route("/api/openapi.json", get(api::openapi))
        .route("/api/stats", get(stats::stats))
        .route("/api/rulesets/{id}/roster", get(tools::roster))
        .route("/api/rulesets/{id}/rules", get(tools::rules))
        .route("/api/replay", post(tools::upload_replay))
        .route("/api/files/check", post(tools::check_file))
        .route("/api/games/{id}/odds", post(tools::odds))
        .route("/api/games/{id}/preview", post(tools::preview))
        .route("/api/games/{id}/estimate", get(tools::estimate))
        .route("/api/games/{id}/analysis", get(tools::analysis))
        .route("/api/games/{id}/hint", get(tools::hint))
        .route("/api/learn/{ruleset}", post(api::learn))
        .route("/api/games/{id}/replay", get(tools::game_replay))
        .route("/api/rulesets", get(api::rulesets))
        .route("/api/games", get(api::lobby).post(api::create))
        .route("/api/games/{id}", get(api::game))
        .route("/api/games/{id}/actions", post(api::act))
        .route("/api/games/{id}/record", get(api::record))
        .route("/api/games/{id}/resign", post(api::resign))
        .route("/api/games/{id}/undo", post(api::undo))
        .route("/api/games/{id}/join", post(api::join))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/accounts", post(accounts::sign_up))
        .route(
            "/api/session",
            get(accounts::who)
                .post(accounts::log_in)
                .delete(accounts::log_out),
        )
        .route("/api/account", get(accounts::me))
        .route("/api/account/password", post(accounts::change_password))
        .route("/api/account/delete", post(accounts::delete))
        .route("/api/games/{id}/talk", get(talk::read).post(talk::say))
        .route("/api/games/{id}/draw", post(talk::draw))
        .route("/api/games/{id}/takeback", post(talk::takeback))
        .route(
            "/api/challenges",
            get(challenges::list).post(challenges::post),
        )
        .route(
            "/api/challenges/{id}",
            get(challenges::one).delete(challenges::withdraw),
        )
        .route("/api/challenges/{id}/accept", post(challenges::accept))
        .route("/api/players/{name}", get(players::player))
        .route("/api/ratings/{ruleset}", get(players::leaderboard))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(middleware::from_fn_with_state(hub.clone(), guard))
        .layer(middleware::map_response(security_headers))
        .with_state(hub)
}

/// The page's Content-Security-Policy: scripts, styles, images and connections from
/// this server only; no inline script, no `eval`, no plug-ins, never framed. (Inline
/// styles are allowed: the client and the boards set element styles for layout.)
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Headers on every answer, pages and API alike (issue 40): the CSP above, no MIME
/// sniffing, no framing (`frame-ancestors 'none'`, and `X-Frame-Options` for older
/// browsers), and no referrer: the address of a game a player follows a link from is
/// nobody else's business.
async fn security_headers(mut res: Response) -> Response {
    use axum::http::header::{
        CONTENT_SECURITY_POLICY as CSP, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
    };
    use axum::http::HeaderValue;
    let h = res.headers_mut();
    h.insert(CSP, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    h.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    res
}

async fn not_found(req: Request) -> ApiError {
    ApiError::not_found(&format!(
        "{} {}",
        req.method(),
        orrery_protocol::clip(req.uri().path())
    ))
}

async fn method_not_allowed(req: Request) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        "bad_request",
        format!(
            "{} is not allowed on {}",
            req.method(),
            orrery_protocol::clip(req.uri().path())
        ),
    )
}

/// Who the client is, the per-client rate limit and the request time limit, before
/// any route. Behind a trusted proxy the client is the one its headers name
/// ([`proxy::client_address`]); every route then sees that address as the
/// connection's (`ConnectInfo`), so every per-client limit counts the client.
async fn guard(State(hub): State<Arc<Hub>>, mut req: Request, next: Next) -> Response {
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0);
    let peer = peer.map(|p| {
        if hub.limits.is_trusted_proxy(p.ip()) && accounts::forwarded_https(req.headers()) {
            req.extensions_mut().insert(accounts::Https(true));
        }
        let client = proxy::client_address(p.ip(), req.headers(), &hub.limits.trusted_proxies);
        if client != p.ip() {
            req.extensions_mut()
                .insert(ConnectInfo(SocketAddr::new(client, 0)));
        }
        client
    });
    if let Some(ip) = peer {
        if !hub.limiter.allow(hub.limits.group(ip)) {
            return ApiError::rate_limited().into_response();
        }
    }
    // A change from another site's page (issue 42), counted against the client first.
    if accounts::cross_site(req.method(), req.headers()) {
        return accounts::cross_site_refused().into_response();
    }
    // A body announced larger than the limit is refused before a byte of it is read,
    // and the connection closed (not held open waiting for the body).
    let announced = req
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if announced.is_some_and(|n| n > hub.limits.max_body_bytes as u64) {
        return ApiError::too_large(hub.limits.max_body_bytes).into_response();
    }
    match tokio::time::timeout(hub.limits.request_timeout, next.run(req)).await {
        Ok(r) => r,
        Err(_) => ApiError::new(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            "timeout",
            "the request took too long; it may or may not have been applied: read the game",
        )
        .into_response(),
    }
}
