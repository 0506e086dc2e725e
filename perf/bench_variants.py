"""Benchmark every game but hold'em (Omaha, stud, razz, short deck, draw games), beside phevaluator and pokerkit.

Evaluation: ``evaluate_many(rows, game=...)`` values random hands of 4, 5 or
6 hole cards and a five-card board (hi-lo too), on one thread and on all of
them; the CPU time of the one-thread run is printed as well, the fair figure
on a machine that others share. phevaluator (``evaluate_omaha_cards``, from
the ``perf`` extra) and pokerkit (``OmahaHoldemHand.from_game``) are called in
a Python loop on a sample of the same hands, as their users call them; the
values they give are checked to order the sample as ours do. The Omaha
tables' build time and size are printed first, and the plain design beside
ours: every two-plus-three choice valued as a five-card hand, the best kept.

Equity: each row is ``pokerfsm.equity(..., game=...)`` as a user calls it
(the dispatch, the deal's checks and the kernel), its median wall time over
repeated runs beside its target, and the CPU time of the process during the
runs divided by their number. The counts are checked as it times: 1,086,008
boards preflop, 820 on the flop, and the Monte Carlo rows' standard error.
The peers answer the heads-up flop question: a Python loop over
phevaluator's evaluator enumerating the 820 boards (its equity must equal
ours exactly), and pokerkit's ``calculate_equities`` sampling boards (it has
no enumeration; its time per board is scaled to the 820).
Stud: the questions of ``STUD_CASES`` through ``pokerfsm.equity(...,
game="stud"|"stud-hi-lo"|"razz")``, timed and counted the same way (every
exact row's deal count is checked), then the heads-up fifth-street question
by pokerkit's ``calculate_equities`` (sampled, its time scaled to the 671,580
deals we enumerate; its equity must be within 4 standard errors of ours).
Then the other games' own reports, run from here: stud, razz, lowball and
badugi evaluation beside pokerkit's hand classes (``perf/bench_other_games.py``),
and short deck's table, evaluators and equity (``perf/bench_short_deck.py``).
Run: ``python perf/bench_variants.py [--quick]``.
"""
from __future__ import annotations

import argparse
import itertools
import math
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from _common import banner, median_time, print_rows
from bench_evaluate import random_hands
from bench_other_games import report as other_games_report
from bench_short_deck import report as short_deck_report
from pokerfsm import Card, equity, evaluate_many
from pokerfsm.variants import game_of

GOAL = 20e6
"""Omaha hands a second that evaluate_many should reach."""

FLOP_DUEL = (["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d")
"""The heads-up flop question the peers answer too."""

EQUITY_CASES = [  # label, players, board, game, options, target seconds, expected combinations (None: sampled)
    ("PLO4 heads-up preflop, exact", FLOP_DUEL[0], "", "omaha", {}, 1.0, math.comb(44, 5)),
    ("PLO4 heads-up on the flop, exact", *FLOP_DUEL, "omaha", {}, 0.010, 820),
    ("PLO4 hi-lo heads-up on the flop, exact", *FLOP_DUEL, "omaha-hi-lo", {}, 0.020, 820),
    ("PLO4 against 5 random hands preflop, to 0.1 % standard error", ["AsKsQhJh", *[None] * 5], "", "omaha",
     {"target_std_error": 0.001, "seed": 1}, 0.300, None),
    ("PLO4 hi-lo against 5 random hands preflop, to 0.1 %", ["As2sQhJh", *[None] * 5], "", "omaha-hi-lo",
     {"target_std_error": 0.001, "seed": 1}, None, None),
    ("PLO5 heads-up on the flop, exact", ["AsKsQhJhTc", "2c3c4d5d6h"], "Ah 7c 8d", "omaha5", {}, None, 741),
    ("PLO6 3-way on the turn, exact", ["AsKsQhJhTc9c", "2c3c4d5d6h6s", "KdKcQdQc8s8h"], "Ah 7c 8d 2h", "omaha6",
     {}, None, 30),
]


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


def timed_equity(players, board, game, options, repeat: int) -> tuple[float, float, object]:
    """(median wall seconds, CPU seconds a run, the last result) of pokerfsm.equity as a user calls it."""
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


def bench_equity(quick: bool) -> list[tuple]:
    rows = []
    for label, players, board, game, options, target, combinations in EQUITY_CASES:
        repeat = 3 if quick or (target or 1) >= 0.3 else 15
        wall, cpu, result = timed_equity(players, board, game, options, repeat)
        if combinations is not None:
            assert result.exact and result.combinations == combinations, (label, result.combinations)
        else:
            assert not result.exact and result.std_error <= options["target_std_error"] + 1e-12, label
        kind = "exact" if result.exact else f"{result.combinations:,} deals, s.e. {100 * result.std_error:.3f} %"
        verdict = "-" if target is None else ("yes" if wall <= target else "NO")
        rows.append((label, kind, f"{wall * 1000:.1f} ms", f"{cpu * 1000:.1f} ms",
                     "-" if target is None else f"{target * 1000:.0f} ms", verdict))
    return rows


def flop_duel_peers(quick: bool) -> list[tuple]:
    """The heads-up flop question by phevaluator (a Python loop enumerating the boards) and pokerkit (sampled)."""
    (first, second), flop = FLOP_DUEL
    ours = equity([first, second], flop, game="omaha").players[0].equity
    mine = median_time(lambda: equity([first, second], flop, game="omaha"), repeat=15)
    rows = [("pokerfsm equity(..., game='omaha')", "exact", f"{mine * 1000:.1f} ms", "1x")]
    try:
        from phevaluator import evaluate_omaha_cards
    except ImportError:
        print("# phevaluator not installed (pip install phevaluator, in the perf extra): skipped")
    else:
        def by_phevaluator() -> float:
            seen = {first[i:i + 2] for i in range(0, 8, 2)} | {second[i:i + 2] for i in range(0, 8, 2)}
            seen |= set(flop.split())
            rest = [str(Card(c)) for c in range(52) if str(Card(c)) not in seen]
            share = 0.0
            for turn, river in itertools.combinations(rest, 2):
                board = [*flop.split(), turn, river]
                a = evaluate_omaha_cards(*board, *(first[i:i + 2] for i in range(0, 8, 2)))
                b = evaluate_omaha_cards(*board, *(second[i:i + 2] for i in range(0, 8, 2)))
                share += 1.0 if a < b else 0.5 if a == b else 0.0  # lower is better there
            return share / math.comb(len(rest), 2)

        wall = median_time(by_phevaluator, repeat=1 if quick else 3)
        theirs = by_phevaluator()
        rows.append(("phevaluator evaluate_omaha_cards, Python loop over the 820 boards", "exact",
                     f"{wall * 1000:.1f} ms", f"{wall / mine:,.0f}x; equity equal to ours: {theirs == ours}"))
    try:
        from pokerkit import Card as KitCard
        from pokerkit import Deck, OmahaHoldemHand, calculate_equities
    except ImportError:
        print("# pokerkit not installed: skipped")
    else:
        samples = 100 if quick else 400
        holes = ([list(KitCard.parse(first))], [list(KitCard.parse(second))])
        start = time.perf_counter()
        theirs = calculate_equities(holes, list(KitCard.parse(flop.replace(" ", ""))), 4, 5, Deck.STANDARD,
                                    (OmahaHoldemHand,), sample_count=samples)[0]
        seconds = time.perf_counter() - start
        error = math.sqrt(ours * (1 - ours) / samples)
        rows.append((f"pokerkit calculate_equities, {samples} sampled boards, scaled to 820", "sampled",
                     f"{seconds * 820 / samples * 1000:.0f} ms",
                     f"{seconds * 820 / samples / mine:,.0f}x; equity within 4 s.e. of ours: "
                     f"{abs(theirs - ours) <= 4 * error}"))
    return rows


STUD_DUEL = ["As Ad Kc Qd 2h", "Ts 9s 8s 7h 2c"]
"""Heads-up on fifth street, every card known: the question pokerkit answers too (671,580 deals)."""

STUD_CASES = [  # label, players, dead, game, options, target seconds, expected combinations (None: sampled)
    ("stud heads-up on fifth street, exact", STUD_DUEL, "", "stud", {}, 0.050, 671_580),
    ("stud hi-lo heads-up on fifth street, exact", STUD_DUEL, "", "stud-hi-lo", {}, 0.050, 671_580),
    ("razz heads-up on fifth street, two down cards unseen, exact", ["As 2d 3c Kd 9h", "?? ?? 4s 5s 6h"], "",
     "razz", {}, 1.0, math.comb(44, 2) * math.comb(42, 4)),
    ("stud heads-up on fourth street, exact", ["As Ad Kc Qd", "Ts 9s 8s 7h"], "", "stud", {}, 2.0,
     math.comb(44, 3) * math.comb(41, 3)),
    ("stud 3-way on sixth street, exact", ["As Ad Kc Qd 2h 3h", "Ts 9s 8s 7h 2c 3c", "?? ?? Kh Ks 4c 5c"], "",
     "stud", {}, 0.5, 36 * 35 * math.comb(34, 3)),
    ("stud 3-way on third street, to 0.1 % standard error", ["As Ad Kc", "?? ?? Ts", "?? ?? 9h"], "", "stud",
     {"target_std_error": 0.001, "seed": 1}, 1.0, None),
    ("razz 7-way on third street, to 0.1 %", ["As 2d 3c", *[f"?? ?? {c}" for c in ("4s", "5h", "6d", "7c", "8s",
                                                                                  "Kh")]],
     "", "razz", {"target_std_error": 0.001, "seed": 1}, None, None),
]


def bench_stud(quick: bool) -> list[tuple]:
    """The stud questions of STUD_CASES through pokerfsm.equity, counts checked as they are timed."""
    rows = []
    for label, players, dead, game, options, target, combinations in STUD_CASES:
        repeat = 3 if quick or (target or 1) >= 0.3 else 11
        wall, cpu, result = timed_equity(players, "", game, {"dead": dead, **options}, repeat)
        if combinations is not None:
            assert result.exact and result.combinations == combinations, (label, result.combinations)
        else:
            assert not result.exact and result.std_error <= options["target_std_error"] + 1e-12, label
        kind = "exact" if result.exact else f"{result.combinations:,} deals, s.e. {100 * result.std_error:.3f} %"
        verdict = "-" if target is None else ("yes" if wall <= target else "NO")
        rows.append((label, kind, f"{wall * 1000:.1f} ms", f"{cpu * 1000:.1f} ms",
                     "-" if target is None else f"{target * 1000:.0f} ms", verdict))
    return rows


def stud_duel_peer(quick: bool) -> list[tuple]:
    """The heads-up fifth-street stud and razz questions by pokerkit's calculate_equities (sampled, scaled)."""
    rows = []
    try:
        from pokerkit import Card as KitCard
        from pokerkit import Deck, RegularLowHand, StandardHighHand, calculate_equities
    except ImportError:
        print("# pokerkit not installed: skipped")
        return rows
    for game, hand_type in (("stud", StandardHighHand), ("razz", RegularLowHand)):
        ours = equity(STUD_DUEL, game=game).players[0].equity
        mine = median_time(lambda game=game: equity(STUD_DUEL, game=game), repeat=11)
        rows.append((f"pokerfsm equity(..., game={game!r})", "exact, 671,580 deals", f"{mine * 1000:.1f} ms", "1x"))
        samples = 100 if quick else 400
        holes = [[list(KitCard.parse(seat.replace(" ", "")))] for seat in STUD_DUEL]
        start = time.perf_counter()
        theirs = calculate_equities(holes, [], 7, 0, Deck.STANDARD, (hand_type,), sample_count=samples)[0]
        seconds = time.perf_counter() - start
        error = math.sqrt(ours * (1 - ours) / samples)
        rows.append((f"pokerkit calculate_equities ({hand_type.__name__}), {samples} samples, scaled to 671,580",
                     "sampled", f"{seconds * 671_580 / samples:,.0f} s",
                     f"{seconds * 671_580 / samples / mine:,.0f}x; equity within 4 s.e. of ours: "
                     f"{abs(theirs - ours) <= 4 * error}"))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and repeats")
    args = parser.parse_args(argv)
    n, sample, kit, repeat = (500_000, 5_000, 100, 3) if args.quick else (4_000_000, 50_000, 400, 5)
    banner("Every game but hold'em: Omaha and stud evaluation and equity, then the other games and short deck")
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
    print(f"goal: >= {GOAL / 1e6:.0f} M PLO4 hands a second; best wall-clock rate here {best / 1e6:.1f} M/s\n")
    print_rows(("equity question", "answer", "median wall", "CPU per run", "target", "met"), bench_equity(args.quick))
    print_rows(("heads-up flop equity", "answer", "wall", "time / ours; check"), flop_duel_peers(args.quick))
    print_rows(("stud equity question", "answer", "median wall", "CPU per run", "target", "met"),
               bench_stud(args.quick))
    print_rows(("heads-up fifth street", "answer", "wall", "time / ours; check"), stud_duel_peer(args.quick))
    other_games_report(args.quick)
    short_deck_report(args.quick)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
