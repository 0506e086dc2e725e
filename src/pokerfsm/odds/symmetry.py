"""Suit symmetry: renaming suits changes no probability.

A suit permutation ``perm`` renames suit ``s`` to ``perm[s]`` (suits as in
:mod:`pokerfsm.cards`: s h d c = 0 1 2 3). The exact enumeration walks one
board per orbit of the permutations that fix the deal; the web's answer
cache files equivalent questions under one key. Both use these functions;
the renamings themselves and :func:`~pokerfsm.combos.relabel` are in :mod:`pokerfsm.combos`.

>>> from pokerfsm.ranges import parse_range
>>> len(range_symmetries(parse_range("AKs"))), len(range_symmetries(parse_range("AhKh")))
(24, 6)
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..combos import SUIT_PERMUTATIONS, SuitMap, relabel
from ..ranges import HandRange

if TYPE_CHECKING:  # pragma: no cover
    from .deal import Deal

__all__ = ["fixes", "range_symmetries", "deal_symmetries"]


def fixes(suits: Sequence[int], cards: Iterable[int]) -> bool:
    """Whether renaming by ``suits`` maps the set of ``cards`` onto itself."""
    cards = {int(c) for c in cards}
    return set(relabel(cards, suits)) == cards


def range_symmetries(hand_range: HandRange) -> frozenset[SuitMap]:
    """The renamings that map a weighted range onto itself (computed once per range)."""
    return hand_range.derived("symmetries", lambda r: frozenset(_invariant(r, SUIT_PERMUTATIONS)))


def _invariant(hand_range: HandRange, candidates: Sequence[SuitMap]) -> list[SuitMap]:
    """Those of ``candidates`` under which the range's weights are unchanged."""
    if hand_range.is_random:
        return list(candidates)
    weights = np.zeros((52, 52))
    for (a, b), w in hand_range.items():
        weights[a, b] = weights[b, a] = w
    found = []
    for suits in candidates:
        image = np.array(relabel(range(52), suits))
        if np.array_equal(weights[np.ix_(image, image)], weights):
            found.append(suits)
    return found


def deal_symmetries(deal: Deal, ranges: Sequence[HandRange]) -> list[SuitMap]:
    """The renamings that fix the board, the dead cards, each known hand and each of ``ranges``."""
    fixed = [deal.board, deal.dead] + [s.hand for s in deal.seats if s.hand]
    allowed = [s for s in SUIT_PERMUTATIONS if all(fixes(s, cards) for cards in fixed)]
    for hand_range in ranges:
        allowed = _invariant(hand_range, allowed)
    return allowed
