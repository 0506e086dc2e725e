"""The Flops view in headless Chromium at desktop (1280x800) and phone (390x844) sizes: the report
computed by a job the page polls (with its progress), a table sorted by any column, the texture chart,
and a flop loaded into the calculator's board by a click; at short deck, on its own flops, and the view
following the calculator's game.

The server is told the report has 40 flops (the first 40 canonical ones, as ``limit`` asks), so a
test computes in seconds what the whole report computes in about half a minute; every row is real.
"""
from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import expect
from web_helpers import ask

from pokerfsm.study.flops import flop_row
from pokerfsm.web import flop_jobs
from pokerfsm.web.app import create_app
from pokerfsm.web.questions import encode_query

pytestmark = pytest.mark.browser

SIZES = [pytest.param({"width": 1280, "height": 800}, id="desktop"),
         pytest.param({"width": 390, "height": 844}, id="phone")]
A, B = "QQ+, AK", "22+, ATs+, KQs"
SHORT, SHORT_B = "short-deck", "66+, ATs+, KQs"
FLOPS = 40


def percent(x: float) -> str:
    return f"{100 * x:.2f}%"


@pytest.fixture(params=SIZES)
def flops_page(request, browser, serve, tmp_path, monkeypatch):
    monkeypatch.setenv("POKERFSM_STORE", str(tmp_path / "store.sqlite"))
    monkeypatch.setattr(flop_jobs, "flop_count", lambda game: FLOPS)
    base = serve(create_app())
    context = browser.new_context(viewport=request.param)
    page = context.new_page()
    page.goto(base + "/")
    expect(page.locator(".seat")).to_have_count(2)
    yield page, base
    context.close()


def run_report(page, a=A, b=B):
    if not page.locator("#flops-panel").evaluate("view => view.open"):
        page.locator("#flops-panel summary").click()
    page.locator("#flops-a").fill(a)
    page.locator("#flops-b").fill(b)
    page.locator("#flops-run").click()


def test_a_report_is_computed_then_sorted_and_a_flop_goes_on_the_board(flops_page):
    page, base = flops_page
    run_report(page)
    expect(page.locator("#flops-status")).to_contain_text("Computing:", timeout=10_000)
    rows = page.locator("#flops-table tbody tr")
    expect(rows).to_have_count(FLOPS, timeout=90_000)
    report = ask(base, "/api/flops", {"range_a": A, "range_b": B})
    assert report["computed"] == 0 and len(report["rows"]) == FLOPS   # the job kept every row in the store
    by_flop = {r["flop"]: r for r in report["rows"]}
    # sorted by range A's equity, best first, then worst first
    page.locator("#flops-table thead .sort[data-column='equity_a']").click()
    best = max(report["rows"], key=lambda r: (r["equity_a"], -r["key"]))
    expect(rows.first.locator("th")).to_have_text(best["flop"])
    expect(rows.first.locator("td").nth(1)).to_have_text(percent(best["equity_a"]))
    expect(page.locator("#flops-table th[aria-sort='descending'] .sort")).to_have_text("Equity A")
    page.locator("#flops-table thead .sort[data-column='equity_a']").click()
    worst = min(report["rows"], key=lambda r: r["equity_a"])
    expect(rows.first.locator("td").nth(1)).to_have_text(percent(worst["equity_a"]))
    page.locator("#flops-table thead .sort[data-column='weight']").click()
    expect(rows.first.locator("td").nth(0)).to_have_text(str(max(r["weight"] for r in report["rows"])))
    # the texture chart: one bar per group with flops, range A's weighted equity
    groups = [s for s in report["summaries"] if s["group"] != "all flops" and s["equity_a"] is not None]
    expect(page.locator("#flops-chart .texture-bar")).to_have_count(len(groups))
    first = groups[0]
    expect(page.locator(f"#flops-chart .texture-bar[data-group='{first['group']}']")).to_contain_text(
        percent(first["equity_a"]))
    # a click on a flop puts it on the board, and the calculator answers for it
    flop = rows.nth(3).locator("th").text_content()
    rows.nth(3).locator(".load-flop").click()
    cards = flop.split(" ")
    for i, card in enumerate(cards):
        expect(page.locator(f"#slot-board-{i}")).to_have_attribute(
            "aria-label", re.compile(f"^Board card {i + 1}: {card_name(card)}", re.IGNORECASE))
    page.locator("#seat-0 .range").fill(A)
    page.locator("#seat-1 .range").fill(B)
    expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)
    expect(page.locator("#seat-0 .equity")).to_have_text(percent(by_flop[flop]["equity_a"]))


RANK = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight", "7": "seven",
        "6": "six", "5": "five", "4": "four", "3": "three", "2": "two"}
SUIT = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def card_name(card: str) -> str:
    return f"{RANK[card[0]]} of {SUIT[card[1]]}"


def test_bad_ranges_are_said_and_stop_ends_the_job(flops_page):
    page, _ = flops_page
    run_report(page, "AhKh", B)
    expect(page.locator("#flops-status")).to_contain_text("renamed")
    expect(page.locator("#flops-table")).to_be_hidden()
    run_report(page, "TT+", B)
    expect(page.locator("#flops-stop")).to_be_visible(timeout=10_000)
    page.locator("#flops-stop").click()
    expect(page.locator("#flops-status")).to_contain_text("Stopped.")
    expect(page.locator("#flops-progress")).to_be_hidden()


def test_a_short_deck_report_on_its_own_flops_and_the_view_following_the_game(flops_page, artifacts):
    page, base = flops_page
    page.goto(base + "#q=" + encode_query({"game": SHORT, "players": [A, SHORT_B]}))
    expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)
    page.locator("#flops-panel summary").click()
    expect(page.locator("#flops-game")).to_have_text("Short-deck hold'em")
    expect(page.locator("#flops-b")).to_have_value(SHORT_B)   # taken from the seats on opening
    page.locator("#flops-run").click()
    rows = page.locator("#flops-table tbody tr")
    expect(rows).to_have_count(FLOPS, timeout=90_000)
    report = ask(base, "/api/flops", {"game": SHORT, "range_a": A, "range_b": SHORT_B})
    assert report["game"] == SHORT and report["computed"] == 0 and len(report["rows"]) == FLOPS
    for row in report["rows"][::13]:   # the API's rows are the library's
        direct = flop_row(row["key"], A, SHORT_B, game=SHORT)
        assert {k: direct[k] for k in row} == row
    expect(page.locator("#flops-table caption")).to_contain_text("Short-deck hold'em")
    page.locator("#flops-table thead .sort[data-column='equity_a']").click()
    best = max(report["rows"], key=lambda r: (r["equity_a"], -r["key"]))
    expect(rows.first.locator("th")).to_have_text(best["flop"])
    expect(rows.first.locator("td").nth(1)).to_have_text(percent(best["equity_a"]))
    groups = [s for s in report["summaries"] if s["group"] != "all flops" and s["equity_a"] is not None]
    expect(page.locator("#flops-chart .texture-bar")).to_have_count(len(groups))
    width = page.viewport_size["width"]
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    page.locator("#flops-panel").screenshot(path=artifacts / f"web-short-deck-flops-{width}.png")
    rows.first.locator(".load-flop").click()   # on the calculator's board: its equity is the row's
    expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)
    expect(page.locator("#seat-0 .equity")).to_have_text(percent(best["equity_a"]))
    page.select_option("#game", "holdem")   # another game: the short-deck report goes, and the view says so
    expect(page.locator("#flops-table")).to_be_hidden()
    expect(page.locator("#flops-status")).to_contain_text("Texas hold'em now")
    expect(page.locator("#flops-game")).to_have_text("Texas hold'em")
    page.select_option("#game", "razz")
    expect(page.locator("#flops-panel")).to_be_hidden()
