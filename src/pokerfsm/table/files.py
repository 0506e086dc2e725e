"""Find, open and check the hand-rank table file.

The table lives at ``$POKERFSM_TABLE`` if that is set, otherwise in the user
cache directory (:func:`pokerfsm.table.format.default_table_path`). It is opened read-only and memory-mapped,
never read whole; opening checks the header, the size and the checksum, and
any mismatch raises :class:`TableCorruptError` naming the path and the fix.

Each ranking (:mod:`pokerfsm.table.rankings`) has its table: the 52-card
one, and the short-deck one beside it (``load_default(SHORT_DECK)``).

On first use :func:`load_default` builds a missing table
(:func:`pokerfsm.table.build.build_missing`: a one-line notice, and a progress
bar on a terminal). A lock file keeps two processes starting at once from
building it twice, and the file is renamed into place only when complete.
Where the location cannot be written, :class:`TableNotFoundError` says how to
build it elsewhere.
"""
from __future__ import annotations

import mmap
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ..errors import InputFileError, TableCorruptError, TableError, TableNotFoundError, checked_flag
from ..textfiles import open_regular_file
from .build import build_missing
from .format import ENV_VAR, FORMAT_VERSION, HEADER, HEADER_SIZE, MAGIC, ROOT, SLOTS, default_table_path
from .rankings import HOLDEM, Ranking

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["HandRankTable", "open_table", "load_default", "VALUES_BELOW"]

VALUES_BELOW = 10 << 12
"""Every hand value is below this (see :mod:`pokerfsm.ranking`); checked on opening."""

_FIX = "rebuild it with `pokerfsm generate --force`"


class HandRankTable:
    """An open, checked, memory-mapped table; use as a context manager.

    ``entries`` is a read-only int32 memoryview of the states (53 entries each);
    the root state is at offset :attr:`root`.
    """

    root = ROOT
    slots = SLOTS

    def __init__(self, path: Path, file: BinaryIO, mapping: mmap.mmap, entries: memoryview):
        self.path = path
        self._file = file
        self._mapping = mapping
        self.entries = entries

    @property
    def n_states(self) -> int:
        return len(self.entries) // SLOTS

    def as_array(self) -> NDArray[np.int32]:
        """The entries as a read-only numpy array (no copy)."""
        import numpy as np

        return np.frombuffer(self.entries, dtype=np.int32)

    def close(self) -> None:
        self.entries.release()
        self._mapping.close()
        self._file.close()

    def __enter__(self) -> HandRankTable:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<HandRankTable {str(self.path)!r}: {self.n_states} states>"


def _corrupt(path: Path, problem: str) -> TableCorruptError:
    return TableCorruptError(f"{path}: {problem}; {_FIX}")


def open_table(path: str | os.PathLike[str] | None = None, *, verify: bool = True,
               ranking: Ranking = HOLDEM) -> HandRankTable:
    """Open a table of ``ranking`` (default: the 52-card deck) read-only and check it; raises
    TableNotFoundError or TableCorruptError (also for another ranking's table: its states differ).

    ``verify`` also checks the payload checksum and that every transition and
    value is in range, so that no walk can leave the table whatever the file
    holds (together about 50 ms; they touch every page, which the walks need
    anyway).
    """
    checked_flag(verify, "verify")
    path = Path(path) if path is not None else default_table_path(ranking)
    try:
        file = open_regular_file(path)
    except FileNotFoundError:
        raise TableNotFoundError(
            f"{path}: no hand-rank table; build it with `pokerfsm generate`") from None
    except InputFileError as exc:  # a FIFO or a device would block or feed anything: never read it
        problem = str(exc).removeprefix(f"{exc.path}:{exc.line}: ")
        raise TableError(f"{path}: {problem}; {ENV_VAR} must name a table file, which "
                         "`pokerfsm generate --output FILE` writes", path=str(path)) from None
    try:
        header = file.read(HEADER_SIZE)
        if len(header) < HEADER_SIZE or not header.startswith(MAGIC):
            raise _corrupt(path, "not a pokerfsm hand-rank table")
        _magic, version, slots, count, root, states, a, b = HEADER.unpack(header)
        if version != FORMAT_VERSION or slots != SLOTS or root != ROOT:
            raise _corrupt(path, f"table format {version} is not the supported {FORMAT_VERSION}")
        if count != states * SLOTS or count >= 2**31:
            raise _corrupt(path, "inconsistent header")
        size = os.fstat(file.fileno()).st_size
        if size != HEADER_SIZE + 4 * count:
            raise _corrupt(path, f"{size} bytes where {HEADER_SIZE + 4 * count} are expected "
                                 "(truncated or padded)")
        flags = mmap.MAP_SHARED | getattr(mmap, "MAP_POPULATE", 0)
        mapping = mmap.mmap(file.fileno(), 0, flags=flags, prot=mmap.PROT_READ)
    except BaseException:
        file.close()
        raise
    entries = memoryview(mapping)[HEADER_SIZE:].cast("i")
    table = HandRankTable(path, file, mapping, entries)
    if verify:
        from ._build import check_entries, checksum

        if checksum(entries.cast("B").cast("I")) != (a, b):
            table.close()
            raise _corrupt(path, "checksum mismatch (the file is damaged)")
        first_rows = ranking.first_rows
        if states != first_rows[-1]:
            table.close()
            raise _corrupt(path, f"{states} states where the {ranking.name} table has {first_rows[-1]}")
        import numpy as np

        bad = check_entries(entries, np.array(first_rows, dtype=np.int64), VALUES_BELOW)
        if bad >= 0:
            table.close()
            raise _corrupt(path, f"entry {bad} (state {bad // SLOTS}, slot {bad % SLOTS}) is out of range")
    return table


_defaults: dict[str, HandRankTable] = {}
_default_lock = threading.Lock()


def load_default(ranking: Ranking = HOLDEM) -> HandRankTable:
    """The process-wide table of ``ranking`` (default: the 52-card deck), opened once; built first if missing."""
    with _default_lock:
        table = _defaults.get(ranking.name)
        if table is None:
            path = default_table_path(ranking)
            if not path.exists():
                build_missing(path, ranking)
            table = _defaults[ranking.name] = open_table(path, ranking=ranking)
        return table
