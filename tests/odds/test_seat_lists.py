"""The seat lists the Omaha and short-deck kernels read, and the equity driver they share."""
import numpy as np
import pytest

from pokerfsm.odds.omaha import compute_omaha
from pokerfsm.odds.omaha_deal import prepare_omaha_deal
from pokerfsm.odds.seat_lists import LISTED_SEAT, RANDOM_SEAT, SeatLists, seat_kinds


def test_a_seat_dealt_at_random_lists_nothing_and_keeps_its_place():
    lists = SeatLists.of(np.arange(12).reshape(3, 4), [1.0, 2.0, 0.5], sizes=[1, 0, 2], hole_cards=4)
    assert lists.hands.shape == (3, 4) and lists.hands.dtype == np.uint8
    assert lists.start.tolist() == [0, 1, 1, 3]
    assert lists.masks.tolist() == [0xF, 0xF0, 0xF00]
    assert lists.cumulative().tolist() == [1.0, 2.0, 2.5]
    assert seat_kinds([False, True, False]).tolist() == [LISTED_SEAT, RANDOM_SEAT, LISTED_SEAT]


@pytest.mark.parametrize("exact", [True, False])
def test_the_driver_counts_what_it_is_asked(exact):
    deal = prepare_omaha_deal(["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d")
    result = compute_omaha(deal, exact=exact, samples=None if exact else 4_000, seed=3)
    assert result.combinations == (820 if exact else 4_000)
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)
