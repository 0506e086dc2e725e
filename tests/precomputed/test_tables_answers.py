"""``equity()`` and ``LiveOdds`` answer from the tables, with the numbers enumeration gives.

A store of the first tasks of ``preflop-hu`` is built once per session with
``limit`` (never the whole table); every row it holds is checked against
enumeration through ``equity()``, each as a random suit relabelling and seat
order of its class, so the class lookup is tested along with the counts.
"""
from __future__ import annotations

import random

import pytest
from tables_helpers import begin, commit_matchups

import pokerfsm
from pokerfsm.calculator import LiveOdds, stored_answer
from pokerfsm.cards import Card
from pokerfsm.combos import SUIT_PERMUTATIONS
from pokerfsm.odds.deal import prepare_deal
from pokerfsm.precomputed import lookup, symmetry
from pokerfsm.precomputed.tasks import run_task
from pokerfsm.tallies import HU_BOARDS

LIMIT_TASKS = 3
"""Tasks of preflop-hu built for the session: 400 classes each, so 1,200 matchups."""


@pytest.fixture(scope="session")
def limited_store(tmp_path_factory, dask_client, table):
    from pokerfsm.precomputed.engine import build

    path = tmp_path_factory.mktemp("limited") / "tables.sqlite"
    [summary] = build(["preflop-hu"], store_path=path, limit=LIMIT_TASKS, client=dask_client, progress=False)
    assert summary.tasks_done == LIMIT_TASKS and not summary.complete
    return path


@pytest.fixture
def use_limited(limited_store, monkeypatch):
    monkeypatch.setenv("POKERFSM_STORE", str(limited_store))
    lookup.reload()
    yield limited_store
    lookup.reload()


def relabelled(key: int, rng: random.Random) -> tuple[str, str]:
    """A matchup of class ``key`` with its suits relabelled at random, in a random seat order."""
    perm = rng.choice(SUIT_PERMUTATIONS)
    hands = [[str(Card(4 * (c // 4) + perm[c % 4])) for c in hand] for hand in symmetry.unpack_matchup(key)]
    for hand in hands:
        rng.shuffle(hand)
    rng.shuffle(hands)
    return "".join(hands[0]), "".join(hands[1])


def counts(result):
    return ([(p.wins, p.ties, p.losses) for p in result.players], result.combinations, result.split_counts,
            result.splits, result.split)


@pytest.mark.slow
def test_every_row_of_a_limited_build_equals_enumeration(use_limited):
    from pokerfsm.precomputed.store import Store

    with Store.open(use_limited) as store:
        rows = store.rows("preflop-hu", "key, wins, ties, losses")
    assert len(rows) >= 1_000
    rng = random.Random(12)
    for key, wins, ties, losses in rows:
        hand1, hand2 = relabelled(key, rng)
        found = pokerfsm.equity([hand1, hand2])
        expected = pokerfsm.equity([hand1, hand2], exact=True, tables=False)
        assert found.method == "table" and found.exact and expected.method == "enumeration"
        assert counts(found) == counts(expected), (hand1, hand2)
        assert sorted([wins, losses]) == sorted([found.players[0].wins, found.players[0].losses])
        assert found.players[0].ties == ties


def test_a_missing_row_or_store_falls_back_to_enumeration(use_limited, monkeypatch, tmp_path):
    from pokerfsm.precomputed.store import Store

    with Store.open(use_limited) as store:
        held = {key for (key,) in store.rows("preflop-hu", "key")}
    rng = random.Random(5)
    while True:   # a matchup whose class is beyond the limited build
        hand1, hand2 = relabelled(symmetry.matchup_classes()[rng.randrange(47_008)], rng)
        keys, _ = symmetry.matchup_key(symmetry_hole(hand1, hand2))
        if int(keys[0]) not in held:
            break
    result = pokerfsm.equity([hand1, hand2])
    assert result.method == "enumeration" and set(result.players[0].categories) >= {"PAIR"}
    monkeypatch.setenv("POKERFSM_STORE", str(tmp_path / "none.sqlite"))
    lookup.reload()
    assert pokerfsm.equity(["AhAd", "KsKc"]).method == "enumeration"
    (tmp_path / "bad.sqlite").write_bytes(b"not a store at all" * 100)
    monkeypatch.setenv("POKERFSM_STORE", str(tmp_path / "bad.sqlite"))
    lookup.reload()
    assert pokerfsm.equity(["AhAd", "KsKc"]).method == "enumeration"


def symmetry_hole(hand1, hand2):
    import numpy as np

    from pokerfsm.cards import parse_cards

    return np.array([[int(c) for c in parse_cards(hand1 + hand2)]], dtype=np.uint8)


@pytest.mark.parametrize("players", [["AA, 0.5(KK)", "AKs, QQ"], ["AhKh", "QQ+"], ["72o", "AsKd"]])
def test_ranges_answer_from_the_table_as_enumeration(writable_store, table, players):
    from pokerfsm.ranges import parse_range

    begin(writable_store, "preflop-hu")
    ranges = [parse_range(p) for p in players]
    commit_matchups(writable_store, [(f"{a}{b}", f"{c}{d}") for a, b in ranges[0] for c, d in ranges[1]
                                     if not {a, b} & {c, d}])
    found = pokerfsm.equity(players)
    expected = pokerfsm.equity(players, exact=True, tables=False)
    assert found.method == "table" and found.exact and found.std_error is None
    assert counts(found) == counts(expected)
    assert [p.hand for p in found.players] == [p.hand for p in expected.players]
    assert [p.equity for p in found.players] == pytest.approx([p.equity for p in expected.players], abs=1e-12)
    assert all(p.categories == {} for p in found.players)
    assert counts(stored_answer(prepare_deal(ranges), exact=True)) == counts(expected)
    lookup.reload()
    writable_store.drop("preflop-hu")
    assert stored_answer(prepare_deal(ranges), exact=True) is None


def test_what_the_table_path_does_not_take(writable_store, table):
    begin(writable_store, "preflop-hu")
    commit_matchups(writable_store, [("AhAd", "KsKc")])
    assert pokerfsm.equity(["AhAd", "KsKc"], exact=True).method == "table"   # an exact table is exact
    assert pokerfsm.equity(["AhAd", "KsKc"], tables=False).method == "enumeration"
    assert pokerfsm.equity(["AhAd", "KsKc"], exact=False, seed=1).method == "monte-carlo"
    assert pokerfsm.equity(["AhAd", "KsKc"], samples=1000, seed=1).method == "monte-carlo"
    assert pokerfsm.equity(["AhAd", "KsKc"], dead="2c").method == "enumeration"
    assert pokerfsm.equity(["AhAd", "KsKc"], board="2c 7d 9h").method == "enumeration"
    assert pokerfsm.equity(["AhAd", "KsKc", "QhQd"]).method == "enumeration"
    seen = []
    assert pokerfsm.equity(["AhAd", "KsKc"], progress=seen.append).method == "table" and seen[-1] == 1.0


def test_hand_against_a_random_hand_and_live_odds_preflop(writable_store, table):
    from pokerfsm.ranges import HAND_CLASSES

    parameters = begin(writable_store, "preflop-vs-random", target_std_error=0.01)
    task = HAND_CLASSES.index("22")   # tasks 0-168: each class against one random hand (exact)
    result = run_task("preflop-vs-random", task, parameters)
    writable_store.commit_task("preflop-vs-random", task, result["rows"], 0.0, "test")
    hand = "2h2c"
    found = pokerfsm.equity([hand, None])
    expected = pokerfsm.equity([hand, None], exact=True, tables=False)
    assert found.method == "table" and counts(found) == counts(expected)
    assert found.combinations == 1_225 * HU_BOARDS
    assert [p.categories for p in found.players] == [p.categories for p in expected.players]
    flipped = pokerfsm.equity([None, "2s2d"])
    assert flipped.method == "table"
    assert [(p.wins, p.ties, p.losses, p.categories) for p in flipped.players] == \
        [(p.wins, p.ties, p.losses, p.categories) for p in expected.players[::-1]]
    odds = LiveOdds(hand)
    live = odds.update()
    assert live.method == "table" and counts(live) == counts(expected)
    assert odds.update("Ah 7d 3c").method == "enumeration"
    assert LiveOdds(hand, dead="Ks").update().method == "enumeration"
    # against 2-9 random hands, no row built for two opponents: equity() computes
    assert pokerfsm.equity([hand, None, None], samples=2000, seed=3).method == "monte-carlo"
    assert pokerfsm.equity([hand, None, None], exact=None, budget=0.1, seed=3).method != "table"


def test_a_hand_against_several_random_hands_from_the_sampled_row(writable_store, table):
    from pokerfsm.ranges import HAND_CLASSES

    parameters = begin(writable_store, "preflop-vs-random", target_std_error=0.001)
    task = 2 * 169 + HAND_CLASSES.index("AKs")   # tasks 338-506: each class against 3 random hands
    writable_store.commit_task("preflop-vs-random", task, run_task("preflop-vs-random", task, parameters)["rows"],
                               0.0, "test")
    row = lookup.vs_random("AsKs", 3)
    spot = [None, "AhKh", "??", None]             # the hand in seat 2
    found = pokerfsm.equity(spot)
    assert found.method == "table" and not found.exact
    assert found.combinations == row.samples and found.std_error == row.std_error <= 0.001
    hero = found.players[1]
    assert (hero.wins, hero.ties, hero.losses) == (row.wins, row.ties, row.losses)
    assert hero.equity == pytest.approx(row.equity, abs=1e-12) and hero.categories == {}
    others = [found.players[seat] for seat in (0, 2, 3)]
    assert all((p.win, p.tie, p.equity) == pytest.approx((others[0].win, others[0].tie, others[0].equity))
               for p in others)
    assert sum(p.equity for p in found.players) == pytest.approx(1.0, abs=1e-12)
    assert sum(found.splits.values()) == pytest.approx(1.0, abs=1e-12)
    assert found.splits[(1,)] == pytest.approx(hero.win, abs=1e-12)
    # every seat's figures agree with an independent Monte Carlo run of the same spot
    computed = pokerfsm.equity(spot, samples=200_000, seed=11, tables=False)
    for mine, theirs in zip(found.players, computed.players):
        for name in ("win", "tie", "lose"):
            p = getattr(theirs, name)
            spread = (p * (1 - p) * (1 / row.samples + 1 / 200_000)) ** 0.5
            assert abs(getattr(mine, name) - p) <= 5 * spread + 1e-9, (mine.hand, name)
        assert abs(mine.equity - theirs.equity) <= 5 * (mine.std_error ** 2 + theirs.std_error ** 2) ** 0.5
    # not when the caller wants more precision, exactness, Monte Carlo or no tables
    assert pokerfsm.equity(spot, target_std_error=0.0001, budget=0.05, seed=1).method != "table"
    assert pokerfsm.equity(spot, samples=1000, seed=1).method == "monte-carlo"
    assert pokerfsm.equity(spot, tables=False, budget=0.05, seed=1).method != "table"
    assert pokerfsm.equity(["AhKh", None, "QQ+"], budget=0.05, seed=1).method != "table"
    assert stored_answer(prepare_deal(spot), target_std_error=0.01).method == "table"
    assert stored_answer(prepare_deal(spot), exact=True) is None


def test_the_web_calculator_answers_from_the_table(writable_store, table):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from pokerfsm.web.app import create_app

    begin(writable_store, "preflop-hu")
    commit_matchups(writable_store, [("AhAd", "KsKc")])
    with TestClient(create_app(cache_size=8, budget=2.0)) as client:
        answer = client.post("/api/equity", json={"players": [["Ah", "Ad"], ["Ks", "Kc"]]}).json()
        computed = client.post("/api/equity", json={"players": [["Ah", "Ad"], ["Ks", "Kc"]],
                                                    "board": ["2c", "7d", "9h"]}).json()
    assert answer["method"] == "table" and answer["exact"] and answer["combinations"] == HU_BOARDS
    expected = pokerfsm.equity(["AhAd", "KsKc"], tables=False)
    assert [p["wins"] for p in answer["players"]] == [p.wins for p in expected.players]
    assert answer["players"][0]["categories"] == {}
    assert computed["method"] == "enumeration"


def test_the_equity_command_says_where_the_answer_comes_from(writable_store, table, capsys):
    from pokerfsm.cli import main

    begin(writable_store, "preflop-hu")
    commit_matchups(writable_store, [("AhAd", "KsKc")])
    assert main(["equity", "AhAd", "KsKc"]) == 0
    out = " ".join(capsys.readouterr().out.split())   # the table's caption wraps
    assert "exact, from the precomputed tables" in out and "--no-tables computes it" in out
    assert main(["equity", "AhAd", "KsKc", "--no-tables"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "from the precomputed tables" not in out and "hand at showdown" in out and "Full house" in out
    assert main(["equity", "AhAd", "KsKc", "--json"]) == 0
    assert '"method": "table"' in capsys.readouterr().out
