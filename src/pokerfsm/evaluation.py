"""Evaluate hands on the state machine: ``evaluate``, ``best_five``, ``hand_odds``...

>>> from pokerfsm import evaluate, best_five, compare_hands
>>> evaluate("As 2d 3c 4h 5s").describe()
'Straight, Five high'
>>> evaluate("3s 2d Ac Kh Qs").category.name      # no wrap-around straight
'HIGH_CARD'
>>> best_five("Ah Kh Qh Jh Th 2c 3d")
(Card('Th'), Card('Jh'), Card('Qh'), Card('Kh'), Card('Ah'))
>>> compare_hands("Aca 10p", "Dt Aco", "Rco 10t 10ca 3t Vco")   # the course's example 1
-1
"""
from __future__ import annotations

import itertools
import os
from dataclasses import dataclass, field

from . import _eval
from .cards import DECK, Card, CardsLike, as_cards
from .errors import CardParseError, DuplicateCardError, InvalidDealError
from .ranking import CATEGORY_SHIFT, HandCategory, describe, equivalence_classes

__all__ = ["HandCategory", "HandRank", "evaluate", "evaluate_many", "best_five",
           "compare_hands", "hand_odds", "HandOdds", "threads_for"]


class HandRank(int):
    """A hand's value: an ``int``, higher is better (``category << 12 | rank``).

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


def _hand_ranks() -> list:
    ranks: list = [None] * _eval.HISTOGRAM_SIZE
    for cls in equivalence_classes():
        ranks[cls.value] = HandRank(cls.value)
    return ranks


def _validated(cards: CardsLike, sizes=(5, 6, 7), what: str = "a hand") -> tuple[Card, ...]:
    cards = as_cards(cards)
    if len(cards) not in sizes:
        want = str(sizes[0]) if len(sizes) == 1 else (
            ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}")
        raise InvalidDealError(f"{what} needs {want} cards, got {len(cards)}: "
                               f"{' '.join(map(str, cards)) or 'none'}")
    return cards


def _slow_evaluate(cards) -> HandRank:
    """Validate anything :func:`evaluate` could not take on its fast path, then evaluate it."""
    return _eval.evaluate(tuple(int(c) for c in _validated(cards)))


_eval.install(_hand_ranks(), _slow_evaluate, Card)
evaluate = _eval.evaluate


def threads_for(work: int) -> int:
    """Threads worth starting for ``work`` table lookups (``$POKERFSM_THREADS`` caps it)."""
    limit = int(os.environ.get("POKERFSM_THREADS", "0") or 0) or _eval.max_threads()
    return 1 if work < 200_000 else max(1, limit)


def evaluate_many(cards) -> "np.ndarray":
    """Values of many hands at once: an (n, 5|6|7) array of card ints -> int32 array (n,).

    Runs without the GIL and with no per-hand Python work.

    >>> import numpy as np
    >>> from pokerfsm import parse_cards
    >>> hands = np.array([parse_cards("Ah Kh Qh Jh Th"), parse_cards("2c 2d 5h 9s Kc")], dtype=np.uint8)
    >>> [HandRank(v).category.name for v in evaluate_many(hands)]
    ['STRAIGHT_FLUSH', 'PAIR']
    """
    import numpy as np

    array = np.asarray(cards)
    if array.ndim != 2 or array.shape[1] not in (5, 6, 7):
        raise InvalidDealError(f"evaluate_many takes an (n, 5|6|7) array, got shape {array.shape}")
    if array.dtype != np.uint8:
        if array.dtype.kind not in "iu":
            raise CardParseError(f"evaluate_many takes integer card codes, got dtype {array.dtype}")
        if array.size and (array.min() < 0 or array.max() > 51):
            bad = int(np.argmax(((array < 0) | (array > 51)).any(axis=1)))
            raise CardParseError(f"row {bad}: {array[bad].tolist()!r} has a card outside 0-51")
        array = array.astype(np.uint8)
    array = np.ascontiguousarray(array)
    out = np.empty(len(array), dtype=np.int32)
    if len(array) and _eval.evaluate_rows(array, out, threads_for(len(array) * 10)):
        bad = int(np.argmax(out < 0))
        row = array[bad].tolist()
        problem = "a card outside 0-51" if max(row) > 51 else "a repeated card"
        raise (CardParseError if max(row) > 51 else DuplicateCardError)(
            f"row {bad}: {row!r} has {problem}")
    return out


def best_five(cards: CardsLike) -> tuple[Card, ...]:
    """The five cards (sorted low to high) that make the hand of 5-7 cards.

    When several fives tie, the one made of the highest cards is given.
    """
    cards = _validated(cards)
    target = evaluate(cards)
    for five in itertools.combinations(sorted(cards, reverse=True), 5):
        if evaluate(five) == target:
            return tuple(sorted(five))
    raise AssertionError("unreachable: some five cards make the hand")  # pragma: no cover


def compare_hands(hand1: CardsLike, hand2: CardsLike, board: CardsLike) -> int:
    """1 if the first two-card hand wins on the five-card board, -1 if the second, 0 if tied."""
    first = _validated(hand1, (2,), "a hand")
    second = _validated(hand2, (2,), "a hand")
    table = _validated(board, (5,), "the board")
    as_cards(first + second + table)  # all distinct
    v1, v2 = evaluate(first + table), evaluate(second + table)
    return (v1 > v2) - (v1 < v2)


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

    def to_dict(self) -> dict:
        return {
            "cards": [str(c) for c in self.cards], "dead": [str(c) for c in self.dead],
            "total": self.total, "combinations": self.combinations,
            "categories": {c.name: {"count": n, "probability": n / self.combinations}
                           for c, n in self.category_counts.items()},
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

    if total not in (5, 6, 7):
        raise InvalidDealError(f"total must be 5, 6 or 7 cards, got {total!r}")
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
    from math import comb

    combinations = comb(len(rest), k)
    threads = threads_for(combinations)
    hist = np.zeros((threads, _eval.HISTOGRAM_SIZE), dtype=np.int64)
    _eval.count_completions(np.array(known, dtype=np.uint8), rest, k, total, hist)
    summed = hist.sum(axis=0)
    values = np.flatnonzero(summed)
    return HandOdds(known, dead_cards, total, combinations,
                    {int(v): int(summed[v]) for v in values})
