"""Omaha hand patterns and the hands they match, as 52-bit card masks built with numpy.

A hand of ``k`` cards is the ``uint64`` mask with bit ``c`` set for each card
``c`` (see :mod:`pokerfsm.cards` for the numbering); sorted masks make a set
of hands that numpy searches and merges fast. A :class:`Pattern` is ``k``
:class:`Slot` s (a rank or any rank; a named suit, a suit variable or any
suit) and an optional suit :data:`QUALIFIERS` entry. Its hands are built
from the constrained slots, then every way to fill the free slots from the
rest of the deck, never by filtering all hands of the game (except for a
qualifier on a pattern of wildcards alone):

>>> aces = Pattern((Slot(12), Slot(12), Slot(), Slot()))
>>> str(aces), len(pattern_masks(aces, 4))
('AAxx', 6961)
>>> suited = Pattern((Slot(12, var="x"), Slot(11, var="x"), Slot(), Slot()))
>>> str(suited), len(pattern_masks(suited, 4))
('AxKx**', 4894)
>>> mask_cards(pattern_masks(Pattern((Slot(12, 0), Slot(11, 0), Slot(10, 1), Slot(9, 1))), 4))
array([[37, 41, 44, 48]], dtype=uint8)
"""
from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from math import comb

import numpy as np
from numpy.typing import NDArray

from .cards import RANK_SYMBOLS

__all__ = ["Slot", "Pattern", "QUALIFIERS", "SUIT_VARIABLES", "pattern_masks", "mask_cards", "cards_mask",
           "subset_masks", "sorted_unique", "qualifier_problem", "has_qualifier"]

Masks = NDArray[np.uint64]

SUIT_LETTERS = "shdc"
"""Named suits, in the card numbering's order."""
SUIT_VARIABLES = "xyzw"
"""Suit variables as ProPokerTools writes them: the same letter is the same suit, two letters are two
different suits, and a variable is never a suit the pattern names (``AsAxxx``: the second ace is not a spade)."""
QUALIFIERS = {"ds": "double-suited", "ss": "single-suited", "r": "rainbow"}
"""Suit qualifiers and their names: ``ds`` two suits hold two cards each, ``ss`` one suit holds two cards,
``r`` every card has its own suit; in all three no suit holds more than two cards."""
_SUIT_BITS = tuple(np.uint64(sum(1 << (4 * rank + suit) for rank in range(13))) for suit in range(4))
_CHUNK = 1 << 20
_EMPTY: Masks = np.zeros(0, dtype=np.uint64)


@dataclass(frozen=True, order=True)
class Slot:
    """One card of a pattern: ``rank`` 0-12 or ``None`` (any), and ``suit`` 0-3 (named) or ``var`` (a suit
    variable) or neither (any suit)."""

    rank: int | None = None
    suit: int | None = None
    var: str | None = None

    @property
    def is_free(self) -> bool:
        """True for a wildcard of any suit: the slot constrains nothing."""
        return self.rank is None and self.suit is None and self.var is None

    def text(self, wildcard: str) -> str:
        rank = wildcard if self.rank is None else RANK_SYMBOLS[self.rank]
        return rank + (SUIT_LETTERS[self.suit] if self.suit is not None else self.var or "")

    def sort_key(self) -> tuple[int, int, int, str]:
        """High ranks first, wildcards last; then named suits, suit variables, any suit."""
        kind = 0 if self.suit is not None else 1 if self.var else 2
        return (-(self.rank if self.rank is not None else -1), kind, self.suit or 0, self.var or "")


@dataclass(frozen=True)
class Pattern:
    """``k`` slots, in any order, and a qualifier (a key of :data:`QUALIFIERS`) or ``None``.

    :meth:`canonical` sorts the slots and names the suit variables x, y, z, w
    in order of appearance; ``str()`` writes the canonical text, with ``x``
    for any rank, or ``*`` when the pattern names a suit or has suit variables
    (where ``x`` could be read as a suit).
    """

    slots: tuple[Slot, ...]
    qualifier: str | None = None

    def canonical(self) -> Pattern:
        slots = self.slots
        for _ in range(len(slots) + 1):  # renaming may reorder tied slots; a few rounds settle it
            ordered = tuple(sorted(slots, key=Slot.sort_key))
            names: dict[str, str] = {}
            for slot in ordered:
                if slot.var and slot.var not in names:
                    names[slot.var] = SUIT_VARIABLES[len(names)]
            renamed = tuple(Slot(s.rank, s.suit, names[s.var]) if s.var else s for s in ordered)
            if renamed == slots:
                break
            slots = renamed
        return Pattern(slots, self.qualifier)

    def __str__(self) -> str:
        suited = any(slot.var or slot.suit is not None for slot in self.slots)
        wildcard = "*" if suited else "x"  # 'x' after 'As' could be read as a suit variable
        return "".join(slot.text(wildcard) for slot in self.slots) + (self.qualifier or "")


def qualifier_problem(qualifier: str, cards: int) -> str | None:
    """Why ``qualifier`` can apply to no hand of ``cards`` cards, or None.

    >>> qualifier_problem("r", 5)
    'no 5 cards are rainbow: there are 4 suits'
    """
    most = {"ds": 6, "ss": 5, "r": 4}[qualifier]
    least = {"ds": 4, "ss": 2, "r": 1}[qualifier]
    if cards > most:
        why = "there are 4 suits" if qualifier == "r" else f"at most {most} cards can be"
        return f"no {cards} cards are {QUALIFIERS[qualifier]}: {why}"
    if cards < least:
        return f"{cards} cards cannot be {QUALIFIERS[qualifier]}"
    return None


def has_qualifier(masks: Masks, qualifier: str) -> NDArray[np.bool_]:
    """Which hands are double-suited (``ds``), single-suited (``ss``) or rainbow (``r``)."""
    wanted = {"ds": 2, "ss": 1, "r": 0}[qualifier]
    result = np.empty(len(masks), dtype=bool)
    for start in range(0, len(masks), _CHUNK):  # in chunks: a few arrays of a million bytes at a time
        chunk = masks[start:start + _CHUNK]
        pairs = np.zeros(len(chunk), dtype=np.uint8)
        most = np.zeros(len(chunk), dtype=np.uint8)
        for bits in _SUIT_BITS:
            count = np.bitwise_count(chunk & bits)
            pairs += count == 2
            np.maximum(most, count, out=most)
        result[start:start + _CHUNK] = (most <= 2) & (pairs == wanted)
    return result


def subset_masks(size: int) -> Masks:
    """Every set of ``size`` of the 52 cards as masks, in increasing order (C(52, 6) = 20,358,520 at most).

    In this order the sets of cards numbered under ``b`` come first, C(b, size)
    of them. Up to 5 cards (22 MiB in all) they are kept once built; the 160 MiB
    of 6-card sets are built again each time they are asked for (a second or two).
    """
    if size <= _KEPT_SUBSETS:
        return _kept_subsets(size)
    return _grown(subset_masks(size - 1), size)


_KEPT_SUBSETS = 5


@functools.lru_cache(maxsize=_KEPT_SUBSETS + 1)
def _kept_subsets(size: int) -> Masks:
    return np.zeros(1, dtype=np.uint64) if size == 0 else _grown(_kept_subsets(size - 1), size)


def _grown(smaller: Masks, size: int) -> Masks:
    """The sets of ``size`` cards from those of ``size - 1``: each card on top of the sets below it."""
    masks = np.concatenate([np.uint64(1 << top) | smaller[:comb(top, size - 1)] for top in range(size - 1, 52)])
    masks.setflags(write=False)
    return masks


def sorted_unique(masks: Masks) -> Masks:
    """The distinct masks, sorted (a sort and a comparison: faster than ``np.unique`` on millions)."""
    ordered = np.sort(masks)
    if len(ordered) < 2:
        return ordered
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def cards_mask(cards: list[int] | tuple[int, ...]) -> int:
    """The mask of some card numbers."""
    mask = 0
    for card in cards:
        mask |= 1 << int(card)
    return mask


def mask_cards(masks: Masks) -> NDArray[np.uint8]:
    """The cards of each hand, lowest first: shape (n, k) for hands of k cards."""
    masks = np.ascontiguousarray(masks, dtype="<u8")
    if len(masks) == 0:
        return np.zeros((0, 0), dtype=np.uint8)
    bits = np.unpackbits(masks.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
    _, columns = np.nonzero(bits)
    return columns.astype(np.uint8).reshape(len(masks), -1)


def _slot_cards(slot: Slot, suit: int | None) -> Masks:
    ranks = range(13) if slot.rank is None else (slot.rank,)
    suits = range(4) if suit is None else (suit,)
    return np.array([1 << (4 * r + s) for r in ranks for s in suits], dtype=np.uint64)


def _bases(slots: list[Slot], named: set[int]) -> Masks:
    """The distinct card sets the constrained ``slots`` can be, one suit per variable (not a named suit)."""
    variables = sorted({slot.var for slot in slots if slot.var})
    free = [suit for suit in range(4) if suit not in named]
    parts = []
    for suits in itertools.permutations(free, len(variables)):
        chosen = dict(zip(variables, suits, strict=True))
        sets = np.zeros(1, dtype=np.uint64)
        for slot in slots:
            cards = _slot_cards(slot, slot.suit if slot.var is None else chosen[slot.var])
            apart = (sets[:, None] & cards[None, :]) == 0
            sets = sorted_unique((sets[:, None] | cards[None, :])[apart])
        parts.append(sets)
    return sorted_unique(np.concatenate(parts)) if parts else _EMPTY


def pattern_masks(pattern: Pattern, cards: int) -> Masks:
    """The sorted, distinct masks of every hand of ``cards`` cards that ``pattern`` matches.

    The pattern must have ``cards`` slots (the reader checks); a pattern that
    cannot be dealt (five aces, two named ``As``) matches nothing.
    """
    fixed = [slot for slot in pattern.slots if not slot.is_free]
    named = {slot.suit for slot in fixed if slot.suit is not None}
    bases = _bases(fixed, named)
    free = cards - len(fixed)
    if free and len(bases):
        fills = subset_masks(free)
        filled = [base | fills[(fills & base) == 0] for base in bases]
        bases = filled[0] if len(filled) == 1 else sorted_unique(np.concatenate(filled))
    if pattern.qualifier is not None:
        bases = bases[has_qualifier(bases, pattern.qualifier)]
    return bases
