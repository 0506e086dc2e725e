"""The JSON API at Omaha: ``game`` chooses the game, answers equal the library's, bad input gets one 422."""
from __future__ import annotations

import pytest
from web_helpers import assert_answers_as_the_library, without_timing

import pokerfsm
from pokerfsm.variants import game_of
from pokerfsm.web.games import OFFERED
from pokerfsm.web.questions import encode_query

SPOTS = [
    pytest.param({"game": "omaha", "players": [["As", "Ks", "Qh", "Jh"], ["2c", "3c", "4d", "5d"]],
                  "board": ["Ah", "7c", "8d"]}, id="omaha-flop"),
    pytest.param({"game": "omaha-hi-lo", "players": [["Ah", "2h", "3d", "Kd"], ["As", "Ks", "Qc", "Jc"]],
                  "board": ["4c", "7h", "Qs", "9d"], "dead": ["2c"]}, id="hi-lo-turn"),
    pytest.param({"game": "omaha", "players": [["As", "Ks", "Qh", "Jh"], "AAxx ds"], "board": ["2c", "7d", "9h"],
                  "samples": 3000, "seed": 5}, id="omaha-range-sampled"),
    pytest.param({"game": "omaha", "players": [["As", "Ks", "Qh", "Jh"], "top 10%"], "board": ["2c", "7d", "9h"],
                  "samples": 3000, "seed": 1}, id="omaha-top-percent"),
    pytest.param({"game": "omaha5-hi-lo", "players": [["As", "2s", "3h", "Jh", "Td"], None],
                  "board": ["4c", "7h", "Qs", "9d", "8c"], "samples": 4000, "seed": 2}, id="omaha5-hi-lo-random-river"),
    pytest.param({"game": "omaha6", "players": [["As", "Ks", "Qh", "Jh", "Td", "9d"],
                                                ["2c", "3c", "4d", "5d", "6h", "7h"],
                                                ["Ac", "Kc", "Th", "9h", "2s", "3s"]], "board": ["Ah", "7c", "8d"]},
                 id="omaha6-3-way"),
]


@pytest.mark.parametrize("body", SPOTS)
def test_omaha_equity_equals_the_library(client, body):
    assert_answers_as_the_library(client, body)


def test_hi_lo_answers_carry_the_low_and_each_players_shares(client):
    body = SPOTS[1].values[0]
    answer = client.post("/api/equity", json=body).json()
    assert 0 < answer["low"] < 1
    for player in answer["players"]:
        assert player["equity"] == pytest.approx(player["high_share"] + player["low_share"])
        assert 0 <= player["scoop"] <= player["equity"]


def test_holdem_named_or_not_is_the_same_question_and_answer(client):
    body = {"players": [["Ah", "Kd"], ["Qs", "Qh"]], "board": ["2c", "7d", "9h"]}
    plain = client.get("/api/equity", params={"q": encode_query(body)})
    named = client.get("/api/equity", params={"q": encode_query({**body, "game": "holdem"})})
    assert plain.status_code == named.status_code == 200
    assert without_timing(plain.json()) == without_timing(named.json())
    assert "game" not in plain.json() and "low" not in plain.json()
    assert plain.headers["ETag"] == named.headers["ETag"]  # a hold'em link keeps its ETag


def test_the_game_is_part_of_the_cache_key(client):
    body = {"players": [["Ts", "9s", "8h", "2d"], ["Ac", "3c", "Kd", "Kh"]], "board": ["4c", "5h", "Qs"]}
    high = client.post("/api/equity", json={**body, "game": "omaha"})
    hi_lo = client.post("/api/equity", json={**body, "game": "omaha-hi-lo"})
    assert high.headers["X-Cache"] == hi_lo.headers["X-Cache"] == "miss"
    assert high.json()["game"] == "omaha" and hi_lo.json()["game"] == "omaha-hi-lo"
    assert high.json()["players"][1]["equity"] != hi_lo.json()["players"][1]["equity"]
    # the same hi-lo question with its suits renamed (clubs <-> hearts) is the cached answer, shown in its own cards
    renamed = {"game": "omaha-hi-lo", "players": [["Ts", "9s", "8c", "2d"], ["Ah", "3h", "Kd", "Kc"]],
               "board": ["4h", "5c", "Qs"]}
    again = client.post("/api/equity", json=renamed)
    assert again.headers["X-Cache"] == "hit"
    assert [p["hand"] for p in again.json()["players"]] == ["Ts9s8c2d", "Ah3hKdKc"]
    assert [p["equity"] for p in again.json()["players"]] == [p["equity"] for p in hi_lo.json()["players"]]


def test_get_equals_post_at_omaha(client):
    body = SPOTS[0].values[0]
    fetched = client.get("/api/equity", params={"q": encode_query(body)})
    assert fetched.status_code == 200
    assert without_timing(fetched.json()) == without_timing(client.post("/api/equity", json=body).json())


# ---------------------------------------------------------------- one 422 naming the field, never a 500

@pytest.mark.parametrize("game", ["badugi", "omaha7", "", "  ", "hold em"])
def test_a_game_not_offered_is_one_422_on_game(client, game):
    response = client.post("/api/equity", json={"game": game, "players": [None, None]})
    assert response.status_code == 422
    (problem,) = response.json()["detail"]
    assert problem["loc"] == ["body", "game"]
    assert "game" in problem["msg"] or "offer" in problem["msg"]


@pytest.mark.parametrize("game", [4, None, ["omaha"], "o" * 41])
def test_a_game_that_is_not_a_short_name_is_refused_by_shape(client, game):
    response = client.post("/api/equity", json={"game": game, "players": [None, None]})
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["body", "game"]


def test_a_bad_game_in_a_link_names_the_query(client):
    response = client.get("/api/equity", params={"q": encode_query({"game": "stud8", "players": [None, None]})})
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["query", "game"]


@pytest.mark.parametrize(("game", "players", "seat", "words"), [
    ("omaha", [["As", "Ks", "Qh", "Jh"], ["2c", "3c", "4d"]], 1, "omaha deals 4 hole cards, got 3"),
    ("omaha", [["As", "Ks"], None], 0, "omaha deals 4 hole cards, got 2"),
    ("omaha5", [None, ["As", "Ks", "Qh", "Jh"]], 1, "omaha5 deals 5 hole cards, got 4"),
    ("omaha6", [["As", "Ks", "Qh", "Jh", "Td", "9d", "8d"], None], 0, "omaha6 deals 6 hole cards, got 7"),
    ("holdem", [["As", "Ks", "Qh", "Jh"], None], 0, "a hand has 2 cards"),
    ("omaha", [["As", "Ks", "Qh", "Jh"], "AAxxx"], 1, "'AAxxx'"),
    ("omaha", [["As", "Ks", "Qh", "Jh"], ["Ah", "As", "2c", "3c"]], 1, "'As' is given twice"),
])
def test_a_bad_seat_is_one_422_naming_the_seat(client, game, players, seat, words):
    response = client.post("/api/equity", json={"game": game, "players": players})
    assert response.status_code == 422, response.text
    (problem,) = response.json()["detail"]
    assert problem["loc"][:3] == ["body", "players", seat]
    assert words in problem["msg"]
    assert f"player {seat + 1}" in problem["msg"]


def test_more_players_than_the_deck_allows_is_a_422(client):
    response = client.post("/api/equity", json={"game": "omaha6", "players": [None] * 8})
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"][:2] == ["body", "players"]
    assert "2 to 7 players" in response.json()["detail"][0]["msg"]


def test_the_heatmap_says_it_is_for_holdem_and_short_deck_only(client):
    response = client.post("/api/heatmap", json={"game": "omaha", "players": [["As", "Ks", "Qh", "Jh"], "AAxx"],
                                                 "seat": 1})
    assert response.status_code == 422
    assert response.json()["detail"] == [{"loc": ["body", "game"], "type": "game_not_supported",
                                          "msg": "the per-hand equity is for Texas hold'em and Short-deck hold'em "
                                                 "only, not Omaha"}]


# ---------------------------------------------------------------- outs and the vocabulary

def test_omaha_outs_equal_the_library(client):
    body = {"game": "omaha-hi-lo", "players": [["As", "Ks", "Qh", "Jh"], ["2c", "3c", "4d", "5d"]],
            "board": ["Ah", "7c", "8d", "9h"]}
    response = client.post("/api/outs", json=body)
    assert response.status_code == 200, response.text
    expected = pokerfsm.outs(["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d 9h", game="omaha-hi-lo").to_dict()
    assert response.json() == expected
    assert [len(p["wins"]) for p in response.json()["players"]] == [0, 3]


def test_omaha_outs_need_known_hands_of_the_games_size(client):
    unknown = client.post("/api/outs", json={"game": "omaha", "players": [["As", "Ks", "Qh", "Jh"], None],
                                             "board": ["Ah", "7c", "8d"]})
    assert unknown.status_code == 422
    assert unknown.json()["detail"][0]["loc"] == ["body", "players", 1]
    short = client.post("/api/outs", json={"game": "omaha", "players": [["As", "Ks"], ["Qh", "Qd"]],
                                           "board": ["Ah", "7c", "8d"]})
    assert short.status_code == 422
    assert short.json()["detail"][0]["loc"] == ["body", "players", 0]
    bad_game = client.post("/api/outs", json={"game": "badugi", "players": [["As", "Ks"], ["Qh", "Qd"]],
                                              "board": ["Ah", "7c", "8d"]})
    assert bad_game.status_code == 422 and bad_game.json()["detail"][0]["loc"] == ["body", "game"]


def test_the_vocabulary_lists_the_offered_games(client):
    games = client.get("/api/vocabulary").json()["games"]
    assert [g["name"] for g in games] == [g.name for g in OFFERED]
    assert [g["name"] for g in games[:6]] == ["holdem", "omaha", "omaha5", "omaha6", "omaha-hi-lo", "omaha5-hi-lo"]
    assert games[0]["name"] == "holdem"
    for shown in games[:6]:
        game = game_of(shown["name"])
        assert (shown["label"], shown["hole_cards"], shown["hi_lo"]) == (game.label, game.hole_cards,
                                                                         game.eight_or_better)
    assert {g["name"]: g["players"] for g in games}["omaha6"] == 7
