"""Omaha evaluation against a brute-force oracle: every two hole cards with every three board cards.

The high's oracle is the reference evaluator (:mod:`pokerfsm.evaluation.reference`,
which shares nothing with the tables) over all 60 (PLO4) to 150 (PLO6)
choices; the low's is its definition, written out here. pokerkit's agreement
is in test_omaha_pokerkit.py.
"""
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfsm import Card, evaluate, evaluate_many
from pokerfsm.errors import CardParseError, DuplicateCardError, Error, InvalidDealError, OptionError
from pokerfsm.evaluation import HiLo, HiLoValues, LowRank, best_five
from pokerfsm.evaluation.omaha_tables import omaha_tables
from pokerfsm.evaluation.reference import reference_value
from pokerfsm.variants import GAMES, game_of

OMAHA_GAMES = [g for g in GAMES if g.is_omaha]
LOW_RANKS = {12: 1, **{r: r + 2 for r in range(7)}}  # ace plays 1, deuce 2 ... eight 8


def choices(hole, board):
    return [p + t for p in itertools.combinations(hole, 2) for t in itertools.combinations(board, 3)]


def oracle_high(hole, board):
    return max(reference_value(five) for five in choices(hole, board))


def oracle_low(hole, board):
    """The best low by its definition: five distinct ranks from ace to eight, the highest compared first."""
    lows = []
    for five in choices(hole, board):
        ranks = [LOW_RANKS.get(c >> 2) for c in five]
        if None not in ranks and len(set(ranks)) == 5:
            lows.append(sorted(ranks, reverse=True))
    return min(lows) if lows else None


def low_key(low):
    """A LowRank's ranks as oracle_low gives them."""
    return None if low is None else [LOW_RANKS[int(r)] for r in low.ranks]


def deals(count, hole_cards, board_cards, seed):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :hole_cards + board_cards].astype(np.uint8)


@pytest.mark.parametrize("game", OMAHA_GAMES, ids=str)
@pytest.mark.parametrize("board_cards", [3, 4, 5])
def test_many_agrees_with_the_oracle(game, board_cards):
    rows = deals(150, game.hole_cards, board_cards, seed=board_cards * 10 + game.hole_cards)
    values = evaluate_many(rows, game=game)
    high, low = (values.high, values.low) if game.eight_or_better else (values, None)
    oracle = [oracle_high(r[:game.hole_cards].tolist(), r[game.hole_cards:].tolist()) for r in rows]
    order = np.argsort(high, kind="stable")
    for a, b in itertools.pairwise(order):  # same order, same ties
        assert (high[a] < high[b]) == (oracle[a] < oracle[b]) and (high[a] == high[b]) == (oracle[a] == oracle[b])
    if low is not None:
        for row, rank in zip(rows, low):
            expected = oracle_low(row[:game.hole_cards].tolist(), row[game.hole_cards:].tolist())
            assert low_key(LowRank(rank) if rank else None) == expected


@settings(max_examples=150)
@given(st.permutations(range(52)), st.sampled_from(OMAHA_GAMES), st.integers(3, 5))
def test_one_hand_agrees_with_the_oracle(deck, game, board_cards):
    hole, board = deck[:game.hole_cards], deck[game.hole_cards:game.hole_cards + board_cards]
    value = evaluate(hole, board=board, game=game)
    five = best_five(hole, board=board, game=game)
    high, high_five = (value.high, five[0]) if game.eight_or_better else (value, five)
    assert reference_value(high_five) == oracle_high(hole, board)
    assert evaluate(high_five) == high
    assert sum(c in hole for c in high_five) == 2 and sum(c in board for c in high_five) == 3
    if game.eight_or_better:
        assert low_key(value.low) == oracle_low(hole, board)
        assert (value.low is None) == (five[1] is None)
        if five[1] is not None:
            assert sorted(LOW_RANKS[c >> 2] for c in five[1]) == sorted(low_key(value.low))
            assert sum(c in hole for c in five[1]) == 2


def test_two_hole_cards_exactly():
    assert evaluate("Ah 2c 3d 4s", board="Kh Qh Jh Th 5c", game="omaha").category.name == "HIGH_CARD"
    assert evaluate("Ah Kh 3d 4s", board="Qh Jh Th 2c 5c", game="omaha").category.name == "STRAIGHT_FLUSH"
    # four aces held: two of them play, a pair
    assert evaluate("As Ah Ad Ac", board="Ks 7d 2c 9h 3s", game="omaha").describe() == "Pair of Aces"
    # a board of four spades and one in the hole: no flush
    assert evaluate("As Kd Qd Jd", board="2s 5s 8s 9s Tc", game="omaha").category.name == "STRAIGHT"


def test_lows():
    hand = evaluate("Ah 2h Kc Qd", board="3h 4h 5h 9c Kd", game="omaha-hi-lo")
    assert isinstance(hand, HiLo) and hand.low == LowRank(56) and hand.low.describe() == "5-4-3-2-A low"
    # counterfeited: the board's deuce pairs the hole's, the low takes another hole card
    assert evaluate("Ah 2h 8c Qd", board="2c 4h 5h 9c Kd", game="omaha-hi-lo").low.describe() == "8-5-4-2-A low"
    # only two low cards on the board: no low
    assert evaluate("Ah 2h 3c 4d", board="5c 6h Kh Qc Jd", game="omaha-hi-lo").low is None
    # a nine plays no low
    assert evaluate("Ah 9h Kc Qd", board="2c 3h 4h Jc Td", game="omaha-hi-lo").low is None


def test_low_ranks_run_from_the_worst_to_the_wheel():
    lows = [LowRank(r) for r in range(1, 57)]
    assert lows[0].describe() == "8-7-6-5-4 low" and lows[-1].describe("fr") == "Low 5-4-3-2-A"
    keys = [low_key(low) for low in lows]
    assert keys == sorted(keys, reverse=True)  # higher rank, lower low
    with pytest.raises(ValueError):
        LowRank(57)


def test_low_table_by_its_definition():
    """Every set of low ranks held against every set on the board (bit 0 the ace ... bit 7 the eight):
    the best low of any two held and three others shown."""
    rank_of = {tuple(low_key(LowRank(r))): r for r in range(1, 57)}
    masks = np.arange(256)
    expected = np.zeros((256, 256), dtype=np.uint8)
    for pair in itertools.combinations(range(8), 2):
        held = (masks & sum(1 << b for b in pair)) == sum(1 << b for b in pair)
        for triple in itertools.combinations(sorted(set(range(8)) - set(pair)), 3):
            shown = (masks & sum(1 << b for b in triple)) == sum(1 << b for b in triple)
            rank = rank_of[tuple(sorted((b + 1 for b in pair + triple), reverse=True))]
            both = held[:, None] & shown[None, :]
            expected[both] = np.maximum(expected[both], rank)
    assert (omaha_tables().low.reshape(256, 256) == expected).all()


def test_shared_board_and_split_rows_agree():
    rows = deals(500, 4, 5, seed=3)
    board = rows[0, 4:]
    holes = np.array([r[:4] for r in rows if not set(r[:4]) & set(board)])
    together = evaluate_many(np.hstack([holes, np.tile(board, (len(holes), 1))]), game="omaha")
    assert (evaluate_many(holes, board=board, game="omaha") == together).all()
    assert (evaluate_many(holes, board=np.tile(board, (len(holes), 1)), game="omaha") == together).all()
    hi_lo = evaluate_many(holes, board=board, game="omaha-hi-lo")
    assert isinstance(hi_lo, HiLoValues) and (hi_lo.high == together).all()


def test_holdem_with_a_board():
    assert evaluate("Ah 2c", board="Kh Qh Jh Th 5c") == evaluate("Ah 2c Kh Qh Jh Th 5c")
    rows = deals(50, 2, 5, seed=9)
    assert (evaluate_many(rows[:, :2], board=rows[:, 2:]) == evaluate_many(rows)).all()
    assert best_five("Ah 2c", board="Kh Qh Jh Th 5c") == best_five("Ah 2c Kh Qh Jh Th 5c")


def test_many_takes_lists():
    rows = deals(20, 5, 5, seed=4)
    assert (evaluate_many(rows.tolist(), game="omaha5") == evaluate_many(rows, game="omaha5")).all()
    assert (evaluate_many(rows[:, :5].tolist(), board=rows[:, 5:].tolist(), game="omaha5")
            == evaluate_many(rows, game="omaha5")).all()


def test_many_is_empty_when_given_nothing():
    assert len(evaluate_many(np.zeros((0, 9), dtype=np.uint8), game="omaha")) == 0


@pytest.mark.parametrize(("hole", "board", "game", "error", "field", "words"), [
    ("Ah Kh Qh", "2c 3c 4c", "omaha", InvalidDealError, "hole", "omaha deals 4 hole cards, got 3"),
    ("Ah Kh Qh Jh Th", "2c 3c 4c", "omaha", InvalidDealError, "hole", "omaha deals 4 hole cards, got 5"),
    ("Ah Kh Qh Jh", "2c 3c", "omaha", InvalidDealError, "board", "3 to 5 board cards, got 2"),
    ("Ah Kh Qh Jh", "2c 3c 4c 5c 6c 7c", "omaha", InvalidDealError, "board", "got 6"),
    ("Ah Kh Qh Jh", "2c 3c Ah", "omaha", DuplicateCardError, "board", "card 'Ah' is also in the hole"),
    ("Ah Kh Qh Ah", "2c 3c 4c", "omaha", DuplicateCardError, "hole", "card 'Ah' is given twice"),
    ("Ah Kh Qh Zz", "2c 3c 4c", "omaha", CardParseError, "hole", "'Zz'"),
    ("Ah Kh Qh Jh", "2c 3c 4c", "omaha6", InvalidDealError, "hole", "omaha6 deals 6 hole cards, got 4"),
    ("Ah Kh Qh Jh", "2c 3c 4c", "pineapple", OptionError, "game", "unknown game 'pineapple'"),
    ("Ah Kh Qh", "2c 3c 4c", "holdem", InvalidDealError, "hole", "holdem deals 2 hole cards, got 3"),
    ("Ah Kh", "2c 3c Kh", "holdem", DuplicateCardError, "board", "card 'Kh' is also in the hole"),
])
def test_bad_hands(hole, board, game, error, field, words):
    with pytest.raises(error) as caught:
        evaluate(hole, board=board, game=game)
    assert isinstance(caught.value, Error) and caught.value.field == field
    assert words in str(caught.value)


def test_bad_board_cards_are_named():
    with pytest.raises(CardParseError) as caught:
        evaluate("Ah Kh Qh Jh", board="2c 3c Xx", game="omaha")
    assert caught.value.field == "board" and caught.value.index == 2 and "'Xx'" in str(caught.value)
    with pytest.raises(DuplicateCardError) as duplicate:
        evaluate("Ah Kh Qh Jh", board="2c 3c 2c", game="omaha")
    assert duplicate.value.field == "board" and duplicate.value.card == Card("2c")


def test_omaha_needs_a_board():
    for call in (evaluate, best_five):
        with pytest.raises(InvalidDealError, match="board="):
            call("Ah Kh Qh Jh 2c 3c 4c", game="omaha")


@pytest.mark.parametrize(("rows", "kwargs", "error", "words"), [
    (np.array([[0, 1, 2, 3, 4, 5]]), {}, InvalidDealError, "rows of 4 hole cards and 3-5 board cards"),
    (np.array([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]), {}, InvalidDealError, "got 11 cards a row"),
    (np.array([[0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 1, 2, 3, 4, 5, 6, 7, 3]]), {}, DuplicateCardError,
     "row 1: card '2c' is given twice"),
    (np.array([[0, 1, 2, 3, 4, 5, 6, 7, 52]]), {}, CardParseError, "outside 0-51"),
    (np.array([[0, 1, 2, 3, 4, 5, 6, 7, 52]], dtype=np.uint8), {}, CardParseError, "outside 0-51"),
    (np.array([[0.0, 1, 2, 3, 4, 5, 6, 7, 8]]), {}, CardParseError, "integer card codes"),
    (np.array([[0, 1, 2, 3]]), {"board": [4, 5]}, InvalidDealError, "board: expected"),
    (np.array([[0, 1, 2]]), {"board": [4, 5, 6]}, InvalidDealError, "hole: omaha deals 4"),
    (np.array([[0, 1, 2, 3], [8, 9, 10, 11]]), {"board": np.zeros((3, 3), dtype=int) + [4, 5, 6]},
     InvalidDealError, "board: expected"),
    (np.array([[0, 1, 2, 3]]), {"board": [3, 5, 6]}, DuplicateCardError, "row 0: card '2c' is given twice"),
])
def test_bad_rows(rows, kwargs, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(")):
        evaluate_many(rows, game="omaha", **kwargs)


def test_game_by_record_or_name():
    hole, board = "Ah Kh Qd Jd 9c", "Th 2c 3s"
    assert evaluate(hole, board=board, game=game_of("omaha5")) == evaluate(hole, board=board, game="OMAHA5")
