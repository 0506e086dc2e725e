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

How it is answered: from a precomputed table when one holds the answer (a
heads-up preflop deal with no dead cards, tables built with ``pokerfsm tables
build``; see :mod:`pokerfsm.precomputed.answers`), then exactly (:mod:`pokerfsm.odds.enumeration`) when the
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
from typing import Any

import numpy as np

from ..cards import CardsLike
from ..errors import InvalidDealError, OptionError, TimeLimitError, checked_flag, quoted
from .deal import PlayerSpec, prepare_deal
from .enumeration import enumerate_known, enumerate_ranges, make_plan, max_threads
from .results import EquityResult, equity_result
from .sampling import sample
from .stopping import Stop

__all__ = ["equity", "DEFAULT_BUDGET", "DEFAULT_TARGET_STD_ERROR", "MAX_SAMPLES"]

DEFAULT_BUDGET = 2.0
"""Seconds the automatic mode may spend enumerating before it samples instead."""
DEFAULT_TARGET_STD_ERROR = 0.001
"""Monte Carlo stops once every player's equity has this standard error (0.1 %)."""
MAX_SAMPLES = 10_000_000
"""The most Monte Carlo deals one call may ask for (tens of seconds of one core with ten players)."""


MAX_BUDGET = 86_400.0
"""A day: the most ``budget`` may be."""
MIN_TARGET_STD_ERROR = 1e-6
"""Below this a standard error target is out of reach of any sample size that fits in memory."""


def _check_options(samples: Any, seed: Any, budget: Any, target_std_error: Any, exact: Any, tables: Any,
                   stop: Any, progress: Any) -> float:
    """Refuse bad options with one :class:`OptionError` naming the option; returns the budget."""
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


def equity(players: Sequence[PlayerSpec], board: CardsLike = (), dead: CardsLike = (), *,
           samples: int | None = None, seed: Any = None, exact: bool | None = None,
           budget: float | None = None, progress: Callable[[float], None] | None = None,
           target_std_error: float = DEFAULT_TARGET_STD_ERROR, stop: Stop | None = None,
           tables: bool = True) -> EquityResult:
    """Win, tie and equity of each player, exact when it fits the budget.

    ``players``: 2-10 hands, ``None``/``"??"`` (random) or range strings.
    ``exact``: True forces enumeration, False Monte Carlo, None chooses by the
    estimated time against ``budget`` seconds (default :data:`DEFAULT_BUDGET`).
    ``samples`` (1 to :data:`MAX_SAMPLES`) fixes the number of Monte Carlo
    deals (and implies Monte Carlo unless ``exact`` is True); ``seed`` (a
    whole number or a numpy Generator) makes it repeatable.
    ``progress(fraction)`` is called as the work advances. ``stop``
    (:class:`~pokerfsm.odds.Stop`) sets a hard time limit and lets another
    thread cancel; with a time limit, the automatic mode also cuts an exact
    run that overruns its estimate (at 1.5 budgets) and hands over to Monte
    Carlo for the time left. Without one, the choice depends on the estimate
    alone, so the same question always gets the same kind of answer.

    ``tables``: answer from a precomputed table when one applies (no board,
    no dead cards, the table built) and no Monte Carlo is asked for
    (``exact=False`` or ``samples``). Its ``method`` is ``"table"``. Two
    seats: exact, equal to enumeration; the hand ``categories`` are there for
    a hand against a random hand and empty otherwise (no other table holds
    them; ``tables=False`` computes them). A known hand against 2-9 random hands, when ``exact`` is
    None: the table's Monte Carlo row if its standard error is at most
    ``target_std_error`` (``exact`` False, ``std_error`` and ``combinations``
    from the row). Without tables everything is computed as described.

    >>> r = equity(["AdTs", "QcAh"], board="Kh Tc Td")
    >>> r.combinations, r.players[0].wins, r.players[1].wins, r.players[0].ties
    (990, 843, 131, 16)

    Raises CardParseError, RangeParseError, DuplicateCardError or
    InvalidDealError for a bad deal (with the player, field and card),
    OptionError for a bad option, TimeLimitError or CancelledError when
    ``stop`` says so.
    """
    started = time.perf_counter()
    deal = prepare_deal(players, board, dead)
    budget = _check_options(samples, seed, budget, target_std_error, exact, tables, stop, progress)
    stop = stop if stop is not None else Stop()
    stop.check()  # a computation cancelled (or out of time) before it starts does not start, table or not
    if tables and samples is None and exact is not False and not deal.board and not deal.dead:
        from ..precomputed.answers import table_answer  # a later stage: see that module

        answer = table_answer(deal, started, target_std_error if exact is None else None)
        if answer is not None:
            if progress is not None:
                progress(1.0)
            return answer
    all_known = deal.all_known
    plan = None if all_known else make_plan(deal)
    forced = exact is not None
    if exact is None:
        exact = samples is None and (all_known or plan.seconds / max_threads() <= budget)  # type: ignore[union-attr]
    if exact:
        if plan is not None and plan.seconds > 3600 * max_threads():
            raise InvalidDealError(
                f"exact enumeration of this deal would take about {plan.seconds / 3600:.0f} hours; "
                "use Monte Carlo (leave exact unset or pass samples=)", field="players")
        timed = stop.time_limit is not None and not forced and not all_known
        attempt = stop.within(1.5 * budget) if timed else stop
        try:
            totals, combinations = (enumerate_known(deal, progress, attempt) if all_known
                                    else enumerate_ranges(deal, plan, progress, attempt))  # type: ignore[arg-type]
            return equity_result(deal, totals, combinations, True, None, started, "enumeration")
        except TimeLimitError:
            if attempt is stop:
                raise
            stop.resume()
            stop.check()  # the whole time limit, or a cancellation, ends it here
            started_sampling = time.perf_counter()
            budget = max(0.5 * budget, 0.2)
            totals, trials, error = sample(deal, None, seed, budget, target_std_error, progress,
                                           started_sampling, stop)
            return equity_result(deal, totals, trials, False, error, started, "monte-carlo", trials)
    totals, trials, error = sample(deal, samples, seed, budget, target_std_error, progress, started, stop)
    return equity_result(deal, totals, trials, False, error, started, "monte-carlo", trials)
