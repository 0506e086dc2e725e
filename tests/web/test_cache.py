"""The answer cache: canonical forms of questions, and the LRU with shared computations."""
from __future__ import annotations

import asyncio
import concurrent.futures
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfsm.cards import parse_cards
from pokerfsm.combos import IDENTITY, SUIT_PERMUTATIONS, relabel
from pokerfsm.odds.symmetry import range_symmetries
from pokerfsm.ranges import parse_range
from pokerfsm.web.cache import AnswerCache, Question, RandomSeat, RangeSeat, canonical_form


def q(*players, board="", dead="", samples=None, seed=None):
    seats = []
    for p in players:
        if p is None:
            seats.append(None)
        elif p.startswith("range:"):
            text = p.removeprefix("range:")
            seats.append(RangeSeat(text, range_symmetries(parse_range(text))))
        else:
            seats.append(parse_cards(p))
    return Question.of(seats, parse_cards(board), parse_cards(dead), samples, seed)


def key(question):
    return canonical_form(question)[0]


@pytest.mark.parametrize("a, b", [
    (q("Ah Kh", "Qs Qd"), q("As Ks", "Qh Qc")),                      # suits renamed
    (q("Ah Kh", "Qs Qd"), q("Kh Ah", "Qd Qs")),                      # order inside hands
    (q("Ah Kd", None, board="2c 7c 9h"), q("Kd Ah", None, board="9h 2c 7c")),  # board order
    (q("Ah Kd", "Qc Jc", dead="2s 3s"), q("Ad Kh", "Qs Js", dead="3c 2c")),
    (q("Ah Kd", "range:QQ+, AKs"), q("As Kc", "range:QQ+, AKs")),    # ranges that every renaming keeps
    (q(None, "Tc 9c", board="Ac Kc Qd"), q(None, "Th 9h", board="Qs Kh Ah")),
])
def test_equivalent_questions_share_a_key(a, b):
    assert key(a) == key(b)


@pytest.mark.parametrize("a, b", [
    (q("Ah Kh", "Qs Qd"), q("Ah Kd", "Qs Qd")),                      # suited vs offsuit
    (q("Ah Kh", "Qs Qd"), q("Qs Qd", "Ah Kh")),                      # seats are ordered
    (q("Ah Kd", None), q("Ah Kd", None, samples=1000)),              # exact vs Monte Carlo
    (q("Ah Kd", None, samples=1000, seed=1), q("Ah Kd", None, samples=1000, seed=2)),
    (q("Ah Kd", "range:AhKh"), q("As Kd", "range:AhKh")),            # a suited range pins the suits
    (q("Ah Kd", None, board="2c 7c 9h"), q("Ah Kd", None, dead="2c 7c 9h")),
])
def test_different_questions_do_not(a, b):
    assert key(a) != key(b)


def test_the_representative_has_the_same_key():
    question = q("7d 2c", "Ah Ad", board="Kd Qd Jh", dead="3s")
    canonical_key, suits = canonical_form(question)
    assert canonical_form(question.relabelled(suits))[0] == canonical_key
    undo = tuple(suits.index(s) for s in range(4))
    assert question.relabelled(suits).relabelled(undo) == question


@pytest.mark.parametrize("text, count", [("QQ+, AKs", 24), ("random", 24), ("AhKh", 6), ("AhKh, AsKs", 4)])
def test_allowed_renamings_keep_each_range(text, count):
    assert len(q("range:" + text, None).allowed_permutations()) == count


def test_a_range_without_combos_forbids_renaming():
    assert Question.of([RangeSeat("QQ+"), None]).allowed_permutations() == (IDENTITY,)


@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), board=st.sampled_from([0, 3, 4, 5]),
       dead=st.integers(0, 3), suits=st.sampled_from(SUIT_PERMUTATIONS))
@settings(max_examples=150, deadline=None)
def test_key_is_invariant_under_renaming_and_shuffling(seed, players, board, dead, suits):
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    seats = [None if rng.random() < 0.3 else deck[2 * i:2 * i + 2] for i in range(players)]
    rest = deck[2 * players:]
    question = Question.of(seats, rest[:board], rest[board:board + dead])
    renamed = Question.of([None if s is None else list(reversed(relabel(s, suits))) for s in seats],
                          rng.sample(relabel(rest[:board], suits), board), relabel(rest[board:board + dead], suits))
    assert key(question) == key(renamed)


def test_random_seat_is_a_value():
    assert Question.of([None, None]).players == (RandomSeat(), RandomSeat())


# ---------------------------------------------------------------- the LRU

def run(coro):
    """Run ``coro`` on a loop of its own thread (pytest-playwright keeps one running in this thread)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def test_hits_misses_and_eviction():
    async def scenario():
        cache = AnswerCache(maxsize=2)
        computed = []

        async def compute(k):
            computed.append(k)
            return k * 10

        results = [await cache.get_or_compute(k, lambda k=k: compute(k)) for k in (1, 2, 1, 3, 2, 1)]
        return cache, computed, results

    cache, computed, results = run(scenario())
    # 1 miss, 2 miss, 1 hit, 3 miss (evicts 2), 2 miss (evicts 1), 1 miss
    assert [hit for _, hit in results] == [False, False, True, False, False, False]
    assert [value for value, _ in results] == [10, 20, 10, 30, 20, 10]
    assert computed == [1, 2, 3, 2, 1]
    assert cache.stats() == {"hits": 1, "misses": 5, "size": 2, "maxsize": 2, "hit_rate": 1 / 6}


def test_size_zero_caches_nothing():
    async def scenario():
        cache = AnswerCache(maxsize=0)

        async def compute():
            return "x"

        return [await cache.get_or_compute("k", compute) for _ in range(3)], cache

    results, cache = run(scenario())
    assert [hit for _, hit in results] == [False] * 3 and len(cache) == 0


def test_failures_are_not_cached():
    async def scenario():
        cache = AnswerCache()
        attempts = []

        async def flaky():
            attempts.append(1)
            if len(attempts) == 1:
                raise ValueError("first try fails")
            return "ok"

        with pytest.raises(ValueError):
            await cache.get_or_compute("k", flaky)
        return await cache.get_or_compute("k", flaky), attempts

    (value, hit), attempts = run(scenario())
    assert (value, hit, len(attempts)) == ("ok", False, 2)


def test_a_running_computation_is_shared():
    async def scenario():
        cache = AnswerCache()
        started, release, calls = asyncio.Event(), asyncio.Event(), []

        async def slow():
            calls.append(1)
            started.set()
            await release.wait()
            return 42

        first = asyncio.create_task(cache.get_or_compute("k", slow))
        await started.wait()
        second = asyncio.create_task(cache.get_or_compute("k", slow))
        await asyncio.sleep(0)
        release.set()
        return await first, await second, calls, cache.stats()

    first, second, calls, stats = run(scenario())
    assert first == (42, False) and second == (42, True)
    assert len(calls) == 1 and (stats["hits"], stats["misses"]) == (1, 1)


def test_negative_size_is_refused():
    with pytest.raises(ValueError, match="-1"):
        AnswerCache(maxsize=-1)


# ---------------------------------------------------------------- callers that stop waiting

def test_the_computation_goes_on_when_the_caller_who_started_it_stops_waiting():
    async def scenario():
        cache = AnswerCache()
        started, release, abandoned = asyncio.Event(), asyncio.Event(), []

        async def slow():
            started.set()
            await release.wait()
            return 42

        first = asyncio.create_task(cache.get_or_compute("k", slow, abandon=lambda: abandoned.append(1)))
        await started.wait()
        second = asyncio.create_task(cache.get_or_compute("k", slow))
        await asyncio.sleep(0)
        first.cancel()  # e.g. its client disconnected
        await asyncio.sleep(0)
        waiting = cache.waiting
        release.set()
        return await second, first.cancelled(), abandoned, waiting, "k" in cache

    second, first_cancelled, abandoned, waiting, stored = run(scenario())
    assert second == (42, True) and first_cancelled and waiting == 1
    assert abandoned == [] and stored  # never abandoned, and stored for later


def test_a_computation_every_caller_stopped_waiting_for_is_abandoned_and_forgotten():
    async def scenario():
        cache = AnswerCache()
        started, calls, abandoned, cancelled = asyncio.Event(), [], [], []

        async def forever():
            calls.append(1)
            started.set()
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                cancelled.append(1)
                raise

        waiters = [asyncio.create_task(cache.get_or_compute("k", forever, abandon=lambda: abandoned.append(1)))
                   for _ in range(2)]
        await started.wait()
        for waiter in waiters:
            waiter.cancel()
        await asyncio.gather(*waiters, return_exceptions=True)
        await asyncio.sleep(0)
        running_after = cache.running

        async def quick():
            calls.append(2)
            return "fresh"

        return await cache.get_or_compute("k", quick), calls, abandoned, cancelled, running_after

    again, calls, abandoned, cancelled, running_after = run(scenario())
    assert abandoned == [1] and cancelled == [1] and running_after == 0
    assert again == ("fresh", False) and calls == [1, 2]  # a later caller computes afresh, not joins


def test_a_shared_failure_reaches_every_caller_and_is_not_kept():
    async def scenario():
        cache = AnswerCache()
        started, release = asyncio.Event(), asyncio.Event()

        async def failing():
            started.set()
            await release.wait()
            raise ValueError("no")

        first = asyncio.create_task(cache.get_or_compute("k", failing))
        await started.wait()
        second = asyncio.create_task(cache.get_or_compute("k", failing))
        await asyncio.sleep(0)
        release.set()
        return await asyncio.gather(first, second, return_exceptions=True), len(cache), cache.running

    outcomes, size, running = run(scenario())
    assert [type(o) for o in outcomes] == [ValueError, ValueError] and size == 0 and running == 0
