"""Benchmark Omaha evaluation: evaluate_many by game beside phevaluator's and pokerkit's Omaha evaluators.

``evaluate_many(rows, game=...)`` values random hands of 4, 5 or 6 hole cards
and a five-card board (hi-lo too), on one thread and on all of them; the CPU
time of the one-thread run is printed as well, the fair figure on a machine
that others share. phevaluator (``evaluate_omaha_cards``, from the ``perf``
extra) and pokerkit (``OmahaHoldemHand.from_game``) are called in a Python
loop on a sample of the same hands, as their users call them; the values they
give are checked to order the sample as ours do. The Omaha tables' build time
and size are printed first, and the plain design beside ours: every
two-plus-three choice valued as a five-card hand, the best kept.
Run: ``python perf/bench_variants.py [--quick]``.
"""
from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from _common import banner, median_time, print_rows
from bench_evaluate import random_hands
from pokerfsm import Card, evaluate_many
from pokerfsm.variants import game_of

GOAL = 20e6
"""Omaha hands a second that evaluate_many should reach."""


def same_order(ours: np.ndarray, theirs: np.ndarray) -> bool:
    return bool((np.unique(ours, return_inverse=True)[1] == np.unique(theirs, return_inverse=True)[1]).all())


def shown(per_second: float) -> str:
    return f"{per_second / 1e6:.2f} M/s" if per_second >= 1e5 else f"{per_second:,.0f} /s"


def bench_tables() -> tuple:
    from pokerfsm.evaluation.compact import compact_tables
    from pokerfsm.evaluation.omaha_tables import omaha_tables

    compact_tables()
    start = time.process_time()
    tables = omaha_tables.__wrapped__()
    seconds = time.process_time() - start
    return ("Omaha tables build (CPU)", f"{seconds * 1000:.0f} ms", f"{tables.nbytes / 2**20:.2f} MiB", "")


def bench_ours(name: str, rows: np.ndarray, repeat: int) -> list[tuple[str, float, str]]:
    """(label, hands a second of wall time, note) on one thread and on all."""
    out = []
    for threads in ("1", ""):
        os.environ["POKERFSM_THREADS"] = threads
        evaluate_many(rows[:1000], game=name)
        wall = median_time(lambda: evaluate_many(rows, game=name), repeat=repeat)
        note = ""
        if threads:
            cpu = []
            for _ in range(repeat):
                start = time.process_time()
                evaluate_many(rows, game=name)
                cpu.append(time.process_time() - start)
            note = f"CPU time: {shown(len(rows) / float(np.median(cpu)))}"
        label = "1 thread" if threads else f"{os.cpu_count()} threads"
        out.append((f"pokerfsm evaluate_many {name}, {label}", len(rows) / wall, note))
    os.environ.pop("POKERFSM_THREADS", None)
    return out


def bench_every_choice(rows: np.ndarray, hole: int, ours: np.ndarray, repeat: int) -> tuple[str, float, str]:
    """The design we did not take: each of the 60 (PLO4) two-plus-three choices valued as a five-card
    hand by evaluate_many (the compact evaluator), the best kept; the choices are built before timing."""
    picks = [p + t for p in itertools.combinations(range(hole), 2)
             for t in itertools.combinations(range(hole, hole + 5), 3)]
    fives = np.ascontiguousarray(rows[:, picks].reshape(-1, 5))
    os.environ["POKERFSM_THREADS"] = "1"
    seconds = median_time(lambda: evaluate_many(fives).reshape(len(rows), -1).max(axis=1), repeat=repeat)
    best = evaluate_many(fives).reshape(len(rows), -1).max(axis=1)
    os.environ.pop("POKERFSM_THREADS", None)
    return (f"every choice by evaluate_many (5 cards) and max, 1 thread ({len(rows):,} hands)", len(rows) / seconds,
            f"same values as ours: {bool((best == ours).all())}")


def phevaluator_ids(rows: np.ndarray, hole: int) -> list[list[int]]:
    """phevaluator's arguments per row: the board first, then the hole cards (its ids: rank * 4 + c d h s)."""
    ids = (rows >> 2) * 4 + (3 - (rows & 3))
    return np.hstack([ids[:, hole:], ids[:, :hole]]).tolist()


def bench_phevaluator(rows: np.ndarray, hole: int, ours: np.ndarray, repeat: int) -> tuple[str, float, str] | None:
    try:
        from phevaluator import evaluate_omaha_cards
    except ImportError:
        print("# phevaluator not installed (pip install phevaluator, in the perf extra): skipped")
        return None
    args = phevaluator_ids(rows, hole)
    try:
        evaluate_omaha_cards(*args[0])
    except ValueError as exc:  # its Python API values PLO4 only
        print(f"# phevaluator, {hole} hole cards: {exc}")
        return None
    seconds = median_time(lambda: [evaluate_omaha_cards(*a) for a in args], repeat=repeat)
    theirs = -np.array([evaluate_omaha_cards(*a) for a in args])  # lower is better there
    return (f"phevaluator evaluate_omaha_cards, Python loop ({len(rows):,} hands)", len(rows) / seconds,
            f"same order as ours: {same_order(ours, theirs)}")


def bench_pokerkit(rows: np.ndarray, hole: int, ours: np.ndarray) -> tuple[str, float, str] | None:
    try:
        import pokerkit
    except ImportError:
        print("# pokerkit not installed: skipped")
        return None
    texts = [("".join(str(Card(int(c))) for c in r[:hole]), "".join(str(Card(int(c))) for c in r[hole:]))
             for r in rows]
    start = time.perf_counter()
    hands = [pokerkit.OmahaHoldemHand.from_game(h, b) for h, b in texts]
    seconds = time.perf_counter() - start
    order = sorted(range(len(hands)), key=lambda i: ours[i])
    agree = all(not hands[b] < hands[a] and ((ours[a] == ours[b]) == (hands[a] == hands[b]))
                for a, b in itertools.pairwise(order))
    return (f"pokerkit OmahaHoldemHand.from_game, Python loop ({len(rows):,} hands)", len(rows) / seconds,
            f"same order as ours: {agree}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and repeats")
    args = parser.parse_args(argv)
    n, sample, kit, repeat = (500_000, 5_000, 100, 3) if args.quick else (4_000_000, 50_000, 400, 5)
    banner("Omaha evaluation: evaluate_many by game, phevaluator, pokerkit")
    table = [bench_tables()]
    ratios = []
    best = 0.0
    for name in ("omaha", "omaha5", "omaha6", "omaha-hi-lo"):
        game = game_of(name)
        rows = random_hands(n, game.hole_cards + 5, seed=game.hole_cards)
        ours = bench_ours(name, rows, repeat)
        measured = list(ours)
        if name == "omaha":
            best = max(rate for _, rate, _ in ours)
        if not game.eight_or_better:
            values = evaluate_many(rows[:sample], game=name)
            if name == "omaha":
                measured.append(bench_every_choice(rows[:n // 8], game.hole_cards,
                                                   evaluate_many(rows[:n // 8], game=name), repeat))
            for peer in (bench_phevaluator(rows[:sample], game.hole_cards, values, repeat),
                         bench_pokerkit(rows[:kit], game.hole_cards, values[:kit])):
                if peer is not None:
                    measured.append(peer)
                    for label, rate, _ in ours:
                        ratios.append((f"{name}: {label.split(', ')[1]} / {peer[0].split(',')[0]}",
                                       f"{rate / peer[1]:,.0f}x"))
        table += [(label, shown(rate), note, "") for label, rate, note in measured]
    print_rows(("what", "hands", "note", ""), table)
    print_rows(("ratio (pokerfsm / peer)", "x"), ratios)
    print(f"goal: >= {GOAL / 1e6:.0f} M PLO4 hands a second; best wall-clock rate here {best / 1e6:.1f} M/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
