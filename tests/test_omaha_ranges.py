"""Omaha ranges: counts against combinatorics worked out here, by brute force over every 4-card
hand with slow predicates or by formula at 5 and 6 cards; canonical text that reads back; one
error per bad item."""
from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pokerfsm.cards import Card
from pokerfsm.errors import CardParseError, DuplicateCardError, OptionError, RangeParseError
from pokerfsm.omaha_ranges import OmahaRange, parse_omaha_range

RANKS = "23456789TJQKA"
ACE, KING, QUEEN, JACK = 12, 11, 10, 9


Hand = tuple[frozenset[int], list[int], list[int]]
"""A hand's cards, its ranks and its suit shape (how many cards of each suit it holds, sorted)."""


@pytest.fixture(scope="module")
def plo4_hands() -> list[Hand]:
    """Every 4-card hand (card number = rank * 4 + suit)."""
    return [(frozenset(h), [c // 4 for c in h], sorted(Counter(c % 4 for c in h).values()))
            for h in itertools.combinations(range(52), 4)]


def _brute(hands: list[Hand], predicate) -> set[frozenset[int]]:
    return {cards for cards, ranks, shape in hands if predicate(cards, ranks, shape)}


def _hands(r: OmahaRange) -> set[frozenset[int]]:
    return {frozenset(int(c) for c in hand) for hand in r}


# --- counts at 4-card Omaha, against a brute force over all 270,725 hands --------------------------

AS, KS = int(Card("As")), int(Card("Ks"))
SLOW_PREDICATES = {
    "AAxx": lambda h, ranks, shape: ranks.count(ACE) >= 2,
    "xxAA": lambda h, ranks, shape: ranks.count(ACE) >= 2,
    "KKxxds": lambda h, ranks, shape: ranks.count(KING) >= 2 and shape == [2, 2],
    "xxxxds": lambda h, ranks, shape: shape == [2, 2],
    "xxxx ss": lambda h, ranks, shape: shape == [1, 1, 2],
    "xxxxrainbow": lambda h, ranks, shape: shape == [1, 1, 1, 1],
    "AKQJ": lambda h, ranks, shape: sorted(ranks) == [JACK, QUEEN, KING, ACE],
    "AKQJr": lambda h, ranks, shape: sorted(ranks) == [JACK, QUEEN, KING, ACE] and shape == [1, 1, 1, 1],
    "AxKx**": lambda h, ranks, shape: any({4 * ACE + s, 4 * KING + s} <= h for s in range(4)),
    "AxAyKxKy": lambda h, ranks, shape: sorted(ranks) == [KING, KING, ACE, ACE]
                                        and {c % 4 for c in h if c // 4 == ACE} == {c % 4 for c in h if c // 4 == KING},
    "AsKsxx": lambda h, ranks, shape: {AS, KS} <= h,
    "AsAx**": lambda h, ranks, shape: AS in h and ranks.count(ACE) >= 2,
    "As*yKy*z": lambda h, ranks, shape: AS in h and shape == [1, 1, 2] and any(  # a non-spade king suited with
        c // 4 == KING and c % 4 != 0 and sum(d % 4 == c % 4 for d in h) == 2 for c in h),  # a card of its suit
    "xhxhxhxh": lambda h, ranks, shape: all(c % 4 == 1 for c in h),
}


@pytest.mark.parametrize("text", list(SLOW_PREDICATES))
def test_plo4_patterns_hold_exactly_the_hands_a_slow_predicate_picks(plo4_hands, text):
    assert _hands(parse_omaha_range(text)) == _brute(plo4_hands, SLOW_PREDICATES[text])


def test_plo4_counts_match_the_formulas():
    at_least_two_aces = comb(4, 2) * comb(48, 2) + comb(4, 3) * 48 + 1
    assert len(parse_omaha_range("AAxx")) == at_least_two_aces == 6961
    assert len(parse_omaha_range("xxxxds")) == comb(4, 2) * comb(13, 2) ** 2
    assert len(parse_omaha_range("xxxxss")) == 4 * comb(13, 2) * 3 * 13 * 13
    assert len(parse_omaha_range("xxxxr")) == 13 ** 4
    assert len(parse_omaha_range("random")) == len(parse_omaha_range("xxxx")) == comb(52, 4)


@pytest.mark.parametrize(("text", "game", "count"), [
    ("AAxxx", "omaha5", sum(comb(4, a) * comb(48, 5 - a) for a in range(2, 5))),
    ("AAxxxx", "omaha6", sum(comb(4, a) * comb(48, 6 - a) for a in range(2, 5))),
    ("xxxxxds", "omaha5", comb(4, 2) * 2 * comb(13, 2) ** 2 * 13),      # suits 2-2-1
    ("xxxxxss", "omaha5", 4 * comb(13, 2) * 13 ** 3),                  # suits 2-1-1-1
    ("xxxxxxds", "omaha6", comb(4, 2) * comb(13, 2) ** 2 * 13 ** 2),   # suits 2-2-1-1
    ("AKQJT", "omaha5-hi-lo", 4 ** 5),
    ("AsKsQsJsTs", "omaha5", 1),
    ("random", "omaha6", comb(52, 6)),
])
def test_five_and_six_card_counts_match_the_formulas(text, game, count):
    assert len(parse_omaha_range(text, game)) == count


def test_a_pattern_reads_the_same_with_its_cards_in_any_order_and_spaced():
    assert parse_omaha_range("KdKcAhAs") == parse_omaha_range("As Ah Kd Kc") == parse_omaha_range("asahkdkc")
    assert parse_omaha_range("xAxA") == parse_omaha_range("AAxx") == parse_omaha_range("A A * X")
    assert parse_omaha_range("KyAxAyKx") == parse_omaha_range("AxAyKxKy")


def test_suit_variables_equal_the_explicit_hands_they_stand_for():
    explicit = ", ".join(f"A{a}A{b}K{a}K{b}" for a, b in itertools.combinations("shdc", 2))
    assert parse_omaha_range("AxAyKxKy") == parse_omaha_range(explicit)
    assert len(parse_omaha_range("AxAyKxKy")) == 6


def test_x_after_a_rank_is_a_suit_when_only_that_reading_names_the_games_cards():
    assert len(parse_omaha_range("AxKx**")) == 4 * comb(50, 2) - comb(4, 2)   # AK suited, twice for 6 hands
    assert parse_omaha_range("AxKxQJ") == parse_omaha_range("AsKsQJ, AhKhQJ, AdKdQJ, AcKcQJ")
    assert parse_omaha_range("AxKx****", "omaha6") != parse_omaha_range("AKxxxx", "omaha6")
    assert parse_omaha_range("KQJx") == parse_omaha_range("KQJ*")   # the same hands with x a suit: no doubt
    assert parse_omaha_range("AxAx") == parse_omaha_range("AAxx")   # two aces of one suit: x cannot be a suit


@pytest.mark.parametrize(("text", "game", "readings"), [
    ("AxKx", "omaha", "('AKxx') or, as ProPokerTools reads it, as a suit ('AxKx**')"),
    ("AxKx**", "omaha6", "('AKxxxx') or, as ProPokerTools reads it, as a suit ('AxKx****')"),
    ("AsKQx", "omaha", "('AsKQ*') or, as ProPokerTools reads it, as a suit ('AsKQx*')"),   # Q not a spade
])
def test_x_that_reads_both_ways_with_different_hands_is_refused(text, game, readings):
    with pytest.raises(RangeParseError, match="'x' reads as a rank") as caught:
        parse_omaha_range(text, game)
    assert readings in str(caught.value)


def test_ranks_and_suits_as_cards_are_written():
    assert parse_omaha_range("A♠K♠Q♥J♥") == parse_omaha_range("AsKsQhJh")
    assert parse_omaha_range("10s10h9x9y") == parse_omaha_range("TsTh9d9c")
    assert str(parse_omaha_range("AA10x")) == "AATx"


# --- weights, overrides, random ----------------------------------------------------------------------

def test_weights_nest_and_later_items_override_earlier_ones():
    r = parse_omaha_range("AAxx, 50%(AsAhxx, 0.5(AsAhKsKh))")
    assert r.weight("AsAhKsKh") == 0.25
    assert r.weight("AsAhQdJc") == 0.5
    assert r.weight("AdAcQdJc") == 1.0
    assert r.weight("KsKhQdJc") == 0.0
    assert str(r) == "AAxx, 0.5(AsAh**), 0.25(AsAhKsKh)"
    assert r.total_weight == pytest.approx(6961 - comb(50, 2) * 0.5 - 0.25)


def test_random_is_a_default_weight_never_expanded_with_exceptions_after_it():
    r = parse_omaha_range("KKxxxx, random, 0.5(AAxxxx)", "omaha6")
    assert r.default_weight == 1.0 and not r.is_random
    assert len(r) == comb(52, 6) and len(r.masks) == len(parse_omaha_range("AAxxxx", "omaha6"))
    assert r.weight("AsAhKdQc2c3c") == 0.5 and r.weight("KsKhQdJc2c3c") == 1.0
    assert str(r) == "random, 0.5(AAxxxx)"
    assert parse_omaha_range("random", "omaha6").is_random
    assert OmahaRange.random("omaha5") == parse_omaha_range("?", "omaha5") == parse_omaha_range("xxxxx", "omaha5")


def test_arrays_list_every_hand_with_its_weight():
    cards, weights = parse_omaha_range("0.5(AsKsQsJs), AxAyKxKy").arrays()
    assert cards.shape == (7, 4) and cards.dtype == np.uint8
    assert sorted(weights) == [0.5] + [1.0] * 6
    assert (np.diff(cards.astype(int), axis=1) > 0).all()
    every, weights = parse_omaha_range("random, 0.5(AAxx)").arrays()
    assert every.shape == (comb(52, 4), 4)
    assert weights.sum() == comb(52, 4) - 6961 * 0.5
    assert {frozenset(map(int, row)) for row in every[weights == 0.5]} == _hands(parse_omaha_range("AAxx"))


def test_arrays_leave_out_the_hands_that_use_known_cards():
    board = [Card(c) for c in ("As", "Kd", "7h", "2c", "2d")]
    every, weights = parse_omaha_range("random, 0.5(AAxx)").arrays(without=board)
    assert every.shape == (comb(47, 4), 4)
    assert not np.isin(every, [int(c) for c in board]).any()
    aces_left = comb(3, 2) * comb(44, 2) + comb(3, 3) * 44
    assert (weights == 0.5).sum() == aces_left
    cards, _ = parse_omaha_range("AAxx").arrays(without=["Ah", "Ad", "Ac"])
    assert len(cards) == 0
    with pytest.raises(CardParseError):
        parse_omaha_range("AAxx").arrays(without=["Zz"])


def test_iteration_items_membership_and_hashing():
    r = OmahaRange.from_hands(["AsKsQhJh", "2c3c4d5d"], "omaha-hi-lo", weight=0.5)
    assert list(r) == [tuple(map(Card, ("5d", "4d", "3c", "2c"))), tuple(map(Card, ("As", "Ks", "Qh", "Jh")))]
    assert [w for _, w in r.items()] == [0.5, 0.5]
    assert ["Jh", "Qh", "Ks", "As"] in r and "AsKsQhJd" not in r and "AsKs" not in r
    assert r == parse_omaha_range("0.5(JhQhKsAs, 5d4d3c2c)") and hash(r) == hash(parse_omaha_range(str(r)))
    assert r.game.name == "omaha-hi-lo" and r.hole_cards == 4
    assert repr(r) == "parse_omaha_range('0.5(AsKsQhJh, 5d4d3c2c)', 'omaha-hi-lo')"
    assert len(list(itertools.islice(OmahaRange.random(), 3))) == 3


# --- canonical text ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "canonical"), [
    ("xAxA", "AAxx"),
    ("kk ** DS", "KKxxds"),
    ("AsKQ*", "AsKQ*"),
    ("jqka rainbow", "AKQJr"),
    ("AyKyxx", "AxKx**"),               # x is a rank here, y a suit variable
    ("KyAy**", "AxKx**"),
    ("*s*hAsAh", "AsAh*s*h"),
    ("AsKsxx", "AsKs**"),
    ("AAKx ds", "AAKxds"),
    ("AAxx, any", "random"),
    ("AAxx, AAxx", "AAxx"),             # items that change nothing are left out
    ("AsAhKsKh, AAxx", "AAxx"),
    ("random, AAxx", "random"),
    ("AAxx, KKxx, AAxx", "KKxx, AAxx"),
    ("random, 0.5(AAxx), AsAh**", "random, 0.5(AAxx), AsAh**"),   # the last sets hands back to 1
    ("random, AAxx, 0.5(AAxx), AAxx", "random"),
    ("0.25(AAxx), 1(KKxx); 25%(QQxx)", "0.25(AAxx), KKxx, 0.25(QQxx)"),
])
def test_canonical_text(text, canonical):
    r = parse_omaha_range(text)
    assert str(r) == canonical
    assert parse_omaha_range(str(r)) == r


_CARD_TEXT = st.sampled_from([r + s for r in RANKS for s in "shdc"])
_SLOT = st.tuples(st.sampled_from(RANKS + "x*"), st.sampled_from(["", "", "s", "h", "d", "c", "x", "y", "z"]))
_QUALIFIER = st.sampled_from(["", "", "ds", "ss", "r", " rainbow"])


@st.composite
def _items(draw, cards: int) -> str:
    kind = draw(st.sampled_from(["hand", "pattern", "pattern", "random", "weight"]))
    if kind == "hand":
        return " ".join(draw(st.lists(_CARD_TEXT, min_size=cards, max_size=cards, unique=True)))
    if kind == "pattern":
        slots = draw(st.lists(_SLOT, min_size=cards, max_size=cards))
        return "".join(rank + suit for rank, suit in slots) + draw(_QUALIFIER)
    if kind == "random":
        return draw(st.sampled_from(["random", "any", "?", "*"]))
    weight = draw(st.sampled_from(["0.5", "25%", "0.3", "1", ".75"]))
    return f"{weight}({', '.join(draw(st.lists(_items(cards), min_size=1, max_size=2)))})"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["omaha", "omaha5"]), data=st.data())
def test_any_parsed_range_reads_back_from_its_text(game, data):
    cards = 4 if game == "omaha" else 5
    text = ", ".join(data.draw(st.lists(_items(cards), min_size=1, max_size=3)))
    try:
        r = parse_omaha_range(text, game)
    except RangeParseError:
        assume(False)
        raise
    again = parse_omaha_range(str(r), game)
    assert again == r
    assert str(again) == str(r)


def _slow_match(hand: tuple[int, ...], slots: list[tuple[str, str]], qualifier: str) -> bool:
    """Whether ``hand`` fits ``slots`` ((rank or '*', suit letter, variable or '')) in some order."""
    suits = Counter(c % 4 for c in hand).values()
    pairs = sum(count == 2 for count in suits)
    if qualifier and (max(suits) > 2 or pairs != {"ds": 2, "ss": 1, "r": 0}[qualifier]):
        return False
    named = {"shdc".index(suit) for _, suit in slots if suit in ("s", "h", "d", "c")}
    for order in itertools.permutations(hand):
        chosen: dict[str, int] = {}  # suit variable -> suit
        fits = all(
            (rank == "*" or card // 4 == RANKS.index(rank))
            and (suit not in ("s", "h", "d", "c") or card % 4 == "shdc".index(suit))
            and (suit not in ("x", "y", "z")
                 or (card % 4 not in named and chosen.setdefault(suit, card % 4) == card % 4))
            for card, (rank, suit) in zip(order, slots, strict=True))
        if fits and len(set(chosen.values())) == len(chosen):
            return True
    return False


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slots=st.lists(st.tuples(st.sampled_from(RANKS + "*" * 6), st.sampled_from(["", "", "", "s", "h", "x", "y"])),
                      min_size=4, max_size=4),
       qualifier=st.sampled_from(["", "", "ds", "ss", "r"]), seed=st.integers(0, 2 ** 32 - 1))
def test_a_pattern_holds_the_hands_a_slow_matcher_accepts(slots, qualifier, seed):
    text = "".join(rank + suit for rank, suit in slots) + qualifier
    try:
        r = parse_omaha_range(text)
    except RangeParseError:
        assume(False)
        raise
    rng = np.random.default_rng(seed)
    cards, _ = r.arrays() if not r.default_weight else (np.zeros((0, 4), dtype=np.uint8), None)
    members = [tuple(map(int, cards[i])) for i in rng.integers(0, len(cards), size=min(len(cards), 20))]
    strangers = [tuple(map(int, rng.choice(52, size=4, replace=False))) for _ in range(20)]
    nearby = [tuple(rng.permutation([*m[:3], c])) for m in members for c in rng.choice(52, size=2) if c not in m]
    for hand in members + strangers + nearby:
        assert (r.weight([Card(c) for c in hand]) > 0) == _slow_match(hand, slots, qualifier), hand


# --- errors: one per bad item, quoting it and its column -----------------------------------------------

@pytest.mark.parametrize(("text", "game", "expected"), [
    ("AAxx, ZZxx", "omaha", "'ZZxx' at column 7 of range 'AAxx, ZZxx': 'Z' is not a rank, a wildcard (x or *), "
                            "a suit or a suit variable (w, x, y, z); an Omaha item is e.g. 'AsKsQhJh', 'AAxx'"),
    ("AAxx, AsAsKK", "omaha", "'AsAsKK' at column 7 of range 'AAxx, AsAsKK': the card 'As' is written 2 times"),
    ("AA", "omaha", "'AA' at column 1 of range 'AA': a hand of Omaha has 4 cards, this names 2 "
                    "(fill it with wildcards: 'AAxx')"),
    ("KKxxx, AAxx", "omaha5", "'AAxx' at column 8 of range 'KKxxx, AAxx': a hand of 5-card Omaha has 5 cards, "
                              "this names 4 (fill it with wildcards: 'AAxxx')"),
    ("AAds", "omaha", "this names 2 (fill it with wildcards: 'AAxxds')"),
    ("AsAxxx", "omaha", "this names 5 (with suit variables, write any rank as '*': 'AxKx**')"),
    ("AsKsQhJh 2c3c4d5d", "omaha", "'AsKsQhJh 2c3c4d5d' at column 1 of range 'AsKsQhJh 2c3c4d5d': a hand of "
                                   "Omaha has 4 cards, this names 8 (separate hands with commas)"),
    ("AAAAds", "omaha", "'AAAAds' at column 1 of range 'AAAAds': no double-suited hand of Omaha matches it"),
    ("AxAx**", "omaha", "'AxAx**' at column 1 of range 'AxAx**': no hand of Omaha matches it"),
    ("KKxxx, AKQJTr", "omaha5", "'AKQJTr' at column 8 of range 'KKxxx, AKQJTr': no 5 cards are rainbow: "
                                "there are 4 suits"),
    ("xxxxxxss", "omaha6", "no 6 cards are single-suited: at most 5 cards can be"),
    ("AAAAAx", "omaha6", "'AAAAAx' at column 1 of range 'AAAAAx': 5 cards of rank A (a deck has 4)"),
    ("AsKxQyJzTw", "omaha5", "4 suit variables and 1 named suits need more than 4 suits"),
    ("AAxx, top 0%", "omaha", "'top 0%' at column 7 of range 'AAxx, top 0%': a percentage range is 'top 10%' or "
                              "'10%', above 0 and at most 100 %"),
    ("15%", "omaha6", "'15%' at column 1 of range '15%': top-X % ranges are for 4-card Omaha high, not 6-card Omaha"),
    ("TOP 5", "omaha", "'TOP 5' at column 1 of range 'TOP 5': a percentage range is 'top 10%' or '10%'"),
    ("AAxx, 0.5", "omaha", "'0.5' at column 7 of range 'AAxx, 0.5': a weight applies to items in parentheses"),
    ("2(AAxx)", "omaha", "weight '2' is not in (0, 1] (or 0-100%) at column 1 of range '2(AAxx)'"),
    ("0.5(AAxx", "omaha", "missing ')' for the weight at column 1 of range '0.5(AAxx'"),
    ("AAxx)", "omaha", "unmatched ')' at column 5 of range 'AAxx)'"),
    ("AAxx,, KKxx", "omaha", "empty item at column 6 of range 'AAxx,, KKxx'"),
    ("", "omaha", "empty item at column 1 of range ''"),
    ("(AAxx)", "omaha", "'(' has no weight before it (use e.g. 0.5(AAxx) or 50%(AAxx)) at column 1"),
    ("AAxx(KKxx)", "omaha", "'AAxx' at column 1 of range 'AAxx(KKxx)': not a weight (use e.g. 0.5(AAxx)"),
    ("0.5(AAxx) KKxx", "omaha", "expected ',' or ';' before 'KKxx' at column 11"),
    ("1(" * 9 + "AAxx" + ")" * 9, "omaha", "weights nested more than 8 deep at column 17"),
    ("AAxx, " * 10_000, "omaha", "is longer than 50,000 characters"),
])
def test_each_bad_item_gets_one_error_quoting_it_and_its_column(text, game, expected):
    with pytest.raises(RangeParseError) as caught:
        parse_omaha_range(text, game)
    assert expected in str(caught.value)
    assert len(str(caught.value)) < 300


def test_a_range_needs_text_and_an_omaha_game():
    with pytest.raises(RangeParseError, match="expected range text, got 42"):
        parse_omaha_range(42)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="Texas hold'em is not an Omaha game") as caught:
        parse_omaha_range("AAxx", "holdem")
    assert caught.value.field == "game"
    with pytest.raises(OptionError, match="unknown game 'pineapple'"):
        parse_omaha_range("AAxx", "pineapple")


def test_a_weight_lookup_checks_the_hand():
    r = parse_omaha_range("AAxx")
    with pytest.raises(RangeParseError, match="has 4 cards, got 'As Ah'"):
        r.weight("AsAh")
    with pytest.raises(DuplicateCardError, match="card 'As' is given twice"):
        r.weight(["As", "As", "Kh", "Qd"])
    with pytest.raises(RangeParseError, match="weight 2 is not in"):
        OmahaRange.from_hands(["AsKsQhJh"], weight=2)
