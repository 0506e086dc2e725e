"""The short-deck heatmap painted from ``short-deck-preflop-hu``, end to end in headless Chromium (desktop and
phone): as at hold'em, a heads-up preflop spot's heatmap is asked with the question, and shown while the
equity is still on its way; each cell's equity is the library's.

Screenshots go to ``artifacts/``.
"""
from __future__ import annotations

import re

import pytest
from web_helpers import SHORT_DECK_HEATMAP_RANGES, percent, wait_done

pytest.importorskip("playwright")
from playwright.sync_api import expect

import pokerfsm
from pokerfsm.web.questions import encode_query

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("short_deck_heads_up_table")]

SHORT = "short-deck"


def test_a_heads_up_preflop_heatmap_at_short_deck_comes_from_the_table_at_once(sized, artifacts):
    page, base, size = sized
    held = []   # the equity requests, answered only once the heatmap is on screen
    page.route(re.compile(r"/api/equity\?"), lambda route: held.append(route))
    spot = {"game": SHORT, "players": list(SHORT_DECK_HEATMAP_RANGES), "board": [], "dead": []}
    page.goto(base + "#q=" + encode_query(spot))
    page.locator("#grid-seats button", has_text="Seat 1").click()
    expect(page.locator("#heat-legend")).to_contain_text("table short-deck-preflop-hu", timeout=30_000)
    expect(page.locator("#status")).to_contain_text("Calculating")   # the equity has not been answered
    assert held, "the page asked for the equity"
    for route in held:
        route.continue_()
    page.unroute(re.compile(r"/api/equity\?"))
    wait_done(page)
    for hand in ("AA", "A9s"):
        equity = pokerfsm.equity([hand, SHORT_DECK_HEATMAP_RANGES[1]], game=SHORT, tables=False).players[0].equity
        expect(page.locator(f"#cell-{hand}")).to_have_attribute("aria-label", re.compile(re.escape(percent(equity))))
    page.locator("#grid-panel").screenshot(path=artifacts / f"web-short-deck-heatmap-{size['width']}.png")
