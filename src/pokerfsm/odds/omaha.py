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
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..evaluation.omaha_tables import omaha_tables
from . import _omaha_equity
from .compute import DEFAULT_BUDGET, DEFAULT_TARGET_STD_ERROR
from .omaha_deal import OmahaDeal
from .results import EquityResult, Method, from_game_row, share_std_errors
from .seat_lists import ListedGame, SeatLists, listed_equity, seat_kinds
from .stopping import Stop

__all__ = ["compute_omaha", "omaha_row_width", "exact_seconds"]

_SECONDS_PER_HAND = 20e-9       # one thread: valuing one hand on one board (measured 15-25 ns)
_SECONDS_PER_SHOWDOWN = 30e-9   # one thread: counting one combination of hands on one board (20-40 ns)
Progress = Callable[[float], None]


def omaha_row_width(n: int) -> int:
    """Doubles in one result row of the Omaha kernels for ``n`` players (see ``_omaha_equity.pyx``)."""
    return int(_omaha_equity.row_width(n))


def _hand_lists(deal: OmahaDeal, random_too: bool) -> SeatLists:
    """The seats' hands without the known cards; a random seat lists every hand of the cards left
    when ``random_too``, none otherwise (the Monte Carlo kernel deals it)."""
    known = deal.known_cards
    h = deal.game.hole_cards
    parts = [(np.zeros((0, h), dtype=np.uint8), np.zeros(0)) if seat.random and seat.hand is None and not random_too
             else seat.live_hands(known) for seat in deal.seats]
    return SeatLists.of(np.concatenate([cards.reshape(-1, h) for cards, _ in parts]),
                        np.concatenate([weights for _, weights in parts]), [len(weights) for _, weights in parts], h)


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
    n, hilo = len(deal.seats), deal.game.eight_or_better
    avail = np.array(sorted(set(range(52)) - deal.known_cards), dtype=np.uint8)
    k = deal.game.board_cards - len(deal.board)
    board = np.array([int(c) for c in deal.board], dtype=np.uint8)
    used = sum(1 << int(card) for card in set(deal.board) | set(deal.dead))
    kinds = seat_kinds([s.random and s.hand is None for s in deal.seats])

    def enumerate_boards(lists: SeatLists, tasks: Any, out: Any, threads: int, flag: Any, seconds: float) -> None:
        _omaha_equity.enumerate_boards(lists.hands, lists.masks, lists.weights, lists.start, hilo, board, avail, k,
                                       tasks, out, threads, flag, seconds)

    def monte_carlo(lists: SeatLists, seeds: Any, trials: Any, out: Any, threads: int, flag: Any,
                    seconds: float) -> None:
        _omaha_equity.monte_carlo(lists.hands, lists.masks, lists.weights, lists.start, kinds, hilo, used, board,
                                  seeds, trials, out, threads, flag, seconds)

    def read(totals: NDArray[np.float64], count: int, trials: int | None) -> EquityResult:
        return from_game_row(deal, totals, count, hilo=hilo, categories=True, trials=trials, started=started,
                             method=Method.ENUMERATION if trials is None else Method.MONTE_CARLO,
                             exact=trials is None)

    game = ListedGame(seats=n, lists=lambda random_too: _hand_lists(deal, random_too), enumerate=enumerate_boards,
                      sample=monte_carlo, read=read,
                      errors=lambda totals, done: share_std_errors(totals, done, n, hilo),
                      width=omaha_row_width(n), cards_left=len(avail), board_cards_left=k,
                      cost=k + (3 + deal.game.hole_cards) * n, seconds=exact_seconds(deal))
    return listed_equity(game, samples=samples, seed=seed, exact=exact, budget=budget, progress=progress,
                         target_std_error=target_std_error, stop=stop)
