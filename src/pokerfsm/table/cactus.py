"""A Cactus Kev-style five-card evaluator, with a Senzee-style perfect hash.

Each card is a 32-bit word ``rank bit << 16 | suit bit << 12 | rank << 8 |
prime``. Five cards are then valued by three lookups, all computed here from
the rules of a ranking (see :mod:`pokerfsm.table.rankings`), nothing pasted in:

* a flush (the suit bits AND to non-zero): ``FLUSHES[rank bits]``;
* five distinct ranks: ``UNIQUE5[rank bits]``;
* otherwise the product of the five rank primes, a unique key per rank
  multiset, goes through a perfect hash into ``HASH_VALUES``. The hash is of
  the hash-and-displace kind: mix the key, split it into a bucket ``b`` and a
  slot ``a``, and the slot is ``a ^ HASH_ADJUST[b]``. :func:`build_perfect_hash`
  searches the multiplier and the displacements.

It labels the terminal states of the state-machine table, and stays importable
as a second reference:

>>> from pokerfsm.cards import parse_cards
>>> from pokerfsm.ranking import describe
>>> describe(evaluate5(parse_cards("Kh Kd Kc 3s 3c")))
'Full house, Kings full of Threes'
"""
from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from ..ranking import HandCategory
from .rankings import HOLDEM, Ranking, class_ranks

__all__ = ["PRIMES", "card_word", "Tables", "tables", "evaluate5", "build_perfect_hash",
           "mix", "HASH_BUCKET_BITS", "HASH_SLOT_BITS"]

PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
HASH_BUCKET_BITS = 10
HASH_SLOT_BITS = 13
_MASK32 = 0xFFFFFFFF


def card_word(card: int) -> int:
    """The 32-bit Cactus Kev word of a card 0..51 (rank = card >> 2, suit = card & 3)."""
    rank, suit = card >> 2, card & 3
    return 1 << (16 + rank) | 1 << (12 + suit) | rank << 8 | PRIMES[rank]


def mix(key: int, multiplier: int) -> tuple[int, int]:
    """Split a prime product into ``(bucket, slot)``: multiply, xor-shift, take bit fields."""
    x = (key * multiplier) & _MASK32
    x ^= x >> 15
    x = (x * 0x2C1B3C6D) & _MASK32
    x ^= x >> 12
    return x >> (32 - HASH_BUCKET_BITS), x & ((1 << HASH_SLOT_BITS) - 1)


class Tables(NamedTuple):
    """The lookup tables; all are numpy arrays of hand values (uint16) or displacements."""

    flushes: np.ndarray      # [8192] by rank bits, flushes and straight flushes
    unique5: np.ndarray      # [8192] by rank bits, straights and high cards
    hash_adjust: np.ndarray  # [1 << HASH_BUCKET_BITS] displacement per bucket
    hash_values: np.ndarray  # [1 << HASH_SLOT_BITS] value per slot
    multiplier: int          # the mixing multiplier the search settled on


def build_perfect_hash(values_by_key: dict[int, int]) -> tuple[int, np.ndarray, np.ndarray]:
    """Find ``(multiplier, adjust, values)`` so that every key lands on its own slot.

    Buckets are placed largest first; each gets the smallest displacement that
    moves all its slots onto free ones. A multiplier under which two keys of a
    bucket share a slot is skipped.
    """
    size = 1 << HASH_SLOT_BITS
    for multiplier in range(0x9E3779B1, 0x9E3779B1 + 2 * 10_000, 2):
        buckets: dict[int, list[tuple[int, int]]] = {}
        for key in values_by_key:
            bucket, slot = mix(key, multiplier)
            buckets.setdefault(bucket, []).append((slot, key))
        if any(len({s for s, _ in items}) != len(items) for items in buckets.values()):
            continue
        adjust = np.zeros(1 << HASH_BUCKET_BITS, dtype=np.uint16)
        values = np.zeros(size, dtype=np.uint16)
        used = np.zeros(size, dtype=bool)
        for bucket, items in sorted(buckets.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            slots = np.array([s for s, _ in items])
            for displacement in range(size):
                placed = slots ^ displacement
                if not used[placed].any():
                    break
            else:  # pragma: no cover - never happens at this load factor
                break
            adjust[bucket] = displacement
            used[placed] = True
            values[placed] = [values_by_key[k] for _, k in items]
        else:
            return multiplier, adjust, values
    raise RuntimeError("no perfect hash found")  # pragma: no cover


@functools.cache
def tables(ranking: Ranking = HOLDEM) -> Tables:
    """Compute (once per ranking) all lookup tables from its classes (default: hold'em's)."""
    flushes = np.zeros(8192, dtype=np.uint16)
    unique5 = np.zeros(8192, dtype=np.uint16)
    by_product: dict[int, int] = {}
    lowest = ranking.lowest_rank
    for cls in ranking.classes():
        ranks = class_ranks(cls, lowest)
        bits = 0
        for r in ranks:
            bits |= 1 << r
        if cls.category in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH):
            flushes[bits] = cls.value
        elif cls.category in (HandCategory.HIGH_CARD, HandCategory.STRAIGHT):
            unique5[bits] = cls.value
        else:
            product = 1
            for r in ranks:
                product *= PRIMES[r]
            by_product[product] = cls.value
    multiplier, adjust, values = build_perfect_hash(by_product)
    return Tables(flushes, unique5, adjust, values, multiplier)


def evaluate5(cards: Sequence[int], ranking: Ranking = HOLDEM) -> int:
    """Value of exactly five distinct cards (ints 0..51; of ``ranking``'s deck), Cactus Kev style.

    >>> from pokerfsm.cards import parse_cards
    >>> evaluate5(parse_cards("Ah 2h 3h 4h 5h")) >> 12   # a straight flush, five high
    9
    """
    t = tables(ranking)
    words = [card_word(int(c)) for c in cards]
    if len(words) != 5:
        raise ValueError(f"evaluate5 takes 5 cards, got {len(words)}")
    a, b, c, d, e = words
    bits = (a | b | c | d | e) >> 16
    if a & b & c & d & e & 0xF000:
        return int(t.flushes[bits])
    if t.unique5[bits]:
        return int(t.unique5[bits])
    product = (a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)
    bucket, slot = mix(product, t.multiplier)
    return int(t.hash_values[slot ^ t.hash_adjust[bucket]])
