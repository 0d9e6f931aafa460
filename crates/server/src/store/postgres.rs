//! PostgreSQL: a pool of `--db-pool` connections that gives up within a second when
//! the database is down, writes that announce themselves to the other server
//! instances inside their own transaction, and the instance id that lets a server
//! ignore its own announcements.

use super::write::{self, Queued, Write};
use super::{ActionRow, Counts, StoreError};
use sqlx::any::AnyPoolOptions;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Connection};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::mpsc;

/// The channel instances announce changed games on.
pub const CHANNEL: &str = "orrery_games";

/// Connections to PostgreSQL per server process when `--db-pool` is not given. A
/// write holds one for a single statement; reads of games in memory need none.
pub const DEFAULT_POOL: u32 = 8;

/// How long a request waits for a connection. While the database is down every
/// connection attempt fails until this runs out, so it bounds how long a write takes
/// to answer `503 unavailable` (under 2 s: `tests/server_postgres.rs`). A healthy
/// pool hands out a connection at once; one with none free for a second is overloaded.
pub const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(1);

/// How long start-up waits for the database (it may be starting at the same time).
const START_WAIT: Duration = Duration::from_secs(10);

/// An action, the end of the game when `$8`, and its announcement: one statement, so
/// one round trip and one transaction (a committed action is always announced, one
/// refused is never). The game's head moves first ([`write::ADVANCE`], here with the
/// previous hash in `$11` and the end in `$8`): only while the game is still playing
/// and its last action is still `$2 - 1` with hash `$11`. The row lock it takes
/// orders the instances: a resignation, an undo or another action that another
/// instance committed first, whose announcement this one has not read yet, leaves no
/// row to move, and nothing is written ([`StoreError::Conflict`]).
const APPEND: &str = "WITH moved AS (\
     UPDATE games SET head_seq = $2, head_hash = $5, \
     status = CASE WHEN $8 THEN 'over' ELSE status END \
     WHERE id = $1 AND status = 'playing' AND head_seq = $2 - 1 AND head_hash = $11 \
     RETURNING id), \
     added AS (\
     INSERT INTO actions (game, seq, seat, action, hash, cause, at_ms) \
     SELECT $1, $2, $3, $4, $5, $6, $7 FROM moved \
     RETURNING game) \
     SELECT pg_notify($9, $10) FROM added";

/// A resignation and, if the game was still playing, its announcement.
const RESIGN: &str = "WITH ended AS (\
     UPDATE games SET status = 'over', resigned = $1 WHERE id = $2 AND status = 'playing' \
     RETURNING id) \
     SELECT pg_notify($3, $4) FROM ended";

/// Most writes committed in one transaction.
const MAX_GROUP: usize = 256;

/// PostgreSQL's writer: a task holding one connection of the pool, committing the
/// writes waiting in groups (`BEGIN`, each write's statement, `COMMIT`: one commit
/// and one flush of the log for them all), as SQLite's writer does. Each write took
/// a connection from the pool of its own and was committed alone: two connection
/// checks and a commit per action, PostgreSQL's CPU per action as large as the
/// server's (issue 40).
pub struct Writer {
    queue: mpsc::UnboundedSender<Queued>,
    /// The writer's connection worked the last time it was used (or the pool gave
    /// one since). While it is down, [`super::Store::hold`] takes a connection from
    /// the pool first, so an action is refused before anything changes in memory.
    up: Arc<AtomicBool>,
}

impl Writer {
    /// Start the writer's task on `pool`.
    pub fn start(pool: AnyPool, instance: String, counts: Arc<Counts>) -> Writer {
        let (queue, rx) = mpsc::unbounded_channel();
        let up = Arc::new(AtomicBool::new(true));
        tokio::spawn(groups(pool, rx, instance, counts, up.clone()));
        Writer { queue, up }
    }

    /// Did the writer's connection work the last time?
    pub fn is_up(&self) -> bool {
        self.up.load(Ordering::Acquire)
    }

    /// The database answered (a connection was taken from the pool).
    pub fn seen_up(&self) {
        self.up.store(true, Ordering::Release);
    }

    /// Queue `q`; its answer comes on `q.done`.
    pub fn send(&self, q: Queued) -> Result<(), StoreError> {
        self.queue.send(q).map_err(|_| StoreError::Closed)
    }
}

/// The writer's loop: takes every write waiting, commits them in one transaction,
/// then answers each. If a statement fails (the transaction is then lost), each write
/// of the group is done again alone, so one bad write cannot fail the others. A
/// group that failed before its `COMMIT` was sent changed nothing: its writes are
/// answered [`StoreError::NotWritten`], and the server keeps its copy of the game as
/// it was.
async fn groups(
    pool: AnyPool,
    mut rx: mpsc::UnboundedReceiver<Queued>,
    instance: String,
    counts: Arc<Counts>,
    up: Arc<AtomicBool>,
) {
    let mut held: Option<PoolConnection<Any>> = None;
    while let Some(first) = rx.recv().await {
        let mut group = vec![first];
        while group.len() < MAX_GROUP {
            match rx.try_recv() {
                Ok(q) => group.push(q),
                Err(_) => break,
            }
        }
        let answers = match group.as_slice() {
            [Queued {
                write:
                    Write::Action {
                        game,
                        row,
                        prev_hash,
                        over,
                    },
                ..
            }] => {
                let action = (game.as_str(), row, prev_hash.as_str(), *over);
                vec![alone(&pool, &mut held, action, &instance, &counts).await]
            }
            _ => together_or_alone(&pool, &mut held, &group, &instance, &counts).await,
        };
        let broken = answers.iter().any(|a| match a {
            Err(StoreError::Db(e)) => lost_connection(e),
            Err(StoreError::NotWritten(_)) => true,
            _ => false,
        });
        if broken {
            // Taken again from the pool (checked there) for the next group.
            held = None;
        }
        up.store(!broken, Ordering::Release);
        for (q, a) in group.into_iter().zip(answers) {
            let _ = q.done.send(a);
        }
    }
}

/// A group of writes in one transaction ([`together`]), tried once more on a fresh
/// connection if the held one had died; each write's answer.
async fn together_or_alone(
    pool: &AnyPool,
    held: &mut Option<PoolConnection<Any>>,
    group: &[Queued],
    instance: &str,
    counts: &Counts,
) -> Vec<Result<u64, StoreError>> {
    // A connection held since the last group may have died with a restart of
    // the database: a group that failed on it before its `COMMIT` changed
    // nothing, and is tried once more on a fresh one from the pool.
    let mut tried = None;
    for _ in 0..2 {
        let conn = match held.as_mut() {
            Some(c) => c,
            None => match pool.acquire().await {
                Ok(c) => held.insert(c),
                Err(e) => {
                    tried = Some(Err(Lost::BeforeCommit(e)));
                    break;
                }
            },
        };
        let result = together(conn, group, instance, counts).await;
        let stale = matches!(&result, Err(Lost::BeforeCommit(e)) if lost_connection(e));
        tried = Some(result);
        if !stale {
            break;
        }
        *held = None;
    }
    match tried {
        Some(Ok(answers)) => answers,
        None => Vec::new(),
        Some(Err(Lost::BeforeCommit(e))) if lost_connection(&e) => {
            let why = e.to_string();
            group
                .iter()
                .map(|_| Err(StoreError::NotWritten(why.clone())))
                .collect()
        }
        // A statement refused: nothing was committed; each alone.
        Some(Err(Lost::BeforeCommit(_))) => {
            let mut answers = Vec::with_capacity(group.len());
            match held.as_mut() {
                Some(conn) => {
                    for q in group {
                        answers.push(write(conn, &q.write, instance, counts).await);
                    }
                }
                None => answers.extend(group.iter().map(|_| Err(StoreError::Closed))),
            }
            answers
        }
        // The commit's answer was lost: committed or not, nobody knows here.
        Some(Err(Lost::AtCommit(e))) => {
            let why = e.to_string();
            group
                .iter()
                .map(|_| Err(StoreError::Db(sqlx::Error::Protocol(why.clone()))))
                .collect()
        }
    }
}

/// An action that waited alone: its one statement committed by itself (no `BEGIN`
/// and `COMMIT`: one round trip where a group of one takes three). If the held
/// connection is lost on it, the statement may or may not have committed: on a
/// fresh connection its row says which (the same game, number and hash), and only
/// an action that did not land is sent again. With no connection to be had, the
/// action is answered [`StoreError::NotWritten`] and the game kept as it was: had
/// its answer been lost after a commit, the head guard of [`APPEND`] refuses the
/// game's next action as a conflict and the server reads the game again.
async fn alone(
    pool: &AnyPool,
    held: &mut Option<PoolConnection<Any>>,
    (game, row, prev_hash, over): (&str, &ActionRow, &str, bool),
    instance: &str,
    counts: &Counts,
) -> Result<u64, StoreError> {
    let note = payload(instance, game);
    let mut tried = false;
    if let Some(conn) = held.as_mut() {
        counts.statements(1);
        counts.commits(1);
        match appended(conn, game, row, prev_hash, over, &note).await {
            Err(e) if lost_connection(&e) => {
                *held = None;
                tried = true;
            }
            answer => return moved(answer),
        }
    }
    let conn = match pool.acquire().await {
        Ok(c) => held.insert(c),
        Err(e) => return Err(StoreError::NotWritten(e.to_string())),
    };
    if tried {
        counts.statements(1);
        let landed =
            sqlx::query("SELECT 1 FROM actions WHERE game = $1 AND seq = $2 AND hash = $3")
                .bind(game)
                .bind(row.seq)
                .bind(&row.hash)
                .fetch_optional(&mut **conn)
                .await?;
        if landed.is_some() {
            return Ok(1);
        }
    }
    counts.statements(1);
    counts.commits(1);
    moved(appended(conn, game, row, prev_hash, over, &note).await)
}

/// [`APPEND`]'s answer: one row moved, or [`StoreError::Conflict`] where the game's
/// head was elsewhere (or the row was there already).
fn moved(answer: Result<u64, sqlx::Error>) -> Result<u64, StoreError> {
    match answer {
        Ok(0) => Err(StoreError::Conflict),
        Ok(_) => Ok(1),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::Conflict),
        Err(e) => Err(e.into()),
    }
}

/// Why a group was not committed.
enum Lost {
    /// A statement failed before `COMMIT` was sent: nothing of the group is written.
    BeforeCommit(sqlx::Error),
    /// `COMMIT` failed.
    AtCommit(sqlx::Error),
}

/// The connection itself failed (the database is down or the network is), as
/// opposed to a statement the database refused.
fn lost_connection(e: &sqlx::Error) -> bool {
    !matches!(e, sqlx::Error::Database(_))
}

/// The group in one transaction: each write's answer (a conflict is an answer), or
/// why none was committed.
async fn together(
    conn: &mut AnyConnection,
    group: &[Queued],
    instance: &str,
    counts: &Counts,
) -> Result<Vec<Result<u64, StoreError>>, Lost> {
    counts.statements(2);
    counts.commits(1);
    let mut tx = conn.begin().await.map_err(Lost::BeforeCommit)?;
    let mut answers = Vec::with_capacity(group.len());
    for q in group {
        let answer = match in_transaction(&mut tx, &q.write, instance, counts).await {
            Ok(answer) => answer,
            Err(e) => {
                let _ = tx.rollback().await;
                return Err(Lost::BeforeCommit(e));
            }
        };
        answers.push(answer);
    }
    tx.commit().await.map_err(Lost::AtCommit)?;
    Ok(answers)
}

/// `w` inside the group's transaction: its answer, or the statement's error (the
/// transaction is then lost). Writes other than actions and resignations run in a
/// savepoint of their own (`write`), which a refusal rolls back alone.
async fn in_transaction(
    conn: &mut AnyConnection,
    w: &Write,
    instance: &str,
    counts: &Counts,
) -> Result<Result<u64, StoreError>, sqlx::Error> {
    let note = payload(instance, w.game());
    match w {
        Write::Action {
            game,
            row,
            prev_hash,
            over,
        } => {
            counts.statements(1);
            let moved = appended(conn, game, row, prev_hash, *over, &note).await?;
            Ok(if moved == 0 {
                Err(StoreError::Conflict)
            } else {
                Ok(1)
            })
        }
        Write::Resign { game, seat } => {
            counts.statements(1);
            Ok(Ok(resigned(conn, game, *seat, &note).await?))
        }
        // Straight in the group's transaction, not in a savepoint: the schema's one
        // seat per token refuses a racing claim with an error, which loses the
        // group, and alone the claim is answered "taken" (no row changed), as ever.
        Write::Claim {
            game,
            seat,
            token_hash,
            name,
            account,
        } => {
            counts.statements(1);
            Ok(Ok(sqlx::query(write::CLAIM)
                .bind(token_hash)
                .bind(game)
                .bind(i64::from(*seat))
                .bind(name)
                .bind(account)
                .execute(&mut *conn)
                .await?
                .rows_affected()))
        }
        other => match write(conn, other, instance, counts).await {
            Err(StoreError::Db(e)) if lost_connection(&e) => Err(e),
            answer => Ok(answer),
        },
    }
}

/// The pool on `url`, once the database answers (waiting up to [`START_WAIT`]).
/// sqlx checks a connection when it leaves the pool and when it comes back (a
/// round trip each, no statement): both are counted in `counts.pings`.
pub async fn open(url: &str, size: u32, counts: &Arc<Counts>) -> Result<AnyPool, StoreError> {
    let (taken, given_back) = (counts.clone(), counts.clone());
    let pool = AnyPoolOptions::new()
        .max_connections(size.max(1))
        .acquire_timeout(ACQUIRE_TIMEOUT)
        // sqlx's own check of an idle connection (`test_before_acquire`), counted.
        .test_before_acquire(false)
        .before_acquire(move |conn, _| {
            taken.ping();
            Box::pin(async move {
                conn.ping().await?;
                Ok(true)
            })
        })
        // sqlx pings every connection given back before it rejoins the pool.
        .after_release(move |_, _| {
            given_back.ping();
            Box::pin(async { Ok(true) })
        })
        .connect_lazy(url)?;
    let deadline = Instant::now() + START_WAIT;
    loop {
        match pool.acquire().await {
            Ok(_) => return Ok(pool),
            Err(sqlx::Error::PoolTimedOut | sqlx::Error::Io(_)) if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// A random id for this process, sent with its announcements (16 hex digits).
pub fn instance_id() -> String {
    use std::hash::BuildHasher;
    // `RandomState` is keyed from the operating system's randomness; the clock and
    // the process id make two processes differ even if it were not.
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let h = std::collections::hash_map::RandomState::new().hash_one((std::process::id(), nanos));
    format!("{h:016x}")
}

/// The payload announcing that `instance` changed `game`.
fn payload(instance: &str, game: &str) -> String {
    format!("{instance}:{game}")
}

/// The game an announcement names, unless this instance (`instance`) sent it: its
/// own changes are in its memory already.
pub fn from_elsewhere<'a>(payload: &'a str, instance: &str) -> Option<&'a str> {
    match payload.split_once(':') {
        Some((from, _)) if from == instance => None,
        Some((_, game)) => Some(game),
        // An older server announces the game id alone.
        None => Some(payload),
    }
}

/// Commit `w` on `conn`; the rows it changed. Actions and resignations are one
/// statement each that also announces them (other instances hold the game in
/// memory); the other writes (a new game, a seat taken or joined) are read from the
/// database when needed and are not announced.
pub async fn write(
    conn: &mut AnyConnection,
    w: &Write,
    instance: &str,
    counts: &Counts,
) -> Result<u64, StoreError> {
    let note = payload(instance, w.game());
    counts.commits(1);
    match w {
        Write::Action {
            game,
            row,
            prev_hash,
            over,
        } => {
            counts.statements(1);
            append(conn, game, row, prev_hash, *over, &note).await
        }
        Write::Resign { game, seat } => {
            counts.statements(1);
            Ok(resigned(conn, game, *seat, &note).await?)
        }
        other => {
            // BEGIN, the write's statements, COMMIT.
            counts.statements(2 + super::statements_of(other));
            let mut tx = conn.begin().await?;
            let changed = write::execute(&mut tx, other).await?;
            if matches!(other, Write::Undo { .. }) && changed == 1 {
                // Other instances hold the game with the action still in it.
                counts.statements(1);
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(&note)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(changed)
        }
    }
}

async fn append(
    conn: &mut AnyConnection,
    game: &str,
    a: &ActionRow,
    prev_hash: &str,
    over: bool,
    payload: &str,
) -> Result<u64, StoreError> {
    moved(appended(conn, game, a, prev_hash, over, payload).await)
}

/// [`APPEND`]: the rows it moved (0: the game's head was not where the action was
/// chosen), or the statement's error as the database gave it.
async fn appended(
    conn: &mut AnyConnection,
    game: &str,
    a: &ActionRow,
    prev_hash: &str,
    over: bool,
    payload: &str,
) -> Result<u64, sqlx::Error> {
    Ok(write::bind_action(sqlx::query(APPEND), game, a)
        .bind(over)
        .bind(CHANNEL)
        .bind(payload)
        .bind(prev_hash)
        .execute(&mut *conn)
        .await?
        .rows_affected())
}

/// [`RESIGN`]: the rows it changed (0: the game was over already).
async fn resigned(
    conn: &mut AnyConnection,
    game: &str,
    seat: u8,
    payload: &str,
) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query(RESIGN)
        .bind(i64::from(seat))
        .bind(game)
        .bind(CHANNEL)
        .bind(payload)
        .execute(&mut *conn)
        .await?
        .rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_instance_ignores_its_own_announcements_only() {
        let (me, other) = (instance_id(), instance_id());
        assert_eq!(me.len(), 16);
        assert_ne!(me, other);
        let game = "0123456789abcdef";
        assert_eq!(from_elsewhere(&payload(&me, game), &me), None);
        assert_eq!(from_elsewhere(&payload(&other, game), &me), Some(game));
        assert_eq!(from_elsewhere(game, &me), Some(game), "an older server's");
    }
}
