"""Issue 38: ``orrery.train`` with its self-play games on a Ray cluster makes the same
run as ``orrery train`` on one machine: the same models, the same log."""

import json
import struct

import orrery
import pytest
from orrery import train

# A residual run with bootstrapped targets: its positions (with their evaluation
# logits) travel from the Ray workers to the driver as the plain ones do.
SETTINGS = dict(generations=2, games=6, iterations=8, max_actions=300, duel_games=2,
                epochs=1, hidden=[8], seed=3, residual=True, search_value=0.5)
CLI = ["--generations", "2", "--games", "6", "--iterations", "8", "--max-actions", "300",
       "--duel-games", "2", "--epochs", "1", "--hidden", "8", "--seed", "3", "--residual",
       "--search-value", "0.5"]


def _weights(path):
    """A model file's header (without how it was started) and its weights."""
    b = path.read_bytes()
    n = struct.unpack("<I", b[8:12])[0]
    header = json.loads(b[12:12 + n])
    for k in ("command", "commit", "uncommitted_changes", "orrery"):
        header["provenance"].pop(k, None)
    return header, b[12 + n:]


def _log(path):
    rows = [json.loads(x) for x in path.read_text().splitlines()]
    for r in rows:
        r.pop("seconds")
    return rows


@pytest.fixture(scope="module")
def ray_cluster():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    yield ray
    ray.shutdown()


def test_ray_training_is_the_cli_run(ray_cluster, cli, tmp_path):
    cli("train", "launch-fighters", *CLI, "--jobs", "1", "--out", str(tmp_path / "cli"))
    log = train.train("launch-fighters", out=str(tmp_path / "ray"), parts=4, **SETTINGS)
    assert [g["generation"] for g in log] == [1, 2]
    assert _log(tmp_path / "ray" / "log.jsonl") == _log(tmp_path / "cli" / "log.jsonl")
    for g in ("gen-0001.model", "gen-0002.model"):
        assert _weights(tmp_path / "ray" / g) == _weights(tmp_path / "cli" / g), g
    header, _ = _weights(tmp_path / "ray" / "gen-0002.model")
    assert header["residual"] and header["format"] == 2
    # The model plays: it loads and estimates.
    orrery.load_model(tmp_path / "ray" / "latest.model")
    try:
        assert 0.0 < orrery.new("launch-fighters", seed=3).estimate(0)["value"] < 1.0
    finally:
        orrery.unload_models()


def test_a_setting_that_does_not_exist_is_refused_by_name(tmp_path):
    with pytest.raises(orrery.OrreryError) as err:
        train.train("launch-fighters", out=str(tmp_path), games=0)
    assert err.value.code == "invalid_setup" and "--games" in err.value.message
