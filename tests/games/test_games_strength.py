"""Exact hand strength for the computer players, checked by brute force."""
import itertools
from math import comb

import numpy as np
import pytest

from pokerfsm.cards import DECK, parse_cards
from pokerfsm.errors import InvalidDealError
from pokerfsm.evaluation import HandCategory, evaluate, evaluate_many
from pokerfsm.games.strength import all_five_card_hands, draw_options, made_category, percentile, subsets


@pytest.mark.parametrize("k", [1, 2, 3, 5])
def test_subsets_lists_every_k_set_once_in_ascending_rows(k):
    rows = subsets(k)
    assert rows.shape == (comb(52, k), k) and rows.dtype == np.uint8
    assert (np.diff(rows.astype(int), axis=1) > 0).all()
    binomial = np.array([[comb(c, i) for i in range(6)] for c in range(52)])
    colex = sum(binomial[rows[:, i], i + 1] for i in range(k))      # a bijection onto 0..C(52,k)-1
    assert (np.sort(colex) == np.arange(comb(52, k))).all()


def test_all_five_card_hands_are_the_2598960_hands():
    assert all_five_card_hands().shape == (2_598_960, 5)


@pytest.mark.parametrize("weaker, stronger", [
    ("7c 5d 4h 3s 2c", "7c 5d 4h 3s 3c"),
    ("As Ad 7c 4s 2h", "2s 2d 3c 3h 4s"),
    ("Ah Kh Qh Jh 9h", "2s 2d 2c 3h 3s"),
])
def test_percentile_grows_with_the_hand(weaker, stronger):
    assert percentile(parse_cards(weaker)) < percentile(parse_cards(stronger))


def test_percentile_ends_and_mean():
    assert percentile(parse_cards("7c 5d 4h 3s 2c")) < 1e-3   # the worst hand (4 suits of it)
    assert percentile(parse_cards("As Ks Qs Js Ts")) > 1 - 1e-5
    from pokerfsm.games.strength import _values_and_percentiles
    _, values, by_value = _values_and_percentiles()
    assert by_value[values].mean() == pytest.approx(0.5, abs=1e-12)   # ties count half
    sample = all_five_card_hands()[::104_000]
    assert [percentile([int(c) for c in h]) for h in sample] == list(by_value[evaluate_many(sample)])


def brute_force(hand, keep, opponents):
    """The average of percentile ** opponents over every draw from the 47 unseen cards."""
    from pokerfsm.games.strength import _values_and_percentiles
    by_value = _values_and_percentiles()[2]
    unseen = [c for c in DECK if c not in hand]
    rows = np.array([list(keep) + list(extra) for extra in itertools.combinations(unseen, 5 - len(keep))],
                    dtype=np.uint8)
    return float((by_value[evaluate_many(rows)] ** opponents).mean())


@pytest.mark.parametrize("text, opponents", [
    ("Ah Ad 7c 4s 2h", 1), ("Kh Qh Jh 9h 2c", 3), ("5c 6d 7h 8s Kc", 2), ("2s 2d 2c 3h 3s", 7),
])
def test_draw_options_equal_the_brute_force_average_over_all_draws(text, opponents):
    hand = parse_cards(text)
    options = {o.keep: o.value for o in draw_options(hand, opponents)}
    assert len(options) == 32
    for keep in [k for k in options if len(k) >= 2] + [(hand[0],)]:
        assert options[keep] == pytest.approx(brute_force(hand, keep, opponents), rel=1e-9, abs=1e-12)


def test_drawing_five_new_cards_is_valued_exactly_too():
    hand = parse_cards("7c 5d 4h 3s 2c")
    options = {o.keep: o.value for o in draw_options(hand, 1)}
    assert options[()] == pytest.approx(brute_force(hand, (), 1), rel=1e-9)


@pytest.mark.parametrize("text, opponents, keep", [
    ("Ah Ad 7c 4s 2h", 1, "Ah Ad"),            # keep the pair
    ("2s 2d 2c 3h 3s", 5, "2s 2d 2c 3h 3s"),   # a full house stands pat
    ("Kh Qh Jh 9h 2c", 3, "9h Jh Qh Kh"),      # four to a flush against three
    ("As Ks Qs Js Ts", 1, "As Ks Qs Js Ts"),
])
def test_the_best_choice_is_the_one_a_player_would_expect(text, opponents, keep):
    best = draw_options(parse_cards(text), opponents)[0]
    assert set(best.keep) == set(parse_cards(keep))


@pytest.mark.parametrize("cards", ["Ah Kh", "Ah Kh Qh Jh", "Ah Kh Qh Jh Th 9h"])
def test_draw_options_need_five_cards(cards):
    with pytest.raises(InvalidDealError, match="5"):
        draw_options(parse_cards(cards))


@pytest.mark.parametrize("hole, board, category", [
    ("Ah Kd", "", HandCategory.HIGH_CARD),
    ("Ah Ad", "", HandCategory.PAIR),
    ("Ah Kd", "Ac Ks 2d", HandCategory.TWO_PAIR),
    ("7h 7d", "7c 2s", HandCategory.THREE_OF_A_KIND),
    ("7h 7d", "7c 7s", HandCategory.FOUR_OF_A_KIND),
    ("Ah Kh", "Qh Jh Th", HandCategory.STRAIGHT_FLUSH),
    ("2s 2d 2c 3h 3s", "", HandCategory.FULL_HOUSE),
])
def test_made_category(hole, board, category):
    assert made_category(parse_cards(hole), parse_cards(board) if board else ()) is category
    if len(parse_cards(hole)) + (len(parse_cards(board)) if board else 0) >= 5:
        assert category == evaluate(parse_cards(hole) + (parse_cards(board) if board else ())).category
