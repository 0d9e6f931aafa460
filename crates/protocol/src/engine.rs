//! The engine: one JSON request per line in, exactly one JSON response per line out.

use crate::{DynGame, ProtocolError, Registry, ScenarioSpec};
use orrery_core::{stable_hash, Record, Seat};
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// One command: its name, its fields (`?` = optional) and what it does. Sent by
/// `help`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct CommandInfo {
    pub cmd: &'static str,
    pub fields: &'static str,
    pub summary: &'static str,
}

/// Every command the engine understands.
pub const COMMANDS: &[CommandInfo] = &[
    CommandInfo {
        cmd: "help",
        fields: "",
        summary: "this list",
    },
    CommandInfo {
        cmd: "rulesets",
        fields: "",
        summary: "the rulesets offered: id, name, players [min,max], scenarios",
    },
    CommandInfo {
        cmd: "scenario",
        fields: "ruleset, name?",
        summary: "a built-in scenario as JSON (default: the first), to edit and send inline",
    },
    CommandInfo {
        cmd: "new",
        fields: "ruleset, scenario? (name or inline object), seed? (default: random, returned as `seed`)",
        summary: "start a game; replaces any current game",
    },
    CommandInfo {
        cmd: "status",
        fields: "",
        summary: "to_move, terminal, turn, phase, hash",
    },
    CommandInfo {
        cmd: "legal",
        fields: "player",
        summary: "every legal action for the seat (empty if it is not to move)",
    },
    CommandInfo {
        cmd: "apply",
        fields: "player, action",
        summary: "apply an action; returns the events the seat may see, and the status",
    },
    CommandInfo {
        cmd: "view",
        fields: "player? (absent = spectator)",
        summary: "what the seat (or a spectator) may see",
    },
    CommandInfo {
        cmd: "render",
        fields: "player? (absent = spectator)",
        summary: "the view as readable text",
    },
    CommandInfo {
        cmd: "events",
        fields: "player? (absent = spectator), since? (default 0)",
        summary: "the event log from index `since`, as the seat may see it; `next` = index to ask from next",
    },
    CommandInfo {
        cmd: "outcome",
        fields: "",
        summary: "terminal, winners, scores (current scores while not over); once over, reason and the ending in words",
    },
    CommandInfo {
        cmd: "agent",
        fields: "player, name, seed?, budget_ms? (at most 10000), iterations? (at most 100000)",
        summary: "the action a built-in agent suggests for the seat (not applied), with its description as the seat may read it; it decides only from what the seat may know",
    },
    CommandInfo {
        cmd: "estimate",
        fields: "player",
        summary: "the seat's chance to win (0 to 1) as the learned model judges the game from the seat's view alone, with the model's provenance; no_model when none fits",
    },
    CommandInfo {
        cmd: "hint",
        fields: "player, iterations? (default 4000, at most 10000), seed? (default 41)",
        summary: "the AI's top three choices for the seat to move, each with its chance to win and its place in the legal list, and the seat's chance with the best; searched from the seat's view alone",
    },
    CommandInfo {
        cmd: "analyse",
        fields: "iterations? (default 300, at most 10000), seed? (default 41)",
        summary: "the AI's reading of a finished game: each decision's chance before and after, the better move, the loss and its mark, what followed (luck), a summary per seat; bad_request while the game goes on",
    },
    CommandInfo {
        cmd: "odds",
        fields: "player, action",
        summary: "the exact odds of an attack action legal now (to hit, damage, removal; shape per ruleset, see docs/odds.md); illegal_action otherwise",
    },
    CommandInfo {
        cmd: "describe",
        fields: "action, player? (absent = spectator)",
        summary: "a one-line description of an action as the seat's answer to its current question, from what the seat may know",
    },
    CommandInfo {
        cmd: "undo",
        fields: "player? (absent = any seat's last action)",
        summary: "take back the last action (with player: only if it was that seat's) unless it rolled dice or revealed a secret; undone: bool",
    },
    CommandInfo {
        cmd: "record",
        fields: "player? (absent = the referee's full record, for trusted tools)",
        summary: "the game record: ruleset, scenario, seed, actions with hashes; with player, the seat's record (other seats' secrets and the seed until the end are null)",
    },
    CommandInfo {
        cmd: "load",
        fields: "record",
        summary: "replay a record (checking its hashes) as the current game",
    },
    CommandInfo {
        cmd: "state",
        fields: "",
        summary: "the whole referee state (dice generator and secrets included)",
    },
    CommandInfo {
        cmd: "load_state",
        fields: "state",
        summary: "replace the current game's state with a saved one (same ruleset)",
    },
    CommandInfo {
        cmd: "quit",
        fields: "",
        summary: "answer ok and stop",
    },
];

/// The longest request line read, in bytes (4 MiB, enough for the largest saved state
/// or record of the built-in scenarios); a longer line is answered `bad_request`
/// without being kept in memory.
pub const MAX_LINE_BYTES: usize = 4 << 20;
/// The most thinking time an `agent` request may ask for.
pub const MAX_BUDGET_MS: u64 = 10_000;
/// The most search iterations an `agent` request may ask for.
pub const MAX_ITERATIONS: u32 = 100_000;
/// The most iterations a search of `analyse` may take (three searches a decision).
pub const MAX_ANALYSIS_ITERATIONS: u64 = 10_000;

/// A seed nobody can predict, for games started without one.
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

/// The protocol's state: the registry and the current game.
pub struct Engine<'r> {
    registry: &'r Registry,
    game: Option<Box<dyn DynGame>>,
    quit: bool,
}

type Reply = Result<Map<String, Value>, ProtocolError>;

fn reply<const N: usize>(fields: [(&str, Value); N]) -> Reply {
    Ok(fields
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect())
}

fn to_json<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// Build the error response for `e`, echoing `id` if there is one.
pub fn error_response(e: &ProtocolError, id: Option<&Value>) -> Value {
    let mut m = Map::new();
    m.insert("ok".into(), Value::Bool(false));
    m.insert(
        "error".into(),
        json!({"code": e.code(), "message": crate::clip_to(&e.to_string(), crate::MAX_MESSAGE_CHARS)}),
    );
    if let Some(id) = id {
        m.insert("id".into(), id.clone());
    }
    Value::Object(m)
}

struct Req<'a>(&'a Map<String, Value>);

impl<'a> Req<'a> {
    fn get(&self, field: &str) -> Option<&'a Value> {
        match self.0.get(field) {
            None | Some(Value::Null) => None,
            Some(v) => Some(v),
        }
    }

    fn need(&self, field: &str) -> Result<&'a Value, ProtocolError> {
        self.get(field)
            .ok_or_else(|| ProtocolError::bad(format!("missing field `{field}`")))
    }

    fn str(&self, field: &str) -> Result<&'a str, ProtocolError> {
        self.need(field)?
            .as_str()
            .ok_or_else(|| ProtocolError::bad(format!("field `{field}` must be a string")))
    }

    fn opt_str(&self, field: &str) -> Result<Option<&'a str>, ProtocolError> {
        match self.get(field) {
            None => Ok(None),
            Some(_) => self.str(field).map(Some),
        }
    }

    fn opt_u64(&self, field: &str) -> Result<Option<u64>, ProtocolError> {
        match self.get(field) {
            None => Ok(None),
            Some(v) => v.as_u64().map(Some).ok_or_else(|| {
                ProtocolError::bad(format!(
                    "field `{field}` must be a non-negative integer below 2^64"
                ))
            }),
        }
    }

    /// An optional count of at most `max` (documented in `docs/protocol.md`).
    fn opt_capped(&self, field: &str, max: u64) -> Result<Option<u64>, ProtocolError> {
        match self.opt_u64(field)? {
            Some(n) if n > max => Err(ProtocolError::bad(format!(
                "field `{field}` must be at most {max} (got {n})"
            ))),
            n => Ok(n),
        }
    }

    fn opt_seat(&self, field: &str) -> Result<Option<Seat>, ProtocolError> {
        match self.get(field) {
            None => Ok(None),
            Some(v) => v
                .as_u64()
                .and_then(|n| u8::try_from(n).ok())
                .map(|n| Some(Seat(n)))
                .ok_or_else(|| {
                    ProtocolError::bad(format!("field `{field}` must be a seat number 0..=255"))
                }),
        }
    }
}

impl<'r> Engine<'r> {
    pub fn new(registry: &'r Registry) -> Self {
        Engine {
            registry,
            game: None,
            quit: false,
        }
    }

    /// The current game, if any.
    pub fn game(&self) -> Option<&dyn DynGame> {
        self.game.as_deref()
    }

    /// True once `quit` was received.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Handle one line of input. `None` for a blank line (only spaces, tabs, CR or
    /// LF): no response is due.
    pub fn handle_line(&mut self, line: &str) -> Option<Value> {
        let line = line.trim_matches(|c| matches!(c, ' ' | '\t' | '\r' | '\n'));
        if line.is_empty() {
            return None;
        }
        Some(match serde_json::from_str::<Value>(line) {
            Ok(request) => self.handle(&request),
            Err(e) => error_response(&ProtocolError::bad(format!("not JSON: {e}")), None),
        })
    }

    /// Handle one request; always returns exactly one response object.
    pub fn handle(&mut self, request: &Value) -> Value {
        let Some(obj) = request.as_object() else {
            return error_response(
                &ProtocolError::bad("a request must be a JSON object with a `cmd` field"),
                None,
            );
        };
        let id = obj.get("id");
        let result =
            catch_unwind(AssertUnwindSafe(|| self.dispatch(Req(obj)))).unwrap_or_else(|_| {
                Err(ProtocolError::Internal(
                    "the ruleset failed on this request".to_string(),
                ))
            });
        match result {
            Ok(mut fields) => {
                let mut m = Map::new();
                m.insert("ok".into(), Value::Bool(true));
                m.append(&mut fields);
                if let Some(id) = id {
                    m.insert("id".into(), id.clone());
                }
                Value::Object(m)
            }
            Err(e) => error_response(&e, id),
        }
    }

    fn game_ref(&self) -> Result<&dyn DynGame, ProtocolError> {
        self.game.as_deref().ok_or(ProtocolError::NoGame)
    }

    fn game_mut(&mut self) -> Result<&mut Box<dyn DynGame>, ProtocolError> {
        self.game.as_mut().ok_or(ProtocolError::NoGame)
    }

    /// A seat that must exist in the current game.
    fn seat(game: &dyn DynGame, seat: Option<Seat>, field: &str) -> Result<Seat, ProtocolError> {
        let seat = seat.ok_or_else(|| ProtocolError::bad(format!("missing field `{field}`")))?;
        Self::existing(game, seat, field)
    }

    fn existing(game: &dyn DynGame, seat: Seat, field: &str) -> Result<Seat, ProtocolError> {
        if seat.0 < game.seats() {
            Ok(seat)
        } else {
            Err(ProtocolError::bad(format!(
                "field `{field}`: seat {seat} does not exist; this game has seats 0..={}",
                game.seats().saturating_sub(1)
            )))
        }
    }

    fn viewer(game: &dyn DynGame, req: &Req) -> Result<Option<Seat>, ProtocolError> {
        match req.opt_seat("player")? {
            None => Ok(None),
            Some(s) => Self::existing(game, s, "player").map(Some),
        }
    }

    fn started(game: &dyn DynGame) -> Reply {
        reply([
            ("ruleset", Value::String(game.ruleset().to_string())),
            ("seats", Value::from(game.seats())),
            ("status", to_json(&game.status())),
        ])
    }

    fn dispatch(&mut self, req: Req) -> Reply {
        let cmd = match req.0.get("cmd") {
            None | Some(Value::Null) => return Err(ProtocolError::bad("missing field `cmd`")),
            Some(Value::String(s)) => s.as_str(),
            Some(_) => return Err(ProtocolError::bad("field `cmd` must be a string")),
        };
        match cmd {
            "help" => reply([
                ("protocol", Value::from(1)),
                ("commands", to_json(&COMMANDS)),
                ("error_codes", to_json(&ProtocolError::CODES)),
            ]),
            "quit" => {
                self.quit = true;
                reply([])
            }
            "rulesets" => reply([("rulesets", to_json(&self.registry.rulesets()))]),
            "scenario" => {
                let ruleset = req.str("ruleset")?;
                let name = req.opt_str("name")?;
                let r = self
                    .registry
                    .get(ruleset)
                    .ok_or_else(|| ProtocolError::UnknownRuleset(crate::clip(ruleset)))?;
                reply([("scenario", r.scenario_json(name)?)])
            }
            "new" => {
                let ruleset = req.str("ruleset")?;
                let scenario = match req.get("scenario") {
                    None => ScenarioSpec::Default,
                    Some(Value::String(s)) => ScenarioSpec::Named(s.clone()),
                    Some(v @ Value::Object(_)) => ScenarioSpec::Inline(v.clone()),
                    Some(_) => {
                        return Err(ProtocolError::bad(
                            "field `scenario` must be a scenario name or a scenario object",
                        ))
                    }
                };
                // No seed given: a fresh random one, returned so the game can be
                // replayed. (A fixed default would let a seat predict the dice and
                // test guesses of hidden orders against the status hash.)
                let seed = match req.opt_u64("seed")? {
                    Some(s) => s,
                    None => random_seed(),
                };
                let game = self.registry.new_game(ruleset, scenario, seed)?;
                let mut out = Self::started(game.as_ref())?;
                out.insert("seed".into(), Value::from(seed));
                self.game = Some(game);
                Ok(out)
            }
            "load" => {
                let record: Record = serde_json::from_value(req.need("record")?.clone())
                    .map_err(|e| ProtocolError::bad(format!("field `record`: {e}")))?;
                let game = self.registry.load_record(&record)?;
                let out = Self::started(game.as_ref());
                self.game = Some(game);
                out
            }
            "status" => reply([("status", to_json(&self.game_ref()?.status()))]),
            "legal" => {
                let g = self.game_ref()?;
                let seat = Self::seat(g, req.opt_seat("player")?, "player")?;
                reply([("actions", Value::Array(g.legal(seat)))])
            }
            "apply" => {
                let g = self.game_mut()?;
                let seat = Self::seat(g.as_ref(), req.opt_seat("player")?, "player")?;
                let action = req.need("action")?;
                let events = g.apply(seat, action)?;
                reply([
                    ("events", Value::Array(events)),
                    ("status", to_json(&g.status())),
                ])
            }
            "view" => {
                let g = self.game_ref()?;
                let viewer = Self::viewer(g, &req)?;
                reply([("view", g.view(viewer))])
            }
            "render" => {
                let g = self.game_ref()?;
                let viewer = Self::viewer(g, &req)?;
                reply([("text", Value::String(g.render_text(viewer)))])
            }
            "events" => {
                let g = self.game_ref()?;
                let viewer = Self::viewer(g, &req)?;
                let since = req.opt_u64("since")?.unwrap_or(0);
                let since = usize::try_from(since).unwrap_or(usize::MAX);
                let (events, next) = g.events(viewer, since);
                reply([
                    ("events", Value::Array(events)),
                    ("next", Value::from(next)),
                ])
            }
            "outcome" => {
                // `reason` once the game is over (docs/protocol.md), as in the
                // `game_over` event.
                let g = self.game_ref()?;
                let o = g.outcome();
                let mut fields = vec![
                    ("terminal", Value::Bool(o.terminal)),
                    ("winners", to_json(&o.winners)),
                    ("scores", to_json(&o.scores)),
                ];
                if o.terminal && !o.reason.is_empty() {
                    fields.push(("reason", Value::String(o.reason)));
                }
                // The result in words (docs/protocol.md), once over.
                if let Some(ending) = g.ending() {
                    fields.push(("ending", to_json(&ending)));
                }
                Ok(fields
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect())
            }
            "agent" => {
                let g = self.game_ref()?;
                let seat = Self::seat(g, req.opt_seat("player")?, "player")?;
                let name = req.str("name")?;
                // A budget suffix (`mcts@5000`) would bypass the bounds below.
                if name.contains('@') {
                    return Err(ProtocolError::UnknownAgent(format!(
                        "`{}`: a budget suffix is not taken here; give `budget_ms` or `iterations`",
                        crate::clip(name)
                    )));
                }
                // Searching agents (mcts) think within the budget; with only
                // `iterations` they are deterministic for a seed.
                let budget = orrery_agents::Budget {
                    millis: req.opt_capped("budget_ms", MAX_BUDGET_MS)?,
                    iterations: req
                        .opt_capped("iterations", u64::from(MAX_ITERATIONS))?
                        .map(|n| u32::try_from(n).unwrap_or(MAX_ITERATIONS)),
                    ..orrery_agents::Budget::default()
                };
                // Default seed: derived from what the seat sees (never from the full
                // state, which holds other seats' secrets), so the same position
                // gets the same suggestion and a hidden order cannot change it.
                let seed = match req.opt_u64("seed")? {
                    Some(s) => s,
                    None => stable_hash(&(g.view(Some(seat)), seat.0)).0,
                };
                let action = g.agent_action(seat, name, seed, budget)?;
                let text = g.describe_action(Some(seat), &action).unwrap_or_default();
                reply([("action", action), ("text", Value::String(text))])
            }
            "estimate" => {
                let g = self.game_ref()?;
                let seat = Self::seat(g, req.opt_seat("player")?, "player")?;
                let e = g.estimate(seat)?;
                reply([("value", e["value"].clone()), ("model", e["model"].clone())])
            }
            "hint" => {
                let g = self.game_ref()?;
                let seat = Self::seat(g, req.opt_seat("player")?, "player")?;
                let default = orrery_agents::analysis::HINT_DEPTH;
                let depth = orrery_agents::analysis::Depth {
                    iterations: req
                        .opt_capped("iterations", MAX_ANALYSIS_ITERATIONS)?
                        .map_or(default.iterations, |n| u32::try_from(n).unwrap_or(1).max(1)),
                    seed: req.opt_u64("seed")?.unwrap_or(default.seed),
                };
                let h = g.hint(seat, depth)?;
                reply([
                    ("chance", h["chance"].clone()),
                    ("iterations", h["iterations"].clone()),
                    ("choices", h["choices"].clone()),
                ])
            }
            "analyse" => {
                let g = self.game_ref()?;
                if !g.is_terminal() {
                    return Err(ProtocolError::bad(
                        "analyse reads a finished game (before the end it would show each seat the others' secret orders)",
                    ));
                }
                let default = orrery_agents::analysis::Depth::default();
                let depth = orrery_agents::analysis::Depth {
                    iterations: req
                        .opt_capped("iterations", MAX_ANALYSIS_ITERATIONS)?
                        .map_or(default.iterations, |n| u32::try_from(n).unwrap_or(1).max(1)),
                    seed: req.opt_u64("seed")?.unwrap_or(default.seed),
                };
                reply([("analysis", g.analyse(depth, &mut |_, _| {})?)])
            }
            "odds" => {
                let g = self.game_ref()?;
                let seat = Self::seat(g, req.opt_seat("player")?, "player")?;
                reply([("odds", g.odds(seat, req.need("action")?)?)])
            }
            "describe" => {
                let g = self.game_ref()?;
                let viewer = Self::viewer(g, &req)?;
                let text = g.describe_action(viewer, req.need("action")?)?;
                reply([("text", Value::String(text))])
            }
            "undo" => {
                let g = self.game_mut()?;
                let undone = match Self::viewer(g.as_ref(), &req)? {
                    Some(seat) => g.undo_by(seat),
                    None => g.undo(),
                };
                reply([
                    ("undone", Value::Bool(undone)),
                    ("status", to_json(&g.status())),
                ])
            }
            "record" => {
                let g = self.game_ref()?;
                if let Some(seat) = Self::viewer(g, &req)? {
                    let r = g.record_for(Some(seat));
                    let replayable = r.complete && g.status().terminal && g.replayable();
                    return reply([
                        ("record", to_json(&r)),
                        ("replayable", Value::Bool(replayable)),
                    ]);
                }
                reply([
                    ("record", to_json(&g.record())),
                    ("replayable", Value::Bool(g.replayable())),
                ])
            }
            "state" => {
                let g = self.game_ref()?;
                reply([
                    ("ruleset", Value::String(g.ruleset().to_string())),
                    ("state", g.state()),
                ])
            }
            "load_state" => {
                let g = self.game_mut()?;
                let state = req.need("state")?.clone();
                if let Some(r) = req.opt_str("ruleset")? {
                    if r != g.ruleset() {
                        return Err(ProtocolError::InvalidState(format!(
                            "the state is for `{r}` but the current game is `{}`; start a `{r}` game with `new` first",
                            g.ruleset()
                        )));
                    }
                }
                g.load_state(state)?;
                Self::started(g.as_ref())
            }
            other => Err(ProtocolError::UnknownCommand(crate::clip(other))),
        }
    }
}

/// Run the engine: read requests from `input` line by line and write one response
/// line per non-blank request line to `output` (flushed after each). Returns at end of
/// input or after `quit`; only I/O errors end it early.
pub fn serve(
    registry: &Registry,
    mut input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    let mut engine = Engine::new(registry);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let response = match read_capped_line(&mut input, &mut buf, MAX_LINE_BYTES)? {
            Line::End => return Ok(()),
            Line::TooLong(n) => Some(error_response(
                &ProtocolError::bad(format!(
                    "the line is {n} bytes long; requests may be at most {MAX_LINE_BYTES} bytes"
                )),
                None,
            )),
            Line::Read => match std::str::from_utf8(&buf) {
                Ok(line) => engine.handle_line(line),
                Err(e) => Some(error_response(
                    &ProtocolError::bad(format!("the line is not UTF-8: {e}")),
                    None,
                )),
            },
        };
        if let Some(response) = response {
            serde_json::to_writer(&mut output, &response)?;
            output.write_all(b"\n")?;
            output.flush()?;
        }
        if engine.quit_requested() {
            return Ok(());
        }
    }
}

/// What [`read_capped_line`] found.
enum Line {
    /// End of input, nothing read.
    End,
    /// A line (without its end) is in the buffer.
    Read,
    /// The line had this many bytes, more than the cap; it was skipped, not kept.
    TooLong(usize),
}

/// Read one line into `buf`, keeping at most `cap` bytes of it: the rest of a longer
/// line is read and dropped, so a huge line costs no memory.
fn read_capped_line(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
    cap: usize,
) -> std::io::Result<Line> {
    let mut total = 0usize;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(match total {
                0 => Line::End,
                n if n > cap => Line::TooLong(n),
                _ => Line::Read,
            });
        }
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1),
            None => (chunk, chunk.len()),
        };
        let ended = done > part.len();
        total += part.len();
        if total <= cap {
            buf.extend_from_slice(part);
        } else {
            buf.clear();
        }
        input.consume(done);
        if ended {
            return Ok(if total > cap {
                Line::TooLong(total)
            } else {
                Line::Read
            });
        }
    }
}
