"""Fuzzing the API: no input ever produces a server error, nor an error that echoes it.

Three passes: schemathesis generates requests from the OpenAPI schema (mostly
garbage that must be refused cleanly), and the same requests again with one
value swapped for hostile JSON (NaN, infinities, huge numbers, lone
surrogates in strings and keys, nesting hundreds deep) written into the raw
text, since no JSON encoder would write it; hypothesis checks the strict JSON
reader on its own; and a strategy builds *plausible* questions (real cards in
any case, wrong counts, duplicates, ranges, dead cards) that reach the
computation, whose answers must then be consistent.
"""
from __future__ import annotations

import base64
import json
import math
import warnings

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

warnings.filterwarnings("ignore", message=".*httpx2.*")

import schemathesis  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from pokerfsm.web.app import create_app  # noqa: E402
from pokerfsm.web.jsontext import loads_strict  # noqa: E402
from pokerfsm.web.problems import FieldError  # noqa: E402
from pokerfsm.web.questions import encode_query  # noqa: E402

APP = create_app(cache_size=64, budget=0.3, deadline=3.0, per_client=64)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
RAW = TestClient(APP, raise_server_exceptions=True)  # an exception escaping the app fails the test

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


def assert_clean(response) -> None:
    """Below 500, JSON, and an error is a short list of problems."""
    assert response.status_code < 500, f"{response.status_code} {response.text[:300]}"
    if response.status_code >= 400 and response.status_code != 405:
        problems = json.loads(response.content)["detail"]
        assert isinstance(problems, list) and len(response.content) < 20_000
        assert all(set(p) == {"loc", "msg", "type"} for p in problems)


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
def test_no_schema_generated_request_is_a_server_error(case):
    response = case.call()
    assert_clean(response)


# ---------------------------------------------------------------- hostile JSON text

MARK = "\u0000hostile\u0000"
plain = st.text(st.characters(codec="utf-8"), max_size=6)
# a string holding one lone surrogate (category Cs), which only a \uXXXX escape can write
lone = st.builds(lambda a, s, b: a + s + b, plain, st.characters(categories=["Cs"]), plain)
hostile_text = st.one_of(
    st.sampled_from(["NaN", "Infinity", "-Infinity", "1e400", "-1e999", "1" + "0" * 400, "0.5e-99999"]),
    st.floats(allow_nan=True, allow_infinity=True).map(lambda x: json.dumps(x, allow_nan=True)),
    st.one_of(lone, plain).map(lambda t: json.dumps(t, ensure_ascii=True)),  # the escapes write surrogates
    st.dictionaries(st.one_of(lone, plain), st.integers(), min_size=1, max_size=2).map(
        lambda d: json.dumps(d, ensure_ascii=True)),
    st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 400).map(lambda n: '{"a":' * n + "1" + "}" * n),
)


def with_hostile_value(body, spot: int, hostile: str) -> str:
    """``body`` as JSON text with the value at position ``spot`` (in walking order) replaced by ``hostile``."""
    places: list[tuple] = []

    def walk(value, path):
        places.append(path)
        if isinstance(value, dict):
            for key, child in value.items():
                walk(child, (*path, key))
        elif isinstance(value, list):
            for i, child in enumerate(value):
                walk(child, (*path, i))

    walk(body, ())
    path = places[spot % len(places)]
    if not path:
        return hostile
    target = body
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = json.loads(json.dumps(MARK))  # a string no request holds
    return json.dumps(body).replace(json.dumps(json.loads(json.dumps(MARK))), hostile, 1)


@schema.parametrize()
@schema.given(hostile=hostile_text, spot=st.integers(0, 40))
@settings(max_examples=40, deadline=None, suppress_health_check=SLOW,
          phases=[Phase.reuse, Phase.generate, Phase.shrink])  # the schema's examples take no extra arguments
def test_hostile_json_in_any_request_is_never_a_server_error(case, hostile, spot):
    if case.method.upper() == "POST" and isinstance(case.body, (dict, list)):
        text = with_hostile_value(json.loads(json.dumps(case.body)), spot, hostile)
        response = RAW.post(case.formatted_path, content=text.encode("utf-8"),
                            headers={"content-type": "application/json"})
    elif case.formatted_path == "/api/equity" and case.method.upper() == "GET":
        text = with_hostile_value({"players": [["Ah", "Kh"], None], "board": [], "samples": 1000}, spot, hostile)
        q = base64.urlsafe_b64encode(text.encode("utf-8")).decode().rstrip("=")
        response = RAW.get("/api/equity", params={"q": q[:8000]})
    else:
        response = case.call()
    assert_clean(response)


@given(text=st.one_of(hostile_text, st.recursive(
    hostile_text, lambda inner: st.lists(inner, max_size=3).map(lambda xs: "[" + ",".join(xs) + "]"), max_leaves=6)))
@settings(max_examples=200, deadline=None, suppress_health_check=SLOW)
def test_strict_json_accepts_only_what_json_can_carry(text):
    try:
        value = loads_strict(text.encode("utf-8"), ("body",))
    except FieldError as exc:
        assert exc.loc[0] == "body" and exc.msg
        return
    again = json.dumps(value, allow_nan=False, ensure_ascii=False).encode("utf-8")  # no NaN, no surrogate
    assert loads_strict(again, ("body",)) == value

    def finite(v):
        if isinstance(v, float):
            return math.isfinite(v)
        if isinstance(v, list):
            return all(finite(x) for x in v)
        if isinstance(v, dict):
            return all(finite(x) for x in v.values())
        return True

    assert finite(value)


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
    with TestClient(APP, raise_server_exceptions=True) as test_client:
        yield test_client


def assert_consistent(answer: dict, players: int) -> None:
    assert len(answer["players"]) == players
    assert sum(p["equity"] for p in answer["players"]) == pytest.approx(1.0, abs=1e-9)
    for p in answer["players"]:
        assert p["win"] + p["tie"] + p["lose"] == pytest.approx(1.0, abs=1e-9)
        assert 0 <= p["win"] <= p["equity"] <= p["win"] + p["tie"] + 1e-12
        if p["categories"] or answer["method"] != "table":   # some tables hold no categories
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
