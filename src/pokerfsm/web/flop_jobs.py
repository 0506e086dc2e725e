"""``POST /api/flops`` and ``DELETE /api/flops``: a flop report for the page, as a job it polls.

A whole report (hold'em's 1,755 flops, about 20 s of CPU for two 15-20 %
ranges) does not fit a request's deadline, so the page asks, and asks again:

* when the store holds the report of the two ranges (``pokerfsm report
  flops`` built it, or an earlier job did), the answer is the report at once
  (200, ``"status": "done"``);
* otherwise the server starts a **job** and answers 202 with ``"status":
  "running"`` and its progress; asking the same again gives the progress,
  then the report once it is done. The job computes in the server's process
  on a thread of its own, one task of 15 flops after another at a lower CPU
  priority (never on the threads equity uses, never on the event loop), and
  commits each task's rows to the store: the work is never lost, and a later
  job, or the command line, goes on from there.
* One job runs at a time: asking for other ranges while a job is being
  polled is a 429 with ``Retry-After``. A job nobody has asked about for
  :data:`IDLE_SECONDS` stops (its finished flops kept); ``DELETE`` with the
  same body stops it at once. A job stops after :data:`JOB_SECONDS` whatever.
* Bad ranges are a 422 naming ``range_a`` or ``range_b`` before anything
  runs; a store another program is writing is a 503 that says so.

``game`` is hold'em (the default) or short deck, whose report covers the
suit-canonical flops of its 36 cards and reads the ranges as its equity does
(:func:`pokerfsm.study.flops.canonical_flops`); any other game is one 422 on
``game``. A job and a stored report are the game's: the same ranges at the
two games never mix. ``limit`` asks for the first N flops only (a partial
report, as the command line's ``--limit``; at most the game's flops).
``hits`` adds each row's made hands and draws (they double the answer's size,
so they are left out unless asked).
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Request
from pydantic import Field

from ..errors import Error, StoppedError, StoreError
from ..odds import Stop
from ..study.flops import FLOPS, canonical_flops
from ..study.report import FlopReport, checked_ranges, flop_report, report_key, stored_report
from ..variants import Game
from .grid_games import grid_game
from .problems import FieldError
from .questions import error_kind, field_error
from .schemas import GameName, _Request
from .work import HeavyPool

__all__ = ["FlopsRequest", "ReportJobs", "report_jobs", "report_answer", "flop_count", "IDLE_SECONDS",
           "JOB_SECONDS", "BusyError"]

IDLE_SECONDS = 15.0
"""A job nobody has asked about for this long stops (the page asks every second while it shows it)."""
JOB_SECONDS = 1800.0
"""The most one job may run."""


class FlopsRequest(_Request):
    """Two ranges of hand classes (the same under any renaming of suits) for a flop report."""

    range_a: Annotated[str, Field(max_length=500)] = Field(description="the first range", examples=["QQ+, AK"])
    range_b: Annotated[str, Field(max_length=500)] = Field(description="the second range",
                                                           examples=["22+, A2s+, K9s+, QTs+, JTs, ATo+, KJo+"])
    limit: Annotated[int, Field(strict=True, ge=1, le=FLOPS)] | None = Field(
        default=None, description="only the first N canonical flops (a partial report; at most the game's flops)")
    hits: bool = Field(default=False, description="include each row's made hands and draws (hits_a, hits_b)")
    game: GameName = Field(default="holdem", examples=["holdem", "short-deck"],
                           description="holdem (when not given) or short-deck: the game whose ranges, canonical "
                                       "flops and ranking the report is of")


def flop_count(game: Game) -> int:
    """How many suit-canonical flops ``game``'s report has."""
    return len(canonical_flops(game))


class BusyError(Exception):
    """Another report is being computed (``progress``: its share done)."""

    def __init__(self, progress: float) -> None:
        super().__init__(progress)
        self.progress = progress


@dataclass
class Job:
    """A report being computed: its stop, its progress, and when a client last asked about it."""

    key: str
    stop: Stop
    total: int
    done: int = 0
    asked: float = field(default_factory=time.monotonic)
    task: asyncio.Task[FlopReport] | None = None

    def progress(self, fraction: float, text: str) -> None:
        """The report's progress callback (on the job's thread): count, and stop when nobody asks."""
        self.done = round(fraction * self.total)
        if time.monotonic() - self.asked > IDLE_SECONDS:
            self.stop.cancel()

    def status(self) -> dict[str, Any]:
        return {"status": "running", "done": self.done, "flops": self.total,
                "progress": round(self.done / self.total, 4)}


class ReportJobs:
    """The server's report jobs (at most one running), on one thread of their own."""

    def __init__(self, nice: int, compute: Callable[..., FlopReport] = flop_report) -> None:
        self.pool = HeavyPool(1, nice)
        self.compute = compute
        self.jobs: dict[str, Job] = {}

    def start_or_poll(self, key: str, body: FlopsRequest, wanted: list[int]) -> Job | FlopReport:
        """The job computing ``key`` (started if needed), or its report once it is done (raises what the
        job raised; BusyError while another job is asked about)."""
        job = self.jobs.get(key)
        if job is not None:
            job.asked = time.monotonic()
            if job.task is not None and job.task.done():
                del self.jobs[key]
                return job.task.result()
            return job
        for other in list(self.jobs.values()):
            if other.task is not None and other.task.done():
                self.jobs.pop(other.key, None)
            elif time.monotonic() - other.asked <= IDLE_SECONDS:
                raise BusyError(other.done / other.total)
            else:
                other.stop.cancel()
                self.jobs.pop(other.key, None)
        job = Job(key, Stop(JOB_SECONDS), len(wanted))
        job.task = asyncio.ensure_future(self.pool.run(
            lambda stop: self.compute(body.range_a, body.range_b, flops=wanted, in_process=True, stop=stop,
                                      progress=job.progress, game=body.game), job.stop))
        job.task.add_done_callback(_quiet)
        self.jobs[key] = job
        return job

    def computing(self, key: str) -> bool:
        """Whether a job is computing ``key`` now."""
        job = self.jobs.get(key)
        return job is not None and job.task is not None and not job.task.done()

    def cancel(self, key: str) -> bool:
        """Stop the job computing ``key``; whether there was one."""
        job = self.jobs.pop(key, None)
        if job is not None:
            job.stop.cancel()
        return job is not None

    def close(self) -> None:
        for job in self.jobs.values():
            job.stop.cancel()
        self.pool.close()


def _quiet(task: asyncio.Task[Any]) -> None:
    """Mark a job's exception as seen: its client reads it on its next poll, or nobody does."""
    if not task.cancelled():
        task.exception()


def report_jobs(request: Request) -> ReportJobs:
    """The app's :class:`ReportJobs`, made on first use."""
    jobs: ReportJobs | None = getattr(request.app.state, "report_jobs", None)
    if jobs is None:
        jobs = ReportJobs(request.app.state.server.settings.nice)
        request.app.state.report_jobs = jobs
    return jobs


def read_request(body: FlopsRequest, computing: Callable[[str], bool]) -> tuple[str, list[int], FlopReport | None]:
    """The report's key (its game and ranges), the flops wanted and the stored report if the store holds
    it and no job is ``computing`` it (light work: reads the ranges and the store; FieldError for a bad
    game, range or limit)."""
    game = grid_game(body.game, what="the flop report")
    try:
        first, second = checked_ranges(body.range_a, body.range_b, game=game)
    except Error as exc:
        if exc.field == "players":   # read as a seat: placed in the request's own field
            raise FieldError(("body", ("range_a", "range_b")[exc.player or 0]), str(exc), error_kind(exc)) from None
        raise field_error(exc) from None
    flops = flop_count(game)
    if body.limit is not None and body.limit > flops:
        raise FieldError(("body", "limit"), f"{game.label} has {flops:,} canonical flops: the limit may be "
                         f"{flops} at most, not {body.limit}", "less_than_equal")
    wanted = list(range(body.limit or flops))
    key = report_key(first, second, game)
    if computing(key):   # polled while it runs: its progress, without reading the store
        return key, wanted, None
    try:
        stored = stored_report(first, second, flops=wanted, game=game)
    except StoreError:   # a busy or damaged store: the job says so if it cannot write either
        stored = None
    return key, wanted, stored


def report_answer(report: FlopReport, hits: bool) -> dict[str, Any]:
    """The report as JSON (``FlopReport.to_dict``), ``"status": "done"``, rows without hits unless asked."""
    answer = {"status": "done", **report.to_dict()}
    if not hits:
        answer["rows"] = [{k: v for k, v in row.items() if k not in ("hits_a", "hits_b")} for row in answer["rows"]]
    return answer


def job_failure(exc: BaseException) -> tuple[int, dict[str, Any]]:
    """The status and error item of a job that ended with ``exc``."""
    if isinstance(exc, StoreError):
        return 503, {"loc": ["server", "store"], "type": "store_error",
                     "msg": "the store of precomputed results is busy or unreadable (a table build may be writing "
                            "it): try again later; the server's log says more"}
    if isinstance(exc, StoppedError):
        return 503, {"loc": ["server"], "type": "stopped",
                     "msg": "the report's computation stopped (nobody asked for it, or it ran out of time); "
                            "ask again to go on from the flops already done"}
    if isinstance(exc, Error):
        return 422, field_error(exc).item()
    raise exc
