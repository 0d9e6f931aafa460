"""Shared fixtures: the CLI binary the Rust test suite built (``ORRERY_BIN``), to
compare the package's answers with the command line's."""

import json
import os
import shutil
import subprocess

import pytest


@pytest.fixture(scope="session")
def orrery_bin():
    path = os.environ.get("ORRERY_BIN") or shutil.which("orrery")
    if not path:
        pytest.fail("ORRERY_BIN is not set and no `orrery` is on PATH")
    return path


@pytest.fixture(scope="session")
def cli(orrery_bin):
    """Run the CLI; its stdout (JSON read when asked)."""

    def run(*args, as_json=False):
        out = subprocess.run([orrery_bin, *args], check=True, capture_output=True,
                             text=True, stdin=subprocess.DEVNULL)
        return json.loads(out.stdout) if as_json else out.stdout

    return run


RULESETS = ["launch-fighters", "stratoyager", "black-skies", "warfleets", "stgv2"]
