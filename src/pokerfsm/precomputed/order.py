"""A built store's own PokerStove order, from its exact rows against one random hand.

The order pokerfsm ships (:mod:`pokerfsm.preflop_order`) is read from package
data and needs no store; maintainers write it from a store's order with
``scripts/write_preflop_order.py``.
"""
from __future__ import annotations

from ..combos import HAND_CLASSES
from ..preflop_order import OrderedClass, order_rows
from .checks import row_name, vs_random_problem
from .memory import missing
from .store import Store
from .tasks import SPECS

__all__ = ["store_order"]


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
