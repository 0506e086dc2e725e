"""The page for study, in headless Chromium at desktop (1366x900) and phone (390x844) sizes.

Regression tests for the defects of the browser session (typing, picking over a
range, stale results, cached latency, the skip link, seat numbers, corrected
links, plurals), and the range grid, the heatmap, board hits, outs, the
Exact / Monte Carlo choice and Back/Forward.
"""
from __future__ import annotations

import base64
import json
import re

import httpx
import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect
from web_helpers import HEATMAP_RANGES, ask, expect_hits_table

from pokerfsm import precomputed
from pokerfsm.precomputed import percentile_range
from pokerfsm.web.questions import encode_query

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")]


def percent(x: float) -> str:
    return f"{100 * x:.2f}%"


def link(body: dict) -> str:
    return "#q=" + encode_query(body)


def asked(url: str) -> dict:
    q = re.search(r"q=([A-Za-z0-9_-]+)", url).group(1)
    return json.loads(base64.urlsafe_b64decode(q + "=" * (-len(q) % 4)))


def wait_done(page: Page) -> None:
    expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)


@pytest.fixture(params=SIZES)
def sized(request, browser, live_server):
    """``(page, base url)`` at one of the two sizes."""
    context = browser.new_context(viewport=request.param)
    page = context.new_page()
    page.goto(live_server)
    expect(page.locator(".seat")).to_have_count(2)
    expect(page.locator(".cell")).to_have_count(169)
    yield page, live_server
    context.close()


# ---------------------------------------------------------------- defects 1-6

def test_typing_a_range_sends_one_calculation_and_no_error(sized):
    page, _ = sized
    page.keyboard.type("9h7c")
    wait_done(page)
    equity: list[str] = []
    page.on("request", lambda r: equity.append(r.url) if "/api/equity" in r.url else None)
    page.evaluate("""() => { window.kinds = []; new MutationObserver(() => window.kinds.push(
        document.querySelector('#status').dataset.kind)).observe(document.querySelector('#status'),
        {attributes: true, childList: true, characterData: true, subtree: true}); }""")
    page.locator("#range-1").press_sequentially("TT+,AQs+", delay=90)   # a normal typing pace
    wait_done(page)
    page.wait_for_timeout(600)
    assert [asked(u)["players"][1] for u in equity] == ["TT+,AQs+"]
    assert "error" not in page.evaluate("() => window.kinds")


def test_picking_a_card_never_deletes_a_range_silently(sized):
    page, _ = sized
    page.keyboard.type("AhKd")
    page.locator("#range-1").fill("QQ+,AKs")
    page.locator("#pick-2c").click()
    expect(page.locator("#range-1")).to_have_value("QQ+,AKs")
    expect(page.locator("#slot-board-0")).to_have_attribute("aria-label", re.compile("two of clubs"))
    # choosing the seat's own slot on purpose replaces the range, says so, and Undo brings it back
    page.locator("#slot-s1-0").click()
    page.locator("#pick-3d").click()
    expect(page.locator("#notice")).to_contain_text("Seat 2's range (QQ+,AKs) was replaced")
    expect(page.locator("#range-1")).to_have_value("")
    page.locator("#undo").click()
    expect(page.locator("#range-1")).to_have_value("QQ+,AKs")
    expect(page.locator("#slot-s1-0")).to_have_attribute("aria-label", re.compile("empty"))


def test_an_error_leaves_no_old_results(sized):
    page, _ = sized
    page.keyboard.type("AhKd")
    page.locator("#range-1").fill("QQ+,AKs")
    wait_done(page)
    expect(page.locator("#summary")).to_be_visible()
    page.locator("#range-1").fill("QQ++")
    expect(page.locator("#status")).to_have_text(re.compile(r"^Seat 2: .*QQ\+\+"))
    expect(page.locator("#summary")).to_be_hidden()
    expect(page.locator("#categories")).to_be_hidden()
    for s in (0, 1):
        expect(page.locator(f"#seat-{s} .equity")).to_have_text("—")


def test_a_cached_answer_reports_its_own_latency(sized):
    page, base = sized
    dead = ["2d"] if page.viewport_size["width"] > 500 else ["3d"]   # a question of its own at each size
    spot = {"players": [["Ah", "Kd"], None], "board": ["Qs", "7h", "2c"], "dead": dead}
    page.goto(base + link(spot))
    wait_done(page)
    expect(page.locator("#elapsed")).to_contain_text("(computed in")
    page.reload()
    wait_done(page)
    text = page.locator("#elapsed").text_content()
    assert "from the cache" in text, text
    served = int(re.search(r"answered in (\d+) ms", text).group(1))
    first = float(re.search(r"first computed in ([\d.]+) ms", text).group(1))
    assert served >= 0 and first > 0


def test_the_skip_link_keeps_the_permalink(sized):
    page, base = sized
    spot = {"players": [["Ah", "Kd"], ["Qs", "Qh"]], "board": [], "dead": []}
    page.goto(base + link(spot))
    wait_done(page)
    url = page.url
    page.keyboard.press("Tab")
    expect(page.locator(".skip")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".pick[tabindex='0']")).to_be_focused()
    assert page.url == url
    page.reload()
    expect(page.locator("#slot-s1-1")).to_have_attribute("aria-label", re.compile("queen of hearts"))


def test_errors_count_seats_from_one(sized):
    page, _ = sized
    page.keyboard.type("AhKd")
    page.locator("#range-1").fill("AhKd")   # a valid range, but the same cards as seat 1
    status = page.locator("#status")
    expect(status).to_have_text(re.compile(r"^Seat 2: card 'Ah' is given twice: in seat 1's hand and in seat 2's"))
    expect(page.locator("#seat-1")).to_have_class(re.compile("invalid"))
    assert "players" not in status.text_content() and "player " not in status.text_content()


# ---------------------------------------------------------------- defect 9 and trust

def test_a_corrected_link_says_so(sized):
    page, base = sized
    spot = {"players": [["Ah", "Kd"], ["Ah", "Qc"]] + [None] * 9, "board": [], "dead": []}
    page.goto(base + link(spot))
    notice = page.locator("#notice")
    expect(notice).to_contain_text("11 seats")
    expect(notice).to_contain_text("Ah was given twice")
    expect(page.locator(".seat")).to_have_count(10)
    page.goto(base + "#q=not*base64")
    page.reload()
    expect(notice).to_contain_text("This link is broken")


def test_one_combination_headings_and_announcement(sized):
    page, base = sized
    spot = {"players": [["Ah", "Kd"], "QQ+"], "board": ["2c", "3c", "4c", "5c", "6c"], "dead": []}
    page.goto(base + link(spot))
    wait_done(page)
    expect(page.locator("#seat-0 .seat-hand")).to_have_text("AhKd")
    expect(page.locator("#seat-1 .seat-hand")).to_have_text("QQ+")
    page.goto(base + link({"players": [["Ah", "Kd"], ["Qh", "Qd"]], "board": ["2c", "3c", "4c", "5c", "6c"]}))
    wait_done(page)
    expect(page.locator("#combinations")).to_have_text("1 combination")
    expect(page.locator("#announce")).to_have_text(re.compile(r"Seat 1, AhKd: 50\.00% equity; Seat 2, QhQd"))
    assert page.locator("#announce").get_attribute("aria-live") == "polite"


def test_exact_or_monte_carlo_and_refine(sized):
    page, base = sized
    page.goto(base + link({"players": [["Ah", "Kd"], None, None], "board": [], "dead": []}))
    wait_done(page)
    page.locator("#mode-mc").check()
    wait_done(page)
    expect(page.locator("#mode")).to_have_text(re.compile(r"Monte Carlo, standard error ±\d"))
    expect(page.locator("#combinations")).to_have_text("100,000 samples")
    page.locator("#refine").click()
    wait_done(page)
    expect(page.locator("#combinations")).to_have_text("400,000 samples")
    assert asked(page.url)["samples"] == 400_000
    page.locator("#mode-exact").check()
    expect(page.locator("#mode-samples")).to_have_text("")


def test_back_and_forward_step_through_edits(sized):
    page, _ = sized
    page.keyboard.type("AhKd")
    page.keyboard.type("QsQh")
    wait_done(page)
    page.go_back()
    expect(page.locator("#slot-s1-1")).to_have_attribute("aria-label", re.compile("empty"))
    page.go_back()
    expect(page.locator("#slot-s1-0")).to_have_attribute("aria-label", re.compile("empty"))
    page.go_forward()
    page.go_forward()
    expect(page.locator("#slot-s1-1")).to_have_attribute("aria-label", re.compile("queen of hearts"))
    wait_done(page)
    # Ctrl+Z (outside a text box) is Undo, as the button is
    page.locator("#pick-Ac").focus()
    page.keyboard.press("Control+z")
    expect(page.locator("#slot-s1-1")).to_have_attribute("aria-label", re.compile("empty"))
    expect(page.locator("#undo")).to_be_enabled()


# ---------------------------------------------------------------- the grid

def test_grid_follows_the_text_and_the_text_follows_the_grid(sized):
    page, _ = sized
    page.keyboard.type("AhKd")
    page.locator("#range-1").fill("QQ+")
    expect(page.locator("#cell-QQ")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#cell-JJ")).to_have_attribute("aria-pressed", "false")
    # AhKd in seat 1 leaves AA three combos and KK three: the count is the live one, as everywhere
    expect(page.locator("#grid-count")).to_have_text("12 live combinations (18 in the range, 1.36 % of all hands)")
    page.locator("#cell-AKs").click()
    expect(page.locator("#range-1")).to_have_value("QQ+, AKs")
    page.locator("#cell-KK").click()
    expect(page.locator("#range-1")).to_have_value("AA, QQ, AKs")
    wait_done(page)


def test_grid_drag_selects_a_run(sized):
    page, _ = sized
    page.locator("#grid-seats button", has_text="Seat 2").click()
    box = {h: page.locator(f"#cell-{h}").bounding_box() for h in ("AKs", "AJs")}
    centre = lambda b: (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    page.mouse.move(*centre(box["AKs"]))
    page.mouse.down()
    page.mouse.move(*centre(box["AJs"]), steps=8)
    page.mouse.up()
    expect(page.locator("#range-1")).to_have_value("AJs+")
    for hand in ("AKs", "AQs", "AJs"):
        expect(page.locator(f"#cell-{hand}")).to_have_attribute("aria-pressed", "true")


def test_grid_by_keyboard_only(sized):
    page, _ = sized
    page.locator("#seat-1 .grid-button").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#cell-AA")).to_be_focused()
    for keys, focused in ((("Space", "ArrowDown", "ArrowRight"), "KK"), (("Enter", "ArrowLeft"), "AKo")):
        for key in keys:
            page.keyboard.press(key)
        expect(page.locator(f"#cell-{focused}")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.locator("#range-1")).to_have_value("KK+, AKo")
    expect(page.locator("#cell-AKo")).to_have_attribute("aria-label", re.compile("ace-king offsuit: in the range"))


def test_grid_top_percent_slider(sized):
    page, _ = sized
    page.locator("#grid-seats button", has_text="Seat 2").click()
    page.locator("#top-slider").fill("10")
    expect(page.locator("#range-1")).to_have_value(str(percentile_range(10)))
    expect(page.locator("#grid-count")).to_contain_text(f"{len(percentile_range(10))} combinations")
    # the number then says where the range written stands: whole classes, 134 combos of 1,326
    expect(page.locator("#top-value")).to_have_text(f"{round(100 * len(percentile_range(10)) / 1326, 1):g}")


def test_grid_weights(sized):
    page, _ = sized
    page.locator("#grid-seats button", has_text="Seat 2").click()
    page.locator("#grid-weight").select_option("0.5")
    page.locator("#cell-AQs").click()
    expect(page.locator("#range-1")).to_have_value("0.5(AQs)")
    expect(page.locator("#cell-AQs")).to_have_attribute("aria-label", re.compile(r"in the range \(50 %\)"))
    expect(page.locator("#grid-count")).to_have_text("2 combinations, 0.15 % of all hands")


# ---------------------------------------------------------------- heatmap, hits, outs

def test_heatmap_colours_the_range_by_equity(sized):
    page, base = sized
    spot = {"players": [["Ah", "Kd"], "QQ+, AKs, JTs"], "board": ["Qd", "7c", "2s"], "dead": []}
    page.goto(base + link(spot))
    wait_done(page)
    expect(page.locator("#heat-legend")).to_contain_text("fair share of 50.00%", timeout=30_000)
    api = ask(base, "api/heatmap", {**spot, "seat": 1})
    qq = page.locator("#cell-QQ")
    qq_equity = re.escape(percent(api["classes"]["QQ"]["equity"]))
    expect(qq).to_have_attribute("aria-label", re.compile(f"equity {qq_equity}"))
    above = qq.evaluate("el => getComputedStyle(el).backgroundColor")
    below = page.locator("#cell-JTs").evaluate("el => getComputedStyle(el).backgroundColor")
    r, _, b = map(int, re.findall(r"\d+", above)[:3])
    assert b > r, above   # QQ (a set) is far above its fair share: blue
    r, _, b = map(int, re.findall(r"\d+", below)[:3])
    assert r > b, below   # JTs (a gutshot) is below it: orange
    page.locator("#cell-AKs").focus()
    expect(page.locator("#grid-readout")).to_contain_text("AKs (ace-king suited)")
    expect(page.locator("#grid-readout")).to_contain_text("equity")


def test_preflop_heads_up_heatmap_comes_from_the_table(heads_up_table, sized, artifacts):
    page, base = sized
    spot = {"players": list(HEATMAP_RANGES), "board": [], "dead": []}
    page.goto(base + link(spot))
    page.locator("#grid-seats button", has_text="Seat 1").click()
    expect(page.locator("#heat-legend")).to_contain_text("table preflop-hu", timeout=30_000)
    kk = precomputed.range_vs_range("KK", HEATMAP_RANGES[1]).equity
    expect(page.locator("#cell-KK")).to_have_attribute("aria-label", re.compile(re.escape(percent(kk))))
    wait_done(page)
    page.locator("#grid-panel").screenshot(path=artifacts / f"web-study-heatmap-{page.viewport_size['width']}.png")


def test_a_sampled_table_answer_says_so_and_offers_no_refining(three_way_table, sized):
    page, base = sized
    spot = {"players": [["Ah", "Kh"], None, None], "board": [], "dead": []}
    page.goto(base + link(spot))
    wait_done(page)
    api = ask(base, "api/equity", spot)
    assert api["method"] == "table" and not api["exact"] and api["combinations"] > 1_000_000
    expect(page.locator("#mode")).to_have_text(
        re.compile(r"^Monte Carlo, standard error ±0\.\d+%, from the precomputed tables$"))
    expect(page.locator("#refine")).to_be_hidden()
    for seat, player in enumerate(api["players"]):
        expect(page.locator(f"#seat-{seat} .equity")).to_have_text(percent(player["equity"]))


def test_board_hits_and_outs(sized):
    page, base = sized
    spot = {"players": [["Ah", "Kh"], "QQ+, AKs, AKo, 76s"], "board": ["Kd", "7c", "2h"], "dead": []}
    page.goto(base + link(spot))
    api = httpx.post(base + "api/hits", json={**spot, "seat": 1}).json()
    assert api["combos"] == 30 - 3 - 2 - 1 - 5   # seat 1's Ah and Kh: AA 3, KK 2, AKs 1 and AKo 5 fewer
    expect_hits_table(page, api)
    # outs need every hand known: on the turn, each river card for each seat
    page.goto(base + link({"players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": ["Qh", "7h", "2c", "5s"]}))
    outs = httpx.post(base + "api/outs", json={"players": [["Ah", "Kh"], ["Qs", "Qd"]],
                                               "board": ["Qh", "7h", "2c", "5s"]}).json()
    expect(page.locator("#outs-status")).to_have_text("Each river card, for each seat:")
    wins = len(outs["players"][0]["wins"])
    expect(page.locator("#outs dd").first).to_have_text(re.compile(f"wins after {wins} cards"))
    # on the flop, each turn card's equities, turn cards leaving the same equities in one row
    flop = {"players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": ["Qh", "7h", "2c"]}
    page.goto(base + link(flop))
    turns = httpx.post(base + "api/outs", json=flop).json()["turns"]
    groups = {tuple(round(e, 9) for e in t["equities"]) for t in turns}
    rows = page.locator("#outs table.turns tbody tr")
    expect(rows).to_have_count(len(groups))
    expect(page.locator("#outs table.turns tbody .mini")).to_have_count(len(turns))   # 45 turn cards
    best = max(groups)
    expect(rows.first.locator("td").first).to_have_text(percent(best[0]))


# ---------------------------------------------------------------- layout

def test_ten_seats_keep_the_board_in_view_and_the_table_says_it_scrolls(page: Page, live_server, artifacts):
    page.set_viewport_size(DESKTOP)
    page.goto(live_server + link({"players": [["Ah", "Kd"]] + [None] * 9, "board": [], "dead": []}))
    expect(page.locator(".seat")).to_have_count(10)
    board = page.locator("#board").bounding_box()
    assert board["y"] + board["height"] <= DESKTOP["height"]
    wait_done(page)
    wrap = page.locator("#categories").locator("xpath=..")
    expect(wrap).to_have_class(re.compile("scrolls"))
    page.screenshot(path=artifacts / "web-study-desktop-10-seats.png")


@pytest.mark.parametrize("width", [320, 390])
def test_narrow_phones_do_not_scroll_sideways(browser, live_server, artifacts, width):
    context = browser.new_context(viewport={"width": width, "height": 700})
    page = context.new_page()
    try:
        page.goto(live_server + link({"players": [["Ah", "Kd"], None, "QQ+,AKs", None, None, None],
                                      "board": ["Qs", "7h", "2c"], "dead": ["3d"]}))
        wait_done(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for target in ("#pick-Ah", "#pick-2c", "#cell-AA", "#cell-22"):   # 24 x 24 px targets at least
            box = page.locator(target).bounding_box()
            assert box["width"] >= 24 and box["height"] >= 24, (target, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (target, box)
        expect(page.locator(".table-scroll").first).to_have_class(re.compile("scrolls"))
        page.screenshot(path=artifacts / f"web-study-{width}.png", full_page=True)
    finally:
        context.close()


def test_docs_try_it_out_answers(page: Page, live_server):
    page.set_viewport_size(DESKTOP)
    page.goto(live_server + "docs")
    operation = page.locator(".opblock-post", has_text="/api/equity").first
    operation.locator(".opblock-summary").click()
    operation.get_by_role("button", name="Try it out").click()
    operation.get_by_role("button", name="Execute").click()
    expect(operation.locator(".live-responses-table td.response-col_status").nth(1)).to_have_text("200",
                                                                                               timeout=30_000)


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two CSS rgb() colours."""
    def luminance(colour: str) -> float:
        channels = [int(x) / 255 for x in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_empty_slots_and_range_boxes_have_3_to_1_borders(page: Page, live_server):
    page.goto(live_server)
    style = "(el, p) => getComputedStyle(el)[p]"
    backgrounds = ("rgb(255, 255, 255)", "rgb(241, 245, 242)")   # the panels, the seat's gradient at its darkest
    for selector in ("#slot-s0-0", "#range-0", "#slot-dead-0"):
        border = page.locator(selector).evaluate(style, "borderTopColor")
        for against in backgrounds:
            assert contrast(border, against) >= 3, (selector, border, against)
