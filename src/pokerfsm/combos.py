"""Two-card hands: the one type, the 1,326 combos and their numbering, the 169 classes, suit renaming.

A hand is two distinct cards (:data:`Hand`). As a *combo*, the key of a range
and of every table of two-card hands, it is written higher card first
(:func:`combo`). The 1,326 combos are numbered 0-1325 in the order of
:data:`ALL_COMBOS`, which :data:`COMBO_CARDS` and :data:`COMBO_MASKS` follow
row for row. A combo belongs to one of 169 starting-hand classes (``'AA'``,
``'AKs'``, ``'AKo'``). Renaming the suits changes no probability; a renaming
is a :data:`SuitMap` and :func:`relabel` applies it.

>>> combo("2c", "Ah"), combo_index("Ah", "2c") == ALL_COMBOS.index(combo("2c", "Ah"))
((Card('Ah'), Card('2c')), True)
>>> len(ALL_COMBOS), COMBO_CARDS.shape, len(HAND_CLASSES)
(1326, (1326, 2), 169)
>>> hand_class(("Kh", "Ah")), class_combos("AKs"), class_combos("AKo"), class_combos("QQ")
('AKs', 4, 12, 6)
>>> relabel([Card("As"), Card("Kh")], (1, 0, 2, 3))   # spades become hearts and hearts spades
(49, 44)
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

import numpy as np
from numpy.typing import NDArray

from .cards import DECK, RANK_SYMBOLS, Card
from .errors import RangeParseError, quoted

__all__ = ["Hand", "Combo", "combo", "ALL_COMBOS", "COMBO_CARDS", "COMBO_MASKS", "combo_index", "HAND_CLASSES",
           "hand_class", "class_combos", "SuitMap", "IDENTITY", "SUIT_PERMUTATIONS", "relabel"]

Hand = tuple[Card, Card]
"""Two distinct cards: a known hand in the order given, or a combo (higher card first)."""
Combo = Hand
"""The range API's name for a :data:`Hand` written higher card first (the same type)."""


def combo(first: Card | int | str, second: Card | int | str) -> Hand:
    """The canonical combo of two distinct cards, higher card (by encoding) first.

    >>> combo("2c", "Ah"), combo(0, 1)
    ((Card('Ah'), Card('2c')), (Card('2h'), Card('2s')))
    >>> combo("Ah", "ah")
    Traceback (most recent call last):
    ...
    pokerfsm.errors.RangeParseError: a hand needs two different cards, got 'Ah' twice

    Raises :class:`~pokerfsm.errors.CardParseError` for a card that is not one,
    :class:`~pokerfsm.errors.RangeParseError` for one card given twice.
    """
    a, b = Card(first), Card(second)
    if a == b:
        raise RangeParseError(f"a hand needs two different cards, got {str(a)!r} twice")
    return (a, b) if a > b else (b, a)


ALL_COMBOS: tuple[Hand, ...] = tuple(combo(a, b) for a, b in itertools.combinations(DECK, 2))
"""All 1,326 combos; a combo's number is its place here (ordered by lower card, then higher card)."""

COMBO_CARDS: NDArray[np.uint8] = np.array(ALL_COMBOS, dtype=np.uint8)
"""(1326, 2) uint8: row ``i`` is the cards of combo ``i``, higher card first."""
COMBO_CARDS.setflags(write=False)

COMBO_MASKS: NDArray[np.uint64] = (np.uint64(1) << COMBO_CARDS[:, 0].astype(np.uint64)) | (
    np.uint64(1) << COMBO_CARDS[:, 1].astype(np.uint64))
"""(1326,) uint64: bit ``c`` is set for each card ``c`` of combo ``i``."""
COMBO_MASKS.setflags(write=False)


def _numbers() -> list[list[int]]:
    """``_numbers()[a][b]``: the number of the combo of cards ``a`` and ``b`` (-1 when a == b)."""
    numbers = [[-1] * 52 for _ in range(52)]
    for number, (high, low) in enumerate(ALL_COMBOS):
        numbers[high][low] = numbers[low][high] = number
    return numbers


_NUMBERS = _numbers()


def combo_index(first: Card | int | str, second: Card | int | str) -> int:
    """The number (0-1325) of the combo of two distinct cards, given in either order.

    >>> combo_index("3s", "2s"), combo_index("2s", "3s"), combo_index("Ac", "Ad")
    (3, 3, 1325)

    Raises as :func:`combo` does.
    """
    if type(first) is Card and type(second) is Card and first != second:   # nothing to read or check
        return _NUMBERS[first][second]
    high, low = combo(first, second)
    return _NUMBERS[high][low]


HAND_CLASSES: tuple[str, ...] = tuple(
    RANK_SYMBOLS[high] + RANK_SYMBOLS[low] + ("" if high == low else kind)
    for high in range(12, -1, -1) for low in range(high, -1, -1)
    for kind in (("",) if high == low else ("s", "o"))
)
"""The 169 starting-hand classes, pairs and suited before offsuit, strongest ranks first."""


def hand_class(cards: Iterable[Card | int | str]) -> str:
    """The starting-hand class of two cards: ``'AA'``, ``'AKs'`` or ``'AKo'``.

    >>> hand_class(("Kh", "Ah")), hand_class(("7d", "7c")), hand_class(("2s", "3d"))
    ('AKs', '77', '32o')
    """
    high, low = combo(*cards)
    if high.rank == low.rank:
        return high.rank.symbol * 2
    return high.rank.symbol + low.rank.symbol + ("s" if high.suit == low.suit else "o")


_CLASS_SIZES = {name: 6 if len(name) == 2 else 4 if name.endswith("s") else 12 for name in HAND_CLASSES}


def class_combos(name: str) -> int:
    """How many combos a class holds: 6 for a pair, 4 suited, 12 offsuit.

    >>> class_combos("QQ"), class_combos("AKs"), class_combos("72o")
    (6, 4, 12)
    >>> class_combos("AK")
    Traceback (most recent call last):
    ...
    pokerfsm.errors.RangeParseError: 'AK' is not a hand class such as 'AA', 'AKs' or 'AKo'

    Raises :class:`~pokerfsm.errors.RangeParseError` for a name that is not one of :data:`HAND_CLASSES`.
    """
    size = _CLASS_SIZES.get(name) if isinstance(name, str) else None
    if size is None:
        raise RangeParseError(f"{quoted(name)} is not a hand class such as 'AA', 'AKs' or 'AKo'")
    return size


SuitMap = tuple[int, int, int, int]
"""A renaming of the suits: ``suits[s]`` is the suit that suit ``s`` becomes (s h d c = 0 1 2 3)."""
SUIT_PERMUTATIONS: tuple[SuitMap, ...] = tuple(itertools.permutations(range(4)))  # type: ignore[arg-type]
"""All 24 renamings, the identity first."""
IDENTITY: SuitMap = SUIT_PERMUTATIONS[0]
"""The renaming that changes nothing."""


def relabel(cards: Iterable[int], suits: Sequence[int]) -> tuple[int, ...]:
    """``cards`` (ints ``4 * rank + suit``) with their suits renamed by ``suits``, in the same order.

    >>> relabel([0, 5, 51], (3, 2, 1, 0))
    (3, 6, 48)
    """
    return tuple((int(c) & ~3) | suits[int(c) & 3] for c in cards)
