"""Build the hand-rank state-transition table.

A state is the set of 0-6 cards seen so far, in which the suits that can no
longer make a flush (fewer than ``n - 2`` cards of that suit after ``n``
cards) are forgotten: only their ranks are kept. States are found level by
level, from the empty one; each has 53 slots (see :mod:`pokerfsm.table.format`):

* slot ``card + 1`` holds the offset of the state after that card, or for a
  6-card state the value of the 7-card hand (0 where the card cannot follow);
* slot 0 of a 5- or 6-card state holds the value of that hand.

Terminal values come from :mod:`pokerfsm.table.cactus` (our Cactus Kev
evaluator): for a 6-card state, the best non-flush value of the seven ranks
is computed once per added rank, and the best flush once per rank mask.

The file is written to a temporary file and renamed into place, so a reader
never sees a partial table. ``pokerfsm generate`` is the command.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from ..progress import Progress, progress_bar
from .format import FORMAT_VERSION, HEADER, MAGIC, ROOT, SLOTS

__all__ = ["generate_table", "build_entries", "write_table"]

_LEVEL_INDEX_BITS = (7, 12, 16, 19, 20, 21)  # log2 of the key index per level; grown if short

def build_entries(progress: Progress | None = None):
    """Compute the table in memory; returns ``(entries, level_sizes)``.

    ``entries`` is an int32 numpy array of ``states * 53`` entries.
    """
    import numpy as np

    from . import _build
    from .cactus import tables

    def report(fraction: float, stage: str) -> None:
        if progress is not None:
            progress(fraction, stage)

    lookups = tables()
    best_flush = _build.best_flush_table(lookups.flushes)
    report(0.0, "states")
    levels = [np.zeros(1, dtype=np.uint64)]  # depth 0: the empty state
    links = []
    for depth in range(6):
        bits = _LEVEL_INDEX_BITS[depth]
        while True:
            try:
                keys, child_ids = _build.expand_level(levels[depth], depth, bits)
                break
            except OverflowError:
                bits += 1
        levels.append(keys)
        links.append(child_ids)
        report((depth + 1) / 6 * 0.4, "states")
    first_rows = np.cumsum([1] + [len(k) for k in levels])  # row 0 is the dead end
    n_states = int(first_rows[-1])
    entries = np.zeros(n_states * SLOTS, dtype=np.int32)
    for depth in range(6):
        _build.fill_links(entries, links[depth], int(first_rows[depth]), int(first_rows[depth + 1]))
        links[depth] = None
    report(0.45, "values")
    value_args = (lookups.flushes, lookups.unique5, lookups.hash_adjust, lookups.hash_values,
                  best_flush, lookups.multiplier)
    _build.fill_values(entries, levels[5], 5, int(first_rows[5]), *value_args)
    last = levels[6]
    chunks = 20
    for k in range(chunks):
        lo, hi = len(last) * k // chunks, len(last) * (k + 1) // chunks
        _build.fill_values(entries, last[lo:hi], 6, int(first_rows[6]) + lo, *value_args)
        report(0.45 + 0.5 * (k + 1) / chunks, "values")
    return entries, [len(k) for k in levels]


def write_table(entries, path: str | os.PathLike) -> Path:
    """Write entries with their header to ``path`` atomically (temp file + rename)."""
    from . import _build

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    a, b = _build.checksum(entries.view("<u4"))
    header = HEADER.pack(MAGIC, FORMAT_VERSION, SLOTS, entries.size, ROOT,
                         entries.size // SLOTS, a, b)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(header)
            out.write(entries.astype("<i4", copy=False).data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return path


def generate_table(path: str | os.PathLike | None = None, *, show_progress: bool | None = None) -> Path:
    """Build the table and write it to ``path`` (default: :func:`pokerfsm.table.files.default_table_path`).

    A progress bar is shown on stderr when it is a terminal (or when
    ``show_progress`` is true).
    """
    from .files import default_table_path

    target = Path(path) if path is not None else default_table_path()
    bar = (contextlib.nullcontext(None) if show_progress is False
           else progress_bar("building the hand-rank table", delay=0, force=bool(show_progress)))
    with bar as update:
        entries, _ = build_entries(update)
        if update is not None:
            update(0.97, "writing")
        return write_table(entries, target)
