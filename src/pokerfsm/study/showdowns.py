"""Every hand of two ranges against the other range, in one pass over the boards.

On each complete board every hand of both seats is evaluated once and
sorted by value; each hand's wins and ties against the other seat's hands
that share no card with it follow by inclusion-exclusion (the kernel
:func:`pokerfsm.study._showdown.sweep`). Exact when every completion of the
board fits the time budget, else over seeded random completions of the
board, with a standard error per hand.

A hand's figures, summed over boards: ``x`` (the opponents' weight it beats
plus half the weight it ties) and ``y`` (the opponents' weight it meets);
its equity is ``x / y`` and a seat's equity is ``sum(w * x) / sum(w * y)``
over its hands of range weight ``w``, which is how :func:`pokerfsm.equity`
counts showdowns heads-up.

A short-deck deal (:func:`~pokerfsm.odds.short_deck_deal.prepare_short_deck_deal`)
completes its boards from the 36 cards six and up and values hands by short
deck's ranking (the kernel walks the short-deck hand-rank table):

>>> from pokerfsm.odds.deal import prepare_deal
>>> from pokerfsm.odds.short_deck_deal import prepare_short_deck_deal
>>> s = showdowns(prepare_deal(["AA", "KK"], "2c 7d 9h"))
>>> s.exact, s.boards, len(s.hands)
(True, 1176, 12)
>>> s = showdowns(prepare_short_deck_deal(["AA", "KK"], "6c 7d 9h"))
>>> s.exact, s.boards, len(s.hands)
(True, 528, 12)
"""
from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..combos import Hand, combo
from ..errors import InvalidDealError
from ..evaluation.short_deck import short_deck_table
from ..odds.deal import Deal
from ..odds.short_deck_deal import ShortDeckDeal
from ..odds.stopping import Stop
from ..table.files import load_default
from ..variants import HOLDEM, Game, GameLike, game_of, not_played
from . import _showdown

__all__ = ["Showdowns", "showdowns", "seat_weights", "deal_game", "STUDY_GAMES", "study_game", "DEFAULT_BUDGET",
           "DEFAULT_TARGET_STD_ERROR"]

DEFAULT_BUDGET = 2.0
"""Seconds the exact pass may take (by estimate) before random boards are dealt instead."""
DEFAULT_TARGET_STD_ERROR = 0.005
"""Random boards are dealt until every hand's equity has this standard error (or the budget is spent)."""
STUDY_GAMES: tuple[Game, ...] = (HOLDEM, game_of("short-deck"))
"""The games the study tools (equity distributions, flop reports) are computed for."""
_SECONDS_PER_HAND = 3.4e-8    # one lookup pair and two sweeps per live hand and board, one thread (measured 34 ns)
_SECONDS_PER_BOARD = 2e-6
_ROUND = 4_000                # random boards per round
_BLOCK = 100_000              # boards per call of the kernel when enumerating


@dataclass(frozen=True)
class Showdowns:
    """The two seats' hands and their summed figures (see the module)."""

    hands: list[Hand]
    weights: NDArray[np.float64]     # (2, hands): each hand's weight in each seat's range
    sums: NDArray[np.float64]        # (2, 6, hands): x, y, x*x, y*y, x*y, boards (see the kernel)
    exact: bool
    boards: int                      # the boards dealt: every completion, or those sampled
    completions: int                 # every completion of the board that a hand can meet

    def equity(self, seat: int) -> NDArray[np.float64]:
        """Each hand's equity against the other seat (NaN where it has no weight or no showdown)."""
        x, y = self.sums[seat, 0], self.sums[seat, 1]
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where((self.weights[seat] > 0) & (y > 0), x / y, np.nan)

    def showdown_weight(self, seat: int) -> NDArray[np.float64]:
        """Each hand's range weight times the opponents' weight it meets over every board (exact
        runs: counted; random boards: estimated from the boards dealt)."""
        y, dealt = self.sums[seat, 1], self.sums[seat, 5]
        if self.exact:
            counted: NDArray[np.float64] = self.weights[seat] * y
            return counted
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = np.where(dealt > 0, y / dealt, 0.0)
        estimated: NDArray[np.float64] = self.weights[seat] * mean * self.completions
        return estimated

    def std_error(self, seat: int) -> NDArray[np.float64]:
        """Each hand's standard error (zeros when exact)."""
        if self.exact:
            return np.zeros(len(self.hands))
        x, y, xx, yy, xy, n = self.sums[seat]
        with np.errstate(invalid="ignore", divide="ignore"):
            ratio = x / y
            spread = np.maximum(xx - 2 * ratio * xy + ratio * ratio * yy, 0.0)
            error = np.sqrt(spread / (n * (n - 1))) / (y / n)
        return np.where(n > 1, error, np.inf)

    def seat_equity(self, seat: int) -> float:
        """The seat's equity: its hands' equities weighted by their showdowns."""
        weight = self.showdown_weight(seat)
        live = weight > 0
        return float((weight[live] * self.equity(seat)[live]).sum() / weight[live].sum())


def study_game(game: GameLike, what: str) -> Game:
    """The study game ``game`` (a name or a :class:`~pokerfsm.variants.Game`); for another game one
    OptionError naming it and the games offered (``what``: the tool, e.g. ``"equity distributions"``).

    >>> study_game("razz", "equity distributions")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerfsm.errors.OptionError: pokerfsm computes no equity distributions for Razz (games with ...: holdem, short-deck)
    """
    chosen = game_of(game)
    if chosen not in STUDY_GAMES:
        raise not_played(chosen, what, STUDY_GAMES)
    return chosen


def deal_game(deal: Deal | ShortDeckDeal) -> Game:
    """The game of a checked deal: short deck's for a :class:`ShortDeckDeal`, else hold'em."""
    return deal.game if isinstance(deal, ShortDeckDeal) else HOLDEM


def _walked_table(game: Game) -> NDArray[np.int32]:
    """The entries of ``game``'s hand-rank table, which the kernel walks."""
    return short_deck_table() if game.name == "short-deck" else load_default().as_array()


def _deck_left(deal: Deal | ShortDeckDeal) -> NDArray[np.uint8]:
    """The cards the board is completed from: the game's deck without the board and the dead cards."""
    out = {int(c) for c in (*deal.board, *deal.dead)}
    return np.array([int(c) for c in deal_game(deal).deck if int(c) not in out], dtype=np.uint8)


def seat_weights(deal: Deal | ShortDeckDeal) -> tuple[list[Hand], NDArray[np.float64]]:
    """The hands of both seats of a heads-up ``deal`` and their weights, shape (2, hands)."""
    if len(deal.seats) != 2:
        raise InvalidDealError(f"an equity distribution is heads-up: 2 seats, got {len(deal.seats)}",
                               field="players")
    table: dict[Hand, list[float]] = {}
    for number, seat in enumerate(deal.seats):
        if seat.hand is not None:
            table.setdefault(combo(*seat.hand), [0.0, 0.0])[number] = 1.0
        else:
            for hand, weight in seat.cut_range.items():
                table.setdefault(combo(*hand), [0.0, 0.0])[number] = float(weight)
    hands = sorted(table)
    return hands, np.array([[table[h][s] for h in hands] for s in (0, 1)], dtype=np.float64).reshape(2, -1)


def estimated_seconds(deal: Deal | ShortDeckDeal, hands: int) -> float:
    """The exact pass's estimated time on one thread."""
    return math.comb(len(_deck_left(deal)), 5 - len(deal.board)) * (hands * _SECONDS_PER_HAND + _SECONDS_PER_BOARD)


def showdowns(deal: Deal | ShortDeckDeal, *, exact: bool | None = None, budget: float = DEFAULT_BUDGET,
              seed: Any = None, target_std_error: float = DEFAULT_TARGET_STD_ERROR,
              stop: Stop | None = None) -> Showdowns:
    """Both seats' hands of a heads-up ``deal`` (hold'em's or short deck's) against the other seat
    (see the module).

    ``exact``: True enumerates every completion, False deals random ones,
    None chooses by the estimated time against ``budget`` seconds. Random
    boards come in rounds from ``seed`` (a whole number or a numpy
    Generator) until every hand's standard error is at most
    ``target_std_error`` or ``budget`` seconds are spent. ``stop`` (a web
    request's deadline and cancel button) is checked before each block of
    boards: it ends the work with CancelledError or TimeLimitError within a
    block (a few tenths of a second).
    """
    started = time.perf_counter()
    hands, weights = seat_weights(deal)
    first = np.array([int(a) for a, _ in hands], dtype=np.uint8)
    second = np.array([int(b) for _, b in hands], dtype=np.uint8)
    board = np.array([int(c) for c in deal.board], dtype=np.uint8)
    deck = _deck_left(deal)
    table = _walked_table(deal_game(deal))
    k = 5 - len(board)
    completions = math.comb(len(deck) - 2, k)
    sums = np.zeros((2, 6, len(hands)))
    if exact is None:
        exact = estimated_seconds(deal, len(hands)) <= budget
    if exact:
        every = itertools.combinations(deck.tolist(), k)
        dealt_boards = 0
        while block := list(itertools.islice(every, _BLOCK)):   # preflop: 1.7 million boards, in blocks
            if stop is not None:
                stop.check()
            _showdown.sweep(table, board, np.array(block, dtype=np.uint8).reshape(len(block), k), first, second,
                            weights, sums)
            dealt_boards += len(block)
        return Showdowns(hands, weights, sums, True, dealt_boards, completions)
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    boards = 0
    while True:
        if stop is not None:
            stop.check()
        dealt = np.ascontiguousarray(np.argsort(rng.random((_ROUND, len(deck))), axis=1)[:, :k])
        _showdown.sweep(table, board, np.ascontiguousarray(deck[dealt]), first, second, weights, sums)
        boards += _ROUND
        result = Showdowns(hands, weights, sums, False, boards, completions)
        worst = max(float(np.nanmax(np.where(weights[s] > 0, result.std_error(s), 0.0))) for s in (0, 1))
        if worst <= target_std_error or time.perf_counter() - started >= budget:
            return result
