"""What the rows of the precomputed tables hold: the counts behind them and the text of their columns.

A row's cards are text (:func:`hand_text`, :func:`board_text`); its counts
are checked against the number of showdowns it stands for (the flop
constants here, the preflop ones in :mod:`pokerfsm.tallies`); a Monte Carlo
row of ``preflop-vs-random`` keeps :data:`OUTCOMES` counts, from which its
figures and their standard errors (:func:`std_errors`) follow. The tables
themselves and how they are built are in :mod:`pokerfsm.precomputed.tasks`.

>>> hand_text(48, 51), FLOP_SHOWDOWNS
('AcAs', 1070190)
"""
from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..cards import Card
from ..ranking import HandCategory
from ..tallies import counts_text

__all__ = ["Row", "OUTCOMES", "FLOP_RUNS", "FLOP_HANDS", "FLOP_SHOWDOWNS", "FLOP_SQUARE_SCALE", "hand_text",
           "board_text", "outcomes_agree", "vs_random_key", "std_errors", "category_text"]

Row = tuple[Any, ...]
"""One row of a table as SQLite returns it."""

OUTCOMES = 20
"""Counts per Monte Carlo row of ``preflop-vs-random`` (its ``outcomes`` column, space-separated):
the deals lost; won as one of k players sharing the best hand (k = 1-10); lost to j opponents
sharing the best hand (j = 1-9). The opponents are alike, so these give every seat's figures."""
FLOP_RUNS = 1_081
"""Turn-river pairs after a hand and a flop: C(47, 2)."""
FLOP_HANDS = 990
"""Hands an opponent can hold once a hand and five board cards are dealt: C(45, 2)."""
FLOP_SHOWDOWNS = FLOP_RUNS * FLOP_HANDS
"""Showdowns of a hand on a flop against one random hand: every turn and river, every hand."""
FLOP_SQUARE_SCALE = FLOP_RUNS * (2 * FLOP_HANDS) ** 2
"""E[HS^2] = ``squares`` / this: each river's hand strength is (2 wins + ties) / (2 * 990)."""


@functools.cache
def _card_texts() -> tuple[str, ...]:
    return tuple(str(Card(card)) for card in range(52))


def hand_text(a: int, b: int) -> str:
    """Two cards as a table's text column holds them, higher first: ``'AhKh'``."""
    texts = _card_texts()
    return texts[a] + texts[b] if a > b else texts[b] + texts[a]


def board_text(board: Sequence[int]) -> str:
    """A board as ``flop-ehs`` holds it, highest card first: ``'Ac6d2h'``."""
    texts = _card_texts()
    return "".join(texts[c] for c in sorted(board, reverse=True))


def outcomes_agree(outcomes: Sequence[int], wins: int, ties: int, losses: int, samples: int) -> bool:
    """Whether a Monte Carlo row's ``outcomes`` (see :data:`OUTCOMES`) are the ones behind its
    wins, ties, losses and number of deals.

    >>> outcomes_agree([2, 5, 3] + [0] * 8 + [1, 1] + [0] * 7, 5, 3, 2, 10)
    True
    """
    return (len(outcomes) == OUTCOMES and min(outcomes) >= 0
            and (outcomes[0], outcomes[1], sum(outcomes[2:11]), sum(outcomes[11:]), sum(outcomes[:11]))
            == (losses, wins, ties, losses, samples))


def vs_random_key(index: int, opponents: int) -> int:
    """The key of the ``preflop-vs-random`` row of class ``HAND_CLASSES[index]`` against ``opponents``.

    >>> divmod(vs_random_key(3, 2), 16)
    (3, 2)
    """
    return index * 16 + opponents


def std_errors(counts: np.ndarray, deals: int) -> dict[str, float]:
    """Standard errors of win, tie, lose and equity from a Monte Carlo row's counts (see
    :data:`OUTCOMES`; the first 11 are used: the deals lost, and those won as one of 1-10 players).

    >>> errors = std_errors(np.array([50, 50, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 100)
    >>> round(errors["win"], 6), errors["tie"]
    (0.050252, 0.0)
    """
    counts = counts[:11]
    n = float(deals)
    win, tie, lose = counts[1] / n, counts[2:].sum() / n, counts[0] / n
    shares = np.array([0.0] + [1.0 / k for k in range(1, 11)])
    mean = float((counts * shares).sum()) / n
    square = float((counts * shares ** 2).sum()) / n
    denominator = max(n - 1.0, 1.0)
    return {"win": math.sqrt(win * (1 - win) / denominator),
            "tie": math.sqrt(tie * (1 - tie) / denominator),
            "lose": math.sqrt(lose * (1 - lose) / denominator),
            "equity": math.sqrt(max(square - mean * mean, 0.0) / denominator)}


def category_text(players: Sequence[Any], total: int) -> str:
    """The ``categories`` column of an exact ``preflop-vs-random`` row: the showdowns in which the
    hand, then the random hand, makes each category (9 counts each, high card first), from an
    exact result's fractions (each a count over ``total``, so rounding recovers the count)."""
    counts = [[round(p.categories[category.name] * total) for category in HandCategory] for p in players]
    if any(sum(row) != total for row in counts):
        raise ArithmeticError(f"category counts {counts} do not add up to {total} showdowns")
    return counts_text(c for row in counts for c in row)
