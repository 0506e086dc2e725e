"""``pokerfsm eval --game`` for the games without a board: the low or the high and low, JSON, one-line errors."""
import json

import pytest

from pokerfsm.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_razz_text(capsys):
    status, out, _ = run(capsys, "eval", "--game", "razz", "As 2d 3c 4h 5s Kd Kc")
    assert status == 0
    assert out.splitlines() == ["Razz: As 2d 3c 4h 5s Kd Kc", "low: 5-4-3-2-A low", "best five: 5s 4h 3c 2d As"]


def test_badugi_json_in_french(capsys):
    status, out, _ = run(capsys, "eval", "--game", "badugi", "As 2s 3c 4h", "--json", "--lang", "fr")
    data = json.loads(out)
    assert status == 0 and data["game"] == "badugi" and data["description"] == "Main de 3 cartes, 4-3-A"
    assert data["best_five"] == ["4h", "3c", "As"] and "category" not in data


def test_badugi_text_names_the_cards_that_play(capsys):
    _, out, _ = run(capsys, "eval", "--game", "badugi", "As 2s 3c 4h")
    assert out.splitlines()[-1] == "cards that play: 4h 3c As"


def test_deuce_to_seven_json(capsys):
    status, out, _ = run(capsys, "eval", "--game", "deuce-to-seven", "7s 5d 4c 3h 2s", "--json")
    data = json.loads(out)
    assert status == 0 and (data["value"], data["description"]) == (7462, "7-5-4-3-2 low")


def test_stud_hi_lo_shows_both_halves(capsys):
    status, out, _ = run(capsys, "eval", "--game", "stud-hi-lo", "Kh 8c 6d 4d 3h 2s 2c")
    assert status == 0 and out.splitlines() == [
        "Seven-card stud hi-lo, 8 or better: Kh 8c 6d 4d 3h 2s 2c", "Pair: Pair of Twos",
        "best five: Kh 8c 6d 2c 2s", "low: 8-6-4-3-2 low, best five: 8c 6d 4d 3h 2s"]
    _, out, _ = run(capsys, "eval", "--game", "stud-hi-lo", "Kh 9c 8d 7d 5h 2s 2c", "--json")
    data = json.loads(out)
    assert data["low"] is None and data["board"] == [] and data["category"] == "PAIR"


@pytest.mark.parametrize(("argv", "shown"), [
    (["--game", "stud-hi-lo", "Kh 8c 6d 4d 3h 2s 2c"], {"best five": "Kh 8c 6d 2c 2s", "low": "8c 6d 4d 3h 2s"}),
    (["--game", "short-deck", "Th Jh Qh Kh Ah 7c 8d"], {"best five": "Ah Kh Qh Jh Th"}),
    (["Th Jh 9h Kh Ah 7c 8d"], {"best five": "Ah Kh Jh Th 9h"}),
    (["--game", "razz", "As 2d 3c 4h 5s Kd Kc"], {"best five": "5s 4h 3c 2d As"}),
    (["--game", "badugi", "As 2s 3c 4h"], {"cards that play": "4h 3c As"}),
])
def test_json_lists_the_best_five_in_the_order_the_text_prints_them(capsys, argv, shown):
    _, text, _ = run(capsys, "eval", *argv)
    printed = {line.split(": ")[0]: line.rsplit(": ", 1)[1] for line in text.splitlines()[1:] if ": " in line}
    _, out, _ = run(capsys, "eval", *argv, "--json")
    data = json.loads(out)
    assert " ".join(data["best_five"]) == shown.get("best five", shown.get("cards that play"))
    assert printed.get("best five", printed.get("cards that play")) == " ".join(data["best_five"])
    if "low" in shown:
        assert " ".join(data["low"]["best_five"]) == shown["low"] == printed["low"]


def test_short_deck_without_a_board_prints_the_cards_alone(capsys):
    status, out, _ = run(capsys, "eval", "--game", "short-deck", "Ah Kh Qh Jh Th 7c 8d")
    assert status == 0 and out.splitlines()[0] == "Short-deck hold'em: Ah Kh Qh Jh Th 7c 8d"
    _, out, _ = run(capsys, "eval", "--game", "short-deck", "Ah Kh", "--board", "Qh Jh Th 7c 8d")
    assert out.splitlines()[0] == "Short-deck hold'em: Ah Kh on Qh Jh Th 7c 8d"


@pytest.mark.parametrize(("argv", "message"), [
    (["--game", "razz", "As 2s", "--board", "3c 4c 5c"], "board: razz deals no board"),
    (["--game", "badugi", "As 2d 3c 4h 5s"], "a hand of badugi needs 4 cards, got 5: As 2d 3c 4h 5s"),
    (["--game", "stud", "As 2d 3c 4h"], "a hand of stud needs 5, 6 or 7 cards, got 4"),
    (["--game", "deuce-to-seven", "As 2d 3c 4h 4h"], "'4h'"),
    (["--game", "stud", "As Ad Kc Qd As"], "card 'As' is given twice (cards 1 and 5)"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, message):
    status, out, err = run(capsys, "eval", *argv)
    assert status == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


@pytest.mark.parametrize("game, cards, board", [
    ("razz", "As 2d 3c 4h 5s Kd Kc", None), ("stud-hi-lo", "Kh 8c 6d 4d 3h 2s 2c", None),
    ("badugi", "As 2d 3c 3h", None), ("short-deck", "Ah Kh", "Qh Jh Th 7c 8d"),
    ("omaha-hi-lo", "Ah 2h Kc Qd", "3h 4h 5h 9c Kd"), ("holdem", "Ah Kh", "Qh Jh Th 7c 8d"),
])
def test_json_is_what_the_web_api_answers(capsys, game, cards, board):
    fastapi = pytest.importorskip("fastapi.testclient")
    from pokerfsm.web.app import create_app

    argv = ["eval", "--game", game, cards, "--json"] + (["--board", board] if board else [])
    status, out, _ = run(capsys, *argv)
    body = {"game": game, "cards": cards.split()} | ({"board": board.split()} if board else {})
    answer = fastapi.TestClient(create_app()).post("/api/evaluate", json=body)
    assert status == 0 and answer.status_code == 200
    assert json.loads(out) == answer.json()
