"""Cards: parse/format round trips over the whole deck, both notations, bad input."""
import pickle

import pytest

from pokerfsm import DECK, Card, CardParseError, DuplicateCardError, Error, Rank, Suit, as_cards, parse_cards
from pokerfsm.cards import cards_of
from pokerfsm.errors import OptionError


@pytest.mark.parametrize("card", DECK, ids=str)
def test_round_trips_in_every_notation(card):
    assert Card.parse(str(card)) is card
    assert Card.parse(card.french) is card
    assert Card.parse(card.pretty) is card
    assert Card.parse(str(card).lower()) is card and Card.parse(card.french.upper()) is card
    assert eval(repr(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert Card(int(card)) is card


@pytest.mark.parametrize("text, expected", [
    ("Aca", "Ad"), ("10p", "Ts"), ("Dt", "Qc"), ("Rco", "Kh"), ("Vca", "Jd"), ("2t", "2c"),
    ("Ts", "Ts"), ("10s", "Ts"), ("tS", "Ts"), ("A♠", "As"), ("q♦", "Qd"), ("K♣", "Kc"),
    ("9♥", "9h"), ("  Jh ", "Jh"),
])
def test_parses_both_notations(text, expected):
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("token", ["", "A", "1s", "11h", "Ahh", "Zx", "Ax", "co", "10", "AcaX", "Bp"])
def test_bad_tokens_raise_quoting_the_token(token):
    with pytest.raises(CardParseError) as info:
        Card.parse(token)
    assert repr(token) in str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, Error)


def test_order_equality_and_hash_come_from_one_integer():
    assert Card("2s") < Card("2h") < Card("2d") < Card("2c") < Card("3s") < Card("Ac")
    assert not (Card("Ac") < Card("2s")) and Card("Ac") > Card("2s")
    assert sorted(DECK) == list(DECK) and len(set(DECK)) == 52
    assert hash(Card("Ah")) == hash(49) and Card("Ah") == 49
    assert Card("As").rank is Rank.ACE and Card("As").suit is Suit.SPADES


def test_parse_cards_separators_glued_and_duplicates():
    assert parse_cards("As Kd, 10h") == (Card("As"), Card("Kd"), Card("Th"))
    assert parse_cards("AhKh") == (Card("Ah"), Card("Kh"))
    assert parse_cards("AcAd") == (Card("Ac"), Card("Ad"))
    assert parse_cards("") == ()
    with pytest.raises(DuplicateCardError, match="'Ah'"):
        parse_cards("Ah aH")
    with pytest.raises(DuplicateCardError):
        parse_cards("Aco Ah")  # same card in two notations
    assert parse_cards("Ah Ah", distinct=False) == (Card("Ah"), Card("Ah"))


@pytest.mark.parametrize("bad", [52, -1, True, 3.0, None, "Qx"])
def test_card_rejects_non_cards(bad):
    with pytest.raises(CardParseError):
        Card(bad)


def test_numpy_integers_are_cards():
    import numpy as np
    assert Card(np.uint8(49)) is Card("Ah") and Card(np.int64(0)) is Card("2s")


def test_as_cards_mixes_kinds():
    assert as_cards(["Ah", 51, Card("Ad")]) == (Card("Ah"), Card("Ac"), Card("Ad"))
    with pytest.raises(CardParseError):
        as_cards(5)


@pytest.mark.parametrize("call, field", [
    (lambda: parse_cards("Ah Ah", distinct="no"), "distinct"),
    (lambda: as_cards(["Ah", "Ah"], distinct=0), "distinct"),
    (lambda: parse_cards("Ah", notation="french"), "notation"),
])
def test_options_of_the_wrong_type_are_one_option_error(call, field):
    with pytest.raises(OptionError) as info:
        call()
    assert info.value.field == field and f"{field} must be" in str(info.value)


def test_a_card_index_out_of_range_is_quoted_with_the_range():
    with pytest.raises(CardParseError, match=r"^65 is not a card index \(0-51\) or card text$"):
        Card(65)


@pytest.mark.parametrize("field, given, error, message", [
    ("board", "Ah Zx", CardParseError, "the board: 'Zx' is not a card"),
    ("dead", ["Ah", 52], CardParseError, "the dead cards: 52 is not a card index"),
    ("board", "6c 6c 7d", DuplicateCardError, "the board: card '6c' is given twice (cards 1 and 2)"),
])
def test_cards_of_places_every_error_in_its_field_and_message(field, given, error, message):
    with pytest.raises(error) as info:
        cards_of(field, given)
    assert str(info.value).startswith(message) and info.value.field == field
