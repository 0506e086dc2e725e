"""Enumerate or sample: the rule by which a game's equity (Omaha, short deck) chooses, in one place.

It is hold'em's rule (:func:`pokerfsm.odds.compute.compute`): with ``exact``
None, enumerate when the estimated time on all threads fits the budget and no
sample count is given, otherwise sample; refuse an enumeration estimated at
hours; with a time limit (and the choice left automatic), cut an enumeration
that overruns :data:`~pokerfsm.odds.compute.HAND_OVER` budgets and sample for
the time left.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from ..errors import TimeLimitError
from .compute import HAND_OVER
from .enumeration import max_threads
from .exact_cost import MOST_EXACT_HOURS, refuse_costly
from .stopping import Stop

__all__ = ["exact_or_sampled", "MOST_EXACT_HOURS"]

Answer = TypeVar("Answer")


def exact_or_sampled(seconds: float, *, samples: int | None, exact: bool | None, budget: float, stop: Stop,
                     enumerate_all: Callable[[Stop], Answer],
                     sample: Callable[[int | None, float, float], Answer]) -> Answer:
    """The answer of ``enumerate_all(stop)`` or ``sample(samples, budget, started)``, as the rule says.

    ``seconds`` is the estimated time of enumeration on one thread. On a
    hand-over, ``sample`` gets no sample count, the time left (half the
    budget, 0.2 s at least) and the time it starts.
    """
    forced = exact is not None
    if exact is None:
        exact = samples is None and seconds / max_threads() <= budget
    if not exact:
        return sample(samples, budget, time.perf_counter())
    refuse_costly(seconds, max_threads())
    timed = stop.time_limit is not None and not forced
    attempt = stop.within(HAND_OVER * budget) if timed else stop
    try:
        return enumerate_all(attempt)
    except TimeLimitError:
        if attempt is stop:
            raise
        stop.resume()
        stop.check()  # the whole time limit, or a cancellation, ends it here
        return sample(None, max(0.5 * budget, 0.2), time.perf_counter())
