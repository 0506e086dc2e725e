"""The JSON API: answers equal the library's, bad input gets a 422 naming the field."""
from __future__ import annotations

import logging
import threading

import pytest

import pokerfsm
from pokerfsm.errors import TableNotFoundError
from pokerfsm.web.questions import decode_query, encode_query


def without_timing(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k != "elapsed_s"}


def library_answer(body: dict) -> dict:
    """What ``pokerfsm.equity`` itself says about a request body."""
    players = [p if p is None or isinstance(p, str) else [pokerfsm.Card(c) for c in p] for p in body["players"]]
    result = pokerfsm.equity(players, pokerfsm.parse_cards(" ".join(body.get("board", []))),
                             pokerfsm.parse_cards(" ".join(body.get("dead", []))),
                             samples=body.get("samples"), seed=body.get("seed"))
    return result.to_dict()


# ---------------------------------------------------------------- answers

SPOTS = [
    pytest.param({"players": [["Ah", "Ad"], ["Ks", "Kc"]], "board": ["Qh", "7d", "2c"]}, id="flop"),
    pytest.param({"players": [["Ad", "Ts"], ["Qc", "Ah"]], "board": ["Kh", "Tc", "Td"]}, id="flop-split-pots"),
    pytest.param({"players": [["As", "Ks"], ["Qh", "Qd"]], "board": ["2c", "7d", "9h", "Jc"]}, id="turn"),
    pytest.param({"players": [["As", "Ks"], ["Qh", "Qd"], ["7c", "8c"]], "board": ["2c", "7d", "9h", "Jc", "3s"]},
                 id="river-3-way"),
    pytest.param({"players": [["As", "Ks"], None], "board": ["Ac", "2h", "6c"]}, id="unknown-hand"),
    pytest.param({"players": [["Ah", "Kh"], "QQ+, AKs"], "board": ["Qd", "7c", "2s"], "dead": ["3h"]}, id="range"),
    pytest.param({"players": [["Ah", "Ad"], ["Ks", "Kc"]], "samples": 20000, "seed": 7}, id="monte-carlo"),
]


@pytest.mark.parametrize("body", SPOTS)
def test_equity_equals_the_library(client, body):
    response = client.post("/api/equity", json=body)
    assert response.status_code == 200, response.text
    assert without_timing(response.json()) == without_timing(library_answer(body))


@pytest.mark.parametrize("body", SPOTS[:3])
def test_get_equals_post(client, body):
    posted = client.post("/api/equity", json=body).json()
    fetched = client.get("/api/equity", params={"q": encode_query(body)})
    assert fetched.status_code == 200
    assert without_timing(fetched.json()) == without_timing(posted)


def test_cards_are_case_insensitive(client):
    lower = client.post("/api/equity", json={"players": [["ah", "KD"], ["qS", "qh"]], "board": "2C 7d 9H"})
    upper = client.post("/api/equity", json={"players": [["Ah", "Kd"], ["Qs", "Qh"]], "board": ["2c", "7d", "9h"]})
    assert lower.status_code == upper.status_code == 200
    assert without_timing(lower.json()) == without_timing(upper.json())


def test_a_split_pot_is_not_a_win_for_both(client):
    # the board plays for both: every showdown is a tie, and each seat gets half
    body = {"players": [["2c", "3d"], ["2h", "3s"]], "board": ["Ah", "Kh", "Qh", "Jh", "Th"]}
    seats = client.post("/api/equity", json=body).json()["players"]
    assert [(p["win"], p["tie"], p["equity"]) for p in seats] == [(0.0, 1.0, 0.5), (0.0, 1.0, 0.5)]


@pytest.mark.parametrize("body", SPOTS)
def test_equities_sum_to_one(client, body):
    seats = client.post("/api/equity", json=body).json()["players"]
    assert sum(p["equity"] for p in seats) == pytest.approx(1.0)


# ---------------------------------------------------------------- the cache

def renamed(body: dict) -> dict:
    """The same question with spades and hearts swapped, hands reversed, the board reordered."""
    swap = str.maketrans("shSH", "hsHS")
    cards = lambda xs: [c.translate(swap) for c in xs]
    return {**body, "players": [list(reversed(cards(p))) if isinstance(p, list) else p for p in body["players"]],
            "board": list(reversed(cards(body.get("board", [])))), "dead": cards(body.get("dead", []))}


def test_equivalent_questions_share_one_computation(make_client, engine_factory):
    engine = engine_factory()
    client = make_client(engine=engine)
    body = {"players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": ["2s", "7h", "9c"]}
    first = client.post("/api/equity", json=body)
    second = client.post("/api/equity", json=renamed(body))
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit")
    assert len(engine.calls) == 1
    # the hit is shown in the asker's own suits, and equals a fresh computation
    assert without_timing(second.json()) == without_timing(library_answer(renamed(body)))
    assert client.get("/api/stats").json() == {"hits": 1, "misses": 1, "size": 1, "maxsize": 1024, "hit_rate": 0.5,
                                               "computing": 0, "threads_busy": 0}


def test_the_engine_gets_the_deal_the_request_checked(make_client, engine_factory):
    from pokerfsm.odds.deal import Deal

    engine = engine_factory()
    client = make_client(engine=engine)
    body = {"players": [["Ah", "Kh"], "QQ+, AKs", None], "board": ["2s", "7h", "9c"], "dead": ["3d"]}
    answer = client.post("/api/equity", json=body)
    assert answer.status_code == 200
    (players, board, dead, _), = engine.calls
    assert isinstance(players, Deal) and not board and not dead   # not the ranges written back as text
    assert [str(c) for c in players.board] == body["board"] and [str(c) for c in players.dead] == body["dead"]
    assert without_timing(answer.json()) == without_timing(library_answer(body))


def test_a_seeded_monte_carlo_answer_is_the_one_for_the_very_question(make_client, engine_factory):
    engine = engine_factory()
    client = make_client(engine=engine)
    body = {"players": [["Ah", "Kh"], None], "board": ["2s", "7h", "9c"], "samples": 5000, "seed": 3}
    client.post("/api/equity", json=body)
    again = client.post("/api/equity", json=body)
    twin = client.post("/api/equity", json=renamed(body))
    assert (again.headers["X-Cache"], twin.headers["X-Cache"]) == ("hit", "miss")
    assert without_timing(twin.json()) == without_timing(library_answer(renamed(body)))
    assert len(engine.calls) == 2


def test_a_range_is_known_by_its_meaning(make_client, engine_factory):
    engine = engine_factory()
    client = make_client(engine=engine)
    answers = [client.post("/api/equity", json={"players": [["Ah", "Kh"], text]})
               for text in ("QQ+, AKs", "AKs,KK+,QQ")]
    assert [a.headers["X-Cache"] for a in answers] == ["miss", "hit"] and len(engine.calls) == 1
    expected = library_answer({"players": [["Ah", "Kh"], "AKs,KK+,QQ"]})
    assert without_timing(answers[1].json()) == without_timing(expected)


def test_different_questions_are_different_entries(make_client, engine_factory):
    engine = engine_factory()
    client = make_client(engine=engine)
    for hand in (["Ah", "Kh"], ["Ah", "Kd"]):
        client.post("/api/equity", json={"players": [hand, ["Qs", "Qc"]], "board": ["2s", "7h", "9c"]})
    assert len(engine.calls) == 2 and client.get("/api/stats").json()["misses"] == 2


def test_get_has_etag_and_cache_control(client):
    q = encode_query({"players": [["Ah", "Kh"], None], "board": ["2s", "7h", "9c", "Td"]})
    first = client.get("/api/equity", params={"q": q})
    assert first.headers["ETag"] and "max-age" in first.headers["Cache-Control"]
    again = client.get("/api/equity", params={"q": q}, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.headers["ETag"] == first.headers["ETag"]
    other = client.get("/api/equity", params={"q": encode_query({"players": [["Ah", "Kd"], None]})},
                       headers={"If-None-Match": first.headers["ETag"]})
    assert other.status_code == 200


def test_computation_runs_off_the_event_loop(make_client, engine_factory):
    release = threading.Event()
    engine = engine_factory()
    real = engine.equity

    def blocking(*args, **kwargs):
        assert release.wait(timeout=30), "never released"
        return real(*args, **kwargs)

    engine.equity = blocking
    client = make_client(engine=engine)
    answers = []
    worker = threading.Thread(target=lambda: answers.append(
        client.post("/api/equity", json={"players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": ["2s", "7h", "9c"]})))
    worker.start()
    try:
        # while that computation is stuck, the server still answers
        assert client.get("/api/health").status_code == 200
        assert client.post("/api/evaluate", json={"cards": "As Ks Qs Js Ts"}).status_code == 200
        assert not answers
    finally:
        release.set()
        worker.join(timeout=30)
    assert answers[0].status_code == 200


# ---------------------------------------------------------------- bad input

def error_of(response) -> dict:
    assert response.headers["content-type"].startswith("application/json")
    return response.json()["detail"][0]


TEN_UNKNOWN = [None] * 10
BAD_EQUITY = [
    # body, loc, words in the message
    ({"players": [["As", "Kd"], ["as", "Qc"]]}, ["body", "players", 1, 0], "given twice"),
    ({"players": [["As", "Kd"], None], "board": ["2c", "3c", "aS"]}, ["body", "board", 2], "given twice"),
    ({"players": [["As", "Kd"], None], "board": "2c 3c 4c", "dead": "4C"}, ["body", "dead"], "given twice"),
    ({"players": [["As", "Kd"], None], "board": ["2c"]}, ["body", "board"], "0, 3, 4 or 5"),
    ({"players": [["As", "Kd"], None], "board": ["2c", "3c"]}, ["body", "board"], "0, 3, 4 or 5"),
    ({"players": [["As", "Kd"], None], "board": "2c 3c 4c 5c 6c 7c"}, ["body", "board"], "0, 3, 4 or 5"),
    ({"players": [["As", "Kd"], ["Zz", "2c"]]}, ["body", "players", 1, 0], "'Zz' is not a card"),
    ({"players": [["As", "Kd"], "QQ++"]}, ["body", "players", 1], "'QQ++'"),
    ({"players": [["As"], None]}, ["body", "players", 0], "2 cards"),
    ({"players": [["As", "Kd", "Qc"], None]}, ["body", "players", 0], "2 cards"),
    ({"players": ["AhKhQh", None]}, ["body", "players", 0], "2 cards"),
    ({"players": TEN_UNKNOWN, "dead": [f"{r}{s}" for r in "23456789TJQK" for s in "shd"]}, ["body", "dead"],
     "too few cards"),
    ({"players": [None] * 11}, ["body", "players"], "at most 10"),
    ({"players": [["As", "Kd"]]}, ["body", "players"], "at least 2"),
    ({"players": [["As", "Kd"], None], "samples": 0}, ["body", "samples"], "greater than or equal to 1"),
    ({"players": [["As", "Kd"], None], "seed": -1}, ["body", "seed"], "greater than or equal to 0"),
    ({"players": [["As", "Kd"], None], "colour": "red"}, ["body", "colour"], "not permitted"),
    ({"players": [["As", "Kd"], 7]}, ["body", "players", 1], "valid"),
    ({}, ["body", "players"], "required"),
]


@pytest.mark.parametrize("body, loc, words", BAD_EQUITY)
def test_bad_equity_requests_name_the_field(client, body, loc, words):
    response = client.post("/api/equity", json=body)
    assert response.status_code == 422
    error = error_of(response)
    assert error["loc"][:len(loc)] == loc and words in error["msg"]


@pytest.mark.parametrize("body, loc, words", BAD_EQUITY[:8])
def test_bad_get_requests_name_the_field(client, body, loc, words):
    response = client.get("/api/equity", params={"q": encode_query(body)})
    assert response.status_code == 422
    assert error_of(response)["loc"][:len(loc)] == ["query", *loc[1:]]


@pytest.mark.parametrize("q, words", [
    ("%%%", "base64"),
    (encode_query({"players": [["As", "Kd"], None]})[:-3] + "***", "base64"),
    ("bm90IGpzb24", "JSON"),  # base64 of 'not json'
    ("W10", "valid dictionary"),  # base64 of '[]'
])
def test_bad_query_encoding(client, q, words):
    response = client.get("/api/equity", params={"q": q})
    assert response.status_code == 422 and words in response.text


def test_malformed_json_body(client):
    response = client.post("/api/equity", content=b"{not json", headers={"content-type": "application/json"})
    assert response.status_code == 422 and error_of(response)["loc"][0] == "body"


def test_a_missing_table_is_a_503_naming_no_path(make_client, engine_factory, caplog):
    # issue 10: the path is for the server's log, not for remote clients (this test used to require it)
    engine = engine_factory(fail=TableNotFoundError("no table at '/nowhere/pokerfsm.table'; run 'pokerfsm generate'"))
    with caplog.at_level(logging.ERROR, logger="pokerfsm.web"):
        response = make_client(engine=engine).post("/api/equity", json={"players": [["Ah", "Kh"], None]})
    assert response.status_code == 503
    assert error_of(response)["type"] == "table_error" and "pokerfsm generate" in error_of(response)["msg"]
    assert "/nowhere" not in response.text and "/nowhere" in caplog.text


def test_an_unexpected_failure_is_json_and_logged(make_client, engine_factory, caplog):
    engine = engine_factory(fail=RuntimeError("boom"))
    with caplog.at_level(logging.ERROR, logger="pokerfsm.web"):
        response = make_client(engine=engine).post("/api/equity", json={"players": [["Ah", "Kh"], None]})
    assert response.status_code == 500 and error_of(response)["type"] == "internal"
    assert "boom" in caplog.text


def test_failures_are_not_cached(make_client, engine_factory):
    engine = engine_factory(fail=TableNotFoundError("missing"))
    client = make_client(engine=engine)
    body = {"players": [["Ah", "Kh"], None], "board": ["2c", "3d", "4h"]}
    assert client.post("/api/equity", json=body).status_code == 503
    engine._fail = None
    assert client.post("/api/equity", json=body).status_code == 200
    assert len(engine.calls) == 2


# ---------------------------------------------------------------- evaluate and outs

@pytest.mark.parametrize("cards", [
    ["Ah", "Kh", "Qh", "Jh", "Th"],
    "2c 2d 2h 9s 9d 4c",
    ["as", "ad", "7c", "7h", "kd", "2s", "3c"],
    "Ac 2d 3h 4s 5c Kd Kh",
])
def test_evaluate_equals_the_library(client, cards):
    answer = client.post("/api/evaluate", json={"cards": cards}).json()
    parsed = pokerfsm.as_cards(cards)
    rank = pokerfsm.evaluate(parsed)
    assert answer["value"] == int(rank) and answer["category"] == rank.category.name
    assert answer["description"] == rank.describe()
    assert sorted(answer["best_five"]) == sorted(str(c) for c in pokerfsm.best_five(parsed))
    assert answer["cards"] == [str(c) for c in parsed]


def test_evaluate_in_french(client):
    answer = client.post("/api/evaluate", json={"cards": "As Ad 2c 2d 9h", "lang": "fr"}).json()
    assert answer["description"] == pokerfsm.evaluate(pokerfsm.parse_cards("As Ad 2c 2d 9h")).describe(lang="fr")


GAME_HANDS = [
    ("razz", "As 2d 3c 4h 5s Kd Kc", None),
    ("stud", "As Ad Kc Qd 2h 7c Js", None),
    ("stud-hi-lo", "Kh 8c 6d 4d 3h 2s 2c", None),
    ("stud-hi-lo", "Kh Kc Qd Qs 9h 9c 2c", None),        # no qualifying low
    ("short-deck", "Ah Kh Qh Jh Th 7c 8d", None),
    ("short-deck", "Ah 6c", "7d 8s 9h Kc Kd"),              # A-6-7-8-9 is a straight
    ("omaha", "Ah 2c 3d 4s", "Kh Qh Jh Th 5c"),
    ("omaha-hi-lo", "Ah 2h Kc Qd", "3h 4h 5h 9c Kd"),
    ("deuce-to-seven", "7s 5d 4c 3h 2s", None),
    ("a5-lowball", "As 2d 3c 4h 6s", None),
    ("badugi", "As 2d 3c 3h", None),
    ("holdem", "Ah Kh", "Qh Jh Th 2c"),
]


def test_an_empty_board_is_no_board(client):
    for game in ("holdem", "stud"):
        answer = client.post("/api/evaluate", json={"game": game, "cards": "As Ks Qs Js Ts 2c", "board": []}).json()
        assert answer["board"] == [] and answer["category"] == "STRAIGHT_FLUSH"


@pytest.mark.parametrize("game, cards, board", GAME_HANDS)
def test_evaluate_at_every_game_equals_the_library(client, game, cards, board):
    body = {"game": game, "cards": cards, **({"board": board} if board else {})}
    response = client.post("/api/evaluate", json=body)
    assert response.status_code == 200, response.text
    answer = response.json()
    value = pokerfsm.evaluate(cards, board=board, game=game)
    five = pokerfsm.best_five(cards, board=board, game=game)
    rules = pokerfsm.variants.game_of(game)
    high, low = (value.high, value.low) if rules.eight_or_better else (value, None)
    high_five, low_five = five if rules.eight_or_better else (five, None)
    assert answer["game"] == game and answer["board"] == (board.split() if board else [])
    assert answer["cards"] == cards.split()
    assert answer["value"] == int(high) and answer["description"] == high.describe()
    assert sorted(answer["best_five"]) == sorted(str(c) for c in high_five)
    if rules.high is None:   # a low-only game: no high category
        assert "category" not in answer and answer["best_five"] == [str(c) for c in reversed(high_five)]
    else:
        assert answer["category"] == high.category.name and answer["category_value"] == int(high.category)
        assert answer["best_five"] == [str(c) for c in sorted(high_five, reverse=True)]
    if rules.eight_or_better:
        expected = None if low is None else {"value": int(low), "description": low.describe(),
                                             "best_five": [str(c) for c in reversed(low_five)]}
        assert answer["low"] == expected
    else:
        assert "low" not in answer


@pytest.mark.parametrize("body, loc, words", [
    ({"game": "omaha", "cards": "Ah 2c 3d 4s"}, ["body", "board"], "give the board"),
    ({"game": "razz", "cards": "As 2d 3c 4h 5s", "board": "6c 7c 8c"}, ["body", "board"], "no board"),
    ({"game": "stud", "cards": "As 2d 3c 4h 5s", "board": "Kd"}, ["body", "board"], "no board"),
    ({"game": "razz7", "cards": "As 2d 3c 4h 5s"}, ["body", "game"], "'razz7'"),
    ({"game": "short-deck", "cards": "Ah Kh Qh Jh 5h"}, ["body", "cards", 4], "'5h'"),
    ({"game": "short-deck", "cards": "Ah Kh", "board": "Qh Jh 5h"}, ["body", "board", 2], "'5h'"),
    ({"game": "a5-lowball", "cards": "As 2d 3c 4h"}, ["body", "cards"], "5 cards"),
    ({"cards": "Ah Kh", "board": "Qh Qh Jd"}, ["body", "board", 1], "given twice"),
])
def test_bad_evaluate_requests_at_a_game_name_the_field(client, body, loc, words):
    response = client.post("/api/evaluate", json=body)
    assert response.status_code == 422
    problems = response.json()["detail"]
    assert len(problems) == 1 and problems[0]["loc"] == loc and words in problems[0]["msg"]


@pytest.mark.parametrize("body, loc, words", [
    ({"cards": "As Kd Qc Jh"}, ["body", "cards"], "5, 6 or 7"),
    ({"cards": "As Kd Qc Jh Th 9h 8h 7h"}, ["body", "cards"], "5, 6 or 7"),
    ({"cards": ["As", "Kd", "Qc", "Jh", "as"]}, ["body", "cards", 4], "given twice"),
    ({"cards": ["As", "Kd", "Qc", "Jh", "1x"]}, ["body", "cards", 4], "not a card"),
    ({"cards": "As Kd Qc Jh Th", "lang": "pl"}, ["body", "lang"], "'en' or 'fr'"),
])
def test_bad_evaluate_requests(client, body, loc, words):
    response = client.post("/api/evaluate", json=body)
    assert response.status_code == 422
    error = error_of(response)
    assert error["loc"][:len(loc)] == loc and words in error["msg"]


@pytest.mark.parametrize("body", [
    {"players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": ["Qh", "7h", "2c", "5s"]},
    {"players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": "Qh 7h 2c"},
])
def test_outs_equal_the_library(client, body):
    answer = client.post("/api/outs", json=body)
    assert answer.status_code == 200, answer.text
    hands = [pokerfsm.as_cards(p) for p in body["players"]]
    expected = pokerfsm.outs(hands, pokerfsm.as_cards(body["board"])).to_dict()
    assert without_timing(answer.json()) == without_timing(expected)


@pytest.mark.parametrize("body, loc, words", [
    ({"players": [["Ah", "Kh"], None], "board": "Qh 7h 2c 5s"}, ["body", "players", 1], "known"),
    ({"players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": "Qh 7h 2c 5s 9d"}, ["body", "board"], "3 or 4"),
    ({"players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": "Qh 7h"}, ["body", "board"], "3 or 4"),
    ({"players": [["Ah", "Kh"], ["Qs", "QD"]], "board": "Qd 7h 2c"}, ["body", "board"], "given twice"),
])
def test_bad_outs_requests(client, body, loc, words):
    response = client.post("/api/outs", json=body)
    assert response.status_code == 422
    error = error_of(response)
    assert error["loc"][:len(loc)] == loc and words in error["msg"]


# ---------------------------------------------------------------- page, docs, command

@pytest.mark.parametrize("path, kind", [
    ("/", "text/html"), ("/app.js", "javascript"), ("/style.css", "text/css"),
    ("/docs", "text/html"), ("/openapi.json", "application/json"),
])
def test_page_and_docs_are_served(client, path, kind):
    response = client.get(path)
    assert response.status_code == 200 and kind in response.headers["content-type"]


def test_page_has_a_strict_content_security_policy(client):
    assert client.get("/").headers["Content-Security-Policy"].startswith("default-src 'self'")


def test_openapi_lists_the_endpoints(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/equity", "/api/evaluate", "/api/outs", "/api/stats"} <= set(paths)
    assert {"get", "post"} <= set(paths["/api/equity"])


@pytest.mark.parametrize("body", [{"players": [["Ah", "Kd"], None, "QQ+,AKs"], "board": [], "seed": None}, {}])
def test_query_round_trip(body):
    assert decode_query(encode_query(body)) == body


# ---------------------------------------------------------------- /api/vocabulary

def test_vocabulary_names_come_from_the_library(client):
    from pokerfsm.combos import HAND_CLASSES, class_combos
    from pokerfsm.odds import Method
    from pokerfsm.ranking import HandCategory

    response = client.get("/api/vocabulary")
    assert response.status_code == 200
    words = response.json()
    assert words["categories"] == [{"name": c.name, "label": c.label, "french": c.french} for c in HandCategory]
    assert {"name": "PAIR", "label": "Pair", "french": "Paire"} in words["categories"]
    assert [m["name"] for m in words["methods"]] == [str(m) for m in Method]
    assert all(m["label"] for m in words["methods"])
    assert [(c["hand"], c["combos"]) for c in words["classes"]] == [(h, class_combos(h)) for h in HAND_CLASSES]
    assert sum(c["combos"] for c in words["classes"]) == 1326



def test_the_page_keeps_no_list_of_names_of_its_own():
    from importlib import resources

    from pokerfsm.ranking import HandCategory

    static = resources.files("pokerfsm.web") / "static"
    scripts = {item.name: item.read_text(encoding="utf-8") for item in static.iterdir() if item.name.endswith(".js")}
    for name, text in scripts.items():
        for category in HandCategory:
            assert f'"{category.label}"' not in text and f"{category.name}:" not in text, (name, category)
        assert "? 6 :" not in text and "1326" not in text, name   # combos per class come from the vocabulary
