"""The range grid and its heatmap in headless Chromium: range membership under any colouring, a numbered
colour scale that colour-blind players can read, no heatmap without a range, the readout, the slider.
"""
from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

from pokerfsm.web.app import create_app
from pokerfsm.web.questions import encode_query

pytestmark = pytest.mark.browser

PHONE = {"width": 375, "height": 667}
INK = (27, 31, 29)   # the cells' text colour, #1b1f1d

# Machado, Oliveira and Fernandes (2009), full severity: how a dichromat sees a colour (linear RGB)
DICHROMATS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def link(body: dict) -> str:
    return "#q=" + encode_query(body)


def wait_done(page: Page) -> None:
    expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)


def channels(colour: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", colour)[:3])


def linear(c: tuple[float, ...]) -> list[float]:
    return [x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in (v / 255 for v in c)]


def as_seen(c: tuple[int, ...], matrix) -> list[float]:
    lin = linear(c)
    return [min(1.0, max(0.0, sum(m * x for m, x in zip(row, lin)))) for row in matrix]


def luminance(c: tuple[int, ...]) -> float:
    r, g, b = linear(c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def borders(page: Page) -> dict[str, tuple[str, str, bool]]:
    """Each cell: (border style, border width, in the range)."""
    found = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.cell')].map((c) => {
        const s = getComputedStyle(c);
        return [c.dataset.hand, [s.borderTopStyle, s.borderTopWidth, c.getAttribute('aria-pressed') === 'true']];
    }))""")
    return {hand: tuple(values) for hand, values in found.items()}


def test_range_membership_shows_under_the_heatmap_near_the_fair_share(page: Page, live_server: str, artifacts):
    # AKs and 55-TT against AhKh are close to the fair share: coloured near white, still marked in the range
    spot = {"players": [["Ah", "Kh"], "AKs, 55-TT"], "board": [], "dead": []}
    page.goto(live_server + link(spot))
    wait_done(page)
    expect(page.locator("#heat-caption")).to_contain_text("fair share of 50.00%", timeout=30_000)
    cells = borders(page)
    inside = {hand for hand, (_, _, member) in cells.items() if member}
    assert inside == {"AKs", "TT", "99", "88", "77", "66", "55"}
    assert {cells[h][:2] for h in inside} == {("solid", "2px")}
    assert {cells[h][:2] for h in cells if h not in inside} == {("dashed", "1px")}
    heat = page.evaluate("async () => (await import('./heat.js')).heat.shown")
    assert any(abs(c["equity"] - heat["fair"]) < 0.06 for c in heat["classes"].values())   # some near the fair share
    page.locator("#grid-panel").screenshot(path=artifacts / "web-grid-heatmap-membership.png")


def heat_colour(page: Page, equity: float, fair: float) -> str:
    """The colour the page's scale gives ``equity`` when the fair share is ``fair``."""
    return page.evaluate(f"async () => (await import('./heat.js')).heatColour({equity}, {fair})")


def test_the_legend_is_a_numbered_scale_colour_blind_players_can_read(page: Page, live_server: str):
    spot = {"players": [["Ah", "Kd"], "QQ+, AKs, JTs, 55-99"], "board": ["Qd", "7c", "2s"], "dead": []}
    page.goto(live_server + link(spot))
    wait_done(page)
    expect(page.locator(".heat-ticks span")).to_have_text(["0%", "25%", "50%", "75%", "100%", "fair share 50.00%"],
                                                          timeout=30_000)
    expect(page.locator("#heat-scale")).to_have_attribute("aria-label", re.compile("orange below .* blue above"))
    heat = page.evaluate("async () => (await import('./heat.js')).heat.shown")
    for hand, figures in heat["classes"].items():   # each cell has the colour the scale gives its equity
        colour = page.locator(f"#cell-{hand}").evaluate("el => getComputedStyle(el).backgroundColor")
        assert channels(colour) == channels(heat_colour(page, figures["equity"], heat["fair"]))
    for fair in (0.5, 1 / 6, 0.1):
        def colour(x: float, fair: float = fair) -> tuple[int, ...]:
            return channels(heat_colour(page, x, fair))

        below, neutral, above = colour(fair / 2), colour(fair), colour(fair + (1 - fair) / 2)
        for name, matrix in DICHROMATS.items():   # the two sides stay apart, and apart from the middle
            seen = [as_seen(c, matrix) for c in (below, neutral, above)]
            assert sum((a - b) ** 2 for a, b in zip(seen[0], seen[2])) ** 0.5 > 0.35, (name, fair)
            for side in (seen[0], seen[2]):
                assert sum((a - b) ** 2 for a, b in zip(side, seen[1])) ** 0.5 > 0.3, (name, fair)
        for x in (i / 40 for i in range(41)):     # the hand's name stays legible on its colour
            assert contrast(INK, colour(x)) >= 4.5, (x, fair, colour(x))


def test_hands_left_out_for_time_still_show_in_the_range(page: Page, serve, engine_factory):
    # a slow engine: the heatmap's share of the deadline runs out after a few of the 13 pairs
    base = serve(create_app(engine=engine_factory(delay=0.3), deadline=2.0))
    spot = {"players": [["Ah", "Kd"], "22+"], "board": ["Qd", "7c", "2s"], "dead": []}
    page.goto(base + "/" + link(spot))
    caption = page.locator("#heat-caption")
    expect(caption).to_contain_text("left out for time", timeout=30_000)
    heat = page.evaluate("async () => (await import('./heat.js')).heat.shown")
    assert not heat["complete"] and 0 < len(heat["classes"]) < 13
    missing = [h for h in ("AA", "KK", "QQ", "JJ", "TT", "99", "88", "77", "66", "55", "44", "33", "22")
               if h not in heat["classes"]]
    expect(caption).to_contain_text(f"{len(missing)} of the 13 hand classes of the range left out for time")
    cells = borders(page)
    for hand in missing:
        cell = page.locator(f"#cell-{hand}")
        expect(cell).to_have_class(re.compile("uncomputed"))
        assert cells[hand][:2] == ("solid", "2px"), hand   # marked as in the range, like the computed ones
        expect(cell).to_have_attribute("aria-label", re.compile("in the range, equity not computed"))
    expect(page.locator("#grid-count")).to_contain_text("live combinations (78 in the range")


def test_no_heatmap_for_a_seat_with_no_range(page: Page, live_server: str):
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/api/heatmap" in r.url else None)
    page.goto(live_server + link({"players": [["Ah", "Kd"], None], "board": [], "dead": []}))
    wait_done(page)
    expect(page.locator("#grid-count")).to_have_text(
        "Seat 2 holds an unknown hand: click cells or type a range to give it one.")
    page.wait_for_timeout(500)
    expect(page.locator("#heat-legend")).to_be_hidden()
    assert asked == []
    page.locator("#range-1").fill("QQ+")   # once it has a range, the heatmap comes
    expect(page.locator("#heat-caption")).to_contain_text("fair share", timeout=30_000)
    assert len(asked) == 1


def test_space_on_a_cell_updates_the_readout(page: Page, live_server: str):
    page.goto(live_server)
    page.locator("#seat-1 .grid-button").focus()
    page.keyboard.press("Enter")                 # the keyboard only: the pointer never crosses the grid
    expect(page.locator("#cell-AA")).to_be_focused()
    readout = page.locator("#grid-readout")
    expect(readout).to_have_text("AA (pair of aces): not in the range")
    page.keyboard.press("Space")
    expect(readout).to_have_text("AA (pair of aces): 6 of 6 combos in the range")
    page.keyboard.press("Space")
    expect(readout).to_have_text("AA (pair of aces): not in the range")


def test_editing_the_grid_of_a_seat_holding_cards_says_so(page: Page, live_server: str):
    page.goto(live_server)
    page.keyboard.type("AhKd")
    page.locator("#grid-seats button", has_text="Seat 1").click()
    page.locator("#cell-QQ").click()
    expect(page.locator("#range-0")).to_have_value("QQ")
    expect(page.locator("#notice")).to_have_text(
        "Seat 1's cards (A♥ K♦) were replaced by the range “QQ” from the grid: Undo (or Ctrl+Z) brings them back.")
    page.locator("#undo").click()
    expect(page.locator("#slot-s0-0")).to_have_attribute("aria-label", re.compile("ace of hearts"))
    expect(page.locator("#range-0")).to_have_value("")


def test_the_slider_shows_where_a_range_stands(page: Page, live_server: str):
    page.goto(live_server)
    page.locator("#grid-seats button", has_text="Seat 2").click()
    value, note, slider = page.locator("#top-value"), page.locator("#top-note"), page.locator("#top-slider")
    page.locator("#range-1").fill("QQ+")          # the first three classes of the order: 18 of 1,326 combos
    expect(value).to_have_text("1.4")
    expect(note).to_have_text("")
    assert float(slider.input_value()) == pytest.approx(1.5)
    page.locator("#range-1").fill("QQ+, 22")      # not the strongest hands first
    expect(value).to_have_text("—")
    expect(note).to_have_text("(not a top-X % range)")
    page.locator("#range-1").fill("")
    page.locator("#cell-AA").click()              # a click, as well as typing
    expect(page.locator("#range-1")).to_have_value("AA")
    expect(value).to_have_text("0.5")


def test_screenshots_of_the_heatmap_at_both_sizes(browser, live_server: str, artifacts):
    spot = {"players": [["Ah", "Kh"], "QQ+, AKs, AQs, JTs, 55-TT"], "board": ["Kd", "7c", "2h"], "dead": []}
    for name, size in (("desktop", {"width": 1280, "height": 800}), ("phone", PHONE)):
        context = browser.new_context(viewport=size)
        page = context.new_page()
        try:
            page.goto(live_server + link(spot))
            wait_done(page)
            expect(page.locator(".heat-fair span")).to_have_count(1, timeout=30_000)
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            scale = page.locator("#heat-scale").bounding_box()
            assert scale["x"] >= 0 and scale["x"] + scale["width"] <= size["width"]
            page.locator("#grid-panel").screenshot(path=artifacts / f"web-grid-heatmap-{name}.png")
        finally:
            context.close()
