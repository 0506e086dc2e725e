"""``pokerfsm equity HAND|RANGE|? ...``: win, tie and equity of 2-10 players.

    pokerfsm equity AhAd KsKc "?" "QQ+,AKs" --board "2c 7d 9h" --dead "3s"
    pokerfsm equity --game omaha-hi-lo AsKsQhJh 2c3c4d5d "AAxx" --board "Ah 7c 8d"
    pokerfsm equity --game stud "As Ad Kc Qd 2h" "?? ?? Ts 9s 8s" --dead "3s 4s 7d"

prints a table (one row per player: win, tie, equity), a line with the
chance of a split pot and who splits it, then the odds of each hand
category. ``--game`` plays another game of :mod:`pokerfsm.variants`: the
caption names it, and a hi-lo game adds each player's scoop, high and low
shares and the chance that a low qualifies. A stud game (``stud``,
``stud-hi-lo``, ``razz``) takes each player as one argument, the cards in the
order dealt with ``??`` for a down card you cannot see (quote it for the
shell), the folded players' cards as ``--dead`` and no board; the caption
names the street. ``--json`` prints the object that the web API returns.
"""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from . import write_json
from .numbers import positive_number, positive_whole_number, whole_number

if TYPE_CHECKING:  # pragma: no cover
    from ..odds import EquityResult

SPLITS_SHOWN = 4
"""The most likely split pots named on the split line; the others are counted."""


def configure(parser: argparse.ArgumentParser) -> None:
    from ..calculator.options import DEFAULT_BUDGET
    from ..odds.exact_cost import MOST_EXACT_HOURS

    parser.add_argument("players", nargs="+", metavar="PLAYER",
                        help="a hand (AhKd), '?' for a random hand, or a range (\"QQ+,AKs\", \"0.5(AA,KK)\"); "
                             "at stud, a player's cards as dealt, '??' for one unseen (\"?? ?? Ts 9s\")")
    parser.add_argument("--board", default="", help="0, 3, 4 or 5 board cards")
    parser.add_argument("--game", default="holdem",
                        help="holdem (the default), omaha, omaha5, omaha6, omaha-hi-lo or omaha5-hi-lo; "
                             "stud, stud-hi-lo or razz")
    parser.add_argument("--dead", default="", help="cards out of the deck (at stud, the folded players' cards)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", default=None,
                      help=f"enumerate every deal, past --budget; refused when that would take over "
                           f"{MOST_EXACT_HOURS:g} hour on all threads")
    mode.add_argument("--monte-carlo", dest="exact", action="store_false", help="sample random deals")
    parser.add_argument("--samples", type=positive_whole_number, default=None,
                        help="number of random deals (implies Monte Carlo)")
    parser.add_argument("--seed", type=whole_number, default=None, help="seed of the random deals")
    parser.add_argument("--budget", type=positive_number, default=None,
                        help=f"seconds of enumeration allowed before sampling instead (default {DEFAULT_BUDGET:g})")
    parser.add_argument("--no-tables", dest="tables", action="store_false",
                        help="compute even when a precomputed table holds the answer (only the hand-vs-random "
                             "rows hold hand categories)")
    parser.add_argument("--json", action="store_true", help="print a JSON object")


def run(args: argparse.Namespace) -> int:
    from ..calculator import equity
    from ..errors import ExactTooCostlyError
    from ..progress import progress_bar

    try:
        with progress_bar() as progress:
            result = equity(args.players, args.board, args.dead, game=args.game, samples=args.samples,
                            seed=args.seed, exact=args.exact, budget=args.budget, progress=progress,
                            tables=args.tables)
    except ExactTooCostlyError as refused:
        raise ExactTooCostlyError(f"exact enumeration of this deal {refused.cost}; drop --exact to sample "
                                  "random deals (--samples N sets how many)", cost=refused.cost,
                                  field=refused.field) from None
    if args.json:
        write_json(args.stdout, result.to_dict())
        return 0
    print_result(result)
    return 0


def split_line(result: EquityResult) -> str:
    """The chance of a split pot, with the likeliest splits by player number.

    >>> from pokerfsm import equity
    >>> split_line(equity(["AhAd", "KsKc"]))
    'split pot 0.382 %: #1 #2 0.382 %'
    >>> split_line(equity(["AhAd", "KsKc"], board="2c 3d 4h 9s Ts"))
    'split pot: never'
    """
    approx = "" if result.exact else "~"
    splits = sorted(((p, seats) for seats, p in result.splits.items() if len(seats) > 1), reverse=True)
    if not splits:
        return "split pot: never" if result.exact else "split pot: never in the deals sampled"
    named = [f"{' '.join(f'#{s + 1}' for s in seats)} {approx}{100 * p:.3f} %" for p, seats in splits[:SPLITS_SHOWN]]
    more = len(splits) - SPLITS_SHOWN
    if more > 0:
        named.append(f"{more} other split{'s' * (more > 1)}")
    return f"split pot {approx}{100 * result.split:.3f} %: " + ", ".join(named)


STREETS = {3: "third street", 4: "fourth street", 5: "fifth street", 6: "sixth street", 7: "seventh street"}
"""A stud street by the cards each player holds."""


def stud_street(result: EquityResult) -> str:
    """The street of a stud answer, from the cards its players hold (and the community card).

    >>> from pokerfsm import equity
    >>> stud_street(equity(["As Ad Kc Qd", "?? ?? Ts 9s"], game="stud", samples=1000, seed=1))
    'fourth street'
    """
    return STREETS[len(result.players[0].hand.split()) + len(result.board)]


def print_result(result: EquityResult) -> None:
    """The tables of ``pokerfsm equity``."""
    from rich.console import Console
    from rich.table import Table

    from ..display import show_cards
    from ..odds.results import Method
    from ..variants import game_of

    played = game_of(result.game)
    community = f", community card {show_cards(result.board)}" if result.board else ""
    board = stud_street(result) + community if played.is_stud else show_cards(result.board) or (
        "showdown" if played.board_cards == 0 else "preflop")
    dead = f", dead {show_cards(result.dead)}" if result.dead else ""
    game = "" if result.game == "holdem" else f"{played.label}: "
    table = Table(title=f"{game}{board}{dead}")
    table.add_column("#", justify="right")
    table.add_column("player")
    hilo = result.low is not None
    for name in ("scoop", "share", "high", "low", "equity") if hilo else ("win", "tie", "equity"):
        table.add_column(name, justify="right")
    for number, p in enumerate(result.players, 1):
        shown = (p.win, p.tie, p.high_share or 0.0, p.low_share or 0.0) if hilo else (p.win, p.tie)
        table.add_row(str(number), p.hand, *(f"{100 * x:.3f} %" for x in shown), f"{100 * p.equity:.3f} %")
    if result.method is Method.TABLE and result.exact:
        table.caption = f"{result.combinations:,} showdowns, exact, from the precomputed tables, " \
                        f"{result.elapsed_s * 1000:.2f} ms"
    elif result.method is Method.TABLE:
        table.caption = (f"{result.combinations:,} random deals, standard error "
                         f"{100 * (result.std_error or 0.0):.3f} %, from the precomputed tables, "
                         f"{result.elapsed_s * 1000:.2f} ms")
    elif result.exact:
        table.caption = (f"{result.combinations:,} showdown{'s' * (result.combinations != 1)}, exact, "
                         f"{result.elapsed_s:.3f} s")
    else:
        table.caption = (f"{result.combinations:,} random deals, standard error "
                         f"{100 * (result.std_error or 0.0):.3f} %, {result.elapsed_s:.3f} s")
    if game:
        table.caption = f"{played.label}, {table.caption}"
    console = Console()
    console.print(table)
    if hilo:
        console.print(f"a low qualifies {'' if result.exact else '~'}{100 * (result.low or 0.0):.3f} % of the time"
                      " (scoop: the whole pot alone; share: part of it; high, low: the pot won with each half)",
                      highlight=False, soft_wrap=True)
    console.print(split_line(result), highlight=False, soft_wrap=True)
    if played.high is None:  # a game of one low has no high hand categories
        return
    if not result.players[0].categories:
        console.print("hand at showdown: not in the precomputed tables (--no-tables computes it)",
                      highlight=False, soft_wrap=True)
        return
    categories = Table(title="hand at showdown")
    categories.add_column("hand")
    for number in range(1, len(result.players) + 1):
        categories.add_column(f"#{number}", justify="right")
    for category in reversed(played.high.categories):
        categories.add_row(category.label, *(f"{100 * p.categories[category.name]:.2f} %" for p in result.players))
    console.print(categories)
