"""The Omaha evaluator's tables: the high by board ranks and hole pair, and the 8-or-better low.

An Omaha hand takes exactly two hole cards and three board cards. Without a
flush its value depends on ranks only, so for each multiset of board ranks
(455 of three cards, 1,820 of four, 6,188 of five) the tables keep, for each
of the 91 multisets of two hole ranks, the best value over the board's
three-card subsets: ``by_board[k][board multiset, hole pair]``. A hand is
then one board index and one lookup per hole pair (6 at PLO4, 15 at PLO6),
instead of a full evaluation per hole pair and board triple (60 to 150;
perf/bench_variants.py times both: about 13 times faster). The tables take
1.5 MiB (the five-card boards' 1.1 MiB), so the kernel asks for a block of
hands' board rows before reading any of them.
A flush needs three board cards and two hole cards of one suit (one suit at
most, five board cards holding three of it): the kernel then values those
few five-card choices with the compact evaluator's flush table and keeps the
better value.

A board multiset's index is the combinatorial number system of its ranks
sorted up (``s0 <= s1 <= ...``): ``sum(comb(s_i + i, i + 1))``, read from
:attr:`OmahaTables.place`.

The low (8 or better, aces low) takes five distinct ranks from ace to eight,
two from the hole and three from the board, and the lowest wins: comparing
two such sets from the top down is comparing their 8-bit masks (ace bit 0,
eight bit 7) as numbers. ``low[hole mask << 8 | board mask]`` gives the best
low of the sets of low ranks held, as a rank from 56 (the wheel, 5-4-3-2-A)
down to 1 (8-7-6-5-4), 0 when none qualifies.

Every value comes from :func:`pokerfsm.ranking.equivalence_classes`, so the
high is the hold'em value of the best five cards (``HandRank``); the tests
check both halves against a brute-force oracle and against pokerkit.

>>> t = omaha_tables()
>>> [len(t.by_board[k]) for k in (3, 4, 5)], t.by_board[5].shape[1]
([455, 1820, 6188], 91)
>>> len(LOW_MASKS), LOW_MASKS[56], LOW_MASKS[1]
(57, 31, 248)
"""
from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from math import comb

import numpy as np
from numpy.typing import NDArray

from ..ranking import HandCategory, equivalence_classes
from .compact import compact_tables

__all__ = ["OmahaTables", "omaha_tables", "LOW_MASKS", "LOW_RANKS", "low_bit", "PAIRS", "multiset_places",
           "rank_multisets"]

PAIRS = 91
"""Multisets of two ranks (a hole pair's ranks)."""
_FIVES = 5 ** np.arange(13, dtype=np.int64)
_LOW_RANKS_COUNT = comb(8, 5)


def low_bit(card: int) -> int:
    """A card's bit among the low ranks (ace bit 0, deuce bit 1 ... eight bit 7), 0 above eight."""
    rank = card >> 2
    return 1 if rank == 12 else (1 << (rank + 1) if rank <= 6 else 0)


LOW_MASKS: tuple[int, ...] = (0, *sorted((sum(1 << b for b in bits) for bits in itertools.combinations(range(8), 5)),
                                        reverse=True))
"""``LOW_MASKS[rank]``: the low ranks' mask of each low, rank 1 (8-7-6-5-4) to 56 (the wheel); 0: no low."""
LOW_RANKS = {mask: rank for rank, mask in enumerate(LOW_MASKS) if rank}
"""The rank of each five-rank low mask."""


@dataclass(frozen=True)
class OmahaTables:
    """The arrays the Omaha kernels read (all C-contiguous)."""

    by_board: dict[int, NDArray[np.uint16]]  # board size 3-5 -> (board rank multisets, 91) best values
    place: NDArray[np.uint16]                # (5, 64): place[i, rank] = comb(rank + i, i + 1)
    pair: NDArray[np.uint8]                  # (13 * 13): the multiset index of two ranks
    flush: NDArray[np.uint16]                # (8192): the compact evaluator's flush values
    low: NDArray[np.uint8]                   # (65536): hole mask << 8 | board mask -> low rank
    low_bits: NDArray[np.uint8]              # (52): each card's low_bit

    @property
    def nbytes(self) -> int:
        """Bytes of the arrays together."""
        arrays: list[NDArray[np.generic]] = [*self.by_board.values(), self.place, self.pair, self.flush,
                                             self.low, self.low_bits]
        return sum(a.nbytes for a in arrays)


def multiset_places(rows: int = 5) -> NDArray[np.uint16]:
    """(rows, 64): ``comb(rank + i, i + 1)``, zeros past rank 12 (any byte's rank, 0-63, reads inside).

    The index of a multiset of ranks sorted up, ``s0 <= s1 <= ...``, is
    ``sum(places[i, s_i])``, from 0 to ``comb(12 + k, k) - 1`` for ``k`` ranks.
    """
    return np.array([[comb(rank + i, i + 1) if rank < 13 else 0 for rank in range(64)] for i in range(rows)],
                    dtype=np.uint16)


def rank_multisets(size: int, place: NDArray[np.uint16]) -> NDArray[np.int64]:
    """Every multiset of ``size`` ranks, sorted up, in the order of its index."""
    found = np.array(list(itertools.combinations_with_replacement(range(13), size)), dtype=np.int64)
    index = sum(place[i][found[:, i]].astype(np.int64) for i in range(size))
    assert (np.sort(index) == np.arange(len(found))).all()
    return found[np.argsort(index)]


def _codes(ranks: NDArray[np.int64]) -> NDArray[np.int64]:
    """Base-5 rank counts of each row of ranks."""
    codes: NDArray[np.int64] = _FIVES[ranks].sum(axis=1)
    return codes


def _five_rank_values(triples: NDArray[np.int64], pairs: NDArray[np.int64]) -> NDArray[np.uint16]:
    """(triples, pairs) -> the value of those five ranks as a hand without a flush (0 if no hand has them)."""
    classes = [c for c in equivalence_classes() if c.category not in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH)]
    codes = np.array([sum(int(_FIVES[r]) for r in c.ranks) for c in classes], dtype=np.int64)
    values = np.array([c.value for c in classes], dtype=np.int64)
    order = np.argsort(codes)
    codes, values = codes[order], values[order]
    wanted = _codes(triples)[:, None] + _codes(pairs)[None, :]
    at = np.minimum(np.searchsorted(codes, wanted), len(codes) - 1)
    return np.where(codes[at] == wanted, values[at], 0).astype(np.uint16)


def _best_by_board(size: int, place: NDArray[np.uint16], by_triple: NDArray[np.uint16]) -> NDArray[np.uint16]:
    """For each multiset of ``size`` board ranks, the best of its three-rank subsets' rows."""
    boards = rank_multisets(size, place)
    best = np.zeros((len(boards), PAIRS), dtype=np.uint16)
    for chosen in itertools.combinations(range(size), 3):
        triple = sum(place[i][boards[:, c]].astype(np.int64) for i, c in enumerate(chosen))
        best = np.maximum(best, by_triple[triple])
    return best


def _low_table() -> NDArray[np.uint8]:
    """``low[hole << 8 | board]``: the best low of two hole ranks and three board ranks, 0 if none.

    A low ``u`` can be made when the ranks it needs beyond the board's (at
    most two) are in the hole and the hole holds two of its ranks: those two
    come from the hole, the other three from the board.
    """
    masks = np.arange(256, dtype=np.int64)
    pop = np.array([bin(m).count("1") for m in range(256)])
    hole, board = masks[:, None], masks[None, :]
    table = np.zeros((256, 256), dtype=np.uint8)
    for rank in range(1, _LOW_RANKS_COUNT + 1):  # worst first: a better low overwrites
        u = LOW_MASKS[rank]
        missing = u & ~board
        made = (pop[missing] <= 2) & ((missing & ~hole) == 0) & (pop[hole & u] >= 2)
        table[made] = rank
    return table.reshape(-1)


@functools.lru_cache(maxsize=1)
def omaha_tables() -> OmahaTables:
    """The Omaha tables, built on first use (a fraction of a second) and kept."""
    place = multiset_places()
    pairs = rank_multisets(2, place)
    by_triple = _five_rank_values(rank_multisets(3, place), pairs)
    ranks = np.arange(13)
    pair = place[0][np.minimum.outer(ranks, ranks)] + place[1][np.maximum.outer(ranks, ranks)]
    by_board = {3: by_triple, 4: _best_by_board(4, place, by_triple), 5: _best_by_board(5, place, by_triple)}
    return OmahaTables(
        by_board={k: np.ascontiguousarray(v) for k, v in by_board.items()},
        place=place,
        pair=np.ascontiguousarray(pair.reshape(-1).astype(np.uint8)),
        flush=compact_tables().flush,
        low=_low_table(),
        low_bits=np.array([low_bit(card) for card in range(52)], dtype=np.uint8),
    )
