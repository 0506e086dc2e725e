"""Low hands' values: ace-to-five (razz, ace-to-five lowball), deuce-to-seven and badugi.

Each value is an ``int``, higher is better within its game, read from the
tables of :mod:`pokerfsm.evaluation.low_tables` (badugi's is computed: its
size, then its ranks). The row functions value many hands at once with numpy:
an (n, k) array of card codes in, an int32 array out.

>>> from pokerfsm.cards import parse_cards
>>> def codes(text):
...     return np.array([parse_cards(text)], dtype=np.uint8)
>>> AceToFiveLow(int(ace_to_five_rows(codes("As 2d 3c 4h 5s Kd Kc"))[0])).describe()
'5-4-3-2-A low'
>>> AceToFiveLow(int(ace_to_five_rows(codes("Ks Kd 7c 4h As"))[0])).describe("fr")
'Low K-K-7-4-A (une paire)'
>>> DeuceToSevenLow(int(deuce_to_seven_rows(codes("7s 5d 4c 3h 2s"))[0])).describe()
'7-5-4-3-2 low'
>>> DeuceToSevenLow(int(deuce_to_seven_rows(codes("As 5s 4s 3s 2s"))[0])).describe()
'A-5-4-3-2 low (a flush)'
>>> BadugiLow(int(badugi_rows(codes("Ah 2c 3d Kd"))[0])).describe()
'3-card hand, 3-2-A'
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from ..cards import Rank
from .low_tables import ace_low, low_tables, straight_top

__all__ = ["AceToFiveLow", "DeuceToSevenLow", "BadugiLow", "ace_to_five_rows", "eight_or_better_rows",
           "deuce_to_seven_rows", "badugi_rows", "BADUGI_RANK_BITS"]

_SHAPES = {
    (2, 1, 1, 1): ("a pair", "une paire"), (2, 2, 1): ("two pair", "deux paires"),
    (3, 1, 1): ("three of a kind", "brelan"), (3, 2): ("a full house", "full"), (4, 1): ("four of a kind", "carré"),
}
_STRAIGHT, _FLUSH, _STRAIGHT_FLUSH = ("a straight", "suite"), ("a flush", "couleur"), ("a straight flush",
                                                                                       "quinte flush")


def _language(lang: str) -> int:
    if lang not in ("en", "fr"):
        raise ValueError(f"unknown language {lang!r} (use 'en' or 'fr')")
    return lang == "fr"


def _words(ranks: tuple[Rank, ...], against: tuple[str, str] | None, lang: str) -> str:
    """``'K-K-7-4-A low (a pair)'`` or, in French, ``'Low K-K-7-4-A (une paire)'``."""
    fr = _language(lang)
    shown = "-".join(rank.symbol for rank in ranks)
    text = f"Low {shown}" if fr else f"{shown} low"
    return text if against is None else f"{text} ({against[fr]})"


class AceToFiveLow(int):
    """An ace-to-five low (razz, ace-to-five lowball): 1 (K-K-K-K-Q) to 6,175 (5-4-3-2-A), higher is better.

    Aces are low; pairs count against a hand, straights and flushes do not.
    """

    __slots__ = ()

    def __new__(cls, value: int) -> AceToFiveLow:
        if not 1 <= int(value) < len(low_tables().ace_to_five_fives):
            raise ValueError(f"{value!r} is not an ace-to-five low's value (1-6175)")
        return super().__new__(cls, value)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The five ranks as the low is read: the most cards of a rank first, the highest (aces low) first."""
        return tuple(Rank(int(r)) for r in low_tables().ace_to_five_fives[int(self)])

    def describe(self, lang: str = "en") -> str:
        """E.g. ``'7-5-4-3-A low'``, ``'K-K-7-4-A low (a pair)'``; ``lang='fr'``: ``'Low 7-5-4-3-A'``."""
        return _words(self.ranks, _SHAPES.get(tuple(sorted(Counter(self.ranks).values(), reverse=True))), lang)

    def __repr__(self) -> str:
        return f"<AceToFiveLow {int(self)}: {self.describe()}>"

    def __str__(self) -> str:
        return self.describe()


class DeuceToSevenLow(int):
    """A deuce-to-seven low: 1 (a royal flush) to 7,462 (7-5-4-3-2 of several suits), higher is better.

    Aces are high; pairs, straights and flushes count against a hand, and
    A-5-4-3-2 is no straight (an ace-high hand).
    """

    __slots__ = ()

    def __new__(cls, value: int) -> DeuceToSevenLow:
        if not 1 <= int(value) < len(low_tables().deuce_to_seven_fives):
            raise ValueError(f"{value!r} is not a deuce-to-seven low's value (1-7462)")
        return super().__new__(cls, value)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The five ranks as the hand is read (the most cards of a rank first, then the highest)."""
        return tuple(Rank(int(r)) for r in low_tables().deuce_to_seven_fives[int(self)])

    @property
    def flush(self) -> bool:
        """True when the five cards share a suit."""
        tables = low_tables()
        return bool(tables.deuce_to_seven[1, tables.index(self.ranks)] == int(self))

    def describe(self, lang: str = "en") -> str:
        """E.g. ``'7-5-4-3-2 low'``, ``'8-7-6-5-4 low (a straight)'``; ``lang='fr'``: ``'Low 7-5-4-3-2'``."""
        straight = straight_top(self.ranks) is not None
        against = _SHAPES.get(tuple(sorted(Counter(self.ranks).values(), reverse=True)))
        if straight or self.flush:
            against = _STRAIGHT_FLUSH if straight and self.flush else _FLUSH if self.flush else _STRAIGHT
        return _words(self.ranks, against, lang)

    def __repr__(self) -> str:
        return f"<DeuceToSevenLow {int(self)}: {self.describe()}>"

    def __str__(self) -> str:
        return self.describe()


BADUGI_RANK_BITS = 13
"""A badugi value is ``cards << 13 | (8191 - ranks mask)``, the mask's bit 0 the ace, bit 12 the king."""
_ALL_RANKS = (1 << BADUGI_RANK_BITS) - 1


class BadugiLow(int):
    """A badugi hand: the most cards of distinct ranks and suits (four at most), then the lowest, aces low.

    The value is ``cards << 13 | (8191 - mask)``: comparing two hands of as
    many cards from their highest card down is comparing their rank masks.
    From ``1 << 13 | 0`` (a lone king) to ``4 << 13 | 8176`` (4-3-2-A).
    """

    __slots__ = ()

    def __new__(cls, value: int) -> BadugiLow:
        size, mask = int(value) >> BADUGI_RANK_BITS, _ALL_RANKS - (int(value) & _ALL_RANKS)
        if not 1 <= size <= 4 or mask.bit_count() != size:
            raise ValueError(f"{value!r} is not a badugi hand's value")
        return super().__new__(cls, value)

    @property
    def size(self) -> int:
        """How many cards play: 4 for a badugi."""
        return int(self) >> BADUGI_RANK_BITS

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The playing ranks, highest first (aces low)."""
        mask = _ALL_RANKS - (int(self) & _ALL_RANKS)
        return tuple(Rank((bit - 1) % 13) for bit in range(12, -1, -1) if mask >> bit & 1)

    def describe(self, lang: str = "en") -> str:
        """E.g. ``'Badugi, 7-5-3-A'``, ``'3-card hand, 8-4-2'``; ``lang='fr'``: ``'Main de 3 cartes, 8-4-2'``."""
        fr = _language(lang)
        shown = "-".join(rank.symbol for rank in self.ranks)
        if self.size == 4:
            return f"Badugi, {shown}"
        return f"Main de {self.size} cartes, {shown}" if fr else f"{self.size}-card hand, {shown}"

    def __repr__(self) -> str:
        return f"<BadugiLow {int(self)}: {self.describe()}>"

    def __str__(self) -> str:
        return self.describe()


def _indices(cards: NDArray[np.uint8]) -> NDArray[np.int64]:
    """Each row's rank-multiset index (the tables' rule)."""
    place = low_tables().place
    ranks = np.sort(cards >> 2, axis=1)
    index: NDArray[np.int64] = sum(place[i][ranks[:, i]].astype(np.int64) for i in range(cards.shape[1]))
    return index


def ace_to_five_rows(cards: NDArray[np.uint8]) -> NDArray[np.int32]:
    """The best ace-to-five low of five of each row's 5-7 cards (checked card codes, distinct)."""
    values: NDArray[np.int32] = low_tables().ace_to_five[cards.shape[1]][_indices(cards)].astype(np.int32)
    return values


def eight_or_better_rows(cards: NDArray[np.uint8]) -> NDArray[np.int32]:
    """The best 8-or-better low (a LowRank, 0 for none) of five of each row's 5-7 cards."""
    return low_tables().eight_or_better[cards.shape[1]][_indices(cards)].astype(np.int32)


def deuce_to_seven_rows(cards: NDArray[np.uint8]) -> NDArray[np.int32]:
    """The deuce-to-seven low of each row of five cards."""
    flush = (cards & 3 == cards[:, :1] & 3).all(axis=1)
    values: NDArray[np.int32] = low_tables().deuce_to_seven[flush.astype(np.int64), _indices(cards)].astype(np.int32)
    return values


def badugi_rows(cards: NDArray[np.uint8]) -> NDArray[np.int32]:
    """The badugi value of each row of (up to four) cards: the best subset of distinct ranks and suits."""
    ranks, suits = cards >> 2, cards & 3
    bits = (np.int32(1) << ((ranks.astype(np.int32) + 1) % 13)).astype(np.int32)
    best = np.zeros(len(cards), dtype=np.int32)
    width = cards.shape[1]
    for size in range(1, min(width, 4) + 1):
        for chosen in combinations(range(width), size):
            apart = np.ones(len(cards), dtype=bool)
            for a, b in combinations(chosen, 2):
                apart &= (ranks[:, a] != ranks[:, b]) & (suits[:, a] != suits[:, b])
            mask = sum(bits[:, c] for c in chosen)
            value = (size << BADUGI_RANK_BITS) | (_ALL_RANKS - mask)
            best = np.where(apart, np.maximum(best, value), best)
    return best


def ace_low_order(card: int) -> tuple[int, int]:
    """Sort key: low to high with the ace lowest, then the suit."""
    return ace_low(card >> 2), card & 3
