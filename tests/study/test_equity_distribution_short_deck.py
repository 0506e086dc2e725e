"""Equity distributions at short deck: the 36 cards, short deck's ranking, heads-up exact and multiway drawn."""
import pytest

import pokerfsm
from pokerfsm.errors import InvalidDealError, OptionError, RangeParseError
from pokerfsm.odds.short_deck_deal import LOW_CARDS
from pokerfsm.study.equity_distribution import distribution, distributions
from pokerfsm.variants import game_of

WIDE = "66+,A6s+,K9s+,QTs+,JTs,ATo+,KJo+"
LOW = {str(c) for c in LOW_CARDS}


def _cards(hand):
    return {hand[i:i + 2] for i in range(0, len(hand), 2)}


@pytest.mark.parametrize("players, board", [
    (["QQ+,AK", WIDE], "Kd 7c 6h"),
    (["AhKh", None], "Qh Jh 6c 9s"),
    (["top 10%", "top 40%"], "Ts 9s 8d"),
])
def test_heads_up_seat_equity_is_the_calculators(table, players, board):
    exact = pokerfsm.equity(players, board=board, game="short-deck", exact=True)
    seats = distributions(players, board, exact=True, game=game_of("short-deck"))
    for d, player in zip(seats, exact.players):
        assert d.exact and d.game == "short-deck"
        assert d.equity == pytest.approx(player.equity, abs=1e-12)
        assert not any(_cards(h.hand) & LOW for h in d.hands)


def test_each_hand_is_its_own_equity_against_the_other_range(table):
    d = distribution(["QQ+,AK", WIDE], "Kd 7c 6h", seat=1, game="short-deck")
    for hand in (d.hands[0], d.hands[len(d.hands) // 2], d.hands[-1]):
        alone = pokerfsm.equity(["QQ+,AK", hand.hand], board="Kd 7c 6h", game="short-deck", exact=True)
        assert hand.equity == pytest.approx(alone.players[1].equity, abs=1e-12)
        assert hand.showdowns == alone.combinations


def test_a_random_hand_is_one_of_the_630(table):
    d = distribution(["AhKh", "?"], "Qh Jh 6c", seat=1, game="short-deck")
    assert len(d.hands) == 31 * 30 // 2   # the 36 cards less the five known
    assert d.to_dict()["game"] == "short-deck"


THREE = ["QQ+,AK", WIDE, "TT+"]


def test_three_seats_against_the_calculator(table):
    seats = distributions(THREE, "Kd 7c 6h", seed=5, budget=2.0, game="short-deck")
    assert len(seats) == 3 and sum(d.equity for d in seats) == pytest.approx(1.0)
    exact = pokerfsm.equity(THREE, board="Kd 7c 6h", game="short-deck", exact=True)
    for d, player in zip(seats, exact.players):
        assert d.game == "short-deck" and not d.exact
        assert d.equity == pytest.approx(player.equity, abs=0.012)


def test_three_seats_with_a_random_hand_dealt_from_the_36_cards(table):
    d = distribution(["AhKh", "QQ+", None], "Qh Jh 6c", seat=2, seed=2, budget=0.5, game="short-deck")
    assert d.hands and not any(_cards(h.hand) & LOW for h in d.hands)


def test_three_seats_deal_the_board_from_the_36_cards(table):
    # one card of the short deck is left: the river is the 9c, which gives the nines a set
    seats, board = ["Ts Td", "9s 9d", "8s 8d"], "Ac Kc Qh 7h"
    known = {c for s in seats for c in s.split()} | set(board.split()) | {"9c"}
    dead = [str(c) for c in game_of("short-deck").deck if str(c) not in known]
    drawn = distributions(seats, board, dead, seed=1, budget=0.5, game="short-deck")
    assert [d.equity for d in drawn] == [0.0, 1.0, 0.0]
    assert pokerfsm.equity(seats, board=board, dead=dead, game="short-deck").players[1].equity == 1.0


def test_three_seats_rank_a_flush_over_a_full_house(table):
    seats, board = ["Ah 7h", "Kc Kd", "Qs Js"], "Kh Jh 9h 9c 6s"
    assert [d.equity for d in distributions(seats, board, seed=1, budget=0.5, game="short-deck")] == [1.0, 0.0, 0.0]
    assert [d.equity for d in distributions(seats, board, seed=1, budget=0.5)] == [0.0, 1.0, 0.0]


@pytest.mark.parametrize("call, error, fragment", [
    (lambda: distribution(["QQ+", "KK, A5s"], "Kd 7c 6h", game="short-deck"), RangeParseError,
     "player 2: 'A5s' names a rank below six"),
    (lambda: distribution(["QQ+", "KK, 5c6c"], "Kd 7c 6h", game="short-deck"), RangeParseError,
     "player 2: '5c6c' names a rank below six"),
    (lambda: distribution(["QQ+", "5c 6c"], "Kd 7c 6h", game="short-deck"), InvalidDealError,
     "player 2: card '5c' is not in the short deck"),
    (lambda: distribution(["QQ+", "KK"], "Kd 7c 5h", game="short-deck"), InvalidDealError,
     "board: card '5h' is not in the short deck"),
    (lambda: distribution(["QQ+", "KK"], "Kd 7c 6h", game="omaha"), OptionError,
     r"no equity distributions for Omaha \(games with equity distributions: holdem, short-deck\)"),
    (lambda: distributions(["QQ+", "KK"], game="razz"), OptionError, "Razz"),
    (lambda: distribution(["QQ+", "KK"], game="shortdeck"), OptionError, "'shortdeck'"),
])
def test_bad_input_is_one_clear_error(table, call, error, fragment):
    with pytest.raises(error, match=fragment) as caught:
        call()
    assert caught.value.field in ("players", "board", "game")
