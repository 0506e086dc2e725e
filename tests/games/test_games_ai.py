"""The four personalities behave as the seeds describe, and only make legal moves."""
import dataclasses

import numpy as np
import pytest
from poker_fixtures import Chaos, CountingOdds, FakePlayer, FakeResult

from pokerfsm.cards import parse_cards
from pokerfsm.evaluation import HandCategory
from pokerfsm.games.ai import MONSTER, PERSONALITIES, RANDOM_PROBABILITIES, Solid, make_agent
from pokerfsm.games.draw import DrawSession
from pokerfsm.games.holdem import HoldemSession
from pokerfsm.games.pokerhand import Action, Move, Phase, SeatView
from pokerfsm.games.session import TablePlayer
from pokerfsm.games.strength import draw_options, made_category


def decision_points(game, hands, seed):
    """(hand, view) at every decision of ``hands`` hands moved on by chaotic players."""
    def new_session(number):
        if game == "holdem":
            return HoldemSession([TablePlayer("A", "x", 1000), TablePlayer("B", "x", 1000)], seed=seed + number)
        return DrawSession([TablePlayer(f"P{i}", "x", 300) for i in range(6)], seed=seed, rebuy=300)

    s = new_session(0)
    mover = Chaos(seed)
    for number in range(hands):
        if s.over:
            s = new_session(number)
        hand = s.start_hand()
        while not hand.over:
            view = hand.view(hand.actor)
            yield hand, view
            hand.apply(mover.decide(view).action)
        s.end_hand()


POINTS = {game: list(decision_points(game, 60, 7)) for game in ("holdem", "draw")}


def is_legal(view, action):
    """Legality read off the view alone."""
    if view.phase is Phase.DRAW:
        return action.move is Move.DRAW and set(action.cards) <= set(view.hole)
    if action.move in (Move.BET, Move.RAISE):
        low, high = view.raise_bounds
        return view.legal_move(action.move) is not None and low <= action.amount <= high
    return action in view.legal


def agent(name, seed=0):
    return make_agent(name, np.random.default_rng(seed), CountingOdds)


@pytest.mark.parametrize("game", ["holdem", "draw"])
@pytest.mark.parametrize("name", sorted(PERSONALITIES))
def test_every_decision_is_a_legal_move_with_a_reason(game, name):
    player = agent(name)
    for _, view in POINTS[game]:
        decision = player.decide(view)
        assert is_legal(view, decision.action), (view, decision)
        assert decision.rule and all(isinstance(v, (int, float)) for v in decision.numbers.values())


@pytest.mark.parametrize("game", ["holdem", "draw"])
def test_the_bluffer_never_folds_and_raises_big(game):
    bluffer = agent("bluffer")
    raises = 0
    for _, view in POINTS[game]:
        if view.phase is not Phase.BETTING:
            continue
        action = bluffer.decide(view).action
        assert action.move is not Move.FOLD
        if action.move in (Move.BET, Move.RAISE):
            raises += 1
            facing = view.bet + view.to_call
            assert action.amount == min(view.raise_bounds[1],
                                        max(view.raise_bounds[0], facing + 2 * (view.pot + view.to_call)))
    assert raises > 10


@pytest.mark.parametrize("game", ["draw"])   # hold'em: issue 14 changed it (the next tests)
def test_the_timid_player_stays_in_only_with_two_pair_or_better(game):
    timid = agent("timid")
    seen = set()
    for _, view in POINTS[game]:
        if view.phase is not Phase.BETTING:
            continue
        category = made_category(view.hole, view.board)
        move = timid.decide(view).action.move
        if category < HandCategory.TWO_PAIR:
            assert move is (Move.FOLD if view.to_call else Move.CHECK)
        elif category < MONSTER:
            assert move in (Move.CHECK, Move.CALL)      # stays in, never bets big
        seen.add(category >= HandCategory.TWO_PAIR)
    assert seen == {False, True}


def betting_view(hole, board=(), to_call=0, pot=40, stack=500, bounds=(20, 500), game="holdem"):
    legal = ((Action.fold(), Action.call(to_call)) if to_call else (Action.check(),))
    kind = Action.raise_to if to_call else Action.bet
    legal += tuple(kind(a) for a in bounds) if bounds else ()
    return SeatView(game, 0, "flop" if board else "pre-flop", Phase.BETTING, parse_cards(hole),
                    parse_cards(board) if board else (), pot, to_call, stack, 0, 10, bounds, legal, 1)


def test_the_timid_player_bets_the_pot_only_with_a_monster():
    timid = agent("timid")
    quads = timid.decide(betting_view("7h 7d", "7c 7s 2d", to_call=10, pot=40)).action
    assert quads == Action.raise_to(10 + 40 + 10)
    full = timid.decide(betting_view("7h 7d", "7c 2s 2d", to_call=10, pot=40)).action
    assert full == Action.call(10)


@pytest.mark.parametrize("hole, to_call, pot, expected", [
    ("7h 7d", 5, 15, Action.call(5)),          # a pocket pair completes the small blind...
    ("7h 2d", 5, 15, Action.call(5)),          # ... so does any hand: 5 to win 15 is cheap
    ("7h 7d", 50, 70, Action.call(50)),        # a strong starting hand calls a raise
    ("Ah Qd", 50, 70, Action.call(50)),
    ("9h 4d", 50, 70, Action.fold()),          # a weak one folds to it
    ("Kh 8d", 10, 30, Action.fold()),          # a whole big blind is not cheap
    ("Ah Ad", 5, 15, Action.raise_to(10 + 15 + 5)),   # aces: the only big preflop raise
])
def test_the_timid_player_in_holdem_plays_strong_starting_hands(hole, to_call, pot, expected):
    view = dataclasses.replace(betting_view(hole, to_call=to_call, pot=pot, bounds=(2 * to_call, 500)),
                               bet=10 - to_call if to_call <= 10 else 10)
    assert agent("timid").decide(view).action == expected


def test_the_timid_player_in_holdem_never_bets_big_without_a_monster():
    timid = agent("timid")
    for _, view in POINTS["holdem"]:
        if view.phase is not Phase.BETTING:
            continue
        decision = timid.decide(view)
        if decision.action.move in (Move.BET, Move.RAISE):
            category = made_category(view.hole, view.board)
            assert category >= MONSTER or (not view.board and view.hole[0].rank == view.hole[1].rank == 12)


def test_the_random_player_ignores_the_bets_of_the_others():
    for seed in range(40):
        quiet = agent("random", seed).decide(betting_view("Ah Kd", to_call=0, pot=15)).action.move
        loud = agent("random", seed).decide(betting_view("Ah Kd", to_call=400, pot=900, stack=2000,
                                                         bounds=(800, 2000))).action.move
        intent = {Move.CHECK: "stay", Move.CALL: "stay", Move.BET: "raise", Move.RAISE: "raise"}
        if loud is Move.FOLD:
            assert quiet is Move.CHECK      # a fold it drew turns into a free check
        else:
            assert intent[quiet] == intent[loud]


@pytest.mark.parametrize("hole, board, category", [
    ("Ah Kd", "", HandCategory.HIGH_CARD),
    ("Ah Ad", "", HandCategory.PAIR),
    ("Ah Kd", "Ac Ks 2d", HandCategory.TWO_PAIR),
])
def test_the_random_player_follows_its_fixed_probabilities(hole, board, category):
    player = agent("random", 123)
    view = betting_view(hole, board, to_call=10)
    counts = {Move.FOLD: 0, Move.CALL: 0, Move.RAISE: 0}
    n = 3000
    for _ in range(n):
        counts[player.decide(view).action.move] += 1
    for share, move in zip(RANDOM_PROBABILITIES[category], (Move.FOLD, Move.CALL, Move.RAISE)):
        assert abs(counts[move] / n - share) < 0.03


def fixed_odds(equity):
    class Fixed:
        def __init__(self, hero, opponents=1):
            pass

        def update(self, board):
            return FakeResult((FakePlayer(equity),))
    return Fixed


@pytest.mark.parametrize("equity, to_call, pot, expected", [
    (0.90, 0, 40, Action.bet(40)),             # very strong: bets the pot
    (0.90, 10, 40, Action.raise_to(60)),       # ... or raises it
    (0.70, 0, 40, Action.bet(20)),             # strong: half the pot
    (0.70, 10, 40, Action.call(10)),
    (0.50, 0, 40, Action.check()),
    (0.30, 10, 40, Action.call(10)),           # 0.30 beats pot odds 10/50 = 0.20
    (0.15, 10, 40, Action.fold()),             # 0.15 does not
])
def test_the_solid_player_weighs_strength_against_pot_odds(equity, to_call, pot, expected):
    solid = Solid(np.random.default_rng(0), fixed_odds(equity))
    decision = solid.decide(betting_view("Ah Kd", "2c 7d 9h", to_call=to_call, pot=pot))
    assert decision.action == expected
    assert decision.numbers["strength"] == pytest.approx(equity)


def test_the_solid_player_asks_live_odds_once_per_street():
    CountingOdds.reset()
    solid = agent("solid")
    view = betting_view("Ah Kd", "2c 7d 9h", to_call=10)
    solid.decide(view)
    solid.decide(view)
    solid.decide(dataclasses.replace(view, board=parse_cards("2c 7d 9h Js")))
    assert CountingOdds.made == 1
    assert [len(board) for _, board in CountingOdds.updates] == [3, 4]


@pytest.mark.parametrize("name", sorted(PERSONALITIES))
def test_every_personality_discards_by_the_best_exact_expectation(name):
    player = agent(name)
    for _, view in POINTS["draw"]:
        if view.phase is not Phase.DRAW:
            continue
        decision = player.decide(view)
        best = draw_options(view.hole, view.opponents)[0]
        assert set(decision.action.cards) == set(view.hole) - set(best.keep)
        assert decision.numbers["expected win vs all"] == pytest.approx(best.value)


# --- issue 14: solid reads a range from the bets, the flambeur ------------------------------------

def facing(size_in_pots, pot=40, hole="Ah 9d", board="9c 5h 2s", model=None):
    """Solid's view on the flop facing a bet of ``size_in_pots`` pots from seat 1."""
    from pokerfsm.games.actions import Step
    bet = int(size_in_pots * pot)
    steps = (Step(1, Action.call(5), "pre-flop", pot=15, to_call=5, bet=5),
             Step(1, Action.bet(bet), "flop", pot=pot, to_call=0))
    view = betting_view(hole, board, to_call=bet, pot=pot + bet, bounds=(2 * bet, 1000))
    return dataclasses.replace(view, history=steps, live=(0, 1))


@pytest.mark.parametrize("hole", ["Ah 9d", "Kd 5d"])    # top pair, second pair on 9c 5h 2s
def test_solid_reads_a_bigger_bet_as_a_stronger_range(hole):
    solid = Solid(np.random.default_rng(0))
    strengths = [solid.strength(facing(size, hole=hole)) for size in (0.25, 1.0, 3.0)]
    alone = solid.win_chance(facing(0.25, hole=hole))                   # against a random hand
    assert strengths[2] < strengths[1] < strengths[0] < alone


def test_solid_calls_a_small_bet_and_folds_to_a_big_one_with_the_same_hand():
    solid = Solid(np.random.default_rng(0))
    assert solid.decide(facing(0.25, hole="Kd 5d")).action.move is Move.CALL   # 10 into 50
    assert solid.decide(facing(3.0, hole="Kd 5d")).action.move is Move.FOLD    # 120 into 160


def test_solid_learns_that_a_bluffer_raises_with_anything():
    cautious, learnt = Solid(np.random.default_rng(0)), Solid(np.random.default_rng(0))
    maniac = learnt.model(1)
    for _ in range(40):                       # seat 1 bet twice the pot at 35 of 40 decisions
        maniac.decisions += 1
        maniac.aggressive += 1
        maniac.bets += 1
        maniac.sizes += 2.0
    maniac.decisions += 5
    view = facing(2.0)
    assert learnt.strength(view) > cautious.strength(view)


def test_solid_bets_into_players_who_fold_and_not_into_those_who_never_do():
    view = dataclasses.replace(betting_view("7h 6d", "Kc 9d 2s", to_call=0, pot=40), live=(0, 1))
    folder = Solid(np.random.default_rng(0), fixed_odds(0.35))
    caller = Solid(np.random.default_rng(0), fixed_odds(0.35))
    folder.model(1).faced, folder.model(1).folds = 30, 27
    caller.model(1).faced, caller.model(1).folds = 30, 0
    assert folder.decide(view).action.move is Move.BET
    assert caller.decide(view).action.move is Move.CHECK


def test_solid_learns_only_from_the_others_public_moves():
    from pokerfsm.games.actions import Step
    solid = Solid(np.random.default_rng(0))
    history = (Step(0, Action.raise_to(30), "pre-flop", pot=15, to_call=5, bet=5),
               Step(1, Action.fold(), "pre-flop", pot=45, to_call=20, bet=10))
    view = dataclasses.replace(betting_view("Ah Kd"), seat=0, history=history)
    solid.observe(view, None)
    assert set(solid.models) == {1} and solid.models[1].faced == 1 and solid.models[1].folds == 1


@pytest.mark.parametrize("chance, to_call, pot, expected", [
    (0.60, 10, 40, Action.raise_to(10 + 40 + 10)),   # a fair chance: the pot
    (0.30, 30, 40, Action.call(30)),                 # needs 0.43; 0.30 is close enough for it
    (0.20, 60, 40, Action.fold()),                   # needs 0.60: too far
    (0.10, 5, 15, Action.call(5)),                   # a blind is always worth a look
])
def test_the_flambeur_plays_loose(chance, to_call, pot, expected):
    flambeur = make_agent("flambeur", np.random.default_rng(0), fixed_odds(chance))
    view = betting_view("7h 2d", "Kc 9d 2s", to_call=to_call, pot=pot, bounds=(2 * to_call, 1000))
    assert flambeur.decide(view).action == expected


def test_the_flambeur_bluffs_about_a_third_of_the_time_it_is_checked_to():
    flambeur = make_agent("flambeur", np.random.default_rng(3), fixed_odds(0.2))
    view = betting_view("7h 2d", "Kc 9d 4s", to_call=0, pot=40)
    moves = [flambeur.decide(view).action.move for _ in range(600)]
    assert abs(moves.count(Move.BET) / 600 - 0.35) < 0.06


def test_every_personality_has_a_one_line_style():
    from pokerfsm.games.ai import STYLES
    assert set(STYLES) == set(PERSONALITIES) and all(s and "\n" not in s for s in STYLES.values())


# --- every win chance is against the opponents in the hand; the reasons say what the numbers say ------

def test_the_flambeur_calls_an_all_in_it_is_a_favourite_against_because_it_beats_the_odds():
    flambeur = make_agent("flambeur", np.random.default_rng(0), fixed_odds(0.996))
    view = betting_view("Ah Ad", "As Kd 2c", to_call=300, pot=1340, bounds=None)   # it cannot raise
    decision = flambeur.decide(view)
    assert decision.action == Action.call(300)
    assert "beats the pot odds (18%)" in decision.rule and "close enough" not in decision.rule


@pytest.mark.parametrize("chance, to_call, pot, words", [
    (0.35, 30, 40, "is below the pot odds (43%) but close enough for it, calls"),
    (0.05, 5, 15, "is below the pot odds (25%), but a call of one blind is always worth a look"),
    (0.20, 60, 40, "is far below the pot odds (60%), folds"),
])
def test_the_flambeur_says_how_its_chance_compares_with_the_pot_odds(chance, to_call, pot, words):
    flambeur = make_agent("flambeur", np.random.default_rng(0), fixed_odds(chance))
    view = betting_view("7h 2d", "Kc 9d 2s", to_call=to_call, pot=pot, bounds=(2 * to_call, 1000))
    assert words in flambeur.decide(view).rule


def draw_view(hole, street, opponents, to_call=0, pot=40):
    view = betting_view(hole, to_call=to_call, pot=pot, game="draw")
    return dataclasses.replace(view, street=street, opponents=opponents, live=tuple(range(opponents + 1)))


@pytest.mark.parametrize("street", ["first betting round", "second betting round"])
@pytest.mark.parametrize("opponents", [1, 6])
def test_a_draw_win_chance_is_against_every_opponent_in_the_hand(street, opponents):
    from pokerfsm.games.strength import percentile
    hole = "Jh Jd 8c 5s 2h"
    view = draw_view(hole, street, opponents)
    if street == "first betting round":
        expected = draw_options(parse_cards(hole), opponents)[0].value
    else:
        expected = percentile(parse_cards(hole)) ** opponents
    for name in ("flambeur", "timid", "solid"):
        assert agent(name).win_chance(view) == pytest.approx(expected)
    if opponents == 6:
        assert expected < 0.45 < agent("flambeur").win_chance(draw_view(hole, street, 1))


def test_the_flambeur_names_its_opponents_and_wants_its_fair_share_of_them():
    pair = "Jh Jd 8c 5s 2h"
    six = agent("flambeur").decide(draw_view(pair, "second betting round", 6))
    assert six.numbers["opponents"] == 6 and six.numbers["fair chance"] == pytest.approx(0.55 * 2 / 7)
    assert "against 6 opponents" in six.rule and "86%" not in six.rule
    assert six.action.move is Move.BET                   # 0.86 ** 6 = 0.40 is still above 1.1 / 7
    weak = agent("flambeur").decide(draw_view("Qh 9d 7c 5s 2h", "second betting round", 6))
    assert weak.numbers["win chance"] < weak.numbers["fair chance"] and weak.action.move is not Move.BET


def test_hold_em_odds_are_asked_against_as_many_opponents_as_are_in_the_hand():
    CountingOdds.reset()
    asked = []

    class Recording(CountingOdds):
        def __init__(self, hero, opponents=1, dead=()):
            super().__init__(hero, opponents, dead)
            asked.append(opponents)

    player = make_agent("flambeur", np.random.default_rng(0), Recording)
    view = betting_view("Ah Kd", "2c 7d 9h", to_call=10)
    player.decide(dataclasses.replace(view, opponents=3))
    player.decide(view)
    player.decide(dataclasses.replace(view, board=(), street="pre-flop"))   # heads-up preflop: the table
    assert asked == [3, 1]
