"""When exact enumeration is refused as too costly, and the one message that says so.

Every game's back end asks :func:`refuse_costly` with its estimate of the
time on one thread; above :data:`MOST_EXACT_HOURS` hours on every thread the
enumeration is refused with an :class:`~pokerfsm.errors.ExactTooCostlyError`
whose duration reads as people say it:

>>> readable_duration(5400), readable_duration(3 * 86400), readable_duration(22849673 * 3600)
('90 minutes', '3 days', '2,600 years')
"""
from __future__ import annotations

from ..errors import ExactTooCostlyError

__all__ = ["MOST_EXACT_HOURS", "readable_duration", "refuse_costly", "costly_error"]

MOST_EXACT_HOURS = 1.0
"""Exact enumeration is refused when its estimate is above this many hours on every thread."""

_UNITS = (("years", 365.25 * 86400), ("days", 86400.0), ("hours", 3600.0), ("minutes", 60.0), ("seconds", 1.0))


def readable_duration(seconds: float) -> str:
    """``seconds`` in the largest unit of which there are at least two (once rounded) (hours below two days),
    rounded to two significant digits, thousands separated.

    >>> readable_duration(90), readable_duration(7200), readable_duration(40 * 86400)
    ('90 seconds', '2 hours', '40 days')
    """
    for unit, size in _UNITS:
        value = float(f"{seconds / size:.2g}")
        if value >= 2 or unit == "seconds":
            return f"{value:,.0f} {unit}" if value >= 10 or value == int(value) else f"{value:g} {unit}"
    raise AssertionError("unreachable")  # pragma: no cover


def costly_error(cost: str, field: str = "players") -> ExactTooCostlyError:
    """The library's refusal of an exact enumeration that ``cost`` s (``"would take about 3 days"``)."""
    return ExactTooCostlyError(f"exact enumeration of this deal {cost}; use Monte Carlo (leave exact unset or "
                               "pass samples=)", cost=cost, field=field)


def refuse_costly(seconds: float, threads: int) -> None:
    """Raise :class:`~pokerfsm.errors.ExactTooCostlyError` when ``seconds`` of work on one thread
    is above :data:`MOST_EXACT_HOURS` hours on ``threads`` threads.

    >>> refuse_costly(3600, 1)
    >>> try:
    ...     refuse_costly(22849673 * 3600, 4)
    ... except ExactTooCostlyError as refused:
    ...     print(refused.cost)
    would take about 650 years
    """
    if seconds > MOST_EXACT_HOURS * 3600 * threads:
        raise costly_error(f"would take about {readable_duration(seconds / threads)}")
