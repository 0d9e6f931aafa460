//! Open challenges with a points limit (issue 42, migration `0006_challenges.sql`):
//! the challenge and each seat's force, built apart, until the last force comes and
//! the game is set up. Rare writes, straight through the pool. A force is read here
//! for its owner and for the set-up only; no listing carries one.

use super::{Store, StoreError};
use serde_json::Value;
use sqlx::Row;

/// A challenge as posted.
#[derive(Clone, Debug)]
pub struct ChallengeRow {
    pub id: String,
    /// The creator's account (seat 0).
    pub account: String,
    pub ruleset: String,
    pub scenario_name: String,
    /// The base scenario (JSON) the forces are put into.
    pub scenario: Value,
    /// Each force's limit in the roster's points.
    pub points: f64,
    pub seats: u8,
    pub clock_ms: Option<u64>,
    pub rated: bool,
    pub rating_range: Option<(i64, i64)>,
    pub created_ms: i64,
    /// `open`, `started` or `withdrawn`.
    pub status: String,
    /// The game, once started.
    pub game: Option<String>,
}

/// One seat's force in a challenge.
#[derive(Clone, Debug)]
pub struct ForceRow {
    pub seat: u8,
    pub account: String,
    /// The account's name (`None` once deleted).
    pub name: Option<String>,
    /// Roster names.
    pub units: Vec<String>,
}

const COLUMNS: &str = "id, account, ruleset, scenario_name, scenario, points, seats, clock_ms, \
     rated, min_rating, max_rating, created_ms, status, game";

fn challenge_row(r: &sqlx::any::AnyRow) -> Result<ChallengeRow, StoreError> {
    let id: String = r.try_get("id")?;
    let corrupt = |why: String| StoreError::Corrupt {
        game: id.clone(),
        why,
    };
    let scenario: String = r.try_get("scenario")?;
    let seats: i64 = r.try_get("seats")?;
    let clock: Option<i64> = r.try_get("clock_ms")?;
    let min: Option<i64> = r.try_get("min_rating")?;
    let max: Option<i64> = r.try_get("max_rating")?;
    Ok(ChallengeRow {
        account: r.try_get("account")?,
        ruleset: r.try_get("ruleset")?,
        scenario_name: r.try_get("scenario_name")?,
        scenario: serde_json::from_str(&scenario)
            .map_err(|e| corrupt(format!("challenge scenario: {e}")))?,
        points: r.try_get("points")?,
        seats: u8::try_from(seats).map_err(|_| corrupt(format!("{seats} seats")))?,
        clock_ms: clock.and_then(|c| u64::try_from(c).ok()),
        rated: r.try_get::<i64, _>("rated")? != 0,
        rating_range: min.zip(max),
        created_ms: r.try_get("created_ms")?,
        status: r.try_get("status")?,
        game: r.try_get("game")?,
        id,
    })
}

impl Store {
    /// Record a new challenge and its creator's force (seat 0), in one transaction.
    pub async fn post_challenge(
        &self,
        c: &ChallengeRow,
        units: &[String],
    ) -> Result<(), StoreError> {
        self.counts.statements(2);
        let mut tx = self.pool.begin().await?;
        sqlx::query(&format!(
            "INSERT INTO challenges ({COLUMNS}) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
        ))
        .bind(&c.id)
        .bind(&c.account)
        .bind(&c.ruleset)
        .bind(&c.scenario_name)
        .bind(c.scenario.to_string())
        .bind(c.points)
        .bind(i64::from(c.seats))
        .bind(c.clock_ms.map(|m| m as i64))
        .bind(i64::from(c.rated))
        .bind(c.rating_range.map(|r| r.0))
        .bind(c.rating_range.map(|r| r.1))
        .bind(c.created_ms)
        .bind(&c.status)
        .bind(c.game.as_deref())
        .execute(&mut *tx)
        .await?;
        insert_force(&mut tx, &c.id, 0, &c.account, units).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The challenge `id`, whatever its status.
    pub async fn challenge(&self, id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        self.counts.statements(1);
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM challenges WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(challenge_row).transpose()
    }

    /// The open challenges, newest first, each with its creator's name and the
    /// number of seats taken.
    pub async fn open_challenges(
        &self,
        limit: i64,
    ) -> Result<Vec<(ChallengeRow, String, i64)>, StoreError> {
        self.counts.statements(1);
        let rows = sqlx::query(&format!(
            "SELECT {}, a.name AS creator, \
             (SELECT COUNT(*) FROM challenge_forces f WHERE f.challenge = c.id) AS taken \
             FROM challenges c JOIN accounts a ON a.id = c.account \
             WHERE c.status = 'open' AND a.name IS NOT NULL \
             ORDER BY c.created_ms DESC, c.id LIMIT $1",
            COLUMNS
                .split(", ")
                .map(|c| format!("c.{c}"))
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    challenge_row(r)?,
                    r.try_get("creator")?,
                    r.try_get("taken")?,
                ))
            })
            .collect()
    }

    /// Open challenges `account` posted.
    pub async fn open_challenges_of(&self, account: &str) -> Result<i64, StoreError> {
        self.counts.statements(1);
        let r = sqlx::query(
            "SELECT COUNT(*) AS n FROM challenges WHERE account = $1 AND status = 'open'",
        )
        .bind(account)
        .fetch_one(&self.pool)
        .await?;
        Ok(r.try_get("n")?)
    }

    /// The forces of challenge `id` so far, by seat.
    pub async fn challenge_forces(&self, id: &str) -> Result<Vec<ForceRow>, StoreError> {
        self.counts.statements(1);
        let rows = sqlx::query(
            "SELECT f.seat, f.account, f.units, a.name FROM challenge_forces f \
             JOIN accounts a ON a.id = f.account WHERE f.challenge = $1 ORDER BY f.seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let units: String = r.try_get("units")?;
                Ok(ForceRow {
                    seat: super::small(id, r.try_get("seat")?)?,
                    account: r.try_get("account")?,
                    name: r.try_get("name")?,
                    units: serde_json::from_str(&units).map_err(|e| StoreError::Corrupt {
                        game: id.to_string(),
                        why: format!("challenge force: {e}"),
                    })?,
                })
            })
            .collect()
    }

    /// Put `account`'s force in `seat` of open challenge `id`: `false` when the seat
    /// or the account is there already (two players raced for it), or the
    /// challenge is no longer open. One statement, so SQLite never has to turn a
    /// read into a write.
    pub async fn add_force(
        &self,
        id: &str,
        seat: u8,
        account: &str,
        units: &[String],
    ) -> Result<bool, StoreError> {
        self.counts.statements(1);
        let r = sqlx::query(
            "INSERT INTO challenge_forces (challenge, seat, account, units) \
             SELECT $1, $2, $3, $4 WHERE EXISTS \
             (SELECT 1 FROM challenges WHERE id = $1 AND status = 'open')",
        )
        .bind(id)
        .bind(i64::from(seat))
        .bind(account)
        .bind(Value::from(units.to_vec()).to_string())
        .execute(&self.pool)
        .await;
        match r {
            Ok(done) => Ok(done.rows_affected() == 1),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// Take `account`'s force out of open challenge `id` (the set-up failed).
    pub async fn remove_force(&self, id: &str, account: &str) -> Result<(), StoreError> {
        self.counts.statements(1);
        sqlx::query("DELETE FROM challenge_forces WHERE challenge = $1 AND account = $2")
            .bind(id)
            .bind(account)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Move open challenge `id` to `status` (`started` with its game, `withdrawn`);
    /// `false` when it was not open (another player or instance got there first).
    /// With `by`, only that account's challenge.
    pub async fn close_challenge(
        &self,
        id: &str,
        status: &str,
        game: Option<&str>,
        by: Option<&str>,
    ) -> Result<bool, StoreError> {
        self.counts.statements(1);
        let sql = "UPDATE challenges SET status = $1, game = $2 WHERE id = $3 AND status = 'open'";
        let q = match by {
            Some(_) => format!("{sql} AND account = $4"),
            None => sql.to_string(),
        };
        let mut q = sqlx::query(&q).bind(status).bind(game).bind(id);
        if let Some(by) = by {
            q = q.bind(by);
        }
        let changed = q.execute(&self.pool).await?.rows_affected();
        Ok(changed == 1)
    }

    /// Undo a start of challenge `id` that failed, in one transaction: `account`'s
    /// force (the last player's) and the forces of deleted accounts out, and the
    /// challenge open again; withdrawn instead with `withdraw` (its forces do not set
    /// up together) or when its creator's account is gone.
    pub async fn undo_start(
        &self,
        id: &str,
        account: Option<&str>,
        withdraw: bool,
    ) -> Result<(), StoreError> {
        self.counts.statements(4);
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "DELETE FROM challenge_forces WHERE challenge = $1 AND (account = $2 \
             OR account IN (SELECT id FROM accounts WHERE deleted_ms IS NOT NULL))",
        )
        .bind(id)
        .bind(account.unwrap_or(""))
        .execute(&mut *tx)
        .await?;
        let creator_gone = sqlx::query(
            "SELECT COUNT(*) AS n FROM challenges c JOIN accounts a ON a.id = c.account \
             WHERE c.id = $1 AND a.deleted_ms IS NOT NULL",
        )
        .bind(id)
        .fetch_one(&mut *tx)
        .await?
        .try_get::<i64, _>("n")?
            > 0;
        sqlx::query(
            "UPDATE challenges SET status = $1, game = NULL WHERE id = $2 AND status = 'started'",
        )
        .bind(if withdraw || creator_gone {
            "withdrawn"
        } else {
            "open"
        })
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }
}

async fn insert_force(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
    seat: u8,
    account: &str,
    units: &[String],
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO challenge_forces (challenge, seat, account, units) VALUES ($1, $2, $3, $4)",
    )
    .bind(id)
    .bind(i64::from(seat))
    .bind(account)
    .bind(Value::from(units.to_vec()).to_string())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn store(name: &str) -> Store {
        let dir = std::env::temp_dir().join(format!("orrery-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Store::open(&dir, None, 1).await.unwrap()
    }

    fn challenge(id: &str, account: &str) -> ChallengeRow {
        ChallengeRow {
            id: id.into(),
            account: account.into(),
            ruleset: "launch-fighters".into(),
            scenario_name: "duel".into(),
            scenario: serde_json::json!({}),
            points: 100.0,
            seats: 2,
            clock_ms: None,
            rated: false,
            rating_range: None,
            created_ms: 1,
            status: "open".into(),
            game: None,
        }
    }

    async fn status(s: &Store, id: &str) -> (String, usize) {
        let c = s.challenge(id).await.unwrap().unwrap();
        (c.status, s.challenge_forces(id).await.unwrap().len())
    }

    /// Issue 42, a start that fails half-way is undone whole: the last force out and
    /// the challenge open again; withdrawn when its forces do not set up together or
    /// its creator's account is gone (the deleted account's force out too); a force
    /// goes only into an open challenge, one per seat and per account.
    #[tokio::test(flavor = "current_thread")]
    async fn a_failed_start_is_undone_whole() {
        let s = store("challenge-undo").await;
        for (id, name) in [("a", "Ada"), ("b", "Bob"), ("c", "Cy")] {
            assert!(s
                .create_account(id, name, &name.to_lowercase(), "x", 1)
                .await
                .unwrap());
        }
        let units = vec!["Wasp".to_string()];
        s.post_challenge(&challenge("c1", "a"), &units)
            .await
            .unwrap();
        assert!(
            !s.add_force("c1", 0, "b", &units).await.unwrap(),
            "seat 0 is Ada's"
        );
        assert!(
            !s.add_force("c1", 1, "a", &units).await.unwrap(),
            "one seat per account"
        );
        assert!(s.add_force("c1", 1, "b", &units).await.unwrap());
        assert!(s
            .close_challenge("c1", "started", Some("g1"), None)
            .await
            .unwrap());
        assert!(
            !s.close_challenge("c1", "started", Some("g2"), None)
                .await
                .unwrap(),
            "claimed once"
        );
        assert!(
            !s.add_force("c1", 1, "c", &units).await.unwrap(),
            "no longer open"
        );
        s.undo_start("c1", Some("b"), false).await.unwrap();
        assert_eq!(status(&s, "c1").await, ("open".into(), 1));
        assert_eq!(s.challenge("c1").await.unwrap().unwrap().game, None);

        // Forces that no longer set up together: withdrawn.
        assert!(s.add_force("c1", 1, "b", &units).await.unwrap());
        assert!(s
            .close_challenge("c1", "started", Some("g3"), None)
            .await
            .unwrap());
        s.undo_start("c1", Some("b"), true).await.unwrap();
        assert_eq!(status(&s, "c1").await, ("withdrawn".into(), 1));

        // The creator deleted while the start ran: withdrawn, her force gone with her.
        s.post_challenge(&challenge("c2", "a"), &units)
            .await
            .unwrap();
        assert!(s.add_force("c2", 1, "c", &units).await.unwrap());
        assert!(s
            .close_challenge("c2", "started", Some("g4"), None)
            .await
            .unwrap());
        s.delete_account("a", 2).await.unwrap();
        s.undo_start("c2", Some("c"), false).await.unwrap();
        assert_eq!(status(&s, "c2").await, ("withdrawn".into(), 0));
        assert!(s.open_challenges(10).await.unwrap().is_empty());
    }
}
