"""PokerStove range grammar: counts, round trips over the whole domain, errors."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerfsm.cards import Card
from pokerfsm.errors import InvalidDealError, RangeParseError
from pokerfsm.preflop_order import preflop_order
from pokerfsm.ranges import ALL_COMBOS, HAND_CLASSES, HandRange, hand_class, parse_range, percentile_range


@pytest.mark.parametrize(
    "text, combos",
    [
        ("AA", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("KA", 16),
        ("QQ+", 18), ("22+", 78), ("22-55", 24), ("55-22", 24),
        ("A2s+", 48), ("A5s-A2s", 16), ("A2s-A5s", 16), ("K9+", 64), ("KQo", 12),
        ("T9s+", 4), ("AhKh", 1), ("Ah Kh", 1), ("random", 1326), ("RANDOM", 1326), ("??", 1326),
        ("XxXx", 1326), ("QQ+, AKs", 22), ("QQ+,AKs", 22), ("0.5(AA, KK)", 12),
        ("AA, 0.5(AA)", 6), ("AhAs, AA", 6), ("50%(AA), 25%(0.5(KK))", 12),
        ("JTs-KQs", 12), ("KQs-JTs", 12), ("T9o-QJo", 36), ("T8s-QTs", 12), ("AK-QJ", 48), ("54s-AKs", 40),
        ("QQ+ AKs", 22), ("QQ+;AKs", 22), ("QQ+ ; AKs,\tAQs", 26), ("A5s - A2s", 16), ("0.5(AA) KK", 12),
        ("AhKh QsQd", 2), ("Ah Kh, Qs Qd", 2), ("Ah Kh AA", 7), ("? ?", 1326), ("0.5(x x)", 1326),
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
        ("JTs-KQs", "KQs-JTs"),
        ("T9o-QJo", "QJo-T9o"),
        ("T8s, J9s, QTs", "QTs-T8s"),
        ("AK, KQ, QJ", "AK-QJ"),
        ("A2s+, KQs, QJs, JTs", "A2s+, KQs-JTs"),
        ("KQs KJs QJs QTs JTs J9s T9s T8s", "KQs-T9s, KJs-T8s"),  # two gap runs beat four kicker runs
        ("KQs, KJs, QJs, JTs", "KJs+, QJs-JTs"),                  # a tie: kicker runs first
        ("A2s+; K9s+; QTs+; JTs", "A2s+, K9s+, QTs+, JTs"),
        ("0.5(T9s-KQs) JTo-QKo", "KQo-JTo, 0.5(KQs-T9s)"),
    ],
)
def test_canonical_text(text, canonical):
    assert str(parse_range(text)) == canonical


weights = st.sampled_from([1.0, 0.5, 0.25, 0.1, 0.75])


@given(st.dictionaries(st.sampled_from(ALL_COMBOS), weights, min_size=1, max_size=120))
def test_text_round_trips(mapping):
    r = HandRange(mapping)
    assert parse_range(str(r)) == r


@given(st.dictionaries(st.sampled_from(ALL_COMBOS), st.floats(min_value=0.0, max_value=1.0, exclude_min=True),
                       min_size=1, max_size=12))
def test_text_round_trips_with_any_weight(mapping):
    """Any weight in (0, 1], however small: canonical text never uses scientific notation."""
    r = HandRange(mapping)
    text = str(r)
    assert "e" not in text and parse_range(text) == r and str(parse_range(text)) == text


@pytest.mark.parametrize("weight, text", [(0.00001, "0.00001(AA)"), (1e-300, "0." + "0" * 299 + "1(AA)"),
                                          (5e-324, "0." + "0" * 323 + "5(AA)"), (0.1 + 0.2, "0.30000000000000004(AA)")])
def test_tiny_weights_are_written_as_plain_decimals(weight, text):
    r = HandRange(dict.fromkeys(parse_range("AA"), weight))
    assert str(r) == text and parse_range(text) == r


@given(st.dictionaries(st.sampled_from(HAND_CLASSES), weights, min_size=1, max_size=80),
       st.dictionaries(st.sampled_from(ALL_COMBOS), weights, max_size=10))
def test_ranges_of_classes_round_trip(classes, combos):
    """Whole classes (where the spans apply), a few exact hands on top; the text is canonical."""
    mapping = {c: w for cls, w in classes.items() for c in parse_range(cls)}
    mapping.update(combos)
    r = HandRange(mapping)
    text = str(r)
    assert parse_range(text) == r
    assert str(parse_range(text)) == text


RANKS = "23456789TJQKA"


@st.composite
def range_texts(draw):
    """Range text as other tools write it: classes, spans of all three kinds in either order,
    exact hands, weights, and commas, semicolons or spaces between items."""
    def item():
        kind = draw(st.sampled_from(["", "s", "o"]))
        shape = draw(st.sampled_from(["class", "pairs", "kickers", "gap", "combo", "plus"]))
        if shape == "pairs":
            a, b = draw(st.lists(st.sampled_from(RANKS), min_size=2, max_size=2))
            return f"{a}{a}-{b}{b}"
        if shape == "combo":
            a, b = draw(st.lists(st.sampled_from(ALL_COMBOS), min_size=1, max_size=1))[0]
            return f"{a}{b}" if draw(st.booleans()) else f"{a} {b}"
        high = draw(st.integers(1, 12))
        low = draw(st.integers(0, high - 1))
        if shape == "class":
            return RANKS[high] + RANKS[low] + kind
        if shape == "plus":
            return RANKS[high] + RANKS[low] + kind + "+"
        if shape == "kickers":
            other = draw(st.integers(0, high - 1))
            ends = [RANKS[high] + RANKS[low] + kind, RANKS[high] + RANKS[other] + kind]
        else:
            gap = high - low
            other = draw(st.integers(gap, 12))
            ends = [RANKS[high] + RANKS[low] + kind, RANKS[other] + RANKS[other - gap] + kind]
        return "-".join(draw(st.permutations(ends)))

    parts = []
    for _ in range(draw(st.integers(1, 8))):
        text = item()
        if draw(st.integers(0, 4)) == 0:
            text = f"{draw(weights)}({text})"
        parts.append(text)
    separators = [draw(st.sampled_from([", ", ",", ";", " ", "; ", "  "])) for _ in parts[1:]]
    # Loose cards in a row are one hand ('Ah Kh Qs Qd' is a 4-card error): two combos written as
    # loose cards need a comma or a semicolon between them, as other tools write them.
    loose = [" " in part and "(" not in part and "-" not in part for part in parts]
    separators = [", " if sep.isspace() and loose[i] and loose[i + 1] else sep
                  for i, sep in enumerate(separators)]
    return parts[0] + "".join(sep + part for sep, part in zip(separators, parts[1:]))


@given(range_texts())
def test_text_from_other_tools_round_trips(text):
    r = parse_range(text)
    canonical = str(r)
    assert parse_range(canonical) == r
    assert str(parse_range(canonical)) == canonical
    assert parse_range(text.replace(";", ",")) == r


def test_gap_spans_match_their_classes():
    """Every span between two classes with the same gap, in both orders, is the classes between."""
    for kind in ("", "s", "o"):
        for gap in range(1, 13):
            for top in range(gap, 13):
                for bottom in range(gap, top + 1):
                    ends = [RANKS[top] + RANKS[top - gap] + kind, RANKS[bottom] + RANKS[bottom - gap] + kind]
                    listed = ", ".join(RANKS[h] + RANKS[h - gap] + kind for h in range(bottom, top + 1))
                    assert parse_range("-".join(ends)) == parse_range("-".join(ends[::-1])) == parse_range(listed)


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
        ("A5s-K2s", "same gap"),
        ("JTs-KQo", "both ends"),
        ("22-AK", "a pair spans only to a pair"),
        ("AA;;KK", "empty item at column 4"),
        ("AA; ", "empty item at column 5"),
        (";AA", "empty item at column 1"),
        ("Ah Kh Qs Qd", "'Ah Kh Qs Qd' at column 1 of range 'Ah Kh Qs Qd': an exact hand has 2 cards, got 4"),
        ("AA Ah", "'Ah' at column 4 of range 'AA Ah': an exact hand has 2 cards, got 1"),
        ("Ah Ah", "two different cards"),
        ("QQ+ -AK", "'QQ+ -AK' at column 1"),
        ("AA 0.5 KK", "'0.5' at column 4"),
        ("(AA)", "'(' at column 1 of range '(AA)' has no weight"),
        ("AA, (KK)", "'(' at column 5"),
        ("0.5((AA))", "'(' at column 5"),
        ("0(AA)", "not in (0, 1]"),
        ("1.5(AA)", "not in (0, 1]"),
        ("150%(AA)", "not in (0, 1]"),
        ("0.5(AA", "missing ')'"),
        ("AA)", "unmatched ')'"),
        ("0.5(AA)KK", "expected ','"),
        ("0.5 AA", "'0.5' at column 1 of range '0.5 AA': a weight applies to items in parentheses"),
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


@pytest.mark.parametrize("text, token", [
    ("top \u0661\u0665%", "'top \u0661\u0665%'"),   # Arabic-Indic 15
    ("\u0661\u0665%", "'\u0661\u0665%'"),
    ("\uff11\uff15%", "'\uff11\uff15%'"),           # fullwidth 15
    ("0.\u0665(AA)", "'0.\u0665'"),
    ("\u0665\u0660%(AA)", "'\u0665\u0660%'"),
    ("\u0967(KK)", "'\u0967'"),                     # Devanagari 1
])
def test_numbers_take_ascii_digits_only(text, token):
    with pytest.raises(RangeParseError) as info:
        parse_range(text)
    assert str(info.value).startswith(f"{token} at column 1 of range {text!r}")


def test_bad_weight_in_mapping():
    with pytest.raises(RangeParseError):
        HandRange({(Card("As"), Card("Ah")): 2.0})


@pytest.mark.parametrize("value", [None, 3, ["AA"]])
def test_non_text(value):
    with pytest.raises(RangeParseError):
        parse_range(value)


@given(st.one_of(st.text(alphabet="AKQJT98765432sohdcx+-,;() .%?5\t", max_size=40), st.text(max_size=20)))
def test_any_text_parses_or_raises_a_range_error(text):
    try:
        r = parse_range(text)
    except RangeParseError as exc:
        assert "\n" not in str(exc) or "\n" in text
    else:
        assert len(r) >= 1 and parse_range(str(r)) == r


# ---------------------------------------------------------------- percentage ranges


def test_a_percentage_alone_is_the_strongest_share_of_combos_and_before_a_parenthesis_a_weight():
    top = percentile_range(15)
    assert parse_range("15%") == parse_range("top 15%") == parse_range("TOP 15.0%") == top
    assert {hand_class(c) for c in top} == {row.hand for row in preflop_order() if row.cumulative_combos <= len(top)}
    assert parse_range("50%(KK)") == parse_range("0.5(KK)")
    assert len(parse_range("50%")) == len(percentile_range(50)) > 600
    mixed = parse_range("0.5(top 10%), 72o")
    assert {c for c, w in mixed.items() if w == 0.5} == set(percentile_range(10))
    assert mixed.weight(("7h", "2c")) == 1.0
    assert len(parse_range("100%")) == 1326


def test_percentile_ranges():
    assert len(percentile_range(100)) == 1326
    assert str(percentile_range(0.5)) == "AA"
    assert str(percentile_range("1")) == "KK+"
    assert str(percentile_range(2)) == "JJ+"      # 26.5 combos: 24 is nearer than 30
    smaller, larger = percentile_range(10), percentile_range(20)
    assert set(smaller) < set(larger)
    assert abs(len(smaller) - 132.6) <= max(row.combos for row in preflop_order()) / 2
    for bad in (0, -3, 101, "lots", None, float("nan")):
        with pytest.raises(InvalidDealError):
            percentile_range(bad)


@given(st.floats(min_value=0.01, max_value=99.0))
def test_percentage_ranges_take_the_nearest_whole_classes_and_grow_with_the_percentage(percent):
    text = f"{percent:.2f}%"
    value = float(text[:-1])
    r = parse_range(text)
    assert abs(len(r) - value * 1326 / 100) <= 6   # whole classes: at most half the largest class off
    assert set(r) <= set(parse_range(f"{value + 1:.2f}%"))


@pytest.mark.parametrize("text, token", [
    ("0%", "'0%'"), ("101%", "'101%'"), ("top x%", "'top x%'"), ("top", "'top'"), ("top AA", "'top AA'"),
    ("AA, top 15%(KK)", "'top 15%'"), ("x%", "'x%'"), ("top 0.0%", "'top 0.0%'"), ("KK 200%", "'200%'"),
])
def test_bad_percentages_are_one_range_error_quoting_the_token(text, token):
    with pytest.raises(RangeParseError) as info:
        parse_range(text)
    message = str(info.value)
    assert message.startswith(f"{token} at column ") and repr(text) in message and "percentage" in message


def test_a_percentage_range_is_a_player():
    from pokerfsm.odds import prepare_deal

    deal = prepare_deal(["AhKh", "top 10%"])
    assert deal.seats[1].range is not None and len(deal.seats[1].given_range) == len(parse_range("10%"))
