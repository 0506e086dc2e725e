"""The one rule by which Omaha and short-deck equity choose between enumeration and Monte Carlo."""
import pytest

from pokerfsm.errors import InvalidDealError, TimeLimitError
from pokerfsm.odds.choice import exact_or_sampled
from pokerfsm.odds.enumeration import max_threads
from pokerfsm.odds.stopping import Stop


def choose(seconds, *, samples=None, exact=None, budget=2.0, stop=None, overruns=False):
    calls = []

    def enumerate_all(attempt):
        calls.append(("enumerate", attempt.time_limit))
        if overruns:
            raise TimeLimitError("late")
        return "exact"

    def sample(count, seconds_left, since):
        calls.append(("sample", count, seconds_left))
        return "sampled"

    answer = exact_or_sampled(seconds, samples=samples, exact=exact, budget=budget, stop=stop or Stop(),
                              enumerate_all=enumerate_all, sample=sample)
    return answer, calls


def test_the_estimate_against_the_budget_chooses():
    assert choose(0.5 * max_threads())[0] == "exact"
    assert choose(3.0 * max_threads()) == ("sampled", [("sample", None, 2.0)])
    assert choose(0.01, samples=1000) == ("sampled", [("sample", 1000, 2.0)])
    assert choose(100.0 * max_threads(), exact=True)[0] == "exact"
    assert choose(0.01, exact=False)[0] == "sampled"


def test_hours_of_enumeration_are_refused():
    with pytest.raises(InvalidDealError, match="would take about"):
        choose(2 * 3600 * max_threads(), exact=True)


def test_a_time_limit_hands_an_overrunning_enumeration_over_unless_it_was_asked_for():
    answer, calls = choose(0.01, stop=Stop(10.0), overruns=True)
    assert answer == "sampled" and calls[0] == ("enumerate", 1.5 * 2.0) and calls[1] == ("sample", None, 1.0)
    with pytest.raises(TimeLimitError):
        choose(0.01, exact=True, stop=Stop(10.0), overruns=True)
