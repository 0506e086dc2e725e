"""Hand categories and the 7,462 five-card equivalence classes, built from the rules.

A hand *value* is ``category << 12 | rank within category``: categories run
from 1 (high card) to 9 (straight flush) and ranks within a category from 1
(weakest) up, so a higher value is a better hand.

>>> classes = equivalence_classes()
>>> len(classes), len({c.value for c in classes})
(7462, 7462)
>>> describe(FIVE_HIGH_STRAIGHT)
'Straight, Five high'
"""
from __future__ import annotations

import enum
import functools
import itertools
from typing import NamedTuple

from .cards import Rank

__all__ = [
    "HandCategory", "HandClass", "equivalence_classes", "ranked_classes", "ranked_class", "class_of", "describe",
    "CATEGORY_SHIFT", "FIVE_HIGH_STRAIGHT",
]

CATEGORY_SHIFT = 12


class HandCategory(enum.IntEnum):
    """The nine hand categories, weakest first."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    @property
    def label(self) -> str:
        """English name, e.g. ``'Full house'``."""
        return _LABELS["en"][self]

    @property
    def french(self) -> str:
        """The course's name, e.g. ``'Full'``."""
        return _LABELS["fr"][self]


_LABELS = {
    "en": {1: "High card", 2: "Pair", 3: "Two pair", 4: "Three of a kind", 5: "Straight",
           6: "Flush", 7: "Full house", 8: "Four of a kind", 9: "Straight flush"},
    "fr": {1: "Carte haute", 2: "Paire", 3: "Double paire", 4: "Brelan", 5: "Suite",
           6: "Couleur", 7: "Full", 8: "Carré", 9: "Quinte flush"},
}


class HandClass(NamedTuple):
    """One equivalence class: its category, its ranks (most significant first), its value."""

    category: HandCategory
    key: tuple[int, ...]
    value: int

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five ranks of a hand of this class, e.g. a full house (K, 3) -> (K, K, K, 3, 3)."""
        c, k = self.category, self.key
        if c in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
            return tuple(k[0] - i if k[0] - i >= 0 else int(Rank.ACE) for i in range(5))
        counts = {HandCategory.PAIR: (2, 1, 1, 1), HandCategory.TWO_PAIR: (2, 2, 1),
                  HandCategory.THREE_OF_A_KIND: (3, 1, 1), HandCategory.FULL_HOUSE: (3, 2),
                  HandCategory.FOUR_OF_A_KIND: (4, 1)}.get(c, (1, 1, 1, 1, 1))
        return tuple(r for r, n in zip(k, counts) for _ in range(n))


#: ``(top rank)`` of the five-high straight: the ace plays low.
FIVE_HIGH = int(Rank.FIVE)
FIVE_HIGH_STRAIGHT = HandCategory.STRAIGHT << CATEGORY_SHIFT | 1


def _straight_top(desc: tuple[int, ...], lowest: int = 0) -> int | None:
    """Top rank if five distinct ranks (descending) are a straight; the ace also plays below
    ``lowest`` (A-2-3-4-5 in the full deck), and nothing wraps around."""
    if desc[0] - desc[4] == 4:
        return desc[0]
    if desc == (int(Rank.ACE), lowest + 3, lowest + 2, lowest + 1, lowest):
        return lowest + 3
    return None


@functools.lru_cache(maxsize=4)
def ranked_classes(lowest: int = 0, order: tuple[HandCategory, ...] = tuple(HandCategory)) -> tuple[HandClass, ...]:
    """Every five-card class of the ranks ``lowest`` to the ace, weakest first.

    ``order`` lists the categories weakest first; a class is valued
    ``place << 12 | rank within its category``, ``place`` counting from 1 in
    ``order`` (so in the usual order it is the category itself). The ace also
    plays below ``lowest`` in the lowest straight.

    >>> len(ranked_classes()), len(ranked_classes(int(Rank.SIX)))
    (7462, 1404)
    """
    ranks = range(int(Rank.ACE), lowest - 1, -1)  # descending
    keys: dict[HandCategory, list[tuple[int, ...]]] = {c: [] for c in HandCategory}
    for five in itertools.combinations(ranks, 5):
        top = _straight_top(five, lowest)
        if top is None:
            keys[HandCategory.HIGH_CARD].append(five)
            keys[HandCategory.FLUSH].append(five)
        else:
            keys[HandCategory.STRAIGHT].append((top,))
            keys[HandCategory.STRAIGHT_FLUSH].append((top,))
    for a in ranks:
        others = [r for r in ranks if r != a]
        for b in others:
            keys[HandCategory.FOUR_OF_A_KIND].append((a, b))
            keys[HandCategory.FULL_HOUSE].append((a, b))
        keys[HandCategory.THREE_OF_A_KIND].extend((a, *ks) for ks in itertools.combinations(others, 2))
        keys[HandCategory.PAIR].extend((a, *ks) for ks in itertools.combinations(others, 3))
    for high, low in itertools.combinations(ranks, 2):
        keys[HandCategory.TWO_PAIR].extend((high, low, k) for k in ranks if k not in (high, low))
    return tuple(HandClass(category, key, place << CATEGORY_SHIFT | index)
                 for place, category in enumerate(order, start=1)
                 for index, key in enumerate(sorted(keys[category]), start=1))


def equivalence_classes() -> tuple[HandClass, ...]:
    """All 7,462 classes, ordered weakest to strongest, with their values."""
    return ranked_classes()


@functools.lru_cache(maxsize=4)
def _by_value(lowest: int, order: tuple[HandCategory, ...]) -> dict[int, HandClass]:
    return {c.value: c for c in ranked_classes(lowest, order)}


def ranked_class(value: int, lowest: int = 0, order: tuple[HandCategory, ...] = tuple(HandCategory),
                 game: str = "") -> HandClass:
    """The class of ``value`` among :func:`ranked_classes` ``(lowest, order)``; raises ValueError,
    naming the ``game``, if there is none."""
    try:
        return _by_value(lowest, order)[int(value)]
    except KeyError:
        raise ValueError(f"{value!r} is not a {game + ' ' if game else ''}hand value") from None


def class_of(value: int) -> HandClass:
    """The equivalence class of a hand value; raises ValueError if there is none."""
    return ranked_class(value)


_NAMES = {
    "en": ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
           "Jack", "Queen", "King", "Ace"),
    "fr": ("Deux", "Trois", "Quatre", "Cinq", "Six", "Sept", "Huit", "Neuf", "Dix",
           "Valet", "Dame", "Roi", "As"),
}
_PLURAL_EN = {"Six": "Sixes"}
_PLURAL_FR = {"Valet": "Valets", "Dame": "Dames", "Roi": "Rois"}


def _plural(rank: int, lang: str) -> str:
    name = _NAMES[lang][rank]
    if lang == "en":
        return _PLURAL_EN.get(name, name + "s")
    return _PLURAL_FR.get(name, name)


def _au(rank: int) -> str:
    """French 'au Roi', 'à la Dame', 'à l'As'."""
    name = _NAMES["fr"][rank]
    return {"Dame": "à la Dame", "As": "à l'As"}.get(name, f"au {name}")


def _de(rank: int) -> str:
    """French 'de Rois', "d'As", 'de Huit'."""
    name = _plural(rank, "fr")
    return f"d'{name}" if name[0] in "AEIOU" else f"de {name}"


def _aux(rank: int) -> str:
    return f"aux {_plural(rank, 'fr')}"


def describe(value: int, lang: str = "en") -> str:
    """Describe a hand value in English (``lang='en'``) or in the course's French (``'fr'``).

    >>> from pokerfsm.ranking import HandCategory as C
    >>> [describe(c.value, "fr") for c in equivalence_classes() if c.key == (11, 1)][:2]
    ['Full aux Rois par les Trois', 'Carré de Rois']
    """
    if lang not in _NAMES:
        raise ValueError(f"unknown language {lang!r} (use 'en' or 'fr')")
    cls = class_of(value)
    c, k = cls.category, cls.key
    name = _NAMES[lang]
    if lang == "en":
        return {
            HandCategory.STRAIGHT_FLUSH: lambda: f"Straight flush, {name[k[0]]} high",
            HandCategory.FOUR_OF_A_KIND: lambda: f"Four of a kind, {_plural(k[0], lang)}",
            HandCategory.FULL_HOUSE: lambda: (
                f"Full house, {_plural(k[0], lang)} full of {_plural(k[1], lang)}"),
            HandCategory.FLUSH: lambda: f"Flush, {name[k[0]]} high",
            HandCategory.STRAIGHT: lambda: f"Straight, {name[k[0]]} high",
            HandCategory.THREE_OF_A_KIND: lambda: f"Three of a kind, {_plural(k[0], lang)}",
            HandCategory.TWO_PAIR: lambda: (
                f"Two pair, {_plural(k[0], lang)} and {_plural(k[1], lang)}"),
            HandCategory.PAIR: lambda: f"Pair of {_plural(k[0], lang)}",
            HandCategory.HIGH_CARD: lambda: f"High card, {name[k[0]]}",
        }[c]()
    return {
        HandCategory.STRAIGHT_FLUSH: lambda: f"Quinte flush {_au(k[0])}",
        HandCategory.FOUR_OF_A_KIND: lambda: f"Carré {_de(k[0])}",
        HandCategory.FULL_HOUSE: lambda: f"Full {_aux(k[0])} par les {_plural(k[1], 'fr')}",
        HandCategory.FLUSH: lambda: f"Couleur {_au(k[0])}",
        HandCategory.STRAIGHT: lambda: f"Suite {_au(k[0])}",
        HandCategory.THREE_OF_A_KIND: lambda: f"Brelan {_de(k[0])}",
        HandCategory.TWO_PAIR: lambda: f"Double paire {_de(k[0])} par les {_plural(k[1], 'fr')}",
        HandCategory.PAIR: lambda: f"Paire {_de(k[0])}",
        HandCategory.HIGH_CARD: lambda: f"Carte haute {_au(k[0])}",
    }[c]()
