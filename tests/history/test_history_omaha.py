"""Omaha hand histories: pot-limit Omaha and Omaha hi-lo replayed and settled to the chip as pokerkit settles them.

pokerkit plays random legal hands (``history_fixtures.random_hand``) whose
finishing stacks are the oracle; the files in ``data/`` were worked out by
hand (see their comments). Variant codes pokerkit does not read are refused.
"""
import inspect
import json
from pathlib import Path

import pytest
from history_fixtures import random_hand

from pokerfsm import history
from pokerfsm.calculator import equity
from pokerfsm.cli import main
from pokerfsm.errors import HistoryParseError, HistoryReplayError, InvalidDealError
from pokerfsm.history.settlement import showdown
from pokerfsm.variants import HOLDEM, game_of, not_played

DATA = Path(__file__).resolve().parent / "data"
CALCULATOR_HAS_GAMES = "game" in inspect.signature(equity).parameters


def holdem_only(monkeypatch):
    """Make the calculator compute hold'em only, refusing other games as it refuses a game it has no
    back end for (what the replay shows then)."""
    import pokerfsm.calculator as calculator

    def refusing(*args, game=HOLDEM, **kwargs):
        chosen = game_of(game)
        if chosen != HOLDEM:
            raise not_played(chosen, "equity", [HOLDEM])
        return equity(*args, **kwargs)

    monkeypatch.setattr(calculator, "equity", refusing)


def pots(hand):
    names = hand.players
    return [(p.amount, [names[i] for i in p.winners], [names[i] for i in p.low_winners],
             {names[i]: p.shares[i] for i in range(len(names)) if p.shares[i]}) for p in hand.settlement.pots]


def replayed(seed, variant, **options):
    hand, = history.loads(random_hand(seed, variant=variant, **options), f"random-{seed}.phh")
    assert hand.complete
    assert hand.final_stacks == hand.engine_stacks == hand.record.finishing_stacks
    assert sum(hand.settlement.payouts) == sum(hand.contributions)
    return hand


@pytest.mark.parametrize("variant", ["PO", "FO/8"])
def test_random_pokerkit_omaha_hands_replay_to_the_chip(table, variant):
    seen = {"showdowns": 0, "side pots": 0, "split highs": 0, "odd chips": 0, "lows": 0, "split lows": 0,
            "no low": 0}
    for seed in range(40):
        for passive in (0.0, 0.6):  # all-ins and side pots, then hands checked down to a showdown
            hand = replayed(seed, variant, passive=passive)
            if not hand.showdown:
                continue
            contested = [p for p in hand.settlement.pots if len(p.eligible) > 1]
            seen["showdowns"] += 1
            seen["side pots"] += len(hand.settlement.pots) > 1
            seen["split highs"] += any(len(p.winners) > 1 for p in contested)
            seen["odd chips"] += any(len(set(p.shares) - {0}) > 1 for p in contested)
            seen["lows"] += any(p.low_winners for p in contested)
            seen["split lows"] += any(len(p.low_winners) > 1 for p in contested)
            seen["no low"] += bool(contested) and not any(p.low_winners for p in contested)
    assert seen["showdowns"] >= 40 and seen["side pots"] >= 5 and seen["no low"] >= 5
    if variant == "FO/8":  # the seeds give every kind of hi-lo pot
        assert seen["lows"] >= 10 and seen["split lows"] >= 2 and seen["odd chips"] >= 5
    else:
        assert seen["lows"] == 0 and seen["split highs"] >= 1


def test_a_board_without_three_low_cards_gives_every_pot_to_the_high(table):
    for seed in range(12):
        hand = replayed(seed, "FO/8", passive=0.6, board="KcQdJh9s9c")
        assert hand.settlement.lows is not None and set(hand.settlement.lows) == {None}
        assert all(p.low_winners == () for p in hand.settlement.pots)
        for pot in hand.settlement.pots:
            assert sum(pot.shares[i] for i in pot.winners) == pot.amount


@pytest.mark.parametrize("name, expected", [
    ("pot_limit_omaha.phh", [(25, ["Bob", "Cat"], [], {"Bob": 13, "Cat": 12})]),
    ("omaha_hi_lo_quartered.phh", [(35, ["Bob"], ["Cat", "Dan"], {"Bob": 18, "Cat": 9, "Dan": 8})]),
    ("omaha_hi_lo_side_pot_without_low.phh", [
        (40, ["Bea"], ["Lou"], {"Lou": 20, "Bea": 20}),
        (30, ["Bea"], ["Bea", "Cy"], {"Bea": 23, "Cy": 7}),
        (20, ["Cy"], ["Cy"], {"Cy": 20})]),
])
def test_hand_worked_omaha_files(table, name, expected):
    hand, = history.load(DATA / name)
    assert pots(hand) == expected
    assert hand.final_stacks == hand.record.finishing_stacks == hand.engine_stacks


@pytest.mark.parametrize("hands, board, contributions, folded, expected", [
    # a scoop: the best high also holds the only low
    (["Ah 2c Kh Kd", "Qs Qc 9d 9s"], "Kc 3d 5h 8s Js", [20, 20], (), [(40, (0,), (0,), (40, 0))]),
    # no low qualifies (two low cards in each hand but one on the board): all to the high
    (["Ah 2c Kh Kd", "3s 4c Qd Qs"], "Kc 3d Th Js 9c", [21, 21], (), [(42, (0,), (), (42, 0))]),
    # high and low to different players, an odd pot: the odd chip to the high half
    ([None, "Kh Kd Qc Qs", "Ah 2c 9d 9s"], "Kc 3d 5h 8s Js", [5, 10, 10], [0], [(25, (1,), (2,), (0, 13, 12))]),
])
def test_hi_lo_showdowns(table, hands, board, contributions, folded, expected):
    result = showdown(hands, board, contributions, folded, game="omaha-hi-lo")
    assert [(p.amount, p.winners, p.low_winners, p.shares) for p in result.pots] == expected


def test_unseen_omaha_hands_are_written_with_question_marks(table):
    result = showdown(["????????", "Kh Kd Qc Qs", "? ? ? ?"], "Kc 3d 5h 8s Js", [10, 10, 10], [0, 2], game="omaha")
    assert result.pots[0].winners == (1,) and result.net == (-10, 20, -10)


def test_omaha_hands_are_checked_for_their_game(table):
    with pytest.raises(InvalidDealError, match="seat 1's hand at Omaha: hole: omaha deals 4 hole cards, got 2"):
        showdown(["Ah Kh Qh Jh", "2c 3c"], "Kc 3d 5h 8s Js", [10, 10], game="omaha")


@pytest.mark.parametrize("code", ["FT/8", "PO/8", "NO", "5PO", "F7"])
def test_variants_pokerkit_does_not_read_get_one_error_naming_the_codes(table, tmp_path, capsys, code):
    path = tmp_path / "other.phh"
    path.write_text((DATA / "pot_limit_omaha.phh").read_text().replace("'PO'", repr(code)))
    with pytest.raises(HistoryParseError) as info:
        history.load(path)
    line = next(k for k, text in enumerate(path.read_text().splitlines(), 1) if text.startswith("variant"))
    assert str(info.value).startswith(f"{path}:{line}: unknown variant '{code}' (expected one of 'NT' ")
    message = str(info.value)
    assert "'F7S/8' fixed-limit seven-card stud hi-lo" in message and "'FB' fixed-limit badugi" in message
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [str(info.value)]


def test_a_settlement_that_disagrees_with_pokerkit_is_one_error(table, monkeypatch):
    from pokerfsm.history import playback

    def one_chip_off(*args, **kwargs):
        settled = showdown(*args, **kwargs)
        pot = settled.pots[0]
        winner, other = pot.winners[0], next(i for i in pot.eligible if i != pot.winners[0])
        shares = list(pot.shares)
        shares[winner] -= 1
        shares[other] += 1
        return type(settled)(settled.contributions, settled.returned,
                             (type(pot)(pot.amount, pot.eligible, pot.winners, tuple(shares), pot.low_winners),
                              *settled.pots[1:]), settled.ranks, settled.mucked, settled.lows)

    monkeypatch.setattr(playback, "showdown", one_chip_off)
    with pytest.raises(HistoryReplayError, match=r"pot_limit_omaha.phh:\d+: the pots settle to \[995, 1002, 1003\] "
                                                 r"here but to \[995, 1003, 1002\] on pokerkit"):
        history.load(DATA / "pot_limit_omaha.phh")


def run(capsys, *argv):
    status = main(["replay", *map(str, argv)])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out


def test_captions_name_the_game_and_pots_name_both_halves(table, capsys, monkeypatch):
    holdem_only(monkeypatch)  # the view, whatever the calculator
    out = run(capsys, DATA / "pot_limit_omaha.phh")
    assert "Hand 1 of 1 · pot-limit Omaha · blinds 5/10 · button Cat" in out
    assert "pot 25 (Bob, Cat): Bob 13, Cat 12 with Straight, Ace high" in out
    out = run(capsys, DATA / "omaha_hi_lo_quartered.phh")
    assert "fixed-limit Omaha hi-lo, 8 or better · limits 10/20, blinds 5/10" in out
    assert ("pot 35 (Bob, Cat, Dan): Bob 18, Cat 9, Dan 8 (high Bob with Three of a kind, Kings; "
            "low Cat, Dan with 8-5-3-2-A low)") in out
    assert "equity and all-in EV: not computed for this game yet (fixed-limit Omaha hi-lo, 8 or better)" in out
    assert "n/c" in out and "%" not in out  # no equity, no split chance: no number at all
    out = run(capsys, DATA / "omaha_hi_lo_side_pot_without_low.phh")
    assert "side pot 1 30 (Bea, Cy, Dot): Bea 23, Cy 7 (high Bea with Two pair, Kings and Jacks; no low here, " \
           "the low half to Bea, Cy as pokerkit shares it)" in out


def test_json_is_one_document_with_lows_and_the_game(table, capsys, monkeypatch):
    holdem_only(monkeypatch)
    document = json.loads(run(capsys, DATA / "omaha_hi_lo_quartered.phh", "--json"))
    hand, = document["hands"]
    assert hand["game"] == "FO/8" and hand["note"] == "not computed for this game yet"
    assert all(p["equity"] is None for s in hand["streets"] for p in s["players"])
    assert {s["note"] for s in hand["streets"]} == {"not computed for this game yet"}
    assert hand["settlement"]["pots"][0]["low_winners"] == ["Cat", "Dan"]
    assert hand["settlement"]["lows"] == [None, None, "8-5-3-2-A low", "8-5-3-2-A low"]
    assert hand["streets"][1]["players"][1]["cards"] == ["Kh", "Kd", "Qc", "Qs"]
    holdem = json.loads(run(capsys, DATA / "odd_chip.phh", "--json"))["hands"][0]
    assert holdem["note"] is None and holdem["settlement"]["lows"] is None


@pytest.mark.skipif(not CALCULATOR_HAS_GAMES, reason="the calculator computes hold'em only")
@pytest.mark.parametrize("name, game", [("pot_limit_omaha.phh", "omaha"), ("omaha_hi_lo_quartered.phh", "omaha-hi-lo"),
                                        ("omaha_hi_lo_side_pot_without_low.phh", "omaha-hi-lo")])
def test_equity_at_every_street_is_the_games_equity(table, name, game):
    hand, = history.load(DATA / name)
    analysis = history.analyse(hand)
    assert analysis.note is None
    for entry in analysis.streets:
        street = entry.street
        if len(street.live) < 2:
            continue
        expected = equity([street.holes[i] for i in street.live], board=street.board, dead=street.dead,
                          exact=True, game=game)
        assert [entry.equity[i] for i in street.live] == pytest.approx([p.equity for p in expected.players])
        assert entry.split == pytest.approx(expected.split) and entry.exact
        if game == "omaha":
            assert entry.low is None and entry.halves is None
            continue
        assert entry.low == pytest.approx(expected.low)
        halves = [entry.halves[i] for i in street.live]
        assert [x for h in halves for x in (h.scoop, h.high, h.low)] == pytest.approx(
            [x for p in expected.players for x in (p.scoop, p.high_share, p.low_share)])
        assert all(entry.halves[i] is None for i in range(len(street.holes)) if i not in street.live)


@pytest.mark.skipif(not CALCULATOR_HAS_GAMES, reason="the calculator computes hold'em only")
def test_hi_lo_json_and_view_carry_the_chance_of_a_low(table, capsys):
    hand, = json.loads(run(capsys, DATA / "omaha_hi_lo_quartered.phh", "--json"))["hands"]
    flop = hand["streets"][1]
    assert hand["note"] is None and 0 < flop["low"] < 1
    bob = flop["players"][1]
    assert bob["equity"] == pytest.approx(bob["high_share"] + bob["low_share"]) and 0 < bob["scoop"] <= bob["equity"]
    assert flop["players"][0]["scoop"] is None  # Ann folded
    assert hand["streets"][-1]["low"] == 1.0
    assert [p["equity"] for p in hand["streets"][-1]["players"][1:]] == pytest.approx([0.5, 0.25, 0.25])
    out = run(capsys, DATA / "omaha_hi_lo_quartered.phh")
    assert any(" split " in line and " low " in line for line in out.splitlines())
    plo = json.loads(run(capsys, DATA / "pot_limit_omaha.phh", "--json"))["hands"][0]
    assert "low" not in plo["streets"][1] and "scoop" not in plo["streets"][1]["players"][1]


@pytest.mark.skipif(not CALCULATOR_HAS_GAMES, reason="the calculator computes hold'em only")
def test_all_in_expected_value_at_omaha_hi_lo(table):
    hand, = history.load(DATA / "omaha_hi_lo_side_pot_without_low.phh")
    analysis = history.analyse(hand)
    lou, bea, cy, dot = ("Ah2h8c8d", "KhKs9cTh", "QcQd9h9d", "TcTd9s8s")
    # all in preflop: each pot times its contenders' expected shares, minus the stakes
    main_pot = equity([lou, bea, cy, dot], exact=True, game="omaha-hi-lo").players
    side_1 = equity([bea, cy, dot], exact=True, game="omaha-hi-lo").players
    side_2 = equity([cy, dot], exact=True, game="omaha-hi-lo").players
    expected = [40 * main_pot[0].equity - 10,
                40 * main_pot[1].equity + 30 * side_1[0].equity - 20,
                40 * main_pot[2].equity + 30 * side_1[1].equity + 20 * side_2[0].equity - 30,
                40 * main_pot[3].equity + 30 * side_1[2].equity + 20 * side_2[1].equity - 30]
    assert analysis.expected == pytest.approx(expected)
    assert sum(analysis.expected) == pytest.approx(0)


@pytest.mark.skipif(not CALCULATOR_HAS_GAMES, reason="the calculator computes hold'em only")
def test_random_omaha_hands_analysed_share_the_pot_and_a_file_of_them_is_one_json_document(table, tmp_path, capsys):
    texts = [random_hand(seed, variant=variant) for seed in range(6) for variant in ("PO", "FO/8")]
    for k, text in enumerate(texts):
        analysis = history.analyse(history.loads(text, f"random-{k}.phh")[0])
        for entry in analysis.streets:
            shares = [x for x in entry.equity if x is not None]
            if shares and entry.exact:
                assert sum(shares) == pytest.approx(1.0)
        if analysis.expected is not None:
            assert sum(analysis.expected) == pytest.approx(0, abs=1e-6)
    path = tmp_path / "mixed.phhs"
    path.write_text("".join(f"[{k + 1}]\n{text}\n" for k, text in enumerate(texts)))
    document = json.loads(run(capsys, path, "--json"))
    assert [hand["game"] for hand in document["hands"]] == ["PO", "FO/8"] * 6
    assert document["summary"]["hands"] == 12
    assert all(h["finishing_stacks"] == h["recorded_finishing_stacks"] for h in document["hands"])
