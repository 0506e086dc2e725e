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
* :func:`flop_ehs`: a hand on a flop against one random hand, with E[HS^2];
* :func:`short_deck_matchup`, :func:`short_deck_range_vs_range`,
  :func:`short_deck_vs_random`: the first three at short deck
  (``short-deck-preflop-hu``, which holds both hands' categories too, and
  ``short-deck-vs-random``).

Figures are those of the first player (hand 1, range 1 or the hand).

Every row is checked before it is used (:mod:`.checks`): ``preflop-hu`` as it
is read (its counts, all at once), the other tables' rows when a question
first touches them. A row that fails raises :class:`StoreCorruptError` naming
it (``equity()`` then computes instead), and so does a table holding more rows
than it can have: no more than that is ever read.
"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import cast

import numpy as np

from ..cards import Card, CardsLike, as_cards
from ..combos import COMBO_CARDS, HAND_CLASSES, hand_class
from ..errors import DuplicateCardError, InvalidDealError
from ..ranges import HandRange, parse_range
from ..short_deck_order import SHORT_DECK_CLASSES
from . import short_deck_tables, symmetry
from .checks import flop_problem, flop_spot_problem, row_name
from .matchups import DAMAGED, MISSING, class_counts, combo_arrays, combo_matrix
from .memory import ShortDeckHuTable, TableFigures, VsRandomTable, hu_table, loaded, missing, reload
from .rows import FLOP_SHOWDOWNS, FLOP_SQUARE_SCALE, vs_random_key
from .store import Store

__all__ = ["TableFigures", "FlopStrength", "matchup", "range_vs_range", "vs_random", "flop_ehs",
           "short_deck_matchup", "short_deck_range_vs_range", "short_deck_vs_random", "available", "reload"]


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
    counts = class_counts(np.array([[*a, *b]], dtype=np.uint8))[0]
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
    index1, weights1 = combo_arrays(_range(range1))
    index2, weights2 = combo_arrays(_range(range2))
    hu_table()
    matrix = combo_matrix()
    if len(index1) <= len(index2):
        counts = matrix.block(index1, index2)
    else:   # fill the smaller range's rows and read them from the other seat
        counts = matrix.block(index2, index1)[:, :, ::-1].transpose(1, 0, 2)
    if counts.size and counts[:, :, 0].min() < 0:   # a row missing or damaged (one pass when there is none)
        if (counts[:, :, 0] == MISSING).any():
            raise missing("preflop-hu", " completely (a matchup's row is missing)")
        first, second = (int(i[0]) for i in np.nonzero(counts[:, :, 0] == DAMAGED))
        hole = np.array([[*COMBO_CARDS[index1[first]], *COMBO_CARDS[index2[second]]]], dtype=np.uint8)
        class_counts(hole)   # raises the error naming the row
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
    name = hand_class(_hand(hand, "the hand"))
    table = cast(VsRandomTable, loaded.get("preflop-vs-random"))
    found = table.figures(vs_random_key(_CLASS_INDEX[name], opponents))
    if found is None:
        raise missing("preflop-vs-random", f" for {name} against {opponents}")
    return found


_CLASS_INDEX = {name: index for index, name in enumerate(HAND_CLASSES)}


def _short_deck_hand(cards: CardsLike, what: str) -> tuple[Card, Card]:
    hand = _hand(cards, what)
    if min(hand) < short_deck_tables.LOWEST_CARD:
        raise InvalidDealError(f"{what} {cards!r} has a card below six, which short deck does not deal")
    return hand


def short_deck_matchup(hand1: CardsLike, hand2: CardsLike) -> TableFigures:
    """Exact short-deck preflop showdowns of ``hand1`` against ``hand2`` over all 201,376 boards,
    with both hands' categories (``categories``: hand 1's 9 counts, then hand 2's).

    Raises CardParseError, DuplicateCardError or InvalidDealError for bad hands (a card below six
    too), TableNotBuiltError when ``short-deck-preflop-hu`` (or this matchup's row) is not built.
    """
    a, b = _short_deck_hand(hand1, "hand 1"), _short_deck_hand(hand2, "hand 2")
    shared = set(a) & set(b)
    if shared:
        raise DuplicateCardError(f"card {str(min(shared))!r} is in both hands")
    keys, swapped = symmetry.matchup_key(np.array([[*a, *b]], dtype=np.uint8))
    table = cast(ShortDeckHuTable, loaded.get(short_deck_tables.HU_NAME))
    found = table.counts(int(keys[0]))
    if found is None:
        raise missing(short_deck_tables.HU_NAME, " completely (a matchup's row is missing)")
    wins, ties, losses, categories = found
    if swapped[0]:
        wins, losses, categories = losses, wins, categories[9:] + categories[:9]
    figures = _figures(wins, ties, losses, short_deck_tables.HU_NAME)
    return dataclasses.replace(figures, categories=categories)


def short_deck_range_vs_range(range1: str | HandRange, range2: str | HandRange) -> TableFigures:
    """Exact short-deck preflop showdowns of range 1 against range 2, weighted as
    :func:`range_vs_range` weighs them, with both sides' categories (weighted counts).

    Raises RangeParseError for bad range text, InvalidDealError for a hand below six or when no
    pair of hands fits together, TableNotBuiltError when a matchup's row is not built.
    """
    hands, weights = [], []
    for number, spec in enumerate((range1, range2), 1):
        combos = list(_range(spec).items())
        cards = np.array([[int(a), int(b)] for (a, b), _ in combos], dtype=np.uint8).reshape(-1, 2)
        if cards.size and cards.min() < short_deck_tables.LOWEST_CARD:
            raise InvalidDealError(f"range {number} holds a hand below six, which short deck does not deal")
        hands.append(cards)
        weights.append(np.array([w for _, w in combos], dtype=np.float64))
    first, second = (grid.ravel() for grid in np.meshgrid(np.arange(len(hands[0])), np.arange(len(hands[1])),
                                                          indexing="ij"))
    a, b = hands[0][first], hands[1][second]
    free = (a[:, :, None] != b[:, None, :]).all(axis=(1, 2))
    if not free.any():
        raise InvalidDealError("the two ranges have no pair of hands without a shared card")
    keys, swapped = symmetry.matchup_key(np.concatenate([a[free], b[free]], axis=1))
    classes, inverse = np.unique(keys, return_inverse=True)
    table = cast(ShortDeckHuTable, loaded.get(short_deck_tables.HU_NAME))
    per_class = []
    for key in classes.tolist():
        found = table.counts(key)
        if found is None:
            raise missing(short_deck_tables.HU_NAME, " completely (a matchup's row is missing)")
        per_class.append((*found[:3], *found[3]))
    counts = np.array(per_class, dtype=np.float64)[inverse]
    counts[swapped] = counts[swapped][:, _SEATS_EXCHANGED]
    totals = (weights[0][first[free]] * weights[1][second[free]]) @ counts
    figures = _figures(float(totals[0]), float(totals[1]), float(totals[2]), short_deck_tables.HU_NAME)
    return dataclasses.replace(figures, categories=tuple(totals[3:].tolist()))


_SEATS_EXCHANGED = [2, 1, 0, *range(12, 21), *range(3, 12)]
"""A matchup row's wins, ties, losses and 18 category counts as the other seat sees them."""


def short_deck_vs_random(hand: CardsLike, opponents: int = 1) -> TableFigures:
    """A short-deck ``hand`` against ``opponents`` (1-9) random short-deck hands preflop, as
    :func:`vs_random` (exact for one opponent, Monte Carlo otherwise) from ``short-deck-vs-random``.

    Raises CardParseError, DuplicateCardError, InvalidDealError (a bad hand, a card below six or a
    bad number of opponents) or TableNotBuiltError.
    """
    if not isinstance(opponents, int) or not 1 <= opponents <= 9:
        raise InvalidDealError(f"opponents must be 1 to 9, not {opponents!r}")
    name = hand_class(_short_deck_hand(hand, "the hand"))
    table = cast(VsRandomTable, loaded.get(short_deck_tables.VS_RANDOM_NAME))
    found = table.figures(vs_random_key(SHORT_DECK_CLASSES.index(name), opponents))
    if found is None:
        raise missing(short_deck_tables.VS_RANDOM_NAME, f" for {name} against {opponents}")
    return found


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
    key = symmetry.pack_spot(canonical_board, canonical_hand)
    row = loaded.read(lambda store: store.row_by_key("flop-ehs", key, "board, hand, wins, ties, losses, squares"))
    if row is None:
        raise missing("flop-ehs", f" for {hand!r} on {flop!r}")
    problem = flop_spot_problem(key, row[0], row[1], (canonical_board, canonical_hand)) or flop_problem(*row[2:])
    if problem:
        raise loaded.read(lambda store: store.damaged("flop-ehs", f"row {row_name('flop-ehs', key)}: {problem}"))
    wins, ties, losses, squares = row[2:]
    return FlopStrength(wins / FLOP_SHOWDOWNS, ties / FLOP_SHOWDOWNS, losses / FLOP_SHOWDOWNS,
                        (wins + ties / 2) / FLOP_SHOWDOWNS, squares / FLOP_SQUARE_SCALE,
                        wins, ties, losses)

