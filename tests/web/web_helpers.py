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


def ask(base: str, path: str, body: dict, timeout: float = 60.0) -> dict:
    """POST ``body`` as a polite client would: wait and ask again while the server answers 429.

    The page under test may still have a request under way (one it abandoned, being cancelled),
    and the server lets one address have only a few at once; a 429 is then the right answer,
    not a failure. Anything but 200 after that fails with the server's words.
    """
    import httpx

    deadline = time.monotonic() + timeout
    while True:
        response = httpx.post(base + path, json=body, timeout=timeout)
        if response.status_code != 429 or time.monotonic() > deadline:
            break
        time.sleep(min(float(response.headers.get("Retry-After", "1")), 1.0))
    assert response.status_code == 200, response.text[:500]
    return response.json()
