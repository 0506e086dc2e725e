"""The compact evaluator against the hand-rank table, hand by hand, over every 5-, 6- and 7-card hand."""
import dataclasses
import itertools

import numpy as np
import pytest

from pokerfsm.evaluation import _compact, _short_deck_compact, _walk
from pokerfsm.evaluation.compact import BUCKET_BITS, compact_tables
from pokerfsm.evaluation.short_deck_compact import short_deck_compact_tables

# Published counts (e.g. Wikipedia, "Poker probability"), high card first.
COUNTS = {
    5: [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40],
    6: [6612900, 9730740, 2532816, 732160, 361620, 205792, 165984, 14664, 1844],
    7: [23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584],
}


@pytest.mark.slow
@pytest.mark.parametrize("total", [5, 6, 7])
def test_every_hand_has_the_value_of_the_walk(table, total):
    counts = _compact.compare_with_walk(total, _walk.max_threads())
    assert counts[0] == 0, f"{counts[0]} hands of {total} cards valued differently"
    assert counts[1:].tolist() == COUNTS[total]


def test_the_tables_fit_in_a_cores_l2_cache():
    tables = compact_tables()
    assert tables.nbytes <= 256 * 1024
    assert len(tables.displacement) == 1 << BUCKET_BITS
    assert all(a.flags.c_contiguous for a in (tables.card_keys, tables.flush, tables.displacement, tables.values))


def test_the_perfect_hash_fills_the_table_almost_full():
    tables = compact_tables()
    assert np.count_nonzero(tables.values) == 73_775  # every multiset of 5, 6 or 7 ranks, once
    assert tables.homes < 1.02 * 73_775 and len(tables.values) < 1.04 * 73_775


@pytest.mark.parametrize("size", [5, 6, 7])
def test_bad_rows_are_counted_and_marked(size):
    rows = np.tile(np.arange(size, dtype=np.uint8), (5, 1))
    rows[1, 1] = rows[1, 0]      # a repeated card
    rows[2, 0] = 52              # past the deck
    rows[3, 0] = rows[3, 1] = 255
    out = np.zeros(5, dtype=np.int32)
    assert _compact.evaluate_rows(rows, out, 1) == 3
    assert out[[1, 2, 3]].tolist() == [-1, -1, -1]
    assert out[0] == out[4] > 0


@pytest.mark.parametrize("row", [
    [0, 0, 2, 3, 4, 5, 6],       # a pair of one card: its bits carry into the next card's place
    [0, 0, 1, 2, 3, 4, 5],       # ... and into a card the row also holds
    [51, 51, 0, 1, 2, 3, 4],     # the top card twice
    [52, 60, 0, 1, 2, 3, 4],     # two cards past the deck
    [255, 0, 1, 2, 3, 4, 5],
    [4, 4, 4, 4, 8, 12, 16],     # one card four times
])
@pytest.mark.parametrize("hardware", [True, False])
def test_every_bad_row_is_caught_by_either_bit_count(row, hardware):
    rows = np.array([row, list(range(7))], dtype=np.uint8)
    out = np.zeros(2, dtype=np.int32)
    used = _compact.hardware_popcount()
    try:
        _compact.hardware_popcount(hardware)
        assert _compact.evaluate_rows(rows, out, 1) == 1
    finally:
        _compact.hardware_popcount(used)
    assert out[0] == -1 and out[1] > 0


@pytest.mark.parametrize("size", [5, 6, 7])
def test_the_portable_bit_count_gives_the_same_values(size):
    rng = np.random.default_rng(size)
    rows = np.argsort(rng.random((20_000, 52)), axis=1)[:, :size].astype(np.uint8)
    rows[::97, 1] = rows[::97, 0]  # some bad rows among them
    counted, portable = np.empty(len(rows), dtype=np.int32), np.empty(len(rows), dtype=np.int32)
    bad = _compact.evaluate_rows(rows, counted, 1)
    used = _compact.hardware_popcount()
    try:
        _compact.hardware_popcount(False)
        assert _compact.evaluate_rows(rows, portable, 1) == bad == len(rows[::97])
    finally:
        _compact.hardware_popcount(used)
    assert (counted == portable).all()


@pytest.mark.parametrize("size", [5, 6, 7])
def test_evaluate_many_gives_the_walks_values(table, size):
    rng = np.random.default_rng(size)
    rows = np.argsort(rng.random((20_000, 52)), axis=1)[:, :size].astype(np.uint8)
    walked, compact = np.empty(len(rows), dtype=np.int32), np.empty(len(rows), dtype=np.int32)
    _walk.walk_rows(rows, walked, 2)
    assert _compact.evaluate_rows(rows, compact, 2) == 0
    assert (walked == compact).all()


def _slot(tables, key: int) -> int:
    """Where the kernels look a key up, computed here in plain integers."""
    h = (key >> 32) & 0xFFFFFFFF
    home = (((h << BUCKET_BITS) & 0xFFFFFFFF) * tables.homes) >> 32
    return home + int(tables.displacement[h >> (32 - BUCKET_BITS)])


def test_a_bad_rows_key_is_never_looked_up_past_the_table():
    # A bad row's key can be no rank multiset's: cards past the deck add nothing (fewer than five
    # ranks), or one card repeated makes a rank five times. Some of those keys hash past the table.
    tables = compact_tables()
    keys = tables.card_keys.astype(object)
    rows = [list(ranks) for held in (1, 2, 3, 4) for ranks in itertools.combinations_with_replacement(range(13), held)]
    rows += [[rank] * 5 + list(rest) for rank in range(13) for rest in itertools.combinations(range(13), 2)]
    rows = [[4 * rank for rank in ranks] + [255] * (7 - len(ranks)) for ranks in rows]   # suits all clubs
    past = [row for row in rows if _slot(tables, sum(keys[c] for c in row if c < 52) % (1 << 64)) >= len(tables.values)]
    assert past, "no bad row here would reach past the table: the test shows nothing"
    assert _slot(tables, 0) < len(tables.values)               # what the kernel looks up instead
    array = np.array(past, dtype=np.uint8)
    out = np.zeros(len(array), dtype=np.int32)
    assert _compact.evaluate_rows(array, out, 1) == len(array) and (out == -1).all()


BINDERS = {"holdem": (_compact, compact_tables), "short-deck": (_short_deck_compact, short_deck_compact_tables)}
ROW = np.array([[48, 44, 40, 36, 32, 20, 16]], dtype=np.uint8)   # seven cards six and up


@pytest.mark.parametrize("game", list(BINDERS))
@pytest.mark.parametrize("field, shrunk, says", [
    ("displacement", lambda t: t.displacement[:-1], "displacement has 16,383 entries, not 16,384"),
    ("displacement", lambda t: t.displacement[:0], "displacement has 0 entries, not 16,384"),
    ("card_keys", lambda t: t.card_keys[:36], "card_keys has 36 entries, not 52"),
    ("flush", lambda t: t.flush[:-1], "flush has"),
    ("homes", lambda t: len(t.values) + 1, "homes is"),
    ("homes", lambda t: 0, "homes is 0"),
])
def test_tables_of_the_wrong_shape_are_refused_and_the_tables_in_use_kept(game, field, shrunk, says):
    """Both evaluators bind their tables through one binder, which checks every array's length
    before the kernels read any of them."""
    module, build = BINDERS[game]
    tables = build()
    before = np.empty(1, dtype=np.int32)
    module.evaluate_rows(ROW, before, 1)
    with pytest.raises(ValueError, match=says):
        module.use_tables(dataclasses.replace(tables, **{field: shrunk(tables)}))
    after = np.empty(1, dtype=np.int32)
    module.evaluate_rows(ROW, after, 1)
    assert after[0] == before[0] > 0
    module.use_tables(tables)   # the right shape binds


@pytest.mark.parametrize("game", list(BINDERS))
def test_the_checksum_changes_with_any_entry_the_kernels_read(game):
    tables = BINDERS[game][1]()
    assert len(tables.checksum) == 32
    assert dataclasses.replace(tables, values=tables.values.copy()).checksum == tables.checksum
    changed = []
    for field in ("card_keys", "flush", "displacement", "values"):
        array = getattr(tables, field).copy()
        array[-1] ^= 1
        changed.append(dataclasses.replace(tables, **{field: array}).checksum)
    changed.append(dataclasses.replace(tables, homes=tables.homes - 1).checksum)
    assert len({tables.checksum, *changed}) == 6
