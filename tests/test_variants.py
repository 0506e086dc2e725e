"""The games' vocabulary: each record's cards, the names and PHH codes that reach it, and the errors."""
import pytest

from pokerfsm.cards import DECK
from pokerfsm.errors import Error, OptionError
from pokerfsm.variants import GAMES, HOLDEM, OMAHA, Game, game_for_phh, game_of


@pytest.mark.parametrize(("name", "hole", "used", "hi_lo", "codes"), [
    ("holdem", 2, (None, None), False, ("NT", "FT")),
    ("omaha", 4, (2, 3), False, ("PO",)),
    ("omaha5", 5, (2, 3), False, ()),
    ("omaha6", 6, (2, 3), False, ()),
    ("omaha-hi-lo", 4, (2, 3), True, ("FO/8",)),
    ("omaha5-hi-lo", 5, (2, 3), True, ()),
])
def test_each_game(name, hole, used, hi_lo, codes):
    game = game_of(name)
    assert (game.name, game.hole_cards, (game.hole_cards_used, game.board_cards_used)) == (name, hole, used)
    assert (game.eight_or_better, game.phh_codes, game.board_cards) == (hi_lo, codes, 5)
    assert game.is_omaha == (used == (2, 3))
    assert game.deck == DECK and len(set(game.deck)) == 52
    assert str(game) == name


def test_hole_pairs():
    assert [g.hole_pairs for g in GAMES] == [1, 6, 10, 15, 6, 10]


def test_names_are_unique_and_holdem_comes_first():
    assert GAMES[0] is HOLDEM
    assert len({g.name for g in GAMES}) == len(GAMES)


def test_a_game_is_frozen():
    with pytest.raises(AttributeError):
        OMAHA.hole_cards = 5  # type: ignore[misc]


@pytest.mark.parametrize("text", ["omaha", "OMAHA", " Omaha "])
def test_names_read_in_any_case(text):
    assert game_of(text) is OMAHA


def test_a_game_passes_through():
    assert game_of(OMAHA) is OMAHA
    assert isinstance(OMAHA, Game)


@pytest.mark.parametrize("bad", ["plo", "razz", "", "omaha7", 4, None])
def test_unknown_game(bad):
    with pytest.raises(OptionError) as caught:
        game_of(bad)
    err = caught.value
    assert isinstance(err, Error) and isinstance(err, ValueError)
    assert err.field == "game"
    assert repr(bad) in str(err)
    assert "holdem, omaha, omaha5, omaha6, omaha-hi-lo, omaha5-hi-lo" in str(err)


def test_unknown_phh_code():
    with pytest.raises(OptionError, match="'F7S/8'") as caught:
        game_for_phh("F7S/8")
    assert caught.value.field == "variant"


def test_phh_codes_are_pokerkits_and_its_hands_agree():
    """Every code we map is one pokerkit reads, and pokerkit's game makes its hands as ours does."""
    pokerkit = pytest.importorskip("pokerkit")
    expected = {
        "NT": (pokerkit.StandardHighHand,),
        "FT": (pokerkit.StandardHighHand,),
        "PO": (pokerkit.OmahaHoldemHand,),
        "FO/8": (pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand),
    }
    for game in GAMES:
        for code in game.phh_codes:
            hands = pokerkit.HandHistory.game_types[code].hand_types
            assert hands == expected[code]
            assert game_for_phh(code) is game
            assert game.eight_or_better == any(h.low for h in hands)
            for hand in hands:
                if game.is_omaha:
                    assert (hand.hole_card_count, hand.board_card_count) == (2, 3)
