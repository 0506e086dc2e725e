"""Benchmark the precomputed tables: build cost and scaling, then lookups beside enumeration.

1. Build a fixed slice of each table on a local Dask cluster of 1 and of 2
   workers (cluster start-up timed apart): wall time, rows per second, the
   scaling ratio, and the store's size.
2. Per-task cost in one process, extrapolated to each full table and to the
   turn version of flop-ehs (every canonical hand on every turn) on N workers.
3. Lookups from a built store (``--store``, default ``$POKERFSM_STORE``):
   one matchup, the range-vs-range and hand-vs-random spots of issue 12, and a
   flop, each beside ``pokerfsm.equity`` on the same question in the same run,
   with the answers compared.

Run: ``python perf/bench_tables.py [--quick] [--store PATH] [--skip-build]``.
"""
from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import pokerfsm
from _common import banner, median_time, print_rows
from pokerfsm.precomputed import symmetry
from pokerfsm.precomputed.tasks import SPECS, hand_rank_checksum, run_task

# table -> (tasks built in the scaling run, parameters): slices of a few seconds per task
SLICES = {
    "preflop-hu": (8, {}),
    "preflop-vs-random": (6, {}),
    "flop-ehs": (6, {}),
    "omaha-vs-random": (6, {}),
}
RANGE_SPOT = ("QQ+,AKs,AKo", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+")


def _spin(n: int = 4_000_000) -> float:
    started = time.perf_counter()
    total = 0
    for i in range(n):
        total += i
    return time.perf_counter() - started


def machine_parallelism() -> float:
    """How much faster 2 processes do twice the work of one: 2.0 on two free cores."""
    import concurrent.futures
    import multiprocessing

    alone = statistics.median(_spin() for _ in range(3))
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as pool:
        list(pool.map(_spin, [10, 10]))
        started = time.perf_counter()
        list(pool.map(_spin, [4_000_000, 4_000_000]))
        both = time.perf_counter() - started
    return 2 * alone / both


def build_slices(quick: bool) -> float:
    from pokerfsm.precomputed.engine import build, connect
    from pokerfsm.precomputed.store import Store

    print("## Build a fixed slice on a local cluster (one worker process per core)\n")
    print(f"calibration: a pure-Python loop in 2 processes runs {machine_parallelism():.2f}x the "
          "work of 1 per second (2.00 on two free cores)\n")
    rows = []
    for name, (tasks, parameters) in SLICES.items():
        tasks = max(2, tasks // 2) if quick else tasks
        seconds = {}
        for workers in (1, 2):
            started = time.perf_counter()
            client, cluster = connect(workers=workers)
            client.run(hand_rank_checksum)   # each worker opens the hand-rank table
            start_up = time.perf_counter() - started
            path = Path(tempfile.mkdtemp()) / "bench.sqlite"
            try:
                started = time.perf_counter()
                [summary] = build([name], store_path=path, limit=tasks,
                                  parameters={name: parameters}, client=client, progress=False)
                seconds[workers] = time.perf_counter() - started
            finally:
                client.close()
                cluster.close()
            with Store.open(path) as store:
                size = store.size_bytes()
            if name == "flop-ehs":
                bytes_per_row = size / summary.rows
            rows.append((name, f"{tasks} tasks", workers, f"{start_up:.1f} s",
                         f"{seconds[workers]:.1f} s", f"{summary.rows:,}",
                         f"{summary.rows / seconds[workers]:,.0f}",
                         f"{summary.worker_seconds / tasks:.2f} s", f"{size / 2**20:.2f} MiB"))
        rows.append((name, "", "1 vs 2", "", f"ratio {seconds[1] / seconds[2]:.2f}x", "", "", "",
                     ""))
    print_rows(("table", "slice", "workers", "cluster start", "build", "rows", "rows/s",
                "per task", "store"), rows)
    return bytes_per_row


def _worker_seconds(name: str, tasks: list[int], parameters: dict) -> float:
    """Median worker seconds of ``tasks``, each run alone on a 1-worker cluster (one thread)."""
    from pokerfsm.precomputed.engine import connect

    client, cluster = connect(workers=1)
    try:
        client.run(hand_rank_checksum)
        return statistics.median(client.submit(run_task, name, t, parameters, pure=False)
                                 .result()["seconds"] for t in tasks)
    finally:
        client.close()
        cluster.close()


def per_task_costs(quick: bool, bytes_per_row: float) -> None:
    from pokerfsm.precomputed.tasks import board_rows

    print("## Per-task cost on one worker (one thread), and the full builds it implies\n")
    rng = random.Random(1)
    rows = []
    for name, spec in SPECS.items():
        parameters = dict(spec.defaults)
        total = spec.tasks(parameters)
        if name == "preflop-vs-random":   # two kinds of task: exact (k = 1) and Monte Carlo
            picks = {"exact, 1 opponent": rng.sample(range(169), 2 if quick else 3),
                     "Monte Carlo, 2-9": rng.sample(range(169, total), 3 if quick else 6)}
            counts = {"exact, 1 opponent": 169, "Monte Carlo, 2-9": total - 169}
        else:
            picks = {"": rng.sample(range(total - 1), 2 if quick else 3)}
            counts = {"": total}
        for kind, tasks in picks.items():
            seconds = _worker_seconds(name, tasks, parameters)
            cpu = seconds * counts[kind]
            rows.append((f"{name} {kind}".strip(), counts[kind], f"{seconds:.2f} s",
                         f"{cpu / 60:.1f} min", f"{cpu / 120:.1f} min", f"{cpu / 32 / 60:.2f} min",
                         ""))
    boards = symmetry.canonical_boards(4)
    per_board = []
    produced = 0
    for board in rng.sample(boards, 20 if quick else 60):
        started = time.perf_counter()
        produced += len(board_rows(board))
        per_board.append(time.perf_counter() - started)
    cpu = statistics.median(per_board) * len(boards)
    rows.append(("turn version of flop-ehs (an estimate)", f"{len(boards):,} turns",
                 f"{statistics.median(per_board) * 1000:.1f} ms/turn", f"{cpu / 60:.1f} min",
                 f"{cpu / 120:.1f} min", f"{cpu / 32 / 60:.2f} min",
                 f"13,960,050 rows, about {13_960_050 * bytes_per_row / 2**30:.2f} GiB"))
    print_rows(("table", "tasks", "median per task", "one core", "2 workers (ideal)",
                "32 workers (ideal)", "store"), rows)
    print("(the turn rows also cost the driver's SQLite inserts: see flop-ehs rows/s above)\n")


def _use_store(store: str | None, title: str):
    """Point the lookups at ``store`` (default ``$POKERFSM_STORE``), print the section's title."""
    from pokerfsm.precomputed import lookup

    if store:
        os.environ["POKERFSM_STORE"] = store
    lookup.reload()
    print(f"## {title}\n")
    return lookup


def lookups(store: str | None) -> None:
    lookup = _use_store(store, "Lookups beside enumeration (same question, same run)")
    rows = []

    def spot(label, table_call, enumerate_call, same, repeat=200):
        try:
            answer = table_call()
        except pokerfsm.Error as exc:
            rows.append((label, f"skipped: {exc}", "", "", ""))
            return
        ours = median_time(table_call, repeat=repeat, warmup=3)
        theirs_result = {}

        def enumerate_once():
            theirs_result["r"] = enumerate_call()

        theirs = median_time(enumerate_once, repeat=3)
        rows.append((label, _duration(ours), _duration(theirs), f"{theirs / ours:,.0f}x",
                     "equal" if same(answer, theirs_result["r"]) else "DIFFERENT"))

    def counts(a, r, index=0):
        p = r.players[index]
        return (a.wins, a.ties, a.losses) == (p.wins, p.ties, p.losses)

    try:   # the first question of a process also reads the table and fills the ranges' rows
        started = time.perf_counter()
        lookup.range_vs_range(*RANGE_SPOT)
        first = time.perf_counter() - started
        rows.append(("the range spot below, first call in the process (reads preflop-hu)",
                     _duration(first), "", "", ""))
    except pokerfsm.Error:
        pass
    spot("AhAd vs KsKc, one matchup", lambda: lookup.matchup("AhAd", "KsKc"),
         lambda: pokerfsm.equity(["AhAd", "KsKc"], exact=True, tables=False), counts)
    spot("AhKh vs QsJd, one matchup", lambda: lookup.matchup("AhKh", "QsJd"),
         lambda: pokerfsm.equity(["AhKh", "QsJd"], exact=True, tables=False), counts)
    spot(f"{RANGE_SPOT[0]} vs {RANGE_SPOT[1]}", lambda: lookup.range_vs_range(*RANGE_SPOT),
         lambda: pokerfsm.equity(list(RANGE_SPOT), exact=True, tables=False), counts, repeat=20)
    spot("AhKh vs 1 random hand", lambda: lookup.vs_random("AhKh", 1),
         lambda: pokerfsm.equity(["AhKh", None], exact=True, tables=False), counts, repeat=2000)
    spot("AdTs vs 1 random hand", lambda: lookup.vs_random("AdTs", 1),
         lambda: pokerfsm.equity(["AdTs", None], exact=True, tables=False), counts, repeat=2000)
    spot("AhKh vs 8 random hands (table: Monte Carlo)", lambda: lookup.vs_random("AhKh", 8),
         lambda: pokerfsm.equity(["AhKh"] + [None] * 8, exact=False, seed=1, tables=False),
         lambda a, r: abs(a.equity - r.players[0].equity)
         <= 5 * (a.std_error ** 2 + r.std_error ** 2) ** 0.5, repeat=2000)
    spot("AsKs on Ac 2h 6c vs 1 random hand, E[HS^2]", lambda: lookup.flop_ehs("AsKs", "Ac 2h 6c"),
         lambda: pokerfsm.equity(["AsKs", None], board="Ac 2h 6c", exact=True, tables=False), counts)
    print_rows(("spot", "table", "pokerfsm.equity", "ratio", "answers"), rows)


def through_equity(store: str | None) -> None:
    """What a caller sees: ``pokerfsm.equity()`` answering from the tables, against computing."""
    _use_store(store, "pokerfsm.equity() from the tables and with tables=False (same question, same run)")
    rows = []
    for players, repeat in ((["AhAd", "KsKc"], 200), (list(RANGE_SPOT), 50), (["AhKh", None], 200),
                            (["AdTs", None], 200), (["AhKh", "QQ+, AKs"], 50)):
        answer = pokerfsm.equity(players)
        ours = median_time(lambda players=players: pokerfsm.equity(players), repeat=repeat, warmup=3)
        computed: dict[str, pokerfsm.EquityResult] = {}

        def compute(players=players, computed=computed):
            computed["r"] = pokerfsm.equity(players, exact=True, tables=False)

        theirs = median_time(compute, repeat=3)
        same = [(p.wins, p.ties, p.losses) for p in answer.players] == \
            [(p.wins, p.ties, p.losses) for p in computed["r"].players] and \
            answer.split_counts == computed["r"].split_counts
        rows.append((" vs ".join(p or "random" for p in players), answer.method, _duration(ours),
                     _duration(theirs), f"{theirs / ours:,.0f}x", "equal" if same else "DIFFERENT"))
    for opponents in (2, 5, 8):   # Monte Carlo rows, against equity()'s own Monte Carlo at its default precision
        players = ["AhKh"] + [None] * opponents
        answer = pokerfsm.equity(players)
        ours = median_time(lambda players=players: pokerfsm.equity(players), repeat=200, warmup=3)
        sampled = pokerfsm.equity(players, tables=False, seed=1)
        theirs = median_time(lambda players=players: pokerfsm.equity(players, tables=False, seed=1), repeat=5)
        agree = all(abs(a.equity - b.equity) <= 5 * ((a.std_error or 0) ** 2 + (b.std_error or 0) ** 2) ** 0.5
                    for a, b in zip(answer.players, sampled.players))
        rows.append((f"AhKh vs {opponents} random (std. error {answer.std_error or 0:.4f})", answer.method,
                     _duration(ours), _duration(theirs) + f" (MC, {sampled.std_error:.4f})",
                     f"{theirs / ours:,.0f}x", "within 5 s.e." if agree else "DIFFERENT"))
    print_rows(("question", "method", "equity()", "tables=False", "ratio", "answers"), rows)


def consistency(store: str | None) -> None:
    """Three independent routes to the same exact numbers, where the tables are built."""
    lookup = _use_store(store, "The tables agree with each other (exact counts, whole tables)")
    rows = []
    for hand in ("AhKh", "7c2d", "QsQd"):
        try:
            row = lookup.vs_random(hand)
            cards = list(pokerfsm.parse_cards(hand))
            others = [(a, b) for a in range(52) for b in range(a) if a not in cards and b not in cards]
            hu = [lookup.matchup(hand, [pokerfsm.Card(a), pokerfsm.Card(b)]) for a, b in others]
            by_matchups = tuple(sum(getattr(m, k) for m in hu) for k in ("wins", "ties", "losses"))
            flops = [f for f in itertools.combinations(range(52), 3) if not set(f) & set(cards)]
            strengths = [lookup.flop_ehs(hand, [pokerfsm.Card(c) for c in f]) for f in flops]
            by_flops = tuple(sum(getattr(s, k) for s in strengths) // 10
                             for k in ("wins", "ties", "losses"))
        except pokerfsm.Error as exc:
            rows.append((hand, f"skipped: {exc}", "", ""))
            continue
        ours = (row.wins, row.ties, row.losses)
        rows.append((hand, f"{ours}", "equal" if by_matchups == ours else f"DIFFERENT {by_matchups}",
                     "equal" if by_flops == ours else f"DIFFERENT {by_flops}"))
    print_rows(("hand vs 1 random", "preflop-vs-random (pokerfsm.equity)",
                "sum of 1,225 preflop-hu rows", "sum over 19,600 flops of flop-ehs / 10"), rows)


def _duration(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller slices and samples")
    parser.add_argument("--store", default=None, help="a store with built tables for the lookups")
    parser.add_argument("--skip-build", action="store_true", help="only the lookups")
    args = parser.parse_args()
    banner("pokerfsm precomputed tables")
    print(f"# load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    pokerfsm.equity(["AhAd", "KsKc"])   # the hand-rank table, opened (or built) once
    if not args.skip_build:
        bytes_per_row = build_slices(args.quick)
        per_task_costs(args.quick, bytes_per_row)
    lookups(args.store)
    through_equity(args.store)
    consistency(args.store)
    print(f"# load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
