"""The game API: the same JSON shapes and error codes as the engine protocol
(``orrery engine``, docs/protocol.md), as Python dicts and exceptions."""

from __future__ import annotations

import functools
import json
import operator
import os
from typing import Any, Dict, List, Optional, Union

from . import _orrery

Scenario = Union[None, str, os.PathLike, Dict[str, Any]]


class OrreryError(Exception):
    """An error of the engine. ``code`` is the protocol's error code
    (``illegal_action``, ``not_your_turn``, ``unknown_scenario``, ...)."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


_U64 = 1 << 64


def _whole(value: Any, name: str, below: int = _U64) -> int:
    """``value`` as an int from 0 to ``below - 1``. Anything else (a float, which is
    never truncated; a negative or oversized number; not a number) is a
    ``bad_request`` that names the argument."""
    if isinstance(value, bool):
        raise OrreryError("bad_request", f"{name} must be a whole number, not {value!r}")
    try:
        n = operator.index(value)  # int, NumPy integers; never a float
    except TypeError:
        raise OrreryError(
            "bad_request",
            f"{name} must be a whole number, not {value!r} ({type(value).__name__})",
        ) from None
    if not 0 <= n < below:
        raise OrreryError("bad_request", f"{name} must be from 0 to {below - 1}, not {n}")
    return n


def _maybe_whole(value: Any, name: str, below: int = _U64) -> Optional[int]:
    """:func:`_whole`, with ``None`` let through."""
    return None if value is None else _whole(value, name, below)


def _coded(f):
    """Turn the extension's errors into :class:`OrreryError`."""

    @functools.wraps(f)
    def call(*args, **kwargs):
        try:
            return f(*args, **kwargs)
        except _orrery.EngineError as e:
            code, message = e.args if len(e.args) == 2 else ("internal_error", str(e))
            raise OrreryError(code, message) from None

    return call


@_coded
def scenario_spec(ruleset: str, scenario: Scenario = None) -> str:
    """The scenario as the extension takes it: ``None`` (the ruleset's first), a
    built-in name, a file (TOML in the ruleset's format, or JSON) or a dict."""
    if scenario is None:
        return json.dumps({"kind": "default"})
    if isinstance(scenario, dict):
        return json.dumps({"kind": "inline", "value": scenario})
    path = os.fspath(scenario)
    looks_like_file = os.path.splitext(path)[1] != "" or "/" in path or os.sep in path
    if os.path.isfile(path) or looks_like_file:
        if not os.path.isfile(path):
            raise OrreryError("unknown_scenario", f"scenario file `{path}` not found")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        value = json.loads(_orrery.read_scenario(ruleset, text, path))
        return json.dumps({"kind": "inline", "value": value, "given": path})
    return json.dumps({"kind": "named", "name": path})


@_coded
def rulesets() -> List[Dict[str, Any]]:
    """Every ruleset with its scenarios (as the protocol's ``rulesets``)."""
    return json.loads(_orrery.rulesets())


@_coded
def scenario(ruleset: str, name: str) -> Dict[str, Any]:
    """A built-in scenario written out, to edit and pass back as a dict."""
    return json.loads(_orrery.scenario_json(ruleset, name))


class Game:
    """One game of any ruleset, refereed by the engine. Seats are numbers from 0."""

    def __init__(self, inner: "_orrery.Game"):
        self._g = inner

    @property
    def ruleset(self) -> str:
        return self._g.ruleset()

    @property
    def seats(self) -> int:
        return self._g.seats()

    def to_move(self) -> List[int]:
        """Seats that owe a decision now (several: secret simultaneous orders)."""
        return self._g.to_move()

    def _seat(self, seat: Any) -> int:
        return _whole(seat, "seat", self.seats)

    def _maybe_seat(self, seat: Any) -> Optional[int]:
        return None if seat is None else self._seat(seat)

    @_coded
    def status(self) -> Dict[str, Any]:
        return json.loads(self._g.status())

    @_coded
    def legal(self, seat: int) -> List[Any]:
        """Every legal action of ``seat`` now, as the protocol writes them."""
        return json.loads(self._g.legal(self._seat(seat)))

    @_coded
    def legal_text(self, seat: int) -> List[str]:
        return self._g.legal_text(self._seat(seat))

    @_coded
    def apply(self, seat: int, action: Any) -> List[Dict[str, Any]]:
        """Play ``action`` for ``seat``; the events the seat sees. On error
        (:class:`OrreryError`) nothing changes."""
        return json.loads(self._g.apply(self._seat(seat), json.dumps(action)))

    @_coded
    def view(self, seat: Optional[int] = None) -> Any:
        """What ``seat`` may see (``None``: a spectator)."""
        return json.loads(self._g.view(self._maybe_seat(seat)))

    @_coded
    def render(self, seat: Optional[int] = None) -> str:
        """The text map and cards the terminal shows ``seat``."""
        return self._g.render(self._maybe_seat(seat))

    @_coded
    def events(self, seat: Optional[int] = None, since: int = 0) -> Dict[str, Any]:
        events, upto = json.loads(self._g.events(self._maybe_seat(seat), _whole(since, "since")))
        return {"events": events, "next": upto}

    @_coded
    def describe(self, action: Any, seat: Optional[int] = None) -> str:
        """One line on ``action`` as ``seat`` reads it."""
        return self._g.describe(self._maybe_seat(seat), json.dumps(action))

    @_coded
    def odds(self, seat: int, action: Any) -> Dict[str, Any]:
        """The exact odds of an attack legal now (docs/odds.md)."""
        return json.loads(self._g.odds(self._seat(seat), json.dumps(action)))

    @_coded
    def estimate(self, seat: int) -> Dict[str, Any]:
        """``seat``'s chance to win (0 to 1) as the learned model judges the game from
        the seat's view alone, with the model's provenance: ``{"seat", "value",
        "model"}``. Raises ``no_model`` when no model fits the game."""
        return json.loads(self._g.estimate(self._seat(seat)))

    @_coded
    def outcome(self) -> Dict[str, Any]:
        """``terminal``, ``winners``, ``scores`` and ``reason``."""
        return json.loads(self._g.outcome())

    @_coded
    def ending(self) -> Optional[Dict[str, Any]]:
        """The result in the ruleset's words once the game is over."""
        return json.loads(self._g.ending())

    @_coded
    def record(self, seat: Optional[int] = None) -> Dict[str, Any]:
        """The referee's record (secrets included), or ``seat``'s own record."""
        return json.loads(self._g.record(self._maybe_seat(seat)))

    def hash(self) -> str:
        """The state hash (16 hex digits), as ``orrery replay`` prints it."""
        return self._g.hash()

    def is_over(self) -> bool:
        return self.outcome()["terminal"]

    def clone(self) -> "Game":
        """An independent copy."""
        return Game(self._g.clone())

    @_coded
    def agent_action(self, seat: int, agent: str = "heuristic", seed: int = 0,
                     millis: Optional[int] = None, iterations: Optional[int] = None) -> Any:
        """The action the engine's agent ``agent`` would play for ``seat`` now."""
        return json.loads(self._g.agent_action(
            self._seat(seat), agent, _whole(seed, "seed"), _maybe_whole(millis, "millis"),
            _maybe_whole(iterations, "iterations", 1 << 32)))

    def __repr__(self) -> str:
        s = self.status()
        return f"<orrery.Game {self.ruleset} turn {s['turn']} {s['phase']} to move {s['to_move']}>"


@_coded
def load_model(path: Union[str, "os.PathLike[str]"]) -> Dict[str, Any]:
    """Use the weights file ``path`` (written by ``orrery train``) for every learned
    agent and :meth:`Game.estimate` of this process, in preference to the shipped
    model of its ruleset, in the games whose ruleset and scenario shape it fits;
    returns what the file says of itself. A file that cannot be read as a model
    (missing, not a model, another format version, inconsistent layers) raises
    ``bad_model`` with the reason and is not loaded. A model of another ruleset or
    shape loads, and is passed over (with a warning on stderr) in the games it does
    not fit."""
    return json.loads(_orrery.load_model(os.fspath(path)))


def unload_models() -> None:
    """Forget every file loaded with :func:`load_model`."""
    _orrery.unload_models()


@_coded
def new(ruleset: str, scenario: Scenario = None, seed: int = 1) -> Game:
    """Set up a game of ``ruleset`` (``orrery.rulesets()`` lists them)."""
    return Game(_orrery.Game(ruleset, scenario_spec(ruleset, scenario), _whole(seed, "seed")))


@_coded
def load(record: Union[Dict[str, Any], str]) -> Game:
    """Replay a record (a dict, JSON text, or a file path), checking every hash."""
    if isinstance(record, dict):
        text = json.dumps(record)
    elif os.path.isfile(record):
        with open(record, encoding="utf-8") as f:
            text = f.read()
    else:
        text = record
    return Game(_orrery.Game.load(text))
