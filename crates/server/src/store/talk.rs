//! What the players of a game say to each other (issue 42): chat lines and draw
//! offers, kept with the game (`talk`), numbered per game.

use super::{Store, StoreError};
use sqlx::Row;

/// One line of a game's talk.
#[derive(Clone, Debug)]
pub struct TalkRow {
    /// 1, 2, … per game.
    pub n: i64,
    pub seat: u8,
    /// `chat`, `draw_offer`, `draw_accept` or `draw_decline`.
    pub kind: String,
    /// A chat line's text (empty for the others).
    pub text: String,
    /// The game's actions recorded when it was said (an offer holds until the next).
    pub seq: i64,
    pub at_ms: i64,
}

/// The prefix of an announcement that a game's talk changed (not its play).
pub const TALK: &str = "talk/";

impl Store {
    /// The talk of `game` after line `after`, in order.
    pub async fn talk(&self, game: &str, after: i64) -> Result<Vec<TalkRow>, StoreError> {
        self.counts.statements(1);
        let rows = sqlx::query(
            "SELECT n, seat, kind, text, seq, at_ms FROM talk WHERE game = $1 AND n > $2 ORDER BY n",
        )
        .bind(game)
        .bind(after)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(TalkRow {
                    n: r.try_get("n")?,
                    seat: super::small(game, r.try_get("seat")?)?,
                    kind: r.try_get("kind")?,
                    text: r.try_get("text")?,
                    seq: r.try_get("seq")?,
                    at_ms: r.try_get("at_ms")?,
                })
            })
            .collect()
    }

    /// Lines of `game` in all, and `seat`'s chat lines since `since_ms`.
    pub async fn talk_counts(
        &self,
        game: &str,
        seat: u8,
        since_ms: i64,
    ) -> Result<(i64, i64), StoreError> {
        self.counts.statements(1);
        let r = sqlx::query(
            "SELECT COUNT(*) AS all_lines, \
             COALESCE(SUM(CASE WHEN seat = $2 AND kind = 'chat' AND at_ms >= $3 THEN 1 ELSE 0 END), 0) AS recent \
             FROM talk WHERE game = $1",
        )
        .bind(game)
        .bind(i64::from(seat))
        .bind(since_ms)
        .fetch_one(&self.pool)
        .await?;
        Ok((r.try_get("all_lines")?, r.try_get("recent")?))
    }

    /// Add a line to `game`'s talk; its number. Two instances adding at once: the
    /// one whose number was taken tries the next.
    pub async fn say(
        &self,
        game: &str,
        seat: u8,
        kind: &str,
        text: &str,
        seq: i64,
        now: i64,
    ) -> Result<i64, StoreError> {
        for _ in 0..5 {
            self.counts.statements(1);
            let r = sqlx::query(
                "INSERT INTO talk (game, n, seat, kind, text, seq, at_ms) \
                 SELECT $1, COALESCE(MAX(n), 0) + 1, $2, $3, $4, $5, $6 FROM talk WHERE game = $1 \
                 RETURNING n",
            )
            .bind(game)
            .bind(i64::from(seat))
            .bind(kind)
            .bind(text)
            .bind(seq)
            .bind(now)
            .fetch_one(&self.pool)
            .await;
            match r {
                Ok(row) => {
                    if self.postgres {
                        self.counts.statements(1);
                        sqlx::query("SELECT pg_notify($1, $2)")
                            .bind(super::postgres::CHANNEL)
                            .bind(format!("{}:{TALK}{game}", self.instance))
                            .execute(&self.pool)
                            .await?;
                    }
                    return Ok(row.try_get("n")?);
                }
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(StoreError::Conflict)
    }

    /// Every seat agreed to a draw of `game` while it had `seq` actions: it is over,
    /// drawn. `false` when it moved on or ended meanwhile (here or elsewhere).
    pub async fn agree_draw(&self, game: &str, seq: i64) -> Result<bool, StoreError> {
        self.counts.statements(1);
        let changed = sqlx::query(
            "UPDATE games SET status = 'over', drawn = 1 \
             WHERE id = $1 AND status = 'playing' AND head_seq = $2",
        )
        .bind(game)
        .bind(seq)
        .execute(&self.pool)
        .await?
        .rows_affected();
        if changed == 1 && self.postgres {
            self.counts.statements(1);
            // The other instances read the game again (as after any write).
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(super::postgres::CHANNEL)
                .bind(format!("{}:{game}", self.instance))
                .execute(&self.pool)
                .await?;
        }
        Ok(changed == 1)
    }
}
