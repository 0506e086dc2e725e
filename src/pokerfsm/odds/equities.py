"""Exact (or Monte Carlo) equity of 2-10 hold'em hands, ranges and random hands.

>>> r = equity(["AhAd", "KsKc"])
>>> r.exact, r.combinations, r.players[0].wins, r.players[1].wins, r.players[0].ties
(True, 1712304, 1388072, 317694, 6538)
>>> round(r.players[0].equity, 6)
0.812555

Each player is a known hand (``"AhKd"``, ``"Ah Kd"`` or two cards), ``None``
or ``"??"`` for a random hand, or a range in PokerStove syntax (see
:mod:`pokerfsm.players` for how text is read). The board has 0, 3, 4 or 5 cards; dead cards are
out of the deck.

How it is computed: exactly (:mod:`pokerfsm.odds.enumeration`) when the
estimated time fits ``budget`` seconds, otherwise by seeded Monte Carlo
(:mod:`pokerfsm.odds.sampling`) until the standard error of every equity is
below ``target_std_error`` or the budget is spent.

Results count showdowns: ``win`` (alone with the best hand), ``tie`` (sharing
it), ``lose``, and ``equity`` (the share of the pot: wins plus 1/k of each
k-way tie). Category probabilities are keyed by :class:`HandCategory` member
names (``"HIGH_CARD"`` … ``"STRAIGHT_FLUSH"``).
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from ..cards import CardsLike
from ..errors import InvalidDealError
from .deal import PlayerSpec, prepare_deal
from .enumeration import enumerate_known, enumerate_ranges, make_plan, max_threads
from .results import EquityResult, equity_result
from .sampling import sample

__all__ = ["equity", "DEFAULT_BUDGET", "DEFAULT_TARGET_STD_ERROR"]

DEFAULT_BUDGET = 2.0
"""Seconds the automatic mode may spend enumerating before it samples instead."""
DEFAULT_TARGET_STD_ERROR = 0.001
"""Monte Carlo stops once every player's equity has this standard error (0.1 %)."""


def equity(players: Sequence[PlayerSpec], board: CardsLike = (), dead: CardsLike = (), *,
           samples: int | None = None, seed=None, exact: bool | None = None,
           budget: float | None = None, progress: Callable[[float], None] | None = None,
           target_std_error: float = DEFAULT_TARGET_STD_ERROR) -> EquityResult:
    """Win, tie and equity of each player, exact when it fits the budget.

    ``players``: 2-10 hands, ``None``/``"??"`` (random) or range strings.
    ``exact``: True forces enumeration, False Monte Carlo, None chooses by the
    estimated time against ``budget`` seconds (default :data:`DEFAULT_BUDGET`).
    ``samples`` fixes the number of Monte Carlo deals (and implies Monte Carlo
    unless ``exact`` is True); ``seed`` (an int or a numpy Generator) makes it
    repeatable. ``progress(fraction)`` is called as the work advances.

    >>> r = equity(["AdTs", "QcAh"], board="Kh Tc Td")
    >>> r.combinations, r.players[0].wins, r.players[1].wins, r.players[0].ties
    (990, 843, 131, 16)

    Raises CardParseError, RangeParseError, DuplicateCardError or
    InvalidDealError for a bad deal (the message says which player or card).
    """
    started = time.perf_counter()
    deal = prepare_deal(players, board, dead)
    budget = DEFAULT_BUDGET if budget is None else float(budget)
    if samples is not None and (not isinstance(samples, int) or samples < 1):
        raise InvalidDealError(f"samples must be a positive whole number, got {samples!r}")
    if not target_std_error > 0:
        raise InvalidDealError(f"target_std_error must be positive, got {target_std_error!r}")
    all_known = deal.all_known
    plan = None if all_known else make_plan(deal)
    if exact is None:
        exact = samples is None and (all_known or plan.seconds / max_threads() <= budget)
    if exact:
        if plan is not None and plan.seconds > 3600 * max_threads():
            raise InvalidDealError(
                f"exact enumeration of this deal would take about {plan.seconds / 3600:.0f} hours; "
                "use Monte Carlo (leave exact unset or pass samples=)")
        totals, combinations = (enumerate_known(deal, progress) if all_known
                                else enumerate_ranges(deal, plan, progress))
        return equity_result(deal, totals, combinations, True, None, started, "enumeration")
    totals, trials, error = sample(deal, samples, seed, budget, target_std_error, progress, started)
    return equity_result(deal, totals, trials, False, error, started, "monte-carlo", trials)
