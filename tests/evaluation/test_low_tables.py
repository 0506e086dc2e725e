"""The low tables, class by class against pokerkit's hand classes, and the six- and seven-card rows by definition."""
import itertools

import numpy as np
import pytest
from pokerkit_order import rank_multisets as fives
from pokerkit_order import same_ranking, strengths, text, unsuited

from pokerfsm.evaluation.low_tables import ace_low, low_tables, read_order, straight_top

pokerkit = pytest.importorskip("pokerkit")


@pytest.fixture(scope="module")
def tables():
    return low_tables()


def test_ace_to_five_classes_rank_as_pokerkits_regular_low(tables):
    ranks = fives()
    ours = [int(tables.ace_to_five[5][tables.index(r)]) for r in ranks]
    theirs = strengths([pokerkit.RegularLowHand(text(unsuited(r))) for r in ranks])
    assert sorted(ours) == list(range(1, 6176))
    assert same_ranking(ours, theirs)


def test_eight_or_better_classes_qualify_and_rank_as_pokerkits(tables):
    ranks = fives()
    ours, hands, qualifying = [], [], []
    for i, r in enumerate(ranks):
        ours.append(int(tables.eight_or_better[5][tables.index(r)]))
        try:
            hands.append(pokerkit.EightOrBetterLowHand(text(unsuited(r))))
            qualifying.append(i)
        except ValueError:
            pass
    assert [i for i, v in enumerate(ours) if v] == qualifying and len(qualifying) == 56
    assert same_ranking(np.array(ours)[qualifying], strengths(hands))


def test_deuce_to_seven_classes_rank_as_pokerkits_standard_low(tables):
    ours, hands = [], []
    for r in fives():
        ours.append(int(tables.deuce_to_seven[0, tables.index(r)]))
        hands.append(pokerkit.StandardLowHand(text(unsuited(r))))
        if len(set(r)) == 5:
            ours.append(int(tables.deuce_to_seven[1, tables.index(r)]))
            hands.append(pokerkit.StandardLowHand(text([4 * x for x in r])))
    assert sorted(ours) == list(range(1, 7463))
    assert same_ranking(ours, strengths(hands))


def test_impossible_rows_read_zero(tables):
    five_kings = [11] * 5
    assert tables.ace_to_five[5][tables.index(five_kings)] == 0
    assert tables.ace_to_five[7][tables.index([*five_kings, 0, 1])] == 0
    assert tables.deuce_to_seven[1, tables.index([0, 0, 1, 2, 3])] == 0


def _best_by_definition(ranks, low_rule):
    """The best low of any five of ``ranks``, each five judged from its ranks alone by the rule's words."""
    def ace_to_five(five):
        counts = sorted((five.count(r) for r in set(five)), reverse=True)
        return counts, [ace_low(r) for r in read_order(five, ace_low)]   # smaller is better

    def eight(five):
        low = sorted(ace_low(r) for r in five)
        return low[::-1] if len(set(low)) == 5 and low[-1] <= 7 else None

    if low_rule == "eight":
        made = [eight(list(f)) for f in itertools.combinations(ranks, 5)]
        made = [m for m in made if m is not None]
        return min(made) if made else None
    return min(ace_to_five(list(f)) for f in itertools.combinations(ranks, 5))


@pytest.mark.parametrize("size", [6, 7])
def test_more_cards_take_the_best_five_by_definition(tables, size):
    rng = np.random.default_rng(size)
    five_values = {}
    for r in fives():
        five_values[tuple(x for x in [ace_low(y) for y in read_order(r, ace_low)])] = int(
            tables.ace_to_five[5][tables.index(r)])
    eights = {}
    for r in fives():
        value = int(tables.eight_or_better[5][tables.index(r)])
        if value:
            eights[tuple(sorted((ace_low(x) for x in r), reverse=True))] = value
    for _ in range(3000):
        ranks = sorted(rng.choice(np.repeat(np.arange(13), 4), size, replace=False).tolist())
        index = tables.index(ranks)
        best = _best_by_definition(ranks, "ace-to-five")
        assert tables.ace_to_five[size][index] == five_values[tuple(best[1])]
        low = _best_by_definition(ranks, "eight")
        assert tables.eight_or_better[size][index] == (eights[tuple(low)] if low else 0)


def test_the_wheel_is_no_straight_at_deuce_to_seven():
    assert straight_top([12, 3, 2, 1, 0]) is None
    assert straight_top([4, 3, 2, 1, 0]) == 4
    assert straight_top([12, 11, 10, 9, 8]) == 12


def test_seven_card_lows_agree_with_pokerkits_from_game(tables):
    rng = np.random.default_rng(7)
    rows = np.argsort(rng.random((300, 52)), axis=1)[:, :7]
    ours, theirs = [], []
    for row in rows:
        ours.append(int(tables.ace_to_five[7][tables.index(row >> 2)]))
        theirs.append(pokerkit.RegularLowHand.from_game(text(row)))
    assert same_ranking(ours, strengths(theirs))
