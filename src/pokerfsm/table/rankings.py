"""The rankings a hand-rank table can be built for: which cards are dealt and how five cards compare.

A :class:`Ranking` is the data the generator needs and nothing else: the deck
(card ints of :mod:`pokerfsm.cards`; a short deck keeps the full deck's
indices and simply never deals the others), the five-card classes weakest
first with their values, the file it is stored in, and the number of states
the generator finds at each depth (checked when it builds and when it opens
the file).

* :data:`HOLDEM`: the 52-card deck and :func:`pokerfsm.ranking.equivalence_classes`
  (7,462 classes, ``category << 12 | rank``).
* :data:`SHORT_DECK`: the 36 cards six and up (:data:`pokerfsm.variants.SHORT_DECK`), ranked as pokerkit's
  ``ShortDeckHoldemHand`` ranks them: the ace also plays low in A-6-7-8-9
  (the lowest straight), and a flush beats a full house. Three of a kind
  stays below a straight. A value is ``place << 12 | rank``, ``place`` being
  the category's place in that order (:data:`SHORT_DECK_ORDER`), so values
  compare within the game; :func:`short_deck_class` gives each its
  :class:`~pokerfsm.ranking.HandClass`, whose ``category`` is the usual one.

>>> len(SHORT_DECK.deck), len(SHORT_DECK.classes())
(36, 1404)
>>> [c.name for c in SHORT_DECK_ORDER][4:7]
['STRAIGHT', 'FULL_HOUSE', 'FLUSH']
>>> short_deck_class(SHORT_DECK.classes()[0].value).key   # the weakest hand: 9-8-7-6 and a jack
(9, 7, 6, 5, 4)
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..cards import DECK, Rank
from ..ranking import HandCategory, HandClass, equivalence_classes, ranked_class, ranked_classes
from ..variants import SHORT_DECK as SHORT_DECK_CARDS
from ..variants import HighRule

__all__ = ["Ranking", "HOLDEM", "SHORT_DECK", "RANKINGS", "SHORT_DECK_ORDER", "short_deck_classes",
           "short_deck_class", "class_ranks", "deck_mask"]


@dataclass(frozen=True)
class Ranking:
    """What a hand-rank table is built for: the cards dealt and the five-card classes.

    ``classes()`` lists the classes weakest first, each with its value;
    ``level_sizes`` are the states by cards seen (0 to 6), as the generator
    finds them; ``file_stem`` names the file (see :mod:`pokerfsm.table.format`).
    """

    name: str
    deck: tuple[int, ...]
    classes: Callable[[], tuple[HandClass, ...]]
    file_stem: str
    level_sizes: tuple[int, ...]

    @property
    def lowest_rank(self) -> int:
        """The lowest rank dealt (0, the deuce, for the full deck)."""
        return min(card >> 2 for card in self.deck)

    @property
    def first_rows(self) -> tuple[int, ...]:
        """The first row of each level (row 0 is the dead end), then the row count."""
        return tuple(1 + sum(self.level_sizes[:depth]) for depth in range(len(self.level_sizes) + 1))


def deck_mask(deck: tuple[int, ...]) -> int:
    """The deck as a 52-bit mask, bit ``card`` set for each card dealt."""
    mask = 0
    for card in deck:
        mask |= 1 << card
    return mask


SHORT_DECK_ORDER = HighRule.SHORT_DECK.categories
"""The short-deck categories weakest first; a value's ``value >> 12`` is its place here, from 1."""

_SIX = int(Rank.SIX)
_ACE = int(Rank.ACE)


def class_ranks(cls: HandClass, lowest: int = 0) -> tuple[int, ...]:
    """The five ranks of a hand of ``cls`` in a deck whose lowest rank is ``lowest`` (the ace
    completes the lowest straight, A-6-7-8-9 in a short deck).

    >>> from pokerfsm.ranking import HandCategory as C
    >>> class_ranks(HandClass(C.STRAIGHT, (7,), 0), lowest=4)
    (7, 6, 5, 4, 12)
    """
    if cls.category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        top = cls.key[0]
        return tuple(top - i if top - i >= lowest else _ACE for i in range(5))
    return cls.ranks


def short_deck_classes() -> tuple[HandClass, ...]:
    """Every short-deck class, weakest first, valued ``place << 12 | rank`` (:data:`SHORT_DECK_ORDER`)."""
    return ranked_classes(_SIX, SHORT_DECK_ORDER)


def short_deck_class(value: int) -> HandClass:
    """The short-deck class of a short-deck value; raises ValueError if there is none."""
    return ranked_class(value, _SIX, SHORT_DECK_ORDER, "short-deck")


HOLDEM = Ranking("holdem", tuple(int(c) for c in DECK), equivalence_classes, "hand-ranks",
                 (1, 52, 1_326, 22_100, 84_448, 152_607, 352_443))
SHORT_DECK = Ranking("short-deck", tuple(int(c) for c in SHORT_DECK_CARDS), short_deck_classes,
                     "short-deck-ranks", (1, 36, 630, 7_140, 18_279, 21_438, 30_474))
RANKINGS = {ranking.name: ranking for ranking in (HOLDEM, SHORT_DECK)}
"""Every ranking by name."""
