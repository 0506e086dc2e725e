"""Stopping long work: a time limit, and a cancel button another thread may press.

A :class:`Stop` goes with one computation. The compiled kernels read its
one-byte flag between units of work of a few milliseconds, so a
cancellation or a time limit takes effect within milliseconds even inside a
long exact enumeration, and the threads that were computing are free again.

>>> import pokerfsm
>>> stop = Stop()
>>> stop.cancel()
>>> pokerfsm.equity(["AhKh", None], stop=stop)
Traceback (most recent call last):
...
pokerfsm.errors.CancelledError: the computation was cancelled
"""
from __future__ import annotations

import math
import time

import numpy as np

from ..errors import CancelledError, OptionError, TimeLimitError

__all__ = ["Stop"]

_RUNNING, _CANCELLED, _TIMED_OUT = 0, 1, 2


class Stop:
    """When to stop: after ``time_limit`` seconds (from now; None: never), or once cancelled.

    Pass it to :func:`pokerfsm.equity` (``stop=``). :meth:`cancel` may be
    called from any thread.
    """

    def __init__(self, time_limit: float | None = None) -> None:
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
                                       or not math.isfinite(time_limit) or time_limit <= 0):
            raise OptionError(f"time limit must be a positive, finite number of seconds, got {time_limit!r}",
                              field="time_limit")
        self.time_limit = time_limit
        self.started = time.monotonic()
        self.flag = np.zeros(1, dtype=np.uint8)

    def within(self, seconds: float) -> Stop:
        """A stop for part of the work: the same cancel button, and at most ``seconds`` (or this
        stop's own time left, if shorter)."""
        inner = Stop(min(seconds, self.seconds_left()))
        inner.flag = self.flag
        return inner

    def resume(self) -> None:
        """Clear a time-out of a part (see :meth:`within`) so the rest of the work can go on."""
        if self.flag[0] == _TIMED_OUT:
            self.flag[0] = _RUNNING

    def cancel(self) -> None:
        """Ask the computation to stop as soon as it can."""
        self.flag[0] = _CANCELLED

    @property
    def cancelled(self) -> bool:
        return bool(self.flag[0] == _CANCELLED)

    def seconds_left(self) -> float:
        """Time left before the limit (``inf`` without one; at least a microsecond otherwise, so that
        kernels asked for 0 seconds still stop at once rather than run without a limit)."""
        if self.time_limit is None:
            return math.inf
        return max(self.time_limit - (time.monotonic() - self.started), 1e-6)

    def kernel_seconds(self) -> float:
        """The time the kernels get, as they take it (0 for no limit)."""
        left = self.seconds_left()
        return 0.0 if math.isinf(left) else left

    def check(self) -> None:
        """Raise if the work must stop: :class:`CancelledError` or :class:`TimeLimitError`."""
        if self.flag[0] == _CANCELLED:
            raise CancelledError("the computation was cancelled")
        elapsed = self.time_limit is not None and time.monotonic() - self.started >= self.time_limit
        if self.flag[0] == _TIMED_OUT or elapsed:
            self.flag[0] = _TIMED_OUT
            limit = f"its time limit of {self.time_limit:g} s" if self.time_limit is not None else "its time"
            raise TimeLimitError(f"the computation needed more than {limit}", field="time_limit")

    def __repr__(self) -> str:
        state = {_RUNNING: "running", _CANCELLED: "cancelled", _TIMED_OUT: "timed out"}[int(self.flag[0])]
        return f"<Stop {state}, time limit {self.time_limit}>"

