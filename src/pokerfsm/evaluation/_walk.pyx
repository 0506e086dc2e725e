# The state-machine walker: hot loops only, for the work where a prefix of
# cards is shared (one hand at a time, or a random hand, goes to the compact
# evaluator, _compact.pyx). These kernels assume what their docstrings say.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from cython.parallel cimport prange, threadid
cimport openmp

from pokerfsm.evaluation._compact cimport ctz64

cdef const int32_t* _table = NULL
cdef const int32_t[::1] _view
_owner = None                        # the HandRankTable whose mmap backs _view

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


def walk_rows(const uint8_t[:, ::1] cards, int32_t[::1] out, int threads):
    """Value of each row of 5-7 distinct, valid cards into ``out``, walking the table from the root.

    The compact evaluator values rows faster (``evaluate_many`` uses it);
    this walk is there to compare the two (perf/bench_evaluate.py). Cards are
    walked lowest first: any order reaches the same state, but ascending
    order keeps the visited states in a smaller, cache-friendlier part of
    the table. Runs without the GIL, on ``threads`` threads.
    """
    cdef const int32_t* t = table_pointer()
    cdef Py_ssize_t n = cards.shape[0], i
    cdef int k = <int>cards.shape[1], j
    cdef int32_t p
    cdef uint64_t held
    with nogil:
        for i in prange(n, num_threads=threads, schedule="static"):
            held = 0
            for j in range(k):
                held = held | (1ULL << cards[i, j])
            p = ROOT
            while held:
                p = t[p + ctz64(held) + 1]
                held = held & (held - 1)
            out[i] = p if k == 7 else t[p]


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
                      int64_t[:, ::1] hist, const int32_t[::1] table=None):
    """Histogram of values over every way to add ``k`` cards of ``rest`` to ``known``.

    ``known`` + ``k`` = ``total`` (5-7) cards, all distinct and valid. One
    histogram row per thread (``hist.shape[0]`` threads); the caller sums them.
    ``table``: the hand-rank table to walk (default: the 52-card one), checked
    and of the same layout (another ranking's, e.g. short deck's).
    """
    cdef const int32_t* t = table_pointer() if table is None else &table[0]
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
