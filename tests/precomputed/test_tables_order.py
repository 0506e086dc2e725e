"""A built store's own order (pokerfsm.precomputed.order): read from the store, never written into the package."""
from __future__ import annotations

import pytest

import pokerfsm
from pokerfsm.preflop_order import ORDER_FILE, preflop_order
from pokerfsm.ranges import percentile_range


def test_a_build_never_writes_the_package(store_path, table, capsys):
    """A store whose preflop-vs-random has every task done and AA's and 32o's rows swapped (each passing its
    own checks) finishes its build without touching the shipped order; the swapped rows answer nothing."""
    pytest.importorskip("distributed")
    from tables_helpers import begin, exact_rows_from_order

    from pokerfsm.cli import main
    from pokerfsm.precomputed.store import Store, writer_lock

    before = ORDER_FILE.read_bytes(), ORDER_FILE.stat().st_mtime_ns
    rows = exact_rows_from_order()
    first, last = (next(i for i, row in enumerate(rows) if row[1] == hand) for hand in ("AA", "32o"))
    rows[first], rows[last] = rows[first][:5] + rows[last][5:], rows[last][:5] + rows[first][5:]
    with writer_lock(store_path), Store.open(store_path, create=True) as store:
        begin(store, "preflop-vs-random")
        store.commit_task("preflop-vs-random", 0, rows, 0.0, "test")
        for task in range(1, 1521):
            store.commit_task("preflop-vs-random", task, [], 0.0, "test")
    assert main(["tables", "build", "preflop-vs-random"]) == 0
    assert "1521/1521 tasks, 169 rows, complete (0 tasks run" in capsys.readouterr().out
    assert (ORDER_FILE.read_bytes(), ORDER_FILE.stat().st_mtime_ns) == before
    preflop_order.cache_clear()
    assert str(percentile_range(1)) == "KK+"
    found = pokerfsm.equity(["AhAd", None])
    assert found.method == "enumeration" and found.players[0].wins == 1_781_508_418
