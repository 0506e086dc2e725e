"""Heads-up hold'em on pokerkit: moves as values, sessions, histories, odds, side pots."""
import io

import numpy as np
import pokerkit as pk
import pytest
from poker_fixtures import Chaos, CountingOdds, contributions, expected_payouts

from pokerfsm.cards import parse_cards
from pokerfsm.errors import IllegalActionError
from pokerfsm.games.ai import make_agent
from pokerfsm.games.dealer import Dealer
from pokerfsm.games.holdem import HoldemHand, HoldemSession
from pokerfsm.games.pokerhand import Action, Move, Phase
from pokerfsm.games.session import Decision, TablePlayer, play_hand


def session(stack=1000, seed=0, **kwargs):
    seats = [TablePlayer("Ann", "human", stack), TablePlayer("Bob", "solid", stack)]
    return HoldemSession(seats, seed=seed, **kwargs)


def names(actions):
    return [str(a) for a in actions]


@pytest.mark.parametrize("stacks, blinds, expected", [
    ((1000, 1000), (5, 10), ["fold", "call 5", "raise to 20", "raise to 1000"]),
    ((1000, 1000), (10, 20), ["fold", "call 10", "raise to 40", "raise to 1000"]),
    ((50, 1000), (5, 10), ["fold", "call 5", "raise to 20", "raise to 50"]),
    ((1000, 7), (5, 10), ["fold", "call 2"]),                       # the big blind is all-in for 7
])
def test_legal_actions_of_the_button_before_the_flop(stacks, blinds, expected):
    # seats (0, 1): pokerkit puts the big blind first and the button (small blind) last
    hand = HoldemHand((0, 1), stacks[::-1], Dealer(np.random.default_rng(0)), blinds)
    assert hand.actor == 1 and hand.phase is Phase.BETTING and hand.street == "pre-flop"
    assert names(hand.legal_actions()) == expected


@pytest.mark.parametrize("action", [
    Action.check(),                 # there is a blind to call
    Action.call(10),                # the call is 5
    Action.raise_to(19),            # below the minimum raise
    Action.raise_to(1001),          # more than the stack
    Action.bet(40),                 # a blind is a bet: this is a raise
    Action.draw([]),                # not a draw game
    "fold",                         # not an Action value
])
def test_illegal_moves_are_refused_and_name_the_move(action):
    hand = session().start_hand()
    assert not hand.can_apply(action)
    with pytest.raises(IllegalActionError, match="not legal"):
        hand.apply(action)


def test_folding_is_not_allowed_when_checking_is():
    hand = session().start_hand()
    hand.apply(Action.call(5))
    assert Action.fold() not in hand.legal_actions() and not hand.can_apply(Action.fold())
    assert hand.can_apply(Action.check())


def test_button_posts_the_small_blind_acts_first_before_the_flop_and_last_after():
    s = session()
    for number in range(4):
        hand = s.start_hand()
        button = hand.seats[-1]
        assert button == (1 if number % 2 == 0 else 0)
        assert hand.bet(button) == 5 and hand.bet(hand.seats[0]) == 10
        assert hand.actor == button
        hand.apply(Action.call(5))
        hand.apply(Action.check())
        assert hand.street == "flop" and len(hand.board) == 3
        assert hand.actor == hand.seats[0]
        hand.apply(Action.check())
        hand.apply(Action.bet(10))
        hand.apply(Action.fold())
        s.end_hand()


def test_the_outcome_is_only_ready_at_the_end():
    hand = session().start_hand()
    with pytest.raises(IllegalActionError, match="not over"):
        hand.outcome()


def test_live_odds_are_created_once_a_hand_and_updated_street_by_street():
    CountingOdds.reset()
    s = session(odds_factory=CountingOdds)
    hand = s.start_hand()
    human = 0
    boards = []
    while not hand.over:
        if hand.actor == human:
            s.win_odds(human)
            s.win_odds(human)               # asked twice on a street: computed once
            boards.append(len(hand.board))
        legal = hand.legal_actions()
        hand.apply(next(a for a in legal if a.move in (Move.CHECK, Move.CALL)))
    assert CountingOdds.made == 1
    assert [len(b) for _, b in CountingOdds.updates] == sorted(set(boards))
    assert set(boards) == {0, 3, 4, 5}


def play_many(hands, seed, make_agents, check_every_move=False):
    """Play ``hands`` hands in fresh sessions; yield (session, outcome) after each."""
    rng = np.random.default_rng(seed)
    played = 0
    while played < hands:
        stacks = int(rng.integers(20, 400))
        s = HoldemSession([TablePlayer("A", "x", stacks), TablePlayer("B", "x", int(rng.integers(20, 400)))],
                          rng=np.random.default_rng(rng.integers(1 << 30)))
        agents = make_agents(int(rng.integers(1 << 30)))
        while not s.over and played < hands:
            hand = s.start_hand()

            def check(hand, step, decision, session=s):
                assert session.chips == session.bought

            play_hand(hand, agents, check if check_every_move else None)
            outcome = s.end_hand()
            played += 1
            yield s, outcome


def test_chips_are_conserved_over_thousands_of_automatic_hands():
    hands = 0
    for s, outcome in play_many(2000, 11, lambda seed: {0: Chaos(seed), 1: Chaos(seed + 1)},
                                check_every_move=True):
        assert sum(seat.stack for seat in s.seats) == s.bought
        assert sum(outcome.net.values()) == 0
        hands += 1
    assert hands == 2000


def test_every_showdown_winner_agrees_with_our_evaluator():
    showdowns = 0
    for _, outcome in play_many(1500, 12, lambda seed: {0: Chaos(seed), 1: Chaos(seed + 1)}):
        if not outcome.showdown:
            continue
        showdowns += 1
        pay, odd = expected_payouts(contributions(outcome), outcome.shown, outcome.board)
        for seat, chips in pay.items():
            got = outcome.collected.get(seat, 0)
            assert got == chips or (seat in odd and abs(got - chips) <= 1), (outcome, pay)
    assert showdowns > 200


@pytest.mark.parametrize("first, second", [("bluffer", "timid"), ("random", "solid"), ("solid", "bluffer")])
def test_personalities_play_whole_sessions_without_losing_a_chip(first, second):
    make = lambda seed: {0: make_agent(first, np.random.default_rng(seed), CountingOdds),
                         1: make_agent(second, np.random.default_rng(seed + 1), CountingOdds)}
    for s, _ in play_many(150, 13, make):
        assert sum(seat.stack for seat in s.seats) == s.bought


def test_a_session_ends_when_a_player_is_broke():
    s = session(stack=100, dealer=stacked(("As Ah", "7c 2d"), "Kc 9d 5s 4h Jc"))
    s.play({0: Shover(), 1: Shover()})
    assert [seat.stack for seat in s.seats] == [200, 0] and s.over
    with pytest.raises(IllegalActionError, match="session is over"):
        s.start_hand()


def test_phh_history_replays_in_pokerkit_to_the_same_stacks():
    out = io.StringIO()
    s = session(seed=4, history=out)
    agents = {0: make_agent("random", np.random.default_rng(1)),
              1: make_agent("timid", np.random.default_rng(2))}
    finals = []
    for _ in range(25):
        if s.over:
            break
        s.play(agents)
        hand = s.hand
        finals.append([s.seats[seat].stack for seat in hand.seats])
    records = list(pk.HandHistory.loads_all(out.getvalue()))
    assert len(records) == len(finals) > 5
    for number, (record, final) in enumerate(zip(records, finals), start=1):
        assert record.hand == number and sorted(record.players) == ["Ann", "Bob"]
        *_, last = record
        assert list(last.stacks) == final == list(record.finishing_stacks)


def shove(view):
    if view.raise_bounds:
        return Decision(Action(next(a.move for a in view.legal if a.move in (Move.BET, Move.RAISE)),
                               view.raise_bounds[1]))
    return Decision(view.legal_move(Move.CALL) or view.legal_move(Move.CHECK))


class Shover:
    decide = staticmethod(shove)


def stacked(holes, board):
    """A pack dealing these hole cards round-robin, then burn/flop/burn/turn/burn/river."""
    holes = [parse_cards(h) for h in holes]
    board = parse_cards(board)
    used = set(board).union(*holes)
    others = [c for c in parse_cards("2d 3d 4d 5d 6d 8d Td") if c not in used]
    order = [h[0] for h in holes] + [h[1] for h in holes]
    order += [others[0], *board[:3], others[1], board[3], others[2], board[4]]
    return Dealer(np.random.default_rng(0), order=order)


@pytest.mark.parametrize("holes, board, finals", [
    # the shortest stack has the best hand: each side pot goes one step down
    (("As Ah", "Ks Kh", "Qs Qh", "Js Jh"), "2c 7d 9h 3s 4c", (400, 300, 200, 100)),
    # the deepest stack has the best hand: it takes everything
    (("Js Jh", "Qs Qh", "Ks Kh", "As Ah"), "2c 7d 9h 3s 4c", (0, 0, 0, 1000)),
    # the two shortest tie the main pot; the second also wins the first side pot
    (("Ah Kh", "Ad Kd", "Qs Qd", "Js Jd"), "Ac Kc 8d 5s 3h", (200, 500, 200, 100)),
])
def test_three_or_more_all_ins_pay_the_side_pots_exactly(holes, board, finals):
    stacks = (100, 200, 300, 400)
    hand = HoldemHand((0, 1, 2, 3), stacks, stacked(holes, board), (5, 10))
    outcome = play_hand(hand, {s: Shover() for s in range(4)})
    assert tuple(outcome.final_stacks[s] for s in range(4)) == finals
    pay, _ = expected_payouts(contributions(outcome), outcome.shown, outcome.board)
    assert {s: outcome.collected.get(s, 0) for s in range(4)} == pay
    assert set(outcome.shown) == {0, 1, 2, 3}


def test_a_pot_paid_as_one_names_who_could_win_each_part():
    # the shortest stack cannot win anything, so pokerkit pays the main pot and side pot 1 as one;
    # the next payment is side pot 2, which only the two deepest stacks could win
    holes, board = ("7c 2d", "As Ah", "Ks Kh", "Qs Qh"), "2c 3h 8d 9s Jc"
    hand = HoldemHand((0, 1, 2, 3), (100, 200, 300, 400), stacked(holes, board), (5, 10))
    outcome = play_hand(hand, {s: Shover() for s in range(4)})
    assert [(p.amount, p.eligible, p.winners) for p in outcome.pots] == [
        (700, (0, 1, 2, 3), (1,)), (200, (2, 3), (2,))]
