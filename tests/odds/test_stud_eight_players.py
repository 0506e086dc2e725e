"""Eight-player stud: the seventh card is one community card, as pokerkit deals it.

Exact answers are checked against the slow oracle of test_stud_equity (pokerkit's
hand classes, every community card in turn), Monte Carlo against exact, and the
rule itself against pokerkit's engine.
"""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_stud_equity import assert_agrees, oracle

from pokerfsm.cards import Card
from pokerfsm.errors import DuplicateCardError, InvalidDealError
from pokerfsm.odds.results import Method
from pokerfsm.odds.stud import compute_stud, deals
from pokerfsm.odds.stud_deal import prepare_stud_deal, shared_cards


def table(seed, shown=6, unseen=()):
    """Eight seats of ``shown`` cards each from a seeded shuffle, ``??`` for the first down card
    of the seats in ``unseen``."""
    order = [str(Card(int(c))) for c in np.random.default_rng(seed).permutation(52)]
    seats = [order[shown * i:shown * (i + 1)] for i in range(8)]
    for i in unseen:
        seats[i][0] = "??"
    return [" ".join(seat) for seat in seats], order[8 * shown:]


CASES = [  # game, seed, seats with an unseen down card, the community card dealt
    ("stud", 1, (), False),              # every card seen: the community card decides (4 deals)
    ("stud", 2, (0, 3, 5), False),       # three down cards nobody saw and the community card to come
    ("stud", 3, (1, 2, 4, 6), True),     # seventh street: the community card dealt, four down cards unseen
    ("stud-hi-lo", 4, (2, 7), False),
    ("stud-hi-lo", 5, (0, 1, 2), True),
    ("razz", 6, (3, 4), False),
]


@pytest.mark.parametrize(("game", "seed", "unseen", "dealt"), CASES)
def test_exact_eight_player_equity_agrees_with_pokerkit(game, seed, unseen, dealt):
    seats, rest = table(seed, unseen=unseen)
    board = rest[0] if dealt else ""
    deal = prepare_stud_deal(seats, game=game, board=board)
    result = compute_stud(deal)
    assert deal.street == (7 if dealt else 6) and result.combinations == deals(deal)
    assert_agrees(result, oracle(game, seats, "", board))


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from(["stud", "stud-hi-lo", "razz"]), seed=st.integers(0, 10_000),
       unseen=st.sets(st.integers(0, 7), max_size=3), dealt=st.booleans())
def test_any_sixth_or_seventh_street_of_eight_agrees_with_pokerkit(game, seed, unseen, dealt):
    seats, rest = table(seed, unseen=sorted(unseen))
    board = rest[0] if dealt else ""
    assert_agrees(compute_stud(prepare_stud_deal(seats, game=game, board=board), exact=True),
                  oracle(game, seats, "", board))


def test_every_card_seen_the_pot_goes_by_each_community_card_in_turn():
    from pokerfsm import evaluate

    seats, rest = table(1)
    result = compute_stud(prepare_stud_deal(seats))
    shares = [0.0] * 8
    for community in rest:                       # the four cards left, each once
        values = [evaluate(f"{seat} {community}", game="stud") for seat in seats]
        winners = [i for i, v in enumerate(values) if v == max(values)]
        for i in winners:
            shares[i] += 1 / len(winners) / len(rest)
    assert result.combinations == len(rest) == 4
    assert [p.equity for p in result.players] == pytest.approx(shares, abs=1e-12)


def test_monte_carlo_deals_the_community_card_once_a_deal():
    seats, _ = table(7, unseen=(0, 2, 5))
    deal = prepare_stud_deal(seats, game="stud-hi-lo")
    exact = compute_stud(deal)
    sampled = compute_stud(deal, samples=200_000, seed=3)
    assert sampled.method is Method.MONTE_CARLO and sampled.combinations == 200_000
    for e, s in zip(exact.players, sampled.players):
        assert s.std_error is not None and abs(e.equity - s.equity) < 4 * s.std_error + 1e-9
    assert abs(exact.low - sampled.low) < 0.01


def test_earlier_streets_are_sampled_within_the_budget():
    seats, _ = table(8, shown=3, unseen=range(8))
    result = compute_stud(prepare_stud_deal(seats), budget=0.2, seed=1)
    assert result.method is Method.MONTE_CARLO and len(result.players) == 8
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)


@pytest.mark.parametrize(("shown", "board", "words"), [
    (7, "", "player 1 has 7 cards given"),                               # the seventh is the community card
    (5, "2c", "eight players share one community card, on seventh street once each holds six"),
    (6, "2c 3c", "the board holds 2 card(s)"),
])
def test_a_misplaced_community_card_is_one_clear_error(shown, board, words):
    order = [str(Card(c)) for c in range(51, -1, -1)]
    seats = [" ".join(order[i * 6:i * 6 + shown]) for i in range(8)] if shown < 7 else \
        [" ".join(["??"] * 7)] * 8
    with pytest.raises(InvalidDealError) as caught:
        prepare_stud_deal(seats, board=board)
    assert words in str(caught.value)
    assert caught.value.field == ("players" if shown == 7 else "board")


def test_a_board_below_eight_players_and_a_community_card_held_twice_are_refused():
    with pytest.raises(InvalidDealError, match="only eight players share a community card") as caught:
        prepare_stud_deal(["As Kd Ah Qc Jc 9c", "?? ?? 7d 2c 3c 4c"], board="5c")
    assert caught.value.field == "board"
    seats, _ = table(1)
    with pytest.raises(DuplicateCardError, match="is given twice") as twice:
        prepare_stud_deal(seats, board=seats[0].split()[0])
    assert twice.value.field == "board"


def test_the_rule_is_pokerkits_the_seventh_card_is_a_community_card_at_eight_players_only():
    pokerkit = pytest.importorskip("pokerkit")
    from pokerkit import Automation

    automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                   Automation.CARD_BURNING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
                   Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING, Automation.HOLE_DEALING)
    for players in (7, 8):
        state = pokerkit.FixedLimitSevenCardStud.create_state(automations, True, 1, 2, 4, 8, 1000, players)
        shared_at = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            while state.status:
                if state.can_deal_board():
                    shared_at.append(state.street_index)
                    state.deal_board()
                elif state.can_post_bring_in():
                    state.post_bring_in()
                else:
                    state.check_or_call()
        assert shared_at == ([4] if players == 8 else [])   # street 4 of 0-4: seventh street
        assert shared_cards(players, 52) == len(shared_at)


def test_progress_runs_over_the_community_cards_and_a_cancel_stops():
    from pokerfsm.errors import CancelledError
    from pokerfsm.odds.stopping import Stop

    seats, _ = table(2, unseen=(0, 3, 5))
    seen = []
    compute_stud(prepare_stud_deal(seats), progress=seen.append)
    assert len(seen) == 7 and seen == sorted(seen) and seen[-1] == 1.0   # one step per community card left
    stop = Stop()
    stop.cancel()
    with pytest.raises(CancelledError):
        compute_stud(prepare_stud_deal(seats), stop=stop)
