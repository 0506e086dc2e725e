"""Progress bars for long work, on standard error and only on a terminal.

:func:`progress_bar` yields a callback ``update(fraction, stage=None)`` that
the work calls as it advances (the table build, a long equity run, a
precomputed-table build). The bar appears once the work has run ``delay``
seconds, so quick jobs show nothing; off a terminal the callback is ``None``,
which the work takes as "report nothing".

>>> with progress_bar("counting") as update:   # doctests do not run on a terminal
...     update is None
True
"""
from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator
from typing import Any, Protocol

__all__ = ["Progress", "progress_bar", "DELAY_ENV_VAR"]

DELAY_ENV_VAR = "POKERFSM_PROGRESS_DELAY"
"""Seconds before a bar appears (default 1; 0 shows it at once)."""


class Progress(Protocol):
    """What long work calls: the fraction done (0 to 1), and optionally the stage it is in."""

    def __call__(self, fraction: float, stage: str | None = None) -> None: ...


def _default_delay() -> float:
    try:
        return max(0.0, float(os.environ.get(DELAY_ENV_VAR, "1")))
    except ValueError:
        return 1.0


@contextlib.contextmanager
def progress_bar(label: str = "computing", *, delay: float | None = None, force: bool = False,
                 counts: bool = False) -> Iterator[Progress | None]:
    """A bar on stderr labelled ``label``, shown once the work has run ``delay`` seconds.

    Yields ``None`` when stderr is not a terminal (unless ``force``). With
    ``counts`` the bar also shows the rate and the time left.
    """
    if not (force or sys.stderr.isatty()):
        yield None
        return
    wait = _default_delay() if delay is None else delay
    from rich.console import Console
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
    from rich.progress import Progress as RichProgress

    started = time.perf_counter()
    shown: list[Any] = []
    columns = [TextColumn("{task.description}"), BarColumn(), TextColumn("{task.percentage:>3.0f}%"),
               TimeElapsedColumn()]
    if counts:
        columns.append(TimeRemainingColumn())

    def update(fraction: float, stage: str | None = None) -> None:
        description = f"{label}: {stage}" if stage else label
        if not shown:
            if time.perf_counter() - started < wait:
                return
            bar = RichProgress(*columns, console=Console(stderr=True), transient=True)
            bar.start()
            shown.extend([bar, bar.add_task(description, total=1.0)])
        shown[0].update(shown[1], completed=min(max(fraction, 0.0), 1.0), description=description)

    try:
        yield update
    finally:
        if shown:
            shown[0].stop()
