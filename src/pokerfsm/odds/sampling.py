"""Monte Carlo equity: seeded random deals until the standard error is small enough.

Deals run in independent xoshiro256** streams (16 of them), so a seed gives
the same answer whatever the number of threads. With ``samples`` fixed the
deals come in rounds of fixed sizes; otherwise rounds grow until every
player's standard error is below the target or the time budget is spent.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..errors import InvalidDealError
from . import _sampling
from .deal import Deal
from .enumeration import threads_for_work
from .results import row_width, std_errors
from .stopping import Stop

__all__ = ["sample", "deal_cost", "run_rounds"]

_STREAMS = 16
_FIRST_ROUND = 20_000
_ROUND = 1_000_000


def deal_cost(deal: Deal) -> float:
    """Relative cost of one random deal (lookups and draws)."""
    return (5 - len(deal.board)) + 3 * len(deal.seats)


def sample(deal: Deal, samples: int | None, seed: Any, budget: float, target: float,
           progress: Callable[[float], None] | None, started: float, stop: Stop) -> tuple[Any, int, float]:
    """Totals from random deals; returns (totals, trials, max standard error).

    ``seed`` is an int, None or a numpy Generator; ``samples`` fixes the
    number of deals, otherwise they stop at standard error ``target`` or once
    ``budget`` seconds have passed since ``started``. When ``stop`` runs out
    of time, an automatic run returns the rounds it finished (an honest
    estimate with its standard error); a fixed number of samples, or a
    cancellation, raises instead.
    """
    import numpy as np

    n = len(deal.seats)
    kind = np.zeros(n, dtype=np.uint8)
    hole = np.zeros(2 * n, dtype=np.uint8)
    range_start = np.zeros(n, dtype=np.int32)
    range_end = np.zeros(n, dtype=np.int32)
    combo_cards: list[int] = []
    cumulative: list[float] = []
    for p, seat in enumerate(deal.seats):
        if seat.hand is not None:
            hole[2 * p:2 * p + 2] = [int(c) for c in seat.known_hand]
        elif seat.random:
            kind[p] = 2
        else:
            kind[p] = 1
            range_start[p] = len(cumulative)
            running = 0.0
            for (a, b), w in seat.cut_range.items():
                combo_cards += [int(a), int(b)]
                running += w
                cumulative.append(running)
            range_end[p] = len(cumulative)
    used = 0
    for c in deal.known_cards:
        used |= 1 << c
    board = np.array([int(c) for c in deal.board], dtype=np.uint8)
    cards = np.array(combo_cards, dtype=np.uint8)
    cum = np.array(cumulative, dtype=np.float64)
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)

    def play(seeds: Any, trials: Any, out: Any, threads: int) -> None:
        _sampling.monte_carlo(kind, hole, range_start, range_end, cards, cum, used, board, seeds, trials,
                              out, threads, stop.flag, stop.kernel_seconds())

    return run_rounds(play, lambda totals, done: std_errors(totals, done, n), row_width(n), deal_cost(deal),
                      samples, rng, budget, target, progress, started, stop)


def run_rounds(play: Callable[[Any, Any, Any, int], None], errors: Callable[[Any, int], list[float]], width: int,
               cost: float, samples: int | None, rng: Any, budget: float, target: float,
               progress: Callable[[float], None] | None, started: float, stop: Stop) -> tuple[Any, int, float]:
    """The rounds of a Monte Carlo run, as :func:`sample` describes them, for any game.

    ``play(seeds, trials, out, threads)`` runs ``trials[i]`` deals of stream
    ``i`` (seeded ``seeds[i]``) into row ``out[i]`` of ``width`` counts,
    raising RuntimeError when the deals keep colliding; ``errors(totals,
    trials)`` gives each player's standard error; ``cost`` is one deal's
    relative cost (see :func:`deal_cost`).
    """
    import numpy as np

    totals = np.zeros(width)
    done = 0
    goal = min(samples, _ROUND) if samples is not None else _FIRST_ROUND
    while True:
        size = goal - done
        trials = np.full(_STREAMS, size // _STREAMS, dtype=np.int64)
        trials[: size % _STREAMS] += 1
        seeds = rng.integers(0, 2**63, size=_STREAMS, dtype=np.uint64)
        out = np.zeros((_STREAMS, width))
        threads = threads_for_work(size * cost * 4)
        try:
            play(seeds, trials, out, threads)
        except RuntimeError:
            raise InvalidDealError("the ranges almost never fit together without sharing a card; "
                                   "narrow them or remove dead cards", field="players") from None
        if stop.flag[0]:  # this round is incomplete: keep what came before, if anything
            if samples is None and done > 0 and not stop.cancelled:
                return totals, done, max(errors(totals, done))
            stop.check()
        totals += out.sum(axis=0)
        done = goal
        error = max(errors(totals, done))
        if samples is not None:  # rounds of fixed sizes: the same seed gives the same answer
            if progress is not None:
                progress(done / samples)
            if done == samples:
                return totals, done, error
            goal = min(samples, done + _ROUND)
            continue
        spent = time.perf_counter() - started
        if progress is not None:
            progress(min(1.0, max(spent / budget, (target / error) ** 2 if error > 0 else 1.0)))
        if error <= target or spent >= budget:
            return totals, done, error
        rate = done / max(spent, 1e-6)
        wanted = int(done * (error / target) ** 2 * 1.05) + _STREAMS
        goal = max(done + _STREAMS, min(wanted, done + int(rate * (budget - spent))))
