"""Check a built table: every row against what its table allows, a sample against the equity code.

:func:`verify` first checks every row of the table with the rules every
lookup applies (:func:`pokerfsm.precomputed.checks.row_problem`: whole counts
that add up to what the spot has, figures that follow from them, a key of the
table named by its text columns), and names each row that fails (the first
:data:`NAMED_AT_MOST`; the report counts them all). The exact rows of
``preflop-vs-random`` and ``short-deck-vs-random`` must also equal the orders
shipped with pokerfsm.

Then it draws a random sample of the rows that passed, moves each spot to
another suit-equivalent one (so the check also covers the symmetry the table
relies on) and recomputes it from scratch with :func:`pokerfsm.equity`:

* ``preflop-hu`` and the exact rows of ``preflop-vs-random`` (and of their
  short-deck twins, recomputed at short deck): every count must be equal;
* ``flop-ehs``: the wins and ties on the flop must be equal, and the sum
  behind E[HS^2] is recomputed river by river with the plain evaluator
  (:func:`pokerfsm.evaluate_many` over the 1,070,190 showdowns of the row);
* the Monte Carlo rows of ``preflop-vs-random`` and ``omaha-vs-random``
  cannot be compared exactly: an independent Monte Carlo run must agree
  within 5 combined standard errors.
"""
from __future__ import annotations

import functools
import itertools
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cards import Card, parse_cards
from ..combos import SUIT_PERMUTATIONS, relabel
from ..errors import StoreError, TableNotBuiltError
from ..preflop_order import OrderedClass, preflop_order
from ..short_deck_order import SHORT_DECK_HU_BOARDS, short_deck_order
from ..tallies import HU_BOARDS, parse_counts
from . import short_deck_tables
from .checks import row_name, row_problem
from .rows import Row, category_text
from .store import Store
from .tasks import SPECS

if TYPE_CHECKING:  # pragma: no cover
    from ..odds.results import EquityResult
    from ..ranges import Combo

__all__ = ["Check", "VerifyReport", "verify", "require_built", "NAMED_AT_MOST"]

NAMED_AT_MOST = 100
"""Damaged rows a report names one by one; it counts every one."""
_MONTE_CARLO_SAMPLES = 500_000
_Z_LIMIT = 5.0


@dataclass(frozen=True)
class Check:
    """One recomputed row: what the table says, what the equity code says."""

    row: str
    table: tuple[Any, ...]
    recomputed: tuple[Any, ...]
    ok: bool
    how: str


@dataclass
class VerifyReport:
    """The outcome of :func:`verify`."""

    name: str
    rows_in_table: int
    checks: list[Check] = field(default_factory=list)
    seconds: float = 0.0
    damaged_rows: int = 0
    """Rows that fail the table's checks (the first :data:`NAMED_AT_MOST` are among ``checks``)."""

    @property
    def mismatches(self) -> list[Check]:
        """The checks that failed."""
        return [check for check in self.checks if not check.ok]

    @property
    def unnamed_damaged_rows(self) -> int:
        """Damaged rows beyond the :data:`NAMED_AT_MOST` the report names."""
        return max(self.damaged_rows - NAMED_AT_MOST, 0)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``pokerfsm tables verify --json``."""
        return {"table": self.name, "rows_in_table": self.rows_in_table, "damaged_rows": self.damaged_rows,
                "checked": len(self.checks), "mismatches": len(self.mismatches),
                "seconds": self.seconds,
                "checks": [{"row": c.row, "table": list(c.table), "recomputed": list(c.recomputed),
                            "ok": c.ok, "how": c.how} for c in self.checks]}


def _relabel(cards: list[int], rng: random.Random) -> list[Card]:
    """The cards with their suits relabelled by a random permutation."""
    return [Card(c) for c in relabel(cards, rng.choice(SUIT_PERMUTATIONS))]


def _equity(players: list[Any], board: list[Card] | None = None, short_deck: bool = False,
            **options: Any) -> EquityResult:
    """The equity (at short deck if ``short_deck``) computed from scratch: never from the tables being verified."""
    if short_deck:
        from ..odds.short_deck import compute_short_deck
        from ..odds.short_deck_deal import prepare_short_deck_deal

        return compute_short_deck(prepare_short_deck_deal(players, board or ()), **options)
    from ..odds.compute import compute
    from ..odds.deal import prepare_deal

    return compute(prepare_deal(players, board or ()), **options)


def _check_hu(row: Row, rng: random.Random, short_deck: bool = False) -> Check:
    _key, hand1, hand2, *counts = row
    cards = _relabel([int(c) for c in parse_cards(hand1 + hand2)], rng)
    if rng.random() < 0.5:  # the other seat order: hand 2's wins are hand 1's losses
        cards, counts = cards[2:] + cards[:2], counts[::-1]
    players = _equity([cards[:2], cards[2:]], short_deck=short_deck, exact=True).players
    found = (int(players[0].wins), int(players[0].ties), int(players[0].losses))
    shown = f"{cards[0]}{cards[1]} vs {cards[2]}{cards[3]}"
    boards = SHORT_DECK_HU_BOARDS if short_deck else HU_BOARDS
    return Check(shown, tuple(counts), found, tuple(counts) == found and sum(found) == boards,
                 "exact enumeration")


def _check_vs_random(row: Row, rng: random.Random, short_deck: bool = False) -> Check:
    hand, opponents, exact, wins, ties, losses, equity, se_equity, samples, outcomes, categories = row
    combos = [[int(a), int(b)] for a, b in parse_cards_of_class(hand)]
    cards = [Card(c) for c in rng.choice(combos)]
    shown = f"{cards[0]}{cards[1]} ({hand}) vs {opponents} random"
    if exact:
        result = _equity([cards, None], short_deck=short_deck, exact=True)
        player = result.players[0]
        total = int(player.wins + player.ties + player.losses)
        found = (int(player.wins), int(player.ties), int(player.losses), category_text(result.players, total))
        return Check(shown, (wins, ties, losses, categories), found, (wins, ties, losses, categories) == found,
                     "exact enumeration, hand categories included")
    counts = parse_counts(outcomes)
    result = _equity([cards] + [None] * opponents, short_deck=short_deck, exact=False,
                     samples=_MONTE_CARLO_SAMPLES, seed=rng.randrange(2**32))
    other = result.players[0]
    z = abs(other.equity - equity) / math.hypot(se_equity, other.std_error or 0.0)
    # an opponent wins alone in the deals the hand lost to one opponent, shared by the opponents
    table_win = counts[11] / opponents / samples
    computed_win = result.players[1].win
    spread = math.sqrt(max(computed_win * (1 - computed_win), 1e-12)
                       * (1 / samples + 1 / _MONTE_CARLO_SAMPLES))
    z_opponent = abs(table_win - computed_win) / spread
    return Check(shown, (round(equity, 6), round(se_equity, 6), round(table_win, 6)),
                 (round(other.equity, 6), round(other.std_error or 0.0, 6), round(computed_win, 6)),
                 max(z, z_opponent) <= _Z_LIMIT,
                 f"Monte Carlo, {_MONTE_CARLO_SAMPLES:,} deals: z = {z:.2f} for the hand's equity, "
                 f"{z_opponent:.2f} for an opponent's win (limit {_Z_LIMIT:g})")


def _check_omaha_vs_random(row: Row, rng: random.Random) -> Check:
    """An Omaha class's row against an independent run of ``pokerfsm.equity`` on a random hand of the class."""
    from ..odds.omaha import compute_omaha
    from ..odds.omaha_deal import prepare_omaha_deal
    from ..omaha_order import plo4_classes

    key, hand, equity_stored, se_stored = row
    cards = _relabel(list(plo4_classes()[key]), rng)
    other = compute_omaha(prepare_omaha_deal([cards, None], game="omaha"), samples=_MONTE_CARLO_SAMPLES,
                          seed=rng.randrange(2**32)).players[0]
    z = abs(other.equity - equity_stored) / math.hypot(se_stored, other.std_error or 0.0)
    return Check(f"{''.join(map(str, cards))} ({hand}) vs 1 random", (round(equity_stored, 6), round(se_stored, 6)),
                 (round(other.equity, 6), round(other.std_error or 0.0, 6)), z <= _Z_LIMIT,
                 f"Monte Carlo, {_MONTE_CARLO_SAMPLES:,} deals: z = {z:.2f} (limit {_Z_LIMIT:g})")


def parse_cards_of_class(hand: str) -> list[Combo]:
    """The combos of a starting-hand class such as ``'AKs'``."""
    from ..ranges import parse_range

    return list(parse_range(hand))


def flop_squares(hand: list[Card], flop: list[Card]) -> int:
    """Sum over every turn and river of (2 wins + ties)^2 against one random hand.

    Plain enumeration with :func:`pokerfsm.evaluate_many`: for each of the
    1,081 turn-river pairs, the hand's value against each of the 990 hands
    left.
    """
    import numpy as np

    from ..evaluation import evaluate_many

    rest = [c for c in range(52) if c not in {*hand, *flop}]
    runs = np.array(list(itertools.combinations(rest, 2)), dtype=np.uint8)      # turn, river
    others = np.array(list(itertools.combinations(rest, 2)), dtype=np.uint8)    # opponents
    fixed = np.array([*flop], dtype=np.uint8)
    mine = evaluate_many(np.hstack([np.tile(np.array(hand, dtype=np.uint8), (len(runs), 1)),
                                    np.tile(fixed, (len(runs), 1)), runs]))
    free = (others[None, :, :, None] != runs[:, None, None, :]).all(axis=(2, 3))
    run, other = np.nonzero(free)                                    # 990 hands per run
    seven = np.hstack([others[other], np.tile(fixed, (len(run), 1)), runs[run]])
    theirs = evaluate_many(seven)
    wins = np.bincount(run, weights=theirs < mine[run], minlength=len(runs)).astype(np.int64)
    ties = np.bincount(run, weights=theirs == mine[run], minlength=len(runs)).astype(np.int64)
    return int(((2 * wins + ties) ** 2).sum())


def _check_flop(row: Row, rng: random.Random) -> Check:
    _key, board, hand, wins, ties, losses, squares = row
    cards = _relabel([int(c) for c in parse_cards(hand + board)], rng)
    hand_cards, flop = cards[:2], cards[2:]
    player = _equity([hand_cards, None], board=flop, exact=True).players[0]
    found = (int(player.wins), int(player.ties), int(player.losses),
             flop_squares(hand_cards, flop))
    shown = f"{hand_cards[0]}{hand_cards[1]} on {' '.join(map(str, flop))}"
    return Check(shown, (wins, ties, losses, squares), found,
                 (wins, ties, losses, squares) == found, "exact enumeration, river by river")


_CHECKS = {
    "preflop-hu": ("key, hand1, hand2, wins, ties, losses", _check_hu),
    "preflop-vs-random": ("hand, opponents, exact, wins, ties, losses, equity, se_equity, samples, outcomes, "
                          "categories",
                          _check_vs_random),
    "flop-ehs": ("key, board, hand, wins, ties, losses, squares", _check_flop),
    "omaha-vs-random": ("key, hand, equity, se_equity", _check_omaha_vs_random),
}
_CHECKS[short_deck_tables.HU_NAME] = (_CHECKS["preflop-hu"][0], functools.partial(_check_hu, short_deck=True))
_CHECKS[short_deck_tables.VS_RANDOM_NAME] = (_CHECKS["preflop-vs-random"][0],
                                             functools.partial(_check_vs_random, short_deck=True))
_ORDERS: dict[str, Callable[[], tuple[OrderedClass, ...]]] = {
    "preflop-vs-random": preflop_order, short_deck_tables.VS_RANDOM_NAME: short_deck_order}
"""The shipped order each table's exact rows must equal."""


def require_built(store: Store, name: str) -> None:
    """StoreError for an unknown table ``name``, TableNotBuiltError when it has no rows."""
    if name not in SPECS:
        raise StoreError(f"unknown table {name!r}; the tables are {', '.join(SPECS)}")
    if not store.rows(name, "key", limit=1):
        raise TableNotBuiltError(f"table {name!r} is not built; build it with "
                                 f"`pokerfsm tables build {name}`")


def _shipped_problems(name: str, row: dict[str, Any]) -> str | None:
    """How an exact row of ``preflop-vs-random`` (or its short-deck twin) differs from the order
    shipped with pokerfsm, or None."""
    if not row["exact"]:
        return None
    shipped = next(r for r in _ORDERS[name]() if r.hand == row["hand"])
    if (row["wins"], row["ties"], row["losses"]) != (shipped.wins, shipped.ties, shipped.losses) or \
            parse_counts(row["categories"]) != shipped.hand_categories + shipped.random_categories:
        return (f"it differs from the order shipped with pokerfsm (wins, ties, losses {shipped.wins:,}, "
                f"{shipped.ties:,}, {shipped.losses:,} there)")
    return None


def _scan(store: Store, name: str, report: VerifyReport, progress: Callable[[float], None] | None) -> list[int]:
    """Check every row of ``name``; record the damaged ones in ``report``; return the keys of the others."""
    columns = SPECS[name].column_names
    good: list[int] = []
    compare = name in _ORDERS
    if compare:
        try:
            _ORDERS[name]()
        except StoreError as exc:
            report.checks.append(Check("the order shipped with pokerfsm", (), (), False, str(exc)))
            compare = False
    for chunk in store.iter_rows(name, ", ".join(columns), 50_000):
        for row in chunk:
            values = dict(zip(columns, row))
            problem = row_problem(name, values) or (compare and _shipped_problems(name, values))
            if not problem:
                good.append(values["key"])
                continue
            report.damaged_rows += 1
            if report.damaged_rows <= NAMED_AT_MOST:
                report.checks.append(Check(row_name(name, values["key"]), tuple(row), (), False,
                                           f"fails its checks: {problem}"))
        report.rows_in_table += len(chunk)
        if progress is not None:
            progress(min(report.rows_in_table / max(SPECS[name].rows, 1), 1.0) / 2)
    return good


def verify(store: Store, name: str, sample: int = 10, seed: int | None = None,
           progress: Callable[[float], None] | None = None) -> VerifyReport:
    """Check every row of table ``name``, then recompute ``sample`` random good rows from scratch and compare.

    Raises TableNotBuiltError when the table has no rows.
    """
    require_built(store, name)
    started = time.perf_counter()
    rng = random.Random(seed)
    report = VerifyReport(name, 0)
    keys = _scan(store, name, report, progress)
    chosen = sorted(rng.sample(keys, min(sample, len(keys))))
    columns, check = _CHECKS[name]
    for number, key in enumerate(chosen, 1):
        row = store.row_by_key(name, key, columns)
        if row is None:   # pragma: no cover - the key was just read from the same store
            raise StoreError(f"{store.path}: row {key} of {name!r} vanished while verifying")
        report.checks.append(check(tuple(row), rng))
        if progress is not None:
            progress(0.5 + number / len(chosen) / 2)
    report.seconds = time.perf_counter() - started
    return report
