"""The page at stud, stud hi-lo, razz and short deck, end to end in headless Chromium (desktop and phone):
stud seats with their up cards and no board, short deck's 36 cards, answers equal the API's, links.

Screenshots go to ``artifacts/``.
"""
from __future__ import annotations

import re

import pytest
from web_helpers import ask, link_body, percent, wait_done

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

from pokerfsm.web.questions import encode_query

pytestmark = pytest.mark.browser

PHONE = {"width": 375, "height": 667}


def test_stud_seats_have_up_cards_and_no_board(page: Page, live_server: str, artifacts):
    import httpx

    page.goto(live_server)
    offered = [game["label"] for game in httpx.get(live_server + "api/vocabulary").json()["games"]]
    expect(page.locator("#game option")).to_have_text(offered)   # the selector keeps no list of its own
    page.locator("#pick-Qs").click()
    page.locator("#pick-Js").click()
    page.locator("#slot-board-0").click()
    page.keyboard.type("2c3c4c")
    page.select_option("#game", "stud")
    expect(page.locator("#notice")).to_contain_text("the board is removed")
    expect(page.locator("#board")).to_be_hidden()
    expect(page.locator("#seat-0 .slot")).to_have_count(7)
    for index, face in enumerate(["down", "down", "up", "up", "up", "up", "down"]):
        slot = page.locator(f"#slot-s0-{index}")
        if face == "up":
            expect(slot).to_have_class(re.compile("face-up"))
            expect(slot).to_have_attribute("aria-label", re.compile(rf"card {index + 1} \(up\)"))
        else:
            expect(slot).not_to_have_class(re.compile("face-up"))
    expect(page.locator("#seat-0 .range")).to_be_hidden()
    expect(page.locator("#stud-hint")).to_be_visible()
    expect(page.locator("#holdem-only")).to_contain_text("Seven-card stud")
    expect(page.locator("#slot-s0-1")).to_have_attribute("aria-label", re.compile("jack of spades"))  # cards stay
    page.locator("#reset").click()
    expect(page.locator("#game")).to_have_value("stud")   # Reset empties the table, the game stays
    # seat 1 on fifth street; seat 2 shows its three up cards only (Monte Carlo: an exact answer with two
    # unseen down cards takes seconds)
    page.locator("#mode-mc").check()
    page.locator("#slot-s0-0").click()
    page.keyboard.type("AsKdAhQcTd")
    page.locator("#slot-s1-2").click()
    page.keyboard.type("7c8c9c")
    wait_done(page)
    body = {"game": "stud", "players": [["As", "Kd", "Ah", "Qc", "Td"], ["??", "??", "7c", "8c", "9c"]],
            "board": [], "dead": [], "samples": 100000, "seed": 1}
    api = ask(live_server, "api/equity", body)
    for s, seat in enumerate(api["players"]):
        expect(page.locator(f"#seat-{s} .equity")).to_have_text(percent(seat["equity"]))
    expect(page.locator("#seat-1 .seat-hand")).to_have_text("?? ?? 7c 8c 9c")
    page.screenshot(path=artifacts / "web-stud.png", full_page=True)
    # the link holds the game and the cards as placed; it loads them back
    assert link_body(page)["game"] == "stud"
    page.goto(page.url)
    page.reload()
    wait_done(page)
    expect(page.locator("#game")).to_have_value("stud")
    expect(page.locator("#slot-s1-4")).to_have_attribute("aria-label", re.compile("nine of clubs"))
    expect(page.locator("#slot-s1-0")).to_have_attribute("aria-label", re.compile("empty"))
    expect(page.locator("#seat-1 .equity")).to_have_text(percent(api["players"][1]["equity"]))


def test_stud_hi_lo_and_razz_figures(page: Page, live_server: str):
    hi_lo = {"game": "stud-hi-lo", "players": [["As", "2d", "3h", "Kc", "5s", "9d"],
                                               ["??", "??", "Qc", "Qd", "8c", "Js"]]}
    page.goto(live_server + "#q=" + encode_query(hi_lo))
    wait_done(page)
    api = ask(live_server, "api/equity", hi_lo)
    for s, seat in enumerate(api["players"]):
        expect(page.locator(f"#seat-{s} .scoop")).to_have_text(percent(seat["scoop"]))
        expect(page.locator(f"#seat-{s} .low-share")).to_have_text(percent(seat["low_share"]))
    expect(page.locator("#low-chance")).to_contain_text(percent(api["low"]))
    razz = {"game": "razz", "players": [["As", "2d", "3h", "4c", "5s", "9d"], ["??", "??", "Kc", "Qd", "8c", "Js"]]}
    page.goto(live_server + "#q=" + encode_query(razz))
    wait_done(page)
    expect(page.locator("#game")).to_have_value("razz")
    api = ask(live_server, "api/equity", razz)
    expect(page.locator("#seat-0 .win")).to_have_text(percent(api["players"][0]["win"]))
    expect(page.locator("#seat-0 .scoop")).to_be_hidden()
    expect(page.locator("#categories")).to_be_hidden()   # razz ranks lows only: no high hand categories


def test_short_deck_deals_sixes_to_aces(page: Page, live_server: str, artifacts):
    page.goto(live_server)
    page.locator("#pick-5c").click()   # a hold'em card: it goes to seat 1
    page.select_option("#game", "short-deck")
    expect(page.locator("#notice")).to_contain_text("5c is not dealt: removed")
    expect(page.locator("#pick-5c")).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#pick-6c")).to_have_attribute("aria-disabled", "false")
    page.keyboard.type("2h")
    expect(page.locator("#picker-note")).to_have_text("The two of hearts is not dealt at Short-deck hold'em.")
    page.locator("#slot-s0-0").click()
    page.keyboard.type("AhKd")
    page.locator("#range-1").fill("22+")
    expect(page.locator("#status")).to_contain_text("Seat 2:")
    expect(page.locator("#status")).to_contain_text("rank below six")
    page.locator("#range-1").fill("QQ+, AKs")
    page.locator("#slot-board-0").click()
    page.keyboard.type("Ts9s8d")
    wait_done(page)
    body = {"game": "short-deck", "players": [["Ah", "Kd"], "QQ+, AKs"], "board": ["Ts", "9s", "8d"], "dead": []}
    api = ask(live_server, "api/equity", body)
    for s, seat in enumerate(api["players"]):
        for field in ("win", "tie", "equity"):
            expect(page.locator(f"#seat-{s} .{field}")).to_have_text(percent(seat[field]))
    expect(page.locator("#grid-panel")).to_be_visible()   # short deck's 9×9 grid (test_short_deck_browser.py)
    assert link_body(page) == body
    page.screenshot(path=artifacts / "web-short-deck.png", full_page=True)


def test_stud_on_a_phone(browser, live_server: str, artifacts):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        # a seat's empty slots up to the street of the seat furthest on are cards nobody sees
        body = {"game": "stud-hi-lo", "players": [["As", "2d", "3h", "Kc", "5s", "9d", "4c"],
                                                  ["??", "??", "Qc", "Qd", "8c", "Js", "??"], ["", "", "7h"]],
                "samples": 20000, "seed": 1}
        page.goto(live_server + "#q=" + encode_query(body))
        wait_done(page)
        expect(page.locator("#seat-0 .slot")).to_have_count(7)
        expect(page.locator("#seat-2 .seat-hand")).to_have_text("?? ?? 7h ?? ?? ?? ??")
        expect(page.locator("#seat-0 .scoop")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width}px)"
        for element in ("#game", "#seats", "#picker"):
            box = page.locator(element).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], element
        page.screenshot(path=artifacts / "web-stud-phone.png", full_page=True)
    finally:
        context.close()


def test_study_parts_follow_the_game(page: Page, live_server: str):
    """The Flops view (hold'em ranges on hold'em flops) shows at hold'em only; Random board needs a board."""
    page.goto(live_server)
    expect(page.locator("#flops-panel")).to_be_visible()
    expect(page.locator("#random-board")).to_be_visible()
    page.select_option("#game", "omaha")
    expect(page.locator("#flops-panel")).to_be_hidden()
    expect(page.locator("#random-board")).to_be_visible()
    page.locator("#random-hand").click()
    expect(page.locator("#seat-0 .slot.filled")).to_have_count(4)
    page.select_option("#game", "stud")
    expect(page.locator("#random-board")).to_be_hidden()
    page.goto(live_server + "#q=" + encode_query({"game": "razz", "players": [["As", "2d", "3c"], ["Kd", "Qc", "Jh"]]}))
    expect(page.locator("#random-board")).to_be_hidden()
    expect(page.locator("#flops-panel")).to_be_hidden()


@pytest.mark.parametrize("game", ["stud", "razz", "short-deck", "holdem"])
def test_a_link_asks_nothing_its_game_refuses(page: Page, live_server: str, game: str):
    """Loading a link asks the server only what the link's game answers: no 4xx, no console error (at a game
    without a range grid, no /api/order); a game with a grid still gets its order (the top-X % slider)."""
    refused, errors, orders = [], [], []
    page.on("response", lambda r: refused.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("response", lambda r: orders.append(r.url) if "/api/order" in r.url else None)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    players = {"stud": [["As", "Kd", "Ah"], ["??", "??", "7c"]], "razz": [["As", "2d", "3c"], ["??", "??", "7c"]],
               "short-deck": [["Ah", "Kh"], "QQ+"], "holdem": [["Ah", "Kh"], "QQ+"]}[game]
    page.goto(live_server + "#q=" + encode_query({"game": game, "players": players}))
    wait_done(page)
    if game in ("holdem", "short-deck"):
        expect(page.locator("#top-note")).to_have_text("")   # the order is in: a top-X % range or not is known
        assert orders
    else:
        page.wait_for_timeout(500)   # anything still on its way after the answer
        assert orders == []
    assert refused == [] and errors == []
