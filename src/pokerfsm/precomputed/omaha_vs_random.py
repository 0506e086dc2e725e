"""The ``omaha-vs-random`` table: every class of 4-card Omaha starting hands against one random hand.

Each of the 16,432 suit-isomorphism classes (:mod:`pokerfsm.omaha_order`)
gets one row: a hand of the class against one random hand, high only, by
seeded Monte Carlo on the Omaha kernel (:mod:`pokerfsm.odds._omaha_equity`):
a random opponent and a random board per deal, :func:`deals_for` deals, the
same number for every class. A deal's share of the pot is 1, 1/2 or 0, whose
variance is at most 1/4, so ``target_std_error`` ``t`` gives ``ceil(1/(4 t²))``
deals and every stored equity has a standard error of at most ``t`` (the
default 0.002: 62,500 deals a class). The stream of class ``i`` is seeded
from the table's seed and ``i`` alone, so a row is the same whoever computes
it, on any number of threads; rebuilding a task gives the same rows.

A row is (key: the class index, hand: its name, samples, wins, ties, losses,
equity, se_equity); :func:`pokerfsm.precomputed.checks.omaha_vs_random_problem`
checks one as the store's other rows are checked: counts whole, from 0,
adding up to the samples, the equity and its standard error those the
counts give, the name that of the key.

>>> deals_for(0.0005), deals_for(0.002)
(1000000, 62500)
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..omaha_order import class_equity, class_name, plo4_classes
from .rows import Row

__all__ = ["NAME", "COLUMNS", "DEFAULTS", "deals_for", "class_rows", "task_count", "compute_task"]

NAME = "omaha-vs-random"
COLUMNS = (("key", "INTEGER PRIMARY KEY"), ("hand", "TEXT NOT NULL"), ("samples", "INTEGER NOT NULL"),
           ("wins", "INTEGER NOT NULL"), ("ties", "INTEGER NOT NULL"), ("losses", "INTEGER NOT NULL"),
           ("equity", "REAL NOT NULL"), ("se_equity", "REAL NOT NULL"))
DEFAULTS: dict[str, Any] = {"target_std_error": 0.002, "seed": 2024, "classes_per_task": 200}
_HEADS_UP = 2
_RANDOM_SEAT, _LISTED_SEAT = 2, 0  # the Monte Carlo kernel's seat kinds


def deals_for(target_std_error: float) -> int:
    """Deals per class so that every equity's standard error is at most ``target_std_error``."""
    return math.ceil(1.0 / (4.0 * target_std_error * target_std_error) - 1e-9)


def _stream_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index * 7_919 + 1) % 2 ** 64


def class_rows(indices: Sequence[int], deals: int, seed: int) -> list[Row]:
    """The rows of classes ``indices``: each class's smallest hand against one random hand, ``deals`` deals."""
    from ..evaluation.omaha_tables import omaha_tables
    from ..odds import _omaha_equity

    omaha_tables()
    width = int(_omaha_equity.row_width(_HEADS_UP))
    winners = width - 5 * _HEADS_UP - 2 - (1 << _HEADS_UP)  # the showdowns by who takes the pot (see the kernel)
    start = np.array([0, 1, 1], dtype=np.int32)
    kind = np.array([_LISTED_SEAT, _RANDOM_SEAT], dtype=np.uint8)
    rows: list[Row] = []
    for index in indices:
        hand = np.array([plo4_classes()[index]], dtype=np.uint8)
        mask = np.array([sum(1 << int(c) for c in hand[0])], dtype=np.uint64)
        out = np.zeros((1, width))
        _omaha_equity.monte_carlo(hand, mask, np.ones(1), start, kind, False, 0, np.zeros(0, dtype=np.uint8),
                                  np.array([_stream_seed(seed, index)], dtype=np.uint64),
                                  np.array([deals], dtype=np.int64), out, 1, np.zeros(1, dtype=np.uint8), 0.0)
        wins, losses, ties = (int(out[0, winners + m]) for m in (1, 2, 3))
        if wins + ties + losses != deals:
            raise ArithmeticError(f"class {class_name(index)}: {wins + ties + losses:,} showdowns, not {deals:,}")
        rows.append((index, class_name(index), deals, wins, ties, losses, *class_equity(wins, ties, deals)))
    return rows


def task_count(parameters: Mapping[str, Any]) -> int:
    return math.ceil(len(plo4_classes()) / int(parameters["classes_per_task"]))


def compute_task(task: int, parameters: Mapping[str, Any]) -> list[Row]:
    size = int(parameters["classes_per_task"])
    indices = range(task * size, min((task + 1) * size, len(plo4_classes())))
    return class_rows(indices, deals_for(parameters["target_std_error"]), int(parameters["seed"]))

