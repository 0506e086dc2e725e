#!/usr/bin/env python3
"""Write the 4-card Omaha order shipped with pokerfsm, from a built store, into the source tree.

    python scripts/write_omaha_order.py [--store PATH] [--output PATH] [--check N] [--seed S]

For maintainers: pokerfsm itself never writes its package. The order comes from
the store's ``omaha-vs-random`` rows (every row checked as a lookup checks it;
build them with ``pokerfsm tables build omaha-vs-random``). The rows are seeded
Monte Carlo, so a row computed again with the parameters of the store's build
gives the same counts: ``--check N`` classes drawn at random (default 32) are
recomputed so, and one difference stops the script before anything is
written. The new text is written to a temporary file beside the target,
flushed to disk, read back and checked line by line with the reader pokerfsm
uses, and only then renamed over the target: a failed or interrupted run
leaves the old file as it was.

``--output`` defaults to ``src/pokerfsm/data/omaha-order.csv`` of the
checkout this script is in. Exit status 0 when the file is written or already
right, 2 with one line on standard error otherwise.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from write_preflop_order import write_checked  # the one atomic, read-back write of an order

SOURCE_ORDER = Path(__file__).resolve().parents[1] / "src" / "pokerfsm" / "data" / "omaha-order.csv"


def write_order(store_path: str | None, output: Path, checks: int = 32, seed: int | None = None) -> str:
    """Do the work; returns the line to print. Raises pokerfsm.Error, OSError or ValueError."""
    from pokerfsm.omaha_order import parse_omaha_order, plo4_classes, render_omaha_order
    from pokerfsm.precomputed.omaha_vs_random import class_rows, deals_for
    from pokerfsm.precomputed.order import store_omaha_order
    from pokerfsm.precomputed.store import Store

    with Store.open(store_path) as store:
        order = store_omaha_order(store)
        record = store.status("omaha-vs-random")
    assert record is not None  # the order has every class's row
    parameters = record.parameters
    by_name = {row.hand: row for row in order}
    drawn = random.Random(seed).sample(range(len(plo4_classes())), min(checks, len(plo4_classes())))
    for row in class_rows(drawn, deals_for(parameters["target_std_error"]), int(parameters["seed"])):
        _key, hand, samples, wins, ties, losses, *_ = row
        stored = by_name[hand]
        if (stored.samples, stored.wins, stored.ties, stored.losses) != (samples, wins, ties, losses):
            raise ValueError(f"the store's row of {hand} is not what its build's parameters give "
                             f"({wins:,} wins, {ties:,} ties, {losses:,} losses); rebuild it "
                             "(`pokerfsm tables build omaha-vs-random --restart`)")
    text = render_omaha_order(order)
    if output.exists() and output.read_bytes() == text.encode("utf-8"):
        return f"{output} is already this order ({len(drawn)} classes recomputed, all equal)"
    write_checked(output, text, lambda back: render_omaha_order(parse_omaha_order(back)))
    return f"wrote {output} ({len(drawn)} classes recomputed, all equal)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", default=None, help="the built store (default: $POKERFSM_STORE or the cache)")
    parser.add_argument("--output", type=Path, default=SOURCE_ORDER, help=f"the file to write (default {SOURCE_ORDER})")
    parser.add_argument("--check", type=int, default=32, metavar="N", help="classes to recompute (default 32)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the classes drawn to recompute")
    args = parser.parse_args(argv)
    from pokerfsm.errors import Error

    try:
        if args.check < 0:
            raise ValueError(f"--check must not be negative, not {args.check}")
        print(write_order(args.store, args.output, args.check, args.seed))
    except (Error, OSError, ValueError) as exc:
        print(f"write_omaha_order: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
