//! The database: games, their seats and their actions, in SQLite (embedded, the
//! default) or PostgreSQL (hosted, shared by several server processes). One schema,
//! one set of migrations (`migrations/`), run at start-up.

use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyPool, Row};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use write::Write;

mod accounts;
mod challenges;
mod postgres;
mod ratings;
mod sqlite;
mod sqlite_writer;
mod talk;
mod write;

pub use accounts::{AccountGame, AccountRow, DELETED_NAME, NAMES};
pub use challenges::{ChallengeRow, ForceRow};
pub use postgres::DEFAULT_POOL as DEFAULT_DB_POOL;
pub use ratings::RatingRow;
pub use talk::{TalkRow, TALK};

pub use sqlite::{is_corrupt, sqlite_corrupt};

/// A database failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another server instance recorded an action with this sequence number first.
    #[error("another action was recorded first")]
    Conflict,
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// SQLite's writer (`sqlite_writer`), which has its own connection.
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("data directory {dir}: {source}")]
    DataDir { dir: String, source: std::io::Error },
    #[error("the database writer has stopped")]
    Closed,
    /// The database could not be reached, and nothing of the write was committed
    /// (PostgreSQL's writer failed before sending `COMMIT`).
    #[error("database unreachable, nothing written: {0}")]
    NotWritten(String),
    /// Another process holds the SQLite database's lock.
    #[error("the database is locked by another process")]
    Busy,
    #[error("stored game {game} is unreadable: {why}")]
    Corrupt { game: String, why: String },
    /// The SQLite file is no database, or its header is damaged (start-up).
    #[error("the database file {file} is corrupt or not an SQLite database: {why}")]
    CorruptFile { file: String, why: String },
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

/// A game as the lobby lists it.
pub struct LobbyRow {
    pub game: GameRow,
    pub seats: Vec<SeatRow>,
    /// When its last action was recorded (`None`: no action yet).
    pub last_ms: Option<i64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    pub seat: u8,
    pub kind: SeatKind,
    /// A human seat's token has been used.
    pub joined: bool,
    /// The player's name, if one was given (issue 28).
    pub name: Option<String>,
    /// The account the seat belongs to (taken while logged in, issue 42).
    pub account: Option<String>,
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
    /// The digest of the creator token, which may resign any seat (`None` before
    /// migration 0002).
    pub creator_hash: Option<String>,
    /// Set up rated between accounts (issue 42): its end moves their ratings.
    pub rated: bool,
    /// An open challenge's rating range (issue 42): who may take an open seat.
    pub rating_range: Option<(i64, i64)>,
    /// Every seat agreed to a draw (issue 42).
    pub drawn: bool,
    /// Hints and the win-chance bar allowed between people (issue 41): set by the
    /// creator, seen by every player before taking a seat. Against the AI they are
    /// always allowed ([`GameRow::allows_help`]).
    pub help: bool,
    /// A guided first battle (issue 41, `POST /api/learn/{ruleset}`): the ruleset's
    /// lessons are taught to the learner's seat.
    pub lessons: bool,
}

impl GameRow {
    /// A game set up now and playing, `creator_hash` the digest of its creator token:
    /// no clock, unrated, no rating range, no hints between people, no lessons (each
    /// route sets what differs).
    pub fn playing(
        id: &str,
        ruleset: &str,
        scenario_name: &str,
        scenario: Value,
        seed: u64,
        creator_hash: String,
    ) -> GameRow {
        GameRow {
            id: id.to_string(),
            ruleset: ruleset.to_string(),
            scenario_name: scenario_name.to_string(),
            scenario,
            seed,
            clock_ms: None,
            created_ms: crate::live::now_ms(),
            status: "playing".into(),
            resigned: None,
            creator_hash: Some(creator_hash),
            rated: false,
            rating_range: None,
            drawn: false,
            help: false,
            lessons: false,
        }
    }

    /// May its seats ask for hints and the win-chance bar (issue 41)? Always in a game
    /// against the AI (a seat of `kinds` is an agent); between people only when its
    /// creator set `help`, which everyone taking a seat saw first.
    pub fn allows_help<'k>(&self, mut kinds: impl Iterator<Item = &'k SeatKind>) -> bool {
        self.help || kinds.any(|k| matches!(k, SeatKind::Agent { .. }))
    }
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
    /// The one writer, which commits what waits in groups.
    writer: Writer,
    /// What this store sent the database (`GET /api/stats`).
    counts: Arc<Counts>,
    /// This process's id in its announcements (PostgreSQL), so it can ignore them.
    instance: String,
}

/// What a [`Store`] sent the database since start-up, for operators
/// (`GET /api/stats`) and for the test that bounds the round trips per action.
#[derive(Debug, Default)]
pub struct Counts {
    /// Statements: each a round trip. SQLite's writes are counted as if committed
    /// alone (`BEGIN`, the write, `COMMIT`), although its writer commits many at once.
    statements: AtomicU64,
    /// PostgreSQL: sqlx's checks of a pooled connection, one when it is taken from
    /// the pool and one when it is given back; each a round trip without a statement.
    pings: AtomicU64,
    /// PostgreSQL: transactions its writer committed (a group of writes, or a lone
    /// action's statement); SQLite: 0.
    commits: AtomicU64,
}

impl Counts {
    fn commits(&self, n: u64) {
        self.commits.fetch_add(n, Ordering::Relaxed);
    }

    fn statements(&self, n: u64) {
        self.statements.fetch_add(n, Ordering::Relaxed);
    }

    fn ping(&self) {
        self.pings.fetch_add(1, Ordering::Relaxed);
    }
}

/// The statements of a write, `BEGIN` and `COMMIT` aside.
fn statements_of(w: &Write) -> u64 {
    match w {
        Write::Game { seats, .. } => 1 + seats.len() as u64,
        // The head moved (and the end marked), then the row.
        Write::Action { .. } => 2,
        Write::Resign { .. } | Write::Joined { .. } | Write::Claim { .. } => 1,
        Write::Undo { .. } => 2,
    }
}

/// A connection taken for one write before the game changes in memory (PostgreSQL
/// while its writer finds the database down; nothing otherwise: the writers queue).
/// While the database is down, taking it fails and the action is refused with
/// nothing changed: the game stays in memory and reads go on being answered.
pub struct Held(Option<PoolConnection<Any>>);

/// Where writes go.
#[derive(Clone)]
enum Writer {
    /// SQLite's writer thread (`sqlite_writer`).
    Sqlite(std::sync::mpsc::Sender<write::Queued>),
    /// PostgreSQL's writer task (`postgres::Writer`).
    Postgres(Arc<postgres::Writer>),
}

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

impl Store {
    /// Open (creating if needed) the database: PostgreSQL at `url` when given, else
    /// SQLite in `data_dir/orrery.db`. Runs the migrations.
    /// `pool`: connections to PostgreSQL (SQLite has its own few).
    pub async fn open(data_dir: &Path, url: Option<&str>, pool: u32) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let (url, postgres) = match url {
            Some(u) => (u.to_string(), true),
            None => {
                std::fs::create_dir_all(data_dir).map_err(|source| StoreError::DataDir {
                    dir: data_dir.display().to_string(),
                    source,
                })?;
                let file = data_dir.join("orrery.db");
                (sqlite::url_of(&file), false)
            }
        };
        if !postgres {
            let file = data_dir.join("orrery.db");
            let pool = sqlite::open(&file).await?;
            MIGRATOR.run(&pool).await?;
            let tx = sqlite_writer::start(&file)?;
            tokio::spawn(write::checkpoints(pool.clone()));
            return Ok(Store {
                pool,
                postgres,
                url,
                writer: Writer::Sqlite(tx),
                counts: Arc::default(),
                instance: String::new(),
            });
        }
        let counts: Arc<Counts> = Arc::default();
        let pool = postgres::open(&url, pool, &counts).await?;
        MIGRATOR.run(&pool).await?;
        let instance = postgres::instance_id();
        let writer = postgres::Writer::start(pool.clone(), instance.clone(), counts.clone());
        Ok(Store {
            pool,
            postgres,
            url,
            writer: Writer::Postgres(Arc::new(writer)),
            counts,
            instance,
        })
    }

    /// Statements and connection checks sent so far ([`Counts`]).
    pub fn counts(&self) -> (u64, u64, u64) {
        (
            self.counts.statements.load(Ordering::Relaxed),
            self.counts.pings.load(Ordering::Relaxed),
            self.counts.commits.load(Ordering::Relaxed),
        )
    }

    /// Make sure the next write can be tried ([`Held`]): `503 unavailable` at once
    /// (within [`postgres::ACQUIRE_TIMEOUT`]) when PostgreSQL's writer found the
    /// database down and the pool cannot reach it either. While the writer is up this
    /// costs nothing; while it is down, the connection taken is the write's own.
    pub async fn hold(&self) -> Result<Held, StoreError> {
        match &self.writer {
            Writer::Postgres(w) if !w.is_up() => {
                let conn = self.pool.acquire().await?;
                w.seen_up();
                Ok(Held(Some(conn)))
            }
            _ => Ok(Held(None)),
        }
    }

    /// Several server processes may share this database (PostgreSQL).
    pub fn shared(&self) -> bool {
        self.postgres
    }

    /// How game `id` ended outside its actions: the seat that resigned, if one did,
    /// and whether a draw was agreed.
    pub async fn ended_by(&self, id: &str) -> Result<(Option<u8>, bool), StoreError> {
        self.counts.statements(1);
        let row = sqlx::query("SELECT resigned, drawn FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(r) => {
                let drawn = r.try_get::<i64, _>("drawn")? != 0;
                match r.try_get::<Option<i64>, _>("resigned")? {
                    Some(s) => Ok((Some(small(id, s)?), drawn)),
                    None => Ok((None, drawn)),
                }
            }
            None => Ok((None, false)),
        }
    }

    /// Record a new game and its seats.
    pub async fn create_game(&self, g: &GameRow, seats: &[SeatRow]) -> Result<(), StoreError> {
        let w = Write::Game {
            game: g.clone(),
            seats: seats.to_vec(),
        };
        self.write(self.hold().await?, w).await.map(|_| ())
    }

    /// Record one action on `held` (taken before it was applied in memory); `over`
    /// marks the game finished in the same transaction. `prev_hash` is the state hash
    /// of action `a.seq - 1` (`""` for the first): [`StoreError::Conflict`], and
    /// nothing written, unless the game's last recorded action is still that one and
    /// the game still playing (another instance acted, took an action back or ended
    /// the game first).
    pub async fn append(
        &self,
        held: Held,
        game: &str,
        a: &ActionRow,
        prev_hash: &str,
        over: bool,
    ) -> Result<(), StoreError> {
        let w = Write::Action {
            game: game.to_string(),
            row: a.clone(),
            prev_hash: prev_hash.to_string(),
            over,
        };
        self.write(held, w).await.map(|_| ())
    }

    /// Record that `seat` resigned (the game is over). False when it already was.
    pub async fn resign(&self, held: Held, game: &str, seat: u8) -> Result<bool, StoreError> {
        let w = Write::Resign {
            game: game.to_string(),
            seat,
        };
        let changed = self.write(held, w).await?;
        Ok(changed == 1)
    }

    /// Take back the last `back` actions of `game`, the last being action `seq`
    /// (state hash `hash`): false, and nothing changed, when it is no longer the last
    /// (another instance acted or took it back) or the game is over.
    pub async fn undo(
        &self,
        held: Held,
        game: &str,
        (seq, hash): (i64, &str),
        back: i64,
    ) -> Result<bool, StoreError> {
        let w = Write::Undo {
            game: game.to_string(),
            seq,
            hash: hash.to_string(),
            to: seq - back,
        };
        Ok(self.write(held, w).await? == 1)
    }

    /// The state hash recorded after action `seq` of `game` (`None`: no such action),
    /// for an instance to see that an action it holds was taken back elsewhere.
    pub async fn hash_at(&self, game: &str, seq: i64) -> Result<Option<String>, StoreError> {
        self.counts.statements(1);
        let row = sqlx::query("SELECT hash FROM actions WHERE game = $1 AND seq = $2")
            .bind(game)
            .bind(seq)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => Some(r.try_get("hash")?),
            None => None,
        })
    }

    /// Give open seat `seat` of `game` to the holder of the token hashed `token_hash`:
    /// `false` when someone took it first (on any instance).
    pub async fn claim_seat(
        &self,
        game: &str,
        seat: u8,
        token_hash: &str,
        name: Option<&str>,
        account: Option<&str>,
    ) -> Result<bool, StoreError> {
        let w = Write::Claim {
            game: game.to_string(),
            seat,
            token_hash: token_hash.to_string(),
            name: name.map(str::to_string),
            account: account.map(str::to_string),
        };
        let changed = self.write(self.hold().await?, w).await?;
        Ok(changed == 1)
    }

    /// Mark a human seat's token as used.
    pub async fn mark_joined(&self, game: &str, seat: u8) -> Result<(), StoreError> {
        let w = Write::Joined {
            game: game.to_string(),
            seat,
        };
        self.write(self.hold().await?, w).await.map(|_| ())
    }

    /// Commit one write and return the rows it changed: through the one writer, in
    /// a group with the writes of other games that arrived meanwhile (one commit for
    /// them all; writers never wait on each other's locks). PostgreSQL's writes also
    /// announce themselves to the other instances in the same transaction
    /// (`postgres::write`); one on a connection `held` while the writer was down
    /// goes on that connection, alone.
    async fn write(&self, held: Held, w: Write) -> Result<u64, StoreError> {
        let (done, answer) = oneshot::channel();
        let q = write::Queued { write: w, done };
        match &self.writer {
            Writer::Sqlite(writer) => {
                self.counts.statements(2 + statements_of(&q.write));
                writer.send(q).map_err(|_| StoreError::Closed)?;
            }
            Writer::Postgres(writer) => match held.0 {
                Some(mut conn) => {
                    return postgres::write(&mut conn, &q.write, &self.instance, &self.counts).await
                }
                None => writer.send(q)?,
            },
        }
        answer.await.map_err(|_| StoreError::Closed)?
    }

    /// A game's set-up and seats.
    pub async fn game(&self, id: &str) -> Result<Option<(GameRow, Vec<SeatRow>)>, StoreError> {
        self.counts.statements(1);
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
        self.counts.statements(1);
        let rows = sqlx::query(
            "SELECT seat, kind, agent, budget_ms, token_hash, joined, name, account FROM seats \
             WHERE game = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| seat_row(id, r)).collect()
    }

    /// The actions of `game` after `seq`, in order.
    pub async fn actions_after(&self, game: &str, seq: i64) -> Result<Vec<ActionRow>, StoreError> {
        self.counts.statements(1);
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

    /// The newest games first, with their seats and when the last action was made
    /// (the lobby).
    pub async fn lobby(&self, limit: i64) -> Result<Vec<LobbyRow>, StoreError> {
        self.counts.statements(1);
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS}, \
             (SELECT MAX(at_ms) FROM actions WHERE actions.game = games.id) AS last_ms \
             FROM games ORDER BY created_ms DESC, id LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let game = game_row(r)?;
            let seats = self.seats(&game.id).await?;
            let last_ms = r.try_get::<Option<i64>, _>("last_ms")?;
            out.push(LobbyRow {
                game,
                seats,
                last_ms,
            });
        }
        Ok(out)
    }

    /// Ids of the games not over, oldest first (resumed at start-up).
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        self.counts.statements(1);
        let rows =
            sqlx::query("SELECT id FROM games WHERE status = 'playing' ORDER BY created_ms, id")
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| Ok(r.try_get::<String, _>("id")?))
            .collect()
    }

    /// Listen for the other instances' announcements (`postgres::write`): each game
    /// another instance changed is sent on `tx`, and `*` (perhaps any game) each time
    /// the listening connection is made, first or again, since announcements made
    /// while it was down are lost. This instance's own are dropped: its memory has
    /// them. PostgreSQL only; returns at once with SQLite.
    pub async fn listen(&self, tx: mpsc::UnboundedSender<String>) {
        if !self.postgres {
            return;
        }
        // Its own pool of one, so that a lost connection is retried every couple of
        // seconds (sqlx's default waits up to 30 s): the `*` comes soon after an outage.
        let pool = sqlx::postgres::PgPoolOptions::new()
            .max_connections(1)
            .acquire_timeout(postgres::ACQUIRE_TIMEOUT)
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_lazy(&self.url);
        let pool = match pool {
            Ok(p) => p,
            Err(e) => {
                eprintln!("orrery serve: cannot listen for other instances: {e}");
                return;
            }
        };
        let mut failing = false;
        loop {
            match self.listen_once(&pool, &tx, &mut failing).await {
                Ok(()) => return,
                Err(e) => {
                    if !failing {
                        eprintln!(
                            "orrery serve: listening for other instances failed ({e}); retrying"
                        );
                    }
                    failing = true;
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        }
    }

    /// [`Store::listen`] on one connection (made again by sqlx while it can); `Ok`
    /// when nobody takes the game ids any more.
    async fn listen_once(
        &self,
        pool: &sqlx::PgPool,
        tx: &mpsc::UnboundedSender<String>,
        failing: &mut bool,
    ) -> Result<(), sqlx::Error> {
        let mut l = sqlx::postgres::PgListener::connect_with(pool).await?;
        self.counts.statements(1);
        l.listen(postgres::CHANNEL).await?;
        if std::mem::take(failing) {
            eprintln!("orrery serve: listening for other instances again");
        }
        loop {
            if tx.send("*".to_string()).is_err() {
                return Ok(());
            }
            // `None`: the connection was lost and made again (sqlx listens anew).
            while let Some(n) = l.try_recv().await? {
                let Some(game) = postgres::from_elsewhere(n.payload(), &self.instance) else {
                    continue;
                };
                if tx.send(game.to_string()).is_err() {
                    return Ok(());
                }
            }
            self.counts.statements(1);
        }
    }
}

const GAME_COLUMNS: &str =
    "id, ruleset, scenario_name, scenario, seed, clock_ms, created_ms, status, resigned, \
     creator_hash, rated, min_rating, max_rating, drawn, help, lessons";

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
        creator_hash: r.try_get("creator_hash")?,
        rated: r.try_get::<i64, _>("rated")? != 0,
        rating_range: match (
            r.try_get::<Option<i64>, _>("min_rating")?,
            r.try_get::<Option<i64>, _>("max_rating")?,
        ) {
            (Some(lo), Some(hi)) => Some((lo, hi)),
            _ => None,
        },
        drawn: r.try_get::<i64, _>("drawn")? != 0,
        help: r.try_get::<i64, _>("help")? != 0,
        lessons: r.try_get::<i64, _>("lessons")? != 0,
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
        name: r.try_get::<Option<String>, _>("name")?,
        account: r.try_get::<Option<String>, _>("account")?,
    })
}

fn small(game: &str, n: i64) -> Result<u8, StoreError> {
    u8::try_from(n).map_err(|_| StoreError::Corrupt {
        game: game.to_string(),
        why: format!("seat {n} out of range"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seq: i64, hash: &str) -> ActionRow {
        ActionRow {
            seq,
            seat: 0,
            action: serde_json::json!({"n": seq}),
            hash: hash.to_string(),
            cause: Cause::Player,
            at_ms: 0,
        }
    }

    /// Issue 37 §1 on SQLite (one writer hides races there today, but the database
    /// enforces the chain all the same): an action is written only on the head it was
    /// chosen from, an undo only of the head, and a refused write changes nothing.
    #[tokio::test(flavor = "current_thread")]
    async fn sqlite_keeps_each_games_actions_a_chain() {
        let dir = std::env::temp_dir().join(format!("orrery-store-chain-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::open(&dir, None, 1).await.unwrap();
        let game = GameRow {
            id: "0123456789abcdef".into(),
            ruleset: "launch-fighters".into(),
            scenario_name: "duel".into(),
            scenario: Value::Null,
            seed: 1,
            clock_ms: None,
            created_ms: 0,
            status: "playing".into(),
            resigned: None,
            creator_hash: None,
            rated: false,
            rating_range: None,
            help: false,
            lessons: false,
            drawn: false,
        };
        store.create_game(&game, &[]).await.unwrap();
        let id = game.id.as_str();
        let append = |a: ActionRow, prev: &'static str| {
            let store = store.clone();
            async move { store.append(store.hold().await?, id, &a, prev, false).await }
        };
        append(row(1, "h1"), "").await.unwrap();
        // Seq 3 without seq 2, seq 2 on a head it was not chosen from, seq 1 again.
        assert!(matches!(
            append(row(3, "h3"), "h2").await,
            Err(StoreError::Conflict)
        ));
        assert!(matches!(
            append(row(2, "h2"), "zz").await,
            Err(StoreError::Conflict)
        ));
        assert!(matches!(
            append(row(1, "h1b"), "").await,
            Err(StoreError::Conflict)
        ));
        append(row(2, "h2"), "h1").await.unwrap();
        // An undo of anything but the head (with its hash) changes nothing.
        let undo = |seq: i64, hash: &'static str| {
            let store = store.clone();
            async move {
                store
                    .undo(store.hold().await.unwrap(), id, (seq, hash), 1)
                    .await
                    .unwrap()
            }
        };
        assert!(!undo(1, "h1").await, "seq 1 is followed by seq 2");
        assert!(!undo(2, "h1").await, "not seq 2's hash");
        assert!(undo(2, "h2").await);
        assert!(!undo(2, "h2").await, "already taken back");
        // The head is back at seq 1: the next action builds on it.
        assert!(matches!(
            append(row(3, "h3"), "h2").await,
            Err(StoreError::Conflict)
        ));
        append(row(2, "h2b"), "h1").await.unwrap();
        let seqs: Vec<(i64, String)> = store
            .actions_after(id, 0)
            .await
            .unwrap()
            .into_iter()
            .map(|r| (r.seq, r.hash))
            .collect();
        assert_eq!(seqs, vec![(1, "h1".to_string()), (2, "h2b".to_string())]);
        // A guided battle's try again (issue 41): both actions back in one write,
        // only from the head; the chain then starts again from nothing.
        let hold = || async { store.hold().await.unwrap() };
        assert!(!store.undo(hold().await, id, (1, "h1"), 1).await.unwrap());
        assert!(store.undo(hold().await, id, (2, "h2b"), 2).await.unwrap());
        assert!(store.actions_after(id, 0).await.unwrap().is_empty());
        append(row(1, "h1c"), "").await.unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
