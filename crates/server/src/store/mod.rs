//! The database: games, their seats and their actions, in SQLite (embedded, the
//! default) or PostgreSQL (hosted, shared by several server processes). One schema,
//! one set of migrations (`migrations/`), run at start-up.

use serde_json::Value;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Executor, Row};
use std::path::Path;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use write::Write;

mod write;

/// A database failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another server instance recorded an action with this sequence number first.
    #[error("another action was recorded first")]
    Conflict,
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("data directory {dir}: {source}")]
    DataDir { dir: String, source: std::io::Error },
    #[error("the database writer has stopped")]
    Closed,
    #[error("stored game {game} is unreadable: {why}")]
    Corrupt { game: String, why: String },
}

/// What kind of player sits in a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatKind {
    /// A person (or a bot) holding the seat's token; only its digest is stored.
    Human { token_hash: String },
    /// An agent the server moves.
    Agent {
        agent: String,
        budget_ms: Option<u64>,
    },
    /// A human seat left open in the lobby for anyone to take
    /// (`POST /api/games/{id}/join`); `token_hash` once someone has.
    Open { token_hash: Option<String> },
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    pub seat: u8,
    pub kind: SeatKind,
    /// A human seat's token has been used.
    pub joined: bool,
}

/// A game's set-up.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: String,
    pub ruleset: String,
    pub scenario_name: String,
    pub scenario: Value,
    pub seed: u64,
    pub clock_ms: Option<u64>,
    pub created_ms: i64,
    /// `playing` or `over`.
    pub status: String,
    /// The seat that resigned, if one did.
    pub resigned: Option<u8>,
}

/// Why an action was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    Player,
    Agent,
    /// The seat's clock ran out: its default action.
    Clock,
}

impl Cause {
    fn as_str(self) -> &'static str {
        match self {
            Cause::Player => "player",
            Cause::Agent => "agent",
            Cause::Clock => "clock",
        }
    }

    fn parse(s: &str) -> Cause {
        match s {
            "agent" => Cause::Agent,
            "clock" => Cause::Clock,
            _ => Cause::Player,
        }
    }
}

/// One recorded action: `seq` counts from 1.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionRow {
    pub seq: i64,
    pub seat: u8,
    pub action: Value,
    /// The state hash after the action (16 hex digits).
    pub hash: String,
    pub cause: Cause,
    pub at_ms: i64,
}

/// The database behind a server.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    postgres: bool,
    url: String,
    /// SQLite: the one writer, which commits what waits in groups.
    writer: Option<mpsc::UnboundedSender<write::Queued>>,
}

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

impl Store {
    /// Open (creating if needed) the database: PostgreSQL at `url` when given, else
    /// SQLite in `data_dir/orrery.db`. Runs the migrations.
    pub async fn open(data_dir: &Path, url: Option<&str>) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let (url, postgres) = match url {
            Some(u) => (u.to_string(), true),
            None => {
                std::fs::create_dir_all(data_dir).map_err(|source| StoreError::DataDir {
                    dir: data_dir.display().to_string(),
                    source,
                })?;
                let file = data_dir.join("orrery.db");
                (format!("sqlite://{}?mode=rwc", file.display()), false)
            }
        };
        let options = AnyPoolOptions::new()
            .acquire_timeout(Duration::from_secs(10))
            .max_connections(if postgres { 8 } else { 4 });
        let options = if postgres {
            options
        } else {
            // WAL: readers never wait for the writer. synchronous=FULL: a commit is on
            // disk (fsync) before it returns, so an acknowledged action survives a
            // power loss, not only a killed process.
            options.after_connect(|conn, _| {
                Box::pin(async move {
                    conn.execute("PRAGMA journal_mode = WAL").await?;
                    conn.execute("PRAGMA synchronous = FULL").await?;
                    conn.execute("PRAGMA busy_timeout = 10000").await?;
                    // Checkpoints run in the background (`checkpoints`), not inside
                    // whichever commit crosses the threshold.
                    conn.execute("PRAGMA wal_autocheckpoint = 0").await?;
                    conn.execute("PRAGMA foreign_keys = ON").await?;
                    Ok(())
                })
            })
        };
        let pool = options.connect(&url).await?;
        MIGRATOR.run(&pool).await?;
        let writer = (!postgres).then(|| {
            let (tx, rx) = mpsc::unbounded_channel();
            tokio::spawn(write::groups(pool.clone(), rx));
            tokio::spawn(write::checkpoints(pool.clone()));
            tx
        });
        Ok(Store {
            pool,
            postgres,
            url,
            writer,
        })
    }

    /// Several server processes may share this database (PostgreSQL).
    pub fn shared(&self) -> bool {
        self.postgres
    }

    /// The seat that resigned game `id`, if one did.
    pub async fn resigned(&self, id: &str) -> Result<Option<u8>, StoreError> {
        let row = sqlx::query("SELECT resigned FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(r) => match r.try_get::<Option<i64>, _>("resigned")? {
                Some(s) => Ok(Some(small(id, s)?)),
                None => Ok(None),
            },
            None => Ok(None),
        }
    }

    /// Record a new game and its seats.
    pub async fn create_game(&self, g: &GameRow, seats: &[SeatRow]) -> Result<(), StoreError> {
        self.write(Write::Game {
            game: g.clone(),
            seats: seats.to_vec(),
        })
        .await
        .map(|_| ())
    }

    /// Record one action; `over` marks the game finished in the same transaction.
    /// [`StoreError::Conflict`] when `(game, seq)` is taken (another instance won).
    pub async fn append(&self, game: &str, a: &ActionRow, over: bool) -> Result<(), StoreError> {
        self.write(Write::Action {
            game: game.to_string(),
            row: a.clone(),
            over,
        })
        .await
        .map(|_| ())
    }

    /// Record that `seat` resigned (the game is over). False when it already was.
    pub async fn resign(&self, game: &str, seat: u8) -> Result<bool, StoreError> {
        let changed = self
            .write(Write::Resign {
                game: game.to_string(),
                seat,
            })
            .await?;
        Ok(changed == 1)
    }

    /// Give open seat `seat` of `game` to the holder of the token hashed `token_hash`:
    /// `false` when someone took it first (on any instance).
    pub async fn claim_seat(
        &self,
        game: &str,
        seat: u8,
        token_hash: &str,
    ) -> Result<bool, StoreError> {
        let changed = self
            .write(Write::Claim {
                game: game.to_string(),
                seat,
                token_hash: token_hash.to_string(),
            })
            .await?;
        Ok(changed == 1)
    }

    /// Mark a human seat's token as used.
    pub async fn mark_joined(&self, game: &str, seat: u8) -> Result<(), StoreError> {
        self.write(Write::Joined {
            game: game.to_string(),
            seat,
        })
        .await
        .map(|_| ())
    }

    /// Commit one write and return the rows it changed. PostgreSQL: its own
    /// transaction, then `NOTIFY`. SQLite: through the one writer, in a group with
    /// the writes of other games that arrived meanwhile (one fsync for them all;
    /// writers never wait on each other's locks).
    async fn write(&self, w: Write) -> Result<u64, StoreError> {
        let Some(writer) = &self.writer else {
            let game = w.game().to_string();
            let mut tx = self.pool.begin().await?;
            let changed = write::execute(&mut tx, &w).await?;
            tx.commit().await?;
            self.notify(&game).await;
            return Ok(changed);
        };
        let (done, answer) = oneshot::channel();
        writer
            .send(write::Queued { write: w, done })
            .map_err(|_| StoreError::Closed)?;
        answer.await.map_err(|_| StoreError::Closed)?
    }

    /// Tell the other server instances that `game` changed (PostgreSQL `NOTIFY`).
    async fn notify(&self, game: &str) {
        // Game ids are hex digits (checked), so the payload needs no quoting rules.
        if self.postgres && game.bytes().all(|b| b.is_ascii_hexdigit()) {
            // Not prepared: one statement per game id would fill the cache.
            let _ = sqlx::query(&format!("NOTIFY {CHANNEL}, '{game}'"))
                .persistent(false)
                .execute(&self.pool)
                .await;
        }
    }

    /// A game's set-up and seats.
    pub async fn game(&self, id: &str) -> Result<Option<(GameRow, Vec<SeatRow>)>, StoreError> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let game = game_row(&row)?;
        let seats = self.seats(id).await?;
        Ok(Some((game, seats)))
    }

    pub async fn seats(&self, id: &str) -> Result<Vec<SeatRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, kind, agent, budget_ms, token_hash, joined FROM seats \
             WHERE game = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| seat_row(id, r)).collect()
    }

    /// The actions of `game` after `seq`, in order.
    pub async fn actions_after(&self, game: &str, seq: i64) -> Result<Vec<ActionRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, seat, action, hash, cause, at_ms FROM actions \
             WHERE game = $1 AND seq > $2 ORDER BY seq",
        )
        .bind(game)
        .bind(seq)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let action: String = r.try_get("action")?;
                let action = serde_json::from_str(&action).map_err(|e| StoreError::Corrupt {
                    game: game.to_string(),
                    why: format!("action: {e}"),
                })?;
                Ok(ActionRow {
                    seq: r.try_get("seq")?,
                    seat: small(game, r.try_get("seat")?)?,
                    action,
                    hash: r.try_get("hash")?,
                    cause: Cause::parse(&r.try_get::<String, _>("cause")?),
                    at_ms: r.try_get("at_ms")?,
                })
            })
            .collect()
    }

    /// The newest games first, with their seats (the lobby).
    pub async fn lobby(&self, limit: i64) -> Result<Vec<(GameRow, Vec<SeatRow>)>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games ORDER BY created_ms DESC, id LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let g = game_row(r)?;
            let seats = self.seats(&g.id).await?;
            out.push((g, seats));
        }
        Ok(out)
    }

    /// Ids of the games not over, oldest first (resumed at start-up).
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        let rows =
            sqlx::query("SELECT id FROM games WHERE status = 'playing' ORDER BY created_ms, id")
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| Ok(r.try_get::<String, _>("id")?))
            .collect()
    }

    /// Listen for [`Store::notify`] from other instances: each game id that changed
    /// is sent on `tx`. PostgreSQL only; returns at once with SQLite.
    pub async fn listen(&self, tx: tokio::sync::mpsc::UnboundedSender<String>) {
        if !self.postgres {
            return;
        }
        loop {
            let listener = async {
                let mut l = sqlx::postgres::PgListener::connect(&self.url).await?;
                l.listen(CHANNEL).await?;
                // Changes made while this instance was not listening: catch up all.
                let _ = tx.send("*".to_string());
                loop {
                    let n = l.recv().await?;
                    if tx.send(n.payload().to_string()).is_err() {
                        return Ok::<(), sqlx::Error>(());
                    }
                }
            };
            match listener.await {
                Ok(()) => return,
                Err(e) => {
                    eprintln!("orrery serve: listening for other instances failed ({e}); retrying");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        }
    }
}

/// The PostgreSQL channel instances announce changed games on.
const CHANNEL: &str = "orrery_games";

const GAME_COLUMNS: &str =
    "id, ruleset, scenario_name, scenario, seed, clock_ms, created_ms, status, resigned";

fn game_row(r: &AnyRow) -> Result<GameRow, StoreError> {
    let id: String = r.try_get("id")?;
    let scenario: String = r.try_get("scenario")?;
    let scenario = serde_json::from_str(&scenario).map_err(|e| StoreError::Corrupt {
        game: id.clone(),
        why: format!("scenario: {e}"),
    })?;
    let resigned = match r.try_get::<Option<i64>, _>("resigned")? {
        Some(s) => Some(small(&id, s)?),
        None => None,
    };
    Ok(GameRow {
        ruleset: r.try_get("ruleset")?,
        scenario_name: r.try_get("scenario_name")?,
        scenario,
        seed: r.try_get::<i64, _>("seed")? as u64,
        clock_ms: r.try_get::<Option<i64>, _>("clock_ms")?.map(|c| c as u64),
        created_ms: r.try_get("created_ms")?,
        status: r.try_get("status")?,
        resigned,
        id,
    })
}

fn seat_row(game: &str, r: &AnyRow) -> Result<SeatRow, StoreError> {
    let kind: String = r.try_get("kind")?;
    let kind = match kind.as_str() {
        "agent" => SeatKind::Agent {
            agent: r.try_get::<Option<String>, _>("agent")?.unwrap_or_default(),
            budget_ms: r.try_get::<Option<i64>, _>("budget_ms")?.map(|b| b as u64),
        },
        "open" => SeatKind::Open {
            token_hash: r.try_get::<Option<String>, _>("token_hash")?,
        },
        _ => SeatKind::Human {
            token_hash: r
                .try_get::<Option<String>, _>("token_hash")?
                .unwrap_or_default(),
        },
    };
    Ok(SeatRow {
        seat: small(game, r.try_get("seat")?)?,
        kind,
        joined: r.try_get::<i64, _>("joined")? != 0,
    })
}

fn small(game: &str, n: i64) -> Result<u8, StoreError> {
    u8::try_from(n).map_err(|_| StoreError::Corrupt {
        game: game.to_string(),
        why: format!("seat {n} out of range"),
    })
}
