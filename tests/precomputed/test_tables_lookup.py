"""The lookup API answers exactly what enumeration answers."""
from __future__ import annotations

import random

import pytest
from tables_helpers import begin, commit_matchups

import pokerfsm
from pokerfsm.cards import Card
from pokerfsm.errors import CardParseError, DuplicateCardError, InvalidDealError, TableNotBuiltError
from pokerfsm.precomputed import lookup, symmetry
from pokerfsm.precomputed.rows import FLOP_SQUARE_SCALE
from pokerfsm.precomputed.tasks import flop_rows, run_task
from pokerfsm.precomputed.verify import flop_squares


def random_pairs(count, seed):
    rng = random.Random(seed)
    pairs = []
    for _ in range(count):
        cards = [str(Card(c)) for c in rng.sample(range(52), 4)]
        pairs.append((cards[0] + cards[1], cards[2] + cards[3]))
    return pairs


def test_matchups_equal_enumeration_on_a_random_sample(writable_store, table):
    begin(writable_store, "preflop-hu")
    pairs = random_pairs(40, 1) + [("AhAd", "KsKc")]
    commit_matchups(writable_store, pairs)
    for a, b in pairs:
        counts = [int(x) for x in (lambda p: (p.wins, p.ties, p.losses))(
            pokerfsm.equity([a, b], exact=True).players[0])]
        found = lookup.matchup(a, b)
        assert [found.wins, found.ties, found.losses] == counts and found.exact
        mirrored = lookup.matchup(b, a)
        assert [mirrored.wins, mirrored.ties, mirrored.losses] == counts[::-1]
    assert lookup.matchup("AhAd", "KsKc").wins == 1_388_072


@pytest.mark.parametrize("range1, range2", [
    ("AA, 0.5(KK)", "AKs, QQ"),
    ("AKs", "AKo, 0.25(AhKh)"),
    ("72o", "22"),
])
def test_range_vs_range_equals_exact_enumeration(writable_store, table, range1, range2):
    from pokerfsm.ranges import parse_range

    begin(writable_store, "preflop-hu")
    combos1, combos2 = list(parse_range(range1)), list(parse_range(range2))
    pairs = [(f"{a}{b}", f"{c}{d}") for a, b in combos1 for c, d in combos2
             if not {a, b} & {c, d}]
    commit_matchups(writable_store, pairs)
    expected = pokerfsm.equity([range1, range2], exact=True).players[0]
    found = lookup.range_vs_range(range1, range2)
    assert (found.wins, found.ties, found.losses) == (expected.wins, expected.ties,
                                                      expected.losses)
    assert found.equity == pytest.approx(expected.equity, abs=1e-12)


def test_incomplete_table_and_bad_input_are_clear_errors(writable_store):
    with pytest.raises(TableNotBuiltError, match="pokerfsm tables build preflop-hu"):
        lookup.matchup("AhAd", "KsKc")
    begin(writable_store, "preflop-hu")
    commit_matchups(writable_store, [("AhAd", "KsKc")])
    lookup.reload()
    with pytest.raises(TableNotBuiltError, match="preflop-hu"):
        lookup.range_vs_range("AA", "QQ")
    with pytest.raises(DuplicateCardError, match="'Ah'"):
        lookup.matchup("AhAd", "AhKs")
    with pytest.raises(CardParseError, match="Zz"):
        lookup.matchup("AhZz", "KsKc")
    with pytest.raises(InvalidDealError, match="2 cards"):
        lookup.matchup("AhAdAc", "KsKc")
    with pytest.raises(InvalidDealError, match="no pair"):
        lookup.range_vs_range("AhKh", "AhKh")


def test_vs_random_exact_and_monte_carlo_rows(writable_store, table):
    parameters = begin(writable_store, "preflop-vs-random", target_std_error=0.01)
    for task in (0, 2 * 169):             # AA against 1 and against 3 random hands
        result = run_task("preflop-vs-random", task, parameters)
        writable_store.commit_task("preflop-vs-random", task, result["rows"], 0.0, "test")
    one = lookup.vs_random("AsAc")
    # pokerfsm.equity(["AhAd", None], exact=True): the counts of every showdown
    assert (one.wins, one.ties, one.losses, one.exact) == (1_781_508_418, 11_402_312,
                                                           304_661_670, True)
    assert one.samples is None and one.std_error is None
    three = lookup.vs_random("AdAh", 3)
    assert not three.exact and three.samples > 1000 and three.std_error <= 0.01
    assert set(three.std_errors) == {"win", "tie", "lose", "equity"}
    outcomes = three.outcomes   # lost; won as one of 1-10; lost to 1-9 opponents sharing the best hand
    assert one.outcomes is None and len(outcomes) == 20
    assert (outcomes[0], outcomes[1], sum(outcomes[2:11])) == (three.losses, three.wins, three.ties)
    assert sum(outcomes[11:14]) == three.losses and sum(outcomes[5:11]) + sum(outcomes[14:]) == 0
    assert three.samples == three.wins + three.ties + three.losses
    assert abs(three.equity - 0.64) < 5 * three.std_error       # AA vs 3 random: 64.0 %
    with pytest.raises(InvalidDealError, match="1 to 9"):
        lookup.vs_random("AsAc", 10)
    with pytest.raises(TableNotBuiltError, match="KK against 1"):
        lookup.vs_random("KsKc")


@pytest.mark.parametrize(("opponents", "column", "text", "message"), [
    (1, "categories", "x y", "categories 'x y' do not add up"),
    (1, "categories", " ".join(["0"] * 18), "categories '0 0 .*' do not add up"),
    (3, "outcomes", "1 2", "outcomes '1 2' do not add up"),
    (3, "outcomes", " ".join(["-1"] + ["0"] * 19), "outcomes '-1 0 .*' do not add up"),
])
def test_a_damaged_vs_random_row_is_refused_and_equity_computes(writable_store, store_path, table, opponents,
                                                                column, text, message):
    import sqlite3

    from pokerfsm.errors import StoreCorruptError

    parameters = begin(writable_store, "preflop-vs-random", target_std_error=0.01)
    task = (opponents - 1) * 169                                 # AA against that many random hands
    writable_store.commit_task("preflop-vs-random", task, run_task("preflop-vs-random", task, parameters)["rows"],
                               0.0, "test")
    db = sqlite3.connect(store_path)
    with db:
        db.execute(f"UPDATE rows_preflop_vs_random SET {column} = ?", (text,))
    lookup.reload()
    with pytest.raises(StoreCorruptError, match=f"{store_path}.*row AA against {opponents} random hands?: {message}"
                                                ".*tables build preflop-vs-random --restart"):
        lookup.vs_random("AsAc", opponents)
    answer = pokerfsm.equity(["AsAc"] + [None] * opponents, budget=0.05, seed=1, target_std_error=0.01)
    if opponents == 1:   # the shipped order holds the same exact row, categories included
        expected = pokerfsm.equity(["AsAc", None], exact=True, tables=False)
        assert [(p.wins, p.ties, p.losses, p.categories) for p in answer.players] == \
            [(p.wins, p.ties, p.losses, p.categories) for p in expected.players]
    else:
        assert answer.method != "table"                          # computed: never a number from a bad row
    lookup.reload()


def test_flop_ehs_of_an_equivalent_spot(writable_store, table):
    begin(writable_store, "flop-ehs")
    flop = symmetry.canonical_board([Card("Ad"), Card("2h"), Card("6d")])
    writable_store.commit_task("flop-ehs", 0, flop_rows(flop), 0.0, "test")
    for hand, board in (("As Kd", "Ad 2h 6d"), ("Ks Qh", "Ac 6c 2s"), ("6h 6s", "Ac 2h 6c")):
        found = lookup.flop_ehs(hand, board)
        expected = pokerfsm.equity([hand, None], board=board, exact=True).players[0]
        assert (found.wins, found.ties, found.losses) == (expected.wins, expected.ties,
                                                          expected.losses)
        assert found.equity == pytest.approx(expected.equity, abs=1e-12)
        squares = flop_squares(list(pokerfsm.parse_cards(hand)), list(pokerfsm.parse_cards(board)))
        assert found.ehs2 == squares / FLOP_SQUARE_SCALE
    with pytest.raises(InvalidDealError, match="3 cards"):
        lookup.flop_ehs("AsKd", "Ad 2h")
    with pytest.raises(DuplicateCardError, match="'Ad'"):
        lookup.flop_ehs("AsAd", "Ad 2h 6d")
    with pytest.raises(TableNotBuiltError, match="flop-ehs"):
        lookup.flop_ehs("AsKd", "Qc Jc Tc")


def test_available_only_for_complete_tables(writable_store):
    assert not lookup.available("preflop-hu")
    begin(writable_store, "preflop-hu", classes_per_task=47008)
    commit_matchups(writable_store, [("AhAd", "KsKc")])
    assert not lookup.available("preflop-hu")
    writable_store.finish_build("preflop-hu")
    assert lookup.available("preflop-hu")
