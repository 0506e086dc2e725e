"""``pokerfsm play``: heads-up hold'em or pot-limit Omaha, or eight-player five-card draw, in the terminal.

::

    pokerfsm play holdem [--opponent bluffer|timid|random|solid|flambeur] [--stack 1000]
                         [--blinds 5/10] [--rebuy CHIPS | --target CHIPS]
                         [--computer-rebuys 3] [--seed N] [--hot-seat] [--history FILE]
                         [--auto] [--hands N] [--explain]
    pokerfsm play omaha  (the same options: heads-up pot-limit Omaha, four hole cards)
    pokerfsm play draw [--players 8] [--table calm|mixed|wild] [--stack 1000] [--ante 2] [--rebuy 200]
                       [--computer-rebuys 3] [--seed N] [--history FILE] [--auto]
                       [--hands N] [--explain]

``--auto`` seats computer players everywhere (your seat is played by
``solid``); without it your moves are read from the keyboard, or from stdin
when it is piped. ``--history`` writes PHH for hold'em and Omaha (``NT``,
``PO``: ``pokerfsm replay`` reads them) and JSON lines for draw (see
:mod:`pokerfsm.games.draw`).
"""
from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING

from ..errors import ParseError
from .numbers import positive_whole_number, whole_number

if TYPE_CHECKING:
    from ..games.session import Session, TablePlayer

PERSONALITY_NAMES = ("bluffer", "timid", "random", "solid", "flambeur")

TABLE_NAMES = ("calm", "mixed", "wild")
"""The draw tables of :data:`pokerfsm.games.draw.TABLES`, named here so that ``--help`` needs no pokerkit."""
DRAW_NAMES = ("Ada", "Bruno", "Chloe", "Denis", "Emma", "Felix", "Gaby", "Hugo")


def _blinds(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*([0-9]+)\s*/\s*([0-9]+)\s*", text)
    if not match or not 0 < int(match.group(1)) <= int(match.group(2)):
        raise argparse.ArgumentTypeError(
            f"blinds look like '5/10' (small/big, small at most big), got {text!r}")
    return int(match.group(1)), int(match.group(2))


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--stack", type=positive_whole_number, default=1000, help="starting chips per player (1000)")
    parser.add_argument("--seed", type=whole_number, default=None, help="seed for the cards and the computer players")
    parser.add_argument("--history", metavar="FILE", help="save every hand to FILE")
    parser.add_argument("--auto", action="store_true", help="computer players in every seat")
    parser.add_argument("--hands", type=positive_whole_number, metavar="N", help="stop after N hands")
    parser.add_argument("--explain", action="store_true",
                        help="show each computer decision's numbers and the rule that fired "
                             "(with a human at the table: after the hand, for hands shown down)")
    parser.add_argument("--computer-rebuys", type=whole_number, default=3, metavar="N",
                        help="rebuys each computer may take before it leaves the table (3)")


def _board_game(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--opponent", choices=PERSONALITY_NAMES, default="solid",
                        help="the computer's personality (solid)")
    parser.add_argument("--blinds", type=_blinds, default=(5, 10), metavar="SMALL/BIG",
                        help="small and big blind (5/10)")
    parser.add_argument("--hot-seat", action="store_true",
                        help="two humans at one screen instead of the computer")
    session = parser.add_mutually_exclusive_group()
    session.add_argument("--rebuy", type=positive_whole_number, metavar="CHIPS",
                         help="chips of one rebuy when a player is broke (default: the starting stack)")
    session.add_argument("--target", type=positive_whole_number, metavar="CHIPS",
                         help="play a match instead: no rebuys, the first to CHIPS (or the last "
                              "with chips) wins")
    _common(parser)


def configure(parser: argparse.ArgumentParser) -> None:
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True)
    from ..games.boardgames import BOARD_GAMES  # no pokerkit: --help works without the 'games' extra

    for name, game in BOARD_GAMES.items():
        _board_game(games.add_parser(name, help=f"{game.title[0].lower()}{game.title[1:]} against the computer",
                                     description=f"{game.title} against the computer."))
    draw = games.add_parser("draw", help="five-card draw, you and computer players",
                            description="Five-card draw (poker fermé): antes, a draw, rebuys.")
    draw.add_argument("--players", type=positive_whole_number, default=8, help="players at the table, 2-8 (8)")
    draw.add_argument("--table", choices=TABLE_NAMES, default="mixed",
                      help="who sits with you, from your left: calm (solid, timid and one random "
                           "player), mixed (every personality, at most one bluffer; the default) or "
                           "wild (two bluffers and a flambeur)")
    draw.add_argument("--ante", type=positive_whole_number, default=2, help="ante per player and hand (2)")
    draw.add_argument("--rebuy", type=positive_whole_number, default=200, help="chips of one rebuy, a 'cave' (200)")
    _common(draw)


def run(args: argparse.Namespace) -> int:
    import numpy as np
    import pokerkit  # noqa: F401  (the 'games' extra: a missing one is reported by the CLI)

    from ..games.ai import make_agent
    from ..games.boardgames import BOARD_GAMES
    from ..games.console import HumanAgent, Terminal
    from ..games.session import open_history

    board = args.game in BOARD_GAMES
    seats = _holdem_seats(args) if board else _draw_seats(args)
    seeds = np.random.SeedSequence(args.seed).spawn(1 + len(seats))  # the pack, then each seat
    agents = {i: HumanAgent() if seat.human else make_agent(seat.player, np.random.default_rng(seeds[i + 1]))
              for i, seat in enumerate(seats)}
    history = open_history(args.history)
    try:
        rng = np.random.default_rng(seeds[0])
        rebuys = {"computer_rebuys": args.computer_rebuys}
        session: Session
        if board:
            from ..games.holdem import HoldemSession
            if args.target is not None and args.target <= args.stack:
                raise ParseError(f"--target {args.target} must be above the starting stack ({args.stack})")
            session = HoldemSession(seats, blinds=args.blinds, rng=rng, history=history, target=args.target,
                                    rebuy=None if args.target else args.rebuy or args.stack,
                                    game=BOARD_GAMES[args.game], **rebuys)
        else:
            from ..games.draw import DrawSession
            session = DrawSession(seats, ante=args.ante, rebuy=args.rebuy, rng=rng, history=history, **rebuys)
        terminal = Terminal(explain=args.explain)
        return terminal.play(session, agents, max_hands=args.hands,
                             hot_seat=getattr(args, "hot_seat", False))
    finally:
        if history is not None:
            history.close()


def _holdem_seats(args: argparse.Namespace) -> list[TablePlayer]:
    from ..games.session import TablePlayer

    if args.hot_seat and args.auto:
        raise ParseError("--hot-seat and --auto exclude each other (hot seat is for two humans)")
    if args.hot_seat:
        return [TablePlayer("Player 1", "human", args.stack), TablePlayer("Player 2", "human", args.stack)]
    opponent = args.opponent
    if args.auto:
        first = "solid"
        names = ("Solid", opponent.capitalize()) if opponent != first else ("Solid 1", "Solid 2")
        return [TablePlayer(names[0], first, args.stack), TablePlayer(names[1], opponent, args.stack)]
    return [TablePlayer("You", "human", args.stack), TablePlayer(opponent.capitalize(), opponent, args.stack)]


def _draw_seats(args: argparse.Namespace) -> list[TablePlayer]:
    from ..games.draw import MAX_PLAYERS, table_lineup
    from ..games.session import TablePlayer

    if not 2 <= args.players <= MAX_PLAYERS:
        raise ParseError(f"--players takes 2 to {MAX_PLAYERS} players, got {args.players}")
    seats = [TablePlayer("You", "solid" if args.auto else "human", args.stack)]
    for name, personality in zip(DRAW_NAMES, table_lineup(args.table, args.players)):
        seats.append(TablePlayer(f"{name} ({personality})", personality, args.stack))
    return seats
