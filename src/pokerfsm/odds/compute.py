"""Equity computed from scratch: exact enumeration when it fits the time budget, else seeded Monte Carlo.

:func:`compute` answers a deal already checked by
:func:`~pokerfsm.odds.deal.prepare_deal`, with options already checked (the
dispatch :func:`pokerfsm.equity` checks them and tries the precomputed tables
first). Builds of those tables call it directly, so that they never read
what they are building.

>>> from pokerfsm.odds.deal import prepare_deal
>>> r = compute(prepare_deal(["AdTs", "QcAh"], "Kh Tc Td"))
>>> r.method, r.combinations, r.players[0].wins, r.players[1].wins, r.players[0].ties
(<Method.ENUMERATION: 'enumeration'>, 990, 843, 131, 16)
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..errors import TimeLimitError
from .deal import Deal
from .enumeration import enumerate_known, enumerate_ranges, make_plan, max_threads
from .exact_cost import refuse_costly
from .results import EquityResult, Method, from_row
from .sampling import sample
from .stopping import Stop

__all__ = ["compute", "DEFAULT_BUDGET", "DEFAULT_TARGET_STD_ERROR", "HAND_OVER"]

DEFAULT_BUDGET = 2.0
"""Seconds the automatic mode may spend enumerating before it samples instead."""
DEFAULT_TARGET_STD_ERROR = 0.001
"""Monte Carlo stops once every player's equity has this standard error (0.1 %)."""
HAND_OVER = 1.5
"""With a time limit, the automatic mode cuts an exact run at this many budgets and samples instead."""


def compute(deal: Deal, *, samples: int | None = None, seed: Any = None, exact: bool | None = None,
            budget: float = DEFAULT_BUDGET, progress: Callable[[float], None] | None = None,
            target_std_error: float = DEFAULT_TARGET_STD_ERROR, stop: Stop | None = None) -> EquityResult:
    """Win, tie and equity of each seat of ``deal``, exact when it fits ``budget`` seconds.

    ``exact``: True forces enumeration, False Monte Carlo, None chooses by the
    estimated time against ``budget``. ``samples`` fixes the number of Monte
    Carlo deals (and implies Monte Carlo unless ``exact`` is True); ``seed``
    (a whole number or a numpy Generator) makes it repeatable; Monte Carlo
    otherwise runs until every equity's standard error is below
    ``target_std_error`` or the budget is spent. ``progress(fraction)`` is
    called as the work advances. ``stop`` sets a hard time limit and lets
    another thread cancel; with a time limit, the automatic mode also cuts an
    exact run that overruns its estimate (at :data:`HAND_OVER` budgets) and
    hands over to Monte Carlo for the time left. Without one, the choice
    depends on the estimate alone, so the same question always gets the same
    kind of answer.

    The options are taken as given: :func:`pokerfsm.equity` checks them.
    Raises InvalidDealError when the ranges collide with every deal or exact
    enumeration would take hours, TimeLimitError or CancelledError when
    ``stop`` says so.
    """
    started = time.perf_counter()
    stop = stop if stop is not None else Stop()
    all_known = deal.all_known
    plan = None if all_known else make_plan(deal)
    forced = exact is not None
    if exact is None:
        exact = samples is None and (plan is None or plan.seconds / max_threads() <= budget)
    if not exact:
        totals, trials, error = sample(deal, samples, seed, budget, target_std_error, progress, started, stop)
        return from_row(deal, totals, trials, method=Method.MONTE_CARLO, exact=False, started=started,
                        std_error=error, trials=trials)
    if plan is not None:
        refuse_costly(plan.seconds, max_threads())
    timed = stop.time_limit is not None and not forced and not all_known
    attempt = stop.within(HAND_OVER * budget) if timed else stop
    try:
        totals, combinations = (enumerate_known(deal, progress, attempt) if plan is None
                                else enumerate_ranges(deal, plan, progress, attempt))
    except TimeLimitError:
        if attempt is stop:
            raise
        stop.resume()
        stop.check()  # the whole time limit, or a cancellation, ends it here
        resumed = time.perf_counter()
        totals, trials, error = sample(deal, None, seed, max(0.5 * budget, 0.2), target_std_error, progress,
                                       resumed, stop)
        return from_row(deal, totals, trials, method=Method.MONTE_CARLO, exact=False, started=started,
                        std_error=error, trials=trials)
    return from_row(deal, totals, combinations, method=Method.ENUMERATION, exact=True, started=started)
