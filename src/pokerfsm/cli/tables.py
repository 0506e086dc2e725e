"""``pokerfsm tables``: build, list, verify and export the precomputed tables.

    pokerfsm tables build preflop-hu preflop-vs-random [--workers 2] [--limit 10]
    pokerfsm tables build flop-ehs --scheduler tcp://10.0.0.5:8786
    pokerfsm tables build omaha-vs-random --set target_std_error=0.001
    pokerfsm tables build short-deck-preflop-hu short-deck-vs-random
    pokerfsm tables list [--json]
    pokerfsm tables verify preflop-hu --sample 100
    pokerfsm tables export flop-ehs --format parquet --output flop-ehs.parquet

The store is ``$POKERFSM_STORE`` or ``precomputed-v2.sqlite`` beside the
hand-rank table (``--store`` overrides both). Building needs the ``tables``
extra (Dask distributed); a rerun resumes an interrupted build.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

from . import Parser, write_json

_TABLES = ("preflop-hu", "preflop-vs-random", "flop-ehs", "omaha-vs-random", "short-deck-preflop-hu",
           "short-deck-vs-random")


def configure(parser: argparse.ArgumentParser) -> None:
    common = Parser(add_help=False)
    common.add_argument("--store", metavar="PATH", default=None,
                        help="the store file (default: $POKERFSM_STORE or the cache directory)")
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    build = sub.add_parser("build", parents=[common], help="build or resume tables on a Dask cluster")
    build.add_argument("names", nargs="+", metavar="NAME", choices=_TABLES,
                       help=f"the tables to build: {', '.join(_TABLES)}")
    build.add_argument("--scheduler", metavar="ADDR",
                       help="use the Dask cluster at ADDR (tcp://HOST:PORT) instead of a local one")
    build.add_argument("--workers", type=int, default=None, metavar="N",
                       help="local worker processes (default: one per core)")
    build.add_argument("--limit", type=int, default=None, metavar="N",
                       help="build only the first N tasks")
    build.add_argument("--restart", action="store_true", help="drop what is built and start over")
    build.add_argument("--std-error", type=float, default=None, metavar="SE",
                       help="preflop-vs-random, omaha-vs-random, short-deck-vs-random: target standard "
                            "error of every Monte Carlo figure (default 0.0002, 0.002, 0.001)")
    build.add_argument("--set", action="append", default=[], metavar="PARAMETER=VALUE",
                       help="override a table parameter, e.g. classes_per_task=50 (repeatable)")
    build.add_argument("--json", action="store_true", help="print one JSON summary")
    listing = sub.add_parser("list", parents=[common], help="the tables in the store")
    listing.add_argument("--json", action="store_true", help="print a JSON list")
    verify = sub.add_parser("verify", parents=[common],
                            help="recompute a random sample of rows and compare")
    verify.add_argument("name", choices=_TABLES, metavar="NAME")
    verify.add_argument("--sample", type=int, default=10, metavar="N",
                        help="rows to recompute (default 10)")
    verify.add_argument("--seed", type=int, default=None, help="seed of the sample")
    verify.add_argument("--json", action="store_true", help="print a JSON report")
    export = sub.add_parser("export", parents=[common], help="write a table to Parquet or CSV")
    export.add_argument("name", choices=_TABLES, metavar="NAME")
    export.add_argument("--format", required=True, choices=("parquet", "csv"))
    export.add_argument("--output", default=None, metavar="PATH",
                        help="the file to write (default NAME.FORMAT; '-' for CSV on stdout)")


def run(args: argparse.Namespace) -> int:
    return {"build": _build, "list": _list, "verify": _verify, "export": _export}[args.action](args)


def _build(args: argparse.Namespace) -> int:
    import distributed  # noqa: F401  (the 'tables' extra: a missing one is reported by the CLI)

    from ..precomputed import engine

    overrides = _overrides(args)
    try:
        summaries = engine.build(args.names, store_path=args.store, scheduler=args.scheduler,
                                 workers=args.workers, limit=args.limit, restart=args.restart,
                                 parameters=overrides)
    except KeyboardInterrupt:
        print("pokerfsm tables build: interrupted; the finished tasks are saved, run the same "
              "command to resume", file=sys.stderr)
        return 130
    if args.json:
        write_json(args.stdout, [{**vars(s), "rows_per_second": s.rows_per_second} for s in summaries])
    else:
        for line in engine.describe(summaries):
            print(line)
    return 0


def _overrides(args: argparse.Namespace) -> dict[str, dict[str, str]]:
    """Per-table parameter overrides from ``--set`` and ``--std-error``."""
    from ..errors import BuildError
    from ..precomputed.tasks import SPECS

    overrides: dict[str, dict[str, str]] = {name: {} for name in args.names}
    for item in args.set:
        key, equals, value = item.partition("=")
        owners = [name for name in args.names if key.strip() in SPECS[name].defaults]
        if not equals or not owners:
            raise BuildError(f"--set {item!r}: expected PARAMETER=VALUE with a parameter of "
                             f"{', '.join(args.names)} (see `pokerfsm tables list --json`)")
        for name in owners:
            overrides[name][key.strip()] = value.strip()
    if args.std_error is not None:
        sampled = [name for name in args.names if not SPECS[name].exact]
        if not sampled:
            raise BuildError("--std-error only applies to preflop-vs-random, omaha-vs-random and "
                             "short-deck-vs-random")
        for name in sampled:
            overrides[name]["target_std_error"] = str(args.std_error)
    return overrides


def _status_rows(store_path: str | None) -> tuple[str, list[dict[str, Any]]]:
    """Each table's build record as listed; a damaged record is listed with its ``problem``."""
    from ..errors import StoreCorruptError, StoreError
    from ..precomputed.store import BuildRecord, Store, default_store_path
    from ..precomputed.tasks import SPECS

    path = store_path or default_store_path()
    rows = []
    try:
        store: Store | None = Store.open(path, check=True)
    except StoreError as exc:
        if "no tables store yet" not in str(exc):
            raise
        store = None
    for name, spec in SPECS.items():
        problem = None
        record: BuildRecord | None = None
        try:
            record = store.status(name) if store is not None else None
        except StoreCorruptError as exc:
            problem = str(exc)
        rows.append({
            "name": name, "built": record is not None or problem is not None,
            "rows": record.rows if record else 0, "expected_rows": spec.rows,
            "tasks_done": record.tasks_done if record else 0,
            "tasks": record.tasks if record else spec.tasks(spec.defaults),
            "complete": bool(record and record.complete),
            "size_bytes": store.size_bytes(name) if record and store else None,
            "pokerfsm_version": record.pokerfsm_version if record else None,
            "hr_checksum": record.hr_checksum if record else None,
            "parameters": record.parameters if record else spec.defaults,
            "completed": record.completed if record else None,
            "problem": problem,
        })
    if store is not None:
        store.close()
    return str(path), rows


def _size(n: int | None) -> str:
    if n is None:
        return "-"
    size = float(n)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return "-"


def _list(args: argparse.Namespace) -> int:
    path, rows = _status_rows(args.store)
    if args.json:
        write_json(args.stdout, {"store": path, "tables": rows})
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"tables in {path}")
    for column in ("table", "rows", "tasks", "complete", "size", "pokerfsm", "HR-table checksum"):
        table.add_column(column, justify="right" if column in ("rows", "tasks", "size") else "left")
    for r in rows:
        if r["problem"]:
            table.add_row(r["name"], "-", "-", "damaged", "-", "-", "-")
            continue
        if not r["built"]:
            table.add_row(r["name"], "-", f"0/{r['tasks']}", "not built", "-", "-", "-")
            continue
        table.add_row(r["name"], f"{r['rows']:,}", f"{r['tasks_done']}/{r['tasks']}",
                      "yes" if r["complete"] else "no", _size(r["size_bytes"]),
                      r["pokerfsm_version"], r["hr_checksum"])
    Console(width=max(Console().width, 120)).print(table)
    for r in rows:
        if r["problem"]:
            print(r["problem"])
    return 0


def _verify(args: argparse.Namespace) -> int:
    from ..precomputed.store import Store
    from ..precomputed.verify import verify

    if args.sample < 1:
        from ..errors import StoreError

        raise StoreError(f"--sample must be at least 1, not {args.sample!r}")
    from ..progress import progress_bar

    with Store.open(args.store, check=True) as store, progress_bar("verifying") as progress:
        report = verify(store, args.name, args.sample, args.seed, progress)
    if args.json:
        write_json(args.stdout, report.to_dict())
    else:
        for check in report.checks:
            if not check.recomputed:   # a row that fails the table's checks
                print(f"BAD {check.row}: {check.how}")
                continue
            mark = "ok " if check.ok else "BAD"
            print(f"{mark} {check.row}: table {check.table}, recomputed {check.recomputed} "
                  f"({check.how})")
        if report.unnamed_damaged_rows:
            print(f"BAD … and {report.unnamed_damaged_rows:,} more damaged rows")
        recomputed = sum(1 for check in report.checks if check.recomputed)
        bad = len(report.mismatches) + report.unnamed_damaged_rows
        print(f"{args.name}: {report.rows_in_table:,} rows checked, {report.damaged_rows:,} damaged; "
              f"{recomputed} recomputed in {report.seconds:.1f} s; {bad} {'mismatch' if bad == 1 else 'mismatches'}")
    return 1 if report.mismatches or report.damaged_rows else 0


def _export(args: argparse.Namespace) -> int:
    if args.format == "parquet":
        import pyarrow  # noqa: F401  (the 'tables' extra: a missing one is reported by the CLI)
    from ..precomputed.export import export
    from ..precomputed.store import Store

    with Store.open(args.store) as store:
        path = export(store, args.name, args.format, args.output)
    if path is not None:
        print(f"wrote {path}", file=sys.stderr)
    return 0
