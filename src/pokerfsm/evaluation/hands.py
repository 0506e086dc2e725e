"""Evaluate hands one at a time or in bulk: ``evaluate``, ``evaluate_many``, ``best_five``...

Single hands and arrays of unrelated hands go to the compact evaluator
(:mod:`pokerfsm.evaluation.compact`, tables in the L2 cache): measured
against the state machine (perf/bench_evaluate.py) it is several times faster
for one ``evaluate()`` call and tens of times for random hands in
``evaluate_many``, where the state machine misses the cache at every card.
Both give identical values.

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
from typing import TYPE_CHECKING

from ..cards import Card, CardsLike, as_cards
from ..errors import CardParseError, DuplicateCardError, InvalidDealError
from . import _compact, _walk
from .handrank import validated

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

__all__ = ["evaluate", "evaluate_many", "best_five", "compare_hands", "threads_for"]

evaluate = _compact.evaluate


def threads_for(work: int) -> int:
    """Threads worth starting for ``work`` table lookups (``$POKERFSM_THREADS`` caps it)."""
    limit = int(os.environ.get("POKERFSM_THREADS", "0") or 0) or _walk.max_threads()
    return 1 if work < 200_000 else max(1, limit)


def evaluate_many(cards: ArrayLike) -> NDArray[np.int32]:
    """Values of many hands at once: an (n, 5|6|7) array of card ints -> int32 array (n,).

    Runs without the GIL and with no per-hand Python work.

    >>> import numpy as np
    >>> from pokerfsm import HandRank, parse_cards
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
    if len(array) and _compact.evaluate_rows(array, out, threads_for(len(array) * 10)):
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
    cards = validated(cards)
    target = evaluate(cards)
    for five in itertools.combinations(sorted(cards, reverse=True), 5):
        if evaluate(five) == target:
            return tuple(sorted(five))
    raise AssertionError("unreachable: some five cards make the hand")  # pragma: no cover


def compare_hands(hand1: CardsLike, hand2: CardsLike, board: CardsLike) -> int:
    """1 if the first two-card hand wins on the five-card board, -1 if the second, 0 if tied."""
    first = validated(hand1, (2,), "a hand")
    second = validated(hand2, (2,), "a hand")
    table = validated(board, (5,), "the board")
    as_cards(first + second + table)  # all distinct
    v1, v2 = evaluate(first + table), evaluate(second + table)
    return (v1 > v2) - (v1 < v2)
