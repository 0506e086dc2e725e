"""Hand strength for the computer players, exact and from our evaluator.

* :func:`percentile` — the chance that a five-card hand beats one random
  five-card hand (ties count half), over all 2,598,960 hands.
* :func:`draw_options` — for a five-card draw hand, the exact expected
  value of every choice of cards to keep, where a finished hand is worth
  ``percentile ** opponents`` (its chance to beat that many random hands).

Enumerating every completion of every choice costs 2.6 million evaluations
per decision. Instead, each choice is summed by inclusion–exclusion over
tables of sums built once per opponent count: ``T_k[S]`` is the total value
of all five-card hands that contain the ``k``-card set ``S``. The hands that
contain the kept cards ``K`` and none of the discards ``D \\ K`` add up to
``sum over S ⊆ D \\ K of (-1)^|S| T(K ∪ S)``, 3^5 = 243 lookups for all 32
choices. Sets are indexed by their colex rank (``sum of C(c_i, i)``).

>>> from pokerfsm.cards import parse_cards
>>> best = draw_options(parse_cards("Ah Ad 7c 4s 2h"), opponents=1)[0]
>>> " ".join(map(str, best.keep)), best.value > percentile(parse_cards("Ah Ad 7c 4s 2h"))
('Ah Ad', True)
"""
from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

import numpy as np

from ..cards import Card, as_cards
from ..errors import InvalidDealError
from ..evaluation import HandCategory, evaluate, evaluate_many
from .boardgames import board_game, high_hand

__all__ = ["percentile", "draw_options", "DrawOption", "made_category", "all_five_card_hands",
           "subsets"]

_HANDS = comb(52, 5)
# _BINOMIAL[c, i] = C(c, i), for colex ranks
_BINOMIAL = np.array([[comb(c, i) for i in range(6)] for c in range(52)], dtype=np.int64)


def all_five_card_hands() -> np.ndarray:
    """Every 5-card hand once, as a (2598960, 5) uint8 array with rows sorted ascending."""
    return subsets(5)


def subsets(k: int) -> np.ndarray:
    """Every k-subset of the 52 cards once, as ascending rows of a uint8 array."""
    rows = np.arange(52, dtype=np.uint8)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1].astype(np.int64)
        extra = 51 - last                   # cards above each row's highest
        rows = np.repeat(rows, extra, axis=0)
        offsets = np.arange(len(rows)) - np.repeat(np.cumsum(extra) - extra, extra)
        rows = np.hstack([rows, (np.repeat(last, extra) + 1 + offsets)[:, None].astype(np.uint8)])
    return rows


@functools.lru_cache(maxsize=1)
def _values_and_percentiles() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    hands = all_five_card_hands()
    values = evaluate_many(hands)
    distinct, counts = np.unique(values, return_counts=True)
    below = np.cumsum(counts) - counts
    by_value = np.zeros(int(distinct[-1]) + 1)
    by_value[distinct] = (below + counts / 2) / _HANDS
    return hands, values, by_value


def percentile(cards: Sequence[Card]) -> float:
    """Chance that these five cards beat one random five-card hand (ties half).

    >>> from pokerfsm.cards import parse_cards
    >>> percentile(parse_cards("Ah Kh Qh Jh Th")) > 0.999999, percentile(parse_cards("7c 5d 4h 3s 2c")) < 1e-3
    (True, True)
    """
    cards = as_cards(cards)
    if len(cards) != 5:
        raise InvalidDealError(f"percentile takes 5 cards, got {len(cards)}")
    return float(_values_and_percentiles()[2][evaluate(cards)])


def _colex(columns: Sequence[np.ndarray] | np.ndarray) -> np.ndarray:
    """Colex ranks of sets given as ascending columns of card codes."""
    rank = np.zeros(len(columns[0]), dtype=np.int64)
    for i, column in enumerate(columns, start=1):
        rank += _BINOMIAL[column, i]
    return rank


@functools.lru_cache(maxsize=8)
def _subset_sums(opponents: int) -> tuple[np.ndarray, ...]:
    """``T_k`` for k = 0..4: summed hand values over hands containing each k-set.

    ``T_4`` comes from the hands (each adds to its five 4-subsets); below that,
    every hand containing a k-set X contains 5 - k of the (k+1)-sets X ∪ {d},
    so ``T_k[X] = sum over d not in X of T_{k+1}[X ∪ {d}] / (5 - k)``.
    """
    hands, values, by_value = _values_and_percentiles()
    worth = by_value[values] ** opponents
    columns = [hands[:, j].astype(np.int64) for j in range(5)]
    four = np.zeros(comb(52, 4))
    for dropped in range(5):
        ranks = _colex([columns[j] for j in range(5) if j != dropped])
        four += np.bincount(ranks, weights=worth, minlength=len(four))
    tables = [four]
    for k in (3, 2, 1):
        sets = subsets(k).astype(np.int64)
        upper = tables[0]
        total = np.zeros(len(sets))
        for card in range(52):
            fresh = ~(sets == card).any(axis=1)
            grown = np.sort(np.hstack([sets[fresh], np.full((int(fresh.sum()), 1), card)]), axis=1)
            total[_colex(sets[fresh].T)] += upper[_colex(grown.T)]
        tables.insert(0, total / (5 - k))
    tables.insert(0, np.array([worth.sum()]))
    return tuple(tables)


@dataclass(frozen=True)
class DrawOption:
    """Keeping ``keep`` (drawing the rest): expected ``value`` of the final hand."""

    keep: tuple[Card, ...]
    value: float

    @property
    def discards(self) -> int:
        return 5 - len(self.keep)


def draw_options(cards: Sequence[Card], opponents: int = 1) -> list[DrawOption]:
    """Every choice of cards to keep, best first, valued exactly.

    A finished hand is worth ``percentile ** opponents``; the value of a choice
    is the average over every equally likely draw from the 47 unseen cards.
    """
    hand = tuple(sorted(as_cards(cards)))
    if len(hand) != 5:
        raise InvalidDealError(f"a draw hand has 5 cards, got {len(hand)}")
    opponents = max(1, int(opponents))
    tables = _subset_sums(opponents)
    whole = float(_values_and_percentiles()[2][evaluate(hand)] ** opponents)
    options = []
    for mask in range(32):
        keep = tuple(c for i, c in enumerate(hand) if mask >> i & 1)
        rest = [c for c in hand if c not in keep]
        total = 0.0
        for size in range(len(rest) + 1):
            for extra in itertools.combinations(rest, size):
                subset = sorted(keep + extra)
                if len(subset) == 5:
                    term = whole
                else:
                    term = tables[len(subset)][sum(comb(int(c), i) for i, c in enumerate(subset, 1))]
                total += -term if size % 2 else term
        options.append(DrawOption(keep, float(total) / comb(47, len(rest))))
    options.sort(key=lambda o: (-o.value, o.discards))
    return options


def made_category(hole: Sequence[Card], board: Sequence[Card] = (), game: str = "holdem") -> HandCategory:
    """The category made so far; with fewer than five cards, pairs, trips and quads only.

    At Omaha (``game``), once there is a flop, the hand takes exactly two of
    the hole cards and three of the board.

    >>> from pokerfsm.cards import parse_cards
    >>> made_category(parse_cards("Ah Ad")).name, made_category(parse_cards("Ah Kd"), parse_cards("Ac Ks 2d")).name
    ('PAIR', 'TWO_PAIR')
    >>> made_category(parse_cards("Ah 2c 3c 4c"), parse_cards("Kh Qh Jh"), "omaha").name   # one heart is no flush
    'HIGH_CARD'
    """
    cards = tuple(hole) + tuple(board)
    played = board_game(game)
    hole_only = played is not None and played.cards.is_omaha and len(board) < 3   # no hand made yet
    if len(cards) >= 5 and not hole_only:
        return high_hand(game, hole, board).category
    counts = sorted(np.bincount([int(c) >> 2 for c in cards], minlength=13), reverse=True)
    if counts[0] == 4:
        return HandCategory.FOUR_OF_A_KIND
    if counts[0] == 3:
        return HandCategory.THREE_OF_A_KIND
    if counts[0] == 2:
        return HandCategory.TWO_PAIR if counts[1] == 2 else HandCategory.PAIR
    return HandCategory.HIGH_CARD
