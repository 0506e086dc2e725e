"""The server stays responsive: deadlines, cancellation on disconnect, separate capacity, per-client limits.

Nothing here compares a duration with a bound: a deadline test asserts the
kind of answer, a cancellation test that the computation ended *cancelled*
(or that its thread is free again), waiting with generous time-outs.
"""
from __future__ import annotations

import json
import socket
import threading
from urllib.parse import urlsplit

import httpx
import pytest
from web_helpers import wait_until

from pokerfsm.errors import CancelledError
from pokerfsm.web.app import create_app
from pokerfsm.web.questions import encode_query

TEN_OVERLAPPING = ["AA", "AA", "KK", "KK", "QQ", "QQ", "JJ", "JJ", "99", "99,3s2s"]
BIG_EXACT = {"players": ["22+,A2s+,K9s+,ATo+", "QQ+,AKs"]}  # exact, a few seconds of both cores
SPOT = {"players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": ["2s", "7h", "9c"]}


def detail(response) -> dict:
    assert response.headers["content-type"].startswith("application/json")
    return response.json()["detail"][0]


def open_request(base: str, method: str, body: dict, path: str = "/api/equity") -> socket.socket:
    """Send a request on a raw socket and leave it waiting (``close()`` it to walk away)."""
    url = urlsplit(base)
    sock = socket.create_connection((url.hostname, url.port))
    if method == "GET":
        head, data = f"GET {path}?q={encode_query(body)} HTTP/1.1\r\n", b""
    else:
        data = json.dumps(body).encode()
        head = f"POST {path} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n"
    sock.sendall(f"{head}Host: {url.netloc}\r\n\r\n".encode() + data)
    return sock


def walk_away(sock: socket.socket) -> None:
    sock.shutdown(socket.SHUT_RDWR)
    sock.close()


# ---------------------------------------------------------------- the deadline

@pytest.mark.parametrize("body, options", [
    pytest.param({"players": TEN_OVERLAPPING, "samples": 1_000_000}, {}, id="given-samples"),
    pytest.param({"players": ["22+,A2+,K2+,Q2+", "22+,A2+,K2+,Q2+"]}, {"budget": 1000.0}, id="exact"),
])
def test_a_question_past_the_deadline_is_a_422_naming_the_reason(make_client, body, options):
    client = make_client(deadline=0.5, **options)
    response = client.post("/api/equity", json=body)
    assert response.status_code == 422
    assert detail(response)["type"] == "time_limit" and detail(response)["loc"] == ["body"]
    assert "0.5 s" in detail(response)["msg"]
    fetched = client.get("/api/equity", params={"q": encode_query(body)})
    assert fetched.status_code == 422 and detail(fetched)["loc"] == ["query", "q"]


def test_the_deadline_holds_for_a_question_still_waiting_for_a_thread(make_client, engine_factory, background):
    # one worker, held by a computation that ignores its stop: a second question can only wait
    release = threading.Event()
    engine = engine_factory()
    real = engine.equity
    engine.equity = lambda *a, **k: release.wait(60) and real(*a, **k)
    client = make_client(engine=engine, workers=1, deadline=0.5)
    try:
        first, answers = background(client.post, "/api/equity", json=SPOT)
        wait_until(lambda: client.app.state.server.heavy.running == 1, what="the first computation starting")
        second = client.post("/api/equity", json={**SPOT, "board": ["2s", "7h", "9d"]})
        assert second.status_code == 422 and detail(second)["type"] == "time_limit"
        first.join(timeout=60)
        # the held one was answered at its deadline too, though its computation never stopped
        assert answers[0].status_code == 422 and client.app.state.server.heavy.running == 1
    finally:
        release.set()
    wait_until(lambda: client.app.state.server.heavy.running == 0, what="the held thread being free")
    assert len(engine.calls) == 1  # the second question left the queue without ever running


def test_a_deadline_that_cuts_a_kernel_frees_its_thread(make_client, kernel_engine):
    client = make_client(engine=kernel_engine, workers=1, deadline=0.3)
    assert client.post("/api/equity", json=SPOT).status_code == 422
    assert type(kernel_engine.outcomes[0]).__name__ == "TimeLimitError"
    kernel_engine.release.set()
    assert client.post("/api/equity", json={**SPOT, "dead": ["3c"]}).status_code == 200


# ---------------------------------------------------------------- clients that leave

@pytest.mark.parametrize("method", ["POST", "GET"])
def test_a_client_that_leaves_cancels_its_computation(serve, kernel_engine, method):
    app = create_app(engine=kernel_engine)
    base = serve(app)
    sock = open_request(base, method, SPOT)
    wait_until(lambda: app.state.server.heavy.running == 1, what="the computation starting")
    walk_away(sock)
    wait_until(lambda: kernel_engine.outcomes, what="the computation ending")
    assert isinstance(kernel_engine.outcomes[0], CancelledError)
    wait_until(lambda: app.state.server.heavy.running == 0, what="the thread being free")
    assert app.state.server.cache.running == 0 and len(app.state.server.cache) == 0  # nothing stored or shared
    kernel_engine.release.set()
    answer = httpx.post(base + "/api/equity", json=SPOT, timeout=60)
    assert answer.status_code == 200 and answer.headers["X-Cache"] == "miss"


def test_a_real_computation_stops_when_its_client_leaves(serve, engine_factory):
    engine = engine_factory()
    app = create_app(engine=engine)
    base = serve(app)
    sock = open_request(base, "POST", BIG_EXACT)
    wait_until(lambda: app.state.server.heavy.running == 1, what="the computation starting")
    walk_away(sock)
    wait_until(lambda: engine.outcomes, what="the computation ending")
    assert isinstance(engine.outcomes[0], CancelledError)  # stopped by the kernels, not finished
    wait_until(lambda: app.state.server.heavy.running == 0, what="the thread being free")
    assert httpx.post(base + "/api/evaluate", json={"cards": "As Ks Qs Js Ts"}).status_code == 200


def test_a_shared_computation_goes_on_when_the_client_who_started_it_leaves(serve, kernel_engine, background):
    app = create_app(engine=kernel_engine)
    base = serve(app)
    first = open_request(base, "POST", SPOT)
    wait_until(lambda: app.state.server.heavy.running == 1, what="the computation starting")
    second, answers = background(httpx.post, base + "/api/equity", json=SPOT, timeout=60)
    wait_until(lambda: app.state.server.cache.waiting == 2, what="the second request joining")
    walk_away(first)
    wait_until(lambda: app.state.server.cache.waiting == 1, what="the first request leaving")
    assert not kernel_engine.stops[0].cancelled
    kernel_engine.release.set()
    second.join(timeout=60)
    assert answers[0].status_code == 200 and answers[0].headers["X-Cache"] == "hit"
    assert len(kernel_engine.calls) == 1 and kernel_engine.outcomes == ["answered"]


def test_when_every_client_leaves_the_computation_stops_and_a_new_one_starts_afresh(serve, kernel_engine):
    app = create_app(engine=kernel_engine)
    base = serve(app)
    sockets = [open_request(base, "POST", SPOT)]
    wait_until(lambda: app.state.server.heavy.running == 1, what="the computation starting")
    sockets.append(open_request(base, "GET", SPOT))
    wait_until(lambda: app.state.server.cache.waiting == 2, what="the second request joining")
    for sock in sockets:
        walk_away(sock)
    wait_until(lambda: kernel_engine.outcomes, what="the computation ending")
    assert isinstance(kernel_engine.outcomes[0], CancelledError) and app.state.server.cache.running == 0
    kernel_engine.release.set()
    answer = httpx.post(base + "/api/equity", json=SPOT, timeout=60)
    assert answer.status_code == 200 and answer.headers["X-Cache"] == "miss" and len(kernel_engine.calls) == 2


# ---------------------------------------------------------------- capacity

def test_cheap_endpoints_never_queue_behind_equity(make_client, kernel_engine, background):
    client = make_client(engine=kernel_engine, workers=1, per_client=3)
    heavy = [background(client.post, "/api/equity", json={**SPOT, "dead": [dead]}) for dead in ("3c", "4c")]
    wait_until(lambda: client.app.state.server.heavy.running == 1 and client.app.state.server.cache.running == 2,
               what="one computation running and one waiting for the only worker")
    assert client.post("/api/evaluate", json={"cards": "As Ks Qs Js Ts"}).status_code == 200
    outs = client.post("/api/outs", json={"players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": "Qh 7h 2c 5s"})
    assert outs.status_code == 200
    assert client.post("/api/equity", json={"players": [["Ah", "Kh"], ["Zz", "2c"]]}).status_code == 422
    for path in ("/api/health", "/", "/app.js"):
        assert client.get(path).status_code == 200, path
    stats = client.get("/api/stats").json()
    assert (stats["computing"], stats["threads_busy"]) == (2, 1)
    assert all(not results for _, results in heavy)
    kernel_engine.release.set()
    for thread, results in heavy:
        thread.join(timeout=60)
        assert results[0].status_code == 200


def test_a_client_may_run_only_so_many_equity_requests_at_once(make_client, kernel_engine, background):
    client = make_client(engine=kernel_engine, per_client=1)
    first, answers = background(client.post, "/api/equity", json=SPOT)
    wait_until(lambda: client.app.state.server.heavy.running == 1, what="the first computation starting")
    refused = client.get("/api/equity", params={"q": encode_query({**SPOT, "dead": ["3c"]})})
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "1"
    assert detail(refused)["type"] == "too_many_requests" and refused.headers["X-Content-Type-Options"] == "nosniff"
    assert client.post("/api/evaluate", json={"cards": "As Ks Qs Js Ts"}).status_code == 200  # not limited
    kernel_engine.release.set()
    first.join(timeout=60)
    assert answers[0].status_code == 200
    assert client.post("/api/equity", json={**SPOT, "dead": ["3c"]}).status_code == 200  # the slot is free again


def test_the_limit_is_per_client_address(serve, kernel_engine):
    app = create_app(engine=kernel_engine, per_client=1)
    base = serve(app)
    sock = open_request(base, "POST", SPOT)
    wait_until(lambda: app.state.server.heavy.running == 1, what="the first computation starting")
    other = {**SPOT, "dead": ["3c"]}
    assert httpx.post(base + "/api/equity", json=other, timeout=60).status_code == 429
    # another address (all of 127/8 is this machine) is another client
    transport = httpx.HTTPTransport(local_address="127.0.0.2")
    with httpx.Client(transport=transport, timeout=60) as elsewhere:
        kernel_engine.release.set()
        assert elsewhere.post(base + "/api/equity", json=other).status_code == 200
    walk_away(sock)


# ---------------------------------------------------------------- bodies

@pytest.mark.parametrize("size", [64 * 1024 + 1, 1_000_000, 16 * 1024 * 1024])
def test_a_body_over_the_limit_is_a_413_before_it_is_parsed(client, size):
    raw = b"[" + b"1," * (size // 2) + b"1]"
    response = client.post("/api/equity", content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 413 and detail(response)["type"] == "body_too_large"
    assert len(response.content) < 500


def test_a_body_without_a_length_is_counted_as_it_comes(client):
    chunks = (b" " * 8192 for _ in range(20))  # chunked transfer: no Content-Length
    response = client.post("/api/evaluate", content=chunks, headers={"content-type": "application/json"})
    assert response.status_code == 413


# ---------------------------------------------------------------- hygiene

@pytest.mark.parametrize("path", ["/api/health", "/api/stats", "/", "/openapi.json"])
def test_every_answer_says_nosniff(client, path):
    assert client.get(path).headers["X-Content-Type-Options"] == "nosniff"


def test_errors_say_nosniff_too(client):
    assert client.post("/api/equity", json={}).headers["X-Content-Type-Options"] == "nosniff"


def test_allowed_hosts(make_client):
    client = make_client(allowed_hosts=["calc.example", "*.calc.example"])
    for host in ("calc.example", "www.calc.example", "calc.example:8000"):
        assert client.get("/api/health", headers={"host": host}).status_code == 200, host
    refused = client.get("/api/health", headers={"host": "evil.example"})
    assert refused.status_code == 400 and detail(refused)["type"] == "host_not_allowed"


def test_an_unexpected_failure_is_one_log_line_and_never_escapes_the_app(engine_factory, caplog):
    from fastapi.testclient import TestClient

    engine = engine_factory(fail=RuntimeError("boom"))
    with TestClient(create_app(engine=engine), raise_server_exceptions=True) as client, \
            caplog.at_level("INFO"):
        response = client.post("/api/equity", json={"players": [["Ah", "Kh"], None]})
    assert response.status_code == 500 and detail(response)["type"] == "internal"
    errors = [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    assert len(errors) == 1 and "boom" in errors[0].getMessage() and errors[0].exc_info is None
    assert "\n" not in errors[0].getMessage()
