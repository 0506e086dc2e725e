"""``pokerfsm generate``: build the hand-rank table (same as ``python -m pokerfsm.generate``)."""
from __future__ import annotations

HELP = "build the hand-rank table file"


def configure(parser) -> None:
    parser.add_argument("--output", "-o", help="where to write it (default: $POKERFSM_TABLE or the cache)")
    parser.add_argument("--force", action="store_true", help="rebuild even if a valid table exists")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")


def run(args) -> int:
    from ..generate import main

    argv = (["--output", args.output] if args.output else []) + (["--force"] if args.force else [])
    return main(argv + (["--quiet"] if args.quiet else []))
