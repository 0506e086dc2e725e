"""odds.compute: the back ends without the store, on a checked deal (what the store's builds call)."""
import pytest

from pokerfsm.calculator import equity
from pokerfsm.errors import InvalidDealError, TimeLimitError
from pokerfsm.odds.compute import compute
from pokerfsm.odds.deal import prepare_deal
from pokerfsm.odds.results import Method
from pokerfsm.odds.stopping import Stop

pytestmark = pytest.mark.usefixtures("table")


def same(first, second):
    """Two answers equal in every field but the time they took."""
    return first.to_dict() | {"elapsed_s": 0} == second.to_dict() | {"elapsed_s": 0}


@pytest.mark.parametrize("players, board, dead, options", [
    (["AdTs", "QcAh"], "Kh Tc Td", "", {}),
    (["AhKh", "QQ+, 0.5(9h8h)", None], "Qh 7h 2c", "3d", {}),
    (["AhKh", None, None], "", "", {"samples": 20_000, "seed": 7}),
    (["AhKh", "22+"], "Qh 7h 2c 5s", "", {"exact": False, "samples": 5_000, "seed": 3}),
])
def test_compute_is_equity_without_the_tables(players, board, dead, options):
    assert same(compute(prepare_deal(players, board, dead), **options),
                equity(players, board, dead, tables=False, **options))


def test_compute_never_reads_the_tables():
    # the shipped order answers a hand against a random hand; compute enumerates it, to the same counts
    stored = equity(["AhKh", None])
    computed = compute(prepare_deal(["AhKh", None]), exact=True)
    assert stored.method is Method.TABLE and computed.method is Method.ENUMERATION
    assert [(p.wins, p.ties, p.losses) for p in stored.players] == \
        [(p.wins, p.ties, p.losses) for p in computed.players]


def test_compute_chooses_by_the_budget():
    deal = prepare_deal(["AhKh", None, None])
    assert compute(deal, budget=0.01, seed=1).method is Method.MONTE_CARLO
    river = prepare_deal(["AhKh", None, None], "Ad 7d 2s Kc 9h")
    assert compute(river).method is Method.ENUMERATION   # its estimate fits the default budget


def test_an_exact_run_that_overruns_hands_over_to_monte_carlo(monkeypatch):
    """A plan that underestimates its time: the exact part is cut at 1.5 budgets, then sampling."""
    from pokerfsm.odds import enumeration

    real = enumeration.make_plan

    def optimistic(deal):
        plan = real(deal)
        plan.seconds = 1e-9
        return plan

    monkeypatch.setattr("pokerfsm.odds.compute.make_plan", optimistic)
    players = ["AhKh", "QQ+,AKs", "22+,A2s+", "KQs,JTs"]   # over a second exact on a quiet machine: 8 times the cut
    handed_over = compute(prepare_deal(players), budget=0.1, stop=Stop(60))
    assert handed_over.method is Method.MONTE_CARLO and not handed_over.exact
    assert equity(players, budget=0.1, stop=Stop(60)).method is Method.MONTE_CARLO   # the dispatch passes it on
    with pytest.raises(TimeLimitError):   # exact asked for: no hand-over
        compute(prepare_deal(players), exact=True, budget=0.1, stop=Stop(0.2))


def test_compute_refuses_hopeless_exact_work():
    with pytest.raises(InvalidDealError, match="would take about"):
        compute(prepare_deal([None] * 4), exact=True)
