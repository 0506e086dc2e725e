"""The shipped PokerStove order and the percentage ranges built on it."""
from __future__ import annotations

import itertools
import random

import pytest

import pokerfsm
from pokerfsm.errors import InvalidDealError
from pokerfsm.precomputed.definitions import VS_RANDOM_SHOWDOWNS
from pokerfsm.precomputed.order import order_rows, percentile_range, preflop_order
from pokerfsm.ranges import HAND_CLASSES, parse_range
from pokerfsm.ranking import HandCategory


def test_the_shipped_order_is_complete_and_sorted():
    order = preflop_order()
    assert sorted(row.hand for row in order) == sorted(HAND_CLASSES)
    assert [row.rank for row in order] == list(range(1, 170))
    assert order[-1].cumulative_combos == 1326
    for before, row in itertools.pairwise(order):
        assert before.equity > row.equity
        assert row.cumulative_combos == before.cumulative_combos + row.combos
    for row in order:
        assert row.wins + row.ties + row.losses == VS_RANDOM_SHOWDOWNS
        assert sum(row.hand_categories) == sum(row.random_categories) == VS_RANDOM_SHOWDOWNS
        assert row.equity == pytest.approx((row.wins + row.ties / 2) / VS_RANDOM_SHOWDOWNS,
                                           abs=1e-9)
    assert [row.hand for row in order[:3]] == ["AA", "KK", "QQ"]
    assert order[-1].hand == "32o"


def test_a_sample_of_the_order_recomputed_by_enumeration(table):
    order = preflop_order()
    for row in random.Random(12).sample(order, 2):
        hand = random.Random(row.rank).choice(list(parse_range(row.hand)))
        player, other = pokerfsm.equity([list(hand), None], exact=True, tables=False).players
        assert (row.wins, row.ties, row.losses) == (player.wins, player.ties, player.losses)
        for counts, seat in ((row.hand_categories, player), (row.random_categories, other)):
            assert {c.name: n / VS_RANDOM_SHOWDOWNS for c, n in zip(HandCategory, counts)} == seat.categories


def test_percentile_ranges():
    assert len(percentile_range(100)) == 1326
    assert str(percentile_range(0.5)) == "AA"
    assert str(percentile_range("1")) == "KK+"
    smaller, larger = percentile_range(10), percentile_range(20)
    assert set(smaller) < set(larger)
    assert abs(len(smaller) - 132.6) <= max(row.combos for row in preflop_order()) / 2
    for bad in (0, -3, 101, "lots", None):
        with pytest.raises(InvalidDealError):
            percentile_range(bad)


def test_order_needs_every_class_once():
    categories = " ".join(["1"] + ["0"] * 8) * 2
    rows = [(hand, 1, 0, 1, " ".join(["2"] + ["0"] * 17)) for hand in HAND_CLASSES]
    assert len(order_rows(rows)) == 169
    with pytest.raises(ValueError, match="169"):
        order_rows(rows[:-1])
    with pytest.raises(ValueError, match="18 category counts"):
        order_rows([(hand, 1, 0, 1, categories[:3]) for hand in HAND_CLASSES])


def test_the_games_preflop_table_is_the_shipped_order_rounded():
    """The computer players' preflop equities (four decimals, kept in the games package) are the
    exact figures of the shipped order: two copies of one fact that must not drift apart."""
    from pokerfsm.games.preflop import PREFLOP_EQUITY

    assert {row.hand: round(row.equity, 4) for row in preflop_order()} == PREFLOP_EQUITY


@pytest.fixture
def shipped_copy(tmp_path, monkeypatch):
    """A copy of the shipped order read in its place (damage it freely); the caches forget it afterwards."""
    from pokerfsm.precomputed import answers, order

    copy = tmp_path / "preflop-order.csv"
    copy.write_bytes(order.ORDER_FILE.read_bytes())
    monkeypatch.setattr(order, "ORDER_FILE", copy)
    for cache in (order.preflop_order, answers._shipped_by_class):
        cache.cache_clear()
    yield copy
    for cache in (order.preflop_order, answers._shipped_by_class):
        cache.cache_clear()


def swapped_lines(text: str) -> str:
    lines = text.splitlines(keepends=True)
    lines[1], lines[-1] = lines[-1], lines[1]
    return "".join(lines)


def one_count_changed(text: str) -> str:
    return text.replace(",1781508418,", ",1781508419,", 1)


@pytest.mark.parametrize(("damage", "line", "problem"), [
    (lambda text: text[:len(text) // 2], 86, "J6s: categories .* do not add up"),
    (swapped_lines, 2, "is not what its counts give"),
    (one_count_changed, 2, "wins \\+ ties \\+ losses = 2,097,572,401"),
    (lambda text: text.replace("AA", "AX", 1), 2, "'AX' is not a class"),
    (lambda text: "", 1, "the header is not"),
    (lambda text: text + text.splitlines(keepends=True)[5], 171, "'TT' is not a class, or comes twice"),
])
def test_a_damaged_shipped_order_is_one_clear_error(shipped_copy, damage, line, problem):
    shipped_copy.write_text(damage(shipped_copy.read_text()))
    from pokerfsm.errors import StoreCorruptError

    for ask in (preflop_order, lambda: percentile_range(5), lambda: parse_range("top 5%")):
        with pytest.raises(StoreCorruptError, match=f"{shipped_copy}:{line}: .*{problem}.*reinstall pokerfsm"):
            ask()


def test_a_damaged_shipped_order_on_every_front(shipped_copy, tmp_path, monkeypatch, capsys, table):
    """Without a store the hand against a random hand is computed; the CLI says what is wrong in one line;
    the web answers 4xx (never 500)."""
    from pokerfsm.cli import main
    from pokerfsm.precomputed import lookup

    shipped_copy.write_bytes(shipped_copy.read_bytes()[:20_000])   # half written
    monkeypatch.setenv("POKERFSM_STORE", str(tmp_path / "no-store.sqlite"))
    lookup.reload()
    found = pokerfsm.equity(["AhAd", None])
    assert found.method == "enumeration" and found.players[0].wins == 1_781_508_418
    assert main(["equity", "AhAd", "top 5%"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{shipped_copy}:" in err and "reinstall pokerfsm" in err
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from pokerfsm.web.app import create_app

    with TestClient(create_app(cache_size=8, budget=2.0)) as client:
        for answer in (client.get("/api/order"), client.post("/api/range", json={"range": "top 5%"})):
            assert 400 <= answer.status_code < 500 and "reinstall pokerfsm" in answer.text
        answer = client.post("/api/equity", json={"players": [["Ah", "Ad"], "?"]})
        assert answer.status_code == 200   # computed, exactly or (on a busy machine) by sampling
        assert answer.json()["method"] != "table" and abs(answer.json()["players"][0]["win"] - 0.8493) < 0.02


def test_a_build_never_writes_the_package(store_path, table, capsys):
    """A store whose preflop-vs-random has every task done and AA's and 32o's rows swapped (each passing its
    own checks) finishes its build without touching the shipped order; the swapped rows answer nothing."""
    pytest.importorskip("distributed")
    from tables_helpers import begin, exact_rows_from_order

    from pokerfsm.cli import main
    from pokerfsm.precomputed.order import ORDER_FILE
    from pokerfsm.precomputed.store import Store, writer_lock

    before = ORDER_FILE.read_bytes(), ORDER_FILE.stat().st_mtime_ns
    rows = exact_rows_from_order()
    first, last = (next(i for i, row in enumerate(rows) if row[1] == hand) for hand in ("AA", "32o"))
    rows[first], rows[last] = rows[first][:5] + rows[last][5:], rows[last][:5] + rows[first][5:]
    with writer_lock(store_path), Store.open(store_path, create=True) as store:
        begin(store, "preflop-vs-random")
        store.commit_task("preflop-vs-random", 0, rows, 0.0, "test")
        for task in range(1, 1521):
            store.commit_task("preflop-vs-random", task, [], 0.0, "test")
    assert main(["tables", "build", "preflop-vs-random"]) == 0
    assert "1521/1521 tasks, 169 rows, complete (0 tasks run" in capsys.readouterr().out
    assert (ORDER_FILE.read_bytes(), ORDER_FILE.stat().st_mtime_ns) == before
    preflop_order.cache_clear()
    assert str(percentile_range(1)) == "KK+"
    found = pokerfsm.equity(["AhAd", None])
    assert found.method == "enumeration" and found.players[0].wins == 1_781_508_418
