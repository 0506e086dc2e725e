"""``pokerfsm replay``: the terminal view, --hand, --json and the multi-hand summary."""
import json
from pathlib import Path

import pytest

from pokerfsm.cli import main
from pokerfsm.cli.replay import EQUITY_NOTE

DATA = Path(__file__).resolve().parent / "data"

DRAW = ('{"game": "five-card draw", "hand": 7, "players": ["Ada", "Bo"], "button": "Bo", "ante": 2, '
        '"min_bet": 4, "starting_stacks": [100, 100], "actions": ["d dh p1 2c7d9hJsKs", '
        '"d dh p2 3c3d8h8sAc", "p1 cbr 10", "p2 cc", "p1 sd 2c7d", "p2 sd Ac", "d dh p1 KdKh", '
        '"d dh p2 As", "p1 cc", "p2 cc", "p1 sm KdKhKs9hJs", "p2 sm 3c3d8h8sAs"], '
        '"finishing_stacks": [112, 88]}\n')


def run(capsys, *argv):
    status = main(["replay", *map(str, argv)])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out


def test_one_hand_table_result_and_all_in_luck(table, capsys):
    out = run(capsys, DATA / "three_allins.phh")
    assert out.startswith(EQUITY_NOTE[:40])
    assert "Hand 1 of 1 · no-limit hold'em · blinds 5/10 · button Dan" in out
    for line in ["main pot 400 (Ann, Bob, Cat, Dan): Ann 400 with Pair of Aces",
                 "side pot 1 450 (Bob, Cat, Dan): Bob 450 with Pair of Kings",
                 "side pot 2 300 (Cat, Dan): Cat 300 with Pair of Queens",
                 "result: Ann +300 → 400, Bob +200 → 450, Cat -100 → 300, Dan -400 → 600"]:
        assert line in out
    assert "all-in preflop (no board): Ann expected" in out
    assert "Summary" not in out


def test_hand_option_and_summary(table, capsys):
    out = run(capsys, DATA / "session.phhs")
    assert out.count("Hand ") == 3 and "Summary: 3 hands, 2 showdowns, 1 all-ins" in out
    assert "Ann 30, Bob 30 with High card, Ace" in out
    out = run(capsys, DATA / "session.phhs", "--hand", "3")
    assert "Hand 1 of 1 [3]" in out and "Summary" not in out


def test_json_is_one_document(table, capsys):
    document = json.loads(run(capsys, DATA / "session.phhs", "--json"))
    assert document["note"] == EQUITY_NOTE and len(document["hands"]) == 3
    assert document["summary"]["players"][0] == {"name": "Ann", "hands": 3, "net": -290, "all_ins": 1,
                                                 "luck": pytest.approx(-491.7, abs=0.1)}
    first = document["hands"][0]
    assert first["finishing_stacks"] == first["recorded_finishing_stacks"] == [0, 800]
    assert [s["name"] for s in first["streets"]] == ["preflop", "flop", "turn", "river"]
    assert first["streets"][0]["players"][0] == {"name": "Ann", "cards": ["Ah", "As"], "in": True,
                                                 "equity": pytest.approx(0.8195, abs=1e-3)}
    assert first["settlement"]["returned"] == [0, 200]
    assert first["all_in"]["street"] == "preflop" and first["all_in"]["net"] == [-300, 300]
    single = json.loads(run(capsys, DATA / "straddle.phh", "--json"))
    assert single["summary"] is None and single["hands"][0]["showdown"] is False


def test_unknown_hands_are_shown_as_random(table, capsys):
    out = run(capsys, DATA / "muck.phh")
    assert "??" in out and "Cat: show Ah Kh · Ann: muck" in out and "pot 78: Cat 78" in out


def test_draw_history(table, tmp_path, capsys):
    path = tmp_path / "draw.jsonl"
    path.write_text(DRAW)
    document = json.loads(run(capsys, path, "--json"))
    hand, = document["hands"]
    before, after = hand["streets"]
    assert before["name"] == "before the draw" and all(p["equity"] is None for p in before["players"])
    assert [p["equity"] for p in after["players"]] == [1.0, 0.0]
    assert [p["cards"] for p in after["players"]] == [["9h", "Js", "Ks", "Kd", "Kh"],
                                                     ["3c", "3d", "8h", "8s", "As"]]
    assert hand["settlement"]["hands"] == ["Three of a kind, Kings", "Two pair, Eights and Threes"]
    out = run(capsys, path)
    assert "five-card draw · ante 2 · button Bo" in out and "Ada: discard 2" in out


def test_without_pokerkit_the_error_says_which_extra(table, monkeypatch, capsys):
    import sys

    monkeypatch.setitem(sys.modules, "pokerkit", None)  # import pokerkit now fails
    assert main(["replay", str(DATA / "odd_chip.phh")]) == 2
    err = capsys.readouterr().err
    assert "needs pokerkit" in err and "pokerfsm[games]" in err and len(err.splitlines()) == 1


def test_split_pot_chance_by_street(table, capsys):
    from pokerfsm import equity

    document = json.loads(run(capsys, DATA / "odd_chip.phh", "--json"))
    splits = [s["split"] for s in document["hands"][0]["streets"]]
    assert splits[0] == pytest.approx(equity(["7c2d", "AhKd", "AsKc"]).split, abs=1e-12)
    assert splits[1:] == [1.0, 1.0, 1.0]  # two ace-kings that can make neither a flush nor different straights
    out = run(capsys, DATA / "odd_chip.phh")
    assert "split" in out and "59.2%" in out and "100.0%" in out


HOSTILE_NAMES = """\
["7\\u001b]0;title\\u0007"]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ['d dh p1 AhAd', 'd dh p2 KsKc', 'p2 cbr 6', 'p1 cc', 'd db 2c7d9h', 'p1 cc', 'p2 cc',
           'd db 3s', 'p1 cc', 'p2 cc', 'd db 4c', 'p1 cc', 'p2 cc']
players = ["Ann\\u001b[2J\\u001b[31m", "[bold red]Bob\\u202e\\u009b"]
"""
RAW = ("\x1b", "\x07", "\u202e", "\x9b")


def test_names_from_the_file_reach_the_terminal_escaped(table, tmp_path, capsys):
    path = tmp_path / "names.phhs"
    path.write_text(HOSTILE_NAMES, encoding="utf-8")
    out = run(capsys, path)
    assert not any(ch in out for ch in RAW)
    assert "Hand 1 of 1 [7\\x1b]0;title\\x07]" in out
    assert "preflop: Ann\\x1b[2J\\x1b[31m: post 2 · [bold red]Bob\\u202e\\x9b: post 1" in out
    assert "result: Ann\\x1b[2J\\x1b[31m +6 → 206, [bold red]Bob\\u202e\\x9b -6 → 194" in out
    document = json.loads(run(capsys, path, "--json"))  # the data keeps the names as written
    assert document["hands"][0]["players"] == ["Ann\x1b[2J\x1b[31m", "[bold red]Bob\u202e\x9b"]


def test_draw_names_and_summaries_are_escaped_too(table, tmp_path, capsys):
    path = tmp_path / "draw.jsonl"
    path.write_text(DRAW.replace("Ada", "Ada\\u001b[2J").replace('"hand": 7', '"hand": "\\u001bc"') * 2)
    out = run(capsys, path)
    assert not any(ch in out for ch in RAW)
    assert "Hand 2 of 2 [\\x1bc]" in out and "Ada\\x1b[2J: discard 2" in out
    assert out.count("Ada\\x1b[2J") >= 6  # the table's column, the moves, the result and the summary


def test_a_hand_name_in_an_error_is_escaped(table, tmp_path, capsys):
    path = tmp_path / "bad.phhs"
    path.write_text(HOSTILE_NAMES.replace("min_bet = 2\n", ""), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"{path}:1: hand [7\\x1b]0;title\\x07] has no 'min_bet' field\n"


def test_json_mucked_names_only_the_players_who_did_not_show(table, capsys):
    shown = json.loads(run(capsys, DATA / "three_allins.phh", "--json"))["hands"][0]["settlement"]
    assert shown["hands"][3] == "Pair of Jacks" and shown["mucked"] == []  # Dan showed JcJd and lost
    mucked = json.loads(run(capsys, DATA / "muck.phh", "--json"))["hands"][0]["settlement"]
    assert mucked["mucked"] == ["Ann"]


EIGHT = ["You", "Ada (solid)", "Bruno (timid)", "Chloe (random)", "Denis (flambeur)", "Emma (solid)",
         "Felix (timid)", "Gaby (bluffer)"]
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def eight_handed_draw():
    """A five-card draw hand of the game's default table: eight players who check and stand pat."""
    actions = ([f"d dh p{i + 1} " + "".join(DECK[5 * i:5 * i + 5]) for i in range(8)]
               + [f"p{i + 1} {verb}" for verb in ("cc", "sd", "cc") for i in range(8)])
    return json.dumps({"game": "five-card draw", "hand": 1, "players": EIGHT, "button": EIGHT[-1], "ante": 2,
                       "min_bet": 4, "starting_stacks": [1000] * 8, "actions": actions}) + "\n"


@pytest.mark.parametrize("width", [100, 120, 160])
def test_a_draw_table_has_no_board_column_and_its_headers_fit(table, width):
    import io

    from rich.console import Console

    from pokerfsm import history
    from pokerfsm.cli.replay import hand_view

    hand, = history.loads(eight_handed_draw(), "draw.jsonl")
    console = Console(width=width, file=io.StringIO(), highlight=False, color_system=None)
    for renderable in hand_view(history.analyse(hand), 1, 1)[:2]:
        console.print(renderable)
    lines = console.file.getvalue().splitlines()
    header = " ".join(line.strip("┃│ ") for line in lines[1:5])
    words = header.replace("┃", " ").split()
    assert "…" not in console.file.getvalue() and "board" not in words
    assert {"street", "pot", "split"} | {word for name in EIGHT for word in name.split()} <= set(words)
    assert max(map(len, lines)) <= width


def test_a_shown_two_of_spades_is_a_card_not_unknown(table):
    from pokerfsm import history

    hand, = history.loads(eight_handed_draw(), "draw.jsonl")
    assert "You: show 2c 2d 2h 2s 3c" in hand.streets[-1].actions  # the 2 of spades is card number 0


def test_a_holdem_table_keeps_its_board_column(table, capsys):
    out = run(capsys, DATA / "three_allins.phh")
    assert any(" street " in line and " board " in line for line in out.splitlines())
