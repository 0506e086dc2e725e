"""``pokerfsm hits RANGE --board CARDS``: what a range makes on a board, Flopzilla-style.

    pokerfsm hits "QQ+,AKs,AKo,76s" --board "Kd 7c 2h" [--dead 2c] [--game short-deck] [--hands] [--json]

prints each made-hand class and each draw with its combos and share of the
live range (see :mod:`pokerfsm.evaluation.board_hits` for the definitions);
``--hands`` lists every hand with its class. ``--dead`` takes every card out
of the deck besides the board: the dead cards and the other seats' known
hands. A seat's range in a deal is then counted as ``pokerfsm equity`` and
the web page count it (``--dead 'Ah Ad'`` for a range against A♥A♦).
``--game short-deck`` counts over short deck's 36 cards and values (the
flush above the full house, A-6-7-8-9 a straight); the other games have no
board hits and get one error naming the game.
"""
from __future__ import annotations

import argparse

from . import write_json


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("range", metavar="RANGE", help='a range ("QQ+,AKs"), a hand, or "random"')
    parser.add_argument("--board", required=True, help="3, 4 or 5 board cards")
    parser.add_argument("--dead", default="",
                        help="cards out of the deck besides the board: dead cards and the other seats' known "
                             "hands (e.g. 'Ah Ad')")
    parser.add_argument("--game", default="holdem", help="holdem (the default) or short-deck")
    parser.add_argument("--hands", action="store_true", help="also list every hand with its class")
    parser.add_argument("--json", action="store_true", help="print a JSON object")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from ..display import show_cards
    from ..evaluation import hits

    result = hits(args.range, args.board, args.dead, game=args.game)
    if args.json:
        write_json(args.stdout, result.to_dict())
        return 0
    combos = f"{result.combos:g} combo{'s' * (result.combos != 1)}"
    table = Table(title=f"{result.range_text} on {show_cards(result.board)}: {combos}")
    table.add_column("made hand")
    table.add_column("combos", justify="right")
    table.add_column("share", justify="right")
    for name, weight in result.made.items():
        if weight:
            table.add_row(name, f"{weight:g}", f"{100 * result.share(name):.1f} %")
    console = Console()
    console.print(table)
    if result.draws:
        draws = Table(title="draws (a hand may have several)")
        draws.add_column("draw")
        draws.add_column("combos", justify="right")
        draws.add_column("share", justify="right")
        for name, weight in result.draws.items():
            draws.add_row(name, f"{weight:g}", f"{100 * result.share(name):.1f} %")
        console.print(draws)
    if args.hands:
        for hand, (made, draw_names) in result.hands.items():
            extra = f" + {', '.join(draw_names)}" if draw_names else ""
            console.print(f"{hand}: {made}{extra}", highlight=False)
    return 0
