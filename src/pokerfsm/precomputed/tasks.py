"""The precomputed tables as a build sees them: their columns, parameters and tasks, and how a
worker computes one task.

=========================  =========  =====  =========================================
table                      rows       tasks  each row
=========================  =========  =====  =========================================
``preflop-hu``             47,008     118    a class of heads-up matchups of two known
                                             hands: exact wins, ties, losses over all
                                             1,712,304 boards
``preflop-vs-random``      1,521      1,521  a starting-hand class against 1-9 random
                                             hands: exact for 1, Monte Carlo (seeded,
                                             to a target standard error) for 2-9
``flop-ehs``               1,286,792  74     a canonical (hand, flop): exact wins, ties
                                             against one random hand over all turns and
                                             rivers, and the sum behind E[HS^2]
``omaha-vs-random``        16,432     83     a class of 4-card Omaha starting hands
                                             against one random hand, Monte Carlo
                                             (seeded; see :mod:`.omaha_vs_random`)
``short-deck-preflop-hu``  10,215     103    ``preflop-hu`` at short deck, with both
                                             hands' categories (see
                                             :mod:`.short_deck_tables`)
``short-deck-vs-random``   729        729    ``preflop-vs-random`` at short deck: the
                                             81 classes against 1-9 random hands
=========================  =========  =====  =========================================

:func:`run_task` is what a Dask worker runs: it needs only the table's name,
the task number and the parameters, and returns the task's rows with the
checksum of what they are computed from (:func:`rows_checksum`: the hand-rank
table's, short deck's compact tables' for short deck's tables). What a row
holds (its counts and the text of its cards) is in
:mod:`pokerfsm.precomputed.rows`.

>>> SPECS["preflop-hu"].tasks(SPECS["preflop-hu"].defaults)
118
"""
from __future__ import annotations

import functools
import math
import os
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._version import __version__
from ..cards import Card
from ..tallies import counts_text
from . import omaha_vs_random, short_deck_tables, symmetry
from .rows import OUTCOMES, Row, board_text, category_text, hand_text, std_errors, vs_random_key

Parameters = dict[str, Any]
"""A table's build parameters (``TableSpec.defaults`` with overrides)."""

__all__ = ["TableSpec", "SPECS", "Parameters", "run_task", "matchup_rows", "flop_rows", "board_rows",
           "sample_vs_random", "hand_rank_checksum", "rows_checksum"]


@functools.lru_cache(maxsize=2)
def hand_rank_checksum(ranking: str = "holdem") -> str:
    """The checksum in the header of the hand-rank table this process walks (built if missing): the
    52-card table, or the table of the ranking named ``ranking`` (``"short-deck"``)."""
    from ..table import load_default
    from ..table.format import HEADER, HEADER_SIZE
    from ..table.rankings import RANKINGS

    path = load_default(RANKINGS[ranking]).path
    with open(path, "rb") as file:
        fields = HEADER.unpack(file.read(HEADER_SIZE))
    return f"{fields[-2]:016x}{fields[-1]:016x}"


@dataclass(frozen=True)
class TableSpec:
    """One precomputed table: its columns, its default parameters and its tasks."""

    name: str
    summary: str
    columns: tuple[tuple[str, str], ...]
    defaults: dict[str, Any]
    tasks: Callable[[Parameters], int]
    rows: int
    compute: Callable[[int, Parameters], list[Row]] = field(repr=False)
    exact: bool = True
    checksum: Callable[[], str] = field(default=hand_rank_checksum, repr=False)
    """The checksum of what the rows are computed from: the hand-rank table's unless the table says otherwise."""

    @property
    def column_names(self) -> list[str]:
        """The names of the stored columns, in order."""
        return [name for name, _ in self.columns]



# ------------------------------------------------------------------ preflop-hu

def _hu_tasks(parameters: Parameters) -> int:
    return math.ceil(len(symmetry.matchup_classes()) / int(parameters["classes_per_task"]))


def _hu_compute(task: int, parameters: Parameters) -> list[Row]:
    size = parameters["classes_per_task"]
    return matchup_rows(symmetry.matchup_classes()[task * size:(task + 1) * size])


def matchup_rows(keys: Sequence[int] | np.ndarray) -> list[Row]:
    """The preflop-hu rows of the matchup classes ``keys`` (see :func:`symmetry.matchup_key`)."""
    from ._matchup import count_matchups

    hands = [symmetry.unpack_matchup(int(key)) for key in keys]
    hole = np.array([[*a, *b] for a, b in hands], dtype=np.uint8)
    counts = np.zeros((len(keys), 3), dtype=np.int64)
    count_matchups(hole, counts)
    return [(int(key), hand_text(*a), hand_text(*b), *map(int, row))
            for key, (a, b), row in zip(keys, hands, counts)]


# ------------------------------------------------------------ preflop-vs-random

_VS_RANDOM_COLUMNS = (
    ("key", "INTEGER PRIMARY KEY"), ("hand", "TEXT NOT NULL"), ("opponents", "INTEGER NOT NULL"),
    ("exact", "INTEGER NOT NULL"), ("samples", "INTEGER"), ("wins", "INTEGER NOT NULL"),
    ("ties", "INTEGER NOT NULL"), ("losses", "INTEGER NOT NULL"), ("pot_share", "REAL NOT NULL"),
    ("win", "REAL NOT NULL"), ("tie", "REAL NOT NULL"), ("lose", "REAL NOT NULL"),
    ("equity", "REAL NOT NULL"), ("se_win", "REAL"), ("se_tie", "REAL"), ("se_lose", "REAL"),
    ("se_equity", "REAL"), ("outcomes", "TEXT"), ("categories", "TEXT"))
"""The columns of ``preflop-vs-random`` and of its short-deck twin."""

def _class_hand(index: int) -> tuple[int, int]:
    from ..combos import HAND_CLASSES
    from ..ranges import parse_range

    high, low = next(iter(parse_range(HAND_CLASSES[index])))
    return int(high), int(low)


def sample_vs_random(hand: tuple[int, int], opponents: int, seed: int, target: float,
                     first_round: int = 200_000) -> tuple[np.ndarray, int, dict[str, float]]:
    """Random deals of ``hand`` against ``opponents`` random hands until every figure's
    standard error is at most ``target``; returns (counts, deals, standard errors).

    ``counts`` are the kernel's 20 (see ``_sample.sample_vs_random``): the
    deals lost, those won as one of k players (k = 1-10), and those lost to
    j opponents sharing the best hand (j = 1-9).

    Rounds are seeded from ``seed`` and sized from the previous ones only, so
    the same arguments give the same answer.
    """
    from ._sample import sample_vs_random as kernel

    hero = np.array(hand, dtype=np.uint8)
    counts = np.zeros(OUTCOMES, dtype=np.int64)
    deals, size, round_number = 0, first_round, 0
    while True:
        out = np.zeros(OUTCOMES, dtype=np.int64)
        kernel(hero, opponents, (seed * 1_000_003 + round_number) % 2**64, size, out)
        counts += out
        deals += size
        round_number += 1
        errors = std_errors(counts, deals)
        worst = max(errors.values())
        if worst <= target:
            return counts, deals, errors
        wanted = deals * ((worst / target) ** 2 - 1.0) * 1.02
        size = max(50_000, 50_000 * math.ceil(wanted / 50_000))


def _vs_random_tasks(parameters: Parameters) -> int:
    return 169 * int(parameters["max_opponents"])


def _vs_random_compute(task: int, parameters: Parameters) -> list[Row]:
    from ..combos import HAND_CLASSES

    opponents, index = divmod(task, 169)
    opponents += 1
    hand = _class_hand(index)
    key = vs_random_key(index, opponents)
    if opponents == 1:
        from ..odds.compute import compute
        from ..odds.deal import prepare_deal

        result = compute(prepare_deal([[Card(hand[0]), Card(hand[1])], None]), exact=True)
        player = result.players[0]
        wins, ties, losses = int(player.wins), int(player.ties), int(player.losses)
        total = wins + ties + losses
        return [(key, HAND_CLASSES[index], 1, 1, None, wins, ties, losses, wins + ties / 2,
                 wins / total, ties / total, losses / total, (wins + ties / 2) / total,
                 None, None, None, None, None, category_text(result.players, total))]
    seed = parameters["seed"] * 10_000 + key
    counts, deals, errors = sample_vs_random(hand, opponents, seed, parameters["target_std_error"])
    share = float(sum(counts[k] / k for k in range(1, 11)))
    wins, ties, losses = int(counts[1]), int(counts[2:11].sum()), int(counts[0])
    return [(key, HAND_CLASSES[index], opponents, 0, deals, wins, ties, losses, share,
             wins / deals, ties / deals, losses / deals, share / deals,
             errors["win"], errors["tie"], errors["lose"], errors["equity"],
             counts_text(counts), None)]


# ------------------------------------------------------------------- flop-ehs

def _flop_tasks(parameters: Parameters) -> int:
    return math.ceil(len(symmetry.canonical_boards(3)) / int(parameters["flops_per_task"]))


def board_rows(board: tuple[int, ...]) -> list[Row]:
    """The hand-strength rows of one canonical flop or turn (every canonical hand on it).

    A flop gives the ``flop-ehs`` rows; a turn the rows a turn version of the
    table would hold (the showdowns then count 46 rivers times 990 hands).
    """
    from ._strength import board_strengths

    hands = symmetry.board_hands(board)
    wins, ties, squares = (np.zeros(len(hands), dtype=np.int64) for _ in range(3))
    board_strengths(np.array(board, dtype=np.uint8), wins, ties, squares)
    showdowns = math.comb(52 - len(board) - 2, 5 - len(board)) * 990
    shown = board_text(board)
    rows = []
    for i in symmetry.canonical_hand_rows(board):
        a, b = int(hands[i, 0]), int(hands[i, 1])
        w, t = int(wins[i]), int(ties[i])
        rows.append((symmetry.pack_spot(board, (a, b)), shown, hand_text(a, b), w, t,
                     showdowns - w - t, int(squares[i])))
    return rows


def flop_rows(flop: tuple[int, ...]) -> list[Row]:
    """The flop-ehs rows of one canonical flop (every canonical hand on it)."""
    return board_rows(flop)


def _flop_compute(task: int, parameters: Parameters) -> list[Row]:
    size = parameters["flops_per_task"]
    rows: list[Row] = []
    for flop in symmetry.canonical_boards(3)[task * size:(task + 1) * size]:
        rows += flop_rows(flop)
    return rows


SPECS: dict[str, TableSpec] = {spec.name: spec for spec in (
    TableSpec(
        "preflop-hu", "every heads-up preflop matchup of two known hands, exact",
        (("key", "INTEGER PRIMARY KEY"), ("hand1", "TEXT NOT NULL"), ("hand2", "TEXT NOT NULL"),
         ("wins", "INTEGER NOT NULL"), ("ties", "INTEGER NOT NULL"), ("losses", "INTEGER NOT NULL")),
        {"classes_per_task": 400}, _hu_tasks, 47_008, _hu_compute),
    TableSpec(
        "preflop-vs-random", "each starting-hand class against 1-9 random hands "
        "(exact for 1, Monte Carlo for 2-9)", _VS_RANDOM_COLUMNS,
        {"target_std_error": 0.0002, "seed": 2024, "max_opponents": 9}, _vs_random_tasks,
        1_521, _vs_random_compute, exact=False),
    TableSpec(
        "flop-ehs", "every canonical (hand, flop): exact win/tie vs one random hand and E[HS^2]",
        (("key", "INTEGER PRIMARY KEY"), ("board", "TEXT NOT NULL"), ("hand", "TEXT NOT NULL"),
         ("wins", "INTEGER NOT NULL"), ("ties", "INTEGER NOT NULL"), ("losses", "INTEGER NOT NULL"),
         ("squares", "INTEGER NOT NULL")),
        {"flops_per_task": 24}, _flop_tasks, 1_286_792, _flop_compute),
    TableSpec(
        omaha_vs_random.NAME, "each class of 4-card Omaha starting hands against one random hand (Monte Carlo)",
        omaha_vs_random.COLUMNS, omaha_vs_random.DEFAULTS, omaha_vs_random.task_count, 16_432,
        omaha_vs_random.compute_task, exact=False),
    TableSpec(
        short_deck_tables.HU_NAME, "every heads-up short-deck preflop matchup of two known hands, exact",
        short_deck_tables.HU_COLUMNS, short_deck_tables.HU_DEFAULTS, short_deck_tables.hu_task_count,
        10_215, short_deck_tables.hu_task, checksum=short_deck_tables.rows_checksum),
    TableSpec(
        short_deck_tables.VS_RANDOM_NAME, "each short-deck starting-hand class against 1-9 random hands "
        "(exact for 1, Monte Carlo for 2-9)", _VS_RANDOM_COLUMNS, short_deck_tables.VS_RANDOM_DEFAULTS,
        short_deck_tables.vs_random_task_count, 729, short_deck_tables.vs_random_task, exact=False,
        checksum=short_deck_tables.rows_checksum),
)}


def rows_checksum(name: str) -> str:
    """The checksum of what the rows of table ``name`` are computed from (``TableSpec.checksum``), which a
    build records and compares with each worker's and with the store's when it resumes."""
    return SPECS[name].checksum()


def run_task(name: str, task: int, parameters: Parameters) -> dict[str, Any]:
    """Compute task ``task`` of table ``name`` (runs on a worker); returns its rows and provenance."""
    started = time.perf_counter()
    checksum = rows_checksum(name)
    rows = SPECS[name].compute(task, parameters)
    return {"rows": rows, "seconds": time.perf_counter() - started, "version": __version__,
            "hr_checksum": checksum, "worker": f"{socket.gethostname()}:{os.getpid()}"}
