"""The PokerStove order shipped with pokerfsm (pokerfsm.preflop_order) and its one top-X % rule."""
from __future__ import annotations

import itertools
import random

import pytest

import pokerfsm
import pokerfsm.preflop_order as shipped
from pokerfsm.combos import HAND_CLASSES, hand_class
from pokerfsm.errors import InvalidDealError, StoreCorruptError
from pokerfsm.preflop_order import order_rows, preflop_order, top_classes
from pokerfsm.ranges import parse_range, percentile_range
from pokerfsm.ranking import HandCategory
from pokerfsm.tallies import VS_RANDOM_SHOWDOWNS


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


@pytest.mark.parametrize("share, classes", [
    (0.001, ("AA",)),                       # 1.3 combos: one class at least
    (0.01, ("AA", "KK")),                   # 13.3: 12 is nearer than 18
    (0.02, ("AA", "KK", "QQ", "JJ")),       # 26.5: 24 is nearer than 30 (not "at least the share")
    (0.0235, ("AA", "KK", "QQ", "JJ", "TT")),   # 31.2: 30 is nearer than 24
    (0.05, ("AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs", "77", "AQs", "AJs", "AKo")),
])
def test_top_classes_takes_classes_while_the_combos_get_nearer_to_the_share(share, classes):
    assert top_classes(share) == classes


@pytest.mark.parametrize("percent", [1, 2, 15, 33.3, 50, 100])
def test_top_classes_is_the_rule_of_percentage_ranges(percent):
    classes = top_classes(percent / 100)
    assert classes == tuple(row.hand for row in preflop_order()[:len(classes)])
    assert {hand_class(c) for c in percentile_range(percent)} == set(classes)
    assert parse_range(f"top {percent}%") == parse_range(f"{percent}%") == percentile_range(percent)


@pytest.mark.parametrize("share", [0, -0.1, 1.01, float("nan"), "0.5", None, True])
def test_top_classes_refuses_a_share_outside_0_to_1(share):
    with pytest.raises(InvalidDealError):
        top_classes(share)


def test_order_needs_every_class_once():
    categories = " ".join(["1"] + ["0"] * 8) * 2
    rows = [(hand, 1, 0, 1, " ".join(["2"] + ["0"] * 17)) for hand in HAND_CLASSES]
    assert len(order_rows(rows)) == 169
    with pytest.raises(ValueError, match="169"):
        order_rows(rows[:-1])
    with pytest.raises(ValueError, match="18 category counts"):
        order_rows([(hand, 1, 0, 1, categories[:3]) for hand in HAND_CLASSES])


def _forget_the_order() -> None:
    from pokerfsm.games import preflop as games_preflop
    from pokerfsm.precomputed import answers

    for cache in (shipped.preflop_order, answers._shipped_by_class, games_preflop._equities,
                  pokerfsm.ranges._parse_text):
        cache.cache_clear()


@pytest.fixture
def shipped_copy(tmp_path, monkeypatch):
    """A copy of the shipped order read in its place (damage it freely); the caches forget it afterwards."""
    copy = tmp_path / "preflop-order.csv"
    copy.write_bytes(shipped.ORDER_FILE.read_bytes())
    monkeypatch.setattr(shipped, "ORDER_FILE", copy)
    _forget_the_order()
    yield copy
    _forget_the_order()


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
    from pokerfsm.games.preflop import PREFLOP_EQUITY

    for ask in (preflop_order, lambda: top_classes(0.05), lambda: percentile_range(5),
                lambda: parse_range("top 5%"), lambda: PREFLOP_EQUITY["AA"]):
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
