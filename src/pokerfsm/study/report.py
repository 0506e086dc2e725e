"""Flop reports: two ranges on every suit-canonical flop, computed on Dask, kept in the store.

:func:`flop_report` gives one row per canonical flop of the game's deck
(hold'em's 1,755 or short deck's 573; :mod:`.flops` says what a row holds)
and summaries by texture, weighted by how often each flop comes once the two
ranges are dealt (``weight * matchups``: the all-flops equity is then the
preflop equity). Rows are kept in the tables store
(:mod:`pokerfsm.precomputed.store`) under :func:`report_key` (the two ranges'
canonical text; another game than hold'em adds its name, so a hold'em and a
short-deck report of the same ranges never mix), so asking again reads them; the
computation is cut into tasks of consecutive flops, run on the Dask engine
(:func:`pokerfsm.precomputed.engine.connect`: a local cluster, or a
scheduler), and each task's rows are committed in one transaction as they
arrive: a run stopped at any moment keeps its finished flops and the next
run computes only the rest. Rows of another pokerfsm version or hand-rank
table (the game's: :func:`.flops.table_checksum`) are computed again, and so
are rows of a store written before rows had their ``matchups``.

The ranges must be the same under every renaming of suits (ranges of hand
classes such as ``QQ+, AKs`` are): a flop's row then holds for each flop
it stands for, and the weighted summaries are right. Other ranges are
refused with one error.
"""
from __future__ import annotations

import contextlib
import datetime
import json
import time
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._version import __version__
from ..errors import Error, InvalidDealError
from ..odds.stopping import Stop
from ..odds.symmetry import range_symmetries
from ..precomputed.store import Store, default_store_path, writer_lock
from ..progress import Progress
from ..ranges import HandRange
from ..variants import HOLDEM, GameLike
from .flops import COLUMNS, as_range, canonical_flops, flop_task, report_game, table_checksum

__all__ = ["FlopReport", "flop_report", "stored_report", "checked_ranges", "report_key", "summary_groups",
           "SUMMARY_GROUPS", "FLOPS_PER_TASK"]

FLOPS_PER_TASK = 15
"""Consecutive flops per task (about half a second of work for two 15-20 % ranges)."""
_REPORTS, _ROWS = "study-reports", "study-flops"
_SQL_REPORTS, _SQL_ROWS = "rows_study_reports", "rows_study_flops"   # as Store.rows names them
_SCHEMA = (f"CREATE TABLE IF NOT EXISTS {_SQL_REPORTS} (key TEXT PRIMARY KEY, range_a TEXT NOT NULL, "
           "range_b TEXT NOT NULL, pokerfsm_version TEXT NOT NULL, hr_checksum TEXT NOT NULL, "
           "started TEXT NOT NULL, completed TEXT)",
           f"CREATE TABLE IF NOT EXISTS {_SQL_ROWS} (report TEXT NOT NULL, "
           + ", ".join(f"{name} {kind}" for name, kind in COLUMNS) + ", PRIMARY KEY (report, key))")
_NAMES = [name for name, _ in COLUMNS]
_FIGURES = ("equity_a", "equity_b", "high_a", "low_a", "high_b", "low_b")

Group = tuple[str, Callable[[dict[str, Any]], bool]]


def summary_groups(game: GameLike = HOLDEM) -> tuple[Group, ...]:
    """The summaries' groups of flops at ``game``, each a test on a row: all flops, the textures, then
    each rank the game deals (``A-high`` to ``2-high`` at hold'em, to ``6-high`` at short deck); a
    group with no flop is left out of the summaries.

    >>> [name for name, _ in summary_groups("short-deck")][-2:]
    ['7-high', '6-high']
    """
    highs = "AKQJT98765432"[:13 - min(int(card.rank) for card in report_game(game).deck)]
    return (("all flops", lambda r: True),
            ("paired", lambda r: r["paired"]), ("trips", lambda r: r["trips"]),
            ("monotone", lambda r: r["suits"] == "monotone"), ("two-tone", lambda r: r["suits"] == "two-tone"),
            ("rainbow", lambda r: r["suits"] == "rainbow"), ("connected", lambda r: r["connected"]),
            *((f"{high}-high", (lambda h: lambda r: r["high"] == h)(high)) for high in highs))


SUMMARY_GROUPS = summary_groups()
"""Hold'em's summary groups (:func:`summary_groups`)."""


@dataclass
class FlopReport:
    """Two ranges' report at ``game`` (its name): ``rows`` (one dict per flop computed, by flop
    number), whether every flop is in (``complete``), how many this run computed and in how many
    seconds, and each task's wall-clock and CPU seconds on its worker."""

    range_a: str
    range_b: str
    rows: list[dict[str, Any]]
    complete: bool
    computed: int = 0
    seconds: float = 0.0
    worker_seconds: list[float] = field(default_factory=list)
    worker_cpu: list[float] = field(default_factory=list)
    game: str = HOLDEM.name

    def summaries(self) -> list[dict[str, Any]]:
        """Per group of :func:`summary_groups` with flops: the flops, their weight, and each figure's
        mean over the flops where both ranges have hands, each flop weighted by how often it comes once
        the two ranges are dealt (``weight * matchups``): the all-flops equity is the preflop equity."""
        out = []
        for name, test in summary_groups(self.game):
            rows = [r for r in self.rows if test(r)]
            if not rows:
                continue
            dealt = [(r["weight"] * r["matchups"], r) for r in rows if r["equity_a"] is not None]
            weight = sum(w for w, _ in dealt)
            means = {f: sum(w * r[f] for w, r in dealt) / weight if weight else None for f in _FIGURES}
            out.append({"group": name, "flops": len(rows), "weight": sum(r["weight"] for r in rows), **means})
        return out

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data (the CLI's ``--json`` document)."""
        return {"game": self.game, "range_a": self.range_a, "range_b": self.range_b, "flops": len(self.rows),
                "complete": self.complete, "weight": sum(r["weight"] for r in self.rows),
                "computed": self.computed, "seconds": round(self.seconds, 3),
                "summaries": self.summaries(), "rows": self.rows}


def checked_ranges(range_a: str | HandRange, range_b: str | HandRange, game: GameLike = HOLDEM
                   ) -> tuple[HandRange, HandRange]:
    """The two ranges read as ranges of the game's deck (:func:`.flops.as_range`), each the same under
    every renaming of suits; one error naming the range otherwise (OptionError for a game without flop
    reports)."""
    chosen = report_game(game)
    out = []
    for number, (field_name, given) in enumerate((("range_a", range_a), ("range_b", range_b))):
        try:
            read = as_range(given, number, chosen)
        except Error as exc:
            raise exc.located(field_name) from None
        if len(range_symmetries(read)) != 24:
            raise InvalidDealError(f"{field_name}: the range {str(read)!r} changes when suits are renamed "
                                   "(name hand classes such as 'AKs' or 'QQ+', not single suited combos): "
                                   "a canonical flop's row would not hold for the flops it stands for",
                                   field=field_name)
        out.append(read)
    return out[0], out[1]


def report_key(first: HandRange, second: HandRange, game: GameLike = HOLDEM) -> str:
    """The store's key of a report: the two ranges' canonical text, and the game's name unless hold'em.

    >>> report_key(HandRange.parse("AK, QQ+"), HandRange.parse("TT+"), "short-deck")
    'QQ+, AK | TT+ | short-deck'
    """
    chosen = report_game(game)
    return f"{first} | {second}" + ("" if chosen is HOLDEM else f" | {chosen.name}")


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def _read(store: Store, key: str) -> tuple[tuple[Any, ...] | None, list[dict[str, Any]]]:
    """The report's record and its rows in the store (none when it has no report yet; none either when
    the rows lack a column, written before it was added: :func:`_add_columns` clears them)."""
    records = store.rows(_REPORTS, "key, pokerfsm_version, hr_checksum", "key = ?", (key,))
    rows = store.rows(_ROWS, "*", "report = ?", (key,)) if records else []
    return (records[0] if records else None), [_row_dict(row[1:]) for row in rows if len(row) == len(COLUMNS) + 1]


def _add_columns(db: Any) -> None:
    """Give a rows table made before the last columns of :data:`COLUMNS` existed those columns, and drop
    its rows (they lack the figures; the reports are computed again)."""
    present = {row[1] for row in db.execute(f"PRAGMA table_info({_SQL_ROWS})")}
    missing = [(name, kind) for name, kind in COLUMNS if name not in present]
    if missing:
        db.execute(f"DELETE FROM {_SQL_ROWS}")
        db.execute(f"UPDATE {_SQL_REPORTS} SET completed = NULL")
        for name, kind in missing:
            db.execute(f"ALTER TABLE {_SQL_ROWS} ADD COLUMN {name} {kind}")


def _row_dict(row: Sequence[Any]) -> dict[str, Any]:
    values = dict(zip(_NAMES, row))
    for name in ("hits_a", "hits_b"):
        values[name] = json.loads(values[name])
    for name in ("paired", "trips", "connected"):
        values[name] = bool(values[name])
    return values


def _current(record: tuple[Any, ...] | None, checksum: str) -> bool:
    return record is not None and tuple(record[1:]) == (__version__, checksum)


def _question(range_a: str | HandRange, range_b: str | HandRange, flops: Iterable[int] | None,
              store_path: str | Path | None, game: GameLike) -> tuple[HandRange, HandRange, list[int], Path]:
    from ..errors import OptionError

    count = len(canonical_flops(report_game(game)))
    first, second = checked_ranges(range_a, range_b, game)
    wanted = sorted(set(range(count) if flops is None else flops))
    if any(isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < count for k in wanted):
        raise OptionError(f"flop numbers run from 0 to {count - 1}", field="flops")
    return first, second, wanted, Path(store_path) if store_path is not None else default_store_path()


def stored_report(range_a: str | HandRange, range_b: str | HandRange, *, flops: Iterable[int] | None = None,
                  store_path: str | Path | None = None, game: GameLike = "holdem") -> FlopReport | None:
    """The report as the store holds it, when it holds every flop asked for (by this pokerfsm and
    hand-rank table); None otherwise. Never computes; raises as :func:`flop_report` for bad input."""
    started = time.perf_counter()
    first, second, wanted, path = _question(range_a, range_b, flops, store_path, game)
    if not path.exists():
        return None
    with Store.open(path) as store:
        record, rows = _read(store, report_key(first, second, game))
    if _current(record, table_checksum(game)) and {r["key"] for r in rows} >= set(wanted):
        return _report(first, second, rows, wanted, 0, started, [], [], game)
    return None


def flop_report(range_a: str | HandRange, range_b: str | HandRange, *, flops: Iterable[int] | None = None,
                store_path: str | Path | None = None, scheduler: str | None = None, workers: int | None = None,
                client: Any = None, progress: Progress | None = None,
                flops_per_task: int = FLOPS_PER_TASK, in_process: bool = False,
                stop: Stop | None = None, game: GameLike = "holdem") -> FlopReport:
    """The report of ``range_a`` against ``range_b`` on every canonical flop of ``game`` (``"holdem"``
    or ``"short-deck"``; or the flop numbers ``flops``, 0 to 1,754 at hold'em, 0 to 572 at short deck),
    read from the store and computed where missing (see the module).

    ``client`` uses an existing Dask client; else ``scheduler`` (an address)
    or a local cluster of ``workers`` processes. ``progress(fraction, text)``
    is called as tasks finish. ``in_process`` computes the tasks here, one
    after the other, without Dask, checking ``stop`` before each (a web
    server's job: CancelledError or TimeLimitError end it, the finished
    flops kept). Raises RangeParseError or InvalidDealError for
    a bad range, OptionError for a bad flop number or a game without flop
    reports, StoreBusyError when a
    build holds the store, BuildError when the cluster fails.
    """
    started = time.perf_counter()
    chosen = report_game(game)
    first, second, wanted, path = _question(range_a, range_b, flops, store_path, chosen)
    key = report_key(first, second, chosen)
    checksum = table_checksum(chosen)
    stored = stored_report(first, second, flops=wanted, store_path=path, game=chosen)
    if stored is not None:
        return stored
    with writer_lock(path), Store.open(path, create=True) as store:
        with store.transaction() as db:
            for statement in _SCHEMA:
                db.execute(statement)
            _add_columns(db)
        record, rows = _read(store, key)
        if record is not None and not _current(record, checksum):
            with store.transaction() as db:
                db.execute(f"DELETE FROM {_SQL_ROWS} WHERE report = ?", (key,))
                db.execute(f"DELETE FROM {_SQL_REPORTS} WHERE key = ?", (key,))
            record, rows = None, []
        if record is None:
            with store.transaction() as db:
                db.execute(f"INSERT INTO {_SQL_REPORTS} VALUES (?, ?, ?, ?, ?, ?, NULL)",
                           (key, str(first), str(second), __version__, checksum, _now()))
        done = {r["key"] for r in rows}
        boards = canonical_flops(chosen)   # flops of the same ranks together: their hands' classes are shared
        todo = sorted((k for k in wanted if k not in done), key=lambda k: (sorted(c >> 2 for c in boards[k]), k))
        tasks = [todo[i:i + flops_per_task] for i in range(0, len(todo), flops_per_task)]
        question = (str(first), str(second), chosen.name)
        results = _here(key, question, tasks, stop) if in_process else \
            _on_dask(key, question, tasks, client, scheduler, workers)
        seconds = _commit(store, results, sum(map(len, tasks)), progress, checksum) if tasks else ([], [])
        record, rows = _read(store, key)
        if len(rows) == len(boards):
            with store.transaction() as db:
                db.execute(f"UPDATE {_SQL_REPORTS} SET completed = ? WHERE key = ? AND completed IS NULL",
                           (_now(), key))
    return _report(first, second, rows, wanted, len(todo), started, *seconds, chosen)


def _report(first: HandRange, second: HandRange, rows: list[dict[str, Any]], wanted: list[int], computed: int,
            started: float, seconds: list[float], cpu: list[float], game: GameLike) -> FlopReport:
    chosen = set(wanted)
    kept = [r for r in rows if r["key"] in chosen]
    every = len(kept) == len(canonical_flops(report_game(game)))
    return FlopReport(str(first), str(second), kept, every, computed, time.perf_counter() - started,
                      seconds, cpu, report_game(game).name)


def _here(key: str, question: tuple[str, str, str], tasks: list[list[int]], stop: Stop | None
          ) -> Generator[Any, None, None]:
    """Each task's result computed in this process, ``stop`` checked before each (``question``: the
    two ranges' text and the game's name)."""
    for keys in tasks:
        if stop is not None:
            stop.check()
        yield flop_task(key, *question[:2], keys, question[2])


def _on_dask(key: str, question: tuple[str, str, str], tasks: list[list[int]], client: Any, scheduler: str | None,
             workers: int | None) -> Generator[Any, None, None]:
    """Each task's result as Dask finishes it (the cluster started here, and closed at the end, unless
    ``client`` is given)."""
    from ..errors import BuildError

    own = client is None
    cluster = None
    if own:
        from ..precomputed.engine import connect

        client, cluster = connect(scheduler, workers)
    from distributed import as_completed

    futures = [client.submit(flop_task, key, *question[:2], keys, question[2], pure=False, priority=-number)
               for number, keys in enumerate(tasks)]
    try:
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            try:
                result = future.result()
            except Exception as exc:  # what the worker raised, or a KilledWorker
                raise BuildError(f"a flop report task failed on a worker: {type(exc).__name__}: {exc}") from None
            future.release()
            yield result
    finally:
        pending = [f for f in futures if not f.done()]
        if pending:
            with contextlib.suppress(Exception):
                client.cancel(pending)
        if own:
            with contextlib.suppress(Exception):
                client.close(timeout=10)
            if cluster is not None:
                with contextlib.suppress(Exception):
                    cluster.close(timeout=10)


def _commit(store: Store, results: Generator[Any, None, None], flops: int, progress: Progress | None,
            checksum: str) -> tuple[list[float], list[float]]:
    """Commit each task's rows as it arrives; returns each task's wall-clock and CPU seconds on its worker."""
    from ..errors import BuildError

    seconds: list[float] = []
    cpu: list[float] = []
    finished = 0
    with contextlib.closing(results):   # Dask's futures are cancelled at once when a task fails
        for result in results:
            if (result["version"], result["hr_checksum"]) != (__version__, checksum):
                raise BuildError(f"worker {result['worker']} runs pokerfsm {result['version']} with hand-rank "
                                 f"table {result['hr_checksum']}; give every worker this pokerfsm and table")
            with store.transaction() as db:
                db.executemany(f"INSERT OR REPLACE INTO {_SQL_ROWS} VALUES ({', '.join('?' * (len(COLUMNS) + 1))})",
                               result["rows"])
            seconds.append(result["seconds"])
            cpu.append(result["cpu_seconds"])
            finished += len(result["rows"])
            if progress is not None:
                progress(finished / flops, f"{finished:,}/{flops:,} flops")
    return seconds, cpu
