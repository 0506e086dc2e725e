"""Tiles: parse/format round trips, bad tokens, and the multiset operations on Counter."""
from collections import Counter

import numpy as np
import pytest

from pokerfsm.errors import InvalidDealError, ParseError
from pokerfsm.games.rummikub.tiles import (
    JOKER,
    TILES,
    Colour,
    Tile,
    TileParseError,
    TileSupplyError,
    as_tiles,
    check_supply,
    deal,
    draw_tile,
    format_tiles,
    full_set,
    hand_points,
    parse_tiles,
    sorted_tiles,
)


@pytest.mark.parametrize("tile", TILES, ids=str)
def test_every_tile_round_trips(tile):
    assert Tile.parse(str(tile)) is tile
    assert Tile.parse(str(tile).lower()) is tile
    assert eval(repr(tile)) == tile
    assert Tile(int(tile)) is tile


@pytest.mark.parametrize("text, colour, number", [
    ("B1", Colour.BLUE, 1), ("R7", Colour.RED, 7), ("Y10", Colour.YELLOW, 10),
    ("K13", Colour.BLACK, 13), ("k13", Colour.BLACK, 13), ("J", None, None), ("joker", None, None),
])
def test_parse_reads_colour_and_number(text, colour, number):
    tile = Tile.parse(text)
    assert (tile.colour, tile.number) == (colour, number)


@pytest.mark.parametrize("token", ["G7", "R0", "R14", "", "RR", "7R", "J1", "R 7", "B-1", "K1.5"])
def test_bad_tokens_raise_quoting_the_token(token):
    with pytest.raises(TileParseError) as caught:
        Tile.parse(token)
    assert repr(token) in str(caught.value)
    assert isinstance(caught.value, ParseError) and isinstance(caught.value, ValueError)


@pytest.mark.parametrize("value", [-1, 53, True, 2.0, None])
def test_bad_indices_raise(value):
    with pytest.raises(TileParseError):
        Tile(value)


@pytest.mark.parametrize("text, expected", [
    ("R7 R8 R9", ["R7", "R8", "R9"]),
    ("r7,r8;  j", ["R7", "R8", "J"]),
    ("", []),
])
def test_parse_tiles_accepts_spaces_commas_semicolons(text, expected):
    assert [str(t) for t in parse_tiles(text)] == expected
    assert format_tiles(parse_tiles(text)) == " ".join(expected)


def test_as_tiles_takes_strings_ints_and_tiles():
    assert as_tiles(["R7", 52, Tile("B1")]) == (Tile("R7"), JOKER, Tile("B1"))
    with pytest.raises(TileParseError):
        as_tiles(7)


def test_display_order_is_blue_red_yellow_black_then_jokers():
    shuffled = parse_tiles("J K1 Y13 R2 B13 B1 R1")
    assert format_tiles(sorted_tiles(shuffled)) == "B1 B13 R1 R2 Y13 K1 J"


def test_the_full_set_has_106_tiles_two_of_each():
    bag = full_set()
    assert bag.total() == 106
    assert set(bag.values()) == {2}
    assert len(bag) == 53
    assert full_set() is not bag  # fresh each time


# The course's multiset operations, on Counter: (operation, result).
A = Counter(parse_tiles("R3 R3 R4 R6 R6 R6"))
B = Counter(parse_tiles("R3 R6 K1"))


@pytest.mark.parametrize("operation, expected", [
    (lambda: A.total(), 6),                                  # cardinal
    (lambda: A[Tile("R6")], 3),                              # nb_occurrences
    (lambda: Tile("R4") in A, True),                         # member
    (lambda: Counter(parse_tiles("R3 R6")) <= A, True),      # subset
    (lambda: B <= A, False),
    (lambda: (A + B).total(), 9),                            # sum
    (lambda: A & B, Counter(parse_tiles("R3 R6"))),          # intersection
    (lambda: A - B, Counter(parse_tiles("R3 R4 R6 R6"))),    # difference
    (lambda: not (A - A), True),                             # isempty
])
def test_multiset_operations_map_onto_counter(operation, expected):
    assert operation() == expected


def test_draw_is_weighted_by_multiplicity():
    rng = np.random.default_rng(11)
    draws = Counter()
    for _ in range(4000):
        pool = Counter({Tile("R7"): 3, Tile("B1"): 1})
        draws[draw_tile(pool, rng)] += 1
        assert pool.total() == 3
    assert draws[Tile("R7")] / 4000 == pytest.approx(0.75, abs=0.03)


def test_draw_from_an_empty_pool_raises():
    with pytest.raises(InvalidDealError, match="empty"):
        draw_tile(Counter(), np.random.default_rng(0))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_deal_moves_tiles_from_the_pool(seed):
    pool = full_set()
    hand = deal(pool, 14, np.random.default_rng(seed))
    assert hand.total() == 14 and pool.total() == 92
    assert hand + pool == full_set()
    assert deal(full_set(), 14, np.random.default_rng(seed)) == hand  # seeded: repeatable


def test_deal_more_than_the_pool_raises():
    with pytest.raises(InvalidDealError):
        deal(Counter(parse_tiles("R1 R2")), 3, np.random.default_rng(0))


@pytest.mark.parametrize("text, points", [("", 0), ("R7 K13", 20), ("J", 30), ("J J B1", 61)])
def test_hand_points_count_a_joker_30(text, points):
    assert hand_points(parse_tiles(text)) == points
    assert hand_points(Counter(parse_tiles(text))) == points


@pytest.mark.parametrize("text, message", [
    ("R7 R7 R7", "3 copies of 'R7'"),
    ("J J J", "3 copies of 'J'"),
])
def test_check_supply_rejects_impossible_counts(text, message):
    with pytest.raises(TileSupplyError, match=message):
        check_supply(Counter(parse_tiles(text)))
    check_supply(Counter(parse_tiles("R7 R7 J J")))
