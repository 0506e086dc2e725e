"""Hand ranges in PokerStove syntax, as weighted sets of two-card combos.

A range is a comma-separated list of items; later items override earlier ones
for the combos they share:

=================  ===================================================
``AA``, ``72``     a pair (6 combos) or both suited and offsuit (16)
``AKs``, ``AKo``   suited (4 combos) or offsuit (12)
``QQ+``            QQ, KK, AA: the pair rank rises to aces
``A2s+``, ``K9+``  the kicker rises to one below the top card
                   (so ``T9s+`` is just T9s, as in PokerStove)
``22-55``          pairs from 22 to 55 (either order)
``A5s-A2s``        same top card, kickers from 5 down to 2
``AhKh``           one exact combo, in standard notation
``random``         all 1,326 combos (also ``any``, ``??``, ``XxXx``)
``0.5(AA, KK)``    a weight in (0, 1] for the items inside; ``50%(AA)``
                   means the same, and nested weights multiply
=================  ===================================================

>>> r = parse_range("QQ+, AKs")
>>> len(r), str(r)
(22, 'QQ+, AKs')
>>> parse_range("0.5(AA), KK").weight((Card("As"), Card("Ah")))
0.5
>>> str(parse_range("A5s-A2s, 0.25(T9s+)"))
'A5s-A2s, 0.25(T9s)'

Malformed text raises :class:`~pokerfsm.errors.RangeParseError` quoting the
bad item and its column.
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping
from typing import Any, TypeVar, cast

from .cards import DECK, RANK_SYMBOLS, Card, CardsLike, as_cards, parse_cards
from .errors import CardParseError, DuplicateCardError, RangeParseError, quoted

__all__ = ["HandRange", "parse_range", "hand_class", "HAND_CLASSES", "Combo", "RANDOM_WORDS"]

T = TypeVar("T")

Combo = tuple[Card, Card]
"""Two distinct cards, the higher card (by encoding) first."""

_RANK_OF = {s: i for i, s in enumerate(RANK_SYMBOLS)}
MAX_RANGE_TEXT = 50_000
"""The longest range text read (every combo written out takes under 10,000 characters)."""
MAX_WEIGHT_DEPTH = 8
"""How deep weights may nest, as in ``0.5(AA, 0.5(KK))``."""
RANDOM_WORDS = frozenset({"random", "any", "?", "??", "? ?", "xx", "x x", "xxxx", "full"})
"""Range items (any case) that mean every hand: a random, unknown hand."""
_CLASS = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)", re.IGNORECASE)
_SPAN = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)-([2-9TJQKA])([2-9TJQKA])([so]?)", re.IGNORECASE)
_WEIGHT = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)(%?)\s*\(")


def combo(first: Card | int | str, second: Card | int | str) -> Combo:
    """The canonical combo of two distinct cards, higher card first.

    >>> combo("2c", "Ah")
    (Card('Ah'), Card('2c'))
    """
    a, b = Card(first), Card(second)
    if a == b:
        raise RangeParseError(f"a hand needs two different cards, got {str(a)!r} twice")
    return (a, b) if a > b else (b, a)


ALL_COMBOS: tuple[Combo, ...] = tuple(combo(a, b) for a, b in itertools.combinations(DECK, 2))
"""All 1,326 two-card combos."""


def hand_class(cards: Iterable[Card | int | str]) -> str:
    """The starting-hand class of two cards: ``'AA'``, ``'AKs'`` or ``'AKo'``.

    >>> hand_class(("Kh", "Ah")), hand_class(("7d", "7c")), hand_class(("2s", "3d"))
    ('AKs', '77', '32o')
    """
    high, low = combo(*cards)
    if high.rank == low.rank:
        return high.rank.symbol * 2
    return high.rank.symbol + low.rank.symbol + ("s" if high.suit == low.suit else "o")


def _class_combos(high: int, low: int, kind: str) -> list[Combo]:
    """Combos of ranks ``high >= low``; kind is 's', 'o' or '' (both; a pair when equal)."""
    if high == low:
        return [combo(4 * high + a, 4 * high + b) for a, b in itertools.combinations(range(4), 2)]
    return [combo(4 * high + a, 4 * low + b) for a in range(4) for b in range(4)
            if kind == "" or (kind == "s") == (a == b)]


HAND_CLASSES: tuple[str, ...] = tuple(
    RANK_SYMBOLS[high] + RANK_SYMBOLS[low] + ("" if high == low else kind)
    for high in range(12, -1, -1) for low in range(high, -1, -1)
    for kind in (("",) if high == low else ("s", "o"))
)
"""The 169 starting-hand classes, pairs and suited before offsuit, strongest ranks first."""


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
        return len(self._weights) == len(ALL_COMBOS) and all(w == 1.0 for w in self._weights.values())

    @property
    def total_weight(self) -> float:
        return sum(self._weights.values())

    def without(self, cards: Iterable[Card | int]) -> HandRange:
        """The combos that use none of ``cards`` (the board, dead cards, other hands)."""
        blocked = {int(c) for c in cards}
        if not blocked:
            return self
        return HandRange._trusted({c: w for c, w in self._weights.items()
                                   if c[0] not in blocked and c[1] not in blocked})

    def __str__(self) -> str:
        if self.is_random:
            return "random"
        by_weight: dict[float, list[Combo]] = {}
        for c, w in self._weights.items():
            by_weight.setdefault(w, []).append(c)
        parts = []
        for w in sorted(by_weight, reverse=True):
            text = ", ".join(_compress(set(by_weight[w])))
            parts.append(text if w == 1.0 else f"{w!r}({text})")
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"parse_range({str(self)!r})"


_RANDOM = HandRange(dict.fromkeys(ALL_COMBOS, 1.0))


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive ints in a descending list, as (top, bottom)."""
    runs: list[tuple[int, int]] = []
    for v in values:
        if runs and runs[-1][1] == v + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


def _compress(combos: set[Combo]) -> list[str]:
    """Short PokerStove text for a set of equally weighted combos."""
    items: list[str] = []
    left = set(combos)

    def complete(high: int, low: int, kind: str) -> bool:
        return all(c in left for c in _class_combos(high, low, kind))

    pairs = [r for r in range(12, -1, -1) if complete(r, r, "")]
    for top, bottom in _runs(pairs):
        a, b = RANK_SYMBOLS[top] * 2, RANK_SYMBOLS[bottom] * 2
        items.append(a if top == bottom else f"{b}+" if top == 12 else f"{a}-{b}")
    for r in pairs:
        left -= set(_class_combos(r, r, ""))
    for high in range(12, 0, -1):
        suited = {low for low in range(high) if complete(high, low, "s")}
        offsuit = {low for low in range(high) if complete(high, low, "o")}
        for kind, lows in (("", suited & offsuit), ("s", suited - offsuit), ("o", offsuit - suited)):
            for top, bottom in _runs(sorted(lows, reverse=True)):
                h = RANK_SYMBOLS[high]
                a, b = h + RANK_SYMBOLS[top] + kind, h + RANK_SYMBOLS[bottom] + kind
                items.append(a if top == bottom else f"{b}+" if top == high - 1 else f"{a}-{b}")
            for low in lows:
                left -= set(_class_combos(high, low, kind))
    items.extend(f"{a}{b}" for a, b in sorted(left, reverse=True))
    return items


def parse_range(text: str) -> HandRange:
    """Parse a PokerStove range (see the module docstring for the grammar).

    >>> len(parse_range("random")), len(parse_range("22+")), len(parse_range("AK")), len(parse_range("T9s+"))
    (1326, 78, 16, 4)
    >>> parse_range("AK, QQ)")
    Traceback (most recent call last):
    ...
    pokerfsm.errors.RangeParseError: unmatched ')' at column 7 of range 'AK, QQ)'
    """
    if not isinstance(text, str):
        raise RangeParseError(f"expected range text, got {quoted(text)}")
    if len(text) > MAX_RANGE_TEXT:
        raise RangeParseError(f"range {quoted(text)} is longer than {MAX_RANGE_TEXT:,} characters")
    weights: dict[Combo, float] = {}
    end = _parse_items(text, 0, 1.0, weights, depth=0)
    if end != len(text):  # pragma: no cover - _parse_items consumes all or raises
        raise RangeParseError(f"unexpected {text[end:]!r} at column {end + 1} of range {quoted(text)}")
    if not weights:
        raise RangeParseError(f"range {quoted(text)} is empty")
    return HandRange(weights)


def _parse_items(text: str, pos: int, weight: float, out: dict[Combo, float], *, depth: int) -> int:
    """Parse items from ``pos`` until the end (or a ')' when ``depth`` > 0); return the end position."""
    nested = depth > 0
    while True:
        match = _WEIGHT.match(text, pos)
        if match and depth >= MAX_WEIGHT_DEPTH:
            raise RangeParseError(f"weights nested more than {MAX_WEIGHT_DEPTH} deep at column {pos + 1} "
                                  f"of range {quoted(text)}")
        if match:
            value = float(match.group(1)) / (100.0 if match.group(2) else 1.0)
            if not 0.0 < value <= 1.0:
                raise RangeParseError(f"weight {match.group(1) + match.group(2)!r} at column {pos + 1} "
                                      f"of range {quoted(text)} is not in (0, 1] (or 0-100%)")
            pos = _parse_items(text, match.end(), weight * value, out, depth=depth + 1)
            if pos >= len(text) or text[pos] != ")":
                raise RangeParseError(f"missing ')' for the weight at column {match.start() + 1} "
                                      f"of range {quoted(text)}")
            pos += 1
            stop = _skip_space(text, pos)
            if stop < len(text) and text[stop] not in ",)":
                raise RangeParseError(f"expected ',' after ')' at column {stop + 1} of range {quoted(text)}")
            pos = stop
        else:
            stop = pos
            while stop < len(text) and text[stop] not in ",()":
                stop += 1
            if stop < len(text) and text[stop] == "(":
                raise RangeParseError(f"{text[pos:stop].strip()!r} at column {pos + 1} of range {quoted(text)} "
                                      "is not a weight (use e.g. 0.5(AA) or 50%(AA))")
            token = text[pos:stop].strip()
            column = pos + 1 + (len(text[pos:stop]) - len(text[pos:stop].lstrip()))
            if not token:
                raise RangeParseError(f"empty item at column {column} of range {quoted(text)}")
            for c in _atom_combos(token, column, text):
                out[c] = weight
            pos = stop
        if pos >= len(text):
            return pos
        if text[pos] == ")":
            if not nested:
                raise RangeParseError(f"unmatched ')' at column {pos + 1} of range {quoted(text)}")
            return pos
        pos += 1  # the comma


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def _atom_combos(token: str, column: int, text: str) -> list[Combo]:
    """The combos of one item such as ``'QQ+'``, ``'A5s-A2s'``, ``'AhKh'`` or ``'random'``."""
    def fail(why: str) -> RangeParseError:
        return RangeParseError(f"{quoted(token)} at column {column} of range {quoted(text)}: {why}")

    if token.lower() in RANDOM_WORDS:
        return list(ALL_COMBOS)
    match = _CLASS.fullmatch(token)
    if match:
        high, low = _RANK_OF[match.group(1).upper()], _RANK_OF[match.group(2).upper()]
        kind, plus = match.group(3).lower(), match.group(4)
        if high < low:
            high, low = low, high
        if high == low:
            if kind:
                raise fail("a pair is neither suited nor offsuit")
            return [c for r in range(low, 13 if plus else low + 1) for c in _class_combos(r, r, "")]
        top = high if plus else low + 1  # the kicker rises to one below the top card
        return [c for k in range(low, top) for c in _class_combos(high, k, kind)]
    match = _SPAN.fullmatch(token)
    if match:
        h1, l1, k1, h2, l2, k2 = match.groups()
        h1, l1, h2, l2 = (_RANK_OF[x.upper()] for x in (h1, l1, h2, l2))
        k1, k2 = k1.lower(), k2.lower()
        if k1 != k2:
            raise fail("both ends must be suited, offsuit or neither")
        if h1 == l1 and h2 == l2:
            if k1:
                raise fail("a pair is neither suited nor offsuit")
            return [c for r in range(min(h1, h2), max(h1, h2) + 1) for c in _class_combos(r, r, "")]
        (h1, l1), (h2, l2) = sorted((h1, l1), reverse=True), sorted((h2, l2), reverse=True)
        if h1 != h2 or h1 in (l1, l2):
            raise fail("a span keeps the same top card, e.g. 'A5s-A2s' or '22-55'")
        return [c for k in range(min(l1, l2), max(l1, l2) + 1) for c in _class_combos(h1, k, k1)]
    try:
        cards = parse_cards(token, notation="standard")
    except DuplicateCardError:
        raise fail("a hand needs two different cards") from None
    except CardParseError:
        raise fail("not a hand, e.g. 'QQ+', 'AKs', 'A5s-A2s', 'AhKh' or 'random'") from None
    if len(cards) != 2:
        raise fail(f"an exact hand has 2 cards, got {len(cards)}")
    return [combo(*cards)]
