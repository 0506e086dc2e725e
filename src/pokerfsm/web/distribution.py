"""``POST /api/distribution``: each hand of one seat's range, or of every seat's, by its equity.

The answer is :func:`pokerfsm.study.distributions`' (what ``pokerfsm
distribution --json`` prints, per seat): every live hand with its equity,
its standard error (0 when exact), its weight in the range and its
showdowns, best first; the five buckets; the seat's equity. ``game`` is
hold'em (the default) or short deck, whose ranges and boards are read as its
equity reads them (:mod:`pokerfsm.web.grid_games`: the 36 cards, six to ace,
short deck's ranking); any other game is one 422 on ``game``.

It runs on the heavy threads under the request's deadline. Heads-up it is
exact when every completion of the board fits the server's time budget (a
flop, turn or river always does), otherwise random boards until each hand's
standard error is at most 0.5 % or the budget (at most 80 % of the time
left) is spent; with three seats or more, random deals of every seat under
the same rule (each hand against all the other seats). A client that goes
away stops it between blocks of boards.

>>> from pokerfsm.odds import Stop
>>> answer = distribution_answer(DistributionRequest(players=["QQ+, AK", "22+, ATs+, KQs"],
...                                                  board=["Kd", "7c", "2h"]), 2.0, Stop(10))
>>> [s["seat"] for s in answer["seats"]], answer["exact"], answer["seats"][0]["hands"][0]["hand"]
([1, 2], True, 'KcKh')
>>> answer["seats"][0]["buckets"][0]["label"], round(answer["seats"][0]["buckets"][0]["share"], 4)
('>= 80%', 0.3333)
"""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from ..errors import Error
from ..odds import Stop
from ..study.equity_distribution import deal_distributions
from .grid_games import grid_game
from .problems import FieldError
from .questions import field_error, read_grid_spot
from .schemas import GameName, SpotRequest

__all__ = ["DistributionRequest", "distribution_answer", "BUDGET_SHARE"]

BUDGET_SHARE = 0.8
"""The share of the request's time left that random boards may take."""


class DistributionRequest(SpotRequest):
    """A spot, and the seat (0-based) whose distribution is wanted (every seat's when not given)."""

    seat: Annotated[int, Field(strict=True, ge=0, le=9)] | None = Field(
        default=None, description="0-based seat; null for every seat's distribution (from the same boards)")
    seed: Annotated[int, Field(strict=True, ge=0, le=2**63 - 1)] | None = Field(
        default=None, description="seed of the random boards (when the spot is not enumerated)", examples=[7])
    game: GameName = Field(default="holdem", examples=["short-deck", "holdem"],
                           description="holdem (when not given) or short-deck: the game whose ranges, deck and "
                                       "ranking the equities are of")


def distribution_answer(body: DistributionRequest, budget: float, stop: Stop) -> dict[str, Any]:
    """``{"seats": [...], "exact", "boards", "seconds"}``: the distribution of ``body.seat``, or of every
    seat, each as :meth:`~pokerfsm.study.equity_distribution.Distribution.to_dict` writes it."""
    deal = read_grid_spot(body, grid_game(body.game, what="the equity distribution"))
    if body.seat is not None and body.seat >= len(deal.seats):
        raise FieldError(("body", "seat"), f"there is no seat {body.seat + 1}: the spot has {len(deal.seats)}",
                         "no_seat")
    try:
        every = deal_distributions(deal, budget=min(budget, BUDGET_SHARE * stop.seconds_left()), seed=body.seed,
                                  stop=stop)
    except Error as exc:
        if exc.field is None:
            raise
        raise field_error(exc) from None
    chosen = every if body.seat is None else (every[body.seat],)
    return {"seats": [d.to_dict() for d in chosen], "exact": every[0].exact, "boards": every[0].boards,
            "seconds": round(every[0].seconds, 4)}
