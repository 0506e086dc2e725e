"""A short-deck seat's ``top X%``: short deck's own order, by hold'em's nearest-share rule."""
from __future__ import annotations

import pytest

import pokerfsm
from pokerfsm.errors import RangeParseError
from pokerfsm.odds.short_deck_deal import prepare_short_deck_deal
from pokerfsm.ranges import parse_range
from pokerfsm.short_deck_order import top_short_deck_classes


def _range_of(text: str):
    return prepare_short_deck_deal(["AhKh", text]).seats[1].range


def _classes(share: float) -> str:
    return ", ".join(top_short_deck_classes(share))


@pytest.mark.parametrize("text, same_as", [
    ("top 15%", lambda: _classes(0.15)),
    ("15%", lambda: _classes(0.15)),
    ("TOP 25%", lambda: _classes(0.25)),          # digits 2 and 5 are a share here, not ranks
    ("top 2.5%, 76s", lambda: _classes(0.025) + ", 76s"),
    ("50%(top 10%), 98s", lambda: "0.5(" + _classes(0.10) + "), 98s"),
    ("0.5(10%)", lambda: "0.5(" + _classes(0.10) + ")"),
    ("100%", lambda: "66+, A6+, K6+, Q6+, J6+, T6+, 96+, 86+, 76"),   # every short-deck hand
])
def test_a_share_is_read_in_the_short_deck_order(text, same_as):
    expected = prepare_short_deck_deal(["AhKh", same_as()]).seats[1].range
    assert _range_of(text) == expected


def test_a_share_holds_only_short_deck_hands_and_is_not_holdems():
    seat = _range_of("top 30%")
    cards = {int(c) for combo in seat for c in combo}
    assert min(cards) >= 16   # sixes and up
    holdem = parse_range("top 30%")
    assert set(seat) != {combo for combo in holdem if min(combo) >= 16}


def test_equity_with_a_share_equals_equity_with_its_classes():
    share = pokerfsm.equity(["AhKh", "top 10%"], board="Jh Th 6c", game="short-deck")
    listed = pokerfsm.equity(["AhKh", _classes(0.10)], board="Jh Th 6c", game="short-deck")
    assert share.players[0].wins == listed.players[0].wins and share.combinations == listed.combinations


@pytest.mark.parametrize("text, message", [
    ("top 150%", "'top 150%' at column 1"),
    ("KK, top", "'top' at column 5"),
    ("top 10%, 22", "player 2: '22' names a rank below six"),
    ("A5s-A2s, 15%", "'A5s-A2s' names a rank below six"),
])
def test_a_bad_range_is_still_one_clear_error(text, message):
    with pytest.raises(RangeParseError, match=message):
        prepare_short_deck_deal(["AhKh", text])
