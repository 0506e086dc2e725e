"""`pokerfsm tables list | verify | export` on a small store."""
from __future__ import annotations

import csv
import json
import sqlite3

import pytest
from tables_helpers import begin, commit_matchups

from pokerfsm.cli import main
from pokerfsm.precomputed import symmetry
from pokerfsm.precomputed.tasks import flop_rows


@pytest.fixture
def small_store(writable_store, store_path):
    """A store with a few preflop-hu classes and one flop of flop-ehs."""
    begin(writable_store, "preflop-hu")
    commit_matchups(writable_store, [("AhAd", "KsKc"), ("AhKh", "QsJd"), ("7c2d", "8s8h")])
    begin(writable_store, "flop-ehs")
    writable_store.commit_task("flop-ehs", 0, flop_rows(symmetry.canonical_boards(3)[100]),
                               0.0, "test")
    return store_path


def test_list_shows_rows_tasks_checksum(small_store, capsys):
    assert main(["tables", "list", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    hu = data["tables"][0]
    assert (hu["name"], hu["rows"], hu["tasks_done"], hu["tasks"], hu["complete"]) == \
        ("preflop-hu", 3, 1, 118, False)
    assert len(hu["hr_checksum"]) == 32 and hu["pokerfsm_version"]
    assert main(["tables", "list"]) == 0
    assert "preflop-hu" in capsys.readouterr().out


def test_verify_passes_then_catches_a_tampered_row(small_store, capsys):
    assert main(["tables", "verify", "preflop-hu", "--sample", "3", "--seed", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["checked"] == 3 and report["mismatches"] == 0
    assert main(["tables", "verify", "flop-ehs", "--sample", "1", "--seed", "2"]) == 0
    assert "0 mismatches" in capsys.readouterr().out
    db = sqlite3.connect(small_store)
    with db:
        db.execute("UPDATE rows_preflop_hu SET wins = wins + 1, losses = losses - 1")
    assert main(["tables", "verify", "preflop-hu", "--sample", "3", "--seed", "1"]) == 1
    out = capsys.readouterr().out
    assert out.count("BAD") == 3 and "3 mismatches" in out


def test_verify_of_monte_carlo_rows_checks_their_outcomes(writable_store, store_path, table, capsys):
    from pokerfsm.precomputed.tasks import run_task
    from pokerfsm.ranges import HAND_CLASSES

    parameters = begin(writable_store, "preflop-vs-random", target_std_error=0.005)
    for task in (HAND_CLASSES.index("T9s"), 169 + HAND_CLASSES.index("T9s")):   # T9s against 1 and 2 random hands
        writable_store.commit_task("preflop-vs-random", task, run_task("preflop-vs-random", task, parameters)["rows"],
                                   0.0, "test")
    verify = ["tables", "verify", "preflop-vs-random", "--sample", "2", "--seed", "4"]
    assert main(verify) == 0
    assert "0 mismatches" in capsys.readouterr().out
    db = sqlite3.connect(store_path)
    with db:   # one deal moved from "lost to one opponent" to "lost to two": the counts no longer add up
        outcomes = [int(c) for c in db.execute("SELECT outcomes FROM rows_preflop_vs_random "
                                               "WHERE opponents = 2").fetchone()[0].split()]
        outcomes[11] -= 1
        db.execute("UPDATE rows_preflop_vs_random SET outcomes = ? WHERE opponents = 2",
                   (" ".join(map(str, outcomes)),))
    assert main(verify) == 1
    out = capsys.readouterr().out
    assert "do not add up" in out and out.endswith("1 mismatch\n")
    with db:   # one showdown moved from a pair to two pair in the exact row's categories
        categories = [int(c) for c in db.execute("SELECT categories FROM rows_preflop_vs_random "
                                                 "WHERE opponents = 1").fetchone()[0].split()]
        categories[1], categories[2] = categories[1] - 1, categories[2] + 1
        db.execute("UPDATE rows_preflop_vs_random SET categories = ? WHERE opponents = 1",
                   (" ".join(map(str, categories)),))
    assert main(verify) == 1
    assert "2 mismatches" in capsys.readouterr().out


def test_export_csv_and_parquet(small_store, tmp_path, capsys):
    out = tmp_path / "hu.csv"
    assert main(["tables", "export", "preflop-hu", "--format", "csv", "--output", str(out)]) == 0
    with open(out, newline="") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 3
    for row in rows:
        assert int(row["wins"]) + int(row["ties"]) + int(row["losses"]) == 1_712_304
        assert float(row["equity"]) == pytest.approx(
            (int(row["wins"]) + int(row["ties"]) / 2) / 1_712_304)
    pq = pytest.importorskip("pyarrow.parquet")
    parquet = tmp_path / "flop.parquet"
    assert main(["tables", "export", "flop-ehs", "--format", "parquet", "--output",
                 str(parquet)]) == 0
    table = pq.read_table(parquet)
    assert table.num_rows == len(flop_rows(symmetry.canonical_boards(3)[100]))
    assert table.column_names[-2:] == ["equity", "ehs2"]
    assert 0 < min(table.column("ehs2").to_pylist()) <= max(table.column("ehs2").to_pylist()) < 1


def test_export_or_verify_of_an_unbuilt_table_says_how_to_build(small_store, capsys):
    assert main(["tables", "verify", "preflop-vs-random"]) == 2
    assert main(["tables", "export", "preflop-vs-random", "--format", "csv"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all("pokerfsm tables build preflop-vs-random" in e for e in err)


def test_equity_from_a_monte_carlo_row_is_not_called_exact(writable_store, table, capsys):
    from pokerfsm.precomputed import lookup
    from pokerfsm.precomputed.tasks import run_task
    from pokerfsm.ranges import HAND_CLASSES

    parameters = begin(writable_store, "preflop-vs-random", target_std_error=0.001)
    task = 169 + HAND_CLASSES.index("AKs")          # AKs against 2 random hands
    writable_store.commit_task("preflop-vs-random", task, run_task("preflop-vs-random", task, parameters)["rows"],
                               0.0, "test")
    lookup.reload()
    assert main(["equity", "AhKh", "?", "?"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "random deals, standard error 0.0" in shown and "from the precomputed tables" in shown
    assert "exact" not in shown
    assert main(["equity", "AhKh", "?", "?", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert (answer["method"], answer["exact"]) == ("table", False) and answer["std_error"] <= 0.001


@pytest.mark.parametrize(("value", "shown"), [("nan", "'nan'"), ("inf", "'inf'"), ("0", "'0.0'"), ("-1", "'-1.0'")])
def test_a_target_standard_error_that_is_not_a_positive_finite_number_is_refused_at_once(store_path, capsys, value,
                                                                                         shown):
    pytest.importorskip("distributed")
    assert main(["tables", "build", "preflop-vs-random", "--std-error", value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "target_std_error must be a number from 1e-06 to 0.5" in err and shown in err
    assert not store_path.exists()   # refused before any store was made
