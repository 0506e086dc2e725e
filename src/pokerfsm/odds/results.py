"""What ``equity`` returns: :class:`EquityResult`, one :class:`PlayerResult` per seat.

The kernels count showdowns in one row of doubles for ``n`` players (see
``_kernels.pxd`` and :func:`row_width`): ``n`` rows of :data:`SLOTS_PER_PLAYER`
slots (slot ``c`` holds the showdowns a player ends with hand category ``c``),
then ``2 ** n`` winner masks (entry ``m`` holds the showdowns won by exactly
the players whose bits are set in ``m``: alone when one bit is set, a split
pot otherwise). Each player's wins, ties and losses follow from the masks
(:func:`outcome_slots`).

Every back end ends in :meth:`EquityResult.from_counts`: the showdowns
counted by the set of players who take the pot (and, where known, by each
player's hand category). A kernel row is read into those counts by
:func:`from_row`; the precomputed tables give their counts directly. The
answer's :class:`Method` says which back end counted.

>>> import numpy as np
>>> winners = np.array([0.0, 5.0, 3.0, 2.0])  # two players: 5 won by #1, 3 by #2, 2 split
>>> outcome_slots(winners, 2)   # per player: lost, won alone, won as one of two
array([[3., 5., 2.],
       [5., 3., 2.]])
"""
from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..cards import Card
from ..errors import InvalidDealError
from ..ranking import HandCategory
from ._boards import SLOTS_PER_PLAYER, row_width
from .deal import Deal
from .omaha_deal import OmahaDeal

__all__ = ["Method", "PlayerResult", "EquityResult", "HiLoCounts", "from_row", "from_game_row", "std_errors",
           "share_std_errors", "SLOTS_PER_PLAYER", "row_width", "outcome_slots", "split_row", "reorder_row"]

_CATEGORY_NAMES = [HandCategory(c).name for c in range(1, 10)]

Seats = tuple[int, ...]
"""Players by their index in the deal (from 0), ascending."""


class Method(StrEnum):
    """How an answer was found; its value is the ``method`` text of the JSON.

    >>> Method.MONTE_CARLO == "monte-carlo", str(Method.TABLE), Method.TABLE.label
    (True, 'table', 'precomputed tables')
    """

    TABLE = "table"
    """Read from the precomputed tables (``pokerfsm tables``)."""
    ENUMERATION = "enumeration"
    """Every deal counted: exact."""
    MONTE_CARLO = "monte-carlo"
    """Seeded random deals: an estimate with a standard error."""

    @property
    def label(self) -> str:
        """How people name it ("..., from the precomputed tables"; the page shows these)."""
        return _METHOD_LABELS[self]


_METHOD_LABELS = {Method.TABLE: "precomputed tables", Method.ENUMERATION: "exact enumeration",
                  Method.MONTE_CARLO: "Monte Carlo"}


@dataclass(frozen=True)
class PlayerResult:
    """One player's share of the showdowns (fractions from 0 to 1).

    ``wins``, ``ties`` and ``losses`` are the showdown counts behind them
    (weighted when ranges carry weights; estimates from the samples for Monte
    Carlo); ``categories`` maps each hand category to its probability.
    """

    hand: str
    win: float
    tie: float
    lose: float
    equity: float
    wins: float
    ties: float
    losses: float
    categories: dict[str, float]
    std_error: float | None = None
    scoop: float | None = None
    high_share: float | None = None
    low_share: float | None = None

    def to_dict(self) -> dict[str, Any]:
        shown = {"hand": self.hand, "win": self.win, "tie": self.tie, "lose": self.lose,
                 "equity": self.equity, "categories": dict(self.categories),
                 "wins": self.wins, "ties": self.ties, "losses": self.losses,
                 "std_error": self.std_error}
        if self.scoop is not None:
            shown.update(scoop=self.scoop, high_share=self.high_share, low_share=self.low_share)
        return shown


@dataclass(frozen=True)
class HiLoCounts:
    """What a game with a low half counts beside the showdowns, per player (weighted as they are):
    the pot shares summed (and their squares, for the Monte Carlo standard error), the parts won
    with the high and with the low, the scoops (the whole pot alone), and the showdowns where a
    low qualifies."""

    share: NDArray[np.float64]
    share_squared: NDArray[np.float64]
    high: NDArray[np.float64]
    low: NDArray[np.float64]
    scoop: NDArray[np.float64]
    low_qualifies: float


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`~pokerfsm.equity`; :meth:`to_dict` is the JSON of ``pokerfsm equity --json``.

    ``splits`` maps every set of players that takes the pot (its winners at
    the showdown, as seat indices from 0) to its probability: a one-player
    set is that player's ``win``, a larger one a split pot between exactly
    those players. Sets that never happen are left out; the probabilities sum
    to 1. ``split_counts`` holds the showdown counts behind them (weighted as
    the players' ``wins``), and ``split`` is the probability that the pot is
    split at all.

    >>> from pokerfsm import equity
    >>> r = equity(["AhKd", "AsKc", "QhQd"], board="2c 7d 9h Ts")   # 42 rivers
    >>> r.split_counts, round(r.split, 4)
    ({(2,): 38, (0, 1): 4}, 0.0952)
    >>> r.to_dict()["splits"][1]
    {'players': [0, 1], 'probability': 0.09523809523809523, 'count': 4}
    """

    players: tuple[PlayerResult, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    combinations: int
    exact: bool
    std_error: float | None
    elapsed_s: float
    method: Method = field(default=Method.ENUMERATION)
    splits: dict[Seats, float] = field(default_factory=dict)
    split_counts: dict[Seats, float] = field(default_factory=dict)
    split: float = 0.0
    game: str = "holdem"
    low: float | None = None

    @classmethod
    def from_counts(cls, deal: Deal | OmahaDeal, pots: Mapping[Seats, float], combinations: int, *, method: Method,
                    exact: bool, started: float, categories: NDArray[np.float64] | None = None,
                    std_error: float | None = None, trials: int | None = None, game: str = "holdem",
                    halves: HiLoCounts | None = None) -> EquityResult:
        """The result of ``deal`` from its showdowns counted by who takes the pot.

        ``pots`` maps each set of winners (seat indices, ascending) to its
        showdowns (weighted as the ranges are); each player's wins, ties,
        losses and pot share follow from it. ``categories`` (players x 9, high
        card first) counts each player's hand category at showdown; None when
        the back end did not count them (the players' ``categories`` are then
        empty). ``trials``: the number of independent random deals behind
        the counts, for each player's standard error (None when exact).
        ``started`` is the ``time.perf_counter()`` at the start of the question.
        ``game`` names the game; ``halves``, for a game with a low half, gives
        each player's pot share (``equity``, its standard error), ``scoop``,
        ``high_share`` and ``low_share`` (``equity = high_share + low_share``)
        and the result's ``low`` (the chance that a low qualifies); ``pots``
        then maps the set of players who take any part of the pot.
        InvalidDealError when nothing was counted.

        >>> from pokerfsm.odds.deal import prepare_deal
        >>> r = EquityResult.from_counts(prepare_deal(["AhAd", "KsKc"]), {(0,): 3, (1,): 1}, 4,
        ...                              method=Method.TABLE, exact=True, started=time.perf_counter())
        >>> r.players[0].equity, r.players[1].losses, r.splits
        (0.75, 3, {(0,): 0.75, (1,): 0.25})
        """
        n = len(deal.seats)
        winners = np.zeros(1 << n)
        for seats, count in pots.items():
            winners[sum(1 << p for p in seats)] = count
        total = float(winners.sum())
        if total <= 0:
            raise InvalidDealError("the ranges collide with every possible deal", field="players")
        errors: list[float | None] = list(_seat_std_errors(winners, trials, n)) if trials else [None] * n
        if halves is not None and trials:
            errors = [_std_error(float(s), float(q), trials) for s, q in zip(halves.share, halves.share_squared)]
        slots = outcome_slots(winners, n)
        players = []
        for number, (row, err) in enumerate(zip(slots, errors)):
            wins, ties, losses = float(row[1]), float(row[2:].sum()), float(row[0])
            share = sum(float(row[k]) / k for k in range(1, n + 1))
            shown = {} if categories is None else {
                name: float(categories[number, c]) / total for c, name in enumerate(_CATEGORY_NAMES)}
            low_half = {} if halves is None else {
                "scoop": float(halves.scoop[number]) / total, "high_share": float(halves.high[number]) / total,
                "low_share": float(halves.low[number]) / total}
            if halves is not None:
                share = float(halves.share[number])
            players.append(PlayerResult(
                hand=deal.seats[number].text, win=wins / total, tie=ties / total, lose=losses / total,
                equity=share / total, wins=_number(wins), ties=_number(ties), losses=_number(losses),
                categories=shown, std_error=err, **low_half))
        sets = sorted((tuple(p for p in range(n) if m >> p & 1), m) for m in range(1, 1 << n) if winners[m] > 0)
        sets.sort(key=lambda item: len(item[0]))
        splits = {seats: float(winners[m]) / total for seats, m in sets}
        counts = {seats: _number(float(winners[m])) for seats, m in sets}
        split = sum(float(winners[m]) for seats, m in sets if len(seats) > 1) / total
        return cls(tuple(players), deal.board, deal.dead, int(combinations), exact, std_error,
                   time.perf_counter() - started, Method(method), splits, counts, split, game,
                   None if halves is None else halves.low_qualifies / total)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data; ``splits`` is a list of ``{"players": [...], "probability": p, "count": c}``
        with players as indices into ``players``. A game other than hold'em adds ``game``; a game
        with a low half adds ``low`` and, per player, ``scoop``, ``high_share`` and ``low_share``."""
        shown = {"players": [p.to_dict() for p in self.players],
                "board": [str(c) for c in self.board], "dead": [str(c) for c in self.dead],
                "combinations": self.combinations, "exact": self.exact, "std_error": self.std_error,
                "elapsed_s": self.elapsed_s, "method": self.method.value,
                "split": self.split,
                "splits": [{"players": list(seats), "probability": p, "count": self.split_counts.get(seats, 0)}
                           for seats, p in self.splits.items()]}
        if self.game != "holdem":
            shown["game"] = self.game
        if self.low is not None:
            shown["low"] = self.low
        return shown


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else float(x)


def _members(n: int) -> NDArray[np.int64]:
    """``members[p, m]`` is 1 when player ``p`` is in mask ``m`` (2 ** n masks)."""
    masks = np.arange(1 << n)
    return (masks[None, :] >> np.arange(n)[:, None]) & 1


def split_row(totals: NDArray[np.float64], n: int) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """A kernel row of ``n`` players as (categories (n, slots), winner masks (2 ** n,))."""
    if totals.shape != (row_width(n),):
        raise ValueError(f"a row of {n} players has {row_width(n)} entries, got shape {totals.shape}")
    cut = n * SLOTS_PER_PLAYER
    return totals[:cut].reshape(n, SLOTS_PER_PLAYER), totals[cut:]


def outcome_slots(winners: NDArray[np.float64], n: int) -> NDArray[np.float64]:
    """Per player, from the winner masks: slot 0 the showdowns lost, slot ``k`` those won as one of
    ``k`` players with the best hand."""
    members = _members(n)
    size = members.sum(axis=0)
    slots = np.zeros((n, n + 1))
    slots[:, 0] = (1 - members) @ winners
    for k in range(1, n + 1):
        chosen = size == k
        slots[:, k] = members[:, chosen] @ winners[chosen]
    return slots


def reorder_row(totals: NDArray[np.float64], order: list[int]) -> NDArray[np.float64]:
    """A row whose player ``i`` is seat ``order[i]``, rewritten in seat order."""
    n = len(order)
    categories, winners = split_row(totals, n)
    seated = np.zeros_like(totals)
    seated_categories, seated_winners = split_row(seated, n)
    seated_categories[order] = categories
    target = (_members(n) << np.array(order)[:, None]).sum(axis=0)
    seated_winners[target] = winners
    return seated


def std_errors(totals: NDArray[np.float64], trials: int, n: int) -> list[float]:
    """Standard error of each player's mean pot share over ``trials`` independent deals."""
    return _seat_std_errors(split_row(totals, n)[1], trials, n)


def _seat_std_errors(winners: NDArray[np.float64], trials: int, n: int) -> list[float]:
    members = _members(n)
    share = members / np.maximum(members.sum(axis=0), 1)
    return [_std_error(float(s), float(q), trials) for s, q in zip(share @ winners, (share * share) @ winners)]


def _std_error(total: float, squares: float, trials: int) -> float:
    """The standard error of a mean over ``trials`` deals, from the sum of the values and of their squares."""
    mean, square = total / trials, squares / trials
    return math.sqrt(max(square - mean * mean, 0.0) / max(trials - 1, 1))


def from_row(deal: Deal | OmahaDeal, totals: NDArray[np.float64], combinations: int, *, method: Method, exact: bool,
             started: float, std_error: float | None = None, trials: int | None = None, game: str = "holdem",
             halves: HiLoCounts | None = None, categories: bool = True) -> EquityResult:
    """The result for one kernel row of showdown ``totals`` (players in seat order) counted over
    ``combinations``: its winner masks and (when ``categories``) hand categories, read into
    :meth:`EquityResult.from_counts`."""
    n = len(deal.seats)
    counted, winners = split_row(totals, n)
    pots = {tuple(p for p in range(n) if m >> p & 1): float(winners[m]) for m in range(1, 1 << n) if winners[m]}
    return EquityResult.from_counts(deal, pots, combinations, method=method, exact=exact, started=started,
                                    categories=counted[:, 1:1 + len(_CATEGORY_NAMES)] if categories else None,
                                    std_error=std_error, trials=trials, game=game, halves=halves)


def share_std_errors(totals: NDArray[np.float64], trials: int, n: int, hilo: bool) -> list[float]:
    """Each player's standard error of the pot share over ``trials`` random deals, from a row of the
    kernels that value each hand once per deal (``odds/_showdown.pxd``: the hold'em row, then at hi-lo
    the shares and their squares)."""
    if not hilo:
        return std_errors(totals[:row_width(n)], trials, n)
    tail = totals[row_width(n) + 2:]
    return [_std_error(float(s), float(q), trials) for s, q in zip(tail[:n], tail[n:2 * n])]


def from_game_row(deal: Any, totals: NDArray[np.float64], combinations: int, *, hilo: bool, categories: bool,
                  method: Method, exact: bool, started: float, trials: int | None = None) -> EquityResult:
    """The result of one row of the kernels that value each hand once per deal (``odds/_showdown.pxd``)
    for ``deal`` (a checked deal with a ``game``): the hold'em row's part, and at ``hilo`` the halves.
    ``categories``: the row counts high hand categories (not in a game of one low)."""
    n = len(deal.seats)
    head, tail = totals[:row_width(n)], totals[row_width(n):]
    halves = None
    if hilo:
        parts = tail[2:].reshape(5, n)
        halves = HiLoCounts(share=parts[0], share_squared=parts[1], high=parts[2], low=parts[3], scoop=parts[4],
                            low_qualifies=float(tail[0]))
    error = max(share_std_errors(totals, trials, n, hilo)) if trials else None
    return from_row(deal, head, combinations, method=method, exact=exact, started=started, std_error=error,
                    trials=trials, game=deal.game.name, halves=halves, categories=categories)
