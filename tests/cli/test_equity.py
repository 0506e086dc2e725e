"""``pokerfsm equity`` and ``pokerfsm outs``: tables, JSON, errors, a real process and a terminal."""
import json
import os
import subprocess
import sys

import pytest

from pokerfsm.cli import main

pytestmark = pytest.mark.usefixtures("table")


def test_equity_json(capsys):
    assert main(["equity", "AhAd", "KsKc", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["combinations"] == 1_712_304 and data["exact"] is True and data["std_error"] is None
    assert [p["wins"] for p in data["players"]] == [1_388_072, 317_694]
    assert data["players"][0]["hand"] == "AhAd" and data["board"] == [] and data["dead"] == []


def test_equity_ranges_and_random(capsys):
    assert main(["equity", "AhAd", "KsKc", "?", "QQ+,AKs", "--board", "2c 7d 9h", "--dead", "3s", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["hand"] for p in data["players"]] == ["AhAd", "KsKc", "random", "QQ+, AKs"]
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1.0, abs=1e-12)
    assert data["board"] == ["2c", "7d", "9h"] and data["dead"] == ["3s"]


def test_equity_monte_carlo(capsys):
    args = ["equity", "AhKh", "?", "?", "--samples", "20000", "--seed", "4", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    second = json.loads(capsys.readouterr().out)
    assert first["exact"] is False and first["combinations"] == 20_000 and first["std_error"] > 0
    assert first["players"] == second["players"]


def test_equity_table(capsys):
    assert main(["equity", "AhAd", "KsKc", "--board", "2c 7d 9h"]) == 0
    out = capsys.readouterr().out
    assert "AhAd" in out and "KsKc" in out and "990 showdowns, exact" in out
    assert "Full house" in out and "equity" in out


def test_equity_split_line_and_json(capsys):
    assert main(["equity", "AhKd", "AsKc", "QhQd", "--board", "2c 7d 9h Ts"]) == 0
    assert "split pot 9.524 %: #1 #2 9.524 %" in capsys.readouterr().out
    assert main(["equity", "AhKd", "AsKc", "QhQd", "--board", "2c 7d 9h Ts", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["split"] == pytest.approx(4 / 42)
    assert [(s["players"], s["count"]) for s in data["splits"]] == [([2], 38), ([0, 1], 4)]
    assert main(["equity", "AhKh", "?", "?", "?", "?", "?", "--samples", "20000", "--seed", "4"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("split pot"))
    assert line.startswith("split pot ~") and line.endswith("other splits")


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["equity", "AhKh"], "2 to 10 players"),
        (["equity", "AhKh", "QsQd", "--board", "2c 3c"], "0, 3, 4 or 5 cards"),
        (["equity", "AhKh", "AhQd"], "'Ah'"),
        (["equity", "AhKh", "QQ+,AKx"], "'AKx'"),
        (["equity", "AhKh", "QsQd", "--samples", "0"], "samples"),
        # digits of other scripts, which int() and float() would take
        (["equity", "AhKh", "QsQd", "--samples", "\u0665\u0660\u0660"], "argument --samples: expected a whole number "
                                                                     "written with the digits 0-9, got '٥٠٠'"),
        (["equity", "AhKh", "QsQd", "--seed", "\u0661"], "argument --seed: expected a whole number"),
        (["equity", "AhKh", "QsQd", "--budget", "\u0662"], "argument --budget: expected a number above 0"),
        (["equity", "AhKh", "QsQd", "--budget", "nan"], "got 'nan'"),
        (["equity", "AhKh", "top \u0661\u0665%"], "'top ١٥%' at column 1"),
        (["odds", "AhKh", "--total", "\u0665"], "argument --total: expected a whole number"),
        (["rummikub", "play", "--players", "\u0662"], "argument --players: expected a whole number"),
        (["equity", "AhKh", "QsQd", "--samples", "20000000"], "samples must be a whole number from 1 to 10,000,000"),
        (["outs", "AhKh", "QsQd", "--board", "2c 3c 4c 5c 6c"], "3 or 4 board cards"),
        (["outs", "AhKh", "QQ", "--board", "2c 3c 4d"], "known hands"),
        # a bad card says where it is, as a card given twice does
        (["equity", "AhKh", "QQ", "--board", "Zx 7c 2d"], "error: the board: 'Zx' is not a card"),
        (["equity", "AhKh", "QQ", "--dead", "7c Zx"], "error: the dead cards: 'Zx' is not a card"),
        (["equity", "--game", "short-deck", "AhKh", "QQ", "--board", "Tx 7c 8d"], "error: the board: 'Tx'"),
        (["hits", "QQ+", "--board", "Zx 7c 2d"], "error: the board: 'Zx' is not a card"),
    ],
)
def test_errors(capsys, args, fragment):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1 and "Traceback" not in err


def test_outs_text(capsys):
    assert main(["outs", "AhKh", "QsQd", "--board", "Qh 7h 2c 5s"]) == 0
    out = capsys.readouterr().out
    assert "winning outs (7): 3h 4h 6h 8h 9h Th Jh" in out
    assert "chopping outs (0): -" in out and "losing cards (37)" in out


def test_outs_flop(capsys):
    assert main(["outs", "AhKh", "QsQd", "--board", "Qh 7h 2c"]) == 0
    out = capsys.readouterr().out
    assert "45 turn cards" in out and "turns that make it the favourite (8)" in out


def test_outs_json(capsys):
    assert main(["outs", "6c7c", "AhAd", "--board", "4c 8c 9s Jh", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["players"][0]["wins"]) == 15 and len(data["players"][0]["losses"]) == 29


@pytest.mark.parametrize("args, expected", [
    (["equity", "AdTs", "QcAh", "--board", "Kh Tc Td", "--json"], '"combinations": 990'),
    (["outs", "AhKh", "QsQd", "--board", "Qh 7h 2c 5s"], "winning outs (7)"),
])
def test_real_process(args, expected):
    done = subprocess.run([sys.executable, "-m", "pokerfsm", *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and expected in done.stdout and done.stderr == ""


def test_real_process_error():
    done = subprocess.run([sys.executable, "-m", "pokerfsm", "equity", "AhKh", "QsQd", "--board", "2c"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == "" and "0, 3, 4 or 5 cards" in done.stderr


def test_progress_bar_on_a_terminal():
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, COLUMNS="100", TERM="xterm", POKERFSM_PROGRESS_DELAY="0")
    child = pexpect.spawn(sys.executable, ["-m", "pokerfsm", "equity", "AhKh", "?", "?", "?", "?",
                                           "--samples", "3000000", "--seed", "1"],
                          env=env, timeout=300, encoding="utf-8")
    child.expect("computing")  # shown after POKERFSM_PROGRESS_DELAY seconds (1 by default)
    child.expect("random deals")  # then the table
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_no_progress_bar_off_a_terminal():
    done = subprocess.run([sys.executable, "-m", "pokerfsm", "equity", "AhKh", "?", "?", "--samples", "2000000",
                           "--seed", "1"], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, POKERFSM_PROGRESS_DELAY="0"))
    assert done.returncode == 0 and done.stderr == "" and "random deals" in done.stdout


def test_exact_refused_names_the_command_line_remedy_and_a_readable_duration(capsys):
    assert main(["equity", "--game", "stud", "As 2d 3c", "?? ?? 7c", "?? ?? 8c", "--exact", "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "years; drop --exact to sample random deals (--samples N sets how many)" in captured.err
    assert "samples=" not in captured.err and "hours" not in captured.err


def test_exact_help_says_when_it_is_refused(capsys):
    with pytest.raises(SystemExit):
        main(["equity", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "however long" not in shown and "refused when that would take over 1 hour" in shown


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "stud", "As Kd Ah Qc", "?? ?? 7c 8c"], "pokerfsm computes no outs for Seven-card stud"),
    (["--game", "badugi", "As 2d 3c 4h", "Ks Qd Jc Th"], "pokerfsm computes no outs for Badugi"),
    (["AhKh", "QsQd"], "outs need a flop or a turn: 3 or 4 board cards, got 0"),
])
def test_outs_without_a_board_says_first_what_the_game_lacks(capsys, args, message):
    assert main(["outs", *args, "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(f"pokerfsm: error: {message}")
    assert "--board" not in captured.err and captured.err.count("\n") == 1


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "stud", "As Kd Ah", "?"],
     "player 2 has 1 card given (??); a stud player holds 3 cards on third street to 7 on seventh, "
     "written as dealt with ?? for each card unseen, e.g. '?? ?? 7c'"),
    (["--game", "a5-lowball", "As 2d 3c 4h 5s", "?"],
     "player 2 has 1 card, 1 unseen (??). Ace-to-five lowball's showdown takes 5 known cards: "),
    (["AhKh", "QQ", "--board", "6c 6c 7d"], "the board: card '6c' is given twice (cards 1 and 2)"),
    (["--game", "short-deck", "AhKh", "QQ", "--board", "6c 7d 6c"], "the board: card '6c' is given twice "
                                                                      "(cards 1 and 3)"),
    (["AhKh", "QQ", "--dead", "2c 3c 2C"], "the dead cards: card '2c' is given twice (cards 1 and 3, written '2C')"),
    (["--game", "stud", "As Ad As", "?? ?? 7c"], "card 'As' is given twice: in player 1's hand"),
])
def test_wrong_counts_and_duplicates_read_well_and_say_where(capsys, args, message):
    assert main(["equity", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pokerfsm: error: {message}") and err.count("\n") == 1
    assert " 1 cards" not in err and "0 cards" not in err and "player 1's hand and in player 1's hand" not in err
