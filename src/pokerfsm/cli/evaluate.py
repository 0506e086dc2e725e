"""``pokerfsm eval CARDS``: the category, description and best five cards of a hand."""
from __future__ import annotations

import argparse

from . import write_json


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", nargs="+", help='5 to 7 cards, e.g. "Ah Kh Qh Jh Th 2c 3d"')
    parser.add_argument("--lang", choices=("en", "fr"), default="en", help="language of the description")
    parser.add_argument("--json", action="store_true", help="print a JSON object")


def run(args: argparse.Namespace) -> int:
    from ..cards import parse_cards
    from ..evaluation import best_five, evaluate

    cards = parse_cards(" ".join(args.cards))
    value = evaluate(cards)
    five = best_five(cards)
    category = value.category.french if args.lang == "fr" else value.category.label
    if args.json:
        write_json(args.stdout, {"cards": [str(c) for c in cards], "value": int(value),
                          "category": value.category.name, "description": value.describe(args.lang),
                          "best_five": [str(c) for c in five]})
    else:
        print(f"{category}: {value.describe(args.lang)}")
        print("best five: " + " ".join(str(c) for c in sorted(five, reverse=True)))
    return 0
