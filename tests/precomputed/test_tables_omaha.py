"""The omaha-vs-random table: its rows, their checks, a build that resumes, the store's order and the script."""
from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import numpy as np
import pytest
from tables_helpers import begin, table_rows, tasks_done

from pokerfsm.cli import main
from pokerfsm.omaha_order import class_name, order_classes, parse_omaha_order, plo4_classes, render_omaha_order
from pokerfsm.precomputed.checks import omaha_vs_random_problem, row_name
from pokerfsm.precomputed.omaha_vs_random import class_rows, deals_for
from pokerfsm.precomputed.store import Store, writer_lock
from pokerfsm.precomputed.tasks import SPECS

NAME = "omaha-vs-random"
COLUMNS = SPECS[NAME].column_names
SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "write_omaha_order.py"


def as_dict(row) -> dict:
    return dict(zip(COLUMNS, row))


def test_the_table_covers_every_class_in_tasks_of_a_few_seconds():
    spec = SPECS[NAME]
    assert spec.rows == len(plo4_classes()) == 16_432
    assert spec.tasks(spec.defaults) == 83
    assert deals_for(spec.defaults["target_std_error"]) == 62_500
    assert 0.25 / deals_for(0.002) <= 0.002 ** 2   # a share in [0, 1] has variance at most 1/4


def test_rows_are_seeded_and_their_figures_follow_from_their_counts():
    rows = class_rows([0, 5, 16_431], 2_000, seed=3)
    assert rows == class_rows([0, 5, 16_431], 2_000, seed=3)
    assert rows != class_rows([0, 5, 16_431], 2_000, seed=4)
    for row in rows:
        assert omaha_vs_random_problem(as_dict(row)) is None
        assert row[2] == row[3] + row[4] + row[5] == 2_000
    assert rows[0][1] == "2x2y2z2w" and rows[2][1] == "AxAyAzAw"
    assert row_name(NAME, 16_431) == "AxAyAzAw against 1 random hand"


@pytest.mark.parametrize(("column", "value", "says"), [
    ("wins", -1, "below 0"),
    ("ties", 1.5, "not a whole number"),
    ("losses", 10**9, "more than the 2,000 deals"),
    ("losses", 3, "not the 2,000 deals"),
    ("equity", 0.9, "but its counts give"),
    ("se_equity", "x", "not a number"),
    ("hand", "AxAyKxKy", "not the class of its key"),
    ("key", 16_432, "not one of the table's"),
    ("samples", 1, "more than the 1 deals"),
])
def test_a_damaged_row_is_named(column, value, says):
    row = as_dict(class_rows([7], 2_000, seed=3)[0])
    row[column] = value
    assert says in omaha_vs_random_problem(row)


def test_a_stored_equity_agrees_with_an_independent_estimate():
    """A row against pokerfsm.equity of another hand of the class (suits relabelled), with another seed."""
    from pokerfsm import equity
    from pokerfsm.cards import Card
    from pokerfsm.combos import SUIT_PERMUTATIONS, relabel

    for index in (16_300, 9_000, 300):
        _, name, _, _, _, _, stored, error = class_rows([index], 200_000, seed=8)[0]
        cards = "".join(str(Card(c)) for c in relabel(plo4_classes()[index], SUIT_PERMUTATIONS[9]))
        found = equity([cards, None], game="omaha", samples=200_000, seed=17).players[0]
        assert abs(found.equity - stored) <= 5 * math.hypot(found.std_error, error), name


def full_store(path: Path, target: float = 0.35) -> Path:
    """Every class's row at a few deals each (a fast stand-in for the whole build)."""
    with writer_lock(path), Store.open(path, create=True) as store:
        parameters = begin(store, NAME, target_std_error=target, classes_per_task=2_000)
        for task in range(SPECS[NAME].tasks(parameters)):
            store.commit_task(NAME, task, SPECS[NAME].compute(task, parameters), 0.0, "test")
        store.finish_build(NAME)
    return path


@pytest.fixture(scope="module")
def script():
    spec = importlib.util.spec_from_file_location("write_omaha_order", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_writes_the_store_order_checked_and_leaves_a_right_file_alone(script, store_path, tmp_path,
                                                                                capsys):
    from pokerfsm.precomputed.order import store_omaha_order

    full_store(store_path)
    output = tmp_path / "omaha-order.csv"
    assert script.main(["--output", str(output), "--check", "5", "--seed", "1"]) == 0
    assert "wrote" in capsys.readouterr().out
    text = output.read_text(encoding="utf-8")
    with Store.open(store_path) as store:
        assert parse_omaha_order(text) == tuple(store_omaha_order(store))
    assert script.main(["--output", str(output), "--check", "5"]) == 0
    assert "already this order (5 classes recomputed, all equal)" in capsys.readouterr().out
    assert SCRIPT.parents[1] / "src" / "pokerfsm" / "data" / "omaha-order.csv" == script.SOURCE_ORDER


def test_the_script_refuses_a_row_its_parameters_do_not_give(script, store_path, tmp_path, capsys):
    """A row whose counts still add up (it passes the row checks) but are not what its seed gives."""
    from tables_helpers import damage

    from pokerfsm.omaha_order import class_equity

    full_store(store_path)
    row = next(as_dict(r) for r in table_rows(store_path, NAME) if r[5] > 0)   # a row with a loss
    wins, ties, losses = row["wins"] + 1, row["ties"], row["losses"] - 1
    damage(store_path, "UPDATE rows_omaha_vs_random SET wins = ?, losses = ?, equity = ?, se_equity = ? "
                       "WHERE key = ?",
           wins, losses, *class_equity(wins, ties, row["samples"]), row["key"])
    output = tmp_path / "omaha-order.csv"
    output.write_text("old\n", encoding="utf-8")
    assert script.main(["--output", str(output), "--check", "16432"]) == 2
    assert f"the store's row of {row['hand']} is not what its build's parameters give" in capsys.readouterr().err
    assert output.read_text(encoding="utf-8") == "old\n"


def test_the_store_order_is_the_file_format_order():
    rows = [(class_name(i), 10, i % 7, i % 3, 10 - i % 7 - i % 3) for i in range(len(plo4_classes()))]
    text = render_omaha_order(order_classes(rows))
    assert render_omaha_order(parse_omaha_order(text)) == text


def test_a_killed_build_resumes_to_the_same_rows(store_path, dask_client, tmp_path):
    """A small slice: SIGKILL the build mid-way, run it again, compare with the slice built in one go."""
    pytest.importorskip("distributed")
    from test_tables_engine import build_in_one_go, kill_group, start_build, wait_for_tasks

    sliced = [NAME, "--set", "classes_per_task=3", "--set", "target_std_error=0.02"]
    args = [*sliced, "--limit", "12", "--scheduler", dask_client.scheduler.address]
    proc = start_build(args, store_path)
    try:
        wait_for_tasks(proc, store_path, NAME, 2)
        kill_group(proc)
        proc.wait(timeout=30)
    finally:
        kill_group(proc)
    done = tasks_done(store_path, NAME)
    assert 2 <= done < 12, "the build was not stopped mid-way"
    assert len(table_rows(store_path, NAME)) == 3 * done
    assert main(["tables", "build", *args]) == 0
    assert tasks_done(store_path, NAME) == 12
    rows = table_rows(store_path, NAME)
    assert rows == build_in_one_go(tmp_path, dask_client, NAME, 12, classes_per_task=3, target_std_error=0.02)
    assert all(omaha_vs_random_problem(as_dict(row)) is None for row in rows)
    assert np.all(np.array([row[2] for row in rows]) == deals_for(0.02))
