"""The low games' tables: ace-to-five, 8-or-better and deuce-to-seven values by the cards' ranks.

A low hand's value, with no flush to consider, depends on its ranks only, so
each table is indexed by the multiset of a hand's ranks. This is the
interface the compiled kernels read (all arrays C-contiguous, built by
:func:`low_tables` on first use in a fraction of a second and kept):

* **Index.** A hand's ranks (``card >> 2``: deuce 0 ... ace 12) sorted up,
  ``s0 <= s1 <= ... <= s(k-1)``, give the index ``sum(place[i, s_i])``
  (:attr:`LowTables.place`, ``place[i, r] = comb(r + i, i + 1)``, 7 rows of
  64 so that any byte reads inside): from 0 to ``comb(12 + k, k) - 1``, i.e.
  6,188 multisets of five ranks, 18,564 of six, 50,388 of seven. The same rule
  indexes the Omaha tables' boards (:mod:`pokerfsm.evaluation.omaha_tables`).
* ``ace_to_five[k][index]`` (``k`` = 5, 6, 7; uint16): the best ace-to-five low
  (razz, ace-to-five lowball: aces low, pairs count against, straights and
  flushes do not) of five of the ``k`` cards, from 1 (K-K-K-K-Q) to 6,175
  (5-4-3-2-A); higher is better, and a value means the same five-card low
  whatever ``k``.
* ``eight_or_better[k][index]`` (uint8): the best 8-or-better low of five of
  the ``k`` cards, as :class:`~pokerfsm.evaluation.omaha.LowRank` counts it:
  1 (8-7-6-5-4) to 56 (5-4-3-2-A), 0 when none qualifies.
* ``deuce_to_seven[flush, index]`` (shape (2, 6188), uint16): the value of a
  five-card deuce-to-seven low (aces high; pairs, straights and flushes count
  against; A-5-4-3-2 is no straight), ``flush`` 1 when the five cards share a
  suit: 1 (A-K-Q-J-T of one suit) to 7,462 (7-5-4-3-2 of several suits).
* A multiset no deal holds (five of a rank; a flush with a repeated rank)
  reads 0.

``ace_to_five_fives[value]`` and ``deuce_to_seven_fives[value]`` give each
value's five ranks, the way they are read (the most cards of a rank first,
then the higher rank): the inverse of the tables, for descriptions.

>>> t = low_tables()
>>> [len(t.ace_to_five[k]) for k in (5, 6, 7)], t.deuce_to_seven.shape, t.place.shape
([6188, 18564, 50388], (2, 6188), (7, 64))
>>> index = t.index
>>> wheel, seven_five = [12, 0, 1, 2, 3], [5, 3, 2, 1, 0]       # 5-4-3-2-A, 7-5-4-3-2
>>> int(t.ace_to_five[5][index(wheel)]), int(t.eight_or_better[5][index(wheel)])
(6175, 56)
>>> int(t.deuce_to_seven[0, index(seven_five)]), int(t.deuce_to_seven[1, index(seven_five)])
(7462, 1599)
>>> int(t.ace_to_five[7][index(wheel + [12, 11])])               # 5-4-3-2-A with an ace and a king
6175
"""
from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .omaha_tables import LOW_RANKS, multiset_places, rank_multisets

__all__ = ["LowTables", "low_tables", "SIZES", "ace_low", "read_order", "straight_top"]

SIZES = (5, 6, 7)
"""How many cards a low table takes: five, six or seven (a stud hand's)."""

Key = tuple[tuple[int, ...], tuple[int, ...]]


def ace_low(rank: int) -> int:
    """A rank counted with the ace lowest: ace 0, deuce 1 ... king 12."""
    return (rank + 1) % 13


def read_order(ranks: Iterable[int], order: Callable[[int], int] = int) -> tuple[int, ...]:
    """The ranks as a hand is read: the most cards of a rank first, then the higher rank by ``order``."""
    counts = Counter(ranks)
    return tuple(sorted(counts.elements(), key=lambda r: (counts[r], order(r)), reverse=True))


def straight_top(ranks: Iterable[int]) -> int | None:
    """The top rank of five distinct consecutive ranks, aces high only (A-5-4-3-2 is none), else None."""
    distinct = sorted(set(ranks))
    return distinct[-1] if len(distinct) == 5 and distinct[-1] - distinct[0] == 4 else None


def _shape(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The counts of each rank, largest first: (2, 1, 1, 1) for a pair."""
    return tuple(sorted(Counter(ranks).values(), reverse=True))


def _ace_to_five_badness(ranks: tuple[int, ...]) -> Key:
    """Orders ace-to-five lows from the best: no pair, then pair ... four of a kind, then the ranks, aces low."""
    return _shape(ranks), tuple(ace_low(r) for r in read_order(ranks, ace_low))


_HIGH_SHAPES = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6, (4, 1): 7}
"""Each rank shape's category among high hands (4 straight, 5 flush, 8 straight flush)."""


def _high_strength(ranks: tuple[int, ...], flush: bool) -> Key:
    """Orders five-card high hands, aces high only (no wheel): what deuce-to-seven counts against a hand."""
    category = _HIGH_SHAPES[_shape(ranks)]
    straight = straight_top(ranks) is not None
    if straight or flush:
        category = 8 if straight and flush else 5 if flush else 4
    return (category,), read_order(ranks)


def _ace_to_five_values(badness: Iterable[Key]) -> tuple[dict[Key, int], NDArray[np.uint8]]:
    """Each ace-to-five low's value, 1 for the worst up, and the ranks of each value as read."""
    keys = sorted(set(badness), reverse=True)
    values = {k: v for v, k in enumerate(keys, start=1)}
    readable = np.zeros((len(keys) + 1, 5), dtype=np.uint8)
    for k, v in values.items():
        readable[v] = [(r - 1) % 13 for r in k[1]]  # back to deuce 0 ... ace 12
    return values, readable


@dataclass(frozen=True)
class LowTables:
    """The arrays the low kernels read (see the module's docstring for the index rule)."""

    place: NDArray[np.uint16]                        # (7, 64): comb(rank + i, i + 1)
    ace_to_five: dict[int, NDArray[np.uint16]]       # cards 5-7 -> best ace-to-five value by multiset
    eight_or_better: dict[int, NDArray[np.uint8]]    # cards 5-7 -> best 8-or-better LowRank, 0: none
    deuce_to_seven: NDArray[np.uint16]               # (2, 6188): [flush, five-rank multiset] -> value
    ace_to_five_fives: NDArray[np.uint8]             # (6176, 5): each ace-to-five value's ranks, as read
    deuce_to_seven_fives: NDArray[np.uint8]          # (7463, 5): each deuce-to-seven value's ranks, as read

    def index(self, ranks: Iterable[int]) -> int:
        """The multiset index of some ranks (deuce 0 ... ace 12), in any order."""
        return sum(int(self.place[i, r]) for i, r in enumerate(sorted(ranks)))


def _eight_or_better(ranks: tuple[int, ...]) -> int:
    mask = sum(1 << ace_low(r) for r in set(ranks))
    return LOW_RANKS.get(mask, 0) if len(set(ranks)) == 5 else 0


def _best_of_more(size: int, place: NDArray[np.uint16], smaller: NDArray[np.generic]) -> NDArray[np.generic]:
    """For each multiset of ``size`` ranks, the best of ``smaller``'s values over its one-smaller subsets."""
    rows = rank_multisets(size, place)
    best = np.zeros(len(rows), dtype=smaller.dtype)
    for left_out in range(size):
        kept = np.delete(rows, left_out, axis=1)
        best = np.maximum(best, smaller[sum(place[i][kept[:, i]].astype(np.int64) for i in range(size - 1))])
    best[(rows[:, 4:] == rows[:, :-4]).any(axis=1)] = 0  # five of a rank
    return best


@functools.lru_cache(maxsize=1)
def low_tables() -> LowTables:
    """The low tables, built on first use (about a second) and kept."""
    place = multiset_places(7)
    fives = [tuple(int(r) for r in row) for row in rank_multisets(5, place)]
    possible = [max(Counter(f).values()) <= 4 for f in fives]
    distinct = [len(set(f)) == 5 for f in fives]

    badness = {f: _ace_to_five_badness(f) for f, ok in zip(fives, possible) if ok}
    a5_values, a5_fives = _ace_to_five_values(badness.values())
    ace_to_five = {5: np.array([a5_values[badness[f]] if f in badness else 0 for f in fives], dtype=np.uint16)}
    eight = {5: np.array([_eight_or_better(f) for f in fives], dtype=np.uint8)}
    for size in SIZES[1:]:
        ace_to_five[size] = _best_of_more(size, place, ace_to_five[size - 1]).astype(np.uint16)
        eight[size] = _best_of_more(size, place, eight[size - 1]).astype(np.uint8)

    hands = [(f, False) for f, ok in zip(fives, possible) if ok] + [(f, True) for f, d in zip(fives, distinct) if d]
    strength = {hand: _high_strength(*hand) for hand in hands}
    order = sorted(set(strength.values()), reverse=True)  # the strongest high is the worst low
    d27_value = {k: v for v, k in enumerate(order, start=1)}
    deuce_to_seven = np.zeros((2, len(fives)), dtype=np.uint16)
    d27_fives = np.zeros((len(order) + 1, 5), dtype=np.uint8)
    for index, five in enumerate(fives):
        for flush in (False, True):
            if (five, flush) in strength:
                value = d27_value[strength[five, flush]]
                deuce_to_seven[int(flush), index] = value
                d27_fives[value] = strength[five, flush][1]
    return LowTables(place=place, ace_to_five={k: np.ascontiguousarray(v) for k, v in ace_to_five.items()},
                     eight_or_better={k: np.ascontiguousarray(v) for k, v in eight.items()},
                     deuce_to_seven=deuce_to_seven, ace_to_five_fives=a5_fives, deuce_to_seven_fives=d27_fives)
