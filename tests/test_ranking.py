"""The 7,462 equivalence classes built from the rules, and their descriptions."""
from collections import Counter

import pytest

from pokerfsm.ranking import HandCategory, class_of, describe, equivalence_classes

PUBLISHED_CLASS_COUNTS = {  # distinct five-card hands per category (Cactus Kev's table)
    "STRAIGHT_FLUSH": 10, "FOUR_OF_A_KIND": 156, "FULL_HOUSE": 156, "FLUSH": 1277,
    "STRAIGHT": 10, "THREE_OF_A_KIND": 858, "TWO_PAIR": 858, "PAIR": 2860, "HIGH_CARD": 1277,
}


def test_class_counts_and_values_are_ordered():
    classes = equivalence_classes()
    assert len(classes) == 7462
    assert Counter(c.category.name for c in classes) == PUBLISHED_CLASS_COUNTS
    values = [c.value for c in classes]
    assert values == sorted(values) and len(set(values)) == 7462


@pytest.mark.parametrize("category, key, en, fr", [
    (9, (12,), "Straight flush, Ace high", "Quinte flush à l'As"),
    (8, (11, 2), "Four of a kind, Kings", "Carré de Rois"),
    (7, (11, 1), "Full house, Kings full of Threes", "Full aux Rois par les Trois"),
    (6, (11, 5, 2, 1, 0), "Flush, King high", "Couleur au Roi"),
    (5, (3,), "Straight, Five high", "Suite au Cinq"),
    (5, (6,), "Straight, Eight high", "Suite au Huit"),
    (4, (11, 3, 2), "Three of a kind, Kings", "Brelan de Rois"),
    (3, (11, 6, 2), "Two pair, Kings and Eights", "Double paire de Rois par les Huit"),
    (2, (6, 8, 4, 2), "Pair of Eights", "Paire de Huit"),
    (2, (12, 8, 4, 2), "Pair of Aces", "Paire d'As"),
    (2, (4, 8, 3, 2), "Pair of Sixes", "Paire de Six"),
    (1, (11, 10, 8, 6, 2), "High card, King", "Carte haute au Roi"),
    (1, (10, 8, 6, 2, 0), "High card, Queen", "Carte haute à la Dame"),
])
def test_descriptions(category, key, en, fr):
    (cls,) = [c for c in equivalence_classes() if c.category == category and c.key == key]
    assert describe(cls.value) == en
    assert describe(cls.value, "fr") == fr


def test_wheel_is_the_lowest_straight_and_ranks_expand():
    straights = [c for c in equivalence_classes() if c.category is HandCategory.STRAIGHT]
    assert straights[0].key == (3,) and straights[0].ranks == (3, 2, 1, 0, 12)
    assert class_of(straights[-1].value).ranks == (12, 11, 10, 9, 8)


def test_bad_values_and_languages():
    with pytest.raises(ValueError):
        class_of(0)
    with pytest.raises(ValueError):
        describe(equivalence_classes()[0].value, "de")
