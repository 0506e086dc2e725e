"""Outs at short deck: the next cards are the short deck's, each river judged as pokerkit judges it."""
import pytest
from pokerkit import ShortDeckHoldemHand

from pokerfsm.cards import parse_cards
from pokerfsm.errors import InvalidDealError
from pokerfsm.odds.outs import outs
from pokerfsm.variants import SHORT_DECK


def test_river_outs_agree_with_pokerkit():
    r = outs(["AhKh", "QsQc"], "Jh Th 6c 9d", game="short-deck")
    known = set(parse_cards("AhKh QsQc Jh Th 6c 9d"))
    rivers = [c for c in SHORT_DECK if c not in known]
    assert [x.card for x in r.rivers] == rivers and r.game == "short-deck"
    for river in r.rivers:
        board = "Jh Th 6c 9d" + " " + str(river.card)
        mine = ShortDeckHoldemHand.from_game("AhKh", board.replace(" ", ""))
        theirs = ShortDeckHoldemHand.from_game("QsQc", board.replace(" ", ""))
        expected = (0,) if mine > theirs else (1,) if theirs > mine else (0, 1)
        assert river.winners == expected, river.card
    assert {str(c) for c in r.players[0].wins} == {"6h", "7h", "8h", "9h", "Qh", "Qd", "As", "Ad", "Ac"}


def test_flop_outs_give_each_turn_cards_equity():
    r = outs(["AhKh", "QsQc"], "Jh Th 6c", game="short-deck")
    assert len(r.turns) == 29
    six = next(t for t in r.turns if str(t.card) == "6h")
    assert six.equities == (1.0, 0.0) and six.wins == (28, 0)


def test_short_deck_outs_need_short_deck_cards_and_known_hands():
    with pytest.raises(InvalidDealError, match="player 2: card '5c'"):
        outs(["AhKh", "5c5d"], "Jh Th 6c", game="short-deck")
    with pytest.raises(InvalidDealError, match="outs need known hands"):
        outs(["AhKh", "QQ+"], "Jh Th 6c", game="short-deck")
