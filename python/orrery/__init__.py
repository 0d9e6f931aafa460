"""Orrery from Python: tabletop space-combat wargames played by their rules.

The engine runs in this process (a Rust extension, ``orrery._orrery``):

>>> import orrery
>>> g = orrery.new("launch-fighters", seed=7)
>>> seat = g.to_move()[0]
>>> g.apply(seat, g.legal(seat)[0])

``orrery.pettingzoo`` holds the PettingZoo environments, ``orrery.lab`` the battle
lab (``sim``, ``calibrate``) on one machine or a Ray cluster, ``orrery.agents`` the
engine's agents. See docs/python.md.
"""

from ._orrery import EngineError as _EngineError  # noqa: F401
from .game import Game, OrreryError, load, new, rulesets, scenario, scenario_spec
from . import agents

__all__ = [
    "Game",
    "OrreryError",
    "agents",
    "load",
    "new",
    "rulesets",
    "scenario",
    "scenario_spec",
]
