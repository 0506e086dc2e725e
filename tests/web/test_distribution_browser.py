"""The equity distribution beside the results, in headless Chromium at desktop (1280x800) and phone
(390x844) sizes: each seat's curve, the buckets, and the hand under the pointer with its equity, at
hold'em and short deck (the API's answer, shown, is the library's); hidden at the other games."""
from __future__ import annotations

import re

import httpx
import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect
from web_helpers import ask, wait_until

from pokerfsm.study import distributions
from pokerfsm.web.app import create_app
from pokerfsm.web.questions import encode_query

pytestmark = pytest.mark.browser

SIZES = [pytest.param({"width": 1280, "height": 800}, id="desktop"),
         pytest.param({"width": 390, "height": 844}, id="phone")]
SPOT = {"players": ["QQ+, AK", "22+, ATs+, KQs"], "board": ["Kd", "7c", "2h"]}
SHORT_SPOT = {"game": "short-deck", "players": ["QQ+, AK", "66+, ATs+, KQs"], "board": ["Kd", "7c", "6h"]}


def percent(x: float) -> str:
    return f"{100 * x:.2f}%"


@pytest.fixture(params=SIZES)
def page_at(request, browser, live_server):
    context = browser.new_context(viewport=request.param)
    page = context.new_page()
    yield page, live_server
    context.close()


def open_spot(page: Page, base: str, body: dict) -> None:
    page.goto(base + "#q=" + encode_query(body))
    expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)


@pytest.mark.parametrize("spot", [SPOT, SHORT_SPOT], ids=["holdem", "short-deck"])
def test_both_curves_the_buckets_and_the_hand_under_the_pointer(page_at, spot):
    page, base = page_at
    open_spot(page, base, spot)
    expected = ask(base, "api/distribution", spot)
    library = distributions(spot["players"], spot["board"], game=spot.get("game", "holdem"))
    assert [s["hands"] for s in expected["seats"]] == [d.to_dict()["hands"] for d in library]
    chart = page.locator("#dist-chart")
    expect(chart).to_be_visible(timeout=20_000)
    expect(page.locator("#dist-chart polyline.curve")).to_have_count(2)
    rows = page.locator("#dist-buckets tbody tr")
    expect(rows).to_have_count(6)
    for i, bucket in enumerate(expected["seats"][0]["buckets"]):
        expect(rows.nth(i).locator("th")).to_have_text(bucket["label"])
        expect(rows.nth(i).locator("td").nth(0)).to_have_text(percent(bucket["share"]))
        expect(rows.nth(i).locator("td").nth(1)).to_have_text(percent(expected["seats"][1]["buckets"][i]["share"]))
    expect(rows.nth(5).locator("td").nth(0)).to_have_text(percent(expected["seats"][0]["equity"]))
    # the best hand of seat 1 is at the left edge of the curve
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    page.mouse.move(box["x"] + box["width"] * 36 / 320, box["y"] + box["height"] / 2)
    best = expected["seats"][0]["hands"][0]
    readout = page.locator("#dist-readout")
    expect(readout).to_contain_text(f"Seat 1: {best['hand']} {percent(best['equity'])}")
    # the pointer at the right end: each seat's weakest hand
    page.mouse.move(box["x"] + box["width"] * 311 / 320, box["y"] + box["height"] / 2)
    for seat in expected["seats"]:
        worst = seat["hands"][-1]
        expect(readout).to_contain_text(f"Seat {seat['seat']}: {worst['hand']} {percent(worst['equity'])}")
    expect(page.locator("#dist-chart circle.marker.seat-2")).to_have_attribute("visibility", "visible")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= page.viewport_size["width"]


def test_the_distribution_follows_the_game(page_at):
    page, base = page_at
    spot = {k: v for k, v in SHORT_SPOT.items() if k != "game"}   # a hold'em spot that short deck deals too
    open_spot(page, base, spot)
    holdem = ask(base, "api/distribution", spot)["seats"][0]["equity"]
    total = page.locator("#dist-buckets tbody tr").nth(5).locator("td").nth(0)
    expect(total).to_have_text(percent(holdem), timeout=20_000)
    page.select_option("#game", "omaha")
    expect(page.locator("#dist-status")).to_contain_text("for Texas hold'em and Short-deck hold'em only")
    expect(page.locator("#dist-figure")).to_be_hidden()
    page.select_option("#game", "short-deck")   # the same spot at short deck: its own distribution
    short = ask(base, "api/distribution", SHORT_SPOT)["seats"][0]["equity"]
    assert percent(short) != percent(holdem)
    expect(total).to_have_text(percent(short), timeout=30_000)
    expect(page.locator("#dist-figure")).to_be_visible()


def test_the_arrow_keys_walk_the_curve(page_at):
    page, base = page_at
    open_spot(page, base, SPOT)
    chart = page.locator("#dist-chart")
    expect(chart).to_be_visible(timeout=20_000)
    chart.focus()
    for _ in range(60):
        page.keyboard.press("ArrowLeft")
    expect(page.locator("#dist-readout")).to_contain_text("Seat 1: ")
    text = page.locator("#dist-readout").text_content()
    assert re.search(r"Seat 1: KcKh 98\.\d\d% \(top 3\.7 % of the range\)", text), text


def test_no_distribution_for_known_hands_and_three_curves_for_three_seats(page_at):
    page, base = page_at
    open_spot(page, base, {"players": [["Ah", "Kd"], ["Qs", "Qc"]], "board": ["Kc", "7c", "2h"]})
    expect(page.locator("#dist-status")).to_contain_text("once a seat holds a range")
    expect(page.locator("#dist-figure")).to_be_hidden()
    open_spot(page, base, {"players": ["QQ+", "AK", None], "board": ["Kc", "7c", "2h"]})
    expect(page.locator("#dist-chart polyline.curve")).to_have_count(3, timeout=30_000)
    expect(page.locator("#dist-status")).to_contain_text("random deals")
    expect(page.locator("#dist-buckets thead th")).to_have_count(4)
    chart = page.locator("#dist-chart")
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    page.mouse.move(box["x"] + box["width"] * 36 / 320, box["y"] + box["height"] / 2)
    expect(page.locator("#dist-readout")).to_contain_text(re.compile(r"Seat 3: \w{4} \d+\.\d\d% ±"))


def test_an_edit_stops_the_distribution_on_its_way(browser, serve):
    # a long budget: preflop against a random hand the distribution would deal boards for 20 s
    base = serve(create_app(budget=20.0, deadline=30.0))
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url) if "api/distribution" in r.url else None)
    open_spot(page, base, {"players": [["9h", "7c"], "QQ+, AK, 0.5(TT)"]})
    wait_until(lambda: httpx.get(base + "/api/stats").json()["threads_busy"] == 1, what="the distribution starting")
    page.locator("#slot-s1-0").click()   # seat 2 now holds a hand: a spot with no distribution to show
    page.keyboard.type("AsKs")
    wait_until(lambda: bool(failed), what="the page dropping the old distribution")
    # the server stops computing it (between rounds of boards), long before its 20 s
    wait_until(lambda: httpx.get(base + "/api/stats").json()["threads_busy"] == 0, timeout=15,
               what="the server stopping the old distribution")
    expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)
    expect(page.locator("#dist-status")).to_contain_text("once a seat holds a range")
    page.close()
