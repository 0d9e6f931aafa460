//! Games in play: each is kept in memory (its [`DynGame`], rebuilt from the database
//! by replaying its record) and every action goes through one path, [`Hub::act`]:
//! check and apply in memory, commit to the database, and only then answer and tell
//! the watchers. AI seats and clocks act through the same path.

use crate::error::ApiError;
use crate::store::{ActionRow, Cause, GameRow, SeatKind, SeatRow, Store, StoreError};
use crate::Limits;
use orrery_agents::Budget;
use orrery_core::{stable_hash, Record, RecordedAction, Seat, StateHash};
use orrery_protocol::{raw_null, DynGame, ProtocolError, Registry, Status, MAX_BUDGET_MS};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::broadcast;

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
    thinking: AtomicBool,
}

/// A change of a game, sent to everyone watching it (WebSocket connections, clocks).
#[derive(Clone, Debug)]
pub struct Change {
    /// The seat whose clock ran out, when that was the change.
    pub timed_out: Option<u8>,
}

/// One game in memory.
pub struct Live {
    pub setup: GameRow,
    pub seats: Vec<SeatSlot>,
    inner: tokio::sync::Mutex<Inner>,
    changes: broadcast::Sender<Change>,
    /// When the game was last asked for (ms since the hub started), for unloading.
    last_used: AtomicU64,
    /// This copy was dropped from memory (its clock stops; a reload starts another).
    unloaded: AtomicBool,
}

/// The mutable part of a game, behind its lock.
pub struct Inner {
    pub game: Box<dyn DynGame>,
    /// Actions recorded so far (the database's last `seq`).
    pub seq: i64,
    pub resigned: Option<u8>,
    /// When each seat's clock runs out (human seats to move, in a game with a clock).
    deadlines: Vec<Option<Instant>>,
    /// `{"seq","seat"}` of every action a clock played.
    pub timeouts: Vec<Value>,
}

impl Inner {
    pub fn over(&self) -> bool {
        self.resigned.is_some() || self.game.is_terminal()
    }

    /// The status as the engine protocol writes it, for `viewer`: the hash is of what
    /// the viewer sees ([`DynGame::seat_status`]); a resignation ends the game.
    pub fn status_of(&self, viewer: Option<Seat>) -> Status {
        self.ended(self.game.seat_status(viewer))
    }

    /// A resignation ends the game.
    fn ended(&self, mut status: Status) -> Status {
        if self.resigned.is_some() {
            status.terminal = true;
            status.to_move.clear();
        }
        status
    }

    pub fn status_for(&self, viewer: Option<Seat>) -> Value {
        serde_json::to_value(self.status_of(viewer)).unwrap_or(Value::Null)
    }

    /// The result (or the standings), with a resignation.
    pub fn outcome(&self) -> Value {
        let mut o = self.game.outcome();
        if let Some(r) = self.resigned {
            o.terminal = true;
            o.winners = (0..self.game.seats())
                .filter(|s| *s != r)
                .map(Seat)
                .collect();
            o.reason = format!("seat {r} resigned");
        }
        serde_json::to_value(o).unwrap_or(Value::Null)
    }

    /// Everything `viewer` may see now, as JSON text: status, view, legal actions,
    /// events from `since`, the outcome or standings, clock timeouts. Written without
    /// building a JSON tree of the view and legal actions (the bulk of every answer).
    /// Returns the text and the event index to ask from next time.
    pub fn snapshot(
        &self,
        viewer: Option<Seat>,
        since: usize,
        clock_ms: Option<u64>,
        note: Note,
    ) -> (String, usize) {
        let legal = match viewer {
            Some(s) if !self.over() => self.game.legal_raw(s),
            _ => RawValue::from_string("[]".into()).unwrap_or_else(|_| raw_null()),
        };
        let (events, next) = self.game.events(viewer, since);
        let now = Instant::now();
        let clock = clock_ms.map(|per| {
            let left: Vec<Option<u64>> = self
                .deadlines
                .iter()
                .map(|d| match d {
                    Some(t) if !self.over() => {
                        Some(t.saturating_duration_since(now).as_millis() as u64)
                    }
                    _ => None,
                })
                .collect();
            json!({"per_decision_ms": per, "remaining_ms": left})
        });
        let (status, view) = self.game.seat_status_and_view(viewer);
        let snap = Snapshot {
            ok: true,
            kind: note.kind,
            seat: viewer,
            status: self.ended(status),
            view,
            legal,
            events,
            next,
            outcome: self.outcome(),
            timeouts: &self.timeouts,
            clock,
            timed_out: note.timed_out,
        };
        (serde_json::to_string(&snap).unwrap_or_default(), next)
    }

    /// Restart the clocks of seats that now owe a decision they did not owe before
    /// (or that just acted and owe another); stop those that owe none.
    fn update_deadlines(
        &mut self,
        before: &[Seat],
        actor: Option<u8>,
        slots: &[SeatSlot],
        clock: Option<u64>,
    ) {
        let Some(per) = clock else { return };
        let over = self.over();
        let to_move = self.game.to_move();
        let now = Instant::now();
        for (i, d) in self.deadlines.iter_mut().enumerate() {
            let seat = Seat(i as u8);
            let human = matches!(slots.get(i).map(|s| &s.kind), Some(SeatKind::Human { .. }));
            if over || !human || !to_move.contains(&seat) {
                *d = None;
            } else if d.is_none() || !before.contains(&seat) || actor == Some(seat.0) {
                *d = Some(now + Duration::from_millis(per));
            }
        }
    }
}

/// What a snapshot message says besides the state (WebSocket messages).
#[derive(Clone, Copy, Debug, Default)]
pub struct Note {
    /// `"state"` on the WebSocket.
    pub kind: Option<&'static str>,
    /// The seat whose clock just ran out.
    pub timed_out: Option<u8>,
}

#[derive(Serialize)]
struct Snapshot<'a> {
    ok: bool,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    seat: Option<Seat>,
    status: Status,
    view: Box<RawValue>,
    legal: Box<RawValue>,
    events: Vec<Value>,
    next: usize,
    outcome: Value,
    timeouts: &'a [Value],
    clock: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    timed_out: Option<u8>,
}

/// The reply to an accepted action.
pub struct Acted {
    pub events: Vec<Value>,
    pub status: Value,
}

/// Every game this process serves, the database and the rulesets.
pub struct Hub {
    pub registry: Registry,
    pub store: Store,
    pub limits: Limits,
    pub limiter: crate::RateLimiter,
    games: Mutex<HashMap<String, Arc<Live>>>,
    started: Instant,
}

impl Hub {
    pub fn new(registry: Registry, store: Store, limits: Limits) -> Hub {
        Hub {
            registry,
            store,
            limiter: crate::RateLimiter::new(&limits),
            limits,
            games: Mutex::new(HashMap::new()),
            started: Instant::now(),
        }
    }

    fn clock_now(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// A new game: recorded in the database, then held in memory and started (its
    /// agents move, its clock runs).
    pub async fn create(
        self: &Arc<Self>,
        game: Box<dyn DynGame>,
        setup: GameRow,
        seats: Vec<SeatRow>,
    ) -> Result<(), ApiError> {
        self.store.create_game(&setup, &seats).await?;
        self.install(game, setup, seats, 0, None, Vec::new());
        Ok(())
    }

    fn install(
        self: &Arc<Self>,
        game: Box<dyn DynGame>,
        setup: GameRow,
        seats: Vec<SeatRow>,
        seq: i64,
        resigned: Option<u8>,
        timeouts: Vec<Value>,
    ) -> Arc<Live> {
        let n = game.seats() as usize;
        let slots: Vec<SeatSlot> = seats
            .into_iter()
            .map(|s| SeatSlot {
                seat: s.seat,
                kind: s.kind,
                joined: AtomicBool::new(s.joined),
                thinking: AtomicBool::new(false),
            })
            .collect();
        let clock = setup.clock_ms;
        // The server offers no undo: no copies of past states.
        let mut game = game;
        game.set_undo_depth(0);
        let mut inner = Inner {
            game,
            seq,
            resigned,
            deadlines: vec![None; n],
            timeouts,
        };
        inner.update_deadlines(&[], None, &slots, clock);
        let (changes, _) = broadcast::channel(64);
        let new = Arc::new(Live {
            setup,
            seats: slots,
            inner: tokio::sync::Mutex::new(inner),
            changes,
            last_used: AtomicU64::new(self.clock_now()),
            unloaded: AtomicBool::new(false),
        });
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
                tokio::spawn(run_clock(self.clone(), live.clone()));
            }
            self.drive(&live);
        }
        live
    }

    /// The game `id`, loaded from the database if it is not in memory.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<Arc<Live>, ApiError> {
        if !crate::token::is_game_id(id) {
            return Err(ApiError::no_game());
        }
        let cached = self
            .games
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned();
        let live = match cached {
            Some(l) => l,
            None => self.load(id).await?.ok_or_else(ApiError::no_game)?,
        };
        live.last_used.store(self.clock_now(), Ordering::Relaxed);
        Ok(live)
    }

    /// Rebuild a game from the database: replay its record, checking every hash.
    async fn load(self: &Arc<Self>, id: &str) -> Result<Option<Arc<Live>>, ApiError> {
        let Some((setup, seats)) = self.store.game(id).await? else {
            return Ok(None);
        };
        let (game, seq, timeouts) = self.replay(&setup).await?;
        let resigned = setup.resigned;
        let cached = self
            .games
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned();
        if let Some(l) = cached {
            return Ok(Some(l));
        }
        Ok(Some(
            self.install(game, setup, seats, seq, resigned, timeouts),
        ))
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
                action: r.action,
                hash: Some(hash),
            });
        }
        let record = Record {
            ruleset: setup.ruleset.clone(),
            scenario: setup.scenario.clone(),
            seed: setup.seed,
            actions,
        };
        let hub = self.clone();
        let game = tokio::task::spawn_blocking(move || hub.registry.load_record(&record))
            .await
            .map_err(|e| ApiError::from(ProtocolError::Internal(format!("replay: {e}"))))??;
        Ok((game, seq, timeouts))
    }

    /// Apply what other instances recorded since this one last looked (a shared
    /// database only). Returns whether anything changed.
    async fn catch_up(&self, live: &Live, inner: &mut Inner) -> Result<bool, ApiError> {
        if !self.store.shared() {
            return Ok(false);
        }
        let rows = self.store.actions_after(&live.setup.id, inner.seq).await?;
        let resigned = self.store.resigned(&live.setup.id).await?;
        let changed = !rows.is_empty() || resigned != inner.resigned;
        for r in rows {
            let before = inner.game.to_move();
            inner.game.apply(Seat(r.seat), &r.action)?;
            let hash = inner.game.status().hash.to_string();
            if hash != r.hash {
                return Err(ApiError::from(ProtocolError::ReplayFailed(format!(
                    "action {} of game {} gives hash {hash}, recorded {}",
                    r.seq, live.setup.id, r.hash
                ))));
            }
            inner.seq = r.seq;
            if r.cause == Cause::Clock {
                inner.timeouts.push(json!({"seq": r.seq, "seat": r.seat}));
            }
            inner.update_deadlines(&before, Some(r.seat), &live.seats, live.setup.clock_ms);
        }
        inner.resigned = resigned;
        Ok(changed)
    }

    /// Another instance changed game `id`: catch up and tell this instance's watchers.
    pub async fn changed_elsewhere(self: &Arc<Self>, id: &str) {
        let cached = self
            .games
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned();
        let Some(live) = cached else { return };
        let mut inner = live.inner.lock().await;
        match self.catch_up(&live, &mut inner).await {
            Ok(true) => {
                let _ = live.changes.send(Change { timed_out: None });
                drop(inner);
                self.drive(&live);
            }
            Ok(false) => {}
            Err(_) => {
                drop(inner);
                self.unload(&live);
            }
        }
    }

    /// Read the game under its lock (caught up with other instances first).
    pub async fn read<T>(&self, live: &Live, f: impl FnOnce(&Inner) -> T) -> Result<T, ApiError> {
        let mut inner = live.inner.lock().await;
        if let Err(e) = self.catch_up(live, &mut inner).await {
            drop(inner);
            self.unload(live);
            return Err(e);
        }
        Ok(f(&inner))
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
    ) -> Result<Acted, ApiError> {
        let (hub, live, action) = (self.clone(), live.clone(), action.clone());
        tokio::spawn(async move { hub.act_now(&live, seat, &action, cause).await })
            .await
            .map_err(|e| ApiError::from(ProtocolError::Internal(format!("action task: {e}"))))?
    }

    async fn act_now(
        self: &Arc<Self>,
        live: &Arc<Live>,
        seat: u8,
        action: &Value,
        cause: Cause,
    ) -> Result<Acted, ApiError> {
        let mut inner = live.inner.lock().await;
        let acted = self.commit(live, &mut inner, seat, action, cause).await;
        drop(inner);
        if acted.is_ok() {
            self.drive(live);
        }
        acted
    }

    /// [`Hub::act`] with the game's lock held.
    async fn commit(
        self: &Arc<Self>,
        live: &Arc<Live>,
        inner: &mut Inner,
        seat: u8,
        action: &Value,
        cause: Cause,
    ) -> Result<Acted, ApiError> {
        if let Err(e) = self.catch_up(live, inner).await {
            self.unload(live);
            return Err(e);
        }
        if inner.resigned.is_some() {
            return Err(ProtocolError::GameOver.into());
        }
        let before = inner.game.to_move();
        let events = inner.game.apply(Seat(seat), action)?;
        let row = ActionRow {
            seq: inner.seq + 1,
            seat,
            action: action.clone(),
            hash: inner.game.status().hash.to_string(),
            cause,
            at_ms: now_ms(),
        };
        let over = inner.game.is_terminal();
        if let Err(e) = self.store.append(&live.setup.id, &row, over).await {
            // Memory is one action ahead of the database: drop this copy, so the next
            // request rebuilds the game from what was committed.
            self.unload(live);
            return Err(e.into());
        }
        inner.seq = row.seq;
        let timed_out = (cause == Cause::Clock).then_some(seat);
        if timed_out.is_some() {
            inner.timeouts.push(json!({"seq": row.seq, "seat": seat}));
        }
        inner.update_deadlines(&before, Some(seat), &live.seats, live.setup.clock_ms);
        let _ = live.changes.send(Change { timed_out });
        Ok(Acted {
            events,
            status: inner.status_for(Some(Seat(seat))),
        })
    }

    /// `seat` resigns: the game is over, every other seat wins (a task of its own, as
    /// [`Hub::act`]).
    pub async fn resign(self: &Arc<Self>, live: &Arc<Live>, seat: u8) -> Result<Value, ApiError> {
        let (hub, live) = (self.clone(), live.clone());
        tokio::spawn(async move { hub.resign_now(&live, seat).await })
            .await
            .map_err(|e| ApiError::from(ProtocolError::Internal(format!("resign task: {e}"))))?
    }

    async fn resign_now(self: &Arc<Self>, live: &Arc<Live>, seat: u8) -> Result<Value, ApiError> {
        let mut inner = live.inner.lock().await;
        if let Err(e) = self.catch_up(live, &mut inner).await {
            drop(inner);
            self.unload(live);
            return Err(e);
        }
        if inner.over() || !self.store.resign(&live.setup.id, seat).await? {
            return Err(ProtocolError::GameOver.into());
        }
        inner.resigned = Some(seat);
        let _ = live.changes.send(Change { timed_out: None });
        Ok(inner.status_for(Some(Seat(seat))))
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
        let _ = live.changes.send(Change { timed_out: None });
    }

    /// Let the agents of the seats to move think (each on the blocking pool, on a
    /// copy of the game) and play.
    pub fn drive(self: &Arc<Self>, live: &Arc<Live>) {
        for slot in &live.seats {
            if let SeatKind::Agent { agent, budget_ms } = &slot.kind {
                if slot.thinking.swap(true, Ordering::AcqRel) {
                    continue;
                }
                let (hub, live) = (self.clone(), live.clone());
                let (seat, agent, budget_ms) = (slot.seat, agent.clone(), *budget_ms);
                tokio::spawn(async move {
                    hub.think(&live, seat, &agent, budget_ms).await;
                });
            }
        }
    }

    async fn think(
        self: &Arc<Self>,
        live: &Arc<Live>,
        seat: u8,
        agent: &str,
        budget_ms: Option<u64>,
    ) {
        let slot = &live.seats[seat as usize];
        let fork = {
            let inner = live.inner.lock().await;
            if inner.over() || !inner.game.to_move().contains(&Seat(seat)) {
                slot.thinking.store(false, Ordering::Release);
                return;
            }
            let seed = stable_hash(&(live.setup.seed, inner.seq, seat)).0;
            (inner.game.fork(), seed)
        };
        let (game, seed) = fork;
        let agent_name = agent.to_string();
        let budget = Budget {
            millis: budget_ms.map(|b| b.min(MAX_BUDGET_MS)),
            iterations: None,
        };
        let chosen = tokio::task::spawn_blocking(move || {
            game.agent_action(Seat(seat), &agent_name, seed, budget)
        })
        .await;
        slot.thinking.store(false, Ordering::Release);
        match chosen {
            Ok(Ok(action)) => match self.act(live, seat, &action, Cause::Agent).await {
                Ok(_) => {}
                // The game moved on while the agent thought: think again.
                Err(e) if matches!(e.code, "conflict" | "not_your_turn" | "illegal_action") => {
                    self.drive(live)
                }
                Err(e) => eprintln!(
                    "orrery serve: game {}: agent `{agent}` of seat {seat}: {}",
                    live.setup.id, e.message
                ),
            },
            Ok(Err(e)) => eprintln!(
                "orrery serve: game {}: agent `{agent}` of seat {seat} found no action: {e}",
                live.setup.id
            ),
            Err(e) => eprintln!("orrery serve: game {}: agent failed: {e}", live.setup.id),
        }
    }

    /// Load the unfinished games that move by themselves (agents to move, clocks).
    pub async fn resume(self: &Arc<Self>) -> Result<usize, ApiError> {
        let mut n = 0;
        for id in self.store.unfinished().await? {
            let Some((setup, seats)) = self.store.game(&id).await? else {
                continue;
            };
            let moves_alone = setup.clock_ms.is_some()
                || seats
                    .iter()
                    .any(|s| matches!(s.kind, SeatKind::Agent { .. }));
            if moves_alone {
                self.get(&id).await?;
                n += 1;
            }
        }
        Ok(n)
    }

    /// Unload games nobody has asked for in `limits.idle_unload`, that nobody watches
    /// and whose agents are not thinking (they stay in the database).
    pub fn sweep(&self) {
        let now = self.clock_now();
        let idle = self.limits.idle_unload.as_millis() as u64;
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.retain(|_, l| {
            let used = now.saturating_sub(l.last_used.load(Ordering::Relaxed)) < idle;
            let watched = l.changes.receiver_count() > 0;
            let thinking = l.seats.iter().any(|s| s.thinking.load(Ordering::Acquire));
            used || watched || thinking
        });
    }
}

/// A game's clock: when a human seat to move runs out of time, the server plays the
/// ruleset's default action for it ([`orrery_core::Game::default_action`]) and tells
/// everyone the seat timed out.
async fn run_clock(hub: Arc<Hub>, live: Arc<Live>) {
    let mut changes = live.changes.subscribe();
    loop {
        let next = {
            let inner = live.inner.lock().await;
            if inner.over() || live.unloaded.load(Ordering::Acquire) {
                return;
            }
            inner.deadlines.iter().flatten().min().copied()
        };
        let woke_by_change = match next {
            None => changes.recv().await.map(|_| true),
            Some(t) => tokio::select! {
                _ = tokio::time::sleep_until(t.into()) => Ok(false),
                c = changes.recv() => c.map(|_| true),
            },
        };
        match woke_by_change {
            Ok(true) | Err(broadcast::error::RecvError::Lagged(_)) => continue,
            Err(broadcast::error::RecvError::Closed) => return,
            Ok(false) => {}
        }
        let mut inner = live.inner.lock().await;
        if live.unloaded.load(Ordering::Acquire) {
            return;
        }
        let now = Instant::now();
        let due: Vec<u8> = inner
            .deadlines
            .iter()
            .enumerate()
            .filter(|(_, d)| d.is_some_and(|t| t <= now))
            .map(|(i, _)| i as u8)
            .collect();
        let mut acted = false;
        for seat in due {
            let Some(action) = inner.game.default_action(Seat(seat)) else {
                inner.deadlines[seat as usize] = None;
                continue;
            };
            match hub
                .commit(&live, &mut inner, seat, &action, Cause::Clock)
                .await
            {
                Ok(_) => acted = true,
                Err(e) => {
                    eprintln!(
                        "orrery serve: game {}: clock of seat {seat}: {}",
                        live.setup.id, e.message
                    );
                    inner.deadlines[seat as usize] = None;
                }
            }
        }
        drop(inner);
        if acted {
            hub.drive(&live);
        }
    }
}
