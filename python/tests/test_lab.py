"""The lab from Python: the same report as the CLI, battle for battle, on threads
and on a local 2-CPU Ray cluster, whatever the number of parts."""

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
    import orrery
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
