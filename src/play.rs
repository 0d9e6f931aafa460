//! `orrery play`: interactive terminal play. Human seats choose from a numbered list of
//! legal actions; agent seats play themselves. Input is read line by line, so a piped
//! script drives it as well as a person does.

use crate::agents::AgentTable;
use crate::args::{BudgetArgs, GameArgs};
use crate::report::{print_event, score_table};
use crate::rulesets::registry;
use anyhow::{anyhow, bail, Context, Result};
use orrery_core::{counted, round_for_reading, Seat};
use orrery_protocol::tutorial::Lessons;
use orrery_protocol::DynGame;
use serde_json::Value;

const HELP: &str = "\
Commands:
  NUMBER   take the action with that number from the list (a number that is not
           in the list, such as a hex label, filters it instead)
  list     show the numbered legal actions again (a list longer than a screen,
           50 lines, is not shown unasked: the prompt says so)
  map      show the battle (map, unit cards, scores)
  undo     take back your last action (never past a die roll, a card drawn or
           turned up, or an order revealed; agents' moves and your forced single
           choices after it are taken back too)
  help     this text; `help rules` explains the screen, hits and scoring
  odds N   the exact odds of attack N of the list (chance to hit, damage)
  hint     the AI's top three choices, each with your chance to win through it
           (against the AI; between people only with --hints)
  quit     stop the game and show the scores
  ORDER    a quick order, where the game offers them, e.g. `acc 3, turn port 2,
           yaw 6` (Stratoyager: the yaw is kept as your plan and offered at the
           yaw question; press Enter there to confirm it)
  TEXT     any other text lists the actions whose description contains it
           (e.g. a hex like 1311 or a unit name); it never acts by itself
At a terminal, lines can be edited and Up/Down recall earlier ones (Ctrl-D or Ctrl-C
stops). In hot-seat play (two or more humans) the screen is cleared (a line marks the
hand-over when the output is not a terminal) and the keyboard handed over between
players; secret orders are never shown to the others.
When you have only one legal action it is taken for you and said in one line
(`--confirm-forced` asks instead).";

/// Who plays each seat: `None` = a human at this terminal; seats not given are
/// played by `ai` (an agent or a level), except seat 0 when no seat is human.
fn parse_seats(specs: &[String], seats: u8, ai: &str) -> Result<Vec<Option<String>>> {
    let ai = ai.trim().to_ascii_lowercase();
    if !orrery_agents::is_known(&ai) {
        bail!(
            "--ai `{ai}`: not a level (easy, normal, hard) nor an agent (known agents: {})",
            orrery_agents::AGENT_NAMES.join(", ")
        );
    }
    let mut who: Vec<Option<Option<String>>> = vec![None; usize::from(seats)];
    for spec in specs {
        let (seat, name) = spec
            .split_once('=')
            .ok_or_else(|| anyhow!("--seat `{spec}`: expected SEAT=WHO, e.g. 0=human"))?;
        let seat: u8 = seat
            .trim()
            .parse()
            .map_err(|_| anyhow!("--seat `{spec}`: `{seat}` is not a seat number"))?;
        if seat >= seats {
            bail!(
                "--seat `{spec}`: this game has seats 0..={}",
                seats.saturating_sub(1)
            );
        }
        let name = name.trim().to_ascii_lowercase();
        let entry = if name == "human" {
            None
        } else if orrery_agents::is_known(&name) {
            Some(name)
        } else {
            bail!(
                "--seat `{spec}`: `{name}` is neither `human`, a level (easy, normal, hard) \
                 nor an agent (known agents: {})",
                orrery_agents::AGENT_NAMES.join(", ")
            );
        };
        who[usize::from(seat)] = Some(entry);
    }
    let any_human = who.iter().any(|w| matches!(w, Some(None)));
    Ok(who
        .into_iter()
        .enumerate()
        .map(|(i, w)| match w {
            Some(w) => w,
            None if i == 0 && !any_human => None,
            None => Some(ai.clone()),
        })
        .collect())
}

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Who plays a seat: SEAT=human, SEAT=LEVEL (easy, normal, hard) or SEAT=AGENT
    /// (random, greedy, heuristic, mcts, novice, default). Repeat for each seat; seats not
    /// given are played by --ai, except seat 0, which is human when no seat is human.
    #[arg(long = "seat", value_name = "SEAT=WHO")]
    seats: Vec<String>,
    /// Strength of the computer opponents: easy, normal or hard (or any agent name).
    /// Their measured win rates are in docs/agents.md.
    #[arg(long, value_name = "LEVEL", default_value = orrery_agents::DEFAULT_LEVEL)]
    ai: String,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Save the game to FILE after every action (its record: ruleset, scenario, seed
    /// and actions, never an order still secret from a seat); resume it with
    /// --resume FILE, narrate it with `orrery replay FILE`.
    #[arg(long, value_name = "FILE")]
    save: Option<std::path::PathBuf>,
    /// Go on with a game saved by --save (or any game record): its ruleset, scenario
    /// and seed are the record's; it keeps saving to FILE unless --save names another.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["scenario", "seed"])]
    resume: Option<std::path::PathBuf>,
    /// Ask even when a human seat has only one legal action. Without it, such a
    /// forced choice is taken for the seat and said in one line (`undo` takes back
    /// the seat's last real choice and everything after it).
    #[arg(long)]
    confirm_forced: bool,
    /// Allow `hint` (the AI's top three choices, with each one's chance to win) in a
    /// game between people at this terminal: everyone at the table agrees by
    /// starting it so. Against the AI, `hint` is always there.
    #[arg(long)]
    hints: bool,
}

mod hotseat;
mod input;

use input::{Input, Lines};

use crate::saved::{self, read_record};

struct Play {
    game: Box<dyn DynGame>,
    who: Vec<Option<String>>,
    agents: AgentTable,
    /// The seat behind each applied action, in order (mirrors the record).
    history: Vec<Seat>,
    /// Whose events to show: the only human, or the spectator in hot-seat play.
    viewer: Option<Seat>,
    since: usize,
    /// Quick-order intentions per seat, offered at the seat's later questions.
    queued: Vec<Vec<Value>>,
    /// Two or more humans share the terminal.
    hotseat: bool,
    /// The human who last had the screen (hot-seat hand-over).
    last_human: Option<Seat>,
    /// Event index at the last hot-seat hand-over (for the recap after it).
    handover_since: usize,
    /// Where to save the game after every action (`--save`, or the `--resume` file).
    save_to: Option<std::path::PathBuf>,
    /// The scores when they were last shown, to say when and why they change.
    shown_scores: Vec<f64>,
    /// Seat, turn and phase of the last whole battle shown.
    shown_board: Option<(Seat, u32, String)>,
    /// Ask for forced single choices too (`--confirm-forced`).
    confirm_forced: bool,
    /// `hint` answers: against the AI, or between people who chose `--hints`.
    hints: bool,
    /// A guided first battle's lessons (`orrery learn`), taught to the human seat.
    lessons: Option<Lessons>,
    /// The lessons done when their words were last said (an undo may lower it).
    lesson_said: usize,
    /// Indices in `history` of the forced choices taken for a human seat: `undo`
    /// reaches past them to the seat's last real choice.
    forced_at: Vec<usize>,
}

/// A list of actions that would take more lines than this (a screen) is not printed
/// unasked: the prompt says how many choices there are and how to reach them.
const SCREEN_LINES: usize = 50;

/// The width at which a terminal is taken to wrap a long line of the list.
const SCREEN_WIDTH: usize = 100;

impl Play {
    fn is_human(&self, seat: Seat) -> bool {
        matches!(self.who.get(seat.index()), Some(None))
    }

    fn label(&self, seat: Seat) -> String {
        match self.who.get(seat.index()) {
            Some(Some(agent)) => format!("P{} ({agent})", seat.0),
            _ if self.viewer.is_some() => format!("P{} (you)", seat.0),
            _ => format!("P{} (human)", seat.0),
        }
    }

    fn flush_events(&mut self) {
        let (events, next) = self.game.events(self.viewer, self.since);
        events.iter().for_each(print_event);
        self.since = next;
        self.show_score_change();
    }

    /// After the events that changed them, the scores with each change (the events
    /// above say why; `help rules` says how scores are counted).
    fn show_score_change(&mut self) {
        let now = self.game.scores();
        if now == self.shown_scores {
            return;
        }
        if self.shown_scores.len() == now.len() {
            let parts: Vec<String> = now
                .iter()
                .zip(&self.shown_scores)
                .enumerate()
                .map(|(i, (&n, &b))| {
                    let now = round_for_reading(n);
                    let change = round_for_reading((n - b).abs());
                    match (n - b).partial_cmp(&0.0) {
                        _ if change == "0" => format!("P{i} {now}"),
                        Some(std::cmp::Ordering::Less) => format!("P{i} {now} (-{change})"),
                        _ => format!("P{i} {now} (+{change})"),
                    }
                })
                .collect();
            println!(
                "Victory points now: {} (why: the events above; how: `help rules`)",
                parts.join(", ")
            );
        }
        self.shown_scores = now;
    }

    /// Print the numbered actions (those whose description contains `filter`, if
    /// given). Returns how many were shown.
    fn list(&self, seat: Seat, legal: &[Value], filter: Option<&str>) -> usize {
        let (text, shown) = self.listing(seat, legal, filter);
        print!("{text}");
        shown
    }

    /// The numbered actions (those whose description contains `filter`, if given) as
    /// [`numbered`] prints them, and how many there are.
    fn listing(&self, seat: Seat, legal: &[Value], filter: Option<&str>) -> (String, usize) {
        let items: Vec<(usize, String)> = legal
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let mut text = self.describe(seat, a);
                // Exact odds beside every attack and risky maneuver (issue 9 §3).
                if let Some(odds) = self.game.odds_text(seat, a) {
                    text.push_str(&format!("  [{odds}]"));
                }
                (i + 1, text)
            })
            .filter(|(_, text)| {
                filter.is_none_or(|f| text.to_lowercase().contains(&f.to_lowercase()))
            })
            .collect();
        (numbered(&items), items.len())
    }

    /// `odds N`: the exact odds of action N of the list, or why there are none.
    /// The AI's top three choices for `seat` by their numbers in the list, each with
    /// the seat's chance to win through it (issue 41), searched from the seat's view.
    fn hint_of(&self, seat: Seat, legal: &[Value]) -> String {
        if !self.hints {
            return "Hints are off in a game between people: start it with `--hints` when \
                    everyone at the table agrees."
                .to_string();
        }
        let h = match self.game.hint(seat, orrery_agents::analysis::HINT_DEPTH) {
            Ok(h) => h,
            Err(e) => return format!("No hint: {e}"),
        };
        let pct = |v: &Value| format!("{:.0}%", v.as_f64().unwrap_or(0.5) * 100.0);
        let mut out = format!(
            "The AI's top choices (your chance with the first: {}):",
            pct(&h["chance"])
        );
        for c in h["choices"].as_array().into_iter().flatten() {
            let number = c["index"]
                .as_u64()
                .filter(|&i| (i as usize) < legal.len())
                .map_or("  ".to_string(), |i| format!("{:>2}", i + 1));
            out.push_str(&format!(
                "\n  {number}. {} ({})",
                c["text"].as_str().unwrap_or_default(),
                pct(&c["chance"])
            ));
        }
        out.push_str("\nType a number to take one; the AI searched only what you can see.");
        out
    }

    /// A guided battle's word before the learner's choice: the lesson its question
    /// teaches, with the numbers of the choices it asks for, or that no lesson is
    /// about it.
    fn say_lesson(&self, seat: Seat) {
        let Some(l) = self.lessons.as_ref().filter(|l| l.seat() == seat) else {
            return;
        };
        let now = l.now(self.game.as_ref());
        let (done, of) = (
            now["done"].as_u64().unwrap_or(0),
            now["of"].as_u64().unwrap_or(0),
        );
        if now["actions"] == 0 {
            println!("== {} ==", l.tutorial.title);
            print!(
                "{}",
                crate::report::wrapped(&l.tutorial.intro, "", SCREEN_WIDTH - 4)
            );
            println!();
        }
        match &now["lesson"] {
            Value::Object(lesson) => {
                println!(
                    "-- Lesson {} of {of}: {} ({}; `help rules` explains the screen) --",
                    lesson["number"],
                    lesson["idea"].as_str().unwrap_or_default(),
                    lesson["rule"].as_str().unwrap_or_default(),
                );
                let say = lesson["say"].as_str().unwrap_or_default();
                print!("{}", crate::report::wrapped(say, "", SCREEN_WIDTH - 4));
                let numbers: Vec<String> = lesson["actions"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_u64)
                    .map(|i| (i + 1).to_string())
                    .collect();
                let shown = numbers.len().min(12);
                let more = numbers.len() - shown;
                if numbers.len() == self.game.legal_count(seat) {
                    println!("Every choice here is the lesson's.");
                } else {
                    println!(
                        "The lesson's choices: {}{}; the others wait for a later turn.",
                        numbers[..shown].join(", "),
                        if more > 0 {
                            format!(" and {more} more")
                        } else {
                            String::new()
                        }
                    );
                }
            }
            _ => {
                let said = format!(
                    "-- {done} of {of} lessons done -- {}",
                    now["said"].as_str().unwrap_or_default()
                );
                print!("{}", crate::report::wrapped(&said, "", SCREEN_WIDTH - 4));
            }
        }
        println!();
    }

    /// After the learner's action and what followed: what it did, when it did a
    /// lesson (once per lesson done); at the end, how the battle was scored.
    fn say_lesson_done(&mut self) {
        let Some(l) = &self.lessons else {
            return;
        };
        let now = l.now(self.game.as_ref());
        let done = now["done"].as_u64().unwrap_or(0) as usize;
        let newly = done > self.lesson_said;
        self.lesson_said = done;
        if newly {
            if let Value::Object(then) = &now["then"] {
                let text = format!(
                    "** {} ({}): {}",
                    then["idea"].as_str().unwrap_or_default(),
                    then["rule"].as_str().unwrap_or_default(),
                    then["text"].as_str().unwrap_or_default()
                );
                print!("{}", crate::report::wrapped(&text, "", SCREEN_WIDTH - 4));
            }
        }
        if now["kind"] == "end" {
            let text = format!(
                "** The end ({}): {}",
                now["rule"].as_str().unwrap_or_default(),
                now["said"].as_str().unwrap_or_default()
            );
            print!("{}", crate::report::wrapped(&text, "", SCREEN_WIDTH - 4));
        }
    }

    fn odds_of(&self, seat: Seat, legal: &[Value], arg: &str) -> String {
        let Ok(n) = arg.parse::<usize>() else {
            return "Type `odds N` with N the number of an attack in the list.".to_string();
        };
        let Some(action) = n.checked_sub(1).and_then(|i| legal.get(i)) else {
            return format!("No action {n}: choose a number from 1 to {}.", legal.len());
        };
        let what = self.describe(seat, action);
        match self.game.odds_text(seat, action) {
            Some(odds) => format!("{n}. {what}\n   {odds}"),
            None => format!("{n}. {what}: no dice are rolled for it, so there are no odds."),
        }
    }

    /// Take back `seat`'s last action and the agents' actions after it, as far as no
    /// die was rolled.
    fn undo(&mut self, seat: Seat) -> String {
        let chosen = |i: usize| !self.forced_at.contains(&i);
        let Some(pos) = (0..self.history.len()).rposition(|i| self.history[i] == seat && chosen(i))
        else {
            return "Nothing of yours to undo.".to_string();
        };
        if (pos + 1..self.history.len())
            .any(|i| self.history[i] != seat && self.is_human(self.history[i]) && chosen(i))
        {
            return "Cannot undo: another player has moved since your last action.".to_string();
        }
        // Keep what is taken back, to put it back if a die roll stops the undo
        // before it reaches this seat's action.
        let record = self.game.record();
        let mut undone = 0;
        while self.history.len() > pos {
            if !self.game.can_undo() || !self.game.undo() {
                break;
            }
            self.history.pop();
            undone += 1;
        }
        let blocked = self.history.len() > pos;
        if blocked && undone > 0 {
            let start = record.actions.len() - undone;
            for ra in &record.actions[start..] {
                if self.game.apply_only(ra.seat, &ra.action.value()).is_err() {
                    break;
                }
                self.history.push(ra.seat);
            }
        }
        let kept = self.history.len();
        let forced = self.forced_at.iter().filter(|&&i| i >= kept).count();
        self.forced_at.retain(|&i| i < kept);
        // The event log was cut back (or replayed) with the actions.
        self.since = self.game.events(self.viewer, usize::MAX).1;
        if blocked {
            "Cannot undo: since your last action dice were rolled or something hidden was shown \
             (a card drawn or turned up, an order revealed)."
                .to_string()
        } else if undone > 1 {
            let agents = undone - 1 - forced;
            let mut after = Vec::new();
            if forced > 0 {
                after.push(format!("{forced} forced choice(s)"));
            }
            if agents > 0 {
                after.push(format!("{agents} agent action(s)"));
            }
            format!(
                "Took back your last action and {} after it.",
                after.join(" and ")
            )
        } else {
            "Took back your last action.".to_string()
        }
    }

    /// One human decision. Returns false when the player quits (or input ends).
    fn human_turn(&mut self, seat: Seat, input: &mut Lines) -> Result<bool> {
        let legal = self.game.legal(seat);
        if legal.is_empty() {
            bail!("seat {seat} is to move but has no legal action (a ruleset bug)");
        }
        println!();
        // The whole battle when the turn or phase changes (or for a new player at the
        // keyboard); otherwise one line, so the moves just made stay on the screen.
        let st = self.game.status();
        let here = (seat, st.turn, st.phase.clone());
        if self.shown_board.as_ref() != Some(&here) {
            println!("{}", self.game.render_text(Some(seat)).trim_end());
            self.shown_board = Some(here);
        } else {
            println!(
                "Turn {}, {} (type `map` for the battle, `help rules` for what it shows)",
                st.turn, st.phase
            );
        }
        println!();
        self.say_lesson(seat);
        println!("{}, choose an action:", self.label(seat));
        // One rule for every question, said where it applies: a list longer than a
        // screen is folded, however many choices it has.
        let listing = fits_a_screen(legal.len()).then(|| self.listing(seat, &legal, None).0);
        if let Some(listing) = listing.filter(|l| screen_lines(l) <= SCREEN_LINES) {
            print!("{listing}");
        } else {
            println!(
                "  {}, more than fit on one screen ({SCREEN_LINES} lines): not printed.",
                counted(legal.len(), "choice", "choices")
            );
            println!(
                "  Type `list` to see them all, or any text to list those that contain it \
                 (a name, a coordinate)."
            );
            if let Some(hint) = self.game.input_hint(seat) {
                println!("  Or {hint}");
            }
        }
        let planned = self.planned(seat, &legal);
        if let Some(p) = &planned {
            println!(
                "Planned: {} — press Enter to confirm, or choose again",
                self.describe(seat, p)
            );
        }
        loop {
            let line = match input.read(&format!("P{}> ", seat.0))? {
                Input::End => {
                    println!();
                    println!("(end of input)");
                    return Ok(false);
                }
                Input::Line(l) => l,
            };
            let cmd = line.to_lowercase();
            match cmd.as_str() {
                "" => {
                    if let Some(p) = &planned {
                        if self.commit(seat, p) {
                            return Ok(true);
                        }
                    }
                    continue;
                }
                "help" | "?" | "h" => println!("{HELP}"),
                "help rules" | "rules" => match self.game.glossary() {
                    "" => println!("This ruleset has no glossary yet; see its docs/ page."),
                    g => println!("{}", g.trim_end()),
                },
                "quit" | "exit" | "q" => return Ok(false),
                "map" | "m" => println!("{}", self.game.render_text(Some(seat)).trim_end()),
                "list" | "ls" | "l" => {
                    self.list(seat, &legal, None);
                }
                "undo" | "u" => {
                    self.queued[seat.index()].clear();
                    let msg = self.undo(seat);
                    println!("{msg}");
                    // The position may have changed: decide again from the top.
                    return Ok(true);
                }
                "hint" => println!("{}", self.hint_of(seat, &legal)),
                _ if cmd.starts_with("odds") => {
                    println!("{}", self.odds_of(seat, &legal, cmd["odds".len()..].trim()));
                }
                _ => {
                    if let Ok(n) = cmd.parse::<usize>() {
                        if n == 0 || n > legal.len() {
                            // Not a choice: a number like a hex label (`1311`) filters.
                            if n == 0 || self.list(seat, &legal, Some(&line)) == 0 {
                                println!(
                                    "No action {n}: choose a number from 1 to {} (or type \
                                     help).",
                                    legal.len()
                                );
                            }
                            continue;
                        }
                        let action = legal[n - 1].clone();
                        if self.commit(seat, &action) {
                            self.queued[seat.index()].clear();
                            return Ok(true);
                        }
                        continue;
                    }
                    match self.game.parse_action_text(seat, &line) {
                        Some(Ok(actions)) if !actions.is_empty() => {
                            if self.commit(seat, &actions[0]) {
                                self.queued[seat.index()] = actions[1..].to_vec();
                                return Ok(true);
                            }
                            continue;
                        }
                        Some(Err(msg)) => {
                            println!("{msg}");
                            if !msg.to_lowercase().contains("nothing matched") {
                                continue;
                            }
                        }
                        _ => {}
                    }
                    if self.list(seat, &legal, Some(&line)) == 0 {
                        println!(
                            "`{line}` is not a command and matches no action. Type a number \
                             from 1 to {}, or help.",
                            legal.len()
                        );
                    }
                }
            }
        }
    }

    /// A human seat with exactly one legal action: take it and say so in one line,
    /// unless `--confirm-forced` or the engine marks it as ending the game
    /// (`Presentation::ends_game`). True when taken.
    fn take_forced(&mut self, seat: Seat) -> bool {
        if self.confirm_forced || !self.is_human(seat) || self.game.legal_count(seat) != 1 {
            return false;
        }
        let Some(action) = self.game.legal(seat).into_iter().next() else {
            return false;
        };
        // A choice the engine says ends the game is asked, even when it is the only one.
        if self.game.ends_game(seat, &action) {
            return false;
        }
        let viewer = if self.hotseat { None } else { Some(seat) };
        match self.game.apply_seen_by(seat, &action, viewer) {
            Ok(told) => {
                let what = told.unwrap_or_else(|| "a secret order".to_string());
                println!("{}, the only choice: {what}", self.label(seat));
                self.forced_at.push(self.history.len());
                self.history.push(seat);
                true
            }
            Err(_) => false,
        }
    }

    fn agent_turn(&mut self, seat: Seat) -> Result<()> {
        let action = self.agents.choose(self.game.as_ref(), seat)?;
        let told = self
            .game
            .apply_seen_by(seat, &action, self.viewer)
            .map_err(|e| anyhow!("agent for seat {seat} chose a refused action: {e}"))?;
        // The viewer is never an agent's seat: an order it is not told is secret.
        let secret = told.is_none();
        self.say_action(seat, told, secret);
        self.history.push(seat);
        Ok(())
    }

    /// The line for an action just applied: what the viewer's record shows of it
    /// (`orrery_core::action_seen_by`, a channel of the conformance suite's leak
    /// check), so a secret order (a card put face down, orders not yet revealed) is
    /// only said to have been given, however long it stays secret.
    ///
    /// A `secret` order (one the other seats are not told) is announced once: where
    /// the ruleset's own events tell the viewer of it (Stratoyager's "P1 gave a
    /// secret order for Evo 6.2 1", Black Skies' "Falcons spades puts a card face
    /// down", and to its owner what the order was), they are the announcement, printed
    /// next by [`Play::flush_events`]; this line is for the orders a ruleset says
    /// nothing of.
    fn say_action(&self, seat: Seat, told: Option<String>, secret: bool) {
        if secret && self.ruleset_told_of_it() {
            return;
        }
        match told {
            Some(text) => println!("{}: {text}", self.label(seat)),
            None => println!("{} has given a secret order.", self.label(seat)),
        }
    }

    /// Whether the action just applied logged an event the viewer may see (the events
    /// shown so far end at `since`: the main loop shows them all before each action).
    fn ruleset_told_of_it(&self) -> bool {
        !self.game.events(self.viewer, self.since).0.is_empty()
    }
}

/// Whether `n` actions could be listed on one screen at all: each takes at least 4
/// characters (` 7 N,`), so longer lists are folded without describing them.
fn fits_a_screen(n: usize) -> bool {
    n * 4 <= SCREEN_LINES * SCREEN_WIDTH
}

/// The lines `text` takes on a screen [`SCREEN_WIDTH`] columns wide.
fn screen_lines(text: &str) -> usize {
    text.lines()
        .map(|l| l.chars().count().div_ceil(SCREEN_WIDTH).max(1))
        .sum()
}

/// Split a description into its head and last word (`... facing` + `NE`).
fn head_and_last(text: &str) -> (&str, &str) {
    match text.rsplit_once(' ') {
        Some((h, l)) => (h, l),
        None => ("", text),
    }
}

/// The numbered list. Runs of three or more actions that differ only in their last
/// word (typically a facing) share one line: `7-12. place X at 0316 facing: 7 N, 8 NE,
/// ...`, which keeps long lists readable.
fn numbered(items: &[(usize, String)]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < items.len() {
        let (head, _) = head_and_last(&items[i].1);
        let mut j = i + 1;
        while j < items.len()
            && !head.is_empty()
            && head_and_last(&items[j].1).0 == head
            && items[j].0 == items[j - 1].0 + 1
        {
            j += 1;
        }
        if j - i >= 3 {
            let choices = items[i..j]
                .iter()
                .map(|(n, t)| format!("{n} {}", head_and_last(t).1))
                .collect::<Vec<_>>()
                .join(", ");
            let range = format!("{}-{}", items[i].0, items[j - 1].0);
            out.push_str(&format!("  {range:>7}. {head}: {choices}\n"));
        } else {
            for (n, t) in &items[i..j] {
                out.push_str(&format!("  {n:>7}. {t}\n"));
            }
        }
        i = j;
    }
    out
}

pub fn run(a: &PlayArgs) -> Result<()> {
    run_with(a, None)
}

impl PlayArgs {
    /// A guided first battle's game (`orrery learn`): its scenario and seed, the
    /// learner's seat human, the others the tutorial's opponent, hints on.
    pub fn for_lessons(lessons: &Lessons, save: Option<std::path::PathBuf>) -> PlayArgs {
        let t = &lessons.tutorial;
        PlayArgs {
            game: crate::args::GameArgs {
                ruleset: lessons.ruleset.clone(),
                scenario: Some(t.scenario.clone()),
                seed: Some(t.seed),
            },
            seats: vec![format!("{}=human", t.seat)],
            ai: t.opponent.clone(),
            budget: crate::args::BudgetArgs::default(),
            save,
            resume: None,
            confirm_forced: false,
            hints: true,
        }
    }
}

/// Play `a`, teaching `lessons` to the human seat when given (`orrery learn`).
pub fn run_with(a: &PlayArgs, lessons: Option<Lessons>) -> Result<()> {
    let reg = registry();
    let mut made = Vec::new();
    let (game, seed) = match &a.resume {
        Some(path) => {
            let record = read_record(path)?;
            for r in &record.actions {
                let i = r.seat.index();
                if made.len() <= i {
                    made.resize(i + 1, 0u64);
                }
                made[i] += 1;
            }
            let game = reg.load_record(&record).with_context(|| {
                format!(
                    "cannot resume {}: its record does not replay",
                    path.display()
                )
            })?;
            (game, record.seed)
        }
        None => {
            a.game.check_ruleset(&reg)?;
            let game = reg
                .new_game(&a.game.ruleset, a.game.scenario_spec()?, a.game.seed())
                .with_context(|| format!("cannot set up a `{}` game", a.game.ruleset))?;
            (game, a.game.seed())
        }
    };
    let seats = game.seats();
    let who = parse_seats(&a.seats, seats, &a.ai)?;
    let humans: Vec<Seat> = (0..game.seats())
        .map(Seat)
        .filter(|s| who[s.index()].is_none())
        .collect();
    let viewer = match humans.as_slice() {
        [only] => Some(*only),
        _ => None,
    };
    let mut agents = AgentTable::new(who.clone(), seed, a.budget.budget());
    agents.resume_after(&made);
    let mut play = Play {
        agents,
        game,
        who,
        history: Vec::new(),
        viewer,
        since: 0,
        queued: vec![Vec::new(); usize::from(seats)],
        hotseat: humans.len() >= 2,
        last_human: None,
        handover_since: 0,
        save_to: a.save.clone().or_else(|| a.resume.clone()),
        shown_scores: Vec::new(),
        shown_board: None,
        confirm_forced: a.confirm_forced,
        hints: a.hints || humans.len() < usize::from(seats),
        lessons,
        lesson_said: 0,
        forced_at: Vec::new(),
    };
    play.shown_scores = play.game.scores();
    println!(
        "{} game, seed {}. Seats: {}",
        play.game.ruleset(),
        seed,
        (0..play.game.seats())
            .map(|s| play.label(Seat(s)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if let Some(path) = &a.resume {
        // The story so far is in the record (`orrery replay`); start from now.
        play.since = play.game.events(play.viewer, usize::MAX).1;
        play.history = play.game.record().actions.iter().map(|a| a.seat).collect();
        let p = play.game.status();
        println!(
            "Resumed {}: {} actions played, turn {}, {}.",
            path.display(),
            play.history.len(),
            p.turn,
            p.phase
        );
    }
    if let Some(path) = &play.save_to {
        println!("Saving the game to {} after every action.", path.display());
    }
    println!("Type a number or a quick order to act, or help, list, map, undo, quit.");
    let mut input = Lines::from_stdin();
    let mut quit = false;
    loop {
        play.flush_events();
        play.say_lesson_done();
        if let Some(path) = &play.save_to {
            saved::save(play.game.as_ref(), path)?;
        }
        let status = play.game.status();
        if status.terminal {
            break;
        }
        // Agents first (among simultaneous seats), then the humans.
        let next = status
            .to_move
            .iter()
            .copied()
            .find(|&s| !play.is_human(s))
            .or_else(|| status.to_move.first().copied());
        let Some(seat) = next else {
            bail!("the game is not over but nobody is to move (a ruleset bug)");
        };
        if play.take_forced(seat) {
            continue;
        }
        if play.is_human(seat) {
            if play.hotseat && play.last_human != Some(seat) && !play.hand_over(seat, &mut input)? {
                quit = true;
                break;
            }
            if !play.human_turn(seat, &mut input)? {
                quit = true;
                break;
            }
        } else {
            play.agent_turn(seat)?;
        }
    }
    println!();
    if quit {
        println!("Game stopped.");
        if let Some(path) = &play.save_to {
            println!(
                "Saved: go on with `orrery play --resume {}` (same --seat and --ai).",
                path.display()
            );
        }
    } else {
        print!("{}", play.game.render_text(viewer));
        println!();
    }
    print!("{}", score_table(play.game.as_ref()));
    // The full state hash covers the dice generator and every hidden card and order:
    // shown only once the game is over; before, the hash of what the player sees.
    if play.game.is_terminal() {
        println!("State hash: {}", play.game.status().hash);
    } else {
        println!(
            "View hash: {} (of what you see; the state hash is shown at the end)",
            play.game.seat_status(play.viewer).hash
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_differing_in_the_last_word_share_a_line() {
        let items: Vec<(usize, String)> = ["N", "NE", "SE"]
            .iter()
            .enumerate()
            .map(|(i, f)| (i + 1, format!("place X at 0306 facing {f}")))
            .chain([(4, "end turn".to_string())])
            .collect();
        let s = numbered(&items);
        assert_eq!(
            s,
            "      1-3. place X at 0306 facing: 1 N, 2 NE, 3 SE\n        4. end turn\n"
        );
    }

    /// Issue 9 §1: the default opponent is the default level; `--ai` names another
    /// level or an agent.
    #[test]
    fn seats_default_to_one_human_and_the_default_level() {
        let hard = orrery_agents::DEFAULT_LEVEL;
        let w = parse_seats(&[], 3, hard).unwrap();
        assert_eq!(w, vec![None, Some(hard.into()), Some(hard.into())]);
        let w = parse_seats(&[], 2, "easy").unwrap();
        assert_eq!(w, vec![None, Some("easy".into())]);
        let w = parse_seats(&["1=human".into(), "0=normal".into()], 2, hard).unwrap();
        assert_eq!(w, vec![Some("normal".into()), None]);
        assert!(parse_seats(&["5=human".into()], 2, hard).is_err());
        assert!(parse_seats(&["0=oracle".into()], 2, hard).is_err());
        assert!(parse_seats(&["0human".into()], 2, hard).is_err());
        assert!(parse_seats(&[], 2, "godlike").is_err());
    }
}
