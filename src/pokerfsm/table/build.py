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
never sees a partial table; every build holds a lock file beside it, so two
processes never build the same table at once, and first removes the
temporary files that killed builds left. ``pokerfsm generate`` is the
command; the first use of the table (:func:`pokerfsm.table.load_default`)
builds it too, through :func:`build_missing`.
"""
from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import TableNotFoundError, checked_flag
from ..progress import Progress, progress_bar
from .format import ENV_VAR, FORMAT_VERSION, HEADER, MAGIC, ROOT, SLOTS, default_table_path
from .rankings import HOLDEM, Ranking, deck_mask

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    from filelock import FileLock
    from numpy.typing import NDArray

__all__ = ["generate_table", "build_missing", "build_entries", "write_table", "build_lock",
           "remove_stale_temporaries"]

_LEVEL_INDEX_BITS = (7, 12, 16, 19, 20, 21)  # log2 of the key index per level; grown if short

def build_entries(progress: Progress | None = None, ranking: Ranking = HOLDEM) -> tuple[NDArray[np.int32], list[int]]:
    """Compute the table of ``ranking`` (default: the 52-card deck) in memory; returns
    ``(entries, level_sizes)``.

    ``entries`` is an int32 numpy array of ``states * 53`` entries; the
    slots of cards outside the ranking's deck lead nowhere (0).
    """
    import numpy as np

    from . import _build
    from .cactus import tables

    def report(fraction: float, stage: str) -> None:
        if progress is not None:
            progress(fraction, stage)

    lookups = tables(ranking)
    deck = deck_mask(ranking.deck)
    best_flush = _build.best_flush_table(lookups.flushes)
    report(0.0, "states")
    levels = [np.zeros(1, dtype=np.uint64)]  # depth 0: the empty state
    links: list[NDArray[np.int32] | None] = []
    for depth in range(6):
        bits = _LEVEL_INDEX_BITS[depth]
        while True:
            try:
                keys, child_ids = _build.expand_level(levels[depth], depth, bits, deck)
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
                  best_flush, lookups.multiplier, deck)
    _build.fill_values(entries, levels[5], 5, int(first_rows[5]), *value_args)
    last = levels[6]
    chunks = 20
    for k in range(chunks):
        lo, hi = len(last) * k // chunks, len(last) * (k + 1) // chunks
        _build.fill_values(entries, last[lo:hi], 6, int(first_rows[6]) + lo, *value_args)
        report(0.45 + 0.5 * (k + 1) / chunks, "values")
    sizes = [len(k) for k in levels]
    if tuple(sizes) != ranking.level_sizes:  # pragma: no cover - the ranking fixes them
        raise AssertionError(f"the generator found levels of {sizes} states, the {ranking.name} table has "
                             f"{ranking.level_sizes}")
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


def build_lock(path: Path) -> FileLock:
    """The lock every build of the table at ``path`` holds (a ``.lock`` file beside it)."""
    from filelock import FileLock

    return FileLock(str(path.with_name(path.name + ".lock")))


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Delete the temporary files that builds of ``path`` killed mid-way left behind.

    Call it holding :func:`build_lock`: then no build is writing one.
    """
    removed = []
    for stale in path.parent.glob(f"{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            stale.unlink()
            removed.append(stale)
    return removed


def generate_table(path: str | os.PathLike[str] | None = None, *, show_progress: bool | None = None,
                   ranking: Ranking = HOLDEM) -> Path:
    """Build the table of ``ranking`` (default: the 52-card deck) and write it to ``path``
    (default: :func:`pokerfsm.table.format.default_table_path` of the ranking).

    Holds the build lock meanwhile, and first removes what builds killed
    mid-way left behind. A progress bar is shown on stderr when it is a
    terminal (or when ``show_progress`` is true).
    """
    checked_flag(show_progress, "show_progress", optional=True)
    target = Path(path) if path is not None else default_table_path(ranking)
    _locked_build(target, ranking, show_progress=show_progress, first_use=False)
    return target


def build_missing(path: Path, ranking: Ranking = HOLDEM) -> None:
    """Build the table of ``ranking`` at ``path`` on first use, unless another process just did.

    A one-line notice on stderr says so (and how long it took); where ``path``
    cannot be written, :class:`~pokerfsm.errors.TableNotFoundError` says how to
    build the table elsewhere.
    """
    try:
        _locked_build(path, ranking, show_progress=None, first_use=True)
    except OSError as exc:
        raise TableNotFoundError(
            f"{path}: no {_title(ranking)}, and it cannot be written there ({exc.strerror or exc}); "
            f"run `pokerfsm generate --output SOMEWHERE_WRITABLE` and set {ENV_VAR} to it"
        ) from None


def _title(ranking: Ranking) -> str:
    """What a table is called in messages: ``'hand-rank table'``, ``'short-deck hand-rank table'``."""
    return "hand-rank table" if ranking is HOLDEM else f"{ranking.name} hand-rank table"


def _locked_build(target: Path, ranking: Ranking, *, show_progress: bool | None, first_use: bool) -> None:
    """Lock, clear what killed builds left, write: every build of a table file goes through here.

    ``first_use`` builds only if no other process built the table while this
    one waited for the lock, and announces itself on stderr.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    with build_lock(target):
        if first_use and target.exists():
            return
        remove_stale_temporaries(target)
        if first_use:
            print(f"pokerfsm: building the {_title(ranking)} at {target} (once, a few seconds)...",
                  file=sys.stderr, flush=True)
        start = time.perf_counter()
        bar = (contextlib.nullcontext(None) if show_progress is False
               else progress_bar(f"building the {_title(ranking)}", delay=0, force=bool(show_progress)))
        with bar as update:
            entries, _ = build_entries(update, ranking)
            if update is not None:
                update(0.97, "writing")
            write_table(entries, target)
        if first_use:
            print(f"pokerfsm: table ready in {time.perf_counter() - start:.1f} s", file=sys.stderr)
