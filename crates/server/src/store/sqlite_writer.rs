//! SQLite's one writer: a thread of its own with its own connection, committing the
//! writes waiting in groups (one transaction, one fsync, for all of them).
//!
//! It was a task sending each statement to sqlx's SQLite worker thread and waiting for
//! the answer: two thread wake-ups a statement, two statements an action, a quarter of
//! the server's CPU under load spent switching threads (issue 40). Here the statements
//! of a whole group run on the thread that holds the connection; the only wake-ups
//! left are the write arriving and its answer going back. Reads still go through
//! sqlx's pool (WAL: they never wait for this writer).

use super::write::{self, seat_columns, Queued, Write};
use super::StoreError;
use rusqlite::types::ToSql;
use rusqlite::{Connection, ErrorCode, Transaction};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// Most writes committed in one transaction.
const MAX_GROUP: usize = 256;

/// How long a busy writer waits for more writes to join a group.
const GATHER: Duration = Duration::from_millis(3);

/// The writer is busy when its last group was committed this recently.
const BUSY_WITHIN: Duration = Duration::from_millis(10);

/// Open the writer's connection to `file` (already migrated) and start its thread;
/// writes sent to the returned channel are committed in order.
pub fn start(file: &Path) -> Result<Sender<Queued>, StoreError> {
    let conn = Connection::open(file)?;
    // As the readers' connections are set up (`sqlite::open`): WAL, and a commit is
    // on disk (fsync) before it is acknowledged; checkpoints are `write::checkpoints`'.
    conn.busy_timeout(Duration::from_millis(super::sqlite::BUSY_MS))?;
    for pragma in [
        "PRAGMA journal_mode = WAL".to_string(),
        "PRAGMA synchronous = FULL".to_string(),
        "PRAGMA wal_autocheckpoint = 0".to_string(),
        format!(
            "PRAGMA journal_size_limit = {}",
            super::sqlite::WAL_KEEP_BYTES
        ),
        "PRAGMA foreign_keys = ON".to_string(),
    ] {
        pragma_on(&conn, &pragma)?;
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let wal = super::sqlite::wal_of(file);
    std::thread::Builder::new()
        .name("orrery-sqlite-writer".into())
        .spawn(move || groups(conn, rx, wal))
        .map_err(|e| StoreError::DataDir {
            dir: file.display().to_string(),
            source: e,
        })?;
    Ok(tx)
}

/// Run a pragma, whether or not it answers with a row.
fn pragma_on(conn: &Connection, sql: &str) -> rusqlite::Result<()> {
    let mut st = conn.prepare(sql)?;
    let mut rows = st.query([])?;
    while rows.next()?.is_some() {}
    Ok(())
}

/// The writer's loop: takes every write waiting, commits them in one transaction,
/// then answers each. If the group fails, each write is tried alone, so one bad write
/// cannot fail the others. Ends when every sender is gone.
fn groups(mut conn: Connection, rx: Receiver<Queued>, wal: PathBuf) {
    let mut last_commit: Option<Instant> = None;
    let mut last_wal_check = Instant::now();
    while let Ok(first) = rx.recv() {
        if last_wal_check.elapsed() >= Duration::from_secs(1) {
            last_wal_check = Instant::now();
            empty_a_long_log(&conn, &wal);
        }
        let mut group = vec![first];
        // Under load (the last group was committed a moment ago) the writes of the
        // next `GATHER` join this group: one fsync for them all instead of one each.
        // A lone write is committed at once.
        let busy = last_commit.is_some_and(|t| t.elapsed() < BUSY_WITHIN);
        let until = Instant::now() + if busy { GATHER } else { Duration::ZERO };
        while group.len() < MAX_GROUP {
            let left = until.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(q) => group.push(q),
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break,
            }
        }
        last_commit = Some(Instant::now());
        let together = (|| {
            let tx = conn.transaction()?;
            let mut changed = Vec::with_capacity(group.len());
            for q in &group {
                changed.push(execute(&tx, &q.write)?);
            }
            tx.commit()?;
            Ok::<_, StoreError>(changed)
        })();
        let why = match together {
            Ok(changed) => {
                for (q, n) in group.into_iter().zip(changed) {
                    let _ = q.done.send(Ok(n));
                }
                continue;
            }
            Err(e) => e,
        };
        if is_busy(&why) {
            // Another process holds the database's lock: every write waiting now
            // would wait for it again. All fail at once (nothing was applied), so no
            // client waits more than one busy time-out.
            while let Ok(q) = rx.try_recv() {
                group.push(q);
            }
            eprintln!(
                "orrery serve: the database is locked by another process ({why}); \
                 {} writes refused",
                group.len()
            );
            for q in group {
                let _ = q.done.send(Err(StoreError::Busy));
            }
            continue;
        }
        for q in group {
            let alone = (|| {
                let tx = conn.transaction()?;
                let n = execute(&tx, &q.write)?;
                tx.commit()?;
                Ok::<_, StoreError>(n)
            })();
            let _ = q.done.send(alone);
        }
    }
}

/// Readers that never pause can keep a passive checkpoint from ever finishing, and
/// the log from ever starting over. Past `WAL_MAX_BYTES` the writer itself, between
/// two groups (so no write of its own waits behind it), checkpoints and empties the
/// log, waiting for readers within the busy time-out.
fn empty_a_long_log(conn: &Connection, wal: &Path) {
    let size = std::fs::metadata(wal).map_or(0, |m| m.len());
    if size <= super::sqlite::WAL_MAX_BYTES {
        return;
    }
    if let Err(e) = pragma_on(conn, "PRAGMA wal_checkpoint(TRUNCATE)") {
        eprintln!("orrery serve: emptying the write-ahead log ({size} bytes): {e}");
    }
}

/// Run `sql` with `values` bound to `$1`, `$2`, … (the statements are
/// [`write`]'s, shared with PostgreSQL); the rows it changed.
fn run(tx: &Transaction, sql: &str, values: &[&dyn ToSql]) -> rusqlite::Result<usize> {
    let mut st = tx.prepare_cached(sql)?;
    for (i, v) in values.iter().enumerate() {
        if let Some(at) = st.parameter_index(&format!("${}", i + 1))? {
            st.raw_bind_parameter(at, v)?;
        }
    }
    st.raw_execute()
}

/// A uniqueness constraint refused the row (a primary key or a unique index).
fn unique_violation(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _)
        if f.code == ErrorCode::ConstraintViolation
            && matches!(f.extended_code, rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                | rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY))
}

/// Another process holds the lock.
fn is_busy(e: &StoreError) -> bool {
    matches!(e, StoreError::Sqlite(rusqlite::Error::SqliteFailure(f, _))
        if matches!(f.code, ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked))
}

/// Do `w` inside `tx`; the rows it changed. The same statements and the same
/// answers as [`write::execute`] (PostgreSQL's).
fn execute(tx: &Transaction, w: &Write) -> Result<u64, StoreError> {
    match w {
        Write::Game { game: g, seats } => {
            run(
                tx,
                write::INSERT_GAME,
                &[
                    &g.id,
                    &g.ruleset,
                    &g.scenario_name,
                    &g.scenario.to_string(),
                    // Bit for bit: a u64 seed is stored in a signed BIGINT.
                    &(g.seed as i64),
                    &g.clock_ms.map(|c| c as i64),
                    &g.created_ms,
                    &g.status,
                    &g.creator_hash,
                    &i64::from(g.rated),
                    &g.rating_range.map(|r| r.0),
                    &g.rating_range.map(|r| r.1),
                    &i64::from(g.help),
                    &i64::from(g.lessons),
                ],
            )?;
            for s in seats {
                let (kind, agent, budget, token) = seat_columns(&s.kind);
                run(
                    tx,
                    write::INSERT_SEAT,
                    &[
                        &g.id,
                        &i64::from(s.seat),
                        &kind,
                        &agent,
                        &budget,
                        &token,
                        &i64::from(s.joined),
                        &s.name,
                        &s.account,
                    ],
                )?;
            }
            Ok(1)
        }
        Write::Action {
            game,
            row: a,
            prev_hash,
            over,
        } => {
            // The head first: nothing is written unless the game is still where this
            // action was chosen.
            let moved = run(
                tx,
                write::ADVANCE,
                &[game, &a.seq, &a.hash, prev_hash, over],
            )?;
            if moved != 1 {
                return Err(StoreError::Conflict);
            }
            let inserted = run(
                tx,
                write::INSERT_ACTION,
                &[
                    game,
                    &a.seq,
                    &i64::from(a.seat),
                    &a.action.to_string(),
                    &a.hash,
                    &a.cause.as_str(),
                    &a.at_ms,
                ],
            );
            match inserted {
                Ok(_) => Ok(1),
                Err(e) if unique_violation(&e) => Err(StoreError::Conflict),
                Err(e) => Err(e.into()),
            }
        }
        Write::Resign { game, seat } => {
            Ok(run(tx, write::RESIGN, &[&i64::from(*seat), game])? as u64)
        }
        Write::Undo {
            game,
            seq,
            hash,
            to,
        } => {
            if run(tx, write::RETREAT, &[game, seq, hash, to])? != 1 {
                return Ok(0);
            }
            run(tx, write::DELETE_ACTIONS, &[game, to])?;
            Ok(1)
        }
        Write::Claim {
            game,
            seat,
            token_hash,
            name,
            account,
        } => match run(
            tx,
            write::CLAIM,
            &[token_hash, game, &i64::from(*seat), name, account],
        ) {
            Ok(n) => Ok(n as u64),
            // The token already holds another seat of the game.
            Err(e) if unique_violation(&e) => Ok(0),
            Err(e) => Err(e.into()),
        },
        Write::Joined { game, seat } => {
            Ok(run(tx, write::JOINED, &[game, &i64::from(*seat)])? as u64)
        }
    }
}
