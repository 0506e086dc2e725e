"""The rules: which sets are valid, what they are worth, and the referee for one move."""
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerfsm.errors import IllegalActionError
from pokerfsm.games.rummikub.rules import (
    IllegalMoveError,
    InvalidSetError,
    Rule,
    SetKind,
    add_tile,
    as_table,
    check_move,
    check_table,
    find_group,
    find_run,
    is_valid_set,
    read_set,
    set_value,
    table_value,
)
from pokerfsm.games.rummikub.solver import candidate_sets
from pokerfsm.games.rummikub.tiles import Tile, format_tiles, parse_tiles


@pytest.mark.parametrize("text, kind, value", [
    # runs
    ("R1 R2 R3", SetKind.RUN, 6),
    ("K11 K12 K13", SetKind.RUN, 36),
    ("B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13", SetKind.RUN, 91),
    ("Y9 Y7 Y8", SetKind.RUN, 24),                 # order does not matter
    # groups
    ("R7 B7 Y7", SetKind.GROUP, 21),
    ("R7 B7 Y7 K7", SetKind.GROUP, 28),
    # jokers in runs: inside, at either end, in runs of 4 or more
    ("R7 J R9", SetKind.RUN, 24),
    ("R7 R8 J", SetKind.RUN, 24),                  # J is R9 (the highest reading)
    ("J R12 R13", SetKind.RUN, 36),                # J can only be R11
    ("J R1 R2", SetKind.RUN, 6),                   # J can only be R3: no wrap
    ("R5 R6 R7 R8 J", SetKind.RUN, 35),            # at the end of a run of 5
    ("J R6 R7 R8 R9", SetKind.RUN, 40),
    ("R5 J J R8", SetKind.RUN, 26),
    ("B2 J J", SetKind.RUN, 9),
    # jokers in groups, of 3 and of 4
    ("J R11 B11", SetKind.GROUP, 33),
    ("R7 B7 Y7 J", SetKind.GROUP, 28),
    ("R7 B7 J J", SetKind.GROUP, 28),
    ("K13 J J", SetKind.GROUP, 39),                # a group beats the run J J K13 (36)
])
def test_valid_sets_their_kind_and_value(text, kind, value):
    reading = read_set(text)
    assert (reading.kind, reading.value) == (kind, value)
    assert is_valid_set(text) and set_value(text) == value
    assert sorted(reading.tiles) == sorted(parse_tiles(text))
    assert len(reading.numbers) == len(reading.tiles)


@pytest.mark.parametrize("text, reason", [
    ("", "at least 3 tiles"),
    ("R1 R2", "at least 3 tiles"),
    ("R7 R8 R10", "R9 is missing"),
    ("K12 K13 K1", "no wrap from 13 to 1"),
    ("R7 B8 Y9", "one colour"),
    ("R7 R7 R8", "R7 appears twice"),
    ("R7 B7 R7", "distinct colours"),
    ("R7 B7 Y7 K7 R7", "at most 4 tiles"),
    ("R7 B7 Y7 K7 J", "at most 4 tiles"),
    ("R7 R11 J", "R8 R9 R10 are missing and 1 joker cannot fill them"),
    ("R7 R9 B8", "one colour"),
])
def test_invalid_sets_say_why(text, reason):
    assert not is_valid_set(text)
    with pytest.raises(InvalidSetError, match=reason) as caught:
        read_set(text)
    assert caught.value.rule is Rule.INVALID_SET
    assert isinstance(caught.value, IllegalActionError)


def test_run_of_13_with_jokers_has_no_room_to_wrap():
    assert is_valid_set("J B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13")
    assert not is_valid_set("J J B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13")


@given(st.sampled_from(candidate_sets()), st.randoms(use_true_random=False))
def test_reading_ignores_the_order_and_sums_its_numbers(tiles, rng):
    shuffled = list(tiles)
    rng.shuffle(shuffled)
    reading = read_set(shuffled)
    assert reading == read_set(tiles)
    assert reading.value == sum(reading.numbers)
    numbered = [(t, n) for t, n in zip(reading.tiles, reading.numbers) if not t.is_joker]
    assert all(t.number == n for t, n in numbered)
    if reading.kind is SetKind.RUN:
        assert list(reading.numbers) == list(range(reading.numbers[0], reading.numbers[0] + len(tiles)))
        assert reading.numbers[0] >= 1 and reading.numbers[-1] <= 13
    else:
        assert len(set(reading.numbers)) == 1 and len({t.colour for t, _ in numbered}) == len(numbered)


def test_table_value_is_the_sum_of_its_sets():
    assert table_value(as_table("R1 R2 R3 | R7 B7 Y7 | Y7 Y8 J")) == 6 + 21 + 24


def test_check_table_names_the_bad_set():
    check_table(as_table("R1 R2 R3 | R7 B7 Y7"))
    with pytest.raises(InvalidSetError, match=r"^set 2: R7 B7 is not a valid set"):
        check_table(as_table("R1 R2 R3 | R7 B7"))


# --- the referee ---------------------------------------------------------------------------

COURSE_TABLE = as_table("R7 B7 Y7 | K1 K2 K3 K4 | R9 R10 R11")
COURSE_HAND = Counter(parse_tiles("K7 K7 R8 K3 K5 K5"))
COURSE_MOVE = as_table("R7 B7 Y7 K7 | K1 K2 K3 | K3 K4 K5 | R8 R9 R10 R11")


def test_the_course_worked_example_is_legal():
    summary = check_move(COURSE_TABLE, COURSE_HAND, COURSE_MOVE, initial_done=True)
    assert format_tiles(summary.placed) == "R8 K3 K5 K7"
    assert (summary.tiles_placed, summary.value_placed, summary.sets_changed) == (4, 23, 3)
    assert COURSE_HAND - Counter(summary.placed) == Counter(parse_tiles("K7 K5"))


@pytest.mark.parametrize("new_table, rule, message", [
    ("R7 B7 Y7 K7 | K1 K2 K3 | K3 K4 K5 | R8 R9 R10 R11 | B1 B2 B3", Rule.NOT_YOUR_TILE,
     "^B1 B2 B3 are not in your hand$"),
    ("R7 B7 Y7 K7 | K1 K2 K3 | R8 R9 R10 R11", Rule.TABLE_TILE_TAKEN, "K4 is missing from the new table"),
    ("R7 B7 Y7 | K1 K2 K3 K4 | R9 R10 R11", Rule.NOTHING_PLACED, "at least one tile"),
    ("R7 B7 Y7 K7 | K1 K2 K3 K4 K5 | R8 R9 R10 R11 R8", Rule.NOT_YOUR_TILE, "^R8 is not in your hand$"),
    ("R7 B7 Y7 K7 K7 | K1 K2 K3 K4 | R9 R10 R11", Rule.INVALID_SET, "^set 1: R7 B7 Y7 K7 K7 is not"),
    ("R7 B7 Y7 | K1 K2 K3 K4 | R9 R10 R11 | K5 K7", Rule.INVALID_SET, "^set 4: K5 K7 is not"),
])
def test_illegal_moves_are_rejected_with_the_rule(new_table, rule, message):
    with pytest.raises(IllegalMoveError, match=message) as caught:
        check_move(COURSE_TABLE, COURSE_HAND, as_table(new_table), initial_done=True)
    assert caught.value.rule is rule


@pytest.mark.parametrize("hand, meld, legal", [
    ("Y2 Y3 Y4 Y7 Y8 J", "Y2 Y3 Y4 | Y7 Y8 J", True),       # the course's scenario: 9 + 24
    ("J R11 B11 K2", "J R11 B11", True),                      # 33 with a joker in a group
    ("Y2 Y3 Y4 Y5 Y6 Y7", "Y2 Y3 Y4 | Y5 Y6 Y7", False),      # 27
    ("R10 R11 R12", "R10 R11 R12", True),                     # exactly 33
    ("R9 B9 Y9 K1", "R9 B9 Y9", False),                       # 27
    ("R10 B10 Y10", "R10 B10 Y10", True),                     # exactly 30
    ("J J R1", "R1 J J", False),                              # 6: R1 R2 R3
])
def test_initial_meld_needs_30_points(hand, meld, legal):
    table = as_table("K1 K2 K3")
    new_table = table + as_table(meld)
    if legal:
        summary = check_move(table, Counter(parse_tiles(hand)), new_table, initial_done=False)
        assert summary.value_placed >= 30 and summary.sets_changed == 0
    else:
        with pytest.raises(IllegalMoveError, match="initial meld is worth") as caught:
            check_move(table, Counter(parse_tiles(hand)), new_table, initial_done=False)
        assert caught.value.rule is Rule.MELD_TOO_LOW


def test_initial_meld_leaves_the_table_untouched():
    table = as_table("K1 K2 K3 | R9 R10 R11")
    hand = Counter(parse_tiles("K4 R12 R13 B12 Y12"))
    with pytest.raises(IllegalMoveError, match="set 1 \\(K1 K2 K3\\) was changed") as caught:
        check_move(table, hand, as_table("K1 K2 K3 K4 | R9 R10 R11 | R12 B12 Y12"), initial_done=False)
    assert caught.value.rule is Rule.MELD_TOUCHES_TABLE
    # the same tiles laid beside the table are a fine meld (36 points)
    check_move(table, hand, table + as_table("R12 B12 Y12"), initial_done=False)


def test_the_order_of_sets_on_the_table_does_not_matter():
    shuffled = list(COURSE_MOVE)
    random.Random(3).shuffle(shuffled)
    assert check_move(COURSE_TABLE, COURSE_HAND, shuffled, initial_done=True).tiles_placed == 4


def test_value_placed_is_the_change_in_table_value():
    # R7 goes in, so the joker moves from R7 to R8: the table gains 7 + 1 points
    table = as_table("R5 R6 J")
    summary = check_move(table, Counter(parse_tiles("R7")), as_table("R5 R6 R7 J"), initial_done=True)
    assert table_value(table) == 18 and summary.value_placed == 26 - 18
    assert summary.placed == (Tile("R7"),)


# --- the course's helpers: add a tile to the table, find a run or a group in a hand ----------

@pytest.mark.parametrize("table, tile, expected", [
    ("R7 B7 Y7 | R1 R2 R3", "K7", "B7 R7 Y7 K7 | R1 R2 R3"),
    ("R7 B7 Y7 | R1 R2 R3", "R4", "R7 B7 Y7 | R1 R2 R3 R4"),
    ("R7 B7 Y7 K7 | R1 R2 R3", "K7", None),
    ("R2 R3 R4", "J", "R2 R3 R4 J"),
    ("", "R5", None),
])
def test_add_tile(table, tile, expected):
    result = add_tile(as_table(table), Tile(tile))
    if expected is None:
        assert result is None
    else:
        assert [sorted(s) for s in result] == [sorted(s) for s in as_table(expected)]
        check_table(result)


@pytest.mark.parametrize("hand, run, group", [
    ("R1 R2 R3 B1 Y1", "R1 R2 R3", "B1 R1 Y1"),
    ("R1 R2 R4 J", "R1 R2 J R4", None),           # one joker fills the gap; no group of 3
    ("K11 K12 K13 R12 B12", "K11 K12 K13", "B12 R12 K12"),
    ("R5 B6 Y7", None, None),
    ("R5 J J", "R5 J J", "R5 J J"),
])
def test_find_run_and_group(hand, run, group):
    bag = Counter(parse_tiles(hand))
    found_run, found_group = find_run(bag), find_group(bag)
    assert (format_tiles(found_run) if found_run else None) == run
    assert (format_tiles(found_group) if found_group else None) == group
    for found in (found_run, found_group):
        if found:
            assert is_valid_set(found) and not Counter(found) - bag
