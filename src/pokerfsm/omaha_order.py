"""The 16,432 classes of 4-card Omaha starting hands, ordered by equity against one random hand, as pokerfsm ships them.

Relabelling the suits changes no hand's chances, so the 270,725 starting
hands of 4-card Omaha fall into 16,432 suit-isomorphism classes
(:func:`plo4_classes`). A class is named by its ranks, highest first, each
with a suit variable (``x y z w``, in order of first use): ``AxAyKxKy`` is
double-suited aces and kings, ``AxKyQzJw`` a rainbow ace-king-queen-jack.
The name is itself an Omaha range item that reads as exactly the class's hands.

The order is the one behind Omaha ``top 10%`` (see :mod:`pokerfsm.omaha_ranges`):
each class's high equity against one random hand, by seeded Monte Carlo
(the ``omaha-vs-random`` table of the store, see
:mod:`pokerfsm.precomputed.omaha_vs_random`), best first; :func:`top_plo4_masks`
takes classes in that order by PokerStove's rule, as
:func:`pokerfsm.preflop_order.top_classes` does for hold'em. The order ships
as read-only package data (``data/omaha-order.csv``), written by maintainers
with ``scripts/write_omaha_order.py``; reading it needs no store, so ``top
10%`` means the same on every machine. Every line is checked (each class
once, whole counts that add up, and the rank, combos, running combos,
equity and standard error that the counts give); a damaged file raises one
:class:`StoreCorruptError` naming the file and line.

>>> len(plo4_classes()), sum(class_combos(i) for i in range(len(plo4_classes())))
(16432, 270725)
>>> class_name(class_of_hand([51, 50, 47, 46]))   # Ac Ad Kc Kd
'AxAyKxKy'
"""
from __future__ import annotations

import csv
import functools
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from .cards import RANK_SYMBOLS
from .combos import SUIT_PERMUTATIONS, relabel
from .errors import InvalidDealError
from .omaha_patterns import SUIT_VARIABLES, Masks, cards_mask, mask_cards, subset_masks
from .tallies import checked_order_rows, nearest_share, read_shipped, same_lines

__all__ = ["ORDER_FILE", "PLO4_HANDS", "OmahaOrderedClass", "plo4_classes", "class_name", "class_combos",
           "class_of_hand", "hand_classes", "class_equity", "omaha_order", "order_classes", "render_omaha_order",
           "parse_omaha_order", "top_plo4_masks"]

ORDER_FILE = Path(__file__).with_name("data") / "omaha-order.csv"
PLO4_HANDS = math.comb(52, 4)
"""Starting hands of 4-card Omaha: 270,725."""
_FIELDS = ("rank", "hand", "combos", "cumulative_combos", "equity", "std_error", "samples", "wins", "ties", "losses")
_LARGEST_FILE = 4 << 20
"""Bytes of an order file read at most (the shipped one has about 1 MB)."""


# ----------------------------------------------------------------- the classes

def _packed(cards: NDArray[np.int64]) -> NDArray[np.int64]:
    """Rows of 4 cards, ascending, as one number each (the numbers sort as the rows do)."""
    return ((cards[:, 0] * 52 + cards[:, 1]) * 52 + cards[:, 2]) * 52 + cards[:, 3]


@functools.cache
def _tables() -> tuple[NDArray[np.int64], NDArray[np.int32], NDArray[np.int64]]:
    """(each class's smallest image as a packed key, sorted; each hand's class, by the hands of
    :func:`~pokerfsm.omaha_patterns.subset_masks`; each class's number of hands)."""
    hands = mask_cards(subset_masks(4)).astype(np.int64)
    smallest = None
    for perm in SUIT_PERMUTATIONS:
        image = np.array(relabel(range(52), perm), dtype=np.int64)[hands]
        key = _packed(np.sort(image, axis=1))
        smallest = key if smallest is None else np.minimum(smallest, key)
    assert smallest is not None
    keys, classes, combos = np.unique(smallest, return_inverse=True, return_counts=True)
    for array in (keys, classes, combos):
        array.setflags(write=False)
    return keys, classes.astype(np.int32), combos.astype(np.int64)


@functools.cache
def plo4_classes() -> tuple[tuple[int, ...], ...]:
    """Each class's smallest image under the suit permutations (4 card numbers, ascending), in that order."""
    keys = _tables()[0].tolist()
    return tuple((k // 52 ** 3, k // 52 ** 2 % 52, k // 52 % 52, k % 52) for k in keys)


def hand_classes() -> NDArray[np.int32]:
    """The class of each of the 270,725 hands, in the order of ``subset_masks(4)`` (read-only)."""
    return _tables()[1]


def class_combos(index: int) -> int:
    """The number of hands in class ``index`` (1 for four of a kind, 4, 6, 12 or 24)."""
    return int(_tables()[2][index])


def class_of_hand(cards: Sequence[int]) -> int:
    """The class of a hand of 4 card numbers."""
    at = int(np.searchsorted(subset_masks(4), np.uint64(cards_mask(list(cards)))))
    return int(hand_classes()[at])


@functools.cache
def _names() -> tuple[str, ...]:
    names = []
    for cards in plo4_classes():
        letters: dict[int, str] = {}
        text = ""
        for card in sorted(cards, key=lambda c: (-(c >> 2), c & 3)):
            letters.setdefault(card & 3, SUIT_VARIABLES[len(letters)])
            text += RANK_SYMBOLS[card >> 2] + letters[card & 3]
        names.append(text)
    return tuple(names)


def class_name(index: int) -> str:
    """The name of class ``index``: its ranks, highest first, with suit variables (``AxAyKxKy``)."""
    return _names()[index]


@functools.cache
def _index_of_name() -> dict[str, int]:
    return {name: index for index, name in enumerate(_names())}


# ----------------------------------------------------------------- the order

@dataclass(frozen=True)
class OmahaOrderedClass:
    """One class in the order: its place, hands, and Monte Carlo equity against one random hand."""

    rank: int
    hand: str
    combos: int
    cumulative_combos: int
    equity: float
    std_error: float
    samples: int
    wins: int
    ties: int
    losses: int


def class_equity(wins: int, ties: int, samples: int) -> tuple[float, float]:
    """The equity (a tie is half the pot) and its standard error over ``samples`` random deals.

    >>> [round(x, 6) for x in class_equity(50, 0, 100)]
    [0.5, 0.050252]
    """
    mean = (wins + ties / 2) / samples
    square = (wins + ties / 4) / samples
    return mean, math.sqrt(max(square - mean * mean, 0.0) / max(samples - 1, 1))


def order_classes(rows: Sequence[tuple[str, int, int, int, int]]) -> list[OmahaOrderedClass]:
    """The order from (class name, samples, wins, ties, losses) of every class: best equity first,
    equal equities in class order. Raises ValueError unless each class comes exactly once."""
    index = _index_of_name()
    if len(rows) != len(index) or {row[0] for row in rows} != index.keys():
        raise ValueError(f"the order needs exactly one row for each of the {len(index):,} classes")
    ordered = sorted(rows, key=lambda row: (-class_equity(row[2], row[3], row[1])[0], index[row[0]]))
    result, total = [], 0
    for rank, (hand, samples, wins, ties, losses) in enumerate(ordered, 1):
        combos = class_combos(index[hand])
        total += combos
        result.append(OmahaOrderedClass(rank, hand, combos, total, *class_equity(wins, ties, samples), samples,
                                        wins, ties, losses))
    return result


def render_omaha_order(rows: Sequence[OmahaOrderedClass]) -> str:
    """The CSV text of an order, as it ships."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_FIELDS)
    for r in rows:
        writer.writerow((r.rank, r.hand, r.combos, r.cumulative_combos, f"{r.equity:.9f}", f"{r.std_error:.9f}",
                         r.samples, r.wins, r.ties, r.losses))
    return out.getvalue()


def parse_omaha_order(text: str) -> tuple[OmahaOrderedClass, ...]:
    """The order in ``text`` (as :func:`render_omaha_order` writes it), every line checked.

    Raises ValueError starting ``line N:`` for the first line that is wrong:
    not the header, not ten fields, a class that is not one or comes twice,
    counts that are not whole or do not add up to the samples, or a rank,
    combos, equity or standard error other than those the counts give.
    """
    lines = text.splitlines()
    index = _index_of_name()
    rows: list[tuple[str, int, int, int, int]] = []
    for number, fields in checked_order_rows(text, _FIELDS, index):
        hand = fields[1]
        try:
            samples, wins, ties, losses = (int(field) for field in fields[6:10])
        except ValueError:
            raise ValueError(f"line {number}: counts {fields[6:10]} that are not whole numbers") from None
        if min(wins, ties, losses) < 0 or wins + ties + losses != samples or samples < 2:
            raise ValueError(f"line {number}: {hand}: wins, ties and losses {wins:,}, {ties:,}, {losses:,} "
                             f"do not add up to its {samples:,} samples (at least 2)")
        rows.append((hand, samples, wins, ties, losses))
    if len(rows) != len(index):
        raise ValueError(f"line {len(lines) + 1}: {len(rows):,} classes, not {len(index):,}")
    order = order_classes(rows)
    same_lines(lines, render_omaha_order(order))
    return tuple(order)


@functools.cache
def omaha_order() -> tuple[OmahaOrderedClass, ...]:
    """The shipped order (16,432 rows, strongest first).

    Raises StoreCorruptError naming the file and line when the file is
    missing, unreadable or damaged (pokerfsm's installation then needs repair).
    """
    return read_shipped(ORDER_FILE, _LARGEST_FILE, parse_omaha_order, "the order of Omaha percentage ranges")


@functools.cache
def _class_places() -> NDArray[np.int32]:
    """Each class's place in the shipped order (0 for the best), by class index."""
    index = _index_of_name()
    places = np.zeros(len(index), dtype=np.int32)
    for place, row in enumerate(omaha_order()):
        places[index[row.hand]] = place
    places.setflags(write=False)
    return places


def top_plo4_masks(share: float) -> Masks:
    """The hands (sorted card masks) of the strongest classes that hold the share of the 270,725
    hands nearest to ``share``: classes are taken in the shipped order while that brings the number
    of hands closer to ``share`` of them; at least one class for any positive share (PokerStove's rule).

    >>> len(top_plo4_masks(1.0)), len(top_plo4_masks(1e-9))
    (270725, 6)

    Raises InvalidDealError for a share outside (0, 1], StoreCorruptError when the shipped order is damaged.
    """
    if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0.0 < share <= 1.0:
        raise InvalidDealError(f"a share of the hands must be above 0 and at most 1, not {share!r}")
    taken = nearest_share((row.cumulative_combos for row in omaha_order()), share, PLO4_HANDS)
    masks: Masks = subset_masks(4)[_class_places()[hand_classes()] < taken]
    return masks
