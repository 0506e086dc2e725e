"""POST /api/distribution: each hand of a seat's range by its equity, both seats or one, under the deadline."""
from __future__ import annotations

import json

import pytest

from pokerfsm.study import distributions

A, B = "QQ+, AK", "22+, ATs+, KQs"
FLOP = ["Kd", "7c", "2h"]


def test_both_seats_equal_the_library(client):
    answer = client.post("/api/distribution", json={"players": [A, B], "board": FLOP}).json()
    first, second = distributions([A, B], FLOP)
    assert answer["exact"] and [s["seat"] for s in answer["seats"]] == [1, 2]
    for got, expected in zip(answer["seats"], (first, second)):
        want = expected.to_dict()
        assert got["hands"] == want["hands"] and got["buckets"] == want["buckets"]
        assert got["equity"] == pytest.approx(want["equity"], abs=1e-12)
    assert answer["seats"][0]["equity"] + answer["seats"][1]["equity"] == pytest.approx(1)


def test_one_seat_and_a_known_hand(client):
    answer = client.post("/api/distribution", json={"players": [["Ah", "Ks"], B], "board": FLOP, "seat": 1}).json()
    assert [s["seat"] for s in answer["seats"]] == [2]
    assert all("Ah" not in h["hand"] and "Ks" not in h["hand"] for h in answer["seats"][0]["hands"])


def test_three_seats_each_hand_against_both_others(client):
    answer = client.post("/api/distribution", json={"players": [A, B, "TT+"], "board": FLOP, "seed": 4}).json()
    assert not answer["exact"] and [s["seat"] for s in answer["seats"]] == [1, 2, 3]
    assert sum(s["equity"] for s in answer["seats"]) == pytest.approx(1)
    assert all(h["std_error"] > 0 for s in answer["seats"] for h in s["hands"])


def test_preflop_is_sampled_within_the_deadline(make_client):
    client = make_client(budget=0.5, deadline=3.0)
    answer = client.post("/api/distribution", json={"players": [A, B], "seed": 3}).json()
    assert not answer["exact"] and answer["seconds"] < 3
    assert all(h["std_error"] > 0 for h in answer["seats"][0]["hands"])


@pytest.mark.parametrize("body, loc, fragment", [
    ({"players": [A, "22+,AX"], "board": FLOP}, ["body", "players", 1], "'AX'"),
    ({"players": [A, B, "TT"], "board": FLOP, "seat": 3}, ["body", "seat"], "no seat 4"),
    ({"players": [A, B], "board": FLOP, "seat": 2}, ["body", "seat"], "no seat 3"),
    ({"players": [A, B], "board": ["Kd", "7c"]}, ["body", "board"], "got 2"),
    ({"players": [A, B], "board": FLOP, "seat": True}, ["body", "seat"], ""),
])
def test_bad_input_is_a_422_naming_the_field(client, body, loc, fragment):
    response = client.post("/api/distribution", json=body)
    assert response.status_code == 422
    problem = response.json()["detail"][0]
    assert problem["loc"][:len(loc)] == loc and fragment in problem["msg"]


def test_a_long_range_is_not_echoed(client):
    response = client.post("/api/distribution", json={"players": ["AX" * 240, B], "board": FLOP})
    assert response.status_code == 422 and len(json.dumps(response.json())) < 1500
