"""The 169 starting-hand classes ordered by exact equity against one random hand, as pokerfsm ships them.

This is the order PokerStove uses for percentage ranges: ``top 15%`` (see
:mod:`pokerfsm.ranges`) is the strongest 15 % of the 1,326 combos by that
order, chosen by :func:`top_classes`, the one top-X % rule (the range
parser's and the computer players'). The order ships as read-only package
data (``data/preflop-order.csv``); pokerfsm never writes it. Maintainers make
it from a built store with ``scripts/write_preflop_order.py`` (into the
source tree, atomically, every changed class recomputed first). Reading it
needs no store, so that ``top 15%`` means the same on every machine.

The shipped file is input like any other: every line is checked (each class
once, counts that add up, and the ranks, equities and running combos that the
counts give), and a damaged file raises one :class:`StoreCorruptError` naming
the file and line.

>>> [row.hand for row in preflop_order()[:3]]
['AA', 'KK', 'QQ']
>>> top_classes(0.03)
('AA', 'KK', 'QQ', 'JJ', 'TT', '99', '88')
"""
from __future__ import annotations

import csv
import functools
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .combos import HAND_CLASSES, class_combos
from .errors import InvalidDealError
from .ranking import HandCategory
from .tallies import (
    VS_RANDOM_SHOWDOWNS,
    checked_order_rows,
    counts_text,
    nearest_share,
    parse_counts,
    read_shipped,
    same_lines,
    vs_one_random_problem,
)

__all__ = ["ORDER_FILE", "OrderedClass", "preflop_order", "top_classes", "order_rows", "render_order", "parse_order"]

ORDER_FILE = Path(__file__).with_name("data") / "preflop-order.csv"
_FIELDS = ("rank", "hand", "combos", "cumulative_combos", "equity", "wins", "ties", "losses",
           "hand_categories", "random_categories")
_LARGEST_FILE = 1 << 20
"""Bytes of an order file read at most (the shipped one has about 40,000)."""


@dataclass(frozen=True)
class OrderedClass:
    """One class in the order: its place, combos and exact equity against one random hand."""

    rank: int
    hand: str
    combos: int
    cumulative_combos: int
    equity: float
    wins: int
    ties: int
    losses: int
    hand_categories: tuple[int, ...]
    """Showdowns in which the hand makes each category (9 counts, high card first)."""
    random_categories: tuple[int, ...]
    """The same for the random hand against it."""


def order_rows(exact_rows: list[tuple[str, int, int, int, str]],
               classes: Sequence[str] = HAND_CLASSES) -> list[OrderedClass]:
    """The order from (class, wins, ties, losses, categories) of all ``classes``: best equity first.

    ``categories`` is the exact row's column: 18 counts, the hand's then the
    random hand's. Equal equities (none occur) would keep the classes' usual order.
    ``classes`` are hold'em's 169 by default (short deck's 81 are some of them).
    """
    if sorted(row[0] for row in exact_rows) != sorted(classes):
        raise ValueError(f"the order needs exactly one row for each of the {len(classes)} classes")
    position = {hand: i for i, hand in enumerate(HAND_CLASSES)}

    def equity(row: tuple[str, int, int, int, str]) -> float:
        _, wins, ties, losses, _ = row
        return (wins + ties / 2) / (wins + ties + losses)

    ordered = sorted(exact_rows, key=lambda row: (-equity(row), position[row[0]]))
    result, total = [], 0
    for rank, row in enumerate(ordered, 1):
        total += class_combos(row[0])
        counts = parse_counts(row[4])
        if len(counts) != 2 * len(HandCategory):
            raise ValueError(f"{row[0]}: {2 * len(HandCategory)} category counts expected, got {row[4]!r}")
        result.append(OrderedClass(rank, row[0], class_combos(row[0]), total, equity(row), row[1], row[2], row[3],
                                   counts[:len(HandCategory)], counts[len(HandCategory):]))
    return result


def render_order(rows: list[OrderedClass]) -> str:
    """The CSV text of an order, as it ships."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_FIELDS)
    for r in rows:
        writer.writerow((r.rank, r.hand, r.combos, r.cumulative_combos, f"{r.equity:.9f}", r.wins,
                         r.ties, r.losses, counts_text(r.hand_categories), counts_text(r.random_categories)))
    return out.getvalue()


def parse_order(text: str, classes: Sequence[str] = HAND_CLASSES,
                showdowns: int = VS_RANDOM_SHOWDOWNS) -> tuple[OrderedClass, ...]:
    """The order in ``text`` (as :func:`render_order` writes it), every line checked: one row for
    each of ``classes``, whose counts add up to ``showdowns`` (hold'em's by default).

    Raises ValueError starting ``line N:`` for the first line that is wrong:
    not the header, not ten fields, a class that is not one or comes twice,
    counts that are not whole or do not add up, or ranks, combos and
    equities other than those the counts give.
    """
    lines = text.splitlines()
    exact_rows: list[tuple[str, int, int, int, str]] = []
    for number, fields in checked_order_rows(text, _FIELDS, classes):
        hand = fields[1]
        try:
            wins, ties, losses = (int(field) for field in fields[5:8])
        except ValueError:
            raise ValueError(f"line {number}: counts {fields[5:8]} that are not whole numbers") from None
        categories = f"{fields[8]} {fields[9]}"
        problem = vs_one_random_problem(wins, ties, losses, categories, showdowns)
        if problem:
            raise ValueError(f"line {number}: {hand}: {problem}")
        exact_rows.append((hand, wins, ties, losses, categories))
    if len(exact_rows) != len(classes):
        raise ValueError(f"line {len(lines) + 1}: {len(exact_rows)} classes, not {len(classes)}")
    order = order_rows(exact_rows, classes)
    same_lines(lines, render_order(order))
    return tuple(order)


@functools.lru_cache(maxsize=1)
def preflop_order() -> tuple[OrderedClass, ...]:
    """The shipped order (169 rows, strongest first).

    Raises StoreCorruptError naming the file and line when the file is
    missing, unreadable or damaged (pokerfsm's installation then needs repair).
    """
    return read_shipped(ORDER_FILE, _LARGEST_FILE, parse_order, "the order of percentage ranges")


def top_classes(share: float, order: Sequence[OrderedClass] | None = None) -> tuple[str, ...]:
    """The strongest classes that hold the share of the 1,326 combos nearest to ``share``, in order.

    Classes are taken in the shipped order while that brings the number of
    combos closer to ``share`` of 1,326; at least one class for any positive
    share. This is PokerStove's rule for ``top 15%``. Another ``order`` (short
    deck's) is read by the same rule, as a share of all the combos it ranks.

    >>> top_classes(1.0)[-1], top_classes(0.001), top_classes(0.01)
    ('32o', ('AA',), ('AA', 'KK'))

    Raises InvalidDealError for a share outside (0, 1], StoreCorruptError when
    the shipped order is damaged.
    """
    if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0.0 < share <= 1.0:
        raise InvalidDealError(f"a share of the hands must be above 0 and at most 1, not {share!r}")
    order = preflop_order() if order is None else order
    taken = nearest_share((row.cumulative_combos for row in order), share, order[-1].cumulative_combos)
    return tuple(row.hand for row in order[:taken])
