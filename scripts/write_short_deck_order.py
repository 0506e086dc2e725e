#!/usr/bin/env python3
"""Write the short-deck order shipped with pokerfsm, by exact enumeration, into the source tree.

    python scripts/write_short_deck_order.py [--output PATH] [--check]

For maintainers: pokerfsm itself never writes its package. Each of the 81
short-deck classes is played against one random short-deck hand by exact
enumeration (``pokerfsm.equity([hand, None], game="short-deck", exact=True,
tables=False)``: every board and every hand of the 34 cards left), giving its
wins, ties, losses and both sides' hand categories; the classes are then
ordered by equity. A class's suits change nothing, which the order's tests
check on other hands of each class. The text is written to a temporary file
beside the target, flushed to disk, read back and checked line by line with
the reader pokerfsm uses, and only then renamed over the target: a failed or
interrupted run leaves the old file as it was. ``--check`` writes nothing and
says whether the file is the one enumeration gives (exit 1 if not).

``--output`` defaults to ``src/pokerfsm/data/short-deck-order.csv`` of the
checkout this script is in. It takes a few minutes (about 3 s a class on two
cores). Exit status 0 when the file is written or already right, 2 with one
line on standard error on an error.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from write_preflop_order import write_checked  # the one atomic, read-back write of an order

SOURCE_ORDER = Path(__file__).resolve().parents[1] / "src" / "pokerfsm" / "data" / "short-deck-order.csv"


def class_row(hand: str) -> tuple[str, int, int, int, str]:
    """(class, wins, ties, losses, the 18 category counts) of ``hand`` against one random short-deck hand."""
    from pokerfsm import equity
    from pokerfsm.precomputed.rows import category_text
    from pokerfsm.ranges import parse_range

    combo = next(iter(parse_range(hand)))
    result = equity([list(combo), None], game="short-deck", exact=True, tables=False)
    player = result.players[0]
    return (hand, int(player.wins), int(player.ties), int(player.losses),
            category_text(result.players, result.combinations))


def order_text(progress: bool = True) -> str:
    """The order's text, every class enumerated."""
    from pokerfsm.preflop_order import order_rows, render_order
    from pokerfsm.short_deck_order import SHORT_DECK_CLASSES

    rows = []
    for number, hand in enumerate(SHORT_DECK_CLASSES, 1):
        rows.append(class_row(hand))
        if progress:
            print(f"\r{number}/{len(SHORT_DECK_CLASSES)} classes", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return render_order(order_rows(rows, SHORT_DECK_CLASSES))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=SOURCE_ORDER, help=f"the file to write (default {SOURCE_ORDER})")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if the file differs")
    args = parser.parse_args(argv)
    from pokerfsm.errors import Error
    from pokerfsm.preflop_order import render_order
    from pokerfsm.short_deck_order import parse_short_deck_order

    try:
        text = order_text(sys.stderr.isatty())
        same = args.output.exists() and args.output.read_bytes() == text.encode("utf-8")
        if args.check:
            print(f"{args.output} {'is' if same else 'is not'} the order enumeration gives")
            return 0 if same else 1
        if same:
            print(f"{args.output} is already this order (81 classes enumerated)")
            return 0
        write_checked(args.output, text, lambda back: render_order(list(parse_short_deck_order(back))))
        print(f"wrote {args.output} (81 classes enumerated)")
    except (Error, OSError, ValueError) as exc:
        print(f"write_short_deck_order: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
