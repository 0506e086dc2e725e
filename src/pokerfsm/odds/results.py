"""What ``equity`` returns: :class:`EquityResult`, one :class:`PlayerResult` per seat.

The kernels count showdowns per player in rows of slots (see
``_kernels.pxd``): slot 0 the showdowns lost, slot ``k`` (1-10) those won as
one of ``k`` tied winners, slot ``11 + c`` those ending with hand category
``c``. :func:`equity_result` turns such totals into fractions.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card
from ..errors import InvalidDealError
from ..ranking import HandCategory
from ._boards import CATEGORY_SLOT, SLOTS_PER_PLAYER
from .deal import Deal

__all__ = ["PlayerResult", "EquityResult", "equity_result", "std_errors", "SLOTS_PER_PLAYER"]

_CATEGORY_NAMES = [HandCategory(c).name for c in range(1, 10)]


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

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand, "win": self.win, "tie": self.tie, "lose": self.lose,
                "equity": self.equity, "categories": dict(self.categories),
                "wins": self.wins, "ties": self.ties, "losses": self.losses,
                "std_error": self.std_error}


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`~pokerfsm.equity`; :meth:`to_dict` is the JSON of ``pokerfsm equity --json``."""

    players: tuple[PlayerResult, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    combinations: int
    exact: bool
    std_error: float | None
    elapsed_s: float
    method: str = field(default="enumeration")

    def to_dict(self) -> dict[str, Any]:
        return {"players": [p.to_dict() for p in self.players],
                "board": [str(c) for c in self.board], "dead": [str(c) for c in self.dead],
                "combinations": self.combinations, "exact": self.exact, "std_error": self.std_error,
                "elapsed_s": self.elapsed_s, "method": self.method}


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else float(x)


def std_errors(totals: Any, trials: int) -> list[float]:
    """Standard error of each player's mean pot share over ``trials`` independent deals."""
    errors = []
    for row in totals:
        mean = sum(row[k] / k for k in range(1, 11)) / trials
        square = sum(row[k] / (k * k) for k in range(1, 11)) / trials
        errors.append(math.sqrt(max(square - mean * mean, 0.0) / max(trials - 1, 1)))
    return errors


def equity_result(deal: Deal, totals: Any, combinations: int, exact: bool, error: float | None,
                  started: float, method: str, trials: int | None = None) -> EquityResult:
    """The result for showdown ``totals`` (players x slots) counted over ``combinations``."""
    total = float(totals[0, :CATEGORY_SLOT].sum())
    if total <= 0:
        raise InvalidDealError("the ranges collide with every possible deal", field="players")
    errors: list[float | None] = list(std_errors(totals, trials)) if trials else [None] * len(deal.seats)
    players = []
    for seat, row, err in zip(deal.seats, totals, errors):
        wins, ties, losses = float(row[1]), float(row[2:CATEGORY_SLOT].sum()), float(row[0])
        share = sum(float(row[k]) / k for k in range(1, CATEGORY_SLOT))
        players.append(PlayerResult(
            hand=seat.text, win=wins / total, tie=ties / total, lose=losses / total,
            equity=share / total, wins=_number(wins), ties=_number(ties), losses=_number(losses),
            categories={name: float(row[CATEGORY_SLOT + c]) / total for c, name in enumerate(_CATEGORY_NAMES, 1)},
            std_error=err))
    return EquityResult(tuple(players), deal.board, deal.dead, int(combinations), exact, error,
                        time.perf_counter() - started, method)
