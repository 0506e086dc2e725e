# Short deck's compact evaluator: hot loops only. short_deck_compact.py builds the tables and
# states the design; short_deck.py holds validation and error messages; these kernels assume
# what their docstrings say.
from libc.stdint cimport int32_t, uint8_t, uint64_t
from cython.parallel cimport prange

from pokerfsm.evaluation._compact cimport bind_tables, suit_bit

cdef ShortDeck _tables
cdef bint _ready = False
_owner = None  # the ShortDeckTables whose arrays back _tables

cdef extern from *:
    """
    #define POKERFSM_SHORT_DECK_OUTSIDE (1ULL << 63)
    """
    const uint64_t OUTSIDE "POKERFSM_SHORT_DECK_OUTSIDE"  # the bit of a byte that is no card of the short deck


cdef const ShortDeck* short_deck_compact_tables() except NULL:
    if not _ready:
        from pokerfsm.evaluation.short_deck_compact import short_deck_compact_tables as build
        use_tables(build())
    return &_tables


def use_tables(tables):
    """Make ``tables`` (a pokerfsm.evaluation.short_deck_compact.ShortDeckTables) the ones every kernel reads.

    Raises ValueError (naming the array) for tables of the wrong shape, keeping the tables in use.
    """
    global _ready, _owner
    bind_tables(&_tables, tables, RANK_MASK + 1, "short-deck compact tables")
    _owner = tables
    _ready = True


def hand_value(codes):
    """The short-deck value of 5-7 card codes (ints), which the caller has checked: distinct, six and up."""
    cdef const ShortDeck* s = short_deck_compact_tables()
    cdef uint64_t key = 0, bits = 0
    cdef int code
    for code in codes:
        key += s.card_key[code]
        bits |= suit_bit(code)
    return short_deck_value(s, key, bits)


cdef inline int32_t _row_value(const ShortDeck* s, const uint64_t* keys, const uint64_t* bits, const uint8_t* row,
                               int k) noexcept nogil:
    """The value of a row of ``k`` (5-7) bytes, or -1 for a bad row (never looked up).

    ``keys`` and ``bits`` have 256 entries, so any byte may be read: a short-deck card's key and
    suit bit, or 0 and OUTSIDE for any other byte. The cards of a row are distinct when adding
    their bits carries nowhere (the sum equals the OR).
    """
    cdef uint64_t key = 0, seen = 0, total = 0
    cdef int j
    for j in range(k):
        key += keys[row[j]]
        seen |= bits[row[j]]
        total += bits[row[j]]
    if total != seen or seen & OUTSIDE:
        return -1
    return short_deck_value(s, key, seen)


def evaluate_rows(const uint8_t[:, ::1] cards, int32_t[::1] out, int threads):
    """Short-deck value of each row of 5-7 card codes into ``out``; returns how many rows are bad.

    A bad row (a byte that is no card six and up, or a repeated card) gets -1. Runs without
    the GIL, on ``threads`` threads. Assumes ``out`` as long as ``cards``.
    """
    cdef const ShortDeck* s = short_deck_compact_tables()
    cdef Py_ssize_t n = cards.shape[0], i, bad = 0
    cdef int k = <int>cards.shape[1], j
    cdef int32_t v
    cdef uint64_t keys[256]
    cdef uint64_t bits[256]
    cdef const uint8_t* rows = &cards[0, 0] if n > 0 else NULL
    for j in range(256):
        keys[j] = s.card_key[j] if j < 52 else 0
        bits[j] = suit_bit(j) if j < 52 and (j >> 2) >= LOWEST_RANK else OUTSIDE
    with nogil:
        for i in prange(n, num_threads=threads, schedule="static"):
            v = _row_value(s, keys, bits, rows + k * i, 7) if k == 7 else _row_value(s, keys, bits, rows + k * i, k)
            out[i] = v
            bad += v < 0
    return bad
