"""What the server holds between requests: its settings, the answer cache, its threads and the engine.

:func:`~pokerfsm.web.app.create_app` builds one :class:`ServerState` and keeps
it on ``app.state.server``; a route reads it through the :data:`Server`
dependency, typed:

>>> from fastapi import FastAPI
>>> from fastapi.testclient import TestClient
>>> app = FastAPI()
>>> app.state.server = ServerState.build(Settings(deadline=3.0), cache_size=8)
>>> @app.get("/deadline")
... async def deadline(server: Server) -> float:
...     return server.settings.deadline
>>> TestClient(app).get("/deadline").json()
3.0
"""
from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, TypeVar

import anyio
import anyio.to_thread
from fastapi import Depends, Request

from ..calculator import equity
from ..calculator.options import DEFAULT_BUDGET
from ..errors import OptionError
from ..evaluation import best_five, evaluate, hits
from ..odds.outs import outs
from .cache import AnswerCache, Question
from .work import HeavyPool

__all__ = ["Engine", "default_engine", "Settings", "ServerState", "Server", "server_state",
           "DEFAULT_DEADLINE", "MAX_BODY_BYTES"]

T = TypeVar("T")

DEFAULT_DEADLINE = 10.0
"""Seconds one equity request may take, waiting for a thread included."""
MAX_BODY_BYTES = 64 * 1024
"""The largest request body (the largest real question is a few kilobytes)."""


@dataclass
class Engine:
    """The computing functions the routes call (tests replace them to count, slow down or fail calls)."""

    equity: Callable[..., Any]
    evaluate: Callable[..., Any]
    best_five: Callable[..., Any]
    outs: Callable[..., Any]
    hits: Callable[..., Any]


def default_engine() -> Engine:
    """The library's own functions."""
    return Engine(equity=equity, evaluate=evaluate, best_five=best_five, outs=outs, hits=hits)


@dataclass
class Settings:
    """How the server spends its time; see :func:`~pokerfsm.web.app.create_app`."""

    budget: float = DEFAULT_BUDGET
    deadline: float = DEFAULT_DEADLINE
    workers: int = max(1, os.cpu_count() or 1)
    light_workers: int = 4
    per_client: int = 2
    max_body: int = MAX_BODY_BYTES
    body_timeout: float = 10.0
    nice: int = 10

    def check(self) -> None:
        """Refuse settings that cannot work, with an OptionError naming the setting."""
        for name in ("budget", "deadline", "body_timeout"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 86400:
                raise OptionError(f"{name} must be a number of seconds above 0 and at most 86400, got {value!r}",
                                  field=name)
        for name in ("workers", "light_workers", "per_client", "max_body"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise OptionError(f"{name} must be a whole number >= 1, got {value!r}", field=name)


@dataclass
class ServerState:
    """The settings, the cache of equity answers (with the question each was computed for), the
    heavy threads (equity, heatmaps), the limit on cheap work running at once, and the engine."""

    settings: Settings
    cache: AnswerCache[tuple[dict[str, Any], Question]]
    heavy: HeavyPool
    light: anyio.CapacityLimiter
    engine: Engine = field(default_factory=default_engine)
    table_open: bool = False
    """True once an evaluation has opened the hand-rank table (evaluating is then a few microseconds)."""

    @classmethod
    def build(cls, settings: Settings, *, cache_size: int, engine: Engine | None = None) -> ServerState:
        """A fresh state for ``settings`` (checked first)."""
        settings.check()
        return cls(settings, AnswerCache(cache_size), HeavyPool(settings.workers, settings.nice),
                   anyio.CapacityLimiter(settings.light_workers), engine or default_engine())

    async def in_thread(self, fn: Callable[..., T], *args: Any) -> T:
        """Cheap work (checking a question, evaluate, outs) on a thread of its own: never behind equity."""
        return await anyio.to_thread.run_sync(fn, *args, limiter=self.light)


def server_state(request: Request) -> ServerState:
    """The state of the app serving ``request``."""
    state: ServerState = request.app.state.server
    return state


Server = Annotated[ServerState, Depends(server_state)]
"""A route's parameter ``server: Server`` receives the app's :class:`ServerState`."""
