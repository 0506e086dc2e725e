"""Fixtures for the web calculator: an in-process client, a live server, headless Chromium.

Browser tests use Debian's Chromium through Playwright (``executable_path``;
``playwright install`` is never run). They are skipped, with the reason, when
Chromium is missing on a developer machine; under CI (``CI=true``) a missing
Chromium is an error, since ``.ci/run`` installs it.
"""
from __future__ import annotations

import os
import shutil
import socket
import threading
import time
import warnings
from pathlib import Path
from types import SimpleNamespace

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")  # starlette's TestClient nudging towards httpx2

from fastapi.testclient import TestClient  # noqa: E402

from pokerfsm.web.app import create_app, default_engine  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM_CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_FLAGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}


def chromium_path() -> str | None:
    for candidate in (os.environ.get("POKERFSM_CHROMIUM"), *CHROMIUM_CANDIDATES):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return shutil.which("chromium")


# ---------------------------------------------------------------- in-process app

@pytest.fixture(scope="session")
def app():
    return create_app(cache_size=256, budget=2.0)


@pytest.fixture(scope="session")
def client(app):
    with TestClient(app) as test_client:
        yield test_client


class CountingEngine(SimpleNamespace):
    """The real engine, counting equity calls and optionally slowed down or failing."""

    def __init__(self, delay: float = 0.0, fail: BaseException | None = None) -> None:
        real = default_engine()
        super().__init__(**vars(real))
        self.calls: list[tuple] = []
        self._real_equity, self._delay, self._fail = real.equity, delay, fail

        def equity(players, board, dead, **options):
            self.calls.append((players, board, dead, options))
            if self._delay:
                time.sleep(self._delay)
            if self._fail is not None:
                raise self._fail
            return self._real_equity(players, board, dead, **options)

        self.equity = equity


@pytest.fixture
def engine_factory():
    """``engine_factory(delay=0, fail=None)`` -> a :class:`CountingEngine`."""
    return CountingEngine


@pytest.fixture
def make_client():
    """``make_client(engine=..., **create_app options)`` -> a fresh TestClient on its own app."""
    clients = []

    def make(**options) -> TestClient:
        test_client = TestClient(create_app(**options), raise_server_exceptions=False)
        test_client.__enter__()
        clients.append(test_client)
        return test_client

    yield make
    for test_client in clients:
        test_client.__exit__(None, None, None)


# ---------------------------------------------------------------- live server

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    return free_port()


@pytest.fixture(scope="session")
def live_server():
    """``http://127.0.0.1:PORT/`` of uvicorn serving a fresh app in a background thread."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, name="uvicorn-test", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    server.should_exit = True
    thread.join(timeout=10)


# ---------------------------------------------------------------- pytest-playwright overrides

@pytest.fixture(scope="session")
def chromium_executable():
    path = chromium_path()
    if path is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("Chromium is not installed; .ci/run must `apt-get install -y chromium`")
        pytest.skip("Chromium is not installed (apt-get install -y chromium); browser tests skipped")
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, chromium_executable):
    return {**browser_type_launch_args, "executable_path": chromium_executable,
            "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_FLAGS]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": DESKTOP}


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
