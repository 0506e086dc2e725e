"""The ``pokerfsm`` command: a thin dispatcher over per-feature command modules.

Each subcommand lives in its own module exposing ``HELP`` (one line),
``configure(parser)`` and ``run(args) -> int``. Those modules import heavy
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

#: subcommand -> module implementing it
COMMANDS: dict[str, str] = {
    "eval": "pokerfsm.commands.evaluate",
    "odds": "pokerfsm.commands.odds",
    "generate": "pokerfsm.commands.generate",
    "compute": "pokerfsm.commands.compute",
    "equity": "pokerfsm.commands.equity",
    "outs": "pokerfsm.commands.outs",
    "serve": "pokerfsm.web.cli",
    "play": "pokerfsm.games.cli",
    "rummikub": "pokerfsm.games.rummikub.cli",
}


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with one sub-parser per available command."""
    parser = argparse.ArgumentParser(
        prog="pokerfsm",
        description="Exact poker odds on a TwoPlusTwo-style state machine, and card games.",
    )
    parser.add_argument("--version", action="version", version=f"pokerfsm {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module_name in COMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:  # an optional feature whose module is missing
            if exc.name and module_name.startswith(exc.name):
                continue
            raise
        command = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.configure(command)
        command.set_defaults(_run=module.run)
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
    parser = build_parser()
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
