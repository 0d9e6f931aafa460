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
from .game import OrreryError, _coded, scenario_spec


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
               render_mode: Optional[str]) -> None:
        self.ruleset = ruleset
        self._spec = scenario_spec(ruleset, scenario)
        self.max_steps = max_steps
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
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

    def _new_game(self, seed: Optional[int]) -> None:
        self.game_seed = int(seed) if seed is not None else _fresh_seed()
        # A fresh game object (an agent may still hold the last one), set up from
        # the scenario read once.
        self._game = self._template.clone()
        self._game.reset(self.game_seed)
        self._steps = 0

    def _observation(self, agent: str) -> Dict[str, np.ndarray]:
        obs, mask = self._game.observe_and_mask(self._seat[agent])
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
    def _play(self, agent: str, action: Any) -> None:
        self._game.step(self._seat[agent], int(action))
        self._steps += 1

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

    def describe(self, action: int, agent: Optional[str] = None) -> str:
        """What action id ``action`` is for ``agent`` now, in words."""
        agent = agent or self._selected()
        return _coded(self._game.describe)(self._seat[agent], int(action))

    @_coded
    def engine_action(self, name: str = "heuristic", seed: int = 0, agent: Optional[str] = None,
                      millis: Optional[int] = None, iterations: Optional[int] = None) -> int:
        """The id of the move the engine's agent ``name`` plays for ``agent`` now."""
        agent = agent or self._selected()
        return self._game.agent(self._seat[agent], name, int(seed), millis, iterations)

    def _selected(self) -> str:
        return self.agent_selection  # type: ignore[attr-defined]


class OrreryEnv(_Table, AECEnv):
    """The AEC environment of one ruleset and scenario (see the module's doc)."""

    def __init__(self, ruleset: str, scenario: Any = None, max_steps: Optional[int] = None,
                 render_mode: Optional[str] = None):
        super().__init__()
        self._build(ruleset, scenario, max_steps, render_mode)
        self.agents: List[str] = []

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

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise OrreryError("illegal_action", f"{agent} must act: None is not a move")
        self._cumulative_rewards[agent] = 0.0
        self._play(agent, action)
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


class OrreryParallelEnv(_Table, ParallelEnv):
    """The parallel API: each step, every seat that owes a decision acts (in seat
    order; secret simultaneous orders are committed one after the other, each hidden
    from the others' observations). Actions of agents that are not to decide (their
    mask is all zero) are ignored."""

    def __init__(self, ruleset: str, scenario: Any = None, max_steps: Optional[int] = None,
                 render_mode: Optional[str] = None):
        self._build(ruleset, scenario, max_steps, render_mode)
        self.agents: List[str] = []

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        return {a: self._observation(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: Dict[str, Any]):
        for seat in list(self._game.to_move()):
            agent = self.possible_agents[seat]
            if seat not in self._game.to_move():
                continue  # an earlier order this step settled this seat's question
            if agent not in actions or actions[agent] is None:
                raise OrreryError("illegal_action", f"{agent} must act this step")
            self._play(agent, actions[agent])
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


def env(ruleset: str, scenario: Any = None, **kwargs: Any) -> OrreryEnv:
    """The AEC environment of ``ruleset`` (``scenario``: a built-in name, a file, a
    dict, or ``None`` for the first). ``max_steps`` truncates long games."""
    return OrreryEnv(ruleset, scenario, **kwargs)


def parallel_env(ruleset: str, scenario: Any = None, **kwargs: Any) -> OrreryParallelEnv:
    """The parallel-API environment of ``ruleset`` (see :class:`OrreryParallelEnv`)."""
    return OrreryParallelEnv(ruleset, scenario, **kwargs)
