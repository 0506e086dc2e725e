"""Heads-up pot-limit Omaha: the hold'em loop given the Omaha game as data, its pot limit, its players."""
import io
import json

import numpy as np
import pokerkit as pk
import pytest
from poker_fixtures import contributions
from rich.console import Console

import pokerfsm
from pokerfsm.cards import parse_cards
from pokerfsm.cli import main
from pokerfsm.games.ai import PERSONALITIES, make_agent
from pokerfsm.games.boardgames import OMAHA_TABLE, describe_hand
from pokerfsm.games.console import HumanAgent, Terminal
from pokerfsm.games.dealer import Dealer
from pokerfsm.games.holdem import HoldemHand, HoldemSession
from pokerfsm.games.pokerhand import Action, Move
from pokerfsm.games.prompts import MoveError, legal_summary, parse_move
from pokerfsm.games.session import Decision, TablePlayer, play_hand


def omaha(stack=1000, seed=0, **kwargs):
    seats = [TablePlayer("Ann", "human", stack), TablePlayer("Bob", "solid", stack)]
    return HoldemSession(seats, seed=seed, game=OMAHA_TABLE, **kwargs)


def stacked(holes, board):
    """A pack dealing these four-card hands round-robin, then burn/flop/burn/turn/burn/river."""
    holes = [parse_cards(h) for h in holes]
    board = parse_cards(board)
    used = set(board).union(*holes)
    burns = [c for c in parse_cards("2d 3d 4d 5d 6d 8d Td") if c not in used]
    order = [hole[i] for i in range(4) for hole in holes]
    order += [burns[0], *board[:3], burns[1], board[3], burns[2], board[4]]
    return Dealer(np.random.default_rng(0), order=order)


class Shover:
    """Bets or raises the most it may, else calls or checks."""

    def decide(self, view):
        if view.raise_bounds:
            kind = next(a.move for a in view.legal if a.move in (Move.BET, Move.RAISE))
            return Decision(Action(kind, view.raise_bounds[1]))
        return Decision(view.call_or_check())


def test_a_hand_deals_four_cards_each_and_limits_raises_to_the_pot():
    hand = omaha().start_hand()
    assert [len(hand.hole(s)) for s in hand.seats] == [4, 4] and hand.game == "omaha"
    # the button (small blind 5) faces the big blind (10): call 5, then the pot of 20 -> raise to 30
    assert [str(a) for a in hand.legal_actions()] == ["fold", "call 5", "raise to 20", "raise to 30"]
    assert not hand.can_apply(Action.raise_to(31))
    hand.apply(Action.raise_to(30))
    # the big blind: 20 to call into 40, then the pot of 60 -> raise to 30 + 60
    assert hand.raise_bounds == (50, 90)
    hand.apply(Action.raise_to(90))
    assert hand.raise_bounds == (150, 270)                  # 60 to call into 120: 90 + 180
    view = hand.view(hand.actor)
    assert view.pot_limit and view.game == "omaha"


def test_all_in_is_the_limit_once_the_pot_covers_the_stack():
    hand = HoldemHand((0, 1), (60, 60), Dealer(np.random.default_rng(1)), (5, 10), OMAHA_TABLE)
    hand.apply(Action.raise_to(30))
    assert hand.raise_bounds == (50, 60)                     # the pot would allow 90: the stack stops it
    view = hand.view(hand.actor)
    assert "[a]ll-in 60" in legal_summary(view) and parse_move("a", view) == Action.raise_to(60)


def test_the_prompt_states_the_pot_limit_and_refuses_more_in_one_line():
    hand = omaha().start_hand()
    view = hand.view(hand.actor)
    summary = legal_summary(view)
    assert "\\[r]aise to 20…30 (pot limit)" in summary and "all-in" not in summary
    assert parse_move("r pot", view) == Action.raise_to(30) == parse_move("r max", view)
    with pytest.raises(MoveError) as raised:
        parse_move("r 500", view)
    assert str(raised.value) == ("500 is over the pot limit: the most you can raise to is 30 "
                                 "(your call, then the pot); raise to between 20 and 30")
    with pytest.raises(MoveError, match=r"^pot limit: all-in \(1000\) is over the limit; the most you can "
                                        r"raise to is 30 \(type 'r pot'\)$"):
        parse_move("a", view)
    with pytest.raises(MoveError, match="out of range: raise to between 20 and 30"):
        parse_move("r 15", view)


@pytest.mark.parametrize("holes, board", [
    (("Ah Ad 7c 2s", "Kh Qh Jh 9c"), "Th 8s 3h 4c Kd"),    # a flush for the second, from two hearts
    (("Ac Kc 5s 5h", "Qd Qs 9d 8c"), "Ah 9s 2c 7d 6h"),    # a straight for the second (9 8 + 7 6 5)
])
def test_shown_down_all_in_pays_the_best_omaha_hand(holes, board):
    hand = HoldemHand((0, 1), (300, 300), stacked(holes, board), (5, 10), OMAHA_TABLE)
    outcome = play_hand(hand, {0: Shover(), 1: Shover()})
    assert outcome.showdown and contributions(outcome) == {0: 300, 1: 300}
    ranks = [pokerfsm.evaluate(hand, board=board, game="omaha") for hand in holes]
    winner = int(ranks[1] > ranks[0])
    assert outcome.final_stacks == {winner: 600, 1 - winner: 0}
    shown = describe_hand("omaha", parse_cards(holes[winner]), parse_cards(board))
    assert shown == ranks[winner].describe()


def test_every_personality_plays_whole_omaha_sessions_without_losing_a_chip():
    names = sorted(PERSONALITIES)
    for first, second in zip(names, names[1:] + names[:1]):
        seats = [TablePlayer(first, first, 300), TablePlayer(second, second, 300)]
        s = HoldemSession(seats, seed=len(first), game=OMAHA_TABLE, rebuy=300)
        agents = {0: make_agent(first, np.random.default_rng(1)), 1: make_agent(second, np.random.default_rng(2))}
        for _ in range(12):
            s.play(agents)
            assert sum(seat.stack for seat in s.seats) == s.bought


def test_the_computers_decide_from_omaha_equity_the_same_way_every_time():
    hand = omaha(seed=5).start_hand()
    view = hand.view(hand.actor)
    solid = make_agent("solid", np.random.default_rng(0))
    chance = solid.win_chance(view)
    want = pokerfsm.equity([list(view.hole), None], game="omaha", samples=solid.SAMPLES, seed=0)
    assert chance == want.players[0].equity
    again = make_agent("flambeur", np.random.default_rng(7)).win_chance(view)
    assert again == chance                                   # seeded: no clock decides the answer


def test_a_seeded_omaha_game_replays_move_for_move(capsys):
    runs = []
    for _ in range(2):
        assert main(["play", "omaha", "--auto", "--hands", "4", "--seed", "11", "--opponent", "flambeur",
                     "--explain"]) == 0
        runs.append(capsys.readouterr().out)
    assert runs[0] == runs[1] and "↳ flambeur:" in runs[0] and "Heads-up pot-limit Omaha" in runs[0]


def test_history_is_po_that_pokerkit_and_replay_read_back_to_the_same_stacks(tmp_path, capsys):
    path = tmp_path / "omaha.phhs"
    assert main(["play", "omaha", "--auto", "--hands", "6", "--seed", "4", "--opponent", "bluffer",
                 "--history", str(path)]) == 0
    line = capsys.readouterr().out.rstrip().splitlines()[-1]
    stacks = {name: int(chips) for name, chips in (item.rsplit(" ", 1) for item in line[8:].split(", "))}
    records = list(pk.HandHistory.loads_all(path.read_text()))
    assert [r.variant for r in records] == ["PO"] * 6
    assert main(["replay", str(path), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)["hands"]
    assert len(replayed) == 6 and all(hand["game"] == "PO" for hand in replayed)
    for record, hand in zip(records, replayed):
        *_, last = record
        assert hand["finishing_stacks"] == list(record.finishing_stacks) == list(last.stacks)
    assert dict(zip(replayed[-1]["players"], replayed[-1]["finishing_stacks"])) == stacks


class Keys:
    def __init__(self, *lines):
        self.lines = list(lines)

    def __call__(self, prompt):
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def test_a_scripted_game_shows_win_probability_and_pot_odds_at_every_decision():
    seats = [TablePlayer("You", "human", 1000), TablePlayer("Bob", "bluffer", 1000)]
    s = HoldemSession(seats, seed=6, game=OMAHA_TABLE)
    out = io.StringIO()
    term = Terminal(Console(file=out, width=110, color_system=None, highlight=False),
                    Keys("r 5000", "a", *["c", ""] * 40), echo=True)
    agents = {0: HumanAgent(), 1: make_agent("bluffer", np.random.default_rng(0))}
    assert term.play(s, agents, max_hands=3) == 0
    text = out.getvalue()
    decisions = text.count("  You: ")                      # each of your moves, as the table shows it
    assert decisions >= 4 and s.hand_number == 3
    assert text.count("Win ") == decisions == text.count("Pot odds")   # at every decision
    assert "against one unknown hand" in text and "(pot limit)" in text
    assert "5000 is over the pot limit" in text and "pot limit: all-in (1000) is over the limit" in text
    assert "Heads-up pot-limit Omaha" in text and "four cards" in term.help_text
    assert sum(seat.stack for seat in s.seats) == 2000


def test_solid_discounts_its_omaha_chance_by_the_hands_a_raise_keeps():
    from pokerfsm.games.reading import chance_to_beat

    hand = omaha(seed=5).start_hand()
    hand.apply(Action.raise_to(30))                          # the button raises the pot
    view = hand.view(hand.actor)
    solid = make_agent("solid", np.random.default_rng(0))
    against_random = solid.win_chance(view)
    keeps = solid.model(hand.seats[-1]).keeps(view.history[-1])
    assert keeps < 1 and solid.strength(view) == chance_to_beat(against_random, [keeps]) < against_random
