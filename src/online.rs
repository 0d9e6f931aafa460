//! `orrery online URL`: play on an `orrery serve` from the terminal (issue 42,
//! "Terminal and API"). Everything goes through the server's public HTTP API, as a
//! bot's would (docs/server.md): log in to an account (or play a seat by its
//! token), list your games and the open challenges, post, accept and withdraw
//! challenges with a force from the roster, set up a game against the AI, and play:
//! the board as the server draws it for your seat (`?text=1`), your legal actions in
//! the ruleset's words (`?describe=1`), the events you may see, the other players'
//! chat; draw offers, takebacks and resigning. The server keeps every secret; this
//! client only shows what it is told.

use anyhow::{anyhow, bail, Context, Result};
use serde_json::{json, Value};
use std::io::{BufRead, IsTerminal, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// `orrery online`'s arguments.
#[derive(clap::Args, Debug)]
pub struct OnlineArgs {
    /// The server's address, e.g. `http://localhost:8080` or `https://games.example`.
    pub url: String,
    /// Log in to this account. The password comes from `ORRERY_PASSWORD`, else it is
    /// asked without echo (read from the first line of input when that is no
    /// terminal). Without a name you are a guest: games you set up here, and seats
    /// given with `--token`.
    #[arg(long)]
    pub name: Option<String>,
    /// Open this game at once (then the prompt, once you leave it).
    #[arg(long, value_name = "ID")]
    pub game: Option<String>,
    /// A seat's token (from a link, `#/join/ID/TOKEN`) for `--game`: play that seat
    /// as a guest.
    #[arg(long, requires = "game")]
    pub token: Option<String>,
}

const HELP: &str = "\
Commands:
  games                          your games (logged in): ● where it is your turn
  challenges                     the open challenges with a points limit
  roster CHALLENGE               the units a challenge's forces are built from
  accept CHALLENGE UNITS         accept with a force: unit names, comma-separated,
                                 `3 x Wasp` for three (the last force starts the game)
  challenge RULESET POINTS UNITS post a challenge with your force (logged in)
  withdraw CHALLENGE             withdraw your open challenge
  new RULESET [SCENARIO] [vs LEVEL]
                                 a game against the AI (easy, normal, hard; normal
                                 if none) and play it
  play GAME                      play (or watch) a game
  help                           this list
  quit                           leave
In a game: a number chooses that action; any other text lists the actions that
contain it; `list` all of them; `board`; `say TEXT`; `draw` (offer, or accept an
offer), `draw decline`; `undo` (between accounts it asks the other player);
`takeback accept`/`decline`; `resign`; `leave` (back to the prompt).";

/// The lines typed, read on their own thread so a game can be polled while it waits
/// for the other side, and a line typed meanwhile is still taken.
struct Input {
    lines: Receiver<String>,
    ended: bool,
}

impl Input {
    fn start() -> Input {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Input {
            lines: rx,
            ended: false,
        }
    }

    /// The next line, trimmed (`None` at the end of input).
    fn line(&mut self, prompt: &str) -> Option<String> {
        self.raw_line(prompt).map(|l| l.trim().to_string())
    }

    /// The next line as typed (a password keeps its spaces).
    fn raw_line(&mut self, prompt: &str) -> Option<String> {
        print!("{prompt}");
        let _ = std::io::stdout().flush();
        match self.lines.recv() {
            Ok(l) => Some(l.trim_end_matches(['\r', '\n']).to_string()),
            Err(_) => {
                self.ended = true;
                println!();
                None
            }
        }
    }

    /// A line typed within `wait`, if any.
    fn line_within(&mut self, wait: Duration) -> Option<String> {
        if self.ended {
            std::thread::sleep(wait);
            return None;
        }
        match self.lines.recv_timeout(wait) {
            Ok(l) => Some(l.trim().to_string()),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                self.ended = true;
                None
            }
        }
    }
}

/// The server, as this client calls it: one session cookie (logged in) and the
/// seat tokens of guest games.
struct Server {
    base: String,
    agent: ureq::Agent,
    cookie: Option<String>,
    tokens: std::collections::HashMap<String, String>,
}

/// An answer the server refused, with its code (docs/server.md, Errors).
#[derive(Debug)]
struct Refused {
    code: String,
    message: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}

impl std::error::Error for Refused {}

impl Server {
    fn new(url: &str) -> Result<Server> {
        let base = url.trim_end_matches('/').to_string();
        if !(base.starts_with("http://") || base.starts_with("https://")) {
            bail!("`{url}`: the server's address starts with http:// or https://");
        }
        Ok(Server {
            base,
            agent: ureq::AgentBuilder::new()
                .timeout(Duration::from_secs(60))
                .build(),
            cookie: None,
            tokens: Default::default(),
        })
    }

    /// One call: the answer's JSON when it is `ok`, else the server's reason.
    fn call(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        game: Option<&str>,
    ) -> Result<Value> {
        let mut r = self.agent.request(method, &format!("{}{path}", self.base));
        if let Some(c) = &self.cookie {
            r = r.set("Cookie", &format!("orrery_session={c}"));
        }
        if let Some(t) = game.and_then(|g| self.tokens.get(g)) {
            r = r.set("Authorization", &format!("Bearer {t}"));
        }
        let answer = match body {
            Some(b) => r.send_json(b.clone()),
            None => r.call(),
        };
        let res = match answer {
            Ok(res) => res,
            Err(ureq::Error::Status(_, res)) => res,
            Err(e) => return Err(anyhow!("{}: {e}", self.base)),
        };
        // Only the session's cookie counts (a balancer may set its own beside it); an
        // empty one is the server ending the session.
        for set in res.all("set-cookie") {
            if let Some(value) = set
                .split(';')
                .next()
                .and_then(|p| p.trim().strip_prefix("orrery_session="))
            {
                self.cookie = (!value.is_empty()).then(|| value.to_string());
            }
        }
        let status = res.status();
        let v: Value = res.into_json().with_context(|| {
            format!("{method} {path}: the server answered {status} without JSON")
        })?;
        if v["ok"] == json!(true) {
            return Ok(v);
        }
        Err(Refused {
            code: printable(v["error"]["code"].as_str().unwrap_or("error")),
            message: printable(v["error"]["message"].as_str().unwrap_or("refused")),
        }
        .into())
    }

    fn get(&mut self, path: &str) -> Result<Value> {
        self.call("GET", path, None, None)
    }

    fn post(&mut self, path: &str, body: Value) -> Result<Value> {
        self.call("POST", path, Some(&body), None)
    }
}

/// The password for `name`: `ORRERY_PASSWORD`, else asked without echo on a
/// terminal (before `Input` starts reading it), else the first line of input.
fn password(name: &str) -> Result<Option<String>> {
    if let Ok(p) = std::env::var("ORRERY_PASSWORD") {
        return Ok(Some(p));
    }
    if std::io::stdin().is_terminal() {
        return rpassword::prompt_password(format!("Password for {name}: "))
            .map(Some)
            .context("reading the password");
    }
    Ok(None)
}

/// Unit names as typed: comma-separated, `3 x Wasp` (or `3× Wasp`) for three.
fn units(text: &str) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let counted = part
            .split_once(" x ")
            .or_else(|| part.split_once('×'))
            .and_then(|(n, name)| Some((n.trim().parse::<usize>().ok()?, name.trim())));
        match counted {
            Some((n, name)) if n > 0 && n <= 200 && !name.is_empty() => {
                out.extend(std::iter::repeat_n(name.to_string(), n))
            }
            Some(_) => bail!("`{part}`: a count is 1 to 200, then the unit's name"),
            None => out.push(part.to_string()),
        }
    }
    if out.is_empty() {
        bail!("name at least one unit (comma-separated; `3 x Wasp` for three)");
    }
    Ok(out)
}

pub fn run(a: &OnlineArgs) -> Result<()> {
    let mut server = Server::new(&a.url)?;
    // Asked at the terminal before the input thread reads it (it would take the line).
    let asked = a.name.as_deref().map(password).transpose()?.flatten();
    let mut input = Input::start();
    match &a.name {
        Some(name) => {
            let pw = match asked {
                Some(p) => p,
                None => input.raw_line("").ok_or_else(|| {
                    anyhow!("no password: set ORRERY_PASSWORD or give it as the first line")
                })?,
            };
            let me = server
                .post("/api/session", json!({"name": name, "password": pw}))
                .with_context(|| format!("logging in to {}", server.base))?;
            println!(
                "Logged in to {} as {}.",
                server.base,
                me["name"].as_str().unwrap_or(name)
            );
        }
        None => {
            server
                .get("/api/session")
                .with_context(|| format!("reaching {}", server.base))?;
            println!(
                "Connected to {} as a guest (`--name` to log in).",
                server.base
            );
        }
    }
    if let Some(game) = &a.game {
        if let Some(t) = &a.token {
            server.tokens.insert(game.clone(), t.clone());
        }
        play(&mut server, &mut input, game)?;
    } else if a.name.is_some() {
        games(&mut server)?;
    }
    println!("Type `help` for the commands.");
    while let Some(line) = input.line("orrery> ") {
        if let Err(e) = command(&mut server, &mut input, &line) {
            if e.is::<Quit>() {
                break;
            }
            println!("{e:#}");
        }
    }
    Ok(())
}

/// `quit` at the prompt.
#[derive(Debug)]
struct Quit;

impl std::fmt::Display for Quit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("quit")
    }
}

impl std::error::Error for Quit {}

fn command(server: &mut Server, input: &mut Input, line: &str) -> Result<()> {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    match word {
        "" => Ok(()),
        "help" | "?" => {
            println!("{HELP}");
            Ok(())
        }
        "quit" | "exit" | "q" => Err(Quit.into()),
        "games" => games(server),
        "challenges" => challenges(server),
        "roster" => {
            let c = server.get(&format!("/api/challenges/{}", id_of(rest)?))?;
            for u in c["challenge"]["roster"].as_array().into_iter().flatten() {
                println!("  {}  {} pts", txt(&u["name"]), number(&u["points"]));
            }
            Ok(())
        }
        "accept" => {
            let (id, list) = rest.split_once(' ').unwrap_or((rest, ""));
            let r = server.post(
                &format!("/api/challenges/{}/accept", id_of(id)?),
                json!({ "force": units(list)? }),
            )?;
            match r["game"].as_str() {
                Some(g) => {
                    println!("The game begins: {g}.");
                    play(server, input, id_of(g)?)
                }
                None => {
                    println!(
                        "Your force is in (seat {}); the challenge waits for {} more.",
                        r["seat"], r["waiting"]
                    );
                    Ok(())
                }
            }
        }
        "challenge" => {
            let mut parts = rest.splitn(3, ' ');
            let (Some(ruleset), Some(points), Some(list)) =
                (parts.next(), parts.next(), parts.next())
            else {
                bail!(
                    "challenge RULESET POINTS UNITS (e.g. challenge launch-fighters 200 2 x Wasp)"
                );
            };
            let points: f64 = points
                .parse()
                .map_err(|_| anyhow!("`{points}`: the points are a number"))?;
            let r = server.post(
                "/api/challenges",
                json!({"ruleset": ruleset, "points": points, "force": units(list)?}),
            )?;
            println!(
                "Challenge {} posted: it waits in the lobby (`withdraw {}` to take it back).",
                txt(&r["challenge"]["id"]),
                txt(&r["challenge"]["id"])
            );
            Ok(())
        }
        "withdraw" => {
            server.call(
                "DELETE",
                &format!("/api/challenges/{}", id_of(rest)?),
                None,
                None,
            )?;
            println!("Withdrawn.");
            Ok(())
        }
        "new" => new_game(server, input, rest),
        "play" | "open" | "watch" => play(server, input, id_of(rest)?),
        other => bail!("`{other}`: not a command (type `help`)"),
    }
}

/// A game's or challenge's id as typed (16 hex digits).
fn id_of(text: &str) -> Result<&str> {
    let id = text.trim();
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        bail!("give the id (e.g. `play 0123456789abcdef`)");
    }
    Ok(id)
}

fn games(server: &mut Server) -> Result<()> {
    let me = match server.get("/api/account") {
        Ok(me) => me,
        Err(e)
            if e.downcast_ref::<Refused>()
                .is_some_and(|r| r.code == "not_logged_in") =>
        {
            println!("A guest has no list of games here: `play GAME` opens one by its id.");
            return Ok(());
        }
        Err(e) => return Err(e),
    };
    let list = me["games"].as_array().cloned().unwrap_or_default();
    let playing: Vec<&Value> = list.iter().filter(|g| g["status"] == "playing").collect();
    if playing.is_empty() {
        println!(
            "No games in play. `challenges` lists open challenges; `new RULESET` plays the AI."
        );
        return Ok(());
    }
    println!("Your games in play:");
    for g in playing {
        println!(
            "  {} {}  {} · {}, seat {}{}",
            if g["your_turn"] == json!(true) {
                "●"
            } else {
                " "
            },
            txt(&g["id"]),
            txt(&g["ruleset"]),
            txt(&g["scenario"]),
            g["seat"].as_u64().map_or(0, |s| s + 1),
            if g["rated"] == json!(true) {
                ", rated"
            } else {
                ""
            },
        );
    }
    Ok(())
}

fn challenges(server: &mut Server) -> Result<()> {
    let list = server.get("/api/challenges")?;
    let all = list["challenges"].as_array().cloned().unwrap_or_default();
    if all.is_empty() {
        println!("No open challenges. `challenge RULESET POINTS UNITS` posts one.");
        return Ok(());
    }
    for c in all {
        let mut terms = vec![
            txt(&c["scenario"]),
            format!("{} points", number(&c["points"])),
            format!("{} of {} seats", c["taken"], c["seats"]),
        ];
        if c["rated"] == json!(true) {
            terms.push("rated".into());
        }
        if let Some(r) = c["rating_range"].as_array() {
            terms.push(format!("ratings {}–{}", r[0], r[1]));
        }
        if let Some(ms) = c["clock_ms"].as_u64() {
            terms.push(clock_words(ms));
        }
        println!(
            "  {}  {} by {}: {}",
            txt(&c["id"]),
            txt(&c["ruleset"]),
            txt(&c["by"]),
            terms.join(", ")
        );
    }
    println!("`roster ID` lists a challenge's units; `accept ID UNITS` takes it.");
    Ok(())
}

/// Points as a person writes them: `100`, not `100.0`.
fn number(v: &Value) -> String {
    match v.as_f64() {
        Some(x) if x.fract() == 0.0 && x.abs() < 1e15 => format!("{}", x as i64),
        Some(x) => format!("{x}"),
        None => v.to_string(),
    }
}

fn clock_words(ms: u64) -> String {
    match ms {
        ms if ms >= 86_400_000 => format!("{} day(s) a move", ms / 86_400_000),
        ms if ms >= 60_000 => format!("{} min a move", ms / 60_000),
        ms => format!("{} s a move", ms / 1000),
    }
}

/// `new RULESET [SCENARIO] [vs LEVEL]`: you (seat 1) against the AI.
fn new_game(server: &mut Server, input: &mut Input, rest: &str) -> Result<()> {
    let (what, level) = match rest.rsplit_once(" vs ") {
        Some((w, l)) => (w.trim(), l.trim()),
        None => (rest, "normal"),
    };
    let (ruleset, scenario) = what.split_once(' ').unwrap_or((what, ""));
    if ruleset.is_empty() {
        bail!("new RULESET [SCENARIO] [vs LEVEL] (`orrery rulesets` lists them)");
    }
    let logged_in = server.cookie.is_some();
    let me = if logged_in {
        json!({"type": "human", "mine": true})
    } else {
        json!({"type": "human"})
    };
    let mut body = json!({"ruleset": ruleset});
    if !scenario.trim().is_empty() {
        body["scenario"] = json!(scenario.trim());
    }
    // The seat count is the scenario's: the AI takes every seat but the first.
    let seats = server.get("/api/rulesets")?["rulesets"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|r| r["id"] == ruleset)
        .and_then(|r| {
            let all = r["scenarios"].as_array()?;
            let s = match scenario.trim() {
                "" => all.first(),
                name => all.iter().find(|s| s["name"] == name),
            }?;
            s["seats"].as_u64()
        })
        .unwrap_or(2);
    let mut list = vec![me];
    list.extend((1..seats).map(|_| json!({"type": "agent", "agent": level})));
    body["seats"] = json!(list);
    let r = server.post("/api/games", body)?;
    let id = id_of(r["id"].as_str().unwrap_or_default())?.to_string();
    if let Some(t) = r["seats"][0]["token"].as_str() {
        server.tokens.insert(id.clone(), t.to_string());
    }
    println!("Game {id} set up: you are seat 1.");
    play(server, input, &id)
}

/// Play (or watch) game `id` until it ends or you `leave`.
fn play(server: &mut Server, input: &mut Input, id: &str) -> Result<()> {
    let mut since = 0u64;
    let mut talk_seen = 0i64;
    let mut shown: Option<(Value, Value)> = None;
    let mut waiting_said = false;
    // The choices last listed, unless an action was sent since: a re-read that finds
    // the same question (another seat's secret order came in) asks it again quietly.
    let mut listed: Option<Vec<Value>> = None;
    loop {
        let st = server.call(
            "GET",
            &format!("/api/games/{id}?since={since}&describe=1&text=1"),
            None,
            Some(id),
        )?;
        since = st["next"].as_u64().unwrap_or(since);
        for e in st["events"].as_array().into_iter().flatten() {
            if let Some(t) = e["text"].as_str().filter(|t| !t.is_empty()) {
                println!("  · {}", printable(t));
            }
        }
        let seat = st["seat"].as_u64();
        if seat.is_some() {
            talk_seen = show_talk(server, id, talk_seen, seat, &st["players"]).0;
        }
        if st["status"]["terminal"] == json!(true) {
            println!(
                "{}",
                printable(st["text"].as_str().unwrap_or("").trim_end())
            );
            if let Some(end) = st["ending"].as_object() {
                println!(
                    "{}",
                    printable(end["headline"].as_str().unwrap_or("The game is over."))
                );
                for s in end["sides"].as_array().into_iter().flatten() {
                    println!(
                        "  {}: {} ({})",
                        txt(&s["name"]),
                        txt(&s["result"]),
                        s["score"]
                            .as_str()
                            .map(printable)
                            .unwrap_or_else(|| s["score"].to_string())
                    );
                }
            } else {
                println!("The game is over.");
            }
            return Ok(());
        }
        let Some(seat) = seat else {
            println!(
                "{}",
                printable(st["text"].as_str().unwrap_or("").trim_end())
            );
            println!(
                "You hold no seat of this game (watching). `play` it again to look once more."
            );
            return Ok(());
        };
        let (legal, texts) = choices(&st);
        if legal.is_empty() {
            listed = None;
            if !waiting_said {
                println!(
                    "Waiting for {}… (type `say TEXT`, `board`, or `leave`)",
                    movers(&st)
                );
                waiting_said = true;
            }
            // Polled lightly (no board, no actions, only the events since) until
            // something happens; then read in full.
            let status = st["status"].clone();
            loop {
                if let Some(line) = input.line_within(Duration::from_millis(1500)) {
                    match in_game(server, id, &line, &st) {
                        Step::Leave => return Ok(()),
                        Step::Acted => break,
                        Step::Again => {}
                    }
                } else if input.ended {
                    println!("(end of input: the game goes on without this terminal)");
                    return Ok(());
                }
                talk_seen = show_talk(server, id, talk_seen, Some(seat), &st["players"]).0;
                let now = light(server, id, since)?;
                if now["status"] != status
                    || now["events"].as_array().is_some_and(|e| !e.is_empty())
                {
                    break;
                }
            }
            continue;
        }
        waiting_said = false;
        let here = (st["status"]["turn"].clone(), st["status"]["phase"].clone());
        if shown.as_ref() != Some(&here) {
            println!();
            println!(
                "{}",
                printable(st["text"].as_str().unwrap_or("").trim_end())
            );
            shown = Some(here);
        }
        if listed.as_ref() != Some(&legal) {
            println!();
            println!("● Your turn (seat {}): choose an action.", seat + 1);
            list_actions(&texts, None);
            listed = Some(legal.clone());
        }
        let prompt = format!("{id}> ");
        prompt_now(&prompt);
        // While you think, the other players' words still arrive, and a change made
        // elsewhere (a resignation, a clock, your move from another device) is seen.
        let status = st["status"].clone();
        loop {
            let Some(line) = input.line_within(Duration::from_millis(1500)) else {
                if input.ended {
                    println!();
                    return Ok(());
                }
                let (seen, said) = show_talk(server, id, talk_seen, Some(seat), &st["players"]);
                talk_seen = seen;
                let now = light(server, id, since)?;
                if now["status"] != status {
                    break;
                }
                if said {
                    prompt_now(&prompt);
                }
                continue;
            };
            match in_game(server, id, &line, &st) {
                Step::Leave => return Ok(()),
                Step::Acted => {
                    listed = None;
                    break;
                }
                Step::Again => prompt_now(&prompt),
            }
        }
    }
}

/// The game's status and the events after `since`, without the board or the actions.
fn light(server: &mut Server, id: &str, since: u64) -> Result<Value> {
    server.call(
        "GET",
        &format!("/api/games/{id}?since={since}&legal=none"),
        None,
        Some(id),
    )
}

fn prompt_now(prompt: &str) {
    print!("{prompt}");
    let _ = std::io::stdout().flush();
}

enum Step {
    /// Read the game again (an action was sent, or something changed).
    Acted,
    /// Ask again.
    Again,
    Leave,
}

/// Who the game waits for, by name.
fn movers(st: &Value) -> String {
    let names: Vec<String> = st["status"]["to_move"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_u64)
        .map(|s| {
            let p = st["players"]
                .as_array()
                .and_then(|p| p.iter().find(|p| p["seat"] == s));
            match p.map(|p| (p["name"].as_str(), p["agent"].as_str())) {
                Some((Some(name), _)) => printable(name),
                Some((None, Some(agent))) => format!("the AI ({agent})"),
                _ => format!("seat {}", s + 1),
            }
        })
        .collect();
    if names.is_empty() {
        "the other players".into()
    } else {
        names.join(", ")
    }
}

/// The actions (numbered from 1), those whose words contain `filter` if given; a
/// list longer than a screen is only counted.
fn list_actions(texts: &[String], filter: Option<&str>) -> usize {
    let needle = filter.map(str::to_lowercase);
    let chosen: Vec<(usize, &String)> = texts
        .iter()
        .enumerate()
        .filter(|(_, t)| needle.as_ref().is_none_or(|n| t.to_lowercase().contains(n)))
        .collect();
    if filter.is_none() && chosen.len() > 40 {
        println!(
            "  {} choices, more than fit a screen: type `list` for all, or text to list those that contain it.",
            chosen.len()
        );
        return chosen.len();
    }
    for (i, t) in &chosen {
        println!("  {:>3}. {}", i + 1, printable(t));
    }
    chosen.len()
}

/// One line typed in a game. A refusal (not your turn, no offer to answer, a typo)
/// is said and the game goes on; only leaving ends it.
fn in_game(server: &mut Server, id: &str, line: &str, st: &Value) -> Step {
    said_in_game(server, id, line, st).unwrap_or_else(|e| {
        println!("{e:#}");
        Step::Again
    })
}

/// `POST /api/games/{id}/{route}` as this game's seat.
fn game_post(server: &mut Server, id: &str, route: &str, body: Value) -> Result<Value> {
    server.call(
        "POST",
        &format!("/api/games/{id}/{route}"),
        Some(&body),
        Some(id),
    )
}

/// The seat's legal actions in the game's answer `st`, and their words.
fn choices(st: &Value) -> (Vec<Value>, Vec<String>) {
    let legal = st["legal"].as_array().cloned().unwrap_or_default();
    let texts = st["legal_text"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| t.as_str().unwrap_or("").to_string())
        .collect();
    (legal, texts)
}

fn said_in_game(server: &mut Server, id: &str, line: &str, st: &Value) -> Result<Step> {
    let (legal, texts) = choices(st);
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    match word {
        "" => Ok(Step::Again),
        "help" | "?" => {
            println!("{HELP}");
            Ok(Step::Again)
        }
        "leave" | "quit" | "q" => Ok(Step::Leave),
        "board" | "map" => {
            println!(
                "{}",
                printable(st["text"].as_str().unwrap_or("").trim_end())
            );
            Ok(Step::Again)
        }
        "list" | "ls" => {
            list_actions(&texts, Some(""));
            Ok(Step::Again)
        }
        "say" => {
            game_post(server, id, "talk", json!({ "text": rest }))?;
            Ok(Step::Again)
        }
        "draw" | "takeback" => {
            let say = match (word, rest.trim()) {
                ("draw", "" | "offer" | "accept") => {
                    // An offer standing from another seat is accepted; else one is made.
                    let t = server.call("GET", &format!("/api/games/{id}/talk"), None, Some(id))?;
                    let others = t["draw"]
                        .as_array()
                        .is_some_and(|d| d.iter().any(|s| *s != st["seat"]));
                    if others {
                        "accept"
                    } else {
                        "offer"
                    }
                }
                ("draw", "decline") => "decline",
                ("takeback", "accept" | "decline") => rest.trim(),
                ("takeback", _) => "ask",
                _ => bail!("`{line}`: draw [decline], takeback accept|decline"),
            };
            game_post(server, id, word, json!({ "say": say }))?;
            println!("({word}: {say})");
            Ok(Step::Acted)
        }
        "undo" => match game_post(server, id, "undo", json!({})) {
            Ok(_) => {
                println!("Taken back.");
                Ok(Step::Acted)
            }
            // Between accounts an undo is asked of the other player.
            Err(e)
                if e.downcast_ref::<Refused>()
                    .is_some_and(|r| r.code == "ask_takeback") =>
            {
                game_post(server, id, "takeback", json!({"say": "ask"}))?;
                println!("Asked the other player to let you take it back.");
                Ok(Step::Acted)
            }
            Err(e) => Err(e),
        },
        "resign" => {
            game_post(server, id, "resign", json!({}))?;
            Ok(Step::Acted)
        }
        _ => {
            if let Ok(n) = line.parse::<usize>() {
                if (1..=legal.len()).contains(&n) {
                    game_post(server, id, "actions", json!({ "action": legal[n - 1] }))?;
                    return Ok(Step::Acted);
                }
            }
            if legal.is_empty() {
                println!("Not your turn: `say TEXT`, `board`, `leave` (or `help`).");
            } else if list_actions(&texts, Some(line)) == 0 {
                println!(
                    "No action {line}: choose a number from 1 to {} (or type `help`).",
                    legal.len()
                );
            }
            Ok(Step::Again)
        }
    }
}

/// Print the other players' chat lines and talk after line `after`: the last line
/// number, and whether anything was printed.
fn show_talk(
    server: &mut Server,
    id: &str,
    after: i64,
    seat: Option<u64>,
    players: &Value,
) -> (i64, bool) {
    let Ok(t) = server.call(
        "GET",
        &format!("/api/games/{id}/talk?since={after}"),
        None,
        Some(id),
    ) else {
        return (after, false);
    };
    let mut last = after;
    let mut said = false;
    for l in t["lines"].as_array().into_iter().flatten() {
        last = last.max(l["n"].as_i64().unwrap_or(last));
        if l["seat"].as_u64() == seat {
            continue;
        }
        if !said {
            println!();
            said = true;
        }
        let who = players
            .as_array()
            .and_then(|p| p.iter().find(|p| p["seat"] == l["seat"]))
            .and_then(|p| p["name"].as_str())
            .map(printable)
            .unwrap_or_else(|| format!("seat {}", l["seat"].as_u64().unwrap_or(0) + 1));
        match l["kind"].as_str() {
            Some("chat") => println!(
                "  {who} says: {}",
                printable(l["text"].as_str().unwrap_or(""))
            ),
            Some("draw_offer") => {
                println!("  {who} offers a draw (`draw` accepts, `draw decline`).")
            }
            Some("draw_decline") => println!("  {who} declined the draw."),
            Some("draw_accept") => println!("  {who} accepts the draw."),
            Some("takeback_ask") => {
                println!("  {who} asks to take their last move back (`takeback accept`/`decline`).")
            }
            Some("takeback_accept") => println!("  {who} lets the move be taken back."),
            Some("takeback_decline") => println!("  {who} declined the takeback."),
            Some(kind) => println!("  {who}: {}", printable(&kind.replace('_', " "))),
            None => {}
        }
    }
    (last, said)
}

/// Text from the server as the terminal shows it: control characters but the line
/// break (escape sequences that would move the cursor, recolour or retitle the
/// screen, from a name in a hand-written scenario, say) as visible `\u{..}` escapes.
/// Every text the server sends is printed through it.
fn txt(v: &Value) -> String {
    printable(v.as_str().unwrap_or("?"))
}

fn printable(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            if c != '\n' && (c.is_control() || orrery_server::hides_or_reorders(c)) {
                c.escape_unicode().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_are_comma_separated_with_counts() {
        assert_eq!(
            units("2 x Wasp, Otox Gol 79b, 1000 spendys").unwrap(),
            ["Wasp", "Wasp", "Otox Gol 79b", "1000 spendys"]
        );
        assert_eq!(units("3× Kestrel").unwrap(), ["Kestrel"; 3]);
        assert!(units(" , ").is_err());
        assert!(units("0 x Wasp").is_err());
    }

    #[test]
    fn server_text_cannot_drive_the_terminal() {
        assert_eq!(printable("hi\u{1b}[2J"), "hi\\u{1b}[2J");
        // A board keeps its lines; a bell or a carriage return is shown, not obeyed.
        assert_eq!(printable("a\nb\u{7}\r"), "a\nb\\u{7}\\u{d}");
        // A right-to-left override would turn the text after it around.
        assert_eq!(printable("Ada\u{202e}"), "Ada\\u{202e}");
    }
}
