"""One live-combo count per seat on the page, in headless Chromium: the seat's box, the grid, the board
hits and the equity show the same number, the one ``pokerfsm hits`` prints with the other seats' cards dead.
"""
from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

import pokerfsm
from pokerfsm.cli import main
from pokerfsm.web.questions import encode_query

pytestmark = pytest.mark.browser

WIDE = "22+, A2s+, K9s+, ATo+, KTo+"   # 226 combos


def link(body: dict) -> str:
    return "#q=" + encode_query(body)


def percent(x: float) -> str:
    return f"{100 * x:.2f}%"


def command_hits(capsys, range_text: str, board: list[str], dead: list[str]) -> dict:
    """``pokerfsm hits RANGE --board B --dead D --json``."""
    assert main(["hits", range_text, "--board", " ".join(board), "--dead", " ".join(dead), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_board_hits_leave_out_the_other_seats_cards(page: Page, live_server: str, capsys):
    # seat 1 AhAd, seat 2 QQ+, AKs on Kd 7c 2h: 12 combos are possible, not 18 (AA and AhKh are not)
    spot = {"players": [["Ah", "Ad"], "QQ+, AKs"], "board": ["Kd", "7c", "2h"], "dead": []}
    page.goto(live_server + link(spot))
    command = command_hits(capsys, "QQ+, AKs", spot["board"], ["Ah", "Ad"])
    assert command["combos"] == 12
    table = page.locator("#hits")
    expect(table.locator("caption")).to_contain_text("makes: 12 live combinations (A♥ A♦ out of the deck)")
    for row in command["made"] + command["draws"]:
        if row["combos"]:
            line = table.locator("tbody tr", has=page.locator("th", has_text=row["name"])).first
            expect(line).to_contain_text(f"{row['combos']:g}")
            expect(line).to_contain_text(percent(row["share"]))
    expect(page.locator("#seat-1 .seat-live")).to_have_text("12 live combinations")
    expect(page.locator("#grid-count")).to_have_text("12 live combinations (22 in the range, 1.66 % of all hands)")
    page.locator("#cell-AA").hover()   # the readout counts the class's live combos too: AcAs only
    expect(page.locator("#grid-readout")).to_contain_text("AA (pair of aces): 6 of 6 combos in the range, 1 live")


def test_grid_hits_and_equity_agree_on_one_count(page: Page, live_server: str, capsys):
    # a hand against a 226-combo range on the river: one showdown per live combo
    board = ["Kd", "7c", "2h", "9s", "3d"]
    spot = {"players": [["Jh", "Th"], WIDE], "board": board, "dead": []}
    count = command_hits(capsys, WIDE, board, ["Jh", "Th"])["combos"]
    assert count == pokerfsm.equity(["JhTh", WIDE], board).combinations < 226
    page.goto(live_server + link(spot))
    expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)
    expect(page.locator("#combinations")).to_have_text(f"{count} combinations")
    expect(page.locator("#hits caption")).to_contain_text(f"makes: {count} live combinations")
    expect(page.locator("#grid-count")).to_have_text(re.compile(rf"^{count} live combinations \(226 in the range"))
    expect(page.locator("#seat-1 .seat-live")).to_have_text(f"{count} live combinations")


def test_a_dead_card_and_a_third_seat_count_everywhere(page: Page, live_server: str, capsys):
    spot = {"players": [["Ah", "Kd"], "QQ+, AKs", ["Qs", "Jc"]], "board": ["Ks", "7c", "2h"], "dead": ["Ac"]}
    count = command_hits(capsys, "QQ+, AKs", spot["board"], ["Ac", "Ah", "Kd", "Qs", "Jc"])["combos"]
    page.goto(live_server + link(spot))
    expect(page.locator("#hits caption")).to_contain_text(f"makes: {count} live combinations")
    expect(page.locator("#seat-1 .seat-live")).to_have_text(f"{count} live combinations")
    expect(page.locator("#grid-count")).to_contain_text(f"{count} live combinations (22 in the range")
    # the heatmap's classes add up to the same count
    expect(page.locator("#heat-caption")).to_contain_text("fair share", timeout=30_000)
    classes = page.evaluate("async () => (await import('./heat.js')).heat.shown.classes")
    assert sum(c["combos"] for c in classes.values()) == count
