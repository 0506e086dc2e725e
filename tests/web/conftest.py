"""Fixtures for the web calculator: an in-process client, a live server, headless Chromium.

Browser tests use Debian's Chromium through Playwright (``executable_path``;
``playwright install`` is never run). They are skipped, with the reason, when
Chromium is missing on a developer machine; under CI (``CI=true``) a missing
Chromium is an error, since ``.ci/run`` installs it.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import socket
import threading
import time
import warnings
from pathlib import Path

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")  # starlette's TestClient nudging towards httpx2

from fastapi.testclient import TestClient  # noqa: E402

from pokerfsm.web.app import create_app  # noqa: E402
from pokerfsm.web.state import Engine, default_engine  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM_CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_FLAGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 667}


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


class CountingEngine(Engine):
    """The real engine, counting equity calls and optionally slowed down or failing."""

    def __init__(self, delay: float = 0.0, fail: BaseException | None = None) -> None:
        real = default_engine()
        super().__init__(**vars(real))
        self.calls: list[tuple] = []
        self.outcomes: list = []  # per call: "answered" or the exception it ended with
        self._real_equity, self._delay, self._fail = real.equity, delay, fail

        def equity(players, board, dead, **options):
            self.calls.append((players, board, dead, options))
            try:
                if self._delay:
                    time.sleep(self._delay)
                if self._fail is not None:
                    raise self._fail
                result = self._real_equity(players, board, dead, **options)
            except BaseException as exc:
                self.outcomes.append(exc)
                raise
            self.outcomes.append("answered")
            return result

        self.equity = equity


class KernelEngine(CountingEngine):
    """An equity() that acts like a kernel with no end of its own: it checks its ``stop`` every few
    milliseconds until :attr:`release` is set (then answers as the real engine) or the stop says to end."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.stops: list = []
        real = self._real_equity

        def equity(players, board, dead, *, stop=None, **options):
            self.calls.append((players, board, dead, options))
            self.stops.append(stop)
            try:
                while not self.release.wait(0.005):
                    stop.check()
                result = real(players, board, dead, **options)
            except BaseException as exc:
                self.outcomes.append(exc)
                raise
            self.outcomes.append("answered")
            return result

        self.equity = equity


@pytest.fixture
def kernel_engine():
    engine = KernelEngine()
    yield engine
    engine.release.set()


@pytest.fixture
def background(request, make_client):
    """``background(fn, *args, **kwargs)`` runs ``fn`` in a thread; returns (thread, results list).

    At teardown the kernel engine (if the test has one) is released and the threads are joined
    before the test clients close, so that a failing test never leaves requests in flight.
    """
    threads: list[threading.Thread] = []

    def start(fn, *args, **kwargs):
        results: list = []
        thread = threading.Thread(target=lambda: results.append(fn(*args, **kwargs)), daemon=True)
        thread.start()
        threads.append(thread)
        return thread, results

    yield start
    if "kernel_engine" in request.fixturenames:
        request.getfixturevalue("kernel_engine").release.set()
    for thread in threads:
        thread.join(timeout=60)


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


@contextlib.contextmanager
def serving_app(app):
    """``http://127.0.0.1:PORT`` of uvicorn serving ``app`` in a background thread, until the block ends."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                          server_header=False))
    thread = threading.Thread(target=server.run, name="uvicorn-test", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture
def serve():
    """``serve(app)`` -> the base URL of a real uvicorn serving ``app`` for the rest of the test."""
    with contextlib.ExitStack() as stack:
        yield lambda app: stack.enter_context(serving_app(app))


@pytest.fixture(scope="session")
def live_server():
    """``http://127.0.0.1:PORT/`` of uvicorn serving a fresh app in a background thread."""
    with serving_app(create_app()) as base:
        yield base + "/"


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


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def sized(request, browser, live_server):
    """``(page, base URL, viewport)``: a fresh page of the live server at desktop and at phone size."""
    context = browser.new_context(viewport=request.param)
    page = context.new_page()
    yield page, live_server, request.param
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def serve_heads_up_rows(path: Path, monkeypatch, name: str, hole) -> None:
    """Serve the store at ``path`` as a built heads-up table ``name`` holding the matchups of the hands ``hole``
    (rows of four cards).

    The build is begun by the engine itself (``limit=0``: no task run); the
    rows are computed by the build's own row function and committed as a
    build commits them; only the availability check is told the table is
    complete (building a whole table takes minutes: the tables' own tests
    check builds and completeness).
    """
    import numpy as np

    from pokerfsm import precomputed
    from pokerfsm.precomputed import lookup, short_deck_tables, symmetry
    from pokerfsm.precomputed.engine import build
    from pokerfsm.precomputed.store import Store, writer_lock
    from pokerfsm.precomputed.tasks import matchup_rows

    rows = short_deck_tables.hu_rows if name == short_deck_tables.HU_NAME else matchup_rows
    keys = np.unique(symmetry.matchup_key(np.asarray(hole, dtype=np.uint8))[0])
    build([name], store_path=path, limit=0, progress=False)
    with writer_lock(path), Store.open(path, create=True) as store:
        store.commit_task(name, 0, rows(keys), 0.0, "test")
    monkeypatch.setenv("POKERFSM_STORE", str(path))
    monkeypatch.setattr(precomputed, "available", lambda table: table == name)
    lookup.reload()


def pairs(first, second) -> list[list[int]]:
    """The four cards of each pair of hands of two ranges that share no card."""
    return [[int(c) for c in (*a, *b)] for a in first for b in second if not set(a) & set(b)]


@pytest.fixture
def heads_up_table(tmp_path, monkeypatch):
    """A ``preflop-hu`` store holding every matchup of :data:`HEATMAP_RANGES`, served as a built table."""
    from web_helpers import HEATMAP_RANGES

    from pokerfsm.precomputed import lookup
    from pokerfsm.ranges import parse_range

    path = tmp_path / "tables.sqlite"
    serve_heads_up_rows(path, monkeypatch, "preflop-hu", pairs(*(parse_range(text) for text in HEATMAP_RANGES)))
    yield path
    lookup.reload()


@pytest.fixture
def short_deck_heads_up_table(tmp_path, monkeypatch):
    """A ``short-deck-preflop-hu`` store holding every matchup of :data:`SHORT_DECK_HEATMAP_RANGES`, served as a
    built table."""
    from web_helpers import SHORT_DECK_HEATMAP_RANGES

    from pokerfsm.precomputed import lookup, short_deck_tables
    from pokerfsm.web.grid_games import SHORT_DECK, read_game_range

    path = tmp_path / "tables.sqlite"
    ranges = (read_game_range(text, SHORT_DECK) for text in SHORT_DECK_HEATMAP_RANGES)
    serve_heads_up_rows(path, monkeypatch, short_deck_tables.HU_NAME, pairs(*ranges))
    yield path
    lookup.reload()


@pytest.fixture
def three_way_table(tmp_path, monkeypatch):
    """A ``preflop-vs-random`` store holding the Monte Carlo row of AKs against 2 random hands,
    computed by the build's own task function, to a standard error of 0.0004 (within the
    library's default target of 0.001, so ``equity()`` takes it; over a million deals, more than
    the page's "refine" could ask for)."""
    from pokerfsm import __version__, precomputed
    from pokerfsm.precomputed import lookup
    from pokerfsm.precomputed.engine import table_parameters
    from pokerfsm.precomputed.tasks import SPECS, hand_rank_checksum, run_task
    from pokerfsm.ranges import HAND_CLASSES

    path = tmp_path / "tables.sqlite"
    spec = SPECS["preflop-vs-random"]
    parameters = table_parameters(spec.name, {"target_std_error": 0.0004})
    task = 169 + HAND_CLASSES.index("AKs")
    with precomputed.Store.open(path, create=True) as store:
        store.begin_build(spec.name, spec.columns, parameters, spec.tasks(parameters), __version__,
                          hand_rank_checksum())
        store.commit_task(spec.name, task, run_task(spec.name, task, parameters)["rows"], 0.0, "test")
    monkeypatch.setenv("POKERFSM_STORE", str(path))
    lookup.reload()
    yield path
    lookup.reload()
