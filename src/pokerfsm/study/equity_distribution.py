"""Equity distributions: each hand of a seat's range by its equity against the other seats.

:func:`distribution` answers what GTO Wizard, Equilab or FlopHero show as
an equity curve: every live hand of the seat's range with its equity, its
weight, and the range sorted into buckets. The seat's equity is the hands'
equities weighted by their showdowns, so it equals :func:`pokerfsm.equity`'s
(exactly, to rounding, when both enumerate):

>>> d = distribution(["QQ+, AK", "22+, ATs+, KQs"], board="Kd 7c 2h")
>>> d.exact, len(d.hands), d.hands[0].hand, round(d.hands[0].equity, 4)
(True, 27, 'KcKh', 0.9841)
>>> [round(b.share, 4) for b in d.buckets]
[0.3333, 0.6667, 0.0, 0.0, 0.0]

Choices recorded here: buckets and the curve count the range by its
weight (a hand of weight 0.5 is half a combo), as range tools do; a hand's
``showdowns`` (its range weight times the opponents' weight it meets, over
every board) is what averages to the seat's equity. With three seats or
more a hand's equity depends on how the other seats' hands combine: it is
drawn from random deals of every seat (:mod:`.multiway`), and a hand's
``showdowns`` are the deals drawn where its seat held it.

``game="short-deck"`` reads the spot as short deck's equity does
(:func:`~pokerfsm.odds.short_deck_deal.prepare_short_deck_deal`: ranks six to
ace, ``top X%`` in short deck's order, a random hand one of its 630 combos),
deals the boards from its 36 cards and ranks hands by its ranking:

>>> d = distribution(["QQ+, AK", "66+, ATs+, KQs"], board="Kd 7c 6h", game="short-deck")
>>> d.game, d.exact, len(d.hands), d.hands[0].hand
('short-deck', True, 27, 'KcKh')
"""
from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..cards import CardsLike
from ..errors import InvalidDealError, OptionError
from ..odds.deal import Deal, PlayerSpec, prepare_deal
from ..odds.short_deck_deal import ShortDeckDeal, prepare_short_deck_deal
from ..odds.stopping import Stop
from ..variants import HOLDEM, GameLike
from .multiway import MultiwayDeals, multiway_deals
from .showdowns import DEFAULT_BUDGET, DEFAULT_TARGET_STD_ERROR, Showdowns, deal_game, showdowns, study_game

__all__ = ["distribution", "distributions", "deal_distributions", "Distribution", "HandEquity", "Bucket", "BUCKETS",
           "bucket_shares"]

BUCKETS: tuple[tuple[str, float, float], ...] = (
    (">= 80%", 0.8, 1.0), ("60-80%", 0.6, 0.8), ("40-60%", 0.4, 0.6), ("20-40%", 0.2, 0.4), ("< 20%", 0.0, 0.2))
"""The buckets (label, low, high), best first: a hand is in the one with ``low <= equity < high``
(``>= 80%`` includes 100 %)."""


@dataclass(frozen=True)
class HandEquity:
    """One hand of the range: its equity against the other seats, ``std_error`` (0 when exact; infinite,
    and null in JSON, for a hand seen on fewer than two random boards or deals),
    its ``weight`` in the range and its ``showdowns`` (see the module)."""

    hand: str
    equity: float
    std_error: float
    weight: float
    showdowns: float


@dataclass(frozen=True)
class Bucket:
    """A band of equity and the share of the range (by weight) whose hands are in it."""

    label: str
    low: float
    high: float
    weight: float
    share: float


@dataclass(frozen=True)
class Distribution:
    """A seat's range by equity: ``hands`` best first, the ``buckets``, and the seat's ``equity``;
    ``game`` the name of the game played."""

    seat: int
    range_text: str
    board: tuple[str, ...]
    dead: tuple[str, ...]
    hands: tuple[HandEquity, ...]
    buckets: tuple[Bucket, ...]
    equity: float
    exact: bool
    boards: int
    seconds: float
    game: str = HOLDEM.name

    def curve(self) -> list[tuple[float, float]]:
        """The curve: for each hand (best first), the share of the range (by weight) up to and
        including it, and its equity."""
        total = sum(h.weight for h in self.hands)
        points, running = [], 0.0
        for h in self.hands:
            running += h.weight
            points.append((running / total, h.equity))
        return points

    def to_dict(self) -> dict[str, Any]:
        """The distribution as JSON-ready data (the CLI's ``--json`` document)."""
        return {"game": self.game, "seat": self.seat + 1, "range": self.range_text, "board": list(self.board),
                "dead": list(self.dead), "equity": self.equity, "exact": self.exact,
                "method": "enumeration" if self.exact else "monte-carlo", "boards": self.boards,
                "seconds": round(self.seconds, 4),
                "buckets": [{"label": b.label, "low": b.low, "high": b.high, "weight": b.weight, "share": b.share}
                            for b in self.buckets],
                "hands": [{"hand": h.hand, "equity": h.equity,
                           "std_error": h.std_error if math.isfinite(h.std_error) else None, "weight": h.weight,
                           "showdowns": h.showdowns} for h in self.hands]}


def bucket_shares(equities: Sequence[float] | np.ndarray, weights: Sequence[float] | np.ndarray) -> tuple[Bucket, ...]:
    """The :data:`BUCKETS` with the share of ``weights`` whose ``equities`` fall in each."""
    eq, w = np.asarray(equities, dtype=float), np.asarray(weights, dtype=float)
    total = float(w.sum())
    out = []
    for label, low, high in BUCKETS:
        inside = (eq >= low) & ((eq < high) if high < 1.0 else (eq <= high))
        weight = float(w[inside].sum())
        out.append(Bucket(label, low, high, weight, weight / total if total else 0.0))
    return tuple(out)


def _prepared(players: Sequence[PlayerSpec], board: CardsLike, dead: CardsLike,
              game: GameLike) -> Deal | ShortDeckDeal:
    """The spot read as ``game``'s equity reads it."""
    if study_game(game, "equity distributions") is HOLDEM:
        return prepare_deal(players, board, dead)
    return prepare_short_deck_deal(players, board, dead)


def _seat_rows(deal: Deal | ShortDeckDeal, seat: int, hands: Sequence[Any], equity: np.ndarray, error: np.ndarray,
               weight: np.ndarray, showdown: np.ndarray, seat_equity: float, exact: bool, boards: int,
               seconds: float) -> Distribution:
    """Seat ``seat``'s distribution from its hands' figures (its live hands: those with showdowns)."""
    live = np.flatnonzero((weight > 0) & (showdown > 0))
    order = sorted(live.tolist(), key=lambda h: (-equity[h], str(hands[h][0]), str(hands[h][1])))
    rows = tuple(HandEquity(f"{hands[h][0]}{hands[h][1]}", float(equity[h]), float(error[h]), float(weight[h]),
                            float(showdown[h])) for h in order)
    return Distribution(seat, deal.seats[seat].text, tuple(map(str, deal.board)), tuple(map(str, deal.dead)), rows,
                        bucket_shares(equity[live], weight[live]), seat_equity, exact, boards, seconds,
                        deal_game(deal).name)


def _seat_distribution(deal: Deal | ShortDeckDeal, result: Showdowns, seat: int, seconds: float) -> Distribution:
    return _seat_rows(deal, seat, result.hands, result.equity(seat), result.std_error(seat), result.weights[seat],
                      result.showdown_weight(seat), result.seat_equity(seat), result.exact, result.boards, seconds)


def _drawn_distribution(deal: Deal | ShortDeckDeal, drawn: MultiwayDeals, seat: int, seconds: float) -> Distribution:
    return _seat_rows(deal, seat, drawn.hands[seat], drawn.equity(seat), drawn.std_error(seat), drawn.weights[seat],
                      drawn.counts[seat], drawn.seat_equity(seat), False, drawn.deals, seconds)


def distributions(players: Sequence[PlayerSpec], board: CardsLike = (), dead: CardsLike = (), *,
                  exact: bool | None = None, budget: float = DEFAULT_BUDGET, seed: Any = None,
                  target_std_error: float = DEFAULT_TARGET_STD_ERROR, stop: Stop | None = None,
                  game: GameLike = "holdem") -> tuple[Distribution, ...]:
    """Every seat's distribution from the same boards (see :func:`distribution`): heads-up one pass
    over the boards, with three seats or more the same random deals."""
    _check_options(exact, budget, target_std_error)
    return deal_distributions(_prepared(players, board, dead, game), exact=exact, budget=budget, seed=seed,
                              target_std_error=target_std_error, stop=stop)


def _check_options(exact: Any, budget: Any, target_std_error: Any) -> None:
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 < budget <= 3600:
        raise OptionError(f"budget must be seconds between 0 and 3600, not {budget!r}", field="budget")
    if (isinstance(target_std_error, bool) or not isinstance(target_std_error, (int, float))
            or not 0 < target_std_error < 0.5):
        raise OptionError(f"target_std_error must be above 0 and below 0.5, not {target_std_error!r}",
                          field="target_std_error")
    if exact not in (None, True, False):
        raise OptionError(f"exact must be True, False or None, not {exact!r}", field="exact")


def deal_distributions(deal: Deal | ShortDeckDeal, *, exact: bool | None = None, budget: float = DEFAULT_BUDGET,
                       seed: Any = None, target_std_error: float = DEFAULT_TARGET_STD_ERROR,
                       stop: Stop | None = None) -> tuple[Distribution, ...]:
    """:func:`distributions` of a deal already read (:func:`~pokerfsm.odds.deal.prepare_deal`, or
    :func:`~pokerfsm.odds.short_deck_deal.prepare_short_deck_deal` at short deck)."""
    started = time.perf_counter()
    _check_options(exact, budget, target_std_error)
    if len(deal.seats) > 2:
        if exact:
            raise OptionError("with three seats or more a distribution is drawn from random deals: it cannot "
                              "be exact", field="exact")
        drawn = multiway_deals(deal, budget=float(budget), seed=seed, target_std_error=float(target_std_error),
                               stop=stop)
        if not drawn.deals:
            raise InvalidDealError("no deal gives every seat a hand without sharing a card: the ranges collide",
                                   field="players")
        seconds = time.perf_counter() - started
        return tuple(_drawn_distribution(deal, drawn, seat, seconds) for seat in range(len(deal.seats)))
    result = showdowns(deal, exact=exact, budget=float(budget), seed=seed, target_std_error=float(target_std_error),
                       stop=stop)
    seconds = time.perf_counter() - started
    return tuple(_seat_distribution(deal, result, seat, seconds) for seat in (0, 1))


def distribution(players: Sequence[PlayerSpec], board: CardsLike = (), dead: CardsLike = (), *, seat: int = 0,
                 exact: bool | None = None, budget: float = DEFAULT_BUDGET, seed: Any = None,
                 target_std_error: float = DEFAULT_TARGET_STD_ERROR, stop: Stop | None = None,
                 game: GameLike = "holdem") -> Distribution:
    """Every live hand of seat ``seat``'s range (from 0) with its equity against the other seats.

    ``players``, ``board`` and ``dead`` are read as :func:`pokerfsm.equity`
    reads them for ``game`` (``"holdem"``, the default, or ``"short-deck"``;
    hands, ranges or ``None`` for a random hand). Heads-up:
    exact when every completion of the board fits ``budget`` seconds (by
    estimate) or ``exact`` is True; otherwise seeded random boards (``seed``)
    until every hand's standard error is at most ``target_std_error`` or the
    budget is spent. Three seats or more: random deals (:mod:`.multiway`),
    under the same target and budget (``exact=True`` is refused). ``stop``
    ends the work early (see :func:`~pokerfsm.study.showdowns.showdowns`).
    Raises what :func:`pokerfsm.equity` raises for a bad deal and
    OptionError for a bad option, another game or a ``seat`` the spot does not have.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise OptionError(f"seat must be a seat number counted from 0, not {seat!r}", field="seat")
    deal = _prepared(players, board, dead, game)
    if seat >= len(deal.seats):
        raise OptionError(f"there is no seat {seat} (counted from 0): the spot has {len(deal.seats)}", field="seat")
    return deal_distributions(deal, exact=exact, budget=budget, seed=seed, target_std_error=target_std_error,
                              stop=stop)[seat]
