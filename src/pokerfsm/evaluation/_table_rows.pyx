# Values of many hands from a hand-rank table given as an argument (the short-deck table, or any
# table of the 52-card layout): hot loop only. Short deck values its rows with its compact
# evaluator, which measures faster on them (perf/bench_short_deck.py); this walk is what that
# evaluator is tested against (every hand) and measured beside.
from libc.stdint cimport int32_t, uint8_t, uint64_t
from cython.parallel cimport prange

from pokerfsm.evaluation._compact cimport ctz64
from pokerfsm.evaluation._walk cimport ROOT


def walk_rows(const int32_t[::1] table, uint64_t deck, const uint8_t[:, ::1] cards, int32_t[::1] out,
              int threads):
    """Value of each row of 5-7 cards into ``out``, walking ``table`` from the root lowest card
    first; a row with a card twice or a card outside ``deck`` (a mask of card codes) gets -1.
    Returns how many rows got -1.

    Assumes: ``table`` is a checked table, every code below 52, ``out`` as long as ``cards``.
    Runs without the GIL, on ``threads`` threads.
    """
    cdef const int32_t* t = &table[0]
    cdef Py_ssize_t n = cards.shape[0], i
    cdef int k = <int>cards.shape[1], j, distinct
    cdef int32_t p
    cdef uint64_t held, left
    cdef Py_ssize_t bad = 0
    with nogil:
        for i in prange(n, num_threads=threads, schedule="static"):
            held = 0
            for j in range(k):
                held = held | (1ULL << cards[i, j])
            distinct = 0
            left = held
            while left:
                left = left & (left - 1)
                distinct = distinct + 1
            if distinct != k or (held & ~deck) != 0:
                out[i] = -1
                bad += 1
                continue
            p = ROOT
            while held:
                p = t[p + ctz64(held) + 1]
                held = held & (held - 1)
            out[i] = p if k == 7 else t[p]
    return bad
