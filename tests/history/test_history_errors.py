"""Damaged history files: one error, ``file:line: message`` quoting the text, never a traceback."""
import subprocess
import sys
from pathlib import Path

import pytest

from pokerfsm import history
from pokerfsm.cli import main
from pokerfsm.errors import HistoryParseError, HistoryReplayError, InputFileError

GOOD = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = [
  'd dh p1 7c2d',
  'd dh p2 AhKd',
  'd dh p3 AsKc',
  'p3 cbr 30',
  'p1 f',
  'p2 cc',
  'd db QsJd3c',
  'p2 cc',
  'p3 cc',
  'd db 8h',
  'p2 cc',
  'p3 cc',
  'd db 4s',
  'p2 cc',
  'p3 cc',
  'p2 sm AhKd',
  'p3 sm AsKc',
]
finishing_stacks = [995, 1003, 1002]
"""
DRAW = ('{"game": "five-card draw", "hand": 1, "players": ["A", "B"], "button": "B", "ante": 2, '
        '"min_bet": 4, "starting_stacks": [100, 100], "actions": ["d dh p1 2c7d9hJsKs", '
        '"d dh p2 3c3d8h8sAc", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", '
        '"p1 sm 2c7d9hJsKs", "p2 sm 3c3d8h8sAc"], "finishing_stacks": [98, 102]}\n')


def damaged(old, new, text=GOOD):
    assert old in text, old
    return text.replace(old, new, 1)


CASES = [
    # (what is damaged, file text, line, error class, fragment of the message)
    ("TOML syntax", damaged("min_bet = 10", "min_bet = "), 4, HistoryParseError, "not valid TOML"),
    ("missing field", damaged("min_bet = 10\n", ""), 1, HistoryParseError, "no 'min_bet' field"),
    ("unknown variant", damaged("'NT'", "'XY'"), 1, HistoryParseError, "unknown variant 'XY'"),
    ("stud without a bring-in", damaged("'NT'", "'FR'"), 1, HistoryParseError, "no 'bring_in' field"),
    ("wrong count", damaged("antes = [0, 0, 0]", "antes = [0, 0]"), 2, HistoryParseError,
     "2 entries for 3 players"),
    ("not a number", damaged("min_bet = 10", "min_bet = 'ten'"), 4, HistoryParseError, "numbers"),
    ("one player", damaged("starting_stacks = [1000, 1000, 1000]", "starting_stacks = [1000]"), 5,
     HistoryParseError, "1 player: pokerfsm replays hands of 2-10"),
    ("raise too small", damaged("'p3 cbr 30'", "'p3 cbr 12'"), 10, HistoryReplayError,
     "illegal action 'p3 cbr 12'"),
    ("out of turn", damaged("'p3 cbr 30'", "'p1 cbr 30'"), 10, HistoryReplayError,
     "it is p3's turn"),
    ("bad card", damaged("'d dh p2 AhKd'", "'d dh p2 AhKx'"), 8, HistoryParseError, "bad cards 'AhKx'"),
    ("card twice", damaged("'d dh p2 AhKd'", "'d dh p2 AhKc'"), 9, HistoryReplayError,
     "'Kc' is dealt twice, again in 'd dh p3 AsKc'"),
    ("unknown player", damaged("'p1 f'", "'p9 f'"), 11, HistoryParseError, "unknown player 'p9'"),
    ("unknown action", damaged("'p1 f'", "'p1 zz'"), 11, HistoryParseError, "unknown action 'p1 zz'"),
    ("bad amount", damaged("'p3 cbr 30'", "'p3 cbr lots'"), 10, HistoryParseError, "bad amount 'lots'"),
    ("after the end", damaged("  'p3 sm AsKc',\n", "  'p3 sm AsKc',\n  'p1 cc',\n"), 24,
     HistoryReplayError, "after the end of the hand"),
    ("wrong show", damaged("'p3 sm AsKc'", "'p3 sm AsQc'"), 23, HistoryReplayError, "was dealt AsKc"),
    ("wrong stacks", damaged("[995, 1003, 1002]", "[995, 1002, 1003]"), 25, HistoryReplayError,
     "do not match the actions, which give [995, 1003, 1002]"),
    ("board too early", damaged("  'p3 cc',\n  'd db 8h',", "  'd db 8h',\n  'p3 cc',"), 15,
     HistoryReplayError, "illegal action 'd db 8h'"),
    ("empty", "", 0, HistoryParseError, "no hand"),
    ("binary", "variant = 'NT'\n\x00\x01", 2, InputFileError, "binary data"),
    ("draw JSON", DRAW + '{"game": "five-card draw", "hand": 2,\n', 2, HistoryParseError, "not valid JSON"),
    ("draw game", DRAW.replace("five-card draw", "razz"), 1, HistoryParseError, "unknown game 'razz'"),
    ("draw illegal", DRAW.replace('"p1 sd", "p2 sd"', '"p2 sd", "p1 sd"'), 1, HistoryReplayError,
     "p2 cannot draw now"),
    ("second hand", "[1]\n" + GOOD + "\n[2]\n" + damaged("'p1 f'", "'p1 zz'"), 39, HistoryParseError,
     "unknown action"),
    ("stray table", GOOD + "\n[extra]\nx = 1\n", 27, HistoryParseError, "cannot also hold"),
    ("draw huge number", DRAW + '{"game": "five-card draw", "hand": ' + "9" * 5000 + "}\n", 2, HistoryParseError,
     "not valid JSON (Exceeds the limit"),
    ("unknown board card", damaged("'d db 8h'", "'d db ??'"), 16, HistoryParseError,
     "board cards cannot be unknown"),
]

HOSTILE = [
    # numbers and nesting that Python itself refuses, or that no rules engine can hold
    ("bet inf", damaged("'p3 cbr 30'", "'p3 cbr inf'"), 10, HistoryParseError, "bad amount 'inf' in 'p3 cbr inf'"),
    ("bet nan", damaged("'p3 cbr 30'", "'p3 cbr nan'"), 10, HistoryParseError, "bad amount 'nan' in 'p3 cbr nan'"),
    ("bet exponent", damaged("'p3 cbr 30'", "'p3 cbr 3e1'"), 10, HistoryParseError, "bad amount '3e1'"),
    ("bet arabic digits", damaged("'p3 cbr 30'", "'p3 cbr \u0663\u0660'"), 10, HistoryParseError,
     "bad amount '\u0663\u0660' in 'p3 cbr \u0663\u0660': an amount is written with the digits 0-9"),
    ("bet too precise", damaged("'p3 cbr 30'", "'p3 cbr 30.00001'"), 10, HistoryParseError,
     "bad amount '30.00001' in 'p3 cbr 30.00001': more precise than 3 decimals"),
    ("bet too large", damaged("'p3 cbr 30'", "'p3 cbr 1" + "0" * 400 + "'"), 10, HistoryParseError, "too large"),
    ("stack of 401 digits", damaged("[1000, 1000, 1000]", "[1" + "0" * 400 + ", 1000, 1000]"), 5, HistoryParseError,
     "starting_stacks holds '10000000000000000000…' (401 characters), too large (amounts are below 1,000,000,000,000)"),
    ("blind too precise", damaged("[5, 10, 0]", "[5, 10.0001, 0]"), 3, HistoryParseError,
     "blinds_or_straddles holds '10.0001', more precise than 3 decimals"),
    ("5,000 brackets", GOOD + "x = " + "[" * 5000 + "\n", 26, HistoryParseError,
     "not valid TOML: lists or tables nested too deeply: 'x = [[[["),
    ("draw 5,000 brackets", DRAW + '{"hand": ' + "[" * 5000 + "\n", 2, HistoryParseError,
     "not valid JSON (nested too deeply): '{\"hand\": [[[["),
    ("draw stack of 401 digits", DRAW.replace("[100, 100]", "[1" + "0" * 400 + ", 100]"), 1, HistoryParseError,
     "starting_stacks must be 2 positive whole numbers below 1,000,000,000,000, not [10000"),
]


@pytest.mark.parametrize("what, text, line, error, fragment", CASES + HOSTILE, ids=[c[0] for c in CASES + HOSTILE])
def test_damage_is_one_located_error(table, tmp_path, what, text, line, error, fragment):
    path = tmp_path / "bad.phh"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(error) as info:
        history.load(path)
    exc = info.value
    assert isinstance(exc, InputFileError) and isinstance(exc, ValueError)
    assert str(exc).startswith(f"{path}:{line}: ") and fragment in str(exc)
    assert exc.path == str(path) and exc.line == line
    if isinstance(exc, HistoryParseError):  # reading the file itself fails with its parent class
        assert exc.text == (text.splitlines()[line - 1] if line else "")
    assert "\n" not in str(exc)


@pytest.mark.parametrize("what, text, line, error, fragment", CASES[:12] + HOSTILE,
                         ids=[c[0] for c in CASES[:12] + HOSTILE])
def test_cli_prints_one_line_and_exits_2(table, tmp_path, capsys, what, text, line, error, fragment):
    path = tmp_path / "bad.phh"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [captured.err.strip()]
    assert captured.err.startswith(f"{path}:{line}: ") and fragment in captured.err


def test_binary_text_given_directly(table):
    with pytest.raises(HistoryParseError, match=r"^x.phh:2: this is a binary file"):
        history.loads("variant = 'NT'\n\x00", "x.phh")


def test_not_utf8_names_the_line(tmp_path):
    path = tmp_path / "latin1.phh"
    path.write_bytes(GOOD.replace("variant = 'NT'", "# Jos\xe9\nvariant = 'NT'").encode("latin-1"))
    with pytest.raises(InputFileError) as info:
        history.load(path)
    assert info.value.line == 1 and "invalid UTF-8" in str(info.value)


def test_missing_file_and_bad_hand_number(table, tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.phh")]) == 2
    assert "nope.phh" in capsys.readouterr().err
    path = tmp_path / "one.phh"
    path.write_text(GOOD)
    assert main(["replay", str(path), "--hand", "2"]) == 2
    err = capsys.readouterr().err
    assert "holds 1 hand" in err and len(err.splitlines()) == 1
    for number in ("\u0661", "\uff11", "0"):  # an Arabic-Indic and a fullwidth 1
        assert main(["replay", str(path), "--hand", number]) == 2
        err = capsys.readouterr().err
        assert "argument --hand: expected a whole number" in err and repr(number) in err


def test_real_process_has_no_traceback(table, tmp_path):
    path = tmp_path / "bad.phh"
    path.write_text(damaged("'p3 cbr 30'", "'p3 cbr 12'"))
    result = subprocess.run([sys.executable, "-m", "pokerfsm", "replay", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"{path}:10: illegal action 'p3 cbr 12'")


RAZZ = (Path(__file__).resolve().parent / "data" / "razz_split.phh").read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new", [("'d dh p3 ThJsKs'", "'d dh p3 ThJs??'"),  # third street's up card
                                      ("'d dh p3 ThJsKs'", "'d dh p3 ??????'"),
                                      ("'d dh p2 4c'", "'d dh p2 ??'")])  # fourth street's
def test_unknown_stud_up_card_is_refused_on_the_action_that_deals_it(table, tmp_path, capsys, old, new):
    path = tmp_path / "razz.phh"
    path.write_text(damaged(old, new, RAZZ), encoding="utf-8")
    with pytest.raises(HistoryReplayError) as info:
        history.load(path)
    seat = new.split()[2]
    assert str(info.value) == (f"{path}:11: {new}: deals {seat}'s up card as '??', but up cards are dealt face up "
                               "and must be known (the bring-in and who acts first are decided from them)")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.strip() == str(info.value)


def test_unknown_stud_down_cards_still_replay(table, tmp_path):
    path = tmp_path / "razz.phh"  # the folder's down cards and a mucked seventh-street card nobody saw
    path.write_text(damaged("'d dh p3 Ts'", "'d dh p3 ??'", damaged("'d dh p4 9c8cQs'", "'d dh p4 ????Qs'", RAZZ)),
                    encoding="utf-8")
    hand, = history.load(path)
    assert hand.final_stacks == (102, 101, 98, 99)


SHORT_DECK = (Path(__file__).resolve().parent / "data" / "short_deck_split.phh").read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new, card", [("'d db Ac'", "'d db 5c'", "5c"),
                                            ("'d dh p2 Qs6d'", "'d dh p2 Qs2d'", "2d"),  # p2 mucks it
                                            ("'p2 sm'", "'p2 sm Qs6d'", None)])
def test_short_deck_card_outside_its_deck_is_refused_where_it_is_dealt(table, tmp_path, old, new, card):
    path = tmp_path / "short.phh"
    path.write_text(damaged(old, new, SHORT_DECK), encoding="utf-8")
    if card is None:  # a card of the 36 shown: the hand still settles
        assert history.load(path)[0].final_stacks == (114, 65, 114)
        return
    with pytest.raises(HistoryReplayError) as info:
        history.load(path)
    assert str(info.value) == f"{path}:10: {new}: card '{card}' is not in Short-deck hold'em's 36-card deck"


def test_pokerkit_players_are_named_as_in_the_history(table, tmp_path):
    path = tmp_path / "bad.phh"  # pokerkit counts its players from 0: 'The Player 0 cannot be dealt ...'
    path.write_text(damaged("  'd dh p2 AhKd',\n", "  'd dh p1 Td',\n  'd dh p2 AhKd',\n"), encoding="utf-8")
    expected = r":8: illegal action 'd dh p1 Td': p1 cannot be dealt any hole cards\.$"
    with pytest.raises(HistoryReplayError, match=expected):
        history.load(path)


@pytest.mark.parametrize("failure", [KeyError("<Rank.UNKNOWN: '?'>"), AssertionError(),
                                     IndexError("pop from an empty deque")])
def test_pokerkit_failure_without_a_sentence_shows_no_python_text(table, tmp_path, monkeypatch, failure):
    pk = pytest.importorskip("pokerkit")

    def refuse(*args, **kwargs):
        raise failure

    monkeypatch.setattr(pk.State, "check_or_call", refuse)
    path = tmp_path / "hand.phh"
    path.write_text(GOOD, encoding="utf-8")
    with pytest.raises(HistoryReplayError) as info:
        history.load(path)
    assert str(info.value) == (f"{path}:12: illegal action 'p2 cc': "
                               "pokerkit's rules engine cannot apply it at this point of the hand")


def test_unknown_hand_at_the_showdown_is_named_as_in_the_history(table, tmp_path):
    path = tmp_path / "bad.phh"  # p2's cards are never seen, yet the showdown must compare them
    text = damaged("'d dh p2 AhKd'", "'d dh p2 ????'", damaged("'p2 sm AhKd'", "'p2 sm Ah??'"))
    path.write_text(text.replace("finishing_stacks = [995, 1003, 1002]\n", ""), encoding="utf-8")
    with pytest.raises(HistoryReplayError) as info:
        history.load(path)
    assert str(info.value) == (f"{path}:23: cannot settle the hand: "
                               "p2's cards are unknown but must be compared at the showdown")
