"""Omaha evaluation against pokerkit's hand classes, ``OmahaHoldemHand`` and ``OmahaEightOrBetterLowHand``.

pokerkit makes an Omaha hand (``from_game``) as the best of its hand class
over every two hole cards with three board cards. It builds one in about a
millisecond, so it is called directly on a few hundred hands per game; for
100,000 random hands per game and per half, its hand class values every
five-card class once (7,462 for the high, the 6,175 rank multisets for the
low, pokerkit deciding which qualify), and the best over the choices is taken
with numpy, as ``from_game`` takes it. Both sides are compared by their
orderings: the same hands rank the same (ties included).
"""
import functools
import itertools

import numpy as np
import pytest
from pokerkit_order import FIVES, deals, rank_multisets, same_ranking, strengths, text, unsuited

from pokerfsm import evaluate_many
from pokerfsm.variants import game_of

pokerkit = pytest.importorskip("pokerkit")

GAMES = ["omaha", "omaha5", "omaha6"]
HANDS = 100_000


@functools.cache
def high_classes():
    """Sorted keys (rank code * 2 + suited) of every five-card class, and pokerkit's strength of each."""
    keys, hands = [], []
    for ranks in rank_multisets():
        keys.append(int(FIVES[list(ranks)].sum()) * 2)
        hands.append(pokerkit.OmahaHoldemHand(text(unsuited(ranks))))
        if len(set(ranks)) == 5:
            keys.append(int(FIVES[list(ranks)].sum()) * 2 + 1)
            hands.append(pokerkit.OmahaHoldemHand(text([4 * r for r in ranks])))
    order = np.argsort(keys)
    return np.array(keys)[order], strengths(hands)[order]


@functools.cache
def low_classes():
    """Sorted rank codes of every five-rank multiset, pokerkit's low strength of each (-1: no low)."""
    codes, hands, qualifying = [], [], []
    for ranks in rank_multisets():
        codes.append(int(FIVES[list(ranks)].sum()))
        try:
            hands.append(pokerkit.OmahaEightOrBetterLowHand(text(unsuited(ranks))))
            qualifying.append(len(codes) - 1)
        except ValueError:
            pass
    strength = np.full(len(codes), -1, dtype=np.int64)
    strength[qualifying] = strengths(hands)
    order = np.argsort(codes)
    return np.array(codes)[order], strength[order]


def choices(rows, hole_cards):
    """(n, choices, 5): every two hole cards with three of the five board cards."""
    picks = [p + t for p in itertools.combinations(range(hole_cards), 2)
             for t in itertools.combinations(range(hole_cards, hole_cards + 5), 3)]
    return rows[:, picks]


def pokerkit_best(rows, hole_cards, low):
    """pokerkit's strength of each hand, its hand class's best over the choices, in blocks of rows."""
    keys, strength = low_classes() if low else high_classes()
    best = []
    for block in range(0, len(rows), 10_000):
        fives = choices(rows[block:block + 10_000], hole_cards)
        code = FIVES[fives >> 2].sum(axis=2)
        if not low:
            code = code * 2 + (fives & 3 == (fives[..., :1] & 3)).all(axis=2)
        at = np.searchsorted(keys, code)
        assert (keys[at] == code).all()
        best.append(strength[at].max(axis=1))
    return np.concatenate(best)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_high_ranks_as_pokerkit_ranks_it(name):
    game = game_of(name)
    rows = deals(HANDS, game.hole_cards + 5, seed=game.hole_cards)
    assert same_ranking(evaluate_many(rows, game=game), pokerkit_best(rows, game.hole_cards, low=False))


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_low_ranks_as_pokerkit_ranks_it(name):
    game = game_of(name)
    rows = deals(HANDS, game.hole_cards + 5, seed=game.hole_cards + 10)
    low = _low_ranks(rows, game.hole_cards)
    if game.hole_cards < 6:  # the public hi-lo games give the same lows
        assert (evaluate_many(rows, game=f"{name}-hi-lo").low == low).all()
    theirs = pokerkit_best(rows, game.hole_cards, low=True)
    assert ((low == 0) == (theirs < 0)).all()
    assert same_ranking(low, theirs)


def _low_ranks(rows, hole_cards):
    """Our low for rows of any hole count (no game deals 6 cards hi-lo), from the kernel."""
    from pokerfsm.evaluation import _omaha

    high, low = np.empty(len(rows), np.int32), np.empty(len(rows), np.int32)
    _omaha.evaluate_rows(np.ascontiguousarray(rows), hole_cards, None, high, low, True, 1)
    return low


@pytest.mark.parametrize("name", GAMES)
def test_from_game_directly(name):
    """pokerkit's own from_game on a few hundred hands per game, high and low."""
    game = game_of(name)
    rows = deals(150, game.hole_cards + 5, seed=99 + game.hole_cards)
    highs = [pokerkit.OmahaHoldemHand.from_game(text(r[:game.hole_cards]), text(r[game.hole_cards:])) for r in rows]
    lows = []
    for r in rows:
        try:
            lows.append(pokerkit.OmahaEightOrBetterLowHand.from_game(text(r[:game.hole_cards]),
                                                                     text(r[game.hole_cards:])))
        except ValueError:
            lows.append(None)
    assert same_ranking(evaluate_many(rows, game=game), strengths(highs))
    low = _low_ranks(rows, game.hole_cards)
    assert [v == 0 for v in low] == [h is None for h in lows]
    qualifying = [i for i, h in enumerate(lows) if h is not None]
    assert same_ranking(low[qualifying], strengths([lows[i] for i in qualifying]))
