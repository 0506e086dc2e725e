"""``pokerfsm generate``: build the hand-rank table file (the first use of the library does it too)."""
from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--output", "-o", help="where to write it (default: $POKERFSM_TABLE or the cache)")
    parser.add_argument("--force", action="store_true", help="rebuild even if a valid table exists")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    import sys
    import time
    from pathlib import Path

    from ..errors import Error
    from ..table import default_table_path, generate_table, open_table

    target = Path(args.output) if args.output else default_table_path()
    if target.exists() and not args.force:
        try:
            with open_table(target):
                print(f"{target}: a valid table is already there (use --force to rebuild)")
                return 0
        except Error as exc:
            print(f"{exc}; rebuilding", file=sys.stderr)
    start = time.perf_counter()
    written = generate_table(target, show_progress=False if args.quiet else None)
    size = written.stat().st_size
    print(f"{written}: {size / 2**20:.1f} MiB written in {time.perf_counter() - start:.1f} s")
    return 0
