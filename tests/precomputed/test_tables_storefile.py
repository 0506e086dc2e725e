"""The store's file in hostile places: a FIFO or a directory, a read-only mount, a full disk, a file-size limit.

Read-only mounts and full disks are real ones: a small tmpfs or a read-only bind mount in a user and mount
namespace of their own (``unshare -r -m``), where the machine allows it; the test is skipped elsewhere.
"""
from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import textwrap

import pytest
from tables_helpers import begin, commit_matchups

from pokerfsm.cli import main
from pokerfsm.errors import StoreError
from pokerfsm.precomputed.store import Store, writer_lock


def run_pokerfsm(args, env_store, timeout=120, **popen):
    env = {**os.environ, "POKERFSM_STORE": str(env_store)}
    return subprocess.run([sys.executable, "-m", "pokerfsm", *args], env=env, capture_output=True, text=True,
                          timeout=timeout, **popen)


@pytest.mark.parametrize("kind", ["fifo", "directory"])
def test_a_store_that_is_not_a_regular_file_is_refused_without_blocking(tmp_path, kind, table):
    path = tmp_path / "tables.sqlite"
    os.mkfifo(path) if kind == "fifo" else path.mkdir()
    shown = "a FIFO" if kind == "fifo" else "a directory"
    with pytest.raises(StoreError, match=f"{path} is {shown}, not a tables store"):
        Store.open(path)
    for args in (["tables", "list"], ["tables", "build", "preflop-hu", "--limit", "0"]):
        done = run_pokerfsm(args, path, timeout=60)
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and shown in done.stderr, done.stderr
    done = run_pokerfsm(["equity", "AhAd", "KsKc", "--json"], path, timeout=60)   # computed, at once
    assert done.returncode == 0 and json.loads(done.stdout)["method"] == "enumeration"


def test_a_fifo_beside_the_store_is_refused(store_path, table):
    with writer_lock(store_path), Store.open(store_path, create=True):
        pass
    os.mkfifo(f"{store_path}-shm")
    with pytest.raises(StoreError, match="-shm is a FIFO"):
        Store.open(store_path)


def namespace_available() -> bool:
    if shutil.which("unshare") is None or sys.platform != "linux":
        return False
    return subprocess.run(["unshare", "-r", "-m", "true"], capture_output=True).returncode == 0


needs_namespace = pytest.mark.skipif(not namespace_available(), reason="no user and mount namespaces here")


def in_namespace(setup: str, script: str, env: dict | None = None, timeout: int = 300) -> dict:
    """Run :data:`PROBE` and then the Python ``script`` after the shell ``setup`` (its mounts) in a namespace
    of its own; the script prints one JSON document, returned here."""
    code = textwrap.dedent(PROBE) + textwrap.dedent(script)
    done = subprocess.run(["unshare", "-r", "-m", "sh", "-c", f'{setup} && exec "{sys.executable}" -c "$1"', "sh",
                           code], env={**os.environ, **(env or {})}, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


PROBE = """
    import io, json, sys, contextlib
    from pokerfsm.cli import main

    def run(*args):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(list(args))
        return {"status": status, "out": out.getvalue(), "err": err.getvalue()}
"""


@needs_namespace
def test_a_healthy_store_on_a_read_only_mount_is_read(tmp_path, table):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "tables.sqlite"
    with writer_lock(path), Store.open(path, create=True) as store:
        begin(store, "preflop-hu")
        commit_matchups(store, [("AhAd", "KsKc")])
    (folder / "tables.sqlite.lock").unlink()
    found = in_namespace(f"mount --bind {folder} {folder} && mount -o remount,bind,ro {folder}", """
        import pokerfsm
        answer = pokerfsm.equity(["AhAd", "KsKc"])
        print(json.dumps({"method": answer.method, "wins": answer.players[0].wins,
                          "list": run("tables", "list", "--json"),
                          "build": run("tables", "build", "preflop-hu", "--limit", "0")}))
    """, {"POKERFSM_STORE": str(path)})
    assert (found["method"], found["wins"]) == ("table", 1_388_072)
    assert found["list"]["status"] == 0 and json.loads(found["list"]["out"])["tables"][0]["rows"] == 1
    build = found["build"]
    assert build["status"] == 2 and build["err"].count("\n") == 1
    assert "is on a read-only file system: tables cannot be built or changed there" in build["err"]
    assert "delete" not in build["err"]


@needs_namespace
def test_a_full_disk_when_the_store_is_made_leaves_nothing(tmp_path, table):
    folder = tmp_path / "small"
    folder.mkdir()
    found = in_namespace(f"mount -t tmpfs -o size=12k tmpfs {folder}", f"""
        import os
        print(json.dumps({{"build": run("tables", "build", "preflop-hu", "--limit", "0"),
                          "left": sorted(os.listdir({str(folder)!r}))}}))
    """, {"POKERFSM_STORE": str(folder / "tables.sqlite")})
    build = found["build"]
    assert build["status"] == 2 and build["err"].count("\n") == 1 and "the disk is full" in build["err"]
    assert "delete" not in build["err"] and "Traceback" not in build["err"]
    assert found["left"] in ([], ["tables.sqlite.lock"])


@needs_namespace
def test_a_build_that_fills_the_disk_stops_clearly_and_resumes(tmp_path, table, dask_client):
    """The disk fills while tasks are committed: one line saying so, whole tasks kept; once space is
    freed, the same command resumes and ends with the table a build in one go gives."""
    folder = tmp_path / "small"
    folder.mkdir()
    path = folder / "tables.sqlite"
    found = in_namespace(f"mount -t tmpfs -o size=400k tmpfs {folder}", f"""
        import os, sqlite3
        with open({str(folder / "filler")!r}, "wb") as filler:
            filler.write(b"x" * 300_000)
        args = ["tables", "build", "preflop-hu", "--set", "classes_per_task=200", "--limit", "12",
                "--scheduler", {dask_client.scheduler.address!r}]
        first = run(*args)
        db = sqlite3.connect("file:{path}?mode=ro", uri=True)
        kept = db.execute("SELECT COUNT(*), (SELECT COUNT(*) FROM rows_preflop_hu) FROM tasks").fetchone()
        db.close()
        os.remove({str(folder / "filler")!r})
        second = run(*args)
        db = sqlite3.connect("file:{path}?mode=ro", uri=True)
        rows = db.execute("SELECT * FROM rows_preflop_hu ORDER BY key").fetchall()
        print(json.dumps({{"first": first, "kept": kept, "second": second, "rows": rows}}))
    """, {"POKERFSM_STORE": str(path)}, timeout=600)
    first, second = found["first"], found["second"]
    assert first["status"] == 2 and first["err"].count("\n") == 1, first
    assert "the disk is full" in first["err"] and "resumes" in first["err"] and "Traceback" not in first["err"]
    tasks, rows = found["kept"]
    assert tasks < 12 and rows == 200 * tasks                      # whole tasks only
    assert second["status"] == 0 and f"({12 - tasks} tasks run" in second["out"], second
    from pokerfsm.precomputed.symmetry import matchup_classes
    from pokerfsm.precomputed.tasks import matchup_rows

    assert [tuple(row) for row in found["rows"]] == matchup_rows(matchup_classes()[:2400])


def limited(size: int):
    """A preexec function giving the child a file-size limit of ``size`` bytes (its hard limit stays)."""
    def apply():
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
    return apply


def test_a_file_size_limit_is_named(tmp_path, table):
    path = tmp_path / "tables.sqlite"
    done = run_pokerfsm(["tables", "build", "preflop-hu", "--limit", "0"], path, preexec_fn=limited(3000))
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "may write files of at most 3,000 bytes (`ulimit -f`)" in done.stderr and "delete" not in done.stderr
    assert not path.exists() and not list(tmp_path.glob(".tables*"))
    script = textwrap.dedent(f"""
        import resource, sys
        from pathlib import Path
        sys.path.insert(0, {os.path.dirname(__file__)!r})
        from tables_helpers import begin
        from pokerfsm.errors import StoreError
        from pokerfsm.precomputed.store import Store, writer_lock
        from pokerfsm.precomputed.tasks import matchup_rows
        from pokerfsm.precomputed.symmetry import matchup_classes
        with writer_lock(Path({str(path)!r})), Store.open({str(path)!r}, create=True) as store:
            begin(store, "preflop-hu")
            soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
            resource.setrlimit(resource.RLIMIT_FSIZE, (60_000, hard))
            try:
                store.commit_task("preflop-hu", 0, matchup_rows(matchup_classes()[:2000]), 0.0, "test")
            except StoreError as exc:
                print(exc)
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
            store.commit_task("preflop-hu", 0, matchup_rows(matchup_classes()[:2000]), 0.0, "test")
            print(store.status("preflop-hu").rows)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    message, rows = done.stdout.splitlines()
    assert "cannot write" in message and "60,000 bytes" in message and rows == "2000"


def test_a_foreign_or_empty_file_is_not_written_over_and_the_advice_fits(tmp_path, capsys):
    import sqlite3

    foreign, empty = tmp_path / "notes.sqlite", tmp_path / "empty.sqlite"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()
    empty.touch()
    assert main(["tables", "list", "--store", str(foreign)]) == 2
    err = capsys.readouterr().err
    assert "an SQLite file of another application" in err and "delete" not in err
    assert main(["tables", "list", "--store", str(empty)]) == 2
    assert "an empty file" in capsys.readouterr().err


# --- the variable that names the store, and the one it replaced

@pytest.mark.parametrize("store, tables, expected, deprecated", [
    ("new.sqlite", None, "new.sqlite", False),
    (None, "old.sqlite", "old.sqlite", True),            # the former name still works, and says so
    ("", "old.sqlite", "old.sqlite", True),              # an empty variable is an unset one
    ("new.sqlite", "old.sqlite", "new.sqlite", False),   # both set: the new name wins, quietly
    (None, None, None, False),
])
def test_the_store_variable_and_the_deprecated_one(monkeypatch, tmp_path, store, tables, expected, deprecated):
    import warnings

    from pokerfsm.precomputed.store import default_store_path
    from pokerfsm.precomputed.storefile import path_from_environment

    for name, value in (("POKERFSM_STORE", store), ("POKERFSM_TABLES", tables)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, str(tmp_path / value) if value else "")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        found = default_store_path()
        named = path_from_environment()
    if expected is None:
        assert named is None and found.name == "precomputed-v2.sqlite"
    else:
        assert found == named == tmp_path / expected
    messages = [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]
    assert messages == (["POKERFSM_TABLES is deprecated: name the store with POKERFSM_STORE instead"] * 2
                        if deprecated else [])


@pytest.mark.parametrize("variables, expected, warning", [
    ({"POKERFSM_TABLES": "old.sqlite"}, "old.sqlite",
     "pokerfsm: warning: POKERFSM_TABLES is deprecated: name the store with POKERFSM_STORE instead\n"),
    ({"POKERFSM_TABLES": "old.sqlite", "POKERFSM_STORE": "new.sqlite"}, "new.sqlite", ""),
])
def test_the_command_line_reads_either_name_and_prints_one_json_document(tmp_path, variables, expected, warning):
    env = {key: value for key, value in os.environ.items() if key not in ("POKERFSM_STORE", "POKERFSM_TABLES")}
    env.update({name: str(tmp_path / file) for name, file in variables.items()})
    found = {}
    for command in (["tables", "list", "--json"], ["equity", "AhAd", "KsKc", "--json"]):
        done = subprocess.run([sys.executable, "-m", "pokerfsm", *command], env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and done.stderr == warning, done.stderr
        found[command[0]] = json.loads(done.stdout)   # the one document on stdout
    assert found["tables"]["store"] == str(tmp_path / expected)
    assert found["equity"]["players"][0]["hand"] == "AhAd"
