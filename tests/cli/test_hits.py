"""``pokerfsm hits``: the other seats' cards given as dead, duplicate cards refused as ``equity`` refuses them."""
import json
import subprocess
import sys

import pytest

import pokerfsm
from pokerfsm.cli import main

pytestmark = pytest.mark.usefixtures("table")


def hits_json(capsys, *args: str) -> dict:
    assert main(["hits", *args, "--json"]) == 0
    out = capsys.readouterr().out
    return json.loads(out)


def test_the_other_seats_cards_given_as_dead_leave_the_range(capsys):
    # seat 1 AhAd, seat 2 QQ+, AKs on Kd 7c 2h: AA keeps AcAs only, AKs keeps AcKc and AsKs
    alone = hits_json(capsys, "QQ+, AKs", "--board", "Kd 7c 2h")
    against = hits_json(capsys, "QQ+, AKs", "--board", "Kd 7c 2h", "--dead", "Ah Ad")
    assert alone["combos"] == 18 and against["combos"] == 12
    assert against["dead"] == ["Ah", "Ad"]
    made = {row["name"]: row["combos"] for row in against["made"]}
    assert {name: n for name, n in made.items() if n} == {
        "set": 3, "overpair": 1, "top pair, top kicker": 2, "underpair": 6}


def test_the_count_is_the_one_equity_deals_from(capsys):
    # a river, heads-up against a known hand: equity has one showdown per live combo of the range
    board = "Kd 7c 2h 9s 3d"
    counted = hits_json(capsys, "22+, A2s+, K9s+, ATo+, KJo+", "--board", board, "--dead", "Jh Th")
    result = pokerfsm.equity(["JhTh", "22+, A2s+, K9s+, ATo+, KJo+"], board)
    assert counted["combos"] == result.combinations


@pytest.mark.parametrize("args, card", [
    (["AhAd", "--board", "Ah 7c 2h"], "Ah"),                     # the hand and the board
    (["AhKd", "--board", "Qh 7c 2h", "--dead", "2c Kd"], "Kd"),  # the hand and a dead card
    (["QQ+", "--board", "Kd 7c 2h", "--dead", "2h"], "2h"),      # the board and a dead card
])
def test_a_card_given_twice_is_the_duplicate_card_error(capsys, args, card):
    assert main(["hits", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"card {card!r} is given twice" in captured.err
    assert "Traceback" not in captured.err


def test_the_same_cards_as_equity_refuses(capsys):
    with pytest.raises(pokerfsm.DuplicateCardError, match="card 'Ah' is given twice"):
        pokerfsm.equity(["AhAd", "QQ+"], "Ah 7c 2h")
    assert main(["hits", "AhAd", "--board", "Ah 7c 2h"]) == 2
    assert "card 'Ah' is given twice: in the hand and in the board" in capsys.readouterr().err


def test_a_range_with_no_hand_left_is_refused(capsys):
    assert main(["hits", "AA", "--board", "Ah As Ad"]) == 2
    assert "the range 'AA' has no hand left" in capsys.readouterr().err


def test_a_real_process_exits_2_without_a_traceback():
    done = subprocess.run([sys.executable, "-m", "pokerfsm", "hits", "AhAd", "--board", "Ah 7c 2h"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "card 'Ah' is given twice" in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""


def test_help_says_how_to_give_the_other_seats_cards(capsys):
    with pytest.raises(SystemExit):
        main(["hits", "--help"])
    assert "other seats' known" in capsys.readouterr().out


def test_short_deck_counts_over_its_own_deck_as_the_library_does(capsys):
    counted = hits_json(capsys, "TT+, AK, 98s", "--board", "Js 7c 6h", "--game", "short-deck")
    assert counted == pokerfsm.hits("TT+, AK, 98s", "Js 7c 6h", game="short-deck").to_dict()
    made = {row["name"]: row["combos"] for row in counted["made"]}
    assert made["straight"] == 0 and sum(made.values()) == counted["combos"]


@pytest.mark.parametrize(("args", "words"), [
    (["QQ+", "--board", "Js 7c 5h", "--game", "short-deck"], "5h"),    # a five is not dealt at short deck
    (["QQ+", "--board", "Js 7c 6h", "--game", "razz"], "no board hits for Razz"),
])
def test_short_deck_and_other_games_refuse_in_one_line(capsys, args, words):
    assert main(["hits", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in err and "Traceback" not in err and err.count("\n") == 1
