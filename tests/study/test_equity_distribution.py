"""Equity distributions: each hand's equity, weights that average to the seat's equity, buckets, errors."""
import dataclasses
import json
import math

import numpy as np
import pytest

import pokerfsm
from pokerfsm.errors import CancelledError, InvalidDealError, OptionError, RangeParseError, TimeLimitError
from pokerfsm.odds import Stop
from pokerfsm.study.equity_distribution import BUCKETS, bucket_shares, distribution, distributions

WIDE = "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+"


@pytest.mark.parametrize("players, board, dead", [
    (["QQ+,AK", WIDE], "Kd 7c 2h", ""),
    (["QQ+,AK", WIDE], "Kd 7c 2h 5s", ""),
    (["AhKh", None], "Qh Jh 2c", ""),
    (["0.5(AA,KK),AKs", "TT+,AQs+"], "Ts 9s 8d", "2c"),
    (["AA", "KK"], "2c 7d 9h 3s Jd", ""),
])
def test_weighted_mean_is_the_seats_equity(table, players, board, dead):
    exact = pokerfsm.equity(players, board=board, dead=dead, exact=True)
    for seat in (0, 1):
        d = distribution(players, board, dead, seat=seat, exact=True)
        mean = sum(h.equity * h.showdowns for h in d.hands) / sum(h.showdowns for h in d.hands)
        assert d.exact
        assert mean == pytest.approx(exact.players[seat].equity, abs=1e-12)
        assert d.equity == pytest.approx(exact.players[seat].equity, abs=1e-12)


def test_each_hand_is_its_own_equity_against_the_other_range(table):
    d = distribution(["QQ+,AK", WIDE], "Kd 7c 2h", seat=0)
    for hand in (d.hands[0], d.hands[len(d.hands) // 2], d.hands[-1]):
        alone = pokerfsm.equity([hand.hand, WIDE], board="Kd 7c 2h", exact=True)
        assert hand.equity == pytest.approx(alone.players[0].equity, abs=1e-12)
        assert hand.showdowns == alone.combinations
        assert hand.std_error == 0


def test_hands_best_first_and_buckets_add_up(table):
    d = distribution(["QQ+,AK", WIDE], "Kd 7c 2h", seat=1)
    equities = [h.equity for h in d.hands]
    assert equities == sorted(equities, reverse=True)
    assert math.isclose(sum(b.share for b in d.buckets), 1.0)
    assert sum(b.weight for b in d.buckets) == sum(h.weight for h in d.hands) == len(d.hands)
    assert [b.label for b in d.buckets] == [label for label, _, _ in BUCKETS]
    curve = d.curve()
    assert curve[-1][0] == pytest.approx(1.0) and [e for _, e in curve] == equities


def test_bucket_edges():
    shares = bucket_shares([1.0, 0.8, 0.7999, 0.2, 0.1999, 0.0], [1, 1, 1, 1, 1, 1])
    assert [b.weight for b in shares] == [2, 1, 0, 1, 2]


def test_both_seats_from_one_pass_are_complementary(table):
    first, second = distributions(["QQ+,AK", WIDE], "Kd 7c 2h")
    assert first.equity + second.equity == pytest.approx(1.0)
    assert sum(h.showdowns for h in first.hands) == pytest.approx(sum(h.showdowns for h in second.hands))


def test_monte_carlo_when_over_budget_has_a_std_error_per_hand(table):
    d = distribution(["QQ+,AK", WIDE], seed=7, budget=1.0)
    assert not d.exact and d.boards > 0
    errors = np.array([h.std_error for h in d.hands])
    assert (errors > 0).all() and (errors < 0.02).all()
    exact = pokerfsm.equity(["QQ+,AK", WIDE], tables=False, exact=True).players[0].equity
    assert abs(d.equity - exact) < 0.01
    again = distribution(["QQ+,AK", WIDE], seed=7, budget=1.0)  # the target is met well within the budget
    assert (again.boards, again.hands) == (d.boards, d.hands)  # same seed, same boards


THREE = ["QQ+,AK", WIDE, "TT+"]


def test_three_seats_each_hand_against_all_the_others(table):
    seats = distributions(THREE, "Kd 7c 2h", seed=5, budget=2.0)
    assert len(seats) == 3 and not any(d.exact for d in seats)
    assert sum(d.equity for d in seats) == pytest.approx(1.0)   # each deal's pot is shared out whole
    exact = pokerfsm.equity(THREE, board="Kd 7c 2h", exact=True, tables=False)
    for d, player in zip(seats, exact.players):
        counts = np.array([h.showdowns for h in d.hands])
        assert sum(counts) == d.boards
        assert np.dot(counts, [h.equity for h in d.hands]) / counts.sum() == pytest.approx(d.equity)
        assert d.equity == pytest.approx(player.equity, abs=0.012)
    hand = seats[0].hands[3]   # one hand of seat 1 against the two ranges, as the calculator finds it
    alone = pokerfsm.equity([hand.hand, WIDE, "TT+"], board="Kd 7c 2h", exact=True, tables=False)
    assert abs(hand.equity - alone.players[0].equity) < 4 * hand.std_error + 1e-9
    again = distributions(THREE, "Kd 7c 2h", seed=5, budget=2.0)
    if again[0].boards == seats[0].boards:   # the target was met within the budget both times: the same deals
        assert again[0].hands == seats[0].hands


def test_three_seats_with_a_known_hand_and_a_random_one(table):
    d = distribution([["Ah", "Kh"], "QQ+", None], "Qh Jh 2c", seat=2, seed=2, budget=1.0)
    assert d.hands and all("Ah" not in h.hand and "Qh" not in h.hand for h in d.hands)
    known = distribution([["Ah", "Kh"], "QQ+", None], "Qh Jh 2c", seat=0, seed=2, budget=1.0)
    assert [h.hand for h in known.hands] in (["AhKh"], ["KhAh"])


def test_json_has_no_infinite_error_for_a_hand_dealt_once(table):
    d = distribution(THREE, "Kd 7c 2h", seed=1, budget=0.01)
    once = dataclasses.replace(d, hands=(dataclasses.replace(d.hands[0], std_error=math.inf), *d.hands[1:]))
    text = json.dumps(once.to_dict(), allow_nan=False)
    assert json.loads(text)["hands"][0]["std_error"] is None


def test_a_stop_ends_the_work(table):
    cancelled = Stop()
    cancelled.cancel()
    with pytest.raises(CancelledError):
        distribution(["QQ+,AK", WIDE], "Kd 7c 2h", stop=cancelled)
    with pytest.raises(TimeLimitError):   # preflop, exact: 1.7 million boards, stopped between blocks
        distribution(["QQ+,AK", WIDE], exact=True, stop=Stop(0.3))
    with pytest.raises(CancelledError):
        distribution(THREE, "Kd 7c 2h", stop=cancelled)


@pytest.mark.parametrize("call, error, fragment", [
    (lambda: distribution(["QQ+,AX", "KK"], "Kd 7c 2h"), RangeParseError, "'AX'"),
    (lambda: distribution(["QQ+", "KK"], "Kd 7c"), InvalidDealError, "got 2"),
    (lambda: distribution(["QQ+", "KK"], "Kd 7c 2h", seat=2), OptionError, "seat"),
    (lambda: distribution(["QQ+", "KK", "AA"], "Kd 7c 2h", exact=True), OptionError, "cannot be exact"),
    (lambda: distribution(["QQ+", "KK", "AA"], "Kd 7c 2h", seat=3), OptionError, "no seat 3"),
    (lambda: distribution(["QQ+", "KK"], "Kd 7c 2h", budget=0), OptionError, "budget"),
])
def test_bad_input_is_one_clear_error(table, call, error, fragment):
    with pytest.raises(error, match=fragment):
        call()


def test_exported_from_the_top_package(table):
    assert pokerfsm.distribution is distribution
