"""``pokerfsm equity HAND|RANGE|? ...``: win, tie and equity of 2-10 players.

    pokerfsm equity AhAd KsKc "?" "QQ+,AKs" --board "2c 7d 9h" --dead "3s"

prints a table (one row per player: win, tie, equity), then the odds of each
hand category. ``--json`` prints the object that the web API returns.
"""
from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator

from ..cli import write_json

HELP = "exact (or Monte Carlo) equity of hands, ranges and random hands"


@contextlib.contextmanager
def progress_bar(label: str = "computing", delay: float | None = None) -> Iterator[Callable[[float], None] | None]:
    """A progress callback that shows a rich bar on stderr once a job has run ``delay`` seconds
    (default 1, or ``$POKERFSM_PROGRESS_DELAY``).

    Yields None when stderr is not a terminal (no bar, no overhead).
    """
    if not sys.stderr.isatty():
        yield None
        return
    if delay is None:
        try:
            delay = float(os.environ.get("POKERFSM_PROGRESS_DELAY", "1"))
        except ValueError:
            delay = 1.0
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    started = time.perf_counter()
    shown: list = []

    def update(fraction: float) -> None:
        if not shown:
            if time.perf_counter() - started < delay:
                return
            bar = Progress(TextColumn(label), BarColumn(), TextColumn("{task.percentage:>3.0f}%"),
                           TimeElapsedColumn(), console=Console(stderr=True), transient=True)
            bar.start()
            shown.extend([bar, bar.add_task(label, total=1.0)])
        shown[0].update(shown[1], completed=min(max(fraction, 0.0), 1.0))

    try:
        yield update
    finally:
        if shown:
            shown[0].stop()


def configure(parser) -> None:
    parser.add_argument("players", nargs="+", metavar="PLAYER",
                        help="a hand (AhKd), '?' for a random hand, or a range (\"QQ+,AKs\", \"0.5(AA,KK)\")")
    parser.add_argument("--board", default="", help="0, 3, 4 or 5 board cards")
    parser.add_argument("--dead", default="", help="cards out of the deck")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", default=None, help="enumerate, however long it takes")
    mode.add_argument("--monte-carlo", dest="exact", action="store_false", help="sample random deals")
    parser.add_argument("--samples", type=int, default=None, help="number of random deals (implies Monte Carlo)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the random deals")
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds of enumeration allowed before sampling instead (default 2)")
    parser.add_argument("--json", action="store_true", help="print a JSON object")


def run(args) -> int:
    from ..calculator import equity

    players = [None if p.strip() in ("?", "??") else p for p in args.players]
    with progress_bar() as progress:
        result = equity(players, args.board, args.dead, samples=args.samples, seed=args.seed,
                        exact=args.exact, budget=args.budget, progress=progress)
    if args.json:
        write_json(args.stdout, result.to_dict())
        return 0
    print_result(result)
    return 0


def print_result(result) -> None:
    """The tables of ``pokerfsm equity``."""
    from rich.console import Console
    from rich.table import Table

    from ..ranking import HandCategory

    from ..display import show_cards

    board = show_cards(result.board) or "preflop"
    dead = f", dead {show_cards(result.dead)}" if result.dead else ""
    table = Table(title=f"{board}{dead}")
    table.add_column("#", justify="right")
    table.add_column("player")
    for name in ("win", "tie", "equity"):
        table.add_column(name, justify="right")
    for number, p in enumerate(result.players, 1):
        table.add_row(str(number), p.hand, f"{100 * p.win:.3f} %", f"{100 * p.tie:.3f} %",
                      f"{100 * p.equity:.3f} %")
    if result.exact:
        table.caption = f"{result.combinations:,} showdowns, exact, {result.elapsed_s:.3f} s"
    else:
        table.caption = (f"{result.combinations:,} random deals, standard error "
                         f"{100 * result.std_error:.3f} %, {result.elapsed_s:.3f} s")
    categories = Table(title="hand at showdown")
    categories.add_column("hand")
    for number in range(1, len(result.players) + 1):
        categories.add_column(f"#{number}", justify="right")
    for category in reversed(HandCategory):
        categories.add_row(category.label, *(f"{100 * p.categories[category.name]:.2f} %" for p in result.players))
    console = Console()
    console.print(table)
    console.print(categories)
