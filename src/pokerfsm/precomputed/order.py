"""The 169 starting-hand classes ordered by exact equity against one random hand.

This is the order PokerStove uses for percentage ranges: ``percentile_range(15)``
is the strongest 15 % of the 1,326 combos by that order. The order ships as
package data (``data/preflop-order.csv``), generated from the exact
one-opponent rows of ``preflop-vs-random`` by ``pokerfsm tables build
preflop-vs-random``; reading it needs no store.

>>> [row.hand for row in preflop_order()[:3]]
['AA', 'KK', 'QQ']
>>> str(percentile_range(3))
'88+'
"""
from __future__ import annotations

import csv
import functools
import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InvalidDealError
from ..ranges import HAND_CLASSES, HandRange, parse_range
from ..ranking import HandCategory
from .definitions import counts_text, parse_counts

if TYPE_CHECKING:  # pragma: no cover
    from .store import Store

__all__ = ["ORDER_FILE", "OrderedClass", "preflop_order", "percentile_range", "order_rows",
           "update_order_file"]

ORDER_FILE = Path(__file__).with_name("data") / "preflop-order.csv"
_FIELDS = ("rank", "hand", "combos", "cumulative_combos", "equity", "wins", "ties", "losses",
           "hand_categories", "random_categories")


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


def _combos(hand: str) -> int:
    return 6 if len(hand) == 2 else 4 if hand.endswith("s") else 12


def order_rows(exact_rows: list[tuple[str, int, int, int, str]]) -> list[OrderedClass]:
    """The order from (class, wins, ties, losses, categories) of all 169 classes: best equity first.

    ``categories`` is the exact row's column: 18 counts, the hand's then the
    random hand's. Equal equities (none occur) would keep the classes' usual order.
    """
    if sorted(row[0] for row in exact_rows) != sorted(HAND_CLASSES):
        raise ValueError("the order needs exactly one row for each of the 169 classes")
    position = {hand: i for i, hand in enumerate(HAND_CLASSES)}

    def equity(row: tuple[str, int, int, int, str]) -> float:
        _, wins, ties, losses, _ = row
        return (wins + ties / 2) / (wins + ties + losses)

    ordered = sorted(exact_rows, key=lambda row: (-equity(row), position[row[0]]))
    result, total = [], 0
    for rank, row in enumerate(ordered, 1):
        total += _combos(row[0])
        counts = parse_counts(row[4])
        if len(counts) != 2 * len(HandCategory):
            raise ValueError(f"{row[0]}: {2 * len(HandCategory)} category counts expected, got {row[4]!r}")
        result.append(OrderedClass(rank, row[0], _combos(row[0]), total, equity(row), row[1], row[2], row[3],
                                   counts[:len(HandCategory)], counts[len(HandCategory):]))
    return result


def _render(rows: list[OrderedClass]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_FIELDS)
    for r in rows:
        writer.writerow((r.rank, r.hand, r.combos, r.cumulative_combos, f"{r.equity:.9f}", r.wins,
                         r.ties, r.losses, counts_text(r.hand_categories), counts_text(r.random_categories)))
    return out.getvalue()


@functools.lru_cache(maxsize=1)
def preflop_order() -> tuple[OrderedClass, ...]:
    """The shipped order (169 rows, strongest first)."""
    with open(ORDER_FILE, newline="") as file:
        return tuple(OrderedClass(int(r["rank"]), r["hand"], int(r["combos"]),
                                  int(r["cumulative_combos"]), float(r["equity"]), int(r["wins"]),
                                  int(r["ties"]), int(r["losses"]),
                                  parse_counts(r["hand_categories"]), parse_counts(r["random_categories"]))
                     for r in csv.DictReader(file))


def percentile_range(percent: float) -> HandRange:
    """The strongest ``percent`` % of the 1,326 combos, whole classes in the PokerStove order.

    Classes are taken in order while that brings the number of combos closer
    to ``percent`` % of 1,326 (at least one class for any positive percent).

    >>> len(percentile_range(100)), str(percentile_range(0.5))
    (1326, 'AA')

    Raises InvalidDealError for a percent outside (0, 100].
    """
    try:
        value = float(percent)
    except (TypeError, ValueError):
        raise InvalidDealError(f"a percentage range needs a number, not {percent!r}") from None
    if not 0.0 < value <= 100.0:
        raise InvalidDealError(f"a percentage range needs 0 < percent <= 100, not {percent!r}")
    target = value * 1326 / 100
    chosen: list[str] = []
    for row in preflop_order():
        before = row.cumulative_combos - row.combos
        if chosen and abs(row.cumulative_combos - target) >= abs(before - target):
            break
        chosen.append(row.hand)
    return parse_range(", ".join(chosen))


def update_order_file(store: Store) -> str | None:
    """Rewrite the package's order file from the store's exact one-opponent rows if it differs.

    Returns a line saying what happened, or None when the file is already right.
    """
    rows = store.rows("preflop-vs-random", "hand, wins, ties, losses, categories", "opponents = 1 AND exact = 1")
    text = _render(order_rows([tuple(row) for row in rows]))
    try:
        if ORDER_FILE.exists() and ORDER_FILE.read_text() == text:
            return None
        ORDER_FILE.parent.mkdir(parents=True, exist_ok=True)
        ORDER_FILE.write_text(text)
    except OSError as exc:
        return f"could not write the percentage-range order to {ORDER_FILE} ({exc.strerror or exc})"
    preflop_order.cache_clear()
    return f"wrote the percentage-range order to {ORDER_FILE}"
