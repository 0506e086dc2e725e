"""Suit symmetries of ranges and deals (pokerfsm.odds.symmetry), for the enumeration and the web's answer cache."""
import pytest

from pokerfsm.combos import IDENTITY, relabel
from pokerfsm.odds.deal import prepare_deal
from pokerfsm.odds.symmetry import deal_symmetries, fixes, range_symmetries
from pokerfsm.ranges import parse_range


@pytest.mark.parametrize("text, count", [("QQ+, AKs", 24), ("random", 24), ("AhKh", 6), ("AhKh, AsKs", 4),
                                         ("AKs", 24), ("0.5(AhKh), AsKs", 2)])
def test_range_symmetries_keep_the_weights(text, count):
    found = range_symmetries(parse_range(text))
    assert len(found) == count and IDENTITY in found


@pytest.mark.parametrize("players, board, count", [
    (["AhAd", "KsKc"], "", 4),           # swap h/d and s/c independently
    (["AhKh", None], "", 6),             # fix hearts, permute the other three
    (["AhKh", None], "2c 3c 4c", 2),     # fix hearts and clubs
    (["AhKd", "QQ+"], "", 2),
])
def test_deal_symmetries_fix_every_card_and_range(players, board, count):
    deal = prepare_deal(players, board)
    ranges = [s.range for s in deal.seats if s.range is not None]
    found = deal_symmetries(deal, ranges)
    assert len(found) == count and found[0] == IDENTITY
    known = [c for s in deal.seats if s.hand for c in s.hand] + list(deal.board)
    assert all(fixes(s, [c for s2 in deal.seats if s2.hand for c in s2.hand]) for s in found)
    assert all(sorted(relabel(known, s)) == sorted(map(int, known)) for s in found)
