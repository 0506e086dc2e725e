"""Write a table, with its derived figures, to Parquet or CSV.

Every row is checked (:func:`pokerfsm.precomputed.checks.row_problem`) before
it is written; a row that fails stops the export with one error naming it, so
no export holds a count that does not add up or a probability outside [0, 1].
A file is written under a temporary name beside it and renamed into place only
when complete: an export that fails, or is stopped, leaves no partial file
(and an older file of that name untouched).
"""
from __future__ import annotations

import contextlib
import csv
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import StoreError
from ..tallies import HU_BOARDS
from .checks import row_name, row_problem
from .rows import FLOP_SHOWDOWNS, FLOP_SQUARE_SCALE, Row
from .store import Store
from .tasks import SPECS
from .verify import require_built

__all__ = ["export", "EXPORT_FORMATS"]

EXPORT_FORMATS = ("parquet", "csv")
_EXTRA = {"preflop-hu": ["win", "tie", "lose", "equity"], "flop-ehs": ["equity", "ehs2"],
          "preflop-vs-random": [], "omaha-vs-random": [], "short-deck-preflop-hu": [], "short-deck-vs-random": []}


def _derived(name: str, values: dict[str, Any], row: Row) -> Row:
    """The stored row plus its derived figures."""
    if name == "preflop-hu":
        total = HU_BOARDS
        return (*row, values["wins"] / total, values["ties"] / total, values["losses"] / total,
                (values["wins"] + values["ties"] / 2) / total)
    if name == "flop-ehs":
        return (*row, (values["wins"] + values["ties"] / 2) / FLOP_SHOWDOWNS,
                values["squares"] / FLOP_SQUARE_SCALE)
    return row


def _chunks(store: Store, name: str, size: int = 100_000) -> Iterator[list[Row]]:
    """The rows of ``name`` with their derived figures, each checked; StoreCorruptError at the first that fails."""
    columns = SPECS[name].column_names
    for chunk in store.iter_rows(name, ", ".join(columns), size):
        out = []
        for row in chunk:
            values = dict(zip(columns, row))
            problem = row_problem(name, values)
            if problem:
                raise store.damaged(name, f"row {row_name(name, values['key'])}: {problem}; the export stopped "
                                          "there")
            out.append(_derived(name, values, row))
        yield out


def _write_csv(file: Any, store: Store, name: str, header: list[str]) -> None:
    writer = csv.writer(file, lineterminator="\n")
    writer.writerow(header)
    for chunk in _chunks(store, name):
        writer.writerows(chunk)


def _write_parquet(path: Path, store: Store, name: str, header: list[str]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    kinds = {"INTEGER": pa.int64(), "REAL": pa.float64(), "TEXT": pa.string()}
    schema = pa.schema([(column, kinds[kind.split()[0]]) for column, kind in SPECS[name].columns]
                       + [(column, pa.float64()) for column in _EXTRA[name]])
    with pq.ParquetWriter(path, schema) as writer:
        for chunk in _chunks(store, name):
            writer.write_table(pa.Table.from_pylist([dict(zip(header, row)) for row in chunk], schema=schema))


def export(store: Store, name: str, fmt: str, output: str | Path | None = None) -> Path | None:
    """Write table ``name`` with its derived figures as ``fmt`` (parquet or csv).

    ``output`` defaults to ``NAME.FORMAT`` in the current directory; ``-``
    writes CSV to standard output (and returns None; a damaged row stops it
    there, with the error). Raises TableNotBuiltError for a table with no
    rows, StoreCorruptError naming the first row that fails its checks,
    StoreError for a bad format or an output that cannot be written.
    """
    if fmt not in EXPORT_FORMATS:
        raise StoreError(f"unknown export format {fmt!r}; choose parquet or csv")
    require_built(store, name)
    header = SPECS[name].column_names + _EXTRA[name]
    if str(output) == "-" and fmt == "csv":
        _write_csv(sys.stdout, store, name, header)
        return None
    path = Path(output) if output is not None else Path(f"{name}.{fmt}")
    if path.exists() and not path.is_file():
        raise StoreError(f"{path} is not a regular file; export to a file (or '-' for CSV on standard output)")
    temporary = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        if fmt == "csv":
            with open(temporary, "w", newline="", encoding="utf-8") as file:
                _write_csv(file, store, name, header)
        else:
            _write_parquet(temporary, store, name, header)
        os.replace(temporary, path)
    except OSError as exc:
        if isinstance(exc, StoreError):
            raise
        raise StoreError(f"{path}: cannot write the export ({exc.strerror or exc})") from None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()
    return path
