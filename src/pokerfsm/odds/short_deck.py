"""Short-deck equity, exact when it fits the budget, else Monte Carlo: everything hold'em's equity does.

:func:`compute_short_deck` answers a deal checked by
:func:`~pokerfsm.odds.short_deck_deal.prepare_short_deck_deal` with the
options already checked, by the rules of :func:`pokerfsm.odds.compute.compute`
(the budget, the time limit's hand-over to Monte Carlo, the standard error
target, the seed). The kernels of :mod:`pokerfsm.odds._short_deck_equity`
value hands with short deck's compact evaluator
(:mod:`pokerfsm.evaluation.short_deck_compact`), which measures faster on
exact and sampled boards than walking the short-deck hand-rank table.

Exact enumeration deals every completion of the board from the cards left
of the 36; on each board it values every hand each seat may hold (a known
hand, a range's hands, or every hand of the cards left for a random one) and
counts every combination of them with no card twice, weighted by the
ranges' weights. Monte Carlo deals the ranges' hands by weight (redrawn
together on a collision), random hands and the board from the cards left.

>>> from pokerfsm.odds.short_deck_deal import prepare_short_deck_deal
>>> r = compute_short_deck(prepare_short_deck_deal(["AhKh", "QsQc"], board="Jh Th 6c"))
>>> r.method.value, r.combinations, round(r.players[0].equity, 4), r.game
('enumeration', 406, 0.601, 'short-deck')
"""
from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..evaluation.short_deck_compact import short_deck_tables
from ..table.rankings import SHORT_DECK_ORDER
from . import _short_deck_equity
from .choice import exact_or_sampled
from .compute import DEFAULT_BUDGET, DEFAULT_TARGET_STD_ERROR
from .enumeration import max_threads
from .results import EquityResult, Method, from_row, row_width, std_errors
from .sampling import run_rounds
from .short_deck_deal import ShortDeckDeal
from .stopping import Stop

__all__ = ["compute_short_deck", "exact_seconds"]

_SECONDS_PER_HAND = 6e-9        # one thread: valuing one hand on one board (a compact lookup)
_SECONDS_PER_SHOWDOWN = 12e-9   # one thread: counting one combination of hands on one board
_RANDOM, _LISTED = 2, 0         # the Monte Carlo kernel's seat kinds
_N_SLOTS = 10                   # a player's category slots in a result row (odds/_kernels.pxd)
walked_table: NDArray[np.int32] | None = None
"""None: the kernels value hands on the compact tables; the short-deck hand-rank table: they walk
it instead (slower; perf/bench_short_deck.py sets it to measure both)."""
Progress = Callable[[float], None]


def _hands(deal: ShortDeckDeal, random_too: bool) -> tuple[NDArray[np.uint8], NDArray[np.float64], NDArray[np.int32]]:
    """Every seat's hands (rows of two cards), their weights and the seats' first rows; a random
    seat lists every hand of the cards left when ``random_too``, none otherwise."""
    rows: list[tuple[int, int]] = []
    weights: list[float] = []
    start = [0]
    for seat in deal.seats:
        if seat.hand is not None:
            rows.append((int(seat.hand[0]), int(seat.hand[1])))
            weights.append(1.0)
        elif random_too or not seat.random:
            for combo, weight in seat.cut_range.items():
                rows.append((int(combo[0]), int(combo[1])))
                weights.append(weight)
        start.append(len(rows))
    hands = np.array(rows, dtype=np.uint8).reshape(-1, 2)
    return hands, np.array(weights, dtype=np.float64), np.array(start, dtype=np.int32)


def _masks(hands: NDArray[np.uint8]) -> NDArray[np.uint64]:
    one = np.uint64(1)
    return np.ascontiguousarray((one << hands[:, 0].astype(np.uint64)) | (one << hands[:, 1].astype(np.uint64)))


def exact_seconds(deal: ShortDeckDeal) -> float:
    """The estimated time of exact enumeration on one thread."""
    sizes = [1 if s.hand is not None else len(s.cut_range) for s in deal.seats]
    left = 52 - len(deal.unavailable)
    boards = math.comb(left, deal.game.board_cards - len(deal.board))
    return boards * (sum(sizes) * _SECONDS_PER_HAND + math.prod(sizes) * _SECONDS_PER_SHOWDOWN)


def _categories_in_place(totals: NDArray[np.float64], n: int) -> NDArray[np.float64]:
    """The row with each player's short-deck places (value >> 12) moved to their categories' slots."""
    moved = totals.copy()
    for p in range(n):
        for place, category in enumerate(SHORT_DECK_ORDER, start=1):
            moved[p * _N_SLOTS + int(category)] = totals[p * _N_SLOTS + place]
    return moved


def _result(deal: ShortDeckDeal, totals: NDArray[np.float64], combinations: int, *, method: Method,
            started: float, trials: int | None = None) -> EquityResult:
    n = len(deal.seats)
    head = _categories_in_place(totals[:row_width(n)], n)
    error = max(std_errors(head, trials, n)) if trials else None
    return from_row(deal, head, combinations, method=method, exact=trials is None, started=started,  # type: ignore[arg-type]
                    std_error=error, trials=trials, game=deal.game.name)


def _enumerate(deal: ShortDeckDeal, progress: Progress | None, stop: Stop) -> tuple[NDArray[np.float64], int]:
    """Totals (one kernel row) over every board and every combination of the seats' hands."""
    hands, weights, start = _hands(deal, random_too=True)
    avail = np.array(sorted(set(range(52)) - deal.unavailable), dtype=np.uint8)
    k = deal.game.board_cards - len(deal.board)
    depth = min(k, 2)
    prefixes = list(itertools.combinations(range(len(avail)), depth))  # each task's first board cards
    tasks = np.array(prefixes, dtype=np.int32).reshape(len(prefixes), depth)
    n = len(deal.seats)
    out = np.zeros((len(tasks), _short_deck_equity.row_width(n)))
    seconds = exact_seconds(deal)
    threads = 1 if seconds < 2e-3 else max_threads()
    board = np.array([int(c) for c in deal.board], dtype=np.uint8)
    chunks = 1 if progress is None or seconds / threads < 0.5 else 20
    bounds = [len(tasks) * i // chunks for i in range(chunks + 1)]
    for i in range(chunks):
        lo, hi = bounds[i], bounds[i + 1]
        if hi > lo:
            _short_deck_equity.enumerate_boards(hands, _masks(hands), weights, start, board, avail, k,
                                                tasks[lo:hi], out[lo:hi], threads, stop.flag, stop.kernel_seconds(),
                                                table=walked_table)
        stop.check()
        if progress is not None:
            progress((i + 1) / chunks)
    totals = out.sum(axis=0)
    return totals, int(totals[row_width(n) + 1])


def _sample(deal: ShortDeckDeal, samples: int | None, seed: Any, budget: float, target: float,
            progress: Progress | None, started: float, stop: Stop) -> tuple[NDArray[np.float64], int]:
    """Totals from random deals (see :func:`pokerfsm.odds.sampling.run_rounds`)."""
    hands, weights, start = _hands(deal, random_too=False)
    cumulative = np.zeros_like(weights)
    for seat in range(len(deal.seats)):
        lo, hi = start[seat], start[seat + 1]
        cumulative[lo:hi] = np.cumsum(weights[lo:hi])
    kind = np.array([_RANDOM if s.random and s.hand is None else _LISTED for s in deal.seats], dtype=np.uint8)
    used = sum(1 << c for c in deal.unavailable - {int(c) for s in deal.seats if s.hand for c in s.hand})
    board = np.array([int(c) for c in deal.board], dtype=np.uint8)
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    n = len(deal.seats)
    masks = _masks(hands)

    def play(seeds: Any, trials: Any, out: Any, threads: int) -> None:
        _short_deck_equity.monte_carlo(hands, masks, cumulative, start, kind, used, board, seeds, trials,
                                       out, threads, stop.flag, stop.kernel_seconds(), table=walked_table)

    def errors(totals: NDArray[np.float64], done: int) -> list[float]:
        return std_errors(totals[:row_width(n)], done, n)

    cost = (deal.game.board_cards - len(deal.board)) + 3 * n
    totals, trials, _ = run_rounds(play, errors, _short_deck_equity.row_width(n), cost, samples, rng, budget,
                                   target, progress, started, stop)
    return totals, trials


def compute_short_deck(deal: ShortDeckDeal, *, samples: int | None = None, seed: Any = None,
                       exact: bool | None = None, budget: float = DEFAULT_BUDGET, progress: Progress | None = None,
                       target_std_error: float = DEFAULT_TARGET_STD_ERROR, stop: Stop | None = None) -> EquityResult:
    """Each seat's short-deck equity, exact when it fits ``budget`` seconds.

    The options mean what they mean for :func:`pokerfsm.odds.compute.compute`.
    Raises InvalidDealError when the ranges collide with every deal or exact
    enumeration would take hours, TimeLimitError or CancelledError when
    ``stop`` says so.
    """
    started = time.perf_counter()
    stop = stop if stop is not None else Stop()
    short_deck_tables()  # built the first time before any clock starts to matter

    def enumerate_all(attempt: Stop) -> EquityResult:
        totals, combinations = _enumerate(deal, progress, attempt)
        return _result(deal, totals, combinations, method=Method.ENUMERATION, started=started)

    def sample(count: int | None, seconds: float, since: float) -> EquityResult:
        totals, trials = _sample(deal, count, seed, seconds, target_std_error, progress, since, stop)
        return _result(deal, totals, trials, method=Method.MONTE_CARLO, started=started, trials=trials)

    return exact_or_sampled(exact_seconds(deal), samples=samples, exact=exact, budget=budget, stop=stop,
                            enumerate_all=enumerate_all, sample=sample)
