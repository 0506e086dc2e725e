"""odds.results: the Method names and the one constructor from counts that every back end ends in."""
import json
import time

import numpy as np
import pytest

from pokerfsm.calculator import equity
from pokerfsm.errors import InvalidDealError
from pokerfsm.odds.deal import prepare_deal
from pokerfsm.odds.results import EquityResult, Method

pytestmark = pytest.mark.usefixtures("table")


def test_methods_keep_their_json_text():
    assert [m.value for m in Method] == ["table", "enumeration", "monte-carlo"]
    answers = [equity(["AhKh", None]), equity(["AhKh", "QsQd"], "2c 7d 9h", tables=False),
               equity(["AhKh", "QsQd"], samples=1000, seed=1)]
    assert [a.method for a in answers] == [Method.TABLE, Method.ENUMERATION, Method.MONTE_CARLO]
    for answer in answers:
        shown = answer.to_dict()["method"]
        assert type(shown) is str and shown == answer.method.value
        assert f'"method": "{answer.method.value}"' in json.dumps(answer.to_dict())


def rebuilt(result, deal, **options):
    """``result`` built again from its own counts: the split pots and each seat's categories."""
    total = sum(result.split_counts.values())
    categories = np.array([[p.categories[name] * total for name in p.categories] for p in result.players])
    return EquityResult.from_counts(deal, result.split_counts, result.combinations, method=result.method,
                                    exact=result.exact, started=time.perf_counter(),
                                    categories=categories if categories.size else None, **options)


@pytest.mark.parametrize("players, board", [(["AhKd", "AsKc", "QhQd"], "2c 7d 9h Ts"),
                                            (["AhKh", "QQ+", None], "Qh 7h 2c")])
def test_counts_give_back_the_answer(players, board):
    deal = prepare_deal(players, board)
    want = equity(players, board)
    got = rebuilt(want, deal)
    assert got.splits == want.splits and got.split == want.split and got.split_counts == want.split_counts
    for mine, theirs in zip(got.players, want.players):
        assert (mine.wins, mine.ties, mine.losses, mine.win, mine.tie, mine.lose) == \
            (theirs.wins, theirs.ties, theirs.losses, theirs.win, theirs.tie, theirs.lose)
        assert mine.equity == pytest.approx(theirs.equity, abs=1e-15)
        assert mine.categories == pytest.approx(theirs.categories, abs=1e-15)


def test_counts_by_who_takes_the_pot():
    deal = prepare_deal(["AhAd", "KsKc", "QsQc"])
    r = EquityResult.from_counts(deal, {(0,): 6, (1,): 2, (0, 1, 2): 3, (1, 2): 1}, 12, method=Method.TABLE,
                                 exact=True, started=time.perf_counter())
    assert [(p.wins, p.ties, p.losses) for p in r.players] == [(6, 3, 3), (2, 4, 6), (0, 4, 8)]
    assert [p.equity for p in r.players] == [(6 + 1) / 12, (2 + 1 + 0.5) / 12, (1 + 0.5) / 12]
    assert list(r.splits) == [(0,), (1,), (1, 2), (0, 1, 2)] and r.split == 4 / 12
    assert all(p.categories == {} and p.std_error is None for p in r.players)
    assert r.method is Method.TABLE and r.combinations == 12


def test_trials_give_each_seat_its_standard_error():
    deal = prepare_deal(["AhAd", "KsKc"])
    r = EquityResult.from_counts(deal, {(0,): 80, (1,): 20}, 100, method=Method.MONTE_CARLO, exact=False,
                                 started=time.perf_counter(), std_error=0.04, trials=100)
    assert r.std_error == 0.04
    assert [p.std_error for p in r.players] == pytest.approx([(0.8 * 0.2 / 99) ** 0.5] * 2)


def test_nothing_counted_is_an_impossible_deal():
    with pytest.raises(InvalidDealError, match="collide"):
        EquityResult.from_counts(prepare_deal(["AhAd", "KsKc"]), {}, 0, method=Method.ENUMERATION, exact=True,
                                 started=time.perf_counter())
