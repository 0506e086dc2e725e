"""One flop of a short-deck report: its flops, texture, hits, matchups and equities, each checked directly."""
import itertools
import math
from collections import Counter

import pytest

import pokerfsm
from pokerfsm.cards import Card
from pokerfsm.errors import InvalidDealError, OptionError, RangeParseError
from pokerfsm.precomputed.symmetry import canonical_board
from pokerfsm.ranges import HandRange
from pokerfsm.study.flops import (
    as_range,
    canonical_flops,
    flop_row,
    flop_weight,
    hit_counts,
    matchup_weight,
    report_game,
    texture,
)

A, B = "QQ+,AK", "66+,ATs+,KTs+,QJs,AJo+"
GAME = "short-deck"


def _cards(text):
    return [int(Card(c)) for c in text.split()]


def test_the_flops_are_every_short_deck_flop_by_suit_class():
    deck = [int(c) for c in pokerfsm.variants.game_of(GAME).deck]
    classes = Counter(canonical_board(flop) for flop in itertools.combinations(deck, 3))
    flops = canonical_flops(GAME)
    assert list(flops) == sorted(classes) and len(flops) == 573
    assert [flop_weight(f) for f in flops] == [classes[f] for f in flops]
    assert sum(classes.values()) == math.comb(36, 3) == 7_140


@pytest.mark.parametrize("cards, connected", [
    ("As 6d 7c", True), ("As 8d 9c", True), ("As 7d 9c", True),   # within A-6-7-8-9
    ("As 9d Tc", False), ("As 6d Tc", False),                      # in no straight of five ranks
    ("As Td Jc", True), ("6s 7d Tc", True), ("6s 7d Jc", False),
    ("As Ad 6c", False),                                            # two ranks only
])
def test_connected_knows_the_short_deck_wheel(cards, connected):
    assert texture(_cards(cards), GAME)["connected"] is connected


@pytest.mark.parametrize("cards, holdem", [("As 8d 9c", False), ("As 7d 9c", False), ("As 2d 3c", True)])
def test_holdem_connected_is_unchanged(cards, holdem):
    assert texture(_cards(cards))["connected"] is holdem


def test_high_runs_ace_to_six():
    highs = {texture(f, GAME)["high"] for f in canonical_flops(GAME)}
    assert highs == set("AKQJT9876")


@pytest.mark.slow
def test_hits_equal_the_hits_of_the_library_on_every_flop(table):
    """Pairs (sets, overpairs), suited connectors (flushes, straights, draws) and A6 (the low straight)."""
    cache, text = {}, "KK+, 98s, A6s, A6o"
    read = as_range(text, 0, GAME)
    for flop in canonical_flops(GAME):
        board = [Card(c) for c in flop]
        counts = hit_counts(read, board, cache, GAME)
        made = pokerfsm.hits(text, " ".join(map(str, board)), game=GAME)
        assert counts == {k: v for k, v in (*made.made.items(), *made.draws.items()) if v}, board


def test_the_hit_cache_keeps_the_games_apart(table):
    """A spot classified at hold'em is not reused at short deck (A-6-7-8-9 is a straight only there)."""
    cache = {}
    board = [Card(c) for c in ("9s", "8d", "7c")]
    hand = HandRange.parse("A6o")
    assert "straight" not in hit_counts(hand, board, cache)
    assert hit_counts(hand, board, cache, GAME)["straight"] == 12


def test_matchups_count_the_pairs_that_share_no_card():
    first, second = as_range(A, 0, GAME), as_range(B, 1, GAME)
    flop = _cards("Ah Kd 6c")
    expected = sum(wa * wb for (a, wa), (b, wb) in itertools.product(first.items(), second.items())
                   if not {int(c) for c in (*a, *b)} & set(flop) and len({*a, *b}) == 4)
    assert matchup_weight(first, second, flop) == pytest.approx(expected)


@pytest.mark.parametrize("number", [0, 1, 57, 200, 321, 480, 572])
def test_a_row_equals_a_direct_computation(table, number):
    row = flop_row(number, A, B, game=GAME)
    exact = pokerfsm.equity([A, B], board=row["flop"], exact=True, game=GAME)
    assert row["equity_a"] == pytest.approx(exact.players[0].equity, abs=1e-12)
    assert row["equity_b"] == pytest.approx(exact.players[1].equity, abs=1e-12)
    flop = _cards(row["flop"])
    hands = [(hand, w) for hand, w in as_range(A, 0, GAME).without(flop).items()]
    assert row["combos_a"] == sum(w for _, w in hands)
    equities = [(pokerfsm.equity(["".join(map(str, hand)), B], board=row["flop"], exact=True,
                                 game=GAME).players[0].equity, w) for hand, w in hands]
    live = sum(w for _, w in equities)
    assert row["high_a"] == pytest.approx(sum(w for e, w in equities if e >= 0.8) / live)
    assert row["low_a"] == pytest.approx(sum(w for e, w in equities if e < 0.2) / live)
    assert all(Card(c).rank >= 4 for c in flop)


def test_a_range_with_no_hand_left_has_no_equity(table):
    number = canonical_flops(GAME).index(tuple(sorted(_cards("6d 6h 6s"))))
    row = flop_row(number, "66", B, game=GAME)
    assert row["equity_a"] is None and row["combos_a"] == 0 and row["matchups"] == 0 and row["high"] == "6"


def test_short_deck_reads_ranges_as_its_equity_does():
    assert len(as_range("random", 0, GAME)) == 630
    assert str(as_range("top 4%", 1, GAME)) == "JJ+"
    with pytest.raises(RangeParseError, match="player 2: '22\\+' names a rank below six") as caught:
        as_range("22+", 1, GAME)
    assert caught.value.player == 1


def test_a_game_without_reports_is_one_error_naming_it():
    with pytest.raises(OptionError, match=r"no flop reports for Omaha .*holdem, short-deck"):
        report_game("omaha")
    with pytest.raises(OptionError, match="unknown game 'pineapple'"):
        canonical_flops("pineapple")


def test_a_range_holding_a_low_card_is_refused(table):
    with pytest.raises(InvalidDealError, match="below six"):
        as_range(HandRange.parse("AA, 55"), 0, GAME)
