"""Omaha patterns as card masks: the subsets of the deck, masks to cards, suit qualifiers, canonical slots."""
from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import numpy as np
import pytest

from pokerfsm.omaha_patterns import (
    Pattern,
    Slot,
    cards_mask,
    has_qualifier,
    mask_cards,
    pattern_masks,
    qualifier_problem,
    sorted_unique,
    subset_masks,
)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4])
def test_subset_masks_are_every_set_of_cards_once_in_increasing_order(size):
    masks = subset_masks(size)
    assert len(masks) == comb(52, size)
    assert (np.diff(masks.astype(object)) > 0).all() if size else masks.tolist() == [0]
    assert set(masks.tolist()) == {cards_mask(hand) for hand in itertools.combinations(range(52), size)}


def test_mask_cards_gives_each_hands_cards_lowest_first():
    hands = [(0, 5, 17, 51), (3, 4, 48, 50), (1, 2, 3, 4)]
    masks = np.array([cards_mask(h) for h in hands], dtype=np.uint64)
    assert mask_cards(masks).tolist() == [list(h) for h in hands]
    assert mask_cards(np.zeros(0, dtype=np.uint64)).shape == (0, 0)


def test_sorted_unique_keeps_one_of_each():
    masks = np.array([5, 3, 5, 9, 3, 3], dtype=np.uint64)
    assert sorted_unique(masks).tolist() == [3, 5, 9]
    assert sorted_unique(masks[:1]).tolist() == [5]


@pytest.mark.parametrize("cards", [4, 5])
def test_qualifiers_against_suit_counts(cards):
    hands = list(itertools.combinations(range(0, 52, 3), cards))  # a spread of every suit and rank
    masks = np.array([cards_mask(h) for h in hands], dtype=np.uint64)
    for qualifier, pairs in (("ds", 2), ("ss", 1), ("r", 0)):
        expected = [max(Counter(c % 4 for c in h).values()) <= 2
                    and sum(n == 2 for n in Counter(c % 4 for c in h).values()) == pairs for h in hands]
        assert has_qualifier(masks, qualifier).tolist() == expected


@pytest.mark.parametrize(("qualifier", "cards", "problem"), [
    ("r", 4, None), ("r", 5, "no 5 cards are rainbow: there are 4 suits"),
    ("ss", 5, None), ("ss", 6, "no 6 cards are single-suited: at most 5 cards can be"),
    ("ds", 6, None), ("ds", 3, "3 cards cannot be double-suited"),
])
def test_qualifier_problems(qualifier, cards, problem):
    assert qualifier_problem(qualifier, cards) == problem


def test_canonical_sorts_slots_and_names_variables_in_order():
    written = Pattern((Slot(9, var="z"), Slot(12, var="y"), Slot(), Slot(11, var="z")), "ds")
    assert str(written.canonical()) == "AxKyJy*ds"
    assert written.canonical().canonical() == written.canonical()
    assert str(Pattern((Slot(), Slot(0, 3), Slot(12), Slot())).canonical()) == "A2c**"
    assert str(Pattern((Slot(), Slot(5), Slot(12), Slot())).canonical()) == "A7xx"


def test_a_pattern_that_cannot_be_dealt_matches_nothing():
    assert len(pattern_masks(Pattern((Slot(12, 0), Slot(12, 0), Slot(), Slot())), 4)) == 0
    assert len(pattern_masks(Pattern((Slot(12, var="x"), Slot(12, var="x"), Slot(), Slot())), 4)) == 0
    assert len(pattern_masks(Pattern((Slot(12),) * 4, "ds"), 4)) == 0
