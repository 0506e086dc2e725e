"""The ``pokerfsm rummikub`` command: ``play``, ``solve FILE`` and ``check FILE``.

* ``play [--seed N] [--players N] [--level easy|medium|hard] [--games N] [--auto]`` — games in
  the terminal against the computer, with a running score and a rematch after each
  (``--auto``: the computer plays every side);
* ``solve FILE [--json]`` — the exact best move for the position in FILE;
* ``check FILE [--json]`` — referee the move ``new_table`` in FILE: exit 0 if legal, 1 if not.

A position file is JSON: ``{"hand": ["R7", "J", ...], "table": [["B1", "B2", "B3"], ...],
"initial_done": true}`` (plus ``"new_table"`` for ``check``). Errors in the file
are reported as ``FILE:LINE: message`` with exit status 2.
"""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from . import write_json
from .numbers import positive_whole_number, whole_number

if TYPE_CHECKING:
    from ..games.rummikub.positions import Position


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    play = sub.add_parser("play", help="play in the terminal against the computer",
                          description="Play Rummikub in the terminal against the computer.")
    play.add_argument("--seed", type=whole_number, default=None, help="seed of the shuffle (a repeatable game)")
    play.add_argument("--players", type=whole_number, default=2, choices=(2, 3, 4), help="players (default 2)")
    play.add_argument("--auto", action="store_true", help="the computer plays every side")
    play.add_argument("--level", choices=("easy", "medium", "hard"), default="hard",
                      help="the computer's level: easy plays the first set it finds, medium holds "
                           "tiles back, hard is the exact solver (default)")
    play.add_argument("--games", type=positive_whole_number, metavar="N", default=None,
                      help="stop after N games (default: ask for a rematch; --auto plays one)")
    solve = sub.add_parser("solve", help="the exact best move for a position file",
                           description="Find the exact best move: most tiles, then most points, "
                                       "then fewest table sets changed.")
    solve.add_argument("file", help='JSON: {"hand": [...], "table": [[...], ...], "initial_done": true}')
    solve.add_argument("--json", action="store_true", help="print the answer as JSON")
    check = sub.add_parser("check", help="referee one proposed move (exit 0 legal, 1 illegal)",
                           description="Say whether the move in a position file is legal, "
                                       "and if not, the rule it breaks.")
    check.add_argument("file", help='JSON: {"hand", "table", "initial_done", "new_table"}')
    check.add_argument("--json", action="store_true", help="print the verdict as JSON")


def run(args: argparse.Namespace) -> int:
    if args.action in ("play", "solve"):
        import highspy  # noqa: F401  (the 'rummikub' extra: a missing one is reported by the CLI)
    if args.action == "play":
        from ..games.rummikub.console import play_console

        return play_console(seed=args.seed, players=args.players, auto=args.auto, level=args.level,
                            games=args.games)
    from ..games.rummikub.positions import load_position

    position = load_position(args.file, need_new_table=args.action == "check")
    if args.action == "solve":
        return _solve(position, args.json, args.stdout)
    return _check(position, args.json, args.stdout)


def _solve(position: Position, as_json: bool, out: TextIO) -> int:
    from ..games.rummikub.solver import solve
    from ..games.rummikub.tiles import format_tiles

    best = solve(position.hand, position.table, initial_done=position.initial_done)
    if as_json:
        write_json(out, best.to_json())
        return 0
    if not best.tiles_placed:
        print("No tiles can be placed: draw a tile.")
        return 0
    from ..games.rummikub.console import placed_words
    print(f"Place {placed_words(best.placed, best.value_placed, not position.initial_done)}; "
          f"{_count(best.sets_changed, 'table set')} changed.")
    for number, step in enumerate(best.steps, 1):
        print(f"{number}. {step}")
    print("New table:")
    for number, tiles in enumerate(best.new_table, 1):
        print(f"{number:>3}  {format_tiles(tiles)}")
    return 0


def _check(position: Position, as_json: bool, out: TextIO) -> int:
    from ..games.rummikub.rules import IllegalMoveError, check_move
    from ..games.rummikub.tiles import format_tiles

    new_table = position.new_table
    assert new_table is not None, "load_position requires it for a check"
    try:
        summary = check_move(position.table, position.hand, new_table,
                             initial_done=position.initial_done)
    except IllegalMoveError as exc:
        if as_json:
            write_json(out, {"legal": False, "rule": exc.rule.value, "reason": str(exc)})
        else:
            print(f"illegal ({exc.rule.value}): {exc}")
        return 1
    if as_json:
        write_json(out, {"legal": True, "tiles_placed": summary.tiles_placed,
                          "value_placed": summary.value_placed, "sets_changed": summary.sets_changed,
                          "placed": [str(t) for t in summary.placed]})
    else:
        print(f"legal: places {_count(summary.tiles_placed, 'tile')} ({format_tiles(summary.placed)}) "
              f"worth {summary.value_placed} points; {_count(summary.sets_changed, 'table set')} changed")
    return 0


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
