"""The engine's agents (``random``, ``greedy``, ``heuristic``, ``mcts``, ``learned``, ``novice``,
``default``, and the levels ``easy``/``normal``/``hard``), callable on a state."""

from __future__ import annotations

from typing import Any, Optional

from .game import _maybe_whole, _whole

NAMES = ("random", "greedy", "default", "heuristic", "mcts", "novice", "learned", "easy", "normal",
         "hard")


class Agent:
    """An engine agent. ``agent(game, seat)`` returns the action it plays for
    ``seat`` (an :class:`orrery.Game`: the action as a dict; an environment from
    :mod:`orrery.pettingzoo`: the action id). Searching agents think within
    ``millis`` or ``iterations`` (iterations keep them deterministic for a seed).
    Each call is seeded from ``seed`` and the number of calls so far."""

    def __init__(self, name: str = "heuristic", seed: int = 0,
                 millis: Optional[int] = None, iterations: Optional[int] = None):
        self.name = name
        self.seed = _whole(seed, "seed")
        self.millis = _maybe_whole(millis, "millis")
        self.iterations = _maybe_whole(iterations, "iterations", 1 << 32)
        self._calls = 0

    def __call__(self, state: Any, seat: Any = None) -> Any:
        seed = (self.seed * 0x9E3779B97F4A7C15 + self._calls) % (1 << 64)
        self._calls += 1
        if hasattr(state, "agent_action"):
            if seat is None:
                seat = state.to_move()[0]
            return state.agent_action(seat, self.name, seed, self.millis, self.iterations)
        # An environment: the id of the agent's action for the selected agent.
        return state.engine_action(self.name, seed=seed, agent=seat,
                                   millis=self.millis, iterations=self.iterations)

    def __repr__(self) -> str:
        return f"Agent({self.name!r})"
