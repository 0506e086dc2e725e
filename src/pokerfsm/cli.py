"""The ``pokerfsm`` command: a thin dispatcher over per-feature command modules.

Each subcommand lives in its own module exposing ``configure(parser)`` and
``run(args) -> int``; only the module of the command being run is imported. Those modules import heavy
dependencies (numpy, fastapi, pokerkit, …) inside ``run`` only, so that
``pokerfsm --help`` and one-hand commands start fast.

Errors the user caused (any :class:`pokerfsm.Error`, a missing file) are
printed as one line on stderr and the exit status is 2; no traceback.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from . import __version__
from .errors import Error, InputFileError

__all__ = ["main", "COMMANDS"]

#: subcommand -> (module implementing it, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "eval": ("pokerfsm.commands.evaluate", "evaluate a 5-7 card hand"),
    "odds": ("pokerfsm.commands.odds", "odds of each hand category by the river"),
    "equity": ("pokerfsm.commands.equity", "exact or Monte Carlo equity of 2-10 hands or ranges"),
    "outs": ("pokerfsm.commands.outs", "which cards win, chop or lose on the turn and river"),
    "compute": ("pokerfsm.commands.compute", "the French course's calculator on a file"),
    "generate": ("pokerfsm.commands.generate", "build the hand-rank table file"),
    "tables": ("pokerfsm.commands.tables",
               "build, list, verify and export the precomputed tables (extra 'tables')"),
    "serve": ("pokerfsm.web.cli", "run the web calculator (extra 'web')"),
    "play": ("pokerfsm.games.cli", "play hold'em or five-card draw in the terminal (extra 'games')"),
    "rummikub": ("pokerfsm.games.rummikub.cli",
                 "play Rummikub, solve a position or check a move (extra 'games')"),
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The top-level parser; only ``command``'s module is imported and configured.

    Listing the commands imports none of them, so ``pokerfsm --help`` and
    one-hand commands start fast whatever the other commands need.
    """
    parser = argparse.ArgumentParser(
        prog="pokerfsm",
        description="Exact poker odds on a TwoPlusTwo-style state machine, and card games.",
    )
    parser.add_argument("--version", action="version", version=f"pokerfsm {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module_name, help_text) in COMMANDS.items():
        sub_parser = sub.add_parser(name, help=help_text, description=help_text)
        if name == command:
            module = importlib.import_module(module_name)
            module.configure(sub_parser)
            sub_parser.set_defaults(_run=module.run)
    return parser


def error_line(exc: BaseException) -> str:
    """The one line printed for a user error."""
    if isinstance(exc, InputFileError):
        return str(exc)  # already 'FILE:LINE: message'
    if isinstance(exc, OSError) and exc.filename and not isinstance(exc, Error):
        return f"pokerfsm: {exc.filename}: {exc.strerror or exc}"
    return f"pokerfsm: error: {exc}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in argv if not a.startswith("-")), None)
    try:
        parser = build_parser(command if command in COMMANDS else None)
    except ImportError as exc:
        if exc.name and exc.name.startswith("pokerfsm"):
            raise  # a bug in this package, not a missing extra
        print(f"pokerfsm {command}: needs the optional package {exc.name!r}; "
              f"install it with: pip install \"pokerfsm[web,games]\"", file=sys.stderr)
        return 2
    args = parser.parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except (Error, OSError) as exc:
        if isinstance(exc, BrokenPipeError):
            return 0
        print(error_line(exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pokerfsm: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
