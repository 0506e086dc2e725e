"""The range grid's API at short deck: ranges of the 36 cards, live combos, board hits and the per-hand heatmap,
each equal to the library's answer, and one 422 per bad input."""
from __future__ import annotations

import pytest

import pokerfsm
from pokerfsm.odds.short_deck_deal import prepare_short_deck_deal
from pokerfsm.ranges import parse_range
from pokerfsm.short_deck_order import SHORT_DECK_CLASSES

SHORT = "short-deck"


def test_a_range_reads_over_the_36_cards(client):
    answer = client.post("/api/range", json={"game": SHORT, "range": "66+, AKs"}).json()
    assert answer["text"] == "66+, AKs" and answer["combos"] == 9 * 6 + 4
    assert answer["share"] == pytest.approx(58 / 630)
    assert answer["classes"] == {**{pair * 2: 1.0 for pair in "AKQJT9876"}, "AKs": 1.0}
    random = client.post("/api/range", json={"game": SHORT, "range": "random"}).json()
    assert random["combos"] == 630 and random["share"] == 1.0
    assert set(random["classes"]) == set(SHORT_DECK_CLASSES) and len(random["classes"]) == 81
    holdem = client.post("/api/range", json={"range": "random"}).json()
    assert holdem["combos"] == 1326 and len(holdem["classes"]) == 169


def test_the_grid_sets_short_deck_classes_only(client):
    answer = client.post("/api/range", json={"game": SHORT, "range": "AA", "set": {"AKs": 1, "AA": 0}}).json()
    assert answer["text"] == "AKs" and answer["share"] == pytest.approx(4 / 630)
    refused = client.post("/api/range", json={"game": SHORT, "range": "AA", "set": {"A5s": 1}})
    assert refused.status_code == 422
    assert refused.json()["detail"][0]["loc"] == ["body", "set", "A5s"]


def test_top_x_percent_follows_the_short_deck_order(client):
    answer = client.post("/api/range", json={"game": SHORT, "range": "top 4%"}).json()
    assert parse_range(answer["text"]) == prepare_short_deck_deal([None, "top 4%"]).seats[1].source
    order = client.get("/api/order", params={"game": SHORT}).json()
    assert {row["hand"] for row in order["hands"][:4]} == set(answer["classes"])
    assert len(order["hands"]) == 81 and sum(row["combos"] for row in order["hands"]) == 630
    assert order["tables"] is False


@pytest.mark.parametrize("body, loc, words", [
    ({"game": SHORT, "range": "22+"}, ["body", "range"], "'22+' names a rank below six"),
    ({"game": SHORT, "range": "QQ++"}, ["body", "range"], "QQ++"),
    ({"game": "omaha", "range": "AA"}, ["body", "game"], "for Texas hold'em and Short-deck hold'em only"),
])
def test_a_bad_range_is_one_422_naming_its_field(client, body, loc, words):
    response = client.post("/api/range", json=body)
    assert response.status_code == 422
    problem = response.json()["detail"][0]
    assert problem["loc"] == loc and words in problem["msg"] and "player 1" not in problem["msg"]


def test_the_order_of_a_game_without_a_grid_is_refused(client):
    response = client.get("/api/order", params={"game": "razz"})
    assert response.status_code == 422 and response.json()["detail"][0]["loc"] == ["query", "game"]


def test_live_combos_at_short_deck_are_the_deals(client):
    players = [["Ah", "Ad"], None, "QQ+, AKs"]
    answer = client.post("/api/live", json={"game": SHORT, "players": players, "board": ["Kd", "7c", "6h"],
                                            "seat": 2}).json()
    deal = prepare_short_deck_deal(["AhAd", None, "QQ+, AKs"], "Kd 7c 6h")
    assert [seat["live"] for seat in answer["seats"]] == [1, len(deal.seats[1].cut_range),
                                                          len(deal.seats[2].cut_range)]
    assert answer["seats"][1]["combos"] == 630
    assert answer["classes"] == {"AA": 1, "AKs": 2, "KK": 3, "QQ": 6}


def test_board_hits_of_a_seat_equal_the_librarys(client):
    body = {"game": SHORT, "players": [["Ah", "Ad"], "TT+, AKs, 98s, A6s"], "seat": 1,
            "board": ["Kd", "7c", "6h"], "dead": ["Qs"], "hands": True}
    answer = client.post("/api/hits", json=body).json()
    expected = pokerfsm.hits("TT+, AKs, 98s, A6s", "Kd 7c 6h", "Qs Ah Ad", game=SHORT).to_dict()
    assert answer == {**expected, "seat": 1}
    assert [row["name"] for row in answer["made"]][2:4] == ["flush", "full house"]
    alone = client.post("/api/hits", json={"game": SHORT, "range": "random", "board": ["Kd", "7c", "6h"]}).json()
    assert alone["combos"] == 33 * 32 // 2


@pytest.mark.parametrize("body, loc", [
    ({"game": SHORT, "range": "QQ+", "board": ["Kd", "7c", "2h"]}, ["body", "board", 2]),
    ({"game": SHORT, "range": "A5s", "board": ["Kd", "7c", "6h"]}, ["body", "range"]),
    ({"game": SHORT, "players": [["Ah", "5d"], "QQ+"], "seat": 1, "board": ["Kd", "7c", "6h"]},
     ["body", "players", 0, 1]),
    ({"game": "stud", "range": "QQ+", "board": ["Kd", "7c", "6h"]}, ["body", "game"]),
])
def test_bad_board_hits_are_one_422(client, body, loc):
    response = client.post("/api/hits", json=body)
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == loc


def test_the_heatmap_at_short_deck_gives_each_class_its_equity(client):
    body = {"game": SHORT, "players": [["Qh", "Qd"], "AA, KK, 98s"], "board": ["Ts", "7c", "6h"], "seat": 1}
    answer = client.post("/api/heatmap", json=body).json()
    assert answer["complete"] and set(answer["classes"]) == {"AA", "KK", "98s"}
    assert answer["fair"] == 0.5 and answer["combos"] == 6 + 6 + 4
    for hand, figures in answer["classes"].items():
        exact = pokerfsm.equity(["QhQd", hand], "Ts 7c 6h", game=SHORT)
        assert figures["exact"] and figures["equity"] == pytest.approx(exact.players[1].equity, abs=1e-12)


def test_the_heatmap_of_a_game_without_a_grid_is_refused(client):
    body = {"game": "omaha", "players": [["Ah", "Ad", "Kc", "Kd"], "AAxx"], "seat": 1}
    response = client.post("/api/heatmap", json=body)
    assert response.status_code == 422 and response.json()["detail"][0]["loc"] == ["body", "game"]


def test_the_vocabulary_says_which_games_have_a_grid(client):
    games = {game["name"]: game for game in client.get("/api/vocabulary").json()["games"]}
    assert (games["holdem"]["grid"], games["holdem"]["ranks"]) == (True, "AKQJT98765432")
    assert (games[SHORT]["grid"], games[SHORT]["ranks"]) == (True, "AKQJT9876")
    assert not games["omaha"]["grid"] and not games["stud"]["grid"]
    assert games[SHORT]["categories"][5:7] == ["FULL_HOUSE", "FLUSH"]
    assert games["holdem"]["categories"][5:7] == ["FLUSH", "FULL_HOUSE"] and games["razz"]["categories"] == []
