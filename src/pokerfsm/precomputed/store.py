"""The SQLite file that keeps the precomputed tables.

One file holds every table: ``$POKERFSM_STORE`` if that is set, otherwise
``precomputed-v2.sqlite`` next to the hand-rank table (in the user cache
directory unless ``$POKERFSM_TABLE`` moves it). It is in WAL mode, so lookups
read while a build writes.

Each table has a data table of rows, a ``builds`` record (its parameters, the
number of tasks, the pokerfsm version and the hand-rank table's checksum) and
one ``tasks`` row per finished task. A task's rows and its ``tasks`` row are
committed in one transaction: a build stopped at any moment, even by SIGKILL,
leaves whole tasks only, and a rerun does the missing ones.

Only the process that builds writes, under a lock file next to the store
(``filelock``): a second build refuses with :class:`StoreBusyError`. A file
that is not a store, a damaged one or one of another format version raises
one :class:`StoreError` naming the file and the fix; so do a full disk, a
file-size limit, a read-only file system and missing permissions, each named
as such (:mod:`.storefile`). A build record that cannot be right (parameters
that are not JSON, a number of tasks that is not theirs) is refused with
:class:`StoreCorruptError` naming the table and how to rebuild it.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.sqlite"
>>> with Store.open(path, create=True) as store:
...     store.status("preflop-hu") is None
True
"""
from __future__ import annotations

import contextlib
import datetime
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._version import __version__
from ..errors import StoreCorruptError, StoreError, StoreVersionError
from .rows import Row
from .storefile import (
    ENV_VAR,
    check_regular,
    connect_read_only,
    create_atomically,
    explain,
    path_from_environment,
    rebuild_advice,
    writer_lock,
)

__all__ = ["ENV_VAR", "FORMAT_VERSION", "APPLICATION_ID", "default_store_path", "Store",
           "BuildRecord", "writer_lock"]

FORMAT_VERSION = 2
APPLICATION_ID = 0x504B4654  # "PKFT"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS builds (
    name TEXT PRIMARY KEY, parameters TEXT NOT NULL, tasks INTEGER NOT NULL,
    pokerfsm_version TEXT NOT NULL, hr_checksum TEXT NOT NULL,
    started TEXT NOT NULL, completed TEXT);
CREATE TABLE IF NOT EXISTS tasks (
    name TEXT NOT NULL, task INTEGER NOT NULL, rows INTEGER NOT NULL, seconds REAL NOT NULL,
    worker TEXT NOT NULL, finished TEXT NOT NULL, PRIMARY KEY (name, task)) WITHOUT ROWID;
"""


def default_store_path() -> Path:
    """``$POKERFSM_STORE``, or ``precomputed-v2.sqlite`` beside the hand-rank table.

    The former ``$POKERFSM_TABLES`` is still read (see
    :func:`~pokerfsm.precomputed.storefile.path_from_environment`).
    """
    named = path_from_environment()
    if named is not None:
        return named
    from ..table import default_table_path

    return default_table_path().with_name(f"precomputed-v{FORMAT_VERSION}.sqlite")


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class BuildRecord:
    """What the store says about one table's build."""

    name: str
    parameters: dict[str, Any]
    tasks: int
    tasks_done: int
    rows: int
    pokerfsm_version: str
    hr_checksum: str
    started: str
    completed: str | None

    @property
    def complete(self) -> bool:
        """True once every task of the table is in the store."""
        return self.completed is not None


class Store:
    """An open tables store; use :meth:`open` and close it (or use ``with``)."""

    def __init__(self, path: Path, connection: sqlite3.Connection, writable: bool):
        self.path = path
        self._db = connection
        self.writable = writable

    # ---------------------------------------------------------------- opening

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, *, create: bool = False,
             check: bool = False) -> Store:
        """Open the store at ``path`` (default :func:`default_store_path`).

        ``create`` opens it for writing and makes it if missing (the caller
        holds :func:`writer_lock`); otherwise it is opened read-only.
        ``check`` also runs SQLite's ``quick_check`` over every page.

        Raises StoreError when the file is missing (read-only), is not a regular
        file, or cannot be opened or made (saying why: permissions, a read-only
        file system, a full disk, a file-size limit); StoreCorruptError when it
        is not a store or is damaged, StoreVersionError for another format version.
        """
        path = Path(path) if path is not None else default_store_path()
        check_regular(path)
        if not create and not path.exists():
            raise StoreError(f"{path}: no tables store yet; build a table with "
                             "`pokerfsm tables build preflop-hu` (or set "
                             f"{ENV_VAR} to an existing store)")
        if create and (not path.exists() or path.stat().st_size == 0):
            create_atomically(path, _initialise)
        try:
            db = sqlite3.connect(path, timeout=30, isolation_level=None) if create else connect_read_only(path)
        except sqlite3.Error as exc:
            raise explain(path, exc, create) from None
        store = cls(path, db, create)
        try:
            store._check_header(check)
        except sqlite3.Error as exc:
            db.close()
            raise explain(path, exc, create) from None
        except BaseException:
            db.close()
            raise
        return store

    def _check_header(self, check: bool) -> None:
        db, path = self._db, self.path
        application = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if application != APPLICATION_ID:
            empty = path.stat().st_size == 0
            raise StoreCorruptError(f"{path}: not a pokerfsm tables store "
                                    f"({'an empty file' if empty else 'an SQLite file of another application'}); "
                                    f"{rebuild_advice(path) if empty else 'set ' + ENV_VAR + ' to another file'}")
        if version != FORMAT_VERSION:
            newer = version > FORMAT_VERSION
            advice = ("upgrade pokerfsm to read it" if newer else
                      f"build the tables again in a new store (set {ENV_VAR} to a new file) or delete it")
            raise StoreVersionError(
                f"{path}: tables store format {version}, but this pokerfsm reads format "
                f"{FORMAT_VERSION}; {advice}")
        if check:
            problems = [row[0] for row in db.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                raise StoreCorruptError(f"{path}: the tables store is damaged ({problems[0]}); "
                                        f"{rebuild_advice(path)}")
        if self.writable:
            db.execute("PRAGMA synchronous=NORMAL")  # WAL: durable against a killed process

    def close(self) -> None:
        """Close the connection (committed work is already on disk)."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: everything inside is committed together or not at all.

        A disk that fills up, a file-size limit or an I/O error raise the
        StoreError that says so (the transaction is rolled back).
        """
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            if self._db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            raise explain(self.path, exc, writing=True) from None

    def damaged(self, name: str, what: str, rows: bool = True) -> StoreCorruptError:
        """The error for content of table ``name`` that cannot be right (``what`` says which; ``rows``:
        in its rows, which verify lists, rather than in its build record)."""
        listed = f"`pokerfsm tables verify {name}` lists every damaged row, " if rows else ""
        return StoreCorruptError(f"{self.path}: table {name!r}: {what}; {listed}"
                                 f"`pokerfsm tables build {name} --restart` builds it again")

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        try:
            yield self._db
        except sqlite3.Error as exc:
            raise explain(self.path, exc, writing=False) from None

    # ---------------------------------------------------------------- builds

    def status(self, name: str) -> BuildRecord | None:
        """The build record of table ``name``, or None if it was never started."""
        from .checks import record_problem, stored_parameters

        with self._reading() as db:
            row = db.execute("SELECT name, parameters, tasks, pokerfsm_version, hr_checksum, "
                             "started, completed FROM builds WHERE name = ?", (name,)).fetchone()
            if row is None:
                return None
            done, rows = db.execute("SELECT COUNT(*), COALESCE(SUM(rows), 0) FROM tasks WHERE name = ? AND "
                                    "task >= 0 AND task < ?", (name, row[2])).fetchone()   # its own tasks only
        _, text, tasks, version, checksum, started, completed = row
        try:
            parameters = stored_parameters(name, text)
        except ValueError as exc:
            raise self.damaged(name, f"its build record is damaged: {exc}", rows=False) from None
        problem = record_problem(name, parameters, tasks, {"pokerfsm version": version, "hand-rank table "
                                 "checksum": checksum, "start": started, "completed": completed})
        if problem is None and (type(rows) is not int or rows < 0):
            problem = f"its tasks hold {rows!r} rows"
        if problem:
            raise self.damaged(name, f"its build record is damaged: {problem}", rows=False)
        return BuildRecord(name, parameters, tasks, done, rows, version, checksum, started, completed)

    def begin_build(self, name: str, columns: Sequence[tuple[str, str]], parameters: dict[str, Any],
                    tasks: int, version: str, hr_checksum: str) -> set[int]:
        """Record (or resume) the build of ``name``; returns the tasks already done.

        A table already started with other parameters, another pokerfsm version
        or another hand-rank table is not mixed with new work: StoreError says to
        restart it.
        """
        record = self.status(name)
        if record is not None:
            found = {"parameters": record.parameters, "pokerfsm version": record.pokerfsm_version,
                     "hand-rank table checksum": record.hr_checksum}
            wanted = {"parameters": parameters, "pokerfsm version": version,
                      "hand-rank table checksum": hr_checksum}
            for what in found:
                if found[what] != wanted[what]:
                    raise StoreError(
                        f"{self.path}: table {name!r} was started with {what} {found[what]!r}, "
                        f"not {wanted[what]!r}; start it again with "
                        f"`pokerfsm tables build {name} --restart`")
            with self._reading() as db:
                return {row[0] for row in db.execute("SELECT task FROM tasks WHERE name = ?",
                                                     (name,))}
        table = _sql_name(name)
        with self.transaction() as db:
            db.execute(f"CREATE TABLE IF NOT EXISTS {table} ("
                       + ", ".join(f"{column} {kind}" for column, kind in columns) + ")")
            db.execute("INSERT INTO builds VALUES (?, ?, ?, ?, ?, ?, NULL)",
                       (name, json.dumps(parameters, sort_keys=True), tasks, version, hr_checksum,
                        _now()))
        return set()

    def drop(self, name: str) -> None:
        """Forget table ``name``: its rows, tasks and build record, in one transaction."""
        with self.transaction() as db:
            db.execute(f"DROP TABLE IF EXISTS {_sql_name(name)}")
            db.execute("DELETE FROM tasks WHERE name = ?", (name,))
            db.execute("DELETE FROM builds WHERE name = ?", (name,))

    def commit_task(self, name: str, task: int, rows: Iterable[Sequence[Any]], seconds: float,
                    worker: str) -> int:
        """Store one finished task's rows and mark it done, in one transaction; returns the row count."""
        rows = list(rows)
        with self.transaction() as db:
            if rows:
                marks = ", ".join("?" * len(rows[0]))
                db.executemany(f"INSERT INTO {_sql_name(name)} VALUES ({marks})", rows)
            db.execute("INSERT INTO tasks VALUES (?, ?, ?, ?, ?, ?)",
                       (name, task, len(rows), seconds, worker, _now()))
        return len(rows)

    def finish_build(self, name: str) -> bool:
        """Mark ``name`` complete if every task is in; returns whether it is complete."""
        record = self.status(name)
        if record is None or record.tasks_done < record.tasks:
            return False
        if record.completed is None:
            with self.transaction() as db:
                db.execute("UPDATE builds SET completed = ? WHERE name = ?", (_now(), name))
        return True

    def task_seconds(self, name: str) -> list[float]:
        """Worker seconds of each finished task of ``name``."""
        with self._reading() as db:
            return [row[0] for row in db.execute("SELECT seconds FROM tasks WHERE name = ? "
                                                 "ORDER BY task", (name,))]

    # ---------------------------------------------------------------- reading

    def has_rows_table(self, name: str) -> bool:
        """Whether the data table of ``name`` exists (its build was started)."""
        with self._reading() as db:
            return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                              (_sql_name(name),)).fetchone() is not None

    def rows(self, name: str, columns: str = "*", where: str = "", parameters: Sequence[Any] = (),
             order: str = "key", limit: int | None = None) -> list[Row]:
        """Rows of table ``name`` (``columns`` and ``where`` are SQL written by this package),
        at most ``limit`` of them; none when the table was never started."""
        if not self.has_rows_table(name):
            return []
        sql = f"SELECT {columns} FROM {_sql_name(name)}"
        if where:
            sql += f" WHERE {where}"
        sql += f" ORDER BY {order}"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        with self._reading() as db:
            return db.execute(sql, tuple(parameters)).fetchall()

    def iter_rows(self, name: str, columns: str, size: int) -> Iterator[list[Row]]:
        """The rows of ``name`` in key order, ``size`` at a time."""
        with self._reading() as db:
            cursor = db.execute(f"SELECT {columns} FROM {_sql_name(name)} ORDER BY key")
            while True:
                chunk = cursor.fetchmany(size)
                if not chunk:
                    return
                yield chunk

    def row_by_key(self, name: str, key: int, columns: str = "*") -> Row | None:
        """One row of ``name`` by its integer key, or None (also when the table was never started)."""
        try:
            row: Row | None = self._db.execute(f"SELECT {columns} FROM {_sql_name(name)} WHERE key = ?",
                                               (key,)).fetchone()
        except sqlite3.Error as exc:   # asked first, not before each lookup: a flop is read row by row
            if isinstance(exc, sqlite3.OperationalError) and not self.has_rows_table(name):
                return None
            raise explain(self.path, exc, writing=False) from None
        return row

    def size_bytes(self, name: str | None = None) -> int | None:
        """Bytes used by table ``name`` (via SQLite's dbstat, if compiled in), or the whole file."""
        if name is None:
            return sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal"))
                       if p.exists())
        try:
            with self._reading() as db:
                row = db.execute("SELECT SUM(pgsize) FROM dbstat WHERE name = ?",
                                 (_sql_name(name),)).fetchone()
        except sqlite3.OperationalError:
            return None
        return int(row[0] or 0)


def _initialise(db: sqlite3.Connection) -> None:
    """Write the schema and header of a new store (WAL last, so that nothing is left in a WAL file)."""
    db.executescript(_SCHEMA)
    db.execute(f"PRAGMA application_id={APPLICATION_ID}")
    db.execute(f"PRAGMA user_version={FORMAT_VERSION}")
    db.execute("INSERT INTO meta VALUES ('created', ?), ('created_by', ?)", (_now(), f"pokerfsm {__version__}"))
    db.execute("PRAGMA journal_mode=WAL")


def _sql_name(name: str) -> str:
    """The data table of ``name``: ``preflop-hu`` -> ``rows_preflop_hu``."""
    if not name.replace("-", "").isalnum():
        raise StoreError(f"bad table name {name!r}")
    return "rows_" + name.replace("-", "_")
