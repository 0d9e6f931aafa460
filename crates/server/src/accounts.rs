//! Accounts (issue 42), optional: a guest plays with seat tokens exactly as before.
//!
//! - **Passwords** are kept only as Argon2id hashes ([`ARGON2_M_KIB`] KiB of memory,
//!   [`ARGON2_T`] passes, one lane: OWASP's recommended minimum), computed on a
//!   blocking thread, at most [`HASHES_AT_ONCE`] at a time so a flood of logins
//!   bounds the memory they take.
//! - **Sessions** are 128 random bits in an `HttpOnly`, `SameSite=Lax` cookie
//!   ([`SESSION_COOKIE`]), `Secure` when the client reached the server over TLS
//!   (a trusted proxy says so); the database keeps only their SHA-256 digests.
//! - **No answer tells whether an account exists**: a login with an unknown name
//!   checks the password against a hash of the same cost and is answered with the
//!   same words and status as a wrong password.
//! - **Guessing is slowed, never a lock-out**: failures are counted per (name,
//!   address group) and per address group ([`LoginBounds`]); a thousand wrong
//!   passwords from one network slow that network down and leave the owner's login
//!   from another network as it was.
//! - **A seat taken while logged in belongs to the account** (`seats.account`):
//!   without a token, the session's account acts for the seat it holds
//!   ([`crate::api::seat_of_request`]), so "my games" are on every device.

use crate::api::{json_body, ok, player_name, Hubs};
use crate::error::ApiError;
use crate::live::now_ms;
use crate::store::AccountRow;
use crate::token;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Argon2id's memory cost in KiB (19 MiB).
pub const ARGON2_M_KIB: u32 = 19 * 1024;
/// Argon2id's passes over the memory.
pub const ARGON2_T: u32 = 2;
/// Hashes computed at once (each takes [`ARGON2_M_KIB`] of memory).
pub const HASHES_AT_ONCE: usize = 2;
/// The session cookie's name.
pub const SESSION_COOKIE: &str = "orrery_session";
/// A session lasts this long from its login.
pub const SESSION_DAYS: i64 = 30;
/// A password's length in characters.
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=128;
/// An account name's length in characters.
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=24;

/// Failed logins for one name from one address group before each further try
/// waits; the wait then doubles with every failure, up to [`MAX_WAIT`].
pub const FREE_TRIES: u32 = 5;
/// The longest wait between tries for one name from one address group.
pub const MAX_WAIT: Duration = Duration::from_secs(15 * 60);
/// Failed logins one address group may make in [`GROUP_WINDOW`], whatever names
/// it tries (so trying one password on many names is slowed too).
pub const GROUP_FAILURES: u32 = 50;
pub const GROUP_WINDOW: Duration = Duration::from_secs(15 * 60);
/// Counters kept at most (each a few dozen bytes); past it the oldest are dropped.
const MAX_COUNTERS: usize = 100_000;

fn argon2() -> argon2::Argon2<'static> {
    let params = argon2::Params::new(ARGON2_M_KIB, ARGON2_T, 1, None)
        .expect("Argon2 parameters within their ranges");
    argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params)
}

/// Argon2id of `password` with a fresh random salt, as a PHC string.
pub fn hash_password(password: &str) -> Result<String, ApiError> {
    use argon2::password_hash::{PasswordHasher, SaltString};
    let mut salt = [0u8; 16];
    getrandom::getrandom(&mut salt).map_err(ApiError::no_randomness)?;
    let salt = SaltString::encode_b64(&salt)
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string()))?;
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string()))
}

/// Does `password` match the PHC string `stored`? (False for anything unreadable.)
pub fn verify_password(password: &str, stored: &str) -> bool {
    use argon2::password_hash::{PasswordHash, PasswordVerifier};
    match PasswordHash::new(stored) {
        Ok(h) => argon2().verify_password(password.as_bytes(), &h).is_ok(),
        Err(_) => false,
    }
}

/// A name folded for uniqueness and login: NFKC, lower case ("Ada", "ADA" and
/// "Ａｄａ" are one account).
pub fn name_key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    name.trim().nfkc().collect::<String>().to_lowercase()
}

/// An account name as given: a player's name ([`player_name`]: NFC, nothing hidden
/// or reordering), [`NAME_CHARS`] long, and not the name deleted accounts leave.
pub fn account_name(raw: &str) -> Result<String, ApiError> {
    let name = player_name(raw)?;
    if !NAME_CHARS.contains(&name.chars().count()) {
        return Err(ApiError::bad_request(format!(
            "an account's `name` must be {} to {} characters",
            NAME_CHARS.start(),
            NAME_CHARS.end()
        )));
    }
    if name_key(&name) == crate::store::DELETED_NAME {
        return Err(ApiError::bad_request("that name is reserved"));
    }
    Ok(name)
}

fn check_password(p: &str) -> Result<(), ApiError> {
    if PASSWORD_CHARS.contains(&p.chars().count()) {
        Ok(())
    } else {
        Err(ApiError::bad_request(format!(
            "a password must be {} to {} characters",
            PASSWORD_CHARS.start(),
            PASSWORD_CHARS.end()
        )))
    }
}

/// A new password's hash, the password's length checked first.
pub fn new_password_hash(password: &str) -> Result<String, ApiError> {
    check_password(password)?;
    hash_password(password)
}

/// The hashing of a server: bounded, and a hash of the same cost to check an
/// unknown name's password against.
pub struct Passwords {
    permits: tokio::sync::Semaphore,
    dummy: OnceLock<String>,
}

impl Default for Passwords {
    fn default() -> Self {
        Passwords {
            permits: tokio::sync::Semaphore::new(HASHES_AT_ONCE),
            dummy: OnceLock::new(),
        }
    }
}

impl Passwords {
    /// Run `f` (a hash or a check) on a blocking thread, once a permit is free.
    async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", "stopping"))?;
        tokio::task::spawn_blocking(f).await.map_err(|e| {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
        })
    }

    pub async fn hash(&self, password: String) -> Result<String, ApiError> {
        self.run(move || hash_password(&password)).await?
    }

    /// Check `password` against `stored`, or, for no account, against a hash of the
    /// same cost (so the time taken does not tell whether the account exists).
    pub async fn verify(&self, password: String, stored: Option<String>) -> Result<bool, ApiError> {
        let stored = match stored {
            Some(s) => (s, true),
            None => (self.dummy().await?, false),
        };
        let matched = self
            .run(move || verify_password(&password, &stored.0))
            .await?;
        Ok(matched && stored.1)
    }

    async fn dummy(&self) -> Result<String, ApiError> {
        if let Some(d) = self.dummy.get() {
            return Ok(d.clone());
        }
        let d = self
            .run(|| hash_password("not a password anyone has: 0d1f9c"))
            .await??;
        Ok(self.dummy.get_or_init(|| d).clone())
    }
}

#[derive(Default)]
struct Failures {
    count: u32,
    last: Option<Instant>,
}

/// Failed logins, counted per (name key, address group) and per address group.
#[derive(Default)]
pub struct LoginBounds {
    pairs: Mutex<HashMap<(String, IpAddr), Failures>>,
    groups: Mutex<HashMap<IpAddr, Failures>>,
}

impl LoginBounds {
    /// May `group` try a login of `key` now? `Err(wait)` if not yet.
    pub fn check(&self, key: &str, group: IpAddr) -> Result<(), Duration> {
        let now = Instant::now();
        {
            let groups = self.groups.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(f) = groups.get(&group) {
                let since = f.last.map_or(GROUP_WINDOW, |l| now - l);
                if f.count >= GROUP_FAILURES && since < GROUP_WINDOW {
                    return Err(GROUP_WINDOW - since);
                }
            }
        }
        let pairs = self.pairs.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(f) = pairs.get(&(key.to_string(), group)) {
            let wait = wait_after(f.count);
            let since = f.last.map_or(wait, |l| now - l);
            if since < wait {
                return Err(wait - since);
            }
        }
        Ok(())
    }

    /// A login of `key` from `group` failed.
    pub fn failed(&self, key: &str, group: IpAddr) {
        let now = Instant::now();
        {
            let mut groups = self.groups.lock().unwrap_or_else(|e| e.into_inner());
            bounded(&mut groups);
            let f = groups.entry(group).or_default();
            if f.last.is_some_and(|l| now - l >= GROUP_WINDOW) {
                f.count = 0;
            }
            f.count += 1;
            f.last = Some(now);
        }
        let mut pairs = self.pairs.lock().unwrap_or_else(|e| e.into_inner());
        bounded(&mut pairs);
        let f = pairs.entry((key.to_string(), group)).or_default();
        f.count = f.count.saturating_add(1);
        f.last = Some(now);
    }

    /// A login of `key` from `group` succeeded: its failures are forgotten.
    pub fn succeeded(&self, key: &str, group: IpAddr) {
        let mut pairs = self.pairs.lock().unwrap_or_else(|e| e.into_inner());
        pairs.remove(&(key.to_string(), group));
    }

    /// Drop counters whose waits are long over (the sweep, every few seconds).
    pub fn forget_idle(&self) {
        let now = Instant::now();
        let mut groups = self.groups.lock().unwrap_or_else(|e| e.into_inner());
        groups.retain(|_, f| f.last.is_some_and(|l| now - l < GROUP_WINDOW));
        drop(groups);
        let mut pairs = self.pairs.lock().unwrap_or_else(|e| e.into_inner());
        pairs.retain(|_, f| {
            f.last
                .is_some_and(|l| now - l < wait_after(f.count) + GROUP_WINDOW)
        });
    }
}

/// The wait before the next try after `count` failures.
fn wait_after(count: u32) -> Duration {
    if count < FREE_TRIES {
        return Duration::ZERO;
    }
    let doublings = (count - FREE_TRIES).min(20);
    Duration::from_secs(1u64 << doublings).min(MAX_WAIT)
}

/// Keep a map of counters within [`MAX_COUNTERS`]: the oldest half goes.
fn bounded<K: Clone + Eq + std::hash::Hash>(m: &mut HashMap<K, Failures>) {
    if m.len() < MAX_COUNTERS {
        return;
    }
    let mut times: Vec<Instant> = m.values().filter_map(|f| f.last).collect();
    times.sort_unstable();
    if let Some(&cut) = times.get(times.len() / 2) {
        m.retain(|_, f| f.last.is_some_and(|l| l > cut));
    }
}

/// The session token in a request's cookies.
pub fn session_token(headers: &HeaderMap) -> Option<String> {
    for v in headers.get_all(header::COOKIE) {
        let Ok(v) = v.to_str() else { continue };
        for part in v.split(';') {
            if let Some((k, t)) = part.trim().split_once('=') {
                if k == SESSION_COOKIE && t.len() == 32 && t.bytes().all(|b| b.is_ascii_hexdigit())
                {
                    return Some(t.to_ascii_lowercase());
                }
            }
        }
    }
    None
}

/// The logged-in account of a request (`None`: a guest, or a session ended).
pub async fn account_of(
    hub: &crate::live::Hub,
    headers: &HeaderMap,
) -> Result<Option<AccountRow>, ApiError> {
    let Some(t) = session_token(headers) else {
        return Ok(None);
    };
    Ok(hub
        .store
        .session(&token::digest(&t), now_ms(), SESSION_DAYS * 86_400_000)
        .await?)
}

/// Did this request come over TLS? Only a trusted proxy can say so
/// (`X-Forwarded-Proto: https`, or `proto=https` in `Forwarded`); the guard records
/// it as this extension.
#[derive(Clone, Copy, Debug, Default)]
pub struct Https(pub bool);

/// The proxy's word that the client spoke TLS to it.
pub fn forwarded_https(headers: &HeaderMap) -> bool {
    let xfp = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"));
    let fwd = headers
        .get(header::FORWARDED)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split([';', ','])
                .any(|p| p.trim().eq_ignore_ascii_case("proto=https"))
        });
    xfp || fwd
}

fn cookie(value: &str, max_age: i64, https: bool) -> HeaderValue {
    let secure = if https { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{SESSION_COOKIE}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}"
    ))
    .expect("a cookie of hex digits and ASCII attributes")
}

/// Would a browser have sent this request from another site? Checked on every
/// request that changes something (any method but GET, HEAD and OPTIONS) and on a
/// WebSocket's opening: `Sec-Fetch-Site` when the browser sends it, else `Origin`
/// against `Host`. A request with neither (a bot, `curl`) is not a browser's and
/// passes: only a browser carries someone's cookie without their asking.
pub fn cross_site(method: &Method, headers: &HeaderMap) -> bool {
    let websocket = headers
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"));
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) && !websocket {
        return false;
    }
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return !matches!(site, "same-origin" | "none");
    }
    let Some(origin) = headers.get(header::ORIGIN) else {
        return false;
    };
    let Ok(origin) = origin.to_str() else {
        return true;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    match origin.split_once("://") {
        Some((_, authority)) => !authority.eq_ignore_ascii_case(host),
        None => true,
    }
}

pub fn cross_site_refused() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "cross_origin",
        "this request came from another site's page; it is refused",
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

fn credentials(body: Result<Bytes, BytesRejection>, limit: usize) -> Result<Credentials, ApiError> {
    serde_json::from_value(json_body(body, limit)?).map_err(|_| {
        ApiError::bad_request("the body must be {\"name\": \"…\", \"password\": \"…\"}")
    })
}

fn bad_login() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "bad_login",
        "wrong name or password",
    )
}

fn slowed(wait: Duration) -> ApiError {
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "login_slowed",
        format!(
            "too many failed logins of this name from this network; try again in {} s",
            wait.as_secs().max(1)
        ),
    )
}

fn not_logged_in() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "not_logged_in",
        "this route needs a logged-in account (log in: POST /api/session)",
    )
}

/// A new session for `account`: its cookie on `res`.
async fn start_session(
    hub: &crate::live::Hub,
    account: &str,
    https: bool,
    mut res: Response,
) -> Result<Response, ApiError> {
    let t = token::new_token().map_err(ApiError::no_randomness)?;
    hub.store
        .new_session(&token::digest(&t), account, now_ms())
        .await?;
    res.headers_mut()
        .insert(header::SET_COOKIE, cookie(&t, SESSION_DAYS * 86_400, https));
    Ok(res)
}

fn https_of(ext: Option<axum::Extension<Https>>) -> bool {
    ext.is_some_and(|axum::Extension(Https(h))| h)
}

/// `POST /api/accounts` `{"name","password"}`: a new account, logged in at once
/// (`201`, the session cookie set). `409 name_taken` when the name (folded) is
/// someone's. An address group may sign up `accounts_per_hour` accounts an hour.
pub async fn sign_up(
    axum::extract::State(hub): Hubs,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    https: Option<axum::Extension<Https>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let c = credentials(body, hub.limits.max_body_bytes)?;
    let name = account_name(&c.name)?;
    check_password(&c.password)?;
    if !hub.account_quota.allow(hub.limits.group(peer.ip())) {
        return Err(ApiError::quota(
            "accounts_per_hour",
            format!(
                "this address signed up {} accounts within the hour (the limit); try again later",
                hub.limits.accounts_per_hour
            ),
        ));
    }
    let hash = hub.passwords.hash(c.password).await?;
    let id = token::new_game_id().map_err(ApiError::no_randomness)?;
    if !hub
        .store
        .create_account(&id, &name, &name_key(&name), &hash, now_ms())
        .await?
    {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "name_taken",
            "an account has that name; choose another",
        ));
    }
    let res = (StatusCode::CREATED, ok(json!({"name": name}))).into_response();
    start_session(&hub, &id, https_of(https), res).await
}

/// `POST /api/session` `{"name","password"}`: log in (`200 {"name"}`, the session
/// cookie set). A wrong password and an unknown name are answered alike: `401
/// bad_login` after the same work. `429 login_slowed` after [`FREE_TRIES`] failures
/// of one name from one address group, with the wait in the message.
pub async fn log_in(
    axum::extract::State(hub): Hubs,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    https: Option<axum::Extension<Https>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let c = credentials(body, hub.limits.max_body_bytes)?;
    let group = hub.limits.group(peer.ip());
    let key = name_key(&c.name);
    hub.logins.check(&key, group).map_err(slowed)?;
    // A password of any length is checked (the same work); only a real one matches.
    let account = if c.password.chars().count() <= *PASSWORD_CHARS.end() {
        hub.store.account_by_key(&key).await?
    } else {
        None
    };
    let stored = account.as_ref().map(|a| a.password_hash.clone());
    let password: String = c.password.chars().take(*PASSWORD_CHARS.end()).collect();
    if !hub.passwords.verify(password, stored).await? {
        hub.logins.failed(&key, group);
        return Err(bad_login());
    }
    let account = account.ok_or_else(bad_login)?;
    hub.logins.succeeded(&key, group);
    let res = ok(json!({"name": account.name})).into_response();
    start_session(&hub, &account.id, https_of(https), res).await
}

/// `GET /api/session`: who is logged in, `{"name": "…"}`, or `{"name": null}` for a
/// guest: always `200`, so a page can ask without an error to show.
pub async fn who(
    axum::extract::State(hub): Hubs,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let name = account_of(&hub, &headers).await?.map(|a| a.name);
    Ok(ok(json!({ "name": name })).into_response())
}

/// `DELETE /api/session`: log out (the session ended, its cookie cleared). `200`
/// also when no session was open.
pub async fn log_out(
    axum::extract::State(hub): Hubs,
    https: Option<axum::Extension<Https>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if let Some(t) = session_token(&headers) {
        hub.store.end_session(&token::digest(&t)).await?;
    }
    let mut res = ok(json!({})).into_response();
    res.headers_mut()
        .insert(header::SET_COOKIE, cookie("", 0, https_of(https)));
    Ok(res)
}

/// `GET /api/account`: the logged-in account, `{"name","created","games":[…]}`,
/// each game `{"id","seat","ruleset","scenario","status","rated","clock_ms",
/// "created","your_turn"?}`, newest first (at most [`MY_GAMES`]; `your_turn` for the
/// newest [`YOUR_TURN_GAMES`] in play: this player owes a decision there now).
/// `401 not_logged_in` without a session.
pub async fn me(axum::extract::State(hub): Hubs, headers: HeaderMap) -> Result<Response, ApiError> {
    let account = account_of(&hub, &headers)
        .await?
        .ok_or_else(not_logged_in)?;
    let games = hub.store.account_games(&account.id, MY_GAMES).await?;
    let mut out = Vec::with_capacity(games.len());
    let mut asked = 0;
    for g in games {
        let mut v = crate::players::game_json(&g);
        // Correspondence: which games wait for this player now (the newest few
        // in play; each is read from memory, or loaded).
        if g.game.status == "playing" && asked < YOUR_TURN_GAMES {
            asked += 1;
            if let Ok(live) = hub.get(&g.game.id).await {
                let to_move = hub
                    .read(&live, |inner| inner.status_of(None))
                    .await
                    .map(|s| s.to_move.iter().any(|m| m.0 == g.seat) && !s.terminal)
                    .unwrap_or(false);
                v["your_turn"] = json!(to_move);
            }
        }
        out.push(v);
    }
    Ok(ok(json!({
        "name": account.name,
        "created": crate::api::rfc3339(account.created_ms),
        "games": out,
    }))
    .into_response())
}

/// Games `GET /api/account` lists at most.
pub const MY_GAMES: i64 = 200;
/// Games in play whose turn `GET /api/account` tells (`your_turn`), newest first.
pub const YOUR_TURN_GAMES: usize = 50;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPassword {
    password: String,
    new_password: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Password {
    password: String,
}

/// The logged-in account of a request whose body repeats its password: checked as
/// a login is (slowed after failures, per name and address group).
async fn confirmed(
    hub: &crate::live::Hub,
    headers: &HeaderMap,
    peer: SocketAddr,
    password: String,
) -> Result<AccountRow, ApiError> {
    let account = account_of(hub, headers).await?.ok_or_else(not_logged_in)?;
    let group = hub.limits.group(peer.ip());
    let key = name_key(&account.name);
    hub.logins.check(&key, group).map_err(slowed)?;
    let password: String = password.chars().take(*PASSWORD_CHARS.end()).collect();
    if !hub
        .passwords
        .verify(password, Some(account.password_hash.clone()))
        .await?
    {
        hub.logins.failed(&key, group);
        return Err(bad_login());
    }
    hub.logins.succeeded(&key, group);
    Ok(account)
}

/// `POST /api/account/password` `{"password","new_password"}`: change the
/// password; every other session of the account ends.
pub async fn change_password(
    axum::extract::State(hub): Hubs,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: NewPassword = serde_json::from_value(json_body(body, hub.limits.max_body_bytes)?)
        .map_err(|_| {
            ApiError::bad_request("the body must be {\"password\": \"…\", \"new_password\": \"…\"}")
        })?;
    check_password(&req.new_password)?;
    let account = confirmed(&hub, &headers, peer, req.password).await?;
    let hash = hub.passwords.hash(req.new_password).await?;
    let keep = session_token(&headers).map(|t| token::digest(&t));
    hub.store
        .set_password(&account.id, &hash, keep.as_deref())
        .await?;
    Ok(ok(json!({})).into_response())
}

/// `POST /api/account/delete` `{"password"}`: delete the account. Its name is gone
/// from every game it played ("deleted player" instead), its sessions end, and the
/// name may be taken again; the games and their records stay.
pub async fn delete(
    axum::extract::State(hub): Hubs,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    https: Option<axum::Extension<Https>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: Password = serde_json::from_value(json_body(body, hub.limits.max_body_bytes)?)
        .map_err(|_| ApiError::bad_request("the body must be {\"password\": \"…\"}"))?;
    let account = confirmed(&hub, &headers, peer, req.password).await?;
    let games = hub.store.delete_account(&account.id, now_ms()).await?;
    hub.names_changed(&account.id, &games).await;
    let mut res = ok(json!({})).into_response();
    res.headers_mut()
        .insert(header::SET_COOKIE, cookie("", 0, https_of(https)));
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_kept_as_an_argon2id_hash_that_only_it_matches() {
        let h = hash_password("correct horse battery").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(!h.contains("correct horse"));
        assert!(verify_password("correct horse battery", &h));
        assert!(!verify_password("correct horse batterY", &h));
        assert!(!verify_password("correct horse battery", "not a hash"));
        assert_ne!(h, hash_password("correct horse battery").unwrap(), "salted");
    }

    #[test]
    fn names_fold_to_one_key_and_hidden_characters_are_refused() {
        assert_eq!(name_key("Ada"), name_key("ＡＤＡ"));
        assert!(account_name("a\u{202E}da").is_err());
        assert!(account_name("x").is_err());
        assert!(account_name("Deleted Player").is_err());
        assert_eq!(account_name("  Ada  ").unwrap(), "Ada");
    }

    #[test]
    fn failures_slow_one_name_from_one_group_and_no_other() {
        let b = LoginBounds::default();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        for _ in 0..FREE_TRIES {
            assert!(b.check("ada", a).is_ok());
            b.failed("ada", a);
        }
        assert!(b.check("ada", a).is_err(), "the sixth try waits");
        assert!(b.check("ada", other).is_ok(), "another group is not slowed");
        assert!(b.check("bob", a).is_ok(), "another name is not slowed");
        assert_eq!(wait_after(FREE_TRIES), Duration::from_secs(1));
        assert_eq!(wait_after(FREE_TRIES + 3), Duration::from_secs(8));
        assert_eq!(wait_after(1000), MAX_WAIT);
        b.succeeded("ada", a);
        assert!(b.check("ada", a).is_ok());
    }

    #[test]
    fn a_group_that_fails_on_many_names_is_slowed_on_all() {
        let b = LoginBounds::default();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        for i in 0..GROUP_FAILURES {
            b.failed(&format!("name{i}"), a);
        }
        assert!(b.check("someone-else", a).is_err());
        assert!(b.check("someone-else", "10.0.0.9".parse().unwrap()).is_ok());
    }

    #[test]
    fn cross_site_requests_are_told_apart_from_same_origin_ones() {
        let h = |pairs: &[(&str, &str)]| {
            let mut m = HeaderMap::new();
            for (k, v) in pairs {
                m.insert(
                    axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                    v.parse().unwrap(),
                );
            }
            m
        };
        let post = Method::POST;
        assert!(!cross_site(&post, &h(&[("host", "a.test")])), "no browser");
        assert!(!cross_site(
            &post,
            &h(&[("host", "a.test"), ("origin", "https://a.test")])
        ));
        assert!(cross_site(
            &post,
            &h(&[("host", "a.test"), ("origin", "https://evil.test")])
        ));
        assert!(cross_site(
            &post,
            &h(&[("host", "a.test"), ("origin", "null")])
        ));
        assert!(cross_site(&post, &h(&[("sec-fetch-site", "cross-site")])));
        assert!(!cross_site(&post, &h(&[("sec-fetch-site", "same-origin")])));
        assert!(!cross_site(
            &Method::GET,
            &h(&[("sec-fetch-site", "cross-site")])
        ));
        assert!(cross_site(
            &Method::GET,
            &h(&[
                ("upgrade", "websocket"),
                ("host", "a.test"),
                ("origin", "http://b.test")
            ])
        ));
    }

    #[test]
    fn the_session_cookie_is_read_among_others() {
        let mut m = HeaderMap::new();
        let t = "0123456789abcdef0123456789abcdef";
        m.insert(
            header::COOKIE,
            format!("a=b; {SESSION_COOKIE}={t}; c=d").parse().unwrap(),
        );
        assert_eq!(session_token(&m).as_deref(), Some(t));
        m.insert(
            header::COOKIE,
            format!("{SESSION_COOKIE}=short").parse().unwrap(),
        );
        assert_eq!(session_token(&m), None);
    }
}
