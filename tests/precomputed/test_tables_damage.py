"""A damaged store never gives a wrong number: each store is built here, damaged behind pokerfsm's back,
and every way of asking (the lookups, ``equity()``, the CLI, the web, verify, export) either computes the
right answer or refuses with one error naming the row."""
from __future__ import annotations

import json
import re

import numpy as np
import pytest
from tables_helpers import begin, commit_matchups, damage, exact_rows_from_order, sampled_row, without_constraints

import pokerfsm
from pokerfsm.cli import main
from pokerfsm.errors import StoreCorruptError
from pokerfsm.precomputed import lookup, symmetry
from pokerfsm.precomputed.store import Store, writer_lock
from pokerfsm.precomputed.tasks import flop_rows

PAIRS = [("2h2s", "3h3s"), ("AhAd", "KsKc"), ("AhKh", "QsJd")]


def class_key(hand1: str, hand2: str) -> int:
    hole = np.array([[int(c) for c in pokerfsm.parse_cards(hand1 + hand2)]], dtype=np.uint8)
    return int(symmetry.matchup_key(hole)[0][0])


def shown(result) -> list[tuple]:
    return [(p.wins, p.ties, p.losses) for p in result.players]


def no_bad_probability(text: str) -> bool:
    """No negative percentage or probability, none above 100 % / 1."""
    numbers = [float(n) for n in re.findall(r"-?\d+\.\d+(?= ?%)", text)]
    return all(0.0 <= n <= 100.0 for n in numbers)


@pytest.fixture
def hu_store(store_path, table):
    """PAIRS, and every matchup of 22 against 33 (so that the range question is in the table too);
    written as a build would, and closed (no lock held, so that a build can run on it)."""
    from pokerfsm.ranges import parse_range

    twos_threes = [(f"{a}{b}", f"{c}{d}") for a, b in parse_range("22") for c, d in parse_range("33")]
    with writer_lock(store_path), Store.open(store_path, create=True) as store:
        begin(store, "preflop-hu")
        commit_matchups(store, PAIRS[1:])
        commit_matchups(store, twos_threes, task=1)
    return store_path


@pytest.mark.parametrize(("assignments", "problem"), [
    ("wins = -280610", "wins is -280,610, below 0"),
    ("wins = 1000000", "wins \\+ ties \\+ losses = .*, not the 1,712,304 boards"),
    ("wins = 'x'", "wins is 'x', not a whole number"),
    ("wins = x'00ff'", "wins is b'\\\\x00\\\\xff', not a whole number"),
    ("wins = NULL", "wins is None, not a whole number"),
    ("wins = 2.5", "wins is 2.5, not a whole number"),
    ("wins = 0, ties = 0, losses = 0", "wins \\+ ties \\+ losses = 0, not"),
    ("wins = wins - 1000000000, losses = losses + 1000000000", "wins is -[\\d,]+, below 0"),
    ("hand1 = 'AhAd'", "it names 'AhAd' vs .*, not the matchup of its key"),
])
def test_a_damaged_heads_up_row_is_never_used(hu_store, assignments, problem, capsys):
    without_constraints(hu_store, "preflop-hu")
    key = class_key(*PAIRS[0])
    damage(hu_store, f"UPDATE rows_preflop_hu SET {assignments} WHERE key = ?", key)
    with pytest.raises(StoreCorruptError, match=f"row .* vs .*: {problem}.*tables build preflop-hu --restart"):
        lookup.matchup(*PAIRS[0])
    with pytest.raises(StoreCorruptError, match=problem):
        lookup.range_vs_range("22", "33")
    for players in (list(PAIRS[0]), ["22", "33"], [PAIRS[0][1], PAIRS[0][0]]):
        found = pokerfsm.equity(players)
        expected = pokerfsm.equity(players, exact=True, tables=False)
        assert found.method == "enumeration" and shown(found) == shown(expected)
    assert pokerfsm.equity(list(PAIRS[1])).method == "table"    # the good rows still answer
    assert main(["equity", *PAIRS[0]]) == 0
    out = capsys.readouterr().out
    assert "from the precomputed tables" not in out and no_bad_probability(out) and "16.388 %" in out


def test_a_row_moved_to_another_key_is_refused(hu_store):
    """A row whose key was changed to another matchup's still names its own hands: it answers neither."""
    moved, other = class_key(*PAIRS[0]), class_key("7c2d", "8s8h")
    damage(hu_store, "UPDATE rows_preflop_hu SET key = ? WHERE key = ?", other, moved)
    with pytest.raises(StoreCorruptError, match="not the matchup of its key"):
        lookup.matchup("7c2d", "8s8h")
    found = pokerfsm.equity(["7c2d", "8s8h"])
    assert found.method == "enumeration" and shown(found) == shown(pokerfsm.equity(["7c2d", "8s8h"], tables=False))


def test_the_web_answers_a_damaged_row_computed(hu_store):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from pokerfsm.web.app import create_app

    damage(hu_store, "UPDATE rows_preflop_hu SET wins = -280610 WHERE key = ?", class_key(*PAIRS[0]))
    with TestClient(create_app(cache_size=8, budget=2.0)) as client:
        answer = client.post("/api/equity", json={"players": [["2h", "2s"], ["3h", "3s"]]})
    assert answer.status_code == 200
    body = answer.json()
    assert body["method"] == "enumeration" and 0.16 < body["players"][0]["win"] < 0.17


@pytest.fixture
def vs_random_store(store_path, table):
    """Every exact one-opponent row (as the build writes them) and the Monte Carlo row of AKs against 2."""
    with writer_lock(store_path), Store.open(store_path, create=True) as store:
        begin(store, "preflop-vs-random", target_std_error=0.01)
        store.commit_task("preflop-vs-random", 0, exact_rows_from_order(), 0.0, "test")
        sampled_row(store, "AKs", 2)
    return store_path


@pytest.mark.parametrize("assignments", [
    "wins = wins - 1000000000, losses = losses + 1000000000",
    "wins = 'x'",
    "exact = 0",
    "hand = 'KK'",
    "win = -0.2438",
    "categories = '1 2 3'",
])
def test_a_damaged_exact_vs_random_row_is_never_used(vs_random_store, assignments, capsys):
    damage(vs_random_store, f"UPDATE rows_preflop_vs_random SET {assignments} WHERE hand = 'AA' AND opponents = 1")
    with pytest.raises(StoreCorruptError, match="row AA against 1 random hand: "):
        lookup.vs_random("AhAd")
    expected = pokerfsm.equity(["AhAd", None], exact=True, tables=False)
    found = pokerfsm.equity(["AhAd", None])   # from the shipped order's row, the same counts
    assert shown(found) == shown(expected) and found.players[0].win == pytest.approx(0.8493, abs=1e-4)
    assert main(["equity", "AhAd", "?"]) == 0
    out = capsys.readouterr().out
    assert no_bad_probability(out) and "85.204 %" in out


def test_two_exact_sources_that_differ_are_both_distrusted(vs_random_store, capsys):
    """A row changed consistently (its counts, figures and categories all agree) passes the row's checks,
    but differs from the order shipped with pokerfsm: the answer is computed, and verify names the row."""
    damage(vs_random_store, "UPDATE rows_preflop_vs_random SET wins = wins + 5, losses = losses - 5, "
                            "pot_share = pot_share + 5, win = (wins + 5) / 2097572400.0, "
                            "lose = (losses - 5) / 2097572400.0, equity = (pot_share + 5) / 2097572400.0 "
                            "WHERE hand = '72o' AND opponents = 1")
    shipped = {row.hand: row for row in pokerfsm.precomputed.preflop_order()}["72o"]
    assert lookup.vs_random("7c2d").wins == shipped.wins + 5          # the row passes its own checks
    found = pokerfsm.equity(["7c2d", None])
    expected = pokerfsm.equity(["7c2d", None], exact=True, tables=False)
    assert found.method == "enumeration" and shown(found) == shown(expected)
    assert main(["tables", "verify", "preflop-vs-random", "--sample", "1", "--seed", "3"]) == 1
    out = capsys.readouterr().out
    assert "BAD 72o against 1 random hand: fails its checks: it differs from the order shipped" in out


@pytest.mark.parametrize("assignments", [
    "samples = 10, se_win = -1, se_tie = -1, se_lose = -1, se_equity = -1",
    "wins = wins - 1000000000, losses = losses + 1000000000",
    "se_equity = se_equity / 10",
    "samples = 'x'",
    "outcomes = NULL",
])
def test_a_damaged_sampled_row_is_never_used(vs_random_store, assignments, capsys):
    spot = ["AhKh", None, None]
    assert pokerfsm.equity(spot, target_std_error=0.05, budget=0.05, seed=1).method == "table"
    damage(vs_random_store, f"UPDATE rows_preflop_vs_random SET {assignments} WHERE opponents = 2")
    with pytest.raises(StoreCorruptError, match="row AKs against 2 random hands: "):
        lookup.vs_random("AhKh", 2)
    found = pokerfsm.equity(spot, target_std_error=0.05, budget=0.05, seed=1)
    assert found.method != "table" and 0.45 < found.players[0].equity < 0.55
    assert main(["equity", "AhKh", "?", "?", "--samples", "2000", "--seed", "1"]) == 0
    assert no_bad_probability(capsys.readouterr().out)


def test_a_damaged_flop_row_is_named(writable_store, store_path, table, capsys):
    begin(writable_store, "flop-ehs")
    flop = symmetry.canonical_board([int(c) for c in pokerfsm.parse_cards("Ad 2h 6d")])
    writable_store.commit_task("flop-ehs", 0, flop_rows(flop), 0.0, "test")
    found = lookup.flop_ehs("As Kd", "Ad 2h 6d")
    damage(store_path, "UPDATE rows_flop_ehs SET squares = squares + 1 WHERE wins = ?", found.wins)
    with pytest.raises(StoreCorruptError, match=r"row .* on .*: squares is .*, which no turns and rivers give"):
        lookup.flop_ehs("As Kd", "Ad 2h 6d")
    assert lookup.flop_ehs("Ks Qh", "Ac 6c 2s").wins > 0      # the other rows answer
    assert main(["tables", "verify", "flop-ehs", "--sample", "1", "--seed", "1"]) == 1
    assert "squares is" in capsys.readouterr().out


def test_verify_names_every_damaged_row(hu_store, capsys):
    damage(hu_store, "UPDATE rows_preflop_hu SET wins = -280610 WHERE key = ?", class_key(*PAIRS[0]))
    damage(hu_store, "UPDATE rows_preflop_hu SET ties = 'x' WHERE key = ?", class_key(*PAIRS[2]))
    assert main(["tables", "verify", "preflop-hu", "--sample", "5", "--seed", "1"]) == 1
    out = capsys.readouterr().out
    assert re.search(r"BAD \w{4} vs \w{4}: fails its checks: wins is -280,610, below 0", out)
    assert re.search(r"BAD \w{4} vs \w{4}: fails its checks: ties is 'x', not a whole number", out)
    assert "5 rows checked, 2 damaged; 3 recomputed" in out and out.endswith("2 mismatches\n")
    assert main(["tables", "verify", "preflop-hu", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert (report["rows_in_table"], report["damaged_rows"], report["checked"], report["mismatches"]) == (5, 2, 5, 2)


def test_export_of_a_damaged_table_stops_and_leaves_no_file(hu_store, tmp_path, capsys):
    damage(hu_store, "UPDATE rows_preflop_hu SET wins = 'x' WHERE key = ?", class_key(*PAIRS[2]))
    fresh, older = tmp_path / "new.csv", tmp_path / "old.csv"
    older.write_text("an older export\n")
    for output in (fresh, older):
        assert main(["tables", "export", "preflop-hu", "--format", "csv", "--output", str(output)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all("wins is 'x', not a whole number; the export stopped there" in e for e in err)
    assert not fresh.exists() and older.read_text() == "an older export\n"
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_export_of_damaged_vs_random_rows_stops(vs_random_store, tmp_path, capsys):
    damage(vs_random_store, "UPDATE rows_preflop_vs_random SET exact = 0 WHERE hand = 'AA' AND opponents = 1")
    out = tmp_path / "vs.csv"
    assert main(["tables", "export", "preflop-vs-random", "--format", "csv", "--output", str(out)]) == 2
    assert "row AA against 1 random hand: exact is 0" in capsys.readouterr().err and not out.exists()


@pytest.mark.parametrize(("column", "value", "problem"), [
    ("parameters", "not json", "its parameters are 'not json', not a JSON object"),
    ("tasks", "x", "its number of tasks is 'x', not the 118"),
    ("parameters", '{"classes_per_task": NaN}', "needs a whole number, not nan"),
])
def test_a_damaged_build_record(hu_store, capsys, column, value, problem):
    damage(hu_store, f"UPDATE builds SET {column} = ? WHERE name = 'preflop-hu'", value)
    assert pokerfsm.equity(list(PAIRS[1])).method == "table"     # the rows themselves are sound
    assert main(["tables", "list"]) == 0
    out = capsys.readouterr().out
    assert "damaged" in out and problem in " ".join(out.split())
    assert main(["tables", "list", "--json"]) == 0
    [hu] = [t for t in json.loads(capsys.readouterr().out)["tables"] if t["name"] == "preflop-hu"]
    assert problem in hu["problem"]
    pytest.importorskip("distributed")
    assert main(["tables", "build", "preflop-hu", "--limit", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and problem in err and "--restart" in err and "Traceback" not in err
    assert main(["tables", "build", "preflop-hu", "--limit", "0", "--restart"]) == 0
    assert "0/118 tasks" in capsys.readouterr().out


def pad(path, name: str, rows: int) -> None:
    """Add ``rows`` junk rows to table ``name`` (keys beyond any of its own)."""
    from pokerfsm.precomputed.tasks import SPECS

    values = ", ".join(["1"] * (len(SPECS[name].columns) - 1))
    damage(path, f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {rows}) "
                 f"INSERT INTO rows_{name.replace('-', '_')} SELECT {52 ** 6} + i, {values} FROM n")


def test_a_padded_table_is_refused_after_reading_no_more_than_its_own(hu_store, capsys):
    pad(hu_store, "preflop-hu", 47_008)
    with pytest.raises(StoreCorruptError, match="more than the 47,008 rows it can have"):
        lookup.matchup(*PAIRS[1])
    found = pokerfsm.equity(list(PAIRS[1]))
    assert found.method == "enumeration" and shown(found) == shown(pokerfsm.equity(list(PAIRS[1]), tables=False))
    assert main(["tables", "verify", "preflop-hu", "--sample", "1", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["damaged_rows"] == 47_008


def test_a_padded_vs_random_table_is_refused(vs_random_store):
    pad(vs_random_store, "preflop-vs-random", 1_521)
    with pytest.raises(StoreCorruptError, match="more than the 1,521 rows"):
        lookup.vs_random("AhKh", 2)
    assert pokerfsm.equity(["AhAd", None]).players[0].wins == exact_rows_from_order()[0][5]   # shipped: AA


def test_the_same_damage_is_refused_at_once_until_reload(hu_store):
    import sqlite3

    key = class_key(*PAIRS[1])
    expected = lookup.matchup(*PAIRS[1]).wins
    [(wins,)] = sqlite3.connect(hu_store).execute("SELECT wins FROM rows_preflop_hu WHERE key = ?", (key,))
    damage(hu_store, "UPDATE rows_preflop_hu SET wins = -1 WHERE key = ?", key)
    messages = set()
    for _ in range(3):
        with pytest.raises(StoreCorruptError) as caught:
            lookup.matchup(*PAIRS[1])
        messages.add(str(caught.value))
    assert len(messages) == 1
    damage(hu_store, "UPDATE rows_preflop_hu SET wins = ? WHERE key = ?", wins, key)   # repaired, then reloaded
    assert lookup.matchup(*PAIRS[1]).wins == expected
