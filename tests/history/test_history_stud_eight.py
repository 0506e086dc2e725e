"""Replaying eight-player stud: the seventh card is one community card (pokerkit's board), in the
settlement, the equity at every street, the all-in EV and the command's table.

pokerkit is the oracle, as in test_history_variants: :mod:`variant_hands` plays random legal hands
on it and every one must replay to pokerkit's own finishing stacks.
"""
import json
from pathlib import Path

import pytest
from variant_hands import STUD, random_variant_hand

from pokerfsm import history
from pokerfsm.cli import main

EIGHT = (8, 9)
DATA = Path(__file__).resolve().parent / "data"


@pytest.mark.parametrize("variant", STUD)
def test_eight_player_hands_replay_to_pokerkits_stacks_with_the_community_card(table, variant):
    shared = 0
    for seed in range(10):
        hand, = history.loads(random_variant_hand(seed, variant, players=EIGHT, passive=0.9))
        assert hand.complete and hand.final_stacks == hand.engine_stacks == hand.record.finishing_stacks
        if hand.board:
            shared += 1
            seventh = hand.streets[-1]
            assert seventh.name == "seventh street" and seventh.board == hand.board and len(hand.board) == 1
            assert all(len(seventh.cards[i]) == 6 for i in seventh.live)
    assert shared >= 3   # hands where all eight saw seventh street, whose winner the community card decides


def _to_seventh(variant="F7S"):
    """A hand where all eight players see seventh street."""
    for seed in range(40):
        text = random_variant_hand(seed, variant, players=EIGHT, passive=1.0, stacks=(200, 300))
        hand, = history.loads(text)
        if hand.board:
            return text, hand
    raise AssertionError("no hand reached seventh street")


@pytest.mark.parametrize("variant, game", [("F7S", "stud"), ("F7S/8", "stud-hi-lo"), ("FR", "razz")])
def test_equity_at_the_last_streets_counts_the_community_card(table, variant, game):
    from pokerfsm.calculator import equity

    _, hand = _to_seventh(variant)
    analysis = history.analyse(hand, seed=2)
    assert analysis.note is None
    sixth, seventh = analysis.streets[-2:]
    assert len(sixth.street.live) == 8 and not sixth.street.board and seventh.street.board == hand.board
    for entry in (sixth, seventh):
        street = entry.street
        expected = equity([street.cards[i] for i in street.live], board=street.board, dead=street.dead,
                          game=game, seed=2)
        assert expected.exact   # every card is shown in these histories: 4 deals on sixth street, 1 on seventh
        assert [entry.equity[i] for i in street.live] == pytest.approx([p.equity for p in expected.players])
    settlement = hand.settlement
    takes = [sum(pot.shares[i] for pot in settlement.pots) / sum(p.amount for p in settlement.pots)
             for i in range(8)]
    assert [seventh.equity[i] for i in range(8)] == pytest.approx(takes, abs=0.5 / sum(hand.contributions))


def test_the_command_shows_the_community_card_as_the_board(table, tmp_path, capsys):
    text, hand = _to_seventh()
    path = tmp_path / "eight.phh"
    path.write_text(text)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if "┃ street" in line)
    assert " board " in header and "not computed" not in out
    assert main(["replay", str(path), "--json"]) == 0
    seventh = json.loads(capsys.readouterr().out)["hands"][0]["streets"][-1]
    assert seventh["board"] == [str(hand.board[0])] and all(len(p["cards"]) == 6 for p in seventh["players"])


def _play_eight(stacks, policy, seed):
    """A hand of eight on pokerkit: cards from a seeded shuffle (once the stub runs out, every card
    outside the live hands is shuffled back in, as a dealer does), ``policy(state)`` chooses each
    move; PHH text with pokerkit's finishing stacks."""
    import warnings

    import numpy as np
    import pokerkit as pk
    from history_fixtures import AUTOMATIONS, DECK

    game = pk.FixedLimitSevenCardStud(AUTOMATIONS, False, 1, 1, 2, 4)
    state = game(stacks, 8)
    deck = [str(c) for c in np.random.default_rng(seed).permutation(DECK)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while state.status:
            if state.can_deal_hole():
                count = len(state.hole_dealing_statuses[state.hole_dealee_index])
                if len(deck) < count:
                    held = {repr(c) for i, cards in enumerate(state.hole_cards) if state.statuses[i] for c in cards}
                    deck = [c for c in np.random.default_rng(seed).permutation(DECK) if c not in held]
                state.deal_hole("".join(deck.pop() for _ in range(count)))
            elif state.can_deal_board():
                state.deal_board(deck.pop())
            elif state.can_post_bring_in():
                state.post_bring_in()
            else:
                policy(state)
    return pk.HandHistory.from_game_state(game, state, finishing_stacks=list(state.stacks)).dumps()


def _eight_way_all_in(seed):
    """A hand where seven short stacks call a big stack's bets all-in, street by street: by sixth
    street all eight are in the pots, most of them all-in, side pots among fewer of them."""
    def policy(state):
        if state.actor_index == 7 and state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to()
        else:
            state.check_or_call()

    return _play_eight((4, 6, 8, 10, 11, 12, 13, 300), policy, seed)


def _one_folds(street, seed=0):
    """A hand where the last player bets ``street`` (0 for third street), the first folds to it
    and the other seven call to the end."""
    def policy(state):
        if state.street_index == street and state.actor_index == 7 and state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to()
        elif state.street_index == street and state.actor_index == 0 and state.can_fold():
            state.fold()
        else:
            state.check_or_call()

    return _play_eight((100,) * 8, policy, seed)


@pytest.mark.parametrize("street", [1, 2])   # a fold on fourth or fifth street
def test_seven_players_left_of_eight_get_folded_cards_shuffled_back_in(table, street):
    from pokerfsm.history.analysis import DECK_RUNS_OUT

    hand, = history.loads(_one_folds(street))
    assert hand.final_stacks == hand.engine_stacks == hand.record.finishing_stacks
    assert not hand.board and hand.folded == (0,)
    folded = set(hand.streets[-1].dead) | set(hand.holes[0] or ())
    again = {c for hole in hand.holes[1:] for c in hole} & set(hand.streets[street + 1].dead)
    assert again and again <= folded        # a folded card dealt again on seventh street
    analysis = history.analyse(hand)
    sixth, seventh = analysis.streets[-2:]
    assert sixth.note == analysis.note == DECK_RUNS_OUT and set(sixth.equity) == {None}
    assert seventh.note is None and sum(seventh.equity[i] for i in seventh.street.live) == pytest.approx(1.0)
    assert not set(seventh.street.dead) & {c for i in seventh.street.live for c in seventh.street.cards[i]}


def test_a_folded_card_dealt_again_before_the_stub_runs_out_is_one_error():
    from pokerfsm.errors import HistoryReplayError

    text = (DATA / "stud_split.phh").read_text()
    assert "'d dh p4 4h5h8h'" in text and "'d dh p1 Qd'" in text   # the fourth player folds on third street
    with pytest.raises(HistoryReplayError, match="card '4h' is dealt twice"):
        history.loads(text.replace("'d dh p1 Qd'", "'d dh p1 4h'"))


def test_all_in_ev_of_eight_players_shares_the_community_card_in_every_pot(table):
    from pokerfsm.calculator import equity
    from pokerfsm.odds.stud_deal import prepare_stud_deal

    hand, = history.loads(_eight_way_all_in(0))
    spot, settlement = hand.all_in, hand.settlement
    assert hand.final_stacks == hand.engine_stacks == hand.record.finishing_stacks
    assert spot is not None and spot.street == "sixth street" and len(spot.live) == 8
    assert len(settlement.pots) > 2 and len(settlement.pots[-1].eligible) == 2
    analysis = history.analyse(hand, seed=1)
    want = [float(r - c) for r, c in zip(settlement.returned, hand.contributions)]
    for pot in settlement.pots:   # each pot's contenders share the community card with the whole table
        cards = [hand.holes[i][:6] for i in pot.eligible]
        result = equity(prepare_stud_deal(cards, spot.dead, in_hand=8), exact=True)
        for i, player in zip(pot.eligible, result.players):
            want[i] += pot.amount * player.equity
    assert analysis.expected == pytest.approx(want, abs=1e-9)
    assert sum(analysis.expected) == pytest.approx(0.0, abs=1e-9)   # chips only change hands
    heads_up = [hand.holes[i][:6] for i in settlement.pots[-1].eligible]
    assert equity(prepare_stud_deal(heads_up, spot.dead, in_hand=8)).combinations == 40        # one card for both
    assert equity(heads_up, dead=spot.dead, game="stud").combinations == 40 * 39                # one card each
