"""pokerfsm.showdown: uncalled bets, main and side pots, winners, odd chips; and its invariants."""
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerfsm
from pokerfsm.cards import DECK
from pokerfsm.errors import DuplicateCardError, InvalidDealError
from pokerfsm.history.settlement import layer_pots, showdown

BOARD = "2c 7d 9h 8s 3s"  # no straight, no flush for any of the hands below


def summary(settlement):
    return [(p.amount, p.eligible, p.winners) for p in settlement.pots]


@pytest.mark.parametrize("hands, contributions, folded, antes, pots, net", [
    # heads-up, the better hand takes everything
    (["AhAd", "KsKc"], [100, 100], (), None, [(200, (0, 1), (0,))], (100, -100)),
    # everybody folds to the last bettor: nothing is compared, cards may be unknown
    ([None, None, None], [5, 10, 30], [0, 1], None, [(25, (2,), (2,))], (-5, -10, 15)),
    # three all-ins and a covering caller (tests/history/data/three_allins.phh)
    (["AhAd", "KsKc", "QhQd", "JcJd"], [100, 250, 400, 400], (), None,
     [(400, (0, 1, 2, 3), (0,)), (450, (1, 2, 3), (1,)), (300, (2, 3), (2,))], (300, 200, -100, -400)),
    # a split pot of 25: the odd chip to the first winner left of the button (seat 1)
    ([None, "AhKd", "AsKc"], [5, 10, 10], [0], None, [(25, (1, 2), (1, 2))], (-5, 3, 2)),
    # three-way split of 35: both odd chips to seat 1, as pokerkit does
    ([None, "AhKd", "AsKc", "AcKh"], [5, 10, 10, 10], [0], None,
     [(35, (1, 2, 3), (1, 2, 3))], (-5, 3, 1, 1)),
    # dead antes: the button, all-in for a short ante of 6, wins every ante (26)
    (["AhAd", "KsKc", "7c7s"], [30, 30, 6], (), [10, 10, 6],
     [(26, (0, 1, 2), (2,)), (40, (0, 1), (0,))], (10, -30, 20)),
    # the same spot with trimmed antes: the button wins 6 from each player only
    (["AhAd", "KsKc", "7c7s"], [30, 30, 6], (), None,
     [(18, (0, 1, 2), (2,)), (48, (0, 1), (0,))], (18, -30, 12)),
    # seats 1 and 2 chop a main pot of 23 and a side pot of 33: with the losing
    # hand mucked, both pots have the same contenders, so there is one odd chip
    # (56 = 28 + 28), not two (12 + 17 against 11 + 16 would be the same here)
    (["4c5d", "AhKd", "AsKc", None, None], [5, 20, 20, 3, 8], [3, 4], None,
     [(23, (0, 1, 2), (1, 2)), (33, (1, 2), (1, 2))], (-5, 8, 8, -3, -8)),
])
def test_showdown_table(table, hands, contributions, folded, antes, pots, net):
    result = showdown(hands, BOARD, contributions, folded, antes=antes)
    assert summary(result) == pots
    assert result.net == net
    assert sum(result.payouts) == sum(contributions)


def test_odd_chips_of_pots_chopped_by_the_same_players_are_counted_together(table):
    # main pot 23 and side pot 33, both chopped by seats 1 and 2 after seat 0 loses
    result = showdown(["4c5d", "AhKd", "AsKc", None, None], BOARD, [5, 20, 20, 3, 8], [3, 4])
    assert [p.shares[1:3] for p in result.pots] == [(12, 11), (16, 17)]
    assert result.won[1:3] == (28, 28) and result.mucked == (0,)
    # alone, each pot would give its odd chip to seat 1: 12 + 17 = 29
    alone = showdown(["AhKd", "AsKc", None], BOARD, [20, 20, 13], [2])
    assert alone.pots[0].shares[:2] == (27, 26)


def test_uncalled_bet_is_returned_and_mucked_hands_are_reported(table):
    result = showdown(["AhAd", "KsKc", "QhQd"], BOARD, [100, 300, 400])
    assert result.returned == (0, 0, 100) and result.mucked == (2,)
    assert result.ranks[2].describe() == "Pair of Queens" and result.contested


def test_folded_players_may_be_given_as_booleans(table):
    by_index = showdown(["AhAd", "KsKc", "QhQd"], BOARD, [10, 10, 10], folded=[2])
    by_flag = showdown(["AhAd", "KsKc", "QhQd"], BOARD, [10, 10, 10], folded=[False, False, True])
    assert by_index == by_flag and by_flag.net == (20, -10, -10)


def test_draw_hands_need_no_board(table):
    result = showdown(["2c 3c 4c 5c 7d", "Ah Ad Kc Qs 9h"], (), [40, 40])
    assert result.pots[0].winners == (1,) and result.net == (-40, 40)


def test_package_exports_showdown():
    assert pokerfsm.showdown is showdown
    assert "showdown" in pokerfsm.__all__ and "Settlement" in pokerfsm.__all__


@pytest.mark.parametrize("call, error, fragment", [
    (lambda: showdown(["AhAd"], BOARD, [10]), InvalidDealError, "at least 2"),
    (lambda: showdown(["AhAd", "KsKc"], BOARD, [10, 10, 10]), InvalidDealError, "2 hands for 3"),
    (lambda: showdown(["AhAd", "KsKc"], BOARD, [10, -1]), InvalidDealError, ">= 0"),
    (lambda: showdown(["AhAd", "KsKc"], BOARD, [10, 10], [0, 1]), InvalidDealError, "nobody is left"),
    (lambda: showdown(["AhAd", "KsKc"], BOARD, [10, 10], [5]), InvalidDealError, "seat numbers"),
    (lambda: showdown(["AhAd", None], BOARD, [10, 10]), InvalidDealError, "unknown"),
    (lambda: showdown(["AhAd", "Ad2c"], BOARD, [10, 10]), DuplicateCardError, "'Ad'"),
    (lambda: showdown(["Ah8s", "KsKc"], BOARD, [10, 10]), DuplicateCardError, "'8s'"),
    (lambda: showdown(["AhAd", "KsKc"], "2c 7d", [10, 10]), InvalidDealError, "5-7"),
    (lambda: showdown(["AhAd", "KsKc"], BOARD, [10, 10], antes=[20, 0]), InvalidDealError, "ante"),
])
def test_bad_input_raises(table, call, error, fragment):
    with pytest.raises(error, match=None) as info:
        call()
    assert fragment in str(info.value)


# -- invariants ---------------------------------------------------------------------------

@st.composite
def spots(draw):
    n = draw(st.integers(2, 7))
    cards = draw(st.permutations(DECK))
    hands = [cards[2 * i:2 * i + 2] for i in range(n)]
    board = cards[2 * n:2 * n + 5]
    contributions = draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
    folded = draw(st.sets(st.integers(0, n - 1), max_size=n - 1))
    dead = draw(st.booleans())
    antes = [min(c, draw(st.integers(0, 3))) for c in contributions] if dead else None
    return hands, board, contributions, sorted(folded), antes


@settings(max_examples=300, deadline=None)
@given(spots())
def test_settlement_conserves_chips_and_pays_only_eligible_players(table, spot):
    hands, board, contributions, folded, antes = spot
    result = showdown(hands, board, contributions, folded, antes=antes)
    n = len(contributions)
    assert sum(result.payouts) == sum(contributions)  # no chip created or lost
    assert all(p.amount == sum(p.shares) > 0 for p in result.pots)
    bets = [c - (antes[i] if antes else 0) for i, c in enumerate(contributions)]
    for pot in result.pots:
        assert set(pot.winners) <= set(pot.eligible)
        assert not set(pot.eligible) & set(folded)
        assert all(share == 0 for i, share in enumerate(pot.shares) if i not in pot.winners)
    # in a real hand some live player matches the biggest called bet; otherwise (random
    # spots only) the folded players' excess is dead money for the pot below it
    real = max(bets[i] for i in range(n) if i not in folded) >= sorted(bets)[-2]
    for i in range(n):
        if i in folded:
            assert result.won[i] == 0
        # nobody wins from an opponent more than they themselves put at risk
        cap = sum(min(b, bets[i] - result.returned[i]) for b in bets) + (sum(antes) if antes else 0)
        assert result.won[i] <= cap or not real
    top = max(range(n), key=lambda i: bets[i])
    assert all(r == 0 for i, r in enumerate(result.returned) if i != top)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 100), min_size=2, max_size=9), st.data())
def test_layers_add_up_and_shrink(contributions, data):
    n = len(contributions)
    live = data.draw(st.sets(st.integers(0, n - 1), min_size=1))
    returned, pots = layer_pots(contributions, live)
    assert sum(returned) + sum(amount for amount, _ in pots) == sum(contributions)
    for (_, outer), (_, inner) in itertools.pairwise(pots):
        assert set(inner) < set(outer)  # each side pot has fewer contenders than the one before
    assert all(set(eligible) <= live for _, eligible in pots)


def test_settlement_messages_name_the_seat_or_the_names_given(table):
    with pytest.raises(InvalidDealError, match=r"^seat 1's cards are unknown but must be compared") as info:
        showdown(["Ah Kd", None], "2c 7d 9h Js 3s", [10, 10])
    assert info.value.player == 1
    with pytest.raises(DuplicateCardError, match=r"^card 'Ah' of Bob is also in Ann's hand$"):
        showdown(["Ah Kd", "Ah Kc"], "2c 7d 9h Js 3s", [10, 10], names=["Ann", "Bob"])
