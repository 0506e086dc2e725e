"""The short-deck order shipped with pokerfsm (pokerfsm.short_deck_order) and its top-X % rule."""
from __future__ import annotations

import importlib.util
import itertools
import math
import random
from pathlib import Path

import pytest

import pokerfsm
import pokerfsm.short_deck_order as shipped
from pokerfsm.combos import HAND_CLASSES, class_combos
from pokerfsm.errors import InvalidDealError, StoreCorruptError
from pokerfsm.preflop_order import top_classes
from pokerfsm.ranges import parse_range
from pokerfsm.ranking import HandCategory
from pokerfsm.short_deck_order import (
    SHORT_DECK_CLASSES,
    SHORT_DECK_COMBOS,
    SHORT_DECK_VS_RANDOM_SHOWDOWNS,
    short_deck_order,
    top_short_deck_classes,
)


def test_the_classes_are_those_of_six_to_ace():
    assert len(SHORT_DECK_CLASSES) == 81 and SHORT_DECK_COMBOS == math.comb(36, 2) == 630
    assert {"AA", "66", "A6s", "76o"} <= set(SHORT_DECK_CLASSES)
    assert not {"55", "A5s", "65o", "22"} & set(SHORT_DECK_CLASSES)
    assert [c for c in HAND_CLASSES if c in SHORT_DECK_CLASSES] == list(SHORT_DECK_CLASSES)
    assert math.comb(34, 2) * math.comb(32, 5) == SHORT_DECK_VS_RANDOM_SHOWDOWNS


def test_the_shipped_order_is_complete_and_sorted():
    order = short_deck_order()
    assert sorted(row.hand for row in order) == sorted(SHORT_DECK_CLASSES)
    assert [row.rank for row in order] == list(range(1, 82))
    assert order[-1].cumulative_combos == 630
    for before, row in itertools.pairwise(order):
        assert before.equity >= row.equity
        assert row.cumulative_combos == before.cumulative_combos + class_combos(row.hand)
    for row in order:
        assert row.wins + row.ties + row.losses == SHORT_DECK_VS_RANDOM_SHOWDOWNS
        assert sum(row.hand_categories) == sum(row.random_categories) == SHORT_DECK_VS_RANDOM_SHOWDOWNS
    assert order[0].hand == "AA"


def test_a_sample_of_the_order_recomputed_by_enumeration_with_other_suits(table):
    order = short_deck_order()
    row = random.Random(7).choice(order)
    hand = random.Random(row.rank).choice(list(parse_range(row.hand)))
    player, other = pokerfsm.equity([list(hand), None], game="short-deck", exact=True, tables=False).players
    assert (row.wins, row.ties, row.losses) == (player.wins, player.ties, player.losses)
    for counts, seat in ((row.hand_categories, player), (row.random_categories, other)):
        assert {c.name: n / SHORT_DECK_VS_RANDOM_SHOWDOWNS for c, n in zip(HandCategory, counts)} == seat.categories


def test_top_classes_follow_the_nearest_share_of_the_630_combos():
    order = short_deck_order()
    assert top_short_deck_classes(1e-9) == ("AA",)
    assert top_short_deck_classes(1.0) == tuple(row.hand for row in order)
    for percent in (2, 5, 10, 15, 33.3, 50):
        classes = top_short_deck_classes(percent / 100)
        taken = order[len(classes) - 1].cumulative_combos
        target = percent / 100 * 630
        assert abs(taken - target) <= abs(order[len(classes)].cumulative_combos - target)
        if len(classes) > 1:
            assert abs(taken - target) < abs(order[len(classes) - 2].cumulative_combos - target)
        assert classes == tuple(row.hand for row in order[:len(classes)])
    assert top_short_deck_classes(0.15) != top_classes(0.15)   # not hold'em's order


@pytest.mark.parametrize("share", [0, -0.1, 1.01, float("nan"), "0.5", None, True])
def test_top_classes_refuses_a_share_outside_0_to_1(share):
    with pytest.raises(InvalidDealError):
        top_short_deck_classes(share)


@pytest.fixture
def shipped_copy(tmp_path, monkeypatch):
    """A copy of the shipped order read in its place (damage it freely); the cache forgets it afterwards."""
    copy = tmp_path / "short-deck-order.csv"
    copy.write_bytes(shipped.ORDER_FILE.read_bytes())
    monkeypatch.setattr(shipped, "ORDER_FILE", copy)
    shipped.short_deck_order.cache_clear()
    yield copy
    shipped.short_deck_order.cache_clear()


@pytest.mark.parametrize(("damage", "line", "problem"), [
    (lambda text: text[:len(text) // 2], 42, "categories .* do not add up|fields"),
    (lambda text: text.replace("AA", "22", 1), 2, "'22' is not a class"),
    (lambda text: text.replace(",AA,", ",KK,", 1), 3, "'KK' is not a class, or comes twice"),
    (lambda text: "", 1, "the header is not"),
])
def test_a_damaged_shipped_order_is_one_clear_error(shipped_copy, damage, line, problem):
    shipped_copy.write_text(damage(shipped_copy.read_text()))
    for ask in (short_deck_order, lambda: top_short_deck_classes(0.05),
                lambda: pokerfsm.equity(["AhKh", "top 5%"], game="short-deck")):
        with pytest.raises(StoreCorruptError, match=f"{shipped_copy}:{line}: .*({problem}).*reinstall pokerfsm"):
            ask()


def test_a_count_changed_is_caught():
    text = shipped.ORDER_FILE.read_text()
    first = text.splitlines()[1].split(",")
    changed = text.replace(f",{first[5]},", f",{int(first[5]) + 1},", 1)
    with pytest.raises(ValueError, match="line 2: AA: wins \\+ ties \\+ losses"):
        shipped.parse_short_deck_order(changed)


SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "write_short_deck_order.py"


@pytest.fixture(scope="module")
def script():
    spec = importlib.util.spec_from_file_location("write_short_deck_order", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_enumerates_a_class_as_the_file_holds_it(script, table):
    row = next(r for r in short_deck_order() if r.hand == "T9s")
    assert script.class_row("T9s") == ("T9s", row.wins, row.ties, row.losses,
                                       " ".join(map(str, row.hand_categories + row.random_categories)))


def test_the_script_writes_the_order_checked_and_leaves_a_right_file_alone(script, tmp_path, monkeypatch, capsys):
    rows = {r.hand: (r.hand, r.wins, r.ties, r.losses, " ".join(map(str, r.hand_categories + r.random_categories)))
            for r in short_deck_order()}
    monkeypatch.setattr(script, "class_row", rows.__getitem__)   # the enumeration is tested above
    output = tmp_path / "short-deck-order.csv"
    assert script.main(["--output", str(output)]) == 0
    assert output.read_bytes() == shipped.ORDER_FILE.read_bytes()
    assert script.main(["--output", str(output)]) == 0 and "already" in capsys.readouterr().out
    assert script.main(["--output", str(output), "--check"]) == 0
    output.write_text(output.read_text().replace("AA", "KK", 1))
    assert script.main(["--output", str(output), "--check"]) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["short-deck-order.csv"]   # no temporary file left
