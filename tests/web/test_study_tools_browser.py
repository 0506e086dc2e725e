"""The study page's tools in headless Chromium at desktop (1280x800) and phone (390x844) sizes: the
compact equity bar that stays in view below the fold, equity figures in the grid's cells, board-hit
categories marking their hands with their equity (at hold'em and short deck), preset and saved ranges, random
hands and boards."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect
from web_helpers import ask

from pokerfsm.ranges import parse_range
from pokerfsm.study import distributions
from pokerfsm.web.questions import encode_query

pytestmark = pytest.mark.browser

DESKTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}
SIZES = [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")]
SPOT = {"players": ["QQ+, AK", "22+, ATs+, KQs"], "board": ["Kd", "7c", "2h"]}


def percent(x: float) -> str:
    return f"{100 * x:.2f}%"


@pytest.fixture(params=SIZES)
def page_at(request, browser, live_server):
    context = browser.new_context(viewport=request.param)
    page = context.new_page()
    yield page, live_server, request.param
    context.close()


def open_spot(page: Page, base: str, body: dict | None) -> None:
    page.goto(base + ("#q=" + encode_query(body) if body else ""))
    expect(page.locator(".cell")).to_have_count(169)
    if body:
        expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)


def in_viewport(page: Page, selector: str, size: dict) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1


def test_the_equity_bar_stays_in_view_while_using_the_grid(page_at):
    page, base, size = page_at
    open_spot(page, base, SPOT)
    expected = ask(base, "api/equity", SPOT)
    bar = page.locator("#equity-bar")
    expect(bar).to_be_hidden()   # the seats' own figures are in view
    page.locator("#cell-JJ").scroll_into_view_if_needed()
    expect(bar).to_be_visible()
    assert in_viewport(page, "#equity-bar", size)
    figures = bar.locator(".equity-bar-figure")
    expect(figures).to_have_count(2)
    for s, player in enumerate(expected["players"]):
        expect(figures.nth(s)).to_have_text(percent(player["equity"]))
    # an edit made on the grid: the bar follows it, still in view
    page.locator("#grid-seats button").nth(0).click()
    page.locator("#cell-JJ").click()
    expect(page.locator("#range-0")).to_have_value(re.compile("JJ"))
    expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)
    changed = ask(base, "api/equity", {**SPOT, "players": [page.locator("#range-0").input_value(), SPOT["players"][1]]})
    expect(figures.nth(0)).to_have_text(percent(changed["players"][0]["equity"]))
    assert in_viewport(page, "#equity-bar", size)
    page.locator(".equity-bar-top").click()
    expect(bar).to_be_hidden()


def test_grid_cells_show_each_hands_equity(page_at):
    page, base, _ = page_at
    open_spot(page, base, SPOT)
    expect(page.locator("#heat-caption")).to_contain_text("fair share", timeout=30_000)
    heat = ask(base, "api/heatmap", {**SPOT, "seat": 0})["classes"]   # the grid shows seat 1, the first range
    for hand in ("AKo", "AKs", "QQ"):
        expect(page.locator(f"#cell-{hand} .cell-eq")).to_have_text(str(round(100 * heat[hand]["equity"])))
    expect(page.locator("#cell-72o .cell-eq")).to_have_text("")


def test_a_board_hit_category_marks_its_hands_with_their_equity(page_at):
    page, base, _ = page_at
    open_spot(page, base, SPOT)
    page.locator("#grid-seats button").nth(0).click()
    expect(page.locator("#hits")).to_be_visible(timeout=30_000)
    expect(page.locator("#dist-figure")).to_be_visible(timeout=30_000)
    equities = {h["hand"]: h["equity"] for h in ask(base, "api/distribution", {**SPOT, "seat": 0})["seats"][0]["hands"]}
    page.locator(".hit-category", has_text="top pair, top kicker").click()
    marked = page.locator(".cell.hit")
    expect(marked).to_have_count(2)   # AKs and AKo: every AK with a king of the board's other suits
    expect(page.locator("#cell-AKo")).to_have_class(re.compile(r"\bhit\b"))
    expect(page.locator("#cell-AKs")).to_have_class(re.compile(r"\bhit\b"))
    items = page.locator("#hit-hands li")
    expect(items).to_have_count(12)
    best = max((h for h in equities if h[0] == "A" and h[2] == "K"), key=lambda h: equities[h])
    expect(items.first).to_have_text(f"{best} {percent(equities[best])}")
    expect(page.locator("#cell-AKo")).to_have_attribute("aria-label", re.compile("top pair, top kicker: 9 combos"))
    page.locator(".hit-category", has_text="set").click()
    expect(marked).to_have_count(1)
    expect(page.locator("#cell-KK")).to_have_class(re.compile(r"\bhit\b"))
    page.locator(".hit-category", has_text="set").click()   # again: nothing marked
    expect(marked).to_have_count(0)


def test_a_board_hit_category_at_short_deck_lists_its_hands_with_short_deck_equity(page_at):
    page, base, _ = page_at
    spot = {"game": "short-deck", "players": ["QQ+, AK", "66+, ATs+, KQs"], "board": ["Kd", "7c", "6h"]}
    page.goto(base + "#q=" + encode_query(spot))
    expect(page.locator(".cell")).to_have_count(81)
    expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)
    page.locator("#grid-seats button").nth(0).click()
    expect(page.locator("#hits")).to_be_visible(timeout=30_000)
    expect(page.locator("#dist-figure")).to_be_visible(timeout=30_000)
    [seat] = ask(base, "api/distribution", {**spot, "seat": 0})["seats"]
    assert seat["hands"] == distributions(spot["players"], spot["board"], game="short-deck")[0].to_dict()["hands"]
    equities = {h["hand"]: h["equity"] for h in seat["hands"]}
    page.locator(".hit-category", has_text="top pair, top kicker").click()
    items = page.locator("#hit-hands li")
    expect(items).to_have_count(12)   # every AK with a king of the board's other suits
    shown = [text.split(" ") for text in items.all_text_contents()]
    assert {hand for hand, _ in shown} == {h for h in equities if h[0] == "A" and h[2] == "K"}
    assert all(figure == percent(equities[hand]) for hand, figure in shown)   # short deck's equities, best first
    assert [equities[hand] for hand, _ in shown] == sorted((equities[hand] for hand, _ in shown), reverse=True)


def test_preset_and_saved_ranges(page_at):
    page, base, _ = page_at
    open_spot(page, base, None)
    options = page.locator("#preset-range option")
    assert options.count() >= 10
    page.locator("#preset-range").select_option(label="UTG open (15 %)")
    seat = page.locator("#range-1")   # the grid's seat: seat 2 when no seat holds a range
    expect(seat).to_have_value(re.compile(r"^22\+, A2s\+"))
    expect(page.locator("#cell-KQo")).to_have_class(re.compile(r"\bin\b"))
    seat.fill("QQ+, AKs, 0.5(AQs)")   # the preset is plain text, edited as any range
    page.locator("#save-name").fill("my 3-bet")
    page.locator("#save-range").click()
    expect(page.locator("#range-tools-note")).to_have_text("Saved as “my 3-bet”.")
    page.reload()
    expect(page.locator(".cell")).to_have_count(169)
    saved = page.locator("#saved-ranges option")
    expect(saved).to_have_text(["my 3-bet"])
    page.locator("#range-1").fill("")
    page.locator("#preset-range").select_option(label="my 3-bet")
    expect(page.locator("#range-1")).to_have_value("QQ+, AKs, 0.5(AQs)")
    page.locator("#delete-range").click()
    expect(page.locator("#saved-ranges option")).to_have_count(0)


def test_random_hand_and_board(page_at):
    page, base, _ = page_at
    open_spot(page, base, None)
    page.locator("#slot-s1-0").click()
    page.locator("#random-hand").click()
    filled = re.compile(r": (?!empty)")
    for i in (0, 1):
        expect(page.locator(f"#slot-s1-{i}")).to_have_attribute("aria-label", filled)
    expect(page.locator("#slot-s0-0")).to_have_attribute("aria-label", re.compile("empty"))
    board = page.locator("#board-slots .slot")
    for count in (3, 4, 5, 3):
        page.locator("#random-board").click()
        expect(board).to_have_count(5)
        labels = [board.nth(i).get_attribute("aria-label") for i in range(5)]
        assert sum(not label.endswith("empty") for label in labels) == count, labels
    expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)
    cards = page.evaluate("() => location.hash")
    assert cards.startswith("#q=")


def test_every_preset_reads_as_a_range(page_at):
    page, base, _ = page_at
    open_spot(page, base, None)
    texts = page.locator("#preset-range option").evaluate_all("options => options.map(o => o.value)")
    assert len([t for t in texts if t]) >= 10
    for text in filter(None, texts):
        parse_range(text)
