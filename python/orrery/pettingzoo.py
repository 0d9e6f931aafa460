"""PettingZoo environments for every Orrery ruleset and scenario.

``env(ruleset, scenario=None)`` is an AEC environment: agents ``seat_0``,
``seat_1``, ... take turns as the rules ask. Secret simultaneous orders are played
as sequential turns; the orders stay hidden, because each observation is written
from the seat's own view. ``parallel_env`` gives the parallel API: every seat that
owes a decision acts in one step.

- **Actions**: a fixed ``Discrete(n)`` per scenario. An id means the same move
  whenever it is legal (OpenSpiel's distinct actions). The numbering of each ruleset
  is in docs/learning/<ruleset>.md.
- **Observations**: ``{"observation": float32[m], "action_mask": int8[n]}``. The
  numbers are the seat's view, named field by field in ``env.observation_names``.
  The mask is all zero for an agent that is not to decide.
- **Rewards**: 0 until the game ends; then +1 for a winner, -1 for a loser, and 0 for
  everyone in a draw (no winner, or all win). ``infos[agent]["scores"]`` holds the
  final scores.
- **Illegal ids**: ``illegal_action="raise"`` (the default) refuses an id that is not
  legal now with :class:`~orrery.OrreryError` ``illegal_action`` and changes nothing;
  ``illegal_action="lose"`` ends the episode instead, -1 for the agent that played it
  and 0 for the others (as PettingZoo's ``TerminateIllegalWrapper``), for frameworks
  and checkers that sample ids without the mask.
"""

from __future__ import annotations

import json
import random
from typing import Any, Dict, List, Optional

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
except ImportError as e:  # the extra is not installed
    raise ImportError(
        f"orrery.pettingzoo needs PettingZoo and Gymnasium ({e.name} is missing): "
        "pip install 'orrery[pettingzoo]'",
        name=e.name,
    ) from e

from . import _orrery
from .game import OrreryError, _coded, _maybe_whole, _whole, scenario_spec

ILLEGAL_ACTION = ("raise", "lose")


def _fresh_seed() -> int:
    return random.SystemRandom().getrandbits(63)


class _Table:
    """What both APIs share: the engine's game, the agents, the spaces."""

    # Not parallelizable in PettingZoo's sense: the AEC turns follow the rules, not a
    # fixed cycle of every agent, so `aec_to_parallel` cannot convert them; the
    # parallel API is `parallel_env`.
    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    @_coded
    def _build(self, ruleset: str, scenario: Any, max_steps: Optional[int],
               render_mode: Optional[str], illegal_action: str) -> None:
        self.ruleset = ruleset
        self._spec = scenario_spec(ruleset, scenario)
        self.max_steps = _maybe_whole(max_steps, "max_steps")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        if illegal_action not in ILLEGAL_ACTION:
            raise OrreryError("bad_request",
                              f"illegal_action must be one of {ILLEGAL_ACTION}, not {illegal_action!r}")
        self.illegal_action = illegal_action
        self._started = False
        probe = _orrery.Learn(ruleset, self._spec, 1)
        self._n = probe.action_space()
        self._m = len(probe.observe(0)) // 4
        self.observation_names: List[str] = probe.observation_names(0)
        self.possible_agents = [f"seat_{i}" for i in range(probe.seats())]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._obs_space = {
            a: spaces.Dict({
                "observation": spaces.Box(-np.inf, np.inf, (self._m,), np.float32),
                "action_mask": spaces.Box(0, 1, (self._n,), np.int8),
            })
            for a in self.possible_agents
        }
        self._act_space = {a: spaces.Discrete(self._n) for a in self.possible_agents}
        self.metadata = dict(self.metadata, name=f"orrery_{ruleset.replace('-', '_')}_v0")
        self._template = probe
        self._game = probe.clone()

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space[agent]

    @_coded
    def _new_game(self, seed: Optional[int]) -> None:
        self.game_seed = _whole(seed, "seed") if seed is not None else _fresh_seed()
        # A fresh game object (an agent may still hold the last one), set up from
        # the scenario read once.
        self._game = self._template.clone()
        self._game.reset(self.game_seed)
        self._steps = 0
        self._started = True

    def _need_reset(self, what: str) -> None:
        if not self._started:
            raise OrreryError("no_game", f"{what} before reset(): call reset() first")

    def _seat_of(self, agent: Any) -> int:
        seat = self._seat.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise OrreryError("bad_request",
                              f"agent {agent!r} is not one of {self.possible_agents}")
        return seat

    def _id(self, action: Any) -> int:
        """An action id of this environment's ``Discrete(n)``, or ``bad_request``."""
        if type(action) is int and 0 <= action < self._n:
            return action  # the common case, without the general check's cost
        return _whole(action, "action", self._n)

    def _illegal(self, agent: str, action: int) -> OrreryError:
        return OrreryError("illegal_action",
                           f"action id {action} is not legal for {agent} now (see the action mask)")

    def _observation(self, agent: str) -> Dict[str, np.ndarray]:
        self._need_reset("observe")
        obs, mask = self._game.observe_and_mask(self._seat_of(agent))
        return {
            "observation": np.frombuffer(obs, dtype=np.float32).copy(),
            "action_mask": np.frombuffer(mask, dtype=np.int8).copy(),
        }

    def _final_rewards(self) -> Dict[str, float]:
        out = self._game.outcome()
        if out is None:
            return {a: 0.0 for a in self.possible_agents}
        winners, _ = out
        if not winners or len(winners) == len(self.possible_agents):
            return {a: 0.0 for a in self.possible_agents}
        return {a: (1.0 if self._seat[a] in winners else -1.0) for a in self.possible_agents}

    def _scores(self) -> List[float]:
        out = self._game.outcome()
        return list(out[1]) if out is not None else []

    @_coded
    def _play(self, moves: List[tuple]) -> Optional[tuple]:
        """Play ``(agent, id)`` pairs all or nothing; the first pair whose id is not
        legal now (nothing applied), or ``None``."""
        if len(moves) == 1:
            # One move: the engine's step changes nothing when it refuses.
            (agent, action), = moves
            try:
                self._game.step(self._seat[agent], action)
            except _orrery.EngineError as e:
                if e.args[0] == "illegal_action":
                    return agent, action
                raise
        else:
            illegal = self._game.step_all([(self._seat[a], i) for a, i in moves])
            if illegal is not None:
                return next((a, i) for a, i in moves if self._seat[a] == illegal)
        self._steps += len(moves)
        return None

    def render(self) -> Optional[str]:
        """The spectator's text map (nothing secret)."""
        if self.render_mode is None:
            return None
        text = self._game.render(None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # For agents and tools.
    @property
    def game(self) -> "_orrery.Learn":
        """The engine's game behind the environment (``record()``, ``hash()``...)."""
        return self._game

    def record(self) -> Dict[str, Any]:
        """The game so far as a record ``orrery replay`` and ``orrery.load`` read."""
        return json.loads(self._game.record())

    @_coded
    def describe(self, action: int, agent: Optional[str] = None) -> str:
        """What action id ``action`` is for ``agent`` now, in words."""
        agent = agent or self._selected()
        return self._game.describe(self._seat_of(agent), self._id(action))

    @_coded
    def engine_action(self, name: str = "heuristic", seed: int = 0, agent: Optional[str] = None,
                      millis: Optional[int] = None, iterations: Optional[int] = None) -> int:
        """The id of the move the engine's agent ``name`` plays for ``agent`` now."""
        agent = agent or self._selected()
        return self._game.agent(self._seat_of(agent), name, _whole(seed, "seed"),
                                _maybe_whole(millis, "millis"),
                                _maybe_whole(iterations, "iterations", 1 << 32))

    def _selected(self) -> str:
        self._need_reset("an agent's question")
        return self.agent_selection  # type: ignore[attr-defined]


class OrreryEnv(_Table, AECEnv):
    """The AEC environment of one ruleset and scenario (see the module's doc)."""

    def __init__(self, ruleset: str, scenario: Any = None, max_steps: Optional[int] = None,
                 render_mode: Optional[str] = None, illegal_action: str = "raise"):
        super().__init__()
        self._build(ruleset, scenario, max_steps, render_mode, illegal_action)
        self.agents: List[str] = []
        self.agent_selection = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return f"orrery:{self.ruleset}"

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, dict] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        to_move = self._game.to_move()
        self.agent_selection = self.possible_agents[to_move[0]] if to_move else self.agents[0]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        return self._observation(agent)

    def last(self, observe: bool = True):
        self._need_reset("last()")
        return super().last(observe)

    def step(self, action: Any) -> None:
        self._need_reset("step")
        if not self.agents:
            raise OrreryError("game_over", "the episode is over: call reset() for another")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise OrreryError("illegal_action", f"{agent} must act: None is not a move")
        action = self._id(action)
        self._cumulative_rewards[agent] = 0.0
        if self._play([(agent, action)]) is not None:
            if self.illegal_action == "raise":
                raise self._illegal(agent, action)
            self._lose(agent, action)
            return
        # Rewards stay 0 until the end, so a running game's step leaves them be.
        if self._game.terminal():
            self.rewards = self._final_rewards()
            scores = self._scores()
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"scores": scores}
            self._accumulate_rewards()
        elif self.max_steps is not None and self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._select()

    def _lose(self, agent: str, action: int) -> None:
        """``illegal_action="lose"``: the episode ends, -1 for ``agent``, 0 for the rest."""
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.rewards = {a: (-1.0 if a == agent else 0.0) for a in self.agents}
        for a in self.agents:
            self.terminations[a] = True
            self.infos[a] = {"illegal_action": {"agent": agent, "action": action}}
        self._accumulate_rewards()
        self._deads_step_first()  # as at the game's end: the dead leave from the first


class OrreryParallelEnv(_Table, ParallelEnv):
    """The parallel API: each step, every seat that owes a decision acts (in seat
    order; secret simultaneous orders are committed one after the other, each hidden
    from the others' observations). Actions of agents that are not to decide (their
    mask is all zero) are ignored. A step is all or nothing: every action is checked
    before any is applied."""

    def __init__(self, ruleset: str, scenario: Any = None, max_steps: Optional[int] = None,
                 render_mode: Optional[str] = None, illegal_action: str = "raise"):
        self._build(ruleset, scenario, max_steps, render_mode, illegal_action)
        self.agents: List[str] = []

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        return {a: self._observation(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: Dict[str, Any]):
        self._need_reset("step")
        if not self.agents:
            raise OrreryError("game_over", "the episode is over: call reset() for another")
        moves = []
        for seat in self._game.to_move():
            agent = self.possible_agents[seat]
            if actions.get(agent) is None:
                raise OrreryError("illegal_action", f"{agent} must act this step")
            moves.append((agent, self._id(actions[agent])))
        illegal = self._play(moves)
        if illegal is not None:
            if self.illegal_action == "raise":
                raise OrreryError("illegal_action",
                                  f"{self._illegal(*illegal).message}; no action of this step "
                                  "was applied")
            return self._lose(*illegal)
        terminal = self._game.terminal()
        truncated = (not terminal and self.max_steps is not None
                     and self._steps >= self.max_steps)
        rewards = self._final_rewards() if terminal else {a: 0.0 for a in self.agents}
        scores = self._scores() if terminal else None
        obs = {a: self._observation(a) for a in self.agents}
        terms = {a: terminal for a in self.agents}
        truncs = {a: truncated for a in self.agents}
        infos = {a: ({"scores": scores} if terminal else {}) for a in self.agents}
        rewards = {a: rewards[a] for a in self.agents}
        if terminal or truncated:
            self.agents = []
        return obs, rewards, terms, truncs, infos

    def _lose(self, agent: str, action: int):
        """``illegal_action="lose"``: the episode ends, -1 for ``agent``, 0 for the rest."""
        obs = {a: self._observation(a) for a in self.agents}
        rewards = {a: (-1.0 if a == agent else 0.0) for a in self.agents}
        terms = {a: True for a in self.agents}
        truncs = {a: False for a in self.agents}
        infos = {a: {"illegal_action": {"agent": agent, "action": action}} for a in self.agents}
        self.agents = []
        return obs, rewards, terms, truncs, infos


def env(ruleset: str, scenario: Any = None, **kwargs: Any) -> OrreryEnv:
    """The AEC environment of ``ruleset`` (``scenario``: a built-in name, a file, a
    dict, or ``None`` for the first). ``max_steps`` truncates long games;
    ``illegal_action`` (``"raise"`` or ``"lose"``) is what an id that is not legal
    now does (see the module's doc)."""
    return OrreryEnv(ruleset, scenario, **kwargs)


def parallel_env(ruleset: str, scenario: Any = None, **kwargs: Any) -> OrreryParallelEnv:
    """The parallel-API environment of ``ruleset`` (see :class:`OrreryParallelEnv`)."""
    return OrreryParallelEnv(ruleset, scenario, **kwargs)
