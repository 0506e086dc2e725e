"""The one equity() dispatch with ``game=``: Omaha goes to its own back end, never to the store."""
from __future__ import annotations

import pytest

import pokerfsm
from pokerfsm.calculator import dispatch
from pokerfsm.errors import InvalidDealError, OptionError
from pokerfsm.odds.deal import prepare_deal
from pokerfsm.odds.omaha_deal import prepare_omaha_deal


def test_holdem_is_the_default_and_its_json_is_unchanged():
    default = pokerfsm.equity(["AhAd", "KsKc"], board="2c 7d 9h")
    named = pokerfsm.equity(["AhAd", "KsKc"], board="2c 7d 9h", game="holdem")
    assert default.players[0].equity == named.players[0].equity
    shown = default.to_dict()
    assert default.game == "holdem" and "game" not in shown and "low" not in shown
    assert "scoop" not in shown["players"][0]


def test_omaha_never_asks_the_store(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the store was asked an Omaha question")

    monkeypatch.setattr(dispatch, "table_answer", refuse)
    result = pokerfsm.equity(["AsKsQhJh", "2c3c4d5d"], game="omaha")
    assert result.game == "omaha" and result.exact and result.combinations == 1_086_008


def test_omaha_hi_lo_through_the_top_package():
    result = pokerfsm.equity(["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d", game="OMAHA-HI-LO")
    assert result.game == "omaha-hi-lo" and result.low == 1.0
    assert result.players[1].low_share == 0.5


def test_a_checked_omaha_deal_is_answered_as_it_is():
    deal = prepare_omaha_deal(["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d", game="omaha-hi-lo")
    assert pokerfsm.equity(deal).game == "omaha-hi-lo"
    with pytest.raises(InvalidDealError, match="a checked deal of omaha-hi-lo asked as omaha"):
        pokerfsm.equity(deal, game="omaha")
    with pytest.raises(InvalidDealError, match="a checked deal of holdem asked as omaha"):
        pokerfsm.equity(prepare_deal(["AhAd", "KsKc"]), game="omaha")


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"game": "pineapple"}, "game"),
    ({"game": 4}, "game"),
    ({"game": "omaha", "samples": 0}, "samples"),
    ({"game": "omaha", "budget": -1}, "budget"),
])
def test_bad_options_for_omaha_are_refused(kwargs, field):
    with pytest.raises(OptionError) as caught:
        pokerfsm.equity(["AsKsQhJh", "2c3c4d5d"], **kwargs)
    assert caught.value.field == field


def test_omaha_monte_carlo_under_the_dispatch_options():
    result = pokerfsm.equity(["AsKsQhJh", None, None], game="omaha", samples=5_000, seed=3)
    again = pokerfsm.equity(["AsKsQhJh", None, None], game="omaha", samples=5_000, seed=3)
    assert result.method == "monte-carlo" and result.players[0].equity == again.players[0].equity
    stopped = pokerfsm.odds.Stop()
    stopped.cancel()
    with pytest.raises(pokerfsm.errors.CancelledError):
        pokerfsm.equity(["AsKsQhJh", None], game="omaha", stop=stopped)
