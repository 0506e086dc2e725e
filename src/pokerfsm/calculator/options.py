"""The options of :func:`pokerfsm.equity` and :class:`~pokerfsm.LiveOdds`: their limits and one check.

A bad option is refused with one :class:`~pokerfsm.errors.OptionError` whose
``field`` names it, before any work starts:

>>> check_options(samples=0)
Traceback (most recent call last):
...
pokerfsm.errors.OptionError: samples must be a whole number from 1 to 10,000,000, got 0
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import OptionError, checked_flag, quoted
from ..odds.compute import DEFAULT_BUDGET, DEFAULT_TARGET_STD_ERROR
from ..odds.stopping import Stop

__all__ = ["check_options", "DEFAULT_BUDGET", "DEFAULT_TARGET_STD_ERROR", "MAX_SAMPLES", "MAX_BUDGET",
           "MIN_TARGET_STD_ERROR"]

MAX_SAMPLES = 10_000_000
"""The most Monte Carlo deals one call may ask for (tens of seconds of one core with ten players)."""
MAX_BUDGET = 86_400.0
"""A day: the most ``budget`` may be."""
MIN_TARGET_STD_ERROR = 1e-6
"""Below this a standard error target is out of reach of any sample size that fits in memory."""


def check_options(*, samples: Any = None, seed: Any = None, budget: Any = None,
                  target_std_error: Any = DEFAULT_TARGET_STD_ERROR, exact: Any = None, tables: Any = True,
                  stop: Any = None, progress: Any = None) -> float:
    """Refuse bad options with one :class:`OptionError` naming the option; returns the budget in
    seconds (:data:`DEFAULT_BUDGET` for None)."""
    checked_flag(exact, "exact", optional=True)
    checked_flag(tables, "tables")
    if stop is not None and not isinstance(stop, Stop):
        raise OptionError(f"stop must be a pokerfsm.odds.Stop (or None), got {quoted(stop)}", field="stop")
    if progress is not None and not callable(progress):
        raise OptionError(f"progress must be a function of the fraction done (or None), got {quoted(progress)}",
                          field="progress")
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int)
                                or not 1 <= samples <= MAX_SAMPLES):
        raise OptionError(f"samples must be a whole number from 1 to {MAX_SAMPLES:,}, got {samples!r}",
                          field="samples")
    if seed is not None and not isinstance(seed, np.random.Generator) and (
            isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64):
        raise OptionError(f"seed must be a whole number from 0 to 2**64 - 1 (or a numpy Generator), "
                          f"got {seed!r}", field="seed")
    if budget is None:
        budget = DEFAULT_BUDGET
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 < budget <= MAX_BUDGET:
        raise OptionError(f"budget must be a number of seconds above 0 and at most {MAX_BUDGET:g}, "
                          f"got {budget!r}", field="budget")
    if isinstance(target_std_error, bool) or not isinstance(target_std_error, (int, float)) \
            or not MIN_TARGET_STD_ERROR <= target_std_error <= 0.5:
        raise OptionError(f"target_std_error must be from {MIN_TARGET_STD_ERROR:g} to 0.5, "
                          f"got {target_std_error!r}", field="target_std_error")
    return float(budget)
