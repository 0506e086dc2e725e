"""A built store's own orders of starting hands against one random hand: hold'em's PokerStove order
from its exact rows, 4-card Omaha's from its Monte Carlo rows.

The orders pokerfsm ships (:mod:`pokerfsm.preflop_order`, :mod:`pokerfsm.omaha_order`) are read
from package data and need no store; maintainers write them from a store's orders with
``scripts/write_preflop_order.py`` and ``scripts/write_omaha_order.py``.
"""
from __future__ import annotations

from ..combos import HAND_CLASSES
from ..omaha_order import OmahaOrderedClass, order_classes, plo4_classes
from ..preflop_order import OrderedClass, order_rows
from .checks import omaha_vs_random_problem, row_name, vs_random_problem
from .memory import missing
from .store import Store
from .tasks import SPECS

__all__ = ["store_order", "store_omaha_order"]


def store_order(store: Store) -> list[OrderedClass]:
    """The order of a built store: from its 169 exact one-opponent rows of ``preflop-vs-random``.

    Raises TableNotBuiltError when a class's row is missing, StoreCorruptError
    naming the first row that fails its checks.
    """
    columns = SPECS["preflop-vs-random"].column_names
    rows = [dict(zip(columns, row)) for row in
            store.rows("preflop-vs-random", ", ".join(columns), "opponents = 1", limit=len(HAND_CLASSES) + 1)]
    for row in rows:
        problem = vs_random_problem(row)
        if problem:
            raise store.damaged("preflop-vs-random", f"row {row_name('preflop-vs-random', row['key'])}: {problem}")
    try:
        return order_rows([(row["hand"], row["wins"], row["ties"], row["losses"], row["categories"])
                           for row in rows])
    except ValueError:
        raise missing("preflop-vs-random", f" for every class against 1 (it has {len(rows)} of "
                                           f"{len(HAND_CLASSES)})") from None


def store_omaha_order(store: Store) -> list[OmahaOrderedClass]:
    """The order of 4-card Omaha's 16,432 classes from the store's ``omaha-vs-random`` rows.

    Raises TableNotBuiltError when a class's row is missing, StoreCorruptError
    naming the first row that fails its checks.
    """
    columns = SPECS["omaha-vs-random"].column_names
    classes = len(plo4_classes())
    rows = [dict(zip(columns, row)) for row in store.rows("omaha-vs-random", ", ".join(columns), limit=classes + 1)]
    for row in rows:
        if problem := omaha_vs_random_problem(row):
            raise store.damaged("omaha-vs-random", f"row {row_name('omaha-vs-random', row['key'])}: {problem}")
    if len(rows) != classes:
        raise missing("omaha-vs-random", f" for every class (it has {len(rows):,} of {classes:,})")
    return order_classes([(row["hand"], row["samples"], row["wins"], row["ties"], row["losses"]) for row in rows])
