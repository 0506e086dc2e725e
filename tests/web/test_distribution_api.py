"""POST /api/distribution: each hand of a seat's range by its equity, both seats or one, under the deadline, at
hold'em and short deck (another game is one 422 on ``game``)."""
from __future__ import annotations

import json

import pytest

import pokerfsm
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


# ---------------------------------------------------------------- short deck

SHORT = "short-deck"
SHORT_FLOP = ["Kd", "7c", "6h"]


def test_short_deck_seats_equal_the_library_and_its_equity(client):
    body = {"game": SHORT, "players": [A, "66+, ATs+, KQs"], "board": SHORT_FLOP}
    answer = client.post("/api/distribution", json=body).json()
    library = distributions(body["players"], SHORT_FLOP, game=SHORT)
    assert answer["exact"] and [s["seat"] for s in answer["seats"]] == [1, 2]
    for got, expected in zip(answer["seats"], library):
        want = expected.to_dict()
        assert got["hands"] == want["hands"] and got["buckets"] == want["buckets"]
    assert all("5" not in h["hand"] and "2" not in h["hand"] for s in answer["seats"] for h in s["hands"])
    exact = pokerfsm.equity(body["players"], " ".join(SHORT_FLOP), game=SHORT, exact=True)
    for seat, player in zip(answer["seats"], exact.players):
        assert seat["equity"] == pytest.approx(player.equity, abs=1e-9)


def test_short_deck_values_hands_by_its_own_ranking(client):
    # QQ has a full house on the turn: at hold'em AhKh's flush draw is drawing dead, at short deck a flush wins
    body = {"game": SHORT, "players": [["Ah", "Kh"], "QQ"], "board": ["Qc", "Jh", "7h", "7d"], "seat": 0}
    [seat] = client.post("/api/distribution", json=body).json()["seats"]
    assert seat["hands"] == distributions(body["players"], body["board"], game=SHORT)[0].to_dict()["hands"]
    exact = pokerfsm.equity(body["players"], body["board"], game=SHORT)
    assert seat["equity"] == pytest.approx(exact.players[0].equity)
    assert seat["equity"] > 0.1 and distributions(body["players"], body["board"])[0].equity == 0


def test_short_deck_three_seats_deal_from_the_thirty_six_cards(client):
    body = {"game": SHORT, "players": [A, "66+", None], "board": SHORT_FLOP, "seed": 5}
    answer = client.post("/api/distribution", json=body).json()
    assert not answer["exact"] and [s["seat"] for s in answer["seats"]] == [1, 2, 3]
    assert sum(s["equity"] for s in answer["seats"]) == pytest.approx(1)
    unknown = {h["hand"] for h in answer["seats"][2]["hands"]}
    assert unknown and not any(rank in hand for hand in unknown for rank in "2345")


@pytest.mark.parametrize("body, loc, fragment", [
    ({"game": SHORT, "players": [A, "66+, 5c5d"], "board": SHORT_FLOP}, ["body", "players", 1], "5c"),
    ({"game": SHORT, "players": [A, "55+"], "board": SHORT_FLOP}, ["body", "players", 1], "55+"),
    ({"game": SHORT, "players": [A, "66+"], "board": ["Kd", "7c", "2h"]}, ["body", "board"], "2h"),
    ({"game": "omaha", "players": [A, B], "board": FLOP}, ["body", "game"], "Omaha"),
    ({"game": "stud", "players": [A, B]}, ["body", "game"], "hold'em"),
    ({"game": "backgammon", "players": [A, B]}, ["body", "game"], "'backgammon'"),
])
def test_short_deck_and_other_games_bad_input_is_a_422_naming_the_field(client, body, loc, fragment):
    response = client.post("/api/distribution", json=body)
    assert response.status_code == 422, response.text
    problem = response.json()["detail"][0]
    assert problem["loc"][:len(loc)] == loc and fragment in problem["msg"], problem


def test_the_docs_example_body_answers(client):
    # "Try it out" in /docs fills each field with its first example: a short-deck spot that answers
    fields = client.get("/openapi.json").json()["components"]["schemas"]["DistributionRequest"]["properties"]
    body = {name: field["examples"][0] for name, field in fields.items() if "examples" in field}
    assert body["game"] == SHORT
    response = client.post("/api/distribution", json=body)
    assert response.status_code == 200 and response.json()["seats"][0]["game"] == SHORT
