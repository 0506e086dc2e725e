"""The SQLite store: transactions, resumption records, and every way a file can be wrong."""
from __future__ import annotations

import sqlite3

import pytest
from tables_helpers import begin

from pokerfsm.cli import main
from pokerfsm.errors import StoreBusyError, StoreCorruptError, StoreError, StoreVersionError
from pokerfsm.precomputed.store import FORMAT_VERSION, Store, writer_lock


def test_a_new_store_is_wal_with_its_format_and_metadata(writable_store, store_path):
    db = sqlite3.connect(store_path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == FORMAT_VERSION
    assert dict(db.execute("SELECT key, value FROM meta"))["created_by"].startswith("pokerfsm ")


def test_a_task_commits_whole_or_not_at_all(writable_store):
    begin(writable_store, "preflop-hu", classes_per_task=2)
    good = [(1, "AhKh", "QsJs", 1, 2, 1712301), (2, "AhKh", "QsJd", 3, 4, 1712297)]
    assert writable_store.commit_task("preflop-hu", 0, good, 0.1, "here") == 2
    bad = [(3, "AhKh", "QsJc", 1, 2, 3), (4, "AhKh", None, 1, 2, 3)]   # NOT NULL fails on row 2
    with pytest.raises(sqlite3.IntegrityError):
        writable_store.commit_task("preflop-hu", 1, bad, 0.1, "here")
    record = writable_store.status("preflop-hu")
    assert (record.tasks_done, record.rows) == (1, 2)
    assert [row[0] for row in writable_store.rows("preflop-hu", "key")] == [1, 2]


def test_resuming_returns_the_tasks_done_and_refuses_other_parameters(writable_store):
    begin(writable_store, "preflop-hu", classes_per_task=2)
    writable_store.commit_task("preflop-hu", 5, [], 0.0, "here")
    assert begin(writable_store, "preflop-hu", classes_per_task=2) == {"classes_per_task": 2}
    from pokerfsm import __version__
    from pokerfsm.precomputed.tasks import SPECS, hand_rank_checksum

    done = writable_store.begin_build("preflop-hu", SPECS["preflop-hu"].columns,
                                      {"classes_per_task": 2}, 23504, __version__,
                                      hand_rank_checksum())
    assert done == {5}
    with pytest.raises(StoreError, match=r"classes_per_task.*--restart"):
        begin(writable_store, "preflop-hu", classes_per_task=3)
    with pytest.raises(StoreError, match="hand-rank table checksum"):
        writable_store.begin_build("preflop-hu", SPECS["preflop-hu"].columns,
                                   {"classes_per_task": 2}, 23504, __version__, "0" * 32)
    writable_store.drop("preflop-hu")
    assert writable_store.status("preflop-hu") is None


def test_missing_store_says_how_to_build(store_path):
    with pytest.raises(StoreError, match="pokerfsm tables build"):
        Store.open(store_path)


@pytest.mark.parametrize(("version", "advice"), [(FORMAT_VERSION + 1, "upgrade pokerfsm"),
                                                 (FORMAT_VERSION - 1, "build the tables again in a new store")])
def test_version_mismatch(writable_store, store_path, version, advice):
    sqlite3.connect(store_path).execute(f"PRAGMA user_version={version}")
    with pytest.raises(StoreVersionError) as caught:
        Store.open(store_path)
    message = str(caught.value)
    assert str(store_path) in message and f"format {version}," in message and advice in message
    assert ("delete" in message) == (version < FORMAT_VERSION)   # a newer pokerfsm's store is kept


def test_foreign_sqlite_file(store_path):
    db = sqlite3.connect(store_path)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    with pytest.raises(StoreCorruptError, match="another application"):
        Store.open(store_path)
    with pytest.raises(StoreCorruptError):
        Store.open(store_path, create=True)   # never written over


def test_not_a_database(store_path):
    store_path.write_bytes(b"this is not an SQLite file at all\n" * 200)
    with pytest.raises(StoreCorruptError, match=str(store_path)):
        Store.open(store_path)


def test_damaged_pages_are_found_by_the_check(writable_store, store_path):
    begin(writable_store, "preflop-hu", classes_per_task=2)
    rows = [(k, "AhKh", "QsJs", k, k, k) for k in range(1, 4000)]
    writable_store.commit_task("preflop-hu", 0, rows, 0.1, "here")
    writable_store.close()
    sqlite3.connect(store_path).execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(store_path.read_bytes())
    page = 4096
    for offset in range(3 * page, len(data) - page, 5 * page):   # scribble over some pages
        data[offset + 100:offset + 900] = b"\xa5" * 800
    store_path.write_bytes(bytes(data))
    with pytest.raises(StoreCorruptError, match=r"damaged|cannot be read|not a readable"):
        Store.open(store_path, check=True)


def test_cli_reports_a_damaged_store_in_one_line(store_path, capsys):
    store_path.write_bytes(b"\x00garbage" * 1000)
    assert main(["tables", "list"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(store_path) in err and "Traceback" not in err


def test_list_without_a_store_shows_nothing_built(store_path, capsys):
    import json

    assert main(["tables", "list", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [t["built"] for t in data["tables"]] == [False] * 6
    assert [t["name"] for t in data["tables"]][-2:] == ["short-deck-preflop-hu", "short-deck-vs-random"]
    assert not store_path.exists()


def test_second_writer_is_refused(store_path):
    with writer_lock(store_path), pytest.raises(StoreBusyError, match="another `pokerfsm tables build`"), \
            writer_lock(store_path):
        pass
    with writer_lock(store_path):   # released: the next build may start
        pass
