"""Pot odds count only what a player can win: the pots they are eligible for once they call.

A bet bigger than the caller's stack is matched only up to that stack; the rest
goes back to the bettor, so it is neither in "to win" nor in the pot odds, on
the screen or in the computer players' numbers.
"""
import io
import os
import re
import sys

import numpy as np
import pytest
from rich.console import Console

from pokerfsm.games.actions import Action, Phase, SeatView
from pokerfsm.games.console import HumanAgent, Terminal
from pokerfsm.games.draw import DrawHand, DrawSession
from pokerfsm.games.session import Decision, TablePlayer


def holdem_view(pot, to_call, put_in, seat=0):
    return SeatView("holdem", seat, "flop", Phase.BETTING, (), (), pot, to_call, to_call, 0, 10, None, (),
                    len(put_in) - 1, put_in=put_in)


@pytest.mark.parametrize("pot, to_call, put_in, after_call, to_win", [
    (1660, 340, {0: 10, 1: 1650}, 700, 360),                # a 1,650 all-in against 350 chips
    (40, 10, {0: 10, 1: 20, 2: 10}, 50, 40),                # nothing uncalled: the whole pot
    (15, 5, {0: 5, 1: 10}, 20, 15),                         # the small blind completing
    (1056, 198, {0: 2, 1: 502, 2: 52, 3: 500}, 652, 454),   # main and side pot, not the 302 above them
    (612, 98, {0: 2, 1: 2, 2: 502, 3: 106}, 302, 204),      # a folded ante counts, the excess does not
])
def test_the_view_counts_only_the_pots_a_call_can_win(pot, to_call, put_in, after_call, to_win):
    view = holdem_view(pot, to_call, put_in)
    assert (view.pot_after_call, view.to_win) == (after_call, to_win)
    assert view.pot_odds == pytest.approx(to_call / after_call)


def test_a_view_without_contributions_falls_back_to_the_whole_pot():
    view = holdem_view(40, 10, {})
    assert (view.pot_after_call, view.to_win, view.pot_odds) == (50, 40, 0.2)


class Scripted:
    """A computer seat that bets ``bet`` when it may, and otherwise calls or checks; stands pat."""

    def __init__(self, bet=0):
        self.bet = bet

    def decide(self, view):
        if view.phase is Phase.DRAW:
            return Decision(Action.draw(()))
        if self.bet and view.raise_bounds and view.to_call == 0:
            return Decision(Action.bet(min(view.raise_bounds[1], self.bet)))
        return Decision(view.call_or_check())


def short_stacked_draw(stacks=(100, 1000, 1000)):
    seats = [TablePlayer("You", "human", stacks[0])]
    seats += [TablePlayer(name, "x", chips) for name, chips in zip("AB", stacks[1:])]
    return DrawSession(seats, seed=3)


def test_a_draw_hand_sees_the_excess_of_a_big_bet_as_uncalled():
    session = short_stacked_draw()
    hand = session.start_hand()
    assert isinstance(hand, DrawHand) and hand.actor == 0
    hand.apply(Action.check())
    hand.apply(Action.bet(500))
    hand.apply(Action.call(500))
    view = hand.view(0)
    assert (view.pot, view.to_call) == (1006, 98)
    assert view.put_in == {0: 2, 1: 502, 2: 502}
    assert (view.pot_after_call, view.to_win) == (300, 202)
    assert view.pot_odds == pytest.approx(98 / 300)


def test_the_draw_table_says_call_98_to_win_what_the_player_can_win():
    session = short_stacked_draw()
    out = io.StringIO()
    lines = ["k", "c", "0", "q"]
    terminal = Terminal(Console(file=out, width=100, color_system=None, highlight=False),
                        lambda prompt="": lines.pop(0), echo=True)
    agents = {0: HumanAgent(), 1: Scripted(bet=500), 2: Scripted()}
    terminal.play(session, agents, max_hands=1)
    text = out.getvalue()
    assert "Pot odds: call 98 to win 202 → you need 32.7% to break even" in text
    assert "to win 1006" not in text


def holdem_all_in_bigger_than_the_stack():
    """Player 2 (350 chips) facing Player 1's 1,640 all-in on the flop: the hot-seat game below."""
    from pokerfsm.games.holdem import HoldemSession

    seats = [TablePlayer("Player 1", "x", 1650), TablePlayer("Player 2", "x", 350)]
    hand = HoldemSession(seats, seed=5).start_hand()
    for action in (Action.call(5), Action.check(), Action.bet(1640)):   # button limps, flop shove
        hand.apply(action)
    return hand.view(hand.actor)


@pytest.mark.parametrize("game", ["holdem", "draw"])
def test_the_computer_players_reason_with_the_same_pot_odds(game):
    from pokerfsm.games.ai import make_agent

    if game == "holdem":
        view, names, odds = holdem_all_in_bigger_than_the_stack(), ("timid", "solid", "flambeur"), 340 / 700
    else:
        hand = short_stacked_draw().start_hand()
        for action in (Action.check(), Action.bet(500), Action.call(500)):
            hand.apply(action)
        view, names, odds = hand.view(0), ("solid", "flambeur"), 98 / 300   # timid plays draw by category
    assert view.pot_odds == pytest.approx(odds)
    for name in names:
        decision = make_agent(name, np.random.default_rng(0)).decide(view)
        assert decision.numbers["pot odds"] == pytest.approx(odds), name


pexpect = pytest.importorskip("pexpect")


def test_hot_seat_pot_odds_against_an_all_in_bigger_than_the_stack():
    """``play holdem --hot-seat --seed 5``: Player 1 leads 1,650 to 350, then bets 1,640 all-in on the flop."""
    environment = dict(os.environ, TERM="xterm-256color", COLUMNS="120")
    child = pexpect.spawn(sys.executable, ["-m", "pokerfsm", "play", "--cards", "ascii", "holdem", "--hot-seat",
                                           "--seed", "5", "--hands", "4"],
                          encoding="utf-8", timeout=120, dimensions=(50, 120), env=environment)
    moves = ["r 650", "a", "f",          # hand 1: Player 2 raises, Player 1 shoves, Player 2 folds: 1,650 / 350
             "r 20", "f", "r 20", "f",   # hands 2 and 3: a blind each way
             "c", "k", "k", "a"]         # hand 4: limped; on the flop Player 1 bets everything
    while moves:
        if child.expect([r"press Enter when you alone", r"Enter for the next hand", r"\) > "]) < 2:
            child.sendline("")
        else:
            child.sendline(moves.pop(0))
    child.expect("press Enter when you alone")
    child.sendline("")
    child.expect(r"Player 2\S* \(flop\) > ")
    screen = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before)
    assert "Pot: 1660" in screen
    assert "Pot odds: call 340 to win 360 → you need 48.6% to break even" in screen
    child.sendline("f")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
