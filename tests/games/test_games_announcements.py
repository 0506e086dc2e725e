"""What a hand announces as it happens: uncalled bets, side pots, the cards drawn, the public record."""
import pytest
from poker_fixtures import Chaos

from pokerfsm.games.actions import Action, Move, Phase
from pokerfsm.games.draw import DrawSession
from pokerfsm.games.holdem import HoldemSession
from pokerfsm.games.pots import final_layers, settled_names
from pokerfsm.games.session import TablePlayer, play_hand


def draw_table(*stacks, seed=2):
    return DrawSession([TablePlayer(name, "x", stack) for name, stack in zip("ABC", stacks)], seed=seed)


def test_a_bet_nobody_can_match_is_returned_when_the_round_closes():
    s = draw_table(300, 50, 300)
    hand = s.start_hand()
    assert hand.apply(Action.bet(200)).returned == ()
    assert hand.apply(Action.call(48)).returned == ()               # B is all-in for 48
    step = hand.apply(Action.fold())                                # C folds: A's 152 come back
    assert step.returned == ((0, 152),)
    while not hand.over:
        hand.apply(Action.draw(()))
    outcome = hand.outcome()
    assert outcome.returned == {0: 152} and outcome.pot_total == 102
    assert sum(outcome.won.values()) == 102


def test_side_pots_are_announced_by_the_move_that_makes_them():
    s = draw_table(300, 50, 300)
    hand = s.start_hand()
    hand.apply(Action.bet(200))
    hand.apply(Action.call(48))
    step = hand.apply(Action.call(200))
    assert step.pots == ((150, (0, 1, 2)), (304, (0, 2)))   # 3 x 50, then 2 x 152
    assert step.returned == ()


def test_a_fold_to_a_raise_returns_the_uncalled_part_and_wins_the_rest():
    s = HoldemSession([TablePlayer("A", "x", 1000), TablePlayer("B", "x", 1000)], seed=1)
    hand = s.start_hand()
    hand.apply(Action.raise_to(100))                    # B, the button, raises to 100
    step = hand.apply(Action.fold())                    # A folds the big blind (10)
    outcome = hand.outcome()
    assert step.returned == ((1, 90),) and outcome.pot_total == 20
    assert outcome.won == {1: 20} and outcome.net == {0: -10, 1: 10}


def test_the_cards_drawn_are_kept_and_the_others_see_only_how_many():
    s = draw_table(300, 300, 300)
    hand = s.start_hand()
    for _ in range(3):
        hand.apply(Action.check())
    before = hand.hole(0)
    hand.apply(Action.draw(before[:3]))
    assert hand.drawn(0) == ()                          # replacements come after everyone's draw
    others = hand.view(1)
    public = others.history[-1]
    assert public.action == Action(Move.DRAW, 3) and str(public.action) == "draw 3"
    assert hand.view(0).history[-1].action.cards == tuple(sorted(before[:3]))   # your own, in full
    hand.apply(Action.draw(()))
    hand.apply(Action.draw(hand.hole(2)[:1]))
    assert hand.phase is Phase.BETTING
    assert len(hand.drawn(0)) == 3 and set(hand.hole(0)) == set(before[3:]) | set(hand.drawn(0))
    assert hand.drawn(1) == () and len(hand.drawn(2)) == 1


@pytest.mark.parametrize("game", ["holdem", "draw"])
def test_the_pot_is_what_the_winners_take_over_many_hands(game):
    """...and every pot paid at a showdown is one or more whole pots as the table names them."""
    if game == "holdem":
        s = HoldemSession([TablePlayer("A", "x", 500), TablePlayer("B", "x", 300)], seed=5, rebuy=300)
    else:
        s = DrawSession([TablePlayer(f"P{i}", "x", 100 + 40 * i) for i in range(5)], seed=5, rebuy=100)
    agents = {i: Chaos(i) for i in range(len(s.seats))}
    announced = joined = 0
    for _ in range(300):
        returned = []
        hand = s.start_hand()
        outcome = play_hand(hand, agents, lambda h, step, d, seen=returned: seen.extend(step.returned))
        s.end_hand()
        assert sum(outcome.won.values()) == outcome.pot_total > 0
        layers = final_layers(outcome)
        assert sum(chips for chips, _ in layers) == outcome.pot_total
        if outcome.showdown:
            names = settled_names(layers, [pot.amount for pot in outcome.pots])
            assert names is not None and len(names) == len(outcome.pots), (layers, outcome.pots)
            joined += len(layers) > len(names)
        if hand.history:  # (a hand can end before any move: blinds that put a player all-in)
            assert sum(outcome.returned.values()) == sum(chips for _, chips in returned)
        announced += bool(returned)
    assert announced > 20
    assert joined > 10 or game == "holdem"      # heads-up has no side pots
