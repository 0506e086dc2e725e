"""Build the tables on Dask distributed: a local cluster, or an existing one.

The driver (this process) cuts a table into tasks of a few seconds, submits
the ones the store does not have yet, and commits each result to the store as
it arrives, one transaction per task. Workers only compute
(:func:`pokerfsm.precomputed.tasks.run_task`); nothing but the driver
writes the SQLite file. A worker that dies has its tasks run again elsewhere;
stopping the driver (Ctrl-C, SIGKILL) loses only the tasks in flight, and
running the same command again resumes. The build writes the store and
nothing else: never the installed package (its PokerStove order is written
by maintainers, see :mod:`.order`). Parameters are checked before the store
is opened (:func:`~pokerfsm.precomputed.checks.table_parameters`), and a full
disk or a file-size limit stops it with one error saying so.

The cluster is started here, in an importable module, because Dask spawns its
worker processes and they import the code that started them.

Needs the ``tables`` extra (``dask[distributed]``); the rest of pokerfsm does
not import Dask.
"""
from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._version import __version__
from ..errors import BuildError, StoreError
from ..progress import Progress, progress_bar
from .checks import table_parameters
from .store import Store, default_store_path, writer_lock
from .tasks import SPECS, rows_checksum, run_task

__all__ = ["BuildSummary", "build", "connect", "table_parameters"]

_QUIET = logging.CRITICAL


@dataclass
class BuildSummary:
    """What one table's build did in this run."""

    name: str
    tasks: int
    tasks_done: int
    tasks_run: int = 0
    rows_written: int = 0
    rows: int = 0
    complete: bool = False
    seconds: float = 0.0
    worker_seconds: float = 0.0

    @property
    def rows_per_second(self) -> float:
        """Rows committed per wall-clock second in this run."""
        return self.rows_written / self.seconds if self.seconds > 0 else 0.0


def connect(scheduler: str | None = None, workers: int | None = None) -> tuple[Any, Any]:
    """A Dask client: on the scheduler at ``scheduler``, or on a new local cluster.

    The local cluster has ``workers`` processes (default: one per core) of
    one thread each. Returns ``(client, cluster)``; ``cluster`` is None for an
    existing scheduler. Raises BuildError when the scheduler cannot be reached.
    """
    for name in ("distributed", "distributed.nanny", "distributed.scheduler", "distributed.worker",
                 "distributed.client", "distributed.utils", "distributed.core"):
        logging.getLogger(name).setLevel(_QUIET)
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "error")  # inherited by spawned workers
    from distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            return Client(scheduler, timeout="10s"), None
        except (OSError, TimeoutError, ValueError) as exc:
            raise BuildError(f"cannot reach the Dask scheduler {scheduler!r} ({exc}); start one "
                             "with `dask scheduler` (and `dask worker ADDRESS` on each machine) "
                             "or leave out --scheduler for a local cluster") from None
    if workers is not None and workers < 1:
        raise BuildError(f"--workers must be at least 1, not {workers!r}")
    # The scheduler always serves HTTP (health, metrics): on a free port of 127.0.0.1 here.
    # dashboard_address=None would put it on 8787 and warn "Port 8787 is already in use"
    # whenever another Dask runs on the machine (a test checks the build prints no warning).
    # The workers ignore Ctrl-C (the driver stops them); an ignored signal stays
    # ignored in the processes spawned meanwhile.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                               processes=True, dashboard_address="127.0.0.1:0",
                               silence_logs=_QUIET)
    finally:
        signal.signal(signal.SIGINT, previous)
    return Client(cluster), cluster


def build(names: Sequence[str], *, store_path: str | os.PathLike[str] | None = None,
          scheduler: str | None = None, workers: int | None = None, limit: int | None = None,
          restart: bool = False, parameters: dict[str, dict[str, Any]] | None = None,
          progress: bool | None = None, client: Any = None,
          on_commit: Callable[[str, int], None] | None = None) -> list[BuildSummary]:
    """Build (or resume) the tables ``names`` in the store; returns one summary per table.

    ``limit`` builds only the first ``limit`` tasks of each table; ``restart``
    drops what the store has of the table first; ``parameters`` overrides a
    table's defaults (``{"preflop-vs-random": {"target_std_error": 0.001}}``).
    ``client`` uses an existing Dask client instead of ``scheduler``/``workers``.
    ``progress`` shows a bar on stderr (default: when it is a terminal).
    ``on_commit(name, task)`` is called after each committed task.

    Raises StoreBusyError if another build holds the store, StoreError for a
    bad store, BuildError when a task fails on a worker or the cluster cannot
    be reached. KeyboardInterrupt stops the build; committed tasks stay.
    """
    chosen = {name: table_parameters(name, (parameters or {}).get(name)) for name in names}
    if limit is not None and limit < 0:
        raise BuildError(f"--limit must not be negative, not {limit!r}")
    path = Path(store_path) if store_path is not None else default_store_path()
    show = sys.stderr.isatty() if progress is None else progress
    summaries: list[BuildSummary] = []
    own_client = client is None
    cluster = None
    with writer_lock(path), Store.open(path, create=True, check=True) as store:
        try:
            for name in names:
                spec = SPECS[name]
                checksum = rows_checksum(name)
                if restart:
                    store.drop(name)
                tasks = spec.tasks(chosen[name])
                done = store.begin_build(name, spec.columns, chosen[name], tasks, __version__, checksum)
                wanted = range(tasks if limit is None else min(limit, tasks))
                todo = [task for task in wanted if task not in done]
                summary = BuildSummary(name, tasks, len(done))
                summaries.append(summary)
                if todo and client is None:
                    client, cluster = connect(scheduler, workers)
                if todo:
                    _run(client, store, name, chosen[name], todo, summary, __version__, checksum, show,
                         on_commit)
                summary.complete = store.finish_build(name)
                record = store.status(name)
                summary.rows = record.rows if record else 0
        finally:
            if own_client and client is not None:
                _close(client, cluster)
    return summaries


def _run(client: Any, store: Store, name: str, parameters: dict[str, Any], todo: list[int],
         summary: BuildSummary, version: str, checksum: str, show: bool,
         on_commit: Callable[[str, int], None] | None) -> None:
    """Submit ``todo`` and commit each result as it comes."""
    from distributed import as_completed

    run_id = uuid.uuid4().hex[:8]
    futures = [client.submit(run_task, name, task, parameters, pure=False, priority=-task,
                             key=f"{name}-{task}-{run_id}") for task in todo]
    task_of = {future.key: task for future, task in zip(futures, todo)}
    started = time.perf_counter()
    bar = (progress_bar(name, delay=0, force=True, counts=True) if show else contextlib.nullcontext(None))
    with bar as update:
        _collect(as_completed(futures), futures, task_of, client, store, name, summary, version, checksum,
                 started, update, on_commit)


def _collect(completed: Any, futures: list[Any], task_of: dict[Any, int], client: Any, store: Store, name: str,
             summary: BuildSummary, version: str, checksum: str, started: float, update: Progress | None,
             on_commit: Callable[[str, int], None] | None) -> None:
    """Commit each task's rows as its result arrives; cancel what is left on the way out."""
    try:
        for future in completed:
            task = task_of[future.key]
            result = _result(future, name, task)
            if result["hr_checksum"] != checksum or result["version"] != version:
                raise BuildError(
                    f"worker {result['worker']} runs pokerfsm {result['version']} with hand-rank "
                    f"table {result['hr_checksum']}, but this build uses pokerfsm {version} with "
                    f"{checksum}; give every worker the same pokerfsm and table")
            rows = store.commit_task(name, task, result["rows"], result["seconds"], result["worker"])
            future.release()
            summary.tasks_run += 1
            summary.tasks_done += 1
            summary.rows_written += rows
            summary.worker_seconds += result["seconds"]
            summary.seconds = time.perf_counter() - started
            if update is not None:
                update(summary.tasks_done / max(summary.tasks, 1),
                       f"{summary.tasks_done}/{summary.tasks} tasks, {summary.rows_per_second:,.0f} rows/s")
            if on_commit is not None:
                on_commit(name, task)
    finally:
        pending = [future for future in futures if not future.done()]
        if pending:
            client.cancel(pending)


def _result(future: Any, name: str, task: int) -> dict[str, Any]:
    """The task's result; a failure on the worker becomes one BuildError line."""
    try:
        result: dict[str, Any] = future.result()
        return result
    except (KeyboardInterrupt, StoreError):
        raise
    except Exception as exc:  # anything the worker raised, or a KilledWorker
        kind = type(exc).__name__
        if kind == "KilledWorker":
            raise BuildError(f"task {task} of {name} killed its worker several times; "
                             "check the workers' memory and logs") from None
        raise BuildError(f"task {task} of {name} failed on a worker: {kind}: {exc}") from None


def _close(client: Any, cluster: Any) -> None:
    """Close the client, and the local cluster if this build started one."""
    try:
        client.close(timeout=10)
    finally:
        if cluster is not None:
            cluster.close(timeout=10)


def describe(summaries: Iterable[BuildSummary]) -> list[str]:
    """One line per table for the command's output."""
    lines = []
    for s in summaries:
        state = "complete" if s.complete else "incomplete"
        rate = f", {s.rows_per_second:,.{0 if s.rows_per_second >= 10 else 2}f} rows/s" \
            if s.tasks_run else ""
        lines.append(f"{s.name}: {s.tasks_done}/{s.tasks} tasks, {s.rows:,} rows, {state}"
                     f" ({s.tasks_run} tasks run in {s.seconds:.1f} s{rate})")
    return lines
