//! The embedded SQLite database: opened so that a locked file answers within a
//! second, a damaged file is named as damaged, and the write-ahead log stays bounded.

use super::StoreError;
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyConnection, AnyPool, Connection, Executor, Row};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a write waits for a lock another process holds before it fails (and
/// the client is answered `503 unavailable`, nothing applied).
pub const BUSY_MS: u64 = 1000;

/// The write-ahead log is truncated to this size when it is reset.
pub const WAL_KEEP_BYTES: u64 = 16 * 1024 * 1024;

/// Past this size a checkpoint waits for readers so the log can start over.
pub const WAL_MAX_BYTES: u64 = 64 * 1024 * 1024;

/// The URL of the database file in `data_dir`.
pub fn url_of(file: &Path) -> String {
    format!("sqlite://{}?mode=rwc", file.display())
}

/// The write-ahead log of `file`.
pub fn wal_of(file: &Path) -> PathBuf {
    let mut p = file.as_os_str().to_owned();
    p.push("-wal");
    PathBuf::from(p)
}

/// Open the pool on `file`. A file that is no SQLite database (or whose header is
/// damaged) is [`StoreError::CorruptFile`] at once, not a pool time-out; a file
/// with damaged pages opens, with the damage logged: the games stored elsewhere are
/// served, and a game in a damaged page answers `500 corrupt`.
pub async fn open(file: &Path) -> Result<AnyPool, StoreError> {
    let url = url_of(file);
    let damaged = |e: sqlx::Error| {
        if is_corrupt(&e) {
            StoreError::CorruptFile {
                file: file.display().to_string(),
                why: e.to_string(),
            }
        } else {
            StoreError::Db(e)
        }
    };
    let mut probe = AnyConnection::connect(&url).await.map_err(damaged)?;
    probe
        .execute("PRAGMA journal_mode = WAL")
        .await
        .map_err(damaged)?;
    // A damaged page may stop the check itself: that is damage to report too.
    let problems: Vec<String> = match sqlx::query("PRAGMA quick_check(5)")
        .fetch_all(&mut probe)
        .await
    {
        Ok(rows) => rows
            .iter()
            .filter_map(|r| r.try_get::<String, _>(0).ok())
            .filter(|p| p != "ok")
            .collect(),
        Err(e) if is_corrupt(&e) => vec![e.to_string()],
        Err(e) => return Err(StoreError::Db(e)),
    };
    if !problems.is_empty() {
        eprintln!(
            "orrery serve: the database {} is damaged ({}); serving what is readable: \
             games stored in the damaged pages answer 500 corrupt. Restore it from a backup.",
            file.display(),
            problems.join("; ")
        );
    }
    let _ = probe.close().await;
    let pool = AnyPoolOptions::new()
        .acquire_timeout(Duration::from_secs(2))
        .max_connections(4)
        // WAL: readers never wait for the writer. synchronous=FULL: a commit is on
        // disk (fsync) before it returns, so an acknowledged action survives a power
        // loss, not only a killed process.
        .after_connect(|conn, _| {
            Box::pin(async move {
                conn.execute("PRAGMA journal_mode = WAL").await?;
                conn.execute("PRAGMA synchronous = FULL").await?;
                conn.execute(format!("PRAGMA busy_timeout = {BUSY_MS}").as_str())
                    .await?;
                // Checkpoints run in the background (`write::checkpoints`), not
                // inside whichever commit crosses the threshold.
                conn.execute("PRAGMA wal_autocheckpoint = 0").await?;
                conn.execute(format!("PRAGMA journal_size_limit = {WAL_KEEP_BYTES}").as_str())
                    .await?;
                conn.execute("PRAGMA foreign_keys = ON").await?;
                Ok(())
            })
        })
        .connect(&url)
        .await
        .map_err(damaged)?;
    Ok(pool)
}

/// SQLite's primary result code of a database error.
fn primary_code(e: &sqlx::Error) -> Option<i64> {
    match e {
        sqlx::Error::Database(d) => d.code()?.parse::<i64>().ok().map(|c| c & 0xff),
        _ => None,
    }
}

/// A damaged page or file: `SQLITE_CORRUPT` (11) or `SQLITE_NOTADB` (26).
pub fn is_corrupt(e: &sqlx::Error) -> bool {
    matches!(primary_code(e), Some(11 | 26))
}

/// [`is_corrupt`] for the writer's own connection ([`super::sqlite_writer`]).
pub fn sqlite_corrupt(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _)
        if matches!(f.code, rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase))
}
