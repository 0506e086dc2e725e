"""LiveOdds: a known hand street by street, equal to equity() at every street, through the same dispatch."""
import pytest

from pokerfsm.calculator import LiveOdds, equity
from pokerfsm.errors import InvalidDealError


@pytest.mark.parametrize("hero, streets", [("AdTs", ["", "Kh Tc Td", "Kh Tc Td 3c", "Kh Tc Td 3c 9s"]),
                                           ("7h2c", ["", "Ah 7d 2s", "Ah 7d 2s Kc"])])
def test_live_odds_match_equity(hero, streets):
    live = LiveOdds(hero)
    for board in streets:
        got = live.update(board)
        want = equity([hero, None], board, exact=True)
        assert got.players[0].wins == want.players[0].wins
        assert got.players[0].ties == want.players[0].ties
        assert got.combinations == want.combinations


def test_live_odds_preflop_comes_from_the_shipped_order_without_tables():
    got = LiveOdds("AhKh").update()
    want = equity(["AhKh", None], exact=True, tables=False)
    assert got.method == "table" and got.exact
    assert [(p.wins, p.ties, p.losses) for p in got.players] == [(p.wins, p.ties, p.losses) for p in want.players]
    assert [p.categories for p in got.players] == [p.categories for p in want.players]   # to the last bit
    flipped = equity([None, "AhKh"])
    assert flipped.method == "table"
    assert [p.categories for p in flipped.players] == [p.categories for p in want.players[::-1]]


def test_live_odds_cache_preflop_by_class(monkeypatch):
    from pokerfsm.calculator import dispatch

    monkeypatch.setattr(dispatch, "table_answer", lambda deal, started, within=None: None)  # no table holds it
    LiveOdds._preflop_cache.clear()
    first = LiveOdds("AhKh").update()
    second = LiveOdds("AsKs").update()  # the same class: answered from the cache
    assert list(LiveOdds._preflop_cache) == [("AKs",)]
    assert second.players[0].hand == "AsKs"
    assert second.players[0].win == first.players[0].win == pytest.approx(0.662196, abs=5e-7)
    LiveOdds("AsKd").update()
    assert len(LiveOdds._preflop_cache) == 2


def test_live_odds_new_hand_starts_over():
    live = LiveOdds("AdTs")
    live.update("Kh Tc Td")
    again = live.update("2c 3c 4c")  # not an extension of the previous board
    assert again.players[0].wins == equity(["AdTs", None], "2c 3c 4c").players[0].wins


def test_live_odds_many_opponents():
    live = LiveOdds("AhKh", opponents=2, seed=3)
    river = live.update("Ad 7d 2s Kc 9h")
    assert river.exact
    want = equity(["AhKh", None, None], "Ad 7d 2s Kc 9h")
    assert river.players[0].win == pytest.approx(want.players[0].win, abs=1e-12)
    flop = LiveOdds("AhKh", opponents=4, seed=3).update("Ad 7d 2s")
    assert not flop.exact and 0.5 < flop.players[0].win < 0.9


@pytest.mark.parametrize("hero, opponents, error", [("AhKh", 0, InvalidDealError), ("AhKh", 10, InvalidDealError),
                                                    ("??", 1, InvalidDealError), ("Ah", 1, InvalidDealError)])
def test_live_odds_bad_input(hero, opponents, error):
    with pytest.raises(error):
        LiveOdds(hero, opponents)


def test_live_odds_ask_the_dispatch_for_the_table_answer(monkeypatch):
    from pokerfsm.calculator import dispatch

    asked = []

    def table_answer(deal, started, within=None):
        asked.append((len(deal.seats), deal.board, within))

    monkeypatch.setattr(dispatch, "table_answer", table_answer)
    LiveOdds._preflop_cache.clear()
    LiveOdds("AhKh").update()                              # heads-up preflop: exact rows only
    LiveOdds("AhKh", opponents=2, seed=1).update()         # more opponents: a sampled row may answer
    assert asked == [(2, (), None), (3, (), 0.003)]


@pytest.mark.parametrize("game, hero, streets", [
    ("omaha", "AsKsQhJh", ["", "Ah 7c 8d", "Ah 7c 8d 2s", "Ah 7c 8d 2s 3h"]),
    ("omaha-hi-lo", "Ac2c3dKd", ["", "4h 7c 8d", "4h 7c 8d Ks", "4h 7c 8d Ks Qh"]),
    ("short-deck", "AhKh", ["", "Qh Jh 6c", "Qh Jh 6c 7d", "Qh Jh 6c 7d 9s"]),
])
def test_live_odds_of_other_board_games_equal_equity_of_the_game_at_every_street(game, hero, streets):
    live = LiveOdds(hero, game=game, seed=5)
    for board in streets:
        got = live.update(board)
        want = equity([hero, None], board, game=game, budget=0.25, seed=5, target_std_error=0.003)
        assert got.game == game and got.exact == want.exact
        if want.exact:
            assert got.combinations == want.combinations and got.players[0].equity == want.players[0].equity
        else:   # sampled to the same standard error (how many deals fit the budget depends on the load)
            assert abs(got.players[0].equity - want.players[0].equity) < 5 * 0.0035
    assert live.update(streets[-1]) is got                       # the same board is not asked again


def test_live_odds_omaha_hand_of_the_wrong_size_or_a_range_is_refused():
    with pytest.raises(InvalidDealError, match="omaha deals 4 hole cards, got 2"):
        LiveOdds("AhKh", game="omaha")
    with pytest.raises(InvalidDealError, match="known hand"):
        LiveOdds("AAxx", game="omaha")
    with pytest.raises(InvalidDealError, match="1 to 6 opponents at omaha6"):
        LiveOdds("AhKhQhJhTh9h", opponents=7, game="omaha6")
    assert len(LiveOdds("AhKhQhJhTh9h", opponents=6, game="omaha6").update("2c 3c 4c 5d 7s").players) == 7


def test_live_odds_short_deck_values_a_flush_above_a_full_house_and_deals_from_36_cards():
    river = LiveOdds("AhKh", game="short-deck").update("Qh Jh 6h 7d 7s")   # the ace-high flush
    holdem = LiveOdds("AhKh").update("Qh Jh 6h 7d 7s")
    assert river.exact and river.combinations == equity(["AhKh", None], "Qh Jh 6h 7d 7s",
                                                        game="short-deck").combinations == 406   # C(29, 2)
    assert holdem.combinations == 990                                                              # C(45, 2)
    assert (river.players[0].wins, river.players[0].losses) == (405, 1)   # only 7c7h's four of a kind beats it
    assert holdem.players[0].losses == 28                                   # at hold'em full houses do too


@pytest.mark.parametrize("hero, opponents, board, match", [
    ("Ah5h", 1, "", "'5h' is not in the short deck"),
    ("AhKh", 1, "Qh Jh 2c", "'2c' is not in the short deck"),
    ("AhKhQh", 1, "", "2 cards"),
    ("AKs", 1, "", "known hand"),
    ("AhKh", 10, "", "1 to 9 opponents at short-deck"),
])
def test_live_odds_short_deck_bad_input_is_one_clear_error(hero, opponents, board, match):
    with pytest.raises(InvalidDealError, match=match):
        LiveOdds(hero, opponents, game="short-deck").update(board)


@pytest.mark.parametrize("game, match", [
    ("stud", "Seven-card stud has none: each opponent shows up cards .* game='stud'"),
    ("razz", "Razz has none"),
    ("stud-hi-lo", "game='stud-hi-lo'"),
    ("badugi", "no live odds for Badugi .*short-deck"),
    ("deuce-to-seven", "no live odds"),
])
def test_live_odds_refuse_the_games_without_a_board_naming_the_game(game, match):
    from pokerfsm.errors import OptionError

    with pytest.raises(OptionError, match=match) as caught:
        LiveOdds("AhKh", game=game)
    assert caught.value.field == "game" and caught.value.text == game


def test_live_odds_omaha_many_opponents_sampled_and_repeatable():
    first = LiveOdds("AsKsQhJh", opponents=3, game="omaha", seed=2).update("Ah 7c 8d")
    again = LiveOdds("AsKsQhJh", opponents=3, game="omaha", seed=2).update("Ah 7c 8d")
    assert not first.exact and first.players[0].equity == again.players[0].equity
    assert 0.2 < first.players[0].equity < 0.6


def test_live_odds_update_stops_when_told():
    from pokerfsm.errors import CancelledError
    from pokerfsm.odds import Stop

    stop = Stop()
    stop.cancel()
    for live in (LiveOdds("AsKsQhJd", game="omaha"), LiveOdds("AdKd"), LiveOdds("AdKd", opponents=3)):
        with pytest.raises(CancelledError):
            live.update("Ah 7c 8d", stop=stop)
        assert live.update("Ah 7c 8d").board == live.board      # nothing kept from the cancelled call


def test_live_odds_with_fixed_samples_give_the_same_answer_whatever_the_load():
    live = LiveOdds("AsKsQhJh", game="omaha", samples=3000, seed=4)
    flop = live.update("Ah 7c 8d")
    want = equity(["AsKsQhJh", None], "Ah 7c 8d", game="omaha", samples=3000, seed=4)
    assert not flop.exact and flop.combinations == 3000
    assert flop.players[0].equity == want.players[0].equity
