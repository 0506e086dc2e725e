"""The showdown of a draw game (pokerfsm.odds.draw_showdown) through pokerfsm.equity, against pokerkit's hands."""
from __future__ import annotations

import random

import pytest
from pokerkit import BadugiHand, RegularLowHand, StandardLowHand

from pokerfsm import equity
from pokerfsm.cards import DECK
from pokerfsm.errors import DuplicateCardError, InvalidDealError

ORACLE = {"deuce-to-seven": StandardLowHand, "a5-lowball": RegularLowHand, "badugi": BadugiHand}


@pytest.mark.parametrize("game", sorted(ORACLE))
def test_the_winners_are_pokerkits(game):
    rng = random.Random(23)
    size = 4 if game == "badugi" else 5
    for _ in range(200):
        n = rng.randint(2, 6)
        cards = rng.sample(DECK, n * size)
        hands = [" ".join(str(c) for c in cards[i * size:(i + 1) * size]) for i in range(n)]
        oracle = [ORACLE[game].from_game(h.replace(" ", "")) for h in hands]
        best = max(oracle)
        winners = tuple(p for p, hand in enumerate(oracle) if hand == best)
        result = equity(hands, game=game)
        assert result.exact and result.combinations == 1 and result.splits == {winners: 1.0}
        for p, player in enumerate(result.players):
            assert player.equity == pytest.approx(1 / len(winners) if p in winners else 0.0)
            assert player.categories == {}


def test_equal_hands_split_the_pot():
    result = equity(["7c 5d 4h 3s 2c", "7d 5c 4s 3h 2d"], game="deuce-to-seven")
    assert result.split == 1.0 and [p.equity for p in result.players] == [0.5, 0.5]
    assert result.to_dict()["game"] == "deuce-to-seven"


@pytest.mark.parametrize(("players", "game", "error", "words"), [
    (["7c 5d ?? ?? ??", "8c 6d 4c 3d 2h"], "deuce-to-seven", InvalidDealError, "depends on how the players draw"),
    (["7c 5d 4h", "8c 6d 4c 3d 2h"], "a5-lowball", InvalidDealError, "player 1 has 3 cards (7c 5d 4h)"),
    (["As 2d 3c 4h 5s", "Ks Qd Jc Th"], "badugi", InvalidDealError, "player 1 has 5 cards"),
    (["7c 5d 4h 3s 2c", "7c 6d 4c 3d 2h"], "deuce-to-seven", DuplicateCardError, "card '7c' is given twice"),
])
def test_bad_hands_get_one_clear_error(players, game, error, words):
    with pytest.raises(error) as caught:
        equity(players, game=game)
    assert words in str(caught.value) and caught.value.field == "players"
