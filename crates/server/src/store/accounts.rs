//! Accounts and their sessions (issue 42), in the same database as the games
//! (migration `0005_accounts.sql`). These writes are rare (a sign-up, a login, a
//! password change) and go straight through the pool; the games' writers are not
//! involved. A password hash is read here only to be checked by the server
//! ([`crate::accounts`]); no answer carries it.

use super::{game_row, Store, StoreError, GAME_COLUMNS};
use sqlx::Row;

/// An account as the server checks a login against it.
#[derive(Clone, Debug)]
pub struct AccountRow {
    pub id: String,
    pub name: String,
    /// Argon2id, as a PHC string.
    pub password_hash: String,
    pub created_ms: i64,
}

/// A game an account holds a seat of ("my games").
pub struct AccountGame {
    pub game: super::GameRow,
    pub seat: u8,
}

/// What a deleted account leaves in the games it sat in.
pub const DELETED_NAME: &str = "deleted player";

impl Store {
    /// Record a new account: `false` when the name (its key) is taken.
    pub async fn create_account(
        &self,
        id: &str,
        name: &str,
        key: &str,
        password_hash: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        self.counts.statements(1);
        let r = sqlx::query(
            "INSERT INTO accounts (id, name, name_key, password_hash, created_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(name)
        .bind(key)
        .bind(password_hash)
        .bind(now)
        .execute(&self.pool)
        .await;
        match r {
            Ok(_) => Ok(true),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// The live account whose name folds to `key`.
    pub async fn account_by_key(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        self.counts.statements(1);
        let row = sqlx::query(
            "SELECT id, name, password_hash, created_ms FROM accounts \
             WHERE name_key = $1 AND deleted_ms IS NULL",
        )
        .bind(key)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| account_row(&r)).transpose()
    }

    /// Replace an account's password hash and end every session of it but `keep`
    /// (the one that changed it; `None`: all, as an operator's reset does).
    pub async fn set_password(
        &self,
        id: &str,
        password_hash: &str,
        keep: Option<&str>,
    ) -> Result<bool, StoreError> {
        self.counts.statements(4);
        let mut tx = self.pool.begin().await?;
        let changed = sqlx::query(
            "UPDATE accounts SET password_hash = $1 WHERE id = $2 AND deleted_ms IS NULL",
        )
        .bind(password_hash)
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        sqlx::query("DELETE FROM sessions WHERE account = $1 AND token_hash <> $2")
            .bind(id)
            .bind(keep.unwrap_or(""))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(changed == 1)
    }

    /// Delete an account: its name, name key and password hash are gone, its
    /// sessions ended, and its seats' names become [`DELETED_NAME`]. The games it
    /// played stay valid (their records do not name accounts). Returns the ids of
    /// the games it held seats of, so copies in memory can be read again.
    pub async fn delete_account(&self, id: &str, now: i64) -> Result<Vec<String>, StoreError> {
        self.counts.statements(8);
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "UPDATE accounts SET name = NULL, name_key = NULL, password_hash = '', \
             deleted_ms = $1 WHERE id = $2 AND deleted_ms IS NULL",
        )
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM sessions WHERE account = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        // Its open challenges are withdrawn, its forces in others' taken out.
        sqlx::query(
            "UPDATE challenges SET status = 'withdrawn' WHERE account = $1 AND status = 'open'",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "DELETE FROM challenge_forces WHERE account = $1 \
             AND challenge IN (SELECT id FROM challenges WHERE status = 'open')",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE seats SET name = $1 WHERE account = $2")
            .bind(DELETED_NAME)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let games = sqlx::query("SELECT DISTINCT game FROM seats WHERE account = $1")
            .bind(id)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| r.try_get::<String, _>("game"))
            .collect::<Result<Vec<_>, _>>()?;
        tx.commit().await?;
        Ok(games)
    }

    /// Record a session (its token's digest) of `account`.
    pub async fn new_session(
        &self,
        token_hash: &str,
        account: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        self.counts.statements(1);
        sqlx::query("INSERT INTO sessions (token_hash, account, created_ms) VALUES ($1, $2, $3)")
            .bind(token_hash)
            .bind(account)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The live account of the session whose token digests to `token_hash`, if the
    /// session is younger than `max_age_ms`.
    pub async fn session(
        &self,
        token_hash: &str,
        now: i64,
        max_age_ms: i64,
    ) -> Result<Option<AccountRow>, StoreError> {
        self.counts.statements(1);
        let row = sqlx::query(
            "SELECT accounts.id, accounts.name, accounts.password_hash, accounts.created_ms \
             FROM sessions JOIN accounts ON accounts.id = sessions.account \
             WHERE sessions.token_hash = $1 AND sessions.created_ms > $2 \
             AND accounts.deleted_ms IS NULL",
        )
        .bind(token_hash)
        .bind(now - max_age_ms)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| account_row(&r)).transpose()
    }

    /// End every session made before `ms` (past its age).
    pub async fn end_sessions_before(&self, ms: i64) -> Result<u64, StoreError> {
        self.counts.statements(1);
        Ok(sqlx::query("DELETE FROM sessions WHERE created_ms < $1")
            .bind(ms)
            .execute(&self.pool)
            .await?
            .rows_affected())
    }

    /// End one session.
    pub async fn end_session(&self, token_hash: &str) -> Result<(), StoreError> {
        self.counts.statements(1);
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The games an account holds seats of, newest first (one line per seat).
    pub async fn account_games(
        &self,
        account: &str,
        limit: i64,
    ) -> Result<Vec<AccountGame>, StoreError> {
        self.counts.statements(1);
        let columns: String = GAME_COLUMNS
            .split(", ")
            .map(|c| format!("games.{}", c.trim()))
            .collect::<Vec<_>>()
            .join(", ");
        let rows = sqlx::query(&format!(
            "SELECT {columns}, seats.seat AS account_seat FROM seats \
             JOIN games ON games.id = seats.game WHERE seats.account = $1 \
             ORDER BY games.created_ms DESC, games.id, seats.seat LIMIT $2"
        ))
        .bind(account)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let game = game_row(r)?;
                let seat = super::small(&game.id, r.try_get("account_seat")?)?;
                Ok(AccountGame { game, seat })
            })
            .collect()
    }
}

impl Store {
    /// Tell the other instances (PostgreSQL) that the names of `games`' seats
    /// changed (an account was deleted): they read them again. SQLite: nothing.
    pub async fn announce_names(&self, games: &[String]) -> Result<(), StoreError> {
        if !self.postgres {
            return Ok(());
        }
        for g in games {
            self.counts.statements(1);
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(super::postgres::CHANNEL)
                .bind(format!("{}:{NAMES}{g}", self.instance))
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }
}

/// The prefix of an announcement that a game's seat names changed (not its play).
pub const NAMES: &str = "names/";

fn account_row(r: &sqlx::any::AnyRow) -> Result<AccountRow, StoreError> {
    Ok(AccountRow {
        id: r.try_get("id")?,
        name: r
            .try_get::<Option<String>, _>("name")?
            .unwrap_or_else(|| DELETED_NAME.to_string()),
        password_hash: r.try_get("password_hash")?,
        created_ms: r.try_get("created_ms")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session is good until its age, then gone from the database (the sweep's
    /// `end_sessions_before`), and a deleted account's sessions end with it.
    #[tokio::test(flavor = "current_thread")]
    async fn sessions_end_with_their_age_and_with_their_account() {
        let dir = std::env::temp_dir().join(format!("orrery-sessions-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::open(&dir, None, 1).await.unwrap();
        assert!(store
            .create_account("a1", "Ada", "ada", "h", 0)
            .await
            .unwrap());
        assert!(
            !store
                .create_account("a2", "ADA", "ada", "h", 0)
                .await
                .unwrap(),
            "taken"
        );
        store.new_session("s-old", "a1", 1_000).await.unwrap();
        store.new_session("s-new", "a1", 5_000).await.unwrap();
        let day = 10_000;
        assert!(store.session("s-old", 6_000, day).await.unwrap().is_some());
        assert!(
            store.session("s-old", 11_500, day).await.unwrap().is_none(),
            "too old"
        );
        assert_eq!(store.end_sessions_before(2_000).await.unwrap(), 1);
        assert!(store.session("s-old", 6_000, day).await.unwrap().is_none());
        assert!(store.session("s-new", 6_000, day).await.unwrap().is_some());
        store.delete_account("a1", 7_000).await.unwrap();
        assert!(store.session("s-new", 7_000, day).await.unwrap().is_none());
        assert!(store.account_by_key("ada").await.unwrap().is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
