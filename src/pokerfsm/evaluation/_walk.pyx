# The state-machine walker: hot loops only. Validation and error messages live
# in handrank.py (the unusual inputs of evaluate() go there); these kernels
# assume what their docstrings say.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from cpython.ref cimport PyObject
from cython.parallel cimport prange, threadid
cimport openmp

from pokerfsm.cards import Card
from pokerfsm.evaluation.handrank import hand_ranks, validated

cdef const int32_t* _table = NULL
cdef const int32_t[::1] _view
_owner = None                        # the HandRankTable whose mmap backs _view
cdef list _hand_ranks = hand_ranks()  # value -> HandRank instance
cdef type _card_type = Card
cdef type _int_type = int

cdef extern from "Python.h":
    PyObject* type_of "(PyObject*)Py_TYPE" (PyObject* o) noexcept

cdef const int32_t* table_pointer() except NULL:
    if _table == NULL:
        from pokerfsm.table.files import load_default
        use_table(load_default())
    return _table


def use_table(table):
    """Make ``table`` (a pokerfsm.table.files.HandRankTable) the one every kernel walks."""
    global _table, _view, _owner
    cdef const int32_t[::1] view = table.entries
    _view = view
    _table = &view[0]
    _owner = table


cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int pokerfsm_ctz64(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    #else
    static inline int pokerfsm_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    #endif
    """
    int ctz64 "pokerfsm_ctz64" (uint64_t x) noexcept nogil


cdef inline int32_t _walk_mask(const int32_t* t, uint64_t cards) noexcept nogil:
    """Walk the cards of a non-empty bit mask from the root, lowest card first.

    Any order reaches the same state, but ascending order keeps the visited
    states in a smaller, cache-friendlier part of the table: random hands
    walked this way run markedly faster than in the order given.
    """
    cdef int32_t p = ROOT
    while cards:
        p = t[p + ctz64(cards) + 1]
        cards &= cards - 1
    return p


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
    cdef const int32_t* t = _table
    cdef Py_ssize_t n, i
    cdef long c
    cdef uint64_t seen = 0
    cdef int32_t p
    cdef bint is_list = type(cards) is list
    if t == NULL:
        t = table_pointer()
    if is_list or type(cards) is tuple:
        n = PyList_GET_SIZE(cards) if is_list else PyTuple_GET_SIZE(cards)
        if 5 <= n <= 7:
            for i in range(n):
                c = _card_code(PyList_GET_ITEM(cards, i) if is_list else PyTuple_GET_ITEM(cards, i))
                if c < 0 or (seen >> c) & 1:
                    return _evaluate_checked(cards)
                seen |= 1ULL << c
            p = _walk_mask(t, seen)
            return _hand_ranks[p if n == 7 else t[p]]
    return _evaluate_checked(cards)


cdef object _evaluate_checked(cards):
    """Check anything the fast path could not take (raising the error that says why), then walk it."""
    return evaluate(tuple([int(c) for c in validated(cards)]))


def walk(int32_t state, const uint8_t[::1] cards):
    """The state reached from ``state`` by walking ``cards`` (distinct, so the walk is meaningful).

    Bounds are checked (ValueError): a state must be the start of a row and a
    card below 52, so no input, however wrong, reads outside the table.
    """
    cdef const int32_t* t = table_pointer()
    cdef Py_ssize_t i, size = _view.shape[0]
    for i in range(cards.shape[0]):
        if state < 0 or state % 53 != 0 or state + 53 > size or cards[i] > 51:
            raise ValueError(f"cannot walk card {cards[i]} from state {state}")
        state = t[state + cards[i] + 1]
    return state


def evaluate_rows(const uint8_t[:, ::1] cards, int32_t[::1] out, int threads):
    """Value of each row of 5-7 cards into ``out``; returns how many rows are bad.

    A bad row (a card above 51 or a repeated card) gets the value -1. Runs
    without the GIL, on ``threads`` threads.
    """
    cdef const int32_t* t = table_pointer()
    cdef Py_ssize_t n = cards.shape[0], i, bad = 0
    cdef int k = <int>cards.shape[1], j
    cdef int32_t p
    cdef uint64_t seen
    cdef uint8_t c
    with nogil:
        for i in prange(n, num_threads=threads, schedule="static"):
            p = ROOT
            seen = 0
            for j in range(k):
                c = cards[i, j]
                if c > 51 or (seen >> c) & 1:
                    p = -1
                    break
                seen = seen | (1ULL << c)
            if p >= 0:
                p = _walk_mask(t, seen)
            if p < 0:
                out[i] = -1
                bad += 1
            else:
                out[i] = p if k == 7 else t[p]
    return bad


cdef void _complete(const int32_t* t, int32_t p, const uint8_t* rest, int m, int start,
                    int k, bint seven, int64_t* hist) noexcept nogil:
    """Add to ``hist`` the value of every completion of state ``p`` by ``k`` of ``rest[start:m]``.

    Each prefix is walked once: the state after a card is reused by every
    completion that starts with it.
    """
    cdef int i, j
    cdef int32_t q
    if k == 1:
        if seven:
            for i in range(start, m):
                hist[t[p + rest[i] + 1]] += 1
        else:
            for i in range(start, m):
                hist[t[t[p + rest[i] + 1]]] += 1
    elif k == 2 and seven:
        for i in range(start, m - 1):
            q = t[p + rest[i] + 1]
            for j in range(i + 1, m):
                hist[t[q + rest[j] + 1]] += 1
    else:
        for i in range(start, m - k + 1):
            _complete(t, t[p + rest[i] + 1], rest, m, i + 1, k - 1, seven, hist)


def count_completions(const uint8_t[::1] known, const uint8_t[::1] rest, int k, int total,
                      int64_t[:, ::1] hist):
    """Histogram of values over every way to add ``k`` cards of ``rest`` to ``known``.

    ``known`` + ``k`` = ``total`` (5-7) cards, all distinct and valid. One
    histogram row per thread (``hist.shape[0]`` threads); the caller sums them.
    """
    cdef const int32_t* t = table_pointer()
    cdef int32_t p = ROOT
    cdef Py_ssize_t i
    cdef int m = <int>rest.shape[0], threads = <int>hist.shape[0]
    cdef bint seven = total == 7
    for i in range(known.shape[0]):
        p = t[p + known[i] + 1]
    if k == 0:
        hist[0, p if seven else t[p]] += 1
        return
    if m < k:
        return
    with nogil:
        for i in prange(m - k + 1, num_threads=threads, schedule="dynamic"):
            if k == 1:
                hist[threadid(), t[p + rest[i] + 1] if seven else t[t[p + rest[i] + 1]]] += 1
            else:
                _complete(t, t[p + rest[i] + 1], &rest[0], m, <int>i + 1, k - 1, seven,
                          &hist[threadid(), 0])


def max_threads():
    """How many threads the kernels may use (OpenMP's limit)."""
    return openmp.omp_get_max_threads()
