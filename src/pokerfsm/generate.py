"""Build the hand-rank state-transition table (``python -m pokerfsm.generate``).

A state is the set of 0-6 cards seen so far, in which the suits that can no
longer make a flush (fewer than ``n - 2`` cards of that suit after ``n``
cards) are forgotten: only their ranks are kept. States are found level by
level, from the empty one; each has 53 slots:

* slot ``card + 1`` holds the offset of the state after that card, or for a
  6-card state the value of the 7-card hand (0 where the card cannot follow);
* slot 0 of a 5- or 6-card state holds the value of that hand.

Row 0 is left empty, so the root is at offset 53 and a 0 pointer is a dead
end. Terminal values come from :mod:`pokerfsm.cactus` (our Cactus Kev
evaluator): for a 6-card state, the best non-flush value of the seven ranks
is computed once per added rank, and the best flush once per rank mask.

The file is a 64-byte header (magic, format version, slots, entry count,
root, state count, checksum) and the int32 entries, little-endian. It is
written to a temporary file and renamed into place.
"""
from __future__ import annotations

import argparse
import os
import struct
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

__all__ = ["generate_table", "build_entries", "write_table", "main",
           "MAGIC", "FORMAT_VERSION", "HEADER", "HEADER_SIZE", "SLOTS", "ROOT"]

MAGIC = b"PKFSMHR\x00"
FORMAT_VERSION = 1
HEADER = struct.Struct("<8sIIQIIQQ16x")
HEADER_SIZE = HEADER.size  # 64 bytes, so the entries are aligned
SLOTS = 53
ROOT = SLOTS
_LEVEL_INDEX_BITS = (7, 12, 16, 19, 20, 21)  # log2 of the key index per level; grown if short

Progress = Callable[[str, float], None]


def build_entries(progress: Progress | None = None):
    """Compute the table in memory; returns ``(entries, level_sizes)``.

    ``entries`` is an int32 numpy array of ``states * 53`` entries.
    """
    import numpy as np

    from . import _generate
    from .cactus import tables

    report = progress or (lambda stage, fraction: None)
    lookups = tables()
    best_flush = _generate.best_flush_table(lookups.flushes)
    report("states", 0.0)
    levels = [np.zeros(1, dtype=np.uint64)]  # depth 0: the empty state
    links = []
    for depth in range(6):
        bits = _LEVEL_INDEX_BITS[depth]
        while True:
            try:
                keys, child_ids = _generate.expand_level(levels[depth], depth, bits)
                break
            except OverflowError:
                bits += 1
        levels.append(keys)
        links.append(child_ids)
        report("states", (depth + 1) / 6 * 0.4)
    first_rows = np.cumsum([1] + [len(k) for k in levels])  # row 0 is the dead end
    n_states = int(first_rows[-1])
    entries = np.zeros(n_states * SLOTS, dtype=np.int32)
    for depth in range(6):
        _generate.fill_links(entries, links[depth], int(first_rows[depth]), int(first_rows[depth + 1]))
        links[depth] = None
    report("values", 0.45)
    value_args = (lookups.flushes, lookups.unique5, lookups.hash_adjust, lookups.hash_values,
                  best_flush, lookups.multiplier)
    _generate.fill_values(entries, levels[5], 5, int(first_rows[5]), *value_args)
    last = levels[6]
    chunks = 20
    for k in range(chunks):
        lo, hi = len(last) * k // chunks, len(last) * (k + 1) // chunks
        _generate.fill_values(entries, last[lo:hi], 6, int(first_rows[6]) + lo, *value_args)
        report("values", 0.45 + 0.5 * (k + 1) / chunks)
    return entries, [len(k) for k in levels]


def write_table(entries, path: str | os.PathLike) -> Path:
    """Write entries with their header to ``path`` atomically (temp file + rename)."""
    from . import _generate

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    a, b = _generate.checksum(entries.view("<u4"))
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
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def generate_table(path: str | os.PathLike | None = None, *, show_progress: bool | None = None) -> Path:
    """Build the table and write it to ``path`` (default: :func:`pokerfsm.table.default_table_path`).

    A progress bar is shown on stderr when it is a terminal (or when
    ``show_progress`` is true).
    """
    from .table import default_table_path

    target = Path(path) if path is not None else default_table_path()
    if show_progress is None:
        show_progress = sys.stderr.isatty()
    if not show_progress:
        entries, _ = build_entries()
        return write_table(entries, target)
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.console import Console

    with Progress(TextColumn("building hand-rank table: {task.description}"), BarColumn(),
                  TextColumn("{task.percentage:>3.0f}%"), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("states", total=1.0)
        entries, _ = build_entries(lambda stage, f: bar.update(task, completed=f, description=stage))
        bar.update(task, description="writing")
        written = write_table(entries, target)
        bar.update(task, completed=1.0)
    return written


def main(argv=None) -> int:
    """``python -m pokerfsm.generate [--output PATH] [--force]``."""
    from .table import default_table_path, open_table
    from .errors import Error

    parser = argparse.ArgumentParser(prog="python -m pokerfsm.generate",
                                     description="Build the pokerfsm hand-rank table.")
    parser.add_argument("--output", "-o", help="where to write it (default: %(default)s)",
                        default=str(default_table_path()))
    parser.add_argument("--force", action="store_true", help="rebuild even if a valid table exists")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    target = Path(args.output)
    if target.exists() and not args.force:
        try:
            with open_table(target):
                print(f"{target}: a valid table is already there (use --force to rebuild)")
                return 0
        except Error as exc:
            print(f"{exc}; rebuilding", file=sys.stderr)
    start = time.perf_counter()
    try:
        written = generate_table(target, show_progress=False if args.quiet else None)
    except OSError as exc:
        print(f"pokerfsm: cannot write {target}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    size = written.stat().st_size
    print(f"{written}: {size / 2**20:.1f} MiB written in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
