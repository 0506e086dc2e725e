"""Benchmark the Rummikub solver on mid-game positions, side by side with ``rummikub-solver``.

Positions are dealt by :func:`pokerfsm.games.rummikub.random_position` (a 14-tile
hand, about 30 tiles on the table, seeded). Each solver is timed on each
position; medians and the 90th percentile are printed with their ratio. While
timing, the tile counts are checked: equal on positions without jokers, and
never fewer for us with jokers (the package leaves out some legal joker sets).
Run: ``python perf/bench_rummikub.py [--positions N] [--quick]``.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

from pokerfsm.games.rummikub import JOKER, random_position, solve


def banner(title: str) -> None:
    """The title, then the CPU and the Python version the numbers come from."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    print(f"# {title}")
    print(f"# {cpu}, {os.cpu_count()} cores; Python {sys.version.split()[0]} on {platform.system()}\n")


def print_rows(header: tuple[str, ...], rows: list[tuple]) -> None:
    widths = [max(len(str(x)) for x in column) for column in zip(header, *rows)]
    for row in [header, tuple("-" * w for w in widths), *rows]:
        print("  ".join(str(x).ljust(w) for x, w in zip(row, widths)).rstrip())
    print()


def peer_solver():
    """A function (hand, table) -> tiles placed, on a rummikub-solver model built once."""
    import rummikub_solver

    ruleset = rummikub_solver.RuleSet()

    def convert(tile):
        return ruleset.tiles[-1] if tile == JOKER else ruleset.tiles[13 * tile.colour + tile.number - 1]

    def tiles_placed(hand, table) -> int:
        state = ruleset.new_game()
        state.add_table(*(convert(t) for s in table for t in s))
        state.add_rack(*(convert(t) for t in hand.elements()))
        state.initial = False
        answer = ruleset.solve(state, rummikub_solver.SolverMode.TILE_COUNT)
        return 0 if answer is None else len(answer.tiles)

    return ruleset, tiles_placed


def timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - start, result


def percentile(values, q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="positions per kind (default 200)")
    parser.add_argument("--quick", action="store_true", help="50 positions per kind")
    args = parser.parse_args(argv)
    count = 50 if args.quick else args.positions

    banner("Rummikub: exact best move on mid-game positions (14-tile hand, ~30 tiles on the table)")
    start = time.perf_counter()
    try:
        ruleset, peer = peer_solver()
        peer(*_warm_up())  # the package builds its cvxpy model on first use
        print(f"rummikub-solver model build + first solve: {1e3 * (time.perf_counter() - start):.0f} ms "
              f"(backend {ruleset.backend})\n")
    except ImportError:
        peer = None
        print("rummikub-solver is not installed (pip install rummikub-solver): timing ours only\n")
    solve(*_warm_up())

    rows = []
    for jokers in (False, True):
        ours, theirs, more, table_sizes = [], [], 0, []
        for seed in range(count):
            position = random_position(seed=seed, hand_size=14, table_tiles=30, jokers=jokers)
            table_sizes.append(sum(len(s) for s in position.table))
            seconds, best = timed(solve, position.hand, position.table)
            ours.append(seconds)
            if peer is None:
                continue
            seconds, placed = timed(peer, position.hand, position.table)
            theirs.append(seconds)
            if best.tiles_placed < placed or (not jokers and best.tiles_placed != placed):
                print(f"MISMATCH at seed {seed} (jokers={jokers}): ours {best.tiles_placed}, theirs {placed}")
                return 1
            more += best.tiles_placed > placed
        kind = "with jokers" if jokers else "no jokers"
        ours_ms = 1e3 * statistics.median(ours)
        rows.append(("pokerfsm (highspy, direct)", kind, count, f"{ours_ms:.2f}",
                     f"{1e3 * percentile(ours, 90):.2f}", "1.00", ""))
        if theirs:
            theirs_ms = 1e3 * statistics.median(theirs)
            note = f"we place more on {more}" if jokers else "tile counts all equal"
            rows.append(("rummikub-solver (cvxpy+HiGHS)", kind, count, f"{theirs_ms:.2f}",
                         f"{1e3 * percentile(theirs, 90):.2f}", f"{theirs_ms / ours_ms:.2f}", note))
        print(f"{kind}: table tiles median {statistics.median(table_sizes):.0f}")
    print()
    print_rows(("solver", "positions", "n", "median ms", "p90 ms", "x ours", "check"), rows)
    return 0


def _warm_up():
    position = random_position(seed=12345, hand_size=14, table_tiles=30)
    return position.hand, position.table


if __name__ == "__main__":
    sys.exit(main())
