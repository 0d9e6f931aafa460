"""Orrery from Python: tabletop space-combat wargames played by their rules.

The engine runs in this process (a Rust extension, ``orrery._orrery``):

>>> import orrery
>>> g = orrery.new("launch-fighters", seed=7)
>>> seat = g.to_move()[0]
>>> g.apply(seat, g.legal(seat)[0])

``orrery.pettingzoo`` holds the PettingZoo environments, ``orrery.lab`` the battle
lab (``sim``, ``calibrate``) on one machine or a Ray cluster, ``orrery.agents`` the
engine's agents. After ``import orrery`` each is there as written
(``orrery.pettingzoo.env("black-skies")``); ``orrery.pettingzoo`` is imported on first
use, as it needs the ``pettingzoo`` extra. See docs/python.md.
"""

import importlib as _importlib

from ._orrery import EngineError as _EngineError  # noqa: F401
from .game import (Game, OrreryError, load, load_model, new, rulesets, scenario, scenario_spec,
                   unload_models)
from . import agents, lab, train

# Submodules that need an extra, imported when first named (each says which extra
# to install when it is missing).
_LAZY = ("pettingzoo",)

__all__ = [
    "Game",
    "OrreryError",
    "agents",
    "lab",
    "load",
    "load_model",
    "new",
    "pettingzoo",
    "rulesets",
    "scenario",
    "scenario_spec",
    "train",
    "unload_models",
]


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError(f"module 'orrery' has no attribute {name!r}")
    # The import binds the submodule as this package's attribute: this runs once.
    return _importlib.import_module(f".{name}", __name__)


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
