"""A slow, plain evaluator used as an independent test oracle.

It shares nothing with the table or :mod:`pokerfsm.table.cactus`: it reads the best
hand of 5 to 7 cards straight off rank and suit counts, and returns
``(category, tie-break ranks...)``, a tuple that compares like the hands do.

>>> from pokerfsm.cards import parse_cards
>>> reference_value(parse_cards("Ah Kh Qh Jh Th 2c 3d"))
(9, 12)
>>> reference_value(parse_cards("As 2d 3c 4h 5s")) < reference_value(parse_cards("2s 3d 4c 5h 6s"))
True
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

__all__ = ["reference_value"]


def _straight_high(ranks: set[int]) -> int | None:
    """Highest top card of a straight in a set of ranks, the ace also playing low."""
    present = set(ranks)
    if 12 in present:
        present.add(-1)
    for top in range(12, 2, -1):
        if all(top - i in present for i in range(5)):
            return top
    return None


def reference_value(cards: Iterable[int]) -> tuple[int, ...]:
    """The best five-card hand among 5-7 distinct cards, as a comparable tuple."""
    cards = [int(c) for c in cards]
    if not 5 <= len(cards) <= 7 or len(set(cards)) != len(cards):
        raise ValueError(f"need 5 to 7 distinct cards, got {cards!r}")
    ranks = [c >> 2 for c in cards]
    by_suit: dict[int, set[int]] = {}
    for c in cards:
        by_suit.setdefault(c & 3, set()).add(c >> 2)
    flush_ranks = next((r for r in by_suit.values() if len(r) >= 5), None)

    if flush_ranks is not None:
        high = _straight_high(flush_ranks)
        if high is not None:
            return (9, high)
    count = Counter(ranks)
    # ranks ordered by (multiplicity, rank), highest first
    groups = sorted(count.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    distinct_desc = sorted(count, reverse=True)
    if groups[0][1] == 4:
        quad = groups[0][0]
        return (8, quad, max(r for r in distinct_desc if r != quad))
    trips = sorted((r for r, n in count.items() if n == 3), reverse=True)
    pairs = sorted((r for r, n in count.items() if n == 2), reverse=True)
    if trips and (len(trips) > 1 or pairs):
        top = trips[0]
        second = max(trips[1:] + pairs)
        return (7, top, second)
    if flush_ranks is not None:
        return (6, *sorted(flush_ranks, reverse=True)[:5])
    high = _straight_high(set(ranks))
    if high is not None:
        return (5, high)
    if trips:
        kickers = [r for r in distinct_desc if r != trips[0]][:2]
        return (4, trips[0], *kickers)
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        kicker = max(r for r in distinct_desc if r not in (hi, lo))
        return (3, hi, lo, kicker)
    if pairs:
        kickers = [r for r in distinct_desc if r != pairs[0]][:3]
        return (2, pairs[0], *kickers)
    return (1, *distinct_desc[:5])
