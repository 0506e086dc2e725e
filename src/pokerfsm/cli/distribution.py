"""``pokerfsm distribution RANGE OTHER... --board CARDS``: a range's hands by their equity.

    pokerfsm distribution "QQ+,AK" "22+,ATs+,KQs" --board "Kd 7c 2h" [--seat 2] [--json] [--plot F.svg]
    pokerfsm distribution "QQ+,AK" "66+,ATs+,KQs" --board "Kd 7c 6h" --game short-deck

prints the seat's buckets (>= 80 %, 60-80, 40-60, 20-40, < 20 %) as bars,
its equity and its best and worst hands; ``--hands`` lists every hand.
``--plot`` writes every seat's curve as SVG. Three seats or more are drawn
from random deals (each hand against all the other seats). ``--game
short-deck`` reads the seats and deals the boards as short deck's equity
does (36 cards, its ranking). See :mod:`pokerfsm.study.equity_distribution`
for what is counted.
"""
from __future__ import annotations

import argparse

from . import write_json
from .numbers import positive_number, positive_whole_number, whole_number

_BAR = 30
_SHOWN = 5


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("players", nargs="+", metavar="PLAYER",
                        help="2 to 10 seats: a range (\"QQ+,AK\"), a hand (AhKd) or '?' for a random hand")
    parser.add_argument("--board", default="", help="0, 3, 4 or 5 board cards")
    parser.add_argument("--dead", default="", help="cards out of the deck")
    parser.add_argument("--game", default="holdem", help="holdem (the default) or short-deck")
    parser.add_argument("--seat", type=positive_whole_number, default=1, help="the seat shown, from 1 (default 1)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", default=None,
                      help="enumerate every board, however long it takes (heads-up only)")
    mode.add_argument("--monte-carlo", dest="exact", action="store_false", help="deal random boards")
    parser.add_argument("--seed", type=whole_number, default=None, help="seed of the random boards")
    parser.add_argument("--budget", type=positive_number, default=2.0,
                        help="seconds of enumeration allowed before dealing random boards (default 2)")
    parser.add_argument("--hands", action="store_true", help="list every hand with its equity")
    parser.add_argument("--plot", metavar="FILE.svg", help="write every seat's equity curve to an SVG file")
    parser.add_argument("--json", action="store_true", help="print a JSON object")


def run(args: argparse.Namespace) -> int:
    from ..errors import OptionError
    from ..study.equity_distribution import distributions
    from ..study.plot import check_plot_path, write_plot
    from ..study.showdowns import study_game

    game = study_game(args.game, "equity distributions")
    if args.seat > len(args.players):
        raise OptionError(f"--seat must be a seat of the spot, 1 to {len(args.players)}, not {args.seat}",
                          field="seat")
    if args.plot:
        check_plot_path(args.plot)  # a bad file name fails before the work, not after
    seats = distributions(args.players, args.board, args.dead, exact=args.exact, budget=args.budget, seed=args.seed,
                          game=game)
    shown = seats[args.seat - 1]
    if args.plot:
        board = " ".join(shown.board)
        write_plot(args.plot, [(f"seat {d.seat + 1}: {d.range_text}", d.curve()) for d in seats],
                   f"{game.label} equity distribution{' on ' + board if board else ''}")
    if args.json:
        write_json(args.stdout, shown.to_dict())
        return 0
    _print(shown, args.hands)
    return 0


def _print(shown: object, every: bool) -> None:
    from rich.console import Console

    from ..cards import as_cards
    from ..display import show_cards
    from ..study.equity_distribution import Distribution

    assert isinstance(shown, Distribution)
    console = Console(highlight=False)
    method = "exact" if shown.exact else f"Monte Carlo, {shown.boards:,} boards"
    board = f"on {show_cards(as_cards(' '.join(shown.board)))}" if shown.board else "preflop"
    game = "" if shown.game == "holdem" else f"{shown.game}, "
    console.print(f"{game}seat {shown.seat + 1} ({shown.range_text}) {board}: equity {100 * shown.equity:.2f} % "
                  f"({len(shown.hands)} hands, {method})")
    for bucket in shown.buckets:
        filled = round(bucket.share * _BAR)
        console.print(f"  {bucket.label:>7} [cyan]{'█' * filled}[/cyan]{'·' * (_BAR - filled)} "
                      f"{100 * bucket.share:5.1f} %  ({bucket.weight:g} combos)")
    listed = shown.hands if every or len(shown.hands) <= 2 * _SHOWN else shown.hands[:_SHOWN] + shown.hands[-_SHOWN:]
    for number, hand in enumerate(listed):
        if not every and len(shown.hands) > 2 * _SHOWN and number == _SHOWN:
            console.print("  …")
        error = f" ± {100 * hand.std_error:.2f}" if not shown.exact else ""
        console.print(f"  {show_cards(as_cards(hand.hand), '')}  {100 * hand.equity:6.2f} %{error}")
