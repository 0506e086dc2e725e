"""Helpers the web tests import (a module of its own: test modules never import a conftest)."""
from __future__ import annotations

import time

import pytest

HEATMAP_RANGES = ("QQ+, AKs", "TT+, AQs+, AKo")
"""The heads-up preflop spot of the heatmap-from-the-table tests."""


def wait_until(condition, timeout: float = 20.0, what: str = "the condition") -> None:
    """Poll ``condition()`` until true; fail after a generous ``timeout`` (not a timing assertion)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"{what} did not happen within {timeout:g} s")
        time.sleep(0.01)
