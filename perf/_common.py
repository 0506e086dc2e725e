"""Shared helpers for the benchmarks: machine banner, medians, a results table."""
from __future__ import annotations

import os
import platform
import statistics
import sys
import time


def banner(title: str) -> None:
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        cpu = platform.processor() or cpu
    print(f"# {title}")
    print(f"# {cpu}, {os.cpu_count()} cores; Python {sys.version.split()[0]} on {platform.system()}")
    print("# medians over repeated runs, all measured in this one run (ratios are what to quote)\n")


def median_time(fn, repeat: int = 5, warmup: int = 1, clock=time.perf_counter) -> float:
    """The median time of ``fn()`` by ``clock`` (``time.process_time``: CPU time, steadier on a shared machine)."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times)


def print_rows(header: tuple[str, ...], rows: list[tuple]) -> None:
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    for row in [header, tuple("-" * w for w in widths), *rows]:
        print("  ".join(str(x).ljust(w) for x, w in zip(row, widths)))
    print()
