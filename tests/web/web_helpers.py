"""Helpers the web tests import (a module of its own: test modules never import a conftest)."""
from __future__ import annotations

import time

import pytest

HEATMAP_RANGES = ("QQ+, AKs", "TT+, AQs+, AKo")
"""The heads-up preflop spot of the heatmap-from-the-table tests."""
SHORT_DECK_HEATMAP_RANGES = ("AA, KK, A9s", "QQ+, AKo, T9s")
"""Their short-deck spot (27 matchup classes of ``short-deck-preflop-hu``)."""


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


# ---------------------------------------------------------------- answers and pages of every game

def percent(x: float) -> str:
    """A probability as the page writes it."""
    return f"{100 * x:.2f}%"


def without_timing(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k != "elapsed_s"}


def library_answer(body: dict) -> dict:
    """What ``pokerfsm.equity`` itself says about a request body of any game ('??' an unseen stud card)."""
    import pokerfsm

    players = [p if p is None or isinstance(p, str) else [None if c == "??" else c for c in p]
               for p in body["players"]]
    return pokerfsm.equity(players, " ".join(body.get("board", [])), " ".join(body.get("dead", [])),
                           game=body.get("game", "holdem"), samples=body.get("samples"),
                           seed=body.get("seed")).to_dict()


def assert_answers_as_the_library(client, body: dict) -> dict:
    """POST ``body`` to /api/equity: the answer is the library's, naming the game; returns it."""
    response = client.post("/api/equity", json=body)
    assert response.status_code == 200, response.text
    answer = response.json()
    assert without_timing(answer) == without_timing(library_answer(body))
    assert answer["game"] == body["game"]
    return answer


def expect_hits_table(page, hits: dict) -> None:
    """The page's board-hits table shows the /api/hits answer ``hits``: its live combos and each class's share."""
    from playwright.sync_api import expect

    table = page.locator("#hits")
    expect(table).to_be_visible()
    expect(table.locator("caption")).to_contain_text(f"{hits['combos']} live combinations")
    for row in hits["made"] + hits["draws"]:
        if row["combos"]:
            expect(table.locator("tbody tr", has_text=row["name"]).first).to_contain_text(percent(row["share"]))


def wait_done(page) -> None:
    """Wait until the page shows an answer."""
    from playwright.sync_api import expect

    expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)


def link_body(page) -> dict:
    """The request body a page's URL holds (#q=...)."""
    import re

    from pokerfsm.web.questions import decode_query

    match = re.search(r"#q=([A-Za-z0-9_-]+)$", page.url)
    assert match, page.url
    return decode_query(match.group(1))
