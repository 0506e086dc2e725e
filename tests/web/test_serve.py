"""``pokerfsm serve``: its options, and the real server it runs (a subprocess)."""
from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time

import httpx
import pytest

import pokerfsm
from pokerfsm.cli import main


@pytest.mark.parametrize("argv, words", [
    (["serve", "--port", "70000"], "--port"),
    (["serve", "--budget", "0"], "--budget"),
    (["serve", "--cache-size", "-1"], "--cache-size"),
    (["serve", "--budget", "nan"], "--budget"),
    (["serve", "--deadline", "3"], "--deadline"),  # less than twice the budget
    (["serve", "--deadline", "inf"], "--deadline"),
    (["serve", "--per-client", "0"], "--per-client"),
    (["serve", "--allowed-host", "ex*ample.com"], "--allowed-host"),
    (["serve", "--allowed-host", "*example.com"], "--allowed-host"),
    (["serve", "--port", "\u0668\u0660\u0668\u0660"], "--port"),  # Arabic-Indic 8080: digits 0-9 only
    (["serve", "--workers", "\u0662"], "--workers"),
    (["serve", "--budget", "1e3"], "--budget"),
    (["serve", "--nice", "-5"], "--nice"),
])
def test_serve_refuses_bad_options(capsys, argv, words):
    assert main(argv) == 2
    assert words in capsys.readouterr().err


def test_serve_reports_a_busy_port(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        assert main(["serve", "--port", str(busy.getsockname()[1])]) == 2
    assert "cannot listen on 127.0.0.1:" in capsys.readouterr().err


@contextlib.contextmanager
def serving(port: int, env: dict | None = None, args: tuple[str, ...] = ()):
    """``python -m pokerfsm serve`` on ``port`` in a subprocess, until the block ends."""
    process = subprocess.Popen([sys.executable, "-m", "pokerfsm", "serve", "--port", str(port),
                                "--log-level", "warning", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={**os.environ, **(env or {})})
    try:
        for _ in range(300):
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2)
                break
            except httpx.TransportError:
                if process.poll() is not None:
                    pytest.fail(process.stderr.read().decode())
                time.sleep(0.1)
        else:
            pytest.fail("pokerfsm serve did not answer")
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_serve_runs_a_server(port):
    with serving(port) as base:
        health = httpx.get(base + "/api/health")
        assert health.json() == {"status": "ok", "version": pokerfsm.__version__}
        assert "server" not in health.headers and health.headers["x-content-type-options"] == "nosniff"
        page = httpx.get(base + "/", timeout=5)
        assert page.status_code == 200 and "pokerfsm" in page.text
        answer = httpx.post(base + "/api/equity", json={"players": ["AhKh", "??"], "board": "Ac 2h 6c"}, timeout=60)
        assert answer.status_code == 200 and answer.json()["exact"]


def test_a_damaged_table_is_a_503_not_a_wrong_answer(port, tmp_path):
    damaged = tmp_path / "damaged.pkfsm"
    damaged.write_bytes(b"not a table" * 100)
    with serving(port, {"POKERFSM_TABLE": str(damaged)}) as base:
        # a hand against a random hand on the flop walks the state machine (known hands need no table)
        answer = httpx.post(base + "/api/equity", json={"players": ["AhKh", "??"], "board": "Ac 2h 6c"},
                            timeout=60)
        assert answer.status_code == 503
        error = answer.json()["detail"][0]
        assert error["type"] == "table_error" and "damaged" in error["msg"]
        assert str(tmp_path) not in answer.text and "damaged.pkfsm" not in answer.text


def test_serve_answers_only_the_allowed_hosts(port):
    with serving(port, args=("--allowed-host", "localhost", "--allowed-host", "*.calc.example")) as base:
        for host in (f"localhost:{port}", "www.calc.example"):
            assert httpx.get(base + "/api/health", headers={"host": host}).status_code == 200
        refused = httpx.get(base + "/api/health", headers={"host": "evil.example"})
        assert refused.status_code == 400 and refused.json()["detail"][0]["type"] == "host_not_allowed"
