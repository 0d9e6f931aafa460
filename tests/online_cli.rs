//! Issue 42, "Terminal and API": `orrery online` plays on a real `orrery serve` from
//! the terminal, through the public HTTP API only. Two accounts at two terminals: one
//! posts a challenge with a points limit, the other lists it and accepts it with a
//! force; both play moves in the server's words, chat arrives inert (an escape
//! sequence shown, never obeyed), and a resignation ends the game for both. A guest
//! plays the AI; a wrong password and a bad address are refused in words.

mod server_support;

use server_support::{orrery_exe, temp_dir, Server};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// `orrery online` at a terminal: what it printed so far, and its input.
struct Terminal {
    child: Child,
    stdin: Option<ChildStdin>,
    out: Arc<Mutex<String>>,
    /// How much of `out` the test has read past.
    seen: usize,
}

impl Terminal {
    fn start(s: &Server, args: &[&str], password: Option<&str>) -> Terminal {
        let mut cmd = Command::new(orrery_exe());
        cmd.arg("online").arg(&s.base).args(args);
        match password {
            Some(p) => cmd.env("ORRERY_PASSWORD", p),
            None => cmd.env_remove("ORRERY_PASSWORD"),
        };
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("orrery online starts");
        let out = Arc::new(Mutex::new(String::new()));
        for pipe in [
            Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
            Box::new(child.stderr.take().unwrap()),
        ] {
            let out = out.clone();
            std::thread::spawn(move || {
                let mut r = BufReader::new(pipe);
                // Prompts end without a newline: read what comes, byte runs at a time.
                loop {
                    let buf = match r.fill_buf() {
                        Ok([]) | Err(_) => break,
                        Ok(b) => b.to_vec(),
                    };
                    r.consume(buf.len());
                    out.lock().unwrap().push_str(&String::from_utf8_lossy(&buf));
                }
            });
        }
        Terminal {
            stdin: child.stdin.take(),
            child,
            out,
            seen: 0,
        }
    }

    fn type_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Wait until the output past what was read holds `what`; the output up to and
    /// including it (and mark it read).
    fn wait_for(&mut self, what: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            {
                let out = self.out.lock().unwrap();
                if let Some(i) = out[self.seen..].find(what) {
                    let upto = self.seen + i + what.len();
                    let text = out[self.seen..upto].to_string();
                    self.seen = upto;
                    return text;
                }
            }
            assert!(
                Instant::now() < deadline,
                "no `{what}` in:\n{}",
                self.out.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether `what` has appeared past what was read (without waiting).
    fn shows(&self, what: &str) -> bool {
        self.out.lock().unwrap()[self.seen..].contains(what)
    }

    fn all(&self) -> String {
        self.out.lock().unwrap().clone()
    }

    /// End the input and wait for the process; its exit status.
    fn finish(mut self) -> (std::process::ExitStatus, String) {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                std::thread::sleep(Duration::from_millis(50));
                return (status, self.all());
            }
            assert!(Instant::now() < deadline, "did not exit:\n{}", self.all());
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn sign_up(s: &Server, name: &str) {
    let r = ureq::post(&format!("{}/api/accounts", s.base))
        .send_json(serde_json::json!({"name": name, "password": "a long password"}))
        .expect("signed up");
    assert_eq!(r.status(), 201);
}

/// The text between `start` and the next newline, after the last `start` in `text`.
fn after<'a>(text: &'a str, start: &str) -> &'a str {
    let i = text
        .rfind(start)
        .unwrap_or_else(|| panic!("no `{start}` in {text}"))
        + start.len();
    text[i..].split(['\n', '.', ' ']).next().unwrap()
}

#[test]
fn two_players_at_terminals_take_a_challenge_play_talk_and_resign() {
    let s = Server::start(&temp_dir("online-cli"), None, &["--rate-limit", "0"]);
    sign_up(&s, "Ada");
    sign_up(&s, "Bob");
    let mut ada = Terminal::start(&s, &["--name", "Ada"], Some("a long password"));
    ada.wait_for("Logged in to");
    ada.wait_for("orrery> ");
    ada.type_line("challenge launch-fighters 100 2 x Wasp");
    let posted = ada.wait_for("posted");
    let challenge = after(&posted, "Challenge ").to_string();
    ada.wait_for("orrery> ");

    // Bob's password on the first line of input (no terminal to ask on).
    let mut bob = Terminal::start(&s, &["--name", "Bob"], None);
    bob.type_line("a long password");
    bob.wait_for("orrery> ");
    bob.type_line("challenges");
    let listed = bob.wait_for("orrery> ");
    assert!(listed.contains(&challenge), "{listed}");
    assert!(
        listed.contains("by Ada") && listed.contains("100 points"),
        "{listed}"
    );
    assert!(
        !listed.contains("Wasp"),
        "a challenge's force is Ada's secret: {listed}"
    );
    bob.type_line(&format!("roster {challenge}"));
    let roster = bob.wait_for("orrery> ");
    assert!(roster.contains("Wasp  19 pts"), "{roster}");
    bob.type_line(&format!("accept {challenge} 6 x Wasp"));
    let refused = bob.wait_for("orrery> ");
    assert!(refused.contains("over the challenge's 100"), "{refused}");
    bob.type_line(&format!("accept {challenge} 3 x Wasp"));
    let begun = bob.wait_for("The game begins: ");
    let _ = begun;
    let game = {
        let text = bob.wait_for("\n");
        text.trim().trim_end_matches('.').to_string()
    };
    ada.type_line("games");
    let mine = ada.wait_for("orrery> ");
    assert!(mine.contains(&game), "{mine}");
    ada.type_line(&format!("play {game}"));
    let prompt = format!("{game}> ");

    // Four decisions, whoever owes them, each the first listed (typed by number).
    let mut moves = 0;
    let deadline = Instant::now() + Duration::from_secs(120);
    while moves < 4 {
        for t in [&mut ada, &mut bob] {
            if t.shows("● Your turn") {
                let turn = t.wait_for(&prompt);
                assert!(turn.contains("Your turn"), "{turn}");
                t.type_line("list");
                let listed = t.wait_for(&prompt);
                assert!(listed.contains("  1. "), "{listed}");
                t.type_line("1");
                moves += 1;
            }
        }
        assert!(
            Instant::now() < deadline,
            "{}\n----\n{}",
            ada.all(),
            bob.all()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // Chat arrives as the text typed; an escape sequence (that would clear the
    // other player's screen) is refused in words, never passed on.
    bob.type_line("say good luck \u{1b}[2J");
    bob.wait_for("may not contain U+001B");
    bob.type_line("say <b>good luck</b> & have fun");
    ada.wait_for("Bob says: <b>good luck</b> & have fun");
    assert!(!ada.all().contains('\u{1b}'), "{}", ada.all());
    ada.type_line("resign");
    for t in [&mut ada, &mut bob] {
        let end = t.wait_for("resigned");
        let _ = end;
    }
    ada.wait_for("orrery> ");
    ada.type_line("quit");
    let (status, _) = ada.finish();
    assert!(status.success());
    bob.wait_for("orrery> ");
    let (status, _) = bob.finish();
    assert!(status.success());

    // The server agrees: over, Ada resigned.
    let v: serde_json::Value = ureq::get(&format!("{}/api/games/{game}", s.base))
        .call()
        .unwrap()
        .into_json()
        .unwrap();
    assert_eq!(v["status"]["terminal"], true, "{v}");
}

#[test]
fn a_guest_plays_the_ai_and_bad_logins_and_addresses_are_said_in_words() {
    let s = Server::start(&temp_dir("online-guest"), None, &["--rate-limit", "0"]);
    let mut guest = Terminal::start(&s, &[], None);
    guest.wait_for("as a guest");
    guest.type_line("new launch-fighters vs easy");
    let set_up = guest.wait_for("set up: you are seat 1");
    let prompt = format!("{}> ", after(&set_up, "Game "));
    let board = guest.wait_for("● Your turn");
    assert!(
        board.contains("Duel") && board.contains("Legend"),
        "the board in text: {board}"
    );
    guest.wait_for(&prompt);
    guest.type_line("place Wasp");
    let filtered = guest.wait_for(&prompt);
    assert!(filtered.contains(". place Wasp"), "{filtered}");
    // A refused or mistyped line is said, and the game goes on.
    guest.type_line("draw sideways");
    let said = guest.wait_for(&prompt);
    assert!(
        said.contains("draw [decline], takeback accept|decline"),
        "{said}"
    );
    guest.type_line("draw");
    let said = guest.wait_for(&prompt);
    assert!(
        said.contains("(no_draw)") || said.contains("(no_offer)"),
        "an AI takes no draw: {said}"
    );
    guest.type_line("1");
    guest.wait_for("● Your turn");
    guest.wait_for(&prompt);
    guest.type_line("leave");
    guest.wait_for("orrery> ");
    guest.type_line("games");
    guest.wait_for("A guest has no list of games");
    guest.type_line("fly to the moon");
    guest.wait_for("not a command");
    let (status, _) = guest.finish();
    assert!(status.success());

    sign_up(&s, "Cy");
    let wrong = Terminal::start(&s, &["--name", "Cy"], Some("not the password"));
    let (status, out) = wrong.finish();
    assert!(!status.success());
    assert!(out.contains("wrong name or password (bad_login)"), "{out}");
    let out = Command::new(orrery_exe())
        .args(["online", "localhost:1"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("starts with http:// or https://"));
}
