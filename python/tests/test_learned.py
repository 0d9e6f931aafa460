"""Issue 38: a weights file from ``orrery train`` evaluates to the same numbers in the
package as in the engine protocol (the Rust test ``tests/learned.rs`` compares the
engine with the server); a file that cannot be used raises with the reason and loads
nothing."""

import json
import os
import subprocess

import orrery
import pytest

BIN = os.environ.get("ORRERY_BIN")


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    if not BIN:
        pytest.skip("ORRERY_BIN (the orrery binary) is set by tests/python.rs")
    out = tmp_path_factory.mktemp("train")
    subprocess.run(
        [BIN, "train", "launch-fighters", "--generations", "1", "--games", "2",
         "--iterations", "4", "--max-actions", "300", "--duel-games", "0", "--epochs", "1",
         "--hidden", "8", "--jobs", "1", "--out", str(out)],
        check=True, capture_output=True)
    return out / "latest.model"


def _engine(model, lines):
    done = subprocess.run([BIN, "--model", str(model), "engine"],
                          input="".join(json.dumps(x) + "\n" for x in lines),
                          capture_output=True, text=True, check=True)
    return [json.loads(x) for x in done.stdout.splitlines()]


def test_the_package_estimates_as_the_engine_does(tiny_model):
    new = {"cmd": "new", "ruleset": "launch-fighters", "seed": 3}
    g = orrery.new("launch-fighters", seed=3)
    played = []
    for _ in range(5):  # a few actions in, too
        seat = g.to_move()[0]
        action = g.legal(seat)[-1]
        g.apply(seat, action)
        played.append({"cmd": "apply", "player": seat, "action": action})
    answers = _engine(tiny_model, [new] + played + [
        {"cmd": "estimate", "player": 0}, {"cmd": "estimate", "player": 1}])
    about = orrery.load_model(tiny_model)
    try:
        for p in (0, 1):
            e = g.estimate(p)
            theirs = answers[-2 + p]
            assert theirs["ok"], theirs
            assert e["seat"] == p
            assert e["value"] == theirs["value"], (p, e, theirs)
            assert e["model"] == theirs["model"] == about
            assert 0.0 < e["value"] < 1.0
        assert about["provenance"]["settings"]["seed"] == 1
        # The learned agent plays with it, and the same seed picks the same action.
        seat = g.to_move()[0]
        a = g.agent_action(seat, "learned", seed=2, iterations=16)
        assert a == g.agent_action(seat, "learned", seed=2, iterations=16)
        assert a in g.legal(seat)
    finally:
        orrery.unload_models()
    with pytest.raises(orrery.OrreryError) as err:
        g.estimate(0)
    assert err.value.code == "no_model"


def test_a_file_that_cannot_be_used_raises_and_loads_nothing(tmp_path, tiny_model):
    bad = tmp_path / "bad.model"
    bad.write_bytes(b"nope, not weights")
    with pytest.raises(orrery.OrreryError) as err:
        orrery.load_model(bad)
    assert err.value.code == "bad_model"
    assert "not an Orrery weights file" in err.value.message
    with pytest.raises(orrery.OrreryError) as err:
        orrery.load_model(tmp_path / "missing.model")
    assert err.value.code == "bad_model" and "cannot read" in err.value.message
    # A model of another ruleset loads, but fits no Black Skies game.
    orrery.load_model(tiny_model)
    try:
        g = orrery.new("black-skies", seed=3)
        with pytest.raises(orrery.OrreryError) as err:
            g.estimate(g.to_move()[0])
        assert err.value.code == "no_model"
    finally:
        orrery.unload_models()
