"""The short-deck tables: their rows and checks, the answers ``equity(game="short-deck")`` takes from them
(equal to the computed ones), a build that resumes after SIGKILL, and verify."""
from __future__ import annotations

import dataclasses
import itertools
import random

import numpy as np
import pytest
from tables_helpers import begin, damage, exact_rows_from_order, table_rows, tasks_done

import pokerfsm
from pokerfsm.cards import Card
from pokerfsm.cli import main
from pokerfsm.combos import SUIT_PERMUTATIONS
from pokerfsm.errors import StoreCorruptError, StoreError, TableNotBuiltError
from pokerfsm.evaluation.short_deck_compact import short_deck_compact_tables
from pokerfsm.odds.results import Method
from pokerfsm.precomputed import lookup, short_deck_tables, symmetry
from pokerfsm.precomputed.checks import row_name, row_problem
from pokerfsm.precomputed.engine import build, table_parameters
from pokerfsm.precomputed.store import Store, writer_lock
from pokerfsm.precomputed.tasks import SPECS, hand_rank_checksum, run_task
from pokerfsm.precomputed.verify import verify
from pokerfsm.short_deck_order import (
    SHORT_DECK_CLASSES,
    SHORT_DECK_HU_BOARDS,
    SHORT_DECK_VS_RANDOM_SHOWDOWNS,
    short_deck_order,
)

HU, VS = short_deck_tables.HU_NAME, short_deck_tables.VS_RANDOM_NAME
HU_TASKS = 2
"""Tasks of short-deck-preflop-hu built by the tests that need rows: 5 classes each."""


def as_dict(name, row) -> dict:
    return dict(zip(SPECS[name].column_names, row))


def test_the_matchup_classes_are_every_class_of_two_short_deck_hands():
    deck = [c for c in range(16, 52)]
    hands = np.array(list(itertools.combinations(deck, 2)), dtype=np.uint8)
    first, second = np.repeat(np.arange(len(hands)), len(hands)), np.tile(np.arange(len(hands)), len(hands))
    free = (np.take(hands, first, axis=0)[:, :, None] != np.take(hands, second, axis=0)[:, None, :]).all(axis=(1, 2))
    keys, _ = symmetry.matchup_key(np.concatenate([hands[first[free]], hands[second[free]]], axis=1))
    assert np.array_equal(np.unique(keys), short_deck_tables.matchup_classes())
    assert SPECS[HU].rows == len(short_deck_tables.matchup_classes()) == 10_215
    assert SPECS[HU].tasks(SPECS[HU].defaults) == 103
    assert SPECS[VS].rows == SPECS[VS].tasks(SPECS[VS].defaults) == 81 * 9


@pytest.fixture
def hu_store(store_path, table):
    """A store with the first tasks of short-deck-preflop-hu (5 classes each), as the workers compute them."""
    with writer_lock(store_path), Store.open(store_path, create=True) as store:
        parameters = begin(store, HU, classes_per_task=5)
        for task in range(HU_TASKS):
            store.commit_task(HU, task, run_task(HU, task, parameters)["rows"], 0.0, "test")
    lookup.reload()
    return store_path


@pytest.fixture
def vs_store(store_path, table):
    """A store with short-deck-vs-random's exact rows, and AKs against 2 random hands sampled (0.01)."""
    with writer_lock(store_path), Store.open(store_path, create=True) as store:
        parameters = begin(store, VS, target_std_error=0.01)
        store.commit_task(VS, 0, exact_rows_from_order(short_deck=True), 0.0, "test")
        task = 81 + SHORT_DECK_CLASSES.index("AKs")
        store.commit_task(VS, task, run_task(VS, task, parameters)["rows"], 0.0, "test")
    lookup.reload()
    return store_path


def without_time(result):
    return dataclasses.replace(result, elapsed_s=0.0, method=Method.TABLE)


def relabelled(key: int, rng: random.Random) -> list[list[Card]]:
    perm = rng.choice(SUIT_PERMUTATIONS)
    hands = [[Card(4 * (c // 4) + perm[c % 4]) for c in hand] for hand in symmetry.unpack_matchup(key)]
    rng.shuffle(hands)
    return hands


def test_hu_rows_are_exact_with_both_hands_categories(hu_store):
    rows = table_rows(hu_store, HU)
    assert len(rows) == 5 * HU_TASKS
    for row in rows:
        assert row_problem(HU, as_dict(HU, row)) is None
        assert row[3] + row[4] + row[5] == SHORT_DECK_HU_BOARDS


def test_known_hands_are_answered_from_the_table_as_enumeration_answers(hu_store):
    rng = random.Random(3)
    for row in table_rows(hu_store, HU):
        hands = relabelled(row[0], rng)
        stored = pokerfsm.equity(hands, game="short-deck")
        computed = pokerfsm.equity(hands, game="short-deck", tables=False)
        assert stored.method == Method.TABLE and computed.method == Method.ENUMERATION
        assert without_time(stored) == without_time(computed)
        assert stored.game == "short-deck" and stored.players[0].categories


def commit_classes_of(store_path, range1: str, range2: str) -> None:
    """Compute and commit the short-deck-preflop-hu rows of every matchup the two ranges hold."""
    from pokerfsm.ranges import parse_range

    pairs = [[*a, *b] for a in parse_range(range1) for b in parse_range(range2) if not set(a) & set(b)]
    keys, _ = symmetry.matchup_key(np.array([[int(c) for c in pair] for pair in pairs], dtype=np.uint8))
    with writer_lock(store_path), Store.open(store_path, create=True) as store:
        begin(store, HU, classes_per_task=5)
        store.commit_task(HU, 0, short_deck_tables.hu_rows(np.unique(keys)), 0.0, "test")
    lookup.reload()


@pytest.mark.parametrize("players", [
    ["QQ+", "AKs"],
    ["AhKh", "0.5(KK), AA, 0.25(AQs)"],
    ["JJ+, AKs", "AhAd"],
])
def test_ranges_are_answered_from_the_table_as_enumeration_answers(store_path, table, players):
    commit_classes_of(store_path, *[p if len(p) != 4 else f"{p[:2]} {p[2:]}" for p in players])
    stored = pokerfsm.equity(players, game="short-deck")
    computed = pokerfsm.equity(players, game="short-deck", tables=False)
    assert stored.method == Method.TABLE and computed.method == Method.ENUMERATION
    assert without_time(stored) == without_time(computed)


def test_a_hand_against_a_random_hand_is_the_shipped_row_and_enumeration(vs_store):
    stored = pokerfsm.equity(["KdQd", None], game="short-deck")
    assert stored.method == Method.TABLE and stored.exact
    computed = pokerfsm.equity([None, "KhQh"], game="short-deck", tables=False)
    flipped = pokerfsm.equity([None, "KhQh"], game="short-deck")
    assert without_time(flipped) == without_time(computed)
    assert stored.players[0].wins == computed.players[1].wins


def test_without_a_store_the_shipped_order_answers_a_hand_against_a_random_hand(store_path):
    answer = pokerfsm.equity(["AsAd", None], game="short-deck")
    row = short_deck_order()[0]
    assert answer.method == Method.TABLE and (answer.players[0].wins, answer.players[0].losses) == (row.wins,
                                                                                                   row.losses)
    assert pokerfsm.equity(["AsAd", None], game="short-deck", tables=False).method == Method.ENUMERATION


def test_a_sampled_row_answers_when_it_is_precise_enough(vs_store):
    row = lookup.short_deck_vs_random("AhKh", 2)
    assert not row.exact and row.samples == 2_500 and row.std_error <= 0.01
    answer = pokerfsm.equity(["AhKh", None, None], game="short-deck", target_std_error=0.01)
    assert answer.method == Method.TABLE and not answer.exact and answer.std_error == row.std_error
    assert answer.combinations == 2_500 and answer.players[0].wins == row.wins
    assert answer.players[1].equity == pytest.approx(answer.players[2].equity)
    assert sum(p.equity for p in answer.players) == pytest.approx(1.0)
    tighter = pokerfsm.equity(["AhKh", None, None], game="short-deck", target_std_error=0.005, seed=1)
    assert tighter.method == Method.MONTE_CARLO
    assert abs(tighter.players[0].equity - answer.players[0].equity) < 5 * (0.01 + 0.005)


def test_sampled_rows_are_seeded():
    parameters = {"target_std_error": 0.02, "seed": 7, "max_opponents": 9}
    assert short_deck_tables.vs_random_row(5, 3, parameters) == short_deck_tables.vs_random_row(5, 3, parameters)
    assert short_deck_tables.vs_random_row(5, 3, parameters) != short_deck_tables.vs_random_row(
        5, 3, {**parameters, "seed": 8})


def test_what_the_tables_do_not_take_is_computed(hu_store):
    key = int(short_deck_tables.matchup_classes()[0])
    hands = [list(map(Card, hand)) for hand in symmetry.unpack_matchup(key)]
    assert pokerfsm.equity(hands, game="short-deck", board="Ac Kc Qc").method == Method.ENUMERATION
    assert pokerfsm.equity(hands, game="short-deck", dead="Ac").method == Method.ENUMERATION
    assert pokerfsm.equity(["QQ+", "AK"], game="short-deck").method == Method.ENUMERATION   # rows not built
    assert pokerfsm.equity(["AhKh", "QsQd"], game="short-deck").method == Method.ENUMERATION   # not built
    assert pokerfsm.equity(hands, game="short-deck", exact=False, seed=1).method == Method.MONTE_CARLO
    with pytest.raises(TableNotBuiltError):
        lookup.short_deck_vs_random("AhKh", 1)


def test_a_damaged_row_is_named_and_the_answer_computed(hu_store):
    key = table_rows(hu_store, HU)[0][0]
    damage(hu_store, f"UPDATE rows_{HU.replace('-', '_')} SET wins = wins + 1 WHERE key = ?", key)
    hands = [list(map(Card, hand)) for hand in symmetry.unpack_matchup(key)]
    with pytest.raises(StoreCorruptError, match=f"row {row_name(HU, key)}: wins \\+ ties \\+ losses"):
        lookup.short_deck_matchup(*hands)
    assert pokerfsm.equity(hands, game="short-deck").method == Method.ENUMERATION


def test_a_damaged_exact_row_is_named_and_the_shipped_order_answers(vs_store):
    damage(vs_store, f"UPDATE rows_{VS.replace('-', '_')} SET wins = wins + 1, losses = losses - 1 "
                     "WHERE hand = 'AA' AND opponents = 1")
    with pytest.raises(StoreCorruptError, match="AA against 1 random hand: pot_share"):
        lookup.short_deck_vs_random("AhAd")
    answer = pokerfsm.equity(["AhAd", None], game="short-deck")
    assert answer.method == Method.TABLE and answer.players[0].wins == short_deck_order()[0].wins
    with Store.open(vs_store) as store:
        assert verify(store, VS, sample=0).damaged_rows == 1


def test_a_whole_row_unlike_the_shipped_order_is_distrusted(vs_store):
    """Counts and figures that agree with each other, but not with the order: neither source is trusted."""
    total = SHORT_DECK_VS_RANDOM_SHOWDOWNS
    damage(vs_store, f"UPDATE rows_{VS.replace('-', '_')} SET wins = wins + 2, losses = losses - 2, "
                     "pot_share = pot_share + 2, win = (wins + 2) * 1.0 / ?, lose = (losses - 2) * 1.0 / ?, "
                     "equity = (pot_share + 2) / ? WHERE hand = 'AA' AND opponents = 1", total, total, total)
    assert lookup.short_deck_vs_random("AhAd").wins == short_deck_order()[0].wins + 2   # passes its own checks
    assert pokerfsm.equity(["AhAd", None], game="short-deck").method == Method.ENUMERATION
    with Store.open(vs_store) as store:
        report = verify(store, VS, sample=0)
    assert report.damaged_rows == 1 and "differs from the order shipped" in report.checks[-1].how


@pytest.mark.parametrize("row, says", [
    ({"key": 1, "hand1": "AhAd", "hand2": "KsKc", "wins": 1, "ties": 0, "losses": 0, "categories": ""},
     "key 1 is not one of the table's"),
])
def test_row_problems(row, says):
    assert row_problem(HU, row) == says


def test_verify_recomputes_a_sample_at_short_deck(hu_store):
    with Store.open(hu_store) as store:
        report = verify(store, HU, sample=2, seed=1)
    assert report.rows_in_table == 5 * HU_TASKS and len(report.checks) == 2 and not report.mismatches


def test_a_killed_build_resumes_to_the_same_rows(store_path, dask_client, tmp_path, table):
    """SIGKILL the build mid-way, run it again, compare with the slice built in one go."""
    from test_tables_engine import build_in_one_go, kill_group, start_build, wait_for_tasks

    args = [HU, "--set", "classes_per_task=2", "--limit", "10", "--scheduler", dask_client.scheduler.address]
    proc = start_build(args, store_path)
    try:
        wait_for_tasks(proc, store_path, HU, 2)
        kill_group(proc)
        proc.wait(timeout=30)
    finally:
        kill_group(proc)
    done = tasks_done(store_path, HU)
    assert 2 <= done < 10, "the build was not stopped mid-way"
    assert main(["tables", "build", *args]) == 0
    assert tasks_done(store_path, HU) == 10
    rows = table_rows(store_path, HU)
    assert rows == build_in_one_go(tmp_path, dask_client, HU, 10, classes_per_task=2)
    assert all(row_problem(HU, as_dict(HU, row)) is None for row in rows)


def test_a_build_records_the_checksum_of_the_tables_its_rows_come_from(store_path, table):
    """The rows value every hand with short deck's compact evaluator: a build records its tables'
    checksum (a worker returns it with its rows), not the 52-card hand-rank table's."""
    build([HU, VS], store_path=store_path, limit=0, progress=False)
    with Store.open(store_path) as store:
        recorded = {name: store.status(name).hr_checksum for name in (HU, VS)}
    compact = short_deck_compact_tables().checksum
    assert recorded == {HU: compact, VS: compact} and compact != hand_rank_checksum()
    assert run_task(HU, 0, {"classes_per_task": 1})["hr_checksum"] == compact
    assert run_task("preflop-hu", 0, {"classes_per_task": 1})["hr_checksum"] == hand_rank_checksum()


def test_a_store_begun_with_the_52_card_tables_checksum_still_answers_but_is_not_resumed(store_path, table,
                                                                                         capsys):
    """A short-deck table begun by a pokerfsm that recorded the 52-card table's checksum: its rows still
    answer, and building more of it is one error saying to restart it (not rows of two provenances)."""
    parameters = table_parameters(HU, {"classes_per_task": 5})
    with writer_lock(store_path), Store.open(store_path, create=True) as store:
        store.begin_build(HU, SPECS[HU].columns, parameters, SPECS[HU].tasks(parameters), pokerfsm.__version__,
                          hand_rank_checksum())
        store.commit_task(HU, 0, run_task(HU, 0, parameters)["rows"], 0.0, "test")
    lookup.reload()
    hands = [[Card(c) for c in hand] for hand in symmetry.unpack_matchup(table_rows(store_path, HU)[0][0])]
    assert pokerfsm.equity(hands, game="short-deck").method == Method.TABLE
    with pytest.raises(StoreError, match=rf"{HU}.* checksum {hand_rank_checksum()!r}.*--restart"):
        build([HU], store_path=store_path, limit=0, progress=False, parameters={HU: parameters})
    capsys.readouterr()
    assert main(["tables", "build", HU, "--set", "classes_per_task=5", "--limit", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"pokerfsm tables build {HU} --restart" in err and "Traceback" not in err
