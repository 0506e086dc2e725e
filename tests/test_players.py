"""The one card-or-range rule (pokerfsm.players), and every place that reads a player by it."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import pokerfsm
from pokerfsm.cards import Card
from pokerfsm.errors import AmbiguousPlayerError, DuplicateCardError, InvalidDealError, OptionError, RangeParseError
from pokerfsm.players import read_hand, read_player
from pokerfsm.ranges import HandRange, parse_range


@pytest.mark.parametrize("text, range_text", [
    ("AT,KT", "AT, KT"), ("TT", "TT"), ("AT", "AT"), ("9T", "T9"), ("AhAs,AdAc", "AdAc, AhAs"),
    ("KT", "KT"), ("T9s", "T9s"), ("QQ+, AKs", "QQ+, AKs"), ("JT", "JT"), ("AhKd, AhQs", "AhKd, AhQs"),
    ("AT 9T", "AT, T9"), ("AhKh QsQd", "AhKh, QsQd"), ("QQ+ AKs; JTs-KQs", "QQ+, AKs, KQs, QJs, JTs"),
    ("AK QQ", "QQ, AK"), ("Ah Kh AA", "AhKh, AA"),
])
def test_texts_that_read_as_ranges_are_ranges(text, range_text):
    read = read_player(text)
    assert isinstance(read, HandRange)
    assert read == parse_range(range_text)


@pytest.mark.parametrize("text, hand", [
    ("AhKd", "Ah Kd"), ("Ah Kd", "Ah Kd"), ("ah,kd", "Ah Kd"), ("10h 9s", "Th 9s"), ("A♥ K♦", "Ah Kd"),
    ("AS KS", "As Ks"), ("Aca 10p", "Ad Ts"), ("Dt Rco", "Qc Kh"), ("10t 9t", "Tc 9c"), ("Vco 2p", "Jh 2s"),
])
def test_texts_that_read_as_two_cards_are_hands(text, hand):
    assert read_player(text) == tuple(Card(t) for t in hand.split())


@pytest.mark.parametrize("text", ["", "?", "??", "random", "ANY", "xx", "  ?  "])
def test_unknown_hands(text):
    assert read_player(text).is_random


@pytest.mark.parametrize("text, range_spelling, hand_spelling", [
    ("At,Kt", "'AT,KT'", "'Ac Kc'"), ("9t,At", "'9T,AT'", "'9c Ac'"), ("At, 9t", "'AT, 9T'", "'Ac 9c'"),
    ("at,kt", "'AT,KT'", "'Ac Kc'"), ("At 9t", "'AT 9T'", "'Ac 9c'"), ("at kt", "'AT KT'", "'Ac Kc'"),
])
def test_text_that_reads_both_ways_is_refused_with_both_spellings(text, range_spelling, hand_spelling):
    with pytest.raises(AmbiguousPlayerError) as caught:
        read_player(text)
    message = str(caught.value)
    assert range_spelling in message and hand_spelling in message and repr(text) in message


@pytest.mark.parametrize("text, error", [("Ah", InvalidDealError), ("QQ++", RangeParseError),
                                         ("As Ks Qs Js", InvalidDealError), ("AA Ah", RangeParseError),
                                         ("Ah Ah", DuplicateCardError), ("Zz Yy", RangeParseError)])
def test_text_that_fits_no_reading(text, error):
    with pytest.raises(error, match=repr(text).replace("+", r"\+")):
        read_player(text)


def test_a_valid_range_is_never_read_as_other_cards():
    """Every range item of two rank letters (169 classes, + and spans) reads as that range."""
    ranks = "23456789TJQKA"
    for i, high in enumerate(ranks):
        for low in ranks[:i + 1]:
            for suffix in ("", "+") if high == low else ("", "s", "o", "+", "s+", "o+"):
                text = high + low + suffix
                assert read_player(text) == parse_range(text), text


def test_cards_only_places_take_the_course_notation():
    assert read_hand("At 9t") == (Card("Ac"), Card("9c"))
    assert read_hand("?") is None
    with pytest.raises(pokerfsm.CardParseError, match="lower case"):
        read_hand("AT KT")


# --- every place that reads a player ------------------------------------------------------

def test_library_equity_reads_the_range(table):
    as_range = pokerfsm.equity(["AhAd", "AT,KT"], exact=True)
    assert as_range.players[1].hand == "AT, KT"
    assert round(as_range.players[0].equity, 4) == 0.87
    assert pokerfsm.equity(["AhAd", "TT"], exact=True).players[1].hand == "TT"


def test_library_error_carries_the_seat(table):
    with pytest.raises(AmbiguousPlayerError) as caught:
        pokerfsm.equity(["AhAd", "At,Kt"])
    assert caught.value.player == 1 and caught.value.field == "players"
    assert str(caught.value).startswith("player 2: ")


@pytest.mark.parametrize("text, hand", [("AT,KT", "AT, KT"), ("TT", "TT"), ("9T", "T9"), ("AT", "AT")])
def test_cli_reads_the_range(table, text, hand):
    done = subprocess.run([sys.executable, "-m", "pokerfsm", "equity", "AhAd", text, "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][1]["hand"] == hand


def test_cli_refuses_the_ambiguous_text(table):
    done = subprocess.run([sys.executable, "-m", "pokerfsm", "equity", "AhAd", "At,Kt"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "ambiguous" in done.stderr and "Traceback" not in done.stderr


def test_course_file_refuses_range_looking_cards(table, tmp_path):
    path = tmp_path / "deal.txt"
    path.write_text("AT KT\n?\nRco 10t 10ca\n")
    done = subprocess.run([sys.executable, "-m", "pokerfsm", "compute", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    expected = "'AT' is not a card (the course writes its suits in lower case: 'At' is A♣)"
    assert done.stderr.strip() == f"{path}:1: {expected}"


@pytest.mark.parametrize("player", ["1", True, -1, 1.0])
def test_the_seat_index_must_be_a_whole_number_from_0(player):
    with pytest.raises(OptionError, match="player must be a seat index from 0"):
        read_player("AhKh", player)
