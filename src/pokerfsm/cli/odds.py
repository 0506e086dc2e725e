"""``pokerfsm odds CARDS``: the odds of each hand category by the river, at hold'em or short deck
(``--game short-deck``: the 36 cards six and up, categories best first in short deck's order)."""
from __future__ import annotations

import argparse

from . import write_json
from .numbers import whole_number


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", nargs="*", default=[], help='known cards, e.g. "Ah Kh" (none: every hand)')
    parser.add_argument("--dead", default="", help="cards out of the deck")
    parser.add_argument("--total", type=whole_number, choices=(5, 6, 7), default=7,
                        help="hand size to complete to (7 = by the river)")
    parser.add_argument("--game", default="holdem", help="holdem (the default) or short-deck")
    parser.add_argument("--json", action="store_true", help="print a JSON object")


def run(args: argparse.Namespace) -> int:
    from ..cards import parse_cards
    from ..evaluation import hand_odds

    odds = hand_odds(parse_cards(" ".join(args.cards)), parse_cards(args.dead), args.total, game=args.game)
    if args.json:
        write_json(args.stdout, odds.to_dict())
        return 0
    from rich.console import Console
    from rich.table import Table

    from ..display import show_cards
    from ..variants import game_of

    known = show_cards(odds.cards) or "no cards"
    game = "" if odds.game == "holdem" else f"{game_of(odds.game).label}, "
    table = Table(title=f"{game}{known}: {odds.combinations:,} completions to {odds.total} cards")
    table.add_column("hand")
    table.add_column("combinations", justify="right")
    table.add_column("probability", justify="right")
    table.add_column("odds against", justify="right")
    for category, count in odds.category_counts.items():
        p = count / odds.combinations
        against = f"{(1 - p) / p:,.1f} : 1" if p else "-"
        table.add_row(category.label, f"{count:,}", f"{100 * p:.4f} %", against)
    Console().print(table)
    return 0
