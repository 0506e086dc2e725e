"""Benchmark the games without a board: evaluate_many for stud, stud hi-lo, razz, lowball and badugi beside pokerkit.

For each game, ``evaluate_many(rows, game=...)`` values random hands (7
cards at the stud games, 5 at the lowball games, 4 at badugi); pokerkit's
hand class for the game (``from_game``, as its users call it) values a sample
of the same hands in a Python loop, and its order of the sample is checked
against ours (ties included). The low tables' build time and size are printed
first. ``perf/bench_variants.py`` runs this beside the Omaha and stud equity
figures; run alone: ``python perf/bench_other_games.py [--quick]``.
"""
from __future__ import annotations

import argparse
import functools
import itertools
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from _common import banner, median_time, print_rows
from bench_evaluate import random_hands
from pokerfsm import Card, evaluate_many

GAMES = [  # game, cards a hand, pokerkit's hand class (the high's for stud hi-lo: its low is timed apart)
    ("stud", 7, "StandardHighHand"),
    ("stud-hi-lo", 7, "EightOrBetterLowHand"),
    ("razz", 7, "RegularLowHand"),
    ("a5-lowball", 5, "RegularLowHand"),
    ("deuce-to-seven", 5, "StandardLowHand"),
    ("badugi", 4, "BadugiHand"),
]


def shown(per_second: float) -> str:
    return f"{per_second / 1e6:.2f} M/s" if per_second >= 1e5 else f"{per_second:,.0f} /s"


def bench_tables() -> tuple:
    from pokerfsm.evaluation.low_tables import low_tables

    start = time.process_time()
    tables = low_tables.__wrapped__()
    seconds = time.process_time() - start
    arrays = [tables.place, tables.deuce_to_seven, *tables.ace_to_five.values(), *tables.eight_or_better.values()]
    return ("low tables build (CPU)", f"{seconds * 1000:.0f} ms", f"{sum(a.nbytes for a in arrays) / 2**10:.0f} KiB",
            "")


def ours_of(game: str, rows: np.ndarray) -> np.ndarray:
    values = evaluate_many(rows, game=game)
    return values.low if game == "stud-hi-lo" else values


def pokerkit_loop(game: str, hand_class: str, rows: np.ndarray, ours: np.ndarray) -> tuple[str, float, str] | None:
    """pokerkit's from_game over ``rows`` in a Python loop: (label, hands a second, order check)."""
    try:
        import pokerkit
    except ImportError:
        print("# pokerkit not installed: skipped")
        return None
    kind = getattr(pokerkit, hand_class)
    texts = ["".join(str(Card(int(c))) for c in row) for row in rows]

    def hand(text: str):
        try:
            return kind.from_game(text)
        except ValueError:  # no qualifying low
            return None

    start = time.perf_counter()
    hands = [hand(t) for t in texts]
    seconds = time.perf_counter() - start
    made = [i for i, h in enumerate(hands) if h is not None]
    agree = [i for i in range(len(hands)) if hands[i] is None] == [i for i in range(len(ours)) if ours[i] == 0]
    order = sorted(made, key=lambda i: ours[i])
    agree = agree and all(not hands[b] < hands[a] and ((ours[a] == ours[b]) == (hands[a] == hands[b]))
                          for a, b in itertools.pairwise(order))
    return (f"pokerkit {hand_class}.from_game, Python loop ({len(rows):,} hands)", len(rows) / seconds,
            f"same order as ours: {agree}")


def bench(quick: bool) -> tuple[list[tuple], list[tuple]]:
    """(rows of the table, ratios) for every game."""
    n, kit, repeat = (200_000, 500, 3) if quick else (2_000_000, 3_000, 5)
    table, ratios = [bench_tables()], []
    for game, cards, hand_class in GAMES:
        rows = random_hands(n, cards, seed=cards)
        evaluate_many(rows[:1000], game=game)
        seconds = median_time(functools.partial(evaluate_many, rows, game=game), repeat=repeat)
        start = time.process_time()
        evaluate_many(rows, game=game)
        cpu = time.process_time() - start
        table.append((f"pokerfsm evaluate_many {game} ({cards} cards)", shown(n / seconds),
                      f"CPU time: {shown(n / cpu)}", ""))
        peer = pokerkit_loop(game, hand_class, rows[:kit], ours_of(game, rows[:kit]))
        if peer is not None:
            table.append((peer[0], shown(peer[1]), peer[2], ""))
            ratios.append((f"{game}: pokerfsm / pokerkit {hand_class}", f"{n / seconds / peer[1]:,.0f}x"))
    return table, ratios


def report(quick: bool) -> None:
    table, ratios = bench(quick)
    print_rows(("what", "hands", "note", ""), table)
    print_rows(("ratio (pokerfsm / peer)", "x"), ratios)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and repeats")
    args = parser.parse_args(argv)
    banner("Stud, razz, lowball and badugi evaluation: pokerfsm by game, pokerkit")
    report(args.quick)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
