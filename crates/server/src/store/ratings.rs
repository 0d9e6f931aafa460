//! Ratings (issue 42): one row per account and category, every rated game's change
//! kept. A game is rated in one transaction that first claims it
//! (`games.rated_ms` from NULL), then reads, computes and writes every player's
//! rating: on PostgreSQL the rows are locked as they are read (`FOR UPDATE`, in
//! account order), on SQLite the transaction takes the write lock as it begins
//! (`BEGIN IMMEDIATE`). So two games of one player ending at once on two instances
//! both count, and a game seen ending by two instances counts once.

use super::{Store, StoreError};
use crate::rating::{self, Rating};
use sqlx::Row;

/// An account's standing in one category.
#[derive(Clone, Debug)]
pub struct RatingRow {
    pub category: String,
    pub rating: Rating,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// One rated game's effect on one player (the rating graph).
#[derive(Clone, Debug)]
pub struct RatingChange {
    pub game: String,
    pub category: String,
    pub score: f64,
    pub before: f64,
    pub after: f64,
    pub at_ms: i64,
}

const RATING_COLUMNS: &str = "category, r, rd, sigma, games, wins, draws, losses";

fn rating_row(r: &sqlx::any::AnyRow) -> Result<RatingRow, StoreError> {
    Ok(RatingRow {
        category: r.try_get("category")?,
        rating: Rating {
            r: r.try_get("r")?,
            rd: r.try_get("rd")?,
            sigma: r.try_get("sigma")?,
        },
        games: r.try_get("games")?,
        wins: r.try_get("wins")?,
        draws: r.try_get("draws")?,
        losses: r.try_get("losses")?,
    })
}

impl Store {
    /// Rate game `game` of `category`: `players` are its seats' accounts, each with
    /// the place it finished in (0 first; equal places are level). `None` when the
    /// game is not rated or was rated already (here or on another instance), else the
    /// players' new ratings, in `players`' order.
    pub async fn rate_game(
        &self,
        game: &str,
        category: &str,
        players: &[(String, usize)],
        now: i64,
    ) -> Result<Option<Vec<Rating>>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        self.counts.statements(1);
        sqlx::query(if self.postgres {
            "BEGIN"
        } else {
            "BEGIN IMMEDIATE"
        })
        .execute(&mut *conn)
        .await?;
        let done = self.rate_in(&mut conn, game, category, players, now).await;
        let end = match &done {
            Ok(Some(_)) => "COMMIT",
            _ => "ROLLBACK",
        };
        self.counts.statements(1);
        let ended = sqlx::query(end).execute(&mut *conn).await;
        if ended.is_err() {
            // A connection whose transaction's end is unknown is not given back.
            let _ = conn.detach();
        }
        let done = done?;
        ended?;
        Ok(done)
    }

    async fn rate_in(
        &self,
        conn: &mut sqlx::AnyConnection,
        game: &str,
        category: &str,
        players: &[(String, usize)],
        now: i64,
    ) -> Result<Option<Vec<Rating>>, StoreError> {
        self.counts.statements(1);
        let claimed = sqlx::query(
            "UPDATE games SET rated_ms = $1 WHERE id = $2 AND rated = 1 \
             AND status = 'over' AND rated_ms IS NULL",
        )
        .bind(now)
        .bind(game)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if claimed != 1 {
            return Ok(None);
        }
        // Read in account order, so two transactions lock rows in the same order.
        let mut order: Vec<usize> = (0..players.len()).collect();
        order.sort_by(|&a, &b| players[a].0.cmp(&players[b].0));
        let lock = if self.postgres { " FOR UPDATE" } else { "" };
        let mut before = vec![Rating::default(); players.len()];
        for &i in &order {
            // A player's first rated game: their row is made first (a second
            // transaction making it at the same time waits, then finds it), so
            // there is always a row to lock and no first rating is lost.
            let start = Rating::default();
            self.counts.statements(2);
            sqlx::query(
                "INSERT INTO ratings (account, category, r, rd, sigma, games, wins, draws, losses) \
                 VALUES ($1, $2, $3, $4, $5, 0, 0, 0, 0) ON CONFLICT (account, category) DO NOTHING",
            )
            .bind(&players[i].0)
            .bind(category)
            .bind(start.r)
            .bind(start.rd)
            .bind(start.sigma)
            .execute(&mut *conn)
            .await?;
            let row = sqlx::query(&format!(
                "SELECT {RATING_COLUMNS} FROM ratings WHERE account = $1 AND category = $2{lock}"
            ))
            .bind(&players[i].0)
            .bind(category)
            .fetch_one(&mut *conn)
            .await?;
            before[i] = rating_row(&row)?.rating;
        }
        let ranks: Vec<usize> = players.iter().map(|p| p.1).collect();
        let after = rating::after_game(&before, &ranks);
        for &i in &order {
            let (account, rank) = (&players[i].0, players[i].1);
            let others = ranks.iter().enumerate().filter(|&(j, _)| j != i);
            let (mut ahead, mut level) = (0usize, 0usize);
            let mut n = 0usize;
            for (_, &r) in others {
                n += 1;
                match rank.cmp(&r) {
                    std::cmp::Ordering::Less => ahead += 1,
                    std::cmp::Ordering::Equal => level += 1,
                    std::cmp::Ordering::Greater => {}
                }
            }
            let score = (ahead as f64 + 0.5 * level as f64) / n.max(1) as f64;
            let (w, d, l) = if score > 0.5 {
                (1, 0, 0)
            } else if score < 0.5 {
                (0, 0, 1)
            } else {
                (0, 1, 0)
            };
            let a = after[i];
            self.counts.statements(2);
            let q = "UPDATE ratings SET r = $3, rd = $4, sigma = $5, games = games + 1, \
                 wins = wins + $6, draws = draws + $7, losses = losses + $8 \
                 WHERE account = $1 AND category = $2";
            sqlx::query(q)
                .bind(account)
                .bind(category)
                .bind(a.r)
                .bind(a.rd)
                .bind(a.sigma)
                .bind(w as i64)
                .bind(d as i64)
                .bind(l as i64)
                .execute(&mut *conn)
                .await?;
            sqlx::query(
                "INSERT INTO rating_changes (game, account, category, score, r_before, r_after, \
                 rd_after, at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(game)
            .bind(account)
            .bind(category)
            .bind(score)
            .bind(before[i].r)
            .bind(a.r)
            .bind(a.rd)
            .bind(now)
            .execute(&mut *conn)
            .await?;
        }
        Ok(Some(after))
    }

    /// Rated games that are over and not rated yet (a server stopped between the
    /// end and the rating): rated at start-up.
    pub async fn unrated_finished(&self) -> Result<Vec<String>, StoreError> {
        self.counts.statements(1);
        let rows = sqlx::query(
            "SELECT id FROM games WHERE rated = 1 AND status = 'over' AND rated_ms IS NULL \
             ORDER BY created_ms, id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok(r.try_get::<String, _>("id")?))
            .collect()
    }

    /// An account's ratings, most games first.
    pub async fn ratings_of(&self, account: &str) -> Result<Vec<RatingRow>, StoreError> {
        self.counts.statements(1);
        let rows = sqlx::query(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE account = $1 ORDER BY games DESC, category"
        ))
        .bind(account)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(rating_row).collect()
    }

    /// An account's newest `limit` rating changes, oldest first.
    pub async fn rating_history(
        &self,
        account: &str,
        limit: i64,
    ) -> Result<Vec<RatingChange>, StoreError> {
        self.counts.statements(1);
        let rows = sqlx::query(
            "SELECT game, category, score, r_before, r_after, at_ms FROM rating_changes \
             WHERE account = $1 ORDER BY at_ms DESC, game LIMIT $2",
        )
        .bind(account)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut out = rows
            .iter()
            .map(|r| {
                Ok(RatingChange {
                    game: r.try_get("game")?,
                    category: r.try_get("category")?,
                    score: r.try_get("score")?,
                    before: r.try_get("r_before")?,
                    after: r.try_get("r_after")?,
                    at_ms: r.try_get("at_ms")?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        out.reverse();
        Ok(out)
    }

    /// The best `limit` ratings of a category, among live accounts: established
    /// ratings first, then provisional ones.
    pub async fn leaderboard(
        &self,
        category: &str,
        limit: i64,
    ) -> Result<Vec<(String, RatingRow)>, StoreError> {
        self.counts.statements(1);
        let rows = sqlx::query(&format!(
            "SELECT accounts.name AS name, {} FROM ratings \
             JOIN accounts ON accounts.id = ratings.account \
             WHERE ratings.category = $1 AND accounts.deleted_ms IS NULL \
             ORDER BY CASE WHEN ratings.rd > $2 THEN 1 ELSE 0 END, ratings.r DESC, accounts.name \
             LIMIT $3",
            RATING_COLUMNS
                .split(", ")
                .map(|c| format!("ratings.{c}"))
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .bind(category)
        .bind(rating::PROVISIONAL_RD)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("name")?, rating_row(r)?)))
            .collect()
    }
}
