"""Five-card draw (« poker fermé ») as seed 001 describes it, on pokerkit."""
import io
import json

import numpy as np
import pokerkit as pk
import pytest
from poker_fixtures import Chaos, contributions, expected_payouts

from pokerfsm.cards import DECK, parse_cards
from pokerfsm.errors import IllegalActionError
from pokerfsm.games.ai import make_agent
from pokerfsm.games.dealer import Dealer
from pokerfsm.games.draw import MAX_PLAYERS, DrawHand, DrawSession
from pokerfsm.games.pokerhand import Action, Move, Phase
from pokerfsm.games.session import Decision, TablePlayer, play_hand


def table(players=8, stack=1000, **kwargs):
    seats = [TablePlayer(f"P{i}", "random", stack) for i in range(players)]
    return DrawSession(seats, **kwargs)


def check_or_call(hand):
    legal = hand.legal_actions()
    return next(a for a in legal if a.move in (Move.CHECK, Move.CALL))


def test_antes_then_five_cards_each_dealt_one_at_a_time_from_the_buttons_left():
    order = DECK[:40]
    s = table(ante=3, dealer=Dealer(np.random.default_rng(0), order=order))
    hand = s.start_hand()
    assert hand.seats == (0, 1, 2, 3, 4, 5, 6, 7) and hand.seats[-1] == s.button == 7
    for k, seat in enumerate(hand.seats):
        assert hand.hole(seat) == tuple(order[k::8])
    assert hand.pot == 8 * 3 and all(hand.stack(seat) == 997 for seat in hand.seats)
    assert hand.street == "first betting round" and hand.actor == 0


def test_before_the_opening_one_may_only_check_parole_or_open():
    hand = table().start_hand()
    assert [a.move for a in hand.legal_actions()] == [Move.CHECK, Move.BET, Move.BET]
    assert not hand.can_apply(Action.fold())
    hand.apply(Action.check())                       # « parole »
    hand.apply(Action.bet(10))                       # the opening
    assert [a.move for a in hand.legal_actions()] == [Move.FOLD, Move.CALL, Move.RAISE, Move.RAISE]


def test_the_draw_replaces_discards_in_turn_then_the_second_round_opens_left_of_the_button():
    order = DECK[:43]                                # 40 dealt, then the draws
    s = table(dealer=Dealer(np.random.default_rng(0), order=order))
    hand = s.start_hand()
    while hand.phase is Phase.BETTING:
        hand.apply(check_or_call(hand))
    assert hand.phase is Phase.DRAW and hand.street == "draw" and hand.actor == 0
    assert len(hand.legal_actions()) == 32
    first = hand.hole(0)
    with pytest.raises(IllegalActionError):
        hand.apply(Action.draw([hand.hole(1)[0]]))    # not one's own card
    hand.apply(Action.draw(first[:2]))
    hand.apply(Action.draw([]))                       # « servi »
    hand.apply(Action.draw(hand.hole(2)[:1]))
    while hand.phase is Phase.DRAW:
        hand.apply(Action.draw([]))
    assert set(hand.hole(0)) == set(first[2:]) | set(DECK[40:42])
    assert DECK[42] in hand.hole(2)
    assert hand.draws == {0: 2, 1: 0, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0}
    assert hand.street == "second betting round" and hand.actor == 0
    while not hand.over:
        hand.apply(check_or_call(hand))
    outcome = hand.outcome()
    assert set(outcome.shown) == set(range(8))       # every hand still in is shown


def test_the_button_moves_left_and_the_pack_is_only_cut_between_hands():
    s = table(seed=5)
    agents = {i: make_agent("timid") for i in range(8)}
    buttons = []
    for _ in range(5):
        hand = s.start_hand()
        buttons.append(hand.seats[-1])
        play_hand(hand, agents)
        s.end_hand()
    assert buttons == [7, 0, 1, 2, 3]
    assert not s.dealer.reshuffle and len(s.dealer.cuts) == 5


def test_broke_computer_seats_rebuy_and_humans_are_asked():
    holes = [parse_cards(h) for h in ("2c 3d 5h 7s 9c", "2d 3h 5s 7c 9d", "Ah Ad Ac Kh Kd")]
    order = [holes[p][k] for k in range(5) for p in range(3)]
    seats = [TablePlayer("You", "human", 4), TablePlayer("Bot", "random", 4), TablePlayer("Other", "random", 1000)]
    s = DrawSession(seats, ante=4, rebuy=100, dealer=Dealer(np.random.default_rng(0), order=order))
    hand = s.start_hand()
    while not hand.over:                  # the antes put two players all-in: draw, then showdown
        hand.apply(Action.draw([]) if hand.phase is Phase.DRAW else check_or_call(hand))
    s.end_hand()
    assert s.broke() == [0, 1]
    hand = s.start_hand()                 # the computer rebuys; the human is left to the console
    assert hand.seats == (2, 1)            # the button skips the empty seat to Bot
    assert [seat.rebuys for seat in seats] == [0, 1, 0] and seats[1].bought == 104
    assert s.chips == s.bought == 4 + 4 + 1000 + 100


def test_rebuys_are_only_allowed_between_hands():
    s = table(players=3)
    s.start_hand()
    with pytest.raises(IllegalActionError, match="between hands"):
        s.rebuy(0, 200)


@pytest.mark.parametrize("players", [1, MAX_PLAYERS + 1])
def test_the_table_takes_two_to_eight_players(players):
    with pytest.raises(IllegalActionError):
        table(players=players)


def test_chips_are_conserved_over_a_thousand_automatic_hands_with_rebuys():
    s = table(seed=21, stack=150, rebuy=150)
    agents = {i: Chaos(100 + i) for i in range(8)}
    for number in range(1000):
        hand = s.start_hand()

        def check(hand, step, decision):
            assert s.chips == s.bought

        play_hand(hand, agents, check if number % 10 == 0 else None)
        outcome = s.end_hand()
        assert sum(seat.stack for seat in s.seats) == s.bought
        assert sum(outcome.net.values()) == 0
    assert sum(seat.rebuys for seat in s.seats) > 10


def test_showdowns_and_side_pots_agree_with_our_evaluator():
    s = table(seed=22, stack=100, rebuy=100)
    agents = {i: Chaos(200 + i) for i in range(8)}
    multiway = 0
    for _ in range(600):
        outcome = s.play(agents)
        if not outcome.showdown:
            continue
        put_in = contributions(outcome)
        pay, odd = expected_payouts(put_in, outcome.shown, ())
        for seat, chips in pay.items():
            got = outcome.collected.get(seat, 0)
            assert got == chips or (seat in odd and abs(got - chips) <= 1), outcome
        all_in = [seat for seat in outcome.shown if outcome.final_stacks[seat] == outcome.collected.get(seat, 0)]
        multiway += len(all_in) >= 3 and len(set(put_in.values())) >= 3
    assert multiway > 10


def test_eight_all_ins_with_eight_stacks_pay_every_side_pot_exactly():
    holes = ["Ah Ad Ac 2s 3h", "Kh Kd Kc 4s 6h", "Qh Qd Qc 5d 7s", "Jh Jd Jc 8s 9c",
             "Th Td Tc 2c 3c", "9h 9d 9s 4c 6c", "8h 8d 8c 7h 5h", "7d 7c 6d 4d 3d"]
    cards = [parse_cards(h) for h in holes]
    order = [cards[p][k] for k in range(5) for p in range(8)]
    stacks = [50, 100, 150, 200, 250, 300, 350, 400]
    hand = DrawHand(range(8), stacks, Dealer(np.random.default_rng(0), order=order), ante=2, min_bet=4)

    class Shove:
        def decide(self, view):
            if view.phase is Phase.DRAW:
                return Decision(Action.draw([]))
            if view.raise_bounds:
                return Decision(Action(view.legal[-1].move, view.raise_bounds[1]))
            return Decision(view.legal_move(Move.CALL) or view.legal_move(Move.CHECK))

    outcome = play_hand(hand, {s: Shove() for s in range(8)})
    # trips of aces (50 a head) takes the main pot, kings the next layer, and so on
    assert [outcome.final_stacks[s] for s in range(8)] == [400, 350, 300, 250, 200, 150, 100, 50]
    pay, _ = expected_payouts(contributions(outcome), outcome.shown, ())
    assert {s: outcome.collected.get(s, 0) for s in range(8)} == pay


def replay(record):
    """Rebuild a hand in pokerkit from a JSON-lines record; returns the final stacks."""
    n = len(record["players"])
    streets = (pk.Street(False, (False,) * 5, 0, False, pk.Opening.POSITION, record["min_bet"], None),
               pk.Street(False, (), 0, True, pk.Opening.POSITION, record["min_bet"], None))
    state = pk.State(
        (pk.Automation.ANTE_POSTING, pk.Automation.BET_COLLECTION, pk.Automation.BLIND_OR_STRADDLE_POSTING,
         pk.Automation.HAND_KILLING, pk.Automation.CHIPS_PUSHING, pk.Automation.CHIPS_PULLING),
        pk.Deck.STANDARD, (pk.StandardHighHand,), streets, pk.BettingStructure.NO_LIMIT, True,
        record["ante"], 0, 0, record["starting_stacks"], n, mode=pk.Mode.TOURNAMENT)
    for line in record["actions"]:
        words = line.split()
        if words[0] == "d":
            state.deal_hole(words[3], int(words[2][1:]) - 1)
            continue
        move = words[1]
        if move == "f":
            state.fold()
        elif move == "cc":
            state.check_or_call()
        elif move == "cbr":
            state.complete_bet_or_raise_to(int(words[2]))
        elif move == "sd":
            state.stand_pat_or_discard(words[2] if len(words) > 2 else ())
        elif move == "sm":
            state.show_or_muck_hole_cards(True)
    assert not state.status
    return list(state.stacks)


@pytest.mark.filterwarnings("ignore:Returning reserved")   # pokerkit reuses mucked cards in the draw
def test_json_lines_history_has_one_record_per_hand_that_replays_in_pokerkit():
    out = io.StringIO()
    s = table(seed=8, history=out)
    agents = {i: Chaos(300 + i) for i in range(8)}
    for _ in range(20):
        s.play(agents)
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["hand"] for r in records] == list(range(1, 21))
    for record in records:
        assert record["game"] == "five-card draw" and record["button"] == record["players"][-1]
        assert replay(record) == record["finishing_stacks"]
        assert sum(record["finishing_stacks"]) == sum(record["starting_stacks"])


# --- the tables: who sits with you ---------------------------------------------------------------

@pytest.mark.parametrize("players", range(2, MAX_PLAYERS + 1))
def test_each_table_seats_what_it_promises_at_every_size(players):
    from pokerfsm.games.ai import PERSONALITIES
    from pokerfsm.games.draw import TABLES, table_lineup

    for name in TABLES:
        lineup = table_lineup(name, players)
        assert len(lineup) == players - 1 and set(lineup) <= set(PERSONALITIES)
    assert not {"bluffer", "flambeur"} & set(table_lineup("calm", players))
    assert table_lineup("mixed", players).count("bluffer") <= 1
    assert table_lineup("wild", players) == ("solid", "bluffer", "timid", "random", "flambeur", "solid",
                                             "bluffer")[:players - 1]


def test_a_full_mixed_table_has_every_personality_and_one_bluffer():
    from pokerfsm.games.ai import PERSONALITIES
    from pokerfsm.games.draw import table_lineup

    lineup = table_lineup("mixed", 8)
    assert set(lineup) == set(PERSONALITIES) and lineup.count("bluffer") == 1
    assert table_lineup("wild", 8).count("bluffer") == 2 and "flambeur" in table_lineup("wild", 8)


@pytest.mark.parametrize("table_name, players", [("quiet", 8), ("calm", 9), ("calm", 1)])
def test_an_unknown_table_or_size_is_refused_with_what_was_asked(table_name, players):
    from pokerfsm.games.draw import table_lineup

    with pytest.raises(IllegalActionError, match=repr(table_name) if table_name == "quiet" else str(players)):
        table_lineup(table_name, players)


def final_names(out):
    return [item.rsplit(" ", 1)[0] for item in out.rstrip().splitlines()[-1][len("stacks: "):].split(", ")]


@pytest.mark.parametrize("options, computers", [
    ([], ["Ada (solid)", "Bruno (timid)", "Chloe (random)", "Denis (flambeur)", "Emma (solid)", "Felix (timid)",
          "Gaby (bluffer)"]),
    (["--table", "calm", "--players", "4"], ["Ada (solid)", "Bruno (timid)", "Chloe (random)"]),
    (["--table", "wild", "--players", "3"], ["Ada (solid)", "Bruno (bluffer)"]),
])
def test_play_draw_seats_the_chosen_table_and_mixed_by_default(options, computers, capsys):
    from pokerfsm.cli import main

    assert main(["play", "draw", "--auto", "--hands", "1", "--seed", "1", *options]) == 0
    assert final_names(capsys.readouterr().out) == ["You", *computers]


def test_play_draw_refuses_an_unknown_table_naming_it(capsys):
    from pokerfsm.cli import main

    assert main(["play", "draw", "--table", "loud"]) == 2
    err = capsys.readouterr().err
    assert "'loud'" in err and "calm" in err and "Traceback" not in err


def test_the_command_offers_exactly_the_tables_the_game_has():
    import argparse

    from pokerfsm.cli.play import TABLE_NAMES, configure
    from pokerfsm.games.draw import DEFAULT_TABLE, TABLES

    parser = argparse.ArgumentParser()
    configure(parser)
    assert tuple(TABLES) == TABLE_NAMES and parser.parse_args(["draw"]).table == DEFAULT_TABLE
