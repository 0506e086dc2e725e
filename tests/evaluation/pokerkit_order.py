"""Helpers for tests that compare our hand values with pokerkit's hand classes by their orderings."""
import functools
import itertools

import numpy as np

from pokerfsm.cards import Card

FIVES = 5 ** np.arange(13, dtype=np.int64)
"""Base-5 place of each rank: a multiset of ranks' code is the sum of its ranks' places."""


def text(cards):
    """Card codes as pokerkit reads them, e.g. ``'AhKd'``."""
    return "".join(str(Card(int(c))) for c in cards)


def deals(count, cards, seed):
    """``count`` rows of ``cards`` distinct random card codes."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :cards].astype(np.uint8)


def same_ranking(ours, theirs):
    """True when both arrays order their items alike, ties included."""
    return (np.unique(ours, return_inverse=True)[1] == np.unique(theirs, return_inverse=True)[1]).all()


def strengths(hands):
    """Each pokerkit hand's position in pokerkit's own order (equal hands share one)."""
    order = sorted(range(len(hands)), key=functools.cmp_to_key(
        lambda a, b: -1 if hands[a] < hands[b] else (1 if hands[b] < hands[a] else 0)))
    strength = np.zeros(len(hands), dtype=np.int64)
    for before, index in itertools.pairwise(order):
        strength[index] = strength[before] + (hands[before] != hands[index])
    return strength


def rank_multisets():
    """Every multiset of five ranks (at most four of one), as tuples of ranks sorted up."""
    return [m for m in itertools.combinations_with_replacement(range(13), 5) if max(m.count(r) for r in m) <= 4]


def unsuited(ranks):
    """Cards of these ranks, no five of one suit (a rank's copies take distinct suits)."""
    return [4 * r + (i % 4) for i, r in enumerate(ranks)]
