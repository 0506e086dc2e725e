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
from typing import TYPE_CHECKING

from ..errors import checked_flag
from ..progress import Progress, progress_bar
from .format import FORMAT_VERSION, HEADER, LEVEL_SIZES, MAGIC, ROOT, SLOTS

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["generate_table", "build_entries", "write_table"]

_LEVEL_INDEX_BITS = (7, 12, 16, 19, 20, 21)  # log2 of the key index per level; grown if short

def build_entries(progress: Progress | None = None) -> tuple[NDArray[np.int32], list[int]]:
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
    links: list[NDArray[np.int32] | None] = []
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
        ids = links[depth]
        assert ids is not None
        _build.fill_links(entries, ids, int(first_rows[depth]), int(first_rows[depth + 1]))
        links[depth] = None  # freed as soon as used: keeps the peak memory low
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
    sizes = [len(k) for k in levels]
    if tuple(sizes) != LEVEL_SIZES:  # pragma: no cover - the format fixes them
        raise AssertionError(f"the generator found levels of {sizes} states, the format has {LEVEL_SIZES}")
    return entries, sizes


def write_table(entries: NDArray[np.int32], path: str | os.PathLike[str]) -> Path:
    """Write entries with their header to ``path`` atomically (temp file + rename)."""
    from . import _build

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    a, b = _build.checksum(entries.view("<u4"))
    header = HEADER.pack(MAGIC, FORMAT_VERSION, SLOTS, entries.size, ROOT,
                         entries.size // SLOTS, a, b)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o644)  # a cache file any user may read, as the renamed file will be
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


def generate_table(path: str | os.PathLike[str] | None = None, *, show_progress: bool | None = None) -> Path:
    """Build the table and write it to ``path`` (default: :func:`pokerfsm.table.files.default_table_path`).

    Holds the build lock meanwhile, and first removes what builds killed
    mid-way left behind. A progress bar is shown on stderr when it is a
    terminal (or when ``show_progress`` is true).
    """
    from .files import build_lock, default_table_path, remove_stale_temporaries

    checked_flag(show_progress, "show_progress", optional=True)
    target = Path(path) if path is not None else default_table_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    with build_lock(target):
        remove_stale_temporaries(target)
        return write_new_table(target, show_progress=show_progress)


def write_new_table(target: Path, *, show_progress: bool | None = None) -> Path:
    """Build the table and write it to ``target``; the caller holds the build lock."""
    bar = (contextlib.nullcontext(None) if show_progress is False
           else progress_bar("building the hand-rank table", delay=0, force=bool(show_progress)))
    with bar as update:
        entries, _ = build_entries(update)
        if update is not None:
            update(0.97, "writing")
        return write_table(entries, target)
