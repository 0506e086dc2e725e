"""Hostile input on the command line: every answer is a result or one error line with status 2.

Hypothesis builds arguments and course files from the grammars' own pieces
(cards in both notations, range items, weights, numbers of every kind) mixed
with junk, and checks the CLI's promises: exit status 0 or 2, never a
traceback, one line on stderr for an error, one JSON document with --json.
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerfsm.cli import main

CARDS = [r + s for r in "23456789TJQKA" for s in "shdc"]
FRENCH = ["Aca", "10p", "Dt", "Rco", "Vco", "2t", "At", "AT", "9T"]
JUNK = ["", " ", "?", "??", "Zz", "A", "AhAh", "QQ++", "R٧", "R７", "\x00", "\ufeff", "💥", "AhKh" * 30,
        "(" * 50, ")", "0.5(", "%", "-", "+", "--", "nan", "1e308", "-1"]
RANGE_ITEMS = ["QQ+", "AKs", "AKo", "A5s-A2s", "22-55", "T9s", "KQ", "random", "AhKh", "0.5(AA)", "50%(KK)",
               "JT", "TT", "AT", "9T"]
NUMBERS = ["0", "1", "-1", "2.5", "nan", "inf", "-inf", "1e308", "9" * 30, "0x10", "", "abc", "1_000", "٣"]

token = st.one_of(st.sampled_from(CARDS), st.sampled_from(FRENCH), st.sampled_from(JUNK),
                  st.text(max_size=6))
cards_text = st.lists(token, max_size=6).map(" ".join)
player = st.one_of(cards_text, st.lists(st.sampled_from(RANGE_ITEMS + JUNK), min_size=1, max_size=4).map(",".join),
                   st.sampled_from(["?", "??", "random"]))
option = st.sampled_from(["--samples", "--seed", "--budget"]).flatmap(
    lambda name: st.tuples(st.just(name), st.sampled_from(NUMBERS)))

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def check(argv, capsys, *, statuses=(0, 2)):
    status = main(argv)
    out, err = capsys.readouterr()
    assert status in statuses, (argv, err)
    assert "Traceback" not in err
    if status == 2:
        assert len(err.strip().splitlines()) == 1, err
    if status == 0 and "--json" in argv:
        json.loads(out)
    return status


@FUZZ
@given(players=st.lists(player, min_size=1, max_size=4), board=cards_text, dead=cards_text,
       options=st.lists(option, max_size=2), json_output=st.booleans())
def test_equity_arguments(table, capsys, players, board, dead, options, json_output):
    argv = ["equity", *players, "--board", board, "--dead", dead, "--monte-carlo", "--samples", "3000"]
    for name, value in options:
        if name != "--samples":
            argv += [f"{name}={value}"]
    check(argv + (["--json"] if json_output else []), capsys)


@FUZZ
@given(name=st.sampled_from(["--samples", "--seed", "--budget"]), value=st.sampled_from(NUMBERS))
def test_number_options(table, capsys, name, value):
    check(["equity", "AhKh", "QsQd", "--board", "2c 7d 9h", f"{name}={value}", "--json"], capsys)


@FUZZ
@given(cards=cards_text, command=st.sampled_from(["eval", "odds"]), json_output=st.booleans())
def test_eval_and_odds_arguments(table, capsys, cards, command, json_output):
    argv = [command, cards] if command == "eval" else [command, cards, "--total", "5"]
    check(argv + (["--json"] if json_output else []), capsys)


@FUZZ
@given(players=st.lists(cards_text, min_size=1, max_size=3), board=cards_text)
def test_outs_arguments(table, capsys, players, board):
    check(["outs", *players, "--board", board, "--json"], capsys)


line = st.one_of(cards_text, st.sampled_from(["?", "-", "", "Aca 10p", "Rco 10t 10ca 3t", "Dt Aco"]))


@FUZZ
@given(lines=st.lists(line, max_size=12), bom=st.booleans(), ending=st.sampled_from(["\n", "\r\n", ""]))
def test_course_files(table, capsys, tmp_path_factory, lines, bom, ending):
    path = tmp_path_factory.mktemp("course") / "deal.txt"
    text = ending.join(lines) if ending else "\n".join(lines)
    path.write_bytes(("\ufeff" if bom else "").encode() + text.encode("utf-8", "surrogatepass"))
    status = check(["compute", str(path), "--budget", "0.2", "--json"], capsys)
    if status == 2:
        pass  # the one error line was checked above


@pytest.mark.parametrize("content", [b"\xff\xfe\x00", b"Ah Kh\n" * 5, b"\x00" * 10, "é".encode("latin-1")])
def test_course_file_bytes(table, capsys, tmp_path, content):
    path = tmp_path / "deal.txt"
    path.write_bytes(content)
    assert check(["compute", str(path)], capsys) == 2


def test_special_files(table, capsys, tmp_path):
    assert check(["compute", "/dev/zero"], capsys) == 2
    assert check(["compute", str(tmp_path)], capsys) == 2
    assert check(["compute", str(tmp_path / "missing.txt")], capsys) == 2
