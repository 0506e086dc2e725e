"""The JSON API at stud, stud hi-lo, razz and short deck: answers equal the library's, one 422 per bad input."""
from __future__ import annotations

import pytest
from web_helpers import assert_answers_as_the_library, without_timing

import pokerfsm
from pokerfsm.web.questions import encode_query

SPOTS = [
    pytest.param({"game": "stud", "players": [["As", "Ad", "Kh", "Qc", "Td"], ["??", "??", "7c", "8c", "9c"]],
                  "dead": ["2h", "2c"]}, id="stud-fifth-street"),
    pytest.param({"game": "stud-hi-lo", "players": [["As", "2d", "3h", "Kc", "5s", "9d"],
                                                    ["??", "??", "Qc", "Qd", "8c", "Js"]]}, id="stud-hi-lo-sixth"),
    pytest.param({"game": "razz", "players": ["As 2d 3h 4c 5s 9d", "?? ?? Kc Qd 8c Js"]}, id="razz-text-seats"),
    pytest.param({"game": "stud", "players": [["As", "Ad", "Kh"], ["??", "??", "7c"]], "samples": 5000, "seed": 3},
                 id="stud-sampled"),
    pytest.param({"game": "short-deck", "players": [["Ah", "Kd"], "QQ+, AKs", None], "board": ["Ts", "9s", "8d"]},
                 id="short-deck-range-random"),
    pytest.param({"game": "short-deck", "players": [["Ah", "Ad"], ["Ks", "Kc"]], "board": ["6h", "7h", "9c", "Tc"]},
                 id="short-deck-turn"),
]


@pytest.mark.parametrize("body", SPOTS)
def test_equity_equals_the_library(client, body):
    assert_answers_as_the_library(client, body)


def test_stud_hi_lo_has_the_low_and_razz_no_high_categories(client):
    hi_lo = client.post("/api/equity", json=SPOTS[1].values[0]).json()
    assert 0 < hi_lo["low"] < 1
    assert all(p["equity"] == pytest.approx(p["high_share"] + p["low_share"]) for p in hi_lo["players"])
    razz = client.post("/api/equity", json=SPOTS[2].values[0]).json()
    assert "low" not in razz and all(p["categories"] == {} for p in razz["players"])


def test_a_stud_seat_keeps_its_unseen_cards_and_the_cache_key_its_game(client):
    body = {"players": [["As", "Ad", "Kh"], ["??", "??", "7c"]], "samples": 2000, "seed": 9}
    stud = client.post("/api/equity", json={**body, "game": "stud"})
    razz = client.post("/api/equity", json={**body, "game": "razz"})
    assert stud.headers["X-Cache"] == razz.headers["X-Cache"] == "miss"
    assert [p["hand"] for p in stud.json()["players"]] == ["As Ad Kh", "?? ?? 7c"]
    assert stud.json()["players"][0]["equity"] != razz.json()["players"][0]["equity"]
    again = client.get("/api/equity", params={"q": encode_query({**body, "game": "stud"})})
    assert again.headers["X-Cache"] == "hit"
    assert without_timing(again.json()) == without_timing(stud.json())


@pytest.mark.parametrize(("body", "loc", "words"), [
    ({"game": "stud", "players": [["As", "Ad"], ["??", "??", "7c"]]}, ["body", "players", 0], "has 2 cards given"),
    ({"game": "stud", "players": [["As", "Ad", "Kh", "Qc"], ["??", "??", "7c"]]}, ["body", "players", 1],
     "every player is on the same street"),
    ({"game": "razz", "players": [["As", "Ad", "Kh"], ["??", "??", "7c"]], "board": ["2c", "3c", "4c"]},
     ["body", "board"], "razz has no board"),
    ({"game": "stud", "players": [None, ["??", "??", "7c"]]}, ["body", "players", 0], "list of cards"),
    ({"game": "stud", "players": [[f"{rank}{suit}" for suit in "cdh"] for rank in "23456789T"]}, ["body", "players"],
     "2 to 8 players"),
    ({"game": "short-deck", "players": [["Ah", "5d"], None]}, ["body", "players", 0, 1], "not in the short deck"),
    ({"game": "short-deck", "players": [["Ah", "Kd"], "22+"]}, ["body", "players", 1], "rank below six"),
    ({"game": "short-deck", "players": [["Ah", "Kd"], None], "board": ["2c", "Tc", "9h"]}, ["body", "board"],
     "short deck"),
])
def test_bad_input_is_one_422_naming_the_field(client, body, loc, words):
    response = client.post("/api/equity", json=body)
    assert response.status_code == 422, response.text
    (problem,) = response.json()["detail"]
    assert problem["loc"][:len(loc)] == loc
    assert words in problem["msg"]


def test_outs_at_short_deck_and_none_at_stud(client):
    body = {"game": "short-deck", "players": [["As", "Ad"], ["Qs", "Qd"]], "board": ["Tc", "9c", "8h"]}
    response = client.post("/api/outs", json=body)
    assert response.status_code == 200
    assert response.json() == pokerfsm.outs(["AsAd", "QsQd"], "Tc 9c 8h", game="short-deck").to_dict()
    stud = client.post("/api/outs", json={"game": "stud", "players": [["As", "Ad", "Kh"], ["Qs", "Qd", "Jh"]],
                                          "board": ["2c", "3c", "4c"]})
    assert stud.status_code == 422 and stud.json()["detail"][0]["loc"] == ["body", "game"]


def test_the_vocabulary_describes_stud_seats_and_the_short_deck(client):
    games = {g["name"]: g for g in client.get("/api/vocabulary").json()["games"]}
    assert {"stud", "stud-hi-lo", "razz", "short-deck"} <= set(games)
    assert "badugi" not in games and "deuce-to-seven" not in games   # a draw game's equity depends on the draws
    stud = games["stud-hi-lo"]
    assert (stud["hole_cards"], stud["board"], stud["ranges"], stud["hi_lo"]) == (7, False, False, True)
    assert stud["faces"] == ["down", "down", "up", "up", "up", "up", "down"]
    assert games["razz"]["hi_lo"] is False and games["stud"]["players"] == 8
    short = games["short-deck"]
    assert (short["hole_cards"], short["board"], short["ranges"], len(short["deck"])) == (2, True, True, 36)
    assert games["holdem"]["faces"] == ["down", "down"] and len(games["holdem"]["deck"]) == 52
