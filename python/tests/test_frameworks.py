"""The environments under the frameworks and checkers that researchers use, which
sample action ids without the mask: with ``illegal_action="lose"`` an illegal id ends
the episode as a loss for the agent that played it (as PettingZoo's
``TerminateIllegalWrapper``), so PettingZoo's ``parallel_seed_test``, RLlib's
environment pre-check and Gymnasium's checks pass; SuperSuit copies environments by
pickling them."""

import os
import warnings

import numpy as np
import orrery
import pytest
from conftest import RULESETS
from orrery.pettingzoo import env, parallel_env
from pettingzoo.test import parallel_seed_test
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pettingzoo_parallel_seed_test_with_unmasked_ids(ruleset):
    parallel_seed_test(lambda: parallel_env(ruleset, illegal_action="lose"), num_cycles=100)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_illegal_id_raises_by_default_and_loses_when_asked(ruleset):
    p = parallel_env(ruleset)
    obs, _ = p.reset(seed=3)
    agent = p.possible_agents[p.game.to_move()[0]]
    illegal = int(np.flatnonzero(obs[agent]["action_mask"] == 0)[0])
    with pytest.raises(orrery.OrreryError) as err:
        p.step({a: illegal for a in p.agents})
    assert err.value.code == "illegal_action"
    p = parallel_env(ruleset, illegal_action="lose")
    obs, _ = p.reset(seed=3)
    before = p.game.hash()
    _, rewards, terms, truncs, infos = p.step({a: illegal for a in p.agents})
    assert rewards[agent] == -1.0
    assert all(r == 0.0 for a, r in rewards.items() if a != agent)
    assert all(terms.values()) and not any(truncs.values()) and not p.agents
    assert infos[agent]["illegal_action"] == {"agent": agent, "action": illegal}
    assert p.game.hash() == before  # the illegal id was not played
    with pytest.raises(orrery.OrreryError) as err:
        parallel_env(ruleset, illegal_action="ignore")
    assert err.value.code == "bad_request" and "illegal_action" in err.value.message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_lose_ends_an_aec_episode_as_terminate_illegal_wrapper_does(ruleset):
    """The same unmasked ids into ``env(illegal_action="lose")`` and into PettingZoo's
    wrapper around the raising environment: the same rewards at the same moment."""
    ours = env(ruleset, illegal_action="lose")
    theirs = TerminateIllegalWrapper(env(ruleset), illegal_reward=-1)
    for e in (ours, theirs):
        e.reset(seed=5)
        for i, a in enumerate(e.possible_agents):
            e.action_space(a).seed(11 + i)
    rng = np.random.default_rng(5)
    steps = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the wrapper's "illegal move" warning
        for agent in ours.agent_iter(2000):
            assert theirs.agent_selection == agent
            o, r, term, trunc, _ = ours.last()
            o2, r2, term2, trunc2, _ = theirs.last()
            assert r == r2 and term == term2, steps
            if term or trunc:
                action = None
            elif rng.random() < 0.7:  # mostly legal, then an unmasked id
                action = int(rng.choice(np.flatnonzero(o["action_mask"])))
            else:
                action = int(ours.action_space(agent).sample())
            ours.step(action)
            theirs.step(action)
            steps += 1
    assert not ours.agents and not theirs.agents
    assert ours.game.hash() == theirs.unwrapped.game.hash()


@pytest.fixture(scope="module")
def rllib():
    pytest.importorskip("tree", reason="RLlib needs dm-tree (python/requirements-test.txt)")
    from ray.rllib.env.wrappers.pettingzoo_env import ParallelPettingZooEnv, PettingZooEnv
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments
    return PettingZooEnv, ParallelPettingZooEnv, check_multiagent_environments


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rllib_pre_check_steps_unmasked_ids(rllib, ruleset):
    aec, par, check = rllib
    check(aec(env(ruleset, illegal_action="lose")))
    check(par(parallel_env(ruleset, illegal_action="lose")))
    # The default refuses the illegal id. The pre-check samples each agent's space
    # without a seed, so seed the spaces (cached per agent) to draw an unmasked id
    # for every agent that has one to draw; otherwise a small space would sometimes
    # sample a legal id and the refusal would go untested.
    p = parallel_env(ruleset)
    obs, _ = p.reset(seed=42)  # the pre-check resets with seed 42
    for a in p.possible_agents:
        mask = obs[a]["action_mask"]
        assert not mask.all(), "every id legal: nothing to refuse"
        seed = next(s for s in range(1000)
                    if not mask[_first_sample(p.action_space(a), s)])
        p.action_space(a).seed(seed)
    with pytest.raises(ValueError, match="step"):
        check(par(p))


def _first_sample(space, seed):
    space.seed(seed)
    return int(space.sample())


@pytest.mark.parametrize("ruleset", RULESETS)
def test_gymnasium_checks_where_they_apply(rllib, ruleset):
    """Gymnasium's ``check_env`` takes single-agent ``gymnasium.Env`` s only (its step
    checks ask for ``truncated is False``, never true of a multi-agent dict). What
    applies: the checks of every agent's spaces, and the passive step checker on an
    unmasked sample through RLlib's ``ParallelPettingZooEnv``, a ``gymnasium.Env``."""
    from gymnasium.utils.env_checker import (check_action_space, check_observation_space,
                                             check_space_limit)
    from gymnasium.utils.passive_env_checker import env_step_passive_checker
    p = parallel_env(ruleset, illegal_action="lose")
    for a in p.possible_agents:
        check_observation_space(p.observation_space(a))
        check_action_space(p.action_space(a))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # an unbounded Box is by design
            check_space_limit(p.observation_space(a), "observation")
        check_space_limit(p.action_space(a), "action")
    _, par, _ = rllib
    wrapped = par(p)
    wrapped.reset(seed=4)
    wrapped.action_space.seed(4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its warnings: dict-valued multi-agent signals
        obs, *_ = env_step_passive_checker(wrapped, wrapped.action_space.sample())
    assert set(obs) == set(p.possible_agents)


@pytest.mark.parametrize("num_cpus", [0, 2])
def test_supersuit_concat_vec_envs(num_cpus):
    ss = pytest.importorskip("supersuit")
    vec = ss.pettingzoo_env_to_vec_env_v1(parallel_env("black-skies", illegal_action="lose"))
    vec = ss.concat_vec_envs_v1(vec, 3, num_cpus=num_cpus, base_class="gymnasium")
    try:
        obs, _ = vec.reset(seed=1)
        assert obs["action_mask"].shape[0] == vec.num_envs == 6
        vec.action_space.seed(1)
        for _ in range(20):
            actions = np.array([vec.action_space.sample() for _ in range(vec.num_envs)])
            obs, rewards, terms, truncs, _ = vec.step(actions)
            assert set(np.unique(rewards)) <= {-1.0, 0.0, 1.0}
    finally:
        vec.close()
