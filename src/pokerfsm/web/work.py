"""Where the computations run: heavy ones on their own threads, under a deadline, cancellable.

Equity is the heavy work. It runs on a :class:`HeavyPool`, threads of its
own (so it never takes a thread the cheap endpoints need) at a lower CPU
priority on Linux (so that a cheap request is scheduled first when both
want a core). Each computation carries a :class:`~pokerfsm.odds.Stop`:
its time limit is the request's deadline, and the kernels obey it (and a
cancellation) within milliseconds. A computation still waiting for a thread
when its deadline passes, or whose client has gone, never starts.

:func:`until_disconnected` runs an awaitable while watching the request's
connection, and cancels it when the client goes away.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from ..errors import TimeLimitError
from ..odds import Stop

__all__ = ["HeavyPool", "until_disconnected", "GONE"]

T = TypeVar("T")

GONE: Any = object()
"""What :func:`until_disconnected` returns when the client went away first."""

GRACE = 0.5
"""Seconds past a deadline after which a computation that has not answered is given up."""


def _lower_priority(steps: int) -> None:
    """Make the calling thread (and the OpenMP threads it will start) ``steps`` nicer (Linux only)."""
    if steps <= 0 or not sys.platform.startswith("linux"):
        return  # elsewhere, setpriority would change the whole process
    try:
        thread = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, thread, min(19, os.getpriority(os.PRIO_PROCESS, thread) + steps))
    except OSError:
        pass


class HeavyPool:
    """``workers`` threads for long computations, ``nice`` steps below the server's priority."""

    def __init__(self, workers: int, nice: int = 10) -> None:
        self.workers, self.nice = workers, nice
        self._executor: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        self._running = 0
        self._stops: set[Stop] = set()

    @property
    def running(self) -> int:
        """Computations running on a thread right now."""
        return self._running

    def _pool(self) -> ThreadPoolExecutor:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="pokerfsm-heavy",
                                                initializer=_lower_priority, initargs=(self.nice,))
        return self._executor

    def _call(self, fn: Callable[[Stop], T], stop: Stop) -> T:
        with self._lock:
            self._running += 1
        try:
            stop.check()  # its deadline passed while it waited, or its client left: do nothing
            return fn(stop)
        finally:
            with self._lock:
                self._running -= 1

    async def run(self, fn: Callable[[Stop], T], stop: Stop) -> T:
        """``fn(stop)`` on a heavy thread; TimeLimitError once ``stop``'s time limit is over.

        Cancelling the caller takes a waiting computation out of the queue and
        presses ``stop.cancel()`` for a running one.
        """
        future = self._pool().submit(self._call, fn, stop)
        self._stops.add(stop)
        try:
            waiting = asyncio.wrap_future(future)
            if stop.time_limit is None:
                return await waiting
            try:
                return await asyncio.wait_for(waiting, stop.seconds_left() + GRACE)
            except TimeLimitError:  # the library's own (a TimeoutError too)
                raise
            except TimeoutError:  # still waiting for a thread, or not stopping: give up on it
                raise TimeLimitError(f"the computation needed more than its time limit of {stop.time_limit:g} s",
                                     field="time_limit") from None
        except BaseException:
            stop.cancel()  # a no-op if it finished; else the kernels stop within milliseconds
            raise
        finally:
            self._stops.discard(stop)

    def close(self) -> None:
        """Cancel every computation and let the threads go (at server shutdown)."""
        for stop in list(self._stops):
            stop.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


async def _disconnected(receive: Callable[[], Awaitable[MutableMapping[str, Any]]]) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


async def until_disconnected(receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
                             work: Awaitable[T]) -> T:
    """The result of ``work``, or :data:`GONE` (``work`` cancelled) if the client disconnects first.

    ``receive`` is the request's ASGI ``receive``, its body already read.
    """
    task = asyncio.ensure_future(work)
    watcher = asyncio.ensure_future(_disconnected(receive))
    try:
        await asyncio.wait({task, watcher}, return_when=asyncio.FIRST_COMPLETED)
        if task.done():
            return task.result()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return GONE  # type: ignore[no-any-return]
    finally:
        for pending in (task, watcher):
            if not pending.done():
                pending.cancel()
