"""Suit renamings (pokerfsm.odds.symmetry), shared by the enumeration and the web's answer cache."""
import pytest

from pokerfsm.odds.deal import prepare_deal
from pokerfsm.odds.symmetry import IDENTITY, SUIT_PERMUTATIONS, deal_symmetries, fixes, range_symmetries, relabel
from pokerfsm.ranges import parse_range


@pytest.mark.parametrize("cards, suits, expected", [
    ([0, 1, 2, 3], (3, 2, 1, 0), (3, 2, 1, 0)),
    ([48, 49], (1, 0, 2, 3), (49, 48)),
    ([], IDENTITY, ()),
])
def test_relabel(cards, suits, expected):
    assert relabel(cards, suits) == expected


@pytest.mark.parametrize("suits", SUIT_PERMUTATIONS)
def test_each_renaming_is_a_bijection_and_reversible(suits):
    undo = tuple(suits.index(s) for s in range(4))
    assert sorted(relabel(range(52), suits)) == list(range(52))
    assert relabel(relabel(range(52), suits), undo) == tuple(range(52))



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
