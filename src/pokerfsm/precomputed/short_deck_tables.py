"""The short-deck tables: hold'em's two preflop tables over the 36 cards six and up.

``short-deck-preflop-hu`` holds every heads-up matchup of two known
short-deck hands, one row per suit class (10,215 of them: the classes of
``preflop-hu`` whose cards are all six or higher, under the same keys), each
exact over the 201,376 boards, with both hands' categories at showdown.
``short-deck-vs-random`` holds each of the 81 short-deck classes against 1-9
random short-deck hands, in the columns of ``preflop-vs-random``: exact for
one opponent (every board and every hand), seeded Monte Carlo otherwise, a
fixed number of deals per row (:func:`deals_for`: a share of the pot varies
by at most 1/4, so ``target_std_error`` ``t`` takes ``ceil(1/(4 t²))`` deals
and every figure's standard error is at most ``t``; the default 0.001 takes
250,000). The deals come from the short-deck back end
(:func:`pokerfsm.odds.short_deck.compute_short_deck`) with a seed made from
the table's seed and the row's key, so a row is the same whoever computes it.

The rows are checked when read as the hold'em rows are
(:mod:`pokerfsm.precomputed.checks`) and answer ``equity(game="short-deck")``
through :mod:`pokerfsm.precomputed.answers`. Every hand in them is valued by
short deck's compact evaluator, so a build records the checksum of its tables
(:func:`rows_checksum`) where hold'em's tables record the hand-rank table's:
a build started with other tables (or by a pokerfsm that recorded the 52-card
table's checksum here) is not resumed but refused, saying to restart it.

>>> len(matchup_classes()), VS_RANDOM_DEFAULTS["target_std_error"], deals_for(0.001)
(10215, 0.001, 250000)
"""
from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..cards import Card
from ..short_deck_order import SHORT_DECK_CLASSES, SHORT_DECK_HU_BOARDS, SHORT_DECK_VS_RANDOM_SHOWDOWNS
from ..tallies import counts_text
from ..variants import game_of
from . import symmetry
from .omaha_vs_random import deals_for
from .rows import OUTCOMES, Row, category_text, hand_text, std_errors, vs_random_key

__all__ = ["HU_NAME", "VS_RANDOM_NAME", "LOWEST_CARD", "HU_COLUMNS", "HU_DEFAULTS", "VS_RANDOM_DEFAULTS",
           "matchup_classes", "is_matchup_class", "hu_rows", "hu_task_count", "hu_task", "vs_random_task_count",
           "vs_random_task", "vs_random_row", "deals_for", "rows_checksum"]

HU_NAME = "short-deck-preflop-hu"
VS_RANDOM_NAME = "short-deck-vs-random"
HU_COLUMNS = (("key", "INTEGER PRIMARY KEY"), ("hand1", "TEXT NOT NULL"), ("hand2", "TEXT NOT NULL"),
              ("wins", "INTEGER NOT NULL"), ("ties", "INTEGER NOT NULL"), ("losses", "INTEGER NOT NULL"),
              ("categories", "TEXT NOT NULL"))
HU_DEFAULTS: dict[str, Any] = {"classes_per_task": 100}
VS_RANDOM_DEFAULTS: dict[str, Any] = {"target_std_error": 0.001, "seed": 2024, "max_opponents": 9}
LOWEST_CARD = min(int(card) for card in game_of("short-deck").deck)
"""The lowest card short deck deals (6s): every card of a short-deck hand is at least this."""


def rows_checksum() -> str:
    """The checksum of short deck's compact tables, which value every hand of these tables' rows."""
    from ..evaluation.short_deck_compact import short_deck_compact_tables

    return short_deck_compact_tables().checksum


@functools.cache
def matchup_classes() -> np.ndarray:
    """The keys of the short-deck matchup classes, ascending (those of ``preflop-hu`` with no card below six)."""
    keys = np.asarray(symmetry.matchup_classes(), dtype=np.int64)
    lowest = np.minimum(keys // 52 ** 2 % 52, keys % 52)   # each hand's lower card
    found: np.ndarray = keys[lowest >= LOWEST_CARD]
    found.setflags(write=False)
    return found


def is_matchup_class(key: int) -> bool:
    """Whether ``key`` is the key of a short-deck matchup class."""
    classes = matchup_classes()
    at = int(np.searchsorted(classes, key))
    return at < len(classes) and int(classes[at]) == key


def _short_deck(players: list[Any]) -> Any:
    from ..odds.short_deck_deal import prepare_short_deck_deal

    return prepare_short_deck_deal(players)


def hu_rows(keys: Sequence[int] | np.ndarray) -> list[Row]:
    """The ``short-deck-preflop-hu`` rows of matchup classes ``keys``, each enumerated exactly."""
    from ..odds.short_deck import compute_short_deck

    rows: list[Row] = []
    for key in keys:
        first, second = symmetry.unpack_matchup(int(key))
        result = compute_short_deck(_short_deck([[Card(c) for c in first], [Card(c) for c in second]]), exact=True)
        if result.combinations != SHORT_DECK_HU_BOARDS:
            raise ArithmeticError(f"{hand_text(*first)} vs {hand_text(*second)}: {result.combinations:,} boards")
        player = result.players[0]
        rows.append((int(key), hand_text(*first), hand_text(*second), int(player.wins), int(player.ties),
                     int(player.losses), category_text(result.players, SHORT_DECK_HU_BOARDS)))
    return rows


def hu_task_count(parameters: Mapping[str, Any]) -> int:
    return -(-len(matchup_classes()) // int(parameters["classes_per_task"]))


def hu_task(task: int, parameters: Mapping[str, Any]) -> list[Row]:
    size = int(parameters["classes_per_task"])
    return hu_rows(matchup_classes()[task * size:(task + 1) * size])


def vs_random_task_count(parameters: Mapping[str, Any]) -> int:
    return len(SHORT_DECK_CLASSES) * int(parameters["max_opponents"])


def _outcomes(split_counts: Mapping[tuple[int, ...], float]) -> list[int]:
    """The :data:`~pokerfsm.precomputed.rows.OUTCOMES` counts of a result whose seat 0 is the hand."""
    outcomes = [0] * OUTCOMES
    for seats, count in split_counts.items():
        if 0 in seats:
            outcomes[len(seats)] += int(count)       # won as one of len(seats) players
        else:
            outcomes[0] += int(count)                 # lost ...
            outcomes[10 + len(seats)] += int(count)   # ... to len(seats) opponents sharing the best hand
    return outcomes


def vs_random_row(index: int, opponents: int, parameters: Mapping[str, Any]) -> Row:
    """The ``short-deck-vs-random`` row of class ``SHORT_DECK_CLASSES[index]`` against ``opponents`` random hands."""
    from ..odds.short_deck import compute_short_deck
    from ..ranges import parse_range

    name = SHORT_DECK_CLASSES[index]
    hand = list(next(iter(parse_range(name))))
    key = vs_random_key(index, opponents)
    deal = _short_deck([hand] + [None] * opponents)
    if opponents == 1:
        result = compute_short_deck(deal, exact=True)
        player = result.players[0]
        wins, ties, losses = int(player.wins), int(player.ties), int(player.losses)
        total = SHORT_DECK_VS_RANDOM_SHOWDOWNS
        if wins + ties + losses != total:
            raise ArithmeticError(f"{name}: {wins + ties + losses:,} showdowns, not {total:,}")
        return (key, name, 1, 1, None, wins, ties, losses, wins + ties / 2, wins / total, ties / total,
                losses / total, (wins + ties / 2) / total, None, None, None, None, None,
                category_text(result.players, total))
    deals = deals_for(float(parameters["target_std_error"]))
    result = compute_short_deck(deal, samples=deals, seed=int(parameters["seed"]) * 10_000 + key)
    outcomes = _outcomes(result.split_counts)
    if sum(outcomes[:11]) != deals:
        raise ArithmeticError(f"{name} against {opponents}: {sum(outcomes[:11]):,} deals, not {deals:,}")
    errors = std_errors(np.array(outcomes, dtype=np.int64), deals)
    share = float(sum(outcomes[k] / k for k in range(1, 11)))
    wins, ties, losses = outcomes[1], sum(outcomes[2:11]), outcomes[0]
    return (key, name, opponents, 0, deals, wins, ties, losses, share, wins / deals, ties / deals, losses / deals,
            share / deals, errors["win"], errors["tie"], errors["lose"], errors["equity"], counts_text(outcomes), None)


def vs_random_task(task: int, parameters: Mapping[str, Any]) -> list[Row]:
    """Task ``task``: one class against one number of opponents (all classes against 1 come first)."""
    opponents, index = divmod(task, len(SHORT_DECK_CLASSES))
    return [vs_random_row(index, opponents + 1, parameters)]
