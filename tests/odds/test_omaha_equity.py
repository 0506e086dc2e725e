"""Omaha equity (pokerfsm.odds.omaha): exact answers against a slow oracle, Monte Carlo against exact.

The oracle deals every runout and, for each player, takes the best of every
two-hole-plus-three-board choice with the reference evaluator
(:mod:`pokerfsm.evaluation.reference`); the low is read by its definition
(five distinct ranks from ace to eight, ace low, the lowest top card down
wins); the pot is split as hi-lo splits it, ties sharing their half.
"""
from __future__ import annotations

import itertools
import math

import pytest

from pokerfsm.cards import Card, as_cards
from pokerfsm.errors import (
    CancelledError,
    DuplicateCardError,
    InvalidDealError,
    OptionError,
    RangeParseError,
    TimeLimitError,
)
from pokerfsm.evaluation.reference import reference_value
from pokerfsm.odds.omaha import compute_omaha
from pokerfsm.odds.omaha_deal import prepare_omaha_deal
from pokerfsm.odds.results import Method
from pokerfsm.odds.stopping import Stop
from pokerfsm.omaha_ranges import parse_omaha_range
from pokerfsm.variants import game_of


def oracle_low(hole, board):
    """The best low as a tuple of ranks from the top down (ace 1), lower is better; None if none qualifies."""
    best = None
    for two in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            ranks = sorted({1 if c.rank == 12 else c.rank + 2 for c in two + three}, reverse=True)
            if len(ranks) == 5 and ranks[0] <= 8:
                best = tuple(ranks) if best is None else min(best, tuple(ranks))
    return best


def oracle_high(hole, board):
    return max(reference_value([int(c) for c in two + three])
               for two in itertools.combinations(hole, 2) for three in itertools.combinations(board, 3))


def oracle_shares(hands, board, hilo):
    """Each player's part of the pot on one complete board: (high parts, low parts)."""
    highs = [oracle_high(h, board) for h in hands]
    best = max(highs)
    winners = [v == best for v in highs]
    lows = [oracle_low(h, board) for h in hands] if hilo else [None] * len(hands)
    made = [low for low in lows if low is not None]
    half = 0.5 if made else 1.0
    high_part = [half / sum(winners) if w else 0.0 for w in winners]
    if not made:
        return high_part, [0.0] * len(hands)
    lowest = min(made)
    low_winners = [low == lowest for low in lows]
    return high_part, [0.5 / sum(low_winners) if w else 0.0 for w in low_winners]


def oracle(hands_by_seat, board, dead, hilo):
    """Exact (equity, high share, low share, scoop) per seat and the chance of a low, over every runout and
    every combination of the seats' (hand, weight) lists with no card twice."""
    n = len(hands_by_seat)
    sums = [[0.0] * 4 for _ in range(n)]
    total = lows = 0.0
    for combo in itertools.product(*hands_by_seat):
        cards = [c for hand, _ in combo for c in hand]
        if len(set(cards)) < len(cards) or set(cards) & set(board + dead):
            continue
        weight = math.prod(w for _, w in combo)
        deck = [Card(c) for c in range(52) if Card(c) not in set(cards + board + dead)]
        for extra in itertools.combinations(deck, 5 - len(board)):
            full = board + list(extra)
            high, low = oracle_shares([hand for hand, _ in combo], full, hilo)
            total += weight
            lows += weight * (sum(low) > 0)
            for p in range(n):
                share = high[p] + low[p]
                for slot, value in enumerate((share, high[p], low[p], share == 1.0)):
                    sums[p][slot] += weight * value
    return [[s / total for s in row] for row in sums], lows / total


def known(*texts):
    return [[(list(as_cards(t)), 1.0)] for t in texts]


def check_against_oracle(result, expected, low):
    for player, (equity, high, low_share, scoop) in zip(result.players, expected):
        assert player.equity == pytest.approx(equity, abs=1e-12)
        if result.low is not None:
            assert player.high_share == pytest.approx(high, abs=1e-12)
            assert player.low_share == pytest.approx(low_share, abs=1e-12)
            assert player.scoop == pytest.approx(scoop, abs=1e-12)
            assert player.win == pytest.approx(scoop, abs=1e-12)
    if result.low is not None:
        assert result.low == pytest.approx(low, abs=1e-12)
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)


CASES = [  # game, hands, board, dead
    ("omaha", ["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d", ""),
    ("omaha-hi-lo", ["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d", ""),
    ("omaha-hi-lo", ["Ad2d9s9h", "As3cKdQc"], "4h 5c Ts 8d", ""),  # lows split, quartered pots
    ("omaha-hi-lo", ["AsKsQhJh", "Ad2dKcQd"], "Kh Qc 9d 3s", ""),  # a low needs one more low card
    ("omaha-hi-lo", ["AsAh2c3c", "KsKh4c5c", "Ad2d7h8h"], "6c 9d Tc Jh", ""),
    ("omaha", ["AsAh2c3c", "KsKh4c5c", "QdJdTh9h"], "6c 9d Tc 2h", "3d"),
    ("omaha5", ["AsAh2c3c4d", "KsKh4c5c6d", "QdJdTh9h8s"], "7c 9d Tc 2h", ""),
    ("omaha6", ["AsAh2c3c4d5d", "KsKh4c5c6d6h"], "7c 9d Tc 2h", "Qs"),
    ("omaha5-hi-lo", ["AsAh2c3c4d", "KsKh4c5c6d", "Qd7d8h9h8s"], "3s 9d Tc 2h", ""),
]


@pytest.mark.parametrize(("game", "hands", "board", "dead"), CASES)
def test_exact_equity_agrees_with_the_oracle(game, hands, board, dead):
    result = compute_omaha(prepare_omaha_deal(hands, board, dead, game=game))
    assert result.method == Method.ENUMERATION and result.exact and result.game == game
    expected, low = oracle(known(*hands), list(as_cards(board)), list(as_cards(dead)), game_of(game).eight_or_better)
    check_against_oracle(result, expected, low)
    left = 52 - len(as_cards(board)) - len(as_cards(dead)) - sum(len(as_cards(h)) for h in hands)
    assert result.combinations == math.comb(left, 5 - len(as_cards(board)))


def test_ranges_with_weights_agree_with_the_oracle():
    game = "omaha-hi-lo"
    text = "0.5(AsAd2c3c), Kh Kd 4s 5s, 0.25(AhAc2s3h)"
    result = compute_omaha(prepare_omaha_deal([text, "Qs Qh Js 9d"], "Ac 4h 5d Td", game=game))
    read = parse_omaha_range(text, game)
    seat = [(list(hand), weight) for hand, weight in read.items()]
    expected, low = oracle([seat, *known("Qs Qh Js 9d")], list(as_cards("Ac 4h 5d Td")), [], True)
    check_against_oracle(result, expected, low)   # AhAc2s3h holds the board's Ac: out of the range
    assert len(read) == 3


def test_a_pot_quartered_by_hand():
    """On the river: a flush takes the high; two wheels share the low (a quarter of the pot each)."""
    result = compute_omaha(prepare_omaha_deal(["4s5s9c9d", "JdTd8h8s", "4h5cJcJh"], "Ah 2d 3c Kd Qd",
                                              game="omaha-hi-lo"))
    assert [p.equity for p in result.players] == [0.25, 0.5, 0.25]
    assert [p.high_share for p in result.players] == [0.0, 0.5, 0.0]
    assert [p.low_share for p in result.players] == [0.25, 0.0, 0.25]
    assert [p.scoop for p in result.players] == [0.0, 0.0, 0.0]
    assert result.low == 1.0 and result.combinations == 1
    assert result.splits == {(0, 1, 2): 1.0}
    assert [p.tie for p in result.players] == [1.0, 1.0, 1.0]


def test_no_low_board_gives_the_whole_pot_to_the_high():
    hands, board = ["As2s3h4h", "KdKcQdJc"], "Kh Qc Jd Ts"   # four high cards: no low can qualify
    hilo = compute_omaha(prepare_omaha_deal(hands, board, game="omaha-hi-lo"))
    high = compute_omaha(prepare_omaha_deal(hands, board, game="omaha"))
    assert hilo.low == 0.0
    assert [p.equity for p in hilo.players] == [p.equity for p in high.players]
    assert [p.low_share for p in hilo.players] == [0.0, 0.0]
    assert [p.scoop for p in hilo.players] == [p.win for p in high.players]


def test_preflop_heads_up_deals_every_board():
    result = compute_omaha(prepare_omaha_deal(["AsAhKsKh", "QdQcJdJc"], game="omaha"))
    assert result.exact and result.combinations == math.comb(44, 5) == 1_086_008
    assert 0.5 < result.players[0].equity < 0.8


@pytest.mark.parametrize("game", ["omaha", "omaha-hi-lo"])
def test_monte_carlo_is_within_four_standard_errors_of_exact(game):
    deal = prepare_omaha_deal(["Ad2d9s9h", "As3cKdQc", "7h8h6s5s"], "4h 5c Ts", game=game)
    exact = compute_omaha(deal)
    sampled = compute_omaha(deal, samples=40_000, seed=7)
    assert sampled.method == Method.MONTE_CARLO and not sampled.exact and sampled.combinations == 40_000
    for e, s in zip(exact.players, sampled.players):
        assert s.std_error is not None and 0 < s.std_error < 0.01
        assert abs(s.equity - e.equity) < 4 * s.std_error
    assert sampled.std_error == max(p.std_error for p in sampled.players)
    again = compute_omaha(deal, samples=40_000, seed=7)
    assert [p.equity for p in again.players] == [p.equity for p in sampled.players]


def test_random_hands_exact_on_the_turn_and_sampled():
    deal = prepare_omaha_deal(["AsAhKsKh", None], "2c 7d 9h Td", game="omaha")
    exact = compute_omaha(deal, exact=True)
    assert exact.combinations == math.comb(44, 4) * 40
    sampled = compute_omaha(deal, samples=40_000, seed=1)
    assert abs(sampled.players[0].equity - exact.players[0].equity) < 4 * sampled.players[0].std_error


def test_random_against_random_is_even():
    result = compute_omaha(prepare_omaha_deal(["?", "random"], game="omaha"), samples=50_000, seed=2)
    assert abs(result.players[0].equity - 0.5) < 4 * result.players[0].std_error


@pytest.mark.parametrize("text", [None, "", "?", "??", "????", "random", "any", "xxxx"])
def test_ways_to_write_a_random_hand(text):
    seat = prepare_omaha_deal([text, "AdAcKdKc"], game="omaha").seats[0]
    assert seat.random and seat.hand is None and seat.text == "random"


def test_a_range_against_ranges_by_monte_carlo():
    result = compute_omaha(prepare_omaha_deal(["AAxx", "KKxxds", None], game="omaha"), samples=30_000, seed=4)
    assert result.players[0].equity > result.players[2].equity
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)


def test_dead_cards_change_the_answer():
    hands, board = ["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d"
    live = compute_omaha(prepare_omaha_deal(hands, board, game="omaha"))
    dead = compute_omaha(prepare_omaha_deal(hands, board, "6s 6h 6d 6c", game="omaha"))
    assert dead.combinations == math.comb(37, 2)
    expected, _ = oracle(known(*hands), list(as_cards(board)), list(as_cards("6s 6h 6d 6c")), False)
    check_against_oracle(dead, expected, 0.0)
    assert dead.players[1].equity < live.players[1].equity   # the sixes made his straights


def test_ten_players_at_four_card_omaha():
    result = compute_omaha(prepare_omaha_deal([None] * 10, game="omaha"), samples=2_000, seed=0)
    assert len(result.players) == 10


@pytest.mark.parametrize(("players", "game", "error", "words"), [
    (["AsKsQh", "2c3c4d5d"], "omaha", InvalidDealError, "player 1: omaha deals 4 hole cards, got 3: As Ks Qh"),
    (["AsKsQhJh", "2c3c4d5d"], "omaha5", InvalidDealError, "omaha5 deals 5 hole cards, got 4"),
    ([None] * 8, "omaha6", InvalidDealError, "omaha6 takes 2 to 7 players, got 8"),
    ([None] * 10, "omaha5", InvalidDealError, "omaha5 takes 2 to 9 players, got 10"),
    (["AsKsQhJh"], "omaha", InvalidDealError, "takes 2 to 10 players, got 1"),
    (["AsKsQhJh", "AsKcQcJc"], "omaha", DuplicateCardError, "card 'As' is given twice"),
    (["AsKsQhJh", "AAzz"], "omaha", RangeParseError, "player 2"),
    (["AsKsQhJh", "??"], "pineapple", OptionError, "unknown game 'pineapple'"),
])
def test_bad_deals_get_one_clear_error(players, game, error, words):
    with pytest.raises(error, match=None) as caught:
        prepare_omaha_deal(players, game=game)
    assert words in str(caught.value)


def test_a_range_with_no_hand_left_is_refused():
    with pytest.raises(InvalidDealError, match=r"player 2's range 'AsAh\*\*' has no hand left"):
        prepare_omaha_deal(["AsKdQhJh", "AsAhxx"], game="omaha")


def test_too_few_cards_for_the_dead():
    dead = " ".join(str(Card(c)) for c in range(8, 52))
    with pytest.raises(InvalidDealError, match="too few cards left"):
        prepare_omaha_deal(["2c2d2h2s", None], dead=dead, game="omaha")


def test_a_cancelled_computation_stops():
    stop = Stop()
    stop.cancel()
    with pytest.raises(CancelledError):
        compute_omaha(prepare_omaha_deal(["AsAhKsKh", "QdQcJdJc"], game="omaha"), stop=stop)


def test_json_names_the_game_and_the_halves():
    hilo = compute_omaha(prepare_omaha_deal(["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d", game="omaha-hi-lo")).to_dict()
    assert hilo["game"] == "omaha-hi-lo" and hilo["low"] == 1.0
    assert {"scoop", "high_share", "low_share"} <= set(hilo["players"][0])
    high = compute_omaha(prepare_omaha_deal(["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d", game="omaha")).to_dict()
    assert high["game"] == "omaha" and "low" not in high and "scoop" not in high["players"][0]


def test_a_time_limit_stops_a_forced_exact_run_and_hands_over_otherwise():
    deal = prepare_omaha_deal(["AsKsQhJh", None], "2c 7d 9h", game="omaha")   # 148,995 hands on 820 boards
    with pytest.raises(TimeLimitError):
        compute_omaha(deal, exact=True, stop=Stop(0.05))
    handed_over = compute_omaha(deal, budget=0.05, seed=1, stop=Stop(2.0))
    assert handed_over.method == Method.MONTE_CARLO and handed_over.std_error is not None
