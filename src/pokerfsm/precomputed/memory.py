"""The precomputed tables in memory, per process: read once, every row checked before it is used.

``preflop-hu``'s keys and counts are read whole (47,008 rows) and the counts
checked at once; each row's text columns are checked when a question first
touches the row (reading every text would double the load).
``preflop-vs-random`` is read whole (1,521 rows) and each row checked when a
question first touches it; ``flop-ehs`` is read row by row by
:mod:`.lookup`. A table holding more rows than it can have is refused after
reading one row past that, so a padded store costs no more than a whole one.
A table found damaged stays refused (the same error, at once) until
:func:`reload`; one not built yet is looked for again at each question.
"""
from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, cast

import numpy as np

from ..errors import StoreCorruptError, TableNotBuiltError
from ..short_deck_order import SHORT_DECK_VS_RANDOM_SHOWDOWNS
from ..tallies import HU_BOARDS, VS_RANDOM_SHOWDOWNS, parse_counts
from . import short_deck_tables
from .checks import counts_add_up, matchup_keys_of_text, row_name, row_problem
from .store import Store, default_store_path
from .tasks import SPECS

__all__ = ["TableFigures", "loaded", "reload", "missing", "hu_table", "HuTable", "damaged_hu", "VsRandomTable",
           "ShortDeckHuTable"]


@dataclass(frozen=True)
class TableFigures:
    """The first player's showdowns from a table.

    ``wins``, ``ties`` and ``losses`` are showdown counts (weighted by the
    ranges' weights; for Monte Carlo rows, counts of the ``samples`` deals).
    ``exact`` is False for Monte Carlo rows, which carry ``samples`` and the
    standard error of each figure (``std_error`` is the largest), and
    ``preflop-vs-random`` rows their ``outcomes`` (see
    :data:`~pokerfsm.precomputed.rows.OUTCOMES`), from which every
    opponent's figures follow. Its exact rows have ``categories``: the
    showdowns in which the hand, then the random hand, makes each category
    (9 counts each, high card first).
    """

    win: float
    tie: float
    lose: float
    equity: float
    wins: float
    ties: float
    losses: float
    exact: bool
    table: str
    samples: int | None = None
    std_error: float | None = None
    std_errors: dict[str, float] | None = None
    outcomes: tuple[int, ...] | None = None
    categories: tuple[int, ...] | None = None


_T = TypeVar("_T")


class _Loaded:
    """The store and the in-memory copies of the preflop tables (see the module's docstring)."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.path: Path | None = None
        self.store: Store | None = None
        self.tables: dict[str, object] = {}

    def get(self, name: str) -> object:
        with self.lock:
            if self.path is None:
                self._reset(default_store_path())
            if name not in self.tables:
                try:
                    self.tables[name] = _LOADERS[name](self._store())
                except StoreCorruptError as exc:
                    self.tables[name] = exc
            found = self.tables[name]
        if isinstance(found, StoreCorruptError):
            raise copy.copy(found).with_traceback(None)
        return found

    def read(self, work: Callable[[Store], _T]) -> _T:
        """``work(store)`` on the open store, one thread at a time."""
        with self.lock:
            if self.path is None:
                self._reset(default_store_path())
            return work(self._store())

    def _store(self) -> Store:
        if self.store is None:
            self.store = Store.open(self.path)
        return self.store

    def _reset(self, path: Path | None) -> None:
        if self.store is not None:
            self.store.close()
        self.path, self.store, self.tables = path, None, {}


loaded = _Loaded()


def reload() -> None:
    """Forget what was read from the store (after a build, or a change of ``$POKERFSM_STORE``)."""
    with loaded.lock:
        loaded._reset(None)


def missing(name: str, what: str = "") -> TableNotBuiltError:
    return TableNotBuiltError(f"table {name!r} is not built{what}; build it with "
                              f"`pokerfsm tables build {name}`")


def _read_at_most(store: Store, name: str, columns: str) -> list[Any]:
    """Every row of ``name``: TableNotBuiltError for none, StoreCorruptError for more than it can have
    (reading stops one row past that, so a padded table costs no more than a whole one)."""
    most = SPECS[name].rows
    rows = store.rows(name, columns, limit=most + 1)
    if not rows:
        raise missing(name)
    if len(rows) > most:
        raise store.damaged(name, f"it holds more than the {most:,} rows it can have")
    return rows


@dataclass(frozen=True)
class HuTable:
    """preflop-hu in memory: the sorted class keys, their (wins, ties, losses), whether each row's counts
    pass their checks (all checked as the table is read), and whether its text columns name its key
    (1 or -1; 0 until a question first touches the row, as reading every text would double the load)."""

    keys: np.ndarray
    counts: np.ndarray
    counts_ok: np.ndarray
    named: np.ndarray

    def usable(self, rows: np.ndarray) -> np.ndarray:
        """Whether the rows at indices ``rows`` pass every check (their texts are read now if not yet)."""
        unknown = rows[self.named[rows] == 0]
        if unknown.size:
            loaded.read(lambda store: self._read_names(store, np.unique(unknown)))
        ok: np.ndarray = self.counts_ok[rows] & (self.named[rows] == 1)
        return ok

    def _read_names(self, store: Store, rows: np.ndarray) -> None:
        keys = self.keys[rows]
        texts: dict[int, tuple[Any, Any]] = {}
        for start in range(0, len(keys), _KEYS_PER_QUERY):
            part = keys[start:start + _KEYS_PER_QUERY].tolist()
            texts.update((key, (hand1, hand2)) for key, hand1, hand2 in store.rows(
                "preflop-hu", "key, hand1, hand2", f"key IN ({', '.join('?' * len(part))})", part))
        pairs = [texts.get(int(key), (None, None)) for key in keys]
        named = matchup_keys_of_text([pair[0] for pair in pairs], [pair[1] for pair in pairs])
        self.named[rows] = np.where(named == keys, 1, -1)


_KEYS_PER_QUERY = 500
_COUNTS = ", ".join(f"CASE WHEN typeof({c}) = 'integer' THEN {c} ELSE -1 END" for c in ("wins", "ties", "losses"))
"""The counts as read into memory: anything that is not a whole number becomes -1, which the checks refuse."""


def hu_table() -> HuTable:
    return cast(HuTable, loaded.get("preflop-hu"))


def _load_hu(store: Store) -> HuTable:
    array = np.array(_read_at_most(store, "preflop-hu", f"key, {_COUNTS}"), dtype=np.int64)
    counts = array[:, 1:].copy()
    counts_ok = counts_add_up(counts[:, 0], counts[:, 1], counts[:, 2], HU_BOARDS)
    return HuTable(array[:, 0].copy(), counts, counts_ok, np.zeros(len(array), dtype=np.int8))


def damaged_hu(key: int) -> StoreCorruptError:
    """The error naming the damaged ``preflop-hu`` row ``key`` and what is wrong with it."""
    def problem(store: Store) -> StoreCorruptError:
        row = store.row_by_key("preflop-hu", key)
        columns = SPECS["preflop-hu"].column_names
        what = (row_problem("preflop-hu", dict(zip(columns, row))) or "it fails its checks") if row else "it vanished"
        return store.damaged("preflop-hu", f"row {row_name('preflop-hu', key)}: {what}")

    return loaded.read(problem)


class VsRandomTable:
    """preflop-vs-random (or ``name``, its short-deck twin) in memory: its raw rows by key, each
    checked on first use."""

    columns = SPECS["preflop-vs-random"].column_names

    def __init__(self, store: Store, rows: list[Any], name: str = "preflop-vs-random") -> None:
        self.store = store
        self.name = name
        self.rows = {row[0]: row for row in rows}
        self.checked: dict[int, TableFigures | StoreCorruptError] = {}

    def figures(self, key: int) -> TableFigures | None:
        found = self.checked.get(key)
        if found is None:
            row = self.rows.get(key)
            if row is None:
                return None
            found = self.checked[key] = self._checked(dict(zip(self.columns, row)))
        if isinstance(found, StoreCorruptError):
            raise copy.copy(found).with_traceback(None)
        return found

    def _checked(self, row: dict[str, Any]) -> TableFigures | StoreCorruptError:
        problem = row_problem(self.name, row)
        if problem:
            return self.store.damaged(self.name, f"row {row_name(self.name, row['key'])}: {problem}")
        wins, ties, losses = row["wins"], row["ties"], row["losses"]
        if row["exact"]:
            total = VS_RANDOM_SHOWDOWNS if self.name == "preflop-vs-random" else SHORT_DECK_VS_RANDOM_SHOWDOWNS
            return TableFigures(wins / total, ties / total, losses / total, (wins + ties / 2) / total,
                                wins, ties, losses, True, self.name,
                                categories=parse_counts(row["categories"]))
        deals = row["samples"]
        errors = {name: float(row[f"se_{name}"]) for name in ("win", "tie", "lose", "equity")}
        return TableFigures(wins / deals, ties / deals, losses / deals, row["pot_share"] / deals, wins, ties, losses,
                            False, self.name, deals, max(errors.values()), errors,
                            parse_counts(row["outcomes"]))


def _load_vs_random(store: Store, name: str = "preflop-vs-random") -> VsRandomTable:
    columns = ", ".join(VsRandomTable.columns)
    return VsRandomTable(store, _read_at_most(store, name, columns), name)


class ShortDeckHuTable:
    """short-deck-preflop-hu in memory (10,215 rows): its raw rows by key, each checked on first use."""

    columns = SPECS[short_deck_tables.HU_NAME].column_names

    def __init__(self, store: Store) -> None:
        self.store = store
        self.rows = {row[0]: row for row in _read_at_most(store, short_deck_tables.HU_NAME, ", ".join(self.columns))}
        self.checked: dict[int, tuple[int, int, int, tuple[int, ...]] | StoreCorruptError] = {}

    def counts(self, key: int) -> tuple[int, int, int, tuple[int, ...]] | None:
        """Hand 1's wins, ties, losses and both hands' 18 category counts of matchup class ``key``
        (None when the table lacks it); StoreCorruptError naming the row when it fails its checks."""
        found = self.checked.get(key)
        if found is None:
            raw = self.rows.get(key)
            if raw is None:
                return None
            row = dict(zip(self.columns, raw))
            problem = row_problem(short_deck_tables.HU_NAME, row)
            found = self.checked[key] = (
                self.store.damaged(short_deck_tables.HU_NAME,
                                   f"row {row_name(short_deck_tables.HU_NAME, key)}: {problem}") if problem
                else (row["wins"], row["ties"], row["losses"], parse_counts(row["categories"])))
        if isinstance(found, StoreCorruptError):
            raise copy.copy(found).with_traceback(None)
        return found


_LOADERS: dict[str, Callable[[Store], object]] = {
    "preflop-hu": _load_hu, "preflop-vs-random": _load_vs_random,
    short_deck_tables.VS_RANDOM_NAME: lambda store: _load_vs_random(store, short_deck_tables.VS_RANDOM_NAME),
    short_deck_tables.HU_NAME: ShortDeckHuTable}
