"""Suit symmetry for the tables: canonical boards, hands on a board, matchup classes.

Relabelling the four suits changes no showdown, so each table keeps one row
per class of spots that a suit permutation maps onto each other. A card is
``4 * rank + suit`` (see :mod:`pokerfsm.cards`); a permutation maps suit ``s``
to ``perm[s]`` (:data:`pokerfsm.combos.SUIT_PERMUTATIONS`, applied by
:func:`pokerfsm.combos.relabel`).

Canonical forms are the smallest images under the 24 permutations, cards
sorted ascending (boards, hands on a board) or, for heads-up matchups, the
smallest packed key over the permutations and both seat orders:

>>> canonical_board([51, 47, 43])   # Ac Kc Qc: a monotone flop becomes spades
(40, 44, 48)
>>> len(canonical_boards(3)), len(matchup_classes())
(1755, 47008)
"""
from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence

import numpy as np

from ..combos import COMBO_CARDS, SUIT_PERMUTATIONS, relabel

__all__ = [
    "canonical_board", "canonical_boards", "stabiliser",
    "board_hands", "canonical_hand_rows", "canonical_spot", "matchup_classes", "matchup_key",
    "unpack_matchup", "pack_spot", "unpack_spot",
]

_CARD_IMAGES = np.array([relabel(range(52), perm) for perm in SUIT_PERMUTATIONS], dtype=np.int64)


def _image(cards: Iterable[int], perm: Sequence[int]) -> tuple[int, ...]:
    """The cards with their suits relabelled by ``perm``, sorted ascending (a set's canonical image)."""
    return tuple(sorted(relabel(cards, perm)))


def canonical_board(cards: Iterable[int]) -> tuple[int, ...]:
    """The smallest image of a set of cards under the suit permutations (sorted ascending)."""
    cards = tuple(cards)
    return min(_image(cards, perm) for perm in SUIT_PERMUTATIONS)


@functools.lru_cache(maxsize=4)
def canonical_boards(size: int) -> tuple[tuple[int, ...], ...]:
    """Every canonical board of ``size`` cards, in ascending order (1,755 flops, 16,432 turns)."""
    seen = set()
    for cards in itertools.combinations(range(52), size):
        seen.add(canonical_board(cards))
    return tuple(sorted(seen))


def stabiliser(cards: Iterable[int]) -> list[tuple[int, ...]]:
    """The suit permutations that map the set of ``cards`` onto itself (identity first)."""
    cards = tuple(sorted(cards))
    return [perm for perm in SUIT_PERMUTATIONS if _image(cards, perm) == cards]


def board_hands(board: Sequence[int]) -> np.ndarray:
    """The hands the hand-strength kernel numbers for ``board``: an (n, 2) uint8 array.

    Row ``i`` is the i-th pair (p, q), p < q, of the cards off the board in
    ascending order, as :func:`pokerfsm.precomputed._strength.board_strengths`
    numbers them.
    """
    rest = [c for c in range(52) if c not in set(board)]
    return np.array(list(itertools.combinations(rest, 2)), dtype=np.uint8)


def canonical_hand_rows(board: Sequence[int]) -> np.ndarray:
    """Indices into :func:`board_hands` of the hands that are canonical on ``board``.

    A hand is canonical when no permutation that keeps the board in place maps
    it to a smaller pair; each class of hands equivalent on this board keeps
    exactly one row.
    """
    hands = board_hands(board).astype(np.int64)
    keys = hands[:, 0] * 52 + hands[:, 1]
    best = keys.copy()
    for perm in stabiliser(board)[1:]:
        images = _CARD_IMAGES[SUIT_PERMUTATIONS.index(perm)][hands]
        images.sort(axis=1)
        np.minimum(best, images[:, 0] * 52 + images[:, 1], out=best)
    return np.flatnonzero(best == keys)


def canonical_spot(hand: Sequence[int], board: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The canonical (board, hand) of a hand on a board: the smallest image of the pair.

    >>> canonical_spot([51, 50], [47, 43, 39])   # Ac Ad on Kc Qc Jc
    ((36, 40, 44), (48, 49))
    """
    return min((_image(board, perm), _image(hand, perm)) for perm in SUIT_PERMUTATIONS)


def pack_spot(board: Sequence[int], hand: Sequence[int]) -> int:
    """One integer for a (board, hand) spot: the board's cards in base 52, then the hand's."""
    key = 0
    for card in (*board, *hand):
        key = key * 52 + card
    return key


def unpack_spot(key: int, board_size: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The (board, hand) cards of a :func:`pack_spot` key.

    >>> unpack_spot(pack_spot((36, 40, 44), (48, 49)), 3)
    ((36, 40, 44), (48, 49))
    """
    cards = []
    for _ in range(board_size + 2):
        key, card = divmod(key, 52)
        cards.append(card)
    cards.reverse()
    return tuple(cards[:board_size]), tuple(cards[board_size:])


def _matchup_keys(hole: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    from . import _matchup  # compiled; imported on first use

    keys = np.empty(len(hole), dtype=np.int64)
    swapped = np.empty(len(hole), dtype=np.uint8)
    _matchup.matchup_keys(np.ascontiguousarray(hole, dtype=np.uint8), keys, swapped)
    return keys, swapped.astype(bool)


@functools.lru_cache(maxsize=1)
def matchup_classes() -> np.ndarray:
    """The sorted keys of every class of heads-up matchups (47,008 of them).

    Computed from all 812,175 unordered pairs of disjoint hands; see
    :func:`matchup_key` for the packing.
    """
    hands = COMBO_CARDS
    first, second = np.triu_indices(len(hands), 1)
    a, b = hands[first], hands[second]
    disjoint = ((a[:, :1] != b[:, 0:1]) & (a[:, :1] != b[:, 1:2])
                & (a[:, 1:2] != b[:, 0:1]) & (a[:, 1:2] != b[:, 1:2]))[:, 0]
    keys, _ = _matchup_keys(np.concatenate([a[disjoint], b[disjoint]], axis=1))
    classes = np.unique(keys)
    classes.setflags(write=False)
    return classes


def matchup_key(hole: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Class keys of matchups given as an (n, 4) array of cards (hand 1, hand 2).

    Returns ``(keys, swapped)``: a key is the smallest
    ``((h1_high * 52 + h1_low) * 52 + h2_high) * 52 + h2_low`` over the suit
    permutations and both seat orders; ``swapped`` is True where the class's
    first hand is this matchup's second (its wins are then this hand 2's).

    >>> keys, swapped = matchup_key(np.array([[0, 4, 51, 50]]))  # 2s3s vs AcAd
    >>> unpack_matchup(int(keys[0])), bool(swapped[0])
    (((4, 0), (50, 49)), False)
    """
    return _matchup_keys(hole)


def unpack_matchup(key: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two hands (higher card first) of a matchup class key."""
    key, b_low = divmod(key, 52)
    key, b_high = divmod(key, 52)
    a_high, a_low = divmod(key, 52)
    return (a_high, a_low), (b_high, b_low)
