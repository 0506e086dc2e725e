"""The solid player: raising on the button, and defending against small bets by the pot odds."""
import dataclasses

import numpy as np
import pytest

from pokerfsm.cards import parse_cards
from pokerfsm.combos import class_combos
from pokerfsm.games.actions import Action, Move, Step
from pokerfsm.games.holdem import HoldemSession
from pokerfsm.games.preflop import PREFLOP_EQUITY
from pokerfsm.games.session import TablePlayer
from pokerfsm.games.solid import Solid
from pokerfsm.ranges import parse_range


def first_view(seat="button"):
    """Heads-up, blinds 5/10: the button (the small blind) acts first; or the big blind after its limp."""
    hand = HoldemSession([TablePlayer("Big blind", "x", 1000), TablePlayer("Button", "x", 1000)], seed=1).start_hand()
    if seat == "big blind":
        hand.apply(Action.call(5))
    return hand.view(hand.actor)


def with_hole(view, name):
    return dataclasses.replace(view, hole=tuple(next(iter(parse_range(name)))))


@pytest.mark.parametrize("name, expected", [
    ("AA", Action.raise_to(30)), ("K7o", Action.raise_to(30)), ("T9s", Action.raise_to(30)),
    ("Q5o", Action.raise_to(30)),                      # 0.5012 against a random hand: just above
    ("J6o", Action.call(5)), ("94o", Action.call(5)), ("72o", Action.call(5)),
])
def test_solid_raises_on_the_button_with_every_hand_at_least_even_and_limps_the_rest(name, expected):
    view = with_hole(first_view(), name)
    assert (view.bet, view.to_call) == (5, 5) and Solid.first_on_the_button(view)
    decision = Solid(np.random.default_rng(0)).decide(view)
    assert decision.action == expected
    if expected.move is Move.RAISE and PREFLOP_EQUITY[name] < Solid.BET_AT:
        assert "on the button" in decision.rule


def test_solid_raises_about_half_its_hands_on_the_button():
    view = first_view()
    solid = Solid(np.random.default_rng(0))
    raised = sum(class_combos(name) for name in PREFLOP_EQUITY
                 if solid.decide(with_hole(view, name)).action.move is Move.RAISE)
    assert 0.45 <= raised / 1326 <= 0.55


def test_the_big_blind_is_not_on_the_button():
    view = first_view("big blind")
    assert view.to_call == 0 and not Solid.first_on_the_button(view)
    assert Solid(np.random.default_rng(0)).decide(with_hole(view, "K7o")).action == Action.check()


def half_pot_bet_on_the_flop(hole, board="Kc 9d 4s"):
    """Solid in the big blind, after a limped pot, facing a bet of 10 into 20 on the flop."""
    steps = (Step(1, Action.call(5), "pre-flop", pot=15, to_call=5, bet=5),
             Step(0, Action.check(), "pre-flop", pot=20, to_call=0, bet=10),
             Step(1, Action.bet(10), "flop", pot=20, to_call=0))
    view = first_view("big blind")
    return dataclasses.replace(view, street="flop", hole=parse_cards(hole), board=parse_cards(board), pot=30,
                               to_call=10, bet=0, raise_bounds=(20, 990), history=steps,
                               legal=(Action.fold(), Action.call(10), Action.raise_to(20), Action.raise_to(990)),
                               put_in={0: 10, 1: 20})


def test_solid_weighs_a_small_bet_against_the_range_it_stands_for_and_says_so():
    solid = Solid(np.random.default_rng(0))
    view = half_pot_bet_on_the_flop("Qh Jc")
    decision = solid.decide(view)
    assert view.pot_odds == pytest.approx(0.25)
    assert decision.action == Action.call(10)
    assert "against the range the bets stand for" in decision.rule and "beats the pot odds (25%)" in decision.rule
    assert decision.numbers["strength"] < solid.win_chance(view)     # narrower than a random hand...
    air = solid.decide(half_pot_bet_on_the_flop("6h 5d"))
    assert air.action == Action.fold() and "is below the pot odds (25%)" in air.rule
