"""Benchmark the core: both evaluators' tables, the full 7-card walk, evaluate_many and evaluate().

``evaluate_many`` is timed with the compact evaluator (what it uses) beside the
state machine walking the same hands, one thread and all threads, and beside
OMPEval's benchmark driver when it is built (``--ompeval PATH`` or
``$POKERFSM_OMPEVAL``; OMPEval is built in a scratch folder outside the
project, never copied into it): its random-hand rate on one thread, building
each hand from card indices as ``evaluate_many`` does, and from pre-built
hands. Random hands are timed as the best of several runs on both sides (ours
and OMPEval's driver), so that a busy machine slows neither more than the
other. Peers (eval7, phevaluator, treys) come from the ``perf`` extra and are
timed on the same hands; the values they give are checked to order the hands
as ours do.
Run: ``python perf/bench_evaluate.py [--quick] [--ompeval PATH]``.
"""
from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import pokerfsm
from _common import banner, median_time, print_rows
from pokerfsm import Card, evaluate, evaluate_many, hand_odds
from pokerfsm.evaluation import _walk

SEVEN_CARD_COUNTS = [41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800,
                     23294460]


def random_hands(n: int, size: int, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = np.empty((n, size), dtype=np.uint8)
    for i in range(0, n, 1_000_000):
        block = rng.random((min(1_000_000, n - i), 52), dtype=np.float32)
        out[i:i + len(block)] = np.argpartition(block, size, axis=1)[:, :size]
    return out


def bench_generation(repeat: int) -> tuple:
    code = ("import sys, resource; from pokerfsm.table.build import build_entries, write_table; "
            "e, _ = build_entries(); write_table(e, sys.argv[1]); "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    peaks = []

    def once():
        with tempfile.TemporaryDirectory() as d:
            out = subprocess.run([sys.executable, "-c", code, f"{d}/t.pkfsm"], check=True,
                                 capture_output=True, text=True).stdout
            peaks.append(int(out) / 1024)

    seconds = median_time(once, repeat=repeat, warmup=0)
    return ("table generation (whole process)", f"{seconds:.2f} s", f"peak {max(peaks):.0f} MB",
            "target <= 10 s, <= 400 MB; a C generator: 5.0 s, 135 MB")


def bench_full_walk(repeat: int) -> tuple:
    result = {}

    def once():
        result["odds"] = hand_odds()

    seconds = median_time(once, repeat=repeat)
    assert list(result["odds"].category_counts.values()) == SEVEN_CARD_COUNTS
    return ("all 133,784,560 7-card hands, category counts", f"{seconds * 1000:.0f} ms",
            f"{133_784_560 / seconds / 1e6:,.0f} M hands/s", "target <= 0.3 s; a C walker: 0.22 s")


def bench_compact_tables(repeat: int) -> tuple:
    """The compact evaluator's tables: built in a fresh process (imports not counted), and their size."""
    code = ("import time; from pokerfsm.evaluation.compact import compact_tables; t = time.perf_counter(); "
            "tables = compact_tables(); print(time.perf_counter() - t, tables.nbytes)")
    runs = [subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split()
            for _ in range(repeat)]
    seconds = statistics.median(float(r[0]) for r in runs)
    return ("compact evaluator's tables, built on first use", f"{seconds * 1000:.0f} ms",
            f"{int(runs[0][1]) / 1024:.0f} KiB", "target <= 1 s, <= 1 MiB")


def best_time(fn, repeat: int) -> float:
    """The shortest of ``repeat`` runs of ``fn`` after one warm-up run, in seconds."""
    fn()
    return min(median_time(fn, repeat=1, warmup=0) for _ in range(repeat))


def ompeval_rates(binary: str | None) -> dict[str, float]:
    """OMPEval's random 7-card rates (M hands/s, the best of its runs), from its driver; {} without it."""
    if not binary:
        return {}
    out = subprocess.run([binary, "eval"], check=True, capture_output=True, text=True).stdout
    rates: dict[str, list[float]] = {}
    for how, rate in re.findall(r"omp random 7-card \((.+?)\): ([\d.]+) M/s", out):
        rates.setdefault(how, []).append(float(rate))
    return {how: max(r) for how, r in rates.items()}


def bench_many(n: int, repeat: int, ompeval: str | None) -> list[tuple]:
    """evaluate_many (the compact evaluator) and the state machine's walk on the same random hands, and
    OMPEval's driver run before and after them: one thread, and all threads for ours; best runs."""
    hands = random_hands(n, 7)
    out = np.empty(n, dtype=np.int32)
    threads = _walk.max_threads()
    rows, rates = [], {}
    before = ompeval_rates(ompeval)

    def ours(limit, rows=hands):
        os.environ["POKERFSM_THREADS"] = str(limit)
        try:
            return best_time(lambda: evaluate_many(rows), repeat=max(repeat, 10))  # OMPEval: 2 x 3 runs of 10^7
        finally:
            del os.environ["POKERFSM_THREADS"]

    for label, limit in (("one thread", 1), (f"{threads} threads", threads)):
        rates[f"evaluate_many (compact), {label}"] = n / ours(limit) / 1e6
        seconds = best_time(lambda limit=limit: _walk.walk_rows(hands, out, limit), repeat=repeat)
        rates[f"state machine walk, {label}"] = n / seconds / 1e6
    rates["evaluate_many (compact), int64 codes, one thread"] = n / ours(1, hands.astype(np.int64)) / 1e6
    after = ompeval_rates(ompeval)
    for how in sorted(before.keys() & after.keys()):  # OMPEval's best run, before or after ours
        rates[f"OMPEval ({how}), one thread"] = max(before[how], after[how])
    base = rates["evaluate_many (compact), one thread"]
    omp = rates.get("OMPEval (build+eval), one thread")
    for name, rate in rates.items():
        note = ("target >= half of OMPEval (build+eval): " + (f"{base / omp:.2f} of it" if omp else "not built")
                if name.startswith("evaluate_many (compact), one") else f"evaluate_many is {base / rate:.2f}x this")
        rows.append((f"{n:,} random 7-card hands: {name}", f"{n / rate / 1e3:.0f} ms (best)", f"{rate:.1f} M hands/s",
                     note))
    return rows


def bench_single_calls(n: int, repeat: int) -> list[tuple]:
    """One call per hand from Python, for us and every peer, on the same hands."""
    hands = random_hands(n, 7, seed=2)
    texts = [[str(Card(c)) for c in row] for row in hands.tolist()]
    ours = [[Card(c) for c in row] for row in hands.tolist()]
    reference = evaluate_many(hands)
    contenders = {"pokerfsm.evaluate": (evaluate, ours, 1)}  # called directly, like eval7
    try:
        import eval7
        contenders["eval7.evaluate"] = (eval7.evaluate, [[eval7.Card(s) for s in t] for t in texts], 1)
    except ImportError:
        print("(eval7 not installed: pip install 'pokerfsm[perf]')")
    try:
        from phevaluator import evaluate_cards
        from phevaluator.card import Card as PhCard
        ph = [[int(PhCard(s)) for s in t] for t in texts]
        contenders["phevaluator.evaluate_cards"] = (lambda h: evaluate_cards(*h), ph, -1)
    except ImportError:
        print("(phevaluator not installed)")
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
        evaluator = Evaluator()
        tr = [[TreysCard.new(s) for s in t] for t in texts]
        contenders["treys Evaluator.evaluate"] = (lambda h: evaluator.evaluate(h[:2], h[2:]), tr, -1)
    except ImportError:
        print("(treys not installed)")
    rows, rates = [], {}
    for name, (fn, data, sign) in contenders.items():
        values = np.array([sign * fn(h) for h in data[:20_000]], dtype=np.int64)
        # same ordering as our table on every pair of consecutive hands
        ours_sorted = np.sign(np.diff(reference[:20_000].astype(np.int64)))
        assert (np.sign(np.diff(values)) == ours_sorted).all(), name

        def loop(fn=fn, data=data):
            for h in data:
                fn(h)
        seconds = median_time(loop, repeat=repeat)
        rates[name] = n / seconds
    base = rates["pokerfsm.evaluate"]
    for name, rate in rates.items():
        rows.append((f"one call from Python: {name}", f"{1e9 / rate:.0f} ns/call",
                     f"{rate / 1e6:.2f} M calls/s",
                     "target >= 2.5 M/s" if name == "pokerfsm.evaluate"
                     else f"pokerfsm is {base / rate:.2f}x this"))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer hands and repeats")
    parser.add_argument("--ompeval", default=os.environ.get("POKERFSM_OMPEVAL"),
                        help="OMPEval's benchmark driver (omp_bench), timed in the same run")
    args = parser.parse_args(argv)
    repeat = 3 if args.quick else 5
    banner(f"pokerfsm {pokerfsm.__version__}: evaluator benchmarks")
    evaluate("Ah Kh Qh Jh Th")  # build the compact tables and open the hand-rank table before timing
    _walk.walk_rows(random_hands(1, 7), np.empty(1, dtype=np.int32), 1)
    rows = [bench_generation(3 if not args.quick else 1), bench_compact_tables(repeat), bench_full_walk(repeat)]
    rows += bench_many(2_000_000 if args.quick else 10_000_000, repeat, args.ompeval)
    rows += bench_single_calls(100_000 if args.quick else 300_000, repeat)
    print_rows(("measurement", "median", "rate", "reference"), rows)
    print(f"# max RSS of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
