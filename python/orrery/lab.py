"""The battle lab from Python: ``sim`` and ``calibrate`` take the arguments of
``orrery sim`` and ``orrery calibrate`` and return the report ``--json`` prints, as a
dict. On one machine they run on ``jobs`` threads; with ``ray_address=`` (or inside a
running Ray job) the battles are split into ranges of seeds run as Ray tasks on the
cluster's workers, and merged. Battle ``i`` depends only on ``seed + i``, so the
report is the same battle for battle whatever the number of workers."""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Dict, List, Optional, Sequence, Union

from . import _orrery
from .game import _coded, _maybe_whole, _whole, scenario_spec

Agents = Union[str, Sequence[str]]


def _default_ruleset() -> str:
    """The ruleset the CLI uses when none is named: the registry's first."""
    return json.loads(_orrery.rulesets())[0]["id"]


def _agents(agents: Agents) -> List[str]:
    return agents.split(",") if isinstance(agents, str) else list(agents)


def _scenario(ruleset: str, scenario: Any) -> Any:
    return json.loads(scenario_spec(ruleset, scenario))


def _ray(ray_address: Optional[str]):
    """Ray, connected: to ``ray_address``, or the running job's cluster; ``None``
    when neither is asked for."""
    try:
        import ray  # noqa: WPS433
    except ImportError:
        if ray_address is not None:
            raise ImportError("ray_address needs Ray: pip install 'orrery[ray]'") from None
        return None
    if ray.is_initialized():
        return ray
    if ray_address is None:
        return None
    ray.init(address=ray_address, ignore_reinit_error=True, log_to_driver=False)
    return ray


def _part_task(ray):
    """The Ray task that plays one range of a study."""

    @ray.remote(num_cpus=1)
    def part(kind: str, job: str, start: int, end: int) -> str:
        from orrery import _orrery as engine  # on the worker

        play = engine.sim_part if kind == "sim" else engine.calibrate_part
        return play(job, start, end, 1)

    return part


def _run(kind: str, job: Dict[str, Any], jobs: Optional[int], ray_address: Optional[str],
         parts: Optional[int], progress: bool) -> Dict[str, Any]:
    jobs = _maybe_whole(jobs, "jobs")
    parts = _maybe_whole(parts, "parts")
    text = json.dumps(job)
    plan = _orrery.sim_plan if kind == "sim" else _orrery.calibrate_plan
    merge = _orrery.sim_merge if kind == "sim" else _orrery.calibrate_merge
    play = _orrery.sim_part if kind == "sim" else _orrery.calibrate_part
    n = plan(text)
    ray = _ray(ray_address)
    if ray is None:
        threads = jobs or os.cpu_count() or 1
        return json.loads(merge(text, [play(text, 0, n, threads)]))
    workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    ranges = _orrery.split(n, parts or workers * 4)
    task = _part_task(ray)
    pending = {task.remote(kind, text, a, b): (a, b) for a, b in ranges}
    done: Dict[tuple, str] = {}
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            done[pending.pop(ref)] = ray.get(ref)
        if progress:
            finished = sum(b - a for a, b in done)
            print(f"\r{kind}: {finished}/{n} battles", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return json.loads(merge(text, [done[r] for r in sorted(done)]))


@_coded
def sim(ruleset: Optional[str] = None, scenario: Any = None, agents: Agents = "random",
        battles: int = 100, seed: int = 1, swap: Optional[bool] = None,
        millis: Optional[int] = None, iterations: Optional[int] = None,
        jobs: Optional[int] = None, ray_address: Optional[str] = None,
        parts: Optional[int] = None, progress: bool = False) -> Dict[str, Any]:
    """``orrery sim``: ``battles`` battles of ``scenario`` between ``agents`` (one per
    seat, cycled), battle ``i`` seeded ``seed + i``; ``swap`` rotates the agents over
    the seats (default: on for two seats). Returns the report ``orrery sim --json``
    prints. ``ray_address`` (e.g. ``"auto"``) runs it on a Ray cluster in ``parts``
    ranges (default: four per CPU). ``ruleset=None`` is the CLI's default ruleset."""
    ruleset = ruleset or _default_ruleset()
    job = {
        "ruleset": ruleset,
        "scenario": _scenario(ruleset, scenario),
        "agents": _agents(agents),
        "battles": _whole(battles, "battles"),
        "seed": _whole(seed, "seed"),
        "swap": swap,
        "millis": _maybe_whole(millis, "millis"),
        "iterations": _maybe_whole(iterations, "iterations", 1 << 32),
    }
    return _run("sim", job, jobs, ray_address, parts, progress)


@_coded
def calibrate(ruleset: Optional[str] = None, roster: Union[str, os.PathLike] = "default",
              battles: int = 200, points: Optional[float] = None, agents: Agents = "greedy",
              scenario: Any = None, seed: int = 1, millis: Optional[int] = None,
              iterations: Optional[int] = None, seat_term: bool = True,
              jobs: Optional[int] = None, ray_address: Optional[str] = None,
              parts: Optional[int] = None, progress: bool = False) -> Dict[str, Any]:
    """``orrery calibrate``: fair unit values fitted on ``battles`` matchups of
    random fleets of ``points`` published points (``roster``: ``"default"`` or a
    roster file, read here and sent to the workers). Returns the report
    ``orrery calibrate --json`` prints; ``ray_address`` as for :func:`sim`."""
    ruleset = ruleset or _default_ruleset()
    job: Dict[str, Any] = {
        "ruleset": ruleset,
        "scenario": _scenario(ruleset, scenario),
        "battles": _whole(battles, "battles"),
        "points": points,
        "agents": _agents(agents),
        "seed": _whole(seed, "seed"),
        "millis": _maybe_whole(millis, "millis"),
        "iterations": _maybe_whole(iterations, "iterations", 1 << 32),
        "seat_term": seat_term,
    }
    if os.fspath(roster) != "default":
        with open(roster, encoding="utf-8") as f:
            job["roster"] = {"name": os.fspath(roster), "text": f.read()}
    return _run("calibrate", job, jobs, ray_address, parts, progress)
