"""Stud, stud hi-lo, razz, lowball and badugi values against pokerkit's hand classes, on 100,000 hands each.

pokerkit's ``from_game`` takes the best of its hand class over every five of
the cards. Building a hand costs tens of microseconds, so each five-card
class is valued by pokerkit once (by its ranks, and whether it is suited) and
the best over a hand's fives is taken with numpy, as ``from_game`` takes it;
badugi, whose classes hang on the suits, asks pokerkit for every hand. Both
sides are compared by their orderings (ties included), and a low that does
not qualify must be missing on both.
"""
import functools
import itertools

import numpy as np
import pytest
from pokerkit_order import FIVES, deals, rank_multisets, same_ranking, strengths, text, unsuited

from pokerfsm import evaluate, evaluate_many
from pokerfsm.errors import InvalidDealError

pokerkit = pytest.importorskip("pokerkit")

HANDS = 100_000


@functools.cache
def classes(hand_class, suited):
    """Sorted keys (rank code * 2 + suited) of every five-card class, pokerkit's strength of each (-1: none)."""
    keys, hands, made = [], [], []
    for ranks in rank_multisets():
        code = int(FIVES[list(ranks)].sum()) * 2
        shapes = [(code, unsuited(ranks))]
        if suited and len(set(ranks)) == 5:
            shapes.append((code + 1, [4 * r for r in ranks]))
        for key, cards in shapes:
            keys.append(key)
            try:
                hands.append(hand_class(text(cards)))
                made.append(len(keys) - 1)
            except ValueError:
                pass
    strength = np.full(len(keys), -1, dtype=np.int64)
    strength[made] = strengths(hands)
    order = np.argsort(keys)
    return np.array(keys)[order], strength[order]


def pokerkit_best(rows, hand_class, suited):
    """pokerkit's strength of each row: its hand class's best over the row's fives."""
    keys, strength = classes(hand_class, suited)
    fives = rows[:, list(itertools.combinations(range(rows.shape[1]), 5))]
    code = FIVES[fives >> 2].sum(axis=2) * 2
    if suited:
        code += (fives & 3 == (fives[..., :1] & 3)).all(axis=2)
    at = np.searchsorted(keys, code)
    assert (keys[at] == code).all()
    return strength[at].max(axis=1)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "cards", "hand_class", "suited"), [
    ("stud", 7, "StandardHighHand", True),
    ("razz", 7, "RegularLowHand", False),
    ("a5-lowball", 5, "RegularLowHand", False),
    ("deuce-to-seven", 5, "StandardLowHand", True),
])
def test_values_rank_as_pokerkit_ranks_them(game, cards, hand_class, suited):
    rows = deals(HANDS, cards, seed=cards + len(game))
    assert same_ranking(evaluate_many(rows, game=game), pokerkit_best(rows, getattr(pokerkit, hand_class), suited))


@pytest.mark.slow
def test_stud_hi_lo_halves_rank_as_pokerkit_ranks_them():
    rows = deals(HANDS, 7, seed=78)
    ours = evaluate_many(rows, game="stud-hi-lo")
    assert same_ranking(ours.high, pokerkit_best(rows, pokerkit.StandardHighHand, True))
    theirs = pokerkit_best(rows, pokerkit.EightOrBetterLowHand, False)
    assert ((ours.low == 0) == (theirs < 0)).all()
    assert 0.1 < (ours.low > 0).mean() < 0.3  # a low in about one hand in five
    assert same_ranking(ours.low, theirs)


@pytest.mark.slow
def test_badugi_ranks_as_pokerkit_ranks_it():
    rows = deals(HANDS, 4, seed=4)
    theirs = strengths([pokerkit.BadugiHand.from_game(text(row)) for row in rows])
    assert same_ranking(evaluate_many(rows, game="badugi"), theirs)


@pytest.mark.parametrize(("game", "cards", "hand_class"), [
    ("stud", 7, "StandardHighHand"), ("stud", 5, "StandardHighHand"), ("razz", 7, "RegularLowHand"),
    ("razz", 6, "RegularLowHand"), ("a5-lowball", 5, "RegularLowHand"), ("deuce-to-seven", 5, "StandardLowHand"),
    ("badugi", 4, "BadugiHand"),
])
def test_from_game_directly(game, cards, hand_class):
    """pokerkit's own from_game on a few hundred hands per game, one evaluate() call each."""
    rows = deals(300, cards, seed=cards * 7 + len(game))
    theirs = strengths([getattr(pokerkit, hand_class).from_game(text(row)) for row in rows])
    assert same_ranking([int(evaluate(text(row), game=game)) for row in rows], theirs)


@pytest.mark.parametrize(("game", "cards", "message"), [
    ("stud", "As Ks Qs Jd", "a hand of stud needs 5, 6 or 7 cards, got 4: As Ks Qs Jd"),
    ("stud-hi-lo", "As Ks Qs Jd 2c 3c 4c 5c", "a hand of stud-hi-lo needs 5, 6 or 7 cards, got 8"),
    ("razz", "As 2s", "a hand of razz needs 5, 6 or 7 cards, got 2: As 2s"),
    ("deuce-to-seven", "7s 5d 4c 3h 2s 8d", "a hand of deuce-to-seven needs 5 cards, got 6"),
    ("a5-lowball", "As 2d 3c 4h", "a hand of a5-lowball needs 5 cards, got 4"),
    ("badugi", "As 2d 3c 4h 5s", "a hand of badugi needs 4 cards, got 5: As 2d 3c 4h 5s"),
])
def test_a_wrong_card_count_is_one_clear_error(game, cards, message):
    with pytest.raises(InvalidDealError, match=message):
        evaluate(cards, game=game)
    with pytest.raises(InvalidDealError, match=f"{game} takes rows of"):
        evaluate_many(np.arange(len(cards.split()), dtype=np.uint8).reshape(1, -1), game=game)
