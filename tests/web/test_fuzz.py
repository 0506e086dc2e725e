"""Fuzzing the API: no input ever produces a server error.

Two passes: schemathesis generates requests from the OpenAPI schema (mostly
garbage that must be refused cleanly); a hypothesis strategy builds *plausible*
questions (real cards in any case, wrong counts, duplicates, ranges, dead
cards) that reach the computation, whose answers must then be consistent.
"""
from __future__ import annotations

import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

warnings.filterwarnings("ignore", message=".*httpx2.*")

import schemathesis  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from pokerfsm.web.app import create_app, encode_query  # noqa: E402

APP = create_app(cache_size=64, budget=0.3)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
def test_no_schema_generated_request_is_a_server_error(case):
    response = case.call()
    assert response.status_code < 500, f"{case.method} {case.path}: {response.status_code} {response.text[:300]}"
    if response.status_code >= 400:
        assert isinstance(response.json()["detail"], list)


# ---------------------------------------------------------------- plausible questions

RANKS = list("23456789TJQKA") + ["10"]
SUITS = list("shdcSHDC") + ["♠", "♥", "♦", "♣"]
token = st.one_of(
    st.builds(lambda r, s, lower: (r.lower() if lower else r) + s, st.sampled_from(RANKS), st.sampled_from(SUITS),
              st.booleans()),
    st.sampled_from(["", "?", "??", "Zz", "1s", "AhKh", "A", "As Kd", " ah ", "11h", "Aco", "10p"]),
)
cards = st.lists(token, max_size=7)
ranges = st.sampled_from(["QQ+", "AKs", "QQ+, AKs", "A5s-A2s", "0.5(AA, KK)", "random", "T9s+", "KQo", "AhKh",
                          "QQ++", "AK-", "0(AA)", "2.5(KK)", "ZZ", "AA, AA", "XxXx"])
seat = st.one_of(st.none(), cards, ranges, st.builds(" ".join, cards))
question = st.fixed_dictionaries(
    {"players": st.lists(seat, min_size=2, max_size=10)},
    optional={"board": st.one_of(cards, st.builds(" ".join, cards)), "dead": cards,
              "samples": st.integers(1, 3000), "seed": st.integers(0, 2**63 - 1)},
)


@pytest.fixture(scope="module")
def fuzz_client():
    with TestClient(APP, raise_server_exceptions=False) as test_client:
        yield test_client


def assert_consistent(answer: dict, players: int) -> None:
    assert len(answer["players"]) == players
    assert sum(p["equity"] for p in answer["players"]) == pytest.approx(1.0, abs=1e-9)
    for p in answer["players"]:
        assert p["win"] + p["tie"] + p["lose"] == pytest.approx(1.0, abs=1e-9)
        assert 0 <= p["win"] <= p["equity"] <= p["win"] + p["tie"] + 1e-12
        assert sum(p["categories"].values()) == pytest.approx(1.0, abs=1e-9)


@given(body=question)
@settings(max_examples=150, deadline=None, suppress_health_check=SLOW)
def test_plausible_questions_are_answered_or_refused(fuzz_client, body):
    response = fuzz_client.post("/api/equity", json=body)
    assert response.status_code in (200, 422), response.text[:300]
    if response.status_code == 200:
        assert_consistent(response.json(), len(body["players"]))
    else:
        assert response.json()["detail"][0]["msg"]


@given(body=question)
@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
def test_get_answers_like_post(fuzz_client, body):
    posted = fuzz_client.post("/api/equity", json=body)
    fetched = fuzz_client.get("/api/equity", params={"q": encode_query(body)})
    assert fetched.status_code == posted.status_code
    if posted.status_code == 200:
        assert {**fetched.json(), "elapsed_s": 0} == {**posted.json(), "elapsed_s": 0}


@given(cards=st.one_of(cards, st.builds(" ".join, cards)), lang=st.sampled_from(["en", "fr"]))
@settings(max_examples=100, deadline=None, suppress_health_check=SLOW)
def test_evaluate_answers_or_refuses(fuzz_client, cards, lang):
    response = fuzz_client.post("/api/evaluate", json={"cards": cards, "lang": lang})
    assert response.status_code in (200, 422), response.text[:300]


@given(players=st.lists(st.one_of(cards, st.none()), min_size=2, max_size=4), board=cards)
@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
def test_outs_answer_or_refuse(fuzz_client, players, board):
    response = fuzz_client.post("/api/outs", json={"players": players, "board": board})
    assert response.status_code in (200, 422), response.text[:300]
