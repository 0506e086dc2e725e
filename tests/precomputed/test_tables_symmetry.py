"""Suit symmetry: class counts, canonical forms checked against plain Python."""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from pokerfsm.precomputed import symmetry

PERMS = list(itertools.permutations(range(4)))


def relabel(cards, perm):
    return [4 * (c // 4) + perm[c % 4] for c in cards]


def slow_matchup_key(a, b):
    """Smallest packed key over the 24 relabellings and both seat orders, written plainly."""
    best = None
    for perm in PERMS:
        x = sorted(relabel(a, perm), reverse=True)
        y = sorted(relabel(b, perm), reverse=True)
        for first, second in ((x, y), (y, x)):
            key = ((first[0] * 52 + first[1]) * 52 + second[0]) * 52 + second[1]
            best = key if best is None else min(best, key)
    return best


def test_class_counts():
    assert len(symmetry.matchup_classes()) == 47_008
    assert len(symmetry.canonical_boards(3)) == 1_755


def test_matchup_keys_match_plain_python_on_a_sample():
    rng = random.Random(7)
    hole = np.array([rng.sample(range(52), 4) for _ in range(300)], dtype=np.uint8)
    keys, swapped = symmetry.matchup_key(hole)
    classes = symmetry.matchup_classes()
    for row, key, flag in zip(hole.tolist(), keys.tolist(), swapped.tolist()):
        assert key == slow_matchup_key(row[:2], row[2:])
        assert classes[np.searchsorted(classes, key)] == key
        first, _ = symmetry.unpack_matchup(key)
        # the class's first hand is this row's hand 1, or hand 2 when swapped
        hand = row[2:] if flag else row[:2]
        assert any(sorted(relabel(hand, p), reverse=True) == list(first) for p in PERMS)


def test_swapped_seats_give_the_same_class_and_the_other_flag():
    hole = np.array([[51, 50, 0, 4], [0, 4, 51, 50]], dtype=np.uint8)   # AcAd v 3s2s, swapped
    keys, swapped = symmetry.matchup_key(hole)
    assert keys[0] == keys[1] and swapped.tolist() == [True, False]


def test_flop_rows_total():
    total = sum(len(symmetry.canonical_hand_rows(flop)) for flop in symmetry.canonical_boards(3))
    assert total == 1_286_792


@pytest.mark.parametrize("flop", [(0, 1, 2), (0, 4, 8), (0, 5, 10), (48, 49, 44), (3, 7, 51)])
def test_canonical_hand_rows_keep_one_hand_per_orbit(flop):
    flop = symmetry.canonical_board(flop)
    hands = symmetry.board_hands(flop).tolist()
    kept = {tuple(hands[i]) for i in symmetry.canonical_hand_rows(flop)}
    keepers = [p for p in PERMS if sorted(relabel(flop, p)) == list(flop)]
    orbits = {min(tuple(sorted(relabel(h, p))) for p in keepers) for h in hands}
    assert kept == orbits


def test_canonical_spot_is_the_same_for_every_relabelling():
    rng = random.Random(3)
    for _ in range(50):
        cards = rng.sample(range(52), 5)
        spot = symmetry.canonical_spot(cards[:2], cards[2:])
        board, hand = spot
        assert board in symmetry.canonical_boards(3)
        for perm in rng.sample(PERMS, 4):
            moved = relabel(cards, perm)
            assert symmetry.canonical_spot(moved[:2], moved[2:]) == spot
        assert symmetry.unpack_spot(symmetry.pack_spot(board, hand), 3) == spot
