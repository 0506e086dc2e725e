"""Category odds at short deck: counted by combinatorics on five cards, by brute force on seven."""
import itertools
from math import comb

import numpy as np
import pytest

from pokerfsm import evaluate_many
from pokerfsm.cards import as_cards
from pokerfsm.errors import InvalidDealError, OptionError
from pokerfsm.evaluation.category_odds import hand_odds
from pokerfsm.evaluation.short_deck import ShortDeckRank
from pokerfsm.ranking import HandCategory as C
from pokerfsm.variants import game_of

SHORT_DECK = game_of("short-deck")


def test_five_card_short_deck_hands_by_counting():
    """Nine ranks, four suits; the straights are A-6-7-8-9 to T-J-Q-K-A (six of them)."""
    straights, flushes = 6, 4 * (comb(9, 5) - 6)
    expected = {
        C.STRAIGHT_FLUSH: 4 * straights,
        C.FOUR_OF_A_KIND: 9 * 8 * 4,
        C.FULL_HOUSE: 9 * 4 * 8 * 6,
        C.FLUSH: flushes,
        C.STRAIGHT: straights * (4 ** 5 - 4),
        C.THREE_OF_A_KIND: 9 * 4 * comb(8, 2) * 16,
        C.TWO_PAIR: comb(9, 2) * 36 * 7 * 4,
        C.PAIR: 9 * 6 * comb(8, 3) * 64,
        C.HIGH_CARD: (comb(9, 5) - straights) * (4 ** 5 - 4),
    }
    odds = hand_odds(total=5, game="short-deck")
    assert odds.combinations == comb(36, 5) == sum(expected.values())
    assert odds.category_counts == expected
    # best first in short deck's order: the flush above the full house, trips below the straight
    assert list(odds.category_counts)[2:4] == [C.FLUSH, C.FULL_HOUSE]


def test_seven_card_completions_equal_brute_force():
    known, dead = as_cards("Ah Kh 9h"), as_cards("6c Th")
    odds = hand_odds(known, dead, 7, game="short-deck")
    rest = [int(c) for c in SHORT_DECK.deck if c not in set(known) | set(dead)]
    rows = np.array([[*map(int, known), *extra] for extra in itertools.combinations(rest, 4)], dtype=np.uint8)
    values = evaluate_many(rows, game="short-deck")
    counts = dict.fromkeys(odds.category_counts, 0)
    for value, n in zip(*np.unique(values, return_counts=True)):   # values from the compact evaluator
        counts[ShortDeckRank(int(value)).category] += int(n)
    assert odds.combinations == len(rows) and odds.category_counts == counts
    assert odds.to_dict()["game"] == "short-deck"


def test_holdem_odds_are_unchanged_and_other_games_refused():
    assert hand_odds("Ah Kh", total=5).category_counts[C.FLUSH] == comb(11, 3) - 1   # not Qh Jh Th
    with pytest.raises(InvalidDealError, match="5c"):
        hand_odds("Ah 5c", game="short-deck")
    with pytest.raises(InvalidDealError, match="dead"):
        hand_odds("Ah Kh", dead="2d", game="short-deck")
    with pytest.raises(OptionError, match="Omaha"):
        hand_odds("Ah Kh", game="omaha")
