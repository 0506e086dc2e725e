"""The table walker against exhaustive reference counts and an independent oracle."""
import itertools
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfsm import (
    Card,
    DuplicateCardError,
    HandCategory,
    InvalidDealError,
    best_five,
    compare_hands,
    evaluate,
    evaluate_many,
    hand_odds,
    parse_cards,
)
from pokerfsm.errors import CardParseError, OptionError
from pokerfsm.evaluation.reference import reference_value

# Published counts (e.g. Wikipedia, "Poker probability"), straight flush first.
FIVE_CARD_COUNTS = [40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]
SEVEN_CARD_COUNTS = [41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800,
                     23294460]


def test_all_five_card_hands(table):
    odds = hand_odds(total=5)
    assert odds.combinations == 2_598_960
    assert sum(odds.value_counts.values()) == 2_598_960
    assert odds.distinct_values == 7462
    assert list(odds.category_counts.values()) == FIVE_CARD_COUNTS


def test_all_seven_card_hands(table):
    odds = hand_odds()
    assert odds.combinations == 133_784_560
    assert sum(odds.value_counts.values()) == 133_784_560
    assert odds.distinct_values == 4824
    assert list(odds.category_counts.values()) == SEVEN_CARD_COUNTS


def test_all_six_card_hands_sum_up(table):
    odds = hand_odds(total=6)
    assert odds.combinations == sum(odds.value_counts.values()) == comb(52, 6)
    assert odds.distinct_values == 6075  # published count of distinct six-card hand values


def _random_hands(rng, n, size):
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size].astype(np.uint8)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_agrees_with_the_independent_oracle(table, size):
    rng = np.random.default_rng(2024 + size)
    hands = _random_hands(rng, 70_000, size)  # 210,000 hands over the three sizes
    values = evaluate_many(hands)
    reference = [reference_value(h) for h in hands.tolist()]
    assert [v >> 12 for v in values.tolist()] == [r[0] for r in reference]
    for (v1, r1), (v2, r2) in itertools.pairwise(zip(values.tolist(), reference)):
        assert (v1 > v2) == (r1 > r2) and (v1 == v2) == (r1 == r2)
    # evaluate() one hand at a time gives the same values
    assert [evaluate(h) for h in hands[:2000].tolist()] == values[:2000].tolist()


# The course's comparisons (seed 000, §2.1). The extracted text garbled some suits
# (e.g. "A♦ A♦", "1♦"); ranks are kept and distinct suits chosen, which the rules ignore.
COURSE_EXAMPLES = [
    ("Rca Rp 8co 5t 3t", "8ca 8p 10t 6co 4t", 1),
    ("Rca Rp 9co 5t 2t", "Rt Rco 9t 4co 3t", 1),
    ("Rca Rp 9co 5t 2t", "Rt Rco 9t 5co 2ca", 0),
    ("Rp Dp Vp 10p 9p", "Vp 10p 9p 8p 7p", 1),
    ("Rp 10p 8p 5p 2p", "Rp 10p 8p 4p 3p", 1),
    ("Rca Rp Rt 2co 2t", "Dca Dp Dt Vco Vt", 1),
    ("Aca Ap 2ca 2co 8ca", "Rca Rp Dca Dco 10ca", 1),
    ("Aca Ap Dca Dco 2ca", "Aca Ap 2ca 2co Dca", 1),
    ("Aca Ap Dca Dco 3ca", "Aca Ap Dca Dco 2ca", 1),
]


@pytest.mark.parametrize("first, second, expected", COURSE_EXAMPLES)
def test_course_comparisons(table, first, second, expected):
    v1, v2 = evaluate(first), evaluate(second)
    assert (v1 > v2) - (v1 < v2) == expected
    assert (v2 > v1) - (v2 < v1) == -expected


def test_course_category_examples(table):
    assert evaluate("Rca Dca Vca 10ca 9ca").category is HandCategory.STRAIGHT_FLUSH
    assert evaluate("3ca 2ca Aca Rca Dca").category is HandCategory.FLUSH  # no wrap-around
    assert evaluate("3ca 2p At Rt Dco").category is HandCategory.HIGH_CARD
    assert evaluate("Rp Rco Rca Rt 10t").describe() == "Four of a kind, Kings"
    assert evaluate("Rco Rca Rt 3p 3t").describe("fr") == "Full aux Rois par les Trois"


def test_wheels_are_the_lowest_straight_and_straight_flush(table):
    wheel, six_high = evaluate("Ah 2d 3c 4s 5h"), evaluate("2d 3c 4s 5h 6h")
    assert wheel.describe() == "Straight, Five high" and wheel < six_high
    others = [evaluate([4 * (top - i) + (i % 4) for i in range(5)]) for top in range(4, 13)]
    assert all(o.category is HandCategory.STRAIGHT for o in others)
    assert wheel < min(others)
    steel = evaluate("Ac 2c 3c 4c 5c")
    assert steel.category is HandCategory.STRAIGHT_FLUSH and steel < evaluate("2c 3c 4c 5c 6c")
    assert steel.rank_in_category == 1 and wheel.rank_in_category == 1


def test_best_five_and_compare_hands(table):
    assert best_five("Ah Kh Qh Jh Th 2c 3d") == parse_cards("Th Jh Qh Kh Ah")
    assert set(best_five("2c 2d 9s 9h Kc 5d 3s")) == set(parse_cards("2c 2d 9s 9h Kc"))
    assert compare_hands("Aca 10p", "Dt Aco", "Rco 10t 10ca 3t Vco") == -1
    assert compare_hands("Ah Ad", "Kh Kd", "2c 3c 4c 8s 9s") == 1
    assert compare_hands("Ah 2d", "As 3d", "Kc Qc Jc Tc 4h") == 0  # both play the board's royal flush


@pytest.mark.parametrize("bad, error", [
    ("Ah Kh Qh Jh", InvalidDealError), ("Ah Kh Qh Jh Th 9h 8h 7h", InvalidDealError),
    ("Ah Kh Qh Jh ah", DuplicateCardError), ("Ah Kh Qh Jh Zz", CardParseError),
    ([0, 1, 2, 3, 52], CardParseError), ([0, 1, 2, 3, True], CardParseError),
])
def test_evaluate_rejects_bad_hands(table, bad, error):
    with pytest.raises(error):
        evaluate(bad)


def test_evaluate_many_rejects_bad_rows(table):
    with pytest.raises(DuplicateCardError, match="row 1"):
        evaluate_many(np.array([[0, 1, 2, 3, 4], [5, 5, 6, 7, 8]], dtype=np.uint8))
    with pytest.raises(CardParseError, match="row 0"):
        evaluate_many(np.array([[0, 1, 2, 3, 300]]))
    with pytest.raises(CardParseError, match="row 0"):
        evaluate_many(np.array([[0, 1, 2, 3, 52]], dtype=np.uint8))


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.int64, np.uint64])
def test_evaluate_many_takes_any_integer_codes_and_names_the_bad_row(table, dtype):
    rows = np.array([[0, 1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12, 13], [14, 15, 16, 17, 18, 19, 20]])
    assert evaluate_many(rows.astype(dtype)).tolist() == evaluate_many(rows.astype(np.uint8)).tolist()
    repeated = rows.copy()
    repeated[2, 3] = repeated[2, 0]
    with pytest.raises(DuplicateCardError, match=r"row 2: \[14, 15, 16, 14,") as error:
        evaluate_many(repeated.astype(dtype))
    assert (error.value.field, error.value.index) == ("cards", 2)
    limits = np.iinfo(dtype)
    for bad in (52, 255, -1, 2**40, -2**40):
        if not limits.min <= bad <= limits.max:
            continue
        outside = rows.copy()
        outside[1, 6] = bad
        with pytest.raises(CardParseError, match="row 1") as error:
            evaluate_many(outside.astype(dtype))
        assert (error.value.field, error.value.index) == ("cards", 1)
    with pytest.raises(InvalidDealError):
        evaluate_many(np.zeros((3, 4), dtype=np.uint8))
    assert evaluate_many(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize("cards, dead, total", [
    ("Ah Kh", "", 5), ("Ah Kh Qh", "2c 3c", 6), ("2c 7d 9h Js", "Ac", 7), ("Ah Kh Qh Jh Th", "", 5),
])
def test_hand_odds_matches_brute_force(table, cards, dead, total):
    known, out = parse_cards(cards), parse_cards(dead)
    rest = [c for c in range(52) if c not in set(known) | set(out)]
    rows = np.array([known + extra for extra in itertools.combinations(rest, total - len(known))],
                    dtype=np.uint8)
    expected = np.bincount(evaluate_many(rows) >> 12, minlength=10)
    odds = hand_odds(cards, dead, total)
    assert odds.combinations == len(rows)
    assert [odds.category_counts[c] for c in HandCategory] == expected[1:].tolist()


def test_hand_odds_rejects_bad_input(table):
    with pytest.raises(OptionError, match="total must be 5, 6 or 7 cards, got 4"):
        hand_odds("Ah Kh", total=4)
    with pytest.raises(DuplicateCardError):
        hand_odds("Ah Kh", dead="Ah")
    with pytest.raises(InvalidDealError):
        hand_odds(parse_cards("Ah Kh Qh Jh Th 9h 8h"), total=6)


hands = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)


@settings(max_examples=300, deadline=None)
@given(hand=hands, data=st.data())
def test_card_order_does_not_matter(table, hand, data):
    shuffled = data.draw(st.permutations(hand))
    assert evaluate(hand) == evaluate(shuffled) == evaluate([Card(c) for c in reversed(hand)])


@settings(max_examples=300, deadline=None)
@given(hand=hands, suits=st.permutations(range(4)))
def test_suit_permutations_do_not_matter(table, hand, suits):
    relabelled = [c & ~3 | suits[c & 3] for c in hand]
    assert evaluate(hand) == evaluate(relabelled)
