//! `orrery serve` honest under SQLite faults (issue 25 §5, §7): a lock held by
//! another process, a damaged page, a file that is no database. Each fault is made
//! from outside the server, by this test process, on the real database file.

mod server_support;

use serde_json::{json, Value};
use server_support::{code, temp_dir, two_wasps, Server};
use sqlx::{Connection, SqliteConnection};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn block_on<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

fn db_url(data: &Path) -> String {
    format!("sqlite://{}", data.join("orrery.db").display())
}

/// The first legal action of the seat to move, and its token.
fn next_move(s: &Server, id: &str, tokens: &[Option<String>]) -> (String, Value) {
    let (_, spect) = s.get(&format!("/api/games/{id}"), None);
    let seat = spect["status"]["to_move"][0]
        .as_u64()
        .unwrap_or_else(|| panic!("nobody to move: {spect}")) as usize;
    let token = tokens[seat].clone().unwrap();
    let (_, me) = s.get(&format!("/api/games/{id}"), Some(&token));
    (token, me["legal"][0].clone())
}

fn actions_recorded(s: &Server, id: &str, token: &str) -> usize {
    let (_, r) = s.get(&format!("/api/games/{id}/record"), Some(token));
    r["record"]["actions"].as_array().unwrap().len()
}

/// Issue 25 §5: with another process holding SQLite's write lock, a write used to
/// stall for 30 s and answer `503 timeout` ("may or may not have been applied"). It
/// answers `503 unavailable` within 2 s, nothing is recorded, and play goes on once
/// the lock is released.
#[test]
fn a_locked_sqlite_answers_503_within_2s_and_records_nothing() {
    let data = temp_dir("locked");
    let s = Server::start(&data, None, &[]);
    let (id, tokens) =
        s.create(&json!({"ruleset": "launch-fighters", "scenario": two_wasps(), "seed": 3}));
    let (token, action) = next_move(&s, &id, &tokens);
    let before = actions_recorded(&s, &id, &token);
    let url = db_url(&data);
    block_on(async {
        let mut outside = SqliteConnection::connect(&url).await.unwrap();
        sqlx::query("BEGIN IMMEDIATE")
            .execute(&mut outside)
            .await
            .unwrap();
        for _ in 0..2 {
            let started = Instant::now();
            let (c, v) = s.post(
                &format!("/api/games/{id}/actions"),
                Some(&token),
                &json!({"action": action}),
            );
            let took = started.elapsed();
            assert_eq!((c, code(&v)), (503, "unavailable"), "{v}");
            assert!(took < Duration::from_secs(2), "answered after {took:?}");
            assert!(v["error"]["message"]
                .as_str()
                .unwrap()
                .contains("nothing was applied"));
        }
        // Reads still work while the lock is held, and show nothing applied.
        assert_eq!(actions_recorded(&s, &id, &token), before);
        sqlx::query("ROLLBACK").execute(&mut outside).await.unwrap();
    });
    let v = s.act(&id, &token, &action);
    assert_eq!(v["ok"], true);
    assert_eq!(actions_recorded(&s, &id, &token), before + 1);
}

/// The page size of an SQLite file and its pages.
fn pages(file: &[u8]) -> (usize, usize) {
    let raw = u16::from_be_bytes([file[16], file[17]]) as usize;
    let size = if raw == 1 { 65536 } else { raw };
    (size, file.len() / size)
}

fn count(hay: &[u8], needle: &[u8]) -> usize {
    hay.windows(needle.len()).filter(|w| *w == needle).count()
}

/// Issue 25 §5, §7: one damaged page used to keep the server from starting
/// ("unavailable, retry later"). Now the server starts, names the damage, the game
/// stored in that page answers `500 corrupt` with the reason, and the other games
/// are read and played.
#[test]
fn a_corrupt_page_in_one_game_leaves_the_server_up_and_the_other_games_playable() {
    let data = temp_dir("corrupt");
    let mut s = Server::start(&data, None, &["--rate-limit", "0"]);
    let new_game = |s: &Server| {
        s.create(&json!({"ruleset": "launch-fighters", "scenario": "standard", "seed": 5}))
    };
    // Game A fills pages of the actions table; game B comes after it.
    let (a, a_tokens) = new_game(&s);
    let mut played = 0;
    while played < 300 {
        let (_, spect) = s.get(&format!("/api/games/{a}"), None);
        if spect["status"]["terminal"] == true {
            break;
        }
        let (token, action) = next_move(&s, &a, &a_tokens);
        s.act(&a, &token, &action);
        played += 1;
    }
    assert!(played > 50, "game A played {played} actions");
    let (b, b_tokens) = new_game(&s);
    let (token, action) = next_move(&s, &b, &b_tokens);
    s.act(&b, &token, &action);
    s.kill9();
    // Everything into the database file, then damage a page holding only A's actions.
    let url = db_url(&data);
    block_on(async {
        let mut c = SqliteConnection::connect(&url).await.unwrap();
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&mut c)
            .await
            .unwrap();
        c.close().await.unwrap();
    });
    let path = data.join("orrery.db");
    let mut file = std::fs::read(&path).unwrap();
    let (size, n) = pages(&file);
    let victim = (1..n.saturating_sub(1))
        .find(|&p| {
            let page = &file[p * size..(p + 1) * size];
            // 0x0D: a leaf page of a table (rows, not an index).
            page[0] == 0x0D
                && count(page, a.as_bytes()) >= 3
                && count(page, b.as_bytes()) == 0
                && count(page, b"launch-fighters") == 0
        })
        .expect("a table page holding only game A's actions");
    file[victim * size] = 0x00;
    std::fs::write(&path, &file).unwrap();

    let s = s.restart();
    let (c, v) = s.get(&format!("/api/games/{a}"), None);
    assert_eq!((c, code(&v)), (500, "corrupt"), "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("malformed"),
        "the reason is said: {v}"
    );
    // The other game is read and played.
    let (c, v) = s.get(&format!("/api/games/{b}"), None);
    assert_eq!(c, 200, "{v}");
    let (token, action) = next_move(&s, &b, &b_tokens);
    assert_eq!(s.act(&b, &token, &action)["ok"], true);
    let (c, v) = s.post("/api/games", None, &json!({"ruleset": "stratoyager"}));
    assert_eq!(c, 201, "new games are made: {v}");
}

/// Issue 25 §7: a file that is no database used to fail after a 10 s pool time-out;
/// the server stops at once and names the file as corrupt.
#[test]
fn a_garbage_database_file_is_named_at_start_up() {
    let data = temp_dir("garbage");
    let junk: Vec<u8> = (0..64 * 1024u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    std::fs::write(data.join("orrery.db"), junk).unwrap();
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(&data)
        .env_remove("ORRERY_DATABASE_URL")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let took = started.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("corrupt or not an SQLite database") && err.contains("orrery.db"),
        "{err}"
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
}
