"""The lab on Ray: the time of one study on a local Ray cluster of 1 CPU and of 2
CPUs (the speed-up of 2 workers against 1), beside `jobs=1` and `jobs=2` threads in
one process, measured in one run; each report is checked to be the same.

    python bench/ray_speedup.py [--kind calibrate] [--battles 2000]
"""

import argparse
import time

import ray
from orrery import lab


def study(kind, battles, **kw):
    if kind == "sim":
        return lab.sim("stratoyager", agents="greedy", battles=battles, seed=1, **kw)
    return lab.calibrate("stratoyager", battles=battles, seed=1, agents="greedy", **kw)


def timed(f):
    start = time.perf_counter()
    out = f()
    return time.perf_counter() - start, out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--kind", choices=["sim", "calibrate"], default="calibrate")
    p.add_argument("--battles", type=int, default=2000)
    a = p.parse_args()
    rows = {}
    reports = []
    for jobs in (1, 2):
        t, r = timed(lambda: study(a.kind, a.battles, jobs=jobs))
        rows[f"threads, jobs={jobs}"] = t
        reports.append(r)
    for cpus in (1, 2):
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False,
                 configure_logging=False)
        study(a.kind, 20)  # warm the workers up
        t, r = timed(lambda: study(a.kind, a.battles))
        rows[f"Ray, {cpus} worker{'s' if cpus > 1 else ''}"] = t
        reports.append(r)
        ray.shutdown()
    assert all(r == reports[0] for r in reports), "the reports differ"
    print(f"{a.kind} of {a.battles} battles (stratoyager, greedy); every report identical")
    for name, t in rows.items():
        print(f"  {name:<16} {t:7.2f} s")
    print(f"  speed-up: threads {rows['threads, jobs=1'] / rows['threads, jobs=2']:.2f}x, "
          f"Ray {rows['Ray, 1 worker'] / rows['Ray, 2 workers']:.2f}x")


if __name__ == "__main__":
    main()
