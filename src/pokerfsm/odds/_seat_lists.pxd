# Seats that each hold a list of hands, for the equity kernels that value every listed hand
# (odds/_omaha_equity.pyx, odds/_short_deck_equity.pyx): a known hand is a list of one. The hands
# are rows of ``h`` cards, seat s owning rows start[s] .. start[s + 1], each with its card mask and
# weight (for the Monte Carlo draw, the running sum of its seat's weights).
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

from pokerfsm.odds._kernels cimport MAX_PLAYERS
from pokerfsm.odds._showdown cimport count_showdown
from pokerfsm.odds cimport _xoshiro as xoshiro
from pokerfsm.odds._xoshiro cimport Rng


cdef inline void count_combinations(int n, bint hilo, const int32_t* start, const uint64_t* masks,
                                    const double* weights, const int32_t* high, const int32_t* low,
                                    uint64_t board_mask, double* row) noexcept nogil:
    """Count every combination of one hand a seat (no card twice, none of ``board_mask``) as a
    showdown of their ``high`` values (and ``low`` ranks at hi-lo), weighted by the product of
    their weights. A hand whose ``high`` is negative is skipped."""
    cdef int depth = 0
    cdef Py_ssize_t i
    cdef Py_ssize_t idx[MAX_PLAYERS]
    cdef uint64_t used[MAX_PLAYERS + 1]
    cdef double weight[MAX_PLAYERS + 1]
    cdef int32_t highs[MAX_PLAYERS]
    cdef int32_t lows[MAX_PLAYERS]
    idx[0] = start[0] - 1
    used[0] = board_mask
    weight[0] = 1.0
    while depth >= 0:
        idx[depth] += 1
        i = idx[depth]
        if i >= start[depth + 1]:
            depth -= 1
            continue
        if high[i] < 0 or masks[i] & used[depth]:
            continue
        highs[depth] = high[i]
        lows[depth] = low[i] if hilo else 0
        if depth == n - 1:
            count_showdown(n, hilo, True, highs, lows, weight[depth] * weights[i], row)
        else:
            used[depth + 1] = used[depth] | masks[i]
            weight[depth + 1] = weight[depth] * weights[i]
            depth += 1
            idx[depth] = start[depth] - 1


cdef inline int64_t draw_listed(Rng* rng, int n, int h, const uint8_t* kind, const int32_t* start,
                                const double* cumulative, const uint64_t* masks, const uint8_t* hands,
                                uint64_t used, uint64_t* taken, uint8_t* holes, int64_t max_attempts) noexcept nogil:
    """Draw a hand for each seat of ``kind`` 0 by weight into ``holes`` (``h`` cards a seat), the
    whole tuple drawn again while two hands share a card or touch ``used``; ``taken`` gets ``used``
    and the hands' cards. Returns the tuples drawn again, -1 after ``max_attempts`` of them."""
    cdef int64_t attempts = 0
    cdef int p, j, lo
    cdef bint collided
    while True:
        taken[0] = used
        collided = False
        for p in range(n):
            if kind[p] != 0:
                continue
            lo = xoshiro.pick(rng, cumulative, start[p], start[p + 1] - 1)
            if taken[0] & masks[lo]:
                collided = True
                break
            taken[0] |= masks[lo]
            for j in range(h):
                holes[p * h + j] = hands[lo * h + j]
        if not collided:
            return attempts
        attempts += 1
        if attempts > max_attempts:
            return -1
