"""The PettingZoo environments: PettingZoo's own API and seed tests for every
built-in scenario of every ruleset, the parallel API where orders are
simultaneous, and secrecy: another seat's hidden order never reaches an observation."""

import copy
import pickle

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


def parallel_simultaneous_state(ruleset, seed):
    """A parallel environment where two seats owe a secret order in one step."""
    p = parallel_env(ruleset)
    obs, _ = p.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(3000):
        if len(p.game.to_move()) >= 2:
            return p, obs
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"])))
                   for a, o in obs.items() if o["action_mask"].any()}
        obs, *_ = p.step(actions)
        if not p.agents:
            break
    pytest.fail(f"{ruleset}: no simultaneous secret order reached")


@pytest.mark.parametrize("ruleset", ["stratoyager", "black-skies"])
def test_a_parallel_step_is_all_or_nothing(ruleset):
    p, obs = parallel_simultaneous_state(ruleset, 4)
    first, second = [p.possible_agents[s] for s in p.game.to_move()[:2]]
    legal = int(np.flatnonzero(obs[first]["action_mask"])[0])
    illegal = int(np.flatnonzero(obs[second]["action_mask"] == 0)[0])
    before, record = p.game.hash(), p.record()
    with pytest.raises(orrery.OrreryError) as err:
        p.step({first: legal, second: illegal})
    # The first seat's legal order was not applied either.
    assert p.game.hash() == before
    assert p.record() == record
    assert err.value.code == "illegal_action"
    assert second in err.value.message
    assert sorted(p.game.to_move()) == sorted(p.possible_agents.index(a) for a in (first, second))
    # And the same step with both orders legal goes through.
    ok = int(np.flatnonzero(obs[second]["action_mask"])[0])
    p.step({first: legal, second: ok})
    assert len(p.record()["actions"]) == len(record["actions"]) + 2


def test_step_after_the_end_raises_and_applies_nothing():
    # Truncated: the game itself could go on, so a step used to be applied.
    p = parallel_env("black-skies", max_steps=1)
    obs, _ = p.reset(seed=2)
    act = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()
           if o["action_mask"].any()}
    _, _, _, truncs, _ = p.step(act)
    assert all(truncs.values()) and not p.agents
    before = p.game.hash()
    legal = {p.possible_agents[s]: p.game.legal_ids(s)[0] for s in p.game.to_move()}
    with pytest.raises(orrery.OrreryError) as err:
        p.step(legal)
    assert err.value.code == "game_over"
    assert p.game.hash() == before
    # Terminated: a whole game played out.
    p = parallel_env("black-skies")
    obs, _ = p.reset(seed=5)
    rng = np.random.default_rng(5)
    while p.agents:
        obs, *_ = p.step({a: int(rng.choice(np.flatnonzero(o["action_mask"])))
                          for a, o in obs.items() if o["action_mask"].any()})
    with pytest.raises(orrery.OrreryError) as err:
        p.step({a: 0 for a in p.possible_agents})
    assert err.value.code == "game_over"
    # The AEC environment, once every agent has left.
    e = env("black-skies", max_steps=3)
    e.reset(seed=2)
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    before = e.game.hash()
    with pytest.raises(orrery.OrreryError) as err:
        e.step(0)
    assert err.value.code == "game_over"
    assert e.game.hash() == before


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


def aec_state(e):
    """Everything an AEC environment's user can read, for comparing copies."""
    return {
        "hash": e.game.hash(), "record": e.record(), "seed": e.game_seed,
        "agents": list(e.agents), "selection": e.agent_selection,
        "rewards": dict(e.rewards), "cumulative": dict(e._cumulative_rewards),
        "terminations": dict(e.terminations), "truncations": dict(e.truncations),
        "infos": dict(e.infos),
        "obs": {a: {k: v.tolist() for k, v in e.observe(a).items()} for a in e.possible_agents},
    }


def copies(e):
    return {"deepcopy": copy.deepcopy(e), "pickle": pickle.loads(pickle.dumps(e))}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_aec_environment_copies_and_pickles_to_an_equal_state(ruleset):
    e = env(ruleset, max_steps=500)
    e.reset(seed=9)
    rng = np.random.default_rng(9)
    for _ in range(25):
        a = int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])))
        ahead = e.game.clone()
        ahead.step(e.possible_agents.index(e.agent_selection), a)
        if ahead.terminal():
            break  # copy a game that goes on
        e.step(a)
    for how, c in copies(e).items():
        assert aec_state(c) == aec_state(e), how
        # The copy goes on as the original does, and apart from it.
        a = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[-1])
        before = e.game.hash()
        c.step(a)
        assert e.game.hash() == before, how
        d = copy.deepcopy(e)
        d.step(a)
        assert aec_state(c) == aec_state(d), how
    # Before reset too.
    fresh = env(ruleset)
    for how, c in copies(fresh).items():
        c.reset(seed=3)
        fresh.reset(seed=3)
        assert aec_state(c) == aec_state(fresh), how


@pytest.mark.parametrize("ruleset", ["stratoyager", "black-skies"])
def test_a_parallel_environment_copies_and_pickles_to_an_equal_state(ruleset):
    p, obs = parallel_simultaneous_state(ruleset, 6)
    for how, c in copies(p).items():
        assert c.game.hash() == p.game.hash() and c.record() == p.record(), how
        assert c.agents == p.agents, how
        moves = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()
                 if o["action_mask"].any()}
        d = copy.deepcopy(p)
        got, want = c.step(moves), d.step(moves)
        assert repr(got) == repr(want), how


def test_environment_arguments_are_checked_by_name():
    e = env("black-skies")
    with pytest.raises(orrery.OrreryError) as err:
        e.step(0)
    assert err.value.code == "no_game" and "reset()" in err.value.message
    with pytest.raises(orrery.OrreryError) as err:
        e.last()
    assert err.value.code == "no_game"
    p = parallel_env("black-skies")
    with pytest.raises(orrery.OrreryError) as err:
        p.step({"seat_0": 0, "seat_1": 0})
    assert err.value.code == "no_game" and "reset()" in err.value.message
    for bad in [-1, 1 << 64, 2.5, "1"]:
        with pytest.raises(orrery.OrreryError) as err:
            e.reset(seed=bad)
        assert err.value.code == "bad_request" and "seed" in err.value.message
    e.reset(seed=1)
    p.reset(seed=1)
    before = e.game.hash()
    legal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])
    n = e.action_space(e.agent_selection).n
    mover = e.agent_selection
    for bad in [-1, n, 1 << 70, float(legal), np.float32(legal), "0", True]:
        for step in (lambda: e.step(bad), lambda: p.step({mover: bad})):
            with pytest.raises(orrery.OrreryError) as err:
                step()
            assert err.value.code == "bad_request", (bad, err.value)
            assert "action" in err.value.message
        assert e.game.hash() == before
    with pytest.raises(orrery.OrreryError) as err:
        e.engine_action("heuristic", seed=-1)
    assert err.value.code == "bad_request" and "seed" in err.value.message
    # An engine agent asked for a seat that is not to move: not_your_turn.
    other = next(a for a in e.possible_agents if a != mover)
    with pytest.raises(orrery.OrreryError) as err:
        e.engine_action("heuristic", agent=other)
    assert err.value.code == "not_your_turn"
    with pytest.raises(orrery.OrreryError) as err:
        e.engine_action("no-such-agent")
    assert err.value.code == "unknown_agent"
    with pytest.raises(orrery.OrreryError) as err:
        e.engine_action("heuristic", agent="seat_9")
    assert err.value.code == "bad_request" and "seat_9" in err.value.message
    # NumPy's integers are ids like any other.
    e.step(np.int64(legal))
    assert e.game.hash() != before
    # The engine's game answers lists of ints.
    assert type(e.game.to_move()) is list
    assert all(type(s) is int for s in e.game.to_move())
