"""Short deck's compact evaluator against the short-deck hand-rank table, over every 5-, 6- and 7-card hand."""
import math

import numpy as np
import pytest

from pokerfsm.evaluation import _short_deck_compact, _table_rows
from pokerfsm.evaluation.short_deck import short_deck_table
from pokerfsm.evaluation.short_deck_compact import FLUSH_SIZE, short_deck_compact_tables
from pokerfsm.table.rankings import SHORT_DECK, SHORT_DECK_ORDER, deck_mask
from pokerfsm.variants import SHORT_DECK as DECK_CARDS

DECK = np.array([int(c) for c in DECK_CARDS], dtype=np.uint8)
# Five-card hands of each category, counted from the deck (9 ranks of 4 suits; 6 straights, A-6-7-8-9 the lowest).
FIVE_CARD_COUNTS = {
    "HIGH_CARD": (math.comb(9, 5) - 6) * (4**5 - 4),
    "PAIR": 9 * 6 * math.comb(8, 3) * 4**3,
    "TWO_PAIR": math.comb(9, 2) * 6 * 6 * 7 * 4,
    "THREE_OF_A_KIND": 9 * 4 * math.comb(8, 2) * 4 * 4,
    "STRAIGHT": 6 * (4**5 - 4),
    "FULL_HOUSE": 9 * 4 * 8 * 6,
    "FLUSH": (math.comb(9, 5) - 6) * 4,
    "FOUR_OF_A_KIND": 9 * 8 * 4,
    "STRAIGHT_FLUSH": 6 * 4,
}


def every_hand(size):
    """Every hand of ``size`` cards of the short deck, one a row (lowest card first, in order)."""
    hands = np.arange(36, dtype=np.uint8)[:, None]
    for _ in range(size - 1):
        after = 35 - hands[:, -1].astype(np.int64)  # the cards that may follow each row's last
        grown = np.repeat(hands, after, axis=0)
        offsets = np.arange(after.sum()) - np.repeat(np.cumsum(after) - after, after)
        hands = np.column_stack([grown, grown[:, -1] + 1 + offsets.astype(np.uint8)])
    return np.ascontiguousarray(DECK[hands])


@pytest.mark.parametrize("size", [5, 6, 7])
def test_every_hand_has_the_value_of_the_short_deck_table(size):
    hands = every_hand(size)
    assert len(hands) == math.comb(36, size)
    walked, compact = np.empty(len(hands), dtype=np.int32), np.empty(len(hands), dtype=np.int32)
    assert _table_rows.walk_rows(short_deck_table(), deck_mask(SHORT_DECK.deck), hands, walked, 2) == 0
    assert _short_deck_compact.evaluate_rows(hands, compact, 2) == 0
    assert np.count_nonzero(walked != compact) == 0, f"hands of {size} cards valued differently"
    if size == 5:
        places = np.bincount(compact >> 12, minlength=10)[1:]
        assert places.tolist() == [FIVE_CARD_COUNTS[c.name] for c in SHORT_DECK_ORDER]


def test_the_tables_are_small_and_hold_every_rank_multiset_once():
    tables = short_deck_compact_tables()
    assert tables.nbytes <= 64 * 1024
    assert np.count_nonzero(tables.values) == 10_230  # multisets of 5-7 of nine ranks, each at most 4 times
    assert len(tables.flush) == FLUSH_SIZE == 512
    assert np.count_nonzero(tables.flush) == sum(math.comb(9, k) for k in range(5, 10))
    assert not tables.card_keys[:16].any() and tables.card_keys[16:].all()  # below six: no key


@pytest.mark.parametrize("size", [5, 6, 7])
def test_bad_rows_are_counted_and_marked(size):
    rows = np.tile(DECK[-size:], (6, 1))
    rows[1, 1] = rows[1, 0]      # a repeated card
    rows[2, 0] = 15              # the five of spades: below six
    rows[3, 0] = 52              # past the deck
    rows[4, 0] = rows[4, 1] = 255
    out = np.zeros(6, dtype=np.int32)
    assert _short_deck_compact.evaluate_rows(rows, out, 1) == 4
    assert out[1:5].tolist() == [-1, -1, -1, -1]
    assert out[0] == out[5] > 0


@pytest.mark.parametrize("size", [5, 6, 7])
def test_rows_get_the_walks_values(size):
    rng = np.random.default_rng(size)
    rows = np.ascontiguousarray(DECK[np.argsort(rng.random((20_000, 36)), axis=1)[:, :size]])
    walked, compact = np.empty(len(rows), dtype=np.int32), np.empty(len(rows), dtype=np.int32)
    assert _table_rows.walk_rows(short_deck_table(), deck_mask(SHORT_DECK.deck), rows, walked, 2) == 0
    assert _short_deck_compact.evaluate_rows(rows, compact, 2) == 0
    assert (walked == compact).all()


def test_one_hand_is_valued_as_its_rows_are():
    rows = np.array([[48, 44, 40, 36, 32, 20, 16], [51, 47, 43, 39, 16, 17, 18]], dtype=np.uint8)
    out = np.empty(2, dtype=np.int32)
    _short_deck_compact.evaluate_rows(rows, out, 1)
    assert [_short_deck_compact.hand_value(row.tolist()) for row in rows] == out.tolist()


def test_valuing_short_deck_hands_needs_no_hand_rank_table(monkeypatch):
    """evaluate, best_five, evaluate_many and equity at short deck read the compact tables only, never the
    16 MiB table."""
    import pokerfsm
    from pokerfsm.evaluation import short_deck

    def refuse(*args, **kwargs):
        raise AssertionError("the short-deck hand-rank table was opened")

    monkeypatch.setattr(short_deck, "load_default", refuse)
    short_deck.short_deck_table.cache_clear()
    try:
        assert pokerfsm.evaluate("As 6d", board="7c 8h 9s", game="short-deck").describe() == "Straight, Nine high"
        assert len(pokerfsm.best_five("Ah Jh", board="9h 7h 6h Kc Kd", game="short-deck")) == 5
        assert pokerfsm.evaluate_many(DECK[None, -7:], game="short-deck")[0] > 0
        exact = pokerfsm.equity(["AhKh", "QsQc"], "Jh Th 6c", game="short-deck")
        assert exact.exact and round(exact.players[0].equity, 4) == 0.601
        sampled = pokerfsm.equity(["AhKh", None, None], game="short-deck", exact=False, samples=2000, seed=1)
        assert sampled.combinations == 2000
    finally:
        short_deck.short_deck_table.cache_clear()


@pytest.mark.parametrize("players, board, options", [
    (["AhKh", "QQ+,AK"], "Jh Th 6c", {}),
    (["AhKh", None, "TT+"], "", {"exact": False, "samples": 5000, "seed": 3}),
])
def test_equity_kernels_count_the_same_walking_the_table(monkeypatch, players, board, options):
    """The equity kernels given the short-deck table (as the benchmark measures them) count exactly
    what they count on the compact tables."""
    from pokerfsm.odds import short_deck
    from pokerfsm.odds.short_deck_deal import prepare_short_deck_deal

    deal = prepare_short_deck_deal(players, board=board)
    compact = short_deck.compute_short_deck(deal, **options)
    monkeypatch.setattr(short_deck, "walked_table", short_deck_table())
    walked = short_deck.compute_short_deck(deal, **options)
    assert compact.combinations == walked.combinations
    assert [p.equity for p in compact.players] == [p.equity for p in walked.players]
    assert [p.categories for p in compact.players] == [p.categories for p in walked.players]
