"""The page, end to end in headless Chromium: picking by mouse and keyboard, results equal the API's.

Screenshots at desktop (1280x800) and phone (375x667) sizes go to ``artifacts/``.
"""
from __future__ import annotations

import re

import pytest
from web_helpers import ask, wait_until

from pokerfsm.ranking import HandCategory

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

PHONE = {"width": 375, "height": 667}


def percent(x: float) -> str:
    return f"{100 * x:.2f}%"


def slot(page: Page, where: str):
    """``'s0-1'`` (seat 1, card 2), ``'board-0'`` or ``'dead-2'``."""
    return page.locator(f"#slot-{where}")


def wait_done(page: Page) -> None:
    expect(page.locator("#status")).to_have_text("Done.", timeout=30_000)


@pytest.fixture
def calculator(page: Page, live_server: str) -> Page:
    page.goto(live_server)
    expect(page.locator(".seat")).to_have_count(2)
    return page


def test_pick_by_mouse_and_keyboard_and_match_the_api(calculator: Page, live_server: str, artifacts):
    page = calculator
    # mouse: the first slot is selected at start
    page.locator("#pick-Ah").click()
    expect(slot(page, "s0-0")).to_have_attribute("aria-label", re.compile("ace of hearts"))
    expect(slot(page, "s0-1")).to_have_class(re.compile("target"))
    # typing a card puts it in the selected slot, and the cursor moves on
    page.keyboard.type("Kd")
    expect(slot(page, "s0-1")).to_have_attribute("aria-label", re.compile("king of diamonds"))
    expect(slot(page, "s1-0")).to_have_class(re.compile("target"))
    # arrows move inside the picker, Enter picks
    page.locator("#pick-Ah").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#pick-Qs")).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(slot(page, "s1-0")).to_have_attribute("aria-label", re.compile("queen of spades"))
    expect(slot(page, "s1-1")).to_have_attribute("aria-label", re.compile("queen of hearts"))
    expect(slot(page, "board-0")).to_have_class(re.compile("target"))
    # cards in use are greyed out in the picker
    for card in ("Ah", "Kd", "Qs", "Qh"):
        expect(page.locator(f"#pick-{card}")).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#pick-Ac")).to_have_attribute("aria-disabled", "false")
    # the flop, typed in lower case
    page.keyboard.type("2c7d9h")
    wait_done(page)

    body = {"players": [["Ah", "Kd"], ["Qs", "Qh"]], "board": ["2c", "7d", "9h"], "dead": []}
    api = ask(live_server, "api/equity", body)
    for s, seat in enumerate(api["players"]):
        for field in ("win", "tie", "equity"):
            expect(page.locator(f"#seat-{s} .{field}")).to_have_text(percent(seat[field]))
    expect(page.locator("#combinations")).to_contain_text(f"{api['combinations']:,}")
    expect(page.locator("#mode")).to_have_text("exact" if api["exact"] else re.compile("Monte Carlo"))
    rows = page.locator("#categories tbody tr")
    expect(rows).to_have_count(len(api["players"][0]["categories"]))
    # the categories are named as the library names them (the server's vocabulary), strongest first
    names = [HandCategory[name].label for name in reversed(api["players"][0]["categories"])]
    assert "Pair" in names
    expect(page.locator("#categories tbody th")).to_have_text(names)
    page.screenshot(path=artifacts / "web-desktop.png", full_page=True)

    # the URL holds the spot: reloading it restores the cards and the answer
    assert "#q=" in page.url
    page.reload()
    expect(slot(page, "board-2")).to_have_attribute("aria-label", re.compile("nine of hearts"))
    wait_done(page)
    expect(page.locator("#seat-1 .equity")).to_have_text(percent(api["players"][1]["equity"]))


def test_tab_and_shift_tab_walk_the_controls(calculator: Page):
    page = calculator
    slot(page, "s0-0").focus()
    page.keyboard.press("Tab")
    expect(slot(page, "s0-1")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#range-0")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    expect(slot(page, "s0-0")).to_be_focused()
    # Enter on a slot selects it as the target
    slot(page, "board-3").focus()
    page.keyboard.press("Enter")
    expect(slot(page, "board-3")).to_have_class(re.compile("target"))
    # the focus is visible
    outline = slot(page, "board-3").evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline != "none"


def test_remove_a_card_by_click_or_backspace(calculator: Page):
    page = calculator
    page.keyboard.type("AsAc")
    slot(page, "s0-0").click()  # clicking a filled slot empties it and selects it
    expect(slot(page, "s0-0")).to_have_attribute("aria-label", re.compile("empty"))
    expect(page.locator("#pick-As")).to_have_attribute("aria-disabled", "false")
    slot(page, "s0-1").focus()
    page.keyboard.press("Backspace")
    expect(slot(page, "s0-1")).to_have_attribute("aria-label", re.compile("empty"))


def test_a_seat_with_one_card_waits(calculator: Page):
    calculator.keyboard.type("Ah")
    expect(calculator.locator("#status")).to_have_text(re.compile("Seat 1 needs a second card"))
    expect(calculator.locator("#summary")).to_be_hidden()


def test_a_board_of_two_cards_waits(calculator: Page):
    page = calculator
    page.keyboard.type("AhKh")
    slot(page, "board-0").click()
    page.keyboard.type("2c3c")
    expect(page.locator("#status")).to_have_text("The board needs 0, 3, 4 or 5 cards.")
    expect(page.locator("#summary")).to_be_hidden()


def test_a_range_and_an_unknown_hand(calculator: Page, live_server: str):
    page = calculator
    page.keyboard.type("JhJd")
    page.locator("#range-1").fill("QQ+, AKs")
    page.locator("#add-seat").click()
    wait_done(page)
    body = {"players": [["Jh", "Jd"], "QQ+, AKs", None], "board": [], "dead": []}
    api = ask(live_server, "api/equity", body)
    for s, seat in enumerate(api["players"]):
        expect(page.locator(f"#seat-{s} .equity")).to_have_text(percent(seat["equity"]))


def test_a_bad_range_is_reported_on_its_seat(calculator: Page):
    page = calculator
    page.keyboard.type("JhJd")
    page.locator("#range-1").fill("QQ++")
    expect(page.locator("#status")).to_have_text(re.compile("QQ\\+\\+"))
    expect(page.locator("#seat-1")).to_have_class(re.compile("invalid"))


def test_seats_from_two_to_ten_and_reset(calculator: Page):
    page = calculator
    add = page.locator("#add-seat")
    for _ in range(8):
        add.click()
    expect(page.locator(".seat")).to_have_count(10)
    expect(add).to_be_disabled()
    page.locator("#seat-9 .remove-seat").click()
    expect(page.locator(".seat")).to_have_count(9)
    page.keyboard.type("9s9c")
    page.locator("#reset").click()
    expect(page.locator(".seat")).to_have_count(2)
    expect(page.locator("#pick-9s")).to_have_attribute("aria-disabled", "false")


def test_phone_layout(browser, live_server: str, artifacts):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        body = "#q=" + _permalink({"players": [["Ah", "Kd"], None, "QQ+,AKs"], "board": ["Qs", "7h", "2c"],
                                   "dead": ["3d"]})
        page.goto(live_server + body)
        wait_done(page)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width}px)"
        for element in ("#picker", "#seats", "#board", "#categories"):
            box = page.locator(element).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], element
        page.screenshot(path=artifacts / "web-phone.png", full_page=True)
    finally:
        context.close()


def test_a_busy_client_waits_and_asks_again(page: Page, serve, kernel_engine):
    # this machine already has a calculation under way (one per client here): the page gets a 429,
    # waits as Retry-After says, and asks again once the other calculation is done
    from test_limits import SPOT, open_request, walk_away

    from pokerfsm.web.app import create_app

    app = create_app(engine=kernel_engine, per_client=1)
    base = serve(app)
    held = open_request(base, "POST", SPOT)
    try:
        wait_until(lambda: app.state.server.heavy.running == 1, what="the other calculation starting")
        spot = _permalink({"players": [["Ah", "Kd"], ["Qs", "Qh"]], "board": ["2c", "7d", "9h"]})
        with page.expect_response(lambda r: "/api/equity" in r.url and r.status == 429):
            page.goto(base + "/#q=" + spot)
        expect(page.locator("#status")).to_have_text(re.compile("^Calculating…"))
        kernel_engine.release.set()
        with page.expect_response(lambda r: "/api/equity" in r.url and r.status == 200, timeout=30_000):
            pass
        wait_done(page)
    finally:
        walk_away(held)


def _permalink(body: dict) -> str:
    from pokerfsm.web.questions import encode_query

    return encode_query(body)


# ---------------------------------------------------------------- the page's small defects

def test_reset_brings_back_exact(calculator: Page):
    page = calculator
    page.keyboard.type("AhKd")
    page.locator("#mode-mc").check()
    wait_done(page)
    expect(page.locator("#mode")).to_have_text(re.compile("^Monte Carlo"))
    page.locator("#reset").click()
    expect(page.locator("#mode-exact")).to_be_checked()
    expect(page.locator("#mode-mc")).not_to_be_checked()
    expect(page.locator("#mode-samples")).to_have_text("")
    page.keyboard.type("AhKd")
    wait_done(page)
    expect(page.locator("#mode")).to_have_text(re.compile("^exact"))


def test_the_red_frame_goes_once_the_range_is_fixed(calculator: Page):
    page = calculator
    page.keyboard.type("JhJd")
    page.locator("#range-1").press_sequentially("AAx")
    expect(page.locator("#seat-1")).to_have_class(re.compile("invalid"))
    page.locator("#range-1").press("Backspace")
    wait_done(page)
    expect(page.locator("#seat-1")).not_to_have_class(re.compile("invalid"))
    expect(page.locator(".seat.invalid")).to_have_count(0)


def test_a_card_in_use_says_why_when_clicked_or_typed(calculator: Page):
    page = calculator
    page.keyboard.type("AhKd")
    note = page.locator("#picker-note")
    page.locator("#pick-Ah").click(force=True)   # a used card is marked aria-disabled, yet a click reaches it
    expect(note).to_have_text("The ace of hearts is already in seat 1's hand: each card can be used once.")
    expect(slot(page, "s1-0")).to_have_attribute("aria-label", re.compile("empty"))
    page.locator("#pick-Qs").click()          # a free card goes in, and the note goes
    expect(note).to_have_text("")
    slot(page, "board-0").click()
    page.keyboard.type("Qs")
    expect(note).to_have_text("The queen of spades is already in seat 2's hand: each card can be used once.")
    page.keyboard.type("Kd")
    expect(note).to_contain_text("king of diamonds is already in seat 1's hand")
    assert note.get_attribute("role") == "status"


def test_a_link_with_bad_or_repeated_cards_says_so_once_each(page: Page, live_server: str):
    spot = {"players": [["Ah", "Xx"], ["Kd", "Kd"]], "board": ["Kd", "7c", "2h"], "dead": ["Qs", "Zz9"]}
    page.goto(live_server + "#q=" + _permalink(spot))
    notice = page.locator("#notice")
    expect(notice).to_contain_text("“Xx” in seat 1 is not a card: it is left out")
    expect(notice).to_contain_text("“Zz9” in the dead cards is not a card: it is left out")
    expect(notice).to_contain_text("Kd was given 3 times: only the first one is kept")
    assert notice.text_content().count("Kd was given") == 1
    expect(slot(page, "s1-0")).to_have_attribute("aria-label", re.compile("king of diamonds"))
    expect(slot(page, "board-0")).to_have_attribute("aria-label", re.compile("empty"))


def test_tab_reaches_seat_1_before_the_board_and_the_dead_cards(calculator: Page):
    page = calculator
    page.locator("#permalink").focus()
    page.keyboard.press("Tab")
    expect(slot(page, "s0-0")).to_be_focused()
    order = []
    for _ in range(30):
        order.append(page.evaluate("document.activeElement.id"))
        page.keyboard.press("Tab")
    assert order.index("slot-s0-0") < order.index("slot-s1-1") < order.index("add-seat") \
        < order.index("slot-board-0") < order.index("slot-dead-0")
    # the board is still drawn above the seats
    assert page.locator("#board").bounding_box()["y"] < page.locator("#seat-0").bounding_box()["y"]
