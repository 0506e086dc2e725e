"""scripts/write_preflop_order.py: the maintainers' way to write the shipped order, checked and atomic."""
from __future__ import annotations

import importlib.util
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from tables_helpers import begin, damage, exact_rows_from_order

from pokerfsm.precomputed.store import Store, writer_lock
from pokerfsm.preflop_order import ORDER_FILE, order_rows, preflop_order, render_order

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "write_preflop_order.py"


@pytest.fixture(scope="module")
def script():
    spec = importlib.util.spec_from_file_location("write_preflop_order", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def built(store_path, table):
    """A store holding every exact one-opponent row of preflop-vs-random (the shipped order's counts)."""
    with writer_lock(store_path), Store.open(store_path, create=True) as store:
        begin(store, "preflop-vs-random")
        store.commit_task("preflop-vs-random", 0, exact_rows_from_order(), 0.0, "test")
    return store_path


def test_it_writes_into_the_source_tree_by_default(script):
    """The checkout's file, never the installed package's (the two differ unless installed editable)."""
    source = SCRIPT.parents[1] / "src" / "pokerfsm" / "data" / ORDER_FILE.name
    assert source.resolve() == script.SOURCE_ORDER


def test_an_order_already_right_is_left_alone(script, built, tmp_path, capsys):
    output = tmp_path / "order.csv"
    output.write_bytes(ORDER_FILE.read_bytes())
    assert script.main(["--output", str(output)]) == 0
    assert "already this order (0 classes recomputed)" in capsys.readouterr().out
    assert output.read_bytes() == ORDER_FILE.read_bytes()


def off_by_one_for_32o() -> str:
    """The shipped order's text with 32o one showdown better: a well-formed file with one class changed."""
    rows = [(r.hand, r.wins, r.ties, r.losses, " ".join(map(str, r.hand_categories + r.random_categories)))
            for r in preflop_order()]
    return render_order(order_rows([(hand, wins + 1, ties, losses - 1, categories) if hand == "32o"
                                    else (hand, wins, ties, losses, categories)
                                    for hand, wins, ties, losses, categories in rows]))


def test_a_changed_class_is_recomputed_then_the_file_replaced(script, built, tmp_path, capsys):
    """The file in place is off by one showdown for 32o: the store's row is recomputed by enumeration,
    agrees, and the file becomes the shipped one again (renamed into place: no temporary file left)."""
    output = tmp_path / "out" / "order.csv"
    output.parent.mkdir()
    output.write_text(off_by_one_for_32o())
    assert script.main(["--output", str(output)]) == 0
    assert "(1 changed classes recomputed by enumeration, all equal)" in capsys.readouterr().out
    assert output.read_bytes() == ORDER_FILE.read_bytes()
    assert [p.name for p in output.parent.iterdir()] == ["order.csv"]


def test_a_store_with_two_rows_swapped_is_refused_and_nothing_written(script, built, tmp_path, capsys):
    """AA's and 32o's counts (and every figure from them) swapped: each row passes its own checks, the
    recomputation finds them out, and the file in place stays as it was."""
    columns = "wins, ties, losses, pot_share, win, tie, lose, equity, categories"
    damage(built, f"CREATE TABLE saved AS SELECT hand, {columns} FROM rows_preflop_vs_random "
                  "WHERE opponents = 1 AND hand IN ('AA', '32o')")
    damage(built, f"UPDATE rows_preflop_vs_random SET ({columns}) = (SELECT {columns} FROM saved "
                  "WHERE saved.hand != rows_preflop_vs_random.hand) WHERE opponents = 1 AND hand IN ('AA', '32o')")
    output = tmp_path / "order.csv"
    output.write_bytes(ORDER_FILE.read_bytes())
    assert script.main(["--output", str(output)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert re.search("row of (AA|32o) against one random hand is not what enumeration gives", err)
    assert output.read_bytes() == ORDER_FILE.read_bytes()


def test_a_damaged_store_row_is_refused(script, built, tmp_path, capsys):
    damage(built, "UPDATE rows_preflop_vs_random SET wins = -1 WHERE hand = 'KK'")
    assert script.main(["--output", str(tmp_path / "order.csv")]) == 2
    assert "row KK against 1 random hand: wins is -1, below 0" in capsys.readouterr().err
    assert not (tmp_path / "order.csv").exists()


def test_a_write_stopped_by_a_file_size_limit_leaves_the_old_file(built, tmp_path):
    output = tmp_path / "out" / "order.csv"
    output.parent.mkdir()
    old = off_by_one_for_32o()
    output.write_text(old)

    def limit():   # room for the store's 32 KiB index of its write-ahead log, not for the order's 37 KB
        resource.setrlimit(resource.RLIMIT_FSIZE, (35_000, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))

    done = subprocess.run([sys.executable, str(SCRIPT), "--store", str(built), "--output", str(output)],
                          capture_output=True, text=True, timeout=600, preexec_fn=limit)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "File too large" in done.stderr, done.stderr
    assert output.read_text() == old and [p.name for p in output.parent.iterdir()] == ["order.csv"]
