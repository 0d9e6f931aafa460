"""Steps per second of the PettingZoo environment with random legal actions, against
the Rust engine alone doing the same work (listing the legal actions and applying a
random one), measured in one run on each ruleset's default scenario.

    python bench/env_speed.py [--steps 20000] [--rounds 3]

Prints one line per ruleset: engine steps/s, environment steps/s, and the ratio
(environment time per step over engine time per step; the overhead of Python,
PettingZoo, the action mask and the observation)."""

import argparse
import json
import time

import numpy as np
import orrery
from orrery import _orrery
from orrery.pettingzoo import env


def env_rate(ruleset, steps, seed, scan_mask):
    """Environment steps/s: each step observes the selected agent (observation and
    mask) and steps a random legal id, picked from the mask with NumPy
    (``scan_mask``, what a masked policy does) or by the engine (``game.sample``: the
    environment's own cost alone)."""
    e = env(ruleset)
    seats = {a: i for i, a in enumerate(e.possible_agents)}
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = 0
    k = 0
    start = time.perf_counter()
    while done < steps:
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            k += 1
            e.reset(seed=seed + k)
            continue
        obs = e.observe(agent)
        if scan_mask:
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(len(legal))]))
        else:
            e.step(e.game.sample(seats[agent], int(rng.integers(1 << 62))))
        done += 1
    return steps / (time.perf_counter() - start)


def engine_rate(ruleset, steps, seed, ids=False):
    spec = json.dumps({"kind": "default"})
    return steps / _orrery.engine_random_steps(ruleset, spec, seed, steps, ids)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=20000)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--rulesets", default=",".join(r["id"] for r in orrery.rulesets()))
    a = p.parse_args()
    print(f"{'ruleset':<14} {'actions':>8} {'engine/s':>9} {'+ids/s':>8} {'env/s':>8}"
          f" {'ratio':>6} {'env+mask scan/s':>16} {'ratio':>6}")
    for ruleset in a.rulesets.split(","):
        # Interleaved rounds, the median of each: the machine is noisy.
        eng, idd, en, scan = [], [], [], []
        for r in range(a.rounds):
            eng.append(engine_rate(ruleset, a.steps, 100 + r))
            idd.append(engine_rate(ruleset, a.steps, 100 + r, True))
            en.append(env_rate(ruleset, a.steps, 100 + r, False))
            scan.append(env_rate(ruleset, a.steps, 100 + r, True))
        e, i, v, s = (float(np.median(x)) for x in (eng, idd, en, scan))
        n = env(ruleset).action_space("seat_0").n
        print(f"{ruleset:<14} {n:>8,} {e:>9,.0f} {i:>8,.0f} {v:>8,.0f} {e / v:>5.1f}x"
              f" {s:>16,.0f} {e / s:>5.1f}x")


if __name__ == "__main__":
    main()
