#!/usr/bin/env python3
"""Write the PokerStove order shipped with pokerfsm, from a built store, into the source tree.

    python scripts/write_preflop_order.py [--store PATH] [--output PATH] [--recompute-all]

For maintainers: pokerfsm itself never writes its package. The order comes from
the store's own exact one-opponent rows of ``preflop-vs-random`` (every row
checked as a lookup checks it). Each class whose counts differ from the file
being replaced (every class, if that file is missing or damaged, or with
``--recompute-all``) is recomputed by enumeration first, with
``pokerfsm.equity([hand, None], exact=True, tables=False)``: one disagreement
and nothing is written. The new text is written to a temporary file beside the
target, flushed to disk, read back and checked line by line with the reader
pokerfsm uses, and only then renamed over the target: a failed or interrupted
run leaves the old file as it was.

``--output`` defaults to ``src/pokerfsm/data/preflop-order.csv``
of the checkout this script is in. Exit status 0 when the file is written or
already right, 2 with one line on standard error otherwise.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pokerfsm.preflop_order import OrderedClass

SOURCE_ORDER = Path(__file__).resolve().parents[1] / "src" / "pokerfsm" / "data" / "preflop-order.csv"


def recomputed(hand: str) -> tuple[int, int, int, tuple[int, ...]]:
    """Wins, ties, losses and the 18 category counts of class ``hand`` against one random hand, by enumeration."""
    from pokerfsm import equity
    from pokerfsm.precomputed.rows import category_text
    from pokerfsm.ranges import parse_range
    from pokerfsm.tallies import parse_counts

    combo = next(iter(parse_range(hand)))
    result = equity([list(combo), None], exact=True, tables=False)
    player = result.players[0]
    total = int(player.wins + player.ties + player.losses)
    return (int(player.wins), int(player.ties), int(player.losses),
            parse_counts(category_text(result.players, total)))


def counts_of(row: OrderedClass) -> tuple[int, int, int, tuple[int, ...]]:
    return row.wins, row.ties, row.losses, row.hand_categories + row.random_categories


def current_order(path: Path) -> dict[str, OrderedClass]:
    """The classes of the file being replaced, by name; empty when it is missing or damaged."""
    from pokerfsm.preflop_order import parse_order

    try:
        return {row.hand: row for row in parse_order(path.read_text(encoding="utf-8"))}
    except (OSError, UnicodeDecodeError, ValueError):
        return {}


def write_checked(path: Path, text: str, reread: Callable[[str], str] | None = None) -> None:
    """Write ``text`` to ``path`` atomically: a temporary file beside it, synced, read back and checked, renamed.

    ``reread`` parses the text read back and renders it again (default: the PokerStove order's reader).
    """
    from pokerfsm.preflop_order import parse_order, render_order

    temporary = path.with_name(f".{path.name}.{os.getpid()}.new")
    try:
        with open(temporary, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        back = temporary.read_text(encoding="utf-8")
        if (reread(back) if reread else render_order(list(parse_order(back)))) != text:
            raise ValueError(f"{temporary}: the file read back is not the one written")
        os.replace(temporary, path)
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()


def write_order(store_path: str | None, output: Path, recompute_all: bool = False) -> str:
    """Do the work; returns the line to print. Raises pokerfsm.Error, OSError or ValueError."""
    from pokerfsm.precomputed.order import store_order
    from pokerfsm.precomputed.store import Store
    from pokerfsm.preflop_order import render_order

    with Store.open(store_path) as store:
        order = store_order(store)
    text = render_order(order)
    before = current_order(output)
    changed = [row for row in order if recompute_all or row.hand not in before
               or counts_of(before[row.hand]) != counts_of(row)]
    for row in changed:
        if recomputed(row.hand) != counts_of(row):
            raise ValueError(f"the store's row of {row.hand} against one random hand is not what enumeration "
                             "gives; rebuild it (`pokerfsm tables build preflop-vs-random --restart`)")
    if output.exists() and output.read_bytes() == text.encode("utf-8"):
        return f"{output} is already this order ({len(changed)} classes recomputed)"
    write_checked(output, text)
    return f"wrote {output} ({len(changed)} changed classes recomputed by enumeration, all equal)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", default=None, help="the built store (default: $POKERFSM_STORE or the cache)")
    parser.add_argument("--output", type=Path, default=SOURCE_ORDER, help=f"the file to write (default {SOURCE_ORDER})")
    parser.add_argument("--recompute-all", action="store_true", help="recompute every class, changed or not")
    args = parser.parse_args(argv)
    from pokerfsm.errors import Error

    try:
        print(write_order(args.store, args.output, args.recompute_all))
    except (Error, OSError, ValueError) as exc:
        print(f"write_preflop_order: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
