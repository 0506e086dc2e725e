"""The histories our own games write replay to their recorded finishing stacks."""
import io
import json

import numpy as np
import pytest

from pokerfsm import history
from pokerfsm.cli import main
from pokerfsm.games.ai import make_agent
from pokerfsm.games.draw import DrawSession
from pokerfsm.games.holdem import HoldemSession
from pokerfsm.games.session import TablePlayer


def check(hands):
    for hand in hands:
        assert hand.complete
        assert hand.final_stacks == hand.record.finishing_stacks == hand.engine_stacks


@pytest.mark.slow
@pytest.mark.parametrize("seed, opponent", [(3, "bluffer"), (11, "random")])
def test_play_holdem_auto_history_replays(table, tmp_path, capsys, seed, opponent):
    path = tmp_path / "holdem.phh"
    assert main(["play", "holdem", "--auto", "--opponent", opponent, "--seed", str(seed),
                 "--hands", "6", "--history", str(path)]) == 0
    capsys.readouterr()
    hands = history.load(path)
    assert 1 <= len(hands) <= 6 and [h.record.name for h in hands] == [str(k) for k in range(1, len(hands) + 1)]
    check(hands)
    assert main(["replay", str(path), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert len(document["hands"]) == len(hands)


@pytest.mark.slow
def test_play_draw_auto_history_replays(table, tmp_path, capsys):
    path = tmp_path / "draw.jsonl"
    assert main(["play", "draw", "--auto", "--seed", "5", "--hands", "4", "--history", str(path)]) == 0
    capsys.readouterr()
    hands = history.load(path)
    assert len(hands) == 4
    check(hands)


def session_text(session_class, seats, agents_for, hands, seed, **kwargs):
    out = io.StringIO()
    rng = np.random.default_rng(seed)
    session = session_class(seats, rng=rng, history=out, **kwargs)
    agents = {i: make_agent(kind, np.random.default_rng(seed + i)) for i, kind in enumerate(agents_for)}
    for _ in range(hands):
        if session.over:
            break
        session.play(agents)
    return out.getvalue(), session


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_holdem_sessions_replay_to_the_chip(table, seed):
    seats = [TablePlayer("Rand", "random", 300), TablePlayer("Bluff", "bluffer", 300)]
    text, session = session_text(HoldemSession, seats, ["random", "bluffer"], 40, seed)
    hands = history.loads(text, f"holdem-{seed}.phh")
    assert len(hands) == session.hand_number
    check(hands)
    final = {name: stack for name, stack in zip(hands[-1].players, hands[-1].final_stacks)}
    assert final == {seat.name: seat.stack for seat in session.seats}


@pytest.mark.parametrize("seed", [1, 2])
def test_draw_sessions_with_side_pots_replay_to_the_chip(table, seed):
    kinds = ["bluffer", "random", "timid", "bluffer", "random", "bluffer"]
    seats = [TablePlayer(f"P{i}", kind, 100 + 40 * i) for i, kind in enumerate(kinds)]
    text, _session = session_text(DrawSession, seats, kinds, 25, seed)
    hands = history.loads(text, f"draw-{seed}.jsonl")
    check(hands)
    side_pots = 0
    for hand, line in zip(hands, text.splitlines()):
        recorded = json.loads(line)["pots"]
        names = hand.players
        # the game's own pot records: same total, and every chip to the same players
        assert sum(p["amount"] for p in recorded) == sum(p.amount for p in hand.settlement.pots)
        won = {}
        for pot in hand.settlement.pots:
            for i in pot.winners:
                won[names[i]] = won.get(names[i], 0) + pot.shares[i]
        recorded_won = {}
        for pot in recorded:
            for name, chips in pot["won"].items():
                recorded_won[name] = recorded_won.get(name, 0) + chips
        assert won == recorded_won
        side_pots += len(hand.settlement.pots) > 1
    assert side_pots > 0  # the seeds were chosen so that some hands have side pots
