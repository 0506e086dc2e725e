"""Exact equity: every completion of the board, and every combination of the ranges' hands.

* known hands only: every completion of the board, counted by the multiset of
  the dealt ranks (and, where a flush is possible, by which of them come in
  its suit), one lookup of the compact evaluator per player and class;
* ranges and random hands: for every board, one range (the *inner* one) is
  walked against the known hands and each combination of the other (*outer*)
  ranges' hands. On a complete board only one suit can still make a flush, so
  a hand's value depends on its two ranks and which of its cards are of that
  suit: one hand per such class is walked (at most 338, 91 when no flush is
  possible), weighted by the range's hands of that class left in the deck.
  Suit permutations that leave the deal unchanged are used to walk one board
  (and one combination) per orbit, weighted by its size;
* or, when it is estimated faster, each combination of all the ranges' hands
  as a deal of known hands.

Either way the combinations are listed one per class (:mod:`pokerfsm.odds.matchups`): a
renaming of the suits that fixes the deal, or a swap of the hands of seats
whose ranges are equal, maps a combination onto another with the same
results, so ``QQ+, AK`` against itself costs half its combinations.
:func:`make_plan` estimates the time first, so the caller can choose sampling
instead. Work is cut into tasks (the first two board cards) that run on
OpenMP threads.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..combos import SuitMap
from ..evaluation import _walk
from ..table.format import ROOT
from . import _boards, _range_scan
from .deal import Deal
from .matchups import RangeArrays, combination_classes, equal_range_groups, range_arrays, seat_swapped_sum
from .results import reorder_row, row_width
from .stopping import Stop
from .symmetry import deal_symmetries, fixes, range_symmetries

__all__ = ["make_plan", "Plan", "enumerate_known", "enumerate_ranges", "scan_range", "range_arrays",
           "walk", "states_after", "max_threads", "threads_for_work"]

LOOKUPS_PER_SECOND = 1.5e8       # one thread, for the time estimate only
_SECONDS_PER_COMBINATION = 1e-4  # Python work per combination of the outer ranges' hands
_SECONDS_PER_IMAGE = 1e-7        # numpy work per combination of hands and renaming of suits
_SECONDS_PER_CLASS = 3e-6        # Python work per class of combinations listed
_PARALLEL_WORK = 2e6             # lookups below which one thread is faster than waking others

Progress = Callable[[float], None]


def walk(state: int, cards: Sequence[int]) -> int:
    """The table state after ``cards`` (distinct, valid) from ``state``."""
    return _walk.walk(state, np.array(list(cards), dtype=np.uint8))


def max_threads() -> int:
    """Threads the kernels may use (OpenMP's limit)."""
    return _walk.max_threads()


def _tasks(m: int, k: int, depth: int = 2) -> NDArray[np.int32]:
    """The first ``min(k, depth)`` board cards of each task, as indices into the ``m`` cards left."""
    d = min(k, depth)
    if d == 0:
        return np.zeros((1, 0), dtype=np.int32)
    return np.array(list(itertools.combinations(range(m), d)), dtype=np.int32)


def states_after(hands: Sequence[Sequence[int]], board: Sequence[int]) -> NDArray[np.int32]:
    """Each hand's table state after its cards and the board."""
    return np.array([walk(ROOT, list(h) + list(board)) for h in hands], dtype=np.int32)


def threads_for_work(lookups: float) -> int:
    """Threads worth waking for ``lookups`` table lookups."""
    return 1 if lookups < _PARALLEL_WORK else max_threads()


def _run_chunked(call: Callable[..., Any], tasks: Any, out: Any, seconds: float, progress: Progress | None,
                 stop: Stop) -> None:
    """Run ``call(tasks_slice, out_slice, stop_flag, seconds_left)`` in slices when long, reporting
    progress; raises as soon as ``stop`` says so (the kernels stop within milliseconds)."""
    chunks = 1 if progress is None or seconds < 0.5 else 20
    bounds = [len(tasks) * i // chunks for i in range(chunks + 1)]
    for i in range(chunks):
        lo, hi = bounds[i], bounds[i + 1]
        if hi > lo:
            call(tasks[lo:hi], out[lo:hi], stop.flag, stop.kernel_seconds())
        stop.check()
        if progress is not None:
            progress((i + 1) / chunks)


def enumerate_known(deal: Deal, progress: Progress | None, stop: Stop) -> tuple[NDArray[np.float64], int]:
    """Totals (a kernel row, see :mod:`~pokerfsm.odds.results`) over every board, all hands known.

    Boards are counted by the multiset of their dealt ranks (and, where a
    flush is possible, by which of those ranks come in the flush suit), so a
    preflop question costs some thousands of lookups, not millions.
    """
    holes = np.array([[int(c) for s in deal.seats for c in s.known_hand]], dtype=np.uint8)
    board = np.array([int(c) for c in deal.board], dtype=np.uint8)
    k = 5 - len(board)
    tasks = np.array([(0, rank) for rank in range(13)] if k else [(0, -1)], dtype=np.int32)  # lowest dealt rank
    out = np.zeros((len(tasks), row_width(len(deal.seats))))
    work = _rank_multisets(k) * len(deal.seats) * 8
    threads = threads_for_work(work)
    kernel = _boards.enumerate_rank_classes
    dead = _mask(list(deal.board) + list(deal.dead))
    _run_chunked(lambda t, o, flag, left: kernel(holes, board, dead, k, t, o, threads, flag, left), tasks, out,
                 work / LOOKUPS_PER_SECOND / threads, progress, stop)
    return out.sum(axis=0), math.comb(52 - len(deal.known_cards), k)


def _rank_multisets(k: int) -> int:
    """How many multisets of ``k`` ranks (at most four of each) there are, at most."""
    return (1, 13, 91, 455, 1820, 6175)[k]


@dataclass
class Plan:
    """How the exact enumeration against ranges will go, and what it will cost.

    Either every combination of the ranges' hands is a deal of known hands
    (``matchups``: one per class of combinations that a renaming of suits
    or a swap of seats with equal ranges maps onto each other, weighted by
    the class), or one range (``inner``) is walked class by class on each
    board against each combination of the others (``outer``, one per such
    class). The plan takes the one estimated faster.
    """

    inner: int                 # the range walked class by class on each board
    outer: list[int]           # ranges whose hand combinations are enumerated
    group: list[SuitMap]       # the renamings that fix the deal
    seconds: float             # estimated, one thread
    matchups: bool = False     # every combination of all the ranges' hands as known hands
    swap_seats: bool = True    # seats with equal ranges share their combinations (see .matchups)


def make_plan(deal: Deal) -> Plan:
    """The plan for a deal with at least one range, and its estimated time on one thread."""
    ranged = [i for i, s in enumerate(deal.seats) if s.hand is None]
    inner = max(ranged, key=lambda i: (len(deal.seats[i].cut_range), i))
    outer = [i for i in ranged if i != inner]
    group = _deal_group(deal, ranged)
    left = 52 - len(deal.known_cards) - 2 * len(outer)
    k = 5 - len(deal.board)
    tuples = math.prod(len(deal.seats[i].cut_range) for i in outer) / _seat_swaps(deal, outer)
    per_board = _per_board(len(deal.seats[inner].cut_range)) + len(deal.seats)
    lookups = tuples * math.comb(max(left, 0), k) * per_board / len(group)
    overhead = tuples * _SECONDS_PER_COMBINATION * (1 + len(group) / 4) / len(group)
    scan = lookups / LOOKUPS_PER_SECOND + overhead
    combinations = math.prod(len(deal.seats[i].cut_range) for i in ranged)
    classes = combinations / len(group) / _seat_swaps(deal, ranged)
    matchups = (classes * (_known_seconds(len(deal.seats), k) + _SECONDS_PER_CLASS)
                + combinations * len(group) * _SECONDS_PER_IMAGE)
    return Plan(inner, outer, group, min(scan, matchups), matchups < scan)


def _deal_group(deal: Deal, ranged: Sequence[int]) -> list[SuitMap]:
    """The renamings that fix the known cards and each range as given (so each range as cut by the
    known cards too); each range's own renamings are computed once per range."""
    kept = [range_symmetries(deal.seats[i].given_range) for i in ranged]
    return [p for p in deal_symmetries(deal, []) if all(p in k for k in kept)]


def _seat_swaps(deal: Deal, seats: Sequence[int]) -> int:
    """How many orders of ``seats`` give each seat an equal range (the classes they merge)."""
    groups = equal_range_groups([deal.seats[i].cut_range for i in seats])
    return math.prod(math.factorial(len(g)) for g in groups)


def _known_seconds(players: int, k: int) -> float:
    """Time of one deal of known hands (:func:`enumerate_known`'s kernel) on one thread."""
    return _rank_multisets(k) * (50 + 40 * players) * 1e-9 + 2e-6


def _per_board(hands: int) -> float:
    """Work per board against a range of ``hands`` hands: one walk per class (at most 338, ~220
    on average), plus taking out the hands that hold the dealt cards."""
    return min(hands, 220) + hands / 5 + 20


def _range_rows(arrays: RangeArrays,
                used: set[int]) -> tuple[NDArray[np.int32], NDArray[np.uint8], NDArray[np.float64]]:
    """The kernel's row layout of a range without the hands using ``used`` cards."""
    low, high, weight = arrays
    blocked = np.zeros(52, dtype=bool)
    blocked[list(used)] = True
    keep = ~(blocked[low] | blocked[high])
    row_start = np.searchsorted(low[keep], np.arange(53)).astype(np.int32)
    return row_start, np.ascontiguousarray(high[keep]), np.ascontiguousarray(weight[keep])


def _mask(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << int(c)
    return mask


def scan_range(states: NDArray[np.int32], board_state: int, board: Sequence[int], used: set[int], arrays: RangeArrays,
               group: Sequence[SuitMap], progress: Progress | None = None,
               stop: Stop | None = None) -> tuple[NDArray[np.float64], int]:
    """Known players (their ``states`` after hole cards and board) against a range (its
    :func:`range_arrays`) over every completion of the board; returns (totals, a kernel row with
    the range player last, and the number of showdowns)."""
    row_start, second, weights = _range_rows(arrays, used)
    n = len(states)
    if len(second) == 0:
        return np.zeros(row_width(n + 1)), 0
    avail = np.array(sorted(set(range(52)) - used), dtype=np.uint8)
    k = 5 - len(board)
    tasks = _tasks(len(avail), k)
    perms = np.array([p for p in group if p != (0, 1, 2, 3)], dtype=np.uint8).reshape(-1, 4)
    out = np.zeros((len(tasks), row_width(n + 1)))
    boards = math.comb(len(avail) - 2, k)
    lookups = math.comb(len(avail), k) * (_per_board(len(second)) + n) / len(group)
    threads = threads_for_work(lookups)
    kernel = _range_scan.enumerate_vs_range
    _run_chunked(lambda t, o, flag, left: kernel(states, board_state, _mask(board), _mask(used), avail, k, t,
                                                 row_start, second, weights, perms, o, threads, flag, left),
                 tasks, out, lookups / LOOKUPS_PER_SECOND / threads, progress, stop or Stop())
    return out.sum(axis=0), len(second) * boards


def enumerate_ranges(deal: Deal, plan: Plan, progress: Progress | None,
                     stop: Stop) -> tuple[NDArray[np.float64], int]:
    """Totals (a kernel row, players in seat order) over every board and every combination of
    range hands."""
    if plan.matchups:
        return _enumerate_matchups(deal, plan, progress, stop)
    known = [i for i, s in enumerate(deal.seats) if s.hand is not None]
    board = [int(c) for c in deal.board]
    board_state = int(states_after([[]], board)[0])
    n = len(deal.seats)
    combinations = 0
    classes = combination_classes([deal.seats[i].cut_range for i in plan.outer], plan.group, stop, plan.swap_seats)
    arrays = range_arrays(deal.seats[plan.inner].given_range)
    order = known + plan.outer + [plan.inner]
    rows = np.zeros((len(classes), row_width(n)))
    for number, (listed, size) in enumerate(zip(classes.hands.tolist(), classes.sizes.tolist())):
        hole = [tuple(map(int, deal.seats[i].known_hand)) for i in known] + listed
        group = [p for p in plan.group if all(fixes(p, h) for h in listed)]
        summed, showdowns = scan_range(states_after(hole, board), board_state, board,
                                       deal.known_cards | {c for h in listed for c in h},
                                       arrays, group, progress if len(classes) == 1 else None, stop)
        rows[number] = reorder_row(summed, order)
        combinations += size * showdowns
        if progress is not None and len(classes) > 1:
            progress((number + 1) / len(classes))
    return seat_swapped_sum(rows, classes, plan.outer, n), combinations


def _enumerate_matchups(deal: Deal, plan: Plan, progress: Progress | None,
                        stop: Stop) -> tuple[NDArray[np.float64], int]:
    """Every combination of the ranges' hands as a deal of known hands, one per class of
    :func:`~pokerfsm.odds.matchups.combination_classes`, its result shared by the class."""
    ranged = [i for i, s in enumerate(deal.seats) if s.hand is None]
    classes = combination_classes([deal.seats[i].cut_range for i in ranged], plan.group, stop, plan.swap_seats)
    n, k = len(deal.seats), 5 - len(deal.board)
    if not classes:
        return np.zeros(row_width(n)), 0
    holes = np.zeros((len(classes), n, 2), dtype=np.uint8)
    for i, seat in enumerate(deal.seats):
        if seat.hand is not None:
            holes[:, i] = [int(c) for c in seat.known_hand]
    holes[:, ranged] = classes.hands
    few = len(classes) < 4 * max_threads() and k > 0  # then each class in 13 tasks, by its lowest dealt rank
    lowest = np.arange(13) if few else np.array([-1])
    tasks = np.column_stack([np.repeat(np.arange(len(classes)), len(lowest)),
                             np.tile(lowest, len(classes))]).astype(np.int32)
    out = np.zeros((len(tasks), row_width(n)))
    seconds = len(classes) * _known_seconds(n, k)
    threads = threads_for_work(seconds * LOOKUPS_PER_SECOND)
    kernel = _boards.enumerate_rank_classes
    flat = holes.reshape(len(classes), 2 * n)
    board = np.array([int(c) for c in deal.board], dtype=np.uint8)
    dead = _mask(list(deal.board) + list(deal.dead))
    _run_chunked(lambda t, o, flag, left: kernel(flat, board, dead, k, t, o, threads, flag, left), tasks, out,
                 seconds / threads, progress, stop)
    rows = out.reshape(len(classes), len(lowest), -1).sum(axis=1)  # each class's tasks are consecutive
    boards = math.comb(52 - len(deal.known_cards) - 2 * len(ranged), k)
    return seat_swapped_sum(rows, classes, ranged, n), int(classes.sizes.sum()) * boards
