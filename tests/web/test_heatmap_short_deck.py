"""The short-deck heatmap from short deck's heads-up table: ``/api/order?game=short-deck`` says whether
``short-deck-preflop-hu`` is built, and a heads-up preflop heatmap then looks each class up, equal to the
library's computed equity; a class whose row is missing is computed instead."""
from __future__ import annotations

import numpy as np
import pytest
from web_helpers import SHORT_DECK_HEATMAP_RANGES

import pokerfsm
from pokerfsm import precomputed
from pokerfsm.precomputed import lookup, short_deck_tables, symmetry

SHORT = "short-deck"
HU = short_deck_tables.HU_NAME
SPOT_RANGES = SHORT_DECK_HEATMAP_RANGES


def computed_equity(hand: str, other: str, seat: int = 0) -> float:
    players = [hand, other] if seat == 0 else [other, hand]
    return pokerfsm.equity(players, game=SHORT, tables=False).players[seat].equity


@pytest.mark.parametrize("built, holdem, short_deck", [
    (set(), False, False),
    ({"preflop-hu"}, True, False),
    ({HU}, False, True),
])
def test_the_order_says_whether_the_games_heads_up_table_is_built(client, monkeypatch, built, holdem, short_deck):
    monkeypatch.setattr(precomputed, "available", lambda name: name in built)
    assert client.get("/api/order").json()["tables"] is holdem
    assert client.get("/api/order", params={"game": SHORT}).json()["tables"] is short_deck


def test_a_heads_up_preflop_heatmap_at_short_deck_is_looked_up(short_deck_heads_up_table, client):
    body = {"game": SHORT, "players": list(SPOT_RANGES), "seat": 0}
    answer = client.post("/api/heatmap", json=body).json()
    assert answer["source"] == f"table {HU}" and answer["complete"]
    assert set(answer["classes"]) == {"AA", "KK", "A9s"} and answer["combos"] == 6 + 6 + 4
    for hand, figures in answer["classes"].items():
        assert figures["exact"]
        assert figures["equity"] == pytest.approx(computed_equity(hand, SPOT_RANGES[1]), abs=1e-12)


def test_the_other_seat_is_looked_up_too(short_deck_heads_up_table, client):
    answer = client.post("/api/heatmap", json={"game": SHORT, "players": list(SPOT_RANGES), "seat": 1}).json()
    assert answer["source"] == f"table {HU}"
    assert set(answer["classes"]) == {"AA", "KK", "QQ", "AKo", "T9s"}
    assert answer["classes"]["T9s"]["equity"] == pytest.approx(computed_equity("T9s", SPOT_RANGES[0], seat=1),
                                                               abs=1e-12)


def test_a_class_whose_row_is_missing_is_computed(short_deck_heads_up_table, client):
    import sqlite3

    hole = np.array([[int(c) for c in pokerfsm.parse_cards("Ah9h KsKc")]], dtype=np.uint8)
    db = sqlite3.connect(short_deck_heads_up_table)
    with db:
        deleted = db.execute("DELETE FROM rows_short_deck_preflop_hu WHERE key = ?",
                             (int(symmetry.matchup_key(hole)[0][0]),)).rowcount
    db.close()
    assert deleted == 1
    lookup.reload()
    answer = client.post("/api/heatmap", json={"game": SHORT, "players": list(SPOT_RANGES), "seat": 0}).json()
    assert answer["source"] == f"table {HU} and enumeration" and answer["complete"]
    assert set(answer["classes"]) == {"AA", "KK", "A9s"}
    for hand in ("AA", "A9s"):
        assert answer["classes"][hand]["equity"] == pytest.approx(computed_equity(hand, SPOT_RANGES[1]), abs=1e-12)


def test_a_spot_with_a_board_is_computed(short_deck_heads_up_table, client):
    body = {"game": SHORT, "players": list(SPOT_RANGES), "board": ["Ts", "7c", "6h"], "seat": 0}
    assert client.post("/api/heatmap", json=body).json()["source"] == "enumeration"
