"""``orrery train`` from Python: learn a ruleset's evaluation by self-play
(docs/agents.md, Training). On one machine the games run on ``jobs`` threads; with
``ray_address=`` (or inside a running Ray job) each generation's self-play games are
split into ranges of game indices run as Ray tasks on the cluster's workers and
merged in order. Game ``i`` of a generation depends only on the seed, the generation,
``i`` and the previous model, so the run (its models and its log) is the same as
``orrery train`` with the same settings on one machine. The fit and the duels run
in this process.

>>> from orrery import train
>>> log = train.train("launch-fighters", out="runs/lf", generations=2, games=20,
...                   iterations=50)
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Dict, List, Optional, Sequence

from . import _orrery
from .game import _coded, _maybe_whole, _whole, scenario_spec
from .lab import _default_ruleset, _ray

def _part_task(ray):
    """The Ray task that plays one range of a generation's self-play games."""

    @ray.remote(num_cpus=1)
    def part(job: str, generation: int, model: Optional[bytes], start: int, end: int) -> bytes:
        from orrery import _orrery as engine  # on the worker

        return engine.train_part(job, generation, model, start, end, 1)

    return part


@_coded
def train(ruleset: Optional[str] = None, scenario: Any = None, out: Optional[str] = None,
          *, generations: int = 8, games: int = 200, iterations: int = 200,
          explore: float = 0.05, max_actions: int = 4000, window: int = 4,
          epochs: int = 4, batch: int = 256, learning_rate: float = 1e-3,
          hidden: Optional[Sequence[int]] = None, duel_games: int = 40, seed: int = 1,
          value_weight: float = 0.5, draws_by_evaluation: bool = False,
          search_value: float = 0.0, residual: bool = False, jobs: Optional[int] = None,
          ray_address: Optional[str] = None, parts: Optional[int] = None,
          progress: bool = False) -> List[Dict[str, Any]]:
    """Train ``ruleset`` on ``scenario`` into the run directory ``out`` (default
    ``orrery-train/RULESET-SCENARIO``, the scenario as given, or ``default``),
    resuming a run found there. The
    settings are ``orrery train``'s (``hidden=None``: its default). Returns the log:
    one dict per generation. ``ray_address`` (e.g. ``"auto"``) plays the self-play
    games on a Ray cluster in ``parts`` ranges per generation (default: four per
    CPU)."""
    ruleset = ruleset or _default_ruleset()
    settings: Dict[str, Any] = {
        "generations": _whole(generations, "generations"),
        "games": _whole(games, "games"),
        "iterations": _whole(iterations, "iterations", 1 << 32),
        "explore": float(explore),
        "max_actions": _whole(max_actions, "max_actions"),
        "window": _whole(window, "window"),
        "epochs": _whole(epochs, "epochs"),
        "batch": _whole(batch, "batch"),
        "learning_rate": float(learning_rate),
        "duel_games": _whole(duel_games, "duel_games"),
        "seed": _whole(seed, "seed"),
        "value_weight": float(value_weight),
        "draws_by_evaluation": bool(draws_by_evaluation),
        "search_value": float(search_value),
        "residual": bool(residual),
    }
    if hidden is not None:
        settings["hidden"] = [_whole(h, "hidden") for h in hidden]
    job = {"ruleset": ruleset, "scenario": json.loads(scenario_spec(ruleset, scenario)),
           "settings": settings}
    text = json.dumps(job)
    if out is None:
        name = scenario if isinstance(scenario, str) else "default"
        safe = "".join(c if c.isalnum() or c == "-" else "_" for c in str(name))
        out = os.path.join("orrery-train", f"{ruleset}-{safe}")
    jobs = _maybe_whole(jobs, "jobs") or os.cpu_count() or 1
    parts = _maybe_whole(parts, "parts")
    command = f"orrery.train.train({ruleset!r}, {scenario!r}, {settings!r})"
    ray = _ray(ray_address)
    dispatch = None
    if ray is not None:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        n = _orrery.train_games(text)
        ranges = _orrery.split(n, parts or workers * 4)
        task = _part_task(ray)

        def dispatch(generation: int, model: Optional[bytes]) -> List[bytes]:
            ref = ray.put(model)
            pending = {task.remote(text, generation, ref, a, b): (a, b) for a, b in ranges}
            done: Dict[tuple, bytes] = {}
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for r in ready:
                    done[pending.pop(r)] = ray.get(r)
                if progress:
                    finished = sum(b - a for a, b in done)
                    print(f"\rgeneration {generation}: {finished}/{n} self-play games",
                          end="", file=sys.stderr, flush=True)
            if progress:
                print(file=sys.stderr)
            return [done[r] for r in sorted(done)]

    return json.loads(_orrery.train_run(text, os.fspath(out), jobs, dispatch, command))
