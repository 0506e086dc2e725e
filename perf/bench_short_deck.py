"""Benchmark short-deck hold'em: its table, evaluate_many and equity, beside pokerkit's ShortDeckHoldemHand.

The table: the generator's time for the short-deck table (36 cards, the
52-card layout) and its size, beside the 52-card table's. The two
evaluators side by side, CPU time on one thread: random seven-card hands
valued by walking the short-deck table and by the compact evaluator
(:mod:`pokerfsm.evaluation.short_deck_compact`), and one hand's value as
``evaluate()`` takes it (the walk in Python, as it was, against the compact
kernel), with the full ``evaluate(..., game="short-deck")`` call; and equity
(heads-up preflop exact, Monte Carlo against random hands) with the kernels
walking the table (``pokerfsm.odds.short_deck.walked_table``) and on the
compact tables, the answers checked equal. Evaluation:
``evaluate_many(rows, game="short-deck")`` on random seven-card hands of the
36 cards, one thread (with its CPU time) and all threads; pokerkit's
``ShortDeckHoldemHand.from_game`` in a Python loop on a sample of them, its
order checked against ours. Equity: ``pokerfsm.equity(..., game="short-deck")``
as a user calls it, median wall time and CPU time a run, the counts checked
(201,376 boards heads-up preflop, 406 on the flop; the Monte Carlo rows'
standard error); pokerkit's ``calculate_equities`` (Deck.SHORT_DECK_HOLDEM,
sampling only) on the heads-up preflop and flop questions, its time per board
scaled to the boards we enumerate and its answer checked within 4 standard
errors of ours. Run alone (``python perf/bench_short_deck.py [--quick]``;
``OMP_NUM_THREADS=1`` in front keeps the equity kernels on one thread too) or
as the short-deck section of ``perf/bench_variants.py``.
"""
from __future__ import annotations

import argparse
import functools
import itertools
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from _common import banner, median_time, print_rows
from pokerfsm import Card, equity, evaluate, evaluate_many
from pokerfsm.evaluation import _short_deck_compact, _table_rows
from pokerfsm.evaluation.short_deck import short_deck_table
from pokerfsm.evaluation.short_deck_compact import short_deck_compact_tables
from pokerfsm.odds import short_deck
from pokerfsm.odds.short_deck_deal import prepare_short_deck_deal
from pokerfsm.table import HOLDEM, ROOT, SHORT_DECK, generate_table
from pokerfsm.table.rankings import deck_mask
from pokerfsm.variants import game_of

DECK = np.array([int(c) for c in game_of("short-deck").deck], dtype=np.uint8)
DUEL = ["AhKh", "QsQc"]
CASES = [  # label, players, board, options, expected combinations (None: not checked)
    # the Monte Carlo rows get a budget that lets them reach the target on a machine others share
    ("heads-up preflop, exact", DUEL, "", {}, math.comb(32, 5)),
    ("heads-up on the flop, exact", DUEL, "Jh Th 6c", {}, math.comb(29, 2)),
    ("AhKh against a random hand preflop, exact", ["AhKh", None], "", {"exact": True}, None),
    ("AhKh against a random hand preflop, to 0.1 % s.e.", ["AhKh", None], "",
     {"exact": False, "target_std_error": 0.001, "seed": 1, "budget": 20.0}, None),
    ("AhKh against 4 random hands preflop, to 0.1 % s.e.", ["AhKh", *[None] * 4], "",
     {"target_std_error": 0.001, "seed": 1, "budget": 20.0}, None),
]


def random_rows(n: int, seed: int = 7) -> np.ndarray:
    rng = np.random.default_rng(seed)
    picks = np.argpartition(rng.random((n, len(DECK)), dtype=np.float32), 7, axis=1)[:, :7]
    return np.ascontiguousarray(DECK[picks])


def bench_tables() -> list[tuple]:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for ranking in (HOLDEM, SHORT_DECK):
            start = time.perf_counter()
            path = generate_table(Path(folder) / f"{ranking.name}.pkfsm", show_progress=False, ranking=ranking)
            seconds = time.perf_counter() - start
            rows.append((f"generate the {ranking.name} table", f"{seconds:.2f} s",
                         f"{ranking.first_rows[-1]:,} states, {path.stat().st_size / 2**20:.1f} MiB"))
    return rows


def cpu_time(fn, repeat: int) -> float:
    """The median CPU time of ``fn()`` after one warm-up call."""
    return median_time(fn, repeat, clock=time.process_time)


def walked_value(table: np.ndarray, codes: list[int]) -> int:
    """One hand's value by walking the short-deck table in Python (how evaluate() valued it before)."""
    state = ROOT
    for card in codes:
        state = int(table[state + card + 1])
    return state if len(codes) == 7 else int(table[state])


def bench_evaluators(quick: bool) -> list[tuple]:
    """The table walk beside the compact evaluator, one thread, CPU time: many hands and one."""
    n, repeat = (1_000_000, 3) if quick else (5_000_000, 5)
    rows, table, mask = random_rows(n), short_deck_table(), deck_mask(SHORT_DECK.deck)
    walked, compact = np.empty(n, dtype=np.int32), np.empty(n, dtype=np.int32)
    start = time.perf_counter()
    short_deck_compact_tables.cache_clear()
    _short_deck_compact.use_tables(short_deck_compact_tables())
    built = time.perf_counter() - start
    walk = cpu_time(lambda: _table_rows.walk_rows(table, mask, rows, walked, 1), repeat)
    fast = cpu_time(lambda: _short_deck_compact.evaluate_rows(rows, compact, 1), repeat)
    assert (walked == compact).all()
    found = [("random 7-card hands: walking the table (16 MiB)", f"{n / walk:,.0f}/s", ""),
             ("random 7-card hands: compact evaluator", f"{n / fast:,.0f}/s",
              f"{walk / fast:.1f}x the walk; tables {short_deck_compact_tables().nbytes / 1024:.0f} KiB, built in "
              f"{built * 1000:.0f} ms")]
    hands = [r.tolist() for r in rows[:20_000]]
    walk = cpu_time(lambda: [walked_value(table, h) for h in hands], repeat)
    fast = cpu_time(lambda: [_short_deck_compact.hand_value(h) for h in hands], repeat)
    assert [walked_value(table, h) for h in hands[:100]] == [_short_deck_compact.hand_value(h) for h in hands[:100]]
    call = cpu_time(lambda: [evaluate(h, game="short-deck") for h in hands[:2_000]], repeat) * 10
    found += [("one hand's value: the walk in Python", f"{len(hands) / walk:,.0f}/s", ""),
              ("one hand's value: the compact kernel", f"{len(hands) / fast:,.0f}/s", f"{walk / fast:.1f}x the walk"),
              ("evaluate(cards, game='short-deck'), the whole call", f"{len(hands) / call:,.0f}/s",
               "checks included")]
    return found


def bench_equity_evaluators(quick: bool) -> list[tuple]:
    """Equity with the kernels walking the table and on the compact tables, CPU time a run."""
    samples, repeat = (100_000, 3) if quick else (400_000, 5)
    sampled = {"samples": samples, "seed": 1}
    cases = [("heads-up preflop, exact", DUEL, {}),
             (f"AhKh against a random hand, {samples:,} deals", ["AhKh", None], sampled),
             (f"AhKh against 4 random hands, {samples:,} deals", ["AhKh", *[None] * 4], sampled)]
    rows = []
    for label, players, options in cases:
        found = {}
        run = functools.partial(short_deck.compute_short_deck, prepare_short_deck_deal(players), **options)
        for name, table in (("walk", short_deck_table()), ("compact", None)):
            short_deck.walked_table = table
            try:
                found[name] = (median_time(run, repeat, clock=time.process_time), run().players[0].equity)
            finally:
                short_deck.walked_table = None
        assert found["walk"][1] == found["compact"][1], label
        rows.append((label, f"{found['walk'][0] * 1000:.1f} ms", f"{found['compact'][0] * 1000:.1f} ms",
                     f"{found['walk'][0] / found['compact'][0]:.1f}x"))
    return rows


def bench_evaluation(quick: bool) -> list[tuple]:
    n, kit = (300_000, 2_000) if quick else (3_000_000, 20_000)
    rows = random_rows(n)
    found = []
    for threads in ("1", None):
        if threads:
            os.environ["POKERFSM_THREADS"] = threads
        evaluate_many(rows[:1000], game="short-deck")
        cpu, start = time.process_time(), time.perf_counter()
        evaluate_many(rows, game="short-deck")
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        os.environ.pop("POKERFSM_THREADS", None)
        note = f"CPU time: {n / cpu:,.0f}/s" if threads else "all threads"
        found.append((f"evaluate_many(game='short-deck'), {'one thread' if threads else 'all threads'}",
                      f"{n / wall:,.0f}/s", note))
    try:
        from pokerkit import ShortDeckHoldemHand
    except ImportError:
        print("# pokerkit not installed: skipped")
        return found
    sample = rows[:kit]
    texts = [("".join(str(Card(int(c))) for c in r[:2]), "".join(str(Card(int(c))) for c in r[2:])) for r in sample]
    cpu, start = time.process_time(), time.perf_counter()
    hands = [ShortDeckHoldemHand.from_game(hole, board) for hole, board in texts]
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    ours = evaluate_many(sample, game="short-deck")
    order = np.argsort(ours, kind="stable")
    agree = all((hands[a] == hands[b]) if ours[a] == ours[b] else (hands[a] < hands[b])
                for a, b in itertools.pairwise(order))
    found.append((f"pokerkit ShortDeckHoldemHand.from_game, Python loop ({kit:,} hands)",
                  f"{kit / seconds:,.0f}/s", f"CPU time: {kit / cpu:,.0f}/s; same order as ours: {agree}"))
    return found


def bench_equity(quick: bool) -> tuple[list[tuple], dict[str, tuple[float, float]]]:
    rows, duel = [], {}
    for label, players, board, options, combinations in CASES:
        if quick and options.get("exact") is True:
            continue
        repeat = 1 if options.get("exact") is True else 3 if quick else 7
        equity(players, board, game="short-deck", **options)  # warm: the table opened, the threads started
        walls, cpu = [], time.process_time()
        for _ in range(repeat):
            start = time.perf_counter()
            result = equity(players, board, game="short-deck", **options)
            walls.append(time.perf_counter() - start)
        cpu = (time.process_time() - cpu) / repeat
        if combinations is not None:
            assert result.exact and result.combinations == combinations, (label, result.combinations)
        elif options.get("exact") is True:
            assert result.exact, label
        else:
            assert not result.exact and result.std_error <= options["target_std_error"] + 1e-12, label
        wall = statistics.median(walls)
        kind = (f"exact, {result.combinations:,} showdowns" if result.exact
                else f"{result.combinations:,} deals, s.e. {100 * result.std_error:.3f} %")
        rows.append((label, kind, f"{wall * 1000:.1f} ms", f"{cpu * 1000:.1f} ms"))
        if players is DUEL:
            duel[board] = (wall, result.players[0].equity)
    return rows, duel


def pokerkit_duel(quick: bool, duel: dict[str, tuple[float, float]]) -> list[tuple]:
    """The heads-up questions by pokerkit's calculate_equities (sampled boards), scaled to our boards."""
    try:
        from pokerkit import Card as KitCard
        from pokerkit import Deck, ShortDeckHoldemHand, calculate_equities
    except ImportError:
        print("# pokerkit not installed: skipped")
        return []
    rows = []
    for board, boards in (("", math.comb(32, 5)), ("Jh Th 6c", math.comb(29, 2))):
        mine, ours = duel[board]
        samples = 200 if quick else 1000
        holes = tuple([list(KitCard.parse(hand))] for hand in DUEL)
        start = time.perf_counter()
        theirs = calculate_equities(holes, list(KitCard.parse(board.replace(" ", ""))), 2, 5,
                                    Deck.SHORT_DECK_HOLDEM, (ShortDeckHoldemHand,), sample_count=samples)[0]
        scaled = (time.perf_counter() - start) * boards / samples
        error = math.sqrt(ours * (1 - ours) / samples)
        rows.append((f"{'preflop' if not board else 'flop'}: pokerkit calculate_equities, {samples} sampled "
                     f"boards scaled to {boards:,}", f"{scaled:.2f} s", f"{scaled / mine:,.0f}x ours; "
                     f"equity within 4 s.e. of ours: {abs(theirs - ours) <= 4 * error}"))
    return rows


def report(quick: bool) -> None:
    banner("Short-deck hold'em: its table, evaluate_many and equity, beside pokerkit")
    print_rows(("table", "time", "size"), bench_tables())
    print_rows(("short-deck evaluators, one thread, CPU time", "hands", "ratio; note"), bench_evaluators(quick))
    print_rows(("short-deck equity, CPU time a run", "walking the table", "compact", "ratio"),
               bench_equity_evaluators(quick))
    print_rows(("short-deck evaluation", "hands", "note"), bench_evaluation(quick))
    rows, duel = bench_equity(quick)
    print_rows(("short-deck equity question", "answer", "median wall", "CPU per run"), rows)
    print_rows(("heads-up short-deck equity, peer", "time", "ratio; check"), pokerkit_duel(quick, duel))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and repeats")
    report(parser.parse_args(argv).quick)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
