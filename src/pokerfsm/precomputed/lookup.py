"""Answers from the precomputed tables, for the equity code and everyone else.

Each function reads the store once per process (the preflop tables are small
and kept in memory; ``flop-ehs`` is read row by row) and answers in
microseconds. A table that is not built raises :class:`TableNotBuiltError`
naming the command that builds it, so a caller can fall back to enumeration.

* :func:`matchup`: two known hands preflop, exact (``preflop-hu``);
* :func:`range_vs_range`: two ranges preflop, exact: the weighted sum over
  every pair of combos that share no card (``preflop-hu``);
* :func:`vs_random`: a hand against 1-9 random hands (``preflop-vs-random``;
  exact for one opponent, Monte Carlo with its standard error otherwise);
* :func:`flop_ehs`: a hand on a flop against one random hand, with E[HS^2].

Figures are those of the first player (hand 1, range 1 or the hand).
"""
from __future__ import annotations

import functools
import itertools
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import numpy as np

from ..cards import Card, CardsLike, as_cards
from ..errors import DuplicateCardError, InvalidDealError, TableNotBuiltError
from ..ranges import HandRange, hand_class, parse_range
from . import symmetry
from .definitions import FLOP_SHOWDOWNS, FLOP_SQUARE_SCALE, categories_agree, outcomes_agree, parse_counts
from .store import Store, default_store_path

__all__ = ["TableFigures", "FlopStrength", "matchup", "range_vs_range", "vs_random", "flop_ehs",
           "available", "reload", "combo_masks"]


@dataclass(frozen=True)
class TableFigures:
    """The first player's showdowns from a table.

    ``wins``, ``ties`` and ``losses`` are showdown counts (weighted by the
    ranges' weights; for Monte Carlo rows, counts of the ``samples`` deals).
    ``exact`` is False for Monte Carlo rows, which carry ``samples`` and the
    standard error of each figure (``std_error`` is the largest), and
    ``preflop-vs-random`` rows their ``outcomes`` (see
    :data:`~pokerfsm.precomputed.definitions.OUTCOMES`), from which every
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


@dataclass(frozen=True)
class FlopStrength:
    """A hand on a flop against one random hand, over every turn and river (exact).

    ``ehs2`` is E[HS^2], the mean over the turns and rivers of the squared
    river hand strength (wins plus half the ties, as a share of 990 hands).
    """

    win: float
    tie: float
    lose: float
    equity: float
    ehs2: float
    wins: int
    ties: int
    losses: int


class _Loaded:
    """The store and the in-memory copies of the preflop tables, per process."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.path: Path | None = None
        self.store: Store | None = None
        self.tables: dict[str, object] = {}

    def get(self, name: str) -> object:
        with self.lock:
            if self.path is None:
                self._reset(default_store_path())
            if name not in self.tables:
                self.tables[name] = _LOADERS[name](self._store())
            return self.tables[name]

    def _store(self) -> Store:
        if self.store is None:
            self.store = Store.open(self.path)
        return self.store

    def _reset(self, path: Path | None) -> None:
        if self.store is not None:
            self.store.close()
        self.path, self.store, self.tables = path, None, {}


_loaded = _Loaded()


def reload() -> None:
    """Forget what was read from the store (after a build, or a change of ``$POKERFSM_TABLES``)."""
    with _loaded.lock:
        _loaded._reset(None)


def _missing(name: str, what: str = "") -> TableNotBuiltError:
    return TableNotBuiltError(f"table {name!r} is not built{what}; build it with "
                              f"`pokerfsm tables build {name}`")


HuTable = tuple[np.ndarray, np.ndarray, bool]
"""preflop-hu in memory: the sorted class keys, their (wins, ties, losses), and whether it is complete."""
VsRandomTable = dict[tuple[str, int], TableFigures]
"""preflop-vs-random in memory: (class, opponents) -> figures."""


def _hu() -> HuTable:
    return cast(HuTable, _loaded.get("preflop-hu"))


def _load_hu(store: Store) -> HuTable:
    rows = store.rows("preflop-hu", "key, wins, ties, losses")
    if not rows:
        raise _missing("preflop-hu")
    array = np.array(rows, dtype=np.int64)
    record = store.status("preflop-hu")
    return array[:, 0].copy(), array[:, 1:].copy(), bool(record and record.complete)



def _load_vs_random(store: Store) -> VsRandomTable:
    rows = store.rows("preflop-vs-random", "hand, opponents, exact, samples, wins, ties, losses, "
                      "win, tie, lose, equity, se_win, se_tie, se_lose, se_equity, outcomes, categories")
    if not rows:
        raise _missing("preflop-vs-random")
    table: VsRandomTable = {}
    for (hand, opponents, exact, samples, wins, ties, losses, win, tie, lose, equity,
         *errors, outcomes, categories) in rows:
        named = None if exact else dict(zip(("win", "tie", "lose", "equity"), errors))
        where = f"table preflop-vs-random, {hand} against {opponents}"
        try:
            outcome_counts = None if outcomes is None else parse_counts(outcomes)
            category_counts = None if categories is None else parse_counts(categories)
        except ValueError:
            raise store.damaged(f"{where}: counts that are not whole numbers") from None
        if outcome_counts is not None and not outcomes_agree(outcome_counts, wins, ties, losses, samples):
            raise store.damaged(f"{where}: outcomes that do not add up to its counts")
        if category_counts is not None and not categories_agree(category_counts, wins + ties + losses):
            raise store.damaged(f"{where}: hand categories that do not add up to its counts")
        table[hand, opponents] = TableFigures(
            win, tie, lose, equity, wins, ties, losses, bool(exact), "preflop-vs-random",
            None if exact else samples, None if exact else max(errors), named,
            outcome_counts, category_counts)
    return table


_LOADERS: dict[str, Callable[[Store], object]] = {"preflop-hu": _load_hu, "preflop-vs-random": _load_vs_random,
            "flop-ehs": lambda store: store}


def available(name: str) -> bool:
    """True when table ``name`` is completely built in the store (never raises)."""
    try:
        with Store.open() as store:
            record = store.status(name)
    except Exception:
        return False
    return record is not None and record.complete


def _hand(cards: CardsLike, what: str) -> tuple[Card, Card]:
    hand = as_cards(cards)
    if len(hand) != 2:
        raise InvalidDealError(f"{what} needs 2 cards, got {len(hand)} in {cards!r}")
    if hand[0] == hand[1]:
        raise DuplicateCardError(f"card {str(hand[0])!r} appears twice in {what} {cards!r}")
    return hand[0], hand[1]


@functools.lru_cache(maxsize=512)
def _parsed(text: str) -> HandRange:
    return parse_range(text)


def _range(spec: str | HandRange) -> HandRange:
    return spec if isinstance(spec, HandRange) else _parsed(spec)


_COMBO_INDEX = np.full((52, 52), -1, dtype=np.int32)
_COMBO_CARDS = np.array(list(itertools.combinations(range(52), 2)), dtype=np.uint8)
_COMBO_INDEX[_COMBO_CARDS[:, 0], _COMBO_CARDS[:, 1]] = np.arange(len(_COMBO_CARDS))
_COMBO_INDEX[_COMBO_CARDS[:, 1], _COMBO_CARDS[:, 0]] = np.arange(len(_COMBO_CARDS))
_COMBO_MASKS = (np.uint64(1) << _COMBO_CARDS[:, 0].astype(np.uint64)) | (
    np.uint64(1) << _COMBO_CARDS[:, 1].astype(np.uint64))


def _combo_arrays(r: HandRange) -> tuple[np.ndarray, np.ndarray]:
    """The range's combo numbers (0-1325) and weights, computed once per range."""
    def make(r: HandRange) -> tuple[np.ndarray, np.ndarray]:
        index = np.array([_COMBO_INDEX[int(a), int(b)] for a, b in r], dtype=np.intp)
        weights = np.array([w for _, w in r.items()], dtype=np.float64)
        return index, weights

    return r.derived("precomputed.combo_arrays", make)


def combo_masks(r: HandRange) -> np.ndarray:
    """The range's combos as 52-bit card masks (uint64), in the order of its combos."""
    masks: np.ndarray = _COMBO_MASKS[_combo_arrays(r)[0]]
    return masks


def _class_counts(hole: np.ndarray, missing: int | None = None) -> np.ndarray:
    """(n, 3) wins, ties, losses of hand 1 for each matchup row of ``hole`` (n, 4).

    A matchup whose class is not in the table raises TableNotBuiltError, or
    gets ``missing`` in all three columns when that is given.
    """
    keys, counts, _ = _hu()
    wanted, swapped = symmetry.matchup_key(hole)
    at = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
    present = keys[at] == wanted
    if missing is None and not present.all():
        raise _missing("preflop-hu", " completely (a matchup's row is missing)")
    found = counts[at]
    found[swapped] = found[swapped][:, ::-1]
    found[~present] = missing if missing is not None else 0
    return found


class _ComboMatrix:
    """Wins, ties and losses of each combo against every combo (0 where they share a card,
    -1 where the table lacks the class).

    Rows are filled on demand, a batch of combos at a time, and kept: a range
    costs its rows once per process, then each question is a gather.
    """

    def __init__(self) -> None:
        self.counts = np.zeros((1326, 1326, 3), dtype=np.int32)   # pages touched when filled
        self.filled = np.zeros(1326, dtype=bool)
        self.lock = threading.Lock()

    def block(self, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """The (len(rows), len(columns), 3) counts of each row combo against each column combo."""
        with self.lock:
            todo = np.unique(rows[~self.filled[rows]])
            if len(todo):
                first = np.repeat(todo, 1326)
                second = np.tile(np.arange(1326), len(todo))
                free = (_COMBO_MASKS[first] & _COMBO_MASKS[second]) == 0
                first, second = first[free], second[free]
                hole = np.concatenate([_COMBO_CARDS[first], _COMBO_CARDS[second]], axis=1)
                self.counts[first, second] = _class_counts(hole, missing=-1)
                self.filled[todo] = True
            block: np.ndarray = self.counts[rows[:, None], columns[None, :]]
            return block


def _combo_matrix() -> _ComboMatrix:
    with _matrix_lock:
        matrix = _loaded.tables.get("combo matrix")
        if matrix is None:
            matrix = _loaded.tables["combo matrix"] = _ComboMatrix()
        return matrix   # type: ignore[return-value]


_matrix_lock = threading.Lock()


def _figures(wins: float, ties: float, losses: float, table: str) -> TableFigures:
    total = wins + ties + losses
    return TableFigures(wins / total, ties / total, losses / total, (wins + ties / 2) / total,
                        wins, ties, losses, True, table)


def matchup(hand1: CardsLike, hand2: CardsLike) -> TableFigures:
    """Exact preflop showdowns of ``hand1`` against ``hand2`` over all 1,712,304 boards.

    >>> r = matchup("AhAd", "KsKc")                      # doctest: +SKIP
    >>> r.wins, r.ties, r.losses, r.exact                # doctest: +SKIP
    (1388072, 6538, 317694, True)

    Raises CardParseError, DuplicateCardError or InvalidDealError for bad hands,
    TableNotBuiltError when ``preflop-hu`` (or this matchup's row) is not built.
    """
    a, b = _hand(hand1, "hand 1"), _hand(hand2, "hand 2")
    shared = set(a) & set(b)
    if shared:
        raise DuplicateCardError(f"card {str(min(shared))!r} is in both hands")
    counts = _class_counts(np.array([[*a, *b]], dtype=np.uint8))[0]
    return _figures(int(counts[0]), int(counts[1]), int(counts[2]), "preflop-hu")


def range_vs_range(range1: str | HandRange, range2: str | HandRange) -> TableFigures:
    """Exact preflop showdowns of range 1 against range 2, weighted by the combos' weights.

    Every pair of combos that share no card counts with the product of their
    weights, as ``pokerfsm.equity([range1, range2], exact=True)`` does.

    >>> r = range_vs_range("QQ+,AKs,AKo", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+")  # doctest: +SKIP
    >>> r.wins, r.ties, r.losses                                                # doctest: +SKIP
    (7170962472, 388217728, 3279704120)

    Raises RangeParseError for bad range text, InvalidDealError when no pair of
    combos fits together, TableNotBuiltError when ``preflop-hu`` is incomplete.
    """
    index1, weights1 = _combo_arrays(_range(range1))
    index2, weights2 = _combo_arrays(_range(range2))
    _hu()
    matrix = _combo_matrix()
    if len(index1) <= len(index2):
        counts = matrix.block(index1, index2)
    else:   # fill the smaller range's rows and read them from the other seat
        counts = matrix.block(index2, index1)[:, :, ::-1].transpose(1, 0, 2)
    if (counts[:, :, 0] < 0).any():
        raise _missing("preflop-hu", " completely (a matchup's row is missing)")
    totals = np.einsum("i,ijk,j->k", weights1, counts.astype(np.float64), weights2)
    if not totals.any():
        raise InvalidDealError("the two ranges have no pair of hands without a shared card")
    return _figures(float(totals[0]), float(totals[1]), float(totals[2]), "preflop-hu")


def vs_random(hand: CardsLike, opponents: int = 1) -> TableFigures:
    """``hand`` against ``opponents`` (1-9) random hands preflop.

    Exact for one opponent; for 2-9 a Monte Carlo figure whose ``samples`` and
    standard errors come with it (``exact`` is False).

    >>> vs_random("AhKh").exact, vs_random("AhKh", 3).exact   # doctest: +SKIP
    (True, False)

    Raises CardParseError, DuplicateCardError, InvalidDealError (a bad hand or
    number of opponents) or TableNotBuiltError.
    """
    if not isinstance(opponents, int) or not 1 <= opponents <= 9:
        raise InvalidDealError(f"opponents must be 1 to 9, not {opponents!r}")
    key = hand_class(_hand(hand, "the hand")), opponents
    table = cast(VsRandomTable, _loaded.get("preflop-vs-random"))
    try:
        return table[key]
    except KeyError:
        raise _missing("preflop-vs-random", f" for {key[0]} against {opponents}") from None


def flop_ehs(hand: CardsLike, flop: CardsLike) -> FlopStrength:
    """Exact strength of ``hand`` on ``flop`` against one random hand, with E[HS^2].

    >>> flop_ehs("As Ks", "Ac 2h 6c").equity                  # doctest: +SKIP
    0.8...

    Raises CardParseError, DuplicateCardError or InvalidDealError for bad cards,
    TableNotBuiltError when the row is not built.
    """
    cards = _hand(hand, "the hand")
    board = as_cards(flop)
    if len(board) != 3:
        raise InvalidDealError(f"a flop needs 3 cards, got {len(board)} in {flop!r}")
    seen: set[int] = set()
    for card in (*cards, *board):
        if card in seen:
            raise DuplicateCardError(f"card {str(card)!r} appears twice in {hand!r} on {flop!r}")
        seen.add(card)
    canonical_board, canonical_hand = symmetry.canonical_spot(cards, board)
    store = cast(Store, _loaded.get("flop-ehs"))
    row = store.row_by_key("flop-ehs", symmetry.pack_spot(canonical_board, canonical_hand),
                           "wins, ties, losses, squares")
    if row is None:
        raise _missing("flop-ehs", f" for {hand!r} on {flop!r}")
    wins, ties, losses, squares = row
    return FlopStrength(wins / FLOP_SHOWDOWNS, ties / FLOP_SHOWDOWNS, losses / FLOP_SHOWDOWNS,
                        (wins + ties / 2) / FLOP_SHOWDOWNS, squares / FLOP_SQUARE_SCALE,
                        wins, ties, losses)

