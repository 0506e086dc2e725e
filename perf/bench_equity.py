"""Benchmark equity: the issue's spots, checked against their published answers as they are timed.

Every answer is computed (``tables=False``: no precomputed store or shipped
table answers). OMPEval's EquityCalculator is timed on the same spots in the
same run when its benchmark driver is built (``--ompeval PATH`` or
``$POKERFSM_OMPEVAL``; built in a scratch folder outside the project, never
copied into it), on one thread with ``--threads 1`` (which runs our kernels
on one thread too) and on all threads otherwise.

Peers have no exact multi-way enumerator that can run these spots (eval7's
hand_vs_range_exact answers 1.0 for spots worth 0.86, and pokerkit's
calculate_equities cannot deal three random ranges in reasonable time), so
each is timed the way a user of it would compute them: a plain Python loop over
every board (or random deal) calling its evaluator (eval7, phevaluator,
treys). Where a full run would take minutes, the loop runs on a fixed prefix
of the boards (or a fixed number of deals) and the time is scaled up
("extrapolated").

Range questions where several seats hold one range are timed twice, taking
turns: with the seats' mirrored matchups shared, and with every combination
of hands counted for itself (the ratio is the sharing's gain).
Run: ``python perf/bench_equity.py [--quick] [--threads 1] [--ompeval PATH]``.
"""
from __future__ import annotations

import argparse
import itertools
import os
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import pokerfsm
from _common import banner, median_time, print_rows
from pokerfsm.calculator import LiveOdds, equity
from pokerfsm.cards import parse_cards

# spot, players, board, exact?, target seconds, check of the answer (the published numbers),
# and the same spot in OMPEval's driver (None: not there)
SPOTS = [
    ("AhAd vs KsKc, preflop, exact", ["AhAd", "KsKc"], "", True, 0.020,
     lambda r: (r.players[0].wins, r.players[1].wins, r.players[0].ties) == (1_388_072, 317_694, 6_538),
     "AhAd vs KsKc exact"),
    ("AhAd vs KsKc vs 7h8h, preflop, exact", ["AhAd", "KsKc", "7h8h"], "", True, 0.020,
     lambda r: [round(p.equity, 6) for p in r.players] == [0.615170, 0.177954, 0.206876],
     "AhAd vs KsKc vs 7h8h exact"),
    ("AhKh vs a random hand, preflop, exact", ["AhKh", None], "", True, 1.0,
     lambda r: (round(r.players[0].win, 6), round(r.players[0].tie, 6)) == (0.662196, 0.016500),
     "AhKh vs random exact"),
    ("AdTs vs a random hand, preflop, exact (offsuit: fewer symmetries)", ["AdTs", None], "", True, None,
     lambda r: r.combinations == 1225 * 1_712_304, None),
    ("QQ vs 87s (ranges), preflop, exact", ["QQ", "87s"], "", True, None,
     lambda r: r.combinations == 41_095_296 and round(100 * r.players[0].equity, 4) == 78.2594,
     "QQ vs 87s exact"),
    ("AhKh vs 5 random hands, Monte Carlo to 0.1 % s.e.", ["AhKh"] + [None] * 5, "", False, None,
     lambda r: r.std_error <= 0.001 and abs(r.players[0].equity - 0.3109) < 0.005, "AhKh vs 5 random MC sd 1e-3"),
    ("AhKh vs 8 random hands, Monte Carlo to 0.1 % s.e.", ["AhKh"] + [None] * 8, "", False, 0.150,
     lambda r: r.std_error <= 0.001 and abs(r.players[0].equity - 0.2247) < 0.005, None),
]


def time_ours(players, board, exact, repeat):
    result = {}

    def once():
        result["r"] = equity(players, board, exact=exact, seed=1, tables=False)

    seconds = median_time(once, repeat=repeat)
    return seconds, result["r"]


def ompeval_medians(binary: str | None, threads: int) -> dict[str, float]:
    """OMPEval's median seconds per spot of its driver on one thread (``threads`` 1) or all; {} without it."""
    if not binary:
        return {}
    print("running OMPEval's driver ...", file=sys.stderr, flush=True)
    out = subprocess.run([binary, "all"], check=True, capture_output=True, text=True).stdout
    wanted = 1 if threads == 1 else 0
    return {name: float(ms) / 1e3 for name, t, ms in re.findall(r"omp (.+?) threads=(\d+): median ([\d.]+) ms", out)
            if int(t) == wanted}


def peer_evaluators():
    """name -> (make_card, evaluate(cards) with higher = better)."""
    peers = {}
    try:
        import eval7
        peers["eval7"] = (eval7.Card, eval7.evaluate)
    except ImportError:
        print("(eval7 not installed: pip install 'pokerfsm[perf]')")
    try:
        from phevaluator import evaluate_cards
        peers["phevaluator"] = (str, lambda cards: -evaluate_cards(*cards))
    except ImportError:
        print("(phevaluator not installed)")
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
        evaluator = Evaluator()
        peers["treys"] = (TreysCard.new, lambda cards: -evaluator.evaluate(cards[:2], cards[2:]))
    except ImportError:
        print("(treys not installed)")
    return peers


def python_loop(make_card, evaluate, hands, board_text, limit):
    """Wins per player over the first ``limit`` boards (None: all); returns (seconds, boards, wins)."""
    known = [c for h in hands for c in parse_cards(h)] + list(parse_cards(board_text))
    deck = [str(c) for c in pokerfsm.DECK if c not in known]
    holes = [[make_card(str(c)) for c in parse_cards(h)] for h in hands]
    board = [make_card(str(c)) for c in parse_cards(board_text)]
    cards = {s: make_card(s) for s in deck}
    boards = itertools.combinations(deck, 5 - len(board))
    if limit:
        boards = itertools.islice(boards, limit)
    wins = [0] * len(hands)
    count = 0
    start = time.perf_counter()
    for extra in boards:
        full = board + [cards[s] for s in extra]
        values = [evaluate(h + full) for h in holes]
        best = max(values)
        if values.count(best) == 1:
            wins[values.index(best)] += 1
        count += 1
    return time.perf_counter() - start, count, wins


def peer_rows(peers, spot, players, board, total_boards, full_for, limit):
    rows = []
    for name, (make_card, evaluate) in peers.items():
        if name in full_for:
            seconds, count, wins = python_loop(make_card, evaluate, players, board, None)
            rows.append((name, seconds, "full run", wins))
        else:
            seconds, count, _ = python_loop(make_card, evaluate, players, board, limit)
            rows.append((name, seconds * total_boards / count, f"extrapolated from {count:,} boards", None))
    return rows


def random_opponent_loop(make_card, evaluate, hero, limit):
    """Hero against every opponent hand on the first ``limit`` (board, hand) pairs, timed."""
    known = list(parse_cards(hero))
    deck = [str(c) for c in pokerfsm.DECK if c not in known]
    cards = {s: make_card(s) for s in deck}
    hole = [make_card(str(c)) for c in known]
    count = wins = 0
    start = time.perf_counter()
    for extra in itertools.combinations(deck, 5):
        full = [cards[s] for s in extra]
        mine = evaluate(hole + full)
        rest = [s for s in deck if s not in extra]
        for a, b in itertools.combinations(rest, 2):
            wins += evaluate([cards[a], cards[b]] + full) < mine
            count += 1
            if count >= limit:
                return time.perf_counter() - start, count
    return time.perf_counter() - start, count


def monte_carlo_loop(make_card, evaluate, hero, opponents, samples, seed=1):
    """Seconds for ``samples`` random deals of ``opponents`` hands and a board, in a Python loop."""
    import random

    rng = random.Random(seed)
    known = list(parse_cards(hero))
    deck = [make_card(str(c)) for c in pokerfsm.DECK if c not in known]
    hole = [make_card(str(c)) for c in known]
    wins = 0
    start = time.perf_counter()
    for _ in range(samples):
        cards = rng.sample(deck, 2 * opponents + 5)
        board = cards[-5:]
        mine = evaluate(hole + board)
        wins += all(evaluate(cards[2 * i:2 * i + 2] + board) < mine for i in range(opponents))
    return time.perf_counter() - start


# range questions where seats hold equal ranges: (label, players, board); each is timed with the seats'
# matchups shared and with every combination of hands counted for itself, in the same run
SHARED_SEAT_SPOTS = [
    ("QQ+,AK vs QQ+,AK vs 87s, preflop", ["QQ+, AK", "QQ+, AK", "87s"], ""),
    ("QQ+,AK three times, preflop", ["QQ+, AK"] * 3, ""),
    ("QQ+,AK vs QQ+,AK vs 87s, flop 2c 7d 9h", ["QQ+, AK", "QQ+, AK", "87s"], "2c 7d 9h"),
]


def shared_seat_rows(repeat):
    """Exact range questions with equal ranges at several seats: shared matchups beside unshared ones,
    the two runs taking turns so that a change of load hits both."""
    import dataclasses
    import statistics

    from pokerfsm.odds.deal import prepare_deal
    from pokerfsm.odds.enumeration import enumerate_ranges, make_plan
    from pokerfsm.odds.stopping import Stop

    rows = []
    for label, players, board in SHARED_SEAT_SPOTS:
        deal = prepare_deal(players, board)
        plan = make_plan(deal)
        results, times = {}, {True: [], False: []}
        for _ in range(repeat + 1):
            for shared in (True, False):
                start = time.perf_counter()
                results[shared] = enumerate_ranges(deal, dataclasses.replace(plan, swap_seats=shared), None, Stop())
                times[shared].append(time.perf_counter() - start)
        seconds = {shared: statistics.median(laps[1:]) for shared, laps in times.items()}  # the first warms up
        same = (results[True][1] == results[False][1]
                and bool(abs(results[True][0] - results[False][0]).max() <= 1e-9 * results[True][0].max()))
        how = "matchups" if plan.matchups else "range scan"
        rows.append((label, f"{1e3 * seconds[True]:.1f} ms", f"{how}, seats shared",
                     "ok" if same else "WRONG ANSWER", f"{seconds[False] / seconds[True]:.2f}x faster"))
        rows.append(("", f"{1e3 * seconds[False]:.1f} ms", f"{how}, every combination alone", "", ""))
    return rows


def live_odds_rows(repeat):
    rows = []
    LiveOdds._preflop_cache.clear()
    start = time.perf_counter()
    LiveOdds("AdTs").update()
    first_time = f"{1e3 * (time.perf_counter() - start):.1f} ms"
    rows.append(("LiveOdds AdTs vs 1: preflop, first time (then cached)", first_time,
                 "target <= ~1 s"))
    rows.append(("LiveOdds AsTd vs 1: preflop, cached (suit-isomorphic)",
                 f"{1e3 * median_time(lambda: LiveOdds('AsTd').update(), repeat=repeat):.2f} ms", ""))

    def streets():
        odds = LiveOdds("AdTs")
        odds.update()
        laps = []
        for board in ("Kh Tc Td", "Kh Tc Td 3c", "Kh Tc Td 3c 9s"):
            t = time.perf_counter()
            odds.update(board)
            laps.append(time.perf_counter() - t)
        return laps

    laps = [streets() for _ in range(repeat)]
    for i, street in enumerate(("flop", "turn", "river")):
        median = sorted(lap[i] for lap in laps)[len(laps) // 2]
        rows.append((f"LiveOdds AdTs vs 1: {street} update", f"{1e3 * median:.2f} ms", "target: milliseconds"))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repeats, smaller peer samples")
    parser.add_argument("--threads", type=int, help="threads for our kernels (OMP_NUM_THREADS; 1 to compare "
                        "with OMPEval on one thread)")
    parser.add_argument("--ompeval", default=os.environ.get("POKERFSM_OMPEVAL"),
                        help="OMPEval's benchmark driver (omp_bench), timed in the same run")
    args = parser.parse_args(argv)
    if args.threads and os.environ.get("OMP_NUM_THREADS") != str(args.threads):  # OpenMP reads it at start
        again = [sys.executable, __file__, *(sys.argv[1:] if argv is None else argv)]
        os.execve(sys.executable, again, {**os.environ, "OMP_NUM_THREADS": str(args.threads)})
    repeat = 3 if args.quick else 7
    limit = 20_000 if args.quick else 100_000
    banner(f"pokerfsm {pokerfsm.__version__}: equity benchmarks")
    from pokerfsm.odds.enumeration import max_threads
    print(f"# kernels use up to {max_threads()} threads; load average at start {os.getloadavg()[0]:.2f}\n")
    equity(["AhAd", "KsKc"])  # open the table before timing
    peers = peer_evaluators()
    before = ompeval_medians(args.ompeval, max_threads())
    rows, ours = [], {}
    for label, players, board, exact, target, check, omp_spot in SPOTS:
        seconds, result = time_ours(players, board, exact, repeat if seconds_hint(label) else max(3, repeat // 2))
        ok = "ok" if check(result) else "WRONG ANSWER"
        rows.append((label, f"{1e3 * seconds:.1f} ms", f"target <= {1e3 * target:.0f} ms" if target else "",
                     ok, f"pokerfsm, {max_threads()} thread(s)"))
        ours[omp_spot] = (len(rows), seconds)
        if all(isinstance(p, str) and len(p) == 4 for p in players):
            total = result.combinations
            full = {"eval7"} if total <= 2_000_000 and not args.quick else set()
            for name, peer_seconds, how, wins in peer_rows(peers, label, players, board, total, full, limit):
                if wins is not None:
                    how += ", wins " + ("agree" if wins == [p.wins for p in result.players] else "DISAGREE")
                faster = f"pokerfsm {peer_seconds / seconds:,.0f}x faster"
                rows.append(("", f"{1e3 * peer_seconds:,.0f} ms", how, faster,
                             f"{name} (Python loop)"))
        elif players[1:] == [None] and board == "":
            total = result.combinations
            for name, (make_card, evaluate) in peers.items():
                peer_seconds, count = random_opponent_loop(make_card, evaluate, players[0], limit)
                peer_seconds *= total / count
                rows.append(("", f"{peer_seconds:,.0f} s", f"extrapolated from {count:,} showdowns",
                             f"pokerfsm {peer_seconds / seconds:,.0f}x faster", f"{name} (Python loop)"))
        elif not exact:
            samples = result.combinations
            small = 2_000 if args.quick else 20_000
            for name, (make_card, evaluate) in peers.items():
                peer_seconds = monte_carlo_loop(make_card, evaluate, players[0], len(players) - 1, small)
                peer_seconds *= samples / small
                rows.append(("", f"{peer_seconds:,.1f} s", f"{samples:,} deals, extrapolated from {small:,}",
                             f"pokerfsm {peer_seconds / seconds:,.0f}x faster", f"{name} (Python loop)"))
            rows.append(("", "-", "pokerkit calculate_equities: 3 random ranges already take ~20 s per 100 samples",
                         "", "pokerkit"))
        print(f"done: {label}", file=sys.stderr, flush=True)
    after = ompeval_medians(args.ompeval, max_threads())
    for spot, (place, seconds) in sorted(ours.items(), key=lambda item: -item[1][0]):
        if spot in before and spot in after:  # OMPEval's better run, before or after ours
            theirs = min(before[spot], after[spot])
            rows.insert(place, ("", f"{1e3 * theirs:.1f} ms", "same spot, run before and after ours: the faster",
                                f"pokerfsm {theirs / seconds:.2f}x faster",
                                f"OMPEval, {'one thread' if max_threads() == 1 else 'all threads'}"))
    print_rows(("spot", "median", "target / how", "check / ratio", "who"), rows)
    print_rows(("seats with equal ranges, exact", "median", "how", "check", "shared vs alone"),
               shared_seat_rows(repeat))
    print_rows(("measurement", "median", "target"), live_odds_rows(repeat))
    return 0


def seconds_hint(label: str) -> bool:
    """Whether a spot is quick enough to repeat many times."""
    return "random hand, preflop" not in label and "offsuit" not in label


if __name__ == "__main__":
    sys.exit(main())
