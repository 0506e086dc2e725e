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
from typing import TYPE_CHECKING, Any

from . import write_json

if TYPE_CHECKING:  # pragma: no cover
    from ..cards import Card
    from ..variants import Game


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
    from ..variants import game_of

    game = game_of(args.game)
    cards = parse_cards(" ".join(args.cards))
    board = None if args.board is None else parse_cards(args.board)
    if board is None and game.hole_cards_used is not None:
        raise InvalidDealError(f"--board: {game.name} makes a hand from the hole cards and the board; give the "
                               'board with --board, e.g. --board "3h 4h 5h"', field="board")
    value: Any = evaluate(cards, board=board, game=game)
    five: Any = best_five(cards, board=board, game=game)
    if game.high is None:
        return _show_low(args, game, cards, value, five)
    high, low = (value.high, value.low) if game.eight_or_better else (value, None)
    high_five, low_five = five if game.eight_or_better else (five, ())
    high_five, low_five = tuple(sorted(high_five, reverse=True)), tuple(reversed(low_five or ()))  # as printed
    category = high.category.french if args.lang == "fr" else high.category.label
    if args.json:
        shown: dict[str, Any] = {"cards": [str(c) for c in cards], "value": int(high),
                                 "category": high.category.name, "description": high.describe(args.lang),
                                 "best_five": [str(c) for c in high_five]}
        if board is not None or game.name != "holdem":
            shown = {"game": game.name, "board": [str(c) for c in board or ()], **shown}
        if game.eight_or_better:
            shown["low"] = None if low is None else {"value": int(low), "description": low.describe(args.lang),
                                                     "best_five": [str(c) for c in low_five]}
        write_json(args.stdout, shown)
        return 0
    if game.name != "holdem":
        print(f"{game.label}: {' '.join(map(str, cards))}" + (f" on {' '.join(map(str, board))}" if board else ""))
    print(f"{category}: {high.describe(args.lang)}")
    print("best five: " + " ".join(str(c) for c in high_five))
    if game.eight_or_better:
        none = "aucun low qualifié (8 ou mieux)" if args.lang == "fr" else "no qualifying low (8 or better)"
        print(f"low: {none}" if low is None else f"low: {low.describe(args.lang)}, best five: "
              + " ".join(str(c) for c in low_five))
    return 0


def _show_low(args: argparse.Namespace, game: Game, cards: tuple[Card, ...], value: Any,
              five: tuple[Card, ...]) -> int:
    """A low-only game's hand: its low and the cards that make it, highest first (JSON too)."""
    five = tuple(reversed(five))
    if args.json:
        write_json(args.stdout, {"game": game.name, "board": [], "cards": [str(c) for c in cards],
                                 "value": int(value), "description": value.describe(args.lang),
                                 "best_five": [str(c) for c in five]})
        return 0
    print(f"{game.label}: {' '.join(map(str, cards))}")
    print(f"low: {value.describe(args.lang)}")
    print(("best five: " if len(five) == 5 else "cards that play: ") + " ".join(str(c) for c in five))
    return 0
