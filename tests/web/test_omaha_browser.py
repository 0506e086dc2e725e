"""The page at Omaha, end to end in headless Chromium (desktop and phone): choosing the game, 4-card
hands and Omaha ranges, hi-lo figures, the game in the permalink, hold'em-only parts hidden.

Screenshots go to ``artifacts/``.
"""
from __future__ import annotations

import base64
import json
import re

import pytest
from web_helpers import ask, link_body, percent, wait_done

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

from pokerfsm.web.questions import encode_query

pytestmark = pytest.mark.browser

PHONE = {"width": 375, "height": 667}
HI_LO = {"game": "omaha-hi-lo", "players": [["Ah", "2h", "3d", "Kd"], ["As", "Ks", "Qc", "Jc"]],
         "board": ["4c", "7h", "Qs"], "dead": []}


def test_choose_omaha_then_a_hand_a_range_and_a_flop(page: Page, live_server: str, artifacts):
    page.goto(live_server)
    # the options are the vocabulary's games, with their labels
    expect(page.locator("#game option[value='omaha5-hi-lo']")).to_have_text("5-card Omaha hi-lo, 8 or better")
    expect(page.locator("#game option").first).to_have_text("Texas hold'em")
    page.select_option("#game", "omaha")
    expect(page.locator("#seat-0 .slot")).to_have_count(4)
    expect(page.locator("#seat-1 .slot")).to_have_count(4)
    expect(page.locator("#game-title")).to_have_text("Omaha equity")
    # the hold'em-only parts are hidden, and the page says so
    expect(page.locator("#grid-panel")).to_be_hidden()
    expect(page.locator("#study-panel")).to_be_hidden()
    expect(page.locator("#seat-0 .grid-button")).to_be_hidden()
    expect(page.locator("#holdem-only")).to_contain_text("for Texas hold'em and Short-deck hold'em only")
    expect(page.locator("#range-1")).to_have_attribute("placeholder", re.compile("AAxx ds"))
    # four cards typed fill seat 1, then a range in seat 2 and a flop
    page.locator("#pick-As").focus()
    page.keyboard.type("AsKsQhJh")
    expect(page.locator("#slot-s0-3")).to_have_attribute("aria-label", re.compile("jack of hearts"))
    page.locator("#range-1").fill("AAxx ds")
    page.locator("#slot-board-0").click()
    page.keyboard.type("2c7d9h")
    wait_done(page)
    body = {"game": "omaha", "players": [["As", "Ks", "Qh", "Jh"], "AAxx ds"], "board": ["2c", "7d", "9h"],
            "dead": []}
    api = ask(live_server, "api/equity", body)
    assert api["game"] == "omaha"
    for s, seat in enumerate(api["players"]):
        for field in ("win", "tie", "equity"):
            expect(page.locator(f"#seat-{s} .{field}")).to_have_text(percent(seat[field]))
    expect(page.locator("#seat-1 .seat-hand")).to_have_text("AAxxds")
    expect(page.locator("#seat-0 .scoop")).to_be_hidden()   # not a hi-lo game
    assert link_body(page) == body
    page.screenshot(path=artifacts / "web-omaha.png", full_page=True)


def test_hi_lo_shows_scoop_high_and_low(page: Page, live_server: str):
    page.goto(live_server + "#q=" + encode_query(HI_LO))
    wait_done(page)
    expect(page.locator("#game")).to_have_value("omaha-hi-lo")
    api = ask(live_server, "api/equity", HI_LO)
    for s, seat in enumerate(api["players"]):
        item = page.locator(f"#seat-{s}")
        expect(item.locator(".scoop")).to_have_text(percent(seat["scoop"]))
        expect(item.locator(".high-share")).to_have_text(percent(seat["high_share"]))
        expect(item.locator(".low-share")).to_have_text(percent(seat["low_share"]))
        expect(item.locator(".equity")).to_have_text(percent(seat["equity"]))
        expect(item.locator(".win")).to_be_hidden()   # at hi-lo the pot is shared in halves: no plain win/tie
    expect(page.locator("#low-chance")).to_have_text(f"a low qualifies in {percent(api['low'])} of showdowns")
    expect(page.locator("#categories caption")).to_have_text("Chance of finishing with each high hand")


def test_the_permalink_round_trip_and_old_links(page: Page, live_server: str):
    page.goto(live_server)
    page.select_option("#game", "omaha5")
    page.locator("#pick-As").focus()
    page.keyboard.type("AsKsQhJhTd")
    page.locator("#range-1").fill("random")
    wait_done(page)
    shown = page.locator("#seat-0 .equity").text_content()
    assert link_body(page)["game"] == "omaha5"
    page.goto(page.url)
    page.reload()
    wait_done(page)
    expect(page.locator("#game")).to_have_value("omaha5")
    expect(page.locator("#seat-0 .slot")).to_have_count(5)
    expect(page.locator("#slot-s0-4")).to_have_attribute("aria-label", re.compile("ten of diamonds"))
    expect(page.locator("#range-1")).to_have_value("random")
    expect(page.locator("#seat-0 .equity")).to_have_text(shown)
    # Undo brings back hold'em, as it was before the game was chosen
    page.goto(live_server)
    page.select_option("#game", "omaha6")
    expect(page.locator("#seat-0 .slot")).to_have_count(6)
    page.locator("#undo").click()
    expect(page.locator("#game")).to_have_value("holdem")
    expect(page.locator("#seat-0 .slot")).to_have_count(2)
    # a link written before games (no "game") is a hold'em spot, as it always was
    old = {"players": [["Ah", "Kd"], "QQ+,AKs"], "board": ["Qs", "7h", "2c"]}
    page.goto(live_server + "#q=" + encode_query(old))
    wait_done(page)
    expect(page.locator("#game")).to_have_value("holdem")
    expect(page.locator("#seat-0 .slot")).to_have_count(2)
    expect(page.locator("#grid-panel")).to_be_visible()
    api = ask(live_server, "api/equity", old)
    expect(page.locator("#seat-0 .equity")).to_have_text(percent(api["players"][0]["equity"]))


def test_a_link_to_a_game_not_offered_shows_holdem_and_says_so(page: Page, live_server: str):
    body = {"game": "stud99", "players": [["Ah", "Kd"], None]}
    text = base64.urlsafe_b64encode(json.dumps(body).encode()).decode().rstrip("=")
    page.goto(live_server + "#q=" + text)
    expect(page.locator("#notice")).to_contain_text("is not offered: hold'em is shown")
    wait_done(page)
    expect(page.locator("#game")).to_have_value("holdem")
    expect(page.locator("#seat-0 .slot")).to_have_count(2)


def test_a_bad_omaha_range_or_hand_is_reported_on_its_seat(page: Page, live_server: str):
    page.goto(live_server)
    page.select_option("#game", "omaha")
    page.locator("#pick-As").focus()
    page.keyboard.type("AsKsQhJh")
    page.locator("#range-1").fill("AAxxx")
    expect(page.locator("#status")).to_contain_text("Seat 2:")
    expect(page.locator("#status")).to_contain_text("'AAxxx'")
    expect(page.locator("#seat-1")).to_have_class(re.compile("invalid"))
    expect(page.locator("#seat-0 .equity")).to_have_text("—")   # no number for a spot that does not read
    page.locator("#range-1").fill("")
    page.locator("#slot-s1-0").click()
    page.keyboard.type("2c3c")
    expect(page.locator("#status")).to_have_text("Seat 2 needs 4 cards, not 2 (or none for an unknown hand).")


def test_omaha_on_a_phone(browser, live_server: str, artifacts):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        body = {"game": "omaha6", "players": [["Ah", "2h", "3d", "Kd", "Tc", "9c"], None, "AAxxxx"],
                "board": ["4c", "7h", "Qs"], "samples": 20000, "seed": 1}
        page.goto(live_server + "#q=" + encode_query(body))
        wait_done(page)
        expect(page.locator("#seat-0 .slot")).to_have_count(6)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width}px)"
        # the category table scrolls sideways inside its own box, as at hold'em
        for element in ("#game", "#seats", "#board", "#picker", ".table-scroll:has(#categories)"):
            box = page.locator(element).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], element
        hi_lo = page.context.new_page()
        hi_lo.goto(live_server + "#q=" + encode_query(HI_LO))
        wait_done(hi_lo)
        expect(hi_lo.locator("#seat-0 .scoop")).to_be_visible()
        assert hi_lo.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=artifacts / "web-omaha-phone.png", full_page=True)
        hi_lo.screenshot(path=artifacts / "web-omaha-hi-lo-phone.png", full_page=True)
    finally:
        context.close()
