"""Exact counts and their rules (pokerfsm.tallies), shared by the shipped order and the store."""
from __future__ import annotations

import numpy as np
import pytest

from pokerfsm.preflop_order import preflop_order
from pokerfsm.tallies import (
    VS_RANDOM_SHOWDOWNS,
    categories_problem,
    counts_add_up,
    counts_problem,
    counts_text,
    parse_counts,
    parsed_counts,
    vs_one_random_problem,
)


@pytest.mark.parametrize(("counts", "problem"), [
    ((5, 0, 5), None),
    ((10, 0, 0), None),
    ((-1, 6, 5), "wins is -1, below 0"),
    ((0, 11, -1), "ties is 11, more than the 10 deals"),
    ((5, 5, 5), "wins + ties + losses = 15, not the 10 deals"),
    ((5.0, 0, 5), "wins is 5.0, not a whole number"),
    ((True, 4, 5), "wins is True, not a whole number"),
    ((5, "0", 5), "ties is '0', not a whole number"),
    ((np.int64(5), 0, 5), "wins is np.int64(5), not a whole number"),
])
def test_counts_problem(counts, problem):
    assert counts_problem(*counts, 10, "deals") == problem


def test_counts_add_up_the_same_for_arrays_and_numbers_without_wrapping():
    rows = np.array([[5, 0, 5], [2**63 - 1, 2**63 - 1, 12], [-1, 1, 10], [10, 0, 0], [0, 0, 0]], dtype=np.int64)
    vector = counts_add_up(rows[:, 0], rows[:, 1], rows[:, 2], 10)
    assert vector.tolist() == [counts_add_up(*map(int, row), 10) for row in rows] == [True, False, False, True, False]


@pytest.mark.parametrize("counts", [(), (0,), (3, 0, 12), (2_097_572_400, 1)])
def test_counts_text_round_trips(counts):
    assert parse_counts(counts_text(counts)) == parsed_counts(counts_text(counts)) == counts


@pytest.mark.parametrize("text", ["1 x", "1.5", None, 7, b"1 2"])
def test_parsed_counts_is_none_for_what_is_not_counts_text(text):
    assert parsed_counts(text) is None


def test_every_shipped_row_passes_and_one_count_more_does_not():
    for row in preflop_order():
        categories = counts_text(row.hand_categories + row.random_categories)
        assert vs_one_random_problem(row.wins, row.ties, row.losses, categories) is None
    row = preflop_order()[0]
    categories = counts_text(row.hand_categories + row.random_categories)
    assert "not the 2,097,572,400 showdowns" in vs_one_random_problem(row.wins + 1, row.ties, row.losses, categories)
    lopsided = counts_text((row.hand_categories[0] + 1, *row.hand_categories[1:], *row.random_categories))
    problem = vs_one_random_problem(row.wins, row.ties, row.losses, lopsided)
    assert problem.startswith(f"categories {lopsided[:20]!r}"[:-1]) and problem.endswith(
        "(158 characters) do not add up to its 2,097,572,400 showdowns")   # a long text is quoted cut short
    assert categories_problem(categories[:-2], VS_RANDOM_SHOWDOWNS) is not None   # a count cut short
