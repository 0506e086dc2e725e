"""Benchmark reading Omaha ranges: patterns, qualifiers and long lists of hands at 4, 5 and 6 cards.

Each text is read afresh (the parse cache is cleared before each run); the
table gives the median time and the hands the range holds. ``random`` is
never expanded, so it costs the same at every size.
Run: ``python perf/bench_omaha_ranges.py [--quick]``.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _common import banner, median_time, print_rows
from pokerfsm.cards import DECK
from pokerfsm.omaha_ranges import _parse, parse_omaha_range

CASES = [
    ("omaha", "random"),
    ("omaha", "AAxx"),
    ("omaha", "AAxx, KKxxds, QQxxss, AKQJr"),
    ("omaha", "AxKx**, AxAyKxKy"),
    ("omaha", "xxxxds"),
    ("omaha", "random, 0.5(AAxx)"),
    ("omaha5", "AAxxx"),
    ("omaha5", "xxxxxds"),
    ("omaha6", "random"),
    ("omaha6", "AAxxxx"),
    ("omaha6", "Axxxxx"),
    ("omaha6", "xxxxxxds"),
]


def _hand_list(count: int, cards: int) -> str:
    rng = random.Random(1)
    return ", ".join("".join(str(c) for c in rng.sample(DECK, cards)) for _ in range(count))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one run per text")
    quick = parser.parse_args().quick
    banner("Reading Omaha ranges")
    cases = CASES + [("omaha", _hand_list(2_500, 4))]
    rows = []
    for game, text in cases:
        def read(text: str = text, game: str = game) -> None:
            _parse.cache_clear()
            parse_omaha_range(text, game)
        seconds = median_time(read, repeat=1 if quick else 5, warmup=0 if quick else 1)
        shown = text if len(text) < 40 else f"{text[:30]}... ({text.count(',') + 1:,} hands)"
        rows.append((game, shown, f"{len(parse_omaha_range(text, game)):,}", f"{seconds * 1000:.1f} ms"))
    print_rows(("game", "range", "hands", "read"), rows)


if __name__ == "__main__":
    main()
