"""Count hand values over every completion of some cards: :func:`hand_odds`.

>>> odds = hand_odds(total=5)          # every five-card hand
>>> odds.combinations, odds.distinct_values, odds.category_counts[HandCategory.STRAIGHT_FLUSH]
(2598960, 7462, 40)

At short deck (``game="short-deck"``) the deck is the 36 cards six and up and
values are short deck's (its hand-rank table walked the same way): a flush
is rarer than a full house there, which is why it ranks above it, and the
categories are listed best first in short deck's order.

>>> sd = hand_odds(total=5, game="short-deck")
>>> sd.combinations, sd.category_counts[HandCategory.FLUSH], sd.category_counts[HandCategory.FULL_HOUSE]
(376992, 480, 1728)
>>> [c.name for c in sd.category_counts][:4]
['STRAIGHT_FLUSH', 'FOUR_OF_A_KIND', 'FLUSH', 'FULL_HOUSE']
"""
from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import Any

from ..cards import Card, CardsLike, as_cards
from ..errors import InvalidDealError, OptionError
from ..ranking import CATEGORY_SHIFT, HandCategory
from ..table.rankings import SHORT_DECK_ORDER
from ..variants import HOLDEM, GameLike, game_of, not_played
from . import _walk
from .handrank import HISTOGRAM_SIZE
from .hands import threads_for
from .short_deck import checked_short_deck_cards, short_deck_table

_SHORT_DECK = game_of("short-deck")

__all__ = ["HandOdds", "hand_odds"]


@dataclass(frozen=True)
class HandOdds:
    """Counts of hand values over every completion of some cards."""

    cards: tuple[Card, ...]
    dead: tuple[Card, ...]
    total: int
    combinations: int
    value_counts: dict[int, int] = field(repr=False)
    game: str = HOLDEM.name

    @property
    def category_counts(self) -> dict[HandCategory, int]:
        """Completions per category, the best first (straight flush; at short deck the flush above the
        full house)."""
        order = SHORT_DECK_ORDER if self.game == _SHORT_DECK.name else tuple(HandCategory)
        counts = dict.fromkeys(reversed(order), 0)
        for value, n in self.value_counts.items():
            counts[order[(value >> CATEGORY_SHIFT) - 1]] += n
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
            "game": self.game, "cards": [str(c) for c in self.cards], "dead": [str(c) for c in self.dead],
            "total": self.total, "combinations": self.combinations,
            "categories": {c.name: {"count": counts[c], "probability": probabilities[c]} for c in counts},
        }


def hand_odds(cards: CardsLike = (), dead: CardsLike = (), total: int = 7, *, game: GameLike = "holdem") -> HandOdds:
    """Count every category over all completions of ``cards`` to ``total`` cards, at hold'em or short
    deck (``game``; another game is one OptionError naming the games offered).

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
    chosen = game_of(game)
    if chosen not in (HOLDEM, _SHORT_DECK):
        raise not_played(chosen, "category odds", (HOLDEM, _SHORT_DECK))
    known = as_cards(cards)
    dead_cards = as_cards(dead)
    as_cards(known + dead_cards)  # known and dead cards are distinct
    if chosen is _SHORT_DECK:
        checked_short_deck_cards(known, "cards")
        checked_short_deck_cards(dead_cards, "dead")
    if len(known) > total:
        raise InvalidDealError(f"{len(known)} cards given, more than total={total}")
    used = set(known) | set(dead_cards)
    rest = np.array([c for c in chosen.deck if c not in used], dtype=np.uint8)
    k = total - len(known)
    if len(rest) < k:
        raise InvalidDealError(f"only {len(rest)} cards left, {k} needed")
    combinations = comb(len(rest), k)
    threads = threads_for(combinations)
    hist = np.zeros((threads, HISTOGRAM_SIZE), dtype=np.int64)
    table = short_deck_table() if chosen is _SHORT_DECK else None
    _walk.count_completions(np.array(known, dtype=np.uint8), rest, k, total, hist, table)
    summed = hist.sum(axis=0)
    values = np.flatnonzero(summed)
    return HandOdds(known, dead_cards, total, combinations,
                    {int(v): int(summed[v]) for v in values}, chosen.name)
