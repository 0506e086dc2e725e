"""The store's file: what it must be, how it is opened, made and locked, and what went wrong when it was not.

A store is a regular file (a FIFO, a device or a directory is refused before
anything opens it, so nothing blocks). Opening it read-only needs no write
access, even on a read-only file system, where it is read as immutable
(nothing can change it there). A new store is made under a temporary name and
renamed into place, so a full disk or a file-size limit never leaves half a
store behind.

When SQLite fails, :func:`explain` says what is actually wrong: a full disk,
the process's file-size limit, a read-only file system, missing permission,
or a file that is not a store. Only the last is told to delete the file.
"""
from __future__ import annotations

import contextlib
import errno
import os
import resource
import shutil
import sqlite3
import stat
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import StoreBusyError, StoreCorruptError, StoreError

__all__ = ["ENV_VAR", "DEPRECATED_ENV_VAR", "path_from_environment", "rebuild_advice", "check_regular", "explain",
           "connect_read_only", "create_atomically", "writer_lock"]

ENV_VAR = "POKERFSM_STORE"
"""The environment variable that names the store file."""
DEPRECATED_ENV_VAR = "POKERFSM_TABLES"
"""The store's former variable: read only while :data:`ENV_VAR` is unset, with a ``DeprecationWarning``."""

_FULL, _IO, _READONLY, _CANTOPEN, _PERMISSION, _CORRUPT, _NOT_A_DATABASE = 13, 10, 8, 14, 3, 11, 26
_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def path_from_environment() -> Path | None:
    """The store file the environment names, or None when it names none.

    ``$POKERFSM_STORE`` names it. The former ``$POKERFSM_TABLES`` still
    works while ``$POKERFSM_STORE`` is unset (or empty), with a
    ``DeprecationWarning`` naming both; when both are set, ``$POKERFSM_STORE``
    wins and the other is ignored.
    """
    value = os.environ.get(ENV_VAR)
    if value:
        return Path(value).expanduser()
    value = os.environ.get(DEPRECATED_ENV_VAR)
    if value:
        warnings.warn(f"{DEPRECATED_ENV_VAR} is deprecated: name the store with {ENV_VAR} instead",
                      DeprecationWarning, stacklevel=3)
        return Path(value).expanduser()
    return None


def rebuild_advice(path: Path) -> str:
    """The fix for a file that is not a usable store: delete it and build again, or use another file."""
    return (f"delete {path} and build the tables again (`pokerfsm tables build NAME`), "
            f"or set {ENV_VAR} to another file")


def _elsewhere() -> str:
    return f"set {ENV_VAR} (or --store) to a store file in another place"


def check_regular(path: Path) -> None:
    """StoreError unless ``path`` (and its ``-wal``/``-shm`` companions) is a regular file or absent."""
    for candidate in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            mode = os.stat(candidate).st_mode
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise StoreError(f"{candidate}: cannot look at the tables store ({exc.strerror or exc}); "
                             f"{_elsewhere()}") from None
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
            raise StoreError(f"{candidate} is {kind}, not a tables store: a store is a regular file; "
                             f"{_elsewhere()}")


def _read_only_file_system(path: Path) -> bool:
    place = path if path.exists() else path.parent
    try:
        return bool(os.statvfs(place).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _free_bytes(path: Path) -> int | None:
    try:
        return shutil.disk_usage(path.parent).free
    except OSError:
        return None


def explain(path: Path, exc: sqlite3.Error | OSError, writing: bool) -> StoreError:
    """The one error saying what is wrong with the store at ``path``, from SQLite's (or the system's) ``exc``."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    number = exc.errno if isinstance(exc, OSError) else None
    if primary == _FULL or number == errno.ENOSPC:
        free = _free_bytes(path)
        left = f", {free:,} bytes free" if free is not None else ""
        return StoreError(f"{path}: the disk is full ({reason}{left}); free some space and run the command "
                          "again (a build resumes where it stopped)")
    if primary == _IO or number == errno.EFBIG:
        limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
        if limit != resource.RLIM_INFINITY:
            return StoreError(f"{path}: cannot write ({reason}): this process may write files of at most "
                              f"{limit:,} bytes (`ulimit -f`); raise the limit and run the command again "
                              "(a build resumes where it stopped)")
        return StoreError(f"{path}: input/output error ({reason}); check the disk, then run the command again")
    if primary in (_READONLY, _CANTOPEN, _PERMISSION) or number in (errno.EROFS, errno.EACCES, errno.EPERM):
        if _read_only_file_system(path):
            what = "tables cannot be built or changed there" if writing else "it cannot be opened there"
            return StoreError(f"{path} is on a read-only file system: {what}; {_elsewhere()}")
        target = path if path.exists() else path.parent
        if not os.access(target, os.W_OK if writing else os.R_OK):
            return StoreError(f"{target}: permission denied ({'writing' if writing else 'reading'} the tables "
                              f"store); ask its owner, or {_elsewhere()}")
        return StoreError(f"{path}: cannot open the tables store ({reason}); {_elsewhere()}")
    if primary in (_CORRUPT, _NOT_A_DATABASE):
        return StoreCorruptError(f"{path}: not a readable pokerfsm tables store ({reason}); {rebuild_advice(path)}")
    return StoreError(f"{path}: the tables store cannot be {'written' if writing else 'read'} ({reason})")


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to ``path``: immutable on a read-only file system when no write-ahead
    log is beside it (nothing can write the file there, and the log's index could not be made beside
    it); a log there is read as SQLite reads one."""
    log = Path(f"{path}-wal")
    unlogged = not log.exists() or log.stat().st_size == 0
    immutable = "&immutable=1" if unlogged and _read_only_file_system(path) else ""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro{immutable}", uri=True, timeout=30,
                           isolation_level=None, check_same_thread=False)


def create_atomically(path: Path, initialise: Callable[[sqlite3.Connection], None]) -> None:
    """Make a new store at ``path``: ``initialise`` it under a temporary name, then rename it into place.

    Raises the StoreError of :func:`explain` when the disk, a limit or the
    permissions refuse it; nothing is left behind then.
    """
    temporary = path.with_name(f".{path.name}.{os.getpid()}.new")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(temporary, isolation_level=None)
        try:
            initialise(db)
        finally:
            db.close()
        os.replace(temporary, path)
    except (sqlite3.Error, OSError) as exc:
        raise explain(path, exc, writing=True) from None
    finally:
        for leftover in (temporary, Path(f"{temporary}-wal"), Path(f"{temporary}-shm")):
            with contextlib.suppress(OSError):
                leftover.unlink()


@contextmanager
def writer_lock(path: Path) -> Iterator[None]:
    """Hold the store's writer lock; raises StoreBusyError at once if another process has it."""
    from filelock import FileLock, Timeout

    check_regular(path)
    lock = FileLock(str(path) + ".lock")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock.acquire(timeout=0)
    except Timeout:
        raise StoreBusyError(
            f"{path}: another `pokerfsm tables build` is writing this store (lock {path}.lock); "
            "wait for it to finish or stop it, then run the command again") from None
    except OSError as exc:   # a read-only file system, no permission (Timeout is an OSError too: first)
        raise explain(path, exc, writing=True) from None
    try:
        yield
    finally:
        lock.release()
