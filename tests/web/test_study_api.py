"""The study endpoints: /api/range, /api/order, /api/live, /api/hits and /api/heatmap.

Answers equal the library's; bad input is a 4xx JSON naming the field, never a
500, and never repeats a large input.
"""
from __future__ import annotations

import json
import time

import pytest
from web_helpers import HEATMAP_RANGES, wait_until

import pokerfsm
from pokerfsm import precomputed
from pokerfsm.ranges import HAND_CLASSES, parse_range

# ---------------------------------------------------------------- /api/range

def test_range_reads_as_the_library(client):
    answer = client.post("/api/range", json={"range": "AKs,QQ+ , 0.5(AQo)"}).json()
    r = parse_range("AKs,QQ+ , 0.5(AQo)")
    assert answer["text"] == str(r)
    assert answer["combos"] == r.total_weight == 28
    assert answer["share"] == pytest.approx(28 / 1326)
    assert answer["classes"] == {"AA": 1, "KK": 1, "QQ": 1, "AKs": 1, "AQo": 0.5}


def test_range_classes_of_exact_combos_are_partial(client):
    answer = client.post("/api/range", json={"range": "AhKd, AsKs"}).json()
    assert answer["classes"] == {"AKs": 0.25, "AKo": pytest.approx(1 / 12, abs=1e-6)}
    assert answer["combos"] == 2


def test_range_set_adds_and_removes_classes_keeping_the_rest(client):
    answer = client.post("/api/range", json={"range": "QQ+, AhKd, 0.5(AQs)",
                                             "set": {"KK": 0, "AKo": 1, "T9s": 0.25}}).json()
    expected = parse_range("QQ, AA, AKo, 0.5(AQs), 0.25(T9s)")
    assert parse_range(answer["text"]) == expected
    assert answer["classes"]["AKo"] == 1 and "KK" not in answer["classes"]


def test_range_empty_and_the_whole_grid(client):
    assert client.post("/api/range", json={"range": ""}).json()["combos"] == 0
    everything = client.post("/api/range", json={"range": "", "set": dict.fromkeys(HAND_CLASSES, 1)}).json()
    assert everything["combos"] == 1326 and everything["share"] == 1


@pytest.mark.parametrize("body, loc", [
    ({"range": "QQ++"}, ["body", "range"]),
    ({"range": "AK, QQ)"}, ["body", "range"]),
    ({"range": "AA", "set": {"AKx": 1}}, ["body", "set", "AKx"]),
    ({"range": "AA", "set": {"AK": 2}}, ["body", "set", "AK"]),
    ({"range": "AA", "extra": 1}, ["body", "extra"]),
    ({"range": 12}, ["body", "range"]),
    ({}, ["body", "range"]),
])
def test_range_errors_name_the_field(client, body, loc):
    response = client.post("/api/range", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["detail"][0]["loc"][:len(loc)] == loc


def test_range_never_echoes_a_large_input(client):
    text = "QQ++" + ", AA" * 120
    response = client.post("/api/range", json={"range": text})
    assert response.status_code == 422
    assert text not in response.text
    too_long = client.post("/api/range", json={"range": "A" * 100_00})
    assert too_long.status_code == 422 and "A" * 600 not in too_long.text


def test_a_damaged_file_of_the_server_is_named_without_its_folder(client, monkeypatch):
    from pokerfsm.errors import StoreCorruptError
    from pokerfsm.web import grid_games

    where = "/srv/site-packages/pokerfsm/data/preflop-order.csv"

    def damaged(text):
        raise StoreCorruptError(f"{where}:7: 'AA,6' is not a row; the order shipped with pokerfsm is damaged: "
                                "reinstall pokerfsm", path=where, line=7)

    monkeypatch.setattr(grid_games, "parse_range", damaged)
    response = client.post("/api/range", json={"range": "top 5%"})
    assert response.status_code == 422
    assert response.json()["detail"][0]["msg"].startswith("preflop-order.csv:7: 'AA,6' is not a row")
    assert "/srv" not in response.text and "reinstall pokerfsm" in response.text


# ---------------------------------------------------------------- /api/order

def test_order_is_the_shipped_preflop_order(client):
    response = client.get("/api/order")
    assert response.status_code == 200
    hands = response.json()["hands"]
    assert [h["hand"] for h in hands] == [row.hand for row in precomputed.preflop_order()]
    assert sorted(h["hand"] for h in hands) == sorted(HAND_CLASSES)
    assert hands[0] == {"hand": "AA", "combos": 6, "equity": pytest.approx(0.8520, abs=1e-3)}
    assert "max-age" in response.headers["cache-control"]


# ---------------------------------------------------------------- /api/live: one count per seat

SPOT = {"players": [["Ah", "Ad"], "QQ+, AKs"], "board": ["Kd", "7c", "2h"]}
"""Seat 1 holds two of the aces: AA keeps AcAs only, AKs keeps AcKc and AsKs (AhKh and AdKd are gone)."""
WIDE = "22+, A2s+, K9s+, ATo+, KTo+"   # 226 combos
RIVER = {"players": [["Jh", "Th"], WIDE], "board": ["Kd", "7c", "2h", "9s", "3d"]}


def cli_hits(capsys, range_text: str, board: list[str], dead: list[str]) -> dict:
    """What ``pokerfsm hits RANGE --board B --dead D --json`` prints."""
    from pokerfsm.cli import main

    assert main(["hits", range_text, "--board", " ".join(board), "--dead", " ".join(dead), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_live_combos_leave_out_the_other_seats_cards(client):
    answer = client.post("/api/live", json={**SPOT, "seat": 1}).json()
    assert answer["seats"] == [{"range": "AhAd", "combos": 1, "live": 1},
                               {"range": "QQ+, AKs", "combos": 22, "live": 12}]
    assert answer["classes"] == {"AA": 1, "KK": 3, "QQ": 6, "AKs": 2}


def test_live_combos_preflop_and_with_dead_cards(client):
    answer = client.post("/api/live", json={"players": [["Ah", "Kd"], "QQ+", None], "dead": ["Qs"]}).json()
    # QQ+ 18: AA loses AhX (3), KK loses KdX (3), QQ loses QsX (3); the unknown hand every combo using one of
    # the 3 cards (51 each, the 3 combos of two of them counted twice)
    assert [s["live"] for s in answer["seats"]] == [1, 9, 1326 - 3 * 51 + 3]
    assert "classes" not in answer


def test_a_range_left_with_one_hand_holds_it_for_the_other_seats(client, capsys):
    # seat 3's range keeps AhAd alone once Ac is on the board: as in the equity, those cards are out for seat 2
    body = {"players": [["Ks", "Kd"], "AA, QQ", "AhAd, AcAs"], "board": ["Ac", "7c", "2h"]}
    answer = client.post("/api/live", json={**body, "seat": 1}).json()
    assert [s["live"] for s in answer["seats"]] == [1, 6, 1]
    assert answer["classes"] == {"AA": 0, "QQ": 6}
    hits = client.post("/api/hits", json={**body, "seat": 1}).json()
    assert sorted(hits["dead"]) == ["Ad", "Ah", "Kd", "Ks"] and hits["combos"] == 6
    assert cli_hits(capsys, "AA, QQ", body["board"], hits["dead"])["combos"] == 6


def test_hits_of_a_seat_equal_the_command_with_the_other_seats_cards_dead(client, capsys):
    answer = client.post("/api/hits", json={**SPOT, "seat": 1}).json()
    assert answer["combos"] == 12 and answer["seat"] == 1 and answer["dead"] == ["Ah", "Ad"]
    command = cli_hits(capsys, "QQ+, AKs", SPOT["board"], ["Ah", "Ad"])
    command.pop("hands")
    assert {k: v for k, v in answer.items() if k != "seat"} == command
    made = {row["name"]: row["combos"] for row in answer["made"]}
    assert made["overpair"] == 1 and made["top pair, top kicker"] == 2   # AcAs; AcKc and AsKs


def test_one_live_count_for_a_seat_everywhere(client, capsys):
    # a hand against a 226-combo range on the river: range grid, live count, hits, heatmap and equity agree
    assert client.post("/api/range", json={"range": WIDE}).json()["combos"] == 226
    live = client.post("/api/live", json={**RIVER, "seat": 1}).json()
    count = live["seats"][1]["live"]
    assert count == sum(live["classes"].values()) < 226
    hits = client.post("/api/hits", json={**RIVER, "seat": 1}).json()
    heat = client.post("/api/heatmap", json={**RIVER, "seat": 1}).json()
    equity = client.post("/api/equity", json=RIVER).json()
    assert hits["combos"] == heat["combos"] == count
    assert sum(c["combos"] for c in heat["classes"].values()) == count and heat["complete"]
    assert equity["combinations"] == count   # on the river, one showdown per live combo
    assert cli_hits(capsys, WIDE, RIVER["board"], ["Jh", "Th"])["combos"] == count
    for hand, combos in live["classes"].items():
        assert heat["classes"].get(hand, {"combos": 0})["combos"] == combos


@pytest.mark.parametrize("body, loc", [
    ({**SPOT}, ["body", "seat"]),
    ({**SPOT, "seat": 2}, ["body", "seat"]),
    ({**SPOT, "seat": 1, "range": "AA"}, ["body", "range"]),
    ({"board": ["Kd", "7c", "2h"]}, ["body", "range"]),
    ({"players": [["Ah", "Ad"], "QQ+"], "board": ["Ah", "7c", "2h"], "seat": 1}, ["body", "board", 0]),
    ({"players": [["Ah", "Ad"], "QQ+"], "board": [], "seat": 1}, ["body", "board"]),
    ({"players": [["Ah", "Ad"], "AhAs, AdAs"], "board": ["As", "7c", "2h"], "seat": 1}, ["body", "players", 1]),
])
def test_hits_of_a_seat_errors_name_the_field(client, body, loc):
    response = client.post("/api/hits", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["detail"][0]["loc"][:len(loc)] == loc


@pytest.mark.parametrize("body, loc", [
    ({**SPOT, "seat": 2}, ["body", "seat"]),
    ({**SPOT, "seat": -1}, ["body", "seat"]),
    ({"players": [["Ah", "Ad"], ["Ah", "Kd"]]}, ["body", "players", 1]),
    ({"players": [["Ah", "Ad"], "QQ++"]}, ["body", "players", 1]),
    ({"players": [["Ah", "Ad"]]}, ["body", "players"]),
])
def test_live_errors_name_the_field(client, body, loc):
    response = client.post("/api/live", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["detail"][0]["loc"][:len(loc)] == loc


def test_a_hand_on_the_board_is_the_duplicate_card_error(client):
    response = client.post("/api/hits", json={"range": "AhAd", "board": ["Ah", "7c", "2h"]})
    assert response.status_code == 422
    assert response.json()["detail"][0] == {"loc": ["body", "board", 0], "type": "duplicate_card",
                                            "msg": "card 'Ah' is given twice: in the hand and in the board"}


def test_hits_on_the_river_have_no_draws_and_dead_cards_count(client):
    answer = client.post("/api/hits", json={"range": "AA", "board": "Kd 7c 2h 3s 9d", "dead": ["Ah"]}).json()
    assert answer["draws"] == [] and answer["combos"] == 3


@pytest.mark.parametrize("body, loc", [
    ({"range": "QQ+", "board": ["Kd", "7c"]}, ["body", "board"]),
    ({"range": "QQ+", "board": ["Kd", "7c", "Xx"]}, ["body", "board"]),
    ({"range": "QQ+", "board": ["Kd", "7c", "Kd"]}, ["body", "board"]),
    ({"range": "QQ+", "board": ["Kd", "7c", "2h"], "dead": ["Kd"]}, ["body", "dead"]),
    ({"range": "QQ++", "board": ["Kd", "7c", "2h"]}, ["body", "range"]),
    ({"range": "QQ+"}, ["body", "board"]),
])
def test_hits_errors_name_the_field(client, body, loc):
    response = client.post("/api/hits", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["detail"][0]["loc"][:len(loc)] == loc


# ---------------------------------------------------------------- /api/heatmap

def library_equity(players, board=(), seat=1):
    return pokerfsm.equity(players, pokerfsm.parse_cards(" ".join(board)), exact=True).players[seat].equity


def test_heatmap_postflop_equals_the_library_per_class(client):
    body = {"players": [["Ah", "Kd"], "QQ+, AKs, 76s"], "board": ["Qd", "7c", "2s"], "seat": 1}
    answer = client.post("/api/heatmap", json=body).json()
    assert answer["complete"] and answer["fair"] == 0.5 and answer["source"] == "enumeration"
    assert set(answer["classes"]) == {"AA", "KK", "QQ", "AKs", "76s"}
    for hand in ("QQ", "AKs", "76s"):
        expected = library_equity([["Ah", "Kd"], str(parse_range(hand).without(
            pokerfsm.parse_cards("Qd 7c 2s Ah Kd")))], body["board"])
        assert answer["classes"][hand]["equity"] == pytest.approx(expected, abs=1e-12)
    assert answer["classes"]["QQ"]["combos"] == 3  # Qd is on the board


def test_heatmap_of_an_unknown_hand_covers_every_class(client):
    body = {"players": [["Ah", "Kd"], None], "board": ["Qd", "7c", "2s", "3h", "9c"], "seat": 1}
    answer = client.post("/api/heatmap", json=body).json()
    assert len(answer["classes"]) == 169 and answer["complete"]


def test_heatmap_preflop_heads_up_comes_from_the_table(heads_up_table, client):
    body = {"players": list(HEATMAP_RANGES), "seat": 0}
    answer = client.post("/api/heatmap", json=body).json()
    assert answer["source"] == "table preflop-hu"
    expected = library_equity(["KK", HEATMAP_RANGES[1]], seat=0)
    assert answer["classes"]["KK"]["equity"] == pytest.approx(expected, abs=1e-9)


def test_heatmap_computes_a_class_whose_table_row_is_damaged(heads_up_table, client):
    import sqlite3

    import numpy as np

    from pokerfsm.precomputed import lookup, symmetry

    hole = np.array([[int(c) for c in pokerfsm.parse_cards("KhKs Th Td")]], dtype=np.uint8)
    db = sqlite3.connect(heads_up_table)
    with db:
        db.execute("UPDATE rows_preflop_hu SET wins = -280610 WHERE key = ?", (int(symmetry.matchup_key(hole)[0][0]),))
    db.close()
    lookup.reload()
    answer = client.post("/api/heatmap", json={"players": list(HEATMAP_RANGES), "seat": 0}).json()
    assert set(answer["classes"]) == {"AA", "KK", "QQ", "AKs"} and answer["complete"]
    assert answer["source"].startswith("table preflop-hu and ")
    expected = library_equity(["KK", HEATMAP_RANGES[1]], seat=0)
    assert answer["classes"]["KK"]["equity"] == pytest.approx(expected, abs=1e-9)
    assert answer["classes"]["AA"]["equity"] == pytest.approx(library_equity(["AA", HEATMAP_RANGES[1]], seat=0),
                                                              abs=1e-9)


@pytest.mark.parametrize("body, status, loc", [
    ({"players": [["Ah", "Kd"], "QQ+"], "seat": 0}, 422, ["body", "players", 0]),
    ({"players": [["Ah", "Kd"], "QQ+"], "seat": 2}, 422, ["body", "seat"]),
    ({"players": [["Ah", "Kd"], "QQ+"], "seat": 10}, 422, ["body", "seat"]),
    ({"players": [["Ah", "Kd"], "QQ+"], "seat": "1"}, 422, ["body", "seat"]),
    ({"players": [["Ah", "Kd"], "QQ++"], "seat": 1}, 422, ["body", "players", 1]),
    ({"players": [["Ah", "Kd"], "QQ+"]}, 422, ["body", "seat"]),
])
def test_heatmap_errors_name_the_field(client, body, status, loc):
    response = client.post("/api/heatmap", json=body)
    assert response.status_code == status, response.text
    assert response.json()["detail"][0]["loc"][:len(loc)] == loc


def test_heatmap_stays_within_the_deadline(make_client):
    # preflop with no table used (three seats): each class shares the time left, Monte Carlo where needed
    client = make_client(deadline=3.0)
    body = {"players": ["22+, A2s+, K9s+, ATo+", None, None], "seat": 0}
    started = time.monotonic()
    response = client.post("/api/heatmap", json=body)
    assert response.status_code == 200, response.text
    assert time.monotonic() - started < 3.0 + 0.5
    answer = response.json()
    assert answer["fair"] == pytest.approx(1 / 3) and answer["classes"]
    assert all(0 < c["equity"] < 1 for c in answer["classes"].values())
    if answer["complete"]:   # (on a busy machine the last classes may be left out: the answer says so)
        assert answer["classes"]["AA"]["equity"] > answer["classes"]["22"]["equity"]


# ---------------------------------------------------------------- heatmaps are heavy work

HEATMAP = {"players": [["Ah", "Kd"], "QQ+, AKs, 76s"], "board": ["Qd", "7c", "2s"], "seat": 1}


def test_a_heatmap_stops_when_its_client_leaves(serve, kernel_engine):
    from test_limits import open_request, walk_away

    from pokerfsm.errors import CancelledError
    from pokerfsm.web.app import create_app

    app = create_app(engine=kernel_engine, deadline=60)
    base = serve(app)
    sock = open_request(base, "POST", HEATMAP, path="/api/heatmap")
    wait_until(lambda: app.state.server.heavy.running == 1 and kernel_engine.calls, what="the heatmap starting")
    walk_away(sock)
    wait_until(lambda: kernel_engine.outcomes, timeout=5, what="the computation ending")
    assert isinstance(kernel_engine.outcomes[0], CancelledError)
    wait_until(lambda: app.state.server.heavy.running == 0, timeout=5, what="the thread being free")
    time.sleep(0.3)
    assert len(kernel_engine.calls) == 1  # no other hand class was started after the client left


def test_a_heatmap_past_its_deadline_answers_what_it_has(make_client, kernel_engine):
    # every class's share of the time runs out in the kernel: the answer comes within the deadline, incomplete
    client = make_client(engine=kernel_engine, deadline=1.0)
    started = time.monotonic()
    response = client.post("/api/heatmap", json=HEATMAP)
    assert response.status_code == 200, response.text
    assert response.json()["complete"] is False and response.json()["classes"] == {}
    assert time.monotonic() - started < 1.0 + 0.5  # the server's grace past a deadline


def test_heatmaps_count_towards_the_per_client_limit(make_client, kernel_engine, background):
    client = make_client(engine=kernel_engine, per_client=1)
    held, _ = background(client.post, "/api/heatmap", json=HEATMAP)
    wait_until(lambda: client.app.state.server.heavy.running == 1, what="the heatmap starting")
    refused = client.post("/api/equity", json={"players": [["Ah", "Ad"], None]})
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    kernel_engine.release.set()
    held.join(timeout=60)


def test_hits_list_each_combo_when_asked(client):
    body = {"range": "QQ+, AK", "board": ["Kd", "7c", "2h"]}
    assert "hands" not in client.post("/api/hits", json=body).json()
    hands = client.post("/api/hits", json={**body, "hands": True}).json()["hands"]
    assert hands == pokerfsm.hits("QQ+, AK", "Kd 7c 2h").to_dict()["hands"]
    assert {"hand": "KcKh", "made": "set", "draws": []} in hands
