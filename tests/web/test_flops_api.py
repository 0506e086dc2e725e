"""POST /api/flops: a flop report from the store, or a job the page polls; DELETE stops it; at hold'em and at
short deck (on its own flops, kept apart from hold'em's)."""
from __future__ import annotations

import json
import sqlite3
import time

import pytest

import pokerfsm
from pokerfsm.study.flops import canonical_flops, flop_row
from pokerfsm.web import flop_jobs

A, B = "QQ+, AK", "22+, A2s+, K9s+, QTs+, JTs, ATo+, KJo+"
SHORT, SHORT_B = "short-deck", "66+, A6s+, K9s+, QTs+, JTs, ATo+, KJo+"


@pytest.fixture
def store(tmp_path, monkeypatch):
    path = tmp_path / "store.sqlite"
    monkeypatch.setenv("POKERFSM_STORE", str(path))
    return path


def poll(client, body, timeout=120.0):
    """Ask until the answer is not a 202; returns (answers seen, last response)."""
    seen, deadline = [], time.monotonic() + timeout
    while time.monotonic() < deadline:
        response = client.post("/api/flops", json=body)
        seen.append(response.status_code)
        if response.status_code != 202:
            return seen, response
        data = response.json()
        flops = 1755 if body.get("game", "holdem") == "holdem" else len(canonical_flops(SHORT))
        assert data["status"] == "running" and 0 <= data["done"] <= data["flops"] == body.get("limit", flops)
        time.sleep(0.2)
    raise AssertionError("the report job did not finish")


def test_a_job_then_the_report_then_the_store(make_client, store):
    client = make_client()
    body = {"range_a": A, "range_b": B, "limit": 20}
    seen, response = poll(client, body)
    assert seen[0] == 202 and response.status_code == 200
    report = response.json()
    assert report["status"] == "done" and report["flops"] == 20 and not report["complete"]
    assert [r["key"] for r in report["rows"]] == list(range(20)) and "hits_a" not in report["rows"][0]
    row = report["rows"][7]
    exact = pokerfsm.equity([A, B], board=row["flop"], exact=True, tables=False)
    assert row["equity_a"] == pytest.approx(exact.players[0].equity, abs=1e-12)
    assert report["summaries"][0]["group"] == "all flops"
    assert report["summaries"][0]["weight"] == sum(r["weight"] for r in report["rows"])
    again = make_client().post("/api/flops", json={**body, "range_a": "AK, QQ+", "hits": True})   # a new server
    assert again.status_code == 200 and again.json()["computed"] == 0 and "hits_a" in again.json()["rows"][0]


def test_one_job_at_a_time_and_delete_stops_it(make_client, store):
    client = make_client()
    first, second = {"range_a": A, "range_b": B}, {"range_a": "TT+", "range_b": B}
    assert client.post("/api/flops", json=first).status_code == 202
    busy = client.post("/api/flops", json=second)
    assert busy.status_code == 429 and busy.headers["Retry-After"] == "5"
    assert busy.json()["detail"][0]["type"] == "busy"
    assert client.request("DELETE", "/api/flops", json=first).json() == {"stopped": True}
    assert client.post("/api/flops", json=second).status_code == 202
    assert client.request("DELETE", "/api/flops", json=second).json() == {"stopped": True}
    assert client.request("DELETE", "/api/flops", json=second).json() == {"stopped": False}


def test_a_job_nobody_asks_about_stops_keeping_its_flops(make_client, store, monkeypatch):
    monkeypatch.setattr(flop_jobs, "IDLE_SECONDS", 0.0)
    client = make_client()
    body = {"range_a": A, "range_b": B, "limit": 60}
    _, response = poll(client, body)
    assert response.status_code == 503 and response.json()["detail"][0]["type"] == "stopped"
    with sqlite3.connect(store) as db:
        kept = db.execute("SELECT COUNT(*) FROM rows_study_flops").fetchone()[0]
    assert 0 < kept < 60
    monkeypatch.setattr(flop_jobs, "IDLE_SECONDS", 15.0)
    _, response = poll(client, body)
    assert response.status_code == 200 and response.json()["flops"] == 60


@pytest.mark.parametrize("body, loc, fragment", [
    ({"range_a": "AhKh", "range_b": B}, ["body", "range_a"], "renamed"),
    ({"range_a": A, "range_b": "QQ++"}, ["body", "range_b"], "QQ++"),
    ({"range_a": A, "range_b": B, "limit": 0}, ["body", "limit"], ""),
    ({"range_a": A, "range_b": B, "limit": 1756}, ["body", "limit"], ""),
    ({"range_a": A}, ["body", "range_b"], ""),
])
def test_bad_input_is_a_422_naming_the_field(client, store, body, loc, fragment):
    response = client.post("/api/flops", json=body)
    assert response.status_code == 422
    problem = response.json()["detail"][0]
    assert problem["loc"][:len(loc)] == loc and fragment in problem["msg"]


def test_a_long_range_is_not_echoed(client, store):
    response = client.post("/api/flops", json={"range_a": "AX" * 240, "range_b": B})
    assert response.status_code == 422 and len(json.dumps(response.json())) < 1500


def test_a_store_another_program_writes_is_a_503(make_client, store):
    from pokerfsm.precomputed.storefile import writer_lock

    client = make_client()
    body = {"range_a": A, "range_b": B, "limit": 15}
    with writer_lock(store):   # as a table build holds it
        _, response = poll(client, body)
    assert response.status_code == 503
    problem = response.json()["detail"][0]
    assert problem["type"] == "store_error" and str(store) not in problem["msg"]
    _, response = poll(client, body)   # once it is free, the same request computes the report
    assert response.status_code == 200 and response.json()["flops"] == 15


def test_polling_a_running_job_does_not_read_the_store(make_client, store, monkeypatch):
    reads = []
    real = flop_jobs.stored_report
    monkeypatch.setattr(flop_jobs, "stored_report", lambda *a, **k: reads.append(a) or real(*a, **k))
    client = make_client()
    body = {"range_a": A, "range_b": B}
    for _ in range(3):
        assert client.post("/api/flops", json=body).status_code == 202
    assert len(reads) == 1   # the first request looked in the store; the polls ask the job
    assert client.request("DELETE", "/api/flops", json=body).json() == {"stopped": True}


def test_a_running_job_stops_and_its_thread_goes_when_the_server_shuts_down(store):
    from fastapi.testclient import TestClient

    from pokerfsm.web.app import create_app

    app = create_app()
    with TestClient(app) as client:
        assert client.post("/api/flops", json={"range_a": A, "range_b": B}).status_code == 202
        jobs = app.state.report_jobs
        [job] = jobs.jobs.values()
        assert not job.stop.cancelled and jobs.pool._executor is not None
    assert job.stop.cancelled and jobs.pool._executor is None   # the job's thread pool is let go


# ---------------------------------------------------------------- short deck

def test_a_short_deck_report_is_the_librarys_and_apart_from_holdems(make_client, store):
    client = make_client()
    body = {"game": SHORT, "range_a": A, "range_b": SHORT_B, "limit": 12}
    seen, response = poll(client, body)
    assert seen[0] == 202 and response.status_code == 200
    report = response.json()
    assert report["flops"] == 12 and not report["complete"] and report["game"] == SHORT
    assert [r["key"] for r in report["rows"]] == list(range(12))
    assert all(card[0] not in "2345" for r in report["rows"] for card in r["flop"].split())
    direct = flop_row(5, A, SHORT_B, game=SHORT)
    row = report["rows"][5]
    assert {k: row[k] for k in row} == {k: direct[k] for k in row}   # every column but the hits (left out)
    exact = pokerfsm.equity([A, SHORT_B], board=row["flop"], game=SHORT, exact=True)
    assert row["equity_a"] == pytest.approx(exact.players[0].equity, abs=1e-12)
    # the same ranges at hold'em: a report of their own, not short deck's rows
    holdem = client.post("/api/flops", json={**body, "game": "holdem"})
    assert holdem.status_code == 202
    assert client.request("DELETE", "/api/flops", json={**body, "game": "holdem"}).json() == {"stopped": True}
    again = make_client().post("/api/flops", json=body)   # a new server: from the store
    assert again.status_code == 200 and again.json()["computed"] == 0 and again.json()["rows"] == report["rows"]


def test_a_whole_short_deck_report_counts_its_own_flops(make_client, store):
    client = make_client()
    body = {"game": SHORT, "range_a": A, "range_b": SHORT_B}
    running = client.post("/api/flops", json=body)
    assert running.status_code == 202 and running.json()["flops"] == len(canonical_flops(SHORT)) < 1755
    assert client.request("DELETE", "/api/flops", json=body).json() == {"stopped": True}


@pytest.mark.parametrize("body, loc, fragment", [
    ({"game": SHORT, "range_a": A, "range_b": "55+"}, ["body", "range_b"], "55+"),
    ({"game": SHORT, "range_a": "QQ+, 4c4d", "range_b": SHORT_B}, ["body", "range_a"], "4c"),
    ({"game": SHORT, "range_a": A, "range_b": SHORT_B, "limit": 1000}, ["body", "limit"], "at most"),
    ({"game": "omaha", "range_a": A, "range_b": B}, ["body", "game"], "Omaha"),
    ({"game": "razz", "range_a": A, "range_b": B}, ["body", "game"], "hold'em"),
    ({"game": "backgammon", "range_a": A, "range_b": B}, ["body", "game"], "'backgammon'"),
])
def test_short_deck_and_other_games_bad_input_is_a_422_naming_the_field(client, store, body, loc, fragment):
    response = client.post("/api/flops", json=body)
    assert response.status_code == 422, response.text
    problem = response.json()["detail"][0]
    assert problem["loc"][:len(loc)] == loc and fragment in problem["msg"], problem
    assert client.request("DELETE", "/api/flops", json=body).status_code == 422


def test_the_docs_example_body_starts_a_report(client, store):
    fields = client.get("/openapi.json").json()["components"]["schemas"]["FlopsRequest"]["properties"]
    body = {name: field["examples"][0] for name, field in fields.items() if "examples" in field}
    assert client.post("/api/flops", json=body).status_code == 202
    assert client.request("DELETE", "/api/flops", json=body).json() == {"stopped": True}
