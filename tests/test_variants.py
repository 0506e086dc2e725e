"""The games' vocabulary: each record's cards, the names and PHH codes that reach it, and the errors."""
import pytest

from pokerfsm.cards import DECK
from pokerfsm.errors import Error, OptionError
from pokerfsm.variants import (
    GAMES,
    HOLDEM,
    OMAHA,
    SHORT_DECK,
    Game,
    HandMaking,
    HighRule,
    LowRule,
    PotSplit,
    game_for_phh,
    game_of,
    not_played,
)


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


STANDARD, SHORT, A5, EIGHT, D27 = (HighRule.STANDARD, HighRule.SHORT_DECK, LowRule.ACE_TO_FIVE,
                                   LowRule.EIGHT_OR_BETTER, LowRule.DEUCE_TO_SEVEN)


@pytest.mark.parametrize(("name", "cards", "up", "making", "high", "low", "split", "codes"), [
    ("stud", (7, 0), 4, HandMaking.BEST_FIVE, STANDARD, None, PotSplit.HIGH, ("F7S",)),
    ("stud-hi-lo", (7, 0), 4, HandMaking.BEST_FIVE, STANDARD, EIGHT, PotSplit.HIGH_LOW, ("F7S/8",)),
    ("razz", (7, 0), 4, HandMaking.BEST_FIVE, None, A5, PotSplit.LOW, ("FR",)),
    ("short-deck", (2, 5), 0, HandMaking.BEST_FIVE, SHORT, None, PotSplit.HIGH, ("NS",)),
    ("deuce-to-seven", (5, 0), 0, HandMaking.BEST_FIVE, None, D27, PotSplit.LOW, ("N2L1D", "F2L3D")),
    ("a5-lowball", (5, 0), 0, HandMaking.BEST_FIVE, None, A5, PotSplit.LOW, ()),
    ("badugi", (4, 0), 0, HandMaking.BADUGI, None, LowRule.BADUGI, PotSplit.LOW, ("FB",)),
])
def test_each_other_game(name, cards, up, making, high, low, split, codes):
    game = game_of(name)
    assert (game.hole_cards, game.board_cards, game.up_cards, game.is_stud) == (*cards, up, up > 0)
    assert (game.making, game.high, game.low, game.split, game.phh_codes) == (making, high, low, split, codes)
    assert game.eight_or_better == (low is EIGHT) and not game.is_omaha
    assert (game.hole_cards_used, game.board_cards_used) == (None, None)
    assert game.deck == (SHORT_DECK if high is SHORT else DECK)
    for rule in (game.making, game.high, game.low, game.split):
        assert rule is None or rule.label


def test_the_short_deck():
    assert len(SHORT_DECK) == 36 and {c.rank.symbol for c in SHORT_DECK} == set("6789TJQKA")
    assert sorted(SHORT_DECK) == list(SHORT_DECK)


def test_omaha_games_keep_their_rules():
    for game in GAMES[:6]:
        assert game.making is (HandMaking.OMAHA if game.is_omaha else HandMaking.BEST_FIVE)
        assert game.split is (PotSplit.HIGH_LOW if game.eight_or_better else PotSplit.HIGH)
        assert game.high is STANDARD and game.low is (EIGHT if game.eight_or_better else None)


def test_not_played_names_the_games_that_are():
    err = not_played(game_of("razz"), "outs", GAMES[:2])
    assert isinstance(err, OptionError) and err.field == "game"
    assert str(err) == "pokerfsm computes no outs for Razz (games with outs: holdem, omaha)"


def test_hole_pairs():
    assert [g.hole_pairs for g in GAMES] == [1, 6, 10, 15, 6, 10] + [1] * 7


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


@pytest.mark.parametrize("bad", ["plo", "pineapple", "", "omaha7", 4, None])
def test_unknown_game(bad):
    with pytest.raises(OptionError) as caught:
        game_of(bad)
    err = caught.value
    assert isinstance(err, Error) and isinstance(err, ValueError)
    assert err.field == "game"
    assert repr(bad) in str(err)
    assert ("holdem, omaha, omaha5, omaha6, omaha-hi-lo, omaha5-hi-lo, stud, stud-hi-lo, razz, short-deck, "
            "deuce-to-seven, a5-lowball, badugi") in str(err)


def test_unknown_phh_code():
    with pytest.raises(OptionError, match="'FT/8'") as caught:
        game_for_phh("FT/8")
    assert caught.value.field == "variant"


def test_phh_codes_are_pokerkits_and_its_hands_agree():
    """Every code we map is one pokerkit reads, and pokerkit's game makes its hands as ours does."""
    pokerkit = pytest.importorskip("pokerkit")
    expected = {
        "NT": (pokerkit.StandardHighHand,),
        "FT": (pokerkit.StandardHighHand,),
        "PO": (pokerkit.OmahaHoldemHand,),
        "FO/8": (pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand),
        "F7S": (pokerkit.StandardHighHand,),
        "F7S/8": (pokerkit.StandardHighHand, pokerkit.EightOrBetterLowHand),
        "FR": (pokerkit.RegularLowHand,),
        "NS": (pokerkit.ShortDeckHoldemHand,),
        "N2L1D": (pokerkit.StandardLowHand,),
        "F2L3D": (pokerkit.StandardLowHand,),
        "FB": (pokerkit.BadugiHand,),
    }
    for game in GAMES:
        for code in game.phh_codes:
            hands = pokerkit.HandHistory.game_types[code].hand_types
            assert hands == expected[code]
            assert game_for_phh(code) is game
            assert (game.low is not None, game.high is not None) == (any(h.low for h in hands),
                                                                     any(not h.low for h in hands))
            for hand in hands:
                if game.is_omaha:
                    assert (hand.hole_card_count, hand.board_card_count) == (2, 3)
    assert {code for game in GAMES for code in game.phh_codes} == set(pokerkit.HandHistory.game_types)
