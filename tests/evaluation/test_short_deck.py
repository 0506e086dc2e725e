"""Short-deck hands: values, best five and descriptions, against pokerkit's ShortDeckHoldemHand."""
import numpy as np
import pytest
from pokerkit import ShortDeckHoldemHand

import pokerfsm
from pokerfsm.cards import Card, parse_cards
from pokerfsm.errors import DuplicateCardError, InvalidDealError
from pokerfsm.evaluation.short_deck import ShortDeckRank
from pokerfsm.ranking import HandCategory
from pokerfsm.variants import SHORT_DECK

DECK = np.array([int(c) for c in SHORT_DECK])


def _text(cards):
    return "".join(str(Card(int(c))) for c in cards)


@pytest.mark.parametrize("size, count", [(7, 100_000), (6, 10_000), (5, 10_000)])
def test_order_and_ties_agree_with_pokerkit(size, count):
    """Sorted by our values, every two neighbours compare in pokerkit as they do here: the whole
    order (ties included) is pokerkit's."""
    rng = np.random.default_rng(size)
    hands = np.argsort(rng.random((count, 36)), axis=1)[:, :size]
    hands = DECK[hands].astype(np.uint8)
    ours = pokerfsm.evaluate_many(hands, game="short-deck")
    order = np.argsort(ours, kind="stable")
    theirs = [ShortDeckHoldemHand.from_game(_text(hands[i, :2]), _text(hands[i, 2:])) for i in order]
    values = ours[order]
    for k in range(count - 1):
        if values[k] == values[k + 1]:
            assert theirs[k] == theirs[k + 1], (_text(hands[order[k]]), _text(hands[order[k + 1]]))
        else:
            assert theirs[k] < theirs[k + 1], (_text(hands[order[k]]), _text(hands[order[k + 1]]))
    one = int(order[-1])
    assert pokerfsm.evaluate(hands[one, :2].tolist(), board=hands[one, 2:].tolist(), game="short-deck") == values[-1]


def test_categories_match_pokerkit_labels():
    rng = np.random.default_rng(3)
    names = {"HIGH_CARD": "High card", "PAIR": "One pair", "TWO_PAIR": "Two pair",
             "THREE_OF_A_KIND": "Three of a kind", "STRAIGHT": "Straight", "FLUSH": "Flush",
             "FULL_HOUSE": "Full house", "FOUR_OF_A_KIND": "Four of a kind", "STRAIGHT_FLUSH": "Straight flush"}
    seen = set()
    for _ in range(3000):
        hand = rng.choice(DECK, 7, replace=False).tolist()
        value = pokerfsm.evaluate(hand[:2], board=hand[2:], game="short-deck")
        label = ShortDeckHoldemHand.from_game(_text(hand[:2]), _text(hand[2:])).entry.label.value
        assert names[value.category.name] == label
        seen.add(value.category)
    assert len(seen) >= 8


@pytest.mark.parametrize("hole, board, text, five", [
    ("Ah Jh", "9h 7h 6h Kc Kd", "Flush, Ace high", "6h 7h 9h Jh Ah"),
    ("As 6d", "7c 8h 9s Kd Kc", "Straight, Nine high", "6d 7c 8h 9s As"),
    ("Kh Ks", "Kc 7d 7s 6c 8d", "Full house, Kings full of Sevens", "7d 7s Kh Ks Kc"),
    ("6s 7s", "8s 9s As", "Straight flush, Nine high", "6s 7s 8s 9s As"),
    ("Tc Td", "Ts Jh Qd", "Three of a kind, Tens", "Ts Tc Td Jh Qd"),
])
def test_described_hands_and_their_best_five(hole, board, text, five):
    value = pokerfsm.evaluate(hole, board=board, game="short-deck")
    assert isinstance(value, ShortDeckRank) and value.describe() == text
    assert pokerfsm.best_five(hole, board=board, game="short-deck") == tuple(sorted(parse_cards(five)))


def test_values_compare_in_short_deck_order():
    flush = pokerfsm.evaluate("Ah Jh 9h 7h 6h Kc Kd", game="short-deck")
    full = pokerfsm.evaluate("Kh Ks Kc 7d 7s 6c 8d", game="short-deck")
    straight = pokerfsm.evaluate("As 6d 7c 8h 9s Jd Qc", game="short-deck")
    trips = pokerfsm.evaluate("Ks Kd Kc 7d 6s Jh 9c", game="short-deck")
    assert flush > full > straight > trips
    assert (flush.category, full.category) == (HandCategory.FLUSH, HandCategory.FULL_HOUSE)
    assert pokerfsm.evaluate("Ah Jh 9h 7h 6h Kc Kd") < pokerfsm.evaluate("Kh Ks Kc 7d 7s 6c 8d")  # hold'em


def test_a_card_below_six_is_one_error_naming_it():
    with pytest.raises(InvalidDealError, match="board: card '5c' is not in the short deck") as caught:
        pokerfsm.evaluate("As Kd", board="7c 8h 5c", game="short-deck")
    assert caught.value.field == "board" and caught.value.card == Card("5c")
    with pytest.raises(InvalidDealError, match="hole: card '2d'"):
        pokerfsm.best_five("2d Ks", board="7c 8h 9c", game="short-deck")
    with pytest.raises(InvalidDealError, match=r"row 1: .* a card outside the short deck"):
        pokerfsm.evaluate_many(np.array([[48, 44, 40, 36, 32], [48, 44, 40, 36, 0]]), game="short-deck")
    with pytest.raises(InvalidDealError, match=r"row 0: As Ks Qs Js 200 has a card outside"):
        pokerfsm.evaluate_many(np.array([[48, 44, 40, 36, 200]], dtype=np.uint8), game="short-deck")
    with pytest.raises(InvalidDealError, match=r"row 0: .* a card given twice"):
        pokerfsm.evaluate_many(np.array([[48, 48, 40, 36, 32]]), game="short-deck")
    with pytest.raises(DuplicateCardError, match="'Ah'"):
        pokerfsm.evaluate("Ah Kd", board="Ah 8h 9c", game="short-deck")


def test_evaluate_many_takes_hole_cards_and_a_board():
    hole = np.array([parse_cards("As 6d"), parse_cards("Kh Ks")], dtype=np.uint8)
    board = np.array(parse_cards("7c 8h 9s Kc 7d"), dtype=np.uint8)
    values = pokerfsm.evaluate_many(hole, board=board, game="short-deck")
    assert [ShortDeckRank(v).describe() for v in values] == ["Straight, Nine high", "Full house, Kings full of Sevens"]
