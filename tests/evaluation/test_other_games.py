"""The games without a board: values against a slow oracle written from each game's rules, the cards
that make a hand, descriptions, and bad input."""
import itertools

import numpy as np
import pytest
from pokerkit_order import deals, same_ranking, text

from pokerfsm import best_five, evaluate, evaluate_many
from pokerfsm.errors import CardParseError, DuplicateCardError, InvalidDealError
from pokerfsm.evaluation.lows import AceToFiveLow, BadugiLow, DeuceToSevenLow
from pokerfsm.evaluation.omaha import HiLo

# --- the oracle: each rule in words, on (rank, suit) pairs, ranks 2-14; a smaller key is a better low ---


def _ranks(cards, ace):
    return [14 if c >> 2 == 12 and ace == "high" else 1 if c >> 2 == 12 else (c >> 2) + 2 for c in cards]


def _grouped(ranks):
    """Ranks with the most copies first, then the higher: how a hand is read."""
    return sorted(ranks, key=lambda r: (ranks.count(r), r), reverse=True)


def ace_to_five_key(five):
    ranks = _ranks(five, "low")
    copies = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    return copies, _grouped(ranks)


def deuce_to_seven_key(five):
    """The high hand's strength (a stronger high is a worse low), aces high, no wheel."""
    ranks = _ranks(five, "high")
    flush = len({c & 3 for c in five}) == 1
    straight = len(set(ranks)) == 5 and max(ranks) - min(ranks) == 4
    copies = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6, (4, 1): 7}[tuple(copies)]
    if straight or flush:
        category = 8 if straight and flush else 5 if flush else 4
    return [category, *_grouped(ranks)]


def eight_or_better_key(five):
    ranks = sorted(_ranks(five, "low"), reverse=True)
    return ranks if len(set(ranks)) == 5 and ranks[0] <= 8 else None


def badugi_key(four):
    best = None
    for size in range(1, 5):
        for cards in itertools.combinations(four, size):
            if len({c >> 2 for c in cards}) == size and len({c & 3 for c in cards}) == size:
                key = (-size, sorted(_ranks(cards, "low"), reverse=True))
                best = key if best is None else min(best, key)
    return best


def best_key(cards, key):
    keys = [k for five in itertools.combinations(cards, 5) if (k := key(five)) is not None]
    return min(keys) if keys else None


def rank_of_keys(keys):
    """Position of each key among all (a smaller key ranks higher), ties shared; missing keys -1."""
    present = sorted({repr(k): k for k in keys if k is not None}.values(), reverse=True)
    place = {repr(k): i for i, k in enumerate(present)}
    return np.array([-1 if k is None else place[repr(k)] for k in keys])


@pytest.mark.parametrize(("game", "cards", "key"), [
    ("razz", 7, ace_to_five_key), ("razz", 6, ace_to_five_key), ("a5-lowball", 5, ace_to_five_key),
    ("deuce-to-seven", 5, deuce_to_seven_key),
])
def test_lows_rank_as_the_rules_say(game, cards, key):
    rows = deals(3000, cards, seed=cards * 31 + len(game))
    assert same_ranking(evaluate_many(rows, game=game), rank_of_keys([best_key(r.tolist(), key) for r in rows]))


def test_stud_hi_lo_low_qualifies_and_ranks_as_the_rule_says():
    rows = deals(3000, 7, seed=8)
    low = evaluate_many(rows, game="stud-hi-lo").low
    expected = rank_of_keys([best_key(r.tolist(), eight_or_better_key) for r in rows])
    assert ((low == 0) == (expected < 0)).all() and same_ranking(low, expected)


def test_badugi_ranks_as_the_rule_says():
    rows = deals(5000, 4, seed=44)
    assert same_ranking(evaluate_many(rows, game="badugi"), rank_of_keys([badugi_key(r.tolist()) for r in rows]))


def test_stud_high_is_the_holdem_value_of_the_cards():
    rows = deals(2000, 7, seed=17)
    assert (evaluate_many(rows, game="stud") == evaluate_many(rows)).all()
    assert evaluate("Ah Kh Qh Jh Th 2c 3d", game="stud") == evaluate("Ah Kh Qh Jh Th 2c 3d")


@pytest.mark.parametrize(("game", "cards"), [("stud", 7), ("stud", 6), ("stud-hi-lo", 7), ("razz", 7), ("razz", 5),
                                             ("a5-lowball", 5), ("deuce-to-seven", 5), ("badugi", 4)])
def test_the_best_cards_make_the_value(game, cards):
    for row in deals(200, cards, seed=cards + len(game)):
        value = evaluate(text(row), game=game)
        made = best_five(text(row), game=game)
        if isinstance(value, HiLo):
            assert evaluate(made[0], game="stud") == value.high
            assert (made[1] is None) == (value.low is None)
            if made[1] is not None:
                assert evaluate(made[1], game=game).low == value.low
        else:
            assert set(made) <= set(row.tolist())
            if game == "badugi":
                assert len(made) == value.size and evaluate(made + tuple(c for c in row if c not in made)[:4 - len(
                    made)], game=game) == value
            else:
                assert len(made) == 5 and evaluate(made, game=game) == value


@pytest.mark.parametrize(("game", "cards", "english", "french"), [
    ("razz", "As 2d 3c 4h 5s Kd Kc", "5-4-3-2-A low", "Low 5-4-3-2-A"),
    ("razz", "Ks Kd 7c 4h As", "K-K-7-4-A low (a pair)", "Low K-K-7-4-A (une paire)"),
    ("a5-lowball", "Ks Kd 7c 7h 7s", "7-7-7-K-K low (a full house)", "Low 7-7-7-K-K (full)"),
    ("deuce-to-seven", "7s 5d 4c 3h 2s", "7-5-4-3-2 low", "Low 7-5-4-3-2"),
    ("deuce-to-seven", "As 5d 4c 3h 2s", "A-5-4-3-2 low", "Low A-5-4-3-2"),
    ("deuce-to-seven", "6s 5d 4c 3h 2s", "6-5-4-3-2 low (a straight)", "Low 6-5-4-3-2 (suite)"),
    ("deuce-to-seven", "8s 5s 4s 3s 2s", "8-5-4-3-2 low (a flush)", "Low 8-5-4-3-2 (couleur)"),
    ("badugi", "Ah 2c 3d 4s", "Badugi, 4-3-2-A", "Badugi, 4-3-2-A"),
    ("badugi", "Ah 2h 3d Kd", "2-card hand, 3-A", "Main de 2 cartes, 3-A"),
])
def test_descriptions(game, cards, english, french):
    value = evaluate(cards, game=game)
    assert (value.describe(), value.describe("fr"), str(value)) == (english, french, english)
    assert english in repr(value)
    with pytest.raises(ValueError, match="unknown language 'de'"):
        value.describe("de")


def test_orders_that_define_each_game():
    assert evaluate("7s 5d 4c 3h 2s", game="deuce-to-seven") > evaluate("As 5d 4c 3h 2s", game="deuce-to-seven")
    assert evaluate("As 5d 4c 3h 2s", game="a5-lowball") > evaluate("6s 4d 3c 2h As", game="a5-lowball")
    assert evaluate("Ks Qd Jc Th 9s", game="razz") > evaluate("As Ad 2c 3h 4s", game="razz")   # a pair counts
    assert evaluate("Kh Qc Jd Ts", game="badugi") > evaluate("Ah 2c 3d 4d", game="badugi")     # four cards first
    assert [int(v) for v in (AceToFiveLow(6175), DeuceToSevenLow(7462), BadugiLow(4 << 13 | 8176))] == [
        int(evaluate("As 2d 3c 4h 5s", game="razz")), int(evaluate("7s 5d 4c 3h 2d", game="deuce-to-seven")),
        int(evaluate("Ah 2c 3d 4s", game="badugi"))]


@pytest.mark.parametrize("value", [0, 6176, -1])
def test_a_value_out_of_range_is_refused(value):
    with pytest.raises(ValueError, match="is not an ace-to-five low's value"):
        AceToFiveLow(value)


def test_bad_values_of_the_other_lows():
    with pytest.raises(ValueError, match="deuce-to-seven"):
        DeuceToSevenLow(7463)
    with pytest.raises(ValueError, match="badugi"):
        BadugiLow(3 << 13 | 8191)   # three cards, no rank


def test_a_board_is_refused():
    with pytest.raises(InvalidDealError, match="board: razz deals no board") as caught:
        evaluate("As 2d", board="3c 4h 5s", game="razz")
    assert caught.value.field == "board"
    with pytest.raises(InvalidDealError, match="board: stud deals no board"):
        best_five("As 2d 3c 4h 5s", board="6c 7c 8c", game="stud")
    with pytest.raises(InvalidDealError, match="board: badugi deals no board"):
        evaluate_many(np.zeros((1, 2), dtype=np.uint8), board=np.array([4, 8, 12]), game="badugi")


def test_bad_cards_name_the_card_or_row():
    with pytest.raises(DuplicateCardError, match="'As'"):
        evaluate("As 2d 3c 4h As", game="razz")
    with pytest.raises(CardParseError, match="'Xx'"):
        evaluate("As 2d 3c 4h Xx", game="deuce-to-seven")
    rows = np.array([[0, 4, 8, 12, 16], [0, 4, 8, 12, 12]], dtype=np.uint8)
    with pytest.raises(DuplicateCardError, match=r"row 1: \[0, 4, 8, 12, 12\] has a repeated card"):
        evaluate_many(rows, game="a5-lowball")
    with pytest.raises(CardParseError, match="row 0"):
        evaluate_many(np.array([[0, 4, 8, 60]]), game="badugi")
