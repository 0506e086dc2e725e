"""Reading a range from bets: a bet stands for the bluffs its price makes worth it."""
import numpy as np
import pytest

from pokerfsm.cards import parse_cards
from pokerfsm.games.actions import Action, Step
from pokerfsm.games.reading import BLUFF_WEIGHT, OpponentModel, bluff_weight, range_weights


def flop_bet(size, pot=40):
    """Seat 1's only move: a bet of ``size`` pots on the flop (the blinds were checked through)."""
    return (Step(1, Action.bet(round(size * pot)), "flop", pot=pot, to_call=0),)


@pytest.mark.parametrize("size", [0.125, 0.25, 0.5, 1.0, 2.0])
def test_the_range_a_bet_stands_for_holds_the_bluffs_its_price_warrants(size):
    board = parse_cards("Kc 9d 4s")
    dead = parse_cards("Ah 6c") + board
    model = OpponentModel()
    steps = flop_bet(size)
    weights = range_weights(steps, 1, model, board, dead)
    keep = model.keeps(steps[-1])
    bluffs = weights[(weights > 0) & (weights < 1)].sum() / weights.sum()
    odds = size / (1 + 2 * size)                 # what calling the bet costs, as a share of the pot
    usual = BLUFF_WEIGHT * (1 - keep) / (keep + BLUFF_WEIGHT * (1 - keep))
    assert max(odds, usual) - 0.02 <= bluffs <= max(odds, usual) + 0.02


@pytest.mark.parametrize("size, keep, weight", [
    (0.5, 0.41, 0.25 * 0.41 / (0.75 * 0.59)),     # a half-pot bet from a wide range: a quarter are bluffs
    (1.0, 0.5, 0.5),
    (0.25, 0.05, BLUFF_WEIGHT),                    # a narrow range: never below the usual bluffs
    (0.0, 0.5, BLUFF_WEIGHT),                      # a call says nothing of bluffs
    (0.5, 1.0, BLUFF_WEIGHT),
    (10.0, 0.97, 1.0),                             # never more weight than the hands kept
])
def test_bluff_weight(size, keep, weight):
    assert bluff_weight(size, keep) == pytest.approx(weight)


def test_a_smaller_bet_leaves_a_wider_range():
    board = parse_cards("Kc 9d 4s")
    dead = parse_cards("Ah 6c") + board
    strong = []
    for size in (0.25, 0.5, 1.0):
        weights = range_weights(flop_bet(size), 1, OpponentModel(), board, dead)
        strong.append(float(np.mean(weights)))
    assert strong[0] > strong[1] > strong[2]
