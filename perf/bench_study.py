"""Benchmark the study tools: the equity distribution's shared pass, and the flop report on Dask.

1. Distribution: one pass over the boards for every hand of both seats
   (``pokerfsm.distribution``) beside one ``pokerfsm.equity`` call per hand of
   the seat's range, on a flop and a turn.
2. Flop report: the per-task cost in one process (a task of consecutive
   flops, split into equity and hits), then the whole report of two
   15-20 % ranges (all 1,755 flops, each into a fresh store) on a local
   cluster of 1 and of 2 workers: cluster start-up, wall time, scaling.

``--game short-deck`` measures the same at short deck (ranges of its 36
cards; its 573 flops), the all-flops equity checked against the preflop
equity as it goes.

Run: ``python perf/bench_study.py [--quick] [--game short-deck]`` (``--quick``: 1 and 2 workers on
300 flops, 150 at short deck).
The machine's load average is printed: on a shared machine, the wall times depend on it.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import pokerfsm
from _common import banner, median_time, print_rows
from pokerfsm.precomputed.engine import connect
from pokerfsm.study.flops import canonical_flops, flop_task
from pokerfsm.study.report import flop_report

GAMES = {   # two 15-20 % ranges of each game, and a flop and a turn of its deck
    "holdem": ("QQ+,AK", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", ("Kd 7c 2h", "Kd 7c 2h 5s")),
    "short-deck": ("QQ+,AK", "88+,A6s+,KTs+,QJs,AJo+", ("Kd 7c 6h", "Kd 7c 6h 9s")),
}


def bench_distribution(game: str) -> None:
    A, B, boards = GAMES[game]
    banner(f"equity distribution at {game}: one shared pass vs one equity() per hand")
    rows = []
    for board in boards:
        shared = median_time(lambda b=board: pokerfsm.distribution([A, B], b, exact=True, game=game), repeat=3)
        hands = pokerfsm.distribution([A, B], board, exact=True, game=game).hands
        started = time.perf_counter()
        for hand in hands:
            pokerfsm.equity([hand.hand, B], board=board, exact=True, game=game)
        one_by_one = time.perf_counter() - started
        rows.append((board, len(hands), f"{shared * 1e3:.1f} ms", f"{one_by_one * 1e3:.0f} ms",
                     f"{one_by_one / shared:.0f}x"))
    print_rows(("board", "hands", "shared pass", "equity() per hand", "ratio"), rows)


def bench_task(game: str) -> float:
    A, B, _ = GAMES[game]
    banner(f"flop report at {game}: per-task cost in one process")
    flop_task("x", A, B, [0], game)   # the hand-rank table, loaded once
    flops = len(canonical_flops(game))
    keys = list(range(flops // 3, flops // 3 + 60))
    started, cpu = time.perf_counter(), time.process_time()
    flop_task("x", A, B, keys, game)
    per_flop = (time.perf_counter() - started) / len(keys)
    cpu_per_flop = (time.process_time() - cpu) / len(keys)
    print_rows(("flops", "wall per flop", "CPU per flop", "whole report, one core (CPU)"),
               [(len(keys), f"{per_flop * 1e3:.1f} ms", f"{cpu_per_flop * 1e3:.1f} ms",
                 f"{cpu_per_flop * flops:.0f} s")])
    return per_flop


def bench_report(game: str, flops: int) -> None:
    A, B, _ = GAMES[game]
    banner(f"flop report of {flops:,} flops at {game} on a local cluster (load average {os.getloadavg()[0]:.1f})")
    rows, walls = [], {}
    for workers in (1, 2):
        started = time.perf_counter()
        client, cluster = connect(workers=workers)
        start_up = time.perf_counter() - started
        with tempfile.TemporaryDirectory() as directory:
            started = time.perf_counter()
            report = flop_report(A, B, flops=range(flops), store_path=Path(directory) / "s.sqlite", client=client,
                                 game=game)
            walls[workers] = time.perf_counter() - started
        client.close()
        cluster.close()
        task = sorted(report.worker_seconds)[len(report.worker_seconds) // 2]
        rows.append((workers, f"{start_up:.1f} s", f"{walls[workers]:.1f} s", f"{start_up + walls[workers]:.1f} s",
                     len(report.worker_seconds), f"{task:.2f} s", f"{sum(report.worker_seconds):.1f} s",
                     f"{sum(report.worker_cpu):.1f} s"))
    print_rows(("workers", "start-up", "report", "total", "tasks", "median task", "worker wall", "worker CPU"), rows)
    print(f"scaling 1 -> 2 workers: {walls[1] / walls[2]:.2f}x; load average now {os.getloadavg()[0]:.1f}")
    if report.complete:
        every = report.summaries()[0]["equity_a"]
        preflop = pokerfsm.equity([A, B], exact=True, game=game).players[0].equity
        assert abs(every - preflop) < 1e-9, (every, preflop)
        print(f"all flops: equity A {every:.6f}, equal to the preflop equity {preflop:.6f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="300 flops (150 at short deck) instead of all")
    parser.add_argument("--game", choices=sorted(GAMES), default="holdem", help="the game (default: holdem)")
    args = parser.parse_args()
    bench_distribution(args.game)
    bench_task(args.game)
    flops = len(canonical_flops(args.game))
    bench_report(args.game, min(flops, 300 if args.game == "holdem" else 150) if args.quick else flops)


if __name__ == "__main__":
    main()
