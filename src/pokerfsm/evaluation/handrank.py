"""Hand values as :class:`HandRank`, and the checks a hand's cards must pass.

A value is ``category << 12 | rank within category`` (see
:mod:`pokerfsm.ranking`), so a higher value is a better hand.

>>> v = HandRank(7 << 12 | 100)
>>> v.category.name, v > HandRank(6 << 12 | 1)
('FULL_HOUSE', True)
>>> validated("Ah Kh Qh Jh")
Traceback (most recent call last):
...
pokerfsm.errors.InvalidDealError: a hand needs 5, 6 or 7 cards, got 4: Ah Kh Qh Jh
"""
from __future__ import annotations

import functools
from collections.abc import Sequence

from ..cards import Card, CardsLike, as_cards
from ..errors import InvalidDealError
from ..ranking import CATEGORY_SHIFT, HandCategory, describe, equivalence_classes

__all__ = ["HandRank", "HISTOGRAM_SIZE", "validated", "hand_ranks"]

HISTOGRAM_SIZE = 10 << CATEGORY_SHIFT
"""Every hand value is below this."""


class HandRank(int):
    """A hand's value: an ``int``, higher is better (``category << 12 | rank``).

    >>> from pokerfsm import evaluate
    >>> v = evaluate("Kh Kd Kc 3s 3c")
    >>> v.category, v.describe()
    (<HandCategory.FULL_HOUSE: 7>, 'Full house, Kings full of Threes')
    >>> v > evaluate("Qh Qd Qc Js Jc")
    True
    """

    __slots__ = ()

    @property
    def category(self) -> HandCategory:
        return HandCategory(int(self) >> CATEGORY_SHIFT)

    @property
    def rank_in_category(self) -> int:
        """1 for the weakest hand of its category, up."""
        return int(self) & ((1 << CATEGORY_SHIFT) - 1)

    def describe(self, lang: str = "en") -> str:
        """E.g. ``'Full house, Kings full of Threes'``; ``lang='fr'`` for the course's names."""
        return describe(int(self), lang)

    def __repr__(self) -> str:
        return f"<HandRank {int(self)}: {self.describe()}>"

    def __str__(self) -> str:
        return self.describe()


@functools.lru_cache(maxsize=1)
def hand_ranks() -> list[HandRank | None]:
    """``hand_ranks()[value]`` is the :class:`HandRank` of every valid value (None elsewhere)."""
    ranks: list[HandRank | None] = [None] * HISTOGRAM_SIZE
    for cls in equivalence_classes():
        ranks[cls.value] = HandRank(cls.value)
    return ranks


def validated(cards: CardsLike, sizes: Sequence[int] = (5, 6, 7), what: str = "a hand") -> tuple[Card, ...]:
    """``cards`` as distinct Cards, checked to number one of ``sizes``.

    Raises CardParseError, DuplicateCardError or InvalidDealError.
    """
    cards = as_cards(cards)
    if len(cards) not in sizes:
        want = str(sizes[0]) if len(sizes) == 1 else (
            ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}")
        raise InvalidDealError(f"{what} needs {want} cards, got {len(cards)}: "
                               f"{' '.join(map(str, cards)) or 'none'}")
    return cards
