"""Hand ranges in PokerStove syntax, as weighted sets of two-card combos.

A range is a list of items separated by commas, semicolons or spaces (as
PokerStove, Equilab and pokerkit write them); later items override earlier
ones for the combos they share:

=====================  ===================================================
``AA``, ``72``         a pair (6 combos) or both suited and offsuit (16)
``AKs``, ``AKo``       suited (4 combos) or offsuit (12)
``QQ+``                QQ, KK, AA: the pair rank rises to aces
``A2s+``, ``K9+``      the kicker rises to one below the top card
                       (so ``T9s+`` is just T9s, as in PokerStove)
``22-55``              pairs from 22 to 55
``A5s-A2s``            same top card, kickers from 5 down to 2
``JTs-KQs``            same gap between the ranks: JTs, QJs, KQs
                       (``T9o-QJo``; gappers: ``T8s-QTs`` is T8s, J9s, QTs)
``AhKh``, ``Ah Kh``    one exact combo, in standard notation (two lone
                       cards in a row make one combo)
``random``             all 1,326 combos (also ``any``, ``??``, ``XxXx``)
``0.5(AA, KK)``        a weight in (0, 1] for the items inside; ``50%(AA)``
                       means the same, and nested weights multiply
``15%``, ``top 15%``   the strongest 15 % of the 1,326 combos, whole
                       classes in the PokerStove order (exact equity
                       against one random hand); a percentage before a
                       parenthesis is a weight instead
=====================  ===================================================

A span may be written either way round (``A2s-A5s`` is ``A5s-A2s``, ``55-22``
is ``22-55``) and with spaces around its dash. ``str()`` writes the canonical
text, which reads back as the same range: pairs, then classes by top card
(kicker runs, or same-gap runs where they are fewer), then exact combos,
each weight in its own group, written as a plain decimal (``0.00001(AA)``,
never ``1e-05``). Numbers take the ASCII digits 0-9 only.

>>> r = parse_range("QQ+, AKs")
>>> len(r), str(r)
(22, 'QQ+, AKs')
>>> parse_range("0.5(AA), KK").weight((Card("As"), Card("Ah")))
0.5
>>> str(parse_range("A2s-A5s; 0.25(T9s+) JTs-KQs"))
'A5s-A2s, KQs-JTs, 0.25(T9s)'
>>> str(parse_range("top 5%")), len(parse_range("5%, 50%(22)"))
('77+, AK, AQs-AJs', 78)

Malformed text raises :class:`~pokerfsm.errors.RangeParseError` quoting the
bad item and its column. The text itself is read and written by
:mod:`pokerfsm.range_text`.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping
from decimal import Decimal
from typing import Any, TypeVar, cast

from .cards import Card, CardsLike, as_cards
from .combos import ALL_COMBOS, HAND_CLASSES, Combo, combo, hand_class
from .errors import InvalidDealError, RangeParseError
from .preflop_order import top_classes
from .range_text import MAX_RANGE_TEXT, MAX_WEIGHT_DEPTH, RANDOM_WORDS, range_items, read_range_text

__all__ = ["HandRange", "parse_range", "percentile_range", "weight_text", "hand_class", "HAND_CLASSES", "Combo",
           "combo", "ALL_COMBOS", "RANDOM_WORDS", "MAX_RANGE_TEXT", "MAX_WEIGHT_DEPTH"]

T = TypeVar("T")
_CUTS_KEPT = 32
"""Ranges cut by a set of known cards remembered per range (the oldest is dropped first)."""


class HandRange(Mapping[Combo, float]):
    """An immutable map from combos to weights in (0, 1].

    Build one with :func:`parse_range`, :meth:`random` or :meth:`from_combos`.

    >>> r = HandRange.from_combos(["AhKh", "AsKs"])
    >>> len(r), str(r), r == parse_range("AsKs, AhKh")
    (2, 'AhKh, AsKs', True)
    """

    __slots__ = ("_derived", "_weights")

    def __init__(self, weights: Mapping[Combo, float] | None = None):
        checked: dict[Combo, float] = {}
        for key, weight in (weights or {}).items():
            c = combo(*key)
            if not 0.0 < float(weight) <= 1.0:
                raise RangeParseError(f"weight {weight!r} of {c[0]}{c[1]} is not in (0, 1]")
            checked[c] = float(weight)
        self._weights = dict(sorted(checked.items(), reverse=True))
        self._derived: dict[str, Any] = {}

    @classmethod
    def _trusted(cls, weights: dict[Combo, float]) -> HandRange:
        """A range from canonical, valid, sorted weights (no checks)."""
        r = cls.__new__(cls)
        r._weights = weights
        r._derived = {}
        return r

    def derived(self, key: str, make: Callable[[HandRange], T]) -> T:
        """``make(self)``, computed once per range (ranges are immutable)."""
        if key not in self._derived:
            self._derived[key] = make(self)
        return cast(T, self._derived[key])

    @classmethod
    def parse(cls, text: str) -> HandRange:
        """Same as :func:`parse_range`."""
        return parse_range(text)

    @classmethod
    def random(cls) -> HandRange:
        """All 1,326 combos with weight 1."""
        return _RANDOM

    @classmethod
    def from_combos(cls, hands: Iterable[CardsLike], weight: float = 1.0) -> HandRange:
        """A range of explicit two-card hands, all with the same weight."""
        result = {}
        for hand in hands:
            cards = as_cards(hand)
            if len(cards) != 2:
                raise RangeParseError(f"a hand has 2 cards, got {hand!r}")
            result[combo(*cards)] = weight
        return cls(result)

    def __getitem__(self, key: Combo) -> float:
        return self._weights[combo(*key)]

    def __contains__(self, key: object) -> bool:
        try:
            return combo(*key) in self._weights  # type: ignore[misc]
        except (TypeError, ValueError):
            return False

    def __iter__(self) -> Iterator[Combo]:
        return iter(self._weights)

    def __len__(self) -> int:
        return len(self._weights)

    def items(self) -> ItemsView[Combo, float]:
        """(combo, weight) pairs, strongest cards first."""
        return self._weights.items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandRange):
            return self._weights == other._weights
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._weights.items()))

    def weight(self, hand: Iterable[Card | int | str]) -> float:
        """The weight of a combo, 0.0 when it is not in the range."""
        return self._weights.get(combo(*hand), 0.0)

    @property
    def is_random(self) -> bool:
        """True for the full range: every combo with weight 1."""
        return self.derived("is_random", lambda r: len(r._weights) == len(ALL_COMBOS)
                            and all(w == 1.0 for w in r._weights.values()))

    @property
    def total_weight(self) -> float:
        return sum(self._weights.values())

    def without(self, cards: Iterable[Card | int]) -> HandRange:
        """The combos that use none of ``cards`` (the board, dead cards, other hands)."""
        blocked = frozenset(int(c) for c in cards)
        if not blocked:
            return self
        cuts: dict[frozenset[int], HandRange] = self.derived("without", lambda r: {})
        cut = cuts.get(blocked)
        if cut is None:   # the last few cuts are kept: a deal asks for the same one again and again
            if len(cuts) >= _CUTS_KEPT:
                cuts.pop(next(iter(cuts)), None)
            cut = cuts[blocked] = HandRange._trusted({c: w for c, w in self._weights.items()
                                                      if c[0] not in blocked and c[1] not in blocked})
        return cut

    def __str__(self) -> str:
        return self.derived("text", HandRange._text)

    def _text(self) -> str:
        if self.is_random:
            return "random"
        by_weight: dict[float, list[Combo]] = {}
        for c, w in self._weights.items():
            by_weight.setdefault(w, []).append(c)
        parts = []
        for w in sorted(by_weight, reverse=True):
            text = ", ".join(range_items(set(by_weight[w])))
            parts.append(text if w == 1.0 else f"{weight_text(w)}({text})")
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"parse_range({str(self)!r})"


_RANDOM = HandRange(dict.fromkeys(ALL_COMBOS, 1.0))


def weight_text(weight: float) -> str:
    """A weight as range text writes it: the shortest decimal that reads back as the same float,
    never in scientific notation (which the grammar does not take).

    >>> weight_text(0.5), weight_text(1e-05), weight_text(2.5e-17)
    ('0.5', '0.00001', '0.000000000000000025')
    """
    shortest = repr(float(weight))
    return format(Decimal(shortest), "f") if "e" in shortest else shortest


def parse_range(text: str) -> HandRange:
    """Parse a PokerStove range (see the module docstring for the grammar).

    >>> len(parse_range("random")), len(parse_range("22+")), len(parse_range("AK")), len(parse_range("T9s+"))
    (1326, 78, 16, 4)
    >>> parse_range("JTs-KQs; 55-22 AhKh QsQd") == parse_range("KQs, QJs, JTs, 22, 33, 44, 55, AhKh, QsQd")
    True
    >>> parse_range("AK, QQ)")
    Traceback (most recent call last):
    ...
    pokerfsm.errors.RangeParseError: unmatched ')' at column 7 of range 'AK, QQ)'

    Ranges are immutable, so the same text returns the same range (the last
    256 texts are remembered), with what was derived from it (its text, the
    arrays the kernels use) already computed.
    """
    if isinstance(text, str):
        return _parse_text(text)
    return HandRange(read_range_text(text))


@functools.lru_cache(maxsize=256)
def _parse_text(text: str) -> HandRange:
    return HandRange(read_range_text(text))


def percentile_range(percent: float) -> HandRange:
    """The strongest ``percent`` % of the 1,326 combos, whole classes in the PokerStove order: the
    range ``top 15%`` reads as (:func:`pokerfsm.preflop_order.top_classes` chooses the classes).

    >>> len(percentile_range(100)), str(percentile_range(0.5)), str(percentile_range(3))
    (1326, 'AA', '88+')

    Raises InvalidDealError for a percent outside (0, 100], StoreCorruptError
    when the shipped order is damaged.
    """
    try:
        value = float(percent)
    except (TypeError, ValueError):
        raise InvalidDealError(f"a percentage range needs a number, not {percent!r}") from None
    if not 0.0 < value <= 100.0:
        raise InvalidDealError(f"a percentage range needs 0 < percent <= 100, not {percent!r}")
    return parse_range(", ".join(top_classes(value / 100)))
