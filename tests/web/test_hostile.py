"""Hostile bodies get a small 422 naming the field: never a 500, never the input echoed back."""
from __future__ import annotations

import base64
import json

import pytest

SEATS = '"players": [null, "AhKh"]'
HOSTILE = [
    # raw JSON text, loc, type
    (f'{{{SEATS}, "samples": NaN}}', ["body", "samples"], "json_number"),
    (f'{{{SEATS}, "seed": Infinity}}', ["body", "seed"], "json_number"),
    (f'{{{SEATS}, "seed": -Infinity}}', ["body", "seed"], "json_number"),
    (f'{{{SEATS}, "samples": 1e400}}', ["body", "samples"], "json_number"),
    (f'{{{SEATS}, "seed": 1{"0" * 5000}}}', ["body", "seed"], "json_number"),
    ('{"players": [null, "\\ud800"]}', ["body", "players", 1], "json_text"),
    ('{"players": [null, "Ah\\udfffKh"], "board": []}', ["body", "players", 1], "json_text"),
    (f'{{{SEATS}, "\\udc00": 1}}', ["body"], "json_text"),
    ("[" * 1000 + "]" * 1000, ["body"], "json_too_deep"),
    ("[" * 20 + "]" * 20, ["body"] + [0] * 16, "json_too_deep"),
    (f'{{{SEATS}, "board": {"[" * 30 + "]" * 30}}}', ["body", "board", 0, 0], "json_too_deep"),
    (f'{{{SEATS}', ["body"], "json_invalid"),
    ("", None, None),  # no body at all: FastAPI's own "Field required"
]


def detail(response) -> dict:
    assert response.headers["content-type"].startswith("application/json")
    return response.json()["detail"][0]


def post_raw(client, path: str, text: str | bytes):
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    return client.post(path, content=raw, headers={"content-type": "application/json"})


@pytest.mark.parametrize("text, loc, kind", HOSTILE)
@pytest.mark.parametrize("path", ["/api/equity", "/api/evaluate", "/api/outs"])
def test_hostile_json_is_a_422_naming_the_value(client, path, text, loc, kind):
    response = post_raw(client, path, text)
    assert response.status_code == 422, response.text[:300]
    if loc is not None:
        assert detail(response)["loc"][:len(loc)] == loc and detail(response)["type"] == kind
    assert len(response.content) < 1000


@pytest.mark.parametrize("raw", [b"\xff\xfe{", b'{"players": ["\xed\xa0\x80", null]}'])
def test_a_body_that_is_not_utf8_is_a_422(client, raw):
    response = post_raw(client, "/api/equity", raw)
    assert response.status_code == 422 and detail(response)["type"] == "json_invalid"


@pytest.mark.parametrize("text, loc, kind", HOSTILE[:-1])
def test_hostile_json_in_a_query_is_a_422_naming_the_value(client, text, loc, kind):
    q = base64.urlsafe_b64encode(text.encode("utf-8", "surrogatepass")).decode().rstrip("=")
    if len(q) > 8000:
        pytest.skip("longer than a q= may be")
    response = client.get("/api/equity", params={"q": q})
    assert response.status_code == 422
    assert detail(response)["loc"][:len(loc) + 1] == ["query", "q", *loc[1:]]
    assert detail(response)["type"] == kind


@pytest.mark.parametrize("field, value", [
    ("samples", "100"), ("samples", True), ("samples", 100.0), ("samples", [100]), ("samples", 0),
    ("seed", "7"), ("seed", True), ("seed", 1.5), ("seed", -1), ("seed", 2**63),
])
def test_samples_and_seed_are_strict_integers(client, field, value):
    response = client.post("/api/equity", json={"players": [["Ah", "Kh"], None], "samples": 1000, field: value})
    assert response.status_code == 422 and detail(response)["loc"] == ["body", field]


def test_an_integer_samples_still_works(client):
    response = client.post("/api/equity", json={"players": [["Ah", "Kh"], None], "samples": 1000, "seed": 42})
    assert response.status_code == 200 and response.json()["combinations"] == 1000


def test_the_documented_examples_are_valid_and_json_safe(client):
    schema = client.get("/openapi.json").json()["components"]["schemas"]["EquityRequest"]["properties"]
    for field in ("samples", "seed"):
        examples = schema[field]["examples"]
        assert all(isinstance(x, int) and 0 <= x < 2**53 for x in examples), (field, examples)
    body = {"players": schema["players"]["examples"][0], "samples": schema["samples"]["examples"][0],
            "seed": schema["seed"]["examples"][0]}
    assert client.post("/api/equity", json=body).status_code == 200


LONG = "x" * 60_000
ECHO = [
    ("/api/equity", {"players": [["Ah", "Kh"], None], "board": LONG}),
    ("/api/equity", {"players": [LONG, None]}),
    ("/api/equity", {"players": [["Ah", "Kh"], [LONG, "2c"]]}),
    ("/api/equity", {"players": [["Ah", "Kh"], None], LONG: 1}),
    ("/api/equity", {"players": [["Ah", "Kh"], None], "samples": LONG}),
    ("/api/evaluate", {"cards": LONG}),
    ("/api/evaluate", {"cards": "As Ks Qs Js Ts", "lang": LONG}),
    ("/api/outs", {"players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": LONG}),
]


@pytest.mark.parametrize("path, body", ECHO)
def test_errors_never_echo_a_large_input(client, path, body):
    response = client.post(path, json=body)
    assert response.status_code == 422
    assert len(response.content) < 2000 and "x" * 500 not in response.text
    assert "input" not in detail(response)


def test_a_long_query_is_not_echoed(client):
    response = client.get("/api/equity", params={"q": "A" * 9000})
    assert response.status_code == 422 and len(response.content) < 2000


def test_a_pydantic_error_keeps_loc_msg_and_type_only(client):
    response = client.post("/api/equity", json={"players": [["Ah", "Kh"], None], "samples": "many"})
    assert set(detail(response)) == {"loc", "msg", "type"}
    assert json.loads(response.content)  # valid JSON, whatever was sent


@pytest.mark.parametrize("path, body, loc", [
    ("/api/equity", {"game": "stud", "players": ["As " * 3000, "?? ?? 7c"]}, ["body", "players", 0]),
    ("/api/equity", {"players": [["Ah"] * 60, None]}, ["body", "players", 0]),
    ("/api/equity", {"players": [5, None]}, ["body", "players", 0]),
    ("/api/equity", {"players": [["Ah", "Kh"], None], "board": {"cards": 3}}, ["body", "board"]),
    ("/api/evaluate", {"cards": "As " * 300}, ["body", "cards"]),
])
def test_a_cards_field_of_the_wrong_shape_gets_one_error(client, path, body, loc):
    """A field that may be a list of cards or a string is checked as what it is: one field, one error."""
    problems = client.post(path, json=body).json()["detail"]
    assert len(problems) == 1 and problems[0]["loc"][:len(loc)] == loc
