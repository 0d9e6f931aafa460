"""The lab from Python: the same report as the CLI, battle for battle, on threads
and on a local 2-CPU Ray cluster, whatever the number of parts."""

import os

import orrery
import pytest
from orrery import lab


def test_sim_gives_the_cli_report(cli):
    want = cli("sim", "stratoyager", "--scenario", "dogfight", "-n", "60", "--seed", "5",
               "--agents", "greedy,random", "--json", as_json=True)
    got = lab.sim("stratoyager", "dogfight", agents="greedy,random", battles=60, seed=5, jobs=2)
    assert got == want


def test_calibrate_gives_the_cli_report(cli):
    want = cli("calibrate", "stratoyager", "-n", "40", "--seed", "3", "--agents", "random",
               "--json", as_json=True)
    got = lab.calibrate("stratoyager", battles=40, seed=3, agents="random", jobs=1)
    assert got == want


def test_bad_arguments_are_refused_clearly():
    with pytest.raises(orrery.OrreryError) as e:
        lab.sim("stratoyager", agents="no-such-agent", battles=5)
    assert "no-such-agent" in e.value.message
    with pytest.raises(orrery.OrreryError):
        lab.sim("stratoyager", battles=0)


@pytest.fixture(scope="module")
def ray_cluster():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    yield ray
    ray.shutdown()


def test_ray_sim_of_400_battles_is_the_cli_report(ray_cluster, cli):
    want = cli("sim", "black-skies", "-n", "400", "--seed", "17", "--agents", "random",
               "--json", as_json=True)
    for parts in (None, 7):
        got = lab.sim("black-skies", agents="random", battles=400, seed=17, parts=parts)
        assert got == want


def test_ray_calibrate_is_the_cli_report(ray_cluster, cli):
    want = cli("calibrate", "stratoyager", "-n", "40", "--seed", "8", "--agents", "random",
               "--json", as_json=True)
    got = lab.calibrate("stratoyager", battles=40, seed=8, agents="random", parts=3)
    assert got == want



EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples")


def test_scenario_and_roster_files_are_read_as_the_cli_reads_them(cli):
    scenario = os.path.join(EXAMPLES, "my-scenario.toml")
    roster = os.path.join(EXAMPLES, "my-roster.toml")
    want = cli("sim", "launch-fighters", "--scenario", scenario, "-n", "20", "--json",
               as_json=True)
    assert lab.sim("launch-fighters", scenario, battles=20, jobs=1) == want
    want = cli("calibrate", "stratoyager", "--roster", roster, "-n", "30", "--agents",
               "random", "--json", as_json=True)
    assert lab.calibrate("stratoyager", roster=roster, battles=30, agents="random") == want


def test_a_broken_scenario_file_names_the_file(tmp_path):
    with open(os.path.join(EXAMPLES, "my-scenario.toml"), encoding="utf-8") as f:
        text = f.read()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("[[fleets]]", "[[fleetz]]", 1))
    with pytest.raises(orrery.OrreryError) as e:
        orrery.new("launch-fighters", str(bad))
    assert e.value.code == "invalid_setup"
    assert "bad.toml" in e.value.message


def test_no_ruleset_named_is_the_cli_default(cli):
    want = cli("sim", "-n", "10", "--json", as_json=True)
    assert lab.sim(battles=10) == want
