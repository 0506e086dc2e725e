"""The distinct matchups of a range question: combinations of the ranges' hands, one per class.

Two combinations of hands (one hand per ranged seat) have the same equities,
up to who holds what, when one becomes the other by

* renaming the suits by a renaming that fixes the board, the dead cards,
  the known hands and every range (the deal's suit group), or
* swapping the hands of seats whose ranges (cut by the known cards) are
  equal: the matchups (a, b) and (b, a) of ``QQ+, AK`` against itself have
  mirrored results.

:func:`combination_classes` lists one combination per class, with the class's
weight split by the seat order that maps its members onto the listed one;
:func:`seat_swapped_sum` turns the listed combination's result into the
class's total. A range question then costs what its distinct matchups cost.

>>> from pokerfsm.ranges import parse_range
>>> from pokerfsm.odds.stopping import Stop
>>> from pokerfsm.combos import IDENTITY, SUIT_PERMUTATIONS
>>> kings = [parse_range("KK+"), parse_range("KK+")]   # 84 pairs of hands without a common card
>>> [len(combination_classes(kings, [IDENTITY], Stop(), swap_seats=s)) for s in (False, True)]
[84, 42]
>>> aces = combination_classes([parse_range("AA"), parse_range("AA")], SUIT_PERMUTATIONS, Stop())
>>> aces.hands.tolist(), aces.sizes.tolist(), aces.weights().tolist()   # AsAh vs AdAc and its images
([[[48, 49], [50, 51]]], [6], [6.0])
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..combos import SuitMap, relabel
from ..ranges import HandRange
from .results import reorder_row
from .stopping import Stop

__all__ = ["RangeArrays", "range_arrays", "Matchups", "combination_classes", "equal_range_groups",
           "seat_swapped_sum"]

RangeArrays = tuple[NDArray[np.uint8], NDArray[np.uint8], NDArray[np.float64]]
"""A range as (low card, high card, weight) arrays."""

SeatOrder = tuple[int, ...]
"""``order[j]`` is the position whose hand, renamed, the listed combination holds at position ``j``."""

_POSITIONS = 16
"""More than the ranged seats of a deal: a hand's key times this plus its position keeps both."""
_KEYS_PER_CODE = 5
_CODE_PLACES = (52 * 52) ** np.arange(_KEYS_PER_CODE - 1, -1, -1, dtype=np.int64)
"""The place value of each of five hand keys in one integer (the first key the most significant)."""
_IMAGE_BLOCK = 1 << 22
"""Keys computed at once (combinations × renamings × seats), to bound the memory."""


def range_arrays(r: HandRange) -> RangeArrays:
    """A range as numpy arrays (low card, high card, weight), sorted by low card then high card."""
    return r.derived("arrays", _make_range_arrays)


def _make_range_arrays(r: HandRange) -> RangeArrays:
    items = sorted((min(a, b), max(a, b), w) for (a, b), w in r.items())
    return (np.array([i[0] for i in items], dtype=np.uint8), np.array([i[1] for i in items], dtype=np.uint8),
            np.array([i[2] for i in items], dtype=np.float64))


@dataclass(frozen=True)
class Matchups:
    """Classes of combinations: each one's listed combination, how many there are, and their weight
    by seat order.

    Share ``i`` says that the members of class ``share_class[i]`` that seat
    order ``orders[share_order[i]]`` (see :data:`SeatOrder`) maps onto the
    listed combination weigh ``share_weight[i]`` in all.
    """

    hands: NDArray[np.uint8]          # (classes, positions, 2): the listed combinations, low card first
    sizes: NDArray[np.int64]          # (classes,): the combinations in each class
    orders: list[SeatOrder]
    share_class: NDArray[np.intp]
    share_order: NDArray[np.intp]
    share_weight: NDArray[np.float64]

    def __len__(self) -> int:
        return len(self.sizes)

    def weights(self) -> NDArray[np.float64]:
        """The total weight of each class."""
        return np.bincount(self.share_class, self.share_weight, minlength=len(self)).astype(np.float64)


def equal_range_groups(ranges: Sequence[HandRange]) -> list[list[int]]:
    """Positions whose ranges are equal, in groups of two or more.

    >>> from pokerfsm.ranges import parse_range
    >>> equal_range_groups([parse_range("QQ+"), parse_range("87s"), parse_range("QQ+")])
    [[0, 2]]
    """
    groups: dict[HandRange, list[int]] = {}
    for position, r in enumerate(ranges):
        groups.setdefault(r, []).append(position)
    return [g for g in groups.values() if len(g) > 1]


def combination_classes(ranges: Sequence[HandRange], group: Sequence[SuitMap], stop: Stop,
                        swap_seats: bool = True) -> Matchups:
    """Combinations of one hand per range (no card twice), one per class of ``group``'s renamings
    and, with ``swap_seats``, of swapping the hands of positions with equal ranges.

    Each renaming of ``group`` must map every range and the known cards onto
    themselves, so it maps a combination to another one of the same weight;
    a swap of equal ranges does too. The listed combination of a class is its
    smallest image (hands as ``low * 52 + high`` keys, compared position by
    position).
    """
    if not ranges:
        return Matchups(np.zeros((1, 0, 2), dtype=np.uint8), np.ones(1, dtype=np.int64), [()],
                        np.zeros(1, dtype=np.intp), np.zeros(1, dtype=np.intp), np.ones(1))
    arrays = [_make_range_arrays(r) for r in ranges]
    swaps = [np.array(g) for g in equal_range_groups(ranges)] if swap_seats else []
    shape = tuple(len(low) for low, _, _ in arrays)
    maps = np.array([relabel(range(52), p) for p in group], dtype=np.int64)
    # per position: each hand's key under each renaming (times _POSITIONS, plus the position) and its cards
    renamed = [(np.minimum(maps[:, low], maps[:, high]) * 52 + np.maximum(maps[:, low], maps[:, high])) * _POSITIONS
               + position for position, (low, high, _) in enumerate(arrays)]
    hand_bits = [(np.uint64(1) << low.astype(np.uint64)) | (np.uint64(1) << high.astype(np.uint64))
                 for low, high, _ in arrays]
    total = math.prod(shape)
    block = max(1, _IMAGE_BLOCK // (len(group) * len(ranges)))
    keys, best_codes, orders, weights = [], [], [], []
    for start in range(0, total, block):
        stop.check()
        index = np.unravel_index(np.arange(start, min(total, start + block)), shape)
        bits = np.stack([b[i] for b, i in zip(hand_bits, index)], axis=1)
        distinct = np.bitwise_or.reduce(bits, axis=1) == bits.sum(axis=1)  # no card in two hands
        index = tuple(i[distinct] for i in index)
        weight = np.prod(np.stack([a[2][i] for a, i in zip(arrays, index)], axis=1), axis=1)
        images = np.stack([r[:, i] for r, i in zip(renamed, index)], axis=2)  # (renamings, combinations, positions)
        for positions in swaps:  # equal ranges: their hands in ascending order
            _sort_columns(images, positions)
        tags = images % _POSITIONS
        images //= _POSITIONS
        codes = _row_codes(images)
        which = _smallest_rows(codes)
        rows = np.arange(len(which))
        keys.append(images[which, rows])
        best_codes.append(codes[which, rows])
        orders.append(tags[which, rows])
        weights.append(weight)
    if not keys or not sum(len(w) for w in weights):
        return Matchups(np.zeros((0, len(ranges), 2), dtype=np.uint8), np.zeros(0, dtype=np.int64), [],
                        np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp), np.zeros(0))
    return _classes(np.concatenate(best_codes), np.concatenate(keys), np.concatenate(orders),
                    np.concatenate(weights))


def _row_codes(keys: NDArray[np.int64]) -> NDArray[np.int64]:
    """Rows of hand keys (last axis) as a few integers, in the same lexicographic order: five
    keys (each below 52 * 52) to an integer."""
    words = [keys[..., start:start + _KEYS_PER_CODE] for start in range(0, keys.shape[-1], _KEYS_PER_CODE)]
    return np.stack([(word * _CODE_PLACES[-word.shape[-1]:]).sum(axis=-1) for word in words], axis=-1)


def _classes(codes: NDArray[np.int64], keys: NDArray[np.int64], orders: NDArray[np.int64],
             weights: NDArray[np.float64]) -> Matchups:
    """Combinations (the :func:`_row_codes` of their smallest images, those images' ``keys``, the
    seat ``orders`` that reach them, their ``weights``) gathered by class."""
    if codes.shape[1] == 1:
        unique, first, inverse = np.unique(codes[:, 0], return_index=True, return_inverse=True)
    else:
        unique, first, inverse = np.unique(codes, axis=0, return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    sizes = np.bincount(inverse, minlength=len(unique))
    order_codes, order_of = np.unique((orders << (4 * np.arange(orders.shape[1]))).sum(axis=1),
                                      return_inverse=True)  # an order as one integer, 4 bits a position
    pairs, pair_of = np.unique(inverse * len(order_codes) + order_of.reshape(-1), return_inverse=True)
    pair_weights = np.bincount(pair_of.reshape(-1), weights=weights, minlength=len(pairs)).astype(np.float64)
    listed = keys[first]
    hands = np.stack([listed // 52, listed % 52], axis=2).astype(np.uint8)
    seat_orders = [tuple((code >> (4 * j)) & 15 for j in range(orders.shape[1])) for code in order_codes.tolist()]
    return Matchups(hands, sizes, seat_orders, pairs // len(order_codes), pairs % len(order_codes), pair_weights)


def _sort_columns(values: NDArray[np.int64], columns: NDArray[np.intp]) -> None:
    """Sort ``values`` along its last axis within ``columns`` (in place; a few columns, so by
    compare-exchange rounds that numpy runs over every row at once)."""
    for start in range(len(columns)):
        for left, right in zip(columns[start % 2::2], columns[start % 2 + 1::2]):
            low = np.minimum(values[..., left], values[..., right])
            values[..., right] = np.maximum(values[..., left], values[..., right])
            values[..., left] = low


def _smallest_rows(images: NDArray[np.int64]) -> NDArray[np.intp]:
    """For each combination (axis 1), which of its images (axis 0) is lexicographically smallest."""
    if images.shape[2] == 1:
        smallest: NDArray[np.intp] = np.argmin(images[:, :, 0], axis=0)
        return smallest
    best: NDArray[np.int64] = images[0].copy()
    which = np.zeros(best.shape[0], dtype=np.intp)
    rows = np.arange(best.shape[0])
    for number, image in enumerate(images[1:], start=1):
        differ = image != best
        first = differ.argmax(axis=1)
        better = differ.any(axis=1) & (image[rows, first] < best[rows, first])
        best[better] = image[better]
        which[better] = number
    return which


def seat_swapped_sum(rows: NDArray[np.float64], matchups: Matchups, seats: Sequence[int],
                     players: int) -> NDArray[np.float64]:
    """The total over ``matchups`` of each member's result: ``rows[i]`` is class ``i``'s listed
    combination's kernel row (seat order, ``players`` players); the seat orders are over ``seats``
    (the seats the combinations deal to, in position order)."""
    total = np.zeros(rows.shape[1])
    for number, order in enumerate(matchups.orders):
        chosen = matchups.share_order == number
        weights = np.bincount(matchups.share_class[chosen], matchups.share_weight[chosen], minlength=len(rows))
        seat_of = list(range(players))
        for position, source in enumerate(order):
            seat_of[seats[position]] = seats[source]
        total += reorder_row(weights @ rows, seat_of)
    return total
