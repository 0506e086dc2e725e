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

import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..evaluation.short_deck_compact import short_deck_compact_tables
from ..table.rankings import SHORT_DECK_ORDER
from . import _short_deck_equity
from .compute import DEFAULT_BUDGET, DEFAULT_TARGET_STD_ERROR
from .results import EquityResult, Method, from_row, row_width, std_errors
from .seat_lists import ListedGame, SeatLists, listed_equity, seat_kinds
from .short_deck_deal import ShortDeckDeal
from .stopping import Stop

__all__ = ["compute_short_deck", "exact_seconds"]

_SECONDS_PER_HAND = 6e-9        # one thread: valuing one hand on one board (a compact lookup)
_SECONDS_PER_SHOWDOWN = 12e-9   # one thread: counting one combination of hands on one board
_N_SLOTS = 10                   # a player's category slots in a result row (odds/_kernels.pxd)
walked_table: NDArray[np.int32] | None = None
"""None: the kernels value hands on the compact tables; the short-deck hand-rank table: they walk
it instead (slower; perf/bench_short_deck.py sets it to measure both)."""
Progress = Callable[[float], None]


def _hand_lists(deal: ShortDeckDeal, random_too: bool) -> SeatLists:
    """Every seat's hands (rows of two cards) and their weights; a random seat lists every hand of
    the cards left when ``random_too``, none otherwise (the Monte Carlo kernel deals it)."""
    rows: list[tuple[int, int]] = []
    weights: list[float] = []
    sizes: list[int] = []
    for seat in deal.seats:
        if seat.hand is not None:
            rows.append((int(seat.hand[0]), int(seat.hand[1])))
            weights.append(1.0)
        elif random_too or not seat.random:
            rows.extend((int(a), int(b)) for a, b in seat.cut_range)
            weights.extend(seat.cut_range.values())
        sizes.append(len(rows) - sum(sizes))
    return SeatLists.of(rows, weights, sizes, 2)


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
    short_deck_compact_tables()  # built the first time before any clock starts to matter
    n = len(deal.seats)
    avail = np.array(sorted(set(range(52)) - deal.unavailable), dtype=np.uint8)
    k = deal.game.board_cards - len(deal.board)
    board = np.array([int(c) for c in deal.board], dtype=np.uint8)
    used = sum(1 << c for c in deal.unavailable - {int(c) for s in deal.seats if s.hand for c in s.hand})
    kinds = seat_kinds([s.random and s.hand is None for s in deal.seats])

    def enumerate_boards(lists: SeatLists, tasks: Any, out: Any, threads: int, flag: Any, seconds: float) -> None:
        _short_deck_equity.enumerate_boards(lists.hands, lists.masks, lists.weights, lists.start, board, avail, k,
                                            tasks, out, threads, flag, seconds, table=walked_table)

    def monte_carlo(lists: SeatLists, seeds: Any, trials: Any, out: Any, threads: int, flag: Any,
                    seconds: float) -> None:
        _short_deck_equity.monte_carlo(lists.hands, lists.masks, lists.weights, lists.start, kinds, used, board,
                                       seeds, trials, out, threads, flag, seconds, table=walked_table)

    def read(totals: NDArray[np.float64], count: int, trials: int | None) -> EquityResult:
        return _result(deal, totals, count, started=started, trials=trials,
                       method=Method.ENUMERATION if trials is None else Method.MONTE_CARLO)

    game = ListedGame(seats=n, lists=lambda random_too: _hand_lists(deal, random_too), enumerate=enumerate_boards,
                      sample=monte_carlo, read=read,
                      errors=lambda totals, done: std_errors(totals[:row_width(n)], done, n),
                      width=_short_deck_equity.row_width(n), cards_left=len(avail), board_cards_left=k, cost=k + 3 * n,
                      seconds=exact_seconds(deal))
    return listed_equity(game, samples=samples, seed=seed, exact=exact, budget=budget, progress=progress,
                         target_std_error=target_std_error, stop=stop)
