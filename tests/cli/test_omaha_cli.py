"""``pokerfsm eval``, ``equity`` and ``outs`` with ``--game``: the game in every caption, JSON, one-line errors."""
import json

import pytest

from pokerfsm.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_eval_omaha_hi_lo_text_and_json(capsys):
    status, out, _ = run(capsys, "eval", "--game", "omaha-hi-lo", "Ah 2h Kc Qd", "--board", "3h 4h 5h 9c Kd")
    assert status == 0
    assert out.splitlines()[0] == "Omaha hi-lo, 8 or better: Ah 2h Kc Qd on 3h 4h 5h 9c Kd"
    assert "Straight flush, Five high" in out and "low: 5-4-3-2-A low" in out
    status, out, _ = run(capsys, "eval", "--game", "omaha-hi-lo", "Ah 2h Kc Qd", "--board", "3h 4h Jh 9c Kd",
                         "--json")
    data = json.loads(out)
    assert data["game"] == "omaha-hi-lo" and data["low"] is None and data["category"] == "FLUSH"


def test_eval_omaha_takes_exactly_two_hole_cards(capsys):
    status, out, _ = run(capsys, "eval", "--game", "omaha", "Ah 2c 3d 4s", "--board", "Kh Qh Jh Th 5c", "--json")
    data = json.loads(out)
    assert status == 0 and data["description"] == "High card, Ace" and data["board"][0] == "Kh"


def test_eval_holdem_output_is_unchanged(capsys):
    status, out, _ = run(capsys, "eval", "Ah", "Kh", "Qh", "Jh", "Th", "2c", "3d", "--json")
    assert status == 0 and "game" not in json.loads(out)


def test_equity_omaha_hi_lo(capsys):
    status, out, _ = run(capsys, "equity", "--game", "omaha-hi-lo", "AsKsQhJh", "2c3c4d5d", "--board", "Ah 7c 8d")
    assert status == 0
    assert "Omaha hi-lo, 8 or better: A♥ 7♣ 8♦" in out and "Omaha hi-lo, 8 or better, 820 showdowns, exact" in out
    assert "scoop" in out and "a low qualifies 100.000 %" in out
    status, out, _ = run(capsys, "equity", "--game", "omaha-hi-lo", "AsKsQhJh", "2c3c4d5d", "--board", "Ah 7c 8d",
                         "--json")
    data = json.loads(out)
    assert data["game"] == "omaha-hi-lo" and data["low"] == 1.0
    assert data["players"][1]["low_share"] == 0.5 and data["players"][1]["scoop"] == pytest.approx(269 / 820)


def test_equity_omaha_monte_carlo_with_a_range(capsys):
    args = ["equity", "--game", "omaha", "AsKsQhJh", "KKxxds", "?", "--samples", "5000", "--seed", "3", "--json"]
    status, out, _ = run(capsys, *args)
    first = json.loads(out)
    _, again, _ = run(capsys, *args)
    assert status == 0 and first["game"] == "omaha" and first["method"] == "monte-carlo"
    assert first["players"] == json.loads(again)["players"]


def test_outs_omaha(capsys):
    status, out, _ = run(capsys, "outs", "--game", "omaha-hi-lo", "AsKsQhJh", "2c3c4d5d", "--board", "Ah 7c 8d 9h")
    assert status == 0 and out.startswith("Omaha hi-lo, 8 or better, Board Ah 7c 8d 9h: 40 river cards")
    assert "scooping outs (3): 6s 6d 6c" in out
    status, out, _ = run(capsys, "outs", "--game", "omaha", "AsKsQhJh", "2c3c4d5d", "--board", "Ah 7c 8d", "--json")
    data = json.loads(out)
    assert data["game"] == "omaha" and data["street"] == "turn" and len(data["turns"]) == 41
    assert set(data["players"][1]["wins"]) == {"2d", "3d", "4c", "5c", "6s", "6h", "6d", "6c"}


@pytest.mark.parametrize(("argv", "words"), [
    (["eval", "--game", "omaha", "Ah 2h Kc", "--board", "3h 4h 5h"], "hole: omaha deals 4 hole cards, got 3"),
    (["eval", "--game", "pineapple", "Ah 2h Kc Qd", "--board", "3h 4h 5h"], "unknown game 'pineapple'"),
    (["eval", "--game", "omaha", "Ah 2h Kc Qd"], "give the board with --board"),
    (["equity", "--game", "omaha", "AsKsQhJh", "AsKc"], "player 2: omaha deals 4 hole cards, got 2: As Kc"),
    (["equity", "--game", "omaha6", *["?"] * 8], "omaha6 takes 2 to 7 players, got 8"),
    (["equity", "--game", "omaha", "AsKsQhJh", "AAzz"], "player 2"),
    (["outs", "--game", "omaha", "AsKsQhJh", "?", "--board", "Ah 7c 8d"], "outs need known hands; player 2"),
    (["outs", "--game", "omaha", "AsKsQhJh", "2c3c4d5d", "--board", "Ah 7c"], "3 or 4 board cards, got 2"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err
