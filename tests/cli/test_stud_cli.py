"""``pokerfsm equity --game stud|stud-hi-lo|razz``: the seat syntax, the street and game in the caption, JSON,
one-line errors."""
import json

import pytest

from pokerfsm.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


SEVENTH = ["As Ad Kc Qd 2h 7c 9s", "?? ?? Ts 9h 8s 7s ??"]
DEAD = "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7d 8c 8d 9c 9d Tc Td Jc Jd Qc"


def test_stud_equity_names_the_game_and_the_street(capsys):
    status, out, _ = run(capsys, "equity", "--game", "stud", *SEVENTH, "--dead", DEAD)
    assert status == 0
    assert "Seven-card stud: seventh street, dead" in out and "Seven-card stud, 1,330 showdowns, exact" in out
    assert "?? ?? Ts 9h 8s 7s ??" in out and "hand at showdown" in out and "Straight flush" in out


def test_stud_json_is_one_document_with_the_game(capsys):
    status, out, _ = run(capsys, "equity", "--game", "stud", *SEVENTH, "--dead", DEAD, "--json")
    data = json.loads(out)
    assert status == 0 and data["game"] == "stud" and data["combinations"] == 1330 and data["exact"]
    assert [p["hand"] for p in data["players"]] == SEVENTH and len(data["dead"]) == 20
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1.0)


def test_stud_hi_lo_shows_the_halves(capsys):
    status, out, _ = run(capsys, "equity", "--game", "stud-hi-lo", "As 2d 3c", "?? ?? 5s", "Kh ?? Ks",
                         "--samples", "20000", "--seed", "4")
    assert status == 0 and "Seven-card stud hi-lo, 8 or better: third street" in out
    assert "scoop" in out and "a low qualifies ~" in out and "20,000 random deals" in out


def test_razz_has_no_high_categories(capsys):
    status, out, _ = run(capsys, "equity", "--game", "razz", "As 2d 3c 4d 5h", "?? ?? Kc Qc Jc")
    assert status == 0 and "Razz: fifth street" in out and "100.000 %" in out
    assert "hand at showdown" not in out


def test_monte_carlo_is_repeatable_by_seed(capsys):
    args = ["equity", "--game", "stud", "As Ad Kc", "?? ?? Ts", "?? ?? 9h", "--samples", "5000", "--seed", "3",
            "--json"]
    _, first, _ = run(capsys, *args)
    _, again, _ = run(capsys, *args)
    assert json.loads(first)["method"] == "monte-carlo" and json.loads(first)["players"] == json.loads(again)["players"]


EIGHT = ["As Ad Kc Qd 2h 7c", "?? ?? Ts 9h 8s 7s", "Kh Ks 4d 4c 5h 6h", "3c 2c Jd Jc 9c 6d",
         "Qh Qs 8c 8d 3s 4s", "3d 3h Tc Td 5d 5s", "?? ?? 2d 6s 7d 9d", "Ac Ah Kd 6c 7h 8h"]


def test_eight_players_share_the_seventh_card_given_as_the_board(capsys):
    status, out, _ = run(capsys, "equity", "--game", "stud", *EIGHT, "--json")
    data = json.loads(out)
    assert status == 0 and data["combinations"] == 1680 and data["exact"] and len(data["players"]) == 8
    status, out, _ = run(capsys, "equity", "--game", "stud", *EIGHT)
    assert status == 0 and "Seven-card stud: sixth street" in out
    status, out, _ = run(capsys, "equity", "--game", "stud", *EIGHT, "--board", "Js")
    assert status == 0 and "Seven-card stud: seventh street, community card J♠" in out
    assert "210 showdowns, exact" in out


@pytest.mark.parametrize(("argv", "words"), [
    ([*EIGHT[:7], EIGHT[7] + " Js"], "player 8 has 7 cards given"),
    ([*EIGHT, "?? ?? ?? ?? ?? ??"], "stud takes 2 to 8 players, got 9"),
    (["As 2d 3c", "?? ?? 5s 6s"], "player 2 has 4 cards (?? ?? 5s 6s) but player 1 has 3"),
    (["As 2d 3c", "?? ?? Xs"], "player 2: 'Xs' is not a card"),
    (["As 2d 3c", "?? ?? 5s", "--board", "2c 3h 4d"], "stud has no board"),
    (["As 2d 3c", "?? ?? As"], "card 'As' is given twice"),
    (["As 2d 3c", "?? ?? 5s", "--dead", "5s"], "card '5s' is given twice"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, words):
    status, out, err = run(capsys, "equity", "--game", "stud", *argv)
    assert status == 2 and out == "" and words in err and "Traceback" not in err and len(err.splitlines()) == 1


def test_holdem_is_unchanged(capsys):
    status, out, _ = run(capsys, "equity", "AhAd", "KsKc", "--board", "2c 7d 9h", "--json")
    assert status == 0 and "game" not in json.loads(out)
    status, out, _ = run(capsys, "equity", "AhAd", "KsKc", "--board", "2c 7d 9h")
    assert out.splitlines()[0].strip() == "2♣ 7♦ 9♥" and "990 showdowns, exact" in out


def test_a_draw_game_shows_the_showdown_or_says_why_not(capsys):
    status, out, _ = run(capsys, "equity", "--game", "badugi", "As 2d 3c 4h", "Ks Qd Jc Th")
    assert status == 0 and "Badugi: showdown" in out and "Badugi, 1 showdown, exact" in out
    assert "100.000 %" in out and "hand at showdown" not in out
    status, out, err = run(capsys, "equity", "--game", "deuce-to-seven", "7c 5d ?? ?? ??", "8c 6d 4c 3d 2h")
    assert status == 2 and out == "" and "before the draw the equity depends on how the players draw" in err
