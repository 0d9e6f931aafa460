//! The engine: one JSON request per line in, exactly one JSON response per line out.

use crate::{DynGame, ProtocolError, Registry, ScenarioSpec};
use orrery_core::{Record, Seat};
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
        fields: "ruleset, scenario? (name or inline object), seed? (default 0)",
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
        summary: "terminal, winners, scores (current scores while not over)",
    },
    CommandInfo {
        cmd: "agent",
        fields: "player, name, seed?, budget_ms?, iterations?",
        summary: "the action a built-in agent suggests (not applied)",
    },
    CommandInfo {
        cmd: "odds",
        fields: "player, action",
        summary: "the exact odds of an attack action legal now (to hit, damage, removal; shape per ruleset, see docs/odds.md); illegal_action otherwise",
    },
    CommandInfo {
        cmd: "describe",
        fields: "action",
        summary: "a one-line description of an action",
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
        json!({"code": e.code(), "message": e.to_string()}),
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
                    .ok_or_else(|| ProtocolError::UnknownRuleset(ruleset.to_string()))?;
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
                let seed = req.opt_u64("seed")?.unwrap_or(0);
                let game = self.registry.new_game(ruleset, scenario, seed)?;
                let out = Self::started(game.as_ref());
                self.game = Some(game);
                out
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
                let o = self.game_ref()?.outcome();
                reply([
                    ("terminal", Value::Bool(o.terminal)),
                    ("winners", to_json(&o.winners)),
                    ("scores", to_json(&o.scores)),
                ])
            }
            "agent" => {
                let g = self.game_ref()?;
                let seat = Self::seat(g, req.opt_seat("player")?, "player")?;
                let name = req.str("name")?;
                // Searching agents (mcts) think within the budget; with only
                // `iterations` they are deterministic for a seed.
                let budget = orrery_agents::Budget {
                    millis: req.opt_u64("budget_ms")?,
                    iterations: req
                        .opt_u64("iterations")?
                        .map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
                };
                // Default seed: derived from the position, so repeated requests in
                // different positions do not share one random stream.
                let seed = match req.opt_u64("seed")? {
                    Some(s) => s,
                    None => g.status().hash.0 ^ u64::from(seat.0),
                };
                let action = g.agent_action(seat, name, seed, budget)?;
                let text = g.describe_action(&action).unwrap_or_default();
                reply([("action", action), ("text", Value::String(text))])
            }
            "odds" => {
                let g = self.game_ref()?;
                let seat = Self::seat(g, req.opt_seat("player")?, "player")?;
                reply([("odds", g.odds(seat, req.need("action")?)?)])
            }
            "describe" => {
                let g = self.game_ref()?;
                let text = g.describe_action(req.need("action")?)?;
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
            other => Err(ProtocolError::UnknownCommand(other.to_string())),
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
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        let response = match std::str::from_utf8(&buf) {
            Ok(line) => engine.handle_line(line),
            Err(e) => Some(error_response(
                &ProtocolError::bad(format!("the line is not UTF-8: {e}")),
                None,
            )),
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
