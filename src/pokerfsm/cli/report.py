"""``pokerfsm report flops RANGE_A RANGE_B``: two ranges on every suit-canonical flop.

    pokerfsm report flops "QQ+,AK" "22+,ATs+,KQs" [--json | --csv | --parquet FILE] [--workers 2]
    pokerfsm report flops "QQ+,AK" "22+,ATs+,KQs" --scheduler tcp://10.0.0.5:8786
    pokerfsm report flops "QQ+,AK" "66+,ATs+,KQs" --game short-deck

computes (on Dask, with a progress bar) or reads from the tables store the
row of each canonical flop (1,755 at hold'em, 573 of short deck's 36 cards
with ``--game short-deck``), and prints the summaries by texture, weighted
by how often each flop comes; ``--json`` prints the rows
and summaries as one document, ``--csv`` the rows on standard output,
``--parquet`` writes them to a file. See :mod:`pokerfsm.study.report`. A run
stopped (Ctrl-C, a kill) keeps its finished flops: the same command resumes.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

from . import write_json


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="report", metavar="REPORT", required=True)
    flops = sub.add_parser("flops", help="two ranges on each canonical flop (1,755 at hold'em)")
    flops.add_argument("range_a", metavar="RANGE_A", help="the first range, e.g. \"QQ+,AK\"")
    flops.add_argument("range_b", metavar="RANGE_B", help="the second range")
    output = flops.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the rows and summaries as one JSON document")
    output.add_argument("--csv", action="store_true", help="print the rows as CSV")
    output.add_argument("--parquet", metavar="FILE", help="write the rows to a Parquet file")
    flops.add_argument("--game", default="holdem", help="holdem (the default) or short-deck")
    flops.add_argument("--workers", type=int, default=None, metavar="N",
                       help="local worker processes (default: one per core)")
    flops.add_argument("--scheduler", metavar="ADDR",
                       help="use the Dask cluster at ADDR (tcp://HOST:PORT) instead of a local one")
    flops.add_argument("--limit", type=int, default=None, metavar="N",
                       help="only the first N canonical flops (a partial report, e.g. to try a cluster)")
    flops.add_argument("--store", metavar="PATH", default=None,
                       help="the store file (default: $POKERFSM_STORE or the cache directory)")


def run(args: argparse.Namespace) -> int:
    from ..errors import BuildError
    from ..progress import progress_bar
    from ..study.flops import canonical_flops
    from ..study.report import checked_ranges, flop_report

    flops = len(canonical_flops(args.game))   # an unknown game or one without reports: one error
    checked_ranges(args.range_a, args.range_b, args.game)   # a bad range is refused before a cluster starts
    if args.workers is not None and args.workers < 1:
        raise BuildError(f"--workers must be at least 1, not {args.workers}")
    if args.limit is not None and not 1 <= args.limit <= flops:
        raise BuildError(f"--limit must be 1 to {flops}, not {args.limit}")
    chosen = None if args.limit is None else range(args.limit)
    try:
        with progress_bar("flop report", counts=True) as progress:
            report = flop_report(args.range_a, args.range_b, store_path=args.store, scheduler=args.scheduler,
                                 workers=args.workers, progress=progress, flops=chosen, game=args.game)
    except KeyboardInterrupt:
        print("pokerfsm report flops: interrupted; the finished flops are saved, run the same command to "
              "resume", file=sys.stderr)
        return 130
    if args.json:
        write_json(args.stdout, report.to_dict())
    elif args.csv:
        _write_csv(args.stdout, report.rows)
    elif args.parquet:
        _write_parquet(args.parquet, report.rows)
        print(f"{len(report.rows):,} flops written to {args.parquet}", file=sys.stderr)
    else:
        _print(report, flops)
    return 0


def _flat(row: dict[str, Any]) -> dict[str, Any]:
    """A row with its hits as JSON text (one column per range)."""
    import json

    return {**row, "hits_a": json.dumps(row["hits_a"]), "hits_b": json.dumps(row["hits_b"])}


def _write_csv(out: Any, rows: list[dict[str, Any]]) -> None:
    import csv

    from ..study.flops import COLUMNS

    writer = csv.DictWriter(out, [name for name, _ in COLUMNS], lineterminator="\n")
    writer.writeheader()
    writer.writerows(_flat(row) for row in rows)


def _write_parquet(path: str, rows: list[dict[str, Any]]) -> None:
    import os
    from pathlib import Path

    import pyarrow as pa
    import pyarrow.parquet as pq

    from ..errors import StoreError
    from ..study.flops import COLUMNS

    kinds = {"INTEGER": pa.int64(), "REAL": pa.float64(), "TEXT": pa.string()}
    schema = pa.schema([(name, pa.bool_() if name in ("paired", "trips", "connected") else kinds[kind.split()[0]])
                        for name, kind in COLUMNS])
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        pq.write_table(pa.Table.from_pylist([_flat(row) for row in rows], schema=schema), temporary)
        os.replace(temporary, target)
    except OSError as exc:
        raise StoreError(f"{target}: cannot write the report ({exc.strerror or exc})") from None
    finally:
        if temporary.exists():
            temporary.unlink()


def _print(report: Any, flops: int) -> None:
    from rich.console import Console
    from rich.table import Table

    from ..variants import game_of

    state = "" if report.complete else f" ({len(report.rows):,} of {flops:,} flops)"
    game = "" if report.game == "holdem" else f" at {game_of(report.game).label.lower()}"
    table = Table(title=f"{report.range_a} (A) vs {report.range_b} (B) on every flop{game}{state}")
    for name in ("flops", "weight", "equity A", "A >= 80%", "A < 20%", "equity B", "B >= 80%", "B < 20%"):
        table.add_column(name, justify="left" if name == "flops" else "right", no_wrap=name == "flops")

    def percent(x: float | None) -> str:
        return "-" if x is None else f"{100 * x:.1f} %"

    for s in report.summaries():
        table.add_row(f"{s['group']} ({s['flops']:,})", f"{s['weight']:,}", percent(s["equity_a"]),
                      percent(s["high_a"]), percent(s["low_a"]), percent(s["equity_b"]), percent(s["high_b"]),
                      percent(s["low_b"]))
    Console().print(table)
    how = f"computed {report.computed:,} flops in" if report.computed else "read from the store in"
    print(f"{how} {report.seconds:.1f} s; --json, --csv or --parquet FILE for the rows")
