"""The game API: the protocol's shapes and error codes, records that replay to the
CLI's hash, agents callable on a state."""

import json
import random

import orrery
import pytest
from conftest import RULESETS


def play_out(g, seed, limit=20000):
    rng = random.Random(seed)
    steps = 0
    while not g.is_over() and steps < limit:
        seat = g.to_move()[0]
        g.apply(seat, rng.choice(g.legal(seat)))
        steps += 1
    return steps


def test_every_ruleset_is_listed_with_its_scenarios():
    listed = {r["id"]: r for r in orrery.rulesets()}
    assert set(RULESETS) <= set(listed)
    assert all(listed[r]["scenarios"] for r in RULESETS)


def test_an_illegal_action_is_refused_with_its_code_and_changes_nothing():
    g = orrery.new("launch-fighters", seed=3)
    before = g.hash()
    seat = g.to_move()[0]
    with pytest.raises(orrery.OrreryError) as e:
        g.apply(seat, {"type": "no-such-action"})
    assert e.value.code == "illegal_action"
    assert g.hash() == before
    other = 1 - seat
    with pytest.raises(orrery.OrreryError) as e:
        g.apply(other, g.legal(seat)[0])
    assert e.value.code == "not_your_turn"
    with pytest.raises(orrery.OrreryError) as e:
        orrery.new("no-such-ruleset")
    assert e.value.code == "unknown_ruleset"
    with pytest.raises(orrery.OrreryError) as e:
        orrery.new("stratoyager", "no-such-scenario")
    assert e.value.code == "unknown_scenario"


def test_a_clone_is_independent():
    g = orrery.new("black-skies", seed=5)
    c = g.clone()
    seat = g.to_move()[0]
    g.apply(seat, g.legal(seat)[0])
    assert c.hash() != g.hash()
    assert len(c.record()["actions"]) == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_record_replays_to_the_hash_the_cli_prints(ruleset, cli, tmp_path):
    g = orrery.new(ruleset, seed=11)
    play_out(g, 11, limit=400)
    record = g.record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    out = cli("replay", str(path))
    assert f"State hash: {g.hash()}" in out
    assert orrery.load(record).hash() == g.hash()


def test_views_describe_odds_and_outcome_have_the_protocol_shapes():
    g = orrery.new("stratoyager", "dogfight", seed=2)
    assert isinstance(g.view(0), dict)
    assert isinstance(g.view(None), dict)
    seat = g.to_move()[0]
    assert isinstance(g.describe(g.legal(seat)[0], seat), str)
    out = g.outcome()
    assert out["terminal"] is False and out["winners"] == []
    play_out(g, 2)
    out = g.outcome()
    assert out["terminal"] is True
    assert g.ending()["headline"]


def test_a_scenario_can_be_edited_as_a_dict():
    s = orrery.scenario("stratoyager", "dogfight")
    g = orrery.new("stratoyager", s, seed=4)
    h = orrery.new("stratoyager", "dogfight", seed=4)
    assert g.hash() == h.hash()


def test_engine_agents_play_on_a_state():
    g = orrery.new("launch-fighters", seed=9)
    agent = orrery.agents.Agent("heuristic", seed=1)
    while not g.is_over():
        seat = g.to_move()[0]
        g.apply(seat, agent(g, seat))
    assert g.outcome()["terminal"]
    # The same seed picks the same actions.
    a = orrery.new("launch-fighters", seed=9)
    seat = a.to_move()[0]
    assert a.agent_action(seat, "mcts", seed=4, iterations=50) == \
        a.agent_action(seat, "mcts", seed=4, iterations=50)


BAD_NUMBERS = [-1, 1 << 64, 2.5, 3.0, "7", True]


def refused(call, name):
    """``call()`` raises the package's ``bad_request`` naming argument ``name``."""
    with pytest.raises(orrery.OrreryError) as e:
        call()
    assert e.value.code == "bad_request", e.value
    assert name in e.value.message, e.value
    return e.value


def test_numbers_are_whole_and_in_range_or_refused_by_name():
    for bad in BAD_NUMBERS:
        refused(lambda: orrery.new("black-skies", seed=bad), "seed")
        refused(lambda: orrery.agents.Agent("random", seed=bad), "seed")
        refused(lambda: orrery.lab.sim("black-skies", battles=bad), "battles")
        refused(lambda: orrery.lab.sim("black-skies", battles=2, seed=bad), "seed")
    g = orrery.new("black-skies", seed=1)
    seat = g.to_move()[0]
    for bad in [-1, 2, 256, 1.0, "0"]:
        refused(lambda: g.legal(bad), "seat")
        refused(lambda: g.view(bad), "seat")
        refused(lambda: g.apply(bad, g.legal(seat)[0]), "seat")
    refused(lambda: g.agent_action(seat, "heuristic", seed=-3), "seed")
    refused(lambda: g.agent_action(seat, "mcts", iterations=2.5), "iterations")
    # Whole numbers of other kinds are fine, NumPy's included.
    np = pytest.importorskip("numpy")
    assert orrery.new("black-skies", seed=np.int64(1)).hash() == g.hash()
    assert orrery.new("black-skies", seed=(1 << 64) - 1).hash()
    assert g.legal(np.uint8(seat)) == g.legal(seat)


def test_to_move_is_a_list_of_ints():
    g = orrery.new("stratoyager", "dogfight", seed=2)
    assert type(g.to_move()) is list and g.to_move() == [0, 1]
    assert all(type(s) is int for s in g.to_move())


def test_an_agent_asked_for_a_seat_not_to_move_is_not_your_turn():
    g = orrery.new("launch-fighters", seed=3)
    other = 1 - g.to_move()[0]
    with pytest.raises(orrery.OrreryError) as e:
        g.agent_action(other, "heuristic")
    assert e.value.code == "not_your_turn"
    with pytest.raises(orrery.OrreryError) as e:
        g.agent_action(g.to_move()[0], "no-such-agent")
    assert e.value.code == "unknown_agent"
