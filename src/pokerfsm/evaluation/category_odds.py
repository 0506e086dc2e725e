"""Count hand values over every completion of some cards: :func:`hand_odds`.

>>> odds = hand_odds(total=5)          # every five-card hand
>>> odds.combinations, odds.distinct_values, odds.category_counts[HandCategory.STRAIGHT_FLUSH]
(2598960, 7462, 40)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import Any

from ..cards import DECK, Card, CardsLike, as_cards
from ..errors import InvalidDealError, OptionError
from ..ranking import CATEGORY_SHIFT, HandCategory
from . import _walk
from .handrank import HISTOGRAM_SIZE
from .hands import threads_for

__all__ = ["HandOdds", "hand_odds"]


@dataclass(frozen=True)
class HandOdds:
    """Counts of hand values over every completion of some cards."""

    cards: tuple[Card, ...]
    dead: tuple[Card, ...]
    total: int
    combinations: int
    value_counts: dict[int, int] = field(repr=False)

    @property
    def category_counts(self) -> dict[HandCategory, int]:
        """Completions per category, straight flush first."""
        counts = dict.fromkeys(reversed(HandCategory), 0)
        for value, n in self.value_counts.items():
            counts[HandCategory(value >> CATEGORY_SHIFT)] += n
        return counts

    @property
    def probabilities(self) -> dict[HandCategory, float]:
        return {c: n / self.combinations for c, n in self.category_counts.items()}

    @property
    def distinct_values(self) -> int:
        return len(self.value_counts)

    def to_dict(self) -> dict[str, Any]:
        counts, probabilities = self.category_counts, self.probabilities
        return {
            "cards": [str(c) for c in self.cards], "dead": [str(c) for c in self.dead],
            "total": self.total, "combinations": self.combinations,
            "categories": {c.name: {"count": counts[c], "probability": probabilities[c]} for c in counts},
        }


def hand_odds(cards: CardsLike = (), dead: CardsLike = (), total: int = 7) -> HandOdds:
    """Count every category over all completions of ``cards`` to ``total`` cards.

    Dead cards are left out of the deck. The walk reuses each prefix: the state
    after the known cards, then after each further card, is computed once.
    With nothing known it walks all 133,784,560 seven-card hands.

    >>> odds = hand_odds(total=5)          # every five-card hand
    >>> odds.combinations, odds.distinct_values, odds.category_counts[HandCategory.STRAIGHT_FLUSH]
    (2598960, 7462, 40)
    """
    import numpy as np

    if isinstance(total, bool) or not isinstance(total, int) or total not in (5, 6, 7):
        raise OptionError(f"total must be 5, 6 or 7 cards, got {total!r}", field="total")
    known = as_cards(cards)
    dead_cards = as_cards(dead)
    as_cards(known + dead_cards)  # known and dead cards are distinct
    if len(known) > total:
        raise InvalidDealError(f"{len(known)} cards given, more than total={total}")
    used = set(known) | set(dead_cards)
    rest = np.array([c for c in DECK if c not in used], dtype=np.uint8)
    k = total - len(known)
    if len(rest) < k:
        raise InvalidDealError(f"only {len(rest)} cards left, {k} needed")
    combinations = comb(len(rest), k)
    threads = threads_for(combinations)
    hist = np.zeros((threads, HISTOGRAM_SIZE), dtype=np.int64)
    _walk.count_completions(np.array(known, dtype=np.uint8), rest, k, total, hist)
    summed = hist.sum(axis=0)
    values = np.flatnonzero(summed)
    return HandOdds(known, dead_cards, total, combinations,
                    {int(v): int(summed[v]) for v in values})
