"""The range grid at short deck, end to end in headless Chromium (desktop and phone): a 9×9 grid of aces to
sixes, its count over 630 combos, the short-deck top-X % slider, the heatmap, board hits and outs, each
equal to the API's answer, and the 13×13 grid back at hold'em.

Screenshots go to ``artifacts/``.
"""
from __future__ import annotations

import re

import pytest
from web_helpers import ask, expect_hits_table, percent, wait_done

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

from pokerfsm.web.questions import encode_query

pytestmark = pytest.mark.browser

SHORT = "short-deck"


def link(body: dict) -> str:
    return "#q=" + encode_query(body)


def test_the_grid_is_nine_by_nine_and_edits_the_range(sized, artifacts):
    page, base, size = sized
    page.goto(base + link({"game": SHORT, "players": [["Ah", "Kd"], "QQ+"], "board": [], "dead": []}))
    expect(page.locator("#grid-panel")).to_be_visible()
    expect(page.locator("#holdem-only")).to_be_hidden()
    expect(page.locator("#range-grid .cell")).to_have_count(81)
    expect(page.locator("#cell-66")).to_be_visible()
    expect(page.locator("#cell-55")).to_have_count(0)
    expect(page.locator("#cell-A6s")).to_have_attribute("aria-label", re.compile("ace-six suited"))
    expect(page.locator("#cell-66")).to_have_attribute("aria-label", re.compile("pair of sixes"))
    page.locator("#cell-A6s").focus()          # the keys wrap round nine columns, not thirteen
    page.keyboard.press("ArrowRight")
    expect(page.locator("#cell-AA")).to_be_focused()
    page.keyboard.press("End")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#cell-K6s")).to_be_focused()
    # 18 of 630 combos; AhKd leaves 12 of them live
    expect(page.locator("#grid-count")).to_have_text("12 live combinations (18 in the range, 2.86 % of all hands)")
    page.locator("#cell-66").click()
    expect(page.locator("#range-1")).to_have_value("QQ+, 66")
    expect(page.locator("#grid-count")).to_have_text("18 live combinations (24 in the range, 3.81 % of all hands)")
    wait_done(page)
    rows = page.locator("#categories tbody th")   # strongest first, in short deck's ranking
    expect(rows).to_have_text(["Straight flush", "Four of a kind", "Flush", "Full house", "Straight",
                               "Three of a kind", "Two pair", "Pair", "High card"])
    if size["width"] >= 1000:   # desktop; on a phone, the grid fits its width with no sideways scroll
        page.screenshot(path=artifacts / "web-short-deck-grid-desktop.png", full_page=True)
    else:
        assert page.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
        page.locator("#grid-panel").screenshot(path=artifacts / "web-short-deck-grid-phone.png")


def test_the_slider_takes_short_decks_order(page: Page, live_server: str):
    page.goto(live_server + link({"game": SHORT, "players": [["Ah", "Kd"], None], "board": [], "dead": []}))
    page.locator("#grid-seats button", has_text="Seat 2").click()
    page.locator("#top-slider").fill("10")
    answer = ask(live_server, "api/range", {"game": SHORT, "range": "top 10%"})
    expect(page.locator("#range-1")).to_have_value(answer["text"])
    expect(page.locator("#top-value")).to_have_text(f"{round(100 * answer['combos'] / 630, 1):g}")
    # seat 1's ace and king are out for seat 2: the count settles on its live combinations and the range's
    expect(page.locator("#grid-count")).to_contain_text(f"({answer['combos']} in the range,")


def test_heatmap_hits_and_outs_at_short_deck(sized):
    page, base, _ = sized
    spot = {"game": SHORT, "players": [["Ah", "Kh"], "QQ+, AKs, AKo, 98s"], "board": ["Kd", "7c", "6h"], "dead": []}
    page.goto(base + link(spot))
    wait_done(page)
    expect(page.locator("#heat-legend")).to_contain_text("fair share of 50.00%", timeout=30_000)
    heat = ask(base, "api/heatmap", {**spot, "seat": 1})
    assert set(heat["classes"]) == {"AA", "KK", "QQ", "AKs", "AKo", "98s"}
    equity = re.escape(percent(heat["classes"]["98s"]["equity"]))
    expect(page.locator("#cell-98s")).to_have_attribute("aria-label", re.compile(f"equity {equity}"))
    hits = ask(base, "api/hits", {**spot, "seat": 1})
    expect_hits_table(page, hits)
    flop = {"game": SHORT, "players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": ["Qh", "7h", "6c"], "dead": []}
    page.goto(base + link(flop))
    turns = ask(base, "api/outs", flop)["turns"]
    assert len(turns) == 36 - 4 - 3
    groups = {tuple(round(e, 9) for e in t["equities"]) for t in turns}
    expect(page.locator("#outs table.turns tbody tr")).to_have_count(len(groups))
    expect(page.locator("#outs table.turns tbody .mini")).to_have_count(len(turns))


def test_hold_em_gets_its_thirteen_by_thirteen_grid_back(page: Page, live_server: str):
    page.goto(live_server)
    expect(page.locator("#range-grid .cell")).to_have_count(169)
    page.select_option("#game", SHORT)
    expect(page.locator("#range-grid .cell")).to_have_count(81)
    page.select_option("#game", "omaha")
    expect(page.locator("#grid-panel")).to_be_hidden()
    expect(page.locator("#holdem-only")).to_contain_text("for Texas hold'em and Short-deck hold'em only")
    page.select_option("#game", "holdem")
    expect(page.locator("#range-grid .cell")).to_have_count(169)
    page.locator("#grid-seats button", has_text="Seat 2").click()
    page.locator("#range-1").fill("QQ+")
    expect(page.locator("#top-value")).to_have_text("1.4")   # hold'em's order again: 18 of 1,326 combos
