"""The personality matrix: every pair of computer players heads-up, chips won per 100 hands.

Besides the game's personalities it seats a **min-bettor**, the way a human
exploits a player who folds too much to small bets: it bets or raises the
minimum whenever nobody has bet more than a blind, and faced with more it
calls only a strong hand (a chance of :attr:`MinBettor.CALL_AT` against one
random hand that also beats the pot odds). The solid player must beat it.

Each pair plays ``--hands`` hands of no-limit hold'em, or of pot-limit Omaha
with ``--game omaha`` (blinds 5/10, both stacks reset to 1,000 before every
hand) in duplicate: every deal is played twice
with the same cards, the players swapping seats, so that the luck of the cards
cancels out between the two. The players keep their memory over the run (the
solid player learns its opponent's habits).

The matrix prints what the row's player won from the column's per 100 hands,
with a 95 % confidence interval (normal, over the independent duplicate
pairs); the table is antisymmetric. While playing, chips are checked to be
conserved hand by hand. Run::

    python perf/bench_personalities.py [--hands 2000] [--seed 1] [--workers 2] [--quick]
                                       [--players solid,min-bettor] [--game holdem|omaha]

At Omaha the computers' chances are seeded Monte Carlo (a few milliseconds a
decision), about 13 hands a second on one core: ``--game omaha --players
solid,random --hands 400`` shows the solid player beating the random one.
"""
from __future__ import annotations

import argparse
import itertools
import math
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from pokerfsm.games.actions import Action, Move, SeatView
from pokerfsm.games.ai import Personality, make_agent
from pokerfsm.games.session import Decision

NAMES = ("solid", "timid", "random", "bluffer", "flambeur", "min-bettor")
STACK = 1000
BLINDS = (5, 10)


def banner(title: str) -> None:
    """The title, then the CPU and the Python version the numbers come from."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    print(f"# {title}")
    print(f"# {cpu}, {os.cpu_count()} cores; Python {sys.version.split()[0]} on {platform.system()}\n")


class MinBettor(Personality):
    """Bets or raises the minimum whenever nobody bet more than a blind; calls more with strong hands only."""

    name = "min-bettor"
    CALL_AT = 0.6
    """The chance against one random hand it calls a real bet or raise with: of 0, 0.5, 0.6 and 0.7,
    the one that took most from the solid player (400 duplicate hands each)."""

    def bet(self, view: SeatView) -> Decision:
        smallest = view.legal_move(Move.BET) or view.legal_move(Move.RAISE)
        if smallest is not None and view.to_call <= view.big_blind:
            return Decision(smallest, "min-bettor: the smallest bet")
        chance = self.win_chance(view)
        if view.to_call == 0 or chance >= max(view.pot_odds, self.CALL_AT):
            return Decision(view.call_or_check(), "min-bettor: a strong hand, calls")
        return Decision(Action.fold(), "min-bettor: folds to a real bet")


def make_player(name: str, rng: np.random.Generator) -> Personality:
    """A game personality by name, or the min-bettor."""
    return MinBettor(rng) if name == MinBettor.name else make_agent(name, rng)


def play_pair(first: str, second: str, hands: int, seed: int,
              game: str = "holdem") -> tuple[str, str, list[int], float]:
    """Play ``hands`` duplicate hands; return the first player's result for each deal (both seatings)."""
    from pokerfsm.cards import DECK
    from pokerfsm.games.boardgames import BOARD_GAMES
    from pokerfsm.games.dealer import Dealer
    from pokerfsm.games.holdem import HoldemSession
    from pokerfsm.games.session import TablePlayer, play_hand

    started = time.perf_counter()
    streams = np.random.SeedSequence([seed, NAMES.index(first), NAMES.index(second)]).spawn(3)
    deals = np.random.default_rng(streams[0])
    players = {first: make_player(first, np.random.default_rng(streams[1])),
               second: make_player(second, np.random.default_rng(streams[2]))}
    if first == second:
        players = {"a": players[first], "b": make_player(second, np.random.default_rng(streams[2]))}
        order = ("a", "b")
    else:
        order = (first, second)
    results = []
    for _ in range(hands // 2):
        deck = [DECK[i] for i in deals.permutation(52)]
        total = 0
        for seating in (order, order[::-1]):
            seats = [TablePlayer(name, name, STACK) for name in seating]
            session = HoldemSession(seats, blinds=BLINDS, dealer=Dealer(deals, order=deck, reshuffle=False),
                                    game=BOARD_GAMES[game])
            outcome = play_hand(session.start_hand(), {i: players[name] for i, name in enumerate(seating)})
            session.end_hand()
            if sum(outcome.net.values()) != 0 or sum(s.stack for s in session.seats) != 2 * STACK:
                raise AssertionError(f"chips not conserved: {outcome}")
            total += outcome.net[seating.index(order[0])]
        results.append(total)
    return first, second, results, time.perf_counter() - started


def interval(results: list[int]) -> tuple[float, float]:
    """Chips per 100 hands and the half-width of its 95 % confidence interval (two hands a deal)."""
    n = len(results)
    mean = float(np.mean(results))
    sd = float(np.std(results, ddof=1)) if n > 1 else math.inf
    return 100 * mean / 2, 100 * 1.96 * sd / math.sqrt(n) / 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per pair, even (2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="processes playing pairs at once (2)")
    parser.add_argument("--quick", action="store_true", help="200 hands a pair, for a smoke test")
    parser.add_argument("--players", default=",".join(NAMES),
                        help="the players whose pairs are played, comma-separated (all)")
    parser.add_argument("--game", choices=("holdem", "omaha"), default="holdem",
                        help="no-limit hold'em or pot-limit Omaha (holdem)")
    args = parser.parse_args(argv)
    hands = 200 if args.quick else args.hands
    names = tuple(args.players.split(","))
    unknown = [name for name in names if name not in NAMES]
    if unknown or len(names) < 2:
        parser.error(f"--players takes two or more of {', '.join(NAMES)}; got {args.players!r}")
    from pokerfsm.games.boardgames import BOARD_GAMES

    banner(f"Personality matrix: {BOARD_GAMES[args.game].title}, blinds {BLINDS[0]}/{BLINDS[1]}, stacks {STACK} "
           f"reset every hand, {hands} duplicate hands a pair, seed {args.seed}")
    pairs = list(itertools.combinations(names, 2))
    table: dict[tuple[str, str], tuple[float, float]] = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        jobs = [pool.submit(play_pair, a, b, hands, args.seed, args.game) for a, b in pairs]
        for job in jobs:
            first, second, results, seconds = job.result()
            mean, half = interval(results)
            table[first, second] = (mean, half)
            table[second, first] = (-mean, half)
            print(f"{first:>9} vs {second:<9} {mean:+9.1f} ± {half:6.1f} chips/100 hands "
                  f"({len(results) * 2} hands, {seconds:.0f} s)", flush=True)
    print("\nChips won per 100 hands by the row's player from the column's (95 % confidence interval):\n")
    width = 17
    print(" " * 10 + "".join(name.rjust(width) for name in names))
    for row in names:
        cells = []
        for column in names:
            if row == column:
                cells.append("—".rjust(width))
            else:
                mean, half = table[row, column]
                cells.append(f"{mean:+.0f} ± {half:.0f}".rjust(width))
        print(row.ljust(10) + "".join(cells))
    print()
    verdicts = []
    for opponent in ("random", "timid", "min-bettor"):
        if ("solid", opponent) not in table:
            continue
        mean, half = table["solid", opponent]
        verdicts.append(f"solid vs {opponent}: {mean:+.0f} ± {half:.0f} "
                        f"({'beats it' if mean - half > 0 else 'NOT shown to beat it'})")
    if verdicts:
        print("; ".join(verdicts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
