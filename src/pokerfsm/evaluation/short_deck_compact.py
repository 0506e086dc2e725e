"""Short deck's compact evaluator: the short-deck table's values from tables of about 50 KiB.

The short-deck hand-rank table (:data:`pokerfsm.table.rankings.SHORT_DECK`) is
a state machine of 16 MiB, fast where a prefix of cards is shared; a random
hand misses the cache at each card. This evaluator (the kernels in
:mod:`pokerfsm.evaluation._short_deck_compact`) is
:mod:`pokerfsm.evaluation.compact`'s design on the 36 cards six and up:

* five cards or more of one suit make a flush at least, and nothing else the
  hand holds beats it. Above the flush, short deck ranks only four of a kind
  and the straight flush; four of a kind needs three cards off the suit (a
  suit holds one card of a rank), and five suited cards of seven leave two.
  (A full house would need three off the suit as well; at short deck it ranks
  below the flush anyway.) The hand's value is ``flush[ranks of that suit]``,
  a 9-bit mask of the ranks six to ace (512 entries), in which A-6-7-8-9 is
  the lowest straight (flush);
* any other hand's value depends only on its multiset of ranks: the 10,230
  multisets of 5, 6 or 7 of the nine ranks (each at most four times) are
  placed by the compact evaluator's perfect hash (a random 32-bit multiplier
  per rank, summed; a displacement per bucket), whose slot formula the
  kernels share with it.

A card's key packs its rank's multiplier and a count of its suit as the
compact evaluator's keys do (so its flush test applies); a card below six
has the key 0 and is never valued (the kernels refuse it first).

Every value comes from :func:`pokerfsm.table.rankings.short_deck_classes`
(five cards); a 6- or 7-card value is the best of the values one card fewer,
so the tables agree with the short-deck table by construction, and a test
compares the two over every 5-, 6- and 7-card hand of the 36 cards.

>>> tables = short_deck_compact_tables()
>>> tables.nbytes < 64 * 1024, int((tables.values > 0).sum())
(True, 10230)
"""
from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..ranking import HandCategory
from ..table.rankings import SHORT_DECK, class_ranks, short_deck_classes
from . import _perfect_hash
from .compact import CompactArrays

__all__ = ["ShortDeckTables", "short_deck_compact_tables", "LOWEST_RANK", "RANKS", "FLUSH_SIZE"]

LOWEST_RANK = SHORT_DECK.lowest_rank
"""The six's rank index (4): a suit's rank bits start here."""
RANKS = 13 - LOWEST_RANK
"""The ranks dealt, six to ace (9)."""
FLUSH_SIZE = 1 << RANKS
"""Entries of the flush table: one per mask of the nine ranks."""
_FLUSHES = (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH)
_SLACK = 1.01          # homes per rank multiset
_ROOM = 0.05           # slots past the homes, per rank multiset
_SEEDS = range(1, 64)  # multiplier draws tried in turn


@dataclass(frozen=True)
class ShortDeckTables(CompactArrays):
    """Short deck's compact tables: no key (0) for a card below six, ``flush`` by the 9-bit rank mask of
    the flush suit (:data:`FLUSH_SIZE` entries)."""


_FIVES = 5 ** np.arange(RANKS, dtype=np.int64)  # a multiset's code: its count of each rank in base 5


def _grown(codes: NDArray[np.int64], values: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Every multiset one card larger, with the best value of the multisets it contains."""
    room = (codes[:, None] // _FIVES) % 5 < 4
    grown = (codes[:, None] + _FIVES)[room]
    best = np.broadcast_to(values[:, None], room.shape)[room]
    order = np.lexsort((-best, grown))  # by multiset, the best value first
    grown, best = grown[order], best[order]
    first = np.r_[True, grown[1:] != grown[:-1]]
    return grown[first], best[first]


def _rank_multisets() -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Every multiset of 5, 6 or 7 of the nine ranks (base-5 codes) and its value as a hand without a flush."""
    fives = [c for c in short_deck_classes() if c.category not in _FLUSHES]
    codes = np.array([sum(int(_FIVES[r - LOWEST_RANK]) for r in class_ranks(c, LOWEST_RANK)) for c in fives])
    values = np.array([c.value for c in fives], dtype=np.int64)
    six = _grown(codes, values)
    seven = _grown(*six)
    return np.concatenate([codes, six[0], seven[0]]), np.concatenate([values, six[1], seven[1]])


def _flush_table() -> NDArray[np.uint16]:
    """The value of a flush of each set of 5 to 9 ranks (0 below five ranks)."""
    table = np.zeros(FLUSH_SIZE, dtype=np.uint16)
    for c in short_deck_classes():
        if c.category in _FLUSHES:
            table[sum(1 << (r - LOWEST_RANK) for r in set(class_ranks(c, LOWEST_RANK)))] = c.value
    for size in range(6, RANKS + 1):
        for ranks in itertools.combinations(range(RANKS), size):
            mask = sum(1 << r for r in ranks)
            table[mask] = max(table[mask ^ (1 << r)] for r in ranks)
    return table


@functools.lru_cache(maxsize=1)
def short_deck_compact_tables() -> ShortDeckTables:
    """The short-deck compact tables, built on first use (in a few hundredths of a second) and kept.

    Raises RuntimeError if no multiplier draw gives a perfect hash (never seen).
    """
    codes, values = _rank_multisets()
    counts = ((codes[:, None] // _FIVES) % 5).astype(np.uint64)
    homes = int(len(values) * _SLACK)
    for seed in _SEEDS:
        multipliers = np.random.default_rng(seed).integers(0, 1 << 32, size=RANKS, dtype=np.uint64)
        hashes = ((counts * multipliers).sum(axis=1) & np.uint64(0xFFFFFFFF)).astype(np.uint32)
        if len(np.unique(hashes)) != len(hashes):
            continue
        displacement = np.zeros(1 << _perfect_hash.BUCKET_BITS, dtype=np.uint16)
        table = np.zeros(homes + int(len(values) * _ROOM), dtype=np.uint16)
        if _perfect_hash.place_buckets(hashes, values.astype(np.uint16), homes, displacement, table):
            return ShortDeckTables(_card_keys(multipliers), _flush_table(), displacement, table, homes)
    raise RuntimeError("no perfect hash of the short-deck rank multisets found")  # pragma: no cover


def _card_keys(multipliers: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """Each card code's key: its rank's multiplier above its suit's count (0 for a card below six)."""
    keys = np.zeros(52, dtype=np.uint64)
    for card in SHORT_DECK.deck:
        keys[card] = int(multipliers[(card >> 2) - LOWEST_RANK]) << 32 | 1 << (4 * (card & 3))
    return keys
