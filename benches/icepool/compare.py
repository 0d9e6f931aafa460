#!/usr/bin/env python3
"""Orrery's exact odds against Icepool, measured in one run.

For every case of `cargo bench --bench odds` this builds the same distribution with
Icepool (https://github.com/HighDiceRoller/icepool) written the way its docs
recommend (`n @ d6`, `d6.highest(k)`, `icepool.map`), checks that Icepool's
probabilities equal ours to 1e-12 (both are printed), times Icepool with `timeit`
and prints a table: case, Icepool time, ours, ratio.

Our side: the script runs `cargo bench --bench odds` with ORRERY_ODDS_JSON set; the
bench then writes each case's mean time (the same figure as its summary table) and
its result to that file. `--ours FILE` reads such a file instead of running cargo.

Fresh computation each time: Icepool caches (`icepool.d` is `functools.cache`d, so
`d6` is one object whose `_sum_cache` keeps every `n @ d6` ever computed; pools are
cached in `PoolSource._new_raw`; binomial rows in `icepool.math.comb_row_cache`).
Every timed call first clears all three (`fresh()`) and builds its dice anew, so
each timing is a full computation. Clearing costs well under a microsecond.

Run (from the repository root):

    python3 -m venv target/icepool-venv
    target/icepool-venv/bin/pip install icepool
    target/icepool-venv/bin/python \
        benches/icepool/compare.py
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import timeit

import icepool
import icepool.math


def fresh():
    """A d6 with empty caches: clears every cache Icepool keeps between calls."""
    icepool.d.cache_clear()
    icepool.z.cache_clear()
    icepool.Pool.clear_cache()
    icepool.math.comb_row_cache.clear()
    return icepool.d(6)


def probs(die, keys):
    """Float probabilities of `keys` (0 when absent), from Icepool's exact fractions."""
    return {k: float(die.probability(k)) for k in keys}


# --- Launch Fighters! (LF-11, LF-12) -------------------------------------------------


def lf_grade(total, n, modifier, defense):
    """LF-11: all dice 1 (the only way n dice sum to n) is an automatic miss;
    otherwise sum − modifiers (minimum 1) ≤ defence miss, > defence hit,
    > 2 × defence direct hit."""
    if total == n:
        return "auto_miss"
    t = max(total + modifier, 1)
    if t > 2 * defense:
        return "direct_hit"
    if t > defense:
        return "hit"
    return "miss"


BARRAGE = ["auto_miss", "miss", "hit", "direct_hit"]


def lf_barrage(n, modifier, defense):
    """`defense`: a ship's Defense, or None for a squadron (the defender's 1D6)."""
    d6 = fresh()
    if defense is None:
        die = icepool.map(lambda s, d: lf_grade(s, n, modifier, d), n @ d6, d6)
    else:
        die = (n @ d6).map(lambda s: lf_grade(s, n, modifier, defense))
    return probs(die, BARRAGE)


def lf_dogfight(attacker_penalty, defender_penalty):
    """LF-12: both roll 1D6 (−1, minimum 1, for an opponent in an asteroid hex); the
    higher roll wins, the lower is the loser's defence (direct if more than double)."""
    d6 = fresh()

    def fight(a, d):
        a = max(a - attacker_penalty, 1)
        d = max(d - defender_penalty, 1)
        if a == d:
            return "no_result"
        side, w, l = ("attacker", a, d) if a > d else ("defender", d, a)
        return f"{side}_direct_hit" if w > 2 * l else f"{side}_hit"

    die = icepool.map(fight, d6, d6)
    return probs(
        die,
        ["no_result", "attacker_hit", "attacker_direct_hit", "defender_hit",
         "defender_direct_hit"],
    )


# --- Stratoyager (SY-17, SY-19, SY-09) -----------------------------------------------

# SY-17: PB 3D6 highest, Close 2D6 highest, Medium 1D6, Long 2D6 lowest, Extreme 3D6
# lowest.
BANDS = {
    "point-blank": (3, "highest"),
    "close": (2, "highest"),
    "medium": (1, "highest"),
    "long": (2, "lowest"),
    "extreme": (3, "lowest"),
}


def sy_hit(d6, band, tht, linked):
    """The attack roll as a Boolean die. Linked (SYO-07 as the engine plays it): after
    a miss the picked die is re-rolled when that can still change the result. Picking
    the highest, the re-roll hits when it reaches THT. Picking the lowest, it can only
    help when the picked die is the one miss (the others all reach THT): so a hit is
    no miss, or one miss and a re-roll reaching THT."""
    n, pick = BANDS[band]
    if tht > 6:  # the seed: THT above 6 always fails
        return icepool.Die([False])
    if pick == "highest":
        top = d6.highest(n)
        if not linked:
            return top >= tht
        return icepool.map(lambda t, r: t >= tht or r >= tht, top, d6)
    if not linked:
        return d6.lowest(n) >= tht
    misses = n @ (d6 < tht)
    return icepool.map(lambda m, r: m == 0 or (m == 1 and r >= tht), misses, d6)


def sy_attack(band, tht, linked, damage_dice, armor, shields, structure, reactor_aft):
    """SY-19: each damage die ≥ armour scores a point, shields absorb one each (one
    level less with Reactor Interference from aft), Structure 0 wrecked, below
    destroyed."""
    d6 = fresh()
    hit = sy_hit(d6, band, tht, linked)
    points = damage_dice @ (d6 >= max(armor, 1))
    usable = max(shields - 1, 0) if reactor_aft else shields
    lost = icepool.map(lambda h, p: max(p - usable, 0) if h else 0, hit, points)
    out = {"p_hit": float(hit.probability(True))}
    for k in range(0, max(damage_dice - usable, 0) + 1):
        out[f"structure_lost.{k}"] = float(lost.probability(k))
    out["p_wrecked"] = float(lost.probability(structure))
    out["p_destroyed"] = float(lost.probability(">", structure))
    return out


def sy_hull_stress(n, fail_on):
    """SY-09: a die fails on a natural `fail_on` or more; 1 fail Greyout, 2 Blackout,
    3 Blackout + 1 Structure, 4+ destroyed."""
    d6 = fresh()
    fails = (n @ (d6 >= fail_on)).map(lambda f: min(f, 4))
    names = ["none", "greyout", "blackout", "structural", "destroyed"]
    return {name: float(fails.probability(i)) for i, name in enumerate(names)}


# The bench's cases (names exactly as benches/odds.rs prints them) → Icepool.
CASES = {
    "lf barrage --dice 3 --defense 4": lambda: lf_barrage(3, 0, 4),
    "lf barrage --dice 6 --squadron --moon": lambda: lf_barrage(6, -1, None),
    "lf barrage --dice 255 --squadron (max)": lambda: lf_barrage(255, 0, None),
    "lf dogfight": lambda: lf_dogfight(False, False),
    "sy attack close tht 5 dmg 2 (no re-roll)":
        lambda: sy_attack("close", 5, False, 2, 4, 1, 3, False),
    "sy attack point-blank --linked dmg 6 RI aft":
        lambda: sy_attack("point-blank", 6, True, 6, 5, 3, 5, True),
    "sy attack extreme --linked dmg 255 (max)":
        lambda: sy_attack("extreme", 3, True, 255, 4, 3, 5, False),
    "sy hull-stress --dice 5": lambda: sy_hull_stress(5, 4),
    "sy hull-stress --dice 255 --fail-on 3 (max)": lambda: sy_hull_stress(255, 3),
}

# Cases Icepool cannot express, and why (none at present: every case of the bench
# is a sum, a highest/lowest or a count of d6, mapped).
CANNOT = {}


def flatten(result):
    """Our JSON result as {key: float}; nested maps as "outer.inner"."""
    out = {}
    for k, v in result.items():
        if isinstance(v, dict):
            for k2, v2 in v.items():
                out[f"{k}.{k2}"] = v2
        else:
            out[k] = v
    return out


def run_ours(repo, quiet):
    fd, path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    env = dict(os.environ, ORRERY_ODDS_JSON=path)
    # Criterion reports on stdout: with --quiet it goes to stderr, with cargo's.
    subprocess.run(["cargo", "bench", "--bench", "odds"], cwd=repo, env=env,
                   check=True, stdout=sys.stderr if quiet else None)
    with open(path) as f:
        data = json.load(f)
    os.unlink(path)
    return data


def time_icepool(f, repeat):
    """Seconds per call: timeit's autorange for the loop count, then the minimum
    over `repeat` rounds (timeit's advice: the least disturbed round)."""
    t = timeit.Timer(f)
    number, _ = t.autorange()
    return min(t.repeat(repeat=repeat, number=number)) / number


def fmt_time(s):
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    if s >= 1e-6:
        return f"{s * 1e6:.2f} µs"
    return f"{s * 1e9:.1f} ns"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ours", help="read our results from this JSON file "
                    "(as the bench writes it) instead of running cargo bench")
    ap.add_argument("--repeat", type=int, default=5, help="timeit rounds (5)")
    ap.add_argument("--quiet", action="store_true", help="only the table")
    args = ap.parse_args()
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if args.ours:
        with open(args.ours) as f:
            ours = json.load(f)
    else:
        ours = run_ours(repo, args.quiet)
    ours = {c["name"]: c for c in ours["cases"]}

    rows = []
    worst = 0.0
    for name, f in CASES.items():
        if name not in ours:
            sys.exit(f"the bench has no case {name!r}")
        ice = f()
        our = flatten(ours[name]["result"])
        if not args.quiet:
            print(f"{name}")
        for k in sorted(set(ice) | set(our)):
            a, b = ice.get(k, 0.0), our.get(k, 0.0)
            d = abs(a - b)
            worst = max(worst, d)
            if not args.quiet:
                flag = "" if d <= 1e-12 else "   <-- DIFFERS"
                print(f"    {k:<22} icepool {a:.17g}  ours {b:.17g}  |Δ| {d:.1e}{flag}")
        t_ice = time_icepool(f, args.repeat)
        t_ours = ours[name]["mean_ns"] * 1e-9
        rows.append((name, t_ice, t_ours, t_ice / t_ours))
    for name in ours:
        if name not in CASES and name not in CANNOT:
            sys.exit(f"no Icepool expression and no reason for {name!r}")

    print()
    print(f"Icepool {icepool.__version__} (Python {sys.version.split()[0]}) against "
          "Orrery, measured in one run; largest |difference| "
          f"{worst:.1e} (must be ≤ 1e-12)")
    print(f"| {'case':<44} | {'Icepool':>10} | {'ours':>10} | {'ratio':>9} |")
    print(f"|{'-' * 46}|{'-' * 11}:|{'-' * 11}:|{'-' * 10}:|")
    for name, ti, to, r in rows:
        print(f"| {name:<44} | {fmt_time(ti):>10} | {fmt_time(to):>10} | "
              f"{r:>8,.0f}× |")
    for name, why in CANNOT.items():
        print(f"| {name:<44} | {'—':>10} | {'':>10} | {'':>9} |  {why}")
    low = min(r for *_, r in rows)
    geo = math.exp(sum(math.log(r) for *_, r in rows) / len(rows))
    print(f"lowest ratio {low:,.0f}×, geometric mean {geo:,.0f}×")
    if worst > 1e-12:
        sys.exit("Icepool and Orrery disagree by more than 1e-12")


if __name__ == "__main__":
    main()
