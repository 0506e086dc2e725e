"""One flop of a report: the row the workers compute, checked against equity() and hits()."""
import pytest

import pokerfsm
from pokerfsm.cards import Card
from pokerfsm.precomputed.symmetry import canonical_boards
from pokerfsm.study.flops import FLOPS, flop_row, flop_weight, hit_counts, texture

A, B = "QQ+,AK", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+"


def _key(flop_text):
    """The number of the canonical flop whose cards are ``flop_text`` (already canonical)."""
    cards = tuple(sorted(int(Card(c)) for c in flop_text.split()))
    return canonical_boards(3).index(cards)


def test_weights_add_up_to_every_flop():
    flops = canonical_boards(3)
    assert len(flops) == FLOPS
    assert sum(flop_weight(f) for f in flops) == 22_100


@pytest.mark.parametrize("number", [0, 1, 40, 300, 777, 1200, 1754])
def test_a_row_equals_exact_equity_on_its_flop(table, number):
    row = flop_row(number, A, B)
    exact = pokerfsm.equity([A, B], board=row["flop"], exact=True, tables=False)
    assert row["equity_a"] == pytest.approx(exact.players[0].equity, abs=1e-12)
    assert row["equity_b"] == pytest.approx(exact.players[1].equity, abs=1e-12)
    d = pokerfsm.distribution([A, B], row["flop"], exact=True)
    assert row["high_a"] == d.buckets[0].share and row["low_a"] == d.buckets[-1].share


def test_the_checked_flops_cover_the_textures(table):
    rows = [texture(canonical_boards(3)[n]) for n in (0, 1, 40, 300, 777, 1200, 1754)]
    assert {r["suits"] for r in rows} == {"monotone", "two-tone", "rainbow"}
    assert any(r["paired"] for r in rows) and any(r["trips"] for r in rows) and any(r["connected"] for r in rows)


@pytest.mark.parametrize("number", range(0, FLOPS, 97))
def test_hits_are_counted_as_hits_counts_them(table, number):
    row = flop_row(number, A, B)
    for side, text in (("a", A), ("b", B)):
        made = pokerfsm.hits(text, row["flop"])
        expected = {k: v for k, v in (*made.made.items(), *made.draws.items()) if v}
        assert row[f"hits_{side}"] == expected


def test_the_hit_cache_gives_what_a_fresh_count_gives(table):
    cache = {}
    wide = pokerfsm.read_player("22+,A2+,K2+,Q2+,J2+,T2+,92+,82s+,72s+")
    for number in range(600, 640):
        board = [Card(c) for c in canonical_boards(3)[number]]
        assert hit_counts(wide, board, cache) == hit_counts(wide, board)


@pytest.mark.parametrize("cards, expected", [
    ("Ah Kh Qd", {"paired": False, "trips": False, "suits": "two-tone", "connected": True, "high": "A"}),
    ("Ah 2h 5h", {"paired": False, "trips": False, "suits": "monotone", "connected": True, "high": "A"}),
    ("Ah 6d 2c", {"paired": False, "trips": False, "suits": "rainbow", "connected": False, "high": "A"}),
    ("9s 9d 4c", {"paired": True, "trips": False, "suits": "rainbow", "connected": False, "high": "9"}),
    ("Ts 8s 6d", {"paired": False, "trips": False, "suits": "two-tone", "connected": True, "high": "T"}),
    ("Ts 8s 5d", {"paired": False, "trips": False, "suits": "two-tone", "connected": False, "high": "T"}),
])
def test_texture(cards, expected):
    assert texture([int(Card(c)) for c in cards.split()]) == expected


def test_a_range_with_no_hand_left_has_no_equity(table):
    number = _key("2s 2h 2d")
    row = flop_row(number, "22", B)
    assert row["equity_a"] is None and row["combos_a"] == 0 and row["weight"] == 4
