"""The compact evaluator's tables: a few hundred KiB, computed from the ranking in a fraction of a second.

The hand-rank table is a state machine of 124 MiB: unbeatable where a prefix
of cards is shared, but a random hand misses the cache at every card. The
compact evaluator (the kernels in :mod:`pokerfsm.evaluation._compact`) gives
the same values from tables that fit in a core's L2 cache:

* a hand that holds five cards or more of one suit is a flush at least, and
  nothing else it holds can beat that (a full house or four of a kind would
  need two more cards off the suit than seven cards leave); its value is
  ``flush[ranks of that suit]``, a 13-bit mask (8,192 entries);
* any other hand's value depends only on its multiset of ranks. Each rank
  has a random 32-bit *multiplier*; a multiset's hash is the sum of its
  cards' multipliers modulo 2**32, which is different for every one of the
  73,775 multisets of 5, 6 or 7 ranks (checked when the tables are built).
  The top :data:`BUCKET_BITS` bits pick a bucket, the others a *home*
  among ``homes`` slots (a multiply and a shift) that the bucket's
  *displacement* shifts so that no two multisets share a slot: a perfect
  hash, placing the largest buckets first. The table runs a little past the
  homes to hold what the displacements push out, so a lookup needs no
  modulo: 99 % of the homes and 97 % of the slots hold a multiset.

Each card's key packs its rank's multiplier (high 32 bits) and a count of its
suit (low 16 bits, a nibble per suit), so a hand's key is the plain sum of
its cards' keys: the multiplier sum wraps modulo 2**32 by itself, and adding
3 to every suit's nibble sets its top bit exactly when the suit has five
cards or more (the kernels' flush test).

Every value comes from :func:`pokerfsm.ranking.equivalence_classes` (five
cards), and a 6- or 7-card value is the best of the values one card fewer,
so the tables agree with the hand-rank table by construction; a slow test
compares the two over every 5-, 6- and 7-card hand.

>>> tables = compact_tables()
>>> tables.nbytes < 256 * 1024, len(tables.values) >= 73_775
(True, True)
"""
from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..ranking import HandCategory, equivalence_classes
from . import _perfect_hash

__all__ = ["CompactArrays", "CompactTables", "compact_tables", "BUCKET_BITS", "FLUSH_SIZE", "SUIT_BIAS", "SUIT_FLAGS"]

BUCKET_BITS: int = _perfect_hash.BUCKET_BITS
"""log2 of the number of buckets (about 4.5 rank multisets each), as the kernels read it."""
FLUSH_SIZE = 1 << 13
"""Entries of the flush table: one per mask of the 13 ranks."""
SUIT_BIAS = 0x3333
"""Added to a key's suit counts so that a count of 5 or more sets its nibble's top bit ..."""
SUIT_FLAGS = 0x8888
"""... which this mask keeps."""
_SLACK = 1.01          # homes per rank multiset
_ROOM = 0.02           # slots past the homes, per rank multiset
_SEEDS = range(1, 64)  # multiplier draws tried in turn (the first one almost always works)
_FIVES = 5 ** np.arange(13, dtype=np.int64)


@dataclass(frozen=True)
class CompactArrays:
    """The arrays a compact evaluator's kernels read (all C-contiguous), as ``_compact.pxd``'s ``Compact``
    holds them; hold'em's :class:`CompactTables` and short deck's tables are these."""

    card_keys: NDArray[np.uint64]     # per card code 0-51: multiplier << 32 | 1 << (4 * suit)
    flush: NDArray[np.uint16]         # per rank mask of the flush suit: the value
    displacement: NDArray[np.uint16]  # per bucket: the shift of its slots (below 65,536)
    values: NDArray[np.uint16]        # per slot: the value of the rank multiset there (0: none)
    homes: int                        # the range of the home slots, a little below len(values)

    @property
    def nbytes(self) -> int:
        """Bytes of the four arrays together."""
        return sum(a.nbytes for a in (self.card_keys, self.flush, self.displacement, self.values))

    @property
    def checksum(self) -> str:
        """32 hex digits that change with any entry of the arrays or ``homes``: the provenance of
        values computed from them, the same on every machine."""
        digest = hashlib.blake2b(digest_size=16)
        for array in (self.card_keys, self.flush, self.displacement, self.values):
            digest.update(len(array).to_bytes(8, "little"))
            digest.update(np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("<")).tobytes())
        digest.update(self.homes.to_bytes(8, "little"))
        return digest.hexdigest()


@dataclass(frozen=True)
class CompactTables(CompactArrays):
    """Hold'em's compact tables: ``flush`` by the 13-bit rank mask of the flush suit (:data:`FLUSH_SIZE` entries)."""


def _digit(codes: NDArray[np.int64], rank: int) -> NDArray[np.int64]:
    """How many cards of ``rank`` each multiset holds (``codes`` are base-5 counts)."""
    digits: NDArray[np.int64] = (codes // _FIVES[rank]) % 5
    return digits


def _add_a_card(codes: NDArray[np.int64], values: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Every multiset one card larger, each with the best value of the multisets it contains."""
    grown, best = [], []
    for rank in range(13):
        room = _digit(codes, rank) < 4
        grown.append(codes[room] + _FIVES[rank])
        best.append(values[room])
    codes, values = np.concatenate(grown), np.concatenate(best)
    order = np.lexsort((-values, codes))  # by multiset, the best value first
    codes, values = codes[order], values[order]
    first = np.r_[True, codes[1:] != codes[:-1]]
    return codes[first], values[first]


def _rank_multisets() -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Every multiset of 5, 6 or 7 ranks (base-5 counts) and its value as a hand without a flush."""
    fives = [c for c in equivalence_classes()
             if c.category not in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH)]
    codes = np.array([sum(int(_FIVES[r]) for r in c.ranks) for c in fives], dtype=np.int64)
    values = np.array([c.value for c in fives], dtype=np.int64)
    six = _add_a_card(codes, values)
    seven = _add_a_card(*six)
    return (np.concatenate([codes, six[0], seven[0]]), np.concatenate([values, six[1], seven[1]]))


def _flush_table() -> NDArray[np.uint16]:
    """The value of a flush of each set of 5 to 13 ranks (0 below five ranks)."""
    table = np.zeros(FLUSH_SIZE, dtype=np.int64)
    for c in equivalence_classes():
        if c.category in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH):
            table[sum(1 << r for r in set(c.ranks))] = c.value
    masks = np.arange(FLUSH_SIZE)
    sizes = np.array([bin(m).count("1") for m in range(FLUSH_SIZE)])
    for size in range(6, 14):
        level = masks[sizes == size]
        best = np.zeros(len(level), dtype=np.int64)
        for rank in range(13):
            held = (level >> rank) & 1 == 1
            best[held] = np.maximum(best[held], table[level[held] ^ (1 << rank)])
        table[level] = best
    return table.astype(np.uint16)


def _multiset_hashes(codes: NDArray[np.int64], multipliers: NDArray[np.uint64]) -> NDArray[np.uint32]:
    total = np.zeros(len(codes), dtype=np.uint64)
    for rank in range(13):
        total += _digit(codes, rank).astype(np.uint64) * multipliers[rank]
    return (total & np.uint64(0xFFFFFFFF)).astype(np.uint32)


@functools.lru_cache(maxsize=1)
def compact_tables() -> CompactTables:
    """The compact evaluator's tables, built on first use (in well under a second) and kept.

    Raises RuntimeError if no multiplier draw gives a perfect hash (never seen:
    the first draw almost always does).
    """
    codes, values = _rank_multisets()
    homes = int(len(codes) * _SLACK)
    for seed in _SEEDS:
        multipliers = np.random.default_rng(seed).integers(0, 1 << 32, size=13, dtype=np.uint64)
        hashes = _multiset_hashes(codes, multipliers)
        if len(np.unique(hashes)) != len(hashes):
            continue
        displacement = np.zeros(1 << BUCKET_BITS, dtype=np.uint16)
        table = np.zeros(homes + int(len(codes) * _ROOM), dtype=np.uint16)
        if _perfect_hash.place_buckets(hashes, values.astype(np.uint16), homes, displacement, table):
            cards = np.arange(52, dtype=np.uint64)
            suit_counts = np.uint64(1) << (np.uint64(4) * (cards & np.uint64(3)))
            card_keys = (multipliers[cards >> np.uint64(2)] << np.uint64(32)) | suit_counts
            return CompactTables(card_keys, _flush_table(), displacement, table, homes)
    raise RuntimeError("no perfect hash of the rank multisets found")  # pragma: no cover
