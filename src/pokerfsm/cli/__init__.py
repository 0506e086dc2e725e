"""The ``pokerfsm`` command: a thin dispatcher over one module per subcommand.

Each subcommand lives in ``pokerfsm.cli.<module>`` exposing
``configure(parser)`` and ``run(args) -> int``; only the module of the
command being run is imported, and those modules import heavy dependencies
(numpy, fastapi, pokerkit, …) inside ``run`` only, so ``pokerfsm --help``
and one-hand commands start fast.

What the CLI promises:

* errors the user caused (any :class:`pokerfsm.Error`, a missing file, a
  missing optional package) are one line on stderr, exit status 2, no
  traceback; an input file's errors read ``FILE:LINE: message``;
* with ``--json`` the command's JSON document is the only thing on standard
  output, whatever a dependency prints meanwhile (:mod:`pokerfsm.stdio`);
* cards print with suit symbols only where the output can encode them
  (``--cards ascii|unicode`` overrides, :mod:`pokerfsm.display`);
* a deprecated setting still in use (``$POKERFSM_TABLES``) is named once,
  in one ``pokerfsm: warning:`` line on stderr.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import sys
import warnings
from collections.abc import Iterator, Sequence
from typing import NoReturn, TextIO

from .._version import __version__
from ..display import ASCII_FALLBACK, CARD_STYLES, set_card_style, unicode_ok
from ..errors import Error, InputFileError
from ..stdio import program_stdout
from .extras import MissingExtraError, missing_extra

__all__ = ["main", "COMMANDS", "write_json", "UsageError"]

#: subcommand -> (module implementing it, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "eval": ("pokerfsm.cli.evaluate", "evaluate a 5-7 card hand"),
    "odds": ("pokerfsm.cli.odds", "odds of each hand category by the river"),
    "equity": ("pokerfsm.cli.equity", "exact or Monte Carlo equity of 2-10 hands or ranges"),
    "outs": ("pokerfsm.cli.outs", "which cards win, chop or lose on the turn and river"),
    "hits": ("pokerfsm.cli.hits", "what a range makes on a board: made hands and draws"),
    "distribution": ("pokerfsm.cli.distribution", "each hand of a range by its equity against another range"),
    "report": ("pokerfsm.cli.report", "two ranges on each canonical flop, on Dask (extra 'tables')"),
    "compute": ("pokerfsm.cli.compute", "the French course's calculator on a file"),
    "generate": ("pokerfsm.cli.generate", "build the hand-rank table file"),
    "replay": ("pokerfsm.cli.replay", "replay a hand history (PHH) street by street with equities (extra 'games')"),
    "tables": ("pokerfsm.cli.tables", "build, list, verify and export the precomputed tables (extra 'tables')"),
    "serve": ("pokerfsm.cli.serve", "run the web calculator (extra 'web')"),
    "play": ("pokerfsm.cli.play", "play hold'em, Omaha or five-card draw in the terminal (extra 'games')"),
    "rummikub": ("pokerfsm.cli.rummikub", "play Rummikub, solve a position or check a move (extra 'rummikub')"),
}


class UsageError(Error, ValueError):
    """Arguments the command does not take (argparse's complaint, as one line)."""


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error raises :class:`UsageError` (one line, status 2) rather than
    printing the usage block and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: error: {message} (see {self.prog} --help)")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The top-level parser; only ``command``'s module is imported and configured.

    Listing the commands imports none of them, so ``pokerfsm --help`` and
    one-hand commands start fast whatever the other commands need.
    """
    parser = Parser(
        prog="pokerfsm",
        description="Exact poker odds on a TwoPlusTwo-style state machine, and card games.",
    )
    parser.add_argument("--version", action="version", version=f"pokerfsm {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module_name, help_text) in COMMANDS.items():
        sub_parser = sub.add_parser(name, help=help_text, description=help_text)
        _add_card_option(sub_parser, "auto", name)
        if name == command:
            module = importlib.import_module(module_name)
            module.configure(sub_parser)
            sub_parser.set_defaults(_run=module.run)
            for action in sub_parser._actions:  # 'pokerfsm play draw --cards ascii' too
                if isinstance(action, argparse._SubParsersAction):
                    for nested in action.choices.values():
                        _add_card_option(nested, argparse.SUPPRESS, name)
    return parser


#: commands that show no playing cards, so take no ``--cards`` (Rummikub's tiles are coloured numbers)
NO_CARDS = frozenset({"rummikub"})


def _add_card_option(parser: argparse.ArgumentParser, default: str, command: str) -> None:
    """``--cards ascii|unicode|auto`` on a command that prints cards; the others are not offered it."""
    if command in NO_CARDS:
        parser.set_defaults(card_style="auto")
        return
    parser.add_argument("--cards", dest="card_style", choices=CARD_STYLES, default=default,
                        help="show suits as symbols (K♠) or letters (Ks); auto: symbols when "
                             "the output encoding has them (default)")


def write_json(stream: TextIO, data: object) -> None:
    """Print ``data`` as one JSON document on ``stream`` (ASCII escapes where it cannot encode text)."""
    stream.write(json.dumps(data, ensure_ascii=not unicode_ok(stream)) + "\n")


def error_line(exc: BaseException) -> str:
    """The one line printed for a user error."""
    if isinstance(exc, (InputFileError, UsageError)):
        return str(exc)  # already 'FILE:LINE: message' or 'pokerfsm CMD: message'
    if isinstance(exc, OSError) and exc.filename and not isinstance(exc, Error):
        return f"pokerfsm: {exc.filename}: {exc.strerror or exc}"
    return f"pokerfsm: error: {exc}"


def _tolerant_output() -> None:
    """Where stdout or stderr cannot encode some text (an ASCII terminal), print the nearest
    ASCII ('e' for 'é', '-' for '·') rather than fail."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and hasattr(stream, "reconfigure") and not unicode_ok(stream):
            with contextlib.suppress(ValueError, OSError):  # a stream that cannot change keeps its errors
                stream.reconfigure(errors=ASCII_FALLBACK)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    With ``--json`` the command's JSON is the only thing on standard output:
    anything a dependency prints meanwhile goes to standard error.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--json" not in argv:
        return _main(argv, sys.stdout)
    with program_stdout() as out:
        return _main(argv, out)


def _main(argv: list[str], out: TextIO) -> int:
    _tolerant_output()
    command = next((a for a in argv if not a.startswith("-")), None)
    try:
        parser = build_parser(command if command in COMMANDS else None)
    except ImportError as exc:
        extra = missing_extra(exc)
        if extra is None:
            raise  # a bug in this package, not a missing optional package
        print(error_line(extra.placed(command)), file=sys.stderr)
        return 2
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        print(error_line(exc), file=sys.stderr)
        return 2
    args.stdout = out
    set_card_style(args.card_style)
    try:
        with _deprecations_on_stderr():
            return int(args._run(args) or 0)
    except ImportError as exc:
        extra = missing_extra(exc)
        if extra is None:
            raise
        print(error_line(extra.placed(command)), file=sys.stderr)
        return 2
    except (Error, OSError) as exc:
        if isinstance(exc, BrokenPipeError):
            return 0
        print(error_line(exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pokerfsm: interrupted", file=sys.stderr)
        return 130


@contextlib.contextmanager
def _deprecations_on_stderr() -> Iterator[None]:
    """Show pokerfsm's own deprecation warnings, each once, as one line on stderr."""
    def line(message: Warning | str, *_: object, **__: object) -> None:
        print(f"pokerfsm: warning: {message}", file=sys.stderr)

    with warnings.catch_warnings():
        warnings.filterwarnings("once", category=DeprecationWarning, module=r"pokerfsm\.")
        warnings.showwarning = line
        yield


__all__ += ["MissingExtraError"]
