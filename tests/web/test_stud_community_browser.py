"""Eight stud players on the page, end to end in headless Chromium (desktop and phone): their seventh
street's card is one community card, with its own slot shown only at eight seats, sent as the API's board;
the answer equals the API's, the link keeps the card, and a seat count it no longer fits removes it with a
sentence.

Screenshots go to ``artifacts/``.
"""
from __future__ import annotations

import re

import pytest
from web_helpers import ask, link_body, percent, wait_done

pytest.importorskip("playwright")
from playwright.sync_api import expect

from pokerfsm.web.questions import encode_query

pytestmark = pytest.mark.browser

SAMPLES = 100_000
"""The page's Monte Carlo deals (its "Monte Carlo" mode), seeded as the page seeds them."""


def expect_same_equities(page, base: str, body: dict) -> dict:
    """The page's equities are the API's for ``body``."""
    api = ask(base, "api/equity", body)
    for s, seat in enumerate(api["players"]):
        expect(page.locator(f"#seat-{s} .equity")).to_have_text(percent(seat["equity"]))
    return api


def test_eight_players_get_a_community_card_on_seventh_street(sized, artifacts):
    page, base, size = sized
    page.goto(base)
    page.select_option("#game", "stud")
    page.locator("#mode-mc").check()
    for _ in range(5):
        expect(page.locator("#board")).to_be_hidden()   # two to seven players: every card is a player's own
        page.locator("#add-seat").click()
    expect(page.locator("#seat-6 .slot")).to_have_count(7)
    page.locator("#add-seat").click()
    expect(page.locator("#add-seat")).to_be_disabled()   # stud seats eight at most
    board = page.locator("#board")
    expect(board).to_be_visible()
    expect(board.locator("legend")).to_have_text(re.compile(r"^Community card \(8 players"))
    expect(board.locator(".slot:visible")).to_have_count(1)
    for seat in range(8):
        expect(page.locator(f"#seat-{seat} .slot")).to_have_count(6)
    page.locator("#slot-s0-0").click()
    page.keyboard.type("AsKdAhQcTd9c")
    page.locator("#slot-s1-2").click()
    page.keyboard.type("7c8c9dJh")
    page.locator("#slot-board-0").click()
    page.keyboard.type("2c")
    expect(page.locator("#slot-board-0")).to_have_attribute("aria-label", "Community card: two of clubs "
                                                                          "(press Enter to remove)")
    wait_done(page)
    body = {"game": "stud", "players": [["As", "Kd", "Ah", "Qc", "Td", "9c"], ["??", "??", "7c", "8c", "9d", "Jh"],
                                        *[["??"] * 6] * 6],
            "board": ["2c"], "dead": [], "samples": SAMPLES, "seed": 1}
    api = expect_same_equities(page, base, body)
    assert api["board"] == ["2c"] and len(api["players"]) == 8
    expect(page.locator("#seat-1 .seat-hand")).to_have_text("?? ?? 7c 8c 9d Jh")
    assert link_body(page)["board"] == ["2c"]
    page.screenshot(path=artifacts / f"web-stud-community-{size['width']}.png", full_page=True)
    # seven players each get a seventh card of their own: the community card goes, and says so
    page.locator("#seat-7 .remove-seat").click()
    expect(page.locator("#notice")).to_contain_text("the community card 2c is removed")
    expect(board).to_be_hidden()
    expect(page.locator("#seat-0 .slot")).to_have_count(7)
    wait_done(page)
    body = {**body, "players": body["players"][:7], "board": []}
    expect_same_equities(page, base, body)


def test_a_link_of_eight_players_on_seventh_street(sized):
    page, base, _ = sized
    players = [["As", "2d", "3h", "Kc", "5s", "9d"], ["", "", "Qc", "Qd", "8c", "Js"], *[None] * 6]
    body = {"game": "stud-hi-lo", "players": players, "board": ["4c"], "samples": SAMPLES, "seed": 1}
    page.goto(base + "#q=" + encode_query(body))
    wait_done(page)
    expect(page.locator("#slot-board-0")).to_have_attribute("aria-label", re.compile("^Community card: four of clubs"))
    asked = {**body, "players": [players[0], ["??", "??", "Qc", "Qd", "8c", "Js"], *[["??"] * 6] * 6], "dead": []}
    expect_same_equities(page, base, asked)
    expect(page.locator("#seat-0 .scoop")).to_be_visible()


DOCS_EIGHT = ["As Ad Kc Qd 2h 7c", "?? ?? Ts 9h 8s 7s", "Kh Ks 4d 4c 5h 6h", "3c 2c Jd Jc 9c 6d",
              "Qh Qs 8c 8d 3s 4s", "3d 3h Tc Td 5d 5s", "?? ?? 2d 6s 7d 9d", "Ac Ah Kd 6c 7h 8h"]
"""docs/stud.md's eight stud players on sixth street, each a list of tokens ("??" for a down card nobody sees)."""


def test_a_link_of_eight_known_players_keeps_its_community_card(sized):
    """The link's community card is the API's board: seventh street is answered, exactly, not sixth."""
    page, base, _ = sized
    body = {"game": "stud", "players": [seat.split() for seat in DOCS_EIGHT], "board": ["Js"]}
    page.goto(base + "#q=" + encode_query(body))
    wait_done(page)
    expect(page.locator("#slot-board-0")).to_have_attribute("aria-label", re.compile("^Community card: jack of spades"))
    expect(page.locator("#notice")).not_to_contain_text("removed")
    api = expect_same_equities(page, base, {**body, "dead": []})
    assert api["players"][1]["equity"] == 1.0 and api["board"] == ["Js"]   # the jack fills seat 2's straight flush
    assert link_body(page)["board"] == ["Js"]


def test_a_seventh_card_of_eight_players_goes_with_a_sentence(sized):
    page, base, _ = sized
    players = [["As", "Kd", "Ah", "Qc", "Td", "9c", "2c"], *[None] * 7]
    page.goto(base + "#q=" + encode_query({"game": "stud", "players": players}))
    expect(page.locator("#notice")).to_contain_text("seat 1's card 2c is removed: with 8 players the seventh "
                                                    "street's card is one community card")
    expect(page.locator("#seat-0 .slot")).to_have_count(6)
    expect(page.locator("#slot-board-0")).to_have_attribute("aria-label", re.compile("^Community card: empty"))


def test_no_community_card_at_a_game_with_a_board(sized):
    page, base, _ = sized
    spot = {"game": "stud", "players": [["As", "Kd", "Ah", "Qc", "Td", "9c"], *[None] * 7], "board": ["2c"]}
    page.goto(base + "#q=" + encode_query(spot))
    expect(page.locator("#slot-board-0")).to_have_attribute("aria-label", re.compile("two of clubs"))
    page.select_option("#game", "holdem")
    expect(page.locator("#notice")).to_contain_text("the community card is removed")
    expect(page.locator("#board legend")).to_have_text("Board (0, 3, 4 or 5 cards)")
    expect(page.locator("#board .slot:visible")).to_have_count(5)
    expect(page.locator("#slot-board-0")).to_have_attribute("aria-label", "Board card 1: empty")


def test_a_random_hand_of_eight_players_is_six_cards(sized):
    page, base, _ = sized
    page.goto(base + "#q=" + encode_query({"game": "stud", "players": [None] * 8, "samples": SAMPLES}))
    page.locator("#slot-s2-0").click()
    page.locator("#random-hand").click()
    for index in range(6):
        expect(page.locator(f"#slot-s2-{index}")).not_to_have_attribute("aria-label", re.compile("empty"))
    page.locator("#seat-7 .remove-seat").click()   # seven players: the seventh slots come back, empty
    expect(page.locator("#seat-2 .slot")).to_have_count(7)
    expect(page.locator("#slot-s2-6")).to_have_attribute("aria-label", re.compile("empty"))
    expect(page.locator(".pick.used")).to_have_count(6)
