"""``pokerfsm outs HAND HAND ... --board CARDS``: what each unseen card does.

On the turn, the river cards that win, chop or lose for each player; on the
flop, each turn card with every player's equity after it.
"""
from __future__ import annotations

import argparse
from collections.abc import Iterable

from ..cards import Card
from . import write_json


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("players", nargs="+", metavar="HAND",
                        help="two or more known hands, e.g. AhKh QsQd (AsKsQhJh at Omaha)")
    # not required by argparse: a game without outs (stud, draw) says so before any board is asked for
    parser.add_argument("--board", default="", help="3 or 4 board cards (needed)")
    parser.add_argument("--dead", default="", help="cards out of the deck")
    parser.add_argument("--game", default="holdem",
                        help="holdem (the default), omaha, omaha5, omaha6, omaha-hi-lo, omaha5-hi-lo or short-deck")
    parser.add_argument("--json", action="store_true", help="print a JSON object")


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards) or "-"


def run(args: argparse.Namespace) -> int:
    from ..odds.outs import outs
    from ..variants import game_of

    game = game_of(args.game)
    result = outs(args.players, args.board, args.dead, game=game)
    if args.json:
        write_json(args.stdout, result.to_dict())
        return 0
    board = " ".join(str(c) for c in result.board)
    named = "" if game.name == "holdem" else f"{game.label}, "
    if result.street == "river":
        print(f"{named}Board {board}: {len(result.rivers)} river cards")
        labels = ("scooping outs", "outs to a share of the pot", "losing cards") if game.eight_or_better \
            else ("winning outs", "chopping outs", "losing cards")
    else:
        print(f"{named}Board {board}: {len(result.turns)} turn cards")
        labels = ("turns that make it the favourite", "turns that leave it level", "turns behind")
    for number, player in enumerate(result.players, 1):
        print(f"\nPlayer {number} {player.hand}")
        for label, cards in zip(labels, (player.wins, player.ties, player.losses)):
            print(f"  {label} ({len(cards)}): {_cards(cards)}")
    if result.turns:
        from rich.console import Console
        from rich.table import Table

        table = Table(title=f"{named}after each turn card: equity (river wins / ties / losses)")
        table.add_column("turn")
        for number, player in enumerate(result.players, 1):
            table.add_column(f"#{number} {player.hand}", justify="right")
        for turn in result.turns:
            table.add_row(str(turn.card), *(f"{100 * e:.1f} % ({won}/{tied}/{lost})" for e, won, tied, lost in
                                             zip(turn.equities, turn.wins, turn.ties, turn.losses)))
        print()
        Console().print(table)
    return 0
