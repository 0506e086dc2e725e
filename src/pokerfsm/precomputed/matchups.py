"""The ``preflop-hu`` table as counts: one matchup's, and each combo's against every combo.

:func:`class_counts` reads the rows of a batch of matchups (by their
suit-isomorphism class); :class:`ComboMatrix` keeps, per process, the counts
of each combo a question has touched against all 1,326, so that a range
against a range is one gather and one weighted sum (:mod:`.lookup`).
"""
from __future__ import annotations

import threading

import numpy as np

from ..combos import COMBO_CARDS, COMBO_MASKS, combo_index
from ..ranges import HandRange
from . import symmetry
from .memory import damaged_hu, hu_table, loaded, missing

__all__ = ["MISSING", "DAMAGED", "class_counts", "combo_arrays", "combo_masks", "ComboMatrix", "combo_matrix"]


def combo_arrays(r: HandRange) -> tuple[np.ndarray, np.ndarray]:
    """The range's combo numbers (0-1325) and weights, computed once per range."""
    def make(r: HandRange) -> tuple[np.ndarray, np.ndarray]:
        index = np.array([combo_index(a, b) for a, b in r], dtype=np.intp)
        weights = np.array([w for _, w in r.items()], dtype=np.float64)
        return index, weights

    return r.derived("precomputed.combo_arrays", make)


def combo_masks(r: HandRange) -> np.ndarray:
    """The range's combos as 52-bit card masks (uint64), in the order of its combos."""
    masks: np.ndarray = COMBO_MASKS[combo_arrays(r)[0]]
    return masks


MISSING, DAMAGED = -1, -2
"""What :func:`_class_counts` and the combo matrix hold for a matchup whose row is missing or fails its checks."""


def class_counts(hole: np.ndarray, fill: bool = False) -> np.ndarray:
    """(n, 3) wins, ties, losses of hand 1 for each matchup row of ``hole`` (n, 4).

    A matchup whose class is not in the table raises TableNotBuiltError, one
    whose row fails its checks StoreCorruptError naming it; with ``fill`` they
    get :data:`MISSING` or :data:`DAMAGED` in all three columns instead.
    """
    table = hu_table()
    wanted, swapped = symmetry.matchup_key(hole)
    at = np.minimum(np.searchsorted(table.keys, wanted), len(table.keys) - 1)
    present = table.keys[at] == wanted
    found = table.counts[at]
    found[swapped] = found[swapped][:, ::-1]
    if present.all() and table.usable(at).all():   # the usual case, in as few steps as it takes
        return found
    if not fill and not present.all():
        raise missing("preflop-hu", " completely (a matchup's row is missing)")
    damaged = present.copy()
    damaged[present] = ~table.usable(at[present])
    if not fill:
        raise damaged_hu(int(wanted[damaged][0]))
    found[~present] = MISSING
    found[damaged] = DAMAGED
    return found


class ComboMatrix:
    """Wins, ties and losses of each combo against every combo (0 where they share a card,
    :data:`MISSING` where the table lacks the class, :data:`DAMAGED` where its row fails its checks).

    Rows are filled on demand, a batch of combos at a time, and kept: a range
    costs its rows once per process, then each question is a gather.
    """

    def __init__(self) -> None:
        self.counts = np.zeros((len(COMBO_CARDS), len(COMBO_CARDS), 3), dtype=np.int32)   # pages touched when filled
        self.filled = np.zeros(len(COMBO_CARDS), dtype=bool)
        self.lock = threading.Lock()

    def block(self, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """The (len(rows), len(columns), 3) counts of each row combo against each column combo."""
        with self.lock:
            todo = np.unique(rows[~self.filled[rows]])
            if len(todo):
                first = np.repeat(todo, len(COMBO_CARDS))
                second = np.tile(np.arange(len(COMBO_CARDS)), len(todo))
                free = (COMBO_MASKS[first] & COMBO_MASKS[second]) == 0
                first, second = first[free], second[free]
                hole = np.concatenate([COMBO_CARDS[first], COMBO_CARDS[second]], axis=1)
                self.counts[first, second] = class_counts(hole, fill=True)
                self.filled[todo] = True
            block: np.ndarray = self.counts[rows[:, None], columns[None, :]]
            return block


def combo_matrix() -> ComboMatrix:
    with _matrix_lock:
        matrix = loaded.tables.get("combo matrix")
        if matrix is None:
            matrix = loaded.tables["combo matrix"] = ComboMatrix()
        return matrix   # type: ignore[return-value]


_matrix_lock = threading.Lock()
