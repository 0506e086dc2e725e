"""Two-card hands (pokerfsm.combos): the combos, their numbers, cards and masks, the classes, suit renaming."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerfsm import combos, ranges
from pokerfsm.cards import DECK, Card
from pokerfsm.combos import (
    ALL_COMBOS,
    COMBO_CARDS,
    COMBO_MASKS,
    HAND_CLASSES,
    IDENTITY,
    SUIT_PERMUTATIONS,
    class_combos,
    combo,
    combo_index,
    hand_class,
    relabel,
)
from pokerfsm.errors import CardParseError, RangeParseError


def test_one_two_card_type_for_hands_and_combos():
    assert combos.Combo is combos.Hand
    assert ranges.Combo is combos.Hand


def test_every_pair_of_distinct_cards_is_one_combo_higher_card_first():
    assert len(ALL_COMBOS) == len(set(ALL_COMBOS)) == 52 * 51 // 2
    assert all(high > low for high, low in ALL_COMBOS)
    assert {frozenset(c) for c in ALL_COMBOS} == {frozenset(p) for p in itertools.combinations(DECK, 2)}


@pytest.mark.parametrize("first, second", [("2c", "Ah"), ("Ah", "2c"), (51, 0), (Card("Td"), "9d")])
def test_combo_is_the_same_whichever_card_comes_first(first, second):
    assert combo(first, second) == combo(second, first)
    assert combo(first, second)[0] > combo(first, second)[1]


@pytest.mark.parametrize("first, second, error", [("Ah", "Ah", RangeParseError), ("Ah", 49, RangeParseError),
                                                   ("Ah", "Zz", CardParseError), ("Ah", 52, CardParseError)])
def test_combo_refuses_one_card_twice_and_what_is_not_a_card(first, second, error):
    with pytest.raises(error):
        combo(first, second)
    with pytest.raises(error):
        combo_index(first, second)


def test_numbers_cards_and_masks_follow_all_combos_row_for_row():
    assert COMBO_CARDS.shape == (1326, 2) and COMBO_CARDS.dtype == np.uint8
    assert COMBO_MASKS.dtype == np.uint64
    for number, (high, low) in enumerate(ALL_COMBOS):
        assert combo_index(high, low) == combo_index(low, high) == number
        assert tuple(COMBO_CARDS[number]) == (high, low)
        assert int(COMBO_MASKS[number]) == (1 << high) | (1 << low)
    assert not COMBO_CARDS.flags.writeable and not COMBO_MASKS.flags.writeable


def test_the_169_classes_and_their_sizes():
    assert len(HAND_CLASSES) == len(set(HAND_CLASSES)) == 169
    assert HAND_CLASSES[:4] == ("AA", "AKs", "AKo", "AQs") and HAND_CLASSES[-1] == "22"
    by_class: dict[str, int] = {}
    for c in ALL_COMBOS:
        by_class[hand_class(c)] = by_class.get(hand_class(c), 0) + 1
    assert by_class == {name: class_combos(name) for name in HAND_CLASSES}
    assert {class_combos(name) for name in HAND_CLASSES} == {4, 6, 12}


@pytest.mark.parametrize("cards, name", [(("Kh", "Ah"), "AKs"), (("Ah", "Kd"), "AKo"), (("7d", "7c"), "77"),
                                         (("2s", "3d"), "32o"), ((Card("Ts"), Card("9s")), "T9s")])
def test_hand_class(cards, name):
    assert hand_class(cards) == name


@pytest.mark.parametrize("name", ["AK", "KAs", "AAs", "", "aks", None, 12])
def test_class_combos_refuses_what_is_not_a_class(name):
    with pytest.raises(RangeParseError):
        class_combos(name)


@pytest.mark.parametrize("cards, suits, expected", [
    ([0, 1, 2, 3], (3, 2, 1, 0), (3, 2, 1, 0)),
    ([48, 49], (1, 0, 2, 3), (49, 48)),
    ([], IDENTITY, ()),
])
def test_relabel(cards, suits, expected):
    assert relabel(cards, suits) == expected


def test_the_24_renamings_identity_first():
    assert len(SUIT_PERMUTATIONS) == len(set(SUIT_PERMUTATIONS)) == 24
    assert SUIT_PERMUTATIONS[0] == IDENTITY == (0, 1, 2, 3)


@pytest.mark.parametrize("suits", SUIT_PERMUTATIONS)
def test_each_renaming_is_a_bijection_and_reversible_and_keeps_ranks_and_classes(suits):
    undo = tuple(suits.index(s) for s in range(4))
    assert sorted(relabel(range(52), suits)) == list(range(52))
    assert relabel(relabel(range(52), suits), undo) == tuple(range(52))
    assert all(Card(c).rank == Card(r).rank for c, r in zip(range(52), relabel(range(52), suits)))
    assert all(hand_class(c) == hand_class(relabel(c, suits)) for c in ALL_COMBOS)
