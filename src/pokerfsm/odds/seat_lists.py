"""Equity over seats that each hold a list of hands: the part Omaha's and short deck's back ends share.

Both games' kernels (``odds/_seat_lists.pxd``) read every seat as a list of
hands (:class:`SeatLists`: a known hand is a list of one, a range its hands
by weight, a random seat every hand of the cards left when enumerating) and
count into the rows of ``odds/_showdown.pxd``. :func:`listed_equity` runs a
question the way :func:`pokerfsm.odds.compute.compute` runs hold'em's (the
budget, the hand-over to Monte Carlo, the standard error target, the seed):
exact enumeration in tasks of the board's first two cards, or rounds of
seeded Monte Carlo streams. A game says only how to list its seats and how to
call its kernels (:class:`ListedGame`).

>>> lists = SeatLists.of([[0, 4], [8, 12], [9, 13]], [1.0, 1.0, 3.0], sizes=[1, 2], hole_cards=2)
>>> lists.start.tolist(), lists.masks.tolist(), lists.cumulative().tolist()
([0, 1, 3], [17, 4352, 8704], [1.0, 1.0, 4.0])
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .choice import exact_or_sampled
from .enumeration import Progress, _run_chunked, _tasks, max_threads
from .results import EquityResult, row_width
from .sampling import run_rounds
from .stopping import Stop

__all__ = ["SeatLists", "ListedGame", "listed_equity", "seat_kinds", "RANDOM_SEAT", "LISTED_SEAT"]

RANDOM_SEAT, LISTED_SEAT = 2, 0
"""A Monte Carlo seat's kind: a random hand dealt from the deck, or one of its listed hands by weight."""


@dataclass(frozen=True)
class SeatLists:
    """Every seat's hands as the kernels read them: rows of hole cards, their card masks and
    weights, and each seat's first row (``start[s]`` to ``start[s + 1]``; one more entry at the end)."""

    hands: NDArray[np.uint8]
    masks: NDArray[np.uint64]
    weights: NDArray[np.float64]
    start: NDArray[np.int32]

    @classmethod
    def of(cls, hands: Any, weights: Any, sizes: Sequence[int], hole_cards: int) -> SeatLists:
        """The lists of ``sizes[s]`` hands for each seat ``s`` in turn: the rows of ``hole_cards`` cards
        of ``hands`` (seat 0's first), with their ``weights``."""
        rows = np.ascontiguousarray(np.asarray(hands, dtype=np.uint8).reshape(-1, hole_cards))
        bits = np.uint64(1) << rows.astype(np.uint64)
        masks = bits[:, 0].copy()
        for column in range(1, hole_cards):
            masks |= bits[:, column]
        start = np.array([0, *itertools.accumulate(sizes)], dtype=np.int32)
        return cls(rows, masks, np.asarray(weights, dtype=np.float64).reshape(-1), start)

    def cumulative(self) -> NDArray[np.float64]:
        """The weights summed within each seat (the Monte Carlo kernels' draw by weight)."""
        running = np.zeros_like(self.weights)
        for lo, hi in zip(self.start[:-1], self.start[1:]):
            running[lo:hi] = np.cumsum(self.weights[lo:hi])
        return running


def seat_kinds(dealt_at_random: Sequence[bool]) -> NDArray[np.uint8]:
    """Each seat's Monte Carlo kind: :data:`RANDOM_SEAT` where its hand is dealt at random."""
    return np.array([RANDOM_SEAT if random else LISTED_SEAT for random in dealt_at_random], dtype=np.uint8)


@dataclass(frozen=True)
class ListedGame:
    """One question's game side: how to list the seats and call the kernels, and how to read a row.

    ``lists(random_too)`` lists every hand of a random seat when ``random_too``
    (exact enumeration), none otherwise (Monte Carlo deals it).
    ``enumerate(lists, tasks, out, threads, flag, seconds)`` and ``sample(lists,
    seeds, trials, out, threads, flag, seconds)`` call the kernels (``sample``'s lists carry
    the weights summed within each seat, as its kernel draws by them).
    ``read(totals, count, trials)`` makes the result of a row counted over
    ``count`` deals (``trials`` None for exact enumeration); ``errors(totals,
    trials)`` gives each player's standard error. ``width`` is a row's length,
    ``cards_left`` and ``board_cards_left`` what enumeration deals from and how
    many, ``cost`` a random deal's relative cost and ``seconds`` the estimated
    time of exact enumeration on one thread.
    """

    seats: int
    lists: Callable[[bool], SeatLists]
    enumerate: Callable[..., None]
    sample: Callable[..., None]
    read: Callable[[NDArray[np.float64], int, int | None], EquityResult]
    errors: Callable[[NDArray[np.float64], int], list[float]]
    width: int
    cards_left: int
    board_cards_left: int
    cost: float
    seconds: float


def _enumerate(game: ListedGame, progress: Progress | None, stop: Stop) -> tuple[NDArray[np.float64], int]:
    """Totals (one kernel row) over every board and every combination of the seats' hands."""
    lists = game.lists(True)
    tasks = _tasks(game.cards_left, game.board_cards_left)
    out = np.zeros((len(tasks), game.width))
    threads = 1 if game.seconds < 2e-3 else max_threads()

    def call(part: Any, rows: Any, flag: Any, seconds: float) -> None:
        game.enumerate(lists, part, rows, threads, flag, seconds)

    _run_chunked(call, tasks, out, game.seconds / threads, progress, stop)
    totals = out.sum(axis=0)
    return totals, int(totals[row_width(game.seats) + 1])


def listed_equity(game: ListedGame, *, samples: int | None, seed: Any, exact: bool | None, budget: float,
                  progress: Progress | None, target_std_error: float, stop: Stop) -> EquityResult:
    """The answer to ``game``'s question, exact or sampled by :func:`~pokerfsm.odds.choice.exact_or_sampled`;
    the options mean what they mean for :func:`pokerfsm.odds.compute.compute`."""

    def enumerate_all(attempt: Stop) -> EquityResult:
        totals, combinations = _enumerate(game, progress, attempt)
        return game.read(totals, combinations, None)

    def sample(count: int | None, seconds: float, since: float) -> EquityResult:
        listed = game.lists(False)
        lists = replace(listed, weights=listed.cumulative())
        rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)

        def play(seeds: Any, trials: Any, out: Any, threads: int) -> None:
            game.sample(lists, seeds, trials, out, threads, stop.flag, stop.kernel_seconds())

        totals, trials, _ = run_rounds(play, game.errors, game.width, game.cost, count, rng, seconds,
                                       target_std_error, progress, since, stop)
        return game.read(totals, trials, trials)

    return exact_or_sampled(game.seconds, samples=samples, exact=exact, budget=budget, stop=stop,
                            enumerate_all=enumerate_all, sample=sample)

