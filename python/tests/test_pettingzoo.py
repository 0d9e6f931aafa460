"""The PettingZoo environments: PettingZoo's own API and seed tests for every
built-in scenario of every ruleset, the parallel API where orders are
simultaneous, and secrecy: another seat's hidden order never reaches an observation."""

import numpy as np
import orrery
import pytest
from conftest import RULESETS
from orrery.pettingzoo import env, parallel_env
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.utils.conversions import aec_to_parallel

# Every built-in scenario of every ruleset (None: the ruleset's default, its first).
CASES = [(r["id"], None) for r in orrery.rulesets()] + [
    (r["id"], s["name"]) for r in orrery.rulesets() for s in r["scenarios"][1:]
]


@pytest.mark.parametrize("ruleset,scenario", CASES)
def test_pettingzoo_api_test(ruleset, scenario):
    api_test(env(ruleset, scenario), num_cycles=300)


@pytest.mark.parametrize("ruleset,scenario", CASES)
def test_pettingzoo_seed_test(ruleset, scenario):
    seed_test(lambda: env(ruleset, scenario), num_cycles=100)


@pytest.mark.parametrize("ruleset", ["stratoyager", "black-skies"])
def test_parallel_api_where_orders_are_simultaneous(ruleset):
    parallel_api_test(parallel_env(ruleset), num_cycles=300)


def test_same_seed_same_game_and_ids_keep_their_meaning():
    e1, e2 = env("stratoyager", "dogfight"), env("stratoyager", "dogfight")
    e1.reset(seed=7)
    e2.reset(seed=7)
    rng = np.random.default_rng(1)
    for _ in range(200):
        if e1.terminations[e1.agent_selection]:
            break
        obs = e1.observe(e1.agent_selection)
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        assert e1.describe(a) == e2.describe(a)
        e1.step(a)
        e2.step(a)
    assert e1.game.hash() == e2.game.hash()


def test_an_illegal_id_is_refused_and_changes_nothing():
    e = env("black-skies")
    e.reset(seed=1)
    before = e.game.hash()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(orrery.OrreryError) as err:
        e.step(illegal)
    assert err.value.code == "illegal_action"
    assert e.game.hash() == before


def simultaneous_state(ruleset, seed):
    """A game where both seats owe a secret order at once, reached by seeded
    random play, and the seat about to commit."""
    e = env(ruleset)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(3000):
        if e.terminations[e.agent_selection]:
            break
        to_move = e.game.to_move()
        mask = e.observe(e.agent_selection)["action_mask"]
        legal = np.flatnonzero(mask)
        if len(to_move) >= 2 and len(legal) >= 2:
            return e, legal
        e.step(int(rng.choice(legal)))
    pytest.fail(f"{ruleset}: no simultaneous secret order reached")


@pytest.mark.parametrize("ruleset", ["stratoyager", "black-skies"])
def test_a_hidden_order_never_reaches_the_other_seats_observation(ruleset):
    for seed in range(3):
        e, legal = simultaneous_state(ruleset, seed)
        mover = e.agent_selection
        others = [a for a in e.possible_agents if a != mover]
        a, b = e.game.clone(), e.game.clone()
        seat = e.possible_agents.index(mover)
        a.step(seat, int(legal[0]))
        b.step(seat, int(legal[-1]))
        assert a.hash() != b.hash(), "the two orders differ"
        for other in others:
            s = e.possible_agents.index(other)
            assert a.observe(s) == b.observe(s), f"{other} can tell {mover}'s orders apart"
            assert a.mask(s) == b.mask(s)


def test_observation_names_document_every_number():
    for ruleset in ["launch-fighters", "stratoyager", "black-skies", "warfleets", "stgv2"]:
        e = env(ruleset)
        shape = e.observation_space("seat_0")["observation"].shape
        assert len(e.observation_names) == shape[0]
        assert len(set(e.observation_names)) == len(e.observation_names)


def test_a_python_agent_plays_against_the_heuristic():
    e = env("launch-fighters")
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    heuristic = orrery.agents.Agent("heuristic", seed=2)
    for agent in e.agent_iter(20000):
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        if agent == "seat_1":
            e.step(heuristic(e, agent))
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not e.agents
    rec = e.record()
    assert orrery.load(rec).hash() == e.game.hash()


def test_the_example_loop_runs_and_reports_a_win_rate():
    import os
    import subprocess
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    script = os.path.join(here, "..", "examples", "play_vs_heuristic.py")
    out = subprocess.run([sys.executable, script, "--ruleset", "black-skies", "--games", "2"],
                         check=True, capture_output=True, text=True, timeout=300)
    assert "of 2 games against the heuristic" in out.stdout


@pytest.mark.parametrize("ruleset", RULESETS)
def test_aec_to_parallel_is_not_claimed_for_turns_that_are_not_cycles(ruleset):
    # The AEC turns follow the rules (a seat may move several times running), not
    # PettingZoo's fixed cycle, so its wrapper cannot convert them: the metadata
    # must not say it can, and PettingZoo then refuses at once, not mid-episode.
    e = env(ruleset)
    assert e.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(e)
    assert parallel_env(ruleset).metadata["is_parallelizable"] is False
