"""Benchmark Omaha equity against its targets: exact heads-up preflop and on the flop, Monte Carlo multiway.

Each row is ``pokerfsm.equity(..., game=...)`` as a user calls it (the
dispatch, the deal's checks and the kernel), its median wall time over
repeated runs beside its target, and the CPU time of the process during the
runs divided by their number (on a machine that others share, wall time
suffers first). The counts are checked as it times: 1,086,008 boards
preflop, 820 on the flop, and the Monte Carlo row's standard error.
Run: ``python perf/bench_omaha_equity.py [--quick]``.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _common import banner, print_rows
from pokerfsm import equity
from pokerfsm.evaluation.omaha_tables import omaha_tables

CASES = [  # label, players, board, game, options, target seconds, expected combinations (None: sampled)
    ("PLO4 heads-up preflop, exact", ["AsKsQhJh", "2c3c4d5d"], "", "omaha", {}, 1.0, math.comb(44, 5)),
    ("PLO4 heads-up on the flop, exact", ["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d", "omaha", {}, 0.010, 820),
    ("PLO4 hi-lo heads-up on the flop, exact", ["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d", "omaha-hi-lo", {}, 0.020, 820),
    ("PLO4 against 5 random hands preflop, to 0.1 % standard error", ["AsKsQhJh", *[None] * 5], "", "omaha",
     {"target_std_error": 0.001, "seed": 1}, 0.300, None),
    ("PLO4 hi-lo against 5 random hands preflop, to 0.1 %", ["As2sQhJh", *[None] * 5], "", "omaha-hi-lo",
     {"target_std_error": 0.001, "seed": 1}, None, None),
    ("PLO5 heads-up on the flop, exact", ["AsKsQhJhTc", "2c3c4d5d6h"], "Ah 7c 8d", "omaha5", {}, None, 741),
    ("PLO6 3-way on the turn, exact", ["AsKsQhJhTc9c", "2c3c4d5d6h6s", "KdKcQdQc8s8h"], "Ah 7c 8d 2h", "omaha6",
     {}, None, 30),
]


def timed(players, board, game, options, repeat: int) -> tuple[float, float, object]:
    def call():
        return equity(players, board, game=game, **options)

    call()  # warm: the tables are built, the threads started
    walls = []
    cpu = time.process_time()
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        walls.append(time.perf_counter() - start)
    return statistics.median(walls), (time.process_time() - cpu) / repeat, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args()
    banner("Omaha equity (pokerfsm.equity with game=...)")
    start = time.process_time()
    omaha_tables()
    print(f"Omaha tables built in {time.process_time() - start:.3f} s of CPU (once per process)\n")
    rows = []
    for label, players, board, game, options, target, combinations in CASES:
        repeat = 3 if args.quick or (target or 1) >= 0.3 else 15
        wall, cpu, result = timed(players, board, game, options, repeat)
        if combinations is not None:
            assert result.exact and result.combinations == combinations, (label, result.combinations)
        else:
            assert not result.exact and result.std_error <= options["target_std_error"] + 1e-12, label
        kind = "exact" if result.exact else f"{result.combinations:,} deals, s.e. {100 * result.std_error:.3f} %"
        verdict = "-" if target is None else ("yes" if wall <= target else "NO")
        rows.append((label, kind, f"{wall * 1000:.1f} ms", f"{cpu * 1000:.1f} ms",
                     "-" if target is None else f"{target * 1000:.0f} ms", verdict))
    print_rows(("question", "answer", "median wall", "CPU per run", "target", "met"), rows)


if __name__ == "__main__":
    main()
