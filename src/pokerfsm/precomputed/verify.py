"""Check a built table against the ordinary equity code, and export a table.

:func:`verify` draws a random sample of rows, moves each spot to another
suit-equivalent one (so the check also covers the symmetry the table relies
on) and recomputes it from scratch with :func:`pokerfsm.equity`:

* ``preflop-hu`` and the exact rows of ``preflop-vs-random``: every count
  must be equal;
* ``flop-ehs``: the wins and ties on the flop must be equal, and the sum
  behind E[HS^2] is recomputed river by river with the plain evaluator
  (:func:`pokerfsm.evaluate_many` over the 1,070,190 showdowns of the row);
* the Monte Carlo rows of ``preflop-vs-random`` cannot be compared exactly:
  an independent Monte Carlo run must agree within 5 combined standard errors.

:func:`export` writes a table with its derived figures to Parquet or CSV.
"""
from __future__ import annotations

import csv
import itertools
import math
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..cards import Card, parse_cards
from ..errors import StoreError, TableNotBuiltError
from . import symmetry
from .definitions import (
    FLOP_SHOWDOWNS,
    FLOP_SQUARE_SCALE,
    HU_BOARDS,
    SPECS,
    category_text,
    outcomes_agree,
    parse_counts,
)
from .store import Row, Store

if TYPE_CHECKING:  # pragma: no cover
    from ..odds.results import EquityResult
    from ..ranges import Combo

__all__ = ["Check", "VerifyReport", "verify", "export", "EXPORT_FORMATS"]

EXPORT_FORMATS = ("parquet", "csv")
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

    @property
    def mismatches(self) -> list[Check]:
        """The checks that failed."""
        return [check for check in self.checks if not check.ok]

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``pokerfsm tables verify --json``."""
        return {"table": self.name, "rows_in_table": self.rows_in_table,
                "checked": len(self.checks), "mismatches": len(self.mismatches),
                "seconds": self.seconds,
                "checks": [{"row": c.row, "table": list(c.table), "recomputed": list(c.recomputed),
                            "ok": c.ok, "how": c.how} for c in self.checks]}


def _relabel(cards: list[int], rng: random.Random) -> list[Card]:
    """The cards with their suits relabelled by a random permutation."""
    perm = rng.choice(symmetry.SUIT_PERMUTATIONS)
    return [Card(4 * (c // 4) + perm[c % 4]) for c in cards]


def _equity(players: list[Any], board: list[Card] | None = None, **options: Any) -> EquityResult:
    """``pokerfsm.equity`` computing from scratch: never from the tables being verified."""
    from ..odds import equity

    return equity(players, board or (), tables=False, **options)


def _check_hu(row: Row, rng: random.Random) -> Check:
    _key, hand1, hand2, *counts = row
    cards = _relabel([int(c) for c in parse_cards(hand1 + hand2)], rng)
    if rng.random() < 0.5:  # the other seat order: hand 2's wins are hand 1's losses
        cards, counts = cards[2:] + cards[:2], counts[::-1]
    players = _equity([cards[:2], cards[2:]], exact=True).players
    found = (int(players[0].wins), int(players[0].ties), int(players[0].losses))
    shown = f"{cards[0]}{cards[1]} vs {cards[2]}{cards[3]}"
    return Check(shown, tuple(counts), found, tuple(counts) == found and sum(found) == HU_BOARDS,
                 "exact enumeration")


def _check_vs_random(row: Row, rng: random.Random) -> Check:
    hand, opponents, exact, wins, ties, losses, equity, se_equity, samples, outcomes, categories = row
    combos = [[int(a), int(b)] for a, b in parse_cards_of_class(hand)]
    cards = [Card(c) for c in rng.choice(combos)]
    shown = f"{cards[0]}{cards[1]} ({hand}) vs {opponents} random"
    if exact:
        result = _equity([cards, None], exact=True)
        player = result.players[0]
        total = int(player.wins + player.ties + player.losses)
        found = (int(player.wins), int(player.ties), int(player.losses), category_text(result.players, total))
        return Check(shown, (wins, ties, losses, categories), found, (wins, ties, losses, categories) == found,
                     "exact enumeration, hand categories included")
    counts = parse_counts(outcomes or "")
    if not outcomes_agree(counts, wins, ties, losses, samples):
        return Check(shown, (wins, ties, losses, samples), tuple(counts), False,
                     "the row's outcomes do not add up to its counts")
    result = _equity([cards] + [None] * opponents, exact=False, samples=_MONTE_CARLO_SAMPLES,
                       seed=rng.randrange(2**32))
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
}


def _require_built(store: Store, name: str) -> None:
    """StoreError for an unknown table ``name``, TableNotBuiltError when it has no rows."""
    if name not in SPECS:
        raise StoreError(f"unknown table {name!r}; the tables are {', '.join(SPECS)}")
    record = store.status(name)
    if record is None or record.rows == 0:
        raise TableNotBuiltError(f"table {name!r} is not built; build it with "
                                 f"`pokerfsm tables build {name}`")


def verify(store: Store, name: str, sample: int = 10, seed: int | None = None,
           progress: Callable[[float], None] | None = None) -> VerifyReport:
    """Recompute ``sample`` random rows of table ``name`` from scratch and compare.

    Raises TableNotBuiltError when the table has no rows.
    """
    _require_built(store, name)
    started = time.perf_counter()
    rng = random.Random(seed)
    keys = [row[0] for row in store.rows(name, "key")]
    chosen = sorted(rng.sample(keys, min(sample, len(keys))))
    columns, check = _CHECKS[name]
    report = VerifyReport(name, len(keys))
    for number, key in enumerate(chosen, 1):
        row = store.row_by_key(name, key, columns)
        if row is None:   # pragma: no cover - the key was just read from the same store
            raise StoreError(f"{store.path}: row {key} of {name!r} vanished while verifying")
        report.checks.append(check(tuple(row), rng))
        if progress is not None:
            progress(number / len(chosen))
    report.seconds = time.perf_counter() - started
    return report


# --------------------------------------------------------------------- export

def _derived(name: str, columns: list[str], row: Row) -> Row:
    """The stored row plus its derived figures."""
    values = dict(zip(columns, row))
    if name == "preflop-hu":
        total = HU_BOARDS
        return (*row, values["wins"] / total, values["ties"] / total, values["losses"] / total,
                (values["wins"] + values["ties"] / 2) / total)
    if name == "flop-ehs":
        return (*row, (values["wins"] + values["ties"] / 2) / FLOP_SHOWDOWNS,
                values["squares"] / FLOP_SQUARE_SCALE)
    return row


_EXTRA = {"preflop-hu": ["win", "tie", "lose", "equity"], "flop-ehs": ["equity", "ehs2"],
          "preflop-vs-random": []}


def _chunks(store: Store, name: str, size: int = 100_000) -> Iterator[list[Row]]:
    columns = SPECS[name].column_names
    for chunk in store.iter_rows(name, ", ".join(columns), size):
        yield [_derived(name, columns, row) for row in chunk]


def export(store: Store, name: str, fmt: str, output: str | Path | None = None) -> Path | None:
    """Write table ``name`` with its derived figures as ``fmt`` (parquet or csv).

    ``output`` defaults to ``NAME.FORMAT`` in the current directory; ``-``
    writes CSV to standard output (and returns None). Raises
    TableNotBuiltError for a table with no rows, StoreError for a bad format.
    """
    if fmt not in EXPORT_FORMATS:
        raise StoreError(f"unknown export format {fmt!r}; choose parquet or csv")
    _require_built(store, name)
    header = SPECS[name].column_names + _EXTRA[name]
    if str(output) == "-" and fmt == "csv":
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(header)
        for chunk in _chunks(store, name):
            writer.writerows(chunk)
        return None
    path = Path(output) if output is not None else Path(f"{name}.{fmt}")
    if fmt == "csv":
        with open(path, "w", newline="") as file:
            writer = csv.writer(file, lineterminator="\n")
            writer.writerow(header)
            for chunk in _chunks(store, name):
                writer.writerows(chunk)
        return path
    import pyarrow as pa
    import pyarrow.parquet as pq

    kinds = {"INTEGER": pa.int64(), "REAL": pa.float64(), "TEXT": pa.string()}
    schema = pa.schema([(column, kinds[kind.split()[0]]) for column, kind in SPECS[name].columns]
                       + [(column, pa.float64()) for column in _EXTRA[name]])
    with pq.ParquetWriter(path, schema) as writer:
        for chunk in _chunks(store, name):
            writer.write_table(pa.Table.from_pylist([dict(zip(header, row)) for row in chunk],
                                                    schema=schema))
    return path
