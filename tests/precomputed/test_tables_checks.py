"""The rules every row, build record and parameter of a store is held to (pokerfsm.precomputed.checks)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from pokerfsm.errors import BuildError
from pokerfsm.precomputed import symmetry
from pokerfsm.precomputed.checks import (
    flop_problem,
    hu_problem,
    matchup_keys_of_text,
    record_problem,
    row_name,
    row_problem,
    stored_parameters,
    table_parameters,
    vs_random_problem,
)
from pokerfsm.precomputed.rows import hand_text
from pokerfsm.precomputed.tasks import SPECS, flop_rows, run_task
from pokerfsm.tallies import HU_BOARDS


@pytest.mark.parametrize(("counts", "problem"), [
    ((1_388_072, 6_538, 317_694), None),
    ((-280_610, 6_538, 317_694), "wins is -280,610, below 0"),
    ((1_000_000, 6_538, 317_694), "wins + ties + losses = 1,324,232, not the 1,712,304 boards"),
    ((1_388_072 - 10**9, 6_538, 317_694 + 10**9), "wins is -998,611,928, below 0"),
    ((0, 0, 0), "wins + ties + losses = 0,"),
    (("x", 6_538, 317_694), "wins is 'x', not a whole number"),
    ((None, 6_538, 317_694), "wins is None, not a whole number"),
    ((b"\x00", 6_538, 317_694), r"wins is b'\x00', not a whole number"),
    ((1_388_072.0, 6_538, 317_694), "wins is 1388072.0, not a whole number"),
    ((True, 6_538, 317_694), "wins is True, not a whole number"),
    # two counts near 2**63 and a third that wraps a 64-bit sum round to 1,712,304
    ((2**63 - 1, 2**63 - 1, HU_BOARDS + 2), "wins is 9,223,372,036,854,775,807, more than the 1,712,304"),
])
def test_heads_up_counts(counts, problem):
    found = hu_problem(*counts)
    assert found is None if problem is None else problem in found


def test_the_vectorised_rule_is_the_scalar_one():
    """The loader checks preflop-hu's counts as arrays; int64 sums must not wrap round to a good total."""
    from pokerfsm.precomputed.checks import counts_add_up

    rows = np.array([[1_388_072, 6_538, 317_694], [2**63 - 1, 2**63 - 1, HU_BOARDS + 2], [-1, 1, HU_BOARDS],
                     [HU_BOARDS, 0, 0], [0, 0, 0]], dtype=np.int64)
    vector = counts_add_up(rows[:, 0], rows[:, 1], rows[:, 2], HU_BOARDS)
    assert vector.tolist() == [hu_problem(*map(int, row)) is None for row in rows] == [True, False, False, True,
                                                                                         False]


def test_every_matchup_key_is_named_by_its_texts():
    """The loader reads hand1/hand2 as the key they name: every class round-trips, and the first rows'
    texts with a card changed, swapped or cut name another key or none."""
    keys = symmetry.matchup_classes()
    hands = [symmetry.unpack_matchup(int(key)) for key in keys]
    first = [hand_text(*a) for a, _ in hands]
    second = [hand_text(*b) for _, b in hands]
    assert (matchup_keys_of_text(first, second) == keys).all()
    assert first[-1] == "AhAs"
    for bad in ("AsAh", "AhA", "AhAsx", "ahas", "", "XxXx", "AhAh"):
        assert matchup_keys_of_text([bad], [second[-1]])[0] == -1, bad
    assert matchup_keys_of_text([None, 7, b"AdAh"], ["KcKs"] * 3).tolist() == [-1, -1, -1]


def test_flop_rows_pass_and_their_squares_are_bounded(table):
    rows = flop_rows(symmetry.canonical_boards(3)[7])
    columns = SPECS["flop-ehs"].column_names
    assert all(row_problem("flop-ehs", dict(zip(columns, row))) is None for row in rows)
    _key, _board, _hand, wins, ties, losses, squares = rows[0]
    assert "squares" in flop_problem(wins, ties, losses, squares + 1)          # the parity of the ties
    assert "squares" in flop_problem(wins, ties, losses, 0)
    assert "squares" in flop_problem(wins, ties, losses, 10**15)
    assert "not a whole number" in flop_problem(wins, ties, losses, "x")
    assert "below 0" in flop_problem(-wins, ties, losses + 2 * wins, squares)
    moved = dict(zip(columns, rows[0]), key=rows[1][0])
    assert "not the spot of its key" in row_problem("flop-ehs", moved)
    assert "not one of the table's" in row_problem("flop-ehs", dict(moved, key=0))


@pytest.fixture(scope="module")
def vs_random_rows(table):
    """A real exact row (72o against one random hand) and a real Monte Carlo row (AKs against 3)."""
    from pokerfsm.ranges import HAND_CLASSES

    parameters = table_parameters("preflop-vs-random", {"target_std_error": 0.01})
    columns = SPECS["preflop-vs-random"].column_names
    exact = run_task("preflop-vs-random", HAND_CLASSES.index("72o"), parameters)["rows"][0]
    sampled = run_task("preflop-vs-random", 2 * 169 + HAND_CLASSES.index("AKs"), parameters)["rows"][0]
    return dict(zip(columns, exact)), dict(zip(columns, sampled))


@pytest.mark.parametrize(("which", "changes", "problem"), [
    (0, {}, None),
    (1, {}, None),
    (0, {"wins": "x"}, "wins is 'x'"),
    (0, {"exact": 0}, "exact is 0, but its rows against 1 are exact"),
    (0, {"hand": "AA"}, "it names 'AA' against 1, not the spot of its key"),
    (0, {"key": 15}, "key 15 is not one of the table's"),
    (0, {"key": 5}, "it names '72o' against 1, not the spot of its key"),
    (0, {"win": -0.24}, "win is -0.24, but its counts give"),
    (0, {"samples": 10}, "samples is 10 in an exact row"),
    (0, {"categories": None}, "categories None do not add up"),
    (1, {"samples": 10, "se_win": -1.0}, "deals of the row"),
    (1, {"se_win": -1.0}, "se_win is -1.0, but its counts give"),
    (1, {"se_equity": math.nan}, "se_equity is nan, not a number"),
    (1, {"exact": 1}, "exact is 1, but its rows against 3 are sampled"),
    (1, {"outcomes": "1 2"}, "outcomes '1 2' do not add up"),
    (1, {"categories": "0"}, "categories is '0' in a sampled row"),
    (1, {"pot_share": 1.0}, "pot_share is 1.0, but its counts give"),
])
def test_vs_random_rows(vs_random_rows, which, changes, problem):
    found = vs_random_problem({**vs_random_rows[which], **changes})
    assert found is None if problem is None else problem in found


def test_a_consistently_altered_sampled_row_is_refused(vs_random_rows):
    """Wins -1e9 and losses +1e9 keep the total: the negative count is what gives it away; and a row whose
    deals moved to more winners than the spot has players is refused too."""
    row = dict(vs_random_rows[1])
    altered = {**row, "wins": row["wins"] - 10**9, "losses": row["losses"] + 10**9}
    assert "below 0" in vs_random_problem(altered)
    outcomes = [int(c) for c in row["outcomes"].split()]
    outcomes[2], outcomes[6] = outcomes[2] - 1, outcomes[6] + 1    # a 2-way split becomes a 6-way one
    assert "more players sharing a pot than 4" in vs_random_problem({**row, "outcomes": " ".join(map(str, outcomes))})


@pytest.mark.parametrize(("overrides", "message"), [
    ({"target_std_error": "nan"}, "'nan'"),
    ({"target_std_error": "inf"}, "'inf'"),
    ({"target_std_error": "0"}, "'0'"),
    ({"target_std_error": "-0.001"}, "'-0.001'"),
    ({"target_std_error": "lots"}, "needs a number, not 'lots'"),
    ({"max_opponents": "2.5"}, "needs a whole number, not '2.5'"),
    ({"max_opponents": "10"}, "from 1 to 9"),
    ({"colour": "blue"}, "no parameter 'colour'"),
])
def test_parameters_are_refused_at_the_check(overrides, message):
    with pytest.raises(BuildError, match=message):
        table_parameters("preflop-vs-random", overrides)


@pytest.mark.parametrize(("text", "problem"), [
    ('{"classes_per_task": 400}', None),
    ("not json", "not a JSON object"),
    ("[" * 100_000, "not a JSON object"),
    ("[1, 2]", "not a JSON object"),
    ('{"classes_per_task": NaN}', "needs a whole number, not nan"),
    ('{"classes_per_task": 2.5}', "not of the right types"),
    ('{"classes_per_task": 400, "extra": 1}', "not the table's"),
    (None, "not a JSON object"),
])
def test_stored_parameters(text, problem):
    if problem is None:
        assert stored_parameters("preflop-hu", text) == {"classes_per_task": 400}
    else:
        with pytest.raises(ValueError, match=problem):
            stored_parameters("preflop-hu", text)


def test_record_problem():
    parameters = {"classes_per_task": 400}
    texts = {"start": "2026", "completed": None}
    assert record_problem("preflop-hu", parameters, 118, texts) is None
    assert "'x', not the 118" in record_problem("preflop-hu", parameters, "x", texts)
    assert "5, not the 118" in record_problem("preflop-hu", parameters, 5, texts)
    assert "its start is 3" in record_problem("preflop-hu", parameters, 118, {"start": 3, "completed": None})


def test_row_names():
    """Rows are named by their class (the smallest suit relabelling and seat order of a question)."""
    key = int(symmetry.matchup_key(np.array([[51, 50, 47, 46]], dtype=np.uint8))[0][0])   # AcAd vs KcKd
    assert row_name("preflop-hu", key) == "KhKs vs AhAs"
    assert row_name("preflop-vs-random", 2) == "AA against 2 random hands"
    assert row_name("flop-ehs", symmetry.pack_spot((36, 40, 44), (48, 49))) == "AhAs on KsQsJs"
    assert row_name("preflop-vs-random", 15) == "key 15" and row_name("flop-ehs", -1) == "key -1"
