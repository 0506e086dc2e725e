"""The heads-up showdown pass: hold'em and short deck, each hand against the other range, seat equities exact."""
import numpy as np
import pytest

import pokerfsm
from pokerfsm.odds.deal import prepare_deal
from pokerfsm.odds.short_deck_deal import LOW_CARDS, prepare_short_deck_deal
from pokerfsm.study import _showdown
from pokerfsm.study.showdowns import showdowns

SHORT_WIDE = "66+,A6s+,K9s+,QTs+,JTs,ATo+,KJo+"


@pytest.mark.parametrize("players, board, dead", [
    (["QQ+,AK", SHORT_WIDE], "Kd 7c 6h", ""),
    (["QQ+,AK", SHORT_WIDE], "Kd 7c 6h 9s", ""),
    (["AhKh", None], "Qh Jh 6c", ""),
    (["0.5(AA,KK),AKs", "TT+,AQs+"], "Ts 9s 8d", "6c"),
    (["AA", "KK"], "6c 7d 9h Ts Jd", ""),
    (["A6s, 98s", "77, JTo"], "", "Kc Kd"),
])
def test_short_deck_seat_equity_is_the_calculators(table, players, board, dead):
    result = showdowns(prepare_short_deck_deal(players, board, dead), exact=True)
    exact = pokerfsm.equity(players, board=board, dead=dead, game="short-deck", exact=True)
    for seat in (0, 1):
        assert result.seat_equity(seat) == pytest.approx(exact.players[seat].equity, abs=1e-12)


def test_short_deck_hands_are_their_own_equity_against_the_other_range(table):
    result = showdowns(prepare_short_deck_deal(["QQ+,AK", SHORT_WIDE], "Kd 7c 6h"), exact=True)
    equities = result.equity(0)
    seat_hands = [h for h, w in zip(result.hands, result.weights[0]) if w > 0]
    for hand in (seat_hands[0], seat_hands[len(seat_hands) // 2], seat_hands[-1]):
        h = result.hands.index(hand)
        alone = pokerfsm.equity([f"{hand[0]}{hand[1]}", SHORT_WIDE], board="Kd 7c 6h", game="short-deck", exact=True)
        assert equities[h] == pytest.approx(alone.players[0].equity, abs=1e-12)
        assert result.showdown_weight(0)[h] == alone.combinations


def test_short_deck_ranks_a_flush_over_a_full_house(table):
    # on this board hold'em and short deck disagree: the flush wins only at short deck
    players, board = ["Ah 7h", "Kc Kd"], "Kh Jh 9h 9c 6s"
    assert showdowns(prepare_short_deck_deal(players, board)).seat_equity(0) == 1.0
    assert showdowns(prepare_deal(players, board)).seat_equity(0) == 0.0


def test_short_deck_boards_come_from_the_36_cards(table):
    deal = prepare_short_deck_deal(["AA", "KK"], "6c 7d 9h")
    result = showdowns(deal, exact=True)
    assert result.boards == 33 * 32 // 2 and result.completions == 31 * 30 // 2   # turn and river of 33 cards
    assert not {int(c) for hand in result.hands for c in hand} & {int(c) for c in LOW_CARDS}
    sampled = showdowns(deal, exact=False, seed=3, budget=0.2)
    assert not sampled.exact
    assert sampled.seat_equity(0) == pytest.approx(result.seat_equity(0), abs=0.02)


def test_short_deck_preflop_exact_is_the_calculators_and_random_boards_come_near(table):
    players = ["QQ+,AKs", "JJ,T9s,A6s"]
    deal = prepare_short_deck_deal(players)
    exact = pokerfsm.equity(players, game="short-deck", exact=True, tables=False).players[0].equity
    assert showdowns(deal, exact=True).seat_equity(0) == pytest.approx(exact, abs=1e-12)
    sampled = showdowns(deal, exact=False, seed=11, budget=1.0)
    assert not sampled.exact and abs(sampled.seat_equity(0) - exact) < 0.01


def test_the_kernel_refuses_what_is_not_a_table(table):
    one = np.zeros(1, dtype=np.uint8)
    with pytest.raises(ValueError, match="not a hand-rank table"):
        _showdown.sweep(np.zeros(10, dtype=np.int32), np.zeros(3, dtype=np.uint8), np.zeros((1, 2), dtype=np.uint8),
                        one, one + 1, np.zeros((2, 1)), np.zeros((2, 6, 1)))
