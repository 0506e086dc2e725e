"""The classes of 4-card Omaha starting hands, the shipped order behind Omaha ``top X%``, and its checks."""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from pokerfsm import equity
from pokerfsm.cards import Card
from pokerfsm.combos import SUIT_PERMUTATIONS, relabel
from pokerfsm.errors import RangeParseError, StoreCorruptError
from pokerfsm.omaha_order import (
    ORDER_FILE,
    PLO4_HANDS,
    class_combos,
    class_equity,
    class_name,
    class_of_hand,
    hand_classes,
    omaha_order,
    order_classes,
    parse_omaha_order,
    plo4_classes,
    render_omaha_order,
    top_plo4_masks,
)
from pokerfsm.omaha_patterns import subset_masks
from pokerfsm.omaha_ranges import parse_omaha_range

CLASSES = 16_432


# ----------------------------------------------------------------- the classes

def test_there_are_16432_classes_holding_the_270725_hands():
    assert len(plo4_classes()) == CLASSES
    assert sum(class_combos(i) for i in range(CLASSES)) == PLO4_HANDS == 270_725
    assert np.bincount(hand_classes(), minlength=CLASSES).tolist() == [class_combos(i) for i in range(CLASSES)]


def test_a_class_is_a_hand_up_to_the_suits_by_brute_force():
    """Over every relabelling of a random sample of hands: one class per orbit, other orbits elsewhere."""
    rng = random.Random(5)
    for _ in range(200):
        hand = rng.sample(range(52), 4)
        orbit = {tuple(sorted(relabel(hand, perm))) for perm in SUIT_PERMUTATIONS}
        index = class_of_hand(hand)
        assert {class_of_hand(list(h)) for h in orbit} == {index}
        assert class_combos(index) == len(orbit)
        assert min(orbit) == plo4_classes()[index]


def test_a_class_name_reads_back_as_exactly_its_hands():
    rng = random.Random(7)
    for index in [0, CLASSES - 1, *rng.sample(range(CLASSES), 150)]:
        hands = parse_omaha_range(class_name(index))
        assert len(hands) == class_combos(index)
        assert {class_of_hand([int(c) for c in hand]) for hand in hands} == {index}
    assert class_name(class_of_hand([int(Card(c)) for c in ("Ac", "Ad", "Kc", "Kd")])) == "AxAyKxKy"
    assert class_name(class_of_hand([int(Card(c)) for c in ("As", "Kh", "Qd", "Jc")])) == "AxKyQzJw"
    assert len({class_name(i) for i in range(CLASSES)}) == CLASSES


# ----------------------------------------------------------------- the file's checks

def made_up_order(samples: int = 1000) -> str:
    """An order file of made-up counts (not the shipped one): every class, counts adding up."""
    rng = random.Random(11)
    rows = []
    for index in range(CLASSES):
        wins = rng.randrange(samples)
        ties = rng.randrange(samples - wins + 1)
        rows.append((class_name(index), samples, wins, ties, samples - wins - ties))
    return render_omaha_order(order_classes(rows))


def test_an_order_reads_back_and_is_ranked_by_its_counts():
    text = made_up_order()
    order = parse_omaha_order(text)
    assert render_omaha_order(order) == text
    assert [row.rank for row in order] == list(range(1, CLASSES + 1))
    assert all(a.equity >= b.equity for a, b in itertools.pairwise(order))
    assert order[-1].cumulative_combos == PLO4_HANDS
    for row in order[:50]:
        assert (row.equity, row.std_error) == class_equity(row.wins, row.ties, row.samples)


@pytest.mark.parametrize(("change", "line", "says"), [
    (lambda lines: lines.__setitem__(5, lines[5].replace(",1000,", ",1001,", 1)), 6, "do not add up"),
    (lambda lines: lines.__setitem__(5, lines[6].replace(lines[6].split(",")[0] + ",", "6,", 1)), 7, "comes twice"),
    (lambda lines: lines.__setitem__(3, lines[3].replace(lines[3].split(",")[4], "0.999999999")), 4,
     "not what its counts give"),
    (lambda lines: lines.__setitem__(3, lines[3].replace(lines[3].split(",")[1], "AxAxKK")), 4, "not a class"),
    (lambda lines: lines.__setitem__(3, ",".join(lines[3].split(",")[:-1] + ["x"])), 4, "not whole numbers"),
    (lambda lines: lines.pop(), CLASSES + 1, "16,431 classes"),
    (lambda lines: lines.__setitem__(0, "rank,hand"), 1, "header"),
])
def test_a_damaged_order_names_its_line(change, line, says):
    lines = made_up_order().splitlines()
    change(lines)
    with pytest.raises(ValueError, match=f"^line {line}: .*{says}"):
        parse_omaha_order("\n".join(lines) + "\n")


def test_a_damaged_shipped_file_is_one_store_error_naming_file_and_line(monkeypatch, tmp_path):
    import pokerfsm.omaha_order as module

    damaged = tmp_path / "omaha-order.csv"
    lines = ORDER_FILE.read_text(encoding="utf-8").splitlines()
    lines[9] = lines[9].replace(",", ";", 1)
    damaged.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setattr(module, "ORDER_FILE", damaged)
    module.omaha_order.cache_clear()
    try:
        with pytest.raises(StoreCorruptError, match=r"omaha-order.csv:10: .*reinstall pokerfsm") as caught:
            module.omaha_order()
        assert caught.value.line == 10
    finally:
        module.omaha_order.cache_clear()


# ----------------------------------------------------------------- the shipped order

def test_the_shipped_order_holds_every_class_once_and_every_hand():
    order = omaha_order()
    assert len(order) == CLASSES and len({row.hand for row in order}) == CLASSES
    assert sum(row.combos for row in order) == order[-1].cumulative_combos == PLO4_HANDS
    assert max(row.std_error for row in order) <= 0.002
    top = {row.hand for row in order[:20]}
    assert "AxAyKxKy" in top                             # double-suited aces and kings
    assert {row.hand for row in order[-20:]} & {"2x2y2z2w", "3x3y3z3w", "4x4y4z4w"}  # quads are the worst


@pytest.mark.parametrize("hand", ["AsAhKsKh", "Ks Qs Jh Th", "7c6c5d4d", "AcKdQhJs", "2c2d2h2s", "As8h5d2c"])
def test_shipped_equities_agree_with_an_independent_estimate(hand):
    """The stored figure of a class against pokerfsm.equity of another hand of it, with another seed."""
    cards = [int(c) for c in parse_omaha_range(hand.replace(" ", "")).arrays()[0][0]]
    stored = next(row for row in omaha_order() if row.hand == class_name(class_of_hand(cards)))
    perm = SUIT_PERMUTATIONS[13]
    other = [str(Card(c)) for c in relabel(cards, perm)]
    found = equity(["".join(other), None], game="omaha", samples=400_000, seed=99).players[0]
    assert abs(found.equity - stored.equity) <= 5 * np.hypot(found.std_error, stored.std_error)


# ----------------------------------------------------------------- top X %

@pytest.mark.parametrize("share", [0.001, 0.05, 0.1, 0.25, 0.5, 1.0])
def test_top_takes_whole_classes_in_order_nearest_the_share(share):
    """PokerStove's rule, checked against the order: the first classes whose hands come nearest the share."""
    order = omaha_order()
    index = {class_name(i): i for i in range(CLASSES)}
    masks = top_plo4_masks(share)
    assert np.all(masks[1:] > masks[:-1])
    chosen = set(hand_classes()[np.searchsorted(subset_masks(4), masks)].tolist())
    taken = len(chosen)
    assert chosen == {index[row.hand] for row in order[:taken]}
    assert len(masks) == order[taken - 1].cumulative_combos
    target = share * PLO4_HANDS
    sizes = [0] + [row.cumulative_combos for row in order]
    nearest = min(range(1, len(sizes)), key=lambda k: (abs(sizes[k] - target), k))
    assert taken == nearest


def test_top_10_percent_reads_as_a_range_and_writes_back():
    r = parse_omaha_range("top 10%")
    assert len(r) == len(top_plo4_masks(0.1))
    assert abs(len(r) - 27_072.5) <= 24
    assert str(r) == "top 10%" and parse_omaha_range(str(r)) == r
    assert parse_omaha_range("10%") == r == parse_omaha_range("TOP 10 %")
    assert str(parse_omaha_range("0.5(top 12.5%), AAxx")) == "0.5(top 12.5%), AAxx"
    best = omaha_order()[0].hand
    assert len(parse_omaha_range("top 0.0001%")) == len(parse_omaha_range(best))
    assert parse_omaha_range("top 100%").total_weight == PLO4_HANDS


def test_top_x_percent_in_omaha_equity():
    result = equity(["AsAhKsKh", "top 5%"], game="omaha", samples=50_000, seed=1)
    assert 0.5 < result.players[0].equity < 0.75


@pytest.mark.parametrize(("text", "game", "quoted", "says"), [
    ("top 0%", "omaha", "'top 0%'", "above 0 and at most 100"),
    ("AAxx, top 150%", "omaha", "'top 150%'", "above 0 and at most 100"),
    ("top", "omaha", "'top'", "a percentage range is 'top 10%'"),
    ("topx%", "omaha", "'topx%'", "a percentage range is 'top 10%'"),
    ("top 10%", "omaha5", "'top 10%'", "not 5-card Omaha"),
    ("KKxx; top 10%", "omaha-hi-lo", "'top 10%'", "not Omaha hi-lo"),
])
def test_a_bad_top_item_is_one_error_quoting_it(text, game, quoted, says):
    with pytest.raises(RangeParseError) as caught:
        parse_omaha_range(text, game)
    message = str(caught.value)
    assert message.startswith(f"{quoted} at column {text.index(quoted[1:-1]) + 1} of range") and says in message
