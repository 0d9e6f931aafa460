//! Games in play: each is kept in memory (its [`DynGame`], rebuilt from the database
//! by replaying its record) and every action goes through one path, [`Hub::act`]:
//! check and apply in memory, commit to the database, and only then answer and tell
//! the watchers. AI seats and clocks act through the same path.

use crate::error::ApiError;
use crate::store::{ActionRow, Cause, GameRow, SeatKind, SeatRow, Store, StoreError, DELETED_NAME};
use crate::Limits;
use orrery_core::{Record, RecordedAction, Seat, StateHash};
use orrery_protocol::{DynGame, ProtocolError, Registry};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::broadcast;

mod agents;
mod clock;
mod inner;

pub(crate) use inner::StateKey;
pub use inner::{Inner, Legal, Note};

/// Does a game move without being asked (agents to play, or a clock to run)? Such a
/// game is held in memory from its creation and resumed at start-up; the others
/// wait in the database until someone asks for them.
fn moves_alone(setup: &GameRow, seats: &[SeatRow]) -> bool {
    setup.clock_ms.is_some()
        || seats
            .iter()
            .any(|s| matches!(s.kind, SeatKind::Agent { .. }))
}

/// What a game has played so far, as read from the database (nothing, for a new game).
#[derive(Default)]
struct Played {
    /// Actions recorded (the database's last `seq`).
    seq: i64,
    resigned: Option<u8>,
    drawn: bool,
    /// `{"seq","seat"}` of every action a clock played.
    timeouts: Vec<Value>,
}

/// A quota reservation this recent counts while its game is being created.
const RESERVED: std::time::Duration = std::time::Duration::from_secs(30);

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// What a seat is, as the server plays it.
pub struct SeatSlot {
    pub seat: u8,
    pub kind: SeatKind,
    /// A human seat's token has been used (the lobby shows it taken).
    pub joined: AtomicBool,
    /// An agent of this seat is thinking now.
    pub(crate) thinking: AtomicBool,
    /// An open seat's token digest, once someone took it (`SeatKind::Open`).
    pub claimed: std::sync::OnceLock<String>,
    /// The player's name, once given (at set-up, or when an open seat is taken);
    /// [`DELETED_NAME`] once its account is deleted ([`SeatSlot::name`]).
    name: Mutex<Option<String>>,
    /// The account the seat belongs to (taken while logged in, issue 42).
    pub account: std::sync::OnceLock<String>,
}

/// A game unasked-for this long (ms) no longer keeps its last view written, and its
/// older events are deflated ([`Inner::quiet`]).
const FORGET_VIEW_MS: u64 = 5_000;

impl Live {
    /// Nobody watches it (a WebSocket, or its running clock: a game with a clock
    /// stays until it is over, so its clocks keep running) and no agent of it is
    /// thinking: it may leave memory.
    fn may_leave_memory(&self) -> bool {
        let watched = self.changes.receiver_count() > 0;
        let thinking = self
            .seats
            .iter()
            .any(|s| s.thinking.load(Ordering::Acquire));
        !watched && !thinking
    }

    /// This copy leaves memory: its clock and any decision of its agents stop.
    fn leave_memory(&self) {
        self.unloaded.store(true, Ordering::Release);
        self.stop_agents.stop();
    }

    /// May its seats ask for hints and the win-chance bar ([`GameRow::allows_help`])?
    pub fn allows_help(&self) -> bool {
        self.setup.allows_help(self.seats.iter().map(|s| &s.kind))
    }

    /// Who sits where, as every client may see it: each seat's type, its agent's
    /// name, and the player's name once given.
    pub fn players(&self) -> Value {
        Value::Array(self.seats.iter().map(SeatSlot::public).collect())
    }

    /// Charge this game's agents' thinking to address group `group`
    /// ([`crate::Limits::group`]), unless it has an owner already (its creator, while
    /// this process knows it).
    pub fn owned_by(&self, group: std::net::IpAddr) {
        let _ = self.owner.set(group);
    }
}

impl SeatSlot {
    /// This seat as the lobby and every player see it (no token).
    pub fn public(&self) -> Value {
        let mut v = match &self.kind {
            SeatKind::Human { .. } => json!({"seat": self.seat, "type": "human"}),
            SeatKind::Agent { agent, .. } => {
                json!({"seat": self.seat, "type": "agent", "agent": agent})
            }
            SeatKind::Open { .. } => json!({"seat": self.seat, "type": "open"}),
        };
        if let Some(n) = self.name() {
            v["name"] = Value::String(n);
        }
        v
    }

    /// The player's name, if one was given.
    pub fn name(&self) -> Option<String> {
        self.name.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Give the seat its name, unless it has one (a claim racing a refresh from the
    /// database gives the same one).
    pub fn name_if_none(&self, name: String) {
        self.name
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert(name);
    }

    /// The seat's name changes (its account was deleted: [`DELETED_NAME`]).
    pub fn rename(&self, name: &str) {
        *self.name.lock().unwrap_or_else(|e| e.into_inner()) = Some(name.to_string());
    }

    /// The digest of the token that holds this seat, if a token does.
    pub fn token_hash(&self) -> Option<&str> {
        match &self.kind {
            SeatKind::Human { token_hash } => Some(token_hash),
            SeatKind::Open { .. } => self.claimed.get().map(String::as_str),
            SeatKind::Agent { .. } => None,
        }
    }
}

/// A finished rated game's rating category and players: each seat's account with
/// the place it finished in (a resigning seat behind everyone else; otherwise the
/// winners first, level, and the rest level behind them). `None` unless the game is
/// rated, over, and every seat is a different account's.
fn rated_players(live: &Live, inner: &Inner) -> Option<(String, Vec<(String, usize)>)> {
    if !live.setup.rated || !inner.over() {
        return None;
    }
    let accounts: Vec<String> = live
        .seats
        .iter()
        .map(|s| s.account.get().cloned())
        .collect::<Option<_>>()?;
    let mut distinct = accounts.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != accounts.len() || accounts.len() < 2 {
        return None;
    }
    let ranks: Vec<usize> = match inner.resigned {
        Some(r) => (0..accounts.len())
            .map(|i| usize::from(i == r as usize))
            .collect(),
        None if inner.drawn => vec![0; accounts.len()],
        None => {
            let winners = inner.game.outcome().winners;
            (0..accounts.len())
                .map(|i| usize::from(!winners.contains(&Seat(i as u8))))
                .collect()
        }
    };
    Some((
        rating_category(&live.setup.ruleset, accounts.len()),
        accounts.into_iter().zip(ranks).collect(),
    ))
}

/// The rating category of a game: its ruleset for two players, `ruleset/Np` for N.
pub fn rating_category(ruleset: &str, players: usize) -> String {
    if players == 2 {
        ruleset.to_string()
    } else {
        format!("{ruleset}/{players}p")
    }
}

/// A change of a game, sent to everyone watching it (WebSocket connections, clocks).
#[derive(Clone, Debug)]
pub struct Change {
    /// The seat whose clock ran out, when that was the change.
    pub timed_out: Option<u8>,
    /// Only the players' talk changed (issue 42): seats' sockets are told
    /// `{"type":"talk"}`, nothing else is sent.
    pub talk: bool,
}

/// One game in memory.
pub struct Live {
    pub setup: GameRow,
    pub seats: Vec<SeatSlot>,
    pub(crate) inner: tokio::sync::Mutex<Inner>,
    pub(crate) changes: broadcast::Sender<Change>,
    /// When the game was last asked for (ms since the hub started), for unloading.
    last_used: AtomicU64,
    /// This copy was dropped from memory (its clock stops; a reload starts another).
    pub(crate) unloaded: AtomicBool,
    /// Milliseconds its agents have thought, in all (`Limits::agent_ms_per_game`).
    pub(crate) thought_ms: AtomicU64,
    /// Stops its agents' decisions in progress once the game is over (a resignation,
    /// the creator stopping a game of agents) or this copy leaves memory (issue 40:
    /// a resigned game's agent used to think on for its whole budget).
    pub(crate) stop_agents: orrery_agents::Stop,
    /// The address group its agents' thinking is charged to
    /// (`Limits::agent_ms_per_address`): its creator's, or after a restart the first
    /// player's to act in it.
    pub(crate) owner: std::sync::OnceLock<std::net::IpAddr>,
    /// Another instance announced a change since this copy last caught up: the next
    /// [`Hub::sync`] reads the database (and only then; a shared database only).
    stale: AtomicBool,
}

/// A hint's position: the game, its actions recorded and the seat.
pub(crate) type HintKey = (String, i64, u8);

/// The reply to an accepted action.
pub struct Acted {
    pub events: Vec<Box<serde_json::value::RawValue>>,
    pub status: Value,
}

/// Every game this process serves, the database and the rulesets.
pub struct Hub {
    pub registry: Registry,
    pub store: Store,
    pub limits: Limits,
    pub limiter: crate::RateLimiter,
    /// How many agents may think at once: one core is left for requests.
    pub(crate) thinkers: tokio::sync::Semaphore,
    /// Open WebSockets, in all and per address.
    pub sockets: Arc<crate::limits::Counted>,
    /// Open spectators' WebSockets (also counted in `sockets`): at most
    /// [`crate::Limits::spectator_sockets`], so seats always find a place.
    pub spectators: Arc<crate::limits::Counted>,
    /// The connections hyper is reading, which a newcomer may take the place of.
    pub conns: Arc<crate::conns::Conns>,
    /// The quota on new games per address.
    pub game_quota: crate::RateLimiter,
    /// The quota on new accounts per address group.
    pub account_quota: crate::RateLimiter,
    /// Password hashing, bounded (issue 42).
    pub passwords: crate::accounts::Passwords,
    /// Failed logins per name and address group.
    pub logins: crate::accounts::LoginBounds,
    /// Unfinished games without a human seat, by the address that created them.
    pub(crate) agent_games: Mutex<HashMap<String, (std::net::IpAddr, Instant)>>,
    /// The agents' thinking per address group (`Limits::agent_ms_per_address`).
    pub thinking: crate::limits::ThinkingBudget,
    /// Analyses of finished games (`GET /api/games/{id}/analysis`), the newest
    /// [`crate::tools::ANALYSES_KEPT`] kept, oldest first.
    pub(crate) analyses: Mutex<std::collections::VecDeque<(String, Arc<serde_json::Value>)>>,
    /// The newest hints given (issue 41), by game, actions recorded and seat: the
    /// win-chance bar and the Hint button of one position share one search.
    pub(crate) hints: Mutex<std::collections::VecDeque<(HintKey, Arc<serde_json::Value>)>>,
    /// Each ruleset's guided first battle (issue 41), read once.
    pub(crate) lessons: HashMap<String, Arc<orrery_protocol::tutorial::Lessons>>,
    games: Mutex<HashMap<String, Arc<Live>>>,
    /// Announcements of other instances received so far: a game loaded while one
    /// arrived may have missed its change, so it starts stale.
    announced: AtomicU64,
    started: Instant,
}

impl Hub {
    pub fn new(registry: Registry, store: Store, limits: Limits) -> Hub {
        // The lessons are built in and tested (a file that does not read is named).
        let lessons = registry
            .rulesets()
            .into_iter()
            .filter_map(|info| {
                let r = registry.get(&info.id)?;
                match orrery_protocol::tutorial::Lessons::of(r)? {
                    Ok(l) => Some((info.id, Arc::new(l))),
                    Err(e) => {
                        eprintln!("orrery serve: no guided battle for {}: {e}", info.id);
                        None
                    }
                }
            })
            .collect();
        Hub {
            lessons,
            registry,
            store,
            limiter: crate::RateLimiter::new(&limits),
            game_quota: crate::RateLimiter::games(&limits),
            account_quota: crate::RateLimiter::accounts(&limits),
            passwords: Default::default(),
            logins: Default::default(),
            thinking: crate::limits::ThinkingBudget::new(&limits),
            sockets: Arc::default(),
            spectators: Arc::default(),
            conns: Arc::default(),
            agent_games: Mutex::new(HashMap::new()),
            analyses: Mutex::new(std::collections::VecDeque::new()),
            hints: Mutex::new(std::collections::VecDeque::new()),
            // Agents never take every core: requests keep one (on one core, they share).
            thinkers: tokio::sync::Semaphore::new(
                std::thread::available_parallelism()
                    .map_or(1, |n| n.get().saturating_sub(1).max(1)),
            ),
            limits,
            games: Mutex::new(HashMap::new()),
            announced: AtomicU64::new(0),
            started: Instant::now(),
        }
    }

    /// The lessons a game teaches: a guided first battle's (issue 41), else none.
    pub fn lessons_of(&self, live: &Live) -> Option<&orrery_protocol::tutorial::Lessons> {
        live.setup
            .lessons
            .then(|| self.lessons.get(&live.setup.ruleset))
            .flatten()
            .map(|l| l.as_ref())
    }

    fn clock_now(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// A new game, set up from `owner`'s address: recorded in the database, then held
    /// in memory and started (its agents move, its clock runs).
    pub async fn create(
        self: &Arc<Self>,
        game: Box<dyn DynGame>,
        setup: GameRow,
        seats: Vec<SeatRow>,
        owner: std::net::IpAddr,
    ) -> Result<(), ApiError> {
        let moves_alone = moves_alone(&setup, &seats);
        self.store.create_game(&setup, &seats).await?;
        // A game of people waits in the database until someone asks for it: a
        // creation nobody follows up costs no memory.
        if moves_alone {
            self.install(game, setup, seats, Played::default(), Some(owner));
        }
        Ok(())
    }

    /// Count game `id`, which moves by itself (agents play it without a person),
    /// against `ip`'s quota of `cap` such games: false when `ip` has `cap` already.
    /// Checked and counted at once, so simultaneous creations cannot all pass.
    pub fn reserve_agent_game(&self, id: &str, ip: std::net::IpAddr, cap: usize) -> bool {
        let mut g = self.agent_games.lock().unwrap_or_else(|e| e.into_inner());
        // Games over (here or on another instance) or no longer moving in memory
        // (unloaded: their agents stopped) count no more; a reservation a moment old
        // is a game being created.
        g.retain(|game, (_, at)| at.elapsed() < RESERVED || self.moving(game));
        if g.values().filter(|(a, _)| *a == ip).count() >= cap {
            return false;
        }
        g.insert(id.to_string(), (ip, Instant::now()));
        true
    }

    /// Is game `id` in memory and not over (as far as can be seen without waiting)?
    fn moving(&self, id: &str) -> bool {
        match self.cached(id) {
            Some(live) if !live.unloaded.load(Ordering::Acquire) => {
                live.inner.try_lock().map_or(true, |inner| !inner.over())
            }
            _ => false,
        }
    }

    /// Game `id` was not created after all: its reservation is given back.
    pub fn release_agent_game(&self, id: &str) {
        self.ended(id);
    }

    /// Game `id` is over: it no longer counts against any quota.
    fn ended(&self, id: &str) {
        let mut g = self.agent_games.lock().unwrap_or_else(|e| e.into_inner());
        g.remove(id);
    }

    fn install(
        self: &Arc<Self>,
        game: Box<dyn DynGame>,
        setup: GameRow,
        seats: Vec<SeatRow>,
        played: Played,
        owner: Option<std::net::IpAddr>,
    ) -> Arc<Live> {
        let n = game.seats() as usize;
        let slots: Vec<SeatSlot> = seats
            .into_iter()
            .map(|s| {
                let claimed = std::sync::OnceLock::new();
                if let SeatKind::Open {
                    token_hash: Some(h),
                } = &s.kind
                {
                    let _ = claimed.set(h.clone());
                }
                let account = std::sync::OnceLock::new();
                if let Some(a) = s.account {
                    let _ = account.set(a);
                }
                SeatSlot {
                    seat: s.seat,
                    kind: s.kind,
                    joined: AtomicBool::new(s.joined),
                    thinking: AtomicBool::new(false),
                    claimed,
                    name: Mutex::new(s.name),
                    account,
                }
            })
            .collect();
        let clock = setup.clock_ms;
        // Undo (issue 28) needs the state before the last action; one copy, refilled
        // after each undo ([`Inner::keep_one_undo`]); a guided battle keeps more.
        let undo_depth = if setup.lessons {
            inner::LESSON_UNDO_DEPTH
        } else {
            1
        };
        let mut game = game;
        game.set_undo_depth(undo_depth);
        let mut inner = Inner {
            undo_depth,
            took_back: Default::default(),
            lessons_seen: Default::default(),
            game,
            seq: played.seq,
            resigned: played.resigned,
            drawn: played.drawn,
            deadlines: vec![None; n],
            timeouts: played.timeouts,
            seen: Default::default(),
        };
        inner.update_deadlines(&[], None, &slots, clock);
        // A watcher that falls 16 changes behind reads the whole state again.
        let (changes, _) = broadcast::channel(16);
        // The scenario is in the game's record already (and in the database): this
        // copy is not kept, a JSON tree of every game's scenario costs ~10-30 KiB.
        let mut setup = setup;
        setup.scenario = Value::Null;
        let new = Arc::new(Live {
            setup,
            seats: slots,
            inner: tokio::sync::Mutex::new(inner),
            changes,
            last_used: AtomicU64::new(self.clock_now()),
            unloaded: AtomicBool::new(false),
            thought_ms: AtomicU64::new(0),
            stop_agents: orrery_agents::Stop::default(),
            owner: std::sync::OnceLock::new(),
            stale: AtomicBool::new(false),
        });
        if let Some(ip) = owner {
            new.owned_by(ip);
        }
        let live = {
            let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
            games
                .entry(new.setup.id.clone())
                .or_insert_with(|| new.clone())
                .clone()
        };
        // Another request loaded it meanwhile: that copy runs the clock and agents.
        if Arc::ptr_eq(&live, &new) {
            if clock.is_some() {
                tokio::spawn(clock::run_clock(self.clone(), live.clone()));
            }
            self.drive(&live);
        }
        live
    }

    /// The game `id` if it is in memory.
    /// The turn and the seats to move of game `id`, if it is in memory and not busy
    /// (for the lobby: it never waits for a game's lock nor loads a game).
    pub fn glance(&self, id: &str) -> Option<(u32, Vec<u8>)> {
        let live = self.cached(id)?;
        let inner = live.inner.try_lock().ok()?;
        let status = inner.status_of(None);
        Some((status.turn, status.to_move.iter().map(|s| s.0).collect()))
    }

    fn cached(&self, id: &str) -> Option<Arc<Live>> {
        self.games
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned()
    }

    /// The game `id`, loaded from the database if it is not in memory.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<Arc<Live>, ApiError> {
        if !crate::token::is_game_id(id) {
            return Err(ApiError::no_game());
        }
        let cached = self.cached(id);
        let live = match cached {
            Some(l) => l,
            None => self.load(id).await?.ok_or_else(ApiError::no_game)?,
        };
        live.last_used.store(self.clock_now(), Ordering::Relaxed);
        Ok(live)
    }

    /// Rebuild a game from the database: replay its record, checking every hash.
    async fn load(self: &Arc<Self>, id: &str) -> Result<Option<Arc<Live>>, ApiError> {
        let announced = self.announced.load(Ordering::SeqCst);
        let Some((setup, seats)) = self.store.game(id).await? else {
            return Ok(None);
        };
        let (game, seq, timeouts) = self.replay(&setup).await?;
        let (resigned, drawn) = (setup.resigned, setup.drawn);
        let cached = self.cached(id);
        if let Some(l) = cached {
            return Ok(Some(l));
        }
        let played = Played {
            seq,
            resigned,
            drawn,
            timeouts,
        };
        let live = self.install(game, setup, seats, played, None);
        // Either the announcement's game lookup finds this copy, or this sees the count
        // it raised first (`changed_elsewhere`): no change is missed.
        if self.announced.load(Ordering::SeqCst) != announced {
            live.stale.store(true, Ordering::SeqCst);
        }
        Ok(Some(live))
    }

    /// Games in memory now (`GET /api/stats`).
    pub fn games_in_memory(&self) -> usize {
        self.games.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// The game of `setup` with every recorded action replayed (on the blocking pool:
    /// a long game takes a while), its last `seq` and its clock timeouts.
    async fn replay(
        self: &Arc<Self>,
        setup: &GameRow,
    ) -> Result<(Box<dyn DynGame>, i64, Vec<Value>), ApiError> {
        let rows = self.store.actions_after(&setup.id, 0).await?;
        let seq = rows.last().map_or(0, |r| r.seq);
        let timeouts = rows
            .iter()
            .filter(|r| r.cause == Cause::Clock)
            .map(|r| json!({"seq": r.seq, "seat": r.seat}))
            .collect();
        let mut actions = Vec::with_capacity(rows.len());
        for r in rows {
            let hash: StateHash =
                serde_json::from_value(Value::String(r.hash.clone())).map_err(|e| {
                    ApiError::from(StoreError::Corrupt {
                        game: setup.id.clone(),
                        why: format!("hash of action {}: {e}", r.seq),
                    })
                })?;
            actions.push(RecordedAction {
                seat: Seat(r.seat),
                action: r.action.into(),
                hash: Some(hash),
            });
        }
        let record = Record {
            ruleset: setup.ruleset.clone(),
            scenario: setup.scenario.clone().into(),
            seed: setup.seed,
            actions,
        };
        let hub = self.clone();
        let game = tokio::task::spawn_blocking(move || hub.registry.load_record(&record))
            .await
            .map_err(|e| ApiError::from(ProtocolError::Internal(format!("replay: {e}"))))?;
        // The details (hashes, the rules' words on a seat's order) go to the log
        // only: they may describe another seat's secret.
        game.map_err(|e| {
            eprintln!("orrery serve: game {} does not replay: {e}", setup.id);
            ApiError::replay_failed()
        })
        .map(|game| (game, seq, timeouts))
    }

    /// Apply what other instances recorded since this one last looked (a shared
    /// database only). Returns whether anything changed.
    async fn catch_up(&self, live: &Live, inner: &mut Inner) -> Result<bool, ApiError> {
        if !self.store.shared() {
            return Ok(false);
        }
        // An action this copy holds may have been taken back elsewhere (an undo):
        // then the copy is dropped and the game read again.
        if inner.seq > 0 {
            let ours = inner.game.last_hash().map(|h| h.to_string());
            let theirs = self.store.hash_at(&live.setup.id, inner.seq).await?;
            if ours.is_some() && theirs != ours {
                self.unload(live);
                return Err(ApiError::reloading());
            }
        }
        let rows = self.store.actions_after(&live.setup.id, inner.seq).await?;
        let (resigned, drawn) = self.store.ended_by(&live.setup.id).await?;
        let changed = !rows.is_empty() || resigned != inner.resigned || drawn != inner.drawn;
        for r in rows {
            let before = inner.game.to_move();
            let hash = inner
                .game
                .apply_only(Seat(r.seat), &r.action)
                .map(|_| inner.game_hash());
            if hash.as_ref() != Ok(&r.hash) {
                eprintln!(
                    "orrery serve: game {}: recorded action {} does not replay here ({:?}; recorded hash {})",
                    live.setup.id, r.seq, hash, r.hash
                );
                return Err(ApiError::replay_failed());
            }
            inner.seq = r.seq;
            if r.cause == Cause::Clock {
                inner.timeouts.push(json!({"seq": r.seq, "seat": r.seat}));
            }
            inner.update_deadlines(&before, Some(r.seat), &live.seats, live.setup.clock_ms);
        }
        inner.resigned = resigned;
        inner.drawn = drawn;
        Ok(changed)
    }

    /// With the game's lock held: make sure this copy is the current one and, if
    /// another instance announced a change since it last looked, catch up (the
    /// database is read only then). A dropped copy answers `503` (the next request
    /// reloads the game); a database that cannot be read answers `503` and keeps the
    /// copy, still stale; a recorded action that does not replay drops it.
    pub(crate) async fn sync(&self, live: &Live, inner: &mut Inner) -> Result<bool, ApiError> {
        if live.unloaded.load(Ordering::Acquire) {
            return Err(ApiError::reloading());
        }
        // Cleared before the database is read: an announcement arriving meanwhile
        // sets it again, and the next sync reads again.
        if !live.stale.swap(false, Ordering::SeqCst) {
            return Ok(false);
        }
        match self.catch_up(live, inner).await {
            Err(e) if e.code != "unavailable" => {
                self.unload(live);
                Err(e)
            }
            Err(e) => {
                live.stale.store(true, Ordering::SeqCst);
                Err(e)
            }
            ok => ok,
        }
    }

    /// Another instance changed game `id` (`*`: perhaps any game, after the listener
    /// connected): this copy is stale. A game someone watches (a WebSocket, its
    /// clock) or whose agents play catches up now and tells its watchers; the others
    /// catch up when next asked for.
    /// A rated game just ended here: its players' ratings move, in the background
    /// (the answer to the last action does not wait for them). Once per game,
    /// whichever instance sees it end first ([`Store::rate_game`]); a server stopped
    /// before it rates the game at its next start ([`Hub::rate_unrated`]).
    pub fn rate_when_over(self: &Arc<Self>, live: &Arc<Live>, inner: &Inner) {
        let Some((category, players)) = rated_players(live, inner) else {
            return;
        };
        let hub = self.clone();
        let id = live.setup.id.clone();
        tokio::spawn(async move {
            // A failed transaction changed nothing: tried again a few times, then
            // left to the next start ([`Hub::rate_unrated`]).
            for attempt in 1..=3u64 {
                match hub
                    .store
                    .rate_game(&id, &category, &players, now_ms())
                    .await
                {
                    Ok(_) => return,
                    Err(e) if attempt == 3 => {
                        eprintln!("orrery serve: rating game {id}: {e} (rated at the next start)")
                    }
                    Err(_) => {
                        tokio::time::sleep(std::time::Duration::from_millis(50 * attempt)).await
                    }
                }
            }
        });
    }

    /// Rate the rated games that ended without being rated (start-up).
    pub async fn rate_unrated(self: &Arc<Self>) -> usize {
        let ids = match self.store.unrated_finished().await {
            Ok(ids) => ids,
            Err(e) => {
                eprintln!("orrery serve: games left unrated: {e}");
                return 0;
            }
        };
        let mut n = 0;
        for id in ids {
            let Ok(live) = self.get(&id).await else {
                continue;
            };
            let rated = {
                let inner = live.inner.lock().await;
                rated_players(&live, &inner)
            };
            match rated {
                Some((category, players)) => {
                    if let Ok(Some(_)) = self
                        .store
                        .rate_game(&id, &category, &players, now_ms())
                        .await
                    {
                        n += 1;
                    }
                }
                None => {
                    eprintln!("orrery serve: game {id} is rated but not every seat is an account's")
                }
            }
        }
        n
    }

    /// An account was deleted here: the seats of it in `games` show
    /// [`DELETED_NAME`] from now on, here and (told through the database) on the
    /// other instances.
    pub async fn names_changed(&self, account: &str, games: &[String]) {
        for id in games {
            if let Some(live) = self.cached(id) {
                for s in &live.seats {
                    if s.account.get().is_some_and(|a| a == account) {
                        s.rename(DELETED_NAME);
                    }
                }
            }
        }
        if let Err(e) = self.store.announce_names(games).await {
            eprintln!("orrery serve: telling the other instances of a deleted account: {e}");
        }
    }

    /// The players of game `id` said something (a chat line, an offer, an answer),
    /// here or on another instance: the seats' sockets here hear of it.
    pub fn talk_changed(&self, id: &str) {
        if let Some(live) = self.cached(id) {
            let _ = live.changes.send(Change {
                timed_out: None,
                talk: true,
            });
        }
    }

    /// Another instance changed the names of game `id`'s seats (an account was
    /// deleted): a copy in memory reads them again.
    pub async fn names_changed_elsewhere(&self, id: &str) {
        let Some(live) = self.cached(id) else { return };
        match self.store.seats(id).await {
            Ok(rows) => {
                for row in rows {
                    if let (Some(s), Some(name)) = (live.seats.get(row.seat as usize), row.name) {
                        s.rename(&name);
                    }
                }
            }
            // Unread, the copy must not go on showing the name: it leaves memory.
            Err(_) => self.unload(&live),
        }
    }

    pub async fn changed_elsewhere(self: &Arc<Self>, id: &str) {
        self.announced.fetch_add(1, Ordering::SeqCst);
        let lives: Vec<Arc<Live>> = if id == "*" {
            let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
            games.values().cloned().collect()
        } else {
            self.cached(id).into_iter().collect()
        };
        for live in lives {
            live.stale.store(true, Ordering::SeqCst);
            let agents = live
                .seats
                .iter()
                .any(|s| matches!(s.kind, SeatKind::Agent { .. }));
            if live.changes.receiver_count() == 0 && !agents {
                continue;
            }
            let mut inner = live.inner.lock().await;
            if let Ok(true) = self.sync(&live, &mut inner).await {
                let _ = live.changes.send(Change {
                    timed_out: None,
                    talk: false,
                });
                drop(inner);
                self.drive(&live);
            }
        }
    }

    /// Read the game under its lock, caught up with other instances first if one
    /// announced a change. If the database cannot be read for that, the answer comes
    /// from memory all the same: every action this instance committed is there, and
    /// while the database is down nobody commits any (docs/server.md, Durability).
    pub async fn read<T>(&self, live: &Live, f: impl FnOnce(&Inner) -> T) -> Result<T, ApiError> {
        let mut inner = live.inner.lock().await;
        match self.sync(live, &mut inner).await {
            Ok(_) => {}
            // The database is down; the copy stays (stale, it is read again next time).
            Err(e) if e.code == "unavailable" && !Hub::is_unloaded(live) => {}
            Err(e) => return Err(e),
        }
        Ok(f(&inner))
    }

    /// This in-memory copy was dropped (after a database error): its watchers should
    /// reconnect to the reloaded game.
    pub fn is_unloaded(live: &Live) -> bool {
        live.unloaded.load(Ordering::Acquire)
    }

    /// Watch a game's changes.
    pub fn subscribe(&self, live: &Live) -> broadcast::Receiver<Change> {
        live.changes.subscribe()
    }

    /// `seat` plays `action`: checked and applied, committed to the database, then
    /// answered. On any error nothing changed. Runs as its own task, so a client that
    /// hangs up (or a request timeout) cannot stop it between applying and committing.
    pub async fn act(
        self: &Arc<Self>,
        live: &Arc<Live>,
        seat: u8,
        action: &Value,
        cause: Cause,
        expected: Option<StateKey>,
    ) -> Result<Acted, ApiError> {
        let action = action.clone();
        self.in_task(live, "action", move |hub, live| async move {
            hub.act_now(&live, seat, &action, cause, expected).await
        })
        .await
    }

    /// `work` on a task of its own, so that a client hanging up (or a request
    /// timeout) cannot stop it between applying and committing; `what` names it if the
    /// task fails.
    async fn in_task<T, F>(
        self: &Arc<Self>,
        live: &Arc<Live>,
        what: &str,
        work: impl FnOnce(Arc<Self>, Arc<Live>) -> F,
    ) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        tokio::spawn(work(self.clone(), live.clone()))
            .await
            .map_err(|e| ApiError::from(ProtocolError::Internal(format!("{what} task: {e}"))))?
    }

    async fn act_now(
        self: &Arc<Self>,
        live: &Arc<Live>,
        seat: u8,
        action: &Value,
        cause: Cause,
        expected: Option<StateKey>,
    ) -> Result<Acted, ApiError> {
        let mut inner = live.inner.lock().await;
        let acted = self
            .commit(live, &mut inner, seat, action, cause, expected)
            .await;
        drop(inner);
        if acted.is_ok() {
            self.drive(live);
        }
        acted
    }

    /// [`Hub::act`] with the game's lock held. `expected`: the state the action was
    /// chosen at (an agent's, a clock's: the actions recorded and the last one's
    /// hash, so that an undo and another action after it do not pass for it); if the
    /// game has moved on since, `409 conflict` and nothing is applied.
    pub(crate) async fn commit(
        self: &Arc<Self>,
        live: &Arc<Live>,
        inner: &mut Inner,
        seat: u8,
        action: &Value,
        cause: Cause,
        expected: Option<StateKey>,
    ) -> Result<Acted, ApiError> {
        self.sync(live, inner).await?;
        if expected.is_some_and(|e| e != inner.state_key()) {
            return Err(ApiError::conflict());
        }
        if inner.resigned.is_some() || inner.drawn {
            return Err(ProtocolError::GameOver.into());
        }
        // The connection first: while the database is down the action is refused
        // before anything changed, and the copy stays for reads.
        // A guided battle's lesson takes only its own actions (nothing is applied).
        if let (Cause::Player, Some(l)) = (cause, self.lessons_of(live)) {
            if inner.game.is_legal(Seat(seat), action) {
                l.check(inner.game.as_ref(), Seat(seat), action)
                    .map_err(|why| {
                        ApiError::new(
                            axum::http::StatusCode::UNPROCESSABLE_ENTITY,
                            "not_this_lesson",
                            why,
                        )
                    })?;
            }
        }
        let held = self.store.hold().await?;
        let before = inner.game.to_move();
        let seen_before = inner.game.events_seen(Some(Seat(seat)), usize::MAX).1;
        // The head of the chain this action extends (issue 37 §1).
        let prev_hash = inner.head_hash();
        inner.game.apply_only(Seat(seat), action)?;
        let row = ActionRow {
            seq: inner.seq + 1,
            seat,
            action: action.clone(),
            // Recorded by the session as it applied the action: not hashed again.
            hash: inner.game_hash(),
            cause,
            at_ms: now_ms(),
        };
        let over = inner.game.is_terminal();
        match self
            .store
            .append(held, &live.setup.id, &row, &prev_hash, over)
            .await
        {
            Ok(()) => {}
            // The database was not reached and nothing was written: the copy goes
            // back to where it was, and keeps answering reads.
            Err(e @ StoreError::NotWritten(_)) => {
                if inner.take_back_unwritten(&self.registry).is_err() {
                    self.unload(live);
                }
                return Err(e.into());
            }
            Err(e) => {
                // Memory is one action ahead of the database: drop this copy, so the
                // next request rebuilds the game from what was committed.
                self.unload(live);
                return Err(e.into());
            }
        }
        inner.seq = row.seq;
        if over {
            live.stop_agents.stop();
            self.ended(&live.setup.id);
            self.rate_when_over(live, inner);
        }
        let timed_out = (cause == Cause::Clock).then_some(seat);
        if timed_out.is_some() {
            inner.timeouts.push(json!({"seq": row.seq, "seat": seat}));
        }
        inner.update_deadlines(&before, Some(seat), &live.seats, live.setup.clock_ms);
        let _ = live.changes.send(Change {
            timed_out,
            talk: false,
        });
        Ok(Acted {
            events: inner.game.events_seen(Some(Seat(seat)), seen_before).0,
            status: inner.status_for(Some(Seat(seat))),
        })
    }

    /// `seat` takes back its own last action (issue 28): only while nothing new became
    /// known since ([`orrery_core::may_undo`]: no die rolled, no secret revealed, no
    /// other seat acted after it). In a guided first battle the learner takes back
    /// its last decision and the AI's answers after it ([`Inner::take_back_decision`]).
    /// Deleted from the database first, then from memory; `409 cannot_undo` (nothing
    /// changed) when it may not be taken back. A task of its own, as [`Hub::act`].
    pub async fn undo(self: &Arc<Self>, live: &Arc<Live>, seat: u8) -> Result<Value, ApiError> {
        self.in_task(live, "undo", move |hub, live| async move {
            hub.undo_now(&live, seat).await
        })
        .await
    }

    async fn undo_now(self: &Arc<Self>, live: &Arc<Live>, seat: u8) -> Result<Value, ApiError> {
        let mut inner = live.inner.lock().await;
        self.sync(live, &mut inner).await?;
        if inner.over() {
            return Err(ProtocolError::GameOver.into());
        }
        // A guided battle's learner takes back its last decision with the AI's
        // answers after it (issue 41); anyone else its last action alone.
        let back = match self.lessons_of(live).map(|l| l.seat()) {
            Some(learner) if learner == Seat(seat) => inner.take_back_decision(learner),
            _ => inner.undo_refusal(Seat(seat)).map_or(Ok(1), Err),
        }
        .map_err(|why| ApiError::cannot_undo(&why))?;
        let hash = inner.head_hash();
        let held = self.store.hold().await?;
        match self
            .store
            .undo(held, &live.setup.id, (inner.seq, &hash), back as i64)
            .await
        {
            Ok(true) => {}
            Ok(false) => {
                // Another instance acted or took it back first: this copy is behind
                // the database, so it is read again (issue 37 §1).
                self.unload(live);
                return Err(ApiError::conflict());
            }
            // Nothing was written and nothing changed here.
            Err(e @ StoreError::NotWritten(_)) => return Err(e.into()),
            Err(e) => {
                self.unload(live);
                return Err(e.into());
            }
        }
        let before = inner.game.to_move();
        let undone = (0..back).all(|_| inner.game.undo());
        if !undone {
            // Checked above under the same lock: only a state let go by a
            // compaction that does not replay to its hash gets here. The database
            // has it undone, so read the game again from there.
            self.unload(live);
            return Err(ApiError::reloading());
        }
        inner.seq -= back as i64;
        inner.keep_one_undo(&self.registry)?;
        inner.update_deadlines(&before, None, &live.seats, live.setup.clock_ms);
        let _ = live.changes.send(Change {
            timed_out: None,
            talk: false,
        });
        Ok(inner.status_for(Some(Seat(seat))))
    }

    /// `seat` resigns: the game is over, every other seat wins (a task of its own, as
    /// [`Hub::act`]).
    pub async fn resign(self: &Arc<Self>, live: &Arc<Live>, seat: u8) -> Result<Value, ApiError> {
        self.in_task(live, "resign", move |hub, live| async move {
            hub.resign_now(&live, seat).await
        })
        .await
    }

    async fn resign_now(self: &Arc<Self>, live: &Arc<Live>, seat: u8) -> Result<Value, ApiError> {
        let mut inner = live.inner.lock().await;
        self.sync(live, &mut inner).await?;
        self.resign_locked(live, &mut inner, seat, None).await
    }

    /// `seat` resigns, the game's lock held (`inner`), caught up with the database;
    /// `timed_out`: its clock ran out (a rated game's abandonment), told to everyone.
    pub(crate) async fn resign_locked(
        self: &Arc<Self>,
        live: &Arc<Live>,
        inner: &mut Inner,
        seat: u8,
        timed_out: Option<u8>,
    ) -> Result<Value, ApiError> {
        if inner.over() {
            return Err(ProtocolError::GameOver.into());
        }
        let held = self.store.hold().await?;
        match self.store.resign(held, &live.setup.id, seat).await {
            Ok(true) => {}
            Ok(false) => return Err(ProtocolError::GameOver.into()),
            Err(e @ StoreError::NotWritten(_)) => return Err(e.into()),
            Err(e) => {
                // It may have been committed all the same: reload from the database.
                self.unload(live);
                return Err(e.into());
            }
        }
        inner.resigned = Some(seat);
        live.stop_agents.stop();
        self.ended(&live.setup.id);
        self.rate_when_over(live, inner);
        if timed_out.is_some() {
            inner.deadlines.iter_mut().for_each(|d| *d = None);
        }
        let _ = live.changes.send(Change {
            timed_out,
            talk: false,
        });
        Ok(inner.status_for(Some(Seat(seat))))
    }

    /// An open seat was just taken: its clock starts if it owes a decision (an open
    /// seat's clock runs once someone has it), and the clock's task hears of it.
    pub async fn seat_taken(&self, live: &Live) {
        if live.setup.clock_ms.is_none() {
            return;
        }
        let mut inner = live.inner.lock().await;
        let before = inner.game.to_move();
        inner.update_deadlines(&before, None, &live.seats, live.setup.clock_ms);
        drop(inner);
        let _ = live.changes.send(Change {
            timed_out: None,
            talk: false,
        });
    }

    /// Every seat agreed to a draw while the game had `seq` actions (issue 42): it
    /// ends, drawn. `false` when it moved on or ended first (nothing changed).
    pub async fn agree_draw(
        self: &Arc<Self>,
        live: &Arc<Live>,
        seq: i64,
    ) -> Result<bool, ApiError> {
        let mut inner = live.inner.lock().await;
        self.sync(live, &mut inner).await?;
        if inner.over() || inner.seq != seq {
            return Ok(false);
        }
        if !self.store.agree_draw(&live.setup.id, seq).await? {
            // Another instance acted first: read the game again next time.
            live.stale.store(true, Ordering::SeqCst);
            return Ok(false);
        }
        inner.drawn = true;
        live.stop_agents.stop();
        self.ended(&live.setup.id);
        self.rate_when_over(live, &inner);
        inner.deadlines.iter_mut().for_each(|d| *d = None);
        let _ = live.changes.send(Change {
            timed_out: None,
            talk: false,
        });
        Ok(true)
    }

    /// Forget the in-memory copy of a game (the next request reloads it).
    fn unload(&self, live: &Live) {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        if games
            .get(&live.setup.id)
            .is_some_and(|l| std::ptr::eq(Arc::as_ptr(l), live))
        {
            games.remove(&live.setup.id);
        }
        live.unloaded.store(true, Ordering::Release);
        live.stop_agents.stop();
        let _ = live.changes.send(Change {
            timed_out: None,
            talk: false,
        });
    }

    /// Load the unfinished games that move by themselves (agents to move, clocks).
    pub async fn resume(self: &Arc<Self>) -> Result<usize, ApiError> {
        let mut n = 0;
        let ids = match self.store.unfinished().await {
            Ok(ids) => ids,
            // A damaged list of games: serve what can be asked for by id.
            Err(e @ (StoreError::Corrupt { .. } | StoreError::Db(_))) => {
                eprintln!("orrery serve: unfinished games not resumed: {e}");
                return Ok(0);
            }
            Err(e) => return Err(e.into()),
        };
        for id in ids {
            let (setup, seats) = match self.store.game(&id).await {
                Ok(Some(g)) => g,
                Ok(None) => continue,
                Err(e) => {
                    // One damaged game must not keep the others from being served.
                    eprintln!("orrery serve: game {id} not resumed: {e}");
                    continue;
                }
            };
            if moves_alone(&setup, &seats) {
                match self.get(&id).await {
                    Ok(_) => n += 1,
                    // One broken game must not keep the others from being served.
                    Err(e) => eprintln!("orrery serve: game {id} not resumed: {}", e.message),
                }
            }
        }
        Ok(n)
    }

    /// Unload games nobody has asked for in `limits.idle_unload`, that nobody watches
    /// and whose agents are not thinking (they stay in the database).
    pub fn sweep(&self) {
        let now = self.clock_now();
        let idle = self.limits.idle_unload.as_millis() as u64;
        let mut quiet = Vec::new();
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.retain(|_, l| {
            let unused = now.saturating_sub(l.last_used.load(Ordering::Relaxed));
            let keep = unused < idle || !l.may_leave_memory();
            if !keep {
                l.leave_memory();
            } else if unused >= FORGET_VIEW_MS {
                quiet.push(Arc::clone(l));
            }
            keep
        });
        drop(games);
        // Not under the games' lock: deflating a log takes a little while, and other
        // requests look games up meanwhile. A game in use now is passed over.
        for l in quiet {
            if let Ok(mut inner) = l.inner.try_lock() {
                inner.quiet();
            }
        }
    }

    /// Keep the process within `limits.memory_budget` (issue 40): when its resident
    /// memory `rss` (bytes) passes the budget, unload enough of the games that may
    /// leave memory to come back under nine tenths of it, finished games first, then
    /// the longest unasked-for; a game's share is judged from the memory above
    /// `baseline` (the process before any game) over the games held. Returns how many
    /// left. They stay in the database and are reloaded when asked for.
    pub fn keep_within_budget(&self, rss: u64, baseline: u64) -> usize {
        let budget = self.limits.memory_budget;
        if budget == 0 || rss <= budget {
            return 0;
        }
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        let held = games.len().max(1) as u64;
        let per_game = (rss.saturating_sub(baseline) / held).max(1);
        let excess = rss - budget * 9 / 10;
        let want = excess.div_ceil(per_game) as usize;
        let mut leaving: Vec<(bool, u64, String)> = games
            .iter()
            .filter(|(_, l)| l.may_leave_memory())
            .map(|(id, l)| {
                let finished = l.inner.try_lock().is_ok_and(|inner| inner.over());
                (!finished, l.last_used.load(Ordering::Relaxed), id.clone())
            })
            .collect();
        leaving.sort_unstable();
        leaving.truncate(want);
        for (_, _, id) in &leaving {
            if let Some(l) = games.remove(id) {
                l.leave_memory();
            }
        }
        leaving.len()
    }
}
