"""The shipped PokerStove order and the percentage ranges built on it."""
from __future__ import annotations

import itertools
import random

import pytest

import pokerfsm
from pokerfsm.errors import InvalidDealError
from pokerfsm.precomputed.definitions import VS_RANDOM_SHOWDOWNS
from pokerfsm.precomputed.order import order_rows, percentile_range, preflop_order
from pokerfsm.ranges import HAND_CLASSES, parse_range
from pokerfsm.ranking import HandCategory


def test_the_shipped_order_is_complete_and_sorted():
    order = preflop_order()
    assert sorted(row.hand for row in order) == sorted(HAND_CLASSES)
    assert [row.rank for row in order] == list(range(1, 170))
    assert order[-1].cumulative_combos == 1326
    for before, row in itertools.pairwise(order):
        assert before.equity > row.equity
        assert row.cumulative_combos == before.cumulative_combos + row.combos
    for row in order:
        assert row.wins + row.ties + row.losses == VS_RANDOM_SHOWDOWNS
        assert sum(row.hand_categories) == sum(row.random_categories) == VS_RANDOM_SHOWDOWNS
        assert row.equity == pytest.approx((row.wins + row.ties / 2) / VS_RANDOM_SHOWDOWNS,
                                           abs=1e-9)
    assert [row.hand for row in order[:3]] == ["AA", "KK", "QQ"]
    assert order[-1].hand == "32o"


def test_a_sample_of_the_order_recomputed_by_enumeration(table):
    order = preflop_order()
    for row in random.Random(12).sample(order, 2):
        hand = random.Random(row.rank).choice(list(parse_range(row.hand)))
        player, other = pokerfsm.equity([list(hand), None], exact=True, tables=False).players
        assert (row.wins, row.ties, row.losses) == (player.wins, player.ties, player.losses)
        for counts, seat in ((row.hand_categories, player), (row.random_categories, other)):
            assert {c.name: n / VS_RANDOM_SHOWDOWNS for c, n in zip(HandCategory, counts)} == seat.categories


def test_percentile_ranges():
    assert len(percentile_range(100)) == 1326
    assert str(percentile_range(0.5)) == "AA"
    assert str(percentile_range("1")) == "KK+"
    smaller, larger = percentile_range(10), percentile_range(20)
    assert set(smaller) < set(larger)
    assert abs(len(smaller) - 132.6) <= max(row.combos for row in preflop_order()) / 2
    for bad in (0, -3, 101, "lots", None):
        with pytest.raises(InvalidDealError):
            percentile_range(bad)


def test_order_needs_every_class_once():
    categories = " ".join(["1"] + ["0"] * 8) * 2
    rows = [(hand, 1, 0, 1, " ".join(["2"] + ["0"] * 17)) for hand in HAND_CLASSES]
    assert len(order_rows(rows)) == 169
    with pytest.raises(ValueError, match="169"):
        order_rows(rows[:-1])
    with pytest.raises(ValueError, match="18 category counts"):
        order_rows([(hand, 1, 0, 1, categories[:3]) for hand in HAND_CLASSES])


def test_the_games_preflop_table_is_the_shipped_order_rounded():
    """The computer players' preflop equities (four decimals, kept in the games package) are the
    exact figures of the shipped order: two copies of one fact that must not drift apart."""
    from pokerfsm.games.preflop import PREFLOP_EQUITY

    assert {row.hand: round(row.equity, 4) for row in preflop_order()} == PREFLOP_EQUITY
