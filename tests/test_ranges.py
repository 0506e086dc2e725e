"""PokerStove range grammar: counts, round trips over the whole domain, errors."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerfsm.cards import Card
from pokerfsm.errors import RangeParseError
from pokerfsm.ranges import ALL_COMBOS, HAND_CLASSES, HandRange, hand_class, parse_range


@pytest.mark.parametrize(
    "text, combos",
    [
        ("AA", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("KA", 16),
        ("QQ+", 18), ("22+", 78), ("22-55", 24), ("55-22", 24),
        ("A2s+", 48), ("A5s-A2s", 16), ("A2s-A5s", 16), ("K9+", 64), ("KQo", 12),
        ("T9s+", 4), ("AhKh", 1), ("Ah Kh", 1), ("random", 1326), ("RANDOM", 1326), ("??", 1326),
        ("XxXx", 1326), ("QQ+, AKs", 22), ("QQ+,AKs", 22), ("0.5(AA, KK)", 12),
        ("AA, 0.5(AA)", 6), ("AhAs, AA", 6), ("50%(AA), 25%(0.5(KK))", 12),
    ],
)
def test_combo_counts(text, combos):
    assert len(parse_range(text)) == combos


@pytest.mark.parametrize(
    "text, hand, weight",
    [
        ("0.5(AA, KK)", "AsAh", 0.5),
        ("0.5(AA, KK)", "KdKc", 0.5),
        ("0.5(AA, KK)", "QdQc", 0.0),
        ("AA, 0.5(AA)", "AsAh", 0.5),  # later items override
        ("0.5(AA), AA", "AsAh", 1.0),
        ("50%(AA, 0.5(KK))", "KsKh", 0.25),
        ("QQ+, AKs", "AhKh", 1.0),
        ("QQ+, AKs", "AhKd", 0.0),
    ],
)
def test_weights(text, hand, weight):
    r = parse_range(text)
    assert r.weight((hand[:2], hand[2:])) == weight


@pytest.mark.parametrize("cls", HAND_CLASSES)
def test_every_class_round_trips(cls):
    r = parse_range(cls)
    assert len(r) == (6 if len(cls) == 2 else 4 if cls.endswith("s") else 12)
    assert {hand_class(c) for c in r} == {cls}
    assert str(r) == cls
    assert parse_range(str(r)) == r


def test_classes_partition_the_deck():
    assert len(HAND_CLASSES) == len(set(HAND_CLASSES)) == 169
    assert sum(len(parse_range(c)) for c in HAND_CLASSES) == len(ALL_COMBOS) == 1326
    assert {hand_class(c) for c in ALL_COMBOS} == set(HAND_CLASSES)


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("QQ+,AKs", "QQ+, AKs"),
        ("55-22", "55-22"),
        ("22, 33, 44", "44-22"),
        ("AKs, AKo", "AK"),
        ("A2s+", "A2s+"),
        ("T9s+", "T9s"),
        ("0.5(AA,KK)", "0.5(KK+)"),
        ("random", "random"),
        ("AhKh, AsKs", "AhKh, AsKs"),
    ],
)
def test_canonical_text(text, canonical):
    assert str(parse_range(text)) == canonical


weights = st.sampled_from([1.0, 0.5, 0.25, 0.1, 0.75])


@given(st.dictionaries(st.sampled_from(ALL_COMBOS), weights, min_size=1, max_size=120))
def test_text_round_trips(mapping):
    r = HandRange(mapping)
    assert parse_range(str(r)) == r


@given(st.sets(st.sampled_from(HAND_CLASSES), min_size=1, max_size=40))
def test_class_lists_round_trip(classes):
    r = parse_range(", ".join(sorted(classes)))
    assert {hand_class(c) for c in r} == classes
    assert parse_range(str(r)) == r


def test_without_removes_blocked_combos():
    r = parse_range("AA, KK").without([Card("As"), Card("Kd")])
    assert len(r) == 6
    assert all("As" not in (str(a), str(b)) for a, b in r)


def test_random_range():
    assert HandRange.random().is_random
    assert not parse_range("random").without([Card("2s")]).is_random


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "empty item at column 1"),
        ("AK,", "empty item at column 4"),
        ("ZZ", "'ZZ' at column 1"),
        ("QQ+, AKx", "'AKx' at column 6"),
        ("AAs", "neither suited nor offsuit"),
        ("AAs-KKs", "neither suited nor offsuit"),
        ("A5s-A2o", "both ends"),
        ("A5s-K2s", "same top card"),
        ("0(AA)", "not in (0, 1]"),
        ("1.5(AA)", "not in (0, 1]"),
        ("150%(AA)", "not in (0, 1]"),
        ("0.5(AA", "missing ')'"),
        ("AA)", "unmatched ')'"),
        ("0.5(AA)KK", "expected ','"),
        ("0.5 AA", "'0.5 AA' at column 1"),
        ("x(AA)", "not a weight"),
        ("AhKhQh", "2 cards, got 3"),
        ("AhAh", "two different cards"),
    ],
)
def test_bad_ranges(text, fragment):
    with pytest.raises(RangeParseError) as info:
        parse_range(text)
    assert fragment in str(info.value)
    assert repr(text) in str(info.value) or not text


def test_bad_weight_in_mapping():
    with pytest.raises(RangeParseError):
        HandRange({(Card("As"), Card("Ah")): 2.0})


@pytest.mark.parametrize("value", [None, 3, ["AA"]])
def test_non_text(value):
    with pytest.raises(RangeParseError):
        parse_range(value)
