"""Heads-up preflop answers from the precomputed tables, as :func:`~pokerfsm.equity` gives them.

A table applies when the deal has two seats, no board and no dead cards:

* two known hands: the matchup's row of ``preflop-hu``;
* a known hand against a random hand: its exact one-opponent row of
  ``preflop-vs-random``, and the same row of the PokerStove order shipped
  with the package, so that this question is instant on every machine. Where
  both hold it they must agree (two exact sources that differ are both
  distrusted, and the answer is computed);
* any two ranges (a known hand counts as a range of one combo): the weighted
  sum over every pair of combos that share no card, from ``preflop-hu``.

Every one of these is exact, and the result is the one enumeration returns,
field for field (the win, tie and loss counts, ``combinations``, the split
pots). The hand categories at showdown are in the hand-against-a-random-hand
rows (to the last bit of enumeration's); ``preflop-hu`` does not hold them,
so its answers' ``categories`` are empty: ask ``equity(..., tables=False)``
for them. Counts are identical to enumeration's when the weights are sums of
powers of two (1, 0.5, 0.25 ...); other weights may differ in the last bits
of a double, since the sums run in another order.

At short deck (a :class:`~pokerfsm.odds.short_deck_deal.ShortDeckDeal`) the
same questions are answered from ``short-deck-preflop-hu`` (which holds
both hands' categories, so these answers have them too, two ranges' included),
``short-deck-vs-random`` and the shipped short-deck order
(:mod:`pokerfsm.short_deck_order`), equal to what enumeration at short deck
returns.

One more answer is not exact, and says so: a known hand against 2-9 random
hands, from the Monte Carlo row of ``preflop-vs-random``, when the caller
accepts a sampled answer whose standard error is at most what it asked for
(``sampled_within``). ``exact`` is then False, ``combinations`` is the
row's number of deals, and ``std_error`` and each player's standard error
come from the row; ``categories`` are empty. The row counts the deals by who shared the best hand
(the hand and how many opponents); the opponents are alike, so each count
is spread evenly over the seats it could stand for, which gives every
opponent's win, tie and equity and every split of the pot.

When the table, or the row, is missing, fails its checks (:mod:`.checks`),
or the store cannot be read, :func:`table_answer` returns None and the
caller computes. Nothing here
imports Dask; the store is opened on first use. The dispatch above
(:mod:`pokerfsm.calculator`, for :func:`pokerfsm.equity` and
:class:`~pokerfsm.LiveOdds`) asks here first. A row's counts become the
answer in one step, through :meth:`~pokerfsm.odds.results.EquityResult.from_counts`.
"""
from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..combos import hand_class
from ..errors import StoreCorruptError, StoreError
from ..odds.results import EquityResult, Method
from ..odds.short_deck_deal import ShortDeckDeal
from ..preflop_order import OrderedClass, preflop_order
from ..ranges import HandRange
from ..short_deck_order import SHORT_DECK_HU_BOARDS, SHORT_DECK_VS_RANDOM_SHOWDOWNS, short_deck_order
from ..tallies import HU_BOARDS, VS_RANDOM_SHOWDOWNS
from ..variants import game_of
from . import lookup, matchups
from .rows import OUTCOMES

if TYPE_CHECKING:  # pragma: no cover

    from ..cards import Card
    from ..odds.deal import Deal, Seat

__all__ = ["table_answer"]


def _as_range(seat: Seat, cards: frozenset[int]) -> HandRange:
    """The seat as a range of the game's ``cards``: its given range, or its known hand as a range of one combo."""
    if seat.hand is not None:
        return HandRange.from_combos([seat.hand])
    return seat.given_range.without(set(range(52)) - cards)


def _pairs(first: HandRange, second: HandRange) -> int:
    """How many pairs of combos, one from each range, share no card (what enumeration counts)."""
    masks1, masks2 = matchups.combo_masks(first), matchups.combo_masks(second)
    return int(np.count_nonzero((masks1[:, None] & masks2[None, :]) == 0))


@dataclass(frozen=True)
class _GameTables:
    """Where a game's heads-up preflop answers come from: its tables' lookups, its shipped order
    and its numbers of showdowns."""

    game: str
    matchup: Callable[[tuple[Card, Card], tuple[Card, Card]], lookup.TableFigures]
    vs_random: Callable[[tuple[Card, Card], int], lookup.TableFigures]
    ranges: Callable[[HandRange, HandRange], lookup.TableFigures]
    order: Callable[[], tuple[OrderedClass, ...]]
    boards: int
    vs_random_showdowns: int
    cards: frozenset[int]
    """The cards the game deals (a random seat's hands are those of these cards)."""


_HOLDEM = _GameTables("holdem", lookup.matchup, lookup.vs_random, lookup.range_vs_range, preflop_order, HU_BOARDS,
                      VS_RANDOM_SHOWDOWNS, frozenset(range(52)))
_SHORT_DECK = _GameTables("short-deck", lookup.short_deck_matchup, lookup.short_deck_vs_random,
                          lookup.short_deck_range_vs_range, short_deck_order, SHORT_DECK_HU_BOARDS,
                          SHORT_DECK_VS_RANDOM_SHOWDOWNS, frozenset(int(card) for card in game_of("short-deck").deck))


@functools.cache
def _shipped_by_class(tables: _GameTables = _HOLDEM) -> dict[str, tuple[int, int, int, tuple[int, ...]]]:
    return {row.hand: (row.wins, row.ties, row.losses, row.hand_categories + row.random_categories)
            for row in tables.order()}


def _vs_one_random(hand: tuple[Card, Card], tables: _GameTables) -> tuple[int, int, int, tuple[int, ...]]:
    """Exact wins, ties, losses and the 18 category counts of ``hand`` against one random hand:
    from the store's row and from the shipped order (package data, checked line by line), which
    must agree where both hold it. StoreError when neither can be used or they differ."""
    wanted = hand_class(hand)
    try:
        row = tables.vs_random(hand, 1)
        stored: tuple[int, int, int, tuple[int, ...]] | None = (
            int(row.wins), int(row.ties), int(row.losses), tuple(row.categories or ()))
    except StoreError:
        stored = None
    try:
        shipped = _shipped_by_class(tables).get(wanted)
    except StoreError:
        if stored is None:
            raise
        shipped = None
    if stored is not None and shipped is not None and stored != shipped:
        raise StoreCorruptError(f"the tables' row of {wanted} against one random hand differs from the order "
                                "shipped with pokerfsm; `pokerfsm tables verify preflop-vs-random` checks it")
    found = stored or shipped
    if found is None:
        raise StoreError(f"no exact row of {wanted} against one random hand")
    return found


def _exact(deal: Deal | ShortDeckDeal, started: float, wins: float, ties: float, losses: float, combinations: int,
           categories: Sequence[int] | None, game: str) -> EquityResult:
    """The answer from seat 1's wins, ties and losses (and both seats' 9 category counts, if known)."""
    return EquityResult.from_counts(deal, {(0,): wins, (1,): losses, (0, 1): ties}, combinations,  # type: ignore[arg-type]
                                    method=Method.TABLE, exact=True, started=started, game=game,
                                    categories=None if not categories else
                                    np.array(categories, np.float64).reshape(2, len(categories) // 2))


def _heads_up(deal: Deal | ShortDeckDeal, started: float, tables: _GameTables) -> EquityResult:
    """The exact answer for two seats from a table; StoreError if no table holds it."""
    first, second = deal.seats
    if first.hand is not None and second.hand is not None:
        found = tables.matchup(first.hand, second.hand)
        return _exact(deal, started, found.wins, found.ties, found.losses, tables.boards, found.categories,
                      tables.game)
    for hero, other, flip in ((first, second, False), (second, first, True)):
        if hero.hand is not None and other.hand is None and other.random:
            try:
                wins, ties, losses, categories = _vs_one_random(hero.hand, tables)
            except StoreError:
                break   # the matchup table may still answer
            if flip:
                return _exact(deal, started, losses, ties, wins, tables.vs_random_showdowns,
                              categories[9:] + categories[:9], tables.game)
            return _exact(deal, started, wins, ties, losses, tables.vs_random_showdowns, categories, tables.game)
    range1, range2 = _as_range(first, tables.cards), _as_range(second, tables.cards)
    found = tables.ranges(range1, range2)
    return _exact(deal, started, found.wins, found.ties, found.losses, _pairs(range1, range2) * tables.boards,
                  found.categories, tables.game)


def _lone_hand(deal: Deal | ShortDeckDeal) -> int | None:
    """The seat of the one known hand when every other seat is a random hand (else None)."""
    known = [number for number, seat in enumerate(deal.seats) if seat.hand is not None]
    if len(known) != 1 or not all(seat.random for seat in deal.seats if seat.hand is None):
        return None
    return known[0]


@functools.cache
def _spread(players: int, hero: int) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """The sets of winners, and weights (winner sets x outcomes): each outcome count of a
    ``preflop-vs-random`` row shared evenly by the sets of winners it stands for, ``hero`` being
    the seat of the known hand."""
    others = [seat for seat in range(players) if seat != hero]
    sets: list[tuple[int, ...]] = []
    weights = []
    for size in range(len(others) + 1):
        share = 1.0 / math.comb(len(others), size)
        for chosen in itertools.combinations(others, size):
            won, lost = np.zeros(OUTCOMES), np.zeros(OUTCOMES)
            won[1 + size] = share                                 # the hand wins with `size` opponents
            sets.append(tuple(sorted((hero, *chosen))))
            weights.append(won)
            if size:
                lost[10 + size] = share                           # the hand loses to `size` opponents
                sets.append(chosen)
                weights.append(lost)
    return sets, np.array(weights)


def _sampled_answer(deal: Deal | ShortDeckDeal, started: float, within: float,
                    tables: _GameTables) -> EquityResult | None:
    """A hand against 2-9 random hands from its Monte Carlo row, if that row is precise enough."""
    hero = _lone_hand(deal)
    if hero is None:
        return None
    hand = deal.seats[hero].hand
    assert hand is not None
    row = tables.vs_random(hand, len(deal.seats) - 1)
    if row.outcomes is None or row.samples is None or row.std_error is None or row.std_error > within:
        return None
    sets, weights = _spread(len(deal.seats), hero)
    counts = weights @ np.array(row.outcomes, dtype=np.float64)
    pots = {seats: float(count) for seats, count in zip(sets, counts) if count}
    return EquityResult.from_counts(deal, pots, row.samples, method=Method.TABLE, exact=False,  # type: ignore[arg-type]
                                    started=started, std_error=row.std_error, trials=row.samples, game=tables.game)


def table_answer(deal: Deal | ShortDeckDeal, started: float,
                 sampled_within: float | None = None) -> EquityResult | None:
    """The answer from a precomputed table, or None when no table applies or holds it.

    Exact answers only, unless ``sampled_within`` is a standard error: then a
    Monte Carlo row at least that precise answers too (a hand against 2-9
    random hands). ``started`` is the caller's ``time.perf_counter()`` at the
    start of the question.
    """
    if deal.board or deal.dead:
        return None
    tables = _SHORT_DECK if isinstance(deal, ShortDeckDeal) else _HOLDEM
    if len(deal.seats) != 2:
        if sampled_within is None or len(deal.seats) > 10:
            return None
        try:
            return _sampled_answer(deal, started, sampled_within, tables)
        except StoreError:
            return None
    try:
        return _heads_up(deal, started, tables)
    except StoreError:   # not built, not this row, or the store cannot be read: compute
        return None
