"""The package as the README and docs/python.md write it: after ``import orrery`` alone,
``orrery.pettingzoo`` and ``orrery.lab`` are there. Each check runs in a fresh
interpreter, so no other test's ``from orrery import ...`` can have imported the
submodule first."""

import subprocess
import sys
import textwrap


def run_fresh(code):
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                         text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_the_readme_spelling_works_after_import_orrery_alone():
    out = run_fresh("""
        import sys
        import orrery
        assert "orrery.pettingzoo" not in sys.modules  # imported on first use
        e = orrery.pettingzoo.env("black-skies")
        e.reset(seed=42)
        p = orrery.pettingzoo.parallel_env("black-skies")
        report = orrery.lab.sim("black-skies", agents="random", battles=2, seed=1, jobs=1)
        agent = orrery.agents.Agent("random", seed=1)
        print(e.agent_selection in e.possible_agents, report["battles"], type(agent).__name__)
        print(sorted({"lab", "pettingzoo", "agents"} - set(dir(orrery))))
    """)
    assert out.split("\n")[:2] == ["True 2 Agent", "[]"]


def test_without_the_pettingzoo_extra_the_error_says_what_to_install():
    out = run_fresh("""
        import sys
        sys.modules["pettingzoo"] = None  # as if it were not installed
        import orrery                     # the core and the lab need no extra
        g = orrery.new("black-skies", seed=1)
        assert orrery.lab.sim is not None
        for attempt in ("orrery.pettingzoo", "from orrery.pettingzoo import env"):
            try:
                exec(attempt) if attempt.startswith("from") else eval(attempt)
            except ImportError as e:
                print(e)
        try:
            orrery.no_such_thing
        except AttributeError as e:
            print(e)
    """)
    lines = out.strip().split("\n")
    assert len(lines) == 3, out
    for line in lines[:2]:
        assert "pip install 'orrery[pettingzoo]'" in line
        assert "pettingzoo is missing" in line
    assert "no_such_thing" in lines[2]
