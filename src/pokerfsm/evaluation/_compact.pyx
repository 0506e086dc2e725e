# The compact evaluator: hot loops only. compact.py builds the tables and
# states the design; handrank.py holds validation and error messages; these
# kernels assume what their docstrings say.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from cpython.ref cimport PyObject
from cython.parallel cimport prange

from pokerfsm.cards import Card
from pokerfsm.evaluation.handrank import hand_ranks, validated
from pokerfsm.evaluation._walk cimport ROOT, VALUE_SHIFT, table_pointer

cdef Compact _tables
cdef bint _ready = False
_owner = None                        # the CompactTables whose arrays back _tables
cdef list _hand_ranks = hand_ranks()  # value -> HandRank instance
cdef type _card_type = Card
cdef type _int_type = int

cdef extern from "Python.h":
    PyObject* type_of "(PyObject*)Py_TYPE" (PyObject* o) noexcept


cdef const Compact* compact_tables() except NULL:
    if not _ready:
        from pokerfsm.evaluation.compact import compact_tables as build
        use_tables(build())
    return &_tables


def use_tables(tables):
    """Make ``tables`` (a pokerfsm.evaluation.compact.CompactTables) the ones every kernel reads."""
    global _ready, _owner
    cdef const uint64_t[::1] card_key = tables.card_keys
    cdef const uint16_t[::1] flush = tables.flush
    cdef const uint16_t[::1] displacement = tables.displacement
    cdef const uint16_t[::1] values = tables.values
    if card_key.shape[0] != 52 or flush.shape[0] != 8192 or displacement.shape[0] != 1 << BUCKET_BITS:
        raise ValueError("compact tables of the wrong shape")
    _owner = tables
    _tables.card_key = &card_key[0]
    _tables.flush = &flush[0]
    _tables.displacement = &displacement[0]
    _tables.values = &values[0]
    _tables.slots = <uint32_t>values.shape[0]
    _ready = True


cdef inline long _card_code(PyObject* item) noexcept:
    """The code of a Card or plain int item, or -1 for anything else (left to validation)."""
    cdef int overflow = 0
    cdef long code
    cdef PyObject* kind = type_of(item)
    if kind == <PyObject*>_card_type or kind == <PyObject*>_int_type:
        code = PyLong_AsLongAndOverflow(<object>item, &overflow)
        if overflow == 0 and 0 <= code < 52:
            return code
    return -1


def evaluate(cards):
    """Value of the best five of 5, 6 or 7 distinct cards, as a :class:`HandRank`.

    Cards may be :class:`Card` objects, ints 0-51 or text (``"Ah Kh Qh Jh Th"``).

    >>> from pokerfsm import evaluate
    >>> hand = evaluate("Ah Kh Qh Jh Th 2c 3d")
    >>> hand.category.name, hand.describe()
    ('STRAIGHT_FLUSH', 'Straight flush, Ace high')
    >>> evaluate("Kh Kd Kc 3s 3c").describe(lang="fr")
    'Full aux Rois par les Trois'

    Raises CardParseError, DuplicateCardError or InvalidDealError.
    """
    cdef const Compact* c = &_tables
    cdef Py_ssize_t n, i
    cdef long code
    cdef uint64_t seen = 0, key = 0, bits = 0
    cdef bint is_list = type(cards) is list
    if not _ready:
        c = compact_tables()
    if is_list or type(cards) is tuple:
        n = PyList_GET_SIZE(cards) if is_list else PyTuple_GET_SIZE(cards)
        if 5 <= n <= 7:
            for i in range(n):
                code = _card_code(PyList_GET_ITEM(cards, i) if is_list else PyTuple_GET_ITEM(cards, i))
                if code < 0 or (seen >> code) & 1:
                    return _evaluate_checked(cards)
                seen |= 1ULL << code
                key += c.card_key[code]
                bits |= suit_bit(code)
            return _hand_ranks[compact_value(c, key, bits)]
    return _evaluate_checked(cards)


cdef object _evaluate_checked(cards):
    """Check anything the fast path could not take (raising the error that says why), then evaluate it."""
    return evaluate(tuple([int(c) for c in validated(cards)]))


cdef int32_t _flush_of_row(const uint16_t* flush, const uint8_t* row, int k, uint64_t flags) noexcept nogil:
    """The value of a row of ``k`` cards whose key has the flush ``flags`` (the rare case)."""
    cdef int j, suit = flush_suit(flags)
    cdef uint32_t ranks = 0
    for j in range(k):
        if (row[j] & 3) == suit:
            ranks |= 1u << (row[j] >> 2)
    return flush[ranks & 0x1FFF]


cdef inline Py_ssize_t _value_rows(const Compact* c, const uint64_t* keys, const uint64_t* bits, const uint8_t* rows,
                                   Py_ssize_t count, int k, int32_t* out) noexcept nogil:
    """Value ``count`` rows of ``k`` (5-7) card codes into ``out``; returns how many are bad (-1).

    ``keys`` and ``bits`` have 256 entries, so any byte may be read: a card's
    key and its bit ``1 << card``, or 0 and ``1 << 63`` past the 52 cards.
    The cards of a row are distinct when adding their bits carries nowhere
    (the sum equals the OR).
    """
    cdef const uint16_t* displacement = c.displacement  # locals: out's stores cannot change them
    cdef const uint16_t* values = c.values
    cdef const uint16_t* flush = c.flush
    cdef uint32_t slots = c.slots
    cdef uint64_t key, seen, total, flags
    cdef Py_ssize_t i, bad = 0
    cdef int j
    cdef int32_t v
    cdef const uint8_t* row
    for i in range(count):
        row = rows + i * k
        key = 0
        seen = 0
        total = 0
        for j in range(k):
            key += keys[row[j]]
            seen |= bits[row[j]]
            total += bits[row[j]]
        flags = flush_flags(key)
        if flags == 0:
            v = values[hash_slot(key, displacement, slots)]
        else:
            v = _flush_of_row(flush, row, k, flags)
        if total != seen or seen >> 52:
            v = -1
            bad += 1
        out[i] = v
    return bad


def evaluate_rows(const uint8_t[:, ::1] cards, int32_t[::1] out, int threads):
    """Value of each row of 5-7 cards into ``out``; returns how many rows are bad.

    A bad row (a card above 51 or a repeated card) gets the value -1. Runs
    without the GIL, on ``threads`` threads, in blocks of 4,096 rows.
    """
    cdef const Compact* c = compact_tables()
    cdef Py_ssize_t n = cards.shape[0], block, bad = 0, size = 4096
    cdef int k = <int>cards.shape[1], j
    cdef uint64_t keys[256]
    cdef uint64_t bits[256]
    cdef const uint8_t* rows = &cards[0, 0] if n > 0 else NULL
    cdef int32_t* values = &out[0] if n > 0 else NULL
    for j in range(256):
        keys[j] = c.card_key[j] if j < 52 else 0
        bits[j] = 1ULL << (j if j < 52 else 63)
    with nogil:
        for block in prange((n + size - 1) // size, num_threads=threads, schedule="static"):
            if k == 7:  # the common case, with a constant row length the compiler unrolls
                bad += _value_rows(c, keys, bits, rows + 7 * size * block, min(size, n - size * block), 7,
                                   values + size * block)
            else:
                bad += _value_rows(c, keys, bits, rows + k * size * block, min(size, n - size * block), k,
                                   values + size * block)
    return bad


cdef void _compare(const int32_t* t, const Compact* c, int32_t p, uint64_t key, uint64_t bits, int start,
                   int left, bint seven, int64_t* counts) noexcept nogil:
    """Every completion by ``left`` cards from ``start`` on: counts[category] of the compact values,
    counts[0] the hands where the walk disagrees."""
    cdef int i
    cdef int32_t v, w
    if left == 1:
        for i in range(start, 52):
            w = t[p + i + 1] if seven else t[t[p + i + 1]]
            v = compact_value(c, key + c.card_key[i], bits | suit_bit(i))
            counts[0] += v != w
            counts[v >> VALUE_SHIFT] += 1
    else:
        for i in range(start, 53 - left):
            _compare(t, c, t[p + i + 1], key + c.card_key[i], bits | suit_bit(i), i + 1, left - 1, seven,
                     counts)


def compare_with_walk(int total, int threads):
    """Every hand of ``total`` (5-7) cards valued by both evaluators: an int64 array of 10 counts,
    [0] the hands on which they differ, [1..9] the hands of each category (high card first)."""
    import numpy as np
    cdef const int32_t* t = table_pointer()
    cdef const Compact* c = compact_tables()
    cdef int first, i
    cdef int64_t[:, ::1] counts = np.zeros((53, 10), dtype=np.int64)
    if not 5 <= total <= 7:
        raise ValueError(f"total must be 5, 6 or 7, got {total}")
    with nogil:
        for first in prange(53 - total, num_threads=threads, schedule="dynamic"):
            _compare(t, c, t[ROOT + first + 1], c.card_key[first], suit_bit(first), first + 1, total - 1,
                     total == 7, &counts[first, 0])
    return np.asarray(counts).sum(axis=0)
