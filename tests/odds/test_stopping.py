"""Stopping long work (pokerfsm.odds.Stop): time limits and cancellation reach inside the kernels.

No test here measures time: a kernel that ignored its stop would run for
minutes or hours, and the thread joins below would fail.
"""
from __future__ import annotations

import threading

import pytest

import pokerfsm
from pokerfsm import CancelledError, OptionError, Stop, TimeLimitError

# Each would run for minutes to hours if nothing stopped it. (Known hands alone never take long: at most
# 2 million boards.)
LONG = {
    "ranges, exact": dict(players=["AhKh", "QQ+,AKs", "22+,A2s+", "KQs,QJs,JTs"], exact=True),
    "a random hand, exact": dict(players=["AhKh", None, "QQ+"], exact=True),
    "fixed samples": dict(players=["AhKh", None, None, None, None, None], samples=9_000_000),
    # Most random deals of these ranges collide and are redrawn: the kernel checks its stop by
    # attempted deals, not dealt boards (perf/bench_web.py's "abandon" part shows the latency).
    "overlapping ranges, fixed samples": dict(
        players=["AA", "AA", "KK", "KK", "QQ", "QQ", "JJ", "JJ", "99", "99,3s2s"], dead=["4c", "5d"],
        samples=9_000_000),
}


def run_in_thread(call):
    outcome: dict = {}

    def target():
        try:
            outcome["result"] = call()
        except BaseException as exc:
            outcome["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread, outcome


@pytest.mark.parametrize("name", sorted(LONG))
def test_a_time_limit_stops_the_kernels(table, name):
    thread, outcome = run_in_thread(lambda: pokerfsm.equity(**LONG[name], stop=Stop(0.2)))
    thread.join(120)
    assert not thread.is_alive()
    assert isinstance(outcome.get("error"), TimeLimitError)
    assert outcome["error"].field == "time_limit"


@pytest.mark.parametrize("name", sorted(LONG))
def test_cancelling_from_another_thread_stops_the_kernels(table, name):
    stop = Stop()
    thread, outcome = run_in_thread(lambda: pokerfsm.equity(**LONG[name], stop=stop))
    threading.Timer(0.2, stop.cancel).start()
    thread.join(120)
    assert not thread.is_alive()
    assert isinstance(outcome.get("error"), CancelledError)


def test_automatic_monte_carlo_returns_the_rounds_it_finished(table):
    result = pokerfsm.equity(["AhKh", None, None], target_std_error=1e-6, stop=Stop(0.3))
    assert not result.exact and result.method == "monte-carlo"
    assert result.combinations >= 20_000 and result.std_error > 1e-6
    assert abs(sum(p.equity for p in result.players) - 1) < 1e-9


def test_a_finished_computation_is_unaffected(table):
    assert pokerfsm.equity(["AhAd", "KsKc"], stop=Stop(60)).players[0].wins == 1388072


@pytest.mark.parametrize("limit", [0, -1, float("nan"), float("inf"), True, "5"])
def test_bad_time_limits(limit):
    with pytest.raises(OptionError, match="time limit"):
        Stop(limit)


@pytest.mark.parametrize("options, field", [
    (dict(samples=True), "samples"), (dict(samples=0), "samples"), (dict(samples=10**12), "samples"),
    (dict(samples=2.5), "samples"), (dict(seed=-1), "seed"), (dict(seed=True), "seed"), (dict(seed=2**64), "seed"),
    (dict(budget=float("nan")), "budget"), (dict(budget=float("inf")), "budget"), (dict(budget=1e308), "budget"),
    (dict(budget=0), "budget"), (dict(target_std_error=1e-300), "target_std_error"),
    (dict(target_std_error=float("nan")), "target_std_error"),
])
def test_bad_options_name_the_option(options, field):
    with pytest.raises(OptionError) as caught:
        pokerfsm.equity(["AhKh", None], **options)
    assert caught.value.field == field and field in str(caught.value)
