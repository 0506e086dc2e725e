"""``pokerfsm eval CARDS``: the category, description and best five cards of a hand.

    pokerfsm eval Ah Kh Qh Jh Th 2c 3d
    pokerfsm eval --game omaha-hi-lo "Ah 2h Kc Qd" --board "3h 4h 5h 9c Kd"
    pokerfsm eval --game razz "As 2d 3c 4h 5s Kd Kc"

At hold'em the cards are 5 to 7 cards (or the hole cards with ``--board``);
at an Omaha game (see :mod:`pokerfsm.variants`) they are the hole cards and
``--board`` holds 3 to 5 board cards; the output names the game, and a
hi-lo game adds the low (or says none qualifies). A game without a board
takes the player's cards alone: 5 to 7 at stud, stud hi-lo and razz, 5 at
deuce-to-seven and ace-to-five lowball, 4 at badugi; a low-only game shows
its low (JSON: ``value``, ``description``, ``best_five`` the cards that make
it, at badugi the 1 to 4 that play, and no ``category``). JSON's ``best_five``
lists the cards in the order the text prints them: highest first.
"""
from __future__ import annotations

import argparse
from typing import Any

from . import write_json


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", nargs="+", help='5 to 7 cards, e.g. "Ah Kh Qh Jh Th 2c 3d"; the hole cards with '
                                                 "--board")
    parser.add_argument("--board", default=None, help="the board: 3 to 5 cards (needed by Omaha games)")
    parser.add_argument("--game", default="holdem",
                        help="holdem (the default), omaha, omaha5, omaha6, omaha-hi-lo, omaha5-hi-lo, stud, "
                             "stud-hi-lo, razz, short-deck, deuce-to-seven, a5-lowball or badugi")
    parser.add_argument("--lang", choices=("en", "fr"), default="en", help="language of the description")
    parser.add_argument("--json", action="store_true", help="print a JSON object")


def run(args: argparse.Namespace) -> int:
    from ..cards import parse_cards
    from ..errors import InvalidDealError
    from ..evaluation import best_five, evaluate
    from ..evaluation.hand_summary import hand_summary
    from ..variants import game_of

    game = game_of(args.game)
    cards = parse_cards(" ".join(args.cards))
    board = None if args.board is None else parse_cards(args.board)
    if board is None and game.hole_cards_used is not None:
        raise InvalidDealError(f"--board: {game.name} makes a hand from the hole cards and the board; give the "
                               'board with --board, e.g. --board "3h 4h 5h"', field="board")
    value: Any = evaluate(cards, board=board, game=game)
    shown = hand_summary(cards, board, game, value, best_five(cards, board=board, game=game), args.lang)
    if args.json:
        if board is None and game.name == "holdem":   # five to seven cards, as before games were named
            del shown["game"], shown["board"]
        write_json(args.stdout, shown)
        return 0
    if game.name != "holdem":
        print(f"{game.label}: {' '.join(shown['cards'])}" + (f" on {' '.join(shown['board'])}" if board else ""))
    if game.high is None:  # a low-only game: its low and the cards that make it, highest first
        print(f"low: {shown['description']}")
        print(("best five: " if len(shown["best_five"]) == 5 else "cards that play: ") + " ".join(shown["best_five"]))
        return 0
    high = value.high if game.eight_or_better else value
    category = high.category.french if args.lang == "fr" else high.category.label
    print(f"{category}: {shown['description']}")
    print("best five: " + " ".join(shown["best_five"]))
    if game.eight_or_better:
        low = shown["low"]
        none = "aucun low qualifié (8 ou mieux)" if args.lang == "fr" else "no qualifying low (8 or better)"
        print(f"low: {none}" if low is None else f"low: {low['description']}, best five: " + " ".join(low["best_five"]))
    return 0
