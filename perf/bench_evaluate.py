"""Benchmark the core: table build, the full 7-card walk, evaluate_many and evaluate().

Peers (eval7, phevaluator, treys) come from the ``perf`` extra and are timed on
the same hands; the values they give are checked to order the hands as ours do.
Run: ``python perf/bench_evaluate.py [--quick]``.
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import pokerfsm
from _common import banner, median_time, print_rows
from pokerfsm import Card, evaluate, evaluate_many, hand_odds

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


def bench_many(n: int, repeat: int) -> tuple:
    hands = random_hands(n, 7)
    seconds = median_time(lambda: evaluate_many(hands), repeat=repeat)
    return (f"evaluate_many, {n:,} random 7-card hands", f"{seconds * 1000:.0f} ms",
            f"{n / seconds / 1e6:.1f} M hands/s", "target >= 12 M/s; the C table: 13.7 M/s")


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
    args = parser.parse_args(argv)
    repeat = 3 if args.quick else 5
    banner(f"pokerfsm {pokerfsm.__version__}: evaluator benchmarks")
    evaluate("Ah Kh Qh Jh Th")  # open the table before timing
    rows = [bench_generation(3 if not args.quick else 1), bench_full_walk(repeat),
            bench_many(2_000_000 if args.quick else 10_000_000, repeat)]
    rows += bench_single_calls(100_000 if args.quick else 300_000, repeat)
    print_rows(("measurement", "median", "rate", "reference"), rows)
    print(f"# max RSS of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
