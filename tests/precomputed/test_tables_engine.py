"""Builds on Dask: limits, resumption after SIGKILL and Ctrl-C, a killed worker, two builds."""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

import pytest
from tables_helpers import table_rows, tasks_done

from pokerfsm.cli import main

pytest.importorskip("distributed")

HU = ["preflop-hu", "--set", "classes_per_task=25"]


def build_in_one_go(tmp_path, client, name, limit, **parameters):
    """The reference: the same slice built without interruption, in its own store."""
    from pokerfsm.precomputed.engine import build

    path = tmp_path / "one-go.sqlite"
    build([name], store_path=path, limit=limit, parameters={name: parameters}, client=client,
          progress=False)
    return table_rows(path, name)


def start_build(args, store_path):
    """A `pokerfsm tables build` process in its own session (so its workers can be killed with it)."""
    env = {**os.environ, "POKERFSM_STORE": str(store_path)}
    return subprocess.Popen([sys.executable, "-m", "pokerfsm", "tables", "build", *args],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def wait_for_tasks(proc, store_path, name, count, timeout=120):
    deadline = time.monotonic() + timeout
    while tasks_done(store_path, name) < count:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the build made no progress"
        time.sleep(0.02)


def kill_group(proc, sig=signal.SIGKILL):
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, sig)


def test_limit_builds_the_first_tasks_and_a_rerun_does_nothing(store_path, capsys, dask_client,
                                                             tmp_path):
    argv = ["tables", "build", *HU, "--limit", "3", "--scheduler", dask_client.scheduler.address]
    assert main(argv) == 0
    assert "3/1881 tasks, 75 rows, incomplete (3 tasks run" in capsys.readouterr().out
    assert main(argv) == 0
    assert "(0 tasks run" in capsys.readouterr().out
    assert table_rows(store_path, "preflop-hu") == build_in_one_go(
        tmp_path, dask_client, "preflop-hu", 3, classes_per_task=25)


def test_resume_after_sigkill_equals_one_go(store_path, dask_client, tmp_path):
    args = [*HU, "--limit", "16", "--scheduler", dask_client.scheduler.address]
    proc = start_build(args, store_path)
    try:
        wait_for_tasks(proc, store_path, "preflop-hu", 2)
        kill_group(proc)
        proc.wait(timeout=30)
    finally:
        kill_group(proc)
    done = tasks_done(store_path, "preflop-hu")
    assert 2 <= done < 16, "the build was not stopped mid-way"
    rows = table_rows(store_path, "preflop-hu")
    assert len(rows) == 25 * done   # whole tasks only
    assert main(["tables", "build", *args]) == 0
    assert tasks_done(store_path, "preflop-hu") == 16
    assert table_rows(store_path, "preflop-hu") == build_in_one_go(
        tmp_path, dask_client, "preflop-hu", 16, classes_per_task=25)


def test_ctrl_c_keeps_finished_tasks_and_says_how_to_resume(store_path):
    proc = start_build([*HU, "--limit", "40", "--workers", "2"], store_path)
    try:
        wait_for_tasks(proc, store_path, "preflop-hu", 1)
        kill_group(proc, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        kill_group(proc)
    assert proc.returncode == 130
    assert "interrupted" in err and "resume" in err and "Traceback" not in err
    done = tasks_done(store_path, "preflop-hu")
    assert 1 <= done < 40 and len(table_rows(store_path, "preflop-hu")) == 25 * done


def test_two_builds_at_once_the_second_refuses(store_path, capsys, dask_client):
    proc = start_build([*HU, "--limit", "60", "--scheduler", dask_client.scheduler.address],
                       store_path)
    try:
        wait_for_tasks(proc, store_path, "preflop-hu", 1)
        assert main(["tables", "build", *HU, "--limit", "1"]) == 2
    finally:
        kill_group(proc)
        proc.wait(timeout=30)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "another `pokerfsm tables build`" in err
    assert str(store_path) in err


def test_a_killed_worker_does_not_spoil_the_build(store_path, dask_client, tmp_path):
    from pokerfsm.precomputed.engine import build

    killed = []

    def kill_a_worker(name, task):
        if not killed:
            pid = next(iter(dask_client.run(os.getpid).values()))
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    [summary] = build(["flop-ehs"], limit=8, parameters={"flop-ehs": {"flops_per_task": 2}},
                      client=dask_client, progress=False, on_commit=kill_a_worker)
    assert summary.tasks_done == 8 and summary.rows > 0
    dask_client.wait_for_workers(2, timeout=60)   # the nanny started a new one
    assert killed and killed[0] not in dask_client.run(os.getpid).values()
    assert table_rows(store_path, "flop-ehs") == build_in_one_go(
        tmp_path, dask_client, "flop-ehs", 8, flops_per_task=2)


def test_unreachable_scheduler_and_bad_parameters_are_one_line_errors(store_path, capsys):
    assert main(["tables", "build", "preflop-hu", "--set", "classes_per_task=none"]) == 2
    assert main(["tables", "build", "preflop-hu", "--set", "colour=blue"]) == 2
    assert main(["tables", "build", "preflop-hu", "--std-error", "0.01"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and "'none'" in err[0] and "'colour=blue'" in err[1]
    assert "preflop-vs-random" in err[2]


def test_a_build_prints_only_its_summary_even_with_the_dask_dashboard_port_taken(tmp_path):
    """The local cluster serves its status pages on a free port of 127.0.0.1, so a busy 8787
    (another Dask, another build) gives no warning."""
    import socket

    busy = socket.socket()
    try:
        busy.bind(("127.0.0.1", 8787))
        busy.listen()
    except OSError:   # already taken by someone else: the same situation
        pass
    try:
        proc = start_build(["preflop-hu", "--limit", "1", "--workers", "1", "--set", "classes_per_task=20"],
                           tmp_path / "quiet.sqlite")
        out, err = proc.communicate(timeout=300)
    finally:
        busy.close()
    assert proc.returncode == 0, err
    assert err == ""
    assert out.splitlines() == [line for line in out.splitlines() if line.startswith("preflop-hu: 1/")]
