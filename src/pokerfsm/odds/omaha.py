"""Omaha equity (4-, 5- and 6-card, high and hi-lo 8 or better), exact when it fits the budget, else Monte Carlo.

:func:`compute_omaha` answers a deal checked by
:func:`~pokerfsm.odds.omaha_deal.prepare_omaha_deal` with the options
already checked, as :func:`~pokerfsm.odds.compute.compute` does for hold'em
and by the same rules (the budget, the time limit's hand-over to Monte
Carlo, the standard error target, the seed). The kernels are in
:mod:`pokerfsm.odds._omaha_equity`.

Exact enumeration deals every board completion; on each board it values
every hand each seat may hold (a known hand, a range's hands, or for a
random hand every hand of the cards left) and counts every combination of
them with no card twice, weighted by the ranges' weights. Monte Carlo deals
the ranges' hands by weight (redrawn together on a collision), random hands
and the board from the cards left.

A hi-lo pot (``omaha-hi-lo``, ``omaha5-hi-lo``) goes half to the best high
and half to the best qualifying low (8 or better), all of it to the high
when no low qualifies; players tied for a half share it. A player's
``equity`` is the expected share of the pot, ``high_share`` and
``low_share`` the parts of it won with each half, ``scoop`` the chance to
take the whole pot alone (also its ``win``; ``tie`` is the chance to take
part of it with others); the result's ``low`` is the chance a low
qualifies and ``splits`` counts the sets of players who take any part.

>>> from pokerfsm.odds.omaha_deal import prepare_omaha_deal
>>> r = compute_omaha(prepare_omaha_deal(["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d", game="omaha-hi-lo"))
>>> r.method, r.combinations, r.low, round(r.players[1].equity, 4), round(r.players[1].low_share, 4)
(<Method.ENUMERATION: 'enumeration'>, 820, 1.0, 0.664, 0.5)
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..evaluation.omaha_tables import omaha_tables
from . import _omaha_equity
from .choice import exact_or_sampled
from .compute import DEFAULT_BUDGET, DEFAULT_TARGET_STD_ERROR
from .enumeration import max_threads
from .omaha_deal import OmahaDeal
from .results import EquityResult, Method, from_game_row, row_width, share_std_errors
from .sampling import run_rounds
from .stopping import Stop

__all__ = ["compute_omaha", "omaha_row_width", "exact_seconds"]

_SECONDS_PER_HAND = 20e-9       # one thread: valuing one hand on one board (measured 15-25 ns)
_SECONDS_PER_SHOWDOWN = 30e-9   # one thread: counting one combination of hands on one board (20-40 ns)
_RANDOM, _LISTED = 2, 0         # the Monte Carlo kernel's seat kinds
Progress = Callable[[float], None]


def omaha_row_width(n: int) -> int:
    """Doubles in one result row of the Omaha kernels for ``n`` players (see ``_omaha_equity.pyx``)."""
    return int(_omaha_equity.row_width(n))


@dataclass
class _Lists:
    """Every seat's hands as the kernels read them: rows of hole cards, card masks, weights, seat starts."""

    hands: NDArray[np.uint8]
    masks: NDArray[np.uint64]
    weights: NDArray[np.float64]
    start: NDArray[np.int32]


def _hand_lists(deal: OmahaDeal, random_too: bool) -> _Lists:
    """The seats' hands without the known cards; a random seat lists every hand of the cards left
    when ``random_too``, none otherwise (the Monte Carlo kernel deals it)."""
    known = deal.known_cards
    h = deal.game.hole_cards
    parts, weights, start = [], [], [0]
    for seat in deal.seats:
        if seat.random and seat.hand is None and not random_too:
            cards, weight = np.zeros((0, h), dtype=np.uint8), np.zeros(0)
        else:
            cards, weight = seat.live_hands(known)
        parts.append(cards)
        weights.append(weight)
        start.append(start[-1] + len(cards))
    hands = np.ascontiguousarray(np.concatenate(parts).astype(np.uint8).reshape(-1, h))
    masks = np.bitwise_or.reduce(np.uint64(1) << hands.astype(np.uint64), axis=1) if len(hands) else \
        np.zeros(0, dtype=np.uint64)
    return _Lists(hands, np.ascontiguousarray(masks, dtype=np.uint64), np.concatenate(weights).astype(np.float64),
                  np.array(start, dtype=np.int32))


def _list_sizes(deal: OmahaDeal) -> list[int]:
    """How many hands each seat may hold, without listing a random seat's."""
    known = deal.known_cards
    left = len(deal.game.deck) - len(known)
    return [1 if s.hand is not None else math.comb(left, deal.game.hole_cards) if s.random
            else len(s.live_hands(known)[0]) for s in deal.seats]


def exact_seconds(deal: OmahaDeal) -> float:
    """The estimated time of exact enumeration on one thread."""
    sizes = _list_sizes(deal)
    boards = math.comb(len(deal.game.deck) - len(deal.known_cards), deal.game.board_cards - len(deal.board))
    return boards * (sum(sizes) * _SECONDS_PER_HAND + math.prod(sizes) * _SECONDS_PER_SHOWDOWN)


def _read_row(deal: OmahaDeal, totals: NDArray[np.float64], combinations: int, *, method: Method, exact: bool,
              started: float, trials: int | None = None) -> EquityResult:
    """The result of one Omaha kernel row."""
    return from_game_row(deal, totals, combinations, hilo=deal.game.eight_or_better, categories=True, method=method,
                         exact=exact, started=started, trials=trials)


def _errors(deal: OmahaDeal, totals: NDArray[np.float64], trials: int) -> list[float]:
    """Each player's standard error of the pot share over ``trials`` random deals."""
    return share_std_errors(totals, trials, len(deal.seats), deal.game.eight_or_better)


def _enumerate(deal: OmahaDeal, progress: Progress | None, stop: Stop) -> tuple[NDArray[np.float64], int]:
    """Totals (one kernel row) over every board and every combination of the seats' hands."""
    lists = _hand_lists(deal, random_too=True)
    known = deal.known_cards
    avail = np.array(sorted(set(range(52)) - known), dtype=np.uint8)
    k = deal.game.board_cards - len(deal.board)
    depth = min(k, 2)
    tasks = np.array(list(_prefixes(len(avail), depth)), dtype=np.int32).reshape(-1 if depth else 1, depth)
    n = len(deal.seats)
    out = np.zeros((len(tasks), omaha_row_width(n)))
    seconds = exact_seconds(deal)
    threads = 1 if seconds < 2e-3 else max_threads()
    board = np.array([int(c) for c in deal.board], dtype=np.uint8)
    chunks = 1 if progress is None or seconds / threads < 0.5 else 20
    bounds = [len(tasks) * i // chunks for i in range(chunks + 1)]
    for i in range(chunks):
        lo, hi = bounds[i], bounds[i + 1]
        if hi > lo:
            _omaha_equity.enumerate_boards(lists.hands, lists.masks, lists.weights, lists.start,
                                           deal.game.eight_or_better, board, avail, k, tasks[lo:hi], out[lo:hi],
                                           threads, stop.flag, stop.kernel_seconds())
        stop.check()
        if progress is not None:
            progress((i + 1) / chunks)
    totals = out.sum(axis=0)
    return totals, int(totals[row_width(n) + 1])


def _prefixes(m: int, depth: int) -> Any:
    """The first ``depth`` (0-2) board cards of each task, as indices into the ``m`` cards left."""
    if depth == 0:
        return [()]
    if depth == 1:
        return ((i,) for i in range(m))
    return ((i, j) for i in range(m) for j in range(i + 1, m))


def _sample(deal: OmahaDeal, samples: int | None, seed: Any, budget: float, target: float,
            progress: Progress | None, started: float, stop: Stop) -> tuple[NDArray[np.float64], int, float]:
    """Totals from random deals (see :func:`pokerfsm.odds.sampling.run_rounds`)."""
    lists = _hand_lists(deal, random_too=False)
    cumulative = np.zeros_like(lists.weights)
    for seat in range(len(deal.seats)):
        lo, hi = lists.start[seat], lists.start[seat + 1]
        cumulative[lo:hi] = np.cumsum(lists.weights[lo:hi])
    kind = np.array([_RANDOM if s.random and s.hand is None else _LISTED for s in deal.seats], dtype=np.uint8)
    used = 0
    for card in list(deal.board) + list(deal.dead):
        used |= 1 << int(card)
    board = np.array([int(c) for c in deal.board], dtype=np.uint8)
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    n = len(deal.seats)

    def play(seeds: Any, trials: Any, out: Any, threads: int) -> None:
        _omaha_equity.monte_carlo(lists.hands, lists.masks, cumulative, lists.start, kind,
                                  deal.game.eight_or_better, used, board, seeds, trials, out, threads, stop.flag,
                                  stop.kernel_seconds())

    cost = (deal.game.board_cards - len(deal.board)) + (3 + deal.game.hole_cards) * n
    totals, trials, error = run_rounds(play, lambda totals, done: _errors(deal, totals, done), omaha_row_width(n),
                                       cost, samples, rng, budget, target, progress, started, stop)
    return totals, trials, error


def compute_omaha(deal: OmahaDeal, *, samples: int | None = None, seed: Any = None, exact: bool | None = None,
                  budget: float = DEFAULT_BUDGET, progress: Progress | None = None,
                  target_std_error: float = DEFAULT_TARGET_STD_ERROR, stop: Stop | None = None) -> EquityResult:
    """Each seat's equity at the deal's Omaha game, exact when it fits ``budget`` seconds.

    The options mean what they mean for :func:`pokerfsm.odds.compute.compute`.
    Raises InvalidDealError when the ranges collide with every deal or exact
    enumeration would take hours, TimeLimitError or CancelledError when
    ``stop`` says so.
    """
    started = time.perf_counter()
    stop = stop if stop is not None else Stop()
    omaha_tables()  # built before any clock starts to matter

    def enumerate_all(attempt: Stop) -> EquityResult:
        totals, combinations = _enumerate(deal, progress, attempt)
        return _read_row(deal, totals, combinations, method=Method.ENUMERATION, exact=True, started=started)

    def sample(count: int | None, seconds: float, since: float) -> EquityResult:
        totals, trials, _ = _sample(deal, count, seed, seconds, target_std_error, progress, since, stop)
        return _read_row(deal, totals, trials, method=Method.MONTE_CARLO, exact=False, started=started,
                         trials=trials)

    return exact_or_sampled(exact_seconds(deal), samples=samples, exact=exact, budget=budget, stop=stop,
                            enumerate_all=enumerate_all, sample=sample)
