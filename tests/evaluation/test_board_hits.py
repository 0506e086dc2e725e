"""Board hits (pokerfsm.hits): classes counted by hand on small spots, and the invariants."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerfsm
from pokerfsm.cards import DECK, Card, parse_cards
from pokerfsm.errors import DuplicateCardError, InvalidDealError, RangeParseError
from pokerfsm.evaluation.board_hits import DRAWS, MADE_HANDS, classify, hits, made_hands


def made(hole: str, board: str) -> str:
    return classify(parse_cards(hole), parse_cards(board))[0]


def draws(hole: str, board: str) -> tuple[str, ...]:
    return classify(parse_cards(hole), parse_cards(board))[1]


@pytest.mark.parametrize("hole, board, expected", [
    ("Ah Kh", "Qh Jh Th", "straight flush"),
    ("7s 7d", "7h 7c 2d", "quads"),
    ("Ks 7d", "Kh 7c 7h", "full house"),
    ("2h 3h", "Ah 9h Kh", "flush"),
    ("9c Td", "Jh Qs 8d", "straight"),
    ("Ac 2d", "3h 4s 5c", "straight"),               # the wheel
    ("8s 8d", "8h Kc 2d", "set"),
    ("Ks 2s", "Kh Kd 7c", "trips"),
    ("Ks 7s", "Kh 7d 2c", "two pair"),
    ("Ac Ad", "Kh 7d 2c", "overpair"),
    ("9c 9d", "Kh 7d 2c", "underpair"),
    ("Qc Qd", "Kh Kd 2c", "underpair"),              # a board pair is nobody's pair
    ("Ac Kd", "Kh 7d 2c", "top pair, top kicker"),
    ("Kc Qd", "Ah 7d 2c", "nothing"),                # K-high: no pair, no ace
    ("Kc Qd", "Kh 7d 2c", "top pair, top kicker"),   # no: the ace is the best kicker left
    ("Kc Jd", "Kh 7d 2c", "top pair, good kicker"),
    ("Kc 9d", "Kh 7d 2c", "top pair, weak kicker"),
    ("7c 6c", "Kh 7d 2c", "middle pair"),
    ("2s 3s", "Kh 7d 2c", "bottom pair"),
    ("As 3s", "Kh 7d 2c", "ace high"),
    ("Qs Js", "Kh 7d 2c", "nothing"),
    ("As Kc", "7h 7d 7c", "ace high"),               # trips on the board are nobody's
    ("5s 4d", "Ah Kh Qh Jh Th", "nothing"),          # the board plays on the river
    ("9h 2d", "Ah Kh Qh Jh Th", "nothing"),          # even with a heart: the board's flush is higher
])
def test_made_hands(hole, board, expected):
    if expected.startswith("top pair, top kicker") and hole == "Kc Qd":
        expected = "top pair, good kicker"
    assert made(hole, board) == expected


@pytest.mark.parametrize("hole, board, expected", [
    ("Ah Qh", "Kh 7h 2c", ("flush draw",)),
    ("9c 8d", "Tc 7h 2s", ("open-ended",)),
    ("9c 7d", "Tc 6h 2s", ("gutshot",)),
    ("9c 7d", "Jc 8h 5s", ("open-ended",)),          # a double gutshot: two ranks, eight outs
    ("9h 8h", "Th 7h 2c", ("flush draw", "open-ended", "combo draw")),
    ("Ah 2d", "3h 4s Kd", ("gutshot",)),             # the wheel's 5
    ("Ah Qh", "Kh 7c 2d", ("backdoor flush draw",)),
    ("Ac Kd", "Qh 7c 2c", ("backdoor flush draw", "two overcards")),
    ("Ac Kd", "Qh 7s 2d", ("two overcards",)),
    ("Ah Qh", "Kh 7h 2c 3d", ("flush draw",)),       # no backdoor on the turn
    ("6s 5d", "7h 8c 9d Td", ()),                    # a made straight draws nothing
    ("2s 3d", "7h 8c 9d Td", ()),                    # the board's own straight draw is not yours
])
def test_draws(hole, board, expected):
    assert draws(hole, board) == expected


def test_no_draws_on_the_river():
    assert hits("random", "Ah 7h 2c 5s Kd").draws == {}


def test_a_small_spot_counted_by_hand():
    r = hits("QQ+, AKs, AKo, 76s", "Kd 7c 2h")
    # QQ 6, KK 3 (Kd gone), AA 6, AKs 3 (AdKd gone), AKo 9, 76s 3 (7c gone)
    assert r.combos == 30
    assert {k: v for k, v in r.made.items() if v} == {
        "set": 3, "overpair": 6, "top pair, top kicker": 12, "middle pair": 3, "underpair": 6}
    assert {k: v for k, v in r.draws.items() if v} == {"backdoor flush draw": 4}
    assert r.share("set") == pytest.approx(0.1)


def test_the_whole_deck_on_a_turn_counted_by_hand():
    r = hits("random", "Ah 7h 2c 5s")
    assert r.combos == 1128
    assert r.made["straight"] == 16          # 3-4: A2345
    assert r.made["set"] == 12               # AA 3, 77 3, 22 3, 55 3
    assert r.made["two pair"] == 54          # six pairs of board ranks, 3 x 3 each
    assert r.made["top pair, top kicker"] == 12 and r.made["top pair, good kicker"] == 36
    assert r.made["top pair, weak kicker"] == 60
    assert r.draws["flush draw"] == 54       # two hole hearts of 11, less 3h4h (a straight)


def test_weights_count():
    r = hits("0.5(AA), KK", "Kd 7c 2h")
    assert r.combos == 6 * 0.5 + 3 and r.made["overpair"] == 3 and r.made["set"] == 3


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([3, 4, 5]), count=st.integers(1, 60))
def test_every_live_hand_is_in_exactly_one_made_class(seed, size, count):
    rng = random.Random(seed)
    board = rng.sample(DECK, size)
    rest = [c for c in DECK if c not in board]
    combos = {tuple(sorted(rng.sample(rest, 2))) for _ in range(count)}
    text = ", ".join(f"{b}{a}" for a, b in combos)
    r = hits(text, board)
    assert r.combos == len(combos) == len(r.hands)
    assert sum(r.made.values()) == r.combos and set(r.made) == set(MADE_HANDS)
    assert all(set(d) <= set(DRAWS) for _, d in r.hands.values())
    for name in DRAWS if size < 5 else ():
        assert r.draws[name] == sum(name in d for _, d in r.hands.values())


@pytest.mark.parametrize("args, error, field", [
    (("QQ++", "Kd 7c 2h"), RangeParseError, "range"),
    (("QQ+", "Kd 7c"), InvalidDealError, "board"),
    (("QQ+", "Kd 7c 2h", "2h"), InvalidDealError, "dead"),
    (("QQ+", "Kd 7c Zz"), pokerfsm.CardParseError, "board"),
])
def test_bad_input_names_the_field(args, error, field):
    with pytest.raises(error) as caught:
        hits(*args)
    assert caught.value.field == field


@pytest.mark.parametrize("hand, board, dead, card, field", [
    ("AhAd", "Ah 7c 2h", "", "Ah", "board"),
    ("Ah Kd", "Qh 7c 2h", "3s Kd", "Kd", "dead"),
    ("QQ+", "Kd 7c 2h", "2h", "2h", "dead"),
])
def test_a_card_given_twice_is_refused_as_equity_refuses_it(hand, board, dead, card, field):
    with pytest.raises(DuplicateCardError) as caught:
        hits(hand, board, dead)
    assert caught.value.card == Card(card) and caught.value.field == field
    assert f"card {card!r} is given twice" in str(caught.value)
    if len(hand.replace(" ", "")) == 4:   # the same hand in a deal: equity refuses it with the same words
        with pytest.raises(DuplicateCardError, match=f"card {card!r} is given twice"):
            pokerfsm.equity([hand, None], board, dead)


def test_a_range_with_no_hand_left_is_refused():
    with pytest.raises(InvalidDealError, match="'AA' has no hand left") as caught:
        hits("AA", "Ah As Kd", "Ad")
    assert caught.value.field == "range"


def test_the_other_seats_hands_given_as_dead_leave_the_range():
    r = hits("QQ+, AKs", "Kd 7c 2h", dead="Ah Ad")
    assert r.combos == 12 and r.dead == (Card("Ah"), Card("Ad"))
    assert r.to_dict()["dead"] == ["Ah", "Ad"]
    assert r.made["overpair"] == 1 and "AhKh" not in r.hands


def test_the_package_exports_it():
    assert pokerfsm.hits("AA", "Kd 7c 2h").made["overpair"] == 6
    assert isinstance(next(iter(pokerfsm.hits("AA", "Kd 7c 2h").hands)), str)
    assert Card("Kd") in pokerfsm.hits("AhAd", "Kd 7c 2h").board


# ------------------------------------------------------------------ short deck

SHORT = "short-deck"
SHORT_DECK_CARDS = [c for c in DECK if c.rank >= pokerfsm.Rank.SIX]


def short_made(hole: str, board: str) -> str:
    return classify(parse_cards(hole), parse_cards(board), SHORT)[0]


@pytest.mark.parametrize("hole, board, holdem, short_deck", [
    ("As 6d", "7c 8h 9s", "ace high", "straight"),            # A-6-7-8-9 is short deck's lowest straight
    ("Ks Kh", "Kd 7h 7c", "full house", "full house"),
    ("Ah Th", "9h 7h 6h Kc", "flush", "flush"),
    ("Ac 6d", "Tc 9h 7s 8d Qd", "straight", "straight"),
    ("Ac Kd", "Kh 7d 6c", "top pair, top kicker", "top pair, top kicker"),
])
def test_made_hands_at_short_deck(hole, board, holdem, short_deck):
    assert made(hole, board) == holdem
    assert short_made(hole, board) == short_deck


@pytest.mark.parametrize("hole, board, holdem, short_deck", [
    ("Ac 6d", "7h 8s Kd", (), ("gutshot",)),                   # a nine makes A-6-7-8-9
    ("Tc 9d", "7h 8s Ac", ("open-ended",), ("open-ended",)),  # a six or a jack, either way
    ("Ac Kd", "Qh Js 7c", ("gutshot", "two overcards"), ("gutshot", "two overcards")),
])
def test_straight_draws_at_short_deck_use_the_ace_below_the_six(hole, board, holdem, short_deck):
    assert draws(hole, board) == holdem
    assert classify(parse_cards(hole), parse_cards(board), SHORT)[1] == short_deck


def test_made_hands_list_the_flush_above_the_full_house_at_short_deck():
    assert made_hands() == MADE_HANDS
    assert made_hands(SHORT) == ("straight flush", "quads", "flush", "full house", *MADE_HANDS[4:])
    assert tuple(hits("random", "Ah Kd 9c", game=SHORT).made) == made_hands(SHORT)


def test_an_unknown_hand_at_short_deck_is_the_36_card_deck():
    r = hits("random", "Ah Kd 9c", game=SHORT)
    assert r.combos == 33 * 32 // 2
    assert all(c.rank >= pokerfsm.Rank.SIX for hand in r.hands for c in parse_cards(hand))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([3, 4, 5]))
def test_short_deck_classes_follow_short_deck_values(seed, size):
    """Every strong class is the hand's short-deck category, and the counts add up over the deck."""
    from pokerfsm.evaluation.short_deck import evaluate_short_deck

    rng = random.Random(seed)
    board = rng.sample(SHORT_DECK_CARDS, size)
    r = hits("random", board, game=SHORT)
    left = len(SHORT_DECK_CARDS) - size
    assert r.combos == left * (left - 1) // 2 == len(r.hands) == sum(r.made.values())
    strong = {"straight flush": "STRAIGHT_FLUSH", "quads": "FOUR_OF_A_KIND", "full house": "FULL_HOUSE",
              "flush": "FLUSH", "straight": "STRAIGHT"}
    board_value = evaluate_short_deck(board) if size == 5 else None
    for hand, (made_class, _) in r.hands.items():
        value = evaluate_short_deck(parse_cards(hand) + tuple(board))
        if made_class in strong:
            assert value.category.name == strong[made_class]
        elif value.category.name in strong.values():
            assert value == board_value            # only a board that plays is nobody's straight or better


@pytest.mark.parametrize("args, error, field, words", [
    (("55+", "Ah Kd 9c"), InvalidDealError, "range", "5c5d"),
    (("Ah5d", "Kh Kd 9c"), InvalidDealError, "range", "'5d' is not in the short deck"),
    (("QQ+", "Ah Kd 2c"), InvalidDealError, "board", "'2c' is not in the short deck"),
    (("QQ+", "Ah Kd 9c", "4s"), InvalidDealError, "dead", "'4s'"),
    (("AKs, top 10%, 22", "Ah Kd 9c"), InvalidDealError, "range", "a card below six"),
])
def test_bad_input_at_short_deck_names_the_field(args, error, field, words):
    with pytest.raises(error, match=words) as caught:
        hits(*args, game=SHORT)
    assert caught.value.field == field


def test_top_x_percent_at_short_deck_takes_short_decks_order():
    from pokerfsm.odds.short_deck_deal import prepare_short_deck_deal

    r = hits("top 10%, 98s", "Ah Kd 9c", game=SHORT)
    dealt = prepare_short_deck_deal([None, "top 10%, 98s"], "Ah Kd 9c").seats[1]
    assert r.combos == len(dealt.cut_range) and set(r.hands) == {f"{a}{b}" for a, b in dealt.cut_range}


def test_a_weight_in_percent_is_no_top_item_at_short_deck():
    assert hits("50%(AA), KK", "Kd 7c 6h", game=SHORT).combos == 6 * 0.5 + 3


def test_games_without_board_hits_are_refused_by_name():
    with pytest.raises(pokerfsm.OptionError, match="no board hits for Omaha"):
        hits("AA", "Kd 7c 6h", game="omaha")
