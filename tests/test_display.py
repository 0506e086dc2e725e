"""Cards on any terminal: suit symbols where the output encoding has them, letters otherwise."""
from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from pokerfsm.cards import DECK, Card
from pokerfsm.display import ASCII_FALLBACK, card_style, set_card_style, show, show_cards, unicode_ok
from pokerfsm.errors import ParseError


@pytest.fixture(autouse=True)
def auto_style():
    yield
    set_card_style("auto")


def test_ascii_style_is_the_two_letter_text_of_every_card():
    set_card_style("ascii")
    assert [show(c) for c in DECK] == [str(c) for c in DECK]
    assert all(Card(show(c)) == c for c in DECK)


def test_unicode_style_uses_suit_symbols_and_parses_back():
    set_card_style("unicode")
    assert show_cards([Card("Ks"), Card("Td"), Card("2h"), Card("Ac")]) == "K♠ T♦ 2♥ A♣"
    assert all(Card(show(c)) == c for c in DECK)


def test_auto_follows_the_stream_encoding(monkeypatch):
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    assert not unicode_ok() and card_style() == "ascii"
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert unicode_ok() and card_style() == "unicode"


def test_bad_style_is_refused():
    with pytest.raises(ParseError, match="'fancy'"):
        set_card_style("fancy")


@pytest.mark.parametrize("text, ascii_text", [
    ("Égalité", "Egalite"), ("a · b — c…", "a - b - c..."), ("7♣ K♠", "7c Ks"), ("日本", "??"),
])
def test_ascii_fallback(text, ascii_text):
    assert text.encode("ascii", ASCII_FALLBACK).decode() == ascii_text


def pokerfsm(*argv: str, encoding: str = "ascii", stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "pokerfsm", *argv], capture_output=True, timeout=300,
                          env=env, input=stdin.encode())


@pytest.mark.parametrize("argv", [
    ["equity", "AhKh", "QsQd", "--board", "2h 7h 9c"],
    ["odds", "Ah Kh"],
    ["eval", "Ah Kh Qh Jh Th"],
    ["outs", "AhKh", "QsQd", "--board", "Qh 7h 2c 5s"],
    ["compute", "examples/ex2.txt"],
    ["play", "draw", "--auto", "--hands", "2", "--seed", "1"],
    ["play", "holdem", "--auto", "--hands", "3", "--seed", "1"],
])
def test_every_printing_command_works_on_an_ascii_terminal(table, argv):
    done = pokerfsm(*argv)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert done.stdout.isascii() and b"Traceback" not in done.stderr


def test_ascii_terminal_gets_two_letter_cards(table):
    done = pokerfsm("equity", "AhKh", "QsQd", "--board", "2h 7h 9c")
    assert b"2h 7h 9c" in done.stdout


@pytest.mark.parametrize("choice, expected", [("ascii", "2h 7h 9c"), ("unicode", "2♥ 7♥ 9♣")])
def test_cards_option_overrides_the_detection(table, choice, expected):
    done = pokerfsm("equity", "AhKh", "QsQd", "--board", "2h 7h 9c", "--cards", choice, encoding="utf-8")
    assert expected in done.stdout.decode()


@pytest.mark.parametrize("argv, style", [
    (["play", "draw", "--cards", "ascii"], "ascii"),
    (["play", "--cards", "ascii", "draw"], "ascii"),
    (["play", "--cards", "ascii", "draw", "--cards", "unicode"], "unicode"),
    (["play", "holdem"], "auto"),
    (["eval", "AhKhQhJhTh", "--cards", "unicode"], "unicode"),
])
def test_the_card_option_is_read_before_or_after_a_game(argv, style):
    from pokerfsm.cli import build_parser

    assert build_parser(argv[0]).parse_args(argv).card_style == style
