"""Replaying hand-written PHH files and random pokerkit hands: stacks to the chip, pots, equities.

The files in ``data/`` were written by hand for these tests; each one's
``finishing_stacks`` were worked out by hand (see the comments in the files)
before the replay existed. ``random_hand`` plays random legal hands on
pokerkit, whose own finishing stacks are the oracle.
"""
import json
from pathlib import Path

import pytest
from history_fixtures import random_hand

from pokerfsm import history
from pokerfsm.cli import main

DATA = Path(__file__).resolve().parent / "data"
CORPUS = sorted(p.name for p in DATA.glob("*.phh*"))


def load(name):
    return history.load(DATA / name)


def pots(hand):
    names = hand.players
    return [(p.amount, [names[i] for i in p.eligible], {names[i]: p.shares[i] for i in p.winners})
            for p in hand.settlement.pots]


@pytest.mark.parametrize("name", CORPUS)
def test_replay_reproduces_recorded_stacks_and_pokerkit(table, name):
    for hand in load(name):
        assert hand.complete
        assert hand.final_stacks == hand.record.finishing_stacks == hand.engine_stacks
        assert None not in hand.final_stacks or name == "cents.phh"
        assert sum(hand.settlement.payouts) == sum(hand.contributions)


def test_corpus_covers_the_cases_asked_for():
    assert {"three_allins.phh", "odd_chip.phh", "straddle.phh", "muck.phh", "uncalled.phh",
            "fixed_limit.phh", "dead_antes.phh", "session.phhs", "pot_limit_omaha.phh", "omaha_hi_lo_quartered.phh",
            "omaha_hi_lo_side_pot_without_low.phh"} <= set(CORPUS)


def test_three_all_ins_make_a_main_and_two_side_pots(table):
    hand, = load("three_allins.phh")
    assert pots(hand) == [(400, ["Ann", "Bob", "Cat", "Dan"], {"Ann": 400}),
                          (450, ["Bob", "Cat", "Dan"], {"Bob": 450}),
                          (300, ["Cat", "Dan"], {"Cat": 300})]
    assert hand.settlement.mucked == (3,) and hand.showdown
    assert hand.all_in.street == "preflop" and hand.all_in.live == (0, 1, 2, 3)
    assert [s.name for s in hand.streets] == ["preflop", "flop", "turn", "river"]
    assert [s.pot for s in hand.streets] == [15, 1150, 1150, 1150]


@pytest.mark.parametrize("name, shares", [
    ("odd_chip.phh", {"Bob": 13, "Cat": 12}),
    ("odd_chips_three_way.phh", {"p2": 13, "p3": 11, "p4": 11}),
])
def test_odd_chips_go_to_the_first_winner_left_of_the_button(table, name, shares):
    hand, = load(name)
    (amount, _, won), = pots(hand)
    assert won == shares and amount == sum(shares.values())


def test_straddle_and_an_uncalled_flop_bet(table):
    hand, = load("straddle.phh")
    assert hand.record.blinds == (5, 10, 20, 0)
    assert hand.contributions == (5, 10, 60, 140)
    assert hand.settlement.returned == (0, 0, 0, 80)
    assert not hand.showdown and hand.folded == (0, 1, 2)
    assert hand.streets[0].actions[:3] == ("Ann: post 5", "Bob: post 10", "Cat: post 20")
    assert hand.streets[0].actions[3] == "Dan: raise to 60"


def test_muck_and_unknown_cards(table):
    hand, = load("muck.phh")
    assert hand.mucked == (0,) and hand.holes[0] is None
    assert hand.streets[-1].actions[-2:] == ("Cat: show Ah Kh", "Ann: muck")
    assert pots(hand) == [(78, ["Cat"], {"Cat": 78})]


def test_uncalled_reraise_with_unknown_cards(table):
    hand, = load("uncalled.phh")
    assert hand.settlement.returned == (12, 0) and hand.final_stacks == (106, 94)
    analysis = history.analyse(hand)
    assert analysis.streets[0].equity == (None, None)  # nothing known: no equity


def test_amounts_in_cents_unknown_stacks_and_comments(table):
    hand, = load("cents.phh")
    assert str(hand.record.unit) == "0.01" and hand.record.blinds == (25, 50, 0)
    assert hand.record.starting_stacks == (5000, None, 2075)
    assert hand.final_stacks == (7225, None, 0) and hand.record.money(7225) == "72.25"
    data = history.analyse(hand).to_dict()
    assert data["finishing_stacks"] == data["recorded_finishing_stacks"] == [72.25, None, 0.0]
    assert data["settlement"]["pots"][0]["amount"] == 43.0
    assert hand.streets[-2].actions[-2] == "Ann: show Td Tc"  # 'sm -'


def test_fixed_limit(table):
    hand, = load("fixed_limit.phh")
    assert hand.record.game == "FT" and (hand.record.small_bet, hand.record.big_bet) == (2, 4)
    assert hand.settlement.ranks[1].category.name == "STRAIGHT_FLUSH"


def test_dead_antes_go_to_the_main_pot(table):
    hand, = load("dead_antes.phh")
    assert hand.antes == (10, 10, 6)
    assert pots(hand)[0] == (26, ["p1", "p2", "p3"], {"p3": 26})


def test_multi_hand_file_and_its_summary(table):
    hands = load("session.phhs")
    assert [h.record.name for h in hands] == ["1", "2", "3"]
    assert [h.record.line for h in hands] == [4, 17, 29]
    analyses = [history.analyse(h) for h in hands]
    summary = history.summarise(analyses)
    assert (summary.hands, summary.showdowns, summary.all_ins) == (3, 2, 1)
    ann, bob = summary.players
    assert (ann.name, ann.net, bob.net) == ("Ann", -290, 290)
    # the kings' all-in equity against the aces, exactly, decides the expected nets
    kings = history.analyse(hands[0]).streets[0].equity[1]
    assert bob.luck == pytest.approx(300 - (600 * kings + 200 - 500))
    assert ann.luck == pytest.approx(-bob.luck)


def equity_cli(capsys, hands, board, dead):
    argv = ["equity", *[h or "?" for h in hands], "--json"]
    if board:
        argv += ["--board", board]
    if dead:
        argv += ["--dead", dead]
    assert main(argv) == 0
    return [p["equity"] for p in json.loads(capsys.readouterr().out)["players"]]


@pytest.mark.parametrize("name", ["three_allins.phh", "muck.phh", "fixed_limit.phh", "session.phhs"])
def test_equity_at_every_street_matches_pokerfsm_equity(table, capsys, name):
    for hand in load(name):
        for entry in history.analyse(hand).streets:
            street = entry.street
            if len(street.live) < 2 or all(street.holes[i] is None for i in street.live):
                continue
            hands = ["".join(map(str, street.holes[i])) if street.holes[i] else None
                     for i in street.live]
            expected = equity_cli(capsys, hands, " ".join(map(str, street.board)),
                                  " ".join(map(str, street.dead)))
            got = [entry.equity[i] for i in street.live]
            assert got == pytest.approx(expected, abs=1e-12), (name, street.name)


def test_equity_uses_folded_cards_as_dead_cards(table):
    hand, = load("muck.phh")
    turn = hand.streets[2]
    assert turn.live == (0, 2) and [str(c) for c in turn.dead] == ["9s", "8s"]


def test_all_in_expected_value_against_what_was_won(table):
    hand, = load("three_allins.phh")
    analysis = history.analyse(hand)
    # by hand: each pot times the contenders' equities in it, plus returns, minus the stake
    from pokerfsm import equity

    main_pot = equity(["AhAd", "KsKc", "QhQd", "JcJd"], exact=True).players
    side_1 = equity(["KsKc", "QhQd", "JcJd"], exact=True).players
    side_2 = equity(["QhQd", "JcJd"], exact=True).players
    expected = [400 * main_pot[0].equity - 100,
                400 * main_pot[1].equity + 450 * side_1[0].equity - 250,
                400 * main_pot[2].equity + 450 * side_1[1].equity + 300 * side_2[0].equity - 400,
                400 * main_pot[3].equity + 450 * side_1[2].equity + 300 * side_2[1].equity - 400]
    assert analysis.expected == pytest.approx(expected)
    assert analysis.luck == pytest.approx([net - ev for net, ev in zip((300, 200, -100, -400), expected)])
    assert sum(analysis.expected) == pytest.approx(0)


@pytest.mark.parametrize("seed", range(120))
def test_random_pokerkit_hands_replay_to_the_chip(table, seed):
    for fixed_limit in (False, True):
        hand, = history.loads(random_hand(seed, fixed_limit), f"random-{seed}.phh")
        assert hand.final_stacks == hand.engine_stacks == hand.record.finishing_stacks
